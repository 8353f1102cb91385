"""`--audit`: for each kind of invariant and each guard, a small pack with one planted rule
break; the audit reports it at the right game seed and step, and playing that game again
up to that step (`replay --until`) shows the same finding, one step earlier does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import compile_pack
from runtime.audit import Audit
from runtime.loading import load_program
from runtime.replay import rerun
from runtime.rng import derive
from runtime.simulate import simulate

GAME = """\
kind: game
id: ledger
title: Ledger
players: {min: 2, max: 2}
variables:
  coins: {initial: 0}
  pot: {initial: 0, per: game}
"""

# Each turn starts by paying a coin into the seat's purse and the pot; the seat then waits
# (one action) or ends its turn: one decision a turn, whatever the bots choose, so turn
# `t` (counted from 1) begins after t - 1 decisions. The game ends when the pot holds 10
# coins, at the start of turn 10 (after 9 decisions).
RULES = """\
kind: rules
id: ledger-rules
end:
  - {if: pot >= 10}
turn:
  actions: 1
  start:
    - gain: {variable: coins}
    - gain: {variable: pot}
actions:
  - {id: wait, name: Wait}
"""


def pack(tmp_path: Path, planted: str, rules: str = RULES) -> Path:
    root = tmp_path / "ledger"
    root.mkdir()
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "rules.yaml").write_text(rules + planted, encoding="utf-8")
    return root


def audit(root: Path, seats: list[str] | None = None, games: int = 3, seed: int = 7):
    program = load_program(root)
    report = simulate(root, program, 2, games, seed, seats or ["random", "random"], audit=True)
    return program, report


# (planted rules, finding name, step, seat or None)
CASES = {
    "state, for the game": (
        "invariants:\n  - {id: small-pot, holds: pot <= 4, message: the pot stays small}\n",
        "small-pot", 4, None),
    "state, for each seat": (
        "invariants:\n  - {id: one-coin, for: seat, holds: coins <= 1, message: one coin each}\n",
        "one-coin", 2, 0),
    "state, at the end": (
        "invariants:\n  - {id: rich, at: end, holds: pot >= 100, message: a rich end}\n",
        "rich", 9, None),
    "event, for its actor": (
        "invariants:\n  - {id: poor-start, after: turn, holds: coins < 2, "
        "message: a turn starts poor}\n",
        "poor-start", 4, 0),
    "guard: turn cap": ("turn-cap: 3\n", "turn-cap", 3, None),
    "guard: decision cap": ("decision-cap: 5\n", "decision-cap", 6, None),
    "guard: no progress": ("incapacitated: 'True'\n", "no-progress", 0, None),
}


@pytest.mark.parametrize("case", CASES)
def test_the_audit_finds_the_planted_break_at_its_seed_and_step(tmp_path, monkeypatch, case):
    monkeypatch.setattr("runtime.machine.STEP_BUDGET", 5000)  # no-progress trips sooner
    rules, name, step, seat = CASES[case]
    root = pack(tmp_path, rules)
    program, report = audit(root)
    for index, game in enumerate(report.games):
        assert game.seed == derive(7, "game", index)
        found = [f for f in game.findings if f.fails]
        assert [(f.name, f.step, f.seat) for f in found] == [(name, step, seat)]
    first = report.games[0]
    again = Audit()
    rerun(program, 2, first.seed, ["random", "random"], until=step, audit=again)
    assert [(f.name, f.step, f.line) for f in again.failed] == [
        (f.name, f.step, f.line) for f in first.findings if f.fails]
    if step > 0:
        earlier = Audit()
        rerun(program, 2, first.seed, ["random", "random"], until=step - 1, audit=earlier)
        assert earlier.failed == []


def test_a_runaway_turn_stops_and_names_the_option_picked(tmp_path):
    root = pack(tmp_path, "  - {id: fidget, name: Fidget, cost: 0, do: [say: Tap tap.]}\ndecision-cap: 100\n")
    script = tmp_path / "fidget.yaml"
    script.write_text("[" + ", ".join(["Fidget"] * 40) + "]", encoding="utf-8")
    seats = [f"scripted:{script}", f"scripted:{script}"]
    _program, report = audit(root, seats, games=1)
    [finding] = report.games[0].findings
    assert (finding.name, finding.step) == ("runaway-turn", 11)
    assert "'Fidget', 11 times" in finding.message
    assert report.games[0].capped


def test_a_break_that_depends_on_the_bots_is_found_in_the_games_it_happens(tmp_path):
    rules = """\
