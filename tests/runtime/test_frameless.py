"""Lists that never ask run with no frame (`runtime.written_lists.BareRuns`), and the turn's
windows fire with their answering abilities run in place (`runtime.written_windows`): both
play exactly as the framed path (each list in its frame, each window fired by `fire_now`)
and as the generic handler run frame by frame: the same state (stack included) at every
decision and at the end, the same options, log, result and audit findings. A game won inside
a branch of a branch leaves the frames the framed path leaves; a decision asked inside a
window fired in place is saved and played on; planted faults are seen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import runtime.written_windows
from runtime.audit import Audit
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.state import state_hash
from runtime.stepping import fire_now
from runtime.written_lists import BareRuns, Framed, ListRuns
from runtime.written_turn import write_turn
from tests.runtime.conftest import (
    FIXTURES,
    SHOP,
    frame_by_frame,
    record_random_game,
    write_shop,
)

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = [CONTENT / "fuzzy-mage-fight", *(FIXTURES / name for name in (
    "skirmish", "outfit", "battle", "phased", "boss", "duel", "series", "tally", "arena"))]

# Each turn earns a coin or rests. The turn's end is a list that never asks: a visit counted,
# then, from the second visit on, a branch whose own branch gives a trophy (two win) with
# seven coins or more, else takes one back. A stall card answers the end of its owner's turn
# (once per turn, with a coin or more) with a choice, so a decision is asked inside the window.
RULES = """\
kind: rules
id: r
zones:
  - {id: shop, per: game, visibility: public, holds: [wares]}
  - {id: stall, per: seat, visibility: public, in-play: true}
setup:
  - move-card: {from: shop, to: stall, who: active, card: lamp}
turn:
  actions: 1
  start:
    - set: {variable: rested, value: false}
  end:
    - gain: {variable: visits, amount: 1}
    - if:
        condition: visits >= 2
        then:
          - set: {variable: rested, value: false}
          - if:
              condition: coins >= 7
              then:
                - gain: {variable: trophies, amount: 1}
              else:
                - lose: {variable: coins, amount: 1}
actions:
  - {id: earn, name: Earn, do: [gain: {variable: coins, amount: 1}]}
  - {id: rest, name: Rest, do: [set: {variable: rested, value: true}]}
win:
  - {if: trophies >= 2, who: active, text: two trophies}
"""
GAME = SHOP["game.yaml"] + """\
  visits: {initial: 0}
  trophies: {initial: 0}
  rested: {initial: false}
"""
CARDS = """\
kind: cards
id: wares
type: gear
cards:
  - id: lamp
    name: Lamp
    cost: 2
    abilities:
      - name: Polish the lamp
        when: end-of-turn
        once-per: turn
        if: coins >= 1
        do:
          - choose:
              options:
                - {text: Sell the polish, do: [gain: {variable: coins, amount: 2}]}
                - {text: Keep it, do: [lose: {variable: coins, amount: 1}]}
