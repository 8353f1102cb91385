"""Conditions written into generated Python at load (`runtime.written`): the end check, the
turn options and simulate's tally read names in place and decide what the rules decide; a
condition that fails is still located (file, line, what it read)."""

from __future__ import annotations

import copy
import random
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from runtime import conditions
from runtime.agents.evaluation import raw, weights
from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.options import main_options, viable
from runtime.simulate import _write_values
from runtime.written import condition, zone_key
from tests.runtime.conftest import SHOP, write_shop

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def fmf():
    return load_program(CONTENT / "fuzzy-mage-fight")


def _states(program, players: int, seed: int, decisions: int = 300):
    """The machine at every decision of a random game (the same machine, played on)."""
    m = Machine.start(program, players, seed)
    pick = random.Random(seed)
    while not m.over and decisions:
        yield m
        m.answer(pick.randrange(len(m.decision["options"])))
        decisions -= 1


def _offered(m: Machine, seat: int) -> list[dict]:
    """The turn options as the rules say, action by action, through `holds` and `viable`."""
    st = m.state
    ctx = {"self": seat}
    found = []
    for action in m.program.rules.actions:
        cost = action.cost if type(action.cost) is int else int(m.value(action.cost, seat, ctx))
        if cost > st["actions"]:
            continue
        if action.limit is not None and st["used"].get("turn", {}).get(
                "a:" + action.id, 0) >= action.limit:
            continue
        if m.holds(action.if_, seat, ctx) and viable(m, action.do, ctx):
            found.append({"label": action.name, "key": "action:" + action.id, "a": action.id,
                          "cost": cost})
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_written_turn_options_are_the_actions_the_rules_allow(fmf, players):
    seen = 0
    for m in _states(fmf, players, 5 + players):
        seat = m.state["active"]
        written = main_options(m, seat)
        actions = [o for o in written if "a" in o]
        assert actions == _offered(m, seat)
        assert written[-1]["key"] == "end"
        seen += bool(actions)
    assert seen > 50


@pytest.mark.parametrize("players", [2, 4])
def test_the_written_end_check_ends_the_game_as_the_conditions_say(fmf, players):
    checked = 0
    for m in _states(fmf, players, 20 + players, 150):
        # every seat as the active one, against the real target and against a low one
        for seat, target in ((s, t) for s in range(players) for t in (8, 3)):
            fast = Machine(fmf, copy.deepcopy(m.state))
            slow = Machine(fmf, copy.deepcopy(m.state))
            for st in (fast.state, slow.state):
                st.update(active=seat, result=None)
                st["gv"]["magic_to_win"] = target
            ended = conditions.check(fast)
            assert ended == any(conditions._win(slow, c) for c in fmf.rules.win)
            assert fast.state == slow.state
            checked += ended
    assert checked  # some state met the win


def test_the_end_check_is_written_as_readable_python(fmf):
    source = conditions.write_end_check(fmf).source
    assert source.startswith("def end_check(m")
    # read in place, no reader called: the seat's variables bound once (`sv`)
    assert "sv = st['sv'][seat]" in source and "sv['essence']" in source
    assert "_r_" not in source and "holds(" in source  # `holds` on the failing path only


def test_simulate_tally_is_each_seats_evaluation(fmf):
    values = _write_values(fmf, weights(fmf))
    for m in _states(fmf, 3, 4, 120):
        assert values(m) == [raw(m, s, weights(fmf)) for s in range(3)]


@pytest.mark.parametrize("players", [2, 4])
def test_the_written_turn_budget_is_the_rules_amount(fmf, players):
    budget = fmf.turn_plan.budget
    assert budget is not None and "sv['essence']" in budget.source  # read in place
    amounts = set()
    for m in _states(fmf, players, 11 + players, 200):
        for seat in range(players):
            ctx = {"self": seat}
            found = budget(m, seat, ctx)
            assert found == m.value(fmf.rules.turn.actions, seat, ctx)
            amounts.add(found)
    assert len(amounts) > 1  # seats in fuzzy and in essence form were both read


def test_a_failing_turn_budget_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = PACK["rules.yaml"].replace("actions:\n", "turn:\n          actions: coins * cost\n"
                                       "        actions:\n", 1)
    _write_pack(tmp_path, **{"rules.yaml": rules})
    with pytest.raises(RuleError) as err:
        Machine.start(load_program(Path(".")), 2, 1)  # the first turn's budget
    text = str(err.value)
    assert "expression 'coins * cost'" in text and text.startswith("rules.yaml:")
    assert "'cost' has no value (no card is being considered)" in text


