"""Flow ops: if, choose, repeat, roll, trigger, say, for-leader, with-target."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.dice import roll_system
from runtime.frames import Call, Tail, ask, fx
from runtime.ops import IMPLEMENTATIONS, amount, implements
from runtime.options import first_check, viable
from runtime.rng import below
from runtime.selectors import resolve, tie_breaker
from runtime.specialise import ACTING, PIECE_ACTS, define, specialises
from runtime.windows import window
from runtime.written import expression

if TYPE_CHECKING:
    from runtime.machine import Machine


@implements("if")
def if_(m: Machine, ctx: dict, p, local: dict):
    seat = ctx.get("self")
    if p.reading is not None:
        from runtime.selectors import candidates

        seats = candidates(m, ctx, p.reading)
        if not seats:
            return Tail(fx(m.program.lid(p.else_), ctx)) if p.else_ else None
        seat = seats[0]
    holds = m.holds(p.condition, seat, ctx, ctx.get("card"))
    branch = p.then if holds else p.else_
    return Tail(fx(m.program.lid(branch), ctx)) if branch else None


@specialises("if")
def bound_if(p, program):
    """`if` on the effect's own seat bound at load: the numbers of both branches (their
    frames written out as `fx` writes them)."""
    if p.reading is not None:
        return None
    then, otherwise = program.lid(p.then), program.lid(p.else_)
    names = {"condition": p.condition, "run": program.runner(p.condition), "Tail": Tail}
    body = ["seat = ctx['self'] if 'self' in ctx else None",
            "card = ctx['card'] if 'card' in ctx else None",
            "try:",
            "    holds = True if run(m, seat, ctx, card) else False",
            "except Exception:  # evaluated again the generic way: it fails located",
            "    holds = m.holds(condition, seat, ctx, card)"]
    for test, lid in (("if holds:", then), ("if not holds:", otherwise)):
        if lid is not None:
            body += [test, f"    return Tail({{'h': 'fx', 'e': {lid}, 'i': 0, 'ctx': ctx}})"]
    body.append("return None")
    return define(f"if_{then}_else_{otherwise}", body, names)


def _open(m: Machine, ctx: dict, p, chooser: int) -> list[tuple[int, object]]:
    return [(i, o) for i, o in enumerate(p.options)
            if m.holds(o.if_, chooser, ctx, ctx.get("card")) and viable(m, o.do, ctx)]


def _choose_viable(m: Machine, ctx: dict, p) -> bool:
    return bool(_open(m, ctx, p, ctx.get("self")))


@implements("choose", viable=_choose_viable, seats="who")
def choose(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    """The seat chooses an option; with several seats (each-player), each in turn chooses
    one for itself, its option's effects running as that seat before the next chooses."""
    answer = local.pop("ans", None)
    if answer is not None:
        seat = seats[local.get("n", 0)]
        local["n"] = local.get("n", 0) + 1
        option = p.options[answer["i"]]
        if option.do:
            frame = fx(m.program.lid(option.do), ctx if len(seats) == 1 else {**ctx, "self": seat})
            return Tail(frame) if local["n"] >= len(seats) else Call(frame)
    while local.get("n", 0) < len(seats):
        chooser = seats[local.get("n", 0)]
        # each of several seats weighs its options as itself (what it holds, what it can pay)
        open_options = _open(m, ctx if len(seats) == 1 else {**ctx, "self": chooser}, p, chooser)
        if open_options:
            options = [{"label": o.text, "key": f"option:{o.text}", "i": i}
                       for i, o in open_options]
            return ask(chooser, "option", "Choose one", options)
        local["n"] = local.get("n", 0) + 1
    return None


