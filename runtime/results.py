"""A simulation's results on disk: JSON lines, one run header then one line per game.

The header says what was run (pack, seed, games per cell, the cells of a sweep); each game
line is a `GameSummary`. Lines are appended and flushed as games finish, so a run that is
stopped keeps every game it finished: opening the same file for the same run again lists
those games, and the run plays only the rest. A last line cut short by the stop is dropped.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from runtime.audit import Finding
from runtime.errors import RuleError

FORMAT = "gamesmith.results/1"


@dataclass(frozen=True)
class GameSummary:
    """One game as the figures need it; `played`/`used` count per seat (card -> [n per seat])."""

    index: int
    winners: tuple[int, ...]
    turns: int
    rounds: int
    decisions: int
    capped: bool
    played: dict[str, list[int]]
    used: dict[str, list[int]]
    ending: str | None = None  # the story's ending reached (a story run), else None
    cell: int = 0  # which cell of a sweep
    slots: tuple[int, ...] = ()  # per seat, the lineup slot (agent) sitting there
    lead_changes: int = 0  # how often the leading seat changed, turn by turn
    mid_last: int | None = None  # the seat alone in last place at mid-game, if one was
    battles: dict[str, list[int]] = field(default_factory=dict)  # scenario -> [won, lost]
    story_hits: dict[str, int] = field(default_factory=dict)  # runtime.story_hits.hits_of
    seed: int = 0  # the game's own seed
    findings: tuple[Finding, ...] = ()  # what the audit found (an audited run)
    audited_steps: int = 0  # machine steps the audit checked

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> GameSummary:
        return cls(**{**data, "winners": tuple(data["winners"]), "slots": tuple(data["slots"]),
                      "findings": tuple(Finding(**f) for f in data.get("findings", ()))})


class ResultsFile:
    """Appends game lines to a results file, after checking its header is this run's."""

    def __init__(self, path: Path, header: dict):
        self.path = Path(path)
        self.done: list[GameSummary] = []
        if self.path.exists() and self.path.stat().st_size:
            old, games, good = _read(self.path)
            if old != header:
                raise RuleError(f"{self.path} holds the results of another run (another pack, "
                                "seed, number of games or sweep, or the pack changed since): "
                                "name another --results file or delete it")
            self.done = games
            with self.path.open("r+b") as fh:
                fh.truncate(good)  # drop a last line cut short
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(header, sort_keys=True) + "\n", encoding="utf-8")
        self._fh: IO[str] = self.path.open("a", encoding="utf-8")

    def append(self, summary: GameSummary) -> None:
        self._fh.write(json.dumps(summary.to_json(), separators=(",", ":")) + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()


def read_results(path: Path) -> tuple[dict, list[GameSummary]]:
    """The header and the finished games of a results file (a partial run reads too)."""
    try:
        header, games, _ = _read(Path(path))
    except OSError as err:
        raise RuleError(f"cannot read {path}: {err.strerror or err}") from None
    return header, games


def _read(path: Path) -> tuple[dict, list[GameSummary], int]:
    """Header, games and the byte length of the whole lines read."""
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    good = 0
    header: dict[str, Any] | None = None
    games: list[GameSummary] = []
    for number, line in enumerate(lines[:-1], 1):  # the part after the last newline is cut short
        try:
            data = json.loads(line)
            if header is None:
                if not isinstance(data, dict) or data.get("format") != FORMAT:
                    raise RuleError(f"{path}:1: not a gamesmith results file")
                header = data
            else:
                games.append(GameSummary.from_json(data))
        except (ValueError, TypeError, KeyError) as err:
            raise RuleError(f"{path}:{number}: unreadable results line ({err})") from None
        good += len(line) + 1
    if header is None:
        raise RuleError(f"{path}: not a gamesmith results file (no header line)")
    return header, games, good
