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
    """Writes the full log and one log per seat; `sizes()` supports resuming."""

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

    def sizes(self) -> list[int]:
        """Bytes written so far to the full log and to each seat's log, in that order."""
        return [p.stat().st_size for p in self.paths]

    def close(self) -> None:
        for fh in self.files:
            fh.close()


def cut_logs(paths: list[Path], sizes: list[int]) -> None:
    """Cut each log back to its size in `sizes` (what `LogWriter.sizes` gave at that point)."""
    for path, size in zip(paths, sizes, strict=True):
        with Path(path).open("r+b") as fh:
            fh.truncate(size)


def read(path: Path) -> list[dict]:
    with Path(path).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


class LogError(ValueError):
    """A log that cannot be replayed, with the file and line: `game.jsonl:7: …`."""

    def __init__(self, path: Path, line: int, message: str, incomplete: bool = False):
        super().__init__(f"{path}:{line}: {message}")
        self.incomplete = incomplete


# The keys framing events must have, and their types: a log is untrusted input.
_FRAMING: dict[str, dict[str, type | tuple[type, ...]]] = {
    "start": {"format": str, "game": str, "pack": str, "players": int, "seed": int,
              "seats": list},
    "decision": {"step": int, "seat": int, "kind": str, "options": int, "choice": int,
                 "label": str, "hash": str},
    "end": {"result": dict, "steps": int, "hash": str},
}


def read_checked(path: Path) -> list[tuple[int, dict]]:
    """The events of a full log with their line numbers, each checked for its shape;
    LogError names the file and line of the first problem (a last line cut short, as a
    crash leaves it, makes the log incomplete)."""
    path = Path(path)
    if not path.is_file():
        raise LogError(path, 0, "no log file here (or not a regular file)")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise LogError(path, 0, f"cannot read the log: {err}") from None
    lines = text.split("\n")
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError as err:
            if number == len(lines):  # no line break after it: the writer was cut off
                raise LogError(path, number, "the log is incomplete: its last line is cut "
                               "short", incomplete=True) from None
            raise LogError(path, number, f"not a JSON line ({err})") from None
        if not isinstance(event, dict) or not isinstance(event.get("e"), str):
            raise LogError(path, number, "an event is a JSON object with an \"e\" key")
        if not events and event["e"] == "start" and "seat" in event and "seed" not in event:
            seat = event["seat"]
            raise LogError(path, number, f"this is seat "
                           f"{seat + 1 if isinstance(seat, int) else '?'}'s own log; replay "
                           "the full log (the file without .seatN)")
        for key, kind in _FRAMING.get(event["e"], {}).items():
            value = event.get(key)
            if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
                what = "missing" if key not in event else f"not {_kind_name(kind)}"
                raise LogError(path, number, f"the {event['e']} event's \"{key}\" is {what}")
        events.append((number, event))
    return events


def _kind_name(kind) -> str:
    return {str: "text", int: "a whole number", list: "a list", dict: "a mapping"}.get(kind, "valid")
