"""Playing one game with agents: logs, a save after every decision, and resuming.

`Session.new(...)` starts a game; `Session.resume(save)` continues one from its save file
(written atomically after every decision, with the sizes the logs had, so logs a crash left
longer are trimmed back to match; see `runtime.saves` for what a save may hold). `run()`
asks each seat's agent in turn, giving it only its own view, until the game ends or an agent
stops it. A resumed game's logs are byte for byte those of the game played without a break.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.files import write_atomic
from runtime.agents import Agent
from runtime.audit import Audit
from runtime.errors import RuleError
from runtime.guards import Budget
from runtime.log import FORMAT as LOG_FORMAT
from runtime.log import LogWriter, cut_logs, for_seat, seat_path
from runtime.machine import Machine, seated
from runtime.program import Program, for_scenario
from runtime.render import event_line
from runtime.rng import Rng, derive, derives
from runtime.saves import (
    SAVE_FORMAT,
    content_version,
    read_save,
    relative,
    remove_stale_temporaries,
    state_problem,
)
from runtime.state import state_hash
from runtime.story import for_story
from runtime.views import view


def agent_rng(seed: int, seat: int, step: int) -> Rng:
    """The generator an agent gets at a step: the same game replays the same choices."""
    return Rng(derive(seed, "agent", seat, step))


@dataclass
class Session:
    program: Program
    machine: Machine
    agents: list[Agent]
    seed: int
    seats: list[str]
    pack: str = ""
    step: int = 0
    save_path: Path | None = None
    writer: LogWriter | None = None
    on_step: Callable[[Session], None] | None = None
    news: dict[int, list[str]] | None = None  # for people at the table: lines since they last chose
    ended: bool = False  # the game is over and its logs hold their end event
    version: str = ""  # digest of the compiled content (see `runtime.saves`)

    @classmethod
    def new(cls, program: Program, players: int, seed: int, seats: list[str], agents: list[Agent],
            pack: str = "", log: Path | None = None, save: Path | None = None,
            variables: dict[str, Any] | None = None, audit: Audit | None = None,
            carried: dict[str, Any] | None = None) -> Session:
        events: list | None = [] if log is not None else None
        machine = Machine.start(program, players, seed, log=events, variables=variables,
                                audit=audit, carried=carried)
        players = machine.state["players"]  # a solo game seats its lone player more than once
        agents, seats = seated(agents, players), seated(seats, players)
        session = cls(program, machine, agents, seed, seats, pack, save_path=save,
                      version=content_version(program.game))
        if save is not None:
            remove_stale_temporaries(save)
        if log is not None:
            session.writer = LogWriter(log, players)
            where = relative(Path(pack), Path(log).parent) if pack else ""
            start = {"e": "start", "format": LOG_FORMAT, "game": program.game.id, "pack": where,
                     "players": players, "seed": seed, "seats": seats, "variables": variables or {}}
            if carried:  # a match's later game starts from what the last one carried
                start["carried"] = carried
            if program.scenario is not None:
                start["scenario"] = program.scenario
            if program.story is not None:
                start.update(story=program.story, battles=program.battles)
            session.writer.write([start, *events])
            events.clear()
        session.save()
        return session

    @classmethod
    def resume(
        cls,
        save: Path,
        load: Callable[[str], Program],
        agents: Callable[[list[str], Program], list[Agent]],
        pack: Path | None = None,
    ) -> Session:
        """Continue the game saved at `save`; `load(pack)` compiles the pack again (the one
        the save names, relative to it, unless `pack` is given)."""
        save = Path(save)
        data = read_save(save)
        if data.ended:
            raise RuleError(f"{save}: the game is over (step {data.step}); start a new one")
        pack_path = pack if pack is not None else save.parent / data.pack
        program = load(str(pack_path))
        if program.game.id != data.game:
            raise RuleError(f"{save}: a save of game '{data.game}', but {pack_path} holds "
                            f"'{program.game.id}' (another game)")
        if content_version(program.game) != data.version:
            raise RuleError(f"{save}: {pack_path} has changed since this game was saved; "
                            "a save only resumes with the content it was played with")
        try:
            program = for_story(for_scenario(program, data.scenario), data.story, data.battles)
        except RuleError as err:
            raise RuleError(f"{save}: {err}") from None
        events: list | None = [] if data.log else None
        if (problem := state_problem(program, data.state)) is not None:
            raise RuleError(f"{save}:1: the saved state does not fit the game: {problem}")
        try:
            machine = Machine(program, data.state, log=events)
            machine.budget = Budget(data.step)
            made = agents(data.seats, program)
        except (KeyError, IndexError, TypeError, ValueError) as err:
            raise RuleError(f"{save}:1: the saved state does not fit the game: {err!r}") from None
        for agent, saved in zip(made, data.agents, strict=False):
            if saved and hasattr(agent, "restore"):
                agent.restore(saved)
        remove_stale_temporaries(save)
        session = cls(program, machine, made, data.seed, data.seats, str(pack_path),
                      step=data.step, save_path=save, version=data.version)
        if data.log:
            log = save.parent / data.log
            _restore_logs(log, data.sizes or [], data.state["players"], data.seed, save)
            session.writer = LogWriter(log, data.state["players"], append=True)
        return session

    # -- playing ---------------------------------------------------------------------------------

    def run(self) -> dict:
        """Play until the game ends; returns the result (`winners`, `reason`)."""
        m = self.machine
        while not m.over:
            decision = m.decision
            seat = decision["seat"]
            before = state_hash(m.state) if self.writer else None
            agent = self.agents[seat]
            seen = view(m, seat) if agent.uses_view else None
            index = agent.choose(seen, decision, agent_rng(self.seed, seat, self.step))
            option = decision["options"][index]
            m.answer(index)
            if self.writer is not None:
                entry = {"e": "decision", "step": self.step, "seat": seat, "kind": decision["kind"],
                         "options": len(decision["options"]), "choice": index,
                         "label": option["label"], "hash": before}
                self.writer.write([entry, *m.log])
            self._tell(m.log)
            self.step += 1
            self.save()
            if self.on_step is not None:
                self.on_step(self)
        if self.writer is not None:
            self.writer.write([{"e": "end", "result": m.state["result"], "steps": self.step,
                                "hash": state_hash(m.state)}])
        self.ended = True
        self.save()
        if self.writer is not None:
            self.writer.close()
        return m.state["result"]

    def follow(self) -> Callable[[int], list[str]]:
        """Start keeping, per seat, what it saw happen; returns `news(seat)`, which hands
        over (and forgets) the lines gathered since that seat last asked."""
        self.news = {s: [] for s in range(self.machine.state["players"])}
        if self.machine.log is None:
            self.machine.log = []

        def news(seat: int) -> list[str]:
            lines, self.news[seat] = self.news[seat], []
            return lines

        return news

    def _tell(self, events: list | None) -> None:
        if events is None:
            return
        if self.news is not None:
            for event in events:
                for seat, lines in self.news.items():
                    seen = for_seat(event, seat)
                    line = seen and event_line(self.program, seen, seat)
                    if line:
                        lines.append(line)
        events.clear()

    def save(self) -> None:
        if self.save_path is None:
            return
        data = {
            "format": SAVE_FORMAT,
            "game": self.program.game.id,
            "version": self.version,
            "pack": relative(Path(self.pack), self.save_path.parent),
            "scenario": self.program.scenario,
            "story": self.program.story,
            "battles": self.program.battles,
            "seed": self.seed,
            "seats": self.seats,
            "step": self.step,
            "ended": self.ended,
            "agents": [a.snapshot() if hasattr(a, "snapshot") else None for a in self.agents],
            "log": self.writer.paths[0].name if self.writer else None,
            "sizes": self.writer.sizes() if self.writer else None,
            "state": self.machine.state,
            "hash": state_hash(self.machine.state),
        }
        write_atomic(self.save_path, json.dumps(data, separators=(",", ":")))


def _restore_logs(log: Path, sizes: list[int], players: int, seed: int, save: Path) -> None:
    """Cut the logs back to the sizes the save recorded (a crash may have left more); refuse
    logs that are not this game's or are shorter than recorded (changed since the save)."""
    paths = [log, *(seat_path(log, s) for s in range(players))]
    if len(sizes) != len(paths):
        raise RuleError(f"{save}:1: the save records {len(sizes)} log sizes for "
                        f"{len(paths)} logs")
    for path, size in zip(paths, sizes, strict=True):
        if not path.is_file() or path.is_symlink():
            raise RuleError(f"{path}: the game's log is missing (or not a regular file)")
        if path.stat().st_size < size:
            raise RuleError(f"{path}: the log is shorter than its save records "
                            f"({path.stat().st_size} < {size} bytes): it was cut or changed")
    try:
        with log.open(encoding="utf-8") as fh:
            head = json.loads(fh.readline())
    except (OSError, ValueError):
        head = None
    if not isinstance(head, dict) or head.get("e") != "start" or head.get("seed") != seed:
        raise RuleError(f"{log}:1: not the log of the game saved in {save.name}")
    cut_logs(paths, sizes)


