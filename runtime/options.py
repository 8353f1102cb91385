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

import ast
from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING

from runtime.specialise import CHECK_SPECIALISERS
from runtime.uses import use_key, used
from runtime.written import expression, reads, write, zone_key

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


def main_options(m: Machine, seat: int) -> list[dict]:
    """The options of `seat`'s turn: what `write_main_options` writes out for the program, run."""
    return m.program.cache["options:main"](m, seat)  # (the turn handler calls it so, inline)


def write_main_options(program) -> Callable:
    """The turn options of `program` as one function `(m, seat)`, kept in its cache as
    `options:main` (written at load, with the end check: `Program.write_generated`): each
    action tested in place, in order, for its cost, its limit, its `if:` (read in place; a
    failure is evaluated again by `holds`, which raises it located) and its first effect's
    viability check; then the abilities, the terrain, and ending the turn."""
    body = ["st = m.state",
            "left = st['actions']",
            "sv = st['sv'][seat]  # (the seat's variables, as the conditions read them)",
            "ctx = {'self': seat}",
            "options = []",
            "uses = st['used']",
            "turn_uses = uses['turn'] if 'turn' in uses else _NONE"]
    names: dict = {"_NONE": {}, "_activated": program.activated}
    shared: dict = {}  # a contest's stake (what identifies it) -> the variable it is kept in
    # actions in a row with the same cost and no limit share one test of it, and within such
    # a run an `if:` met before is not read again
    group: str | None = None
    held: dict[str, str] = {}  # an `if:` read in the run -> the variable holding it
    for n, action in enumerate(program.rules.actions):
        check, params = first_check(program, action.do)
        names.update({f"_cost_{n}": action.cost, f"_use_{n}": "a:" + action.id,
                      f"_if_{n}": action.if_, f"_check_{n}": check, f"_params_{n}": params})
        if type(action.cost) is int:
            cost = str(action.cost)
        else:
            body.append(f"cost = int(m.value(_cost_{n}, seat, ctx))")
            cost = "cost"
        tests = [] if _within(action.cost) else [f"{cost} <= left"]
        if action.limit == 1:  # (a use is recorded as a count of 1 or more: `used`)
            tests.append(f"_use_{n} not in turn_uses")
        elif action.limit is not None:
            tests.append(f"(turn_uses[_use_{n}] if _use_{n} in turn_uses else 0) < {action.limit}")
        run = None if action.limit is not None or cost == "cost" else " and ".join(tests)
        if run is None or run != group:
            held = {}
            if tests:
                body.append(f"if {' and '.join(tests)}:")
        group = run
        depth = "    " if tests else ""
        body.append(f"{depth}# {action.id}: cost {action.cost}, limit {action.limit}, "
                    f"if {action.if_}")
        if action.if_ is not None:
            if action.if_ in held:
                body.append(f"{depth}if {held[action.if_]}:")
            else:
                body += _written_if(program, action.if_, f"m.holds(_if_{n}, seat, ctx)", depth,
                                    names, f"ok_{n}", held)
                held[action.if_] = f"ok_{n}"
            depth += "    "
        reach = getattr(check, "reach", None)  # a contest's check, in parts to inline
        if reach is not None:  # (a stake's `if:` that is the action's own holds here)
            body += _reaching(reach, n, depth, names, shared, action.if_)
            aims = getattr(reach.targets, "lines", None)  # (its targets' lines, in place)
            if aims is None:
                body.append(f"{depth}if total >= {reach.need} and _targets_{n}(m, ctx, seat):")
                depth += "    "
            else:
                body.append(f"{depth}if total >= {reach.need}:")
                body += [f"{depth}    {line}" for line in aims(f"aims_{n}", "seat", "other",
                                                                f"_{n}", names)]
                body.append(f"{depth}    if aims_{n}:")
                depth += "        "
        elif hasattr(check, "lines"):  # its lines, written in place (`acting` is the seat)
            body += [f"{depth}{line}"
                     for line in check.lines(f"viable_{n}", f"_{n}", names, seated=True)]
            body.append(f"{depth}if viable_{n}:")
            depth += "    "
        elif check is not None:
            body.append(f"{depth}if _check_{n}(m, ctx, _params_{n}):")
            depth += "    "
        if type(action.cost) is int:  # the same option every time: made once (never changed)
            names[f"_option_{n}"] = {"label": action.name, "key": "action:" + action.id,
                                     "a": action.id, "cost": action.cost}
            body.append(f"{depth}options.append(_option_{n})")
        else:
            body.append(f"{depth}options.append({{'label': {action.name!r}, "
                        f"'key': {'action:' + action.id!r}, 'a': {action.id!r}, 'cost': cost}})")
    if program.activated:
        body += _ability_lines(program, names)
    # the state's parts the lines read (the stakes, each counted once a turn step when first
    # needed, None until then, and the abilities), bound once
    code = [line for line in body if not line.lstrip().startswith("#")]
    parts = [part for part in ("zones", "ids", "down") if reads(code, part)]
    body[1:1] = [*([f"{', '.join(parts)} = {', '.join(f'st[{p!r}]' for p in parts)}"]
                   if parts else []), *[f"{var} = None" for var in shared.values()],
                 *(["acting = seat"] if reads(code, "acting") else [])]
    if program.game.terrain:
        from runtime.interactions import terrain_options

        names["_terrain"] = terrain_options
        body.append("options += _terrain(m, seat, left)")
    names["_END"] = {"label": "End your turn", "key": "end"}
    body += ["options.append(_END)", "return options"]
    found = program.cache["options:main"] = write(
        "main_options", "m, seat, card=None", body, names)
    return found


