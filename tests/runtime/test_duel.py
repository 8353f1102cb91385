"""Combat building blocks on a board (fixture `duel`): success pools with advantage,
disadvantage and standing modifiers; attacks with a chosen weapon; dice shared among targets;
per-foe `react` windows; deferred defence met by one `defend` roll; chosen rerolls and pips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.dice import successes, system
from runtime.loading import load_program
from runtime.shares import most_cancelled, share_options
from tests.runtime.conftest import FIXTURES, labels, pick, start

HERO, LEFT, RIGHT, ARCHER = 0, 1, 2, 3  # the figure, Brutes at B3 and C3, the Archer at E5


@pytest.fixture(scope="module")
def duel():
    return load_program(FIXTURES / "duel", scenario="brawl")


@pytest.fixture
def game(duel):
    """The figure at C4 facing up: the Sword reaches both Brutes, the Dagger the one at C3."""
    m = start(duel, players=1, log=[])
    pick(m, "C1")
    m.state["pieces"][HERO][2:4] = [2, 3]
    return again(m)


def again(m):
    """Ask the pending turn decision again, once pieces were moved by hand."""
    m.state["decision"] = None
    m.run()
    return m


def load(m, faces: list[int]) -> None:
    """The next d6 rolls show `faces`, in order; then the dice are fair again."""
    fair = m.below
    queue = list(faces)
    m.below = lambda n: queue.pop(0) - 1 if queue and n == 6 else fair(n)


def events(m, kind: str) -> list[dict]:
    return [e for e in m.log if e["e"] == kind]


# -- counting --------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(faces=st.lists(st.integers(1, 6), max_size=6), advantage=st.booleans(),
       disadvantage=st.booleans(), doom=st.booleans())
def test_a_pool_counts_as_its_faces_modes_and_modifiers_say(duel, faces, advantage,
                                                            disadvantage, doom):
    m = start(duel, players=1)
    m.state["sv"][0]["doom"] = int(doom)
    mode = None
    for on, name in ((advantage, "advantage"), (disadvantage, "disadvantage")):
        if on:
            mode = name if mode is None else "both"
    m.state.update(dice_mode=mode, dice_seat=0)
    both = advantage and disadvantage
    worth = {1: 0, 2: 0, 3: int(advantage and not both), 4: int(not disadvantage or both),
             5: 1, 6: 1 if doom else 2}
    assert successes(m, system(m, "pool"), faces) == sum(worth[f] for f in faces)


def test_advantage_and_disadvantage_change_the_table_rather_than_replace_it(duel):
    m = start(duel, players=1)
    pool = system(m, "pool")
    m.state.update(dice_seat=0)
    for mode, expected in (("advantage", 5), ("disadvantage", 3), ("both", 4), (None, 4)):
        m.state["dice_mode"] = mode
        assert successes(m, pool, [3, 4, 5, 6]) == expected, mode


def test_despair_rolls_one_die_fewer(game):
    game.state["sv"][0]["despair"] = 1
    pick(game, "Strike")
    pick(game, "Dagger")
    assert [len(e["faces"]) for e in events(game, "roll")] == [3]  # Prowess 4, less 1


# -- weapons ---------------------------------------------------------------------------------


def test_only_the_weapon_striking_answers_the_attacks_windows(game):
    load(game, [3, 3, 1, 1])
    pick(game, "Strike")
    assert game.decision["kind"] == "weapon" and labels(game) == ["Sword", "Dagger"]
    pick(game, "Dagger")  # its Advantage counts the 3s; the Sword's Edge stays out of it
    counted = events(game, "count")[-1]
    assert counted["advantage"] and counted["successes"] == 2
    assert [e["name"] for e in events(game, "ability")] == ["Quick"]
    assert game.state["gv"]["reacted"] == 1  # the Brute at C3 survived and reacted


def test_each_weapon_strikes_once_a_turn(game):
    load(game, [1, 1, 1, 1])
    pick(game, "Strike")
    pick(game, "Sword")  # its Edge has one die face to turn: no choice to make
    pick(game, "Strike")  # only the Dagger is left: no choice to make either
    assert [e["strikes"] for e in events(game, "attack")] == [1, 1, 1]
    assert "Strike" not in labels(game)


def test_the_pattern_is_the_weapons_own(game):
    """From B4 facing up the Dagger reaches B3 alone and the Sword A3 to C3: with the only
    Brute in reach at A3, the Dagger is no weapon to strike with, so nobody is asked."""
    game.state["pieces"][RIGHT][2:4] = [None, None]
    game.state["pieces"][HERO][2:4] = [1, 3]
    game.state["pieces"][LEFT][2:4] = [0, 2]
    again(game)
    load(game, [4, 4, 1, 1])
    pick(game, "Strike")
    assert game.decision["kind"] == "adjust"  # the Sword's Edge: no weapon was asked for
    pick(game, "Turn a 1 to 2")
    assert [(e["piece"], e["strikes"]) for e in events(game, "attack")] == [(LEFT, 1)]
    assert game.state["pieces"][LEFT][4] == 1


# -- shares and reactions --------------------------------------------------------------------


def test_a_dies_successes_stay_together():
    assert share_options([2, 2], [3, 3]) == [(3, 0), (2, 2), (0, 3)]
    assert share_options([2, 1, 1, 0], [3, 3]) == [(3, 1), (2, 2), (1, 3)]
    assert share_options([], [2, 2]) == [(0, 0)]


def test_the_attacker_shares_the_dice_and_every_survivor_reacts_alone(game):
    load(game, [6, 5, 4, 1])
    pick(game, "Strike")
    pick(game, "Sword")
    pick(game, "Turn a 1 to 2")
    assert game.decision["kind"] == "shares"
    assert labels(game) == ["3 to Brute at B3, 1 to Brute at C3",
                            "2 to Brute at B3, 2 to Brute at C3",
                            "1 to Brute at B3, 3 to Brute at C3"]
    pick(game, "2 to Brute at B3, 2 to Brute at C3")
    rows = game.state["pieces"]
    assert rows[LEFT][4] == rows[RIGHT][4] == 1  # both Wounded, both still standing
    # each reacts in its own window, which only it answers: two Snarls, not four
    assert game.state["gv"]["reacted"] == 2


def test_a_single_target_is_picked_before_rolling_when_the_dice_are_not_shared(game):
    game.state["pieces"][HERO][2:4] = [2, 4]
    game.state["pieces"][HERO][5] = 0
    game.state["sv"][0]["destiny"] = 0
    game.state["pieces"].append(["brute", None, 1, 3, 2, 0, {}])  # B4 and C3 in the Sling's
    sling = next(i for i, c in enumerate(game.state["ids"]) if c == "sling")
    game.state["zones"]["armoury"].remove(sling)
    game.state["zones"]["equipped:0"].append(sling)
    game.state["loc"][sling] = "equipped:0"
    again(game)
    pick(game, "Strike")
    pick(game, "Sling")
    assert game.decision["kind"] == "piece" and len(labels(game)) >= 2
    pick(game, "Brute at C3")
    # the weapon's own fields: a ranged one rolls its `dice`, not the seat's Prowess
    assert [len(e["faces"]) for e in events(game, "roll")] == [2]


# -- defence ---------------------------------------------------------------------------------


def test_most_cancelled_counts_each_die_against_the_hit_it_goes_to():
    """The rulebook's Athos: 2, 3, 3, 3, 6 against 4 damage from Guards and 2 from Marksmen
    he has Cover (Advantage) against: the 3s cancel the shots, the 6 two of the Guards'."""
    plain = {2: 0, 3: 0, 6: 2}
    advantage = {2: 0, 3: 1, 6: 2}
    worths = [[plain[f], advantage[f]] for f in (2, 3, 3, 3, 6)]
    assert most_cancelled(worths, [4, 2]) == 4
    assert most_cancelled(worths, [4, 0]) == 2
    assert most_cancelled([], [3]) == 0


