"""Effect lists written as one Python function each (`runtime.written_lists`) play exactly as
lists run effect by effect (`runtime.effects.run_effects`): the same state, stack included, at
every decision, the same options, log, result and audit findings; a game saved in the middle
of a list resumes the same way under both; a failing effect is located at its own line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import runtime.program
from runtime.audit import Audit
from runtime.effects import run_effects
from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.state import canonical, state_hash
from runtime.written_lists import Framed, OpByOp
from tests.runtime.conftest import SELL, VISITS_GAME, record_random_game, write_shop

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy", "townsfolk-tussle"]


def _both(pack: Path, monkeypatch) -> tuple:
    """The pack's program with written lists, and one that runs them effect by effect."""
    written = load_program(pack)
    with monkeypatch.context() as patch:
        patch.setattr(runtime.program, "ListRuns", OpByOp)  # battles' programs too
        patch.setattr(runtime.program, "BareRuns", Framed)  # no list run with no frame
        reference = load_program(pack)
    return written, reference


@pytest.mark.parametrize("pack", PACKS)
def test_written_lists_play_as_lists_run_effect_by_effect(pack, monkeypatch):
    written, reference = _both(CONTENT / pack, monkeypatch)
    players = written.game.game.players
    games = [(players.min, 4), (players.max, 9)]
    records = [record_random_game(written, n, seed, 300, Audit()) for n, seed in games]
    assert records == [record_random_game(reference, n, seed, 300, Audit()) for n, seed in games]
    assert any(hasattr(fn, "source") for fn in written.runs.values())  # lists were written
    assert all(reference.runs[lid] is run_effects for lid in range(len(reference.lists)))


def _mid_list(m: Machine) -> bool:
    """Whether a decision stands inside an effect list that has effects left to run."""
    return any(f["h"] == "fx" and 0 < f["i"] < m.program.ends[f["e"]]
               for f in m.state["stack"][:-1])


def _play_on(m: Machine, seed: int, decisions: int) -> list:
    pick_at = random.Random(seed)
    seen = []
    while not m.over and len(seen) < decisions:
        choice = pick_at.randrange(len(m.decision["options"]))
        seen.append((state_hash(m.state), choice))
        m.answer(choice)
    return [seen, m.state["result"]]


@pytest.mark.parametrize("pack", PACKS)
def test_a_save_in_the_middle_of_a_list_resumes_alike(pack, monkeypatch):
    written, reference = _both(CONTENT / pack, monkeypatch)
    players = written.game.game.players.min
    for seed in range(1, 40):
        m = Machine.start(written, players, seed)
        pick_at = random.Random(seed)
        for _ in range(600):
            if m.over or _mid_list(m):
                break
            m.answer(pick_at.randrange(len(m.decision["options"])))
        if not m.over and _mid_list(m):
            break
    else:
        pytest.fail("no decision inside an effect list found")
    saved = canonical(m.state)
    resumed = Machine(written, json.loads(saved))
    by_effect = Machine(reference, json.loads(saved))
    unbroken = _play_on(m, 5, 150)
    assert _play_on(resumed, 5, 150) == unbroken
    assert _play_on(by_effect, 5, 150) == unbroken


RULES = SELL + """\
      - gain: {variable: visits, amount: 1}
      - if:
          condition: visits > 0
          then:
            - gain: {variable: coins, amount: cost}
"""


def test_a_failure_in_a_written_list_is_located_at_its_own_effect(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_shop(tmp_path, **{"game.yaml": VISITS_GAME, "rules.yaml": RULES})
    program = load_program(Path("."))
    m = Machine.start(program, 2, 1)
    seat = m.state["active"]
    with pytest.raises(RuleError) as err:
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if "Sell" in o["label"]))
    # the gain inside the branch (line 13), run by the branch's own written list
    assert str(err.value).startswith(
        "rules.yaml:13:15 (action 'sell'): op 'gain': a value of the wrong kind")
    assert m.state["sv"][seat]["visits"] == 1  # the effects before it ran
    sell = program.lid(program.rules.actions[0].do)
    assert "holds = True if" in program.runs[sell].source  # the `if` written in place


WINNING = SELL + """\
      - gain: {variable: visits, amount: 1}
      - gain: {variable: coins, amount: 2}
      - gain: {variable: visits, amount: 1}
win:
  - {if: coins >= 7, who: active}
"""


def test_the_end_is_checked_after_an_effect_that_can_end_the_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_shop(tmp_path, **{"game.yaml": VISITS_GAME, "rules.yaml": WINNING})
    for program in _both(Path("."), monkeypatch):
        m = Machine.start(program, 2, 1)
        seat = m.state["active"]
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if "Sell" in o["label"]))
        assert m.state["result"]["winners"] == [seat]
        assert m.state["sv"][seat]["visits"] == 1  # the game ended before the last gain
