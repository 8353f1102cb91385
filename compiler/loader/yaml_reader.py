"""Build plain data from PyYAML's parse events, keeping the position of every key and value.

The tree is built here rather than by PyYAML's constructor so that every node keeps its mark,
plain scalars get YAML 1.2-style meanings (`scalars`), and refusals are reported where they
happen, reading on: duplicate keys (GS102; the first entry is kept), anchors and aliases
(GS103; an alias of a scalar reads as that scalar, any other as null: nothing is expanded),
explicit tags (GS109; the tag is ignored), keys that are lists or mappings (GS101; the entry
is dropped). Crossing `Limits.max_depth` (GS105), `Limits.max_nodes` (GS104) or
`Limits.max_problems` stops reading the file; so does a syntax error (GS101, or GS108 when a
tab indents). Documents completed before the stop are kept; the one being read is dropped.
"""

from __future__ import annotations

import json

import yaml
from yaml import MarkedYAMLError
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.reader import ReaderError

from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.loader.limits import Limits
from compiler.loader.problems import reader_problem, syntax_problem
from compiler.loader.scalars import number_problem, resolve_plain
from compiler.loader.source import Document, MarkMap

# The loader is used only as libyaml's event source (what `yaml.parse` iterates over), called
# directly to skip the generator; the pure-Python parser stands in when libyaml is missing.
_EventSource = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NO_KEY = object()  # the open mapping waits for a key
_DROP = object()  # the next value belongs to a refused key: read past it, keep nothing
_YAML_TAGS = "tag:yaml.org,2002:"


def _twin(key: object) -> object:
    """The other spelling of a key that names the same thing once keys are read as text:
    `4` and `"4"` (story card numbers); `_NO_KEY` for keys with none."""
    if key.__class__ is int:
        return str(key)
    if key.__class__ is str and key[:1] in "-0123456789" and len(key) < 20:
        value = resolve_plain(key)
        if value.__class__ is int:
            return value
    return _NO_KEY


class _Stop(Exception):
    """A limit was crossed: reading the file ends here."""


def read_documents(
    data: bytes, text: str, file: str, limits: Limits
) -> tuple[list[Document], list[Diagnostic]]:
    """The non-empty documents of UTF-8 `data` (`text` is the same, decoded) and the problems."""
    reader = _Reader(file, limits)
    try:
        source = _EventSource(data)  # the pure-Python reader already checks characters here
        try:
            reader.read_stream(source.get_event)
        finally:
            source.dispose()
    except MarkedYAMLError as error:
        reader.diagnostics.append(syntax_problem(error, text, file))
    except ReaderError as error:
        reader.diagnostics.append(reader_problem(error, data, file))
    except _Stop:
        pass
    return reader.documents, reader.diagnostics


