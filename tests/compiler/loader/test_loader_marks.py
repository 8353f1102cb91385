"""Marks and the Document helpers that map a path back to a position."""

import dataclasses

import pytest

from compiler.diagnostics import Location
from compiler.loader import Document, Mark, load_text

TEXT = """\
kind: cards
cards:
  - id: cap
    cost: 3
  - id: sword
    fields:
      hands: 2
"""


@pytest.fixture
def doc():
    (doc,), diags = load_text(TEXT, "pack/cards.yaml")
    assert not diags
    return doc


def test_mark_is_a_frozen_value():
    mark = Mark(3, 5)
    assert (mark.line, mark.column) == (3, 5)
    assert mark == Mark(3, 5)
    assert hash(mark) == hash(Mark(3, 5))
    with pytest.raises(dataclasses.FrozenInstanceError):
        mark.line = 4


def test_every_value_and_key_has_a_mark(doc):
    assert doc.file == "pack/cards.yaml"
    assert doc.index == 0
    assert doc.marks[()] == Mark(1, 1)
    assert doc.marks[("kind",)] == Mark(1, 7)
    assert doc.key_marks[("kind",)] == Mark(1, 1)
    assert doc.marks[("cards",)] == Mark(3, 3)
    assert doc.marks[("cards", 0)] == Mark(3, 5)
    assert doc.marks[("cards", 0, "cost")] == Mark(4, 11)
    assert doc.key_marks[("cards", 0, "cost")] == Mark(4, 5)
    assert doc.marks[("cards", 1, "fields", "hands")] == Mark(7, 14)
    assert ("cards", 0) not in doc.key_marks  # list items have no key


def test_marks_behave_as_a_mapping(doc):
    assert len(doc.marks) == 10
    assert set(doc.marks) == set(dict(doc.marks.items()))
    assert doc.marks.get(("nope",)) is None
    assert doc.marks.get(("nope",), Mark(9, 9)) == Mark(9, 9)
    assert all(isinstance(m, Mark) for m in doc.marks.values())


def test_mark_falls_back_to_nearest_ancestor(doc):
    assert doc.mark(("cards", 1, "fields", "missing", 0)) == Mark(7, 7)
    assert doc.mark(("unknown",)) == Mark(1, 1)
    assert doc.mark(["cards", 0, "cost"]) == Mark(4, 11)  # a list path (pydantic's loc) works


def test_key_mark_falls_back_to_value_mark(doc):
    assert doc.key_mark(("cards", 0, "id")) == Mark(3, 5)
    assert doc.key_mark(("cards", 0)) == Mark(3, 5)
    assert doc.key_mark(("cards", 0, "nope")) == Mark(3, 5)


def test_location(doc):
    assert doc.location(("cards", 0, "cost")) == Location("pack/cards.yaml", 4, 11)
    assert doc.location(("cards", 0, "cost"), key=True) == Location("pack/cards.yaml", 4, 5)


def test_hand_made_document_uses_plain_dicts():
    doc = Document(
        "x.yaml", 0, {"a": 1}, {(): Mark(1, 1), ("a",): Mark(1, 4)}, {("a",): Mark(1, 1)}
    )
    assert doc.location(("a", "b")) == Location("x.yaml", 1, 4)
    assert doc.key_mark(("a",)) == Mark(1, 1)
    assert Document("x.yaml", 0, {}).mark(("a",)) == Mark(0, 0)  # unknown, as in Location
