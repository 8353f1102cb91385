"""The Dask executor plays the same games as the process pool (a local cluster of two)."""

from __future__ import annotations

from runtime.figures import run_figures
from runtime.simulate import Cell, Run, run_games
from tests.runtime.conftest import FIXTURES


def test_a_local_dask_cluster_gives_the_process_pool_results(skirmish, tmp_path):
    cells = (Cell(3, ("heuristic", "random", "random")), Cell(3, ("random",) * 3, {"pot": 1}))
    run = Run(str(FIXTURES / "skirmish"), cells, 4, 11)
    pool = run_games(run, skirmish, workers=2, executor="processes")
    streamed = tmp_path / "dask.jsonl"
    dask = run_games(run, skirmish, workers=2, executor="dask", results=streamed)
    assert dask == pool and len(dask[1]) == 8
    assert run_figures(*dask) == run_figures(*pool)
    assert len(streamed.read_text().splitlines()) == 1 + 8
