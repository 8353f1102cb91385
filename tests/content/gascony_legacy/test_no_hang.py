"""No battle hangs: every Battle, at every party size from 1 to 4, is fought by random bots
(cheap, and quick to Fall and Rescue) to an end its rules declare (an objective, or the
party's loss), never to a guard against loops. The turn cap alone may stop one: a random party
that has beaten every foe can wander the board for 200 turns without finding the exit (the
Duke's Gardens at seed 2), which is play, not a hang. A party that lies Fallen to the last
Character loses at once."""

from __future__ import annotations

import pytest

from runtime.agents import make_agent
from runtime.program import Program
from runtime.session import play_game
from tests.content.conftest import compiled_pack

FALLEN_ALL = "Every Character has Fallen at once"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_battle_ends_by_its_rules(players):
    game = compiled_pack("gascony-legacy").game
    for scenario in sorted(game.scenarios):
        program = Program(game, scenario)
        m, _ = play_game(program, players, 2, [make_agent("random", program)] * players)
        result = m.state["result"]
        assert not result.get("capped") or result["reason"] == "turn cap", (scenario, result)
        if not result["winners"] and result["reason"].startswith(FALLEN_ALL):
            assert m.state["gv"]["fallen"] == m.state["players"] == max(players, 2)  # solo: two
            assert all(sv["lying"] == 1 for sv in m.state["sv"])


def test_the_convent_yard_at_three_is_lost_when_all_have_fallen():
    """Three Characters that all lie Fallen (random bots, seed 3) lose at once; such a party
    used to go round after round with nobody to act (the issue's seed 2)."""
    program = Program(compiled_pack("gascony-legacy").game, "the-convent-yard")
    m, _ = play_game(program, 3, 3, [make_agent("random", program)] * 3)
    result = m.state["result"]
    assert result["winners"] == [] and result["reason"].startswith(FALLEN_ALL)
    assert [sv["lying"] for sv in m.state["sv"]] == [1, 1, 1]
