"""Interacting with terrain: the abilities a terrain piece's card gives (no `when:`) are
offered to a seat whose figure stands inside the piece (a feature) or on a cell next to it
(an obstacle), on its own turn, at their cost, under their `if:` and `once-per` (counted per
piece on the board). Used, an ability runs as the seat, with `terrain` naming the piece."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import board, cell_of, figure
from runtime.frames import Call, Tail, fx, handler
from runtime.targets import on_board
from runtime.uses import record_use, used

if TYPE_CHECKING:
    from runtime.machine import Machine


def terrain_options(m: Machine, seat: int, budget: int) -> list[dict]:
    """The terrain abilities `seat`'s figure may use now, within `budget` actions."""
    kinds = m.program.game.terrain
    if not kinds or not on_board(m):
        return []
    me = figure(m, seat)
    if me is None:
        return []
    here = cell_of(me)
    b, _ = board(m)
    options = []
    for piece in b.pieces:
        kind = kinds.get(piece.name)
        if kind is None or not kind.abilities or not _within_reach(kind.type, here, piece):
            continue
        at = min(piece.cells)
        for index, ability in enumerate(kind.abilities):
            if ability.when is not None or not ability.do:  # rules text is not an action
                continue
            key = use_key(piece.name, at, index)
            if ability.once_per and used(m, ability.once_per, key):
                continue
            ctx = {"self": seat, "terrain": piece.name}
            if not m.holds(ability.if_, seat, ctx):
                continue
            cost = int(m.value(ability.cost, seat, ctx))
            if cost > budget:
                continue
            options.append({"label": f"{kind.name}: {ability.name or 'use'}",
                            "key": f"terrain:{piece.name}:{at[0]}:{at[1]}:{index}",
                            "t": piece.name, "at": list(at), "i": index, "cost": cost})
    return options


def use_terrain(m: Machine, seat: int, option: dict) -> dict:
    """The frame using the terrain ability an option of `terrain_options` names."""
    kind = m.program.game.terrain[option["t"]]
    ability = kind.abilities[option["i"]]
    record_use(m, ability.once_per, use_key(option["t"], tuple(option["at"]), option["i"]))
    m.emit("ability", seat=seat, card=None, name=ability.name or "", terrain=option["t"])
    return {"h": "use-terrain", "e": m.program.lid(ability.do), "l": {},
            "ctx": {"self": seat, "terrain": option["t"], "terrain_at": list(option["at"])}}


@handler("use-terrain")
def run_use(m: Machine, frame: dict):
    """A terrain ability used, then its user's `on-use-terrain`."""
    if not frame["l"]:
        frame["l"]["ran"] = True
        return Call(fx(frame["e"], frame["ctx"]))
    return Tail(*used_terrain(m, frame["ctx"]))


def used_terrain(m: Machine, ctx: dict) -> list[dict]:
    """The user's `on-use-terrain` window after a terrain ability, if anything waits on it."""
    from runtime.windows import window

    return [window("on-use-terrain", ctx)] if "on-use-terrain" in m.program.listened else []


def use_key(name: str, at: tuple[int, int], index: int) -> str:
    """What a once-per limit counts uses of a terrain ability under: the piece where it lies."""
    return f"terrain:{name}@{at[0]},{at[1]}#{index}"


def _within_reach(kind: str, here: tuple[int, int], piece) -> bool:
    """Inside a feature, or next to (not diagonally) an obstacle."""
    if kind == "feature":
        return here in piece.cells
    return any(abs(here[0] - c[0]) + abs(here[1] - c[1]) == 1 for c in piece.cells)
