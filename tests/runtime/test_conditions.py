"""Win, loss and end conditions: `who` picks the seats tested and who shares the outcome, and
nothing is tested until setup is over."""

from __future__ import annotations

from runtime.machine import Machine
from tests.runtime.conftest import pick, start, var


def test_setup_is_not_judged_before_it_is_over(tally):
    m = start(tally)  # every seat has no health until the setup's first effect hands it out
    assert not m.over and m.state["begun"]
    assert [var(m, "health", s) for s in range(2)] == [3, 3]
    assert m.decision["seat"] == 0


def test_a_condition_the_setup_leaves_met_is_applied_once_play_begins(tally):
    m = Machine.start(tally, 2, 1, variables={"gold": 5})
    assert m.over and m.state["result"]["winners"] == [0, 1]
    assert m.state["result"]["reason"] == "everyone is rich"
    assert var(m, "health", 1) == 3 and var(m, "rung", 0) == 1  # the setup ran to its end
    assert m.state["turns"] == 0


def test_an_end_condition_for_all_waits_for_every_seat(tally):
    m = start(tally)
    pick(m, "Pass")
    assert not m.over and m.state["active"] == 1
    pick(m, "Pass")
    assert m.over and m.state["result"]["reason"] == "everyone has passed"
    assert m.state["result"]["winners"] == [0, 1]  # the ranking: no crowns, a shared place


def test_a_win_condition_for_all_needs_every_seat_and_all_of_them_win(tally):
    m = start(tally, players=3)
    pick(m, "Earn")
    assert not m.over
    pick(m, "Earn")
    assert not m.over
    pick(m, "Earn")
    assert m.over and m.state["result"]["winners"] == [0, 1, 2]


def test_a_party_loss_met_by_a_seat_not_on_its_turn_ends_it_for_everyone(tally):
    m = start(tally, players=3)
    pick(m, "Curse the previous seat")  # seat 3, whose turn is last
    assert m.over and m.state["result"] == {
        "winners": [], "reason": "doom falls on the whole table"
    }


def test_an_end_condition_for_self_is_tested_for_every_seat(tally):
    m = start(tally, players=3)
    pick(m, "Alarm the previous seat")  # seat 3, whose turn is last
    assert m.over and m.state["result"]["reason"] == "an alarm was sounded"


def _closing_pack(tmp_path, at: str):
    root = tmp_path / at
    root.mkdir()
    (root / "game.yaml").write_text(
        "kind: game\nid: closing\ntitle: Closing\nplayers: {min: 2, max: 2}\n"
        "variables:\n  bell: {initial: 0, per: game}\n  tidied: {initial: 0, per: game}\n",
        encoding="utf-8")
    (root / "rules.yaml").write_text(
        "kind: rules\nid: closing-rules\nturn: {actions: 1}\n"
        "actions:\n  - {id: ring, name: Ring and tidy, do: [gain: {variable: bell}, "
        "gain: {variable: tidied}]}\n"
        f"end:\n  - {{if: bell >= 1, at: {at}, text: the bell rang}}\n", encoding="utf-8")
    from runtime.loading import load_program

    return load_program(root)


def test_an_end_condition_at_turn_end_lets_the_turn_in_progress_finish(tmp_path):
    hasty = Machine.start(_closing_pack(tmp_path, "step"), 2, 1)
    pick(hasty, "Ring")
    assert hasty.over and var(hasty, "tidied", None) == 0  # ended between the two effects
    patient = Machine.start(_closing_pack(tmp_path, "turn-end"), 2, 1)
    pick(patient, "Ring")
    assert patient.over and var(patient, "tidied", None) == 1
    assert patient.state["result"]["reason"] == "the bell rang"


def test_only_ops_writing_variables_no_condition_reads_skip_the_end_check(tally):
    """`set`/`gain`/`lose` of a variable no win, loss or end condition reads change nothing
    a condition sees; every other op (and a write to a watched variable) is checked."""
    quiet = {}
    for effects, flags in zip(tally.lists, tally.quiet, strict=True):
        for (_impl, params, name), flag in zip(effects, flags, strict=True):
            quiet[(name, getattr(params, "variable", None))] = flag
    assert quiet[("gain", "crowns")] is True  # read only by the ranking, after the end
    assert quiet[("gain", "gold")] is False and quiet[("set", "passed")] is False
    assert quiet[("set", "health")] is False and quiet[("damage", None)] is False