def _ability_lines(program, names: dict) -> list[str]:
    """Lines adding the options of the abilities of the seat's cards in play (zone by zone,
    each card's written by `_offers`, each ability once) and of its items: `ability_options`
    for the activated abilities, written out."""
    table = program.activated
    offers = program.cache.setdefault(("options:abilities", id(table)), {})
    for card_id in table:  # (written now, with the rest of the turn options)
        _offers(program, table, card_id, offers)
    names.update({"_offers": offers, "_offered": offers.__contains__, "_items": item_options,
                  "_compress": compress, "_map": map})
    body = ["# the abilities of the seat's cards in play, then of its items",
            "seen = set()"]
    zones = [z for z in program.in_play_zones if z.per_seat]
    keys = [zone_key(program, zone.id, "seat", f"_zone_{n}", names) for n, zone in enumerate(zones)]
    if zones and all(zone.in_play_if is None for zone in zones):
        # the seat's cards in play in one list, those with abilities picked out in C
        every = ", ".join(f"*zones[{key}]" for key in keys)
        return [*body, f"cards = [{every}]",
                "for inst in _compress(cards, _map(_offered, _map(ids.__getitem__, cards))):",
                "    _offers[ids[inst]](m, seat, inst, options, seen, left, st, sv)",
                "if st['items'][seat]:", "    options += _items(m, seat, _activated, left)"]
    for n, zone in enumerate(zones):
        body += [f"for inst in zones[{keys[n]}]:",
                 "    card_id = ids[inst]",
                 "    if card_id in _offers:"]
        depth = "        "
        if zone.in_play_if is not None:
            names[f"_in_play_if_{n}"] = zone.in_play_if
            body.append(f"{depth}if m.card_matches(_in_play_if_{n}, inst, seat):")
            depth += "    "
        body.append(f"{depth}_offers[card_id](m, seat, inst, options, seen, left, st, sv)")
    body += ["if st['items'][seat]:", "    options += _items(m, seat, _activated, left)"]
    return body


