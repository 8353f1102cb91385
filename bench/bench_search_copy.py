"""What search pays to copy states: a whole-state marshal copy per sample (before) against a
fork of a `Template` that shares the zones and per-instance arrays until written (now).

For each game, from a few mid-game positions of a random two-player game (the view of the seat
to move), it prints in one run, for both schemes: the copy alone per sample (a marshal thaw
against a fork), a whole sample (copy plus the deal of the unseen cards), and MCTS iterations
per CPU-second at the same budget, with the share of an iteration the copy took. The "before"
scheme is today's `Sampler` with its template swapped for marshal bytes, so the deal, the
samples and the search are the same; the bench checks that both pick the same options.

    python bench/bench_search_copy.py [--iterations N] [--positions N] [--repeat N]
"""

from __future__ import annotations

import argparse
import marshal
import sys
import time
from functools import partial
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.agents import mcts  # noqa: E402
from runtime.agents.mcts import MctsAgent  # noqa: E402
from runtime.loading import load_program  # noqa: E402
from runtime.machine import Machine  # noqa: E402
from runtime.rng import Rng  # noqa: E402
from runtime.state import Template  # noqa: E402
from runtime.views import Sampler, view  # noqa: E402

GAMES = [  # (pack, scenario): the board games are played one battle or fight at a time
    ("fuzzy-mage-fight", None),
    ("gascony-legacy", "the-convent-yard"),
    ("townsfolk-tussle", "umbrello-chump"),
]


class MarshalTemplate:
    """The scheme before: the whole state serialised once, thawed whole for every sample."""

    __slots__ = ("_data",)

    def __init__(self, state: dict):
        self._data = marshal.dumps(state)

    def fork(self) -> dict:
        return marshal.loads(self._data)


def marshal_sampler(program, seen: dict) -> Sampler:
    sampler = Sampler(program, seen)
    sampler._base = MarshalTemplate(sampler._base.fork())
    return sampler


def positions(program, count: int) -> list[tuple[dict, dict]]:
    """(view, decision) at `count` decisions spread over a random two-player game."""
    found = []
    seed = 5
    while len(found) < count:
        m = Machine.start(program, 2, seed)
        rng = Rng(seed)
        step = 0
        while not m.over and len(found) < count:
            if step % 9 == 8 and len(m.decision["options"]) > 1:
                found.append((view(m, m.decision["seat"]), m.decision))
            m.answer(rng.below(len(m.decision["options"])))
            step += 1
        seed += 1
    return found


def per_call(fn, count: int, repeat: int) -> float:
    """Microseconds of CPU per call of `fn`, the best of `repeat` runs of `count` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(count):
            fn()
        best = min(best, time.process_time() - start)
    return best / count * 1e6


def search(program, spots, iterations: int, make_sampler) -> tuple[float, list[int]]:
    """CPU seconds of one MCTS choice per position, and the options picked."""
    agent = MctsAgent(program, iterations=iterations)
    picks = []
    with mock.patch.object(mcts, "Sampler", make_sampler):
        start = time.process_time()
        for seen, decision in spots:
            picks.append(agent.choose(seen, decision, Rng(9)))
        return time.process_time() - start, picks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="MCTS iterations a choice")
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="runs each; the best is kept")
    args = parser.parse_args()
    print(f"MCTS at {args.iterations} iterations, {args.positions} positions, best of "
          f"{args.repeat}; before = whole marshal copy per sample, now = Template fork")
    for pack, scenario in GAMES:
        program = load_program(ROOT / "content" / pack, scenario)
        spots = positions(program, args.positions)
        seen = spots[len(spots) // 2][0]
        base = Sampler(program, seen)._base.fork()
        old_t, new_t = MarshalTemplate(base), Template(base)
        copy_old = per_call(old_t.fork, 2000, args.repeat)
        copy_new = per_call(new_t.fork, 2000, args.repeat)
        old_s, new_s = marshal_sampler(program, seen), Sampler(program, seen)
        sample_old = per_call(partial(old_s.sample, Rng(3)), 1000, args.repeat)
        sample_new = per_call(partial(new_s.sample, Rng(3)), 1000, args.repeat)
        old_cpu = new_cpu = float("inf")
        for _ in range(args.repeat):  # interleaved, so a busy spell hits both schemes alike
            seconds, old_picks = search(program, spots, args.iterations, marshal_sampler)
            old_cpu = min(old_cpu, seconds)
            seconds, new_picks = search(program, spots, args.iterations, Sampler)
            new_cpu = min(new_cpu, seconds)
        done = args.iterations * len(spots)
        old_it, new_it = old_cpu / done * 1e6, new_cpu / done * 1e6
        title = program.game.game.title + (f" ({scenario})" if scenario else "")
        print(f"{title}: state {len(marshal.dumps(base))} bytes marshalled, "
              f"{len(base['zones'])} zones, {len(base['ids'])} cards")
        print(f"  copy per sample     before {copy_old:7.1f} µs   now {copy_new:7.1f} µs  "
              f"({copy_old / copy_new:.1f}x)")
        print(f"  sample (copy+deal)  before {sample_old:7.1f} µs   now {sample_new:7.1f} µs")
        print(f"  MCTS iteration      before {old_it:7.1f} µs   now {new_it:7.1f} µs  "
              f"({done / old_cpu:.0f} -> {done / new_cpu:.0f} iterations/CPU-s, "
              f"{old_cpu / new_cpu:.2f}x)")
        print(f"  copy's share of an iteration: before {copy_old / old_it:.1%}, "
              f"now {copy_new / new_it:.1%}; same picks: {'yes' if old_picks == new_picks else 'NO'}")


if __name__ == "__main__":
    main()
