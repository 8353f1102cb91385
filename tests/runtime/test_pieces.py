"""Pieces as targets: board selectors pick pieces (ties are decisions), piece ops, foes acting."""

from __future__ import annotations

import pytest

from compiler.geometry import pattern_cells
from runtime.agents import make_agent
from runtime.session import play_game
from runtime.targets import piece_candidates
from tests.runtime.conftest import labels, pick, start

HERO, OTHER, LEFT, RIGHT = 0, 1, 2, 3  # piece numbers: two figures, goblins at B4 and D4


@pytest.fixture
def game(pieces_pack):
    """Seat 1 at A1, seat 2 at E1, goblins (2 health) at B4 and D4, seat 1 to act."""
    m = start(pieces_pack, log=[])
    pick(m, "A1")
    pick(m, "E1")
    return m


def put(m, piece, cell):
    """Move a piece by hand, then ask the pending turn decision again (what is in reach may
    have changed the options)."""
    m.state["pieces"][piece][2:4] = list(cell)
    if m.decision is not None and m.decision.get("kind") == "turn":
        m.state["decision"] = None
        m.run()


def cell(m, piece):
    return tuple(m.state["pieces"][piece][2:4])


def health(m, piece):
    return m.state["pieces"][piece][4]


def test_setup_places_figures_and_spawns_foes(game):
    assert [cell(game, i) for i in range(4)] == [(0, 0), (4, 0), (1, 3), (3, 3)]
    assert health(game, LEFT) == health(game, RIGHT) == 2


def test_a_tie_for_closest_is_a_decision_among_pieces(game):
    put(game, HERO, (2, 0))  # C1: four squares from each goblin
    pick(game, "Jab the closest")
    assert game.decision["kind"] == "piece" and game.decision["seat"] == 0
    assert labels(game) == ["Goblin at B4", "Goblin at D4"]
    pick(game, "Goblin at D4")
    assert (health(game, LEFT), health(game, RIGHT)) == (2, 1)


def test_closest_without_a_tie_asks_nobody(game):
    pick(game, "Jab the closest")  # from A1: B4 is four away, D4 six
    assert (health(game, LEFT), health(game, RIGHT)) == (1, 2)


def test_foes_beside_counts_the_foes_next_to_the_seats_figure(game):
    assert game.value("foes_beside", HERO) == 0  # A1: both goblins are far off
    put(game, HERO, (2, 3))  # C4, between the goblins at B4 and D4
    assert (game.value("foes_beside", HERO), game.value("foes_beside", OTHER)) == (2, 0)
    put(game, HERO, (0, 2))  # A3: only diagonal to B4, and this board is four-way
    assert game.value("foes_beside", HERO) == 0
    put(game, HERO, (0, 3))  # A4: beside B4
    assert game.value("foes_beside", HERO) == 1


def test_the_seat_that_hurts_a_foe_hears_of_it_before_the_foe_falls(game):
    pick(game, "Jab the closest")  # seat 1's jab: 1 damage to the goblin at B4
    assert (game.value("dealt", 0), game.value("dealt", 1)) == (1, 0)
    pick(game, "Bash the weakest")  # the goblin at B4 again, its last health: it falls
    assert cell(game, LEFT) == (None, None)
    assert game.value("dealt", 0) == 2 and game.value("foes_left", 0) == 1
    assert game.value("dealt_before_fall", 0) == 2  # the blow was counted before the fall


def test_weakest_foe_is_hit_and_a_foe_at_zero_leaves_the_board(game):
    game.state["pieces"][RIGHT][4] = 1
    pick(game, "Bash the weakest")
    assert cell(game, RIGHT) == (None, None) and game.value("foes_left", 0) == 1
    assert [e for e in game.log if e["e"] == "defeated"] == [
        {"e": "defeated", "piece": RIGHT, "card": None}
    ]


def test_farthest_foe_is_defeated_outright(game):
    pick(game, "Smite the farthest")
    assert cell(game, RIGHT) == (None, None) and cell(game, LEFT) == (1, 3)


def test_pattern_cells_turn_with_facing_and_mirror_with_stance():
    rows = ["XX.", ".@."]
    assert pattern_cells(rows, (2, 4), 0) == [(1, 3), (2, 3)]
    assert pattern_cells(rows, (2, 3), 1) == [(3, 2), (3, 3)]
    assert pattern_cells(rows, (2, 4), 0, mirrored=True) == [(3, 3), (2, 3)]
    assert pattern_cells(rows, (2, 2), 2) == [(3, 3), (2, 3)]


