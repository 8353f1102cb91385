"""Properties of movement: symmetry, distances that agree with paths, reachability."""

from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.geometry import Board, Piece, wall

COLUMNS, ROWS = 6, 5
cells = st.tuples(st.integers(0, COLUMNS - 1), st.integers(0, ROWS - 1))


@st.composite
def boards(draw):
    pieces = [
        Piece("p", c, frozenset({c}), frozenset(kw), cost)
        for c, kw, cost in draw(
            st.lists(
                st.tuples(
                    cells, st.sampled_from([(), ("impassable",), ("difficult",)]), st.integers(0, 4)
                ),
                max_size=10,
            )
        )
    ]
    walls = [
        wall(c, (c[0] + d[0], c[1] + d[1]))
        for c, d in draw(st.lists(st.tuples(cells, st.sampled_from([(1, 0), (0, 1)])), max_size=8))
    ]
    blocked = draw(st.sets(cells, max_size=4))
    movement = draw(st.sampled_from(["orthogonal", "eight-way"]))
    return Board.rectangle(
        COLUMNS, ROWS, pieces=pieces, walls=walls, blocked=blocked, movement=movement
    )


@settings(max_examples=150, deadline=None)
@given(boards(), cells, cells)
def test_distances_are_symmetric_up_to_the_end_cells(board, a, b):
    # A path's cost counts the cells it enters, so reversing it swaps which end is counted.
    if not (board.passable(a) and board.passable(b)):
        return
    there = board.distances_from(a).get(b)
    back = board.distances_from(b).get(a)
    assert (there is None) == (back is None)
    if there is not None:
        assert there + board.movement_cost(a) == back + board.movement_cost(b)


@settings(max_examples=150, deadline=None)
@given(boards(), cells, cells)
def test_paths_agree_with_distances(board, a, b):
    dist = board.distances_from(a)
    path = board.shortest_path(a, b)
    assert (path is None) == (b not in dist)
    if path is None:
        return
    assert path[0] == a and path[-1] == b
    for here, there in zip(path, path[1:], strict=False):
        assert there in board.neighbours(here) and board.passable(there)
    assert sum(board.movement_cost(c) for c in path[1:]) == dist[b]


@settings(max_examples=150, deadline=None)
@given(boards(), cells, cells)
def test_reachable_agrees_with_distances(board, a, b):
    if board.passable(a) and board.passable(b):
        assert board.reachable([a], [b]) == (b in board.distances_from(a))


@settings(max_examples=100, deadline=None)
@given(boards(), cells)
def test_neighbours_are_mutual(board, a):
    for n in board.neighbours(a):
        assert a in board.neighbours(n)
