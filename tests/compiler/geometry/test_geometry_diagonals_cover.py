"""Diagonal step costs, squeezing, ranges, adjacency and cover on a square grid."""

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.geometry import Board, Piece, wall


def pieces(keywords, *cells, cost=1):
    return [Piece("piece", c, frozenset({c}), frozenset(keywords), cost) for c in cells]


def test_a_diagonal_step_costs_its_price_and_difficult_ground_doubles_it():
    board = Board.rectangle(4, 4, movement="eight-way", diagonal_cost=2,
                            pieces=pieces({"elevated"}, (2, 2), cost=2))
    dist = board.distances_from((1, 1))
    assert dist[(2, 1)] == 1
    assert dist[(0, 0)] == 2  # one diagonal step
    assert dist[(2, 2)] == 3  # cheaper round the side (1 + 2) than straight up it (2 x 2)
    assert board.step_cost((1, 1), (2, 2)) == 4
    assert board.step_cost((2, 1), (2, 2)) == 2
    assert board.step_cost((2, 2), (1, 1)) == 2  # climbing down costs nothing extra


def test_squeezing_between_two_blocked_squares_only_where_allowed():
    barrels = pieces({"impassable"}, (1, 0), (0, 1))
    tight = Board.rectangle(3, 3, movement="eight-way", diagonal_cost=2, pieces=barrels)
    loose = Board.rectangle(3, 3, movement="eight-way", diagonal_cost=2, squeeze=True,
                            pieces=barrels)
    assert (1, 1) not in tight.neighbours((0, 0))
    assert (1, 1) in loose.neighbours((0, 0))
    assert loose.distances_from((0, 0))[(1, 1)] == 2


def test_squeezing_never_crosses_a_gap_or_a_wall():
    gap = Board.rectangle(3, 3, movement="eight-way", squeeze=True, blocked=[(1, 0)])
    assert (1, 1) not in gap.neighbours((0, 0))
    walled = Board.rectangle(3, 3, movement="eight-way", squeeze=True,
                             walls=[wall((0, 0), (1, 0))])
    assert (1, 1) not in walled.neighbours((0, 0))


def test_boards_keep_their_diagonal_rule_when_placed_or_extended():
    board = Board.rectangle(3, 3, movement="eight-way", diagonal_cost=2, squeeze=True)
    for made in (board.placed((4, 4), 90), board.extended(blocked=[(0, 0)])):
        assert (made.diagonal_cost, made.squeeze, made.movement) == (2, True, "eight-way")


sizes = st.integers(min_value=1, max_value=7)


@settings(max_examples=60, deadline=None)
@given(sizes, sizes, st.integers(1, 3), st.data())
def test_span_is_the_cheapest_walk_over_open_ground(columns, rows, cost, data):
    board = Board.rectangle(columns, rows, movement="eight-way", diagonal_cost=cost)
    cell = st.tuples(st.integers(0, columns - 1), st.integers(0, rows - 1))
    a, b = data.draw(cell), data.draw(cell)
    assert board.span(a, b) == board.distances_from(a)[b] == board.span(b, a)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["orthogonal", "eight-way"]), st.data())
def test_adjacent_cells_are_one_step_apart_on_open_ground(movement, data):
    board = Board.rectangle(5, 5, movement=movement)
    cell = st.tuples(st.integers(0, 4), st.integers(0, 4))
    a, b = data.draw(cell), data.draw(cell)
    assert board.adjacent(a, b) == board.adjacent(b, a) == (b in board.neighbours(a))
    corners = {(a[0] + dc, a[1] + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)} - {a}
    around = [c for c in corners if c in board.cells and board.adjacent(a, c)]
    assert len(around) == len(board.neighbours(a))


def test_eight_squares_are_adjacent_and_a_corner_is_range_two():
    board = Board.rectangle(3, 3, movement="eight-way", diagonal_cost=2)
    assert sum(board.adjacent((1, 1), c) for c in board.cells) == 8
    assert board.span((1, 1), (2, 2)) == 2 and board.span((1, 1), (2, 1)) == 1


# -- cover: the rulebook's kinds of example, one viewer and a target each -------------------


def test_nothing_in_the_way_gives_no_cover():
    board = Board.rectangle(7, 7)
    assert not any(board.in_cover((3, 3), c) for c in board.cells)


def test_a_figure_in_front_gives_cover_without_blocking_sight():
    board = Board.rectangle(5, 1)
    assert board.line_of_sight((0, 0), (2, 0))
    assert board.in_cover((0, 0), (2, 0), screens=[(1, 0)])


def test_a_cover_tile_in_front_gives_cover_one_beside_the_line_does_not():
    board = Board.rectangle(6, 3, pieces=pieces({"cover"}, (2, 1)))
    assert board.line_of_sight((0, 1), (4, 1)) and board.in_cover((0, 1), (4, 1))
    assert not board.in_cover((0, 0), (5, 0))


def test_a_blocker_hiding_two_corners_gives_cover_and_a_full_one_hides_the_target():
    board = Board.rectangle(6, 4, pieces=pieces({"blocking"}, (2, 1)))
    # the target peeks out from behind the column: in sight, in cover
    assert board.line_of_sight((0, 0), (4, 1)) and board.in_cover((0, 0), (4, 1))
    assert not board.in_cover((0, 0), (4, 0))
    wall_of_columns = Board.rectangle(6, 4, pieces=pieces({"blocking"}, (2, 0), (2, 1), (2, 2),
                                                         (2, 3)))
    assert not wall_of_columns.line_of_sight((0, 1), (4, 1))


def test_the_tile_a_target_stands_on_gives_it_no_cover():
    board = Board.rectangle(5, 1, pieces=pieces({"cover", "elevated"}, (3, 0)))
    assert not board.in_cover((0, 0), (3, 0))


boards = st.builds(
    lambda blocked, cover: Board.rectangle(
        6, 6, pieces=pieces({"blocking"}, *blocked) + pieces({"cover"}, *cover)),
    st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=5),
    st.sets(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=5),
)
cells = st.tuples(st.integers(0, 5), st.integers(0, 5))


@settings(max_examples=80, deadline=None)
@given(boards, cells, cells, st.sets(cells, max_size=4))
def test_more_screens_never_take_cover_away(board, a, b, screens):
    if board.in_cover(a, b):
        assert board.in_cover(a, b, screens)


@settings(max_examples=80, deadline=None)
@given(boards, cells, cells)
def test_a_neighbour_in_the_same_row_or_column_never_has_cover(board, a, b):
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
        assert not board.in_cover(a, b, screens=[c for c in board.cells if c not in (a, b)])
