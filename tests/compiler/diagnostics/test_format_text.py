from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from compiler.diagnostics import CATALOGUE, Location, Report
from compiler.diagnostics.formats.text import caret_line, read_lines, render_text, summary_line


def one(message="bad", location=None, hint=None) -> Report:
    """A report of one GS301 error, at a.yaml:1:1 unless told otherwise."""
    return Report([CATALOGUE["GS301"](message, location or Location("a.yaml", 1, 1), hint=hint)])


def test_whole_report(report, sources):
    assert render_text(report, sources) == (
        "content/g: error GS304: no game.yaml in the pack\n"
        "  = hint: add one\n"
        "\n"
        "content/g/story.yaml:1:1: info GS408: flag 'café' never tested\n"
        "1 | kind: story\n"
        "  | ^\n"
        "\n"
        "content/g/story.yaml:3:19: error GS301: unknown scenario 'courtyard-dule'\n"
        "3 |   '11': {battle: courtyard-dule}\n"
        "  |                   ^\n"
        "  = hint: did you mean 'courtyard-duel'?\n"
        "\n"
        "content/g/story.yaml:4: warning GS401: card '12' is unreachable\n"
        "4 |     '12': {goto: 日本語x}\n"
        "\n"
        "content/g/story.yaml:4:18: error GS402: 100% broken, says: me\n"
        "    second line\n"
        "4 |     '12': {goto: 日本語x}\n"
        "  |                        ^\n"
        "\n"
        "3 errors, 1 warning in 3 files (counts: cards 70, story-card 12)\n"
    )


def test_caret_under_the_column():
    assert caret_line("abc", 1) == "^"
    assert caret_line("abc", 3) == "  ^"


def test_caret_after_tab_wide_and_combining_characters():
    assert caret_line("\tx", 2) == "    ^"  # a tab shows as four spaces
    assert caret_line("日本x", 3) == "    ^"  # wide characters take two columns
    assert caret_line("日本x", 2) == "  ^^"  # and get two carets
    assert caret_line("e\u0301x", 3) == " ^"  # a combining accent takes none


def test_caret_past_the_end_of_the_line():
    assert caret_line("ab", 3) == "  ^"
    assert caret_line("ab", 40) == "  ^"


def test_control_characters_are_shown_not_sent_to_the_terminal():
    text = render_text(one(location=Location("a.yaml", 1, 5)), {"a.yaml": ["\x1b[2J\u202ex"]}.get)
    assert "\x1b" not in text and "\u202e" not in text
    assert "1 | ␛[2J<U+202E>x\n  |     ^^^^^^^^\n" in text


def test_no_caret_when_column_unknown_and_no_source_when_line_unknown(sources):
    text = render_text(one(location=Location("content/g/story.yaml", 2, 0)), sources)
    assert "2 | cards:\n" in text and "^" not in text
    text = render_text(one(location=Location("content/g/story.yaml", 0, 5)), sources)
    assert text.startswith("content/g/story.yaml: error GS301: bad\n\n")


def test_missing_source_or_line_beyond_the_file():
    assert render_text(one(), lambda file: None).startswith("a.yaml:1:1: error GS301: bad\n\n")
    text = render_text(one(location=Location("a.yaml", 9, 1)), {"a.yaml": ["x"]}.get)
    assert "|" not in text


def test_multiline_hint_is_indented():
    text = render_text(one(hint="first\nsecond"), lambda file: None)
    assert "  = hint: first\n          second\n" in text


def test_default_reader_reads_relative_to_cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_bytes("\ufeffid: x\r\nname: é\r\n".encode())
    text = render_text(one(location=Location("a.yaml", 2, 7)))
    assert "2 | name: é\n  |       ^\n" in text


def test_default_reader_tolerates_missing_and_undecodable_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_bytes(b"\xff\xfe\x00")
    assert read_lines("bad.yaml") is None
    assert read_lines("gone.yaml") is None
    assert read_lines(".") is None
    text = render_text(one(location=Location("bad.yaml", 1, 1)))
    assert text == "bad.yaml:1:1: error GS301: bad\n\n1 error, 0 warnings\n"


def test_read_lines_splits_where_yaml_counts_lines(tmp_path):
    (tmp_path / "a.yaml").write_text("a\rb\u2028c\x0cd\n", encoding="utf-8", newline="")
    assert read_lines(str(tmp_path / "a.yaml")) == ["a", "b", "c\x0cd", ""]


def test_sources_are_looked_up_once_per_file():
    seen = []
    r = Report([CATALOGUE["GS301"]("x", Location("a.yaml", n, 1)) for n in (1, 2, 3)])
    render_text(r, lambda file: seen.append(file) or ["l1", "l2"])
    assert seen == ["a.yaml"]


def test_colour_only_when_asked(report, sources):
    plain = render_text(report, sources)
    coloured = render_text(report, sources, color=True)
    assert "\x1b" not in plain
    assert "\x1b[1;31merror GS301\x1b[0m" in coloured
    assert "\x1b[1;33mwarning GS401\x1b[0m" in coloured
    assert "\x1b[1;31m3 errors\x1b[0m" in coloured


def test_summary_is_compact():
    counts = Counter({f"kind-{i}": i for i in range(1, 10)})
    line = summary_line(Report(counts=counts))
    assert line == (
        "0 errors, 0 warnings (counts: kind-9 9, kind-8 8, kind-7 7, kind-6 6, kind-5 5, "
        "kind-4 4, 3 more)"
    )
    assert summary_line(Report(counts=Counter(files=1))) == "0 errors, 0 warnings in 1 file"


@given(st.text(max_size=30), st.integers(0, 40), st.integers(0, 40), st.text(max_size=20))
def test_never_raises(source, line, column, message):
    text = render_text(one(message, Location("f", line, column)), {"f": source.split("\n")}.get)
    assert text.endswith("1 error, 0 warnings\n")


def test_gutter_widens_with_the_line_number():
    lines = [""] * 11 + ["  id: x"]
    text = render_text(one(location=Location("a.yaml", 12, 7), hint="h"), {"a.yaml": lines}.get)
    assert "a.yaml:12:7: error GS301: bad\n12 |   id: x\n   |       ^\n   = hint: h\n" in text
