"""Hidden information: a seat's view, its log and what its agent gets never hold a card it
may not see; determinising a view deals the unseen cards consistently."""

from __future__ import annotations

from collections import Counter

from runtime.agents.random import RandomAgent
from runtime.deal import arrange
from runtime.log import read
from runtime.machine import Machine
from runtime.session import Session
from runtime.views import determinise, view
from runtime.zones import visible
from tests.runtime.conftest import pick, start


def _leaks(m: Machine, seat: int, seen: dict) -> list[int]:
    """Cards the view names that the seat may not see."""
    return [i for i, card in enumerate(seen["ids"]) if card is not None and not visible(m, i, seat)]


def test_a_view_hides_other_hands_the_draw_pile_and_face_down_cards(skirmish):
    m = start(skirmish, players=3)
    arrange(m, {"table:1": ["guard:up", "gem"], "hand:1": ["spark", "gem"]})
    seen = view(m, 0)
    assert _leaks(m, 0, seen) == []
    assert seen["rng"] is None and seen["seat"] == 0
    assert all(i is not None for i in seen["zones"]["hand:0"])
    assert seen["zones"]["hand:1"] == [None, None] and set(seen["zones"]["draw"]) == {None}
    guard, gem = m.state["zones"]["table:1"]
    assert seen["ids"][guard] == "guard" and seen["ids"][gem] is None
    assert view(m, 1)["ids"][gem] == "gem"  # the owner knows its face-down card


def test_another_seats_decision_shows_no_options(skirmish):
    m = start(skirmish)
    other = view(m, 1)["decision"]
    assert other["seat"] == 0 and "options" not in other


def test_agents_only_ever_get_their_own_view(skirmish):
    m = Machine.start(skirmish, 3, 11)
    calls = []

    class Watching(RandomAgent):
        uses_view = True

        def choose(self, seen, decision, rng):
            calls.append(seen["seat"])
            assert seen["seat"] == decision["seat"] == agents.index(self)
            assert _leaks(m, seen["seat"], seen) == []
            return super().choose(seen, decision, rng)

    agents = [Watching(), Watching(), Watching()]
    Session(skirmish, m, agents, 11, ["random"] * 3).run()
    assert m.over and len(set(calls)) == 3


def test_determinised_views_are_whole_and_keep_what_the_seat_saw(skirmish):
    from runtime.rng import Rng

    m = start(skirmish, players=3, seed=5)
    pick(m, "Draw a card")
    seen = view(m, 0)
    full = determinise(skirmish, seen, Rng(1))
    assert Counter(full["ids"]) == Counter(m.state["ids"])
    assert all(full["loc"][i] == key for key, cards in full["zones"].items() for i in cards)
    for key in ("hand:0", "table:0", "discard", "hero:1"):
        assert [full["ids"][i] for i in full["zones"][key]] == [
            m.state["ids"][i] for i in m.state["zones"][key]
        ]
    assert Machine(skirmish, full).decision["options"] == m.decision["options"]


def test_seat_logs_name_no_card_the_seat_could_not_see(skirmish, tmp_path):
    log = tmp_path / "game.jsonl"
    agents = [RandomAgent() for _ in range(3)]
    Session.new(skirmish, 3, 21, ["random"] * 3, agents, log=log).run()
    for seat in range(3):
        events = read(tmp_path / f"game.seat{seat + 1}.jsonl")
        assert events[0]["e"] == "start" and "seed" not in events[0]
        for event in events:
            assert "seen" not in event and "hash" not in event
            if event["e"] == "decision" and event["seat"] != seat:
                assert "label" not in event and "choice" not in event
            if event["e"] == "move" and "id" in event:
                ends = (event["from"], event["to"])
                hidden = [
                    k
                    for k in ends
                    if k == "draw" or (k.startswith("hand:") and k != f"hand:{seat}")
                ]
                assert len(hidden) < 2, event  # from one hidden place to another: no name
    full = read(log)
    draws = [e for e in full if e["e"] == "move" and e["from"] == "draw" and e["to"] == "hand:1"]
    assert draws and all("id" in e for e in draws)  # the full log is the referee's record


def test_once_per_uses_of_hidden_cards_are_not_shown(skirmish):
    m = start(skirmish)
    arrange(m, {"table:1": ["guard:up", "spark"]})
    guard, spark = m.state["zones"]["table:1"]
    m.state["used"]["turn"] = {f"{guard}#0": 1, f"{spark}#0": 1, "@1#0": 1}
    assert view(m, 0)["used"] == {"turn": {f"{guard}#0": 1, "@1#0": 1}}
    assert view(m, 1)["used"] == m.state["used"]
