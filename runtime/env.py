"""Expression environments: what a name means for a seat, a card and the effect being resolved.

Each name has a reader in a table built once per program (`build_readers`): a card field
(when a card is considered), a derived count, a seat or game variable, or a built-in
(`round`, `hand`, `is_active`…). A reader is called as `reader(m, seat, ctx, card)`, and
compiled expressions call the readers of their names directly (`Program.runner`).
Built-ins are written as resolvers of an `Env` (`_BUILTINS`, the registry to add names to):
`Env(machine, seat, ctx, card)` is also the mapping the uncompiled path and messages read.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse
from typing import TYPE_CHECKING, Any

from compiler.language.names import BUILTIN_NAMES, EVENT_NAMES
from runtime.errors import RuleError
from runtime.frames import NO_CTX
from runtime.tallies import kept
from runtime.written import zone_key

if TYPE_CHECKING:
    from runtime.machine import Machine
    from runtime.program import Program

Resolver = Callable[["Env"], Any]
Reader = Callable[["Machine", "int | None", dict, "int | None"], Any]


class Env:
    """The names of one evaluation; `card` is an instance when a card is being considered."""

    __slots__ = ("m", "seat", "ctx", "card")

    def __init__(
        self, m: Machine, seat: int | None, ctx: dict | None = None, card: int | None = None
    ):
        self.m = m
        self.seat = seat
        self.ctx = ctx if ctx is not None else NO_CTX
        self.card = card

    def __getitem__(self, name: str) -> Any:
        return self.m.program.readers[name](self.m, self.seat, self.ctx, self.card)


class Items:
    """`has('x')`: an item the seat gained, or a card `x` in one of the seat's zones."""

    __slots__ = ("env",)

    def __init__(self, env: Env):
        self.env = env

    def __contains__(self, item: str) -> bool:
        m, seat = self.env.m, self.env.seat
        if seat is None:
            return any(item in held for held in m.state["items"])
        if item in m.state["items"][seat]:
            return True
        ids = m.state["ids"]
        return any(ids[i] == item for key in m.seat_keys[seat] for i in m.state["zones"][key])


class NearTerrain:
    """`next_to('x')`: a terrain piece `x` covers a cell the seat's figure (or the acting
    piece) stands on or next to (`Board.adjacent`); in what waits on a foe's fall
    (`on-enemy-defeated` and the windows it triggers), the cells the foe fell on."""

    __slots__ = ("env",)

    def __init__(self, env: Env):
        self.env = env

    def __contains__(self, terrain: str) -> bool:
        from runtime.board import board, cells_of, figure, pieces

        m, ctx = self.env.m, self.env.ctx
        at = None
        if ctx.get("fallen") is not None:  # a foe just fallen off the board: where it fell
            piece, at = pieces(m)[ctx["fallen"]], tuple(ctx["fell_at"])
        elif ctx.get("piece") is not None:
            piece = pieces(m)[ctx["piece"]]
        elif self.env.seat is not None and m.program.game.landscapes:
            piece = figure(m, self.env.seat)
        else:
            piece = None
        if piece is None or (piece[2] is None and at is None):
            return False
        b, _ = board(m)
        covered = {c for t in b.pieces if t.name == terrain for c in t.cells}
        return any(c in covered or any(b.adjacent(c, x) for x in covered)
                   for c in cells_of(m, piece, at))


class FoeAreas:
    """`foe_in('x')`: a foe (a piece of no seat) stands on a cell of the board's area `x`."""

    __slots__ = ("env",)

    def __init__(self, env: Env):
        self.env = env

    def __contains__(self, area: str) -> bool:
        from runtime.board import board, cells_of, pieces

        m = self.env.m
        if not m.program.game.landscapes:
            return False
        cells = board(m)[0].areas.get(area, frozenset())
        return any(c in cells for p in pieces(m) if p[1] is None and p[2] is not None
                   for c in cells_of(m, p))


def _zone_size(zone: str) -> Resolver:
    def size(e: Env) -> int:
        zones = e.m.state["zones"]
        return len(zones.get(zone) or zones.get(f"{zone}:{e.seat}") or ())

    return size


