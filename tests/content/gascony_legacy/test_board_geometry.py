"""Gascony's board rules played through the runtime: 8-way movement with diagonals costing 2,
adjacency of Rescue and Trade, line of sight and Cover on the Enemies' shots, Elevated
terrain. The board is the Chantilly Road's (Ambush on the Road): Columns at C2 and I4, a
Barrel at H2, a Wagon over E3:F4."""

from __future__ import annotations

import pytest

from runtime.audit import Audit
from runtime.machine import Machine
from runtime.program import Program
from runtime.windows import window
from tests.content.conftest import compiled_pack
from tests.runtime.conftest import labels, pick

HERO, BLADE, MARKSMAN = 0, 1, 2  # piece rows at one Character: the figure, then the foes


@pytest.fixture(autouse=True)
def one_seat_alone(monkeypatch):
    """These positions need one Character on the board: a lone player here takes one seat,
    not the two that solo play gives (`players.solo`)."""
    monkeypatch.setattr("runtime.machine.seats_for", lambda program, players: players)


def road(players: int = 1, seed: int = 1) -> Machine:
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, "roadside-ambush"),
                      players, seed, log=[])
    heroes, cells = ["Athos", "Porthos", "Aramis", "Constance"], ["A2", "A3", "A4", "A5"]
    while m.decision["kind"] in ("option", "cell"):
        pick(m, (heroes if m.decision["kind"] == "option" else cells).pop(0))
    return m


def put(m: Machine, piece: int, cell: tuple[int, int] | None) -> None:
    """Stand a piece on a cell by hand (None takes it off the board), then ask the pending
    decision again."""
    m.state["pieces"][piece][2:4] = [None, None] if cell is None else list(cell)
    m.state["decision"] = None
    m.run()


def fire(m: Machine, name: str) -> list[dict]:
    """Open the game's window `name` (as the Enemy Turn does) and return what it logged."""
    start = len(m.log)
    m.state["stack"].append(window(name, {"self": m.state["active"]}))
    m.state["decision"] = None
    m.run()
    return m.log[start:]


def attacks(events: list[dict]) -> list[dict]:
    return [e for e in events if e["e"] == "attack"]


def abilities(events: list[dict]) -> set[str]:
    return {e["name"] for e in events if e["e"] == "ability"}


@pytest.fixture
def shot():
    """Athos alone with the Marksman at K2; the Hired Blade is off the board."""
    m = road()
    put(m, BLADE, None)
    put(m, MARKSMAN, (10, 1))
    return m


def test_a_column_hides_a_character_from_the_marksman(shot):
    put(shot, MARKSMAN, (10, 3))  # K4, with the Column at I4 between
    put(shot, HERO, (6, 3))  # G4
    assert attacks(fire(shot, "enemies-attack")) == []


def test_a_barrel_in_the_way_gives_cover_the_defender_rolls_with_advantage(shot):
    put(shot, HERO, (6, 1))  # G2, behind the Barrel at H2
    events = fire(shot, "enemies-attack")
    [attack] = attacks(events)
    assert attack["ranged"] and attack["cover"] and attack["piece"] == HERO
    assert attack["source"] == MARKSMAN
    assert shot.state["incoming"][-1][3] == "advantage"  # the hit is defended with Advantage


def test_open_ground_gives_no_cover(shot):
    put(shot, HERO, (6, 2))  # G3: nothing between it and K2
    [attack] = attacks(fire(shot, "enemies-attack"))
    assert attack["ranged"] and not attack["cover"]


def test_the_barrel_one_stands_on_gives_no_cover_and_elevation_hurts_the_defence(shot):
    put(shot, HERO, (7, 1))  # on the Barrel
    events = fire(shot, "enemies-attack")
    [attack] = attacks(events)
    assert not attack["cover"]
    assert shot.state["incoming"][-1][3] == "disadvantage"  # defended with Disadvantage


def test_a_figure_in_the_line_gives_cover(shot):
    put(shot, HERO, (6, 2))
    put(shot, BLADE, (8, 2))  # I3, between the Marksman and Athos
    shots = [a for a in attacks(fire(shot, "enemies-attack")) if a["source"] == MARKSMAN]
    assert [a["cover"] for a in shots] == [True]


def test_the_marksman_shoots_the_nearest_character_it_can_see():
    m = road(players=2)
    foes = [i for i, p in enumerate(m.state["pieces"]) if p[1] is None]
    for i in foes:
        put(m, i, None)
    marksman = next(i for i in foes if m.state["pieces"][i][0] == "marksman")
    put(m, marksman, (10, 3))  # K4
    put(m, 0, (6, 3))  # G4: nearer, but behind the Column at I4
    put(m, 1, (10, 0))  # K1 on the Crates: farther, in plain sight
    [attack] = attacks(fire(m, "enemies-attack"))
    assert attack["piece"] == 1


