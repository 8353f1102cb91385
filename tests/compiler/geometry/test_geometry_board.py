"""Boards: cells, walls, terrain, neighbours, paths and tiles composed with gaps."""

import pytest

from compiler.geometry import Board, Piece, compose, footprint, parse_cell, wall
from compiler.geometry.build import board_from_landscape, board_from_scenario
from compiler.language.documents import Landscape, Scenario, Terrain


def piece(name, at, size=(1, 1), keywords=(), cost=1, rotate=0):
    return Piece(name, at, footprint(at, size, rotate), frozenset(keywords), cost, rotate=rotate)


def test_rectangle_bounds_and_blocked_cells():
    board = Board.rectangle(3, 2, blocked=[(1, 1)])
    assert board.frame == (3, 2)
    assert board.in_bounds((2, 1)) and not board.in_bounds((1, 1)) and not board.in_bounds((3, 0))
    assert (1, 1) in board.extent
    assert board.neighbours((1, 0)) == ((2, 0), (0, 0))


def test_walls_stop_orthogonal_steps_both_ways():
    board = Board.rectangle(3, 3, walls=[wall((0, 0), (1, 0))])
    assert (1, 0) not in board.neighbours((0, 0))
    assert (0, 0) not in board.neighbours((1, 0))
    assert board.has_wall((1, 0), (0, 0))


def test_diagonal_steps_do_not_cut_corners():
    open_board = Board.rectangle(3, 3, movement="eight-way")
    assert set(open_board.neighbours((1, 1))) == {
        (c, r) for c in range(3) for r in range(3) if (c, r) != (1, 1)
    }
    walled = Board.rectangle(3, 3, movement="eight-way", walls=[wall((1, 0), (1, 1))])
    assert (0, 0) not in walled.neighbours((1, 1))  # the wall's end sits on that corner
    assert (2, 0) not in walled.neighbours((1, 1))
    assert (2, 2) in walled.neighbours((1, 1))
    rock = Board.rectangle(
        3, 3, movement="eight-way", pieces=[piece("rock", (1, 0), keywords=["impassable"])]
    )
    assert (1, 1) not in rock.neighbours((0, 0))  # would squeeze past the rock's corner
    assert (1, 0) in rock.neighbours((0, 0))  # stepping onto it is for paths to refuse
    assert rock.neighbours((0, 0), "orthogonal") == ((1, 0), (0, 1))
    hole = Board.rectangle(3, 3, movement="eight-way", blocked=[(1, 0)])
    assert (1, 1) not in hole.neighbours((0, 0)) and (2, 1) in hole.neighbours((1, 2))
    assert hole.neighbours((0, 0)) == ((0, 1),)


def test_unknown_movement_is_refused():
    with pytest.raises(ValueError, match="movement"):
        Board.rectangle(2, 2, movement="hex")
    with pytest.raises(ValueError, match="movement"):
        Board.rectangle(2, 2).neighbours((0, 0), "knight")


def test_terrain_occupancy_costs_and_passability():
    bog = piece("bog", (1, 0), (2, 2), ["difficult"], cost=3)
    boulder = piece("boulder", (2, 1), keywords=["impassable", "blocking"])
    board = Board.rectangle(4, 3, pieces=[bog, boulder])
    assert board.occupants((2, 1)) == (bog, boulder)
    assert board.occupants((0, 0)) == ()
    assert board.movement_cost((1, 1)) == 3 and board.movement_cost((0, 0)) == 1
    assert not board.passable((2, 1)) and board.passable((1, 1)) and not board.passable((9, 9))
    assert (
        board.blocks_sight((2, 1)) and board.blocks_sight((9, 9)) and not board.blocks_sight((1, 1))
    )


def test_shortest_path_goes_round_difficult_terrain():
    bog = piece("bog", (1, 0), (1, 2), ["difficult"], cost=9)
    board = Board.rectangle(3, 3, pieces=[bog])
    path = board.shortest_path((0, 0), (2, 0))
    assert path == [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0)]
    assert board.distances_from((0, 0))[(2, 0)] == 6
    assert board.shortest_path((0, 0), (0, 0)) == [(0, 0)]


def test_no_path_through_impassable_terrain_or_walls():
    rocks = [piece("rock", (1, r), keywords=["impassable"]) for r in range(2)]
    board = Board.rectangle(3, 3, pieces=rocks, walls=[wall((1, 2), (2, 2))])
    assert board.shortest_path((0, 0), (2, 0)) is None
    assert (2, 0) not in board.distances_from((0, 0))
    assert not board.reachable([(0, 0)], [(2, 0)])
    assert board.distances_from((7, 7)) == {}
    assert board.shortest_path((7, 7), (0, 0)) is None


def test_reaching_an_impassable_goal_means_stepping_up_to_it():
    chest = piece("chest", (2, 0), keywords=["impassable"])
    board = Board.rectangle(3, 1, pieces=[chest])
    assert board.reachable([(0, 0)], [(2, 0)])
    assert board.reachable([(0, 0), (1, 0)], [(1, 0)])
    assert not board.reachable([(2, 0)], [(0, 0)])  # nobody stands on the chest


