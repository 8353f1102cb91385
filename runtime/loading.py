"""From a content pack's folder to a program, for processes that start from a path; the
pack's files as bytes and their digest, for machines that do not share the folder."""

from __future__ import annotations

import hashlib
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


def pack_files(pack: Path) -> dict[str, bytes]:
    """Every file of the pack by its path relative to the pack (hidden folders left out)."""
    root = Path(pack)
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)}


def digest(files: dict[str, bytes]) -> str:
    h = hashlib.blake2b(digest_size=16)
    for name, data in sorted(files.items()):
        h.update(name.encode() + b"\0" + hashlib.blake2b(data).digest())
    return h.hexdigest()
