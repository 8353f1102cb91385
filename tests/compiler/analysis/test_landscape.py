"""Landscape and scenario board analyses: one test per code at its exact location, a clean
19 × 14 board, and a board composed of four tiles with a gap."""

from __future__ import annotations

import textwrap

from compiler.analysis.landscape import analyse_landscape, analyse_scenario_board
from compiler.language.documents import DOCUMENT_MODELS
from compiler.loader import load_text

TERRAIN = """\
kind: terrain
id: rock
name: Rock
type: obstacle
keywords: [impassable]
---
kind: terrain
id: well
name: Well
type: obstacle
size: [2, 2]
keywords: [blocking]
---
kind: terrain
id: hedge
name: Hedge
type: obstacle
size: [3, 1]
keywords: [impassable, cover]
---
kind: terrain
id: fog
name: Fog
type: feature
may-overlap: true
---
kind: terrain
id: bog
name: Bog
type: feature
keywords: [difficult]
movement-cost: 2
---
"""


def check(text: str) -> list:
    """Diagnostics of every landscape and scenario in `text` (after the terrain above)."""
    text = TERRAIN + textwrap.dedent(text)
    docs, problems = load_text(text, "x.yaml")
    assert not problems, problems
    units = [(DOCUMENT_MODELS[d.data["kind"]].model_validate(d.data), d) for d in docs]
    landscapes = {m.id: m for m, _ in units if m.kind == "landscape"}
    terrain = {m.id: m for m, _ in units if m.kind == "terrain"}
    found = []
    for model, doc in units:
        if model.kind == "landscape":
            found += analyse_landscape(model, doc, landscapes, terrain)
        elif model.kind == "scenario":
            found += analyse_scenario_board(model, doc, landscapes, terrain)
    return found


def where(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the `nth` occurrence of `needle` in `text` as `check` sees it."""
    full = TERRAIN + textwrap.dedent(text)
    index = -1
    for _ in range(nth + 1):
        index = full.index(needle, index + 1)
    line = full.count("\n", 0, index) + 1
    return line, index - (full.rfind("\n", 0, index) + 1) + 1


def codes(found) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in found]


# -- clean boards -----------------------------------------------------------------------------

CLEAN = """\
kind: landscape
id: courtyard
grid: {columns: 19, rows: 14}
terrain:
  - {piece: well, at: C3}
  - {piece: fog, at: D4}
  - {piece: rock, at: H7}
  - {piece: hedge, at: S1, rotate: 90}
  - {piece: bog, at: J10}
blocked: [J9, 'A14:B14']
walls: [[J5, K5], [J6, K6]]
areas:
  start: ['A1:B13']
  objective-gate: [S14]
  exit: ['R5:S6']
  enemy-camp: [M7]
"""


def test_a_clean_19_by_14_board_is_clean():
    assert check(CLEAN) == []


def test_a_clean_scenario_is_clean():
    text = (
        CLEAN
        + """\
---
kind: scenario
id: duel
title: Duel
landscape: courtyard
terrain: [{piece: rock, at: L2}, {piece: fog, at: C3}]
enemies: [{enemy: guard, at: [M7, N8]}]
areas: {deploy-east: ['Q10:S13']}
"""
    )
    assert check(text) == []


# -- one test per code ------------------------------------------------------------------------


def test_gs505_bad_cell_notation_at_the_value():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    terrain:
      - {piece: rock, at: 4C}
    walls: [[A1, B-1]]
    areas:
      start: [A1, 'A1:C']
    blocked: [A0]
    """
    found = check(text)
    assert codes(found) == [
        ("GS505", *where(text, "A0")),
        ("GS505", *where(text, "B-1")),
        ("GS505", *where(text, "4C")),
        ("GS505", *where(text, "'A1:C'")),
    ]
    assert found[2].message == "'4C' is not a cell; write it like 'C4'."
    assert found[2].item == "board"


def test_gs505_follows_the_grid_labels():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4, column-labels: numbers, row-labels: letters}
    terrain:
      - {piece: rock, at: B3}
      - {piece: rock, at: C2}
    areas:
      start: [D5, E2, 2E]
    """
    found = check(text)
    assert codes(found) == [("GS501", *where(text, "E2")), ("GS505", *where(text, "2E"))]
    assert found[0].message == "Area 'start' names E2, outside the 5 × 4 grid."
    assert found[1].hint == "Cells on this board are written like 'D3'."


def test_gs501_a_piece_off_the_grid_at_its_at():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 19, rows: 14}
    terrain:
      - {piece: rock, at: T3}
      - {piece: well, at: S14}
      - {piece: hedge, at: Q1, rotate: 90}
    """
    found = check(text)
    assert codes(found) == [("GS501", *where(text, "T3")), ("GS501", *where(text, "S14"))]
    assert found[0].message == "'rock' at T3 covers T3, outside the 19 × 14 grid."
    assert found[1].message == "'well' at S14 covers T14, S15, T15, outside the 19 × 14 grid."


