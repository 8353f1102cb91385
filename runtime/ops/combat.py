"""Ops of fights: damage, heal, attack, contest, defeat, status.

A contest runs in steps kept in its working values: pick the defending seat (and card),
fire `on-attacked` and `before-attack`, the attacker commits, the defender answers, the
totals are compared, every committed card is spent, then `success` or `failure` runs and
`after-attacked`, `on-defence-failed`/`on-defence-succeeded`, `after-attack` and
`on-hit`/`on-miss` fire. Committing is one decision: how many cards of each kind from
each zone the side may use (one option per combination, or card by card when the
combinations are too many).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, compress, filterfalse, product
from operator import getitem, itemgetter, mul
from typing import TYPE_CHECKING

from runtime import weapons
from runtime.conditions import put_out
from runtime.errors import RuleError
from runtime.frames import Call, Tail, answered, ask, fx
from runtime.ops import amount, implements
from runtime.ops.variables import read, write
from runtime.picking import in_zone, pick
from runtime.selectors import candidates, resolve
from runtime.targets import of_card_type, resolve_pieces, targets_pieces
from runtime.windows import collected, window, windows
from runtime.written import condition, zone_key
from runtime.written import write as written
from runtime.zones import groups, move

if TYPE_CHECKING:
    from runtime.machine import Machine

MAX_COMBINATIONS = 200
_chain = chain.from_iterable


def _health(m: Machine) -> str | None:
    return "health" if "health" in m.program.variables else None


@implements("damage", seats="target")
def damage(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    n = int(amount(m, ctx, p.amount))
    frames = []
    for seat in seats:
        if _health(m):
            write(m, "health", seat, read(m, "health", seat) - n)
        m.emit("damage", seat=seat, amount=n)
        # the seat's windows: a foe dealing it (a reaction) lends them none of its fields
        wctx = {**ctx, "target": seat, "damage": n, "piece": None}
        frames.append(window("on-damaged", wctx))
        if _health(m) and read(m, "health", seat) <= 0:
            frames.append(window("on-defeated", wctx))
    return Tail(*frames) if frames else None


def ally_healed(m: Machine, ctx: dict, seat: int, gained: int) -> list[dict]:
    """The healer's `on-ally-healed`, when a seat's effect (no foe's) gave another seat
    health."""
    healer = ctx.get("self")
    if (gained <= 0 or type(healer) is not int or healer == seat
            or ctx.get("piece") is not None or "on-ally-healed" not in m.program.listened):
        return []
    return [window("on-ally-healed", {**ctx, "target": seat, "healed": gained})]


@implements("heal", seats="target")
def heal(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    n = int(amount(m, ctx, p.amount))
    frames = []
    if _health(m):
        for seat in seats:
            if p.per_target:
                n = int(m.value(p.amount, seat, {**ctx, "self": seat, "piece": None}))
            before = read(m, "health", seat)
            write(m, "health", seat, before + n)
            frames += ally_healed(m, ctx, seat, read(m, "health", seat) - before)
    else:  # no health to raise: the rules' `on-healed` says what healing does
        for seat in seats:
            if p.per_target:
                n = int(m.value(p.amount, seat, {**ctx, "self": seat, "piece": None}))
            frames.append(window("on-healed", {**ctx, "target": seat, "healed": n, "piece": None}))
    return Tail(*frames) if frames else None


@implements("defeat")
def defeat(m: Machine, ctx: dict, p, local: dict):
    if targets_pieces(m, p.target, ctx):
        return _on_pieces(m, ctx, p, local, "defeat")
    card = ctx.get("tcard") if p.target == "target" else None
    if card is not None:
        owner = m.owner(card)
        move(m, card, m.key("discard", owner))
        return None
    seats = resolve(m, ctx, p.target, local)
    if type(seats) is dict:
        return seats
    if put_out(m, seats, "defeated"):
        return None
    frames = [window("on-defeated", {**ctx, "target": seat}) for seat in seats]
    return Tail(*frames) if frames else None


@implements("status", seats="target")
def status(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    for seat in seats:
        statuses = m.state["status"][seat]
        if p.remove:
            statuses.pop(p.status, None)
        else:
            statuses[p.status] = p.duration
    return None


def _on_pieces(m: Machine, ctx: dict, p, local: dict, name: str):
    from runtime.ops import PIECE_HANDLERS

    found = resolve_pieces(m, ctx, p.target, local, p=p)
    if type(found) is dict:
        return found
    found = of_card_type(m, found, getattr(p, "only", None))
    return PIECE_HANDLERS[name](m, ctx, p, local, found)


def _after(m: Machine, ctx: dict, won: bool, then: list) -> Tail:
    """The outcome's effects, then the windows after an attack: these answer with the cards
    as the attack resolved (won or lost), before the outcome turned any of them over."""
    listened = m.program.listened
    waiting = [collected(m, name, ctx) for name in (
        "after-attacked", "on-defence-failed" if won else "on-defence-succeeded", "after-attack",
        "on-hit" if won else "on-miss") if name in listened]
    return Tail(*([fx(m.program.lid(then), ctx)] if then else []), *waiting)


def _attack_viable(m: Machine, ctx: dict, p) -> bool:
    """On a board, an attack needs a piece its selector can strike (a line is aimed first),
    with a weapon still ready to strike when it takes one."""
    if p.target == "in-line" or not targets_pieces(m, p.target, ctx):
        return True
    from runtime.targets import piece_candidates

    if p.weapon is not None:
        return any(piece_candidates(m, weapons.armed(m, ctx, p.weapon, inst), p.target, p)
                   for inst in weapons.ready(m, p.weapon, ctx["self"]))
    return bool(piece_candidates(m, ctx, p.target, p))


@implements("attack", viable=_attack_viable)
def attack(m: Machine, ctx: dict, p, local: dict):
    """An attack without committed cards: a strength (or a roll) against the defence."""
    if local.get("on-pieces") or ("w" not in local and targets_pieces(m, p.target, ctx)):
        local["on-pieces"] = True  # kept, so the answer to a call goes the same way
        if p.weapon is not None:
            from runtime.targets import piece_candidates

            def usable(inst: int) -> bool:
                return p.target == "in-line" or bool(
                    piece_candidates(m, weapons.armed(m, ctx, p.weapon, inst), p.target, p))

            inst = weapons.choose(m, ctx, p.weapon, local, usable)
            if inst is None or type(inst) is dict:
                return inst
            ctx = weapons.armed(m, ctx, p.weapon, inst)
        return _on_pieces(m, ctx, p, local, "attack")
    attacker = ctx["self"]
    if "w" not in local:
        seats = resolve(m, ctx, p.target, local, exclude=(attacker,), prompt="Attack whom?")
        if type(seats) is dict:
            return seats
        if not seats:
            return None
        strength = int(amount(m, ctx, p.strength)) if p.strength is not None else 0
        if p.dice is not None:
            from runtime.dice import roll_total

            strength += roll_total(m, p.dice, attacker)
        local["w"] = {**ctx, "attacker": attacker, "defender": seats[0], "target": seats[0],
                      "strength": strength}
        return Call(window("on-attacked", local["w"]), window("before-attack", local["w"]))
    wctx = local["w"]
    defender = wctx["defender"]
    defence = read(m, "defence", defender) if "defence" in m.program.variables else 0
    won = wctx["strength"] > defence
    hurt = max(0, wctx["strength"] - defence)
    result = {**wctx, "defence": defence, "won": won, "damage": hurt}
    m.emit("attack", attacker=attacker, defender=defender, strength=wctx["strength"],
           defence=defence, won=won)
    if won and _health(m):
        write(m, "health", defender, read(m, "health", defender) - hurt)
    return _after(m, result, won, [])


# -- contests ---------------------------------------------------------------------------------


def _excluded(m: Machine, ctx: dict, p) -> tuple[int, ...]:
    out = {ctx["self"]}
    for selector in p.exclude:
        out |= set(candidates(m, ctx, selector))
    return tuple(out)


def _target_cards(m: Machine, ctx: dict, p, seat: int) -> list[int]:
    if p.card_zone is None:
        raise RuleError("a contest aimed at a card (`card:`) needs `card-zone:`")
    return in_zone(m, m.key(p.card_zone, seat), seat, p.card, ctx)


def _stakes(m: Machine, ctx: dict, stakes: list, seat: int) -> list[tuple[str, int, list[int]]]:
    """(label, value per card, cards) for each kind of card the seat may commit: what
    `_written_stakes` writes for the list, run."""
    cache = m.program.cache
    known = cache["combat:stakes"] if "combat:stakes" in cache else cache.setdefault(
        "combat:stakes", {})
    kept = known.get(id(stakes))
    if kept is None or kept[0] is not stakes:  # (kept with the list: its id is never reused)
        kept = known[id(stakes)] = (stakes, _written_stakes(m.program, stakes))
    return kept[1](m, seat, ctx)


def _written_stakes(program, stakes: list) -> Callable:
    """`_stakes` for one list of stakes as one function `(m, seat, ctx)`, written once per
    program (`fn.source` holds the text): stake by stake, its `if:` written out (`condition`),
    its cards read as `in_zone` reads them, in C where its filter is a lookup by card id
    (`in_zone` itself for one that reads more than the card, or fails: it raises when it
    comes to it), grouped by kind of card in the order first met (`groups`; a single list
    made in C where the filter lets one kind only through), each kind labelled once."""
    names: dict = {"_in_zone": in_zone, "_groups": groups, "_labelled": _labelled,
                   "_program": program, "_filter": filter, "_filterfalse": filterfalse,
                   "_compress": compress, "_map": map, "_list": list, "_int": int}
    body = ["st = m.state", "zones, ids, down = st['zones'], st['ids'], st['down']",
            "found = []"]
    for n, stake in enumerate(stakes):
        names.update({f"_stake_{n}": stake, f"_value_{n}": stake.value, f"_labels_{n}": {}})
        body.append(f"# {stake.zone}, {stake.value} a card, matching {stake.matching}, face "
                    f"{stake.face}, if {stake.if_}")
        depth = ""
        if stake.if_ is not None:
            names[f"_if_{n}"] = condition(program, stake.if_)
            body.append(f"if _if_{n}(m, seat, ctx):")
            depth = "    "
        try:
            table = None if stake.matching is None else program.card_table(stake.matching)
        except RuleError:
            table = None
        key = zone_key(program, stake.zone, "seat", f"_zone_{n}", names)
        if stake.matching is not None and table is None:  # (a filter reading more than the card)
            body.append(f"{depth}cards = _in_zone(m, {key}, seat, _stake_{n}.matching, ctx, "
                        f"face=_stake_{n}.face)")
        else:  # `in_zone`'s common case (`bool(down[inst]) == want_down`)
            body.append(f"{depth}cards = zones[{key}]" if stake.face is None else
                        f"{depth}cards = _list(_{'filter' if stake.face == 'down' else 'filterfalse'}"
                        f"(down.__getitem__, zones[{key}]))")
            if table is not None:
                names[f"_table_{n}"] = table
                body.append(f"{depth}cards = _compress(cards, _map(_table_{n}.__getitem__, "
                            f"_map(ids.__getitem__, cards)))")
        value = (repr(stake.value) if type(stake.value) is int else
                 f"_int(m.value(_value_{n}, seat, ctx, group[0]))")
        kinds = [] if table is None else [k for k, ok in table.items() if ok]
        if len(kinds) == 1 and stake.zone in program.zones:  # one kind only: one list, in C
            label = f"{program.name_of(kinds[0])} from {program.zone(stake.zone).name}"
            body += [f"{depth}group = _list(cards)",
                     f"{depth}if group:",
                     f"{depth}    found.append(({label!r}, {value}, group))"]
        else:
            body += [f"{depth}for card_id, group in _groups(m, cards):",
                     f"{depth}    found.append((_labels_{n}[card_id] if card_id in _labels_{n} else "
                     f"_labelled(_program, _stake_{n}, card_id, _labels_{n}), {value}, group))"]
    body.append("return found")
    return written("stakes", "m, seat, ctx", body, names)


def _labelled(program, stake, card_id: str, labels: dict) -> str:
    """The label of card `card_id` committed from the zone of `stake`, kept in `labels`."""
    found = labels[card_id] = f"{program.name_of(card_id)} from {program.zone(stake.zone).name}"
    return found


def _reaches(m: Machine, ctx: dict, stakes: list, seat: int, need: int) -> bool:
    """Whether committing everything it may would give the seat a total of `need`."""
    total = 0
    for stake in stakes:
        if not m.holds(stake.if_, seat, ctx):
            continue
        cards = in_zone(m, m.key(stake.zone, seat), seat, stake.matching, ctx, face=stake.face)
        if type(stake.value) is int and stake.value >= 0:  # the same for every card
            total += stake.value * len(cards)
            if total >= need:
                return True
            continue
        for inst in cards:
            total += int(m.value(stake.value, seat, ctx, inst))
            if total >= need:
                return True
    return False


def _contest_viable(m: Machine, ctx: dict, p) -> bool:
    seat = ctx["self"]
    if not _reaches(m, ctx, p.attack, seat, max(1, int(amount(m, ctx, p.minimum)))):
        return False
    excluded = _excluded(m, ctx, p)
    for s in candidates(m, ctx, p.target):
        if s in excluded or not m.holds(p.target_if, s, ctx):
            continue
        if p.card is None or _target_cards(m, ctx, p, s):
            return True
    return False


@implements("contest", viable=_contest_viable)
def contest(m: Machine, ctx: dict, p, local: dict):
    if "w" in local:
        return _fight(m, local, p)
    attacker = ctx["self"]
    if "who" in local or "asking" in local and local["asking"] == "who":  # (the seat chosen,
        # or its choice answered: nothing to work out again)
        seats = resolve(m, ctx, p.target, local)
    else:
        seats = resolve(m, ctx, p.target, local, where=p.target_if,
                        exclude=_excluded(m, ctx, p), prompt="Attack whom?")
    if type(seats) is dict:
        return seats
    if p.card is not None:
        seats = [s for s in seats if _target_cards(m, ctx, p, s)]
    if not seats:
        return None
    defender = seats[0]
    card = None
    if p.card is not None:
        chosen = pick(m, local, attacker, _target_cards(m, ctx, p, defender), 1, False,
                      "Attack which card?", "target")
        if type(chosen) is dict:
            return chosen
        card = chosen[0]
    local["w"] = {
        **ctx,
        "attacker": attacker,
        "defender": defender,
        "target": defender,
        "tcard": card,
    }
    if m.log is not None:
        m.emit("contest", attacker=attacker, defender=defender, card=card)
    m.calm_step()  # only sides chosen so far: nothing the end conditions read has changed
    return Call(*windows(m, ("on-attacked", "before-attack"), local["w"]))


def commit_options(m: Machine, ctx: dict, stakes: list, seat: int, least: int) -> list[dict]:
    """One option per combination of cards to commit (totals of at least `least`)."""
    found = _stakes(m, ctx, stakes, seat)
    if not found:  # (what the loop below makes of no cards: committing nothing)
        return [{"label": "nothing (total 0)", "key": "commit:", "cards": [], "total": 0}
                ] if least <= 0 else []
    labels, values, groups = zip(*found, strict=True)  # (each a tuple, in C)
    sizes = tuple(map(len, groups))
    combos = 1
    for size in sizes:
        combos *= size + 1
    if combos > MAX_COMBINATIONS:
        return []
    # the combinations of kinds, values and counts seen before, labelled and sorted once per
    # program (a game asks the same commit many times)
    shape = (labels, values, sizes, least)
    cache = m.program.cache
    known = cache["combat:commits"] if "combat:commits" in cache else cache.setdefault(
        "combat:commits", {})
    made = known[shape] if shape in known else _combinations(known, shape)
    return [{"label": label, "key": key, "cards": [*_chain(map(getitem, groups, cuts))],
             "total": total} for label, key, cuts, total in made]


def _combinations(known: dict, shape: tuple) -> list[tuple]:
    """(label, key, slices of each kind's cards, total) of each combination of at least the
    least total, in the order offered (by total), for `shape` (labels, values, sizes, least):
    kept in `known`."""
    labels, values, sizes, least = shape
    made = []
    for counts in product(*[range(n + 1) for n in sizes]):
        total = sum(map(mul, counts, values))
        if total < least:
            continue
        label = " + ".join(f"{n} {label}" for n, label in zip(counts, labels, strict=True) if n)
        made.append(((label or "nothing") + f" (total {total})",
                     "commit:" + ",".join(map(str, counts)),
                     tuple(slice(n) for n in counts), total))
    made.sort(key=itemgetter(3))
    known[shape] = made
    return made


def _commit(m: Machine, local: dict, side: str, seat: int, stakes: list, least: int, spent: str):
    """Ask `seat` what it commits; move the cards to `spent`. Returns the total or a decision."""
    ctx = local["w"]
    if side in local:
        return local[side]
    option = answered(local, side) if "ans" in local else None  # (no call with none pending)
    if option is not None:
        for inst in option["cards"]:
            move(m, inst, m.key(spent, m.owner(inst)), "up")
        local[side] = option["total"]
        if m.log is not None:
            m.emit("commit", seat=seat, side=side, total=option["total"], cards=len(option["cards"]))
        return local[side]
    options = commit_options(m, ctx, stakes, seat, least)
    if not options and least == 0:
        local[side] = 0
        return 0
    if not options:
        return _commit_one_by_one(m, local, side, seat, stakes, least, spent)
    local["asking"] = side
    what = "attack with" if side == "a" else "defend with"
    return ask(seat, "commit", f"What do you {what}?", options)


def _commit_one_by_one(
    m: Machine, local: dict, side: str, seat: int, stakes: list, least: int, spent: str
):
    """Too many combinations: the seat adds one card at a time, then stops."""
    found = _stakes(m, local["w"], stakes, seat)
    total = local.get(side + "+", 0)
    options = [
        {"label": f"Add {label} (+{value})", "key": f"add:{i}", "cards": cards[:1], "total": value}
        for i, (label, value, cards) in enumerate(found)
    ]
    if total >= least:
        options.append({"label": f"Stop at {total}", "key": "stop", "cards": [], "total": 0})
    answer = answered(local, side + "+")
    if answer is not None:
        if answer["key"] == "stop":
            local[side] = total
            return total
        move(m, answer["cards"][0], m.key(spent, seat), "up")
        local[side + "+"] = total + answer["total"]
        return _commit_one_by_one(m, local, side, seat, stakes, least, spent)
    if not options:
        local[side] = total
        return total
    local["asking"] = side + "+"
    return ask(seat, "commit", f"Committed {total} so far", options)


def _fight(m: Machine, local: dict, p):
    ctx = local["w"]
    attacker, defender = ctx["attacker"], ctx["defender"]
    minimum = p.minimum if type(p.minimum) is int else int(m.value(p.minimum, attacker, ctx))
    least = max(1, minimum)
    a = _commit(m, local, "a", attacker, p.attack, least, p.spent_to)
    if type(a) is dict:
        return a
    d = _commit(m, local, "d", defender, p.defence or p.attack, 0, p.spent_to)
    if type(d) is dict:
        return d
    if type(p.minimum) is not int:  # (worked out again after the commits, which it may read)
        minimum = int(m.value(p.minimum, attacker, ctx))
    won = a >= minimum and (a > d or (p.ties == "attacker" and a == d))
    result = {**ctx, "strength": a, "defence": d, "won": won}
    if m.log is not None:
        m.emit("fight", attacker=attacker, defender=defender, strength=a, defence=d, won=won)
    card = ctx.get("tcard")
    if won and card is not None and m.state["loc"][card] == m.key(p.card_zone, defender):
        move(m, card, m.key(p.card_to, defender))
    return _after(m, result, won, p.success if won else p.failure)
