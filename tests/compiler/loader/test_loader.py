"""load_text / load_file: every refusal and failure is a diagnostic with an exact position."""

import pytest
import yaml

import compiler.loader.yaml_reader as yaml_reader
from compiler.diagnostics import Severity
from compiler.loader import LIMITS, Limits, load_file, load_text


def where(diags):
    return [(d.code, d.line, d.column) for d in diags]


def test_plain_document():
    (doc,), diags = load_text("kind: game\nid: g\n", "game.yaml")
    assert diags == []
    assert doc.data == {"kind": "game", "id": "g"}
    assert list(doc.data) == ["kind", "id"]


def test_accepts_bytes_and_str_alike():
    assert load_text(b"a: [1, x]", "f")[0][0].data == load_text("a: [1, x]", "f")[0][0].data


# -- duplicate keys -------------------------------------------------------------


def test_duplicate_key_keeps_first_and_points_at_second():
    (doc,), diags = load_text("id: gear\nname: x\nid: weapon\nafter: 1\n", "d.yaml")
    assert where(diags) == [("GS102", 3, 1)]
    assert "line 1" in diags[0].hint
    assert "`id`" in diags[0].message
    assert doc.data == {"id": "gear", "name": "x", "after": 1}
    assert doc.marks[("id",)].line == 1


def test_duplicate_key_with_a_nested_value_skips_the_whole_value():
    text = "a:\n  b: 1\n  c: {x: 1}\n  b:\n    - deep: [1, 2]\n  d: 4\n"
    (doc,), diags = load_text(text, "d.yaml")
    assert where(diags) == [("GS102", 4, 3)]
    assert "line 2" in diags[0].hint
    assert doc.data == {"a": {"b": 1, "c": {"x": 1}, "d": 4}}
    assert ("a", "b", 0) not in doc.marks


def test_duplicate_keys_in_flow_mapping_and_same_key_in_different_mappings():
    (doc,), diags = load_text("x: {a: 1, a: 2}\ny: {a: 3}\n", "d.yaml")
    assert where(diags) == [("GS102", 1, 11)]
    assert doc.data == {"x": {"a": 1}, "y": {"a": 3}}


def test_keys_that_name_the_same_key_are_duplicates_quoted_or_not():
    _, diags = load_text("1: a\n'1': b\n1: c\n", "d.yaml")
    assert where(diags) == [("GS102", 2, 1), ("GS102", 3, 1)]
    assert "a number and its text name the same key" in diags[0].message


# -- anchors, aliases, tags ------------------------------------------------------


def test_anchor_and_alias_refused():
    (doc,), diags = load_text("base: &b {hp: 3}\nother: *b\n", "a.yaml")
    assert where(diags) == [("GS103", 1, 7), ("GS103", 2, 8)]
    assert "&b" in diags[0].message and "*b" in diags[1].message
    assert doc.data == {"base": {"hp": 3}, "other": None}


def test_alias_of_a_scalar_reads_as_the_scalar():
    (doc,), diags = load_text("kind: terrain\nid: &x rock\nname: *x\n", "a.yaml")
    assert where(diags) == [("GS103", 2, 5), ("GS103", 3, 7)]
    assert doc.data == {"kind": "terrain", "id": "rock", "name": "rock"}
    assert doc.marks[("name",)].line == 3


def test_anchors_belong_to_their_document():
    docs, diags = load_text("a: &x 1\n---\nb: *x\n", "a.yaml")
    assert [d.data for d in docs] == [{"a": 1}, {"b": None}]
    assert where(diags) == [("GS103", 1, 4), ("GS103", 3, 4)]


def test_alias_as_key_drops_the_entry():
    (doc,), diags = load_text("a: &k x\n*k : 1\nb: 2\n", "a.yaml")
    assert where(diags) == [("GS103", 1, 4), ("GS103", 2, 1)]
    assert doc.data == {"a": "x", "b": 2}


