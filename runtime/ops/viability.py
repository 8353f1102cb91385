"""Viability checks specialised to an op's parameters, worked out once per effect at load.

Turn options ask of every action and ability whether its first effect has something to act
on (`runtime.options`). The ops' own checks (`contest`, `move-card`, `choose`, `pair`) read
their parameters, bind their conditions and look up their card filters on every call; the checks
built here do that once per effect and keep only the reads of the state. Each gives the
same answer as the op's own check; parameters they do not cover (a card filter that reads
more than the card, an amount worked out in play) keep the op's own check. A condition that
fails is evaluated again by `Machine.holds`, which raises it located, as the op's check does
(`runtime.written.condition`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import partial
from itertools import filterfalse
from typing import TYPE_CHECKING, NamedTuple

from runtime.errors import RuleError
from runtime.ops.cards import _move_viable, _search_viable
from runtime.ops.combat import _contest_viable
from runtime.ops.flow import _choose_viable
from runtime.ops.turns import _pair_viable
from runtime.options import first_check
from runtime.selectors import candidates
from runtime.specialise import ACTING, specialises_check
from runtime.tallies import place
from runtime.written import expression, reads, write, zone_key

if TYPE_CHECKING:
    from runtime.machine import Machine

_UNKNOWN = object()  # a card filter that is no lookup by card id


def _table(program, matching: str | None):
    """The card filter `matching` as a lookup by card id (None: no filter), or `_UNKNOWN`."""
    if matching is None:
        return None
    try:
        table = program.card_table(matching)
    except RuleError:  # the op's own check raises it, when it comes to it
        return _UNKNOWN
    return _UNKNOWN if table is None else table


# what written checks count cards with (each a C loop over a zone)
_COUNTING = {"_sum": sum, "_map": map, "_len": len, "_list": list, "_filter": filter,
             "_filterfalse": filterfalse, "_any": any}

_OPPONENTS = frozenset({"chosen-opponent", "each-opponent", "random-opponent"})


def _seats(m: Machine, ctx: dict, selector: str) -> list[int]:
    """`candidates`, without the call for the selectors contests and pairings name most."""
    st = m.state
    me = ctx.get("self", st["active"])
    if selector in _OPPONENTS:
        out = st["out"]
        order = st["order"]
        start = order.index(me) if me in order else 0
        return [s for s in order[start:] + order[:start] if s != me and not out[s]]
    if selector == "partner":
        partner = st["partner"][me]
        return [] if partner is None else [partner]
    if selector == "chosen":
        return m.seats_from(me)
    return candidates(m, ctx, selector)


class Reach(NamedTuple):
    """A written contest check in parts, for a writer that inlines it (the turn options):
    the total the attacker needs, each stake as (what identifies it, a writer of the lines
    setting a variable to what it adds: `(variable, depth, names, holding=None) -> lines`,
    `holding` a condition known to hold where they run, over `seat`,
    `sv`, `zones`, `ids`, `down` and `ctx`), and whether some seat qualifies as its target
    (`(m, ctx, me) -> bool`)."""

    need: int
    stakes: tuple
    targets: Callable


@specialises_check(_contest_viable)
def contest_check(program, p):
    """`_contest_viable` for one contest, written out (`runtime.written`): the attacker can
    reach the minimum with what it may commit (each stake's `if:` read in place, its cards
    counted by card id), and some seat it may attack qualifies (and holds a target card).
    Its parts are `fn.reach` (`Reach`)."""
    tables = [_table(program, stake.matching) for stake in p.attack]
    if any(table is _UNKNOWN for table in tables) or any(
            type(stake.value) is not int or stake.value < 0 for stake in p.attack):
        return _contest_viable
    card = _table(program, p.card)
    if type(p.minimum) is not int or card is _UNKNOWN or (p.card is not None
                                                           and p.card_zone is None):
        return _contest_viable
    reach = Reach(max(1, p.minimum), tuple(
        ((stake.zone, stake.value, stake.matching, stake.face, stake.if_),
         partial(_stake_lines, program, stake, table))
        for stake, table in zip(p.attack, tables, strict=True)), _targets(program, p, card))
    names: dict = {"_targets": reach.targets}
    body = ["st = m.state",
            "me = seat = ctx['self']",
            "zones, ids, down = st['zones'], st['ids'], st['down']",
            "sv = st['sv'][seat]"]
    depth = ""
    for n, (_same, lines) in enumerate(reach.stakes):
        if n:  # a stake is counted only while the total falls short
            body.append(f"{depth}if total < {reach.need}:")
            depth += "    "
        body += lines(f"s_{n}", depth, names)
        body.append(f"{depth}total {'+=' if n else '='} s_{n}")
    body += [f"if total < {reach.need}:", "    return False", "return _targets(m, ctx, me)"]
    found = write("contest_check", "m, ctx, _p, card=None", body, names)
    found.reach = reach
    return found


def _stake_lines(program, stake, table, var: str, depth: str, names: dict,
                 holding: str | None = None) -> list[str]:
    """Lines setting `var` to what `stake` adds to the seat's total: its value times its
    cards, counted in C (those lying as `face` says, of the kinds its table says), or 0
    when its `if:` fails (not read when it is `holding`, known to hold where they run)."""
    names.update({f"_table_{var}": table, f"_if_{var}": stake.if_, **_COUNTING})
    body = [f"{depth}# {stake.zone}, {stake.value} a card, matching {stake.matching}, "
            f"face {stake.face}, if {stake.if_}"]
    inner = depth
    tested = stake.if_ is not None and stake.if_ != holding
    if tested:
        body += _holding(program, stake.if_, f"_if_{var}", depth, names)
        body.append(f"{depth}if ok:")
        inner = depth + "    "
    cards = f"zones[{zone_key(program, stake.zone, 'seat', f'_zone_{var}', names)}]"
    k = place(program, stake.zone, table, stake.face)
    if k is not None:  # kept as cards move (`runtime.tallies`)
        cards = None
    elif stake.face is not None:  # (`bool(down[inst]) != want_down`)
        cards = f"_{'filter' if stake.face == 'down' else 'filterfalse'}(down.__getitem__, {cards})"
    count = f"m.tallied[seat][{k}]" if k is not None else (
        f"_len({cards})" if stake.face is None else f"_len(_list({cards}))"
    ) if table is None else (
        f"_sum(_map(_table_{var}.__getitem__, _map(ids.__getitem__, {cards})))")
    body.append(f"{inner}{var} = {count}" if stake.value == 1 else
                f"{inner}{var} = {stake.value} * {count}")
    if tested:
        body += [f"{depth}else:", f"{depth}    {var} = 0"]
    return body


def _targets(program, p, card) -> Callable:
    """Whether some seat the contest may attack qualifies, written out `(m, ctx, me)`: the
    target's seats, but the attacker and those `exclude` names, its `target-if:` holding,
    holding a target card when it aims at one. Its lines are `fn.lines` (`_target_lines`),
    for a writer that inlines it."""
    lines = partial(_target_lines, program, p, card)
    names: dict = {}
    body = lines("found", "me", "seat", "", names)
    zones = ["zones, ids = st['zones'], st['ids']"] if any("zones[" in line for line in body) else []
    found = write("contest_targets", "m, ctx, me", ["st = m.state", *zones, *body, "return found"],
                  names)
    found.lines = lines
    return found


def _target_lines(program, p, card, var: str, me: str, who: str, tag: str,
                  names: dict) -> list[str]:
    """Lines setting `var` to whether some seat the contest may attack qualifies (see
    `_targets`), over `m`, `ctx`, `st` (`m.state`) and the attacker in variable `me` (and
    `zones` and `ids`, bound by the caller, where they read a target card's zone): the seat
    looked at in variable `who` (its variables in `sv` for `seat`, else `{who}_sv`); their
    globals, named with `tag`, go in `names`."""
    names.update({"_seats": _seats, f"_card{tag}": card, **_COUNTING})
    body = [f"{var} = False"]
    skip = [f"{who} == {me}"]
    for n, selector in enumerate(p.exclude):
        names[f"_exclude{tag}_{n}"] = selector
        if selector == "partner":
            body.append(f"excluded{tag}_{n} = st['partner'][{me}]")
            skip.append(f"{who} == excluded{tag}_{n}")
        else:
            body.append(f"excluded{tag}_{n} = _seats(m, ctx, _exclude{tag}_{n})")
            skip.append(f"{who} in excluded{tag}_{n}")
    if p.target in _OPPONENTS:  # (whether any qualifies: in turn order, from any seat)
        body += [f"out{tag} = st['out']",
                 f"for {who} in st['order']:",
                 f"    if out{tag}[{who}]:",
                 "        continue"]
    else:
        names[f"_target{tag}"] = p.target
        body.append(f"for {who} in _seats(m, ctx, _target{tag}):")
    body += [f"    if {' or '.join(skip)}:", "        continue"]
    if p.target_if is not None:
        names[f"_target_if{tag}"] = p.target_if
        body.append(f"    {'sv' if who == 'seat' else who + '_sv'} = st['sv'][{who}]")
        body += _holding(program, p.target_if, f"_target_if{tag}", "    ", names, who)
        body += ["    if not ok:", "        continue"]
    if card is not None:
        key = zone_key(program, p.card_zone, who, f"_card_zone{tag}", names)
        k = place(program, p.card_zone, card, None)  # (its table's truths: kept, as a count)
        body += [f"    if not m.tallied[{who}][{k}]:" if k is not None else
                 f"    if not _any(_map(_card{tag}.__getitem__, _map(ids.__getitem__, "
                 f"zones[{key}]))):",
                 "        continue"]
    body += [f"    {var} = True", "    break"]
    return body


class _Renamed(ast.NodeTransformer):
    """Names read under others (`{"seat": "other"}`)."""

    def __init__(self, names: dict[str, str]):
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.copy_location(ast.Name(id=self.names.get(node.id, node.id), ctx=node.ctx),
                                 node)


def _holding(program, source: str, held: str, depth: str, names: dict,
             who: str = "seat") -> list[str]:
    """Lines setting `ok` to whether condition `source` (in global `held`) holds for the seat
    in variable `who`, read in place (the state bound as `st`, the seat's variables as `sv`
    for `seat`, else `{who}_sv`); a failure is evaluated again by `holds`, which raises it
    located."""
    written = expression(program, source, seated=True, bound=True)
    if written is None:
        return [f"{depth}ok = m.holds({held}, {who}, ctx)"]
    text, needs = written
    names.update(needs)
    if who != "seat":
        text = ast.unparse(_Renamed({"seat": who, "sv": f"{who}_sv"}).visit(
            ast.parse(text, mode="eval")))
    return [f"{depth}try:", f"{depth}    ok = {text}",
            f"{depth}except Exception:  # located by `holds`, which evaluates it again",
            f"{depth}    ok = m.holds({held}, {who}, ctx)"]


@specialises_check(_move_viable)
def move_card_check(program, p):
    """`_move_viable` for one move: some seat it names has a card to move and room for it;
    written out (`runtime.written`) for the acting seat's own zones."""
    table = _table(program, p.matching)
    if table is _UNKNOWN:
        return _move_viable
    if p.who == "self" and p.card is None and p.from_ in program.zones and p.to in program.zones:
        return _own_move_check(program, p, table)
    who, from_, to, card_id = p.who, p.from_, p.to, p.card
    mine = who == "self"

    def check(m: Machine, ctx: dict, _p) -> bool:
        st = m.state
        zones, ids, keys = st["zones"], st["ids"], m.keys
        seats = [ctx.get("self", st["active"])] if mine else candidates(m, ctx, who)
        for s in seats:
            dest = keys[(to, s)] if (to, s) in keys else m.key(to, s)
            zone = m.key_zone[dest]
            if (zone.capacity is not None and zone.slots is None
                    and zone.capacity <= len(zones[dest])):
                continue  # no room (see `zones.room`)
            key = keys[(from_, s)] if (from_, s) in keys else m.key(from_, s)
            if card_id is not None:
                if any(ids[inst] == card_id and (table is None or table[ids[inst]])
                       for inst in zones[key]):
                    return True
            elif table is None:
                if zones[key]:
                    return True
            elif any(map(table.__getitem__, map(ids.__getitem__, zones[key]))):  # (in C)
                return True
        return False

    return check


def _own_move_check(program, p, table) -> Callable:
    """The acting seat moving any card (of those `table` names) from a zone of its own: the
    destination's room (its capacity known at load) and the source's cards read in place.
    Its lines are `fn.lines` (`_own_move_lines`), for a writer that inlines it."""
    lines = partial(_own_move_lines, program, p, table)
    names: dict = {}
    body = ["st = m.state", f"acting = {ACTING}", "zones = st['zones']",
            *lines("ok", "", names), "return ok"]
    found = write("move_card_check", "m, ctx, _p, card=None", body, names)
    found.lines = lines
    return found


def _own_move_lines(program, p, table, var: str, tag: str, names: dict,
                    seated: bool = False) -> list[str]:
    """Lines setting `var` to `_move_viable`'s verdict on move `p` by the acting seat (as
    `_own_move_check` says), over `m`, `ctx`, `st` (`m.state`), `zones` (`st['zones']`) and
    `acting` (the acting seat: `ctx['self']`, else the active seat; `seated`: never None
    where the lines run); their globals, named with `tag`, go in `names`."""
    names.update({f"_table{tag}": table, f"_params{tag}": p, "_generic": _move_viable,
                  **_COUNTING})
    # (no seat to move for: the op's own check says why)
    branches = [] if seated else [("acting is None", f"_generic(m, ctx, _params{tag})")]
    to = program.zones[p.to]
    if to.capacity is not None and to.slots is None:  # no room (see `zones.room`)
        key = zone_key(program, p.to, "acting", f"_to{tag}", names)
        branches.append((f"_len(zones[{key}]) >= {int(to.capacity)}", "False"))
    cards = f"zones[{zone_key(program, p.from_, 'acting', f'_from{tag}', names)}]"
    k = None if table is None else place(program, p.from_, table, None)
    found = (f"_len({cards}) > 0" if table is None else
             f"m.tallied[acting][{k}] > 0" if k is not None else  # (kept: `tallies`)
             f"_any(_map(_table{tag}.__getitem__, _map(st['ids'].__getitem__, {cards})))")
    body = []
    for n, (test, value) in enumerate(branches):
        body += [f"{'elif' if n else 'if'} {test}:", f"    {var} = {value}"]
    return [*body, "else:", f"    {var} = {found}"] if body else [f"{var} = {found}"]


@specialises_check(_choose_viable)
def choose_check(program, p):
    """`_choose_viable` for one choice, written out (`runtime.written`): some option's
    condition holds (read in place) and its first effect has something to act on. Its lines
    are `fn.lines` (`_choose_lines`), for a writer that inlines it."""
    lines = partial(_choose_lines, program, p)
    names: dict = {}
    inner = lines("viable", "", names)
    acting = reads(inner, "acting")  # (an own-zone move check, inlined)
    body = ["seat = ctx['self'] if 'self' in ctx else None",
            "card = ctx['card'] if 'card' in ctx else None",
            *(["st = m.state", "zones = st['zones']", f"acting = {ACTING}"] if acting else []),
            *inner, "return viable"]
    found = write("choose_check", "m, ctx, _p, _card=None", body, names)
    found.lines = lines
    return found


def _choose_lines(program, p, var: str, tag: str, names: dict,
                  seated: bool = False) -> list[str]:
    """Lines setting `var` to `_choose_viable`'s verdict on choice `p`, option by option
    until one holds, over `m`, `ctx`, `seat` and `card` (the context's, each None where it
    has none), `st` (`m.state`), `zones` (`st['zones']`) and `acting` (`ctx['self']`, else
    the active seat); their globals, named with `tag`, go in `names`. `seated`: `seat` and
    `acting` are the same seat, never None, and the seat's variables are bound as `sv` (the
    options' conditions read so). An option's own-zone move check (`fn.lines`) is written
    in place too."""
    body = [f"{var} = False"]
    for n, option in enumerate(p.options):
        viable, params = first_check(program, option.do)
        mark = f"{tag}_{n}"
        names.update({f"_if{mark}": option.if_, f"_viable{mark}": viable,
                      f"_params{mark}": params})
        body.append(f"# option {n}: if {option.if_}")
        depth = ""
        if n:  # (an option is looked at only while none before it holds)
            body.append(f"if not {var}:")
            depth = "    "
        if option.if_ is not None:
            holds = f"m.holds(_if{mark}, seat, ctx, card)"
            written = expression(program, option.if_, seated=seated, bound=seated)
            if written is None:
                body.append(f"{depth}ok = {holds}")
            else:
                text, needs = written
                names.update(needs)
                body += [f"{depth}try:", f"{depth}    ok = {text}",
                         f"{depth}except Exception:  # located by `holds`, which evaluates it again",
                         f"{depth}    ok = {holds}"]
            body.append(f"{depth}if ok:")
            depth += "    "
        if hasattr(viable, "lines"):  # its check's lines, written in place
            body += [f"{depth}{line}" for line in viable.lines(var, mark, names, seated)]
        else:
            body.append(f"{depth}{var} = True" if viable is None else
                        f"{depth}{var} = _viable{mark}(m, ctx, _params{mark})")
    return body


@specialises_check(_search_viable)
def search_check(program, p):
    """`_search_viable` for one search: the zone it looks through holds a card it may take."""
    table = _table(program, p.matching)
    if table is _UNKNOWN:
        return _search_viable
    zone_id = p.zone
    zone = program.zones.get(zone_id)
    pile = zone.id if zone is not None and not zone.per_seat else None  # (the game's: its key)

    def check(m: Machine, ctx: dict, _p) -> bool:
        if pile is not None:
            cards = m.state["zones"][pile]
        else:
            seat = ctx.get("self")
            keys = m.keys
            cards = m.state["zones"][keys[(zone_id, seat)] if (zone_id, seat) in keys
                                     else m.key(zone_id, seat)]
        if table is None:
            return bool(cards)
        return any(map(table.__getitem__, map(m.state["ids"].__getitem__, cards)))  # (in C)

    return check


@specialises_check(_pair_viable)
def pair_check(program, p):
    """`_pair_viable` for one pairing, written out: some seat its selector names, other than
    the acting one, meets its `if:` (read in place for that seat). Breaking a pair is always
    viable (None)."""
    if p.unpair:
        return None
    names: dict = {"_seats": _seats, "_with": p.with_, "_if": p.if_}
    body = ["st = m.state",
            "me = ctx['self'] if 'self' in ctx else None",
            "for seat in _seats(m, ctx, _with):",
            "    if seat == me:",
            "        continue"]
    if p.if_ is None:
        body.append("    return True")
    else:
        body += ["    sv = st['sv'][seat]", *_holding(program, p.if_, "_if", "    ", names),
                 "    if ok:", "        return True"]
    body.append("return False")
    return write("pair_check", "m, ctx, _p, card=None", body, names)
