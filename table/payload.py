"""What one seat's page shows, built from that seat's view only (`runtime.views.view`):
zones with counts and the cards the seat may see, the board and its pieces, the story card,
variables, the pending decision (its options only for the seat that makes it) and the result.

Hidden cards reach this module as None in the view and stay None: nothing else here reads
the machine's state, so a page can carry nothing its seat may not know.
"""

from __future__ import annotations

from typing import Any

from compiler.geometry import format_cell
from runtime.board import base_board, board
from runtime.errors import RuleError
from runtime.machine import Machine
from runtime.program import Program
from runtime.render import seat_name
from runtime.views import view

PILE_SHOWN = 8  # cards of a public pile shown face up; the rest are counted


def seat_payload(m: Machine, seat: int, seats: list[str]) -> dict[str, Any]:
    """The table as `seat` may know it (plain JSON data)."""
    v = view(m, seat)
    program = m.program
    return {
        "seat": seat,
        "title": program.game.game.title,
        "round": v["round"],
        "active": v["active"],
        "actions": v["actions"],
        "seats": [_seat(program, v, s, seats[s], seat) for s in range(v["players"])],
        "zones": _zones(program, v, seat),
        "game_vars": {n: val for n, val in v["gv"].items()},
        "board": _board(m, v, seat),
        "story": _story(program, v),
        "decision": _decision(program, v, seat),
        "over": _result(v, seat),
    }


def _seat(program: Program, v: dict, s: int, agent: str, me: int) -> dict:
    shown = {n: v["sv"][s][n] for n, var in program.variables.items()
             if var.per != "game" and var.counts is None
             and v["sv"][s].get(n) not in (None, 0, False, "")}
    return {"name": seat_name(s, me), "agent": agent, "you": s == me, "out": v["out"][s],
            "vars": shown}


def _card(program: Program, v: dict, inst: int | None) -> dict | None:
    if inst is None or v["ids"][inst] is None:
        return None
    card_id = v["ids"][inst]
    card = program.cards.get(card_id)
    return {"inst": inst, "id": card_id, "name": program.name_of(card_id),
            "text": (card.text if card is not None else None) or "",
            "down": bool(v["down"][inst])}


def _zones(program: Program, v: dict, me: int) -> list[dict]:
    out = []
    for key, cards in v["zones"].items():
        zone_id, _, owner = key.partition(":")
        zone = program.zones.get(zone_id)
        owner_seat = int(owner) if owner else None
        if zone is None or (not cards and owner_seat != me):
            continue  # an empty zone shows only on its owner's side of the table
        pile = zone.visibility == "hidden" or zone.ordered
        shown = cards if not pile else [i for i in cards if i is not None][-PILE_SHOWN:]
        if not pile and zone.visibility == "public" and len(cards) > PILE_SHOWN * 2:
            shown = cards[-PILE_SHOWN:]
        out.append({
            "key": key,
            "name": zone.name,
            "owner": owner_seat,
            "mine": owner_seat == me,
            "count": len(cards),
            "pile": pile,
            "in_play": zone.in_play,
            "cards": [_card(program, v, i) for i in shown],
        })
    return out


def _board(m: Machine, v: dict, me: int) -> dict | None:
    program = m.program
    if not program.game.landscapes or not (v.get("pieces") or program.scenario):
        return None
    try:
        base_board(m)
        grid, notation = board(m)
    except RuleError:
        return None
    columns, rows = grid.frame
    square = program.game.game.grid_square
    terrain = program.game.terrain
    pieces = []
    for i, p in enumerate(v.get("pieces") or []):
        if p[2] is None:
            continue
        size = (program.fields.get(p[0], {}).get("footprint") or 1) if p[0] else 1
        pieces.append({
            "index": i, "seat": p[1], "col": p[2], "row": p[3], "health": p[4],
            "facing": p[5] if len(p) > 5 else 0, "size": size,
            "name": program.name_of(p[0]) if p[0] else seat_name(p[1], me),
            "cell": format_cell((p[2], p[3]), notation),
        })
    return {
        "columns": columns,
        "rows": rows,
        "square": square,
        "cells": sorted(grid.cells),
        "blocked": sorted(grid.extent - grid.cells),
        "terrain": [{"name": getattr(terrain.get(t.name), "name", t.name),
                     "keywords": sorted(t.keywords), "cells": sorted(t.cells & grid.extent)}
                    for t in grid.pieces],
        "areas": [{"name": name, "cells": sorted(cells)}
                  for name, cells in sorted(grid.areas.items())],
        "walls": [sorted(w) for w in grid.walls],
        "pieces": pieces,
    }


def _story(program: Program, v: dict) -> dict | None:
    walk = v.get("story")
    if not walk or program.home.story is None:
        return None
    story = program.game.stories[walk.get("id") or program.home.story]
    card = story.cards.get(walk["card"])
    return {
        "title": story.title,
        "card": walk["card"],
        "card_title": card.title if card is not None else None,
        "text": card.text if card is not None else None,
        "battle": walk.get("battle"),
        "ending": walk.get("ending"),
        "flags": list(v.get("flags") or []),
        "items": (v.get("items") or [[]])[0],
    }


def _decision(program: Program, v: dict, me: int) -> dict | None:
    decision = v["decision"]
    if decision is None:
        return None
    out = {"seat": decision["seat"], "who": seat_name(decision["seat"], me),
           "kind": decision["kind"], "prompt": decision["prompt"], "options": []}
    if decision["seat"] == me:
        out["options"] = [_option(o) for o in decision.get("options", ())]
    return out


def _option(option: dict) -> dict:
    out = {"label": option["label"]}
    if option.get("card") is not None:
        out["card"] = option["card"]
    if option.get("c") is not None:
        out["card"] = option["c"]
    if option.get("cell") is not None:
        out["cell"] = list(option["cell"])
    if option.get("piece") is not None:
        out["piece"] = option["piece"]
    return out


def _result(v: dict, me: int) -> dict | None:
    result = v.get("result")
    if not result:
        return None
    winners = result.get("winners", [])
    names = ", ".join(seat_name(w, me) for w in winners) or "Nobody"
    return {"winners": winners, "you_won": me in winners, "reason": result.get("reason", ""),
            "text": f"{names} won"}
