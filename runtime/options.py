"""The options of the active seat's turn: actions it can pay for and may take, abilities of
its cards in play it may use, abilities of the terrain its figure stands in or next to
(`runtime.interactions`), and ending the turn.

An action or ability is offered only when its cost can be paid, its limit and `once-per`
allow it, its `if:` holds and its first effect has something to act on (an attack needs
a target, a move needs a card): an option that could only fizzle is not a real option.
Abilities with no window and `any-time` ones are offered here, on the owner's own turn;
on another seat's turn a card acts in a timing window (`after-attacked`…) or, if `any-time`,
when asked after each action (see `runtime.respond`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.specialise import CHECK_SPECIALISERS, holds_bound
from runtime.uses import use_key, used

if TYPE_CHECKING:
    from runtime.machine import Machine


def first_check(program, effects: list) -> tuple:
    """(viability check or None, params) of an effect list's first effect, worked out once
    (specialised to its params where `runtime.ops.viability` knows how)."""
    if not effects:
        return None, None
    impl, params, _name = program.lists[program.lid(effects)][0]
    check = getattr(impl, "viable", None)
    factory = CHECK_SPECIALISERS.get(check)
    return (check if factory is None else factory(program, params)), params


def viable(m: Machine, effects: list, ctx: dict) -> bool:
    """Whether the first effect of a list has something to act on (ops may say; else yes)."""
    if not effects:
        return True
    checks = m.program.cache.setdefault("options:first-checks", {})
    found = checks.get(id(effects))  # a program's effect lists live as long as it does
    if found is None:
        found = checks[id(effects)] = first_check(m.program, effects)
    check, params = found
    return check is None or check(m, ctx, params)


def _actions(program) -> list[tuple]:
    """Per action, once per program: what deciding whether to offer it needs (its `if:`
    bound to its runner, so offering calls the expression directly)."""
    found = program.cache.get("options:actions")
    if found is None:
        found = program.cache["options:actions"] = [
            (action, action.cost, action.limit, "a:" + action.id, action.if_,
             None if action.if_ is None else program.runner(action.if_),
             *first_check(program, action.do), "action:" + action.id)
            for action in program.rules.actions
        ]
    return found


def _abilities(program, table: dict, card_id: str, cache: dict) -> list[tuple]:
    """Per card id, once per program (in `cache`): its abilities listed in `table` (activated
    or any-time) with what deciding whether to offer each needs (the end of its once-per
    key: `use_key` of an instance is the instance's number, then this)."""
    found = cache.get(card_id)
    if found is None:
        found = cache[card_id] = []
        for index in table.get(card_id, ()):
            ability = program.cards[card_id].abilities[index]
            found.append((index, ability, f"use:{card_id}:{index}",
                          f"{program.name_of(card_id)}: {ability.name or 'use'}",
                          None if ability.if_ is None else program.runner(ability.if_),
                          *first_check(program, ability.do),
                          f":{card_id}#{index}"))
    return found


def _in_play(m: Machine, seat: int) -> list[tuple]:
    """(zone key, `in-play-if` or None) of `seat`'s zones whose cards are in play."""
    keys = m.program.cache.get(("options:in-play", seat))
    if keys is None:
        keys = m.program.cache[("options:in-play", seat)] = [
            (f"{zone.id}:{seat}", zone.in_play_if)
            for zone in m.program.in_play_zones if zone.per_seat]
    return keys


def main_options(m: Machine, seat: int) -> list[dict]:
    st = m.state
    left = st["actions"]
    ctx = {"self": seat}
    options: list[dict] = []
    turn_uses = st["used"].get("turn", {})
    actions = m.program.cache.get("options:actions")
    for action, cost, limit, use, condition, run, check, params, key in (
            _actions(m.program) if actions is None else actions):
        if type(cost) is not int:
            cost = int(m.value(cost, seat, ctx))
        if cost > left:
            continue
        if limit is not None and turn_uses.get(use, 0) >= limit:
            continue
        if run is not None and not holds_bound(m, run, condition, seat, ctx):
            continue
        if check is not None and not check(m, ctx, params):
            continue
        options.append({"label": action.name, "key": key, "a": action.id, "cost": cost})
    if m.program.activated:
        options += ability_options(m, seat, m.program.activated, left)
    if m.program.game.terrain:
        from runtime.interactions import terrain_options

        options += terrain_options(m, seat, left)
    options.append({"label": "End your turn", "key": "end"})
    return options


def ability_options(m: Machine, seat: int, table: dict, budget: int) -> list[dict]:
    """The abilities of `seat`'s cards in play (and of the cards it holds as items) listed
    in `table` (card id -> ability indexes) that it may use now: within `budget` actions,
    under their once-per limit, their condition holding and their effects having something
    to act on."""
    if not table:
        return []
    program = m.program
    st = m.state
    ids = st["ids"]
    zones = st["zones"]
    uses = st["used"]
    options: list[dict] = []
    seen: set[str] = set()
    cache = program.cache.get(("options:abilities", id(table)))
    if cache is None:
        cache = program.cache[("options:abilities", id(table))] = {}
    in_play = program.cache.get(("options:in-play", seat))
    for zone_key, in_play_if in (_in_play(m, seat) if in_play is None else in_play):
        for inst in zones[zone_key]:
            card_id = ids[inst]
            if card_id not in table:
                continue
            if in_play_if is not None and not m.card_matches(in_play_if, inst, seat):
                continue
            entries = cache.get(card_id)
            if entries is None:
                entries = _abilities(program, table, card_id, cache)
            for index, ability, key, label, run, check, params, use in entries:
                if key in seen:
                    continue
                once_per = ability.once_per
                if once_per and once_per in uses and f"{inst}{use}" in uses[once_per]:
                    continue  # (`used`, inline: a use is recorded as a count of 1 or more)
                ctx = {"self": seat, "card": inst}
                if run is not None and not holds_bound(m, run, ability.if_, seat, ctx, inst):
                    continue
                cost = ability.cost
                if type(cost) is not int:
                    cost = int(m.value(cost, seat, ctx, inst))
                if cost > budget:
                    continue
                if check is not None and not check(m, ctx, params):
                    continue
                seen.add(key)
                options.append({"label": label, "key": key, "c": inst, "i": index, "cost": cost})
    if st["items"][seat]:
        options += item_options(m, seat, table, budget)
    return options


def item_options(m: Machine, seat: int, table: dict, budget: int) -> list[dict]:
    """The abilities of the cards `seat` holds as items (`gain-item` of a card: a character
    card taken at setup) it may use now, as for its cards in play."""
    program = m.program
    options: list[dict] = []
    for card_id in m.state["items"][seat]:
        for index in table.get(card_id, ()):
            ability = program.cards[card_id].abilities[index]
            if ability.once_per and used(m, ability.once_per, use_key(seat, None, card_id, index)):
                continue
            ctx = {"self": seat}
            if not m.holds(ability.if_, seat, ctx):
                continue
            cost = int(m.value(ability.cost, seat, ctx))
            if cost > budget or not viable(m, ability.do, ctx):
                continue
            options.append({"label": f"{program.name_of(card_id)}: {ability.name or 'use'}",
                            "key": f"item:{card_id}:{index}", "c": None, "i": index,
                            "f": card_id, "cost": cost})
    return options
