"""The fast paths of moving and picking cards play exactly as the general ones: a choice of a
single card taken at once as the machine takes it, the cards a seat sees worked out per zone,
a move's per-zone-pair record (`runtime.zones.moves`), a bound `move-card`'s card table, and
kept counts by face. Each is compared with the general way through the runtime, and a fault
planted in it is seen."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import runtime.picking
import runtime.specialise
import runtime.tallies
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.picking import seen_by
from runtime.zones import visible
from tests.runtime.conftest import record_random_game
from tests.runtime.test_tallies import _play, _Recount

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = ["fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy", "townsfolk-tussle"]


def _asked(options: list[dict]) -> None:
    """Every choice asked, a single option too: `Machine.run` then takes it (the general way)."""
    return None


def _records(pack: str) -> list:
    program = load_program(CONTENT / pack)
    players = program.game.game.players
    return [record_random_game(program, count, seed, 300)
            for count, seed in ((players.min, 4), (players.max, 9))]


@pytest.mark.parametrize("pack", PACKS)
def test_a_choice_of_one_card_is_taken_at_once_as_the_machine_takes_it(pack, monkeypatch):
    taken = []
    lone = runtime.picking.lone
    monkeypatch.setattr(runtime.picking, "lone", lambda options: taken.append(lone(options))
                        or taken[-1])
    fast = _records(pack)
    assert any(taken) and None in taken  # some choices of one card, some of several
    monkeypatch.setattr(runtime.picking, "lone", _asked)
    assert _records(pack) == fast


def test_a_choice_of_several_cards_taken_at_once_is_seen(monkeypatch):
    fast = _records("fuzzy-mage-fight")
    # planted: the first of several options taken too, as if it were the only one
    monkeypatch.setattr(runtime.picking, "lone", lambda options: options[0])
    assert _records("fuzzy-mage-fight") != fast


def _states(pack: str, players: int, seed: int):
    """The machine at every decision of a random game of `pack` (60 turns at most)."""
    m = Machine.start(load_program(CONTENT / pack), players, seed)
    while not m.over and m.state["turns"] < 60:
        yield m
        m.answer(seed % len(m.decision["options"]))
        seed = seed * 7 + 3


@pytest.mark.parametrize("pack", PACKS)
def test_the_cards_a_seat_sees_are_those_it_may_see_card_by_card(pack):
    cases = Counter()
    for m in _states(pack, 2, 6):
        zones = m.state["zones"]
        everywhere = [inst for cards in zones.values() for inst in cards[:3]]  # several zones
        for seat in range(m.state["players"]):
            for cards in (*zones.values(), everywhere):
                seen = seen_by(m, cards, seat)
                assert seen == [c for c in cards if visible(m, c, seat)]
                cases[len(seen) == len(cards)] += 1
    assert cases[True] and cases[False]  # some cards seen, some not


def test_a_seat_seeing_a_face_down_card_of_another_seat_in_a_public_zone_is_seen():
    # FMF's battlefields are public, their cards face down: planted, a reading of the zone alone
    m = next(m for m in _states("fuzzy-mage-fight", 2, 6)
             if any(m.state["down"][c] for c in m.state["zones"]["battlefield:0"]))
    cards = m.state["zones"]["battlefield:0"]
    assert seen_by(m, cards, 1) != cards  # what the zone's visibility alone would say
    assert seen_by(m, cards, 0) == cards  # its owner sees them all


def _played(pack: str, players: int, seed: int, table=None) -> tuple[Counter, Counter]:
    """The cards counted `played` in a random game, and the moves from a seat's zone out of
    play into a zone in play that the log shows (the rule the count keeps)."""
    program = load_program(CONTENT / pack)
    stats: Counter = Counter()
    log: list = []
    m = Machine.start(program, players, seed, log=log, stats=stats)
    if table is not None:
        m.moves = table(m.moves)
    pick_at = seed
    while not m.over and m.state["turns"] < 80:
        m.answer(pick_at % len(m.decision["options"]))
        pick_at = pick_at * 7 + 3
    zone, owner = m.key_zone, m.key_owner
    shown = Counter((e["id"], owner[e["from"]]) for e in log if e["e"] == "move"
                    and zone[e["to"]].in_play and not zone[e["from"]].in_play
                    and owner[e["from"]] is not None)
    counted = Counter({(card, seat): n for (what, card, seat), n in stats.items()
                       if what == "played"})
    return counted, shown


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "townsfolk-tussle"])
def test_a_card_is_counted_played_when_it_comes_into_play_from_a_seat_s_zone(pack):
    counted, shown = _played(pack, 3, 2)
    assert counted == shown and sum(counted.values()) > 0


def test_a_move_record_that_forgets_a_card_played_is_seen():
    def planted(table):  # the battlefield's record from the hand counts nobody's card played
        table = {src: dict(row) for src, row in table.items()}
        table["hand:0"]["battlefield:0"] = (*table["hand:0"]["battlefield:0"][:2], None, False)
        return table

    counted, shown = _played("fuzzy-mage-fight", 3, 2, planted)
    assert counted != shown


def test_a_bound_move_card_s_card_table_agrees_with_the_generic_op_and_a_planted_one_is_seen(
        monkeypatch):
    program = load_program(CONTENT / "fuzzy-mage-fight")
    bound = [fn for effects in program.lists for fn, _p, name in effects
             if name == "move-card" and "_table" in getattr(fn, "__globals__", {})]
    assert bound  # placing a card: its `matching:` a table filtered in C
    fast = record_random_game(program, 2, 3, 300)
    monkeypatch.setattr(runtime.specialise, "SPECIALISERS", {})
    generic = load_program(CONTENT / "fuzzy-mage-fight")
    assert record_random_game(generic, 2, 3, 300) == fast
    for fn in bound:  # planted: the table says the opposite for one kind of card
        table = fn.__globals__["_table"]
        monkeypatch.setitem(fn.__globals__, "_table", {**table, "magic": not table["magic"]})
    assert record_random_game(program, 2, 3, 300) != fast


def test_counts_kept_by_face_with_the_faces_swapped_are_seen(monkeypatch):
    plan = runtime.tallies.plan

    def swapped(program, players):  # planted: face up counted as face down and back
        found = plan(program, players)
        return {card: {key: (down, up) for key, (up, down) in rows.items()}
                for card, rows in found.items()}

    monkeypatch.setattr(runtime.tallies, "plan", swapped)
    with pytest.raises(AssertionError):
        _play(load_program(CONTENT / "fuzzy-mage-fight"), 2, 5, _Recount())