def test_in_pattern_attack_hits_the_pieces_in_the_pattern(game):
    put(game, HERO, (2, 4))  # C5, facing up: the pattern covers B4 and C4
    pick(game, "Sweep")
    assert cell(game, LEFT) == (None, None) and health(game, RIGHT) == 2


def test_in_pattern_follows_the_stance(game):
    put(game, HERO, (2, 4))
    game.state["sv"][0]["stance"] = True  # mirrored: C4 and D4
    pick(game, "Sweep")
    assert cell(game, RIGHT) == (None, None) and health(game, LEFT) == 2


def test_in_line_asks_a_direction_and_stops_at_an_obstacle(game):
    put(game, HERO, (1, 0))  # B1: straight down passes B2, B3 and the goblin on B4
    pick(game, "Lance")
    assert game.decision["kind"] == "direction"
    pick(game, "Aim down")
    assert health(game, LEFT) == 1 and health(game, RIGHT) == 2
    assert piece_candidates(game, {"self": 0}, "in-line", direction=2) == [LEFT]
    put(game, LEFT, (0, 3))  # A4, with the rock on A5 behind it
    put(game, HERO, (0, 0))
    assert piece_candidates(game, {"self": 0}, "in-line", direction=2) == [LEFT]
    put(game, LEFT, (1, 3))
    assert piece_candidates(game, {"self": 0}, "in-line", direction=2) == []


def test_adjacent_pieces_are_pushed_away(game):
    put(game, HERO, (1, 2))  # B3, above the goblin on B4
    pick(game, "Shove")
    assert cell(game, LEFT) == (1, 4) and cell(game, RIGHT) == (3, 3)


def test_heal_all_characters_and_status_on_all_enemies(game):
    game.state["sv"][0]["health"] = game.state["sv"][1]["health"] = 2
    pick(game, "Mend")
    assert [game.value("health", s) for s in range(2)] == [3, 3]
    pick(game, "Snare")
    assert all(game.state["pieces"][i][6]["statuses"] == {"snared": "round"} for i in (2, 3))


def test_moving_foes_asks_the_acting_seat_for_each_cell(game):
    pick(game, "Stride the goblins")
    assert game.decision["seat"] == 0
    assert labels(game) == ["A4", "B3", "B4", "B5", "C4"]
    pick(game, "A4")
    pick(game, "E4")
    assert cell(game, LEFT) == (0, 3) and cell(game, RIGHT) == (4, 3)


def test_in_path_and_on_terrain(game):
    put(game, RIGHT, (4, 2))  # on the bog at E3
    assert piece_candidates(game, {"self": 0}, "on-terrain") == []
    assert piece_candidates(game, {"self": 0, "terrain": "bog"}, "on-terrain") == [RIGHT]
    game.state["path"] = [[1, 1], [1, 2], [1, 3]]
    assert piece_candidates(game, {"self": 0}, "in-path") == [LEFT]


def test_foes_act_at_the_end_of_the_round(game):
    put(game, HERO, (1, 1))  # B2: the left goblin walks up to B3 and hits
    pick(game, "End your turn")
    pick(game, "End your turn")
    # the right goblin is four squares from both figures: which it goes for is a decision
    assert game.decision["kind"] == "piece"
    assert labels(game) == ["Seat 1 at B2", "Seat 2 at E1"]
    pick(game, "Seat 2 at E1")
    assert cell(game, LEFT) == (1, 2) and cell(game, RIGHT) == (3, 1)
    assert game.state["pieces"][LEFT][5] == 0  # it faces the way it walked: up
    assert game.value("health", 0) == 3 and game.value("health", 1) == 4  # D2 is out of reach


def test_random_bots_play_the_skirmish_to_the_end(pieces_pack):
    agents = [make_agent("random", pieces_pack) for _ in range(2)]
    m, steps = play_game(pieces_pack, 2, 4, agents)
    assert m.over and steps > 0


def test_the_seat_the_rules_name_breaks_a_tie(pieces_pack):
    from runtime.program import Program

    program = Program(pieces_pack.game)
    program.rules = program.rules.model_copy(update={"ties": "next-player"})
    m = start(program)
    pick(m, "C1")
    pick(m, "E1")
    pick(m, "Jab the closest")  # four squares from each goblin: seat 2 picks for seat 1
    assert m.decision["seat"] == 1 and labels(m) == ["Goblin at B4", "Goblin at D4"]


