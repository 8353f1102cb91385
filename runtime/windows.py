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

from typing import TYPE_CHECKING

from runtime.frames import Call, handler
from runtime.uses import TERRAIN_SOURCE, Source, use_frame, use_key, used
from runtime.written import condition

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
    program = m.program
    st = m.state
    ids = st["ids"]
    found: list[list] = []
    # (what is worked out once per window and program, looked up with no call: a turn fires
    # two or three windows, and `dict.get`s are written as lookups)
    cache = program.cache
    plans = cache["window:plans"] if "window:plans" in cache else cache.setdefault(
        "window:plans", {})
    who, waiting, rule_abilities, terrain = plans[name] if name in plans else _plan(program, name)
    if who == "card":
        inst = ctx.get("card")
        me = ctx.get("self")
        if inst is not None:
            for index in waiting.get(ids[inst], ()):
                found.append([me, inst, st["loc"][inst], index, ids[inst]])
        if me is not None:
            found += [[me, None, None, i, None] for i in rule_abilities]
        return found
    # whose abilities answer (see the module's docstring)
    if who == "active":
        seats = [st["active"]]
    elif who is not None:
        seats = [ctx[who]] if who in ctx and ctx[who] is not None else []
    elif "only_piece" in ctx and ctx["only_piece"] is not None:
        # fired for one foe (an attack's `react`): the attacker answers, for that foe
        seats = [] if ctx.get("attacker") is None else [ctx["attacker"]]
    else:
        seats = m.seats_from(st["active"])
    weapon_zone = ctx.get("weapon_zone")
    weapon = ctx.get("weapon")
    zones = st["zones"]
    in_plays = cache["window:in-play"] if "window:in-play" in cache else cache.setdefault(
        "window:in-play", {})
    for n, seat in enumerate(seats):
        # no card waiting on the window: its cards in play need not be looked at
        in_play = () if not waiting else in_plays[seat] if seat in in_plays else _in_play(
            program, seat)
        for key, shared, in_play_if in in_play:
            if shared and n:
                continue  # a shared zone's cards answer once, for the first seat (the active one)
            for inst in zones[key]:
                if key == weapon_zone and inst != weapon:
                    continue  # of the attacker's weapons, only the one striking answers
                card_id = ids[inst]
                if card_id not in waiting:
                    continue
                if in_play_if is not None and not m.card_matches(in_play_if, inst, seat):
                    continue
                for index in waiting[card_id]:
                    found.append([seat, inst, key, index, card_id])
        if seat is not None and st["items"][seat]:  # the cards a seat holds as items answer as its own
            found += [[seat, None, None, index, item] for item in st["items"][seat]
                      for index in waiting.get(item, ())]
        if rule_abilities:
            # a battle's special rules (numbered after the rules' abilities) hold for the whole
            # table: they answer once, for the first seat, as a shared zone's cards do
            found += [[seat, None, None, i, None] for i in rule_abilities
                      if not n or i < len(program.rules.abilities)]
        if seat is not None and terrain is not None:
            found += _standing_terrain(m, seat, terrain)
    if who is None:
        from runtime.targets import foe_listeners

        only = ctx.get("only_piece")
        found += [[*entry, None] for entry in foe_listeners(m, name)
                  if only is None or entry[2].split(":")[1] == str(only)]
    return found


def _in_play(program, seat: int) -> list[tuple]:
    """(zone key, shared, `in-play-if` or None) of the zones in play, for `seat`: worked out
    once per program and seat, kept in its cache."""
    found = program.cache["window:in-play"][seat] = [
        (f"{zone.id}:{seat}" if zone.per_seat else zone.id, not zone.per_seat, zone.in_play_if)
        for zone in program.in_play_zones]
    return found


def _plan(program, name: str) -> tuple:
    """What `listeners` needs of window `name`, worked out once per program: whose abilities
    answer (`_SUBJECT`: None for a window the game declares), card id -> the indexes of its
    abilities waiting on it, the rules' abilities waiting on it, and the terrain's (or None)."""
    who = _SUBJECT.get(name)
    waiting = {card_id: by_window[name] for card_id, by_window in program.triggers.items()
               if name in by_window}
    found = program.cache["window:plans"][name] = (
        who, waiting, tuple(program.rule_triggers.get(name, ())),
        program.terrain_triggers.get(name))
    return found


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
    name = frame["w"]
    if name not in m.program.listened:
        return None
    local = frame["l"]
    st = m.state
    if "q" not in local:
        queue = listeners(m, name, frame["ctx"])
        if not queue:
            return None  # nothing answers: the frame goes, its working values unread
        local["q"] = queue
        local["i"] = 0
    queue = local["q"]
    if "f" not in local:
        # the faces the cards show as the window opens: one flipped while it runs (by an
        # ability answering before its own) no longer offers the ability it was queued with
        local["f"] = [None if e[1] is None else st["ids"][e[1]] for e in queue]
    # (face, index) -> its ability and its `if:` written out (`runtime.written.condition`)
    cache = m.program.cache
    if "window:abilities" not in cache:
        cache["window:abilities"] = {}
    abilities = cache["window:abilities"]
    while local["i"] < len(queue):
        seat, inst, key, index, face = queue[local["i"]]
        opened_as = local["f"][local["i"]]
        local["i"] += 1
        if inst is None and key is not None:  # a foe on the board: it acts as that piece
            from runtime.targets import foe_ability

            acting = foe_ability(m, key, index, {**frame["ctx"], "self": seat})
            if acting is not None:
                return Call(acting)
            continue
        if inst is not None and (st["loc"][inst] != key or st["ids"][inst] != opened_as):
            continue  # the card left play, or turned over, before its turn came
        found = abilities.get((face, index))
        if found is None:
            ability = m.program.abilities_of(Source(face, index))
            found = abilities[(face, index)] = (
                ability, None if ability.if_ is None else condition(m.program, ability.if_))
        ability, holds = found
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
