"""A Reach Exit objective needs every Character in the exit, the Fallen too: while one lies
outside it, standing in the exit gets the party nowhere. Read in 4-player Acts capped at the turn
cap: three Characters stood in the exit for 150 turns while a Fallen ally lay across the board.
The pack's bots weigh `party_at_exit` and `party_exit_distance`, which leave the exit out while
an ally lies stranded, so a bot in the exit walks back to its Fallen ally."""

from __future__ import annotations

from runtime.agents.heuristic import HeuristicAgent
from runtime.board import figure, gap
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.views import view
from tests.content.conftest import compiled_pack
from tests.content.gascony_legacy.test_bots_see_the_enemy_turn import plain_exit


def stranded(in_lane: bool = False) -> Machine:
    """The Convent Yard at 2 players: Athos in the lane (B3, the exit), Porthos Fallen on H4
    (or on B4, in the lane, with `in_lane`), one Guard left on J6; Athos to play."""
    prog = Program(compiled_pack("gascony-legacy").game, "the-convent-yard")
    m = Machine.start(prog, 2, 1)
    for choice in ("Athos", "Porthos", "G3", "H4"):
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == choice))
    st = m.state
    figure(m, 0)[2:4] = [1, 2]
    if in_lane:
        figure(m, 1)[2:4] = [1, 3]
    st["sv"][1].update(wounds=st["sv"][1]["health_tokens"], lying=1)
    st["gv"]["fallen"] = 1
    for foe in st["pieces"][2:]:
        foe[2] = foe[3] = None
    st["pieces"][-1][2:4] = [9, 5]
    m.answer(next(i for i, o in enumerate(m.decision["options"])
                  if o["label"] == "Seat 1 plays next"))
    return m


def test_the_exit_counts_for_nothing_while_an_ally_lies_outside_it():
    m = stranded()
    assert (m.value("at_exit", 0), m.value("party_at_exit", 0)) == (1, 0)
    # Athos stands in the exit, Porthos lies six movement from it (H4 to B4, as
    # test_exit_distance_is_the_walk_to_the_lane measures): the party's walk is his
    assert [m.value("exit_distance", s) for s in range(2)] == [0, 6]
    assert [m.value("party_exit_distance", s) for s in range(2)] == [6, 6]
    m = stranded(in_lane=True)
    assert (m.value("at_exit", 0), m.value("party_at_exit", 0)) == (2, 2)
    assert m.value("party_exit_distance", 0) == m.value("exit_distance", 0) == 0


def test_a_bot_in_the_exit_goes_back_to_its_fallen_ally():
    """With the pack's weights Athos leaves the lane for Porthos's side; with the exit weighed
    plainly he stays in it (as the capped 4-player parties did)."""
    for plain, stays in ((False, False), (True, True)):
        for k in range(2):
            m = stranded()
            agent = HeuristicAgent(m.program)
            if plain:
                agent.weights = plain_exit(agent.weights)
            start = gap(m, figure(m, 0), figure(m, 1))
            steps, turn = 0, m.state["turns"]
            while m.decision["seat"] == 0 and m.state["turns"] == turn and steps < 30:
                m.answer(agent.choose(view(m, 0), m.decision, Rng(100 * k + steps)))
                steps += 1
            left = gap(m, figure(m, 0), figure(m, 1))
            if stays:
                assert m.value("exit_distance", 0) == 0 and left >= start - 1, (k, left)
            else:
                assert left <= start - 3, (k, start, left)
