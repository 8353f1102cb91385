"""Each seed game, audited at every player count it allows: no invariant its rules state is
broken (beyond those marked known-failing) and no guard trips (beyond the known ones)."""

from __future__ import annotations

import pytest

from tests.content.seed_audits import SEED_GAMES, audit_seed_game

# games per player count in the test suite; bench/bench_audit.py plays 200
GAMES = {"fantasy-tavern-brawl": 8, "fuzzy-mage-fight": 3, "gascony-legacy": 5,
         "townsfolk-tussle": 5}

CASES = [(name, players) for name, game in SEED_GAMES.items() for players in game.players]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_seed_game_keeps_its_invariants(name, players):
    game = SEED_GAMES[name]
    audited = audit_seed_game(game, players, GAMES[name])
    assert audited.games == GAMES[name] and audited.decisions > 0
    assert audited.unexpected(game.known.get(players, frozenset())) == []