def test_gs501_cells_areas_walls_and_blocked_off_the_board():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    blocked: [B2, F1, 'A4:F4']
    walls: [[E1, F1]]
    terrain: [{piece: rock, at: B2}]
    areas:
      start: [F1]
      exit: ['D3:E5', B2, 'A1:E4']
    """
    found = check(text)
    assert codes(found) == [
        ("GS501", *where(text, "F1")),
        ("GS501", *where(text, "'A4:F4'")),
        ("GS501", *where(text, "F1", 1)),
        ("GS501", *where(text, "B2", 1)),
        ("GS501", *where(text, "F1", 2)),
        ("GS501", *where(text, "'D3:E5'")),
        ("GS501", *where(text, "B2", 2)),
    ]
    messages = [d.message for d in found]
    assert messages[3] == "'rock' at B2 covers B2, a blocked cell."
    assert messages[4] == "Area 'start' names F1, outside the 5 × 4 grid."
    assert messages[5] == "Area 'exit' range D3:E5 reaches E5, outside the 5 × 4 grid."


def test_gs502_overlap_at_the_second_piece_naming_the_first():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 8, rows: 8}
    terrain:
      - {piece: well, at: B2}
      - {piece: fog, at: C3}
      - {piece: rock, at: C3}
      - {piece: rock, at: E5}
      - {piece: bog, at: E5}
    """
    found = check(text)
    assert codes(found) == [("GS502", *where(text, "C3", 1)), ("GS502", *where(text, "E5", 1))]
    assert found[0].message == "'rock' at C3 overlaps 'well' at B2 on C3."
    assert found[1].message == "'bog' at E5 overlaps 'rock' at E5 on E5."


