"""Playout speed against a hand-written simulator: Fuzzy Mage Fight, random seats.

`bench/fmf_reference.py` plays the game's rules in plain Python from the same random streams
as `gamesmith simulate`. For each player count this first checks that both give the same
games, game for game (winners, turns, rounds, decisions, capped), then times both in
interleaved rounds (the runtime's games, then the reference's, `--rounds` times) so that a
change in the machine's speed during the run falls on both alike. It prints games per
CPU-second for each (the best round of each, and every round), and the runtime's share of the
hand-written speed, from the best rounds and as the median of the rounds' own ratios (the
goal: 1/3 or more). Games are played as `simulate` plays them (`runtime.simulate.play_one`,
one cell of random seats, seeded like game `i` of a run with seed 1), in this process; the
checking pass before the rounds also writes the program's generated code, a one-off cost of
loading that the rounds do not count.

    python bench/bench_playouts.py [--games N] [--rounds R] [--players 2 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fmf_reference import game_seed, play  # noqa: E402

from runtime.loading import load_program  # noqa: E402
from runtime.simulate import Cell, Run, play_one  # noqa: E402

SEED = 1


def runtime_games(program, players: int, count: int) -> tuple[float, list[tuple]]:
    """CPU seconds for `count` games through `simulate`'s own game loop, and each game."""
    run = Run("", (Cell(players, ("random",) * players),), count, SEED, rotate=False)
    start = time.process_time()
    games = [play_one(program, run, 0, i) for i in range(count)]
    spent = time.process_time() - start
    return spent, [(g.winners, g.turns, g.rounds, g.decisions, g.capped) for g in games]


def reference_games(players: int, count: int) -> tuple[float, list[tuple]]:
    start = time.process_time()
    games = [play(players, game_seed(SEED, i)) for i in range(count)]
    spent = time.process_time() - start
    return spent, [(g.winners, g.turns, g.rounds, g.decisions, g.capped) for g in games]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    program = load_program(ROOT / "content" / "fuzzy-mage-fight")
    print(f"Fuzzy Mage Fight, random seats: {args.games} games per player count, "
          f"{args.rounds} interleaved rounds (games per CPU-second)")
    print(f"{'players':>7} {'same games':>10} {'gamesmith':>10} {'hand-written':>13} "
          f"{'share (best)':>13} {'share (median)':>15}  rounds: gamesmith / hand-written")
    failed = False
    for players in args.players:
        _, ours = runtime_games(program, players, args.games)
        _, ref = reference_games(players, args.games)
        differ = [i for i, (a, b) in enumerate(zip(ours, ref, strict=True)) if a != b]
        if differ:
            failed = True
            i = differ[0]
            print(f"{players:>7} {'NO':>10}  {len(differ)} games differ; game {i}: "
                  f"runtime {ours[i]}, hand-written {ref[i]}")
            continue
        rounds = [(runtime_games(program, players, args.games)[0],
                   reference_games(players, args.games)[0]) for _ in range(args.rounds)]
        ours_rate = args.games / min(o for o, _ in rounds)
        ref_rate = args.games / min(r for _, r in rounds)
        median = statistics.median(o / r for o, r in rounds)
        each = ", ".join(f"{args.games / o:.0f}/{args.games / r:.0f}" for o, r in rounds)
        print(f"{players:>7} {'yes':>10} {ours_rate:>10.1f} {ref_rate:>13.1f} "
              f"{f'1/{ref_rate / ours_rate:.2f}':>13} {f'1/{median:.2f}':>15}  {each}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