@specialises("choose")
def bound_choose(p, program):
    """`choose` by the acting seat bound at load: each option's label, condition and branch
    written out, its condition read in place (a failure evaluated again by `holds`, which
    raises it located) and its viability checked as `runtime.options.viable` checks it, the
    checks worked out once per program; a piece acting takes the generic op."""
    if p.who != "self":
        return None
    names = {"generic": IMPLEMENTATIONS["choose"], "Tail": Tail, "options": p.options,
             "first_check": first_check, "first_checks": {}}
    lids = [program.lid(o.do) for o in p.options]
    body = [f"if {PIECE_ACTS}:",
            "    return generic(m, ctx, p, local)",
            f"who = local['who'] = [{ACTING}]",
            "answer = local.pop('ans') if 'ans' in local else None",
            "if answer is not None:",
            "    local['n'] = 1",
            f"    lid = {lids!r}[answer['i']]",
            "    return None if lid is None else Tail({'h': 'fx', 'e': lid, 'i': 0, 'ctx': ctx})",
            "seat = chooser = who[0]",
            "card = ctx['card'] if 'card' in ctx else None",
            "checks = first_checks.get(m.program)  # (`viable`'s, for this program)",
            "if checks is None:",
            "    checks = first_checks[m.program] = [first_check(m.program, o.do) for o in options]",
            "open_options = []"]
    for i, option in enumerate(p.options):
        test = f"(checks[{i}][0] is None or checks[{i}][0](m, ctx, checks[{i}][1]))"
        written = None if option.if_ is None else expression(program, option.if_)
        if written is not None:
            text, needs = written
            names.update(needs)
            body += ["try:",
                     f"    holds = True if {text} else False",
                     "except Exception:  # evaluated again the generic way: it fails located",
                     f"    holds = m.holds(options[{i}].if_, chooser, ctx, card)"]
            test = f"holds and {test}"
        elif option.if_ is not None:
            test = f"m.holds(options[{i}].if_, chooser, ctx, card) and {test}"
        label = {"label": option.text, "key": f"option:{option.text}", "i": i}
        body += [f"if {test}:", f"    open_options.append({label!r})"]
    body += ["if open_options:",
             "    return {'seat': chooser, 'kind': 'option', 'prompt': 'Choose one',",
             "            'options': open_options}",
             "local['n'] = 1",
             "return None"]
    return define(f"choose_{len(p.options)}_options", body, names)


@implements("repeat")
def repeat(m: Machine, ctx: dict, p, local: dict):
    times = int(amount(m, ctx, p.times))
    lid = m.program.lid(p.do)
    return Tail(*(fx(lid, ctx) for _ in range(times))) if lid is not None and times > 0 else None


def _roll_viable(m: Machine, ctx: dict, p) -> bool:
    """A roll whose every result would only fizzle is not worth making."""
    results = [r.do for r in p.results]
    return not results or not all(results) or any(viable(m, do, ctx) for do in results)


