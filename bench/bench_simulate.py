"""Simulation benchmark: games per second for one worker (the baseline, in this process),
a pool of two worker processes, and a Dask LocalCluster of two workers, in one run, on the
same games; the three must give identical results.

Wall time counts everything a user waits for: starting the pool or cluster, each worker
compiling the pack, playing, and shutting down. Run it on an idle machine: with two
cores, two workers should be about twice as fast as one. CPU seconds per game (this
process and its finished children) show the executor's own cost even on a busy machine,
where wall-clock speed-ups say little.

    python bench/bench_simulate.py [PACK] [--players N] [--games N] [--seat SPEC ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.loading import load_program  # noqa: E402
from runtime.simulate import Cell, Run, run_games  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack", nargs="?", default=str(ROOT / "content" / "fuzzy-mage-fight"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seat", action="append", default=[])
    args = parser.parse_args()
    program = load_program(Path(args.pack))
    seats = tuple(args.seat + ["random"] * (args.players - len(args.seat)))
    run = Run(args.pack, (Cell(args.players, seats),), args.games, 1)
    print(f"{program.game.id}: {args.games} games, {args.players} players "
          f"({' + '.join(seats)}), {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    base = None
    first = None
    for label, workers, executor in (("1 worker (baseline)", 1, "serial"),
                                     ("2 worker processes", 2, "processes"),
                                     ("Dask LocalCluster of 2", 2, "dask")):
        start, cpu = time.perf_counter(), _cpu()
        header, games = run_games(run, program, workers, executor)
        seconds = time.perf_counter() - start
        per_game = (_cpu() - cpu) / len(games)
        rate = len(games) / seconds
        base = base or rate
        same = "" if first is None else ("identical results" if games == first
                                         else "RESULTS DIFFER")
        first = first or games
        print(f"  {label:<24} {rate:8.1f} games/s  {seconds:6.2f} s  x{rate / base:4.2f}  "
              f"{per_game * 1000:6.1f} CPU ms/game  {same}")


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


if __name__ == "__main__":  # worker processes import this module: start nothing then
    main()
