"""A Rescued Character picks the way it faces as it stands up (rulebook, Rescue a Fallen
Ally), played through the runtime on the Chantilly Road's board."""

from __future__ import annotations

from runtime.audit import Audit
from tests.content.gascony_legacy.test_board_geometry import (  # noqa: F401 (the fixture)
    clear,
    fallen,
    one_seat_alone,
    put,
    road,
)
from tests.runtime.conftest import labels, pick


def test_the_rescued_character_picks_its_facing_and_the_rescuer_plays_on():
    m = road(players=2)  # Athos acts; Porthos has Fallen at B3, facing up
    clear(m)
    audit = Audit()
    audit.attach(m)
    fallen(m, 1)
    put(m, 1, (1, 2))  # B3
    put(m, 0, (2, 3))  # C4, diagonally beside him
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    assert m.state["pieces"][1][5] == 0
    pick(m, "Rescue a Fallen Ally")
    # Porthos's player answers, with every way open to him, and he stays where he lay
    assert m.decision["kind"] == "facing" and m.decision["seat"] == 1
    assert labels(m) == ["Face up", "Face right", "Face down", "Face left"]
    pick(m, "Face down")
    assert m.state["pieces"][1][2:6] == [1, 2, None, 2]
    assert m.state["sv"][1]["lying"] == 0
    assert m.decision["kind"] == "turn" and m.decision["seat"] == 0
    assert not audit.failed
