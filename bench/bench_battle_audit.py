"""Audit every battle (scenario) of a content pack on its own, at each player count it allows
(`simulate --audit`, random seats): the findings per player count, invariants and guards.

Run: python bench/bench_battle_audit.py [PACK] [--games N] [--agent random|heuristic].
Prints, per player count, the battles played, decisions taken, and the findings by name
(failing ones, then known-failing notes), with the first failure's battle and seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.program import Program  # noqa: E402
from runtime.simulate import simulate  # noqa: E402
from tests.content.conftest import CONTENT, compiled_pack  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pack", nargs="?", default="gascony-legacy")
    parser.add_argument("--games", type=int, default=3, help="games per battle and player count")
    parser.add_argument("--agent", default="random")
    args = parser.parse_args()
    game = compiled_pack(args.pack).game
    low, high = game.game.players.min, game.game.players.max
    for players in range(low, high + 1):
        start = time.perf_counter()
        played = decisions = 0
        failing: Counter = Counter()
        notes: Counter = Counter()
        first: dict[str, str] = {}
        for scenario in sorted(game.scenarios):
            report = simulate(Path(CONTENT / args.pack), Program(game, scenario, None), players,
                              args.games, 7, [args.agent] * players, 1, audit=True)
            for g in report.games:
                played += 1
                decisions += g.decisions
                for f in g.findings:
                    (failing if f.fails else notes)[f.name] += 1
                    if f.fails:
                        first.setdefault(f.name, f"{scenario} seed {g.seed} step {f.step}")
        print(f"{args.pack} {players}p: {played} battles, {decisions} decisions in "
              f"{time.perf_counter() - start:.1f}s; failing {dict(failing) or 'none'}; "
              f"notes {dict(notes) or 'none'}", flush=True)
        for name, where in first.items():
            print(f"  first {name}: {where}")


if __name__ == "__main__":
    main()
