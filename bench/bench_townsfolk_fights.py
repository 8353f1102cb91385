"""Townsfolk Tussle's fights, won or lost: per fight, the win rate of a party of bots with
its 95% (Wilson) interval, for heuristic and MCTS parties at 2 and 5 players. The baseline,
measured in the same run, is a party of random bots on the same fights and seeds.

    python bench/bench_townsfolk_fights.py [--games N] [--mcts-games N] [--mcts SPEC]
        [--players 2 5] [--fights ID ...] [--workers N] [--no-baseline]

Small runs by default (the machine is shared): a handful of games per fight and party.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import cpu  # noqa: E402

from runtime.figures import wilson  # noqa: E402
from runtime.loading import load_program  # noqa: E402
from runtime.simulate import simulate  # noqa: E402

PACK = ROOT / "content" / "townsfolk-tussle"
FIGHTS = [f"{ruffian}-{level}"
          for level in ("chump", "troublemaker", "hooligan", "final-fight")
          for ruffian in ("pepin-milkfrog", "samuel-strawman", "the-bundits", "umbrello")]


def party(program, agent: str, players: int, games: int, workers: int) -> tuple[int, int, float]:
    """(fights won, fights played, CPU seconds) for a party of `players` `agent` bots."""
    if games <= 0:
        return 0, 0, 0.0
    start = cpu()
    report = simulate(PACK, program, players, games, 1, [agent] * players, workers)
    won = sum(1 for g in report.games if g.winners)
    return won, len(report.games), cpu() - start


def cell(won: int, played: int, seconds: float | None = None) -> str:
    if not played:
        return "-"
    low, high = wilson(won, played)
    spent = "" if seconds is None else f" {seconds / played:.0f}s"  # CPU a fight
    return f"{won}/{played} ({100 * low:.0f}-{100 * high:.0f}%){spent}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per fight, heuristic party")
    parser.add_argument("--mcts-games", type=int, default=2, help="games per fight, MCTS party")
    parser.add_argument("--mcts", default="mcts:40", help="the MCTS seat (mcts:N iterations)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--fights", nargs="+", default=FIGHTS)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the random party (its column shows -)")
    args = parser.parse_args()
    totals: dict[str, list[int]] = {}
    print(f"{'fight':32} {'players':>7}  {'random (baseline)':>24} {'heuristic':>24} "
          f"{args.mcts:>24}  (won/played, 95% interval, CPU s a fight)")
    for fight in args.fights:
        program = load_program(PACK, fight)
        for players in args.players:
            row = []
            for agent, games in (("random", 0 if args.no_baseline else args.games),
                                 ("heuristic", args.games),
                                 (args.mcts, args.mcts_games)):
                won, played, seconds = party(program, agent, players, games, args.workers)
                tally = totals.setdefault(f"{agent} {players}p", [0, 0])
                tally[0] += won
                tally[1] += played
                row.append(cell(won, played, seconds))
            print(f"{fight:32} {players:>7}  {row[0]:>24} {row[1]:>24} {row[2]:>24}",
                  flush=True)
    print()
    for name, (won, played) in totals.items():
        print(f"all fights, {name}: {cell(won, played)}")


if __name__ == "__main__":
    main()
