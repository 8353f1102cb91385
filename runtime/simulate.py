"""Many games between bots, summarised: one run, or a sweep of cells, on any executor.

A run is a list of cells (a sweep's grid: players, a lineup of agents, variable values),
each played for the same number of games. Game `i` of every cell is seeded with
`derive(seed, "game", i)`, so cells compare on the same deals and dice, and every game is
the same whichever process or machine plays it: the same run gives the same results for
any executor and number of workers. With `rotate`, game `i` seats the lineup shifted by
`i` places, so each agent sits in each seat equally often.

Executors: `serial` (this process), `processes` (a process pool, the default) and `dask`
(a Dask cluster, `runtime.dask_run`). Each worker compiles the pack once. Finished games
stream to a results file (`runtime.results`) when one is named; a run resumes from it. With
`audit`, every game is audited (`runtime.audit`) and the figures list what was found.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from runtime.agents import make_agent
from runtime.agents.evaluation import raw, weights, worth
from runtime.audit import Audit
from runtime.errors import RuleError
from runtime.figures import audit_figures, cell_figures
from runtime.frames import NO_CTX
from runtime.loading import digest, pack_files
from runtime.machine import Machine
from runtime.program import Program
from runtime.results import FORMAT, GameSummary, ResultsFile
from runtime.rng import derive
from runtime.selectors import plays_as_party
from runtime.session import play_game
from runtime.story_hits import hits_of, story_layout
from runtime.written import certain_number, expression, write

EXECUTORS = ("processes", "serial", "dask")


@dataclass(frozen=True)
class Cell:
    """One point of a sweep: the player count, the lineup (an agent spec per slot), the
    values variables start with, and the swept values that name the cell."""

    players: int
    seats: tuple[str, ...]
    variables: dict[str, Any] = field(default_factory=dict)
    label: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Run:
    """What to play: the pack, the cells, games per cell, the master seed."""

    pack: str
    cells: tuple[Cell, ...]
    games: int
    seed: int
    rotate: bool = True
    scenario: str | None = None
    story: str | None = None
    battles: str = "play"
    sweep: tuple[str, ...] = ()  # the names varied, in --vary order
    ladder: tuple[str, ...] | None = None  # agents weakest first, for a skill ladder
    audit: bool = False  # check invariants and guards in every game

    def header(self, program: Program) -> dict:
        """The results file's first line: everything that decides the games played."""
        return {
            "format": FORMAT, "game": program.game.id, "title": program.game.game.title,
            "pack": self.pack,
            "pack_digest": digest(pack_files(Path(self.pack))),
            "scenario": self.scenario, "story": self.story, "battles": self.battles,
            "story_layout": story_layout(program) if self.story else [],
            "seed": self.seed, "games": self.games, "rotate": self.rotate, "audit": self.audit,
            "cooperative": plays_as_party(program), "content": sorted(program.cards),
            "sweep": list(self.sweep), "ladder": list(self.ladder) if self.ladder else None,
            "cells": [{**asdict(c), "seats": list(c.seats)} for c in self.cells],
        }

    def tasks(self) -> list[tuple[int, int]]:
        return [(c, i) for c in range(len(self.cells)) for i in range(self.games)]


