"""Bytes to documents: size limit, UTF-8 check, BOM, then `yaml_reader`; never raises."""

from __future__ import annotations

import stat
from pathlib import Path

from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.loader.limits import LIMITS, Limits
from compiler.loader.problems import byte_position, position
from compiler.loader.source import Document
from compiler.loader.yaml_reader import read_documents

_BOM = b"\xef\xbb\xbf"
Loaded = tuple[list[Document], list[Diagnostic]]


def load_text(text: str | bytes, file: str, *, limits: Limits = LIMITS) -> Loaded:
    """The documents in `text` (named `file` in diagnostics) and the problems found reading it."""
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as error:  # a lone surrogate
            line, column = position(text, error.start)
            return [], [_not_utf8(file, line, column, f"U+{ord(text[error.start]):04X}")]
    else:
        data = bytes(text)
    return _load_bytes(data, file, limits)


def load_file(path: Path, display: str | None = None, *, limits: Limits = LIMITS) -> Loaded:
    """`load_text` of the file at `path`; diagnostics name it `display` (default: `path`)."""
    path = Path(path)
    file = str(path) if display is None else display
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            return [], [
                CATALOGUE["GS110"](
                    "Cannot read the file: it is not a regular file (a pipe, a device or a "
                    "socket).", Location(file),
                    hint="Content files are plain files; replace it with one.",
                )
            ]  # fmt: skip
        size = st.st_size
        if size > limits.max_bytes:
            return [], [_too_large(file, size, limits)]
        data = path.read_bytes()
    except OSError as error:
        return [], [
            CATALOGUE["GS110"](
                f"Cannot read the file: {error.strerror or error}.", Location(file),
                hint="Check that the path is a readable file.",
            )
        ]  # fmt: skip
    return _load_bytes(data, file, limits)


def _load_bytes(data: bytes, file: str, limits: Limits) -> Loaded:
    if len(data) > limits.max_bytes:
        return [], [_too_large(file, len(data), limits)]
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = byte_position(data, error.start)
        return [], [_not_utf8(file, line, column, f"byte 0x{data[error.start]:02X}")]
    documents, diagnostics = read_documents(data, text, file, limits)
    if not documents and not diagnostics:
        diagnostics.append(
            CATALOGUE["GS106"](
                "The file holds no YAML document.", Location(file, 1, 1),
                hint="Add content or delete the file.",
            )
        )  # fmt: skip
    return documents, diagnostics


def _too_large(file: str, size: int, limits: Limits) -> Diagnostic:
    return CATALOGUE["GS104"](
        f"The file is {_size(size)}; the loader reads at most {_size(limits.max_bytes)}.",
        Location(file, 1, 1),
        hint="Split the content over several files.",
    )


def _size(n: int) -> str:
    """A byte count as people say it: 8 MB, 2.5 MB, 900 KB, 120 bytes."""
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if n >= scale:
            return f"{n / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{n} bytes"


def _not_utf8(file: str, line: int, column: int, what: str) -> Diagnostic:
    return CATALOGUE["GS107"](
        f"The file is not UTF-8 text: {what} cannot be decoded.",
        Location(file, line, column),
        hint="Save the file as UTF-8.",
    )