class _Reader:
    def __init__(self, file: str, limits: Limits):
        self.file = file
        self.limits = limits
        self.nodes_left = limits.max_nodes
        self.documents: list[Document] = []
        self.diagnostics: list[Diagnostic] = []

    def read_stream(self, get_event) -> None:
        index = -1
        while (event := get_event()) is not None:
            if event.__class__ is DocumentStartEvent:
                index += 1
                root, marks, key_marks = self.read_document(get_event)
                if root is not None:  # an empty document, or one that is just null
                    self.documents.append(
                        Document(self.file, index, root, MarkMap(marks), MarkMap(key_marks))
                    )

    def read_document(self, get_event) -> tuple[object, dict, dict]:
        """Events up to the document's end -> (root value, value marks, key marks)."""
        # The hot loop: everything it touches per event is a local.
        resolve = resolve_plain
        max_depth = self.limits.max_depth
        nodes_left = self.nodes_left
        marks: dict[tuple, tuple[int, int]] = {}
        key_marks: dict[tuple, tuple[int, int]] = {}
        stack: list[tuple] = []  # the enclosing (container, path, is-mapping) of the open one
        top = None  # the open container; None at the document's top level
        top_path: tuple = ()
        in_map = False
        key = _NO_KEY
        key_pos = None
        skip = 0  # how deep we are inside a subtree being read past
        # Scalars under an anchor. An alias to one reads as its value (one node, no expansion),
        # so checks after the GS103 see what was meant; an alias to a list or mapping is null.
        anchored: dict[str, object] = {}
        root = None
        while True:
            event = get_event()
            cls = event.__class__
            if cls is ScalarEvent:
                value = event.value
                if not event.style:
                    value = resolve(value)
                    if (value.__class__ is int or value.__class__ is str and value[:1] and
                            value[0] in "0123456789+-.") and \
                            (problem := number_problem(event.value, value)):
                        self._report(
                            "GS260", f"{problem}.", event,
                            "Write a whole or decimal number within ±10^15 (`1.5`, `250`), "
                            "or quote the value if it is text.",
                        )  # fmt: skip
                if event.anchor is not None or event.tag is not None:
                    self._refuse(event)
                    if event.anchor is not None:
                        anchored[event.anchor] = value
                opens = False
            elif cls is MappingEndEvent or cls is SequenceEndEvent:
                if skip:
                    skip -= 1
                else:
                    top, top_path, in_map = stack.pop()
                continue
            elif cls is MappingStartEvent or cls is SequenceStartEvent:
                if event.anchor is not None or event.tag is not None:
                    self._refuse(event)
                if len(stack) + skip >= max_depth:
                    self._stop(
                        "GS105", f"Nesting deeper than {max_depth} levels.", event,
                        "Flatten the structure; the loader stops reading the file here.",
                    )  # fmt: skip
                value = {} if cls is MappingStartEvent else []
                opens = True
            elif cls is AliasEvent:
                self._report(
                    "GS103", f"The alias `*{event.anchor}` is not allowed.", event,
                    "Write the value out; content files must be readable on their own.",
                )  # fmt: skip
                value = anchored.get(event.anchor)
                opens = False
            else:  # DocumentEndEvent: no other event comes inside a document
                self.nodes_left = nodes_left
                return root, marks, key_marks

            nodes_left -= 1
            if nodes_left < 0:
                self._stop(
                    "GS104", f"More than {self.limits.max_nodes} keys, values and items.", event,
                    "Split the content over several files; the loader stops reading here.",
                )  # fmt: skip
            if skip:
                if opens:
                    skip += 1
                continue
            mark = event.start_mark
            pos = (mark.line + 1, mark.column + 1)
            if in_map:
                if key is _NO_KEY:
                    if opens:
                        self._report(
                            "GS101", "A mapping key must be a plain value, not a list or mapping.",
                            event, "Write the key as text.",
                        )  # fmt: skip
                        key, skip = _DROP, 1
                    elif cls is AliasEvent:
                        key = _DROP
                    elif value in top or (twin := _twin(value)) in top:
                        same = value if value in top else twin
                        first = key_marks[top_path + (same,)][0]
                        self._report(
                            "GS102", f"The key `{event.value}` appears twice in this mapping"
                            + ("." if same is value else f" (once as `{json.dumps(same)}`: a number "
                               "and its text name the same key)."),
                            event, f"The first is on line {first}; this one and its value are "
                            "ignored.",
                        )  # fmt: skip
                        key = _DROP
                    else:
                        key, key_pos = value, pos
                    continue
                if key is _DROP:
                    key = _NO_KEY
                    if opens:
                        skip = 1
                    continue
                path = top_path + (key,)
                top[key] = value
                key_marks[path] = key_pos
                key = _NO_KEY
            elif top is not None:
                path = top_path + (len(top),)
                top.append(value)
            else:
                path = ()
                root = value
            marks[path] = pos
            if opens:
                stack.append((top, top_path, in_map))
                top, top_path, in_map = value, path, cls is MappingStartEvent

    def _refuse(self, event) -> None:
        if event.anchor is not None:
            self._report(
                "GS103", f"The anchor `&{event.anchor}` is not allowed.", event,
                "Remove the anchor and write out every value that uses it.",
            )  # fmt: skip
        if event.tag is not None:
            tag = event.tag
            if tag.startswith(_YAML_TAGS):
                tag = "!!" + tag[len(_YAML_TAGS) :]
            self._report(
                "GS109", f"The tag `{tag}` is not allowed.", event,
                "Remove the tag; quote the value if it must be text.",
            )  # fmt: skip

    def _report(self, code: str, message: str, event, hint: str | None = None) -> None:
        mark = event.start_mark
        location = Location(self.file, mark.line + 1, mark.column + 1)
        self.diagnostics.append(CATALOGUE[code](message, location, hint=hint))
        if len(self.diagnostics) >= self.limits.max_problems:
            raise _Stop

    def _stop(self, code: str, message: str, event, hint: str) -> None:
        self._report(code, message, event, hint)
        raise _Stop
