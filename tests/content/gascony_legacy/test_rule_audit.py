"""The rule audit of Gascony's Legacy: 256 seeded bot games, every Battle on its own and every
Act, at 1-4 players, random parties, each checked (`--audit`) against the
rulebook invariants of the pack on every log event and every decision. No invariant may fail
and no guard may trip (a guard is how the runtime stops a game that would hang), but for the
turn cap: a bot party that cannot finish a battle is not a broken rule. Heuristic parties look
to the end of the round (`lookahead: round`) and cost seconds a battle: they are audited in
`bench/bench_battle_audit.py`, not here."""

from __future__ import annotations

import pytest

from tests.content.conftest import compiled_pack
from tests.content.seed_audits import SeedGame, audit_seed_game

PACK = "gascony-legacy"
PLAYERS = (1, 2, 3, 4)


def modes() -> tuple[tuple[str | None, str | None], ...]:
    """Every Battle fought on its own, then every Act walked from its first Story card."""
    game = compiled_pack(PACK).game
    return (*((battle, None) for battle in sorted(game.scenarios)),
            *((None, act) for act in sorted(game.stories)))


@pytest.mark.parametrize("half", (0, 1))
@pytest.mark.parametrize("players", PLAYERS)
def test_bot_battles_and_acts_keep_the_rulebook(players, half):
    every = modes()
    games = 2 * len(every)  # two halves: 4 games of each mode per player count
    audited = audit_seed_game(SeedGame(PACK, range(1, 5), every), players, games,
                              100 * players + 50 * half, agent="random")
    assert audited.games == games and audited.decisions > games
    # a bot party may fail to finish a battle in 200 turns (two Marksmen out of its reach, a
    # random walk): no rule is broken and the turn cap stops it; the guards against loops
    # without decisions (no-progress, decision cap, runaway turn) always count
    assert audited.unexpected(frozenset({"turn-cap"})) == []