def test_billion_laughs_is_refused_without_expansion():
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    docs, diags = load_text("\n".join(lines), "lol.yaml")
    assert {d.code for d in diags} == {"GS103"}
    assert diags[0].line == 1
    assert all(d.severity is Severity.ERROR for d in diags)
    assert len(diags) <= LIMITS.max_problems
    if docs:
        assert docs[0].data["b"] == [None] * 9


@pytest.mark.parametrize(
    ("text", "tag", "pos"),
    [
        ("hp: !!float 3", "!!float", (1, 5)),
        ("a: !foo [1]", "!foo", (1, 4)),
        ("- ! 'x'", "!", (1, 3)),
        ("!!map {a: 1}", "!!map", (1, 1)),
    ],
)
def test_explicit_tags_refused(text, tag, pos):
    docs, diags = load_text(text, "t.yaml")
    assert where(diags) == [("GS109", *pos)]
    assert f"`{tag}`" in diags[0].message
    assert len(docs) == 1  # the tag is ignored, the value kept


def test_tag_syntax_errors_are_tag_diagnostics():
    _, diags = load_text("a: !e!foo x", "t.yaml")
    assert where(diags) == [("GS109", 1, 4)]


def test_anchor_syntax_errors_are_alias_diagnostics():
    _, diags = load_text("a: &\n", "t.yaml")
    assert [d.code for d in diags] == ["GS103"]


def test_complex_keys_are_refused():
    (doc,), diags = load_text("{[1, 2]: x, b: 3}", "k.yaml")
    assert where(diags) == [("GS101", 1, 2)]
    assert doc.data == {"b": 3}
    (doc,), diags = load_text("? {a: 1}\n: {deep: [1]}\nc: 4\n", "k.yaml")
    assert where(diags) == [("GS101", 1, 3)]
    assert doc.data == {"c": 4}


# -- limits ----------------------------------------------------------------------


def test_limits_are_a_frozen_constant():
    assert LIMITS.max_bytes >= 1024 * 1024 and LIMITS.max_depth >= 32
    with pytest.raises(AttributeError):
        LIMITS.max_depth = 5


def test_too_large_text_is_not_parsed():
    docs, diags = load_text(b"a: 1\n" + b"\xff" * 20, "big.yaml", limits=Limits(max_bytes=10))
    assert docs == []
    assert where(diags) == [("GS104", 1, 1)]


def test_too_large_file_is_not_read(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"\xff" * 100)
    docs, diags = load_file(path, "pack/big.yaml", limits=Limits(max_bytes=99))
    assert docs == []
    assert where(diags) == [("GS104", 1, 1)]
    assert diags[0].file == "pack/big.yaml"


def test_too_deep_flow_nesting_stops_at_the_node_that_crosses():
    docs, diags = load_text("[" * 500, "deep.yaml")
    assert docs == []
    assert where(diags) == [("GS105", 1, LIMITS.max_depth + 1)]


def test_nesting_beyond_libyaml_limit_is_too_deep():
    docs, diags = load_text("a: " + "[" * 100_000, "deep.yaml")
    assert docs == []
    assert [d.code for d in diags] == ["GS105"]
    assert diags[0].line == 1


def test_too_deep_block_nesting():
    text = "".join("  " * level + f"k{level}:\n" for level in range(10)) + "  " * 10 + "v: 1\n"
    docs, diags = load_text(text, "deep.yaml", limits=Limits(max_depth=4))
    assert docs == []
    assert where(diags) == [("GS105", 5, 9)]  # the mapping under k3 is the 5th level
    docs, diags = load_text(text, "deep.yaml", limits=Limits(max_depth=11))
    assert diags == [] and len(docs) == 1


def test_documents_before_a_limit_are_kept():
    docs, diags = load_text("a: 1\n---\n[[[1]]]\n", "d.yaml", limits=Limits(max_depth=2))
    assert [d.data for d in docs] == [{"a": 1}]
    assert where(diags) == [("GS105", 3, 3)]


def test_node_count_limit():
    docs, diags = load_text("[1, 2, 3, 4, 5, 6]", "n.yaml", limits=Limits(max_nodes=5))
    assert docs == []
    assert where(diags) == [("GS104", 1, 14)]  # the root plus four items fit
    docs, diags = load_text("---\n[1, 2]\n---\n[3, 4]\n", "n.yaml", limits=Limits(max_nodes=5))
    assert [d.data for d in docs] == [[1, 2]]
    assert where(diags) == [("GS104", 4, 5)]