def test_a_diagonal_step_costs_two_movement_points():
    m = road()  # Athos (Movement 5) at A2
    put(m, BLADE, None)
    put(m, HERO, (0, 5))  # A6, the board's bottom-left corner
    pick(m, "Move")
    reach = set(labels(m))
    assert {"C4", "B2"} <= reach  # two diagonal steps (4), or one and three straight (5)
    assert "D3" not in reach  # three diagonal steps cost 6
    assert "F6" in reach and "G6" not in reach  # five straight steps, not six


def test_melee_enemies_strike_a_character_on_a_diagonal():
    m = road()
    put(m, MARKSMAN, None)
    put(m, HERO, (6, 5))  # G6
    put(m, BLADE, (7, 4))  # H5, diagonally next to Athos
    [attack] = attacks(fire(m, "enemies-attack"))
    assert attack["piece"] == HERO and not attack["ranged"]


# -- Rescue and Trade -------------------------------------------------------------------------


def clear(m: Machine) -> None:
    """Every foe off the board but one, far away in the corner at L6 (the battle goes on)."""
    foes = [i for i, p in enumerate(m.state["pieces"]) if p[1] is None]
    for i in foes[1:]:
        put(m, i, None)
    put(m, foes[0], (11, 5))


def fallen(m: Machine, seat: int) -> None:
    m.state["sv"][seat]["lying"] = 1
    m.state["gv"]["fallen"] = 1


@pytest.mark.parametrize(("cell", "offered"), [((2, 3), True), ((1, 3), True), ((0, 1), True),
                                               ((3, 3), False), ((0, 4), False)])
def test_rescue_needs_the_fallen_character_on_one_of_the_8_squares_around(cell, offered):
    m = road(players=2)  # Athos at A2 acts first; Porthos at A3 has Fallen
    clear(m)
    fallen(m, 1)
    put(m, 1, (1, 2))  # B3
    put(m, 0, cell)
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    assert ("Rescue a Fallen Ally" in labels(m)) == offered
    if offered:
        pick(m, "Rescue a Fallen Ally")
        assert m.state["sv"][1]["lying"] == 0 and m.state["gv"]["fallen"] == 0


def test_a_rescue_reaches_the_ally_beside_and_the_audit_checks_it():
    m = road(players=2)
    clear(m)
    audit = Audit()
    audit.attach(m)
    fallen(m, 1)
    put(m, 1, (1, 2))  # B3
    put(m, 0, (2, 3))  # C4: diagonally next to Porthos
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    pick(m, "Rescue a Fallen Ally")
    assert [(e["seat"], e["other"]) for e in m.log if e["e"] == "target"] == [(0, 1)]
    assert not audit.failed


def test_the_audit_catches_a_rescue_of_an_ally_out_of_reach():
    m = road(players=3)  # Athos acts; Porthos and Aramis have both Fallen beside him
    clear(m)
    audit = Audit()
    audit.attach(m)
    for seat in (1, 2):
        m.state["sv"][seat]["lying"] = 1
    m.state["gv"]["fallen"] = 2
    put(m, 1, (1, 2))  # B3
    put(m, 2, (1, 3))  # B4
    put(m, 0, (0, 2))  # A3, beside both
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    pick(m, "Rescue a Fallen Ally")
    assert labels(m) == ["Seat 2", "Seat 3"]
    # Aramis is carried off to the far side of the road before the rescuer reaches him
    m.state["pieces"][2][2:4] = [8, 5]
    pick(m, "Seat 3")
    assert [f.name for f in audit.failed] == ["rescue-a-neighbour"]


def test_trade_needs_a_character_next_to_you_and_the_audit_checks_it():
    m = road(players=2)
    clear(m)
    audit = Audit()
    audit.attach(m)
    put(m, 1, (3, 3))  # D4
    put(m, 0, (0, 0))  # A1
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    assert "Trade Cards and Coins" not in labels(m)
    put(m, 0, (2, 2))  # C3: diagonally next to Porthos
    pick(m, "Trade Cards and Coins")
    while m.decision["kind"] != "turn":
        m.answer(0)
    gave = [e for e in m.log if e["e"] == "give"]
    assert gave and gave[-1]["seat"] == 0 and gave[-1]["other"] == 1
    assert not audit.failed


# -- Enemy movement (the priorities of the Enemy Turn) -----------------------------------------


def moved(events: list[dict], piece: int) -> tuple[int, int] | None:
    found = [e["cell"] for e in events if e["e"] == "move-piece" and e.get("piece") == piece]
    return tuple(found[-1]) if found else None


def test_a_melee_enemy_next_to_a_character_stays_put():
    m = road()
    put(m, MARKSMAN, None)
    put(m, HERO, (6, 3))
    put(m, BLADE, (7, 4))
    assert moved(fire(m, "melee-enemies-move"), BLADE) is None


