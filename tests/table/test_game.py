"""The table's game: whole games answered as a page would, refusals that change nothing,
undo that still replays, and resuming a saved game."""

from __future__ import annotations

import time

from runtime.loading import load_program
from runtime.log import read
from runtime.replay import replay
from runtime.state import state_hash
from table import Table
from tests.table.conftest import leaked, new_table, watch_hidden


def answer_until_over(table: Table, choose=lambda payload: 0, undo=lambda payload: False,
                      limit: float = 60.0) -> dict[str, int]:
    """Answer every human seat's decisions until the game ends; counts what was sent."""
    sent = {"choose": 0, "undo": 0}
    deadline = time.monotonic() + limit
    while not table.over:
        assert time.monotonic() < deadline, "the game did not end"
        assert table.error is None, table.error
        for seat, payload in list(table.latest.items()):
            if not payload["waiting"] or table.waiting(seat) != payload["step"]:
                continue
            if undo(payload):
                assert table.submit((seat,), {"type": "undo", "seat": seat}) is None
                sent["undo"] += 1
            else:
                message = {"type": "choose", "seat": seat, "step": payload["step"],
                           "option": choose(payload)}
                assert table.submit((seat,), message) is None
                sent["choose"] += 1
        time.sleep(0.002)
    assert table.wait(10)
    return sent


def replays(path) -> None:
    done = replay(path, lambda pack: load_program(pack))
    assert done.ok, done.divergence


def test_a_whole_game_with_one_human_seat_saves_logs_and_replays(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "random", "heuristic"], tmp_path)
    hidden = watch_hidden(table)
    table.start()
    sent = answer_until_over(table)
    assert sent["choose"] > 3
    final = table.latest[0]
    assert final["over"] is not None and final["decision"] is None
    assert final["log"] and any("Seat 2" in line for line in final["log"])
    assert not any(leaked(p, hidden[key]) for key, p in [((0, final["seq"]), final)])
    replays(tmp_path / "game.jsonl")


def test_refused_messages_say_why_and_change_nothing(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "human"], tmp_path)
    table.start()
    while not any(p["waiting"] for p in table.latest.values()):
        time.sleep(0.002)
    seat = next(s for s, p in table.latest.items() if p["waiting"])
    other = 1 - seat
    step = table.latest[seat]["step"]
    before = state_hash(table.session.machine.state)
    count = len(table.latest[seat]["decision"]["options"])
    refused = {
        "not a dict": table.submit((seat,), ["choose", 0]),
        "no type": table.submit((seat,), {"option": 0}),
        "unknown type": table.submit((seat,), {"type": "cheat", "seat": seat}),
        "someone else's seat": table.submit((other,), {"type": "choose", "seat": seat,
                                                       "step": step, "option": 0}),
        "out of turn": table.submit((other,), {"type": "choose", "seat": other, "step": step,
                                               "option": 0}),
        "stale step": table.submit((seat,), {"type": "choose", "seat": seat, "step": step - 1,
                                             "option": 0}),
        "no such option": table.submit((seat,), {"type": "choose", "seat": seat, "step": step,
                                                 "option": count}),
        "option not a number": table.submit((seat,), {"type": "choose", "seat": seat,
                                                      "step": step, "option": "0"}),
        "seat not a number": table.submit((seat,), {"type": "choose", "seat": str(seat),
                                                    "step": step, "option": 0}),
        "undo with nothing to undo": table.submit((seat,), {"type": "undo", "seat": seat}),
    }
    assert all(refused.values()), {k: v for k, v in refused.items() if not v}
    assert refused["out of turn"] == f"it is not Seat {other + 1}'s turn to decide"
    assert "option from 0" in refused["no such option"]
    assert state_hash(table.session.machine.state) == before
    assert table.session.step == step and table.waiting(seat) == step
    table.close()


def test_undo_takes_back_a_decision_is_logged_and_the_game_still_replays(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "human"], tmp_path, seed=11)
    table.start()
    offered = []

    def undo(payload) -> bool:
        offered.append(payload["undo"])
        return payload["undo"] and sum(offered) <= 3

    sent = answer_until_over(table, choose=lambda p: p["step"] % len(p["decision"]["options"]),
                             undo=undo)
    assert sent["undo"] == 3
    assert False in offered  # after a draw or a roll, no taking back
    events = read(tmp_path / "game.jsonl")
    undone = [e for e in events if e["e"] == "undo"]
    assert len(undone) == 3 and all(e["label"] for e in undone)
    assert sum("(undo)" in line for line in table.lines[0]) == 3
    replays(tmp_path / "game.jsonl")


def test_a_closed_table_resumes_where_it_stopped(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "random"], tmp_path, seed=3)
    table.start()
    answered = 0
    while answered < 4:
        payload = table.latest.get(0)
        if payload and payload["waiting"] and table.waiting(0) == payload["step"]:
            table.submit((0,), {"type": "choose", "seat": 0, "step": payload["step"], "option": 0})
            answered += 1
        time.sleep(0.002)
    while not (table.latest[0]["waiting"] and table.waiting(0) is not None) and not table.over:
        time.sleep(0.002)
    step = table.session.step
    table.close()
    again = Table.resume(tmp_path / "game.save.json", lambda pack: load_program(pack))
    assert again.session.step == step
    assert again.latest == {} or again.latest[0]["step"] == step
    again.start()
    answer_until_over(again)
    replays(tmp_path / "game.jsonl")


def test_hot_seat_gives_one_link_for_every_human_seat(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "random", "human"], tmp_path, hot_seat=True)
    assert list(table.tokens.values()) == [(0, 2)]
    apart = new_table(fuzzy, ["human", "random", "human"], tmp_path / "apart")
    assert sorted(apart.tokens.values()) == [(0,), (2,)]
    tokens = [*table.tokens, *apart.tokens]
    assert len(set(tokens)) == 3 and all(len(t) >= 24 for t in tokens)
    assert apart.seats_of("not-a-token") is None and apart.seats_of("") is None
