"""Attack patterns a card carries (GS240): a field of type `pattern` must be a mask the
runtime can read, with one `@` and only the marks `@`, `X`, `*` and `.`."""

from __future__ import annotations

from compiler.diagnostics import CATALOGUE, Report
from compiler.geometry import PatternError, pattern_marks


def check_patterns(units: list, report: Report) -> None:
    """GS240 at each card's pattern field that `pattern_marks` cannot read."""
    fields = {u.model.id: [name for name, spec in u.model.fields.items() if spec.type == "pattern"]
              for u in units if u.kind == "card-type"}
    for u in units:
        if u.kind != "cards":
            continue
        for i, card in enumerate(u.model.cards):
            for name in fields.get(u.model.type, ()):
                rows = card.field(name)
                if not rows:
                    continue
                try:
                    pattern_marks(rows)
                except PatternError as e:
                    report.add(CATALOGUE["GS240"](
                        f"card '{card.id}': {e}", u.doc.location(("cards", i, name)),
                        hint="draw the attacker as one '@'; mark reached squares 'X', rays '*', "
                        "the rest '.'",
                    ))
