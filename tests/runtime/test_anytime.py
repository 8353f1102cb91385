"""`any-time` abilities answer on other seats' turns: offered after each action, in turn order,
only when usable, to that seat alone; replays still match step by step."""

from __future__ import annotations

import pytest

from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.log import for_seat, read
from runtime.machine import Machine
from runtime.replay import replay
from runtime.session import Session
from runtime.views import view
from tests.runtime.conftest import FIXTURES

PACK = FIXTURES / "anytime"


@pytest.fixture(scope="module")
def anytime():
    return load_program(PACK)


def _labels(m: Machine) -> list[str]:
    return [o["label"] for o in m.decision["options"]]


def _choose(m: Machine, label: str) -> None:
    m.answer(_labels(m).index(label))


def test_offered_on_another_seats_turn_when_usable(anytime):
    m = Machine.start(anytime, 2, 1)
    assert (m.decision["seat"], m.decision["kind"]) == (0, "turn")
    _choose(m, "Earn")
    # seat 2's bell answers; its lamp's `if:` fails (no gold) and its drum costs an action
    assert (m.decision["seat"], m.decision["kind"]) == (1, "respond")
    assert _labels(m) == ["Bell: Ring", "Pass"]
    _choose(m, "Bell: Ring")
    assert m.state["sv"][1]["rung"] == 1
    assert (m.decision["seat"], m.decision["kind"]) == (0, "turn")


def test_declined_changes_nothing(anytime):
    m = Machine.start(anytime, 2, 1)
    _choose(m, "Earn")
    before = dict(m.state["sv"][1])
    _choose(m, "Pass")
    assert m.state["sv"][1] == before
    assert (m.decision["seat"], m.decision["kind"]) == (0, "turn")
    _choose(m, "Wait")  # declined once, offered again after the next action
    assert (m.decision["seat"], m.decision["kind"]) == (1, "respond")


def test_once_per_limit_stops_the_offer(anytime):
    m = Machine.start(anytime, 2, 1)
    _choose(m, "Earn")
    _choose(m, "Bell: Ring")
    _choose(m, "Wait")
    # the bell rang this round: seat 2 has nothing usable, so it is not asked
    assert (m.decision["seat"], m.decision["kind"]) == (0, "turn")
    _choose(m, "End your turn")
    assert (m.decision["seat"], m.decision["kind"]) == (1, "turn")
    assert "Bell: Ring" not in _labels(m)


def test_seats_asked_in_turn_order_from_the_active_seat(anytime):
    m = Machine.start(anytime, 3, 1)
    _choose(m, "Earn")
    assert (m.decision["seat"], m.decision["kind"]) == (1, "respond")
    _choose(m, "Pass")
    assert (m.decision["seat"], m.decision["kind"]) == (2, "respond")


def test_condition_false_is_not_offered_then_true_is(anytime):
    m = Machine.start(anytime, 2, 1)
    _choose(m, "Earn")
    assert "Lamp: Light" not in _labels(m)
    _choose(m, "Pass")
    _choose(m, "Wait")
    _choose(m, "Pass")
    _choose(m, "End your turn")
    # seat 2's own turn: it earns gold, and seat 1 (with gold) may light its lamp in reply
    _choose(m, "Earn")
    assert m.decision["seat"] == 0 and "Lamp: Light" in _labels(m)
    _choose(m, "Lamp: Light")
    assert m.state["sv"][0]["lit"] == 1


def test_the_offer_is_shown_to_that_seat_alone(anytime, tmp_path):
    m = Machine.start(anytime, 2, 1)
    _choose(m, "Earn")
    other = view(m, 0)["decision"]
    assert other == {"seat": 1, "kind": "respond", "prompt": m.decision["prompt"]}
    assert "Bell" not in m.decision["prompt"]
    assert view(m, 1)["decision"]["options"] == m.decision["options"]
    path = tmp_path / "game.jsonl"
    agents = [make_agent("random", anytime) for _ in range(2)]
    Session.new(anytime, 2, 5, ["random"] * 2, agents, pack=str(PACK), log=path).run()
    responses = [e for e in read(path) if e["e"] == "decision" and e["kind"] == "respond"]
    assert responses
    for event in responses:
        theirs = for_seat(event, 1 - event["seat"])
        assert not {"label", "choice", "options"} & set(theirs)


def test_replay_and_determinism_hold(anytime, tmp_path):
    logs = []
    for name in ("a.jsonl", "b.jsonl"):
        path = tmp_path / name
        agents = [make_agent(s, anytime) for s in ("random", "heuristic", "random")]
        Session.new(anytime, 3, 7, ["random", "heuristic", "random"], agents, pack=str(PACK),
                    log=path).run()
        logs.append(read(path))
    assert logs[0] == logs[1] and logs[0][-1]["e"] == "end"
    assert any(e["e"] == "decision" and e["kind"] == "respond" for e in logs[0])
    done = replay(tmp_path / "a.jsonl", lambda pack: anytime)
    assert done.ok


def test_a_game_without_any_time_abilities_builds_no_responses(skirmish):
    assert not skirmish.anytime
