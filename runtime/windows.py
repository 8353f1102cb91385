"""Timing windows: when one fires, the abilities waiting on it run, one after another.

Whose abilities answer depends on the window: the active seat's at the start and end of
a turn, the defender's after being attacked, the attacker's after attacking, the card's
own when it is drawn, played, revealed or discarded, every seat's at setup and at round
boundaries (and for windows a game declares itself). For each of those seats, in turn
order, the abilities of its cards in play come first (zone by zone, in the order the
rules declare the zones), then the rules' own standing abilities. At a game's own windows,
the foes on the board whose cards wait on it act after that, each as its piece (and so do
those whose battle gave them a card field's abilities that wait on it). Cards in a shared
(`per: game`) zone in play belong to no seat: they answer once, for the first of those
seats (the active seat, when it is still in the game). In the windows of an attack made with a
weapon (`weapon` and `weapon_zone` in the context), of that zone's cards the weapon alone
answers.

`any-time` is no window that fires: such abilities are offered on the owner's turn with the
others, and after each action or ability the active seat takes, every other seat holding
one it may use (its `if:` holds, its `once-per` allows it, it costs no actions) is asked,
alone and in turn order, to use one or pass (see `runtime.respond`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.frames import Call, handler
from runtime.uses import TERRAIN_SOURCE, Source, use_frame, use_key, used
from runtime.written import condition, write, zone_key

if TYPE_CHECKING:
    from runtime.machine import Machine

_SUBJECT = {
    "start-of-turn": "active",
    "end-of-turn": "active",
    "start-of-any-turn": "active",
    "before-attack": "attacker",
    "after-attack": "attacker",
    "on-hit": "attacker",
    "on-miss": "attacker",
    "on-critical": "attacker",
    "on-enemy-defeated": "attacker",
    "on-enemy-damaged": "attacker",
    "after-attack-roll": "attacker",
    "on-attacked": "defender",
    "after-attacked": "defender",
    "on-defence-failed": "defender",
    "on-defence-succeeded": "defender",
    "before-defence-roll": "defender",
    "after-defence-roll": "defender",
    "on-damaged": "target",
    "on-defeated": "target",
    "on-play": "card",
    "on-reveal": "card",
    "on-discard": "card",
    "on-draw": "card",
    "on-flip": "self",
    "on-challenge": "self",
    "after-challenge-roll": "self",
    "on-move": "self",
    "on-enter": "self",
    "on-leave": "self",
    "on-ally-healed": "self",
    "on-use-terrain": "self",
    "on-collided": "target",
    "on-healed": "target",
}


def window(name: str, ctx: dict) -> dict:
    """A frame firing window `name`; `ctx` names the seats (attacker, defender…) involved."""
    return {"h": "window", "w": name, "ctx": ctx, "l": {}}


def windows(m: Machine, names: tuple[str, ...], ctx: dict) -> list[dict]:
    """Frames firing those of windows `names` that some ability waits on, in order (the
    others would find nothing to run)."""
    listened = m.program.listened
    # (`window`, written out: a turn fires two or three of these)
    return [{"h": "window", "w": name, "ctx": ctx, "l": {}} for name in names if name in listened]


def listeners(m: Machine, name: str, ctx: dict) -> list[list]:
    """`[seat, card instance or None, zone key, ability index, face]` for each waiting
    ability: `face` is the card face whose ability it is (None for the rules' and foes')."""
    known = m.program.cache.setdefault("window:listeners", {})
    return (known[name] if name in known else written_listeners(m.program, name))(m, ctx)


def written_listeners(program, name: str) -> Callable:
    """`listeners` of window `name` as one function `(m, ctx)`, written once per program (kept
    in its cache): only what can answer it in this program is looked at (the seats it names,
    the zones in play when a card waits on it, the rules', items', terrain's and foes'
    abilities when some wait on it), and a zone in play is walked card by card only when one
    of its cards waits on the window (tested in C)."""
    who = _SUBJECT.get(name)
    waiting = {card_id: by_window[name] for card_id, by_window in program.triggers.items()
               if name in by_window}
    rules_first = tuple(program.rule_triggers.get(name, ()))
    # a battle's special rules (numbered after the rules' abilities) hold for the whole
    # table: they answer once, for the first seat, as a shared zone's cards do
    rules_rest = tuple(i for i in rules_first if i < len(program.rules.abilities))
    terrain = program.terrain_triggers.get(name)
    names = {"_waiting": waiting, "_any": frozenset(waiting), "_walk": _walk,
             "_terrain": terrain, "_standing": _standing_terrain, "_foes": _foes,
             "_name": name}
    body = ["st = m.state", "found = []"]
    if who == "card":
        if waiting:
            body += ["inst = ctx.get('card')",
                     "if inst is not None and (face := st['ids'][inst]) in _waiting:",
                     "    me = ctx.get('self')",
                     "    found += [[me, inst, st['loc'][inst], index, face]"
                     " for index in _waiting[face]]"]
        if rules_first:
            body += ["me = ctx.get('self')",
                     "if me is not None:",
                     *[f"    found.append([me, None, None, {i}, None])" for i in rules_first]]
        body.append("return found")
        return _keep(program, name, body, names)
    # whose abilities answer (see the module's docstring)
    if who is None:
        body += ["if 'only_piece' in ctx and ctx['only_piece'] is not None:",
                 "    # fired for one foe (an attack's `react`): the attacker answers, for that foe",
                 "    seats = [] if ctx.get('attacker') is None else [ctx['attacker']]",
                 "else:",
                 "    seats = m.seats_from(st['active'])",
                 "for n, seat in enumerate(seats):"]
        depth = "    "
    else:
        body.append("seat = st['active']" if who == "active" else
                    f"seat = ctx[{who!r}] if {who!r} in ctx else None")
        if who != "active":
            body += ["if seat is None:", "    return found"]
        depth = ""
    lines: list[str] = []
    if waiting:
        lines += ["zones, ids = st['zones'], st['ids']"]
        for k, zone in enumerate(program.in_play_zones):
            key = zone_key(program, zone.id, "seat", f"_zone_{k}", names)
            names[f"_in_play_if_{k}"] = zone.in_play_if
            walk = ["cards = zones[key]",
                    "if not _any.isdisjoint(map(ids.__getitem__, cards)):",
                    f"    _walk(m, seat, key, cards, ctx, _waiting, _in_play_if_{k}, found)"]
            if not zone.per_seat and who is None:
                # a shared zone's cards answer once, for the first seat (the active one)
                lines += ["if not n:", f"    key = {key}", *["    " + line for line in walk]]
            else:
                lines += [f"key = {key}", *walk]
        # the cards a seat holds as items answer as its own
        lines += ["if seat is not None and st['items'][seat]:",
                  "    found += [[seat, None, None, index, item] for item in st['items'][seat]",
                  "              for index in _waiting.get(item, ())]"]
    if rules_first:
        first = [f"found.append([seat, None, None, {i}, None])" for i in rules_first]
        if who is None:
            rest = [f"found.append([seat, None, None, {i}, None])" for i in rules_rest]
            lines += ["if not n:", *["    " + line for line in first],
                      *(["else:", *["    " + line for line in rest]] if rest else [])]
        else:
            lines += first
    if terrain is not None:
        lines += ["if seat is not None:", "    found += _standing(m, seat, _terrain)"]
    body += [depth + line for line in lines]
    if who is None:
        if not lines:
            body.append("    pass")
        body.append("found += _foes(m, _name, ctx)")
    body.append("return found")
    return _keep(program, name, body, names)


def _keep(program, name: str, body: list[str], names: dict) -> Callable:
    """The listeners of window `name` written from `body`, kept in the program's cache."""
    found = program.cache.setdefault("window:listeners", {})[name] = write(
        "listeners_" + "".join(c if c.isalnum() else "_" for c in name), "m, ctx", body, names)
    return found


