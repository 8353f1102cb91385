"""The Final Fights' special objectives, played through the runtime: Samuel Strawman brought
down next to a Harvest Bonfire, and the Bundits brought down without ever carrying a
townsfolk off, end the fight in its special result; otherwise it is a plain victory."""

from __future__ import annotations

from runtime.board import figure
from runtime.ops.variables import write
from tests.content.townsfolk_tussle.test_worked_examples import (  # noqa: F401 (fixture)
    dice,
    equip,
    fight,
    next_action,
    programs,
    reask,
    ruffian,
    stand,
)
from tests.runtime.conftest import pick

SPECIAL = "The special objective is complete as well."


def _last_blow(m, monkeypatch, foe_at: tuple[int, int], me_at: tuple[int, int]) -> dict:
    """Quintus's Rubber Bat lands the last blow on a Ruffian at 1 HP standing at `foe_at`."""
    foe = ruffian(m)
    foe[2:4] = list(foe_at)
    foe[4] = 1
    stand(m, 0, me_at)
    equip(m, 0, "rubber-bat")
    reask(m)
    dice(monkeypatch, 9)
    pick(m, "Rubber Bat: Attack")
    assert m.over
    return m.state["result"]


def test_samuel_felled_next_to_a_harvest_bonfire_meets_the_special_objective(
        programs, monkeypatch):
    m = fight(programs, "samuel-strawman-final-fight", ["Quintus Binch", "Granny Melba"])
    # the bonfire on FF1 (C7); Samuel's 2 x 2 from D6 covers D7, beside it
    result = _last_blow(m, monkeypatch, (3, 5), (5, 5))
    assert result["winners"] == [0, 1] and result["reason"] == SPECIAL


def test_samuel_felled_away_from_the_bonfires_is_a_plain_victory(programs, monkeypatch):
    m = fight(programs, "samuel-strawman-final-fight", ["Quintus Binch", "Granny Melba"])
    result = _last_blow(m, monkeypatch, (9, 2), (11, 2))
    assert result["winners"] == [0, 1] and result["reason"] == "Samuel Strawman is beaten."


def test_the_bundits_beaten_with_nobody_carried_off_meet_the_special_objective(
        programs, monkeypatch):
    m = fight(programs, "the-bundits-final-fight", ["Quintus Binch", "Granny Melba"])
    result = _last_blow(m, monkeypatch, (8, 6), (10, 6))
    assert result["winners"] == [0, 1] and result["reason"] == SPECIAL


def test_a_hostage_taken_and_freed_leaves_the_bundits_a_plain_victory(programs, monkeypatch):
    m = fight(programs, "the-bundits-final-fight", ["Quintus Binch", "Granny Melba"])
    bundits = ruffian(m)
    bundits[2:4] = [8, 6]
    stand(m, 0, (8, 9))
    stand(m, 1, (12, 7))
    write(m, "health", 1, 2)  # Granny, the weakest, is carried off
    next_action(m, "bully")
    assert figure(m, 1) is None and m.value("hostages_taken", 0) == 1
    while m.decision["seat"] != 0 or m.decision["kind"] != "turn":
        m.answer(0)  # the Bundits' second action (a hostage held) and whatever it asks
    assert not m.over
    result = _last_blow(m, monkeypatch, (8, 6), (10, 6))
    assert result["winners"] == [0, 1] and result["reason"] == "The Bundits are beaten."
