"""Variables declared to no effect: numeric ones that effects set but nothing reads (GS421:
no expression names them, no challenge rolls them, no bot weighs them and the runtime itself
does not use them), and a `resets: battle` the runtime cannot apply (GS712, GS713)."""

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


def check_resets(units: list, report: Report) -> None:
    """GS713 at a derived count's `resets: battle` (no effect sets it, a reset neither),
    GS712 at any other where the pack has no scenario (no battle ever begins or ends)."""
    game = next((u for u in units if u.kind == "game"), None)
    if game is None:
        return
    battles = any(u.kind == "scenario" for u in units)
    for name, var in game.model.variables.items():
        if var.resets is None:
            continue
        where = game.doc.location(("variables", name, "resets"))
        if var.counts is not None:
            report.add(CATALOGUE["GS713"](
                f"variable '{name}' is a count of cards (`counts:`): it cannot be reset as a "
                "battle begins and ends", where,
                hint="drop `resets:`; to count for one battle, keep a plain variable that "
                     "effects `gain` and that `resets: battle`",
            ))
        elif not battles:
            report.add(CATALOGUE["GS712"](
                f"variable '{name}' resets as every battle begins and ends, but the pack has "
                "no scenario: no battle is ever fought, so it never resets", where,
                hint="drop `resets: battle`, or reset it with a `set` effect where your game "
                     "needs it",
            ))
