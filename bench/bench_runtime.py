"""Runtime benchmark: whole random-agent games per second and decisions per second, for 2
and 4 players, and what copying a state costs, each next to a baseline from the same run.

- Games: every seat a random agent, games played to the end (or the turn cap), in this
  process, timed in CPU seconds (the machine may be shared). `simulate games/CPU-s` plays
  the same number through `runtime.simulate` with random seats: the streams `gamesmith
  simulate` uses. Baseline: a hand-written loop making the same number of random choices among
  lists of the same sizes, with the same generator: the cost of choosing, without rules.
- Copy: `copy_state` (a marshal round trip) of a mid-game state, against `copy.deepcopy`
  of the same dict and a JSON round trip; the state's size as canonical JSON.
- Search: one MCTS decision of 100 iterations, to show what a search budget costs.

    python bench/bench_runtime.py [PACK] [--games N]
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.agents import make_agent  # noqa: E402
from runtime.loading import load_program  # noqa: E402
from runtime.machine import Machine  # noqa: E402
from runtime.rng import Rng  # noqa: E402
from runtime.simulate import Cell, Run, play_one  # noqa: E402
from runtime.state import canonical, copy_state  # noqa: E402
from runtime.views import view  # noqa: E402


def games(program, players: int, count: int) -> tuple[float, int, list[int]]:
    """CPU seconds for `count` random games, the decisions made and each decision's option
    count."""
    sizes: list[int] = []
    start = time.process_time()
    for seed in range(count):
        m = Machine.start(program, players, seed)
        rng = Rng(seed)
        while not m.over:
            n = len(m.decision["options"])
            sizes.append(n)
            m.answer(rng.below(n))
    return time.process_time() - start, len(sizes), sizes


def simulated(program, players: int, count: int) -> float:
    """CPU seconds for `count` games as `gamesmith simulate` plays them, random seats."""
    run = Run("", (Cell(players, ("random",) * players),), count, 1, rotate=False)
    start = time.process_time()
    for index in range(count):
        play_one(program, run, 0, index)
    return time.process_time() - start


def baseline(sizes: list[int]) -> float:
    """CPU seconds for a bare loop choosing among lists of the same sizes."""
    rng = Rng(0)
    options = [list(range(n)) for n in range(max(sizes) + 1)]
    start = time.process_time()
    picked = 0
    for n in sizes:
        picked += options[n][rng.below(n)]
    return time.process_time() - start


def timed(fn, repeat: int) -> float:
    """Median microseconds of `fn()` over `repeat` runs."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def mid_game(program, players: int) -> Machine:
    m = Machine.start(program, players, 7)
    rng = Rng(7)
    for _ in range(60):
        if m.over:
            break
        m.answer(rng.below(len(m.decision["options"])))
    return m


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", nargs="?", default=str(ROOT / "content" / "fuzzy-mage-fight"))
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    program = load_program(Path(args.pack))
    print(f"{program.game.game.title}: {args.games} random games per player count")
    print(f"{'players':>7} {'games/CPU-s':>12} {'decisions/s':>12} {'decisions/game':>15} "
          f"{'baseline choices/s':>19} {'rules cost x':>13} {'simulate games/CPU-s':>21}")
    for players in (2, 4):
        seconds, decisions, sizes = games(program, players, args.games)
        base = baseline(sizes)
        sim = simulated(program, players, args.games)
        print(f"{players:>7} {args.games / seconds:>12.1f} {decisions / seconds:>12.0f} "
              f"{decisions / args.games:>15.0f} {decisions / base:>19.0f} {seconds / base:>13.0f} "
              f"{args.games / sim:>21.1f}")

    m = mid_game(program, 4)
    state = m.state
    size = len(canonical(state))
    ours = timed(lambda: copy_state(state), 2000)
    deep = timed(lambda: copy.deepcopy(state), 300)
    text = timed(lambda: json.loads(json.dumps(state)), 300)
    print(f"\nstate copy (4 players, mid-game, {size} bytes as JSON):")
    print(f"  copy_state (marshal)  {ours:8.1f} µs")
    print(f"  copy.deepcopy         {deep:8.1f} µs   ({deep / ours:.1f}x slower)")
    print(f"  JSON round trip       {text:8.1f} µs   ({text / ours:.1f}x slower)")
    print(f"  view for one seat     {timed(lambda: view(m, 0), 500):8.1f} µs")

    if not m.over:
        agent = make_agent("mcts:100", program)
        seat = m.decision["seat"]
        start = time.perf_counter()
        agent.choose(view(m, seat), m.decision, Rng(1))
        print(f"\nMCTS, 100 iterations, one decision: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
