"""Python calls per decision under cProfile: Fuzzy Mage Fight, random seats.

A load-independent measure of the interpreter's work (the machine is shared, CPU-seconds
wander): games played as `bench_playouts.py` plays them (`runtime.simulate.play_one`, seeded
like game `i` of a run with seed 1), every call counted, divided by the decisions made.
With `--top N`, the N functions with the most time of their own, to see where it goes.

    python bench/bench_calls.py [--games 100] [--players 2 4] [--top 0]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.loading import load_program  # noqa: E402
from runtime.simulate import Cell, Run, play_one  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--top", type=int, default=0)
    args = parser.parse_args()
    program = load_program(ROOT / "content" / "fuzzy-mage-fight")
    print(f"Fuzzy Mage Fight, random seats: {args.games} games per player count")
    for players in args.players:
        run = Run("", (Cell(players, ("random",) * players),), args.games, 1, rotate=False)
        profile = cProfile.Profile()
        profile.enable()
        games = [play_one(program, run, 0, i) for i in range(args.games)]
        profile.disable()
        stats = pstats.Stats(profile)
        calls = sum(row[1] for row in stats.stats.values())  # every call, recursive ones too
        decisions = sum(g.decisions for g in games)
        print(f"{players} players: {calls} calls, {decisions} decisions, "
              f"{calls / decisions:.1f} calls per decision")
        if args.top:
            out = io.StringIO()
            stats.stream = out
            stats.sort_stats("tottime").print_stats(args.top)
            print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
