"""One seed, one game: replays match step by step, and simulations do not depend on how
many processes play them."""

from __future__ import annotations

import json

from runtime.agents import make_agent
from runtime.log import read
from runtime.replay import replay
from runtime.session import Session
from runtime.simulate import simulate
from tests.runtime.conftest import FIXTURES


def _logged(program, path, seed=3, seats=("random", "heuristic", "random")):
    agents = [make_agent(s, program) for s in seats]
    Session.new(
        program, len(seats), seed, list(seats), agents, pack=str(FIXTURES / "skirmish"), log=path
    ).run()
    return read(path)


def test_the_same_seed_gives_the_same_log(skirmish, tmp_path):
    first = _logged(skirmish, tmp_path / "a.jsonl")
    second = _logged(skirmish, tmp_path / "b.jsonl")
    assert first == second and first[-1]["e"] == "end"


def test_replay_checks_every_step(skirmish, tmp_path):
    path = tmp_path / "game.jsonl"
    events = _logged(skirmish, path)
    done = replay(path, lambda pack: skirmish)
    assert done.ok and done.steps == sum(1 for e in events if e["e"] == "decision")


def _tampered(program, tmp_path, change) -> str:
    """Replay a logged game after `change(events)` edits its log; the divergence reported."""
    path = tmp_path / "game.jsonl"
    events = _logged(program, path)
    change(events)
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    done = replay(path, lambda pack: program)
    assert not done.ok
    return done.divergence


def _nth(events, kind, n, **where):
    return [e for e in events if e["e"] == kind and all(e.get(k) == v for k, v in where.items())][n]


def test_replay_reports_a_changed_choice(skirmish, tmp_path):
    def change(events):
        target = _nth(events, "decision", 3)
        target["choice"] = (target["choice"] + 1) % target["options"]

    assert _tampered(skirmish, tmp_path, change).startswith("step 3: choice ")


def test_replay_reports_a_changed_chance_outcome(skirmish, tmp_path):
    def change(events):
        draw = _nth(events, "move", 2, **{"from": "draw"})
        draw["to"] = "discard"

    divergence = _tampered(skirmish, tmp_path, change)
    assert "event" in divergence and "'to': 'discard'" in divergence


def test_replay_reports_a_changed_state(skirmish, tmp_path):
    def change(events):
        _nth(events, "decision", 5)["hash"] = "0" * 32

    assert _tampered(skirmish, tmp_path, change).startswith("step 5: the state differs")


def test_simulation_does_not_depend_on_the_worker_count(skirmish):
    seats = ["random", "random", "heuristic"]
    pack = FIXTURES / "skirmish"
    one = simulate(pack, skirmish, 3, 6, 42, seats, workers=1).to_json()
    two = simulate(pack, skirmish, 3, 6, 42, seats, workers=2).to_json()
    assert one == two and one["games"] == 6
    assert sum(s["wins"] for s in one["seats"]) + one["turn_cap_hit"] + one["no_winner"] >= 6
    lo, hi = one["seats"][0]["ci95"]
    assert 0.0 <= lo <= one["seats"][0]["win_rate"] <= hi <= 1.0



UNDO_NOTE = {"e": "undo", "seat": 0, "step": 4, "label": "a decision taken back"}


def test_replay_skips_undo_notes(skirmish, tmp_path):
    path = tmp_path / "game.jsonl"
    events = _logged(skirmish, path)
    fourth = events.index(_nth(events, "decision", 4))
    noted = [*events[:fourth], UNDO_NOTE, *events[fourth:]]
    path.write_text("".join(json.dumps(e) + "\n" for e in noted))
    done = replay(path, lambda pack: skirmish)
    assert done.ok, done.divergence
    assert done.steps == sum(1 for e in events if e["e"] == "decision")


def test_an_undo_note_does_not_stand_in_for_a_game_event(skirmish, tmp_path):
    def change(events):
        fourth = events.index(_nth(events, "decision", 4))
        assert events[fourth - 1]["e"] not in ("decision", "start")
        events[fourth - 1] = UNDO_NOTE

    assert "events instead of" in _tampered(skirmish, tmp_path, change)
