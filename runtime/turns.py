"""The turn structure from the rules document: setup, rounds, seat order, turns, actions.

The `game` frame sits at the bottom of the stack: setup, then rounds until the game ends
(round start, the round's phases in order with one turn per seat in order inside the phase
that holds the turns, or after the last phase; extra and skipped turns; round end).
A `turn` frame runs the turn's start effects, sets the action budget, fires
`start-of-turn`, then asks the active seat for actions and card abilities until it ends
its turn, and finally runs the end effects and fires `end-of-turn`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.frames import Call, ask, fx, handler
from runtime.seats import incapacitated
from runtime.stepping import _AGAIN, end_step, run_now, step_into
from runtime.uses import record_use, use_frame, use_key, used  # noqa: F401 - kept importable here
from runtime.windows import window, windows
from runtime.written import expression, write

if TYPE_CHECKING:
    from runtime.machine import Machine

SCOPES = ("turn", "round", "battle", "game")


def turn_order(m: Machine) -> list[int]:
    """The order seats take their turns this round."""
    st = m.state
    order = [s for s in st["order"] if not st["out"][s]]
    how = m.program.rules.turn.order
    if how == "counter-clockwise" and order:
        return order[:1] + order[:0:-1]
    if how == "initiative" and "initiative" in m.program.variables:
        return sorted(order, key=lambda s: -m.value("initiative", s))
    return order


@handler("game")
def game(m: Machine, frame: dict, began: bool = False):
    """The game's step; `began` (from `runtime.written_turn`): a round began in this step."""
    program = m.program
    rules = program.rules
    st = m.state
    local = frame["l"]
    lid = program.lid
    plan = program.turn_plan
    changed = False  # whether this step began the game or a new round (else it is calm)
    # (`began`: whether this step began a round: the next one then takes a step of its own)
    while True:
        stage = local.get("s", "setup")
        if stage == "after":  # (first: the stages most steps are in)
            seat = local["order"][local["pos"]]
            if st["extra"][seat] > 0 and not st["out"][seat]:
                st["extra"][seat] -= 1
            else:
                local["pos"] += 1
            local["s"] = "turns"
            continue
        if stage == "turns":
            order = local["order"]
            if rules.turn.order == "chosen" and local["pos"] < len(order):
                _able_first(m, order, local["pos"])
                chosen = _chosen_next(m, local)
                if chosen is not None:
                    return chosen
            if local["pos"] >= len(order):
                local["s"] = "phase"
                continue
            seat = order[local["pos"]]
            if st["out"][seat] or plan.incapacitated and incapacitated(m, seat):
                local["pos"] += 1
                continue
            if st["skip"][seat] > 0:
                st["skip"][seat] -= 1
                m.emit("skip", seat=seat)
                local["pos"] += 1
                continue
            if st["turns"] >= st.get("turn_cap", rules.turn_cap):  # a story's battle: its own
                st["result"] = {"winners": [], "reason": "turn cap", "capped": True}
                return None
            local["s"] = "after"
            if not changed:
                m.calm = True  # (`calm_step`) skipped turns are counters no condition reads
            after = _turn_now(m, {"h": "turn", "ctx": {"self": seat}, "l": {"s": "start"}})
            if after is not None:
                return after
            if m.program is not program:  # a battle begun or ended: read the rules again
                m.calm = True
                return _AGAIN
            changed = False  # (as when called again)
            continue
        if stage == "setup":
            local["s"] = "begin"
            ctx = {"self": st["active"]}
            frames = [fx(lid(rules.setup), ctx)]
            if m.program.scenario is not None:
                from runtime.battle import battle_frame

                frames.append(battle_frame())  # a battle played on its own: deploy for it
            return Call(*frames, window("setup", ctx))
        if stage == "begin":
            # setup is over: from here on the win, loss and end conditions are tested
            st["begun"] = True
            m.dirty = True  # (`Machine.dirty`)
            local["s"] = "round"
            changed = True
            continue
        if stage == "round":
            if rules.rounds and st["round"] > rules.rounds:
                from runtime.conditions import end_game

                end_game(m, "the last round is over")
                return Call()
            local.update(s="phase", pos=0, order=turn_order(m), ph=0, pd=0, td=0)
            if m.log is not None:  # (`emit` logs nothing else)
                m.emit("round", round=st["round"])
            ctx = {"self": local["order"][0] if local["order"] else 0}
            if not changed:
                m.calm = True  # (`calm_step`)
            after = step_into(m, plan.round_start, ctx, _windows(plan.round_starts, ctx))
            if after is not None:
                return after
            if m.program is not program:  # a battle begun or ended: read the rules again
                m.calm = True
                return _AGAIN
            changed = False  # (as when called again)
            continue
        if stage == "phase":
            # the round's phases in order: each one's effects, then (in the phase that holds
            # them, else after the last phase) the seats' turns
            phases = rules.phases
            ph = local["ph"]
            if ph < plan.phases and not local["pd"]:
                local["pd"] = 1
                if m.log is not None:  # (`emit` logs nothing else)
                    m.emit("phase", phase=phases[ph].id)
                if phases[ph].do:
                    ctx = {"self": local["order"][0] if local["order"] else 0}
                    return Call(fx(lid(phases[ph].do), ctx))
                continue
            if ph == plan.turns_phase and not local["td"]:
                local.update(s="turns", td=1)
                continue
            if ph >= plan.phases:
                local["s"] = "round-end"
                continue
            local.update(ph=ph + 1, pd=0)
            continue
        if stage == "round-end":
            local["s"] = "next-round"
            ctx = {"self": st["active"]}
            if not changed:
                m.calm = True  # (`calm_step`)
            if plan.round_end is None and not plan.round_ends:
                # (after a round this call began, a step of its own: a run of rounds with no
                # decision is a loop the machine's no-progress guard must see, effects named)
                if began:
                    return _AGAIN_LATER
                # else the step ends here as the machine ends a calm one, and the next round
                # begins at once
                if m.audit is not None:
                    m.audit.after_step(m)
                m.calm = False
                continue
            return Call(fx(plan.round_end, ctx), *_windows(plan.round_ends, ctx))
        # next round
        expire(m, "round")
        st["round"] += 1
        local["s"] = "round"
        changed = began = True


