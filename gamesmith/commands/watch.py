"""`gamesmith check --watch`: check again whenever a file of the packs changes, and print only
what changed since the last run (problems fixed, problems new) and the summary."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from compiler.diagnostics import Diagnostic, Report
    from compiler.diagnostics.formats.text import SourceLookup

    Check = Callable[[], tuple[Report, SourceLookup]]


def _key(d: Diagnostic) -> tuple:
    return (d.code, d.severity.value, str(d.location), d.message)


def changes(before: Report, after: Report) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(problems in `after` that `before` did not have, problems of `before` now gone)."""
    old = {_key(d) for d in before.diagnostics}
    new = {_key(d) for d in after.diagnostics}
    added = [d for d in after.sorted() if _key(d) not in old]
    fixed = [d for d in before.sorted() if _key(d) not in new]
    return added, fixed


def render_changes(before: Report, after: Report, sources: SourceLookup, color: bool = False) -> str:
    """What changed from `before` to `after`, as text: `fixed:` lines, then each new problem
    in full, then the summary line (which says `no change` when nothing did)."""
    from compiler.diagnostics import Report, render
    from compiler.diagnostics.formats.text import summary_line

    added, fixed = changes(before, after)
    out = [f"fixed: {d.location}: {d.severity.value} {d.code}: {d.message}" for d in fixed]
    if fixed and added:
        out.append("")
    if added:
        text = render(Report(added), "text", sources=sources, color=color)
        out += text.rstrip("\n").split("\n")[:-1]  # its own summary counts only the new ones
    elif not fixed:
        out.append("no change")
    out.append(summary_line(after))
    return "\n".join(out) + "\n"


def watch(paths: list[Path], check: Check, write: Callable[[str], object],
          stop: threading.Event | None = None, color: bool = False) -> None:
    """Check, print the whole report, then on every change print what changed; until `stop`
    is set (or Ctrl-C)."""
    from watchfiles import DefaultFilter
    from watchfiles import watch as file_changes

    from compiler.diagnostics import render

    report, sources = check()
    write(render(report, "text", sources=sources, color=color))
    write(f"watching {', '.join(str(p) for p in paths)} (Ctrl-C to stop)\n")
    # temp files written beside content by editors and atomic writes are not content
    only = DefaultFilter(ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns, r"^\..*\.tmp$", r"~$"))
    for _ in file_changes(*paths, watch_filter=only, stop_event=stop, rust_timeout=500,
                          raise_interrupt=False):
        latest, sources = check()
        write("\n" + render_changes(report, latest, sources, color))
        report = latest