def test_pieces_are_placed_on_free_cells_however_far(game):
    pick(game, "Recall the goblins")
    assert game.decision["seat"] == 0 and labels(game) == ["A3", "E3"]
    pick(game, "E3")  # the other goblin gets the one cell left
    assert cell(game, LEFT) == (4, 2) and cell(game, RIGHT) == (0, 2)


@pytest.fixture
def dice(monkeypatch):
    """Dice that come up as the test says: `dice.append([faces…])` before each roll."""
    queue: list[list[int]] = []
    monkeypatch.setattr("runtime.dice.throw", lambda m, sides, count: queue.pop(0)[:count])
    return queue


def test_an_attack_needs_a_piece_in_reach_to_be_offered(game):
    assert "Sweep" not in labels(game)  # from A1, facing up, the pattern covers nobody
    put(game, HERO, (2, 4))
    assert "Sweep" in labels(game)


def test_pool_successes_meet_defence_to_wound_and_defeat_to_slay(game, dice):
    put(game, HERO, (2, 4))  # the pattern covers B4 (LEFT) only
    game.state["pieces"][LEFT][6]["defence"] = 2
    dice.append([4, 5, 1])  # 2 successes: the defence is met, 1 wound
    pick(game, "Cleave")
    assert health(game, LEFT) == 1
    game.state["pieces"][LEFT][4] = 2
    dice.append([6, 4, 2])  # 3 successes meet the goblin's Defeat (3): slain outright
    pick(game, "Cleave")
    assert cell(game, LEFT) == (None, None)


def test_defence_dice_cancel_damage_a_success_each(game, dice):
    put(game, HERO, (2, 4))
    dice.append([4, 1])  # 1 success of 2 damage
    pick(game, "Feint")
    assert health(game, LEFT) == 1
    assert [e["blocked"] for e in game.log if e["e"] == "defend"] == [1]


def test_defence_in_pattern_only_when_the_attacker_stands_in_it(game, dice):
    put(game, HERO, (2, 4))  # a goblin has no pattern: it cannot defend
    pick(game, "Lunge")
    assert cell(game, LEFT) == (None, None) and not dice
    assert [e["defendable"] for e in game.log if e["e"] == "attack"] == [False]


def test_the_attack_event_says_whether_the_target_could_defend(game, dice):
    put(game, HERO, (2, 4))
    dice.append([4, 1])
    pick(game, "Feint")  # defence dice, defended wherever the attacker stands
    pick(game, "Sweep")  # no defence dice
    assert [e["defendable"] for e in game.log if e["e"] == "attack"] == [True, False]


def test_a_move_may_end_with_a_turn(game):
    pick(game, "Step and turn")
    pick(game, "B1")
    assert game.decision["kind"] == "facing"
    pick(game, "Face left")
    assert cell(game, HERO) == (1, 0) and game.state["pieces"][HERO][5] == 3


def test_only_spares_pieces_not_of_the_card_type_named(game):
    """`adjacent` names every piece beside the figure, friends too; `only: thing` defeats the
    goblin beside it and leaves the other seat's figure standing and in the game."""
    put(game, OTHER, (1, 0))  # B1, beside A1
    put(game, LEFT, (0, 1))  # A2, beside A1
    pick(game, "Purge the things beside")
    assert game.state["pieces"][LEFT][2] is None  # the goblin left the board
    assert cell(game, OTHER) == (1, 0) and not game.state["out"][1]


def test_a_seat_moving_towards_the_closest_heads_for_the_closest_foe(game):
    # from C1 the other seat's figure (E1) is two squares off, the goblin at D4 three: on a
    # board where the seats play as a party, `closest` names a foe, never a partner
    put(game, HERO, (2, 0))
    put(game, LEFT, (0, 4))
    pick(game, "Advance on the closest")
    assert cell(game, HERO) in ((2, 1), (3, 1))


def test_foes_moved_towards_self_walk_to_the_acting_seats_figure(game):
    # `towards: self` names the figure the effect belongs to, not each goblin itself
    put(game, LEFT, (0, 3))
    put(game, RIGHT, (4, 3))
    pick(game, "Call the goblins")
    assert cell(game, LEFT) == (0, 2)  # the seat's figure stands at A1
    assert sum(cell(game, RIGHT)) == 6  # a step nearer A1 from E4, one way or the other