def _walk(m: Machine, seat: int, key: str, cards, ctx: dict, waiting: dict,
          in_play_if: str | None, found: list) -> None:
    """Add to `found` the abilities waiting (`waiting`: card id -> ability indexes) of the
    cards of zone `key` in play for `seat`."""
    ids = m.state["ids"]
    weapon_zone = ctx.get("weapon_zone")
    weapon = ctx.get("weapon")
    for inst in cards:
        if key == weapon_zone and inst != weapon:
            continue  # of the attacker's weapons, only the one striking answers
        card_id = ids[inst]
        if card_id not in waiting:
            continue
        if in_play_if is not None and not m.card_matches(in_play_if, inst, seat):
            continue
        for index in waiting[card_id]:
            found.append([seat, inst, key, index, card_id])


def _foes(m: Machine, name: str, ctx: dict) -> list[list]:
    """The foes on the board whose cards wait on window `name` (of one foe, when the window
    is its own answer), as `listeners` gives them."""
    from runtime.targets import foe_listeners

    only = ctx.get("only_piece")
    return [[*entry, None] for entry in foe_listeners(m, name)
            if only is None or entry[2].split(":")[1] == str(only)]


def _standing_terrain(m: Machine, seat: int, waiting: dict[str, list[int]]) -> list[list]:
    """The abilities (of `waiting`: terrain id -> ability indexes) of the terrain pieces the
    seat's figure stands on (or, for `answers-beside` terrain, stands next to), each as the
    seat's own; once per piece."""
    from runtime.board import figure

    me = figure(m, seat)
    if me is None or me[2] is None:
        return []
    return [[seat, None, None, index, TERRAIN_SOURCE + piece.name]
            for piece in terrain_reaching(m, me, waiting) for index in waiting[piece.name]]


