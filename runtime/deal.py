"""Fixed deals: put named cards where a test, a tutorial or a rulebook example wants them.

`arrange(m, {"hand:0": ["gem", "gem"], "table:1": ["guard:up"]})` fills each zone named with
the cards listed, bottom first, taken from the `spare` zone (the draw pile by default),
else from any zone not being arranged, else from zones still to be arranged. A card a zone
held before swaps places with the card that replaces it; any left over go to the spare zone.
A card the zone already holds may stay. `name:up` or `name:down` says how a card lies
(otherwise as its zone's cards lie). The conditions are then checked and the pending
decision worked out again for the new position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.errors import RuleError
from runtime.state import array_for_write, zone_for_write
from runtime.tallies import recount

if TYPE_CHECKING:
    from runtime.machine import Machine


def arrange(m: Machine, layout: dict[str, list[str]], spare: str = "draw") -> None:
    st = m.state
    for key in (*layout, spare):
        if key not in st["zones"]:
            raise RuleError(f"no zone '{key}' in this game (zones: {', '.join(st['zones'])})")
    done: set[str] = set()
    for key, entries in layout.items():
        old = list(st["zones"][key])
        st["zones"][key] = []
        for entry in entries:
            card_id, _, face = entry.partition(":")
            kept = next((i for i in reversed(old) if st["ids"][i] == card_id), None)
            inst = kept if kept is not None else _find(m, card_id, spare, set(layout), done | {key})
            if inst is None:
                raise RuleError(f"no '{card_id}' left to put in {key}")
            source = zone_for_write(st, st["loc"][inst])
            if kept is not None:
                old.remove(kept)
            elif old:  # swap: the card this zone held takes the newcomer's place
                swapped = old.pop(0)
                source[source.index(inst)] = swapped
                _lay(m, swapped, st["loc"][inst], "")
            else:
                source.remove(inst)
            zone_for_write(st, key).append(inst)
            _lay(m, inst, key, face)
        for inst in old:
            zone_for_write(st, spare).append(inst)
            _lay(m, inst, spare, "")
        done.add(key)
    st["decision"] = None
    recount(m)  # (`runtime.tallies`: cards laid out anew)
    if not m.check_end():  # a deal may already meet a win condition
        m.run()


def _lay(m: Machine, inst: int, key: str, face: str) -> None:
    array_for_write(m.state, "loc")[inst] = key
    array_for_write(m.state, "down")[inst] = int(face == "down" if face else m.key_zone[key].down)


def _find(m: Machine, card_id: str, spare: str, arranged: set[str], done: set[str]) -> int | None:
    """A card to take: from the spare zone, other zones, then zones still to be arranged."""
    st = m.state
    ids = st["ids"]
    others = [k for k in st["zones"] if k not in arranged and k != spare]
    later = [k for k in arranged if k not in done and k != spare]
    for key in (spare, *others, *later):
        for inst in reversed(st["zones"][key]):
            if ids[inst] == card_id:
                return inst
    return None
