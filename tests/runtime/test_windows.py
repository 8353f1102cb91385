"""Triggered abilities: start and end of turn, after being attacked, on flipping; only cards
in play answer, and the order is the owner's cards first, then the rules."""

from __future__ import annotations

from runtime.deal import arrange
from runtime.machine import Machine
from tests.runtime.conftest import cards, labels, pick, start, var


def test_a_card_in_play_draws_at_the_start_of_its_owners_turn(skirmish):
    m = start(skirmish)
    arrange(m, {"table:1": ["guard:up"], "hand:1": ["guard"], "imp-box": ["imp"]})
    before = len(m.state["zones"]["hand:1"])
    pick(m, "End your turn")
    assert (
        len(m.state["zones"]["hand:1"]) == before + 1
    )  # the guard on the table drew; the one in hand did not


def test_the_token_moves_on_when_its_holders_hand_is_empty(skirmish):
    m = start(skirmish)
    arrange(m, {"imp:0": ["imp"], "hand:0": []})
    pick(m, "End your turn")
    assert cards(m, "imp:1") == ["imp"] and cards(m, "imp:0") == []


def test_the_token_rolls_when_the_hand_is_not_empty(skirmish):
    log: list = []
    m = start(skirmish, log=log)
    arrange(m, {"imp:0": ["imp"], "hand:0": ["gem", "gem"]})
    pick(m, "End your turn")
    rolls = [e for e in log if e["e"] == "roll" and e["dice"] == "imp-roll"]
    assert len(rolls) == 1
    passed = rolls[0]["total"] >= 5
    assert cards(m, "imp:1" if passed else "imp:0") == ["imp"]
    assert len(m.state["zones"]["hand:0"]) == (2 if passed else 1)


def test_a_trap_may_be_sprung_after_an_attack(skirmish):
    m = start(skirmish)
    arrange(m, {"hero:1": ["knight"], "imp-box": ["imp"], "hand:0": ["gem", "gem"], "hand:1": [],
                "table:1": ["snare"]})
    pick(m, "End your turn")
    pick(m, "End your turn")
    pick(m, "Attack a hero")
    pick(m, "(total 2)")  # two gems against nothing: the attack wins
    assert m.decision["seat"] == 1 and labels(m) == ["Spring the snare", "Keep it hidden"]
    pick(m, "Spring the snare")
    assert m.state["skip"][0] == 1 and cards(m, "discard").count("snare") == 1
    pick(m, "End your turn")
    assert m.state["active"] == 1  # seat 1 down: it may only end its turn; seat 0 is skipped next
    assert m.value("down", 1) is True


def test_a_card_in_a_shared_zone_answers_setup_once_for_the_active_seat(tally):
    m = start(tally, players=3)
    assert m.value("bell", 0) == 1
    assert [m.value("rung", s) for s in range(3)] == [1, 0, 0]


def test_a_card_turned_over_before_its_turn_in_a_window_skips_the_ability_it_queued(tmp_path):
    """The flipper answers first and turns the coin to tails: the heads ability the coin
    queued is skipped, and the tails face's ability of the same place does not run instead."""
    root = tmp_path / "coins"
    root.mkdir()
    (root / "game.yaml").write_text(
        "kind: game\nid: coins\ntitle: Coins\nplayers: {min: 2, max: 2}\n"
        "variables:\n  gold: {initial: 0}\n  doom: {initial: 0}\n", encoding="utf-8")
    (root / "cards.yaml").write_text("""\
kind: card-type
id: prop
name: Prop
---
kind: cards
id: props
type: prop
cards:
  - id: flipper
    name: Flipper
    abilities: [{name: Turn, when: start-of-turn, do: [flip: {to: coin-tails}]}]
  - id: coin
    name: Coin
    back: coin-tails
    abilities: [{name: Heads, when: start-of-turn, do: [gain: {variable: gold}]}]
  - id: coin-tails
    name: Coin, tails
    abilities: [{name: Tails, when: start-of-turn, do: [gain: {variable: doom}]}]
""", encoding="utf-8")
    (root / "rules.yaml").write_text(
        "kind: rules\nid: coins-rules\nturn: {actions: 1}\n"
        "zones:\n  - {id: table, visibility: public, in-play: true, holds: [props]}\n"
        "actions:\n  - {id: wait, name: Wait}\n", encoding="utf-8")
    from runtime.loading import load_program

    m = Machine.start(load_program(root), 2, 1)
    assert [m.state["ids"][i] for i in m.state["zones"]["table:0"]] == ["flipper", "coin-tails"]
    assert (var(m, "gold", 0), var(m, "doom", 0)) == (0, 0)
