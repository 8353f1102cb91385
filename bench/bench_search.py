"""Search benchmark: MCTS at its default budget against the one-step heuristic, two players.

Half the games the searcher takes the first seat, half the second, so the first player's advantage
cancels out. Prints MCTS's win rate with its 95% (Wilson) interval, and whether the interval
excludes 50% (the goal of issue 11), next to the same figures for random against heuristic
from the same run as the baseline. Games run in worker processes (`--workers`); the report
is the same for any number of workers. First, what a search pays per sample of hidden
information: dealing a sample from the view each time (`determinise`) against a `Sampler`
that works out the view's share once and thaws one copy per sample.

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
from runtime.machine import Machine  # noqa: E402
from runtime.rng import Rng  # noqa: E402
from runtime.simulate import simulate  # noqa: E402
from runtime.views import Sampler, determinise, view  # noqa: E402


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


def sampling(program, count: int = 2000) -> tuple[float, float]:
    """Microseconds per sample of a mid-game view: by `determinise`, and by one `Sampler`."""
    m = Machine.start(program, 2, 5)
    rng = Rng(5)
    for _ in range(30):
        if m.over:
            break
        m.answer(rng.below(len(m.decision["options"])))
    seen = view(m, m.decision["seat"] if m.decision else 0)
    start = cpu()
    for _ in range(count):
        determinise(program, seen, rng)
    each = (cpu() - start) / count * 1e6
    start = cpu()
    sampler = Sampler(program, seen)
    for _ in range(count):
        sampler.sample(rng)
    return each, (cpu() - start) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", nargs="?", default=str(ROOT / "content" / "fuzzy-mage-fight"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--agent", default="mcts", help="the searcher (e.g. mcts, mcts:400)")
    args = parser.parse_args()
    pack = Path(args.pack)
    program = load_program(pack)
    old, new = sampling(program)
    print(f"{program.game.game.title}: a sample of hidden information (mid-game view)")
    print(f"  determinise each time {old:7.1f} µs;  Sampler {new:7.1f} µs  ({old / new:.1f}x faster)")
    print(f"{program.game.game.title}, 2 players, {args.games} games each, seats swapped halfway")
    for agent in ("random", args.agent):
        wins, n, seconds = match(pack, program, agent, args.games, args.workers)
        lo, hi = wilson(wins, n)
        verdict = "beats" if lo > 0.5 else ("loses to" if hi < 0.5 else "not told apart from")
        print(f"  {agent:>10} vs heuristic: {wins}/{n} won, {wins / n:.1%} "
              f"(95% {lo:.1%}–{hi:.1%}): {verdict} heuristic; {seconds:.0f} CPU s")


if __name__ == "__main__":
    main()