def test_a_melee_enemy_heads_for_a_square_beside_a_character_outside_its_pattern():
    """Athos faces up at G4: his Rapier reaches F3 and G3. The Hired Blade (Movement 5) at
    G1 goes round to H3, beside him and outside the pattern, never climbing the Barrel at
    H2 (Elevated) nor stepping into the pattern."""
    m = road()
    put(m, MARKSMAN, None)
    put(m, HERO, (6, 3))
    put(m, BLADE, (6, 0))
    events = fire(m, "melee-enemies-move")
    assert moved(events, BLADE) == (7, 2)
    walked = {tuple(c) for c in m.state["path"]}
    assert (7, 1) not in walked and not walked & {(5, 2), (6, 2)}


def test_with_only_pattern_squares_left_it_moves_into_the_pattern_beside_the_character():
    """Athos in the corner at A6 faces right: his Rapier reaches B5 and B6; the only square
    beside him outside it, A5, is taken by the Marksman. The Blade ends on the nearest free
    square next to him, inside the pattern (the Battle Round example's second Guard)."""
    m = road()
    put(m, HERO, (0, 5))
    m.state["pieces"][HERO][5] = 1  # facing right
    put(m, MARKSMAN, (0, 4))
    put(m, BLADE, (4, 5))
    assert moved(fire(m, "melee-enemies-move"), BLADE) == (1, 5)


def test_a_marksman_in_sight_stays_and_one_out_of_sight_moves_until_it_sees():
    m = road()
    put(m, BLADE, None)
    put(m, HERO, (6, 3))  # G4
    put(m, MARKSMAN, (10, 1))  # K2 sees G4
    assert moved(fire(m, "ranged-enemies-move"), MARKSMAN) is None
    put(m, MARKSMAN, (10, 3))  # K4: the Column at I4 hides G4
    fire(m, "ranged-enemies-move")
    # K3 and K5 are one square away and both see G4: the players choose
    assert m.decision["kind"] == "cell" and m.decision["seat"] == 0
    assert sorted(labels(m)) == ["K3", "K5"]
    start = len(m.log)
    pick(m, "K5")
    assert moved(m.log[start:], MARKSMAN) == (10, 4)


# -- Interacting with Terrain Tiles ------------------------------------------------------------


def test_interact_is_offered_only_next_to_a_tile_with_an_action():
    m = road()
    put(m, HERO, (0, 0))  # A1: nothing to use
    assert "Interact" not in labels(m)
    put(m, HERO, (6, 0))  # G1, next to the Barrel at H2
    assert "Interact" in labels(m)


@pytest.fixture
def dice(monkeypatch):
    """Challenge dice that come up as the test says: `dice.append([faces...])` before each."""
    import runtime.dice

    queue: list[list[int]] = []
    real = runtime.dice.throw
    monkeypatch.setattr("runtime.dice.throw", lambda m, sides, count: queue.pop(0)[:count]
                        if queue else real(m, sides, count))
    return queue


def test_kicking_the_barrel_rolls_it_down_a_line_and_clears_it_away(dice):
    m = road()
    put(m, MARKSMAN, None)
    put(m, HERO, (7, 0))  # H1, above the Barrel at H2
    put(m, BLADE, (7, 4))  # H5, down the same column
    dice.append([6, 6, 6, 6, 6, 6])  # the 3-Movement Challenge passes
    pick(m, "Interact")  # the only tile in reach: its one action runs
    assert any(e["e"] == "ability" and e["name"] == "Kick the Barrel" for e in m.log)
    pick(m, "Keep the dice")  # no Destiny spent on a roll that passed
    pick(m, "Aim down")
    assert m.state["removed"] == [["barrel", 7, 1]]
    assert [e for e in m.log if e["e"] == "damage" and e.get("piece") == BLADE]
    assert "Interact" not in labels(m)  # the Barrel is gone, nothing else is in reach


def test_a_failed_kick_leaves_the_barrel(dice):
    m = road()
    put(m, HERO, (7, 0))
    dice.append([1, 1, 1, 1, 1, 1])
    pick(m, "Interact")
    assert m.state.get("removed", []) == []


def test_a_character_passes_through_friends_but_not_enemies():
    """Athos (Movement 5) at A1, the Column at C2 below the lane to E1: Porthos at B1 lets
    him through (4 points); round a Hired Blade there it costs 6."""
    m = road(players=2)
    clear(m)
    put(m, 1, (1, 0))  # Porthos at B1
    put(m, 0, (0, 0))  # Athos at A1
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    pick(m, "Move")
    assert "E1" in labels(m)
    m2 = road()
    put(m2, MARKSMAN, (11, 5))
    put(m2, BLADE, (1, 0))
    put(m2, HERO, (0, 0))
    pick(m2, "Move")
    assert "E1" not in labels(m2) and "D1" in labels(m2)