def tile(columns, rows, **kwargs):
    return Board.rectangle(columns, rows, **kwargs)


def test_four_tiles_with_a_gap():
    # Two 3x3 tiles side by side, a one-column gap, then two more: a 7x6 frame.
    parts = [
        tile(3, 3).placed((0, 0)),
        tile(3, 3).placed((0, 3)),
        tile(3, 3, pieces=[piece("well", (0, 0))]).placed((4, 0)),
        tile(3, 3).placed((4, 3), 90),
    ]
    board = compose(parts)
    assert len(board.cells) == 36 and board.frame == (7, 6)
    assert not board.in_bounds((3, 0)) and not board.in_bounds((3, 5))
    assert board.tile_of((2, 2)) == 0 and board.tile_of((2, 3)) == 1 and board.tile_of((6, 5)) == 3
    assert board.tile_of((3, 0)) is None
    assert (2, 3) in board.neighbours((2, 2))  # touching tiles join freely
    assert board.shortest_path((0, 0), (4, 0)) is None  # the gap parts the two halves
    assert not board.line_of_sight((2, 1), (4, 1))
    assert board.pieces[0].tile == 2 and board.pieces[0].at == (4, 0)


def test_placing_a_tile_turns_its_walls_pieces_and_areas():
    t = Board.rectangle(
        3,
        2,
        walls=[wall((0, 0), (1, 0))],
        pieces=[piece("log", (0, 1), (2, 1))],
        areas={"door": [(2, 0)]},
        blocked=[(2, 1)],
    )
    turned = t.placed((5, 5), 90)
    assert turned.frame == (7, 8) and len(turned.extent) == 6
    assert turned.has_wall((6, 5), (6, 6))
    assert turned.pieces[0].cells == {(5, 5), (5, 6)} and turned.pieces[0].rotate == 90
    assert turned.areas["door"] == {(6, 7)}
    assert not turned.in_bounds((5, 7))


def model(cls, **data):
    data = {k.replace("_", "-"): v for k, v in data.items()}
    return cls.model_validate(data)


TERRAIN = {
    "rock": model(
        Terrain,
        kind="terrain",
        id="rock",
        name="Rock",
        type="obstacle",
        keywords=["impassable"],
        size=[2, 1],
    ),
    "mud": model(
        Terrain,
        kind="terrain",
        id="mud",
        name="Mud",
        type="feature",
        keywords=["difficult"],
        movement_cost=2,
    ),
}


def test_board_from_a_composed_landscape():
    room = model(
        Landscape,
        kind="landscape",
        id="room",
        tile=True,
        grid={"columns": 4, "rows": 3},
        terrain=[{"piece": "rock", "at": "A1"}],
        walls=[["D1", "D2"]],
    )
    hall = model(
        Landscape,
        kind="landscape",
        id="hall",
        tiles=[
            {"tile": "room", "at": "A1"},
            {"tile": "room", "at": "E1", "rotate": 180},
            {"tile": "nowhere", "at": "A9"},
            {"tile": "room", "at": "9Z"},
        ],
        terrain=[
            {"piece": "mud", "at": "C3"},
            {"piece": "ghost", "at": "A1"},
            {"piece": "mud", "at": "?"},
        ],
        areas={"start": ["A2:A3", "bad"]},
        blocked=["B3"],
        movement="eight-way",
    )
    board = board_from_landscape(hall, {"room": room, "hall": hall}, TERRAIN)
    assert board.frame == (8, 3) and board.movement == "eight-way"
    assert [(p.name, p.at, p.tile) for p in board.pieces] == [
        ("rock", (0, 0), 0),
        ("rock", (6, 2), 1),
        ("mud", (2, 2), None),
    ]
    assert board.has_wall((3, 0), (3, 1)) and board.has_wall((4, 2), (4, 1))
    assert board.areas["start"] == {(0, 1), (0, 2)} and not board.in_bounds((1, 2))
    assert board.movement_cost((2, 2)) == 2


def test_a_tile_that_places_itself_is_skipped():
    loop = model(Landscape, kind="landscape", id="loop", tiles=[{"tile": "loop", "at": "A1"}])
    assert board_from_landscape(loop, {"loop": loop}, {}).cells == frozenset()


def test_board_from_a_scenario():
    field = model(
        Landscape,
        kind="landscape",
        id="field",
        grid={"columns": 5, "rows": 5},
        areas={"start": ["A1"], "exit": ["E5"]},
    )
    fight = model(
        Scenario,
        kind="scenario",
        id="fight",
        title="Fight",
        landscape="field",
        terrain=[{"piece": "rock", "at": "B2", "rotate": 90}],
        areas={"exit": ["E1"]},
    )
    board = board_from_scenario(fight, {"field": field}, TERRAIN)
    assert board.pieces[0].cells == {parse_cell("B2"), parse_cell("B3")}
    assert board.areas["exit"] == {(4, 0)} and board.areas["start"] == {(0, 0)}
    bare = model(Scenario, kind="scenario", id="bare", title="Bare")
    assert board_from_scenario(bare, {}, TERRAIN) is None
