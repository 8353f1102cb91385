"""Weapons: the cards of a zone an attack strikes with (`attack: {weapon: ZONE}`).

A weapon is a card of the attacker's zone with a `pattern` field. Each strikes at most once
a turn (its uses are counted under the `turn` scope, like once-per abilities); an attack
with none left to strike has no way to be made. The weapon chosen goes into the attack's
context as `weapon` (and `card`, so `in-pattern` reads its pattern alone and expressions
its fields), with `weapon_zone`, the zone key whose other cards then keep out of the
attack's windows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.frames import answered, ask
from runtime.uses import record_use, used

if TYPE_CHECKING:
    from runtime.machine import Machine

SCOPE = "turn"


def _key(inst: int) -> str:
    return f"weapon:{inst}"


def uses(m: Machine, inst: int) -> int:
    """How many times the card has struck this turn."""
    return used(m, SCOPE, _key(inst))


def strike(m: Machine, inst: int) -> int:
    """Count one strike of the weapon; how many it has made this turn."""
    record_use(m, SCOPE, _key(inst))
    return uses(m, inst)


def ready(m: Machine, zone: str, seat: int) -> list[int]:
    """The seat's weapons in `zone` that have not struck this turn."""
    fields = m.program.fields
    key = m.key(zone, seat)
    return [inst for inst in m.state["zones"][key]
            if fields.get(m.state["ids"][inst], {}).get("pattern") and not uses(m, inst)]


def armed(m: Machine, ctx: dict, zone: str, inst: int) -> dict:
    """`ctx` for an attack with weapon `inst` of the seat's `zone`."""
    return {**ctx, "card": inst, "weapon": inst, "weapon_zone": m.key(zone, ctx["self"])}


def choose(m: Machine, ctx: dict, zone: str, local: dict, usable) -> int | dict | None:
    """The weapon the attacker strikes with (kept in `local`): the only one `usable` allows,
    else the attacker's choice; None when none is ready."""
    if "weapon" in local:
        return local["weapon"]
    answer = answered(local, "weapon")
    if answer is not None:
        local["weapon"] = answer["card"]
        return local["weapon"]
    found = [inst for inst in ready(m, zone, ctx["self"]) if usable(inst)]
    if len(found) <= 1:
        local["weapon"] = found[0] if found else None
        return local["weapon"]
    local["asking"] = "weapon"
    options = [{"label": m.program.name_of(m.state["ids"][inst]), "key": f"card:{inst}",
                "card": inst} for inst in found]
    return ask(ctx["self"], "weapon", "Attack with which weapon?", options)
