"""`play_game`'s `on_turn` (called only when the turn count moved, the loop comparing the
count itself) and simulate's lead watcher on it: the same calls, at the same states, as a
watcher called after every decision that looks for a new turn itself, and the same lead
figures as the rules' evaluation read seat by seat (`raw`) at each of those states."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents import make_agent
from runtime.agents.evaluation import raw, weights
from runtime.loading import load_program
from runtime.rng import derive
from runtime.session import play_game
from runtime.simulate import Cell, Run, play_one
from runtime.state import state_hash

FMF = Path(__file__).resolve().parents[2] / "content" / "fuzzy-mage-fight"


@pytest.fixture(scope="module")
def fmf():
    return load_program(FMF)


def _every_decision(seen: list):
    """The generic watcher: called after every decision, it keeps the states at which the
    turn count moved while the game was not over (as `_Leads` checked for itself)."""
    last = [None]

    def watch(m):
        st = m.state
        if st["turns"] != last[0] and st["result"] is None:
            last[0] = st["turns"]
            seen.append((st["turns"], state_hash(st)))

    return watch


def _game(fmf, players: int, seed: int, **hooks) -> int:
    agents = [make_agent("random", fmf) for _ in range(players)]
    return play_game(fmf, players, seed, agents, **hooks)[1]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_on_turn_is_called_where_a_watcher_of_every_decision_sees_a_new_turn(fmf, players, seed):
    generic: list = []
    decisions = _game(fmf, players, seed, watch=_every_decision(generic))
    fast: list = []
    assert _game(fmf, players, seed,
                 on_turn=lambda m: fast.append((m.state["turns"], state_hash(m.state)))) == decisions
    assert fast == generic
    # not vacuous: many turns, and fewer calls than decisions (a turn holds several)
    assert 10 < len(fast) < decisions


def test_a_planted_difference_is_seen(fmf):
    """A watcher that also records a decision within a turn (the calls `on_turn` saves)
    is told apart from `on_turn`."""
    fast: list = []
    _game(fmf, 3, 5, on_turn=lambda m: fast.append(state_hash(m.state)))
    every: list = []
    _game(fmf, 3, 5, watch=lambda m: m.over or every.append(state_hash(m.state)))
    assert fast != every


def _leads_by_hand(fmf, players: int, seed: int) -> tuple[int, int | None]:
    """Lead changes and the middle turn's last seat, by `raw` at every new turn."""
    table = weights(fmf)
    leader, changes, lasts = None, 0, []

    def read(m):
        nonlocal leader, changes
        values = [raw(m, s, table) for s in range(players)]
        top, bottom = max(values), min(values)
        now = values.index(top) if values.count(top) == 1 else None
        if now is not None and leader is not None and now != leader:
            changes += 1
        leader = now if now is not None else leader
        lasts.append(values.index(bottom) if values.count(bottom) == 1 else None)

    seen: list = []
    watch = _every_decision(seen)
    agents = [make_agent("random", fmf) for _ in range(players)]

    def every(m):
        before = len(seen)
        watch(m)
        if len(seen) > before:
            read(m)

    play_game(fmf, players, derive(1, "game", seed), agents, watch=every)
    return changes, lasts[len(lasts) // 2] if lasts else None


@pytest.mark.parametrize("players", [2, 4])
def test_simulate_s_lead_figures_are_the_evaluation_read_at_every_new_turn(fmf, players):
    run = Run("", (Cell(players, ("random",) * players),), 6, 1, rotate=False)
    changes = 0
    for index in range(6):
        summary = play_one(fmf, run, 0, index)
        assert (summary.lead_changes, summary.mid_last) == _leads_by_hand(fmf, players, index)
        changes += summary.lead_changes
    assert changes > 0  # (the leads moved in these games: the figure is not trivially 0)


def test_a_fault_planted_in_the_written_seat_values_is_seen(fmf, monkeypatch):
    """The written values with their last weighted term dropped give other lead figures."""
    written = fmf.cache.get("simulate:values")
    if written is None:
        play_one(fmf, Run("", (Cell(2, ("random",) * 2),), 1, 1, rotate=False), 0, 0)
        written = fmf.cache["simulate:values"]
    last = written.source.splitlines()[-5]
    assert last.lstrip().startswith("+ _w_")
    namespace = dict(written.__globals__)
    exec(compile(written.source.replace(last, ""), "<planted>", "exec"), namespace)  # noqa: S102
    monkeypatch.setitem(fmf.cache, "simulate:values", namespace["seat_values"])
    run = Run("", (Cell(4, ("random",) * 4),), 6, 1, rotate=False)
    assert any((s.lead_changes, s.mid_last) != _leads_by_hand(fmf, 4, i)
               for i, s in ((i, play_one(fmf, run, 0, i)) for i in range(6)))
