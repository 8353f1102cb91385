"""The end check runs only when what it reads may have changed (`Machine.dirty`,
`runtime.conditions.reads_tracked`): wherever it is skipped, a full check would find no outcome,
and games end at the same decision, with the same state at every one, as when it always runs."""

from __future__ import annotations

from pathlib import Path

import pytest

import runtime.conditions
from runtime.audit import Audit
from runtime.conditions import reads_tracked
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.state import copy_state
from tests.runtime.conftest import SHOP, record_random_game, write_shop

CONTENT = Path(__file__).resolve().parents[2] / "content"

# The shop, with a win read from the cards lying face up on a seat's table: turning them up
# (`reveal`) is what ends the game, a change no card move makes.
LAMPS_GAME = SHOP["game.yaml"] + """\
  lamps_up:
    text: lamps lying face up on the seat's table
    counts: {zone: table, if: "cost == 2", face: up}
"""
LAMPS_CARDS = """\
kind: cards
id: wares
type: gear
cards:
  - {id: lamp, name: Lamp, cost: 2, count: 2}
  - {id: rock, name: Rock, cost: 1, count: 6}
"""
LAMPS_RULES = """\
kind: rules
id: r
zones:
  - {id: draw, per: game, visibility: hidden, face: down, holds: [wares]}
  - {id: table, per: seat, visibility: public, face: down}
setup:
  - shuffle: draw
  - draw: {count: 2, who: each-player, to: table}
turn:
  actions: 1
actions:
  - id: up
    name: Turn your cards up
    cost: 1
    do:
      - reveal: {zone: table, all: true}
  - id: all-up
    name: Turn every table up
    cost: 1
    do:
      - reveal: {who: each-player, zone: table, all: true}
  - id: take
    name: Take a card
    cost: 1
    do:
      - draw: {count: 1, to: table}
win:
  - if: {win}
    who: active
    text: a lamp shows
"""


def _lamps(root: Path, win: str = "lamps_up >= 1"):
    root.mkdir(exist_ok=True)
    write_shop(root, **{"game.yaml": LAMPS_GAME, "c.yaml": LAMPS_CARDS,
                        "rules.yaml": LAMPS_RULES.replace("{win}", win)})
    return load_program(root)


class _FreshCheck(Audit):
    """The audit, and after every step at which the end check would be skipped, a full check
    run on a copy of the state: it must find no outcome."""

    def __init__(self):
        super().__init__()
        self.skipped = 0

    def after_step(self, m: Machine) -> None:
        super().after_step(m)
        if m.dirty or m.over:
            return
        self.skipped += 1
        fresh = Machine(m.program, copy_state(m.state))
        assert not fresh.check_end(), "a skipped end check would have ended the game"


def _games(program, seeds=(5, 11)):
    players = program.game.game.players
    return [(players.min, seeds[0]), (players.max, seeds[1])]


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy",
                                  "townsfolk-tussle"])
def test_a_skipped_end_check_would_have_found_nothing(pack):
    program = load_program(CONTENT / pack)
    audit = _FreshCheck()
    for players, seed in _games(program):
        m = Machine.start(program, players, seed, audit=audit)
        while not m.over and m.state["turns"] < 60:
            m.answer(seed % len(m.decision["options"]))
            seed = seed * 7 + 3
    # only a pack whose conditions read what is marked skips any (Fuzzy Mage Fight's do)
    assert (audit.skipped > 0) == reads_tracked(program)
    assert reads_tracked(program) == (pack == "fuzzy-mage-fight")


def _unskipped(monkeypatch, load):
    """A program loaded with its end check run after every step that could change anything."""
    with monkeypatch.context() as patch:
        patch.setattr(runtime.conditions, "reads_tracked", lambda program: False)
        return load()


# (players, seed) of games that end within 400 decisions
@pytest.mark.parametrize(("pack", "games"), [
    ("fuzzy-mage-fight", [(2, 2), (2, 7), (3, 2)]), ("lamps", [(2, 3), (2, 8)])])
def test_games_end_where_they_end_with_the_check_never_skipped(pack, games, monkeypatch,
                                                              tmp_path):
    def load():
        if pack == "lamps":
            return _lamps(tmp_path / "lamps")
        return load_program(CONTENT / pack)

    program = load()
    assert reads_tracked(program)
    skipped = [record_random_game(program, count, seed, 400, Audit()) for count, seed in games]
    always = _unskipped(monkeypatch, load)
    assert not always.cache["conditions:end"].source.count("m.dirty")
    assert skipped == [record_random_game(always, count, seed, 400, Audit())
                       for count, seed in games]
    assert all(record[2] is not None for record in skipped)  # every game ended


def _tables(m: Machine) -> list[list[str]]:
    return [[m.state["ids"][i] for i in m.state["zones"][f"table:{s}"]] for s in range(2)]


def _take(m: Machine, label: str) -> None:
    m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == label))


def test_a_lamp_turned_up_ends_the_game_at_once(tmp_path):
    m = Machine.start(_lamps(tmp_path / "lamps"), 2, 3)
    assert _tables(m) == [["lamp", "rock"], ["rock", "rock"]]
    _take(m, "Turn your cards up")
    assert m.state["result"] == {"winners": [0], "reason": "a lamp shows"}


def test_a_lamp_turned_up_on_another_seat_s_turn_wins_as_its_own_turn_begins(tmp_path):
    # nothing is marked after the lamp shows but the turn passing: the check runs for seat 2
    m = Machine.start(_lamps(tmp_path / "lamps"), 2, 6)
    assert _tables(m) == [["rock", "rock"], ["lamp", "rock"]]
    _take(m, "Turn every table up")  # seat 1's only action: its turn ends
    assert m.state["result"] == {"winners": [1], "reason": "a lamp shows"}
    assert m.state["active"] == 1 and m.state["turns"] == 2


def test_a_condition_reading_more_than_is_marked_is_checked_after_every_step(tmp_path):
    # the round is read by no mark: the check is never skipped
    program = _lamps(tmp_path / "rounds", win="lamps_up >= 1 or round > 3")
    assert not reads_tracked(program)
    assert "m.dirty" not in program.cache["conditions:end"].source
    result = record_random_game(program, 2, 4, 200)[2]
    assert result is not None
