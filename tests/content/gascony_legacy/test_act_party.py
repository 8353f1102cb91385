"""What a party of bots brings into an Act's first battle. Read in Act IV at 4 players (0/12
won, lost in the Streets of Paris, which the same bots win about two in three alone): the
choice that starts a story's battle was scored by playing on into its first round, the
luckiest of three random rounds counting, so a Character sold its only weapon before the
battle for two Coins (2 games of 12); and the content's evaluation told Characters apart by
their Destiny alone, so every Act's party was the four with 4 Destiny (two of them with
Prowess 2). Played through the runtime with the heuristic agent."""

from __future__ import annotations

from runtime.agents.evaluation import battle_fought, in_battle, weights
from runtime.agents.heuristic import HeuristicAgent
from runtime.agents.lookahead import finish_round, to_round_end
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.views import view
from tests.content.conftest import compiled_pack
from tests.runtime.conftest import labels, pick

BOARD = ("prowess", "movement", "health_tokens", "destiny")


def act_four(players: int = 4, seed: int = 1) -> Machine:
    return Machine.start(Program(compiled_pack("gascony-legacy").game, story="act-4"), players,
                         seed)


def test_the_first_pick_is_a_character_whose_board_is_worth_the_most():
    """Every Character on offer: the first seat takes one with the most dice and Health (Athos
    or Milady, by the pack's weights), not one with the most Destiny (D'Artagnan, Aramis,
    Constance or Planchet, which it took before)."""
    for seed in range(4):
        m = act_four(seed=seed)
        agent = HeuristicAgent(m.program)
        m.answer(agent.choose(view(m, 0), m.decision, Rng(seed)))
        (picked,) = m.state["items"][0]
        assert picked in ("athos", "milady"), (seed, picked)
        assert [m.value(n, 0) for n in BOARD] in ([3, 5, 5, 3], [3, 6, 4, 3])


def before_the_streets() -> Machine:
    """The position of a bench game (Act IV, 4 players, seed 1, game 0) where D'Artagnan sold
    his sword: the Porter called, the other seats gone on; his choice starts the battle."""
    m = act_four()
    for name in ("Constance", "Aramis", "Planchet", "D'Artagnan"):
        pick(m, name)
    pick(m, "Take the straight road")
    for choice in ("Call the Porter", "Go on to the next card", "Go on to the next card",
                   "Go on to the next card"):
        pick(m, choice)
    assert m.decision["seat"] == 3 and labels(m) == [
        "Sell Equipment", "Trade Cards and Coins", "Go on to the next card"]
    return m


def test_a_play_out_from_a_story_walk_stops_where_the_next_battle_begins():
    m = before_the_streets()
    start, fought = m.state["round"], battle_fought(m.program, m.state)
    assert fought is None and to_round_end(m.program, m.state)
    pick(m, "Go on to the next card")
    assert m.state["story"]["battle"] == "the-paris-streets"
    placing = m.decision
    finish_round(m, Rng(0), start, fought)
    assert m.decision is placing and m.decision["kind"] == "cell"


def test_no_character_sells_its_only_weapon_before_the_first_battle():
    """Between the first story card and the Streets of Paris each Character carries only its
    Starting Weapon and no Coins: selling it for two leaves it to fight unarmed. Scored after
    a random first round, the luckiest of three, D'Artagnan sold it about one time in four."""
    m = before_the_streets()
    agent = HeuristicAgent(m.program)
    chosen = [labels(m)[agent.choose(view(m, 3), m.decision, Rng(k))] for k in range(24)]
    assert "Sell Equipment" not in chosen


def test_a_battle_fought_in_a_story_is_scored_by_its_own_weights():
    """At the Jolly Miller the exit is Rochefort's way out, not the party's: its own evaluation
    drops `party_at_exit`, alone and when Act I fights it."""
    game = compiled_pack("gascony-legacy").game
    table = weights(Program(game))
    alone = Machine.start(Program(game, "the-jolly-miller"), 2, 1)
    story = Machine.start(Program(game, story="act-1"), 2, 1)
    assert "party_at_exit" in in_battle(story, table)
    story.state["story"]["battle"] = "the-jolly-miller"
    assert "party_at_exit" not in in_battle(alone, table)
    assert in_battle(story, table) == in_battle(alone, table)