"""


@pytest.fixture
def stall(tmp_path):
    write_shop(tmp_path, **{"game.yaml": GAME, "c.yaml": CARDS, "r.yaml": RULES})
    return load_program(tmp_path)


def _framed(program, monkeypatch) -> None:
    """`program` with every list in its frame and windows fired by `fire_now`."""
    monkeypatch.setitem(program.cache, "window:fire", lambda m, top: fire_now(m, 1))
    monkeypatch.setattr(program, "bare", Framed())
    monkeypatch.setattr(program, "runs", ListRuns(program))
    write_turn(program)


def _record(program, games) -> list:
    return [record_random_game(program, count, seed, 300, Audit()) for count, seed in games]


def _games(program) -> list[tuple[int, int]]:
    players = program.game.game.players
    return [(players.min, 5), (players.max, 11), (max(players.min, 2), 23)]


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_frameless_lists_and_windows_in_place_play_as_the_framed_path(pack, monkeypatch):
    program = load_program(pack)
    written = _record(program, _games(program))
    _framed(program, monkeypatch)
    assert written == _record(program, _games(program))
    frame_by_frame(monkeypatch, program)
    assert written == _record(program, _games(program))


def test_the_pack_runs_its_turn_lists_bare_and_fires_in_place(monkeypatch):
    """Not vacuous: the pack's turn start and end lists are written bare, and a window with
    someone answering is fired in place at least once in its games."""
    program = load_program(CONTENT / "fuzzy-mage-fight")
    plan = program.turn_plan
    assert program.bare[plan.start] is not None and program.bare[plan.end] is not None
    fired = []
    firing = runtime.written_windows._firing(program)
    monkeypatch.setitem(program.cache, "window:fire",
                        lambda m, top: fired.append(top["w"]) or firing(m, top))
    write_turn(program)
    _record(program, _games(program))
    assert "end-of-turn" in fired


def _stall_games() -> list[tuple[int, int]]:
    return [(2, seed) for seed in range(12)]


def _won_in_a_branch(record) -> bool:
    return record[2] is not None and record[2]["reason"] == "two trophies"


def test_a_game_won_inside_a_bare_branch_ends_as_the_framed_path(stall, monkeypatch):
    written = _record(stall, _stall_games())
    assert sum(map(_won_in_a_branch, written)) >= 3  # won inside the end list's inner branch
    _framed(stall, monkeypatch)
    assert written == _record(stall, _stall_games())


def _rewritten(program, lid: int, old: str, new: str) -> None:
    """`program` with bare list `lid`'s text changed (`old` -> `new`) and every function
    that calls it written again."""
    fn = program.bare[lid]
    assert old in fn.source
    namespace = dict(fn.__globals__)
    exec(compile(fn.source.replace(old, new), "<planted list>", "exec"), namespace)  # noqa: S102
    program.bare = BareRuns(program)
    program.bare[lid] = namespace[f"bare_{lid}"]
    program.runs = ListRuns(program)
    write_turn(program)


def _branch(program, depth: int) -> int:
    """The end list's branch (depth 1), or that branch's branch giving the trophy (2)."""
    lid = program.turn_plan.end
    for _ in range(depth):
        effects = program.lists[lid]
        lid = program.lid(effects[len(effects) - 1][1].then)
    return lid


@pytest.mark.parametrize(("depth", "old", "new"), [
    # a game won in the inner branch leaves no frame of the branch's list
    (1, "if stack and stack[-1] is below else ()", "if False else ()"),
    # the end not checked after the trophy
    (2, "elif m.dirty and end_check(m):", "elif False:"),
])
def test_a_fault_planted_in_a_bare_list_is_seen(stall, depth, old, new):
    written = _record(stall, _stall_games())
    _rewritten(stall, _branch(stall, depth), old, new)
    assert written != _record(stall, _stall_games())


def test_a_fault_planted_in_the_window_fired_in_place_is_seen(stall, monkeypatch):
    written = _record(stall, _stall_games())
    # every once-per use counted under one key
    monkeypatch.setattr(runtime.written_windows, "use_key", lambda *_: "one")
    stall.cache.pop("window:fire")
    write_turn(stall)
    assert written != _record(stall, _stall_games())


def test_a_save_inside_a_window_fired_in_place_plays_on_as_the_game_it_came_from(stall):
    """A decision asked by an ability the end-of-turn window runs in place: the state saved
    there (the window's frame under the ability's, its queue and index) loaded into a new
    machine answers on to the same states."""
    m = Machine.start(stall, 2, 3)
    inside = 0
    for step in range(200):
        if m.over:
            break
        if any(f["h"] == "window" for f in m.state["stack"]):
            inside += 1
            copy = Machine(stall, json.loads(json.dumps(m.state)))
            for k in range(6):
                if m.over:
                    break
                choice = (step + k) % len(m.decision["options"])
                m.answer(choice)
                copy.answer(choice)
                assert state_hash(copy.state) == state_hash(m.state)
            continue
        m.answer(step % len(m.decision["options"]))
    assert inside >= 2
