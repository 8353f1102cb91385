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

from runtime.turns import use_key, used

if TYPE_CHECKING:
    from runtime.machine import Machine


def viable(m: Machine, effects: list, ctx: dict) -> bool:
    """Whether the first effect of a list has something to act on (ops may say; else yes)."""
    if not effects:
        return True
    impl, params, _name = m.program.lists[m.program.lid(effects)][0]
    check = getattr(impl, "viable", None)
    return check is None or check(m, ctx, params)


def main_options(m: Machine, seat: int) -> list[dict]:
    program = m.program
    st = m.state
    left = st["actions"]
    ctx = {"self": seat}
    options: list[dict] = []
    for action in program.rules.actions:
        cost = int(m.value(action.cost, seat, ctx))
        if cost > left:
            continue
        if action.limit is not None and used(m, "turn", "a:" + action.id) >= action.limit:
            continue
        if not m.holds(action.if_, seat, ctx) or not viable(m, action.do, ctx):
            continue
        options.append(
            {"label": action.name, "key": "action:" + action.id, "a": action.id, "cost": cost}
        )
    options += ability_options(m, seat, program.activated, left)
    if program.game.terrain:
        from runtime.interactions import terrain_options

        options += terrain_options(m, seat, left)
    options.append({"label": "End your turn", "key": "end"})
    return options


def ability_options(m: Machine, seat: int, table: dict, budget: int) -> list[dict]:
    """The abilities of `seat`'s cards in play listed in `table` (card id -> ability indexes)
    that it may use now: within `budget` actions, under their once-per limit, their condition
    holding and their effects having something to act on."""
    program = m.program
    ids = m.state["ids"]
    options: list[dict] = []
    seen: set[str] = set()
    for zone in program.in_play_zones:
        if not zone.per_seat:
            continue
        for inst in m.state["zones"][f"{zone.id}:{seat}"]:
            if zone.in_play_if is not None and not m.card_matches(zone.in_play_if, inst, seat):
                continue
            card_id = ids[inst]
            for index in table.get(card_id, ()):
                key = f"use:{card_id}:{index}"
                ability = program.cards[card_id].abilities[index]
                if key in seen or (ability.once_per and used(
                        m, ability.once_per, use_key(seat, inst, card_id, index))):
                    continue
                ctx = {"self": seat, "card": inst}
                if not m.holds(ability.if_, seat, ctx, inst):
                    continue
                cost = int(m.value(ability.cost, seat, ctx, inst))
                if cost > budget or not viable(m, ability.do, ctx):
                    continue
                seen.add(key)
                label = f"{program.name_of(card_id)}: {ability.name or 'use'}"
                options.append(
                    {"label": label, "key": key, "c": inst, "i": index, "cost": cost}
                )
    return options + item_options(m, seat, table, budget)


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
