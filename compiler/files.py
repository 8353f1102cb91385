"""Writing outputs safely: never leave a half-written file behind, and never replace
what is not a regular file (a device, a pipe, a directory) with one."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

STDOUT = "-"  # an output named `-` is standard output


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def output_problem(path: Path, regular_only: bool = False) -> str | None:
    """Why `path` cannot take an output (None: it can): a directory never can; with
    `regular_only`, nor can a device or a pipe (a save or a log must be read back)."""
    if str(path) == STDOUT:
        return "is standard output, which cannot be read back" if regular_only else None
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as err:
        return f"cannot be used: {err.strerror or err}"
    if stat.S_ISDIR(mode):
        return "is a directory; name a file"
    if regular_only and not stat.S_ISREG(mode):
        return "is not a regular file"
    return None


def write_atomic(path: Path, data: bytes | str, durable: bool = True) -> None:
    """Write `data` to a temporary file beside `path`, then rename it into place. A symlink
    to a regular file keeps its link (the file it names is replaced); a device, a pipe or
    `-` (standard output) is written straight through; a directory raises IsADirectoryError.
    `durable` also flushes the file to disk first, so it survives a power cut; caches, which
    can always be rebuilt, pass False and skip that wait."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if str(path) == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(raw)
        sys.stdout.buffer.flush()
        return
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "is a directory", str(path))
    if mode is not None and not stat.S_ISREG(mode):
        with open(path, "wb") as fh:
            fh.write(raw)
        return
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
