"""Corner-to-corner line of sight: the rule's cases, and its symmetry."""

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.geometry import Board, Piece, wall


def blockers(*cells):
    return [Piece("pillar", c, frozenset({c}), frozenset({"blocking"})) for c in cells]


def test_open_board_sees_everywhere():
    board = Board.rectangle(6, 5)
    assert all(board.line_of_sight((0, 0), c) for c in board.cells)


def test_a_blocker_in_the_row_blocks_and_one_beside_it_does_not():
    board = Board.rectangle(7, 3, pieces=blockers((3, 1)))
    assert not board.line_of_sight((0, 1), (6, 1))
    assert board.line_of_sight((0, 0), (6, 0))  # lines in the row above never touch it
    assert board.line_of_sight((0, 2), (6, 2))
    assert not board.line_of_sight((0, 0), (6, 2))  # it sits on the diagonal


def test_sight_does_not_slip_between_diagonal_blockers():
    board = Board.rectangle(3, 3, pieces=blockers((1, 0), (0, 1)))
    assert not board.line_of_sight((0, 0), (1, 1))
    one = Board.rectangle(3, 3, pieces=blockers((1, 0)))
    assert one.line_of_sight((0, 0), (1, 1))


def test_the_viewer_and_target_cells_never_block():
    board = Board.rectangle(3, 1, pieces=blockers((0, 0), (2, 0)))
    assert board.line_of_sight((0, 0), (2, 0))


def test_walls_block_between_neighbours_and_round_their_ends():
    board = Board.rectangle(3, 3, walls=[wall((0, 1), (1, 1))])
    assert not board.line_of_sight((0, 1), (1, 1))
    assert board.line_of_sight((0, 0), (1, 1))  # past the wall's end, from above it
    assert board.line_of_sight((0, 1), (1, 0))


def test_a_walled_corridor_sees_along_itself():
    walls = [wall((0, r), (1, r)) for r in range(6)] + [wall((1, r), (2, r)) for r in range(6)]
    board = Board.rectangle(3, 6, walls=walls)
    assert board.line_of_sight((1, 0), (1, 5))
    assert not board.line_of_sight((1, 0), (0, 5))


def test_blocked_cells_and_cells_off_the_board_block():
    board = Board.rectangle(5, 1, blocked=[(2, 0)])
    assert not board.line_of_sight((0, 0), (4, 0))
    assert not board.line_of_sight((0, 0), (2, 0))
    assert board.line_of_sight((1, 1), (1, 1)) is False


boards = st.builds(
    lambda opaque, walls: Board.rectangle(
        6,
        5,
        pieces=blockers(*opaque),
        walls=[wall(c, (c[0] + dx, c[1] + dy)) for c, (dx, dy) in walls],
    ),
    st.sets(st.tuples(st.integers(0, 5), st.integers(0, 4)), max_size=8),
    st.lists(
        st.tuples(
            st.tuples(st.integers(0, 5), st.integers(0, 4)), st.sampled_from([(1, 0), (0, 1)])
        ),
        max_size=8,
    ),
)
cells = st.tuples(st.integers(0, 5), st.integers(0, 4))


@settings(max_examples=150, deadline=None)
@given(boards, cells, cells)
def test_sight_is_symmetric(board, a, b):
    assert board.line_of_sight(a, b) == board.line_of_sight(b, a)


@settings(max_examples=100, deadline=None)
@given(boards, cells)
def test_a_cell_sees_itself_and_its_open_neighbours(board, a):
    assert board.line_of_sight(a, a)
    for n in board.neighbours(a):
        assert board.line_of_sight(a, n)


@settings(max_examples=100, deadline=None)
@given(boards, cells, cells)
def test_more_blockers_never_open_sight(board, a, b):
    if not board.line_of_sight(a, b):
        extra = [c for c in board.cells if c not in (a, b)][:3]
        assert not board.extended(pieces=blockers(*extra)).line_of_sight(a, b)