_BUILTINS: dict[str, Resolver] = {
    "players": lambda e: e.m.state["players"],
    "round": lambda e: e.m.state["round"],
    "turn": lambda e: e.m.state["taken"][e.m.state["active"]] + 1,
    "actions": lambda e: e.m.state["actions"],
    "hand": _zone_size("hand"),
    "deck": _zone_size("draw"),
    "discard": _zone_size("discard"),
    "roll": lambda e: e.m.state["roll"],
    "successes": lambda e: e.m.state["successes"],
    "first_round": lambda e: e.m.state["round"] == 1,
    "is_active": lambda e: e.seat == e.m.state["active"],
    "paired": lambda e: e.seat is not None and e.m.state["partner"][e.seat] is not None,
    "foes": lambda e: sum(1 for p in e.m.state.get("pieces", ()) if p[1] is None and p[2] is not None),
    "at_exit": lambda e: _at_exit(e.m),
    "cover": lambda e: bool(e.ctx.get("cover", False)),
    "ranged": lambda e: bool(e.ctx.get("ranged", False)),
    "attacker_elevated": lambda e: bool(e.ctx.get("attacker_elevated", False)),
    "target_elevated": lambda e: bool(e.ctx.get("target_elevated", False)),
    "in_sight": lambda e: _in_sight(e),
    "beside": lambda e: _beside(e),
    "allies_beside": lambda e: len(_beside_seats(e, "chosen-adjacent")),
    "incapacitated_beside": lambda e: len(_beside_seats(e, "chosen-adjacent-incapacitated")),
    "foe_health": lambda e: sum(p[4] or 0 for p in e.m.state.get("pieces", ())
                                if p[1] is None and p[2] is not None),
    "foe_distance": lambda e: _foe_distance(e),
    "foes_beside": lambda e: _foes_beside(e),
    "foes_unguarded": lambda e: _foes_unguarded(e),
    "foe_top": lambda e: _foe_top(e),
    "terrain_cell": lambda e: _terrain_cell(e.ctx),
    "aimed_beside": lambda e: _aimed_beside(e),
    "foes_in_cover": lambda e: _foes_in_cover(e.m),
    "by_terrain_edge": lambda e: _by_terrain_edge(e),
    "melee_attack": lambda e: bool(e.ctx.get("attacking")) and not e.ctx.get("ranged"),
    "crowded_squares": lambda e: _crowded_squares(e.m),
    "exit_distance": lambda e: _exit_distance(e),
    "card_beside": lambda e: _card_beside(e),
    "piece_at_exit": lambda e: _piece_at_exit(e),
    "fallen_type": lambda e: _fallen_type(e),
    "figures_under_foes": lambda e: _figures_under_foes(e.m),
    "foes_behind": lambda e: _foes_behind(e),
    "high_ground": lambda e: bool(e.ctx.get("high_ground", False)),
    "terrain_on_foes": lambda e: _terrain_on_foes(e.m),
    "fallen_ally_distance": lambda e: _fallen_ally_distance(e),
    "battles_won": lambda e: (e.m.state.get("story") or {}).get("won", 0),
    "party_at_exit": lambda e: 0 if _stranded(e.m) else _at_exit(e.m),
    "party_exit_distance": lambda e: _party_exit_distance(e),
    "hazard_distance": lambda e: _hazard_distance(e),
}


# built-ins that read one entry of the state, written in place in bound expressions
_IN_PLACE: dict[str, str] = {
    "players": "m.state['players']",
    "round": "m.state['round']",
    "actions": "m.state['actions']",
    "roll": "m.state['roll']",
    "successes": "m.state['successes']",
    "first_round": "(m.state['round'] == 1)",
    "is_active": "(seat == m.state['active'])",
}


def _foes_behind(e: Env) -> int:
    """Foes on the board whose back the seat's figure stands right behind: on a square next to
    the side each faces away from (none off the board or without a figure)."""
    mine = _my_figure(e)
    if mine is None or mine[2] is None:
        return 0
    from runtime.board import cells_of, pieces
    from runtime.targets import STEPS, facing

    found = 0
    for p in pieces(e.m):
        if p[1] is None and p[2] is not None:
            dc, dr = STEPS[facing(p)]
            covers = set(cells_of(e.m, p))
            found += (mine[2], mine[3]) in {(c - dc, r - dr) for c, r in covers} - covers
    return found


def _terrain_on_foes(m) -> int:
    from runtime.ops.piece_turns import acting_on_foes

    return acting_on_foes(m)


def _figures_under_foes(m) -> int:
    """Seats' figures standing on a cell a foe covers (none without a board)."""
    from runtime.board import cells_of

    rows = [p for p in m.state.get("pieces", ()) if p[2] is not None]
    under = {c for p in rows if p[1] is None for c in cells_of(m, p)}
    return sum(1 for p in rows if p[1] is not None and (p[2], p[3]) in under)


