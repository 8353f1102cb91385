"""Clocks shared by the benchmarks (each script runs with bench/ on its import path)."""

from __future__ import annotations

import re
import resource
import subprocess
import time
from collections.abc import Callable


def best_of(repeat: int, fn: Callable[[], object], clock: Callable[[], float] = time.perf_counter
            ) -> float:
    """The shortest of `repeat` runs of `fn`, by `clock` (wall time; `time.process_time` for
    this process's CPU)."""
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


def cpu() -> float:
    """CPU seconds used so far by this process and its finished child processes."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def instructions(argv: list[str], env: dict[str, str] | None = None) -> int:
    """Instructions one run of `argv` executes, counted by valgrind's callgrind: a figure the
    machine's load does not change (the run is about 30 times slower)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                          check=False)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if refs is None:
        raise SystemExit(f"valgrind counted nothing: {done.stderr.strip()[-300:]}")
    return int(refs.group(1).replace(",", ""))