def test_gs503_a_walled_in_start_at_its_key():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    terrain:
      - {piece: rock, at: C1}
      - {piece: rock, at: C2}
      - {piece: rock, at: C3}
    walls: [[C4, D4]]
    areas:
      start: [A1]
      exit: [E4]
      objective: [B4]
    """
    found = check(text)
    assert codes(found) == [("GS503", *where(text, "start"))]
    assert "'exit'" in found[0].message and "'start'" in found[0].message


def test_gs503_needs_a_goal_area_and_a_real_barrier():
    walled = """\
    kind: landscape
    id: board
    grid: {columns: 3, rows: 3}
    terrain: [{piece: rock, at: B1}, {piece: rock, at: B2}, {piece: rock, at: B3}]
    areas:
      deployment: [A1]
      landing: [C3]
    """
    assert check(walled) == []  # no objective, enemy or exit area to reach
    diagonal = """\
    kind: landscape
    id: board
    grid: {columns: 3, rows: 3}
    movement: eight-way
    terrain: [{piece: rock, at: B1}, {piece: rock, at: A2}]
    areas:
      start: [A1]
      enemies: [C3]
    """
    assert codes(check(diagonal)) == [("GS503", *where(diagonal, "start"))]  # no corner cutting
    chest = diagonal.replace("{piece: rock, at: A2}", "{piece: rock, at: C3}")
    assert check(chest) == []  # a goal on impassable terrain is reached by stepping up to it


def test_gs504_overlapping_tiles_at_the_second_tile():
    text = """\
    kind: landscape
    id: room
    tile: true
    grid: {columns: 3, rows: 3}
    ---
    kind: landscape
    id: map
    tiles:
      - {tile: room, at: A1}
      - {tile: room, at: D1}
      - {tile: room, at: C3, rotate: 90}
    """
    found = check(text)
    assert codes(found) == [("GS504", *where(text, "C3")), ("GS504", *where(text, "C3"))]
    assert found[0].message == "Tile 'room' at C3 overlaps tile 'room' placed at A1 on C3."
    assert found[1].message == "Tile 'room' at C3 overlaps tile 'room' placed at D1 on D3, E3."


def test_a_wall_between_cells_that_do_not_touch():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    walls: [[A1, B2], [C1, C1]]
    """
    found = check(text)
    assert codes(found) == [("GS205", *where(text, "[A1")), ("GS205", *where(text, "[C1"))]
    assert "A1 and B2 are not side by side" in found[0].message


def test_a_railing_between_cells_that_do_not_touch_or_off_the_board():
    text = """\
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    railings: [[A1, A2], [B1, C2], [E4, F4]]
    """
    found = check(text)
    assert codes(found) == [("GS205", *where(text, "[B1")), ("GS501", *where(text, "F4"))]
    assert "A railing stands" in found[0].message and "B1 and C2 are not side by side" in found[0].message
    assert found[1].message.startswith("Railing cell F4 is")


def test_unknown_tiles_and_pieces_are_left_to_the_linker():
    text = """\
    kind: landscape
    id: map
    tiles: [{tile: nowhere, at: A1}]
    terrain: [{piece: ghost, at: Z9}, {piece: rock, at: Z9}]
    areas: {start: [Z9], exit: [A1]}
    ---
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    terrain: [{piece: ghost, at: A1}, {piece: rock, at: A1}]
    ---
    kind: scenario
    id: lost
    title: Lost
    landscape: nowhere
    terrain: [{piece: rock, at: 9Z}]
    """
    assert check(text) == []


# -- tiles ------------------------------------------------------------------------------------

TILES = """\
kind: landscape
id: tile-a
tile: true
grid: {columns: 4, rows: 3}
terrain: [{piece: rock, at: A1}]
walls: [[D1, D2]]
---
kind: landscape
id: tile-b
tile: true
grid: {columns: 3, rows: 3}
---
kind: landscape
id: dungeon
tiles:
  - {tile: tile-a, at: A1}
  - {tile: tile-b, at: A4}
  - {tile: tile-a, at: F1, rotate: 180}
  - {tile: tile-b, at: F4, rotate: 90}
"""


def test_four_tiles_with_a_gap_are_clean():
    text = (
        TILES
        + """\
terrain: [{piece: bog, at: B5}, {piece: well, at: G4}]
areas:
  start: ['A4:C6']
  exit: [D1]
"""
    )
    assert check(text) == []


def test_the_gap_between_tiles_is_off_the_board_and_parts_them():
    text = (
        TILES
        + """\
terrain: [{piece: rock, at: E2}, {piece: rock, at: J3}]
areas:
  start: [A6]
  objective: [H6]
"""
    )
    found = check(text)
    assert codes(found) == [
        ("GS501", *where(text, "E2")),
        ("GS501", *where(text, "J3")),
        ("GS503", *where(text, "start")),
    ]
    assert found[0].message == "'rock' at E2 covers E2, not on any tile."
    assert "'objective'" in found[2].message