@implements("roll", viable=_roll_viable, seats="who")
def roll(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    """Each seat rolls in turn and its results run before the next seat rolls, so every
    roller's effects read its own roll (`roll`, `successes`)."""
    n = local.get("n", 0)
    while n < len(seats):
        seat = seats[n]
        n = local["n"] = n + 1
        sctx = {**ctx, "self": seat}
        count = None if p.count is None else int(amount(m, sctx, p.count))
        total, rows = roll_system(m, p.dice, seat, int(amount(m, sctx, p.modifier)), count)
        frames = [fx(m.program.lid(row.do), sctx) for row in rows]
        for result in p.results:
            low = result.min is None or total >= amount(m, sctx, result.min)
            if low and (result.max is None or total <= amount(m, sctx, result.max)):
                frames.append(fx(m.program.lid(result.do), sctx))
                break
        if frames:
            return Tail(*frames) if n >= len(seats) else Call(*frames)
    return None


@specialises("roll")
def bound_roll(p, program):
    """`roll` by the acting seat with a constant modifier and constant result ranges bound at
    load: the ranges compared in place, the branches' frames written out; the dice thrown in
    place too for a target or table system of a constant count with no standing modifiers
    (`roll_system` written out); a piece acting takes the generic op."""
    given = [p.modifier, *(v for r in p.results for v in (r.min, r.max))]
    if p.who != "self" or p.count is not None or any(type(v) is str for v in given):
        return None
    names = {"generic": IMPLEMENTATIONS["roll"], "roll_system": roll_system, "Tail": Tail,
             "below": below}
    body = [f"if {PIECE_ACTS}:",
            "    return generic(m, ctx, p, local)",
            f"seat = {ACTING}",
            "local['who'] = [seat]",
            "local['n'] = 1",
            "sctx = {**ctx, 'self': seat}",
            *_thrown(program.dice.get(p.dice), p, program),
            "frames = rows"]
    for k, result in enumerate(p.results):
        bounds = [f"total >= {result.min!r}" if result.min is not None else "",
                  f"total <= {result.max!r}" if result.max is not None else ""]
        test = " and ".join(b for b in bounds if b) or "True"
        lid = program.lid(result.do)
        body += [f"{'if' if k == 0 else 'elif'} {test}:",
                 f"    frames.append({{'h': 'fx', 'e': {lid!r}, 'i': 0, 'ctx': sctx}})"]
    body.append("return Tail(*frames) if frames else None")
    return define(f"roll_{p.dice}".replace("-", "_"), body, names)


def _thrown(dice, p, program) -> list[str]:
    """Lines rolling `dice` as `roll_system` rolls them, leaving `total` and the table rows'
    frames in `rows`: written out for a system simple enough, else a call."""
    simple = (dice is not None and dice.type in ("target", "table") and type(dice.count) is int
              and not dice.modifiers and (dice.target is None or type(dice.target) is int))
    if not simple:
        return [f"total, found = roll_system(m, {p.dice!r}, seat, {int(p.modifier)!r}, None)",
                "rows = [{'h': 'fx', 'e': m.program.lid(row.do), 'i': 0, 'ctx': sctx} "
                "for row in found]"]
    count = max(0, dice.count)
    if dice.max_count:
        count = min(count, dice.max_count)
    first = "faces[0]" if count == 1 else "sum(faces)"
    lines = ["state = m.state",
             f"faces = [{', '.join([f'below(state, {dice.sides}) + 1'] * count)}]",
             "state['dice'] = faces",
             "state['dice_seat'] = seat",
             f"total = {first} + {int(p.modifier)!r}",
             "state['roll'] = total",
             "state['successes'] = " + (
                 f"int({first} >= {dice.target!r})"
                 if dice.target is not None else "0"),
             "if m.log is not None:",
             f"    m.emit('roll', dice={p.dice!r}, seat=seat, faces=faces, total=total)",
             "rows = []"]
    for row in dice.table:
        lines += [f"if {row.min!r} <= total <= {row.max!r}:",
                  f"    rows.append({{'h': 'fx', 'e': {program.lid(row.do)!r}, 'i': 0, "
                  "'ctx': sctx})"]
    return lines


@implements("roll-off")
def roll_off(m: Machine, ctx: dict, p, local: dict):
    st = m.state
    rolling = m.seats_from(st["active"])
    if p.least is not None and rolling:
        values = {seat: m.value(p.least, seat, ctx) for seat in rolling}
        least = min(values.values())
        rolling = [seat for seat in rolling if values[seat] == least]
    while len(rolling) > 1:
        totals = {seat: roll_system(m, p.dice, seat)[0] for seat in rolling}
        best = (min if p.lowest else max)(totals.values())
        rolling = [seat for seat in rolling if totals[seat] == best]
    if rolling:
        first = rolling[0]
        start = st["order"].index(first)
        st["order"] = st["order"][start:] + st["order"][:start]
        st["active"] = first
        m.dirty = True  # (`Machine.dirty`)
    return None


@implements("trigger")
def trigger(m: Machine, ctx: dict, p, local: dict):
    return Tail(window(p.window, ctx))


@implements("say")
def say(m: Machine, ctx: dict, p, local: dict):
    m.emit("say", text=p.text)
    return None


@implements("for-leader")
def for_leader(m: Machine, ctx: dict, p, local: dict):
    if "leader" not in local:
        seats = m.seats_from(m.state["active"])
        values = {s: m.value(p.by, s, ctx) for s in seats}
        best = max(values.values())
        leaders = [s for s in seats if values[s] == best]
        if len(leaders) > 1:
            # the tie is a decision for the seat the rules name (which may itself be asked)
            chooser = tie_breaker(m, ctx, local, "leader")
            if type(chooser) is dict:
                return chooser
            answer = local.pop("ans", None)
            if answer is None:
                options = [
                    {"label": f"Seat {s + 1}", "key": f"seat:{s}", "seat": s} for s in leaders
                ]
                return ask(chooser, "seat", "Leaders are tied: who leads?", options)
            leaders = [answer["seat"]]
        local["leader"] = leaders[0]
    lid = m.program.lid(p.do)
    return Tail(fx(lid, {**ctx, "self": local["leader"]})) if lid is not None else None


def _with_target_viable(m: Machine, ctx: dict, p) -> bool:
    """Worth doing only when some seat qualifies."""
    from runtime.selectors import candidates

    return any(m.holds(p.where, s, ctx) for s in candidates(m, ctx, p.who))


@implements("with-target", viable=_with_target_viable)
def with_target(m: Machine, ctx: dict, p, local: dict):
    """One seat picked once (a choice asks a single time), then the effects run with it as
    `target`, so a heal and a stand-up reach the same Character."""
    seats = resolve(m, ctx, p.who, local, where=p.where, prompt="Choose whom this is for")
    if type(seats) is dict:
        return seats
    for seat in seats:  # whom it reached, for the audit (a Rescue needs its ally beside)
        m.emit("target", seat=ctx.get("self"), other=seat)
    lid = m.program.lid(p.do)
    if lid is None or not seats:
        return None
    return Tail(*(fx(lid, {**ctx, "target": seat}) for seat in seats))
