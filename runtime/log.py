"""Event logs as JSON lines: the full record of a game, and each seat's own record.

The full log starts with the game's seed and seats and holds every decision (with the
state hash before it), every chance outcome and every move: a game is its seed plus its
decisions, and `replay` checks it step by step. A seat's log holds what that seat saw: no
seed, nothing of another seat's choice but that it chose, and no identity of a card it
could not see.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

FORMAT = "gamesmith.log/1"
_SECRET = ("card", "id", "name", "label")


def dumps(event: dict) -> str:
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def for_seat(event: dict, seat: int) -> dict | None:
    """The event as `seat` saw it (None: it saw nothing of it)."""
    kind = event["e"]
    if kind == "start":
        return {k: v for k, v in event.items() if k not in ("seed", "seats")} | {"seat": seat}
    if kind == "decision" and event["seat"] != seat:
        # how many options another seat had can tell what it holds (ways to commit cards)
        return {k: v for k, v in event.items() if k not in ("label", "choice", "options", "hash")}
    if kind == "decision":
        return {k: v for k, v in event.items() if k != "hash"}
    if kind == "end":
        return {k: v for k, v in event.items() if k != "hash"}
    seen = event.get("seen")
    if seen is None:
        return dict(event)
    out = {k: v for k, v in event.items() if k != "seen"}
    if seat not in seen:
        for key in _SECRET:
            out.pop(key, None)
    return out


def seat_path(path: Path, seat: int) -> Path:
    """`game.jsonl` -> `game.seat1.jsonl`."""
    return path.with_name(f"{path.stem}.seat{seat + 1}{path.suffix}")


class LogWriter:
    """Writes the full log and one log per seat; `sizes()` and `truncate()` support resuming."""

    def __init__(self, path: Path, players: int, append: bool = False):
        self.paths = [Path(path), *(seat_path(Path(path), s) for s in range(players))]
        mode = "a" if append else "w"
        for p in self.paths:
            p.parent.mkdir(parents=True, exist_ok=True)
        self.files: list[IO[str]] = [p.open(mode, encoding="utf-8") for p in self.paths]
        self.players = players

    def write(self, events: list[dict[str, Any]]) -> None:
        full, *seats = self.files
        for event in events:
            full.write(dumps(event) + "\n")
            for seat, fh in enumerate(seats):
                seen = for_seat(event, seat)
                if seen is not None:
                    fh.write(dumps(seen) + "\n")
        for fh in self.files:
            fh.flush()

    def sizes(self) -> dict[str, int]:
        return {str(p): p.stat().st_size for p in self.paths}

    @staticmethod
    def truncate(sizes: dict[str, int]) -> None:
        for name, size in sizes.items():
            with open(name, "r+b") as fh:
                fh.truncate(size)

    def close(self) -> None:
        for fh in self.files:
            fh.close()


def read(path: Path) -> list[dict]:
    with Path(path).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]
