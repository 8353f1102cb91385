"""Save files: what a session writes after every decision, read back as untrusted input.

A save is validated like content (`SaveFile`, a schema) before anything in it is used: it
names its logs only by a plain file name beside the save (never a path), records the pack by
a path relative to the save, and carries the game's id, a digest of the compiled content it
was played with (`version`) and a hash of its state, so a save of another pack, of content
changed since, or with a state edited by hand is refused with one clear line.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from runtime.errors import RuleError
from runtime.state import state_hash

SAVE_FORMAT = "gamesmith.save/2"
FOLDER = Path(".gamesmith")  # where `play` keeps the saves of games started without --log/--save
SUFFIX = ".save.json"
# a file name, never a path: no separators, and not `.` or `..`
LogName = Annotated[str, StringConstraints(pattern=r"^([^/\\\x00.][^/\\\x00]*|\.[^/\\\x00.][^/\\\x00]*)$")]


class SaveFile(BaseModel):
    """The schema of a save file (`gamesmith.save/2`)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: str
    game: str = Field(description="the id of the game saved")
    version: str = Field(description="digest of the compiled content the game was played with")
    pack: str = Field(description="the pack's folder, relative to the save's folder")
    scenario: str | None = None
    story: str | None = None
    battles: str = "play"
    seed: int
    seats: list[str] = Field(min_length=1, max_length=64)
    step: int = Field(ge=0)
    ended: bool = Field(description="the game is over and its logs hold their end event")
    agents: list[dict[str, Any] | None]
    log: LogName | None = Field(default=None, description="the full log's file name, beside the save")
    sizes: list[Annotated[int, Field(ge=0)]] | None = Field(
        default=None, description="bytes of the full log and of each seat's log at this step")
    state: dict[str, Any]
    hash: str = Field(description="the state's hash")


def content_version(game) -> str:
    """A digest of a compiled game: two saves with the same version played the same content."""
    return hashlib.sha256(game.dumps(locations=False).encode("utf-8")).hexdigest()[:16]


def relative(target: Path, start: Path) -> str:
    """`target` as a path from the folder `start` (absolute when no relative path exists)."""
    try:
        return os.path.relpath(Path(target).resolve(), Path(start).resolve())
    except ValueError:  # another drive on Windows
        return str(Path(target).resolve())


def read_save(path: Path) -> SaveFile:
    """The validated save at `path`; RuleError naming the file (and line) otherwise."""
    path = Path(path)
    if not path.is_file():
        raise RuleError(f"{path}: no save file here (or not a regular file)")
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RuleError(f"{path}:{err.lineno}: not a save file: {err.msg}") from None
    except (OSError, ValueError) as err:
        raise RuleError(f"{path}: cannot read the save file: {err}") from None
    if not isinstance(data, dict) or not str(data.get("format", "")).startswith("gamesmith.save/"):
        raise RuleError(f"{path}:1: not a gamesmith save file")
    if data["format"] != SAVE_FORMAT:
        raise RuleError(f"{path}:1: a save of another gamesmith version ({data['format']}, "
                        f"this one reads {SAVE_FORMAT}); start a new game")
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise RuleError(f"{path}:1: bad save file: {where}: {first['msg']}"
                        f"{f' (and {err.error_count() - 1} more)' if err.error_count() > 1 else ''}"
                        ) from None
    if state_hash(save.state) != save.hash:
        raise RuleError(f"{path}:1: the saved state does not match its hash: the file was "
                        "changed or damaged; start a new game")
    return save


def unfinished(game_id: str, folder: Path = FOLDER) -> list[Path]:
    """The saves in `folder` of unfinished games of `game_id`, most recent first."""
    found = []
    for path in Path(folder).glob(f"*{SUFFIX}"):
        try:
            save = read_save(path)
        except RuleError:
            continue
        if save.game == game_id and not save.ended:
            found.append((path.stat().st_mtime, path))
    return [p for _, p in sorted(found, reverse=True)]


def fresh_save_path(game_id: str, folder: Path = FOLDER) -> Path:
    """A save path in `folder` no game has used: `<game>-1.save.json`, `<game>-2…`."""
    n = 1
    while (folder / f"{game_id}-{n}{SUFFIX}").exists():
        n += 1
    return folder / f"{game_id}-{n}{SUFFIX}"


def remove_stale_temporaries(save: Path) -> None:
    """Delete the temporary files a write of this save left when its process was killed
    (`write_atomic` names them `.<name>.<random>.tmp` beside it)."""
    for tmp in Path(save).parent.glob(f".{Path(save).name}.*.tmp"):
        if tmp.is_file() and not tmp.is_symlink():
            tmp.unlink(missing_ok=True)


def state_problem(program, state: dict) -> str | None:
    """What makes a saved state unplayable for `program` (None: nothing found): the shape of
    the state, its card instances, the zones they lie in and the frames on its stack."""
    from runtime.frames import HANDLERS
    from runtime.state import FORMAT, empty_state

    if state.get("v") != FORMAT:
        return f"state format {state.get('v')!r}, this runtime plays {FORMAT}"
    missing = sorted(set(empty_state(1, 0, {})) - set(state))
    if missing:
        return f"the state lacks {', '.join(missing)}"
    players, span = state["players"], program.game.game.players
    if not isinstance(players, int) or not span.min <= players <= span.max:
        return f"{players!r} players, the game is for {span.min}–{span.max}"
    ids = state["ids"]
    if not isinstance(ids, list) or any(i not in program.cards for i in ids):
        return "a card instance names no card of the game"
    for name in ("down", "loc"):
        if not isinstance(state[name], list) or len(state[name]) != len(ids):
            return f"{name} does not list every card instance"
    for name in ("sv", "items", "status", "partner", "out", "order", "taken"):
        if not isinstance(state[name], list) or len(state[name]) != players:
            return f"{name} does not have one entry per seat"
    # zone keys are not checked: a story's battle brings zones of its own
    for key, cards in state["zones"].items() if isinstance(state["zones"], dict) else ():
        if not isinstance(cards, list) or any(
                not isinstance(c, int) or not 0 <= c < len(ids) for c in cards):
            return f"zone {key!r} holds an entry that is no card instance"
    if not isinstance(state["zones"], dict):
        return "zones is not a mapping"
    if not isinstance(state["stack"], list) or any(
            not isinstance(f, dict) or f.get("h") not in HANDLERS for f in state["stack"]):
        return "a frame on the stack names no step the runtime knows"
    return None