def terrain_reaching(m: Machine, me: list, waiting) -> list:
    """The terrain pieces of the kinds in `waiting` that piece `me` stands on (or next to, for
    `answers-beside` terrain)."""
    from runtime.board import board, cells_of

    here = set(cells_of(m, me))
    b = board(m)[0]
    beside = m.program.terrain_beside

    def reached(piece) -> bool:
        return bool(here & piece.cells) or (piece.name in beside and any(
            b.adjacent(c, x) for c in here for x in piece.cells))

    return [piece for piece in b.pieces if piece.name in waiting and reached(piece)]


def collected(m: Machine, name: str, ctx: dict) -> dict:
    """A frame firing window `name` later with the abilities waiting on it now: those of the
    cards in play (and the faces they show) as what the window follows happened, before its
    consequences (a beaten card turning to its other side) change them."""
    frame = window(name, ctx)
    if name in m.program.listened:
        frame["l"].update(q=listeners(m, name, ctx), i=0)
    return frame


@handler("window")
def run_window(m: Machine, frame: dict):
    local = frame["l"]
    st = m.state
    cache = m.program.cache
    if "q" in local:  # (a window whose queue was collected, or one under way)
        queue = local["q"]
        i = local["i"]
    else:
        name = frame["w"]
        if name not in m.program.listened:
            return None
        known = cache["window:listeners"] if "window:listeners" in cache else cache.setdefault(
            "window:listeners", {})
        queue = (known[name] if name in known else written_listeners(m.program, name))(
            m, frame["ctx"])  # (`listeners`, inline)
        if not queue:
            return None  # nothing answers: the frame goes, its working values unread
        local["q"] = queue
        i = local["i"] = 0
    if "f" in local:
        faces = local["f"]
    else:
        # the faces the cards show as the window opens: one flipped while it runs (by an
        # ability answering before its own) no longer offers the ability it was queued with
        ids = st["ids"]
        faces = local["f"] = [None if e[1] is None else ids[e[1]] for e in queue]
    # (face, index) -> its ability and its `if:` written out (`runtime.written.condition`)
    abilities = cache["window:abilities"] if "window:abilities" in cache else cache.setdefault(
        "window:abilities", {})
    while i < len(queue):
        seat, inst, key, index, face = queue[i]
        opened_as = faces[i]
        i += 1
        local["i"] = i
        if inst is None and key is not None:  # a foe on the board: it acts as that piece
            from runtime.targets import foe_ability

            acting = foe_ability(m, key, index, {**frame["ctx"], "self": seat})
            if acting is not None:
                return Call(acting)
            continue
        if inst is not None and (st["loc"][inst] != key or st["ids"][inst] != opened_as):
            continue  # the card left play, or turned over, before its turn came
        which = (face, index)
        if which in abilities:
            ability, holds = abilities[which]
        else:
            ability = m.program.abilities_of(Source(face, index))
            ability, holds = abilities[which] = (
                ability, None if ability.if_ is None else condition(m.program, ability.if_))
        if ability.once_per and used(m, ability.once_per, use_key(seat, inst, face, index)):
            continue
        ctx = {**frame["ctx"], "self": seat, "card": inst}
        if ("piece" in ctx and (piece := ctx["piece"]) is not None
                and st["pieces"][piece][1] != seat and ctx.get("only_piece") != piece):
            # a seat's ability acts as the seat, not as the foe that opened the window, unless
            # the window is that foe's own answer (`react`), which acts from the foe
            del ctx["piece"]
        if holds is not None and not holds(m, seat, ctx, inst):
            continue
        return Call(use_frame(m, seat, inst, index, ctx, face))
    return None
