"""The first Battle, The Convent Yard, played on its own by random bots to a win or a loss."""

from __future__ import annotations

from runtime.agents import make_agent
from runtime.machine import Machine
from runtime.program import Program
from runtime.session import agent_rng, play_game
from runtime.targets import enemies_of
from tests.content.conftest import compiled_pack

SCENARIO = "the-convent-yard"


def program() -> Program:
    return Program(compiled_pack("gascony-legacy").game, SCENARIO)


def test_the_party_deploys_and_the_guards_take_the_yard():
    m = Machine.start(program(), 2, 1)
    for choice in ("Athos", "Porthos", "G3", "H4"):
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == choice))
    rows = m.state["pieces"]
    assert [r[2:4] for r in rows[:2]] == [[6, 2], [7, 3]]
    # two Guards from the north, one from the south and the Captain, still where they came
    # on: the round's All for One! and the Character Turns come before the Enemy Turn
    foes = sorted((r[0], r[4], r[2], r[3]) for r in rows[2:] if r[2] is not None)
    assert foes == [("cardinals-captain", 2, 9, 2), ("cardinals-guard", 2, 6, 0),
                    ("cardinals-guard", 2, 6, 5), ("cardinals-guard", 2, 7, 0)]
    assert m.decision["kind"] == "order"  # the players pick who acts first
    stones = sum(v for k, v in m.state["gv"].items() if k.startswith("stones_"))
    assert stones == 2  # one Stone of Chance per Character is already in the pool
    assert m.value("enemies_left", 0) == 4 and len(enemies_of(m, 0)) == 4


def test_random_bots_fight_the_battle_to_its_end():
    endings = set()
    for seed in range(4):
        agents = [make_agent("random", program()) for _ in range(2)]
        m, _ = play_game(program(), 2, seed, agents)
        assert m.over and not m.state["result"].get("capped")
        endings.add(m.state["result"]["reason"])
    assert endings <= {
        "The Guards' purses pay for dinner.",
        "You slip away down the lane with your honour and little else.",
        "Every Character has Fallen at once; no one is left to Rescue them.",
        "A Character has lost their last Health token and died.",
    }


def test_each_round_runs_its_phases_in_order():
    log: list = []
    agents = [make_agent("random", program()) for _ in range(2)]
    m = Machine.start(program(), 2, 3, log=log)
    steps = 0
    while not m.over and m.state["round"] < 3:
        m.answer(agents[m.decision["seat"]].choose(None, m.decision, agent_rng(3, 0, steps)))
        steps += 1
    phases = [e["phase"] for e in log if e["e"] == "phase"]
    assert phases[:4] == ["all-for-one", "character-turns", "enemy-turn", "upkeep"]
    # every Character Turn of a round falls between its All for One! and its Enemy Turn
    marks = [e.get("phase", "turn") for e in log if e["e"] in ("phase", "turn")]
    first = marks[:marks.index("upkeep")]
    assert first.index("enemy-turn") > max(i for i, x in enumerate(first) if x == "turn")


def test_a_fallen_character_falls_once_until_rescued():
    """`fallen` counts the Characters lying down: later hits on one never count it again."""
    for seed in range(4):
        agents = [make_agent("random", program()) for _ in range(2)]
        m = Machine.start(program(), 2, seed)
        steps = 0
        while not m.over:
            m.answer(agents[m.decision["seat"]].choose(None, m.decision,
                                                       agent_rng(seed, 0, steps)))
            steps += 1
            lying = sum(m.state["sv"][s]["lying"] for s in range(2))
            assert m.state["gv"]["fallen"] == lying