# The round's end with nothing to run: the game handler again, after a step of its own.
_AGAIN_LATER = Call()


def _turn_now(m: Machine, frame: dict):
    """Begin turn `frame` in the game handler's step, as the machine would in a step of its
    own: the end of the step under way first, then the turn handler called with its frame on
    top. Returns what the game handler returns instead, or None when the turn was over at once
    (its frame gone) and the game handler goes on as if called again."""
    if end_step(m, True):
        return _AGAIN  # the game ended before the turn began
    stack = m.state["stack"]
    stack += (frame,)
    result = m.program.cache["turn:step"](m, frame, False)  # (`runtime.written_turn`)
    if result is not None:
        return result  # the machine ends the turn's step (an ask, or frames to run first)
    if stack and stack[-1] is frame:
        del stack[-1]
    if end_step(m, True) or m.state["result"] is not None:
        m.calm = True
        return _AGAIN
    return None


def _able_first(m: Machine, order: list[int], pos: int) -> None:
    """In a chosen turn order, the seats yet to play that can act go before those that
    cannot, so one helped back on its feet this round (rescued) still takes its turn."""
    rest = order[pos:]
    able = [s for s in rest if not incapacitated(m, s)]
    order[pos:] = able + [s for s in rest if s not in able]


def _chosen_next(m: Machine, local: dict):
    """Turn order `chosen`: the seat that played last picks who plays next this round."""
    answer = local.pop("ans", None)
    order = local["order"]
    rest = [s for s in order[local["pos"]:] if not incapacitated(m, s)]
    if answer is not None:
        seat = answer["seat"]
        i = order.index(seat)
        order[local["pos"]], order[i] = order[i], order[local["pos"]]
        return None
    if len(rest) < 2:
        return None
    chooser = m.state["active"]
    options = [{"label": f"Seat {s + 1} plays next", "key": f"seat:{s}", "seat": s} for s in rest]
    return ask(chooser, "order", "Who plays next this round?", options)