def play_one(program: Program, run: Run, cell_index: int, index: int) -> GameSummary:
    """Game `index` of a cell, with the lineup rotated by `index` places when rotating."""
    cell = run.cells[cell_index]
    players = cell.players
    shift = index % players if run.rotate else 0
    slots = tuple((s + shift) % players for s in range(players))
    agents = [make_agent(cell.seats[k], program) for k in slots]
    stats: Counter = Counter()
    party = plays_as_party(program)
    leads = None if party else _Leads(program)
    game_seed = derive(run.seed, "game", index)
    checker = Audit() if run.audit else None
    m, decisions = play_game(program, players, game_seed, agents, stats,
                             variables=cell.variables or None, audit=checker, on_turn=leads)
    result = m.state["result"]

    def per_seat(what: str) -> dict[str, list[int]]:
        table: dict[str, list[int]] = {}
        for (kind, card, seat), n in stats.items():
            if kind == what and seat is not None:
                table.setdefault(card, [0] * players)[seat % players] += n
        return table

    battles: dict[str, list[int]] = {}
    for (kind, scenario, _), n in stats.items():
        if kind in ("battle-won", "battle-lost"):
            battles.setdefault(scenario, [0, 0])[kind == "battle-lost"] += n
    return GameSummary(
        # a solo game's seats are all its lone player's (seat 1)
        index=index, winners=tuple(sorted({w % players for w in result["winners"]})),
        turns=m.state["turns"],
        rounds=m.state["round"], decisions=decisions, capped=bool(result.get("capped")),
        played=per_seat("played"), used=per_seat("used"),
        ending=(m.state.get("story") or {}).get("ending"), cell=cell_index, slots=slots,
        lead_changes=leads.changes if leads else 0, mid_last=leads.mid_last() if leads else None,
        battles=battles, story_hits=hits_of(stats), seed=game_seed,
        findings=tuple(checker.findings) if checker else (),
        audited_steps=checker.steps if checker else 0,
    )