def test_a_written_condition_holds_as_holds_says(fmf):
    m = next(iter(_states(fmf, 2, 3)))
    for source in ("essence", "magic_in_hand", "not essence and battlefield_cards < 6",
                   "magic_in_hand * 2 >= 1", "2 if essence else 0",
                   "round == 1 and is_active", "players % 2 == 0"):
        for seat in (0, 1, None):
            assert condition(fmf, source)(m, seat, {}) == m.holds(source, seat, {})


PACK = {
    "rules.yaml": """\
        kind: rules
        id: r
        zones:
          - {id: shop, per: game, visibility: public, holds: [wares]}
        actions:
          - id: haggle
            name: Haggle
            if: coins * cost > 1
            do:
              - gain: {variable: coins, amount: 1}
        win:
          - if: coins >= 7 and cost > 1
            who: active
        """,
}


def _write_pack(root: Path, **changes: str) -> None:
    write_shop(root, **{**PACK, **changes})


def test_a_failing_action_condition_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = PACK["rules.yaml"].replace("if: coins >= 7 and cost > 1", "if: coins >= 70")
    _write_pack(tmp_path, **{"rules.yaml": rules})
    with pytest.raises(RuleError) as err:
        Machine.start(load_program(Path(".")), 2, 1)  # the first turn lists its options
    text = str(err.value)
    assert text.startswith("rules.yaml:8:9 (action 'haggle'): expression 'coins * cost > 1'")
    assert "'cost' has no value (no card is being considered)" in text


def test_a_failing_win_condition_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = PACK["rules.yaml"].replace("if: coins * cost > 1", "if: coins > 1")
    game = SHOP["game.yaml"].replace("coins: {initial: 5}", "coins: {initial: 6}")
    _write_pack(tmp_path, **{"rules.yaml": rules, "game.yaml": game})
    m = Machine.start(load_program(Path(".")), 2, 1)
    with pytest.raises(RuleError) as err:  # seven coins: the win reads `cost`, which fails
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == "Haggle"))
    text = str(err.value)
    assert text.startswith("rules.yaml:12:9 (win 1): expression 'coins >= 7 and cost > 1'")
    assert "'cost' has no value (no card is being considered)" in text


def test_a_failing_window_ability_condition_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = PACK["rules.yaml"].rstrip(" ") + textwrap.indent(textwrap.dedent("""\
        abilities:
          - id: toll
            name: Toll
            when: start-of-turn
            if: cost > 1
            do:
              - lose: {variable: coins, amount: 1}
        """), "        ")
    _write_pack(tmp_path, **{"rules.yaml": rules})
    with pytest.raises(RuleError) as err:
        Machine.start(load_program(Path(".")), 2, 1)  # the first turn's start-of-turn window
    text = str(err.value)
    assert text.startswith("rules.yaml:18:9 (ability 'toll'): expression 'cost > 1'")
    assert "'cost' has no value (no card is being considered)" in text


def test_a_seat_zone_key_is_read_from_the_zones_keys_not_built(fmf):
    """Written code reads a seat's zone key from a tuple of the zone's keys: the same key
    `m.key` gives, the very object the game's zones are keyed by, and no f-string left."""
    m = Machine.start(fmf, 4, 1)
    names: dict = {}
    text = zone_key(fmf, "battlefield", "seat", "_unused", names)
    assert text == "_keys_battlefield[seat]" and list(names) == ["_keys_battlefield"]
    for seat in range(4):
        key = eval(text, dict(names), {"seat": seat})  # noqa: S307 - our own text
        assert key == m.key("battlefield", seat)
        assert any(key is k for k in m.state["zones"])  # interned, as the layout's keys
    source = fmf.cache["turn:step"].__globals__["main_options"].source
    assert "_keys_battlefield[seat]" in source and ":{seat}" not in source


def test_zone_ids_that_differ_only_by_their_marks_hold_different_keys():
    zones = {z: SimpleNamespace(id=z, per_seat=True) for z in ("war-band", "war_band", "camp.fire")}
    program = SimpleNamespace(zones=zones)
    names: dict = {}
    a, b = (zone_key(program, z, "s", "_held", names) for z in ("war-band", "war_band"))
    assert a != b and len(names) == 2
    assert eval(a, dict(names), {"s": 1}) == "war-band:1"  # noqa: S307
    assert eval(b, dict(names), {"s": 1}) == "war_band:1"  # noqa: S307
    # an id no global can be named by is looked up by `m.key`, its id held under `held`
    assert zone_key(program, "camp.fire", "s", "_held", names) == "m.key(_held, s)"
    assert names["_held"] == "camp.fire"
