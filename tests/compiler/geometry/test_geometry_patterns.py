"""Attack patterns: `X` cells turned with the facing, and `*` rays that run on within reach
and line of sight."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.geometry import Board, PatternError, Piece, pattern_cells, pattern_marks, ray_cells


def blockers(*cells):
    return [Piece("pillar", c, frozenset({c}), frozenset({"blocking"})) for c in cells]


def test_a_ray_runs_straight_ahead_to_its_range():
    board = Board.rectangle(10, 3)
    assert pattern_cells([".*.", ".@."], (0, 1), 1, board=board, reach=4) == [
        (1, 1), (2, 1), (3, 1), (4, 1)]


def test_without_a_range_a_ray_runs_to_the_edge_of_the_board():
    board = Board.rectangle(6, 3)
    assert pattern_cells([".*.", ".@."], (0, 1), 1, board=board) == [
        (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]


def test_a_diagonal_ray_counts_range_as_the_board_counts_diagonals():
    board = Board.rectangle(8, 8, movement="eight-way", diagonal_cost=2)
    assert pattern_cells(["*.*", ".@."], (4, 4), 0, board=board, reach=4) == [
        (3, 3), (2, 2), (5, 3), (6, 2)]  # two diagonal squares each, 2 range apiece


def test_a_ray_stops_before_a_blocker_and_mirrors_with_the_stance():
    board = Board.rectangle(8, 3, pieces=blockers((4, 1)))
    assert ray_cells(board, (0, 1), (1, 1)) == [(1, 1), (2, 1), (3, 1)]
    assert pattern_cells(["*..", ".@."], (2, 2), 0, mirrored=True, board=board) == [(3, 1), (4, 0)]


def test_without_a_board_only_the_x_cells_count():
    assert pattern_cells(["*X*", ".@."], (2, 2), 0) == [(2, 1)]


@pytest.mark.parametrize("rows", [["..", ".."], ["@@"], [".@", "?X"]])
def test_a_pattern_needs_one_at_and_known_marks(rows):
    with pytest.raises(PatternError):
        pattern_marks(rows)


boards = st.builds(
    lambda opaque, diagonal: Board.rectangle(
        7, 7, pieces=blockers(*opaque), movement="eight-way", diagonal_cost=diagonal),
    st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=10),
    st.integers(1, 3),
)
cells = st.tuples(st.integers(0, 6), st.integers(0, 6))
steps = st.sampled_from([(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)])


@settings(max_examples=150, deadline=None)
@given(boards, cells, steps, st.one_of(st.none(), st.integers(1, 12)))
def test_rays_never_pass_a_sight_blocking_cell_nor_exceed_their_range(board, at, step, reach):
    ray = ray_cells(board, at, (at[0] + step[0], at[1] + step[1]), reach)
    assert all(not board.blocks_sight(c) and board.line_of_sight(at, c) for c in ray)
    assert all(reach is None or board.span(at, c) <= reach for c in ray)
    # one unbroken line from the first cell: a ray never jumps over what stopped it
    assert ray == [(at[0] + step[0] * n, at[1] + step[1] * n) for n in range(1, len(ray) + 1)]
    # and it runs on as far as it may: the cell after it is off the board, out of sight or range
    after = (at[0] + step[0] * (len(ray) + 1), at[1] + step[1] * (len(ray) + 1))
    assert (after not in board.cells or board.blocks_sight(after)
            or not board.line_of_sight(at, after)
            or (reach is not None and board.span(at, after) > reach))
