"""The first Battle, The Convent Yard, played on its own by random bots to a win or a loss."""

from __future__ import annotations

from runtime.agents import make_agent
from runtime.machine import Machine
from runtime.program import Program
from runtime.session import play_game
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
    # two Guards from the north, one from the south and the Captain (the Enemy Turn of the
    # first round has already moved them)
    foes = sorted((r[0], r[4]) for r in rows[2:] if r[2] is not None)
    assert foes == [("cardinals-captain", 2)] + [("cardinals-guard", 2)] * 3
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
