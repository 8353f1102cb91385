"""The rule audit of Townsfolk Tussle at scale: 204 seeded games at 2-5 players (51 each),
whole games and each of the sixteen fights in turn, every invariant of the pack checked on
every log event: no unexpected failure, no guard tripped and no game capped (none hangs).
Twelve chunks of 17 games (one per way of playing) so `pytest -n 2` spreads them."""

from __future__ import annotations

import pytest

from tests.content.seed_audits import SEED_GAMES, audit_seed_game

GAME = SEED_GAMES["townsfolk-tussle"]
PER_CHUNK = len(GAME.modes)  # 17: one whole game and each fight once
CHUNKS = [(players, part) for players in GAME.players for part in range(3)]


@pytest.mark.parametrize(("players", "part"), CHUNKS)
def test_two_hundred_seeded_games_keep_the_booklets_invariants(players, part):
    audited = audit_seed_game(GAME, players, PER_CHUNK, seed=1000 + 100 * part)
    assert audited.games == PER_CHUNK and audited.decisions > 0 and audited.steps > 0
    assert audited.unexpected(GAME.known.get(players, frozenset())) == []
    assert audited.capped == 0


def test_the_chunks_add_up_to_two_hundred_games():
    assert len(CHUNKS) * PER_CHUNK >= 200