class _Leads:
    """Watches a game turn by turn: who leads by the rules' evaluation, and who is last.
    Called at the start and whenever the turn count moved (`play_game`'s `on_turn`)."""

    def __init__(self, program: Program):
        self.table = weights(program)
        self.values = program.cache.get("simulate:values")  # written once per program
        if self.values is None:
            self.values = program.cache["simulate:values"] = _write_values(program, self.table)
        self.leader: int | None = None
        self.changes = 0
        self.lasts: list[int | None] = []

    def __call__(self, m: Machine) -> None:
        values = self.values(m)
        top, bottom = max(values), min(values)
        leader = values.index(top) if values.count(top) == 1 else None
        if leader is not None and self.leader is not None and leader != self.leader:
            self.changes += 1
        self.leader = leader if leader is not None else self.leader
        self.lasts.append(values.index(bottom) if values.count(bottom) == 1 else None)

    def mid_last(self) -> int | None:
        return self.lasts[len(self.lasts) // 2] if self.lasts else None


def _write_values(program: Program, table: dict[str, float]):
    """Every seat's `raw(m, seat, table)`, as one function `(m) -> list` written out with
    each weighted name read in place, summed in one expression from 0 in the table's order
    as `sum` adds them (a seat whose reading fails is read again by `raw`, which raises it
    located)."""
    names: dict = {"_raw": raw, "_table": table,
                   "_NO_CTX": NO_CTX}
    terms = ["0  # as `sum` starts"]
    for n, (name, w) in enumerate(table.items()):
        written = expression(program, name, seated=True, bound=True, parts=True)
        if written is None:
            names[f"_name_{n}"] = name
            text = f"_value(m, _name_{n}, seat)"
            names["_value"] = Machine.value
        else:
            text, needs = written
            names.update(needs)
        names[f"_w_{n}"] = w
        # (a number times a weight as `raw` takes it: anything else fails there, located;
        # a weight by steps is read as `raw` reads it)
        if type(w) is list:
            names["_worth"] = worth
            terms.append(f"+ _worth(_w_{n}, float({text} or 0))  # {name}")
        elif certain_number(text):
            terms.append(f"+ _w_{n} * {text}  # {name}")
        else:
            terms.append(f"+ _w_{n} * ({text} or 0)  # {name}")
    body = ["st = m.state",
            "zones, ids, down = st['zones'], st['ids'], st['down']",
            "values = [0.0] * st['players']",
            "for seat, sv in enumerate(st['sv']):",
            "    try:",
            "        values[seat] = (",
            *("            " + term for term in terms),
            "        )",
            "    except Exception:  # located by `raw`, which reads them again",
            "        values[seat] = _raw(m, seat, _table)",
            "return values"]
    return write("seat_values", "m, ctx=_NO_CTX, card=None", body, names)


# -- executors ---------------------------------------------------------------------------------

# Each worker process compiles the pack once and keeps it here.
_WORKER: dict = {}


def _init_worker(run: Run) -> None:
    from runtime.loading import load_program

    _WORKER.update(program=load_program(Path(run.pack), run.scenario, run.story, run.battles),
                   run=run)


def _work(chunk: list[tuple[int, int]]) -> list[GameSummary]:
    return [play_one(_WORKER["program"], _WORKER["run"], c, i) for c, i in chunk]


def chunks(tasks: list[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    """Tasks in chunks: about eight per worker (so the last ones finish together), each
    small enough that results stream and a stop loses little."""
    size = max(1, min(16, len(tasks) // (workers * 8)))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


def _process_pool(run: Run, tasks: list[tuple[int, int]], workers: int
                  ) -> Iterator[list[GameSummary]]:
    with ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(run,)) as pool:
        pending = {pool.submit(_work, chunk) for chunk in chunks(tasks, workers)}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def run_games(run: Run, program: Program, workers: int = 1, executor: str = "processes",
              scheduler: str | None = None, results: Path | None = None,
              progress: Callable[[int, int], None] | None = None) -> tuple[dict, list[GameSummary]]:
    """Play every game of `run` not already in `results`; returns the header and all games.
    `progress(done, total)` is called as games finish."""
    _check(run, program)
    header = run.header(program)
    sink = ResultsFile(results, header) if results is not None else None
    games = list(sink.done) if sink else []
    have = {(g.cell, g.index) for g in games}
    tasks = [t for t in run.tasks() if t not in have]
    total = len(run.tasks())
    try:
        if progress:
            progress(len(games), total)
        for batch in _execute(run, program, tasks, workers, executor, scheduler):
            for summary in batch:
                games.append(summary)
                if sink:
                    sink.append(summary)
            if progress:
                progress(len(games), total)
    finally:
        if sink:
            sink.close()
    games.sort(key=lambda g: (g.cell, g.index))
    return header, games


def _execute(run: Run, program: Program, tasks: list[tuple[int, int]], workers: int,
             executor: str, scheduler: str | None) -> Iterator[list[GameSummary]]:
    if executor == "dask":
        from runtime.dask_run import dask_games

        yield from dask_games(run, chunks(tasks, max(1, workers)), workers, scheduler, play_one)
    elif executor == "serial" or workers <= 1 or len(tasks) <= 1:
        for c, i in tasks:
            yield [play_one(program, run, c, i)]
    elif executor == "processes":
        yield from _process_pool(run, tasks, workers)
    else:
        raise RuleError(f"no executor '{executor}' (executors: {', '.join(EXECUTORS)})")


def _check(run: Run, program: Program) -> None:
    for cell in run.cells:
        if len(cell.seats) != cell.players:
            raise RuleError(f"{cell.players} players need {cell.players} seats, "
                            f"not {len(cell.seats)}")
        for spec in cell.seats:
            if spec.startswith("human"):
                raise RuleError("simulations are for bots: a human seat cannot be simulated")
            make_agent(spec, program)  # fail early on a bad spec
        for name in cell.variables:
            if name not in program.variables:
                raise RuleError(f"no variable or parameter '{name}' to vary "
                                f"(known: {', '.join(sorted(program.variables)) or 'none'})")


@dataclass
class SimulationReport:
    """One cell's games and its figures (`to_json`)."""

    header: dict
    games: list[GameSummary]

    def to_json(self) -> dict:
        return cell_figures(self.header, 0, self.games)

    def audit_json(self) -> dict:
        return audit_figures(self.games)


def simulate(pack: Path, program: Program, players: int, games: int, seed: int, seats: list[str],
             workers: int = 1, progress: Callable[[int, int], None] | None = None,
             rotate: bool = True, audit: bool = False) -> SimulationReport:
    """Play `games` games of one lineup (a run of a single cell), each audited with `audit`."""
    run = Run(str(pack), (Cell(players, tuple(seats)),), games, seed, rotate,
              program.scenario, program.story, program.battles, audit=audit)
    header, played = run_games(run, program, workers, progress=progress)
    return SimulationReport(header, played)


def default_workers() -> int:
    return os.cpu_count() or 1
