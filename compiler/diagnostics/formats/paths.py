"""How a diagnostic's file is named in machine formats: relative to the working directory, `/`."""

from __future__ import annotations

from pathlib import Path, PurePath


def relative_posix(file: str) -> str:
    """`file` with forward slashes, made relative to cwd when it is an absolute path below it.

    An absolute path outside cwd stays absolute rather than be given a guessed root.
    """
    path = PurePath(file)
    if path.is_absolute() and Path(path).is_relative_to(Path.cwd()):
        path = Path(path).relative_to(Path.cwd())
    return path.as_posix()
