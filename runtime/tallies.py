"""Counts of cards kept as cards move: a seat's count of the cards in its own zone that meet
a condition on the card alone, or lie face up or down (a `counts:` variable), read in place
instead of scanning the zone.

What is kept is decided per program (`kept`): the counts its expressions read inline, in a
game with no stories (whose program never changes mid-game). A machine holds the numbers
(`Machine.tallied[seat][k]`), never the state: they are worked out from the zones whenever a
machine is made (`recount`: a new game, a loaded save, a fork, a sampled view), and every
change of where a card lies, how it lies or which card it is updates them (`runtime.zones.move`
written out, through `Moving`; `refill`, `adjust` around a reveal or a flip; a deal counts
afresh).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runtime.machine import Machine
    from runtime.program import Program


def kept(program: Program) -> dict[str, int]:
    """The counts `program` keeps, each name with its place in a seat's row: a seat's count
    over its own zone (a seat variable) that reads a card table or a face (a plain zone size
    is its length, read as cheaply); none in a game with stories."""
    found = program.cache.get("tallies:kept")
    if found is not None:
        return found
    found = {}
    if program.story is None and not program.game.stories:
        for name, var in program.variables.items():
            spec = var.counts
            zone = None if spec is None else program.zones.get(spec.zone)
            if zone is None or not zone.per_seat or var.per == "game":
                continue
            if spec.if_ is None and spec.face is None:
                continue
            if spec.if_ is not None and table_of(program, spec.if_) is None:
                continue
            found[name] = len(found)
    program.cache["tallies:kept"] = found
    return found


def place(program: Program, zone_id: str, table: dict | None, face: str | None) -> int | None:
    """Where a seat's row keeps the count of the cards in its own zone `zone_id` that `table`
    names (card id -> truth; None: every card), lying as `face` says (None: either way), for
    a writer to read `m.tallied[seat][place]` instead of counting the zone; None when no
    kept count is that one."""
    zone = program.zones.get(zone_id)
    for name, k in kept(program).items():
        spec = program.variables[name].counts
        if program.zones.get(spec.zone) is zone and spec.face == face and (
                None if spec.if_ is None else table_of(program, spec.if_)) == table:
            return k
    return None


def table_of(program: Program, source: str) -> dict[str, Any] | None:
    """The card table of condition `source` (`Program.card_table`), or None for one that
    reads more than the card or fails on some card (its reader then fails, located)."""
    from runtime.errors import RuleError

    try:
        return program.card_table(source)
    except RuleError:  # failing on some card: read through its reader, which says so
        return None


def plan(program: Program, players: int) -> dict[str, dict[str, tuple]] | None:
    """For a game of `players`: card id -> zone key -> the (seat, place, weight) of each kept
    count a card of that id adds to while it lies there, as two rows: lying face up, lying face
    down (indexed by the face-down mark); None when the program keeps none."""
    key = ("tallies:plan", players)
    if key in program.cache:
        return program.cache[key]
    names = kept(program)
    found: dict[str, dict[str, tuple]] | None = {} if names else None
    for name, k in names.items():
        spec = program.variables[name].counts
        table = None if spec.if_ is None else table_of(program, spec.if_)
        faces = (0, 1) if spec.face is None else (int(spec.face == "down"),)
        for card_id in program.fields:
            weight = 1 if table is None else table[card_id]
            if not weight:
                continue
            by_key = found.setdefault(card_id, {})
            for seat in range(players):
                rows = by_key.setdefault(f"{spec.zone}:{seat}", ([], []))
                for down in faces:
                    rows[down].append((seat, k, weight))
    if found is not None:
        found = {card_id: {z: (tuple(up), tuple(down)) for z, (up, down) in by_key.items()}
                 for card_id, by_key in found.items()}
    program.cache[("tallies:keys", players)] = sorted(
        {z for by_key in (found or {}).values() for z in by_key})
    program.cache[key] = found
    return found


class Moving(dict):
    """Card id -> what a move of such a card does beyond moving it (`runtime.zones.move`):
    whether it marks the machine (`Machine.dirty`: a card the end check may count), and its
    kept counts' rows by zone key (`plan`'s, or None). An id no card of the program has (a
    story's next program may bring cards) marks it only when every card does, and is kept
    in no count (a game with stories keeps none)."""

    __slots__ = ("every",)

    def __missing__(self, card_id: str) -> tuple[bool, None]:
        return self.every, None


def moving(program: Program, players: int, counted: frozenset | None) -> Moving:
    """`Moving` for a game of `players` whose end check counts the cards `counted` names
    (None: every card), worked out once."""
    key = ("tallies:moving", players, counted)
    found = program.cache.get(key)
    if found is None:
        tally = plan(program, players) or {}
        found = program.cache[key] = Moving(
            {card_id: (counted is None or card_id in counted, tally.get(card_id))
             for card_id in program.fields})
        found.every = counted is None
    return found


def recount(m: Machine) -> None:
    """Work every kept count out afresh from the zones (`m.tally`, `m.tallied`), and what a
    move of each card does (`m.moving`)."""
    st = m.state
    m.tally = tally = plan(m.program, st["players"])
    m.moving = moving(m.program, st["players"], m.counted)
    if tally is None:
        m.tallied = None
        return
    width = len(kept(m.program))
    m.tallied = [[0] * width for _ in range(st["players"])]
    zones, ids, down = st["zones"], st["ids"], st["down"]
    tallied = m.tallied
    for key in m.program.cache[("tallies:keys", st["players"])]:
        for inst in zones.get(key, ()):
            rows = tally.get(ids[inst], {}).get(key)
            for seat, k, weight in () if rows is None else rows[down[inst]]:
                tallied[seat][k] += weight


def watched(m: Machine, key: str) -> bool:
    """Whether some kept count counts cards lying in zone `key`."""
    return m.tally is not None and key in m.program.cache[("tallies:keys", m.state["players"])]


def adjust(m: Machine, inst: int, sign: int) -> None:
    """Add card `inst` to the kept counts where and as it lies now (`sign` 1), or take it
    out (-1): around a change of its face or of which card it is."""
    st = m.state
    at = m.tally.get(st["ids"][inst])
    if at is None:
        return
    rows = at.get(st["loc"][inst])
    if rows is None:
        return
    tallied = m.tallied
    for seat, k, weight in rows[st["down"][inst]]:
        tallied[seat][k] += sign * weight
