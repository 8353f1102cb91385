"""Where loaded YAML came from: `Mark` (1-based line and column) and `Document` (data plus marks)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.diagnostics import Location


@dataclass(frozen=True, slots=True)
class Mark:
    """A position in a file; line and column are 1-based (0 only when unknown)."""

    line: int
    column: int


_UNKNOWN = Mark(0, 0)


class MarkMap(Mapping):
    """A read-only mapping path -> Mark over stored (line, column) pairs.

    The loader records a pair for every node; a `Mark` is made only when one is read.
    """

    __slots__ = ("_pairs",)

    def __init__(self, pairs: dict[tuple, tuple[int, int]]):
        self._pairs = pairs

    def __getitem__(self, path: tuple) -> Mark:
        line, column = self._pairs[path]
        return Mark(line, column)

    def get(self, path: tuple, default: Any = None) -> Any:
        pair = self._pairs.get(path)
        return default if pair is None else Mark(pair[0], pair[1])

    def __contains__(self, path: object) -> bool:
        return path in self._pairs

    def __iter__(self) -> Iterator[tuple]:
        return iter(self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __repr__(self) -> str:
        return f"MarkMap({len(self._pairs)} marks)"


@dataclass
class Document:
    """One YAML document of a file: plain data, and the position of every value and key in it.

    A path is the tuple of mapping keys and list indices from the root; `()` is the root.
    """

    file: str  # display path, as the caller gave it
    index: int  # 0-based position of the document in the file, counting skipped empty ones
    data: Any
    marks: Mapping[tuple, Mark] = field(default_factory=dict, repr=False)
    key_marks: Mapping[tuple, Mark] = field(default_factory=dict, repr=False)

    def mark(self, path: tuple) -> Mark:
        """The position of the value at `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        marks = self.marks
        for end in range(len(path), -1, -1):
            found = marks.get(path[:end])
            if found is not None:
                return found
        return _UNKNOWN

    def key_mark(self, path: tuple) -> Mark:
        """The position of the key at `path` if it is a mapping entry, else `mark(path)`."""
        path = tuple(path)
        found = self.key_marks.get(path)
        return found if found is not None else self.mark(path)

    def location(self, path: tuple, key: bool = False) -> Location:
        """A diagnostics `Location` for the value (or, with `key`, the key) at `path`."""
        found = self.key_mark(path) if key else self.mark(path)
        return Location(self.file, found.line, found.column)
