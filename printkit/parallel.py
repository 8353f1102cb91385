"""Run independent jobs in worker processes (the standard library's process pool), or in
this process when there are too few to pay for starting workers."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

SERIAL_BELOW = 12  # fewer light jobs than this run here: starting workers costs more


def run(
    function: Callable[..., Any],
    jobs: Sequence[tuple],
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = 4,
    serial_below: int = SERIAL_BELOW,
) -> list[Any]:
    """`function(*job)` for every job, results in job order; `progress(n)` after each n
    done. Heavy jobs (a page, a board) pay for workers sooner: pass a low `serial_below`."""
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(jobs) < serial_below:
        results = []
        for job in jobs:
            results.append(function(*job))
            if progress:
                progress(1)
        return results
    chunks = [list(range(i, min(i + chunk, len(jobs)))) for i in range(0, len(jobs), chunk)]
    results: list[Any] = [None] * len(jobs)
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
        futures = {pool.submit(_batch, function, [jobs[i] for i in idx]): idx for idx in chunks}
        for future in as_completed(futures):
            idx = futures[future]
            for i, value in zip(idx, future.result(), strict=True):
                results[i] = value
            if progress:
                progress(len(idx))
    return results


def _batch(function: Callable[..., Any], jobs: list[tuple]) -> list[Any]:
    return [function(*job) for job in jobs]
