"""Plain scalars resolve YAML 1.2-style; quoted and block scalars always stay strings."""

import math

import pytest
import yaml

from compiler.loader import load_text
from compiler.loader.scalars import resolve_plain


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", None), ("~", None), ("null", None), ("Null", None), ("NULL", None),
        ("nULL", "nULL"),
        ("true", True), ("True", True), ("TRUE", True),
        ("false", False), ("False", False), ("FALSE", False),
        ("yes", "yes"), ("no", "no"), ("on", "on"), ("off", "off"), ("y", "y"), ("n", "n"),
        ("0", 0), ("7", 7), ("-3", -3), ("+5", 5), ("-0", 0), ("1234567890123", 1234567890123),
        ("0777", "0777"), ("011", "011"), ("0x1F", "0x1F"), ("0o17", "0o17"), ("1_000", "1_000"),
        ("1.5", 1.5), ("-2.25", -2.25), ("+0.5", 0.5), ("1.0", 1.0), ("0.1", 0.1),
        ("1.10", "1.10"), ("1.50", "1.50"), ("01.5", "01.5"), (".5", ".5"), ("1.", "1."),
        ("3e5", "3e5"), ("1.5e3", "1.5e3"), (".inf", ".inf"), ("-.inf", "-.inf"), (".nan", ".nan"),
        ("12345678901234567890.5", "12345678901234567890.5"),
        ("12:30", "12:30"), ("2024-01-02", "2024-01-02"), ("1 2", "1 2"), ("-", "-"),
        ("tomorrow", "tomorrow"), ("free", "free"), ("~x", "~x"), ("coins >= 2", "coins >= 2"),
    ],
)  # fmt: skip
def test_plain_scalar_meaning(text, value):
    resolved = resolve_plain(text)
    assert resolved == value
    assert type(resolved) is type(value)


def test_minus_zero_float_keeps_its_sign():
    assert math.copysign(1, resolve_plain("-0.0")) == -1


def test_integer_too_long_for_python_stays_text():
    digits = "9" * 5000
    assert resolve_plain(digits) == digits


@pytest.mark.parametrize("text", ["'1'", '"true"', "'null'", '"0777"', "''", "|\n  12\n"])
def test_quoted_and_block_scalars_are_strings(text):
    (doc,), diags = load_text(f"v: {text}", "s.yaml")
    assert not diags
    assert isinstance(doc.data["v"], str)


def test_keys_resolve_like_values():
    (doc,), diags = load_text("11: a\n'12': b\ntrue: c\n1.5: d\n0777: e\n", "k.yaml")
    assert not diags
    assert list(doc.data) == [11, "12", True, 1.5, "0777"]


SIMPLE_CORPUS = [
    "kind: game\nid: gascony\ntitle: Gascony's Legacy\nplayers: {min: 1, max: 4}\n",
    "cards:\n  - id: cap\n    cost: 3\n    weight: 0.5\n    tags: [hat, cheap]\n  - id: sword\n",
    "hp: {2: 8, 3: 12, 4: 15, 5: 18}\nflag: true\nnothing: null\nempty:\n",
    "text: \"Deal 2 damage: then rest.\"\nquote: 'it''s'\nblock: |\n  line one\n  line two\n",
    "folded: >\n  one\n  two\n\nlist:\n- a\n- - b\n  - c\n- {x: -1, y: +2}\n",
    "nested:\n  a:\n    b:\n      c: [1, 2, {d: e}]\nunicode: café ☕\n",
    "- 1\n- -2.25\n- ~\n- 'x'\n- \"multi\\nline\"\n",
    "a: 1 # comment\n# full comment\nb: two words  # trailing\n",
]


@pytest.mark.parametrize("text", SIMPLE_CORPUS)
def test_agrees_with_pyyaml_on_unambiguous_documents(text):
    docs, diags = load_text(text, "c.yaml")
    assert not diags
    assert [d.data for d in docs] == list(yaml.safe_load_all(text))