def expire(m: Machine, scope: str) -> None:
    """End what lasts for a `scope` (turn or round): statuses, stat changes, once-per uses."""
    st = m.state
    if "mods" in st or "piece_mods" in st:  # (else it has nothing to do)
        from runtime.ops.piece_stats import expire as expire_foes

        expire_foes(m, scope)  # foes' changes, and a seat's `next-action` ones as its turn ends
    uses = st["used"]
    if scope in uses:
        del uses[scope]
    if any(st["status"]):  # (a seat with statuses: else no seat's to walk)
        for statuses in st["status"]:
            for name in [n for n, d in statuses.items() if d == scope]:
                del statuses[name]
    if "mods" not in st:  # (no stat changes to end)
        return
    keep = []
    for seat, variable, amount, duration in st["mods"]:
        if duration == scope:
            st["sv"][seat][variable] -= amount
            m.dirty = True  # (`Machine.dirty`)
            if amount > 0:
                from runtime.variables import lower_capped

                lower_capped(m, variable, seat)  # a bar shrinking back takes what it capped
        else:
            keep.append([seat, variable, amount, duration])
    st["mods"] = keep




class TurnPlan:
    """What the game and turn handlers look up in a program, worked out once per program
    (`Program.turn_plan`)."""

    def __init__(self, program):
        rules = program.rules
        listened = program.listened
        self.start = program.lid(rules.turn.start)
        self.end = program.lid(rules.turn.end)
        self.round_start = program.lid(rules.round_start)
        self.round_end = program.lid(rules.round_end)
        # the windows fired at each point that some ability waits on (see `windows`)
        self.turn_starts = tuple(n for n in ("start-of-turn", "start-of-any-turn") if n in listened)
        self.turn_ends = tuple(n for n in ("end-of-turn",) if n in listened)
        self.round_starts = tuple(n for n in ("start-of-round",) if n in listened)
        self.round_ends = tuple(n for n in ("end-of-round",) if n in listened)
        self.incapacitated = rules.incapacitated is not None
        self.calm_actions = "actions" not in program.watched  # (as `calm_step` has it)
        self.turn_watched = "turn" in program.watched or program.turn_end_conditions
        self.actions = {a.id: program.lid(a.do) for a in rules.actions}  # their lists' numbers
        phases = rules.phases
        self.phases = len(phases)
        self.turns_phase = next((i for i, p in enumerate(phases) if p.turns), len(phases))
        self.budget = _write_budget(program)


def _write_budget(program) -> Callable | None:
    """The actions a turn starts with (`turn.actions`) as a function `(m, seat, ctx)`, its
    expression read in place (a failure is evaluated again by `Machine.value`, which raises it
    located); None for a plain number or an expression no reader reads."""
    source = program.rules.turn.actions
    written = expression(program, source, seated=True, bound=True) if type(
        source) is str else None
    if written is None:
        return None
    text, needs = written
    return write("turn_budget", "m, seat, ctx, card=None", [
        f"# {source}",
        "st = m.state",
        "try:",
        "    sv = st['sv'][seat]",
        f"    return {text}",
        "except Exception:  # located by `value`, which evaluates it again",
        "    return m.value(_source, seat, ctx)",
    ], {**needs, "_source": source})


def _windows(names: tuple[str, ...], ctx: dict) -> tuple[dict, ...]:
    """Frames firing windows `names` (those of a `TurnPlan`, which some ability waits on)."""
    # (`window`, written out: a turn fires two or three of these)
    return tuple([{"h": "window", "w": name, "ctx": ctx, "l": {}} for name in names]
                 ) if names else ()