def _foes_in_cover(m) -> int:
    """Foes standing with a cell on terrain with the `cover` keyword (none without a board)."""
    if not m.program.game.landscapes:
        return 0
    from runtime.board import on_keyword, pieces

    return sum(1 for p in pieces(m) if p[1] is None and p[2] is not None
               and on_keyword(m, p, "cover"))


def _foe_top(e: Env) -> int:
    """The most health the foes standing may have, summed (what they started the battle with)."""
    from runtime.ops.pieces import most_health

    rows = e.m.state.get("pieces", ())
    return sum(most_health(e.m, i) or 0 for i, p in enumerate(rows)
               if p[1] is None and p[2] is not None)


def _terrain_cell(ctx: dict) -> int:
    """The top-left cell of the terrain piece whose ability runs, as a number (0 for none)."""
    at = ctx.get("terrain_at")
    if not ctx.get("terrain") or not at:
        return 0
    return at[0] * 1000 + at[1] + 1


def _aimed_beside(e: Env) -> int:
    """Other seats' figures next to this seat's that the card being resolved picked as its
    targets (`tpiece`, `tpieces`)."""
    ctx = e.ctx
    aimed = ctx.get("tpieces") or ([ctx["tpiece"]] if ctx.get("tpiece") is not None else [])
    mine = _my_figure(e)
    if not aimed or mine is None:
        return 0
    from runtime.board import touching

    rows = e.m.state["pieces"]
    return sum(
        1 for i in aimed if rows[i][1] not in (None, e.seat) and rows[i][2] is not None
        and touching(e.m, mine, rows[i]))


def _my_figure(e: Env) -> list | None:
    """The seat's figure on the board (None without a seat, a board, or its figure placed)."""
    if e.seat is None or not e.m.program.game.landscapes:
        return None
    from runtime.board import figure

    return figure(e.m, e.seat)


def _crowded_squares(m) -> int:
    """Cells on which two or more pieces stand."""
    cells = [(p[2], p[3]) for p in m.state.get("pieces", ()) if p[2] is not None]
    return len(cells) - len(set(cells))


def _by_terrain_edge(e: Env) -> bool:
    """The seat's figure stands outside the terrain piece considered (`terrain`,
    `terrain_at`), next to one of its edges."""
    mine = _my_figure(e)
    if mine is None or e.ctx.get("terrain") is None:
        return False
    from runtime.board import cells_of
    from runtime.targets import terrain_cells

    cells = terrain_cells(e.m, e.ctx)
    here = cells_of(e.m, mine)
    return not cells & set(here) and any(
        abs(c[0] - x[0]) + abs(c[1] - x[1]) == 1 for c in here for x in cells)


def _exit_distance(e: Env) -> int:
    """Movement it costs the seat's figure to walk to the nearest square of the board's `exit`
    area (its range if no walk gets there; 0 without a figure, a board or an exit)."""
    mine = _my_figure(e)
    if mine is None:
        return 0
    from runtime.board import board, cell_of

    b, _ = board(e.m)
    return _walk_to_exit(b, cell_of(mine))


def _walk_to_exit(b, here) -> int:
    """Movement from `here` to the nearest square of board `b`'s `exit` area (its range if no
    walk gets there; 0 without an exit)."""
    exits = b.areas.get("exit", ())
    if not exits:
        return 0
    cost, _ = b.cheapest_paths(here)
    walks = [cost[c] for c in exits if c in cost]
    return min(walks) if walks else min(b.span(here, c) for c in exits)


def _fallen_type(e: Env) -> str:
    """The card type of the foe whose fall is resolved ('' with none)."""
    i = e.ctx.get("fallen")
    if type(i) is not int:
        return ""
    card = e.m.state["pieces"][i][0]
    return "" if card is None else e.m.program.game.card_type_of(card).id


def _piece_at_exit(e: Env) -> bool:
    """The piece acting stands on the board's `exit` area (False with none or off the board)."""
    i = e.ctx.get("piece")
    if type(i) is not int or not e.m.program.game.landscapes:
        return False
    from runtime.board import board, cell_of, pieces

    row = pieces(e.m)[i]
    return row[2] is not None and cell_of(row) in board(e.m)[0].areas.get("exit", ())


