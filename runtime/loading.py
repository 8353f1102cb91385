"""From a content pack's folder to a program, for processes that start from a path."""

from __future__ import annotations

from pathlib import Path

from compiler import compile_pack
from runtime.errors import RuleError
from runtime.program import Program


def load_program(pack: Path, scenario: str | None = None, story: str | None = None,
                 battles: str = "play") -> Program:
    """Compile the pack and build its program (for a scenario or a story, if named);
    content with errors raises RuleError."""
    result = compile_pack(Path(pack))
    if result.game is None:
        first = next((d for d in result.report.diagnostics if d.severity == "error"), None)
        detail = f": {first.code} {first.message} ({first.file}:{first.line})" if first else ""
        raise RuleError(f"{pack} has errors{detail}; run `gamesmith check {pack}`")
    return Program(result.game, scenario, story, battles)