def test_problem_count_limit_stops_reading():
    text = "a: &a 1\n" + "".join(f"k{i}: *a\n" for i in range(20))
    docs, diags = load_text(text, "p.yaml", limits=Limits(max_problems=3))
    assert where(diags) == [("GS103", 1, 4), ("GS103", 2, 5), ("GS103", 3, 5)]
    assert docs == []


# -- empty files and documents ---------------------------------------------------


@pytest.mark.parametrize(
    "text", ["", "\n\n", "# only a comment\n", "---\n", "---\n...\n", "~\n", "--- null"]
)
def test_empty_file_warns(text):
    docs, diags = load_text(text, "e.yaml")
    assert docs == []
    assert where(diags) == [("GS106", 1, 1)]
    assert diags[0].severity is Severity.WARNING


def test_empty_documents_are_skipped_but_counted():
    docs, diags = load_text("a: 1\n---\n---\n# nothing\n---\nb: 2\n", "m.yaml")
    assert diags == []
    assert [(d.index, d.data) for d in docs] == [(0, {"a": 1}), (3, {"b": 2})]
    assert docs[1].marks[("b",)].line == 6


def test_empty_containers_are_documents():
    docs, diags = load_text("--- {}\n--- []\n", "m.yaml")
    assert diags == []
    assert [d.data for d in docs] == [{}, []]


# -- encoding --------------------------------------------------------------------


def test_not_utf8_points_at_first_bad_byte():
    docs, diags = load_text("a: 1\nb: café ".encode() + b"\xff rest\n", "u.yaml")
    assert docs == []
    assert where(diags) == [("GS107", 2, 9)]
    assert "0xFF" in diags[0].message


def test_utf16_is_not_utf8():
    _, diags = load_text("a: 1\n".encode("utf-16"), "u.yaml")
    assert where(diags) == [("GS107", 1, 1)]


def test_lone_surrogate_in_str_is_not_utf8():
    _, diags = load_text("a: 1\nb: x\ud800", "u.yaml")
    assert where(diags) == [("GS107", 2, 5)]


def test_bom_is_accepted_and_does_not_shift_columns():
    for text in (b"\xef\xbb\xbfa: 1\n", "\ufeffa: 1\n"):
        (doc,), diags = load_text(text, "b.yaml")
        assert diags == []
        assert doc.data == {"a": 1}
        assert doc.marks[("a",)] == doc.mark(("a",))
        assert (doc.marks[("a",)].line, doc.marks[("a",)].column) == (1, 4)


def test_control_character_is_a_syntax_error_at_its_position():
    _, diags = load_text("a: 1\nb: é\x07\n", "c.yaml")
    assert where(diags) == [("GS101", 2, 5)]
    assert "U+0007" in diags[0].message


def test_columns_count_characters_not_bytes():
    (doc,), _ = load_text("é☕: ñ\n", "c.yaml")
    assert doc.marks[("é☕",)].column == 5


# -- tabs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pos"),
    [
        ("cards:\n\t- id: a", (2, 1)),
        ("a:\n\tb: 1", (2, 1)),
        ("\ta: 1", (1, 1)),
        ("a:\n  b: 1\n\tc: 2", (3, 1)),
        ("a:\n  b: 1\n  \tc: 2", (3, 3)),
        ("x:\n \t- 1", (2, 2)),
        ("- a\n-\tb", (2, 2)),
        ("a:\n  - x\n  -\ty", (3, 4)),
        ("a: |\n  x\n\ty", (3, 1)),
        ("a: 1\n\t", (2, 1)),
        ("a: |\n  \tx\n", (2, 3)),  # libyaml wants the first line of a block scalar untabbed
    ],
)
def test_tab_indentation(text, pos):
    docs, diags = load_text(text, "t.yaml")
    assert docs == []
    assert where(diags) == [("GS108", *pos)]


