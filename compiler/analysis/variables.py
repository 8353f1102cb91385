"""Numeric variables that effects set but nothing reads (GS421): no expression names them, no
challenge rolls them, no bot weighs them and the runtime itself does not use them."""

from __future__ import annotations

from compiler.analysis.story_world import RUNTIME_WRITTEN
from compiler.diagnostics import CATALOGUE, Report
from compiler.language.base import ExprMark, RefTo, checked_expression
from compiler.walk import walk

# (op, field) pairs that only change the variable they name
_WRITES = {("gain", "variable"), ("lose", "variable"), ("set", "variable"),
           ("tally", "variable"), ("transfer", "to"), ("modify-stat", "stat")}


def check_unread(units: list, report: Report) -> None:
    """GS421 at the first effect setting each numeric variable no one reads."""
    game = next((u for u in units if u.kind == "game"), None)
    if game is None:
        return
    numeric = {name for name, var in game.model.variables.items()
               if isinstance(var.initial, int | float) and not isinstance(var.initial, bool)
               and var.counts is None and name not in RUNTIME_WRITTEN}
    read: set[str] = set()
    written: dict[str, tuple] = {}
    for u in units:
        if u.kind in ("rules", "scenario"):
            read.update(u.model.evaluation)
        for path, marker, value in walk(u.model):
            if isinstance(marker, ExprMark):
                read.update(checked_expression(value, None).names)
            elif isinstance(marker, RefTo) and marker.kind == "variable":
                if len(path) >= 2 and (path[-2], path[-1]) in _WRITES:
                    written.setdefault(value, (u, path))
                else:
                    read.add(value)
    for name in sorted(numeric & set(written) - read):
        u, path = written[name]
        report.add(CATALOGUE["GS421"](
            f"variable '{name}' is set but never read: no condition, amount, challenge or bot "
            "weighs it", u.doc.location(path),
            hint=f"test it in a condition (`if: {name} >= 1`), or stop setting it",
        ))
