"""Hidden information in whole Fuzzy Mage Fight games: no seat's view, agent or log holds a
card it may not see (not even in the runtime's pending work), and a searching agent can
play on from any sample of what it cannot see."""

from __future__ import annotations

from runtime.agents.random import RandomAgent
from runtime.log import read
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.session import Session
from runtime.views import determinise, hidden_cards, view
from tests.runtime.conftest import labels, pick
from tests.runtime.games.fmf import fight


def mentions(seen: dict) -> set[int]:
    """Every card instance the view's stack and once-per uses refer to."""
    found: set[int] = set()

    def walk(value):
        if isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            if value.get("h") == "window" and "q" in value.get("l", {}):
                found.update(entry[1] for entry in value["l"]["q"] if entry[1] is not None)
            for key, item in value.items():
                if key in ("card", "tcard") and isinstance(item, int):
                    found.add(item)
                elif key.startswith("pick:") and isinstance(item, list):
                    found.update(i for i in item if i is not None)
                else:
                    walk(item)

    walk(seen["stack"])
    for uses in seen["used"].values():
        found.update(int(k.partition("#")[0]) for k in uses if k.partition("#")[0].isdigit())
    return found


def test_traps_waiting_on_a_window_are_hidden_from_the_attacker(fmf):
    m = fight(fmf, ["magic", "magic", "fizzy-pop", "quick-wit"], [], ["magic"],
              ["static-snare", "pilfer-pouch"], mages=["Chester", "Gretchen"])
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 1)")
    pick(m, "(total 1)")  # Gretchen holds; now her traps and her counter-strike wait in turn
    assert m.decision["seat"] == 1 and labels(m) == ["Spring the Static Snare", "Keep it hidden"]
    hidden = hidden_cards(m, 0)
    traps = set(m.state["zones"]["battlefield:1"])
    assert traps <= hidden and mentions(view(m, 1)) & traps  # the owner knows they wait
    assert not mentions(view(m, 0)) & hidden


def test_no_view_mentions_a_hidden_card_and_every_sample_plays_on(fmf):
    m = Machine.start(fmf, 4, 12, variables={"mages_at_random": True})
    rng = Rng(12)
    steps = 0
    while not m.over:
        for seat in range(4):
            seen = view(m, seat)
            assert not mentions(seen) & hidden_cards(m, seat), (steps, seat)
            assert all(seen["ids"][i] is None for i in hidden_cards(m, seat))
        if steps % 5 == 0:  # a sample of the deciding seat's view plays on like a real game
            sample = Machine(fmf, determinise(fmf, view(m, m.decision["seat"]), rng))
            for _ in range(20):
                if sample.over:
                    break
                sample.answer(rng.below(len(sample.decision["options"])))
        m.answer(rng.below(len(m.decision["options"])))
        steps += 1
    assert steps > 100


def test_seat_logs_keep_other_seats_choices_and_unseen_cards_to_themselves(fmf, tmp_path):
    log = tmp_path / "game.jsonl"
    Session.new(fmf, 3, 5, ["random"] * 3, [RandomAgent() for _ in range(3)], log=log,
                variables={"mages_at_random": True}).run()
    full = read(log)
    assert any(e["e"] == "decision" and e["kind"] == "commit" for e in full)
    for seat in range(3):
        events = read(tmp_path / f"game.seat{seat + 1}.jsonl")
        assert len(events) == len(full) and "seed" not in events[0]
        for event in events:
            if event["e"] == "decision" and event["seat"] != seat:
                assert set(event) == {"e", "step", "seat", "kind"}  # not even how many options
            if event["e"] == "move" and "id" in event:
                mine = (f"hand:{seat}", f"battlefield:{seat}")
                unseen = [k for k in (event["from"], event["to"])
                          if k == "draw" or (k.startswith("hand:") and k not in mine)]
                assert len(unseen) < 2, event
