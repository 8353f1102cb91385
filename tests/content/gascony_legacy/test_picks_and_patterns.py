"""Two rules of Gascony's Legacy played through the runtime and audited: every seat picks a
Character no other seat has picked, and a Character's Attack reaches only the squares of the
weapon it strikes with (the invariants `characters-all-different` and
`attacks-within-the-weapon` catch a breach)."""

from __future__ import annotations

from runtime.audit import Audit
from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack
from tests.content.gascony_legacy.test_board_geometry import (  # noqa: F401 (a fixture)
    BLADE, HERO, MARKSMAN, one_seat_alone, put, road)
from tests.runtime.conftest import labels, pick


def test_a_character_picked_by_one_seat_is_not_offered_to_the_next():
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, "roadside-ambush"), 3, 1,
                      log=[])
    audit = Audit()
    audit.attach(m)
    first = labels(m)
    assert "Athos" in first and len(first) == 8
    pick(m, "Athos")
    assert "Athos" not in labels(m) and len(labels(m)) == 7
    pick(m, "Porthos")
    assert not {"Athos", "Porthos"} & set(labels(m))
    pick(m, "Aramis")
    assert m.value("characters_picked", None) == 3
    assert not audit.failed


def test_the_audit_catches_two_seats_playing_one_character():
    m = road(players=2)  # Athos and Porthos picked
    audit = Audit()
    audit.attach(m)
    m.state["gv"]["characters_picked"] += 1  # as if a third seat had taken Athos again
    audit.paused(m)
    assert [f.name for f in audit.failed] == ["characters-all-different"]


def attack_events(m: Machine) -> list[dict]:
    return [e for e in m.log if e["e"] == "attack"]


def test_an_attack_strikes_inside_the_weapons_pattern_and_the_audit_says_so():
    m = road()  # Athos with his Rapier
    audit = Audit()
    audit.attach(m)
    put(m, MARKSMAN, None)
    put(m, HERO, (3, 3))  # D4, facing up: the Rapier covers C3 and D3
    put(m, BLADE, (3, 2))  # D3
    pick(m, "Attack")
    while not m.state["result"] and m.decision["kind"] != "turn":
        m.answer(0)
    [attack] = attack_events(m)
    assert attack["in_pattern"] and attack["piece"] == BLADE
    assert not audit.failed


def test_the_audit_catches_an_attack_landing_outside_the_pattern():
    m = road()
    audit = Audit()
    audit.attach(m)
    put(m, MARKSMAN, None)
    put(m, HERO, (3, 3))
    put(m, BLADE, (3, 2))
    pick(m, "Attack")
    # the target is whisked away behind Athos before the blow lands: out of the pattern
    m.state["pieces"][BLADE][2:4] = [3, 4]
    while not m.state["result"] and m.decision["kind"] != "turn":
        m.answer(0)
    [attack] = attack_events(m)
    assert not attack["in_pattern"]
    assert "attacks-within-the-weapon" in [f.name for f in audit.failed]
