"""Pairing seats: the other seat must agree, and then they are partners."""

from __future__ import annotations

from tests.runtime.conftest import labels, pick, start


def _both_down(m):
    from runtime.deal import arrange

    arrange(m, {"hero:0": ["knight"], "hero:1": ["rogue"], "imp-box": ["imp"]})
    for seat in (0, 1):
        m.state["sv"][seat]["down"] = True
    m.state["decision"] = None
    m.run()


def test_pairing_needs_the_other_seats_agreement(skirmish):
    m = start(skirmish, players=3)
    _both_down(m)
    assert "Team up with another knocked-down hero" in labels(m)
    pick(m, "Team up")
    assert m.decision["seat"] == 1 and m.decision["kind"] == "agree"
    pick(m, "Refuse")
    assert m.state["partner"] == [None, None, None]
    pick(m, "End your turn")
    pick(m, "Team up")
    pick(m, "Agree")
    assert m.state["partner"] == [1, 0, None] and m.value("paired", 0) is True
    assert "Team up with another knocked-down hero" not in labels(m)