def _card_beside(e: Env) -> bool:
    """The card considered lies on the board (its `cells` entry) on or next to the square of
    the seat's figure (False off the board or without a figure)."""
    mine = _my_figure(e)
    placed = None if e.card is None else e.m.state.get("cells", {}).get(str(e.card))
    if mine is None or placed is None:
        return False
    from runtime.board import board, cell_of

    here, there = cell_of(mine), tuple(placed)
    return here == there or board(e.m)[0].adjacent(here, there)


def _foe_distance(e: Env) -> int:
    """Cells from the seat's figure to the nearest foe standing on the board (0 without both)."""
    mine = _my_figure(e)
    if mine is None:
        return 0
    from runtime.board import gap, pieces

    foes = [p for p in pieces(e.m) if p[1] is None and p[2] is not None]
    if not foes:
        return 0
    return min(gap(e.m, mine, foe) for foe in foes)


def _hazard_distance(e: Env) -> int:
    """Cells from the seat's figure to the nearest cell of a terrain piece with the `hazard`
    keyword (0 without a figure or such a piece, or standing on one)."""
    mine = _my_figure(e)
    if mine is None:
        return 0
    from runtime.board import board, cells_of, distance

    hazards = [c for p in board(e.m)[0].pieces if "hazard" in p.keywords for c in p.cells]
    return min((distance(e.m, x, y) for x in cells_of(e.m, mine) for y in hazards), default=0)


def _fallen_ally_distance(e: Env) -> int:
    """Cells from the seat's figure to the nearest other seat's figure for which the rules'
    `incapacitated` holds (0 without both, or when the seat's own is)."""
    mine = _my_figure(e)
    if mine is None:
        return 0
    from runtime.board import figure, gap
    from runtime.seats import incapacitated

    if incapacitated(e.m, e.seat):
        return 0
    down = [f for s in range(e.m.state["players"])
            if s != e.seat and (f := figure(e.m, s)) is not None and incapacitated(e.m, s)]
    return min((gap(e.m, mine, f) for f in down), default=0)


def _stranded(m) -> list[list]:
    """Seats' figures for which the rules' `incapacitated` holds, lying outside the board's
    `exit` area: an exit that must hold the whole party cannot be reached without them."""
    if not m.program.game.landscapes or m.program.rules.incapacitated is None:
        return []
    from runtime.board import board, figure
    from runtime.seats import incapacitated

    down = [f for s in range(m.state["players"])
            if (f := figure(m, s)) is not None and incapacitated(m, s)]
    if not down:
        return down
    exits = board(m)[0].areas.get("exit", ())
    return [f for f in down if (f[2], f[3]) not in exits]


def _party_exit_distance(e: Env) -> int:
    """`exit_distance`, but while allies lie stranded (`_stranded`) an able seat's is at least
    the longest of theirs: the party leaves no sooner than they can, so standing nearer the
    exit than they lie is worth nothing."""
    from runtime.board import board, cell_of
    from runtime.seats import incapacitated

    own = _exit_distance(e)
    mine = _my_figure(e)
    down = [] if mine is None or incapacitated(e.m, e.seat) else _stranded(e.m)
    if not down:
        return own
    b, _ = board(e.m)
    return max(own, *(_walk_to_exit(b, cell_of(f)) for f in down))


def _foes_beside(e: Env) -> int:
    """Foes on the board next to the seat's figure (none off the board or without one)."""
    mine = _my_figure(e)
    if mine is None:
        return 0
    from runtime.board import pieces, touching

    return sum(1 for p in pieces(e.m) if p[1] is None and p[2] is not None
               and touching(e.m, mine, p))


def _foes_unguarded(e: Env) -> int:
    """Foes next to the seat's figure standing on a square none of its attack patterns cover,
    as it faces: where an attack `defend-in-pattern` lets it roll no defence (none off the
    board, without a figure, or with the rules' `incapacitated` holding for it)."""
    mine = _my_figure(e)
    if mine is None or mine[2] is None:
        return 0
    from runtime.board import cell_of, pieces, touching
    from runtime.seats import incapacitated
    from runtime.targets import pattern_cover

    if incapacitated(e.m, e.seat):
        return 0
    rows = pieces(e.m)
    near = [p for p in rows if p[1] is None and p[2] is not None and touching(e.m, mine, p)]
    if not near:
        return 0
    cover = pattern_cover(e.m, next(i for i, p in enumerate(rows) if p is mine))
    return sum(1 for p in near if cell_of(p) not in cover)


