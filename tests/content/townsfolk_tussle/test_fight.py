"""The fights, played to the end by bots: the Ruffian plays its action deck, the townsfolk
swing their weapons, and each of the sixteen fights ends in a win or a loss; the results
story walks from its first card to an ending."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.pipeline import compile_pack
from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.program import Program
from runtime.session import agent_rng, play_game
from runtime.views import view

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"
# the scenario's outcomes, and the rules' own loss (tested first, on the same condition)
ENDINGS = {"Pepin Milkfrog is beaten.", "Every townsfolk is knocked out.",
           "Every townsfolk has been knocked out."}
FIGHTS = [f"{ruffian}-{level}"
          for ruffian in ("pepin-milkfrog", "samuel-strawman", "the-bundits", "umbrello")
          for level in ("chump", "troublemaker", "hooligan", "final-fight")]


@pytest.fixture(scope="module")
def chump():
    return load_program(PACK, "pepin-milkfrog-chump")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_chump_fight_plays_to_a_win_or_a_loss(chump, seed):
    agents = [make_agent("random", chump), make_agent("heuristic", chump)]
    m, _ = play_game(chump, 2, seed, agents)
    result = m.state["result"]
    assert not result.get("capped") and result["reason"] in ENDINGS
    pepin = next(p for p in m.state["pieces"] if p[0] == "pepin-milkfrog")
    if result["winners"]:
        assert pepin[2] is None and m.value("ruffian_down", 0)
    else:
        assert m.value("townsfolk_standing", 0) == 0 and pepin[4] > 0


def test_the_ruffian_acts_from_its_deck_and_the_townsfolk_fight_back(chump):
    log: list = []
    agents = [make_agent("heuristic", chump), make_agent("heuristic", chump)]
    m = Machine.start(chump, 2, 4, log=log)
    while not m.over:
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(4, seat, len(log))))
    played = [e for e in log if e["e"] == "move" and e.get("from") == "action-deck"]
    assert played and all(e["to"] == "action-discard" for e in played)
    hurt = {e.get("seat") for e in log if e["e"] == "damage"}
    assert None in hurt and hurt & {0, 1}  # blows both ways: at Pepin's piece and at seats


@pytest.fixture(scope="module")
def game():
    return compile_pack(PACK).game


def _endings(game, scenario: str) -> set[str]:
    """What a fight may end on: its own outcomes' texts and the rules' wins and losses."""
    rules = game.rules
    return ({o.text for o in game.scenarios[scenario].outcomes.values()}
            | {c.text for c in [*rules.win, *rules.lose]})


def _won_or_lost(game, scenario: str, players: int, seed: int):
    program = Program(game, scenario)
    m, _ = play_game(program, players, seed, [make_agent("random", program) for _ in range(players)])
    result = m.state["result"]
    assert not result.get("capped") and result["reason"] in _endings(game, scenario)
    return m, result


def test_the_sixteen_fights_are_the_packs_scenarios(game):
    assert sorted(FIGHTS) == sorted(game.scenarios)


@pytest.mark.parametrize("scenario", FIGHTS)
def test_every_fight_ends_in_a_win_or_a_loss_with_random_bots(game, scenario):
    m, result = _won_or_lost(game, scenario, 2, 1)
    assert bool(result["winners"]) == bool(m.value("ruffian_down", 0))


def test_a_five_townsfolk_fight_outlasts_the_default_turn_cap_and_still_ends(game):
    # a round is five turns here: the pack's own turn cap lets the fight run to its end
    m, _ = _won_or_lost(game, "the-bundits-final-fight", 5, 12)
    assert m.state["turns"] > 200


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_results_story_walks_to_an_ending_with_random_battle_outcomes(seed):
    program = load_program(PACK, story="results", battles="random")
    m, _ = play_game(program, 2, seed, [make_agent("random", program) for _ in range(2)])
    assert m.over
    story = program.game.stories["results"]
    card = story.cards[m.state["story"]["card"]]
    assert card.ending == m.state["result"]["ending"]
    assert not m.state["result"].get("capped")


def _before_the_first_action(scenario: str, seed: int) -> list[dict]:
    """The damage dealt in a heuristic fight before the Ruffian plays its first action card."""
    program = load_program(PACK, scenario)
    log: list = []
    agents = [make_agent("heuristic", program) for _ in range(2)]
    m = Machine.start(program, 2, seed, log=log)
    while not any(e["e"] == "move" and e.get("from") == "action-deck" for e in log):
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(seed, seat, len(log))))
    return [e for e in log if e["e"] == "damage"]


def test_pepins_milk_tosser_hits_the_nearest_townsfolk_at_the_top_of_his_turn():
    # at the Troublemaker level Pepin fights with Milk Tosser: 1 DMG before his action card
    hits = _before_the_first_action("pepin-milkfrog-troublemaker", 1)
    assert [(e["seat"] is not None, e["amount"]) for e in hits] == [(True, 1)]
    assert _before_the_first_action("pepin-milkfrog-chump", 1) == []  # no such ability
