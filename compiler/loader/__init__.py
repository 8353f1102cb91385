"""The YAML loader: file bytes -> plain-data documents with the position of every key and value.

`load_file` / `load_text` return `(documents, diagnostics)` and never raise: every problem
(syntax GS101, duplicate key GS102, anchor or alias GS103, size GS104, depth GS105, empty
file GS106, not UTF-8 GS107, tab indentation GS108, tag GS109, unreadable file GS110) is a
diagnostic with a location. Plain scalars follow YAML 1.2 (`scalars`); quoted ones
are strings. Refused constructs are reported and reading goes on (`yaml_reader` says how
each is recovered); limits and syntax errors stop the file, keeping the documents completed
before. Empty (null) documents are skipped; `Document.index` still counts them. `LIMITS`
bounds size, depth, node count and problems per file. The loader is a pure function of the
bytes and the display name.
"""

from compiler.loader.files import load_file, load_text
from compiler.loader.limits import LIMITS, Limits
from compiler.loader.source import Document, Mark, MarkMap

__all__ = ["LIMITS", "Document", "Limits", "Mark", "MarkMap", "load_file", "load_text"]