def test_every_hit_waits_and_one_roll_meets_them_all(game):
    """A Brute (2) in front of the figure, in its patterns, another (2) behind it, and the
    Archer (1) shooting at it in Cover: the blow from behind lands; one roll of 3 dice meets
    the rest, its 3 counting against the shot alone (Advantage), its 6 against the blow."""
    game.state["pieces"][LEFT][2:4] = [2, 4]
    game.state["sv"][0]["covered"] = 1
    load(game, [3, 6, 1])
    pick(game, "Brace")
    assert sorted(e["strength"] for e in events(game, "attack")) == [1, 2, 2]
    assert [e["faces"] for e in events(game, "roll")] == [[3, 6, 1]]
    (defended,) = events(game, "defend")
    assert (defended["hits"], defended["blocked"], defended["damage"]) == (3, 3, 2)
    assert defended["defences"] == 1 and game.value("wounds", 0) == 2
    # the Dagger's Advantage is for attacks made with it, never for attacks on its holder
    assert "Quick" not in [e["name"] for e in events(game, "ability")]


def test_without_cover_the_3_blocks_nothing(game):
    game.state["pieces"][LEFT][2:4] = [2, 4]
    load(game, [3, 6, 1])
    pick(game, "Brace")
    (defended,) = events(game, "defend")
    assert (defended["blocked"], defended["damage"]) == (2, 3)


def test_hits_from_outside_every_pattern_land_without_a_roll(game):
    game.state["pieces"][HERO][5] = 2  # facing down: the Brutes at its sides are outside
    game.state["pieces"][ARCHER][2:4] = [None, None]
    game.state["pieces"][LEFT][2:4] = [1, 3]
    game.state["pieces"][RIGHT][2:4] = [3, 3]
    pick(game, "Brace")
    (defended,) = events(game, "defend")
    assert (defended["blocked"], defended["damage"], defended["defences"]) == (0, 4, 0)
    assert events(game, "roll") == []