def _written_if(program, condition, holds: str, depth: str, names: dict,
                var: str = "ok", held: dict | None = None) -> list[str]:
    """Lines that go on (one level deeper) only where `condition` holds (kept in `var`):
    read in place, a failure evaluated again by `holds` (the call, as text), which raises
    it located. With `held` (conditions read before, unconditionally, in the same function
    -> the variable holding each), the state's parts are read as `zones`, `ids` and `down`
    (the function binds those it reads), and a condition whose first terms (`a and b and
    ...`) are one read before reads that variable instead of them."""
    written = expression(program, condition, seated=True, bound=True, parts=held is not None)
    if written is None:
        return [f"{depth}{var} = {holds}", f"{depth}if {var}:"]
    text, needs = written
    names.update(needs)
    for source, before in (held or {}).items():
        rest = _after_terms(text, expression(program, source, seated=True, bound=True,
                                             parts=True))
        if rest is not None:
            text = f"({before} and {rest})"
            break
    return [f"{depth}try:",
            f"{depth}    {var} = {text}",
            f"{depth}except Exception:  # located by `holds`, which evaluates it again",
            f"{depth}    {var} = {holds}",
            f"{depth}if {var}:"]


def _after_terms(text: str, first: tuple | None) -> str | None:
    """Written condition `text` but its first terms, when they are written condition `first`
    (`a and b and c` after `a` or `a and b`), as text; else None."""
    if first is None:
        return None
    whole = ast.parse(text, mode="eval").body
    part = ast.parse(first[0], mode="eval").body
    if not isinstance(whole, ast.BoolOp) or not isinstance(whole.op, ast.And):
        return None
    terms = part.values if isinstance(part, ast.BoolOp) and isinstance(part.op, ast.And) else [
        part]
    if len(terms) >= len(whole.values) or any(
            ast.dump(a) != ast.dump(b) for a, b in zip(terms, whole.values, strict=False)):
        return None
    rest = whole.values[len(terms):]
    return ast.unparse(rest[0] if len(rest) == 1 else ast.BoolOp(op=ast.And(), values=rest))


def _reaching(reach, n: int, depth: str, names: dict, shared: dict,
              holding: str | None) -> list[str]:
    """Lines setting `total` to what the seat may commit to contest `n` (`reach`, the parts
    of its written check), stake by stake while it falls short of the need, each stake
    counted once for every contest of the same stake (kept in `shared`); `holding` is a
    condition known to hold where the lines run (a stake's `if:` that is it is not read)."""
    names[f"_targets_{n}"] = reach.targets
    body = []
    for k, (same, lines) in enumerate(reach.stakes):
        if k:  # a stake is counted only while the total falls short
            body.append(f"{depth}if total < {reach.need}:")
            depth += "    "
        var = shared.get(same)
        if var is None:
            var = shared[same] = f"stake_{len(shared)}"  # (None in the first lines)
        body += [f"{depth}if {var} is None:", *lines(var, depth + "    ", names, holding),
                 f"{depth}total {'+=' if k else '='} {var}"]
    return body


