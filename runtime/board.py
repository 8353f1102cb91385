"""Pieces on a board, on `compiler.geometry`: each seat's figure, spawned pieces, terrain
placed during play and cards dealt onto cells.

The board is that of the scenario played (see `runtime.battle`), or the first scenario's (by
id) with a landscape, else the first landscape that is
not a tile. `state["pieces"]` lists `[card id, seat or None, column, row, health, facing,
variables]` (see `runtime.targets`; a seat's figure has its card None until placed from one); `state["terrain"]` the terrain placed in
play, `[terrain id, column, row]` (and its `rotate`, when it was turned); `state["cells"]` maps a card instance dealt onto the board
to its cell. Seats are found on the board through their figures. A piece whose card has a
`footprint` of n covers the n x n square from its cell right and down (`cells_of`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.geometry import (
    Board,
    Notation,
    board_from_landscape,
    board_from_scenario,
    format_cell,
)
from compiler.geometry.build import area_or_empty, cell_or_none, piece_of
from compiler.language.documents import Placement
from runtime.errors import RuleError
from runtime.frames import answered, ask

if TYPE_CHECKING:
    from runtime.machine import Machine

Cell = tuple[int, int]


def base_board(m: Machine) -> tuple[Board, Notation]:
    program = m.program
    found = program.cache.get("board")
    if found is None:
        game = program.game
        board, notation = None, Notation()
        chosen = [game.scenarios[program.scenario]] if program.scenario else []
        for scenario in chosen or sorted(game.scenarios.values(), key=lambda s: s.id):
            board = board_from_scenario(scenario, game.landscapes, game.terrain)
            if board is not None:
                notation = Notation.of(game.landscapes[scenario.landscape].grid)
                break
        if board is None:
            for landscape in sorted(game.landscapes.values(), key=lambda x: x.id):
                if not landscape.tile:
                    board = board_from_landscape(landscape, game.landscapes, game.terrain)
                    notation = Notation.of(landscape.grid)
                    break
        if board is None:
            raise RuleError("this game has no board: add a landscape (or a scenario with one)")
        found = program.cache["board"] = (board, notation)
    return found


def board(m: Machine) -> tuple[Board, Notation]:
    """The board with the terrain placed so far in play, less the pieces taken away
    (`state["removed"]`: `[terrain id, column, row]` of each one's top-left cell)."""
    base, notation = base_board(m)
    placed = m.state.get("terrain")
    removed = m.state.get("removed")
    if not placed and not removed:
        return base, notation
    key = ("board", tuple(map(tuple, placed or ())), tuple(map(tuple, removed or ())))
    cache = m.program.cache
    if key not in cache:
        terrain = m.program.game.terrain
        pieces = [
            piece_of(
                Placement.model_validate({"piece": t, "at": format_cell((c, r), notation),
                                          "rotate": turn[0] if turn else 0}),
                terrain.get(t),
                notation,
            )
            for t, c, r, *turn in placed or ()
        ]
        made = base.extended(pieces=[p for p in pieces if p is not None])
        cache[key] = made.without((name, (c, r)) for name, c, r in removed or ())
    return cache[key], notation


def pieces(m: Machine) -> list[list]:
    return m.state.setdefault("pieces", [])


def new_piece(card: str | None, seat: int | None, cell: Cell, health: int | None) -> list:
    """A piece's row: card, seat, column, row, health, facing (0: up), per-piece variables."""
    return [card, seat, cell[0], cell[1], health, 0, {}]


def face_towards(piece: list, cell: Cell) -> None:
    """Turn a piece to face the way from its cell to `cell` (the longer offset wins)."""
    dc, dr = cell[0] - piece[2], cell[1] - piece[3]
    if (dc, dr) == (0, 0):
        return
    if len(piece) < 7:
        piece[5:] = [0, {}]
    if abs(dc) >= abs(dr):
        piece[5] = 1 if dc > 0 else 3
    else:
        piece[5] = 2 if dr > 0 else 0


def figure(m: Machine, seat: int) -> list | None:
    """The piece standing for `seat`, if it is on the board."""
    return next((p for p in pieces(m) if p[1] == seat and p[2] is not None), None)


def cell_of(piece: list) -> Cell:
    return piece[2], piece[3]


FOOTPRINT = "footprint"  # a card field: the side, in cells, of the square its piece covers


def cells_of(m: Machine, piece: list, at: Cell | None = None) -> list[Cell]:
    """The cells a piece covers (standing on `at`, if given): its cell, and for a card with
    a `footprint` of n, the n x n square reaching right and down from it."""
    col, row = at if at is not None else cell_of(piece)
    n = m.program.fields.get(piece[0], {}).get(FOOTPRINT) if piece[0] else None
    if not n or n == 1:
        return [(col, row)]
    return [(col + dc, row + dr) for dr in range(n) for dc in range(n)]


def gap(m: Machine, a: list, b: list) -> int:
    """How far apart two pieces are: between their nearest covered cells."""
    return min(distance(m, x, y) for x in cells_of(m, a) for y in cells_of(m, b))


def sees(m: Machine, a: list, b: list) -> bool:
    """Whether piece `a` has line of sight to piece `b`: from any cell it covers to any cell
    `b` covers (`Board.line_of_sight`; figures never block it)."""
    b_, _ = board(m)
    return any(b_.line_of_sight(x, y) for x in cells_of(m, a) for y in cells_of(m, b))


def in_cover(m: Machine, a: list, b: list) -> bool:
    """Whether piece `b`, seen by piece `a`, has cover (`Board.in_cover`): every line of
    sight between their cells has something in the way, cover terrain or another figure
    included."""
    b_, _ = board(m)
    screens = {c for p in pieces(m) if p[2] is not None and p is not a and p is not b
               for c in cells_of(m, p)}
    pairs = [(x, y) for x in cells_of(m, a) for y in cells_of(m, b) if b_.line_of_sight(x, y)]
    return bool(pairs) and all(b_.in_cover(x, y, screens) for x, y in pairs)


def on_keyword(m: Machine, piece: list, keyword: str) -> bool:
    """Whether a piece stands on terrain with `keyword` (elevated, difficult…)."""
    b, _ = board(m)
    return any(keyword in t.keywords for c in cells_of(m, piece) for t in b.occupants(c))


def occupied(m: Machine) -> set[Cell]:
    return {c for p in pieces(m) if p[2] is not None for c in cells_of(m, p)}


def named_cells(m: Machine, at: list[str], area: str | None) -> list[Cell]:
    b, notation = board(m)
    cells = [c for c in (cell_or_none(text, notation) for text in at) if c is not None]
    for text in at:
        if ":" in text:
            cells += sorted(area_or_empty([text], notation))
    if area is not None:
        # an area this board lacks holds no cells: the effect finds nowhere to go and fizzles
        # (action decks and gear are shared between boards that have different areas)
        cells += sorted(b.areas.get(area, ()))
    return list(dict.fromkeys(c for c in cells if c in b.cells))


def area_goal(m: Machine, area: str) -> set[Cell]:
    """The cells a walk into `area` heads for: its own, or the passable ones beside it when
    none of its own can be stood on (an obstacle's area: a well, a pond), where a walk aimed
    into it would never start."""
    cells = set(named_cells(m, [], area))
    b, _ = board(m)
    if cells and not any(b.passable(c) for c in cells):
        return {n for c in cells for n in b.neighbours(c) if n not in cells and b.passable(n)}
    return cells


def free(m: Machine, cells: list[Cell]) -> list[Cell]:
    b, _ = board(m)
    taken = occupied(m)
    return [c for c in cells if b.passable(c) and c not in taken]


def distance(m: Machine, a: Cell, b: Cell) -> int:
    """Cells apart as the board counts range (`Board.span`: diagonals as a diagonal step)."""
    return board(m)[0].span(a, b)


def touching(m: Machine, a: list, b: list) -> bool:
    """Whether two pieces stand next to each other (`Board.adjacent`: on an eight-way board
    the 8 squares around, diagonals included)."""
    b_, _ = board(m)
    return any(b_.adjacent(x, y) for x in cells_of(m, a) for y in cells_of(m, b))


def ask_cell(m: Machine, local: dict, slot: str, chooser: int, cells: list[Cell], prompt: str):
    """The cell chosen (kept in `local[slot]`), or the decision to make first."""
    if slot in local:
        return tuple(local[slot])
    answer = answered(local, slot)
    if answer is not None:
        local[slot] = answer["cell"]
        return tuple(local[slot])
    if len(cells) == 1:
        local[slot] = list(cells[0])
        return cells[0]
    _, notation = board(m)
    local["asking"] = slot
    options = [
        {
            "label": format_cell(c, notation),
            "key": "cell:" + format_cell(c, notation),
            "cell": list(c),
        }
        for c in cells
    ]
    return ask(chooser, "cell", prompt, options)


FACINGS = ("up", "right", "down", "left")


def quarter_turns(a: int, b: int) -> int:
    """Quarter turns between two facings (0 to 2)."""
    return min((a - b) % 4, (b - a) % 4)


def ask_facing(m: Machine, local: dict, slot: str, chooser: int, piece: list,
               turns: int | None = None):
    """Turn `piece` the way its chooser picks (kept in `local[slot]`), or ask first; with
    `turns`, only facings at most that many quarter turns from the one it has."""
    if slot not in local:
        if local.get("asking") != slot or "ans" not in local:
            local["asking"] = slot
            now = piece[5] if len(piece) > 5 else 0
            options = [{"label": f"Face {name}", "key": f"face:{name}", "facing": d}
                       for d, name in enumerate(FACINGS)
                       if turns is None or quarter_turns(now, d) <= turns]
            if len(options) == 1:
                local[slot] = options[0]["facing"]
                del local["asking"]
                return ask_facing(m, local, slot, chooser, piece)
            return ask(chooser, "facing", "Which way do you face?", options)
        del local["asking"]
        local[slot] = local.pop("ans")["facing"]
    if len(piece) < 7:
        piece[5:] = [0, {}]
    piece[5] = local[slot]
    return local[slot]


def nearest_path(b, start: Cell, goal: set[Cell]) -> list[Cell] | None:
    """A cheapest path from `start` to the nearest cell of `goal` (the first in sorted order
    among the shortest), or None when none is reachable."""
    best = None
    for target in sorted(goal):
        path = b.shortest_path(start, target)
        if path is not None and (best is None or len(path) < len(best)):
            best = path
    return best


def step_towards(m: Machine, piece: list, goal: set[Cell], steps: int, stop_next_to: bool,
                 avoid: set[Cell]) -> None:
    """Walk a piece towards the nearest goal cell it may end on (with `stop_next_to`, the
    nearest free square next to a goal cell; it stays when it stands on or next to one),
    spending `steps` (a diagonal step costs what the board says): round the cells `avoid`
    (the caller's: those of the pieces on the walker's other side, `targets.in_the_way`),
    through any other figure, and ending on the last free square it reached. With no such
    square to reach, it closes on the goal."""
    b, _ = board(m)
    start = cell_of(piece)
    mine = set(cells_of(m, piece))
    if stop_next_to and any(c == g or b.adjacent(c, g) for c in mine for g in goal):
        return
    taken = occupied(m) - mine
    cost, previous = b.cheapest_paths(start, avoid=avoid)

    def free(cell: Cell) -> bool:
        return all(c in b.cells and b.passable(c) and c not in taken
                   for c in cells_of(m, piece, cell))

    def arrives(cell: Cell) -> bool:
        covers = cells_of(m, piece, cell)
        if stop_next_to:
            return any(b.adjacent(c, g) for c in covers for g in goal)
        return any(c in goal for c in covers)

    ends = [c for c in cost if free(c) and arrives(c)]
    if not ends:  # none to reach: the free square nearest the goal, if nearer than here
        near = {c: min(b.span(c, g) for g in goal) for c in cost if free(c) or c == start}
        if not near or min(near.values()) >= near.get(start, 0):
            return
        ends = [c for c in near if near[c] == min(near.values())]
    end = min(ends, key=lambda c: (cost[c], c))
    path = [end]
    while path[-1] != start:
        path.append(previous[path[-1]])
    path.reverse()
    m.state["path"] = []  # the cells this move passes through, for `in-path`
    spent, stop = 0, start
    for last, cell in zip(path, path[1:], strict=False):
        spent += b.step_cost(last, cell)
        if spent > steps:
            break
        m.state["path"].append(list(cell))
        if free(cell):
            stop = cell
    if stop != start:
        face_towards(piece, stop)
        piece[2], piece[3] = stop


def board_seats(m: Machine, ctx: dict, selector: str) -> list[int]:
    """Seats picked by a board selector, through their figures (ties stay for the caller),
    seen from the acting piece (a foe reacting) or else the acting seat's figure."""
    me = ctx.get("self", m.state["active"])
    acting = ctx.get("piece")
    mine = pieces(m)[acting] if acting is not None else figure(m, me)
    others = [(s, figure(m, s)) for s in m.seats_from(me) if acting is not None or s != me]
    others = [(s, f) for s, f in others if f is not None]
    if mine is None:
        return []
    far = {s: gap(m, mine, f) for s, f in others}
    if selector in ("closest", "farthest") and far:
        best = (min if selector == "closest" else max)(far.values())
        return [s for s in far if far[s] == best]
    if selector in ("adjacent", "chosen-adjacent"):
        return [s for s, f in others if touching(m, mine, f)]
    if selector == "chosen-adjacent-incapacitated":
        from runtime.seats import incapacitated

        return [s for s, f in others if touching(m, mine, f) and incapacitated(m, s)]
    if selector == "in-range":
        return [s for s in far if far[s] <= int(ctx.get("range") or 1)]
    if selector == "adjacent-attacker":
        attacker = ctx.get("attacker")
        near = [s for s, f in others if s == attacker and touching(m, mine, f)]
        return near
    if selector in ("closest", "farthest"):
        return []
    raise RuleError(f"the selector '{selector}' is not supported by the runtime's board yet")


def railing_between(m: Machine, a: list, b: list) -> bool:
    """Whether a railing stands between two pieces: between every cell of one and every cell
    of the other (`Board.across_railing`), so no melee blow passes from one to the other."""
    b_, _ = board(m)
    return bool(b_.railed) and all(b_.across_railing(x, y)
                                   for x in cells_of(m, a) for y in cells_of(m, b))


def melee_effect(m: Machine, ctx: dict, p) -> bool:
    """Whether the effect `p` is a melee attack: an attack (it says whether it is `ranged`)
    that is not a ranged one, read with its weapon."""
    ranged = getattr(p, "ranged", None)
    if ranged is None:
        return False
    if type(ranged) is bool:
        return not ranged
    return not m.holds(ranged, ctx.get("self"), ctx, ctx.get("weapon"))


def shoots_down(m: Machine, a: list, b: list) -> bool:
    """Whether piece `a` stands on high ground at a railing (`Board.high_ground`) and piece
    `b` does not: `a` looks down on it."""
    b_, _ = board(m)
    return bool(b_.railed) and any(b_.high_ground(x) for x in cells_of(m, a)) and not any(
        b_.high_ground(y) for y in cells_of(m, b))
