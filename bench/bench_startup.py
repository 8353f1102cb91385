"""Start-up benchmark: CPU seconds of `gamesmith --help` and of `gamesmith check` on a small
pack and on a seed game, next to `python -c pass` (the interpreter alone) from the same run.

Each command runs in a fresh process; the figure is the median of the child's user+system CPU
time over `--repeat` runs. The project's bytecode is compiled first, as an installed copy has
it: with PYTHONDONTWRITEBYTECODE set and no `__pycache__`, every run would also recompile
every module from source (about 0.1 s of a cold check). `check` runs cold (an empty check cache for every run) and warm
(the pack unchanged since the last check). Goals (issue 11): --help under 0.3 s, check of a small pack under
0.5 s.

CPU time on a shared machine wanders by a third from run to run; `--instructions` also counts
each command's instructions under valgrind (callgrind, one run each, about 30 times slower),
a figure the machine's load does not change.

    python bench/bench_startup.py [--repeat N] [--instructions]
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import instructions

ROOT = Path(__file__).resolve().parent.parent

SMALL_GAME = """kind: game
id: lantern-road
title: The Lantern Road
players: {min: 1, max: 4}
variables:
  coins: {initial: 2}
"""
SMALL_STORY = """kind: story
id: night-walk
title: A Walk at Night
start: "1"
cards:
  "1":
    text: The lantern gutters at the crossroads.
    choices:
      - {text: Take the toll bridge, if: coins >= 1, goto: "2"}
      - {text: Wade the ford, goto: "3"}
  "2":
    do: [{lose: {variable: coins, amount: 1}}]
    goto: "3"
  "3":
    ending: victory
"""


def cpu_of(argv: list[str], cache: Path, cold: bool) -> float:
    """User+system CPU seconds of one run of `argv` in a child process."""
    if cold:
        shutil.rmtree(cache, ignore_errors=True)
    env = {**os.environ, "GAMESMITH_CACHE": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(argv: list[str], cache: Path, cold: bool) -> int:
    """Instructions one run of `argv` executes (`timing.instructions`)."""
    if cold:
        shutil.rmtree(cache, ignore_errors=True)
    return instructions(argv, {**os.environ, "GAMESMITH_CACHE": str(cache)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    args = parser.parse_args()
    for package in ("compiler", "runtime", "printkit", "gamesmith"):
        compileall.compile_dir(ROOT / package, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        small = Path(tmp) / "lantern-road"
        small.mkdir()
        (small / "game.yaml").write_text(SMALL_GAME)
        (small / "story.yaml").write_text(SMALL_STORY)
        gamesmith = [sys.executable, "-m", "gamesmith"]
        seed = str(ROOT / "content" / "fuzzy-mage-fight")
        runs = {
            "python -c pass (baseline)": ([sys.executable, "-c", "pass"], False),
            "gamesmith --help": ([*gamesmith, "--help"], False),
            "gamesmith check small pack, cold": ([*gamesmith, "check", str(small)], True),
            "gamesmith check small pack, warm": ([*gamesmith, "check", str(small)], False),
            "gamesmith check fuzzy-mage-fight, cold": ([*gamesmith, "check", seed], True),
            "gamesmith check fuzzy-mage-fight, warm": ([*gamesmith, "check", seed], False),
        }
        cache = Path(tmp) / "cache"
        print(f"median CPU seconds of {args.repeat} fresh processes")
        base = base_count = None
        for name, (argv, cold) in runs.items():
            seconds = statistics.median(cpu_of(argv, cache, cold) for _ in range(args.repeat))
            base = base or seconds
            line = f"  {name:40} {seconds:6.3f} s   ({seconds / base:5.1f}x the bare interpreter)"
            if args.instructions:
                count = instructions_of(argv, cache, cold)
                base_count = base_count or count
                line += f"   {count / 1e6:7.0f} M instructions ({count / base_count:5.1f}x)"
            print(line)


if __name__ == "__main__":
    main()
