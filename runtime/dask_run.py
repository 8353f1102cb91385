"""Games on a Dask distributed cluster (the optional extra `gamesmith[dask]`).

The pack's files travel to every worker once (scattered, broadcast), so workers need no
shared disk; each worker process unpacks and compiles them once and keeps the program,
keyed by the files' digest. Chunks of games are tasks; results come back as they finish.
Without a scheduler address a LocalCluster of `workers` processes runs on this machine.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from runtime.errors import RuleError
from runtime.loading import digest, pack_files
from runtime.results import GameSummary

if TYPE_CHECKING:
    from runtime.simulate import Run

# Per worker process: pack digest -> program.
_PROGRAMS: dict = {}


def _program(key: str, files: dict[str, bytes], run: Run):
    if key not in _PROGRAMS:
        from runtime.loading import load_program

        root = Path(tempfile.mkdtemp(prefix="gamesmith-pack-"))
        for name, data in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        _PROGRAMS[key] = load_program(root, run.scenario, run.story, run.battles)
    return _PROGRAMS[key]


def _chunk(chunk: list[tuple[int, int]], run: Run, key: str, files: dict[str, bytes],
           play_one: Callable[..., GameSummary]) -> list[GameSummary]:
    program = _program(key, files, run)
    return [play_one(program, run, c, i) for c, i in chunk]


def dask_games(run: Run, chunks: list[list[tuple[int, int]]], workers: int,
               scheduler: str | None, play_one: Callable[..., GameSummary]
               ) -> Iterator[list[GameSummary]]:
    """The chunks' games, played by `play_one` (`runtime.simulate.play_one`, passed in: the
    simulation imports this module, not the other way round), a chunk's list as it finishes."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise RuleError("the dask executor needs Dask: pip install 'gamesmith[dask]'") from None
    if not chunks:
        return
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="20s")
        else:
            cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                                   processes=True, dashboard_address=None,
                                   host="127.0.0.1")
            client = Client(cluster)
    except OSError as err:
        if cluster is not None:
            cluster.close()
        raise RuleError(f"cannot reach the Dask scheduler {scheduler}: {err}") from None
    try:
        files = pack_files(Path(run.pack))
        [shared] = client.scatter([files], broadcast=True, hash=False)
        key = digest(files)
        futures = [client.submit(_chunk, chunk, run, key, shared, play_one, pure=False) for chunk in chunks]
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