kind: rules
id: spender-rules
rounds: 4
actions:
  - {id: wait, name: Wait}
  - {id: spend, name: Spend, do: [gain: {variable: coins, amount: -1}]}
"""
    root = pack(tmp_path, "invariants:\n  - {id: solvent, for: seat, holds: coins >= -1, "
                "message: nobody spends more than a coin they lack}\n", rules)
    program, report = audit(root, games=20)
    broken = [g for g in report.games if g.findings]
    assert 0 < len(broken) < 20
    for game in broken:
        [finding] = game.findings
        again = Audit()
        rerun(program, 2, game.seed, ["random", "random"], until=finding.step, audit=again)
        assert again.failed == [finding]
        earlier = Audit()
        rerun(program, 2, game.seed, ["random", "random"], until=finding.step - 1, audit=earlier)
        assert earlier.failed == []


def test_audit_off_finds_nothing_and_costs_no_hook(tmp_path):
    root = pack(tmp_path, "invariants:\n  - {id: small-pot, holds: pot <= 4, message: small}\n")
    program = load_program(root)
    report = simulate(root, program, 2, 2, 7, ["random", "random"])
    assert not report.header["audit"] and all(g.findings == () for g in report.games)
    assert "audit" not in report.to_json()


def test_invariants_are_checked_like_every_expression(tmp_path):
    root = pack(tmp_path, "invariants:\n  - {id: one-coin, holds: coin <= 1, message: one coin}\n")
    [problem] = [d for d in compile_pack(root).report.diagnostics if d.severity == "error"]
    assert (problem.code, Path(problem.location.file).name, problem.location.line) == (
        "GS221", "rules.yaml", 13)
    assert "coins" in (problem.hint or "")


def test_an_event_invariant_on_the_target_is_checked_for_the_seat_attacked():
    from compiler.language.documents import Invariant
    from runtime.program import Program
    from tests.content.conftest import compiled_pack
    from tests.runtime.conftest import pick
    from tests.runtime.games.fmf import fight

    program = Program(compiled_pack("fuzzy-mage-fight").game)
    planted = Invariant.model_validate({"id": "untouchable", "after": "contest", "on": "target",
                                        "holds": "hand == 0", "message": "never attack a hand"})
    program.rules = program.rules.model_copy(update={"invariants": [planted]})
    m = fight(program, ["magic"], [], ["magic"], [])
    checker = Audit()
    checker.attach(m)
    pick(m, "Attack a fuzzy mage")
    [finding] = checker.failed
    # two mages chosen, two turns ended, then the attack: the fifth decision
    assert (finding.name, finding.seat, finding.step) == ("untouchable", 1, 5)
    assert '"e":"contest"' in finding.line and '"defender":1' in finding.line


def test_the_audit_counts_how_often_each_invariant_was_checked(tmp_path):
    from runtime.machine import Machine

    root = pack(tmp_path, "invariants:\n"
                "  - {id: purse, for: seat, holds: coins <= 100, message: a small purse}\n"
                "  - {id: turns, after: turn, holds: pot <= 100, message: a small pot}\n")
    checker, log = Audit(), []
    m = Machine.start(load_program(root), 2, 7, log=log, audit=checker)
    decisions = 0
    while not m.over:
        m.answer(0)
        decisions += 1
    # the event one after each turn begun; the state one for both seats wherever play
    # stopped: at each decision and at the end
    assert checker.checked["turns"] == sum(e["e"] == "turn" for e in log) == 10
    assert checker.checked["purse"] == 2 * (decisions + 1)
    assert not checker.failed