@handler("turn")
def turn(m: Machine, frame: dict, on: bool = True):
    """A turn's step; with `on` (the machine's call), a turn over hands the rest of its step to
    the game handler under it (`_game_on`)."""
    st = m.state
    ctx = frame["ctx"]
    seat = ctx["self"]
    local = frame["l"]
    plan = m.program.turn_plan
    started = False  # whether this step began the turn (else it is calm where it says so)
    while True:
        stage = local["s"]
        if stage == "main":  # (first: the stage most steps are in)
            # (an answer to the options just offered: nothing ran since they were, so the
            # test below, made before offering them, still holds)
            if "ans" in local:
                answer = local.pop("ans")
                if answer["key"] == "end":
                    local["s"] = "end"
                    continue
                taken = _take(m, seat, answer)
                rest = ()
                if m.program.anytime:
                    from runtime.respond import respond_frame

                    rest = (respond_frame(),)  # then the other seats may respond
                if taken["h"] != "fx":
                    return Call(taken, *rest)
                after = run_now(m, taken, rest, True)  # (`step_into`, for a frame made)
                if after is not None:
                    return after
                started = False  # (as when called again)
                continue
            # a seat struck down or knocked out on its own turn (a reaction) takes no more
            # actions: the turn is over
            if st["end_turn"] or st["out"][seat] or plan.incapacitated and incapacitated(m, seat):
                local["s"] = "end"
                continue
            options = m.program.cache["options:main"](m, seat)  # (`main_options`, inline)
            if not options[1:]:  # only ending the turn
                local["s"] = "end"
                continue
            left = st["actions"]
            prompt = f"Your turn: {left} action{'s' if left != 1 else ''} left"
            return {"seat": seat, "kind": "turn", "prompt": prompt, "options": options}  # (`ask`)
        if stage == "start":
            started = True
            st["active"] = seat
            m.dirty = True  # (`Machine.dirty`: an end check for the active seat reads another)
            st["turns"] += 1
            st["actions"] = 0
            st["end_turn"] = False
            if m.log is not None:  # (`emit` logs nothing else)
                m.emit("turn", seat=seat, round=st["round"], number=st["turns"])
            local["s"] = "budget"
            if plan.start is not None:
                after = step_into(m, plan.start, ctx)
                if after is not None:
                    return after
                started = False  # (as when called again)
            continue
        if stage == "budget":
            rules = m.program.rules
            budget = plan.budget  # (`m.value(rules.turn.actions, ...)`, written out)
            st["actions"] = max(0, int(m.value(rules.turn.actions, seat, ctx) if budget is None
                                       else budget(m, seat, ctx)))
            local["s"] = "main"
            if not started and plan.calm_actions:
                m.calm = True  # (`calm_step(actions=True)`)
            if not rules.turn.phases:
                after = step_into(m, None, ctx, _windows(plan.turn_starts, ctx))
                if after is not None:
                    return after
                started = False  # (as when called again)
                continue
            frames = windows(m, ("start-of-turn", "start-of-any-turn"), ctx)
            frames += [fx(m.program.lid(p.do), ctx) for p in rules.turn.phases]
            return Call(*frames)
        if stage == "end":
            local["s"] = "done"
            if not started and not m.program.turn_end_conditions and plan.calm_actions:
                # (a condition tested only between turns may apply from here on)
                m.calm = True  # (`calm_step(actions=True)`)
            after = step_into(m, plan.end, ctx, _windows(plan.turn_ends, ctx))
            if after is not None:
                return after
            started = False  # (as when called again)
            continue
        st["taken"][seat] += 1
        changes_stats = bool("mods" in st and st["mods"]) and any(mod[3] == "turn" for mod in st["mods"])
        expire(m, "turn")
        if m.log is not None:  # (`emit` logs nothing else)
            m.emit("turn-end", seat=seat)
        if not (started or changes_stats or plan.turn_watched):
            m.calm = True  # (`calm_step`) turns taken and once-a-turn uses: nothing a condition reads
        return _game_on(m, frame) if on else None


def _game_on(m: Machine, frame: dict):
    """After turn `frame` is over, the game handler's next step in this one, as the machine
    would take it: the end of the turn's step first, its frame gone, then the game handler
    called with its frame on top. Returns what the game handler returns (the machine ends
    that step as the game handler's), or None when the turn's frame is not over the game's."""
    stack = m.state["stack"]
    if len(stack) < 2 or stack[-1] is not frame or stack[-2]["h"] != "game":
        return None
    if end_step(m, True):
        return _AGAIN  # the game ended as the turn did
    del stack[-1]
    return game(m, stack[-1])


def _take(m: Machine, seat: int, option: dict) -> dict:
    """Pay for the chosen action or ability and return the frame that carries it out."""
    st = m.state
    st["actions"] -= option.get("cost", 0)
    if "a" in option:
        action = m.program.actions[option["a"]]
        record_use(m, "turn", "a:" + action.id)
        if m.log is not None:  # (`emit` logs nothing else)
            m.emit("action", seat=seat, action=action.id, name=action.name)
        return fx(m.program.turn_plan.actions[action.id], {"self": seat})
    if "t" in option:
        from runtime.interactions import use_terrain

        return use_terrain(m, seat, option)
    inst, index = option["c"], option["i"]
    return use_frame(m, seat, inst, index, {"self": seat}, option.get("f"))