@pytest.mark.parametrize(
    "text", ["a:\t1\nb:\t 2", "a: [\n\t1,\n]", "a: '\tx'", "a: |\n  y\n  \tx\n"]
)
def test_tabs_that_do_not_indent_are_fine(text):
    docs, diags = load_text(text, "t.yaml")
    assert diags == [] and len(docs) == 1


# -- syntax errors ---------------------------------------------------------------


def test_value_with_colon_space_suggests_quoting():
    _, diags = load_text("title: Note: read this\n", "s.yaml")
    assert where(diags) == [("GS101", 1, 12)]
    assert diags[0].message == "Mapping values are not allowed in this context"
    assert 'title: "Note: read this"' in diags[0].hint


def test_over_indented_key_gets_an_indentation_hint():
    _, diags = load_text("key: value\n  other: 2\n", "s.yaml")
    assert where(diags) == [("GS101", 2, 8)]
    assert "indented" in diags[0].hint


def test_misaligned_list_item_key():
    _, diags = load_text("cards:\n  - id: a\n   name: b\n", "s.yaml")
    assert where(diags) == [("GS101", 3, 4)]
    assert "line 2" in diags[0].hint


def test_misaligned_mapping_key():
    _, diags = load_text("a:\n  - 1\n - 2\n", "s.yaml")
    assert where(diags) == [("GS101", 3, 2)]
    assert "line 1" in diags[0].hint


def test_unclosed_quote_points_at_end_and_names_the_start():
    _, diags = load_text("a: 'abc\nb: 2\n", "s.yaml")
    assert where(diags) == [("GS101", 3, 1)]  # the end of the file, after the last line break
    assert "line 1" in diags[0].hint and "quote" in diags[0].hint


def test_unclosed_flow_sequence():
    _, diags = load_text("a: [1, 2\nb: 3\n", "s.yaml")
    assert where(diags) == [("GS101", 2, 2)]
    assert "'['" in diags[0].hint


def test_reserved_first_character():
    _, diags = load_text("a: @x\n", "s.yaml")
    assert where(diags) == [("GS101", 1, 4)]
    assert "'@'" in diags[0].hint


def test_missing_colon():
    _, diags = load_text("a: b\nc\nd: e\n", "s.yaml")
    assert where(diags) == [("GS101", 3, 1)]
    assert "line 2" in diags[0].hint


def test_documents_before_a_syntax_error_are_kept():
    docs, diags = load_text("a: 1\n---\nb: 2\n---\nc: [\n", "m.yaml")
    assert [(d.index, d.data) for d in docs] == [(0, {"a": 1}), (1, {"b": 2})]
    assert where(diags) == [("GS101", 6, 1)]


# -- files -----------------------------------------------------------------------


def test_load_file_uses_display_name(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("id: a\nid: b\n", encoding="utf-8")
    (doc,), diags = load_file(path, "pack/cards.yaml")
    assert doc.file == "pack/cards.yaml"
    assert diags[0].file == "pack/cards.yaml"
    (doc,), _ = load_file(path)
    assert doc.file == str(path)


@pytest.mark.parametrize("make", [lambda p: p, lambda p: p.mkdir() or p])
def test_unreadable_file(tmp_path, make):
    path = make(tmp_path / "gone.yaml")
    docs, diags = load_file(path, "gone.yaml")
    assert docs == []
    assert [d.code for d in diags] == ["GS110"]
    assert diags[0].file == "gone.yaml"


# -- without libyaml -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["a: 1\nb: [x, 'y', 0777, 1.10, 1.5, yes, ~]\n", "id: a\nid: b\n", "x: &b 1\ny: *b\n",
     "cards:\n\t- id: a", "title: Note: read this\n"],
)  # fmt: skip
def test_pure_python_parser_gives_the_same_result(monkeypatch, text):
    with_c = load_text(text, "f.yaml")
    monkeypatch.setattr(yaml_reader, "_EventSource", yaml.SafeLoader)
    without_c = load_text(text, "f.yaml")
    assert [d.data for d in without_c[0]] == [d.data for d in with_c[0]]
    assert where(without_c[1]) == where(with_c[1])
