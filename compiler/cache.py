"""A cache of check results in the user's cache folder, keyed by content hashes.

`checked(path, also)` returns what `compile_pack` reports for a pack (its `Report` and source
lines) plus what `also(result)` adds (the CLI's layout checks), reading it from the cache when
neither the pack's files, the compiler's own sources (and `also_sources`) nor the working
directory (which names files in diagnostics) changed. A hit imports no content models, so
re-checking an unchanged pack costs little more than hashing its files. The folder is
`$GAMESMITH_CACHE`, else the user's cache directory (`$XDG_CACHE_HOME/gamesmith` or
`~/.cache/gamesmith` on Linux); never inside the pack.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from compiler.diagnostics import Diagnostic, Location, Report, Severity
from compiler.files import write_atomic
from compiler.pack import find_manifest

_COMPILER = Path(__file__).resolve().parent
_FORMAT = b"gamesmith.check-cache/3"


def cache_folder() -> Path:
    """Where cached results live (created on first write)."""
    if os.environ.get("GAMESMITH_CACHE"):
        return Path(os.environ["GAMESMITH_CACHE"])
    import platformdirs

    return Path(platformdirs.user_cache_dir("gamesmith"))


def pack_key(path: Path, also_sources: Sequence[Path] = ()) -> str:
    """A digest of every visible file of the pack (names and contents), the compiler's
    sources (names, sizes, modification times), the Python version and the working folder."""
    digest = hashlib.blake2b(_FORMAT, digest_size=20)
    digest.update(f"{sys.version}\0{Path.cwd()}\0{Path(path)}\0".encode())
    for source in sorted(p for folder in (_COMPILER, *also_sources) for p in folder.rglob("*.py")):
        stat = source.stat()
        digest.update(f"{source}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    manifest = find_manifest(Path(path))
    root = manifest.parent
    if root.is_dir():
        for file in sorted(root.rglob("*")):
            rel = file.relative_to(root)
            if any(part.startswith(".") for part in rel.parts) or not file.is_file():
                continue
            digest.update(f"{rel}\0".encode())
            digest.update(hashlib.blake2b(file.read_bytes(), digest_size=20).digest())
    return digest.hexdigest()


def checked(path: Path, also: Callable[[Any], list[Diagnostic]] | None = None,
            also_sources: Sequence[Path] = ()) -> tuple[Report, dict[str, list[str]]]:
    """The report and source lines of compiling the pack at `path`, with what `also(result)`
    adds (it reads the compiled result; `also_sources` are the folders of its code), cached."""
    entry = cache_folder() / "check" / f"{pack_key(path, also_sources)}.json"
    try:
        return _loads(entry.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        pass  # no entry yet, or an unreadable one: compile again
    from compiler.pipeline import compile_pack  # only on a miss: it builds the content models

    result = compile_pack(Path(path))
    if also is not None:
        result.report.extend(also(result))
    with suppress(OSError):  # a read-only or full cache folder only costs speed
        write_atomic(entry, _dumps(result.report, result.sources), durable=False)
    return result.report, result.sources


def _dumps(report: Report, sources: dict[str, list[str]]) -> str:
    diagnostics = [[d.code, d.severity.value, d.message, d.file, d.line, d.column,
                    d.location.sheet, d.hint, d.item] for d in report.diagnostics]
    return json.dumps({"diagnostics": diagnostics, "counts": dict(report.counts),
                       "sources": sources})


def _loads(text: str) -> tuple[Report, dict[str, list[str]]]:
    data = json.loads(text)
    diagnostics = [Diagnostic(code, Severity(severity), message,
                              Location(file, line, column, sheet), hint, item)
                   for code, severity, message, file, line, column, sheet, hint, item
                   in data["diagnostics"]]
    return Report(diagnostics, Counter(data["counts"])), data["sources"]
