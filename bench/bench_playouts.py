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

CPU time on a shared machine wanders; `--instructions` also counts the instructions each side
executes per game under valgrind (callgrind: a child process plays the games after loading
and three games to warm up, less the same child playing none), a figure the machine's load
does not change. It leaves out what instructions do not show (cache misses, branches
mispredicted), so its ratio is lower than the CPU time's.

    python bench/bench_playouts.py [--games N] [--rounds R] [--players 2 4] [--instructions]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fmf_reference import game_seed, play  # noqa: E402
from timing import instructions  # noqa: E402

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


def instructions_per_game(side: str, players: int, count: int) -> float:
    """Instructions one game takes on `side` ("runtime" or "reference"), counted by callgrind
    over `count` games in a child process, less the same child playing none."""
    def child(n: int) -> int:
        argv = [sys.executable, __file__, "--play", side, "--players", str(players), "--games", str(n)]
        return instructions(argv, {**os.environ, "PYTHONHASHSEED": "0"})

    return (child(count) - child(0)) / count


def play_only(side: str, players: int, count: int) -> None:
    """The child of `instructions_per_game`: load, warm up with three games, play `count`."""
    program = load_program(ROOT / "content" / "fuzzy-mage-fight")
    runtime_games(program, players, 3)
    reference_games(players, 3)
    if count:
        runtime_games(program, players, count) if side == "runtime" else reference_games(players, count)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions per game (valgrind; --games 40 is plenty)")
    parser.add_argument("--play", choices=["runtime", "reference"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play_only(args.play, args.players[0], args.games)
        return 0
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
        if args.instructions:
            ours_ir, ref_ir = (instructions_per_game(side, players, args.games)
                               for side in ("runtime", "reference"))
            print(f"{'':>7} instructions per game: gamesmith {ours_ir / 1e6:.1f} M, hand-written "
                  f"{ref_ir / 1e6:.1f} M, 1/{ours_ir / ref_ir:.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