def play_game(program: Program, players: int, seed: int, agents: list[Agent],
              stats: Counter | None = None, variables: dict[str, Any] | None = None,
              watch: Callable[[Machine], None] | None = None, audit: Audit | None = None,
              until: int | None = None, carried: dict[str, Any] | None = None,
              on_turn: Callable[[Machine], None] | None = None) -> tuple[Machine, int]:
    """A whole game with no logs or saves (simulation), or its first `until` decisions;
    returns the machine and decisions made. `watch(machine)` is called at the start and
    after every decision; `on_turn(machine)` at the start and after every decision that
    moved the turn count (`state["turns"]`), while the game is not over (the loop compares
    the count itself: no call for a decision within a turn)."""
    m = Machine.start(program, players, seed, stats=stats, variables=variables, audit=audit,
                      carried=carried)
    agents = seated(agents, m.state["players"])
    steps = 0
    if watch:
        watch(m)
    st = m.state  # (`m.over` and `m.decision` read it)
    turn = st["turns"]
    if on_turn is not None and st["result"] is None:
        on_turn(m)
    seeds = [derives(seed, "agent", s) for s in range(st["players"])]  # `agent_rng`'s seeds
    # an agent that only draws (the random one) answers from the same generator, no call made
    drawn = [agents[s].drawer(seed, "agent", s) if hasattr(agents[s], "drawer") else None
             for s in range(st["players"])]
    answer = m.answer
    while st["result"] is None and steps != until:
        decision = st["decision"]
        seat = decision["seat"]
        draw = drawn[seat]
        if draw is not None:
            answer(draw(steps, len(decision["options"])))
        else:
            agent = agents[seat]
            seen = view(m, seat) if agent.uses_view else None
            answer(agent.choose(seen, decision, Rng(seeds[seat](steps))))
        steps += 1
        if watch:
            watch(m)
        if on_turn is not None and st["turns"] != turn:
            turn = st["turns"]
            if st["result"] is None:
                on_turn(m)
    return m, steps
