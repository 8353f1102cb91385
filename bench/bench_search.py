"""Search benchmark: MCTS at its default budget against the one-step heuristic, two players.

Half the games MCTS takes the first seat, half the second, so the first player's advantage
cancels out. Prints MCTS's win rate with its 95% (Wilson) interval, and whether the interval
excludes 50% (the goal of issue 11), next to the same figures for random against heuristic
from the same run as the baseline. Games run in worker processes (`--workers`); the report
is the same for any number of workers.

    python bench/bench_search.py [PACK] [--games N] [--workers N] [--agent mcts]
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


def match(pack: Path, program, agent: str, games: int, workers: int) -> tuple[int, int, float]:
    """(wins of `agent`, games, CPU seconds) against the heuristic, seats swapped halfway."""
    start = cpu()
    wins = played = 0
    for first, seats, seed in ((0, [agent, "heuristic"], 1), (1, ["heuristic", agent], 2)):
        half = games // 2 if first == 0 else games - games // 2
        # the seats are swapped by hand, so the lineup must not rotate
        report = simulate(pack, program, 2, half, seed, seats, workers, rotate=False)
        wins += sum(1 for g in report.games if first in g.winners)
        played += len(report.games)
    return wins, played, cpu() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", nargs="?", default=str(ROOT / "content" / "fuzzy-mage-fight"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--agent", default="mcts", help="the searcher (e.g. mcts, mcts:400)")
    args = parser.parse_args()
    pack = Path(args.pack)
    program = load_program(pack)
    print(f"{program.game.game.title}, 2 players, {args.games} games each, seats swapped halfway")
    for agent in ("random", args.agent):
        wins, n, seconds = match(pack, program, agent, args.games, args.workers)
        lo, hi = wilson(wins, n)
        verdict = "beats" if lo > 0.5 else ("loses to" if hi < 0.5 else "not told apart from")
        print(f"  {agent:>10} vs heuristic: {wins}/{n} won, {wins / n:.1%} "
              f"(95% {lo:.1%}–{hi:.1%}): {verdict} heuristic; {seconds:.0f} CPU s")


if __name__ == "__main__":
    main()
