"""What a battle leaves behind in a campaign: the counts kept "in this battle" (`resets:
battle`) start every battle at 0, no Character lies Fallen into the next battle, the Porter,
buying, selling and trading come back between the cards after a battle, trading between
cards needs no neighbour, and each Story's introduction is read as it begins."""

from __future__ import annotations

from runtime.agents import make_agent
from runtime.machine import Machine
from runtime.program import CAMPAIGN, Program
from runtime.session import play_game
from tests.content.conftest import compiled_pack

SEED = 8549413328517147466  # the campaign bench's game 4: Act I won, into Act II by decision 120
LEFT_OVER = {"named_escaped": 1, "named_defeated": 1}  # what an earlier battle may leave


def test_no_battle_begins_with_a_named_enemy_objective_already_met():
    game = compiled_pack("gascony-legacy").game
    for scenario in game.scenarios:
        m = Machine.start(Program(game, scenario=scenario), 2, 1, variables=dict(LEFT_OVER))
        while not m.over and not m.state["begun"]:  # pick Characters and deploy
            m.answer(0)
        assert not m.over, scenario
        for objective in game.scenarios[scenario].objectives:
            if "named_" in str(objective.if_):
                assert not m.holds(objective.if_, 0), (scenario, objective.id)
        assert all(m.state["gv"][name] == 0 for name in LEFT_OVER), scenario


def test_no_battle_begins_with_a_character_lying_fallen_from_an_earlier_one():
    # an earlier battle may end (an exit reached) with Characters lying Fallen: at the next
    # battle's setup every Character is placed standing (Battle setup, step 6), and the
    # party is not lost for "every Character has Fallen" before its first turn
    game = compiled_pack("gascony-legacy").game
    for scenario in game.scenarios:
        m = Machine.start(Program(game, scenario=scenario), 2, 1,
                          variables={"lying": 1, "fallen": 2})
        while not m.over and not m.state["begun"]:  # pick Characters and deploy
            m.answer(0)
        assert not m.over, scenario
        assert [m.state["sv"][s]["lying"] for s in range(2)] == [0, 0], scenario
        assert m.state["gv"]["fallen"] == 0, scenario


def _campaign_act_one():
    """Decisions of the campaign's game 0 up to Act II's first battle, with what was offered."""
    program = Program(compiled_pack("gascony-legacy").game, story=CAMPAIGN, battles="play")
    seen: list[dict] = []
    fought: set[str] = set()

    def watch(m):
        story = m.state["story"]
        if story["battle"]:
            fought.add(story["battle"])
        if m.decision is not None:
            seen.append({"act": story["id"], "kind": m.decision["kind"], "fought": len(fought),
                         "labels": [o["label"] for o in m.decision["options"]],
                         "gv": dict(m.state["gv"]), "battle": story["battle"]})

    play_game(program, 2, SEED, [make_agent("heuristic", program)] * 2, watch=watch, until=120)
    return seen


def test_between_cards_after_a_battle():
    seen = _campaign_act_one()
    pauses = [d for d in seen if d["kind"] == "between"]
    after_battle = [d for d in pauses if d["fought"] >= 1]
    assert after_battle, "no pause between cards after Act I's first battle"
    offered = {label for d in after_battle for label in d["labels"]}
    assert {"Sell Equipment", "Trade Cards and Coins"} <= offered
    act_two = [d for d in pauses if d["act"] == "act-2"]
    assert any("Call the Porter" in d["labels"] for d in act_two)  # once per Story, again
    assert all(not d["gv"]["in_battle"] for d in pauses)
    # no one is on a board between cards: trading there asks no neighbour
    assert "Trade Cards and Coins" in pauses[0]["labels"] and pauses[0]["fought"] == 0
    # the Jolly Miller's escape is not carried into Act II
    assert all(d["gv"]["named_escaped"] == 0 for d in seen if d["act"] == "act-2")


def test_each_story_is_introduced_as_it_begins():
    game = compiled_pack("gascony-legacy").game
    program = Program(game, story=CAMPAIGN, battles="victory")
    log: list = []
    m = Machine.start(program, 2, 1, log=log)
    while not m.over and m.state["story"]["id"] == "act-1":
        m.answer(len(m.decision["options"]) - 1)  # the last option: go on, or a choice
    said = [e["text"] for e in log if e["e"] == "say"]
    for act in ("act-1", "act-2"):
        assert game.stories[act].text in said, act
    assert said.index(game.stories["act-1"].text) < said.index(game.stories["act-2"].text)
