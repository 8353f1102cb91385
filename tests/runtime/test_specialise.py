"""Effects bound to their parameters at load (`runtime.specialise`) play exactly as the generic
ops do, and a failure inside a fused run of effects is located at its own effect."""

from __future__ import annotations

from pathlib import Path

import pytest

import runtime.specialise
from runtime.audit import Audit
from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.state import state_hash
from tests.runtime.conftest import SELL, VISITS_GAME, record_random_game, write_shop

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy",
                                  "townsfolk-tussle"])
def test_bound_ops_play_the_same_games_as_the_generic_ones(pack, monkeypatch):
    bound = load_program(CONTENT / pack)
    monkeypatch.setattr(runtime.specialise, "SPECIALISERS", {})
    generic = load_program(CONTENT / pack)
    assert any(s[0] is not g[0] for sl, gl in zip(bound.lists, generic.lists, strict=True)
               for s, g in zip(sl, gl, strict=True))  # something was bound at all
    players = bound.game.game.players
    for count, seed in ((players.min, 3), (players.max, 8)):
        assert (record_random_game(bound, count, seed, 400)
                == record_random_game(generic, count, seed, 400))


def test_a_run_of_quiet_variable_ops_is_one_step_of_readable_code():
    program = load_program(CONTENT / "fuzzy-mage-fight")
    start = program.lid(program.rules.turn.start)
    steps = program.steps[start]
    assert len(steps) == len(program.lists[start])  # a frame may still stand at any index
    assert steps[0][3] == len(program.lists[start])  # the whole list in one call
    first = program.lists[start][0][0]
    assert "row['essence_ability_used'] = new" in first.source


RULES = SELL + """\
      - gain: {variable: visits, amount: 1}
      - gain: {variable: coins, amount: cost}
"""


def test_a_failure_inside_a_fused_run_is_located_at_its_own_effect(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_shop(tmp_path, **{"game.yaml": VISITS_GAME, "rules.yaml": RULES})
    program = load_program(Path("."))
    sell = program.lid(program.rules.actions[0].do)
    assert program.steps[sell][0][3] == 2  # both gains run as one step
    m = Machine.start(program, 2, 1)
    seat = m.state["active"]
    with pytest.raises(RuleError) as err:
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if "Sell" in o["label"]))
    text = str(err.value)
    # the second gain (line 10), not the first (line 9), where the run began
    assert text.startswith("rules.yaml:10:9 (action 'sell'): op 'gain': a value of the wrong kind")
    assert m.state["sv"][seat]["visits"] == 1  # the effect before it ran, as it would alone


NAMED = SELL + """\
      - set: {variable: coins, value: 1, who: defender}
      - gain: {variable: visits, amount: 1, who: partner}
      - steal: {count: 1, from: defender, zone: shop, to: shop, random: true}
"""


def test_a_bound_op_on_a_named_seat_that_is_missing_is_noticed_as_generically(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_shop(tmp_path, **{"game.yaml": VISITS_GAME, "rules.yaml": NAMED})
    bound = load_program(Path("."))
    sell = bound.lid(bound.rules.actions[0].do)
    assert [fn.__name__ for fn, _p, _name in bound.lists[sell]] == [
        "set_coins_defender", "gain_visits_partner", "steal_1_at_random_from_defender"]
    monkeypatch.setattr(runtime.specialise, "SPECIALISERS", {})
    generic = load_program(Path("."))
    found = []
    for program in (bound, generic):
        audit = Audit()
        m = Machine.start(program, 2, 1, audit=audit)
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if "Sell" in o["label"]))
        found.append(([(f.name, f.message) for f in audit.findings], state_hash(m.state)))
    assert found[0] == found[1]
    assert found[0][0] == [("no-target", "an effect targets 'defender', and no seat qualifies")]
