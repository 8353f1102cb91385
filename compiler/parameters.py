"""Checks on a game's `parameters:`: each value lies in its range, no parameter shares a
variable's name, no effect changes one (a parameter is a designed constant that a sweep
varies between games, never during one), and the rules read each one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.diagnostics import CATALOGUE, Report

if TYPE_CHECKING:
    from compiler.pipeline import Unit

# Effect fields that change the variable they name: (op, field).
_CHANGES = frozenset({("gain", "variable"), ("lose", "variable"), ("set", "variable"),
                      ("tally", "variable"), ("transfer", "from"), ("transfer", "to")})


def check_parameters(game: Unit, report: Report) -> None:
    """GS330-GS332 on the manifest's parameters."""
    doc, model = game.doc, game.model
    for name, p in model.parameters.items():
        where = ("parameters", name)
        if name in model.variables:
            report.add(CATALOGUE["GS332"](
                f"parameter '{name}' has the name of a variable", doc.location(where, key=True),
                hint="rename one of them: an expression could not tell which is meant",
            ))
        if p.min > p.max:
            report.add(CATALOGUE["GS331"](
                f"parameter '{name}' has an empty range: min {p.min} is above max {p.max}",
                doc.location((*where, "min")), hint="swap min and max",
            ))
        elif not p.min <= p.value <= p.max:
            report.add(CATALOGUE["GS330"](
                f"parameter '{name}' is {p.value}, outside its range {p.min}–{p.max}",
                doc.location((*where, "value")),
                hint="widen the range or change the value",
            ))


def check_change(unit: Unit, path: tuple, name: str, parameters: set[str],
                 report: Report) -> None:
    """GS333 when the effect field at `path` (naming variable `name`) changes a parameter."""
    if name in parameters and len(path) >= 2 and (path[-2], path[-1]) in _CHANGES:
        report.add(CATALOGUE["GS333"](
            f"an effect changes parameter '{name}'", unit.doc.location(path),
            hint="a parameter is a designed constant: declare a variable for a value that "
                 "changes during play",
        ))


def check_unused(game: Unit, named: set[str], report: Report) -> None:
    """GS334 for a parameter nothing reads: sweeping it would change nothing."""
    for name in game.model.parameters:
        if name not in named:
            report.add(CATALOGUE["GS334"](
                f"parameter '{name}' is never used", game.doc.location(("parameters", name),
                                                                        key=True),
                hint="name it in a condition or an amount (`score >= " + name + "`), or remove it",
            ))
