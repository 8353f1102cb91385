"""Abilities in use: where an ability lives, the once-per counts of its uses, and the frame
that uses one.

A leaf of the runtime (it imports only `runtime.frames`), so the turn, its options and the
timing windows can all share it without importing one another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from runtime.frames import fx

if TYPE_CHECKING:
    from runtime.machine import Machine


TERRAIN_SOURCE = "terrain:"  # a Source's card for a terrain piece's ability: this + terrain id


class Source(NamedTuple):
    """Where an ability lives: on a card (by card id) or in the rules (`card` is None)."""

    card: str | None
    index: int

    def key(self) -> str:
        return f"{self.card or '@rules'}#{self.index}"


def used(m: Machine, scope: str | None, key: str) -> int:
    if scope is None:
        return 0
    return m.state["used"].get(scope, {}).get(key, 0)


def record_use(m: Machine, scope: str | None, key: str) -> None:
    if scope is not None:
        uses = m.state["used"].setdefault(scope, {})
        uses[key] = uses.get(key, 0) + 1


def use_key(seat: int, inst: int | None, face: str | None, index: int) -> str:
    """What a once-per limit counts uses under: ability `index` of one face of card `inst`
    (each side of a two-sided card has its own uses), of a card `seat` holds as an item
    (`face`, no instance), or of the rules for `seat`."""
    if inst is not None:
        return f"{inst}:{face}#{index}"
    return f"{face}@{seat}#{index}" if face else f"@{seat}#{index}"


def use_frame(m: Machine, seat: int, inst: int | None, index: int, ctx: dict,
              face: str | None = None) -> dict:
    """A frame using ability `index` of card `inst` (or of the rules when `inst` is None), of
    face `face` (by default the one it shows)."""
    card_id = face or (m.state["ids"][inst] if inst is not None else None)
    # what using it needs, worked out once per ability and program: a use happens each turn
    known = m.program.cache.get("use-frames")
    if known is None:
        known = m.program.cache["use-frames"] = {}
    found = known.get((card_id, index))
    if found is None:
        ability = m.program.abilities_of(Source(card_id, index))
        found = known[card_id, index] = (ability.once_per, ability.name or "",
                                         m.program.lid(ability.do))
    once_per, name, lid = found
    if once_per is not None:
        record_use(m, once_per, use_key(seat, inst, card_id, index))
    if card_id is not None and m.stats is not None:
        m.count("used", card_id, seat)
    if m.log is not None:
        m.emit("ability", seat=seat, card=inst, name=name)
    return fx(lid, {**ctx, "self": seat, "card": inst})
