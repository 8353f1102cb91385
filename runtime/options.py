"""The options of the active seat's turn: actions it can pay for and may take, abilities of
its cards in play it may use, and ending the turn.

An action or ability is offered only when its cost can be paid, its limit and `once-per`
allow it, its `if:` holds and its first effect has something to act on (an attack needs
a target, a move needs a card): an option that could only fizzle is not a real option.
Abilities with no window and `any-time` ones are offered here, on the owner's own turn;
on another seat's turn a card acts in a timing window (`after-attacked`…) or, if `any-time`,
when asked after each action (see `runtime.respond`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.uses import use_key, used

if TYPE_CHECKING:
    from runtime.machine import Machine


def first_check(program, effects: list) -> tuple:
    """(viability check or None, params) of an effect list's first effect, worked out once."""
    if not effects:
        return None, None
    impl, params, _name = program.lists[program.lid(effects)][0]
    return getattr(impl, "viable", None), params


def viable(m: Machine, effects: list, ctx: dict) -> bool:
    """Whether the first effect of a list has something to act on (ops may say; else yes)."""
    check, params = first_check(m.program, effects)
    return check is None or check(m, ctx, params)


def _actions(program) -> list[tuple]:
    """Per action, once per program: what deciding whether to offer it needs."""
    found = program.cache.get("options:actions")
    if found is None:
        found = program.cache["options:actions"] = [
            (action, action.cost, action.limit, "a:" + action.id, action.if_,
             *first_check(program, action.do), "action:" + action.id)
            for action in program.rules.actions
        ]
    return found


def _abilities(program, table: dict, card_id: str, cache: dict) -> list[tuple]:
    """Per card id, once per program (in `cache`): its abilities listed in `table` (activated
    or any-time) with what deciding whether to offer each needs."""
    found = cache.get(card_id)
    if found is None:
        found = cache[card_id] = []
        for index in table.get(card_id, ()):
            ability = program.cards[card_id].abilities[index]
            found.append((index, ability, f"use:{card_id}:{index}",
                          f"{program.name_of(card_id)}: {ability.name or 'use'}",
                          *first_check(program, ability.do)))
    return found


def _in_play_keys(m: Machine, seat: int) -> list[str]:
    keys = m.program.cache.get(("options:in-play", seat))
    if keys is None:
        keys = m.program.cache[("options:in-play", seat)] = [
            f"{zone.id}:{seat}" for zone in m.program.in_play_zones if zone.per_seat]
    return keys


def main_options(m: Machine, seat: int) -> list[dict]:
    st = m.state
    left = st["actions"]
    ctx = {"self": seat}
    options: list[dict] = []
    turn_uses = st["used"].get("turn", {})
    for action, cost, limit, use, condition, check, params, key in _actions(m.program):
        if type(cost) is not int:
            cost = int(m.value(cost, seat, ctx))
        if cost > left:
            continue
        if limit is not None and turn_uses.get(use, 0) >= limit:
            continue
        if condition is not None and not m.holds(condition, seat, ctx):
            continue
        if check is not None and not check(m, ctx, params):
            continue
        options.append({"label": action.name, "key": key, "a": action.id, "cost": cost})
    options += ability_options(m, seat, m.program.activated, left)
    options.append({"label": "End your turn", "key": "end"})
    return options


def ability_options(m: Machine, seat: int, table: dict, budget: int) -> list[dict]:
    """The abilities of `seat`'s cards in play listed in `table` (card id -> ability indexes)
    that it may use now: within `budget` actions, under their once-per limit, their condition
    holding and their effects having something to act on."""
    if not table:
        return []
    program = m.program
    st = m.state
    ids = st["ids"]
    zones = st["zones"]
    options: list[dict] = []
    seen: set[str] = set()
    cache = program.cache.setdefault(("options:abilities", id(table)), {})
    for zone_key in _in_play_keys(m, seat):
        for inst in zones[zone_key]:
            card_id = ids[inst]
            if card_id not in table:
                continue
            for index, ability, key, label, check, params in _abilities(program, table, card_id,
                                                                        cache):
                if key in seen or ability.cost > budget:
                    continue
                if ability.once_per and used(m, ability.once_per,
                                             use_key(seat, inst, card_id, index)):
                    continue
                ctx = {"self": seat, "card": inst}
                if ability.if_ is not None and not m.holds(ability.if_, seat, ctx, inst):
                    continue
                if check is not None and not check(m, ctx, params):
                    continue
                seen.add(key)
                options.append(
                    {"label": label, "key": key, "c": inst, "i": index, "cost": ability.cost}
                )
    return options
