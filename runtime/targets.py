"""Pieces as targets: selectors that pick pieces on the board, and a piece's variables.

A piece is a row of `state["pieces"]`, known by its index there (which never changes:
a defeated piece stays in the list, off the board). The row is `[card, seat or None,
column, row, health, facing, variables]`: `facing` is 0 (up), 1 (right), 2 (down) or
3 (left); `variables` holds a foe's `per: piece` variables (a seat's figure keeps them in
its seat's variables). Characters are pieces with a seat; enemies (foes) are pieces
without one. `resolve_pieces` returns the pieces a selector names, or the decision to make
first when a tie (closest, weakest…) or a direction (in-line) must be chosen. An op with
`sight: true` lets its selector pick only enemies in the source's line of sight, so the
closest is the closest it can see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from compiler.geometry import PatternError, format_cell, pattern_cells
from runtime.board import (
    Cell,
    board,
    cell_of,
    cells_of,
    gap,
    melee_effect,
    pieces,
    railing_between,
    sees,
    touching,
)
from runtime.errors import RuleError
from runtime.frames import answered, ask
from runtime.selectors import tie_breaker

if TYPE_CHECKING:
    from runtime.machine import Machine

PIECE_SELECTORS = frozenset({
    "closest", "farthest", "weakest", "strongest", "adjacent", "in-range", "in-pattern",
    "in-line", "in-path", "on-terrain", "all-enemies", "all-characters", "adjacent-enemies",
    "beside-terrain", "closest-to-attacker",
})
_TIES = frozenset({"closest", "farthest", "weakest", "strongest", "closest-to-attacker"})
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # one cell ahead for facing up, right, down, left
DIRECTIONS = ("up", "right", "down", "left")


def on_board(m: Machine) -> bool:
    """Whether targets are pieces: the game has a board and pieces stand on it."""
    return bool(m.program.game.landscapes) and any(p[2] is not None for p in pieces(m))


def targets_pieces(m: Machine, selector: str | None, ctx: dict | None = None) -> bool:
    """Whether `selector` picks pieces: a board selector on a board, or `self` for a piece
    acting on its own (a foe's activation)."""
    if selector == "self" and ctx is not None and ctx.get("piece") is not None:
        return True
    if selector == "target" and ctx is not None and (
            ctx.get("tpiece") is not None or "tpieces" in ctx):
        return True
    if selector == "attacker" and ctx is not None and ctx.get("attacker") is not None:
        return on_board(m)  # the attacking seat's figure (a foe reacting moves towards it)
    if selector == "chosen-opponent":
        # when the seats play as a party, their opponents are the foes on the board
        from runtime.selectors import plays_as_party

        return plays_as_party(m.program) and on_board(m)
    return selector in PIECE_SELECTORS and on_board(m)


def standing(m: Machine) -> list[int]:
    return [i for i, p in enumerate(pieces(m)) if p[2] is not None]


def source_piece(m: Machine, ctx: dict) -> int | None:
    """The piece an effect comes from: the acting piece, else the acting seat's figure."""
    if ctx.get("piece") is not None:
        return ctx["piece"]
    me = ctx.get("self", m.state["active"])
    return next((i for i in standing(m) if pieces(m)[i][1] == me), None)


def is_character(m: Machine, i: int) -> bool:
    return pieces(m)[i][1] is not None


def enemies_of(m: Machine, source: int | None) -> list[int]:
    """The pieces on the other side from `source`: foes for a character (and, unless the
    game is co-operative or a battle, the other seats' figures), characters for a foe (but
    not those the rules' `incapacitated` holds for)."""
    from runtime.selectors import cooperative

    if source is None or not is_character(m, source):
        from runtime.seats import incapacitated

        return [i for i in standing(m) if i != source and is_character(m, i)
                and not incapacitated(m, pieces(m)[i][1])]
    rivals = not cooperative(m) and m.program.scenario is None
    return [i for i in standing(m)
            if i != source and (not is_character(m, i) or rivals)]


def in_the_way(m: Machine, i: int) -> set[Cell]:
    """The cells piece `i` may not walk through: those of the pieces on its other side
    (`enemies_of`); it passes its own side's and those the other side ignores."""
    return {c for j in enemies_of(m, i) for c in cells_of(m, pieces(m)[j])}


# -- a piece's variables ----------------------------------------------------------------


def piece_value(m: Machine, i: int, name: str) -> Any:
    """A `per: piece` (or per-seat, for a figure) variable of a piece; `health` for a foe is
    the health its row keeps; a foe's value it does not keep is its card's field of that name."""
    piece = pieces(m)[i]
    if piece[1] is not None and name in m.program.variables:
        return m.state["sv"][piece[1]][name]
    if name == "health":
        return piece[4]
    var = m.program.variables.get(name)
    if name in _extra(piece):
        return piece[6][name]
    printed = m.program.fields.get(piece[0], {}).get(name) if piece[0] else None
    return printed if printed is not None else (var.initial if var is not None else None)


def health_left(m: Machine, i: int) -> Any:
    """The health piece `i` has left: for a seat's figure, the rules' `figure-health` read
    for its seat when they give one; else its `health` (`piece_value`)."""
    seat = pieces(m)[i][1]
    rule = m.program.rules.figure_health
    if seat is not None and rule is not None:
        return m.evaluate(rule, seat, {})
    return piece_value(m, i, "health")


def set_piece_value(m: Machine, i: int, name: str, value: Any) -> None:
    piece = pieces(m)[i]
    if piece[1] is not None and name in m.program.variables:
        from runtime.variables import write

        write(m, name, piece[1], value)
        return
    var = m.program.variables.get(name)
    if var is not None and isinstance(value, int) and not isinstance(value, bool):
        value = value if var.min is None else max(var.min, value)
        value = value if var.max is None else min(var.max, value)
    if name == "health":
        piece[4] = value
    else:
        _extra(piece)[name] = value
    m.emit("set", variable=name, piece=i, value=value)


SKIP = "skip_turns"  # a foe's turns still to skip (the op skip-turn on a piece)
ARMS = "abilities_from"  # the card field whose abilities a foe fights with, kept in its row likewise


def skips_turn(m: Machine, i: int | None) -> bool:
    """Whether foe `i` has a turn to skip; if so it is used up now (and logged)."""
    if i is None or is_character(m, i) or not _extra(pieces(m)[i]).get(SKIP):
        return False
    pieces(m)[i][6][SKIP] -= 1
    m.emit("skip", piece=i)
    return True


def _extra(piece: list) -> dict:
    while len(piece) < 7:
        piece.append(0 if len(piece) == 5 else {})
    return piece[6]


def facing(piece: list) -> int:
    return piece[5] if len(piece) > 5 else 0


# -- patterns -----------------------------------------------------------------------------


RANGE = "range"  # a card field: how far its pattern's rays reach (none: unlimited)


def _pattern_rows(m: Machine, ctx: dict, p, seat: int | None) -> list[tuple[list[str], int | None]]:
    """The patterns in use, each with its rays' reach (its card's `range`): of `pattern:`'s
    card, else the effect's card, else every card in play of the piece's seat that has a
    `pattern` field."""
    fields = m.program.fields
    card_id = getattr(p, "pattern", None)
    if card_id is None and ctx.get("card") is not None:
        card_id = m.state["ids"][ctx["card"]]
    if card_id is not None:
        rows = fields.get(card_id, {}).get("pattern")
        if not rows:
            raise RuleError(f"in-pattern needs a card with a `pattern` field, and "
                            f"'{card_id}' has none")
        return [(list(rows), _reach(fields[card_id]))]
    if seat is None:
        return []
    st = m.state
    return [(list(fields[st["ids"][inst]]["pattern"]), _reach(fields[st["ids"][inst]]))
            for zone in m.program.in_play_zones if zone.per_seat
            for inst in st["zones"][f"{zone.id}:{seat}"]
            if fields.get(st["ids"][inst], {}).get("pattern")]


def _reach(card_fields: dict) -> int | None:
    reach = card_fields.get(RANGE)
    return reach if type(reach) is int else None


def pattern_cover(m: Machine, i: int, ctx: dict | None = None, p=None) -> set[tuple[int, int]]:
    """The cells piece `i`'s attack patterns cover from where it stands, as it faces (mirrored
    by its `stance`, when the game has one); rays run on as far as the card's `range` and the
    piece's line of sight allow."""
    piece = pieces(m)[i]
    if piece[2] is None:
        return set()
    stance = bool(piece_value(m, i, "stance")) if "stance" in m.program.variables else False
    b, _ = board(m)
    try:
        return {c for rows, reach in _pattern_rows(m, ctx or {}, p, piece[1])
                for c in pattern_cells(rows, cell_of(piece), facing(piece), stance, b, reach)}
    except PatternError as e:
        raise RuleError(str(e)) from None


# -- selectors ----------------------------------------------------------------------------


def piece_candidates(m: Machine, ctx: dict, selector: str, p=None,
                     direction: int | None = None, keep=None) -> list[int]:
    """The pieces a selector names, ties and all (an in-line selector needs `direction`),
    among those `keep` keeps (a test of a piece index; all without it)."""
    if keep is None:
        return _candidates(m, ctx, selector, p, direction)
    return [i for i in _candidates(m, ctx, selector, p, direction, keep) if keep(i)]


def _candidates(m: Machine, ctx: dict, selector: str, p=None, direction: int | None = None,
                keep=None) -> list[int]:
    if selector == "target" and "tpieces" in ctx:
        # the pieces a played card picked as its targets (see the op `play-top`)
        return [i for i in ctx["tpieces"] if pieces(m)[i][2] is not None]
    if selector == "target" and ctx.get("tpiece") is not None:
        # the piece a played card picked as its target (see the op `play-top`)
        return [ctx["tpiece"]] if pieces(m)[ctx["tpiece"]][2] is not None else []
    src = source_piece(m, ctx)
    everyone = standing(m)
    if selector == "attacker":
        return [i for i in everyone if pieces(m)[i][1] == ctx.get("attacker")]
    if selector == "active":  # the figure of the seat whose turn it is (a foe heads for it)
        return [i for i in everyone if pieces(m)[i][1] == m.state["active"]]
    if selector == "all-characters":
        return [i for i in everyone if is_character(m, i)]
    if selector == "all-enemies":
        if src is None:
            return [i for i in everyone if not is_character(m, i)]
        return enemies_of(m, src)
    if src is None or pieces(m)[src][2] is None:
        return []
    if selector == "self":
        return [src]
    me = pieces(m)[src]
    if selector == "closest-to-attacker":
        return _closest_to_attacker(m, ctx, src, everyone)
    here = cell_of(me)
    foes = [i for i in enemies_of(m, src) if keep is None or keep(i)]
    rng = getattr(p, "range", None) or ctx.get("range") or 1
    if type(rng) is str:  # an expression: a reach read from the card (`range or 1`)
        rng = int(m.evaluate(rng, ctx.get("self"), ctx, ctx.get("card")))
    if getattr(p, "sight", False):
        # only what the source can see may be picked: the closest is the closest in sight
        foes = [i for i in foes if sees(m, me, pieces(m)[i])]
    if board(m)[0].railed and melee_effect(m, ctx, p):  # no melee blow crosses a railing
        foes = [i for i in foes if not railing_between(m, me, pieces(m)[i])]
    if selector in ("closest", "farthest"):
        far = {i: gap(m, me, pieces(m)[i]) for i in foes}
        if not far:
            return []
        best = (min if selector == "closest" else max)(far.values())
        return [i for i in far if far[i] == best]
    if selector in ("weakest", "strongest"):
        hp = {i: health_left(m, i) for i in foes}
        hp = {i: v for i, v in hp.items() if v is not None}
        if not hp:
            return []
        best = (min if selector == "weakest" else max)(hp.values())
        return [i for i in hp if hp[i] == best]
    if selector == "adjacent":
        return [i for i in everyone if i != src and touching(m, me, pieces(m)[i])]
    if selector == "adjacent-enemies":
        return [i for i in foes if touching(m, me, pieces(m)[i])]
    if selector == "in-range":
        return [i for i in foes if gap(m, me, pieces(m)[i]) <= rng]
    if selector == "chosen-opponent":  # the foes within the effect's range, if it has one
        if getattr(p, "range", None) is None and ctx.get("range") is None:
            return foes
        return [i for i in foes if gap(m, me, pieces(m)[i]) <= rng]
    if selector == "in-pattern":
        cells = pattern_cover(m, src, ctx, p)
        return [i for i in foes if cell_of(pieces(m)[i]) in cells]
    if selector == "in-line":
        return _in_line(m, src, here, direction or 0)
    if selector == "in-path":
        path = {tuple(c) for c in m.state.get("path", [])}
        return [i for i in everyone if i != src and cell_of(pieces(m)[i]) in path]
    if selector == "on-terrain":
        cells = terrain_cells(m, ctx)
        return [i for i in everyone if cell_of(pieces(m)[i]) in cells]
    if selector == "beside-terrain":
        b, _ = board(m)
        cells = terrain_cells(m, ctx)
        return [i for i in everyone if cell_of(pieces(m)[i]) not in cells
                and any(b.adjacent(cell_of(pieces(m)[i]), c) for c in cells)]
    raise RuleError(f"the selector '{selector}' does not pick pieces")


def _closest_to_attacker(m: Machine, ctx: dict, src: int, everyone: list[int]) -> list[int]:
    """The pieces on `src`'s own side (not `src`) standing closest to the attacker's figure."""
    attacker = next((i for i in everyone if pieces(m)[i][1] == ctx.get("attacker")), None)
    if attacker is None:
        return []
    theirs = set(enemies_of(m, src))
    side = is_character(m, src)
    far = {i: gap(m, pieces(m)[attacker], pieces(m)[i]) for i in everyone
           if i != src and i not in theirs and is_character(m, i) == side}
    if not far:
        return []
    best = min(far.values())
    return [i for i in far if far[i] == best]


def of_card_type(m: Machine, found: list[int], only: str | None) -> list[int]:
    """The pieces of `found` whose card is of card type `only` (all without it; a figure has
    no card, so it is never of the type named)."""
    if only is None:
        return found
    rows = pieces(m)
    return [i for i in found if rows[i][0] is not None
            and m.program.game.card_type_of(rows[i][0]).id == only]


def terrain_cells(m: Machine, ctx: dict) -> frozenset[tuple[int, int]]:
    """The cells of the terrain piece whose ability runs (`terrain` at `terrain_at`), else of
    every piece of that terrain."""
    b, _ = board(m)
    mine = [t for t in b.pieces if t.name == ctx.get("terrain")]
    at = tuple(ctx["terrain_at"]) if ctx.get("terrain_at") is not None else None
    exact = [t for t in mine if t.at == at]
    return frozenset(c for t in exact or mine for c in t.cells)


def _in_line(m: Machine, src: int, here, direction: int) -> list[int]:
    b, _ = board(m)
    at = {cell_of(pieces(m)[i]): i for i in standing(m) if i != src}
    dc, dr = STEPS[direction]
    found, cell = [], here
    while True:
        cell = (cell[0] + dc, cell[1] + dr)
        if not b.passable(cell):
            return found
        if cell in at:
            found.append(at[cell])


def piece_label(m: Machine, i: int) -> str:
    piece = pieces(m)[i]
    _, notation = board(m)
    who = m.program.name_of(piece[0]) if piece[0] else f"Seat {piece[1] + 1}"
    return f"{who} at {format_cell(cell_of(piece), notation)}"


def tie_chooser(m: Machine, ctx: dict) -> int:
    """The seat that decides for a piece: the acting seat (for a foe, the seat it acts for,
    else the seat whose turn it is)."""
    me = ctx.get("self")
    return m.state["active"] if me is None else me


def resolve_pieces(m: Machine, ctx: dict, selector: str, local: dict, slot: str = "who", p=None,
                   prompt: str | None = None, keep=None):
    """The pieces `selector` names (kept in `local[slot]`) among those `keep` keeps (a test
    of a piece index, applied before ties are broken), or a decision to make first."""
    if slot in local:
        return local[slot]
    answer = answered(local, slot)
    if answer is not None:
        if "direction" in answer:
            local[slot + "-dir"] = answer["direction"]
        else:
            local[slot] = [answer["piece"]]
            return local[slot]
    chooser = tie_chooser(m, ctx)
    if selector == "in-line" and slot + "-dir" not in local:
        local["asking"] = slot
        options = [{"label": f"Aim {name}", "key": f"dir:{name}", "direction": d}
                   for d, name in enumerate(DIRECTIONS)]
        return ask(chooser, "direction", prompt or "Which way?", options)
    found = piece_candidates(m, ctx, selector, p, local.get(slot + "-dir"), keep)
    if (selector in _TIES and len(found) > 1 and m.program.rules.tie_roll is not None
            and all(is_character(m, i) for i in found)):
        found = roll_off(m, found, m.program.rules.tie_roll)
    if selector == "chosen-opponent" and len(found) > 1:
        local["asking"] = slot
        options = [{"label": piece_label(m, i), "key": f"piece:{i}", "piece": i} for i in found]
        return ask(chooser, "piece", prompt or "Which one?", options)
    if selector in _TIES and len(found) > 1:
        # the seat the rules' `ties` names breaks it (which may itself be a decision first)
        chooser = tie_breaker(m, {**ctx, "self": chooser}, local, slot)
        if type(chooser) is dict:
            return chooser
        local["asking"] = slot
        options = [{"label": piece_label(m, i), "key": f"piece:{i}", "piece": i} for i in found]
        return ask(chooser, "piece", prompt or f"Several are the {selector}: which?", options)
    local[slot] = found
    return found


def roll_off(m: Machine, found: list[int], dice: str) -> list[int]:
    """The character that wins a roll-off among `found`: each seat rolls `dice`, the highest
    wins, tied highs roll again."""
    from runtime.dice import roll_total

    while len(found) > 1:
        totals = {i: roll_total(m, dice, pieces(m)[i][1]) for i in found}
        best = max(totals.values())
        found = [i for i in found if totals[i] == best]
    return found


# -- foes answering windows ----------------------------------------------------------------


def foe_listeners(m: Machine, name: str) -> list[list]:
    """`[seat, None, "piece:N", ability index]` for each foe standing whose card waits on
    window `name`, then `"piece:N:FIELD"` for those of the card field its battle gave it
    (the seat is the one whose turn it is: it breaks the foe's ties)."""
    program = m.program
    found = []
    for i in standing(m):
        if is_character(m, i):
            continue
        piece = pieces(m)[i]
        found += [[m.state["active"], None, f"piece:{i}", index]
                  for index in program.triggers.get(piece[0], {}).get(name, ())]
        for field in program.foe_fields(piece[0], _extra(piece).get(ARMS)):
            found += [[m.state["active"], None, f"piece:{i}:{field}", index]
                      for index, ability in enumerate(program.field_abilities(piece[0], field))
                      if ability.when == name]
    return found


def foe_ability(m: Machine, key: str, index: int, ctx: dict) -> dict | None:
    """The frame running a foe's ability as its piece, unless it has left the board."""
    from runtime.frames import fx

    _, number, *field = key.split(":", 2)
    i = int(number)
    piece = pieces(m)[i]
    if piece[2] is None:
        return None
    if field:
        ability = m.program.field_abilities(piece[0], field[0])[index]
    else:
        ability = m.program.cards[piece[0]].abilities[index]
    actx = {**ctx, "piece": i, "card": None}
    if not m.holds(ability.if_, ctx.get("self"), actx):
        return None
    return fx(m.program.lid(ability.do), actx)
