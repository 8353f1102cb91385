"""Railings: an edge with a high side that nothing moves or strikes in melee across, and that
sight crosses only to or from a square at the railing (the rulebook's Balcony example: a
figure below sees the Marksman at the railing, not the Guard further back on the gallery)."""

from hypothesis import given
from hypothesis import strategies as st

from compiler.geometry import Board, Piece, footprint

# a gallery two rows deep over B1:C2 (columns 1-2, rows 0-1), its railing along its bottom
GALLERY = Piece("gallery", (1, 0), footprint((1, 0), (2, 2), 0), railing="bottom")


def board(piece: Piece = GALLERY) -> Board:
    return Board.rectangle(6, 6, pieces=[piece], movement="eight-way", diagonal_cost=2)


def test_nothing_steps_across_the_railing_but_round_its_end():
    b = board()
    assert b.closed((1, 1), (1, 2)) and b.closed((2, 2), (2, 1))
    assert (1, 2) not in b.neighbours((1, 1)) and (2, 2) not in b.neighbours((1, 1))
    assert (0, 2) not in b.neighbours((1, 1))  # nor diagonally past its end
    assert (0, 1) in b.neighbours((1, 1))  # the gallery's open side
    assert b.distances_from((1, 2))[(1, 1)] == 3  # B3 to B2: round by A3, A2


def test_melee_never_reaches_across_the_railing():
    b = board()
    assert b.across_railing((1, 1), (1, 2)) and b.across_railing((2, 1), (1, 2))
    assert b.across_railing((2, 1), (3, 2))  # diagonally past the railing's end corner
    assert not b.across_railing((1, 1), (0, 1)) and not b.across_railing((1, 2), (2, 2))


def test_sight_crosses_the_railing_only_at_the_railing():
    b = board()
    below = (1, 4)
    assert b.line_of_sight(below, (1, 1)) and b.line_of_sight((2, 1), below)  # at the railing
    assert not b.line_of_sight(below, (1, 0)) and not b.line_of_sight((2, 0), (2, 5))
    assert b.high_ground((1, 1)) and not b.high_ground((1, 0)) and not b.high_ground(below)


def test_a_turned_piece_turns_its_railing():
    turned = Piece("gallery", (1, 0), footprint((1, 0), (2, 2), 90), rotate=90, railing="bottom")
    b = board(turned)  # bottom turned a quarter clockwise is the left side
    assert b.closed((1, 0), (0, 0)) and not b.closed((1, 1), (1, 2))


@given(st.tuples(st.integers(0, 5), st.integers(0, 5)), st.tuples(st.integers(0, 5), st.integers(0, 5)))
def test_railed_sight_is_symmetric_and_walls_nothing_off_the_railing(a, b):
    with_railing, without = board(), board(Piece("gallery", (1, 0), GALLERY.cells))
    assert with_railing.line_of_sight(a, b) == with_railing.line_of_sight(b, a)
    # a railing only ever takes sight away, and never from squares both below it
    if with_railing.line_of_sight(a, b):
        assert without.line_of_sight(a, b)
    if a[1] >= 2 and b[1] >= 2:
        assert with_railing.line_of_sight(a, b) == without.line_of_sight(a, b)


def test_a_landscape_railing_goes_with_its_tile_wherever_the_tile_is_placed():
    from compiler.geometry.build import board_from_landscape
    from compiler.language.documents import Landscape

    tile = Landscape.model_validate({"kind": "landscape", "id": "stairs", "tile": True,
                                     "grid": {"columns": 2, "rows": 2},
                                     "railings": [["A1", "A2"]]})
    hall = Landscape.model_validate({"kind": "landscape", "id": "hall",
                                     "tiles": [{"tile": "stairs", "at": "C1", "rotate": 90}]})
    b = board_from_landscape(hall, {"stairs": tile, "hall": hall}, {})
    # turned a quarter clockwise, A1 over A2 lands on D1 beside C1 (columns 3 and 2)
    assert b.closed((3, 0), (2, 0)) and b.high_ground((3, 0)) and not b.high_ground((2, 0))
