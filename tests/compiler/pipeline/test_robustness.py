"""Truncated, mutated and shuffled content never lets a traceback escape: every failure
is a diagnostic with a location, and the other files are still checked."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler import compile_pack

GAME = "kind: game\nid: tiny\ntitle: Tiny\nplayers: {min: 2, max: 4}\nvariables:\n  coins: {initial: 0}\n"
FILES = {
    "cards.yaml": (
        "kind: card-type\nid: gear\nname: Gear\nfields:\n  hands: {type: int, required: true}\n---\n"
        "kind: cards\nid: deck\ntype: gear\nsize: 2\ncards:\n"
        "  - id: cap\n    name: Cap\n    hands: 1\n    abilities:\n"
        "      - when: start-of-turn\n        if: coins >= 2\n        do: [{draw: 1}, {gain: {variable: coins}}]\n"
        "  - id: pole\n    name: Pole\n    hands: 2\n"
    ),
    "story.yaml": (
        "kind: story\nid: act\ntitle: Act\nstart: '1'\ncards:\n"
        "  '1':\n    choices:\n      - {text: Go, goto: '2', if: coins >= 1}\n      - {text: Stay, goto: '3'}\n"
        "  '2': {battle: duel, outcomes: {victory: '3', defeat: '4'}}\n"
        "  '3': {ending: victory}\n  '4': {ending: defeat}\n"
    ),
    "board.yaml": (
        "kind: landscape\nid: yard\ngrid: {columns: 6, rows: 5}\nterrain:\n  - {piece: rock, at: C3}\n"
        "areas:\n  start: [A1]\n  exit: [F5]\n---\n"
        "kind: terrain\nid: rock\nname: Rock\ntype: obstacle\nkeywords: [impassable]\n---\n"
        "kind: scenario\nid: duel\ntitle: Duel\nlandscape: yard\ntables:\n  hp: {2: 4, 3: 6, 4: 8}\n"
    ),
}

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def check(files: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "game.yaml").write_text(GAME)
        for name, text in files.items():
            (root / name).write_text(text)
        result = compile_pack(root)
        for d in result.report.diagnostics:
            assert d.file, d
            assert d.line >= 1 or d.code in ("GS303", "GS304"), d


def test_valid_pack_is_clean():
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "game.yaml").write_text(GAME)
        for name, text in FILES.items():
            (root / name).write_text(text)
        assert compile_pack(root).report.diagnostics == []


@SETTINGS
@given(name=st.sampled_from(sorted(FILES)), data=st.data())
def test_truncated(name, data):
    text = FILES[name]
    cut = data.draw(st.integers(0, len(text)))
    check({**FILES, name: text[:cut]})


@SETTINGS
@given(name=st.sampled_from(sorted(FILES)), data=st.data())
def test_lines_shuffled_or_dropped(name, data):
    lines = FILES[name].splitlines()
    lines = data.draw(st.permutations(lines)) if data.draw(st.booleans()) else [
        line for line in lines if data.draw(st.booleans())
    ]
    check({**FILES, name: "\n".join(lines) + "\n"})


@SETTINGS
@given(
    name=st.sampled_from(sorted(FILES)),
    pos=st.integers(0, 10_000),
    junk=st.text(alphabet=st.sampled_from(list(":-[]{}&*!|>'\"#%@`\t\n ,?0aZ9é")), min_size=1, max_size=6),
)
def test_characters_inserted(name, pos, junk):
    text = FILES[name]
    pos %= len(text) + 1
    check({**FILES, name: text[:pos] + junk + text[pos:]})


@SETTINGS
@given(
    name=st.sampled_from(sorted(FILES)),
    data=st.data(),
    value=st.one_of(st.integers(-5, 10**12), st.just("null"), st.just("[]"), st.just("{}"),
                    st.just("'x y'"), st.just("yes"), st.just("0777"), st.just("1.10")),
)
def test_values_replaced(name, data, value):
    lines = FILES[name].splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    if ": " in lines[i]:
        head = lines[i].split(": ", 1)[0]
        lines[i] = f"{head}: {value}"
    check({**FILES, name: "\n".join(lines) + "\n"})