def test_a_piece_on_a_printed_piece_names_the_tile():
    text = TILES + "terrain: [{piece: rock, at: I3}]\n"
    found = check(text)
    assert codes(found) == [("GS502", *where(text, "I3"))]
    assert (
        found[0].message == "'rock' at I3 overlaps 'rock' at I3 (printed on tile 'tile-a') on I3."
    )


# -- scenarios --------------------------------------------------------------------------------

FIELD = """\
kind: landscape
id: field
grid: {columns: 6, rows: 4}
terrain: [{piece: well, at: C2}]
areas:
  start: ['A1:A4']
  exit: ['F1:F4']
---
"""


def test_scenario_placements_are_checked_against_its_landscape():
    text = (
        FIELD
        + """\
kind: scenario
id: raid
title: Raid
landscape: field
terrain:
  - {piece: rock, at: D3}
  - {piece: rock, at: G1}
  - {piece: rock, at: 1A}
enemies:
  - {enemy: guard, at: [F4, F5]}
areas:
  objective: [F9]
"""
    )
    found = check(text)
    assert codes(found) == [
        ("GS502", *where(text, "D3")),
        ("GS501", *where(text, "G1")),
        ("GS505", *where(text, "1A")),
        ("GS501", *where(text, "F9")),
        ("GS501", *where(text, "F5")),
    ]
    assert found[0].message == "'rock' at D3 overlaps 'well' at C2 (on landscape 'field') on D3."
    assert found[4].message == "Enemy 'guard' is placed at F5, outside the 6 × 4 grid."
    assert all(d.item == "raid" for d in found)


def test_scenario_terrain_that_cuts_the_landscape_apart():
    rocks = "".join(f"  - {{piece: rock, at: B{r}}}\n" for r in range(1, 5))
    text = FIELD + f"kind: scenario\nid: siege\ntitle: Siege\nlandscape: field\nterrain:\n{rocks}"
    found = check(text)
    assert codes(found) == [("GS503", *where(text, "terrain:", 1))]
    own = text + "areas:\n  deploy-north: [A1]\n"
    assert codes(check(own)) == [
        ("GS503", *where(own, "terrain:", 1)),
        ("GS503", *where(own, "deploy-north")),
    ]


def test_a_landscape_problem_is_not_repeated_on_its_scenarios():
    text = (
        FIELD.replace(
            "terrain: [{piece: well, at: C2}]", "walls: [[A1, B1], [A2, B2], [A3, B3], [A4, B4]]"
        )
        + """\
kind: scenario
id: trap
title: Trap
landscape: field
"""
    )
    found = check(text)
    assert [(d.code, d.item) for d in found] == [("GS503", "field")]


def test_a_scenario_without_a_landscape_checks_notation_only():
    text = """\
    kind: scenario
    id: skirmish
    title: Skirmish
    terrain: [{piece: rock, at: Z99}]
    enemies: [{enemy: guard, at: [4C]}]
    """
    assert codes(check(text)) == [("GS505", *where(text, "4C"))]


def test_hostile_sizes_and_nesting_are_reported_or_skipped_quickly():
    text = """\
    kind: terrain
    id: mountain
    name: Mountain
    type: obstacle
    size: [100000, 100000]
    ---
    kind: landscape
    id: board
    grid: {columns: 5, rows: 4}
    terrain: [{piece: mountain, at: A1}]
    areas: {start: ['A1:ZZZZ99999']}
    ---
    kind: landscape
    id: loop
    tiles: [{tile: loop, at: A1}]
    """
    chain = "".join(
        f"---\nkind: landscape\nid: level-{n}\ntiles: [{{tile: level-{n + 1}, at: A1}}]\n"
        for n in range(12)
    )
    chain += "---\nkind: landscape\nid: level-12\ngrid: {columns: 2, rows: 2}\n"
    found = check(textwrap.dedent(text) + chain)
    assert codes(found) == [
        ("GS501", *where(text, "A1}")),
        ("GS501", *where(text, "'A1:ZZZZ99999'")),
    ]
    assert found[0].message.startswith("'mountain' at A1 covers F1, G1, H1 and ")
