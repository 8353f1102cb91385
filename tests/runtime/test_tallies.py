"""Counts kept as cards move (`runtime.tallies`): after every step of random games of the four
packs (and of a pack whose count reads cards turned face up), each kept count equals the count
its reader works out by scanning the zone, and a machine made from a copy of the state (a fork,
a loaded save) keeps the same numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.audit import Audit
from runtime.frames import NO_CTX
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.state import copy_state
from runtime.tallies import kept, recount
from runtime.zones import move
from tests.runtime.test_end_check_skipped import _lamps

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _scanned(m: Machine) -> list[list[int]] | None:
    """Every kept count of every seat, as its reader counts it by scanning the zone (None
    where none is kept)."""
    names = kept(m.program)
    if not names:
        return None
    readers = m.program.readers
    return [[readers[name](m, seat, NO_CTX, None) for name in names]
            for seat in range(m.state["players"])]


class _Recount(Audit):
    """The audit, and after every step the kept counts against a fresh scan of the zones."""

    def __init__(self):
        super().__init__()
        self.steps = 0

    def after_step(self, m: Machine) -> None:
        super().after_step(m)
        self.steps += 1
        assert m.tallied == _scanned(m), f"kept counts drifted at step {self.steps}"


def _play(program, players: int, seed: int, audit: Audit, turns: int = 60) -> Machine:
    m = Machine.start(program, players, seed, audit=audit)
    while not m.over and m.state["turns"] < turns:
        m.answer(seed % len(m.decision["options"]))
        seed = seed * 7 + 3
        assert m.tallied == _scanned(m)
        fork = Machine(program, copy_state(m.state))  # a fork or a loaded save counts afresh
        assert fork.tallied == m.tallied
    return m


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy",
                                  "townsfolk-tussle"])
def test_kept_counts_equal_a_fresh_scan_at_every_step(pack):
    program = load_program(CONTENT / pack)
    players = program.game.game.players
    audit = _Recount()
    for count, seed in ((players.min, 5), (players.max, 11)):
        _play(program, count, seed, audit)
    names = kept(program)
    if pack == "fuzzy-mage-fight":  # its win and bots read magic in hand and face down in play
        assert {"magic_in_hand", "magic_on_battlefield", "mineons_in_play"} <= set(names)
        assert "m.tallied[seat]" in program.cache["conditions:end"].source
    if pack == "gascony-legacy":  # a game with stories changes program mid-game: none kept
        assert not names
    assert audit.steps > 0


def test_a_count_of_cards_turned_face_up_is_kept_as_they_turn(tmp_path):
    program = _lamps(tmp_path / "lamps")
    assert list(kept(program)) == ["lamps_up"]
    for players, seed in ((2, 3), (2, 6), (2, 8)):
        _play(program, players, seed, _Recount())
    m = Machine.start(program, 2, 3)
    m.answer(next(i for i, o in enumerate(m.decision["options"])
                  if o["label"] == "Turn your cards up"))
    assert m.tallied == [[1], [0]] == _scanned(m)  # the lamp on seat 1's table now shows


def test_a_plain_zone_size_is_read_as_the_zone_s_length():
    program = load_program(CONTENT / "fuzzy-mage-fight")
    names = kept(program)
    assert "cards_in_hand" not in names and "battlefield_cards" not in names


def test_a_card_the_program_lacks_is_moved_in_no_count(tmp_path):
    """A story's next program may bring cards the machine's first did not have
    (`runtime.tallies.Moving`): moving such a card changes no kept count, and marks the
    machine for its end check only when every card counts there."""
    program = _lamps(tmp_path)
    for counted in (frozenset({"lamp"}), None):
        m = Machine.start(program, 2, 1)
        m.counted = counted
        recount(m)
        st = m.state
        inst = st["zones"][m.key("draw", None)][-1]
        st["ids"][inst] = "not-a-card-of-this-program"
        before = [list(row) for row in m.tallied]
        m.dirty = False
        assert move(m, inst, m.key("table", 0))
        assert m.tallied == before and m.dirty is (counted is None)
        assert st["loc"][inst] == m.key("table", 0)