def _offers(program, table: dict, card_id: str, cache: dict) -> Callable:
    """The abilities of card `card_id` listed in `table` (activated or any-time) as one
    function `(m, seat, card, options, seen, budget, st, sv)` appending those its instance
    `card` offers now, written once per program (kept in `cache`): each tested in place, in
    order, for its once-per limit (`use_key`: the instance's number, then `:face#index`),
    its `if:` (read in place; a failure is evaluated again by `holds`, which raises it
    located), its cost within `budget` and its first effect's viability check."""
    body = []
    names: dict = {}
    if any(program.cards[card_id].abilities[index].once_per for index in table.get(card_id, ())):
        body.append("uses = st['used']")
    for index in table.get(card_id, ()):
        ability = program.cards[card_id].abilities[index]
        key = f"use:{card_id}:{index}"
        check, params = first_check(program, ability.do)
        names.update({f"_if_{index}": ability.if_, f"_cost_{index}": ability.cost,
                      f"_check_{index}": check, f"_params_{index}": params,
                      f"_use_{index}": f":{card_id}#{index}"})
        body += [f"# {key}: {ability.name}, once per {ability.once_per}, if {ability.if_}",
                 f"if {key!r} not in seen:"]
        depth = "    "
        if ability.once_per:  # (`used`, inline: a use is recorded as a count of 1 or more)
            scope = repr(ability.once_per)
            body.append(f"{depth}if not ({scope} in uses and "
                        f"f'{{card}}{{_use_{index}}}' in uses[{scope}]):")
            depth += "    "
        made = "{'self': seat, 'card': card}"  # (the context, made only where it is read)
        if ability.if_ is not None:
            body += _written_if(program, ability.if_,
                                f"m.holds(_if_{index}, seat, {made}, card)", depth, names)
            depth += "    "
        if type(ability.cost) is not int or check is not None:
            body.append(f"{depth}ctx = {made}")
        cost = ability.cost
        if type(cost) is not int:
            body.append(f"{depth}cost = int(m.value(_cost_{index}, seat, ctx, card))")
            cost = "cost"
        tests = ([] if _within(ability.cost) else [f"{cost} <= budget"]) + (
            [] if check is None else [f"_check_{index}(m, ctx, _params_{index})"])
        if tests:
            body.append(f"{depth}if {' and '.join(tests)}:")
            depth += "    "
        body += [f"{depth}seen.add({key!r})",
                 f"{depth}options.append({{'label': "
                 f"{program.name_of(card_id) + ': ' + (ability.name or 'use')!r}, "
                 f"'key': {key!r}, 'c': card, 'i': {index}, 'cost': {cost}}})"]
    found = cache[card_id] = write(
        "offers_" + "".join(c if c.isalnum() else "_" for c in card_id),
        "m, seat, card, options, seen, budget, st, sv", body or ["pass"], names)
    return found


def _within(cost) -> bool:
    """Whether `cost` is a number no budget falls short of: none is ever below 0 (the turn's
    is `max(0, ...)`, an action or ability is paid only within it, and a gain of actions
    keeps it at 0 or more), so a cost of 0 or less needs no test."""
    return type(cost) is int and cost <= 0


def _in_play(m: Machine, seat: int) -> list[tuple]:
    """(zone key, `in-play-if` or None) of `seat`'s zones whose cards are in play."""
    keys = m.program.cache.get(("options:in-play", seat))
    if keys is None:
        keys = m.program.cache[("options:in-play", seat)] = [
            (f"{zone.id}:{seat}", zone.in_play_if)
            for zone in m.program.in_play_zones if zone.per_seat]
    return keys


def ability_options(m: Machine, seat: int, table: dict, budget: int) -> list[dict]:
    """The abilities of `seat`'s cards in play (and of the cards it holds as items) listed
    in `table` (card id -> ability indexes) that it may use now: within `budget` actions,
    under their once-per limit, their condition holding and their effects having something
    to act on."""
    if not table:
        return []
    program = m.program
    st = m.state
    sv = st["sv"][seat]
    ids = st["ids"]
    zones = st["zones"]
    options: list[dict] = []
    seen: set[str] = set()
    # (what is worked out once per program, looked up with no call: this runs every turn)
    known = program.cache
    tables = ("options:abilities", id(table))
    offers = known[tables] if tables in known else known.setdefault(tables, {})
    seats = ("options:in-play", seat)
    for key, in_play_if in known[seats] if seats in known else _in_play(m, seat):
        for inst in zones[key]:
            card_id = ids[inst]
            if card_id not in table:
                continue
            if in_play_if is not None and not m.card_matches(in_play_if, inst, seat):
                continue
            (offers[card_id] if card_id in offers else _offers(program, table, card_id, offers))(
                m, seat, inst, options, seen, budget, st, sv)
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
