"""Quarter turns and footprints."""

from hypothesis import given
from hypothesis import strategies as st

from compiler.geometry import ROTATIONS, footprint, rotate_cell, rotate_cells, turned_size

cells = st.frozensets(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=30)


def test_quarter_turn_is_clockwise():
    # A 3-wide, 2-tall frame: its top-right cell goes to the bottom-right after a turn.
    assert rotate_cell((2, 0), (3, 2), 90) == (1, 2)
    assert rotate_cell((0, 0), (3, 2), 90) == (1, 0)
    assert rotate_cell((0, 0), (3, 2), 180) == (2, 1)
    assert rotate_cell((0, 0), (3, 2), 270) == (0, 2)


def test_footprint_turns_about_its_top_left():
    assert footprint((2, 3), (3, 1)) == {(2, 3), (3, 3), (4, 3)}
    assert footprint((2, 3), (3, 1), 90) == {(2, 3), (2, 4), (2, 5)}
    assert footprint((2, 3), (3, 1), 180) == footprint((2, 3), (3, 1))


@given(cells)
def test_four_turns_are_the_identity(shape):
    turned = shape
    for _ in range(4):
        turned = rotate_cells(turned, 90)
    assert turned == shape


@given(cells, st.sampled_from(ROTATIONS))
def test_a_turn_and_its_opposite_cancel(shape, rotate):
    assert rotate_cells(rotate_cells(shape, rotate), (360 - rotate) % 360) == shape


@given(cells, st.sampled_from(ROTATIONS))
def test_turning_keeps_size_and_top_left(shape, rotate):
    turned = rotate_cells(shape, rotate)
    assert len(turned) == len(shape)
    assert min(c for c, _ in turned) == min(c for c, _ in shape)
    assert min(r for _, r in turned) == min(r for _, r in shape)


@given(
    st.tuples(st.integers(0, 30), st.integers(0, 30)),
    st.integers(1, 6),
    st.integers(1, 6),
    st.sampled_from(ROTATIONS),
)
def test_footprint_size_is_preserved(at, w, h, rotate):
    cells_ = footprint(at, (w, h), rotate)
    assert len(cells_) == w * h
    columns = max(c for c, _ in cells_) - at[0] + 1
    rows = max(r for _, r in cells_) - at[1] + 1
    assert (columns, rows) == turned_size((w, h), rotate)
    assert cells_ == rotate_cells(footprint(at, (w, h)), rotate)
