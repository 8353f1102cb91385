"""The turn written at load: one function per program doing what the turn handler and the
calls under it do, with the program's turn plan read once, when it is written.

`write_turn(program)` puts in `program.cache["turn:step"]` the function the machine calls for
a `turn` frame's step (`(m, frame, on=True)`, the contract of `runtime.turns.turn`). For a
program whose turns have no phases of their own, whose order is not chosen, with no
`any-time` abilities, stories or battle played on its own, it is written as Python source
(`fn.source` holds the text): the stages of a turn in one loop, the lists it steps into
(start, the chosen action's, end) and the ends of steps run in place as
`runtime.stepping.run_now` and `end_step` run them, the parts the program has none of (a
start list, a window no ability waits on, a budget that is a plain number) left out; and a
turn over goes on, in the same call, with the game handler's next seat and that seat's turn,
as `runtime.turns._game_on`, the game handler and `_turn_now` would, unless that seat is out,
skips, a round ends or the turn cap is reached (then the game handler itself is called). Any
other program keeps the generic handler.

Frames are pushed exactly where the generic path pushes them (a list's frame while it runs,
a window's while it fires, each turn's), so the stack at every decision, saves and replay
do not change; `tests/runtime/test_written_turn.py` compares the two paths' state at every
decision of random games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.frames import Call
from runtime.seats import incapacitated
from runtime.stepping import _AGAIN, fire_now
from runtime.turns import _take, expire, game, turn, turn_order
from runtime.windows import written_listeners
from runtime.written import write
from runtime.written_windows import fire_in_place

if TYPE_CHECKING:
    from runtime.program import Program


def write_turn(program: Program) -> None:
    """Put the turn step of `program` in its cache: written when the program fits, else the
    generic handler."""
    program.cache["turn:step"] = written_turn(program) or turn


def fits(program: Program) -> bool:
    """Whether the turn of `program` can be written: none of what only the generic handlers
    handle (turn phases, a chosen order, responses, stories, a battle played on its own)."""
    rules = program.rules
    return not (rules.turn.phases or rules.turn.order == "chosen" or program.anytime
                or program.story is not None or program.scenario is not None)


def written_turn(program: Program) -> Callable | None:
    """The turn step of `program` as one written function, or None when it does not fit."""
    if not fits(program):
        return None
    rules = program.rules
    plan = program.turn_plan
    checks = bool(rules.win or rules.lose or rules.end)  # (`Machine.checks`, no story here)
    names = {"_AGAIN": _AGAIN, "Call": Call, "_fire_now": fire_now, "_take": _take,
             "_fire": fire_in_place(program),
             "_turn_order": turn_order,
             "_expire": expire, "_game": game, "_incapacitated": incapacitated,
             "_turn_cap": rules.turn_cap, "_budget": plan.budget,
             "_source": rules.turn.actions,
             "_acts": {a: (lid, "a:" + a, program.actions[a].name)
                       for a, lid in plan.actions.items()},
             # (written before the turn, for the same program: `Program.write_generated`)
             "end_check": program.cache["conditions:end"],
             "main_options": program.cache["options:main"]}

    def end_step(ended: list[str]) -> list[str]:
        """`end_step(m, True)`: the audit, then the end check unless the step was calm;
        `ended` runs when the game ended."""
        lines = ["if audit is not None:", "    audit.after_step(m)",
                 "if m.calm:", "    m.calm = False"]
        if checks:
            lines += ["elif m.dirty and end_check(m):", "    m.calm = True",
                      *("    " + line for line in ended)]
        return lines

    def run_now(lid: str | None, rest: tuple[str, ...] = ()) -> list[str]:
        """`run_now(m, fx(lid, ctx), rest, True)` with its return passed on when not None
        (list `lid`: text naming the list's number, None for no list, "taken" for the frame
        in `taken`; `rest`: the windows fired after it, in `ctx`)."""
        lines = end_step(["return _AGAIN"])
        alone = len(rest) == 1 and lid is None  # (a window no list runs under: see below)
        if rest and not alone:  # (pushed last first: the first fires first)
            lines += [f"stack += {_frames(rest[::-1])}" if rest[1:] else
                      f"stack.append({_frame(rest[0])})"]
        # the list's step over (`run_now`): the audit, then back to the machine if the game
        # ended or is ending
        ran = ["if audit is not None:",
               "    audit.after_step(m)",
               "m.calm = False",
               "if st['result'] is not None or not stack or stack[-1] is not below:",
               "    m.calm = True",
               "    return _AGAIN"]
        bare = None if lid in (None, "taken") else program.bare[int(lid)]
        if bare is not None:  # a list that never asks, run with no frame (`BareRuns`)
            names[f"_bare_{lid}"] = bare
            lines += ["below = stack[-1]",
                      f"left = _bare_{lid}(m, ctx)",
                      "if left is not None:  # stopped inside: the frames it leaves",
                      "    m.calm = True",
                      "    if left:",
                      "        stack += left",
                      "    return _AGAIN",
                      *ran]
        elif lid is not None:
            lines += ["below = stack[-1]"]
            if lid != "taken":
                lines += [f"taken = {{'h': 'fx', 'e': {lid}, 'i': 0, 'ctx': ctx}}"]
            lines += ["stack.append(taken)",
                      "result = m.program.runs[taken['e']](m, taken)",
                      "if result is not None:",
                      "    if type(result) is not dict:",
                      "        m.calm = True",
                      "    return result",
                      "if stack and stack[-1] is taken:",
                      "    del stack[-1]",
                      *ran]
        if rest[1:]:
            lines += [f"result = _fire_now(m, {len(rest)})",
                      "if result is not None:",
                      "    return result"]
        elif rest:
            # one window: who answers it is asked first (as `run_window` asks at once), and
            # with nobody the window is over as `fire_now` ends it, its frame never pushed
            # when no list ran under it (nothing reads the stack between)
            listeners = f"_listeners_{len(names)}"
            names[listeners] = written_listeners(program, rest[0])
            lines += [f"queue = {listeners}(m, ctx)",
                      "if queue:",
                      *([f"    stack.append({{'h': 'window', 'w': {rest[0]!r}, 'ctx': ctx, "
                         "'l': {'q': queue, 'i': 0}})"] if alone else
                        ["    window = stack[-1]['l']",
                         "    window['q'] = queue",
                         "    window['i'] = 0"]),
                      "    result = _fire(m, stack[-1])  # (`fire_now(m, 1)`, in place)",
                      "    if result is not None:",
                      "        return result",
                      "else:",
                      *([] if alone else ["    del stack[-1]"]),
                      "    if audit is not None:",
                      "        audit.after_step(m)"]
        return lines

    def indent(lines: list[str], depth: int = 1) -> list[str]:
        return ["    " * depth + line for line in lines]

    def next_round() -> list[str]:
        """After the last seat's turn of a round, in a game whose rounds have no phases and
        nothing at their end: the round's end and the next round's start as the game handler
        takes them (`began`: the game handler is called on with that said)."""
        if not rounds:
            return ["if gl['pos'] >= len(order):", "    return _game(m, held)"]
        lines = [
            "if gl['pos'] >= len(order):",
            "    if began:  # (a second round this step: the game handler's, a step of its own)",
            "        return _game(m, held, True)",
            "    began = True",
            "    # (the game handler's round end: nothing to run, a calm step)",
            "    if audit is not None:",
            "        audit.after_step(m)",
            "    m.calm = False",
            "    _expire(m, 'round')",
            "    st['round'] += 1"]
        if rules.rounds:
            lines += ["    gl['s'] = 'round'",
                      f"    if st['round'] > {rules.rounds}:", "        return _game(m, held)"]
        lines += [
            "    gl.update(s='phase', pos=0, order=_turn_order(m), ph=0, pd=0, td=0)",
            "    if m.log is not None:",
            "        m.emit('round', round=st['round'])",
            "    order = gl['order']",
            "    ctx = {'self': order[0] if order else 0}",
            *indent(run_now(None if plan.round_start is None else repr(plan.round_start),
                            plan.round_starts)),
            "    gl.update(s='turns', td=1)",
            "    if not order:",
            "        return _game(m, held, True)"]
        return lines

    # the rounds written out: no phases, nothing at a round's end
    rounds = not rules.phases and plan.round_end is None and not plan.round_ends
    out = "incapacitated" if plan.incapacitated else None
    if plan.budget is not None:
        budget = "_budget(m, seat, ctx)"
    elif type(rules.turn.actions) is int:
        budget = repr(rules.turn.actions)
    else:
        budget = "m.value(_source, seat, ctx)"
    start = [
        "started = True",
        "st['active'] = seat",
        "m.dirty = True  # (`Machine.dirty`: an end check for the active seat reads another)",
        "st['turns'] += 1",
        "st['actions'] = 0",
        "st['end_turn'] = False",
        "if m.log is not None:",
        "    m.emit('turn', seat=seat, round=st['round'], number=st['turns'])",
        "local['s'] = 'budget'"]
    if plan.start is not None:
        start += [*run_now(repr(plan.start)), "started = False"]
    budget_stage = [f"st['actions'] = max(0, int({budget}))", "local['s'] = 'main'"]
    if plan.calm_actions:
        budget_stage += ["if not started:", "    m.calm = True"]
    budget_stage += [*run_now(None, plan.turn_starts), "started = False"]
    main = [
        "if 'ans' in local:",
        "    answer = local.pop('ans')",
        "    if answer['key'] == 'end':",
        "        local['s'] = 'end'",
        "        continue",
        "    if 'a' in answer:  # an action (`_take`, written out)",
        "        st['actions'] -= answer['cost'] if 'cost' in answer else 0",
        "        lid, key, name = _acts[answer['a']]",
        "        used = st['used']",
        "        uses = used['turn'] if 'turn' in used else used.setdefault('turn', {})",
        "        uses[key] = uses[key] + 1 if key in uses else 1",
        "        if m.log is not None:",
        "            m.emit('action', seat=seat, action=answer['a'], name=name)",
        "        taken = {'h': 'fx', 'e': lid, 'i': 0, 'ctx': {'self': seat}}",
        "    else:",
        "        taken = _take(m, seat, answer)",
        "        if taken['h'] != 'fx':",
        "            return Call(taken)",
        *indent(run_now("taken")),
        "    started = False",
        "    continue",
        "if st['end_turn'] or st['out'][seat]"
        + (" or _incapacitated(m, seat):" if out else ":"),
        "    local['s'] = 'end'",
        "    continue",
        "options = main_options(m, seat)",
        "if not options[1:]:  # only ending the turn",
        "    local['s'] = 'end'",
        "    continue",
        "left = st['actions']",
        "prompt = f\"Your turn: {left} action{'s' if left != 1 else ''} left\"",
        "return {'seat': seat, 'kind': 'turn', 'prompt': prompt, 'options': options}"]
    end = ["local['s'] = 'done'"]
    if not program.turn_end_conditions and plan.calm_actions:
        end += ["if not started:", "    m.calm = True"]
    end += [*run_now(None if plan.end is None else repr(plan.end), plan.turn_ends),
            "started = False"]
    done = [
        "st['taken'][seat] += 1",
        "changes_stats = bool('mods' in st and st['mods']) and any("
        "mod[3] == 'turn' for mod in st['mods'])",
        "_expire(m, 'turn')",
        "if m.log is not None:",
        "    m.emit('turn-end', seat=seat)"]
    if not plan.turn_watched:
        done += ["if not (started or changes_stats):", "    m.calm = True"]
    done += [
        "if not on:",
        "    return None",
        "if nested:  # a turn this step began: over as `_turn_now` ends it",
        "    if stack and stack[-1] is frame:",
        "        del stack[-1]",
        *indent(end_step(["return _AGAIN"])),
        "    if st['result'] is not None:",
        "        m.calm = True",
        "        return _AGAIN",
        "else:  # (`_game_on`)",
        "    if len(stack) < 2 or stack[-1] is not frame or stack[-2]['h'] != 'game':",
        "        return None",
        *indent(end_step(["return _AGAIN"])),
        "    del stack[-1]",
        "# the game handler's step: the next seat's turn, or the handler itself for the rest",
        "held = stack[-1]",
        "gl = held['l']",
        "order = gl['order']",
        "seat = order[gl['pos']]",
        "if st['extra'][seat] > 0 and not st['out'][seat]:",
        "    st['extra'][seat] -= 1",
        "else:",
        "    gl['pos'] += 1",
        "gl['s'] = 'turns'",
        *next_round(),
        "seat = order[gl['pos']]",
        "if (st['out'][seat]" + (" or _incapacitated(m, seat)" if out else "")
        + " or st['skip'][seat] > 0",
        "        or st['turns'] >= (st['turn_cap'] if 'turn_cap' in st else _turn_cap)):",
        f"    return _game(m, held{', began' if rounds else ''})",
        "gl['s'] = 'after'",
        "# (`_turn_now`: the end of the game handler's step, calm: it changed nothing read)",
        "if audit is not None:",
        "    audit.after_step(m)",
        "m.calm = False",
        "ctx = {'self': seat}",
        "local = {'s': 'start'}",
        "frame = {'h': 'turn', 'ctx': ctx, 'l': local}",
        "stack.append(frame)",
        "nested = True",
        "started = False"]
    body = [
        "st = m.state",
        "stack = st['stack']",
        "audit = m.audit",
        "ctx = frame['ctx']",
        "seat = ctx['self']",
        "local = frame['l']",
        "started = False  # whether this step began the turn (else it is calm where it says so)",
        "nested = False  # whether this step began the turn (on top of the one it was called for)",
        *(["began = False  # whether this step began a round"] if rounds else []),
        "while True:",
        "    stage = local['s']",
        "    if stage == 'main':",
        *indent(main, 2),
        "    if stage == 'start':",
        *indent(start, 2),
        "        continue",
        "    if stage == 'budget':",
        *indent(budget_stage, 2),
        "        continue",
        "    if stage == 'end':",
        *indent(end, 2),
        "        continue",
        *indent(done)]
    return write("turn", "m, frame, on=True", body, names)


def _frame(name: str) -> str:
    """The text of a frame firing window `name` in `ctx` (`runtime.windows.window`)."""
    return f"{{'h': 'window', 'w': {name!r}, 'ctx': ctx, 'l': {{}}}}"


def _frames(names: tuple[str, ...]) -> str:
    return "(" + ", ".join(map(_frame, names)) + ",)"
