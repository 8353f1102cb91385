"""Cell notation: parsing, formatting, ranges and the errors designers see."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compiler.geometry import CellError, Notation, format_cell, parse_area, parse_cell, parse_range
from compiler.geometry.cells import MAX_RANGE_CELLS, index_to_letters, letters_to_index

NOTATIONS = [
    Notation("letters", "numbers"),
    Notation("numbers", "letters"),
    Notation("numbers", "numbers"),
    Notation("letters", "letters"),
]


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("A1", (0, 0)),
        ("C4", (2, 3)),
        ("Z1", (25, 0)),
        ("AA1", (26, 0)),
        ("AZ12", (51, 11)),
        ("c4", (2, 3)),
        (" C4 ", (2, 3)),
    ],
)
def test_default_notation(text, cell):
    assert parse_cell(text) == cell


@pytest.mark.parametrize(
    ("text", "notation", "cell"),
    [
        ("B3", Notation("numbers", "letters"), (2, 1)),  # row B, column 3
        ("3-4", Notation("numbers", "numbers"), (2, 3)),
        ("C-D", Notation("letters", "letters"), (2, 3)),
    ],
)
def test_other_labels(text, notation, cell):
    assert parse_cell(text, notation) == cell
    assert format_cell(cell, notation) == text


@pytest.mark.parametrize(
    ("text", "notation", "says"),
    [
        ("4C", Notation(), "'4C' is not a cell; write it like 'C4'"),
        ("A0", Notation(), "numbering starts at 1"),
        ("", Notation(), "is not a cell"),
        ("C", Notation(), "is not a cell"),
        ("A1:B2", Notation(), "is a range"),
        ("C-4", Notation(), "is not a cell"),
        ("34", Notation("numbers", "numbers"), "write it like '3-4'"),
        ("C-4", Notation("numbers", "numbers"), "does not match this board's labels"),
        (12, Notation(), "not 12"),
        ("A" * 40, Notation(), "is not a cell"),
    ],
)
def test_bad_cells(text, notation, says):
    with pytest.raises(CellError) as caught:
        parse_cell(text, notation)
    assert says in caught.value.message


def test_ranges_are_inclusive_rectangles_in_either_order():
    assert parse_range("C3:A1") == ((0, 0), (2, 2))
    assert parse_range("B2") == ((1, 1), (1, 1))
    assert parse_area(["A1:B2", "D4", "B2"]) == {(0, 0), (1, 0), (0, 1), (1, 1), (3, 3)}
    assert parse_area([]) == frozenset()


def test_bad_ranges():
    with pytest.raises(CellError, match="not a range"):
        parse_range("A1:B2:C3")
    with pytest.raises(CellError, match="not a cell"):
        parse_area(["A1:4C"])
    with pytest.raises(CellError, match=str(MAX_RANGE_CELLS)):
        parse_area(["A1:ZZZ9999"])


@given(st.integers(0, 20_000))
def test_letters_round_trip(index):
    assert letters_to_index(index_to_letters(index)) == index


@given(st.sampled_from(NOTATIONS), st.integers(0, 999), st.integers(0, 999))
def test_format_then_parse_is_identity(notation, col, row):
    text = format_cell((col, row), notation)
    assert parse_cell(text, notation) == (col, row)
    assert format_cell(parse_cell(text, notation), notation) == text


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_range_covers_its_rectangle(c0, r0, c1, r1):
    text = f"{format_cell((c0, r0))}:{format_cell((c1, r1))}"
    cells = parse_area([text])
    assert len(cells) == (abs(c1 - c0) + 1) * (abs(r1 - r0) + 1)
    assert (c0, r0) in cells and (c1, r1) in cells
