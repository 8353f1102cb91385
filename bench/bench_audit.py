"""Audit the seed games (`simulate --audit`), 200 games per game and player count, and
measure what the audit costs: plain play (no audit attached, the hook's only cost a `None`
test per machine step) against audited play of the same games, in the same run.

Run: python bench/bench_audit.py [--games N] [--workers W] [--timing-games N].
Prints, per game and player count, the games, decisions and machine steps audited and the
findings (unexpected failures, known ones, notes); then the timing figures.
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.agents import make_agent  # noqa: E402
from runtime.audit import Audit  # noqa: E402
from runtime.program import Program  # noqa: E402
from runtime.rng import derive  # noqa: E402
from runtime.session import play_game  # noqa: E402
from tests.content.conftest import compiled_pack  # noqa: E402
from tests.content.seed_audits import SEED_GAMES, audit_seed_game  # noqa: E402


def audit_all(games: int, workers: int) -> int:
    unexpected_total = 0
    for name, game in SEED_GAMES.items():
        for players in game.players:
            start = time.perf_counter()
            a = audit_seed_game(game, players, games, workers=workers)
            known = game.known.get(players, frozenset())
            unexpected = a.unexpected(known)
            unexpected_total += len(unexpected)
            counts = Counter(f.name for _, _, f in a.findings)
            print(f"{name} {players}p: {a.games} games, {a.decisions} decisions, {a.steps} steps "
                  f"audited in {time.perf_counter() - start:.1f}s; unexpected failures "
                  f"{len(unexpected)}; findings {dict(sorted(counts.items())) or 'none'}",
                  flush=True)
            for mode, seed, f in unexpected[:5]:
                print(f"  {mode or 'game'} seed {seed} step {f.step}: {f.name}: {f.message}")
    return unexpected_total


def timing(name: str, players: int, games: int) -> None:
    program = Program(compiled_pack(name).game)
    agents = [make_agent("random", program) for _ in range(players)]
    seeds = [derive(1, "game", i) for i in range(games)]

    def play(audit: bool) -> tuple[float, int]:
        steps = 0
        start = time.perf_counter()
        for seed in seeds:
            checker = Audit() if audit else None
            play_game(program, players, seed, agents, audit=checker)
            steps += checker.steps if checker else 0
        return time.perf_counter() - start, steps

    off = min(play(False)[0] for _ in range(3))
    on, steps = min((play(True) for _ in range(3)), key=lambda r: r[0])
    # what the hook costs when off: one `is not None` test of a local, per machine step
    audit = None
    test = min(timeit.repeat("audit is not None", globals={"audit": audit}, number=1_000_000,
                             repeat=5)) / 1_000_000
    print(f"{name} {players}p, {games} games, {steps} machine steps: no audit {off:.3f}s, "
          f"audited {on:.3f}s ({on / off:.2f}x); hook when off: {test * 1e9:.1f} ns a step x "
          f"{steps} steps = {test * steps * 1e3:.2f} ms ({test * steps / off:.2%} of plain play)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timing-games", type=int, default=40)
    args = parser.parse_args()
    for name, players in (("fantasy-tavern-brawl", 4), ("fuzzy-mage-fight", 2)):
        timing(name, players, args.timing_games)
    bad = audit_all(args.games, args.workers)
    print(f"unexpected failures in all: {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