@pytest.mark.parametrize("facing, unguarded", [(0, 1), (1, 2), (2, 1), (3, 2)])
def test_foes_unguarded_are_the_blows_no_defence_meets(game, facing, unguarded):
    """Brutes at C3 and C5, in front of and behind the figure at C4: facing up or down, the
    Sword covers one of them; left or right, neither. `foes_unguarded` counts those outside,
    and against a defence that cancels all it may (three 6s), only their blows land."""
    game.state["pieces"][LEFT][2:4] = [2, 4]
    game.state["pieces"][HERO][5] = facing
    game.state["pieces"][ARCHER][2:4] = [None, None]
    assert game.value("foes_unguarded", 0) == unguarded
    load(game, [6, 6, 6])
    pick(game, "Brace")
    (defended,) = events(game, "defend")
    assert defended["damage"] == 2 * unguarded  # a Brute strikes 2


def test_foes_unguarded_counts_only_foes_beside_the_figure(game):
    """On this square board a foe on a diagonal (B3) is not beside the figure at C4."""
    assert game.value("foes_unguarded", 0) == 0  # facing up, the Brute at C3 covered
    game.state["pieces"][HERO][5] = 2  # facing down, its back to it
    assert game.value("foes_unguarded", 0) == 1
    game.state["pieces"][RIGHT][2:4] = [0, 0]  # it steps away, to A1
    assert game.value("foes_unguarded", 0) == 0
    game.state["pieces"][RIGHT][2:4] = [2, 2]
    game.state["pieces"][HERO][2:4] = [None, None]  # no figure on the board
    assert game.value("foes_unguarded", 0) == 0


# -- chosen rerolls and pips -----------------------------------------------------------------


def test_a_reroll_of_the_dice_chosen_costs_and_may_go_on(game):
    game.state["sv"][0]["destiny"] = 2
    load(game, [1, 5, 1, 4, 6, 2])
    pick(game, "Strike")
    pick(game, "Dagger")
    assert game.decision["kind"] == "reroll"
    assert "Reroll 1, 1" in labels(game) and "Reroll 1, 1, 4, 5" in labels(game)
    pick(game, "Reroll 1, 1")
    assert game.state["dice"] == [6, 5, 2, 4] and game.value("destiny", 0) == 1
    assert game.decision["kind"] == "reroll"  # Destiny left: it may go on
    pick(game, "Keep the dice")
    assert game.value("destiny", 0) == 1
    assert events(game, "reroll") == [{"e": "reroll", "seat": 0, "faces": [1, 1],
                                       "now": [6, 5, 2, 4]}]


def test_a_pip_goes_on_the_die_chosen(game):
    load(game, [2, 4, 5, 5])
    pick(game, "Strike")
    pick(game, "Sword")
    assert labels(game) == ["Turn a 2 to 3", "Turn a 4 to 5", "Turn a 5 to 6"]
    pick(game, "Turn a 5 to 6")
    assert sorted(game.state["dice"]) == [2, 4, 5, 6] and game.state["successes"] == 4


# -- turning costs ---------------------------------------------------------------------------


@pytest.mark.parametrize(("cell", "facings"), [
    ("C4", ["Face up", "Face right", "Face down", "Face left"]),  # no step: two turns left
    ("C5", ["Face up", "Face right", "Face left"]),  # one step: one quarter turn
])
def test_each_quarter_turn_costs_a_point_of_the_move(game, cell, facings):
    pick(game, "Step")
    pick(game, cell)
    assert game.decision["kind"] == "facing" and labels(game) == facings


def test_a_full_move_leaves_no_point_to_turn(game):
    pick(game, "Step")
    pick(game, "D5")
    assert game.decision["kind"] == "turn" and game.state["pieces"][HERO][5] == 0


# -- checked when compiled ---------------------------------------------------------------------


@pytest.mark.parametrize(("file", "find", "replace", "code", "line"), [
    ("cards.yaml", "defence-count: 3, defer-defence: true, defence-advantage-if",
     "defence-count: 3, defence-advantage-if", "GS207", 66),
    ("rules.yaml", "reroll: {choose: true, then", "reroll: {then", "GS211", 47),
    ("rules.yaml", "react: react}", "react: recat}", "GS301", 15),
])
def test_combat_parameters_that_cannot_work_are_refused(tmp_path, file, find, replace, code,
                                                        line):
    import shutil

    from compiler.pipeline import compile_pack

    pack = tmp_path / "duel"
    shutil.copytree(FIXTURES / "duel", pack)
    text = (pack / file).read_text()
    assert find in text
    (pack / file).write_text(text.replace(find, replace))
    found = [(d.code, d.file.rsplit("/", 1)[-1], d.line)
             for d in compile_pack(pack).report.diagnostics]
    assert (code, file, line) in found, found
