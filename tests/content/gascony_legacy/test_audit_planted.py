"""The rules issue #8 asks the audit to check, each broken once by hand on a real battle: the
event as the runtime logs it passes, the same event with one field broken (or the state
pushed past a limit) is named by the audit, and only by the invariant for that rule. The
rule audit over many bot games (test_rule_audit.py) shows no game breaks them; this shows a
break would not go unseen. (Rescue is planted through the runtime in test_board_geometry.py.)"""

from __future__ import annotations

import pytest

from runtime.audit import Audit
from runtime.machine import Machine
from tests.content.gascony_legacy.test_board_geometry import (  # noqa: F401 (a fixture)
    BLADE, HERO, one_seat_alone, put, road)

MELEE = {"e": "attack", "attacker": 0, "source": HERO, "piece": BLADE, "ranged": False,
         "in_pattern": True, "in_sight": True, "cover": False, "defence": 0, "strength": 1,
         "strikes": 1, "targets": 1, "won": True}
COUNT = {"e": "count", "dice": "d6", "seat": 0, "forced": False, "advantage": False,
         "disadvantage": False, "n1": 0, "n2": 0, "n3": 1, "n4": 1, "n5": 1, "n6": 1}

# (invariant, the event as logged, the fields that break it)
CASES = [
    ("one-attack-per-weapon", MELEE, {"strikes": 2}),
    ("ranged-attacks-need-sight", {**MELEE, "ranged": True}, {"in_sight": False}),
    ("defence-once-per-enemy-turn",
     {"e": "defend", "seat": 0, "piece": HERO, "hits": 2, "blocked": 1, "damage": 1,
      "defences": 1}, {"defences": 2}),
    ("trade-with-a-neighbour", {"e": "give", "seat": 0, "other": 1, "cards": 1}, {"other": 2}),
    # [3, 4, 5, 6]: 4 successes plain, 5 with Advantage, 3 with Disadvantage
    ("successes-as-the-dice-count", {**COUNT, "successes": 4}, {"successes": 5}),
    ("successes-as-the-dice-count", {**COUNT, "advantage": True, "successes": 5},
     {"successes": 4}),
    ("successes-as-the-dice-count", {**COUNT, "disadvantage": True, "successes": 3},
     {"successes": 1}),
]


def battle() -> tuple[Machine, Audit]:
    """Athos (A2) and Porthos (A3) side by side, Aramis far off at L6, a Blade beside
    Athos; an audit attached."""
    m = road(players=3)
    put(m, 2, (11, 5))
    audit = Audit()
    audit.attach(m)
    audit.paused(m)
    return m, audit


def logged(m: Machine, audit: Audit, event: dict) -> list[str]:
    """The failures found once `event` is logged (a count's successes also left in the
    state, as the runtime's count of a roll leaves them)."""
    if event["e"] == "count":
        m.state["successes"] = event["successes"]
    m.log.append(dict(event))
    audit.after_step(m)
    return [f.name for f in audit.failed]


@pytest.mark.parametrize(("name", "event", "broken"), CASES)
def test_the_audit_names_the_broken_rule_and_only_it(name, event, broken):
    m, audit = battle()
    assert logged(m, audit, event) == []
    assert logged(m, audit, {**event, **broken}) == [name]


def test_the_audit_names_destiny_past_the_boards_maximum():
    m, audit = battle()
    most = m.value("destiny", 0)
    m.state["sv"][0]["destiny_tokens"] = most
    audit.paused(m)
    assert audit.failed == []
    m.state["sv"][0]["destiny_tokens"] = most + 1
    audit.paused(m)
    assert [f.name for f in audit.failed] == ["destiny-within-the-board"]


def test_the_audit_names_a_six_counted_twice_under_doom():
    m, audit = battle()
    m.state["sv"][0]["doom"] = 1  # a 6 counts 1: [3, 4, 5, 6] gives 3
    assert logged(m, audit, {**COUNT, "successes": 3}) == []
    assert logged(m, audit, {**COUNT, "successes": 4}) == ["successes-as-the-dice-count"]
