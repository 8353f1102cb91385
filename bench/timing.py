"""Clocks shared by the benchmarks (each script runs with bench/ on its import path)."""

from __future__ import annotations

import resource
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
