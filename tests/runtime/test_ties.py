"""Ties (two seats equally weak, tied leaders) are a decision for the seat the rules' `ties`
names: here `chosen`, so the acting seat first names who decides."""

from __future__ import annotations

import dataclasses

from runtime.program import Program
from tests.runtime.conftest import labels, pick, start, var


def test_a_tie_for_weakest_is_decided_by_the_seat_the_acting_seat_names(tally):
    m = start(tally, players=3)
    pick(m, "Strike the weakest")
    assert m.decision["seat"] == 0 and m.decision["prompt"] == "Who breaks the tie?"
    pick(m, "Seat 2")
    assert m.decision["seat"] == 1 and labels(m) == ["Seat 2", "Seat 3"]
    pick(m, "Seat 3")
    assert [var(m, "health", s) for s in range(3)] == [3, 3, 2]


def test_tied_leaders_are_decided_by_the_seat_the_rules_name(tally):
    m = start(tally, players=3)
    pick(m, "Crown the leader")
    pick(m, "Seat 3")
    assert m.decision["seat"] == 2 and m.decision["prompt"] == "Leaders are tied: who leads?"
    pick(m, "Seat 2")
    assert [var(m, "crowns", s) for s in range(3)] == [0, 1, 0]


def test_ties_may_go_to_the_next_player_without_asking_who(tally):
    rules = tally.game.rules.model_copy(update={"ties": "next-player"})
    m = start(Program(dataclasses.replace(tally.game, rules=rules)), players=3)
    pick(m, "Strike the weakest")
    assert m.decision["seat"] == 1 and labels(m) == ["Seat 2", "Seat 3"]
