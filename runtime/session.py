"""Playing one game with agents: logs, a save after every decision, and resuming.

`Session.new(...)` starts a game; `Session.resume(save)` continues one from its save file
(written atomically after every decision, with the sizes the logs had, so logs cut short
by a crash are trimmed back to match). `run()` asks each seat's agent in turn, giving it
only its own view, until the game ends or an agent stops it.
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
from runtime.log import LogWriter, for_seat
from runtime.machine import Machine
from runtime.program import Program, for_scenario
from runtime.render import event_line
from runtime.rng import Rng, derive
from runtime.state import state_hash
from runtime.story import for_story
from runtime.views import view

SAVE_FORMAT = "gamesmith.save/1"


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

    @classmethod
    def new(cls, program: Program, players: int, seed: int, seats: list[str], agents: list[Agent],
            pack: str = "", log: Path | None = None, save: Path | None = None,
            variables: dict[str, Any] | None = None, audit: Audit | None = None) -> Session:
        events: list | None = [] if log is not None else None
        machine = Machine.start(program, players, seed, log=events, variables=variables,
                                audit=audit)
        session = cls(program, machine, agents, seed, seats, pack, save_path=save)
        if log is not None:
            session.writer = LogWriter(log, players)
            start = {"e": "start", "format": LOG_FORMAT, "game": program.game.id, "pack": pack,
                     "players": players, "seed": seed, "seats": seats, "variables": variables or {}}
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
    ) -> Session:
        """Continue the game saved at `save`; `load(pack)` compiles the pack again."""
        try:
            data = json.loads(Path(save).read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise RuleError(f"cannot read save file {save}: {err}") from None
        if data.get("format") != SAVE_FORMAT:
            raise RuleError(f"{save} is not a gamesmith save file")
        program = for_story(for_scenario(load(data["pack"]), data.get("scenario")),
                            data.get("story"), data.get("battles"))
        logs = data.get("logs")
        events: list | None = [] if logs else None
        machine = Machine(program, data["state"], log=events)
        machine.budget = Budget(data["step"])
        made = agents(data["seats"], program)
        for agent, saved in zip(made, data.get("agents", []), strict=False):
            if saved and hasattr(agent, "restore"):
                agent.restore(saved)
        session = cls(program, machine, made, data["seed"], data["seats"], data["pack"],
                      step=data["step"], save_path=Path(save))
        if logs:
            LogWriter.truncate(logs)
            session.writer = LogWriter(
                Path(next(iter(logs))), data["state"]["players"], append=True
            )
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
            self.save()
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
            "pack": self.pack,
            "scenario": self.program.scenario,
            "story": self.program.story,
            "battles": self.program.battles,
            "seed": self.seed,
            "seats": self.seats,
            "step": self.step,
            "agents": [a.snapshot() if hasattr(a, "snapshot") else None for a in self.agents],
            "logs": self.writer.sizes() if self.writer else None,
            "state": self.machine.state,
        }
        write_atomic(self.save_path, json.dumps(data, separators=(",", ":")))


def play_game(program: Program, players: int, seed: int, agents: list[Agent],
              stats: Counter | None = None, audit: Audit | None = None,
              until: int | None = None) -> tuple[Machine, int]:
    """A whole game with no logs or saves (simulation), or its first `until` decisions;
    returns the machine and decisions made."""
    m = Machine.start(program, players, seed, stats=stats, audit=audit)
    steps = 0
    while not m.over and steps != until:
        decision = m.decision
        seat = decision["seat"]
        agent = agents[seat]
        seen = view(m, seat) if agent.uses_view else None
        m.answer(agent.choose(seen, decision, agent_rng(seed, seat, steps)))
        steps += 1
    return m, steps
