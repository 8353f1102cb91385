"""Property tests: the loader never raises, positions are always real, valid YAML round-trips."""

import re

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.diagnostics import Diagnostic, Severity
from compiler.loader import Document, Mark, load_text
from compiler.loader.scalars import LARGEST, number_problem

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that mean something to YAML, plus a few that trouble readers and decoders.
YAMLISH = [
    *" \t\n\r-:?,[]{}#&*!|>'\"%@`~.\\0129aZy",
    "\x00",
    "\x07",
    "é",
    "\ufeff",
    "\u2028",
    "\x85",
]


def check(text) -> tuple[list[Document], list[Diagnostic]]:
    """Load `text` and check what must hold for any input."""
    docs, diags = load_text(text, "prop.yaml")
    size = len(text)
    for d in diags:
        assert isinstance(d, Diagnostic)
        assert d.file == "prop.yaml"
        if size:
            assert d.line >= 1 and d.column >= 1, d
    for doc in docs:
        assert doc.data is not None
        assert isinstance(doc.mark(()), Mark) and doc.mark(()).line >= 1
    if not docs and not diags:
        raise AssertionError("an input with no documents must say why")
    return docs, diags


@FAST
@given(st.text(alphabet=st.sampled_from(YAMLISH), max_size=120))
def test_yamlish_text_never_raises(text):
    check(text)


@FAST
@given(st.binary(max_size=120))
def test_any_bytes_never_raise(data):
    check(data)


@FAST
@given(st.text(max_size=80))
def test_any_text_never_raises(text):
    check(text)


# Data that YAML round-trips exactly under the loader's rules: floats only in the forms it
# reads as floats (digits.digits that repr gives back), no NaN.
floats = st.floats(allow_nan=False, allow_infinity=False).filter(
    lambda f: re.fullmatch(r"-?\d+\.\d+", repr(f)) is not None
)
# PyYAML's emitter folds NEL, LS and PS in quoted scalars: its own round trip loses them.
chars = st.characters(codec="utf-8", exclude_characters="\x85\u2028\u2029")
# Numbers within the range content takes (GS260 refuses the rest), text that is no number.
texts = st.text(chars, max_size=12).filter(lambda t: number_problem(t, t) is None)
scalars = st.none() | st.booleans() | st.integers(-LARGEST, LARGEST) | floats | texts
keys = st.integers(-5, 50) | st.text(chars, max_size=8).filter(lambda t: number_problem(t, t) is None)
# `4` and `"4"` name the same key (GS102), so a mapping never holds both
data = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4).filter(
        lambda d: len({str(k) for k in d}) == len(d)),
    max_leaves=20,
)
dump_styles = st.sampled_from([None, False, True])


def paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def dump(value, flow) -> str:
    return yaml.safe_dump(value, default_flow_style=flow, allow_unicode=True, sort_keys=False)


@FAST
@given(data.filter(lambda v: v is not None), dump_styles)
def test_dumped_data_round_trips_with_a_mark_for_every_node(value, flow):
    text = dump(value, flow)
    (doc,), diags = check(text)
    assert diags == []
    assert doc.data == value
    line_count = text.count("\n") + 1
    for path in paths(value):
        assert path in doc.marks
        assert 1 <= doc.marks[path].line <= line_count
        if path and isinstance(path[-1], str | int) and not isinstance(path[-1], bool):
            parent = value
            for step in path[:-1]:
                parent = parent[step]
            if isinstance(parent, dict):
                assert path in doc.key_marks


@st.composite
def mutated(draw):
    """A valid document, then truncated, edited, or with its lines shuffled or re-indented."""
    text = dump(draw(data), draw(dump_styles))
    lines = text.split("\n")
    match draw(st.sampled_from(["truncate", "delete", "insert", "shuffle", "dedent", "tab"])):
        case "truncate":
            return text[: draw(st.integers(0, len(text)))]
        case "delete":
            at = draw(st.integers(0, max(len(text) - 1, 0)))
            return text[:at] + text[at + 1 :]
        case "insert":
            at = draw(st.integers(0, len(text)))
            return text[:at] + draw(st.sampled_from(YAMLISH)) + text[at:]
        case "shuffle":
            return "\n".join(draw(st.permutations(lines)))
        case "dedent":
            at = draw(st.integers(0, len(lines) - 1))
            lines[at] = lines[at][1:]
            return "\n".join(lines)
        case _:
            at = draw(st.integers(0, len(lines) - 1))
            lines[at] = "\t" + lines[at].lstrip(" ")
            return "\n".join(lines)


@FAST
@given(mutated())
def test_damaged_yaml_never_raises(text):
    docs, diags = check(text)
    if not any(d.severity is Severity.ERROR for d in diags):
        assert docs or [d.code for d in diags] == ["GS106"]


@FAST
@given(st.lists(data, min_size=1, max_size=4), st.integers(0, 3))
def test_multi_document_files_keep_documents_before_an_error(values, broken):
    parts = [dump(v, None) for v in values]
    if broken < len(parts):
        parts[broken] = "key: [unclosed\n"
    docs, diags = check("---\n" + "---\n".join(parts))
    kept = [(i, v) for i, v in enumerate(values[:broken]) if v is not None]
    assert [(d.index, d.data) for d in docs] == kept
    expected = ["GS101"] if broken < len(values) else [] if kept else ["GS106"]
    assert [d.code for d in diags] == expected