def _beside_seats(e: Env, selector: str) -> list[int]:
    """The other seats a board selector of seats next to this one names (none off the board)."""
    if e.seat is None or not e.m.program.game.landscapes:
        return []
    from runtime.board import board_seats

    return board_seats(e.m, {"self": e.seat}, selector)


def _in_sight(e: Env) -> bool:
    """The source piece sees the target piece, both still on the board (False otherwise), or
    saw it when it struck, as the event audited says (`in_sight`)."""
    from runtime.board import pieces, sees

    if type(e.ctx.get("in_sight")) is bool:
        return e.ctx["in_sight"]
    source, target = e.ctx.get("source"), e.ctx.get("piece")
    if type(source) is not int or type(target) is not int:
        return False
    rows = pieces(e.m)
    if rows[source][2] is None or rows[target][2] is None:
        return False
    return sees(e.m, rows[source], rows[target])


def _beside(e: Env) -> bool:
    """The seat's figure and the event's other seat's figure stand next to each other."""
    from runtime.board import figure, touching

    other = next((e.ctx[f] for f in ("other", "to", "defender") if type(e.ctx.get(f)) is int),
                 None)
    if e.seat is None or other is None:
        return False
    mine, theirs = figure(e.m, e.seat), figure(e.m, other)
    return mine is not None and theirs is not None and touching(e.m, mine, theirs)


def _at_exit(m) -> int:
    """Seats' figures standing in the board's `exit` area (none without a board)."""
    figures = [(p[2], p[3]) for p in m.state.get("pieces", ()) if p[1] is not None and p[2] is not None]
    if not figures:
        return 0
    from runtime.board import board

    exit_cells = board(m)[0].areas.get("exit", ())
    return sum(1 for c in figures if c in exit_cells)


def build_readers(program: Program) -> dict[str, Reader]:
    """The name table of a program: every name its expressions may use, with its reader."""
    table: dict[str, Reader] = {}
    for name in BUILTIN_NAMES:
        # Names for boards and foes (distance, health…) are given by the effect being resolved.
        table[name] = _through_env(_BUILTINS[name]) if name in _BUILTINS else _ctx_reader(name)
        if name in _IN_PLACE:
            table[name].inline = (_IN_PLACE[name], {})
    for name in EVENT_NAMES:  # read from the event an event-level invariant follows
        table[name] = _ctx_reader(name)
    for name, var in program.variables.items():
        if var.counts is not None:
            table[name] = _count(name, var)
            table[name].inline = _count_inline(program, name, var, table[name])
        elif var.per == "game":
            table[name] = _game_variable(name)
        else:
            table[name] = _seat_variable(name, var.initial)
    for name in program.card_field_names:
        table[name] = _card_field(name, table.get(name))
    table["flags"] = lambda m, seat, ctx, card: m.state["flags"]
    table["items"] = _through_env(Items)
    table["near_terrain"] = _through_env(NearTerrain)
    table["foe_areas"] = _through_env(FoeAreas)
    return table


def _through_env(resolver: Resolver) -> Reader:
    """The reader of a name written as a resolver of an `Env`."""
    return lambda m, seat, ctx, card: resolver(Env(m, seat, ctx, card))


def _ctx_reader(name: str) -> Reader:
    return lambda m, seat, ctx, card: ctx.get(name, 0)


def _game_variable(name: str) -> Reader:
    reader = lambda m, seat, ctx, card: m.state["gv"][name]  # noqa: E731
    reader.inline = (f"m.state['gv'][{name!r}]", {})  # written in place in bound expressions
    return reader


def _seat_variable(name: str, initial: Any) -> Reader:
    def value(m: Machine, seat: int | None, ctx: dict, card: int | None) -> Any:
        if seat is None:
            return initial
        return m.state["sv"][seat][name]

    # written in place in bound expressions: no call per read
    held = f"_initial_{name}"  # a name read in an expression is an identifier
    value.inline = (f"({held} if seat is None else m.state['sv'][seat][{name!r}])",
                    {held: initial})
    return value


