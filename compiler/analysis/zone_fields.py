"""Zones that read card fields (GS265): a zone's `bonus`, `slots.field` and `slots.size`
name a field some card type declares, or no card could ever give a bonus or take a slot."""

from __future__ import annotations

from compiler.diagnostics import CATALOGUE, Report
from compiler.validate import suggest


def check_zone_fields(units: list, report: Report) -> None:
    """GS265 at each zone key naming a card field that no card type declares."""
    declared = {name for u in units if u.kind == "card-type" for name in u.model.fields}
    for u in units:
        if u.kind != "rules":
            continue
        for i, zone in enumerate(u.model.zones):
            named = [(("bonus",), zone.bonus)]
            if zone.slots is not None:
                named += [(("slots", "field"), zone.slots.field), (("slots", "size"), zone.slots.size)]
            for path, name in named:
                if name is None or name in declared:
                    continue
                report.add(CATALOGUE["GS265"](
                    f"zone '{zone.id}' reads card field '{name}', which no card type declares",
                    u.doc.location(("zones", i, *path)),
                    hint=suggest(name, declared) or "declare it under a card type's `fields:`",
                ))