def _card_field(name: str, otherwise: Reader | None) -> Reader:
    def value(m: Machine, seat: int | None, ctx: dict, card: int | None) -> Any:
        fields = m.program.fields
        if card is not None:
            own = fields[m.state["ids"][card]]
            if name in own:
                return _for_players(m, own[name])
        if ctx and ctx.get("piece") is not None:
            # a piece acting (a foe's priorities, a card it plays) reads its own card's fields,
            # or the value its row keeps for one changed in play (`modify-stat`)
            row = m.state["pieces"][ctx["piece"]]
            if len(row) > 6 and name in row[6]:
                return row[6][name]
            card_id = row[0]
            found = fields.get(card_id, {}).get(name)
            if found is not None:
                return _for_players(m, found)
        elif otherwise is None and seat is not None:
            # a seat's character card, held as an item, lends the seat its printed stats (to
            # a card of the seat's without that field too: a weapon's roll reads Prowess)
            for item in m.state["items"][seat]:
                found = fields.get(item, {}).get(name)
                if found is not None:
                    return found
        return otherwise(m, seat, ctx, card) if otherwise else None

    return value


def _for_players(m: Machine, value: Any) -> Any:
    """A field's value; for a player-count table, its entry for this game's players."""
    if isinstance(value, dict) and value and all(type(k) is int for k in value):
        return value.get(m.state["players"])
    return value


def _count(name: str, var) -> Reader:
    spec = var.counts
    want_down = None if spec.face is None else spec.face == "down"
    # per game (players): the zone keys counted for each seat, and for no seat at the end
    keys_by_players: dict[int, list[list[str]]] = {}
    table_of: list = []  # [card table or None], worked out on first use

    def keys_for(m, players: int) -> list[list[str]]:
        zone = m.program.zone(spec.zone)
        every = [f"{zone.id}:{s}" for s in range(players)] if zone.per_seat else [zone.id]
        if not zone.per_seat or var.per == "game":
            found = [every] * (players + 1)
        else:
            found = [[key] for key in every] + [every]
        keys_by_players[players] = found
        return found

    def count(m: Machine, seat: int | None, ctx: dict, card: int | None) -> int:
        st = m.state
        players = st["players"]
        by_seat = keys_by_players.get(players) or keys_for(m, players)
        keys = by_seat[players if seat is None else seat]
        if not table_of:
            table_of.append(None if spec.if_ is None else m.program.card_table(spec.if_))
        table = table_of[0]
        zones, down, ids = st["zones"], st["down"], st["ids"]
        total = 0
        if want_down is None and table is not None:  # the common case: a lookup per card
            for key in keys:
                for inst in zones[key]:
                    total += table[ids[inst]]
            return total
        for key in keys:
            for inst in zones[key]:
                if want_down is not None and bool(down[inst]) != want_down:
                    continue
                if table is not None:
                    total += table[ids[inst]]
                elif spec.if_ is None or m.card_matches(spec.if_, inst, m.key_owner[key]):
                    total += 1
        return total

    return count


def _count_inline(program: Program, name: str, var, reader: Reader) -> tuple | None:
    """A seat's count of cards in its own zone written in place in bound expressions (the
    reader for no seat): the number kept for it (`runtime.tallies`), else the zone's length,
    or its cards summed through the condition's table by card id, kept to a face by the
    face-down marks. None where the reader is needed:
    a zone per game, or a condition that reads more than the card (or fails on one)."""
    spec = var.counts
    zone = program.zones.get(spec.zone)
    if zone is None or not zone.per_seat or var.per == "game":
        return None
    place = kept(program).get(name)
    if place is not None:  # kept as cards move (`runtime.tallies`)
        return (f"(_count_{name}(m, seat, ctx, card) if seat is None else m.tallied[seat][{place}])",
                {f"_count_{name}": reader})
    table = None
    if spec.if_ is not None:
        try:
            table = program.card_table(spec.if_)
        except RuleError:  # failing on some card: the reader says so when it is read
            return None
        if table is None:
            return None
    # the builtins under names of their own: bound expressions see only the language's
    keys: dict[str, Any] = {}
    cards = f"m.state['zones'][{zone_key(program, zone.id, 'seat', f'_zone_{name}', keys)}]"
    if spec.face is not None:
        keep = "_filter" if spec.face == "down" else "_filterfalse"
        cards = f"{keep}(m.state['down'].__getitem__, {cards})"
    if table is not None:
        count = f"_sum(_map(_table_{name}.__getitem__, _map(m.state['ids'].__getitem__, {cards})))"
    else:
        count = f"_len({cards})" if spec.face is None else f"_len(_list({cards}))"
    needs = {**keys, f"_count_{name}": reader, f"_table_{name}": table, "_filterfalse": filterfalse,
             "_filter": filter, "_sum": sum, "_map": map, "_len": len, "_list": list}
    return f"(_count_{name}(m, seat, ctx, card) if seat is None else {count})", needs
