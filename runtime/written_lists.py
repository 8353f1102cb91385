"""Effect lists written into generated Python at load: one function per list.

`ListRuns(program)` maps each list number to `fn(m, frame)`, which does what
`runtime.effects.run_effects` does for that list, from the effect at `frame["i"]` on: each
effect a block guarded by `if i <= k`, so the index the frame holds is the point it resumes
at. `set`/`gain`/`lose` bound at load and `if` on the effect's own seat are written out in
place (no op call, no `Tail`); a branch or a `Tail` of one list runs at once, as
`runtime.stepping.run_now` runs it, its list's function called directly; the end is
checked only after effects that can end the game (`Program.quiet`); every other op is
called as the loop calls it. An ask still leaves the `op` frame the loop leaves, and a list
frame keeps only its index, so the stack, saves and replay are the same either way. A list
is written the first time it runs; `OpByOp` runs every list through the loop instead.

A list that never asks (`frameless`: only variable ops written in place and `if`s written in
place whose branches never ask either, in a program with no stories or battles) is also
written bare (`BareRuns`): `fn(m, ctx)`, run with no frame of its own by the written code that
calls it (a branch here, the turn's start and end lists in `runtime.written_turn`). No decision
can happen while it runs, so no decision sees the stack without its frame; where the framed
path would leave frames on the stack (a game won inside a branch), the bare function returns
them, outermost first, and its caller pushes them: the stack after it is the same either way.
`Framed` writes every list with its frame (the reference the bare lists are tested against).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from runtime.battle import check as battle_check
from runtime.effects import CONTENT_FAULTS, located_fault, run_effects
from runtime.errors import RuleError
from runtime.frames import Call, Tail
from runtime.specialise import FAILED_AT, INLINE_PRELUDE
from runtime.stepping import run_now
from runtime.written import expression, write

if TYPE_CHECKING:
    from runtime.program import Program

_FAULTS = (RuleError, *CONTENT_FAULTS)  # what a failing effect raises, located (`located_fault`)


class ListRuns(dict):
    """List number -> the function running that list (written on first use); None -> a
    function for no list."""

    def __init__(self, program: Program):
        super().__init__({None: _nothing})
        self.program = program

    def __missing__(self, lid: int) -> Callable:
        fn = self[lid] = write_list(self.program, lid, self)
        return fn


class BareRuns(dict):
    """List number -> the list written bare (`fn(m, ctx)`, no frame: see the module's text)
    when it is `frameless`, else None; written on first lookup."""

    def __init__(self, program: Program):
        super().__init__()
        self.program = program

    def __missing__(self, lid: int) -> Callable | None:
        fn = None
        if frameless(self.program, lid):
            writer = _Writer(self.program, lid, self.program.runs, bare=True)
            fn = write(f"bare_{lid}", "m, ctx", writer.body(), writer.names)
        self[lid] = fn
        return fn


class Framed(dict):
    """`BareRuns` with no list bare: every list runs in its frame."""

    def __init__(self, program: Program | None = None):
        super().__init__()

    def __missing__(self, lid: int) -> None:
        return None


def steady(program: Program) -> bool:
    """Whether the program walks no story and fights no battle (those replace the program or
    cut the stack while a list runs): a list may then run with fewer frames than the loop."""
    return not (program.story is not None or program.scenario is not None
                or program.game.stories or program.game.scenarios)


def frameless(program: Program, lid: int) -> bool:
    """Whether list `lid` can never ask nor leave a frame that waits: its effects are variable
    ops written in place and `if`s on the effect's own seat written in place, each branch
    frameless too; and the program is `steady`."""
    if not steady(program):
        return False
    for fn, params, name in program.lists[lid]:
        if hasattr(fn, "inline"):
            continue
        if name != "if" or params.reading is not None or expression(
                program, params.condition) is None:
            return False
        for branch in (params.then, params.else_):
            found = program.lid(branch)
            if found is not None and not frameless(program, found):
                return False
    return True


class OpByOp(dict):
    """`ListRuns` for the loop: every list run by `runtime.effects.run_effects`, effect by
    effect (the reference the written lists are tested against)."""

    def __init__(self, program: Program):
        super().__init__({None: _nothing})

    def __missing__(self, lid: int) -> Callable:
        return run_effects


def _nothing(m, frame: dict) -> None:
    return None


def write_list(program: Program, lid: int, runs: dict) -> Callable:
    """List `lid` of `program` as one function `(m, frame)` (`fn.source` holds its text)."""
    writer = _Writer(program, lid, runs)
    return write(f"list_{lid}", "m, frame", writer.body(), writer.names)


class _Writer:
    def __init__(self, program: Program, lid: int, runs: dict, bare: bool = False):
        self.program = program
        self.lid = lid
        self.bare = bare  # written with no frame (`BareRuns`): no index, nothing that asks
        self.effects = program.lists[lid]
        self.quiet = program.quiet[lid]
        self.names: dict[str, Any] = {
            "program": program, "RUNS": runs, "Call": Call, "Tail": Tail, "FAULTS": _FAULTS,
            "located": located_fault, "FAILED_AT": FAILED_AT, "run_now": run_now,
            "AGAIN": Call(), "end_check": program.cache["conditions:end"],
            "battle_check": battle_check,
        }

    def body(self) -> list[str]:
        if self.bare:
            return self._bare()
        lines = ["ctx = frame['ctx']", "i = frame['i']", "state = m.state"]
        k = 0
        n = len(self.effects)
        while k < n:
            j = k
            while j < n and hasattr(self.effects[j][0], "inline"):
                j += 1
            if j > k:  # a run of variable ops, written in place
                lines += [f"if i <= {j - 1}:", *_indent(INLINE_PRELUDE)]
                for at in range(k, j):
                    lines += _indent([f"if i <= {at}:", *_indent(self._inline(at, at == j - 1))])
                k = j
                continue
            lines += [f"if i <= {k}:", *_indent(self._effect(k))]
            k += 1
        lines += [f"frame['i'] = {n}", "return None"]
        return lines

    def _bare(self) -> list[str]:
        """The body of a `frameless` list with no frame: each effect in turn, unguarded."""
        lines = ["state = m.state"]
        prelude = True
        for at, (fn, params, _name) in enumerate(self.effects):
            if hasattr(fn, "inline"):
                if prelude:
                    lines += INLINE_PRELUDE
                    prelude = False
                lines += self._inline(at, False)
            else:
                lines += self._if(at, params, *expression(self.program, params.condition))
                prelude = True  # (the `if` names `seat` and `card` for itself)
        return [*lines, "return None"]

    # -- the parts of a block ---------------------------------------------------------------

    def _guarded(self, at: int, lines: list[str], local: bool = False) -> list[str]:
        """`lines` with a failure located at effect `at` (or where a fused run noted it)."""
        where = f"local.get(FAILED_AT, {at})" if local else str(at)
        return ["try:", *_indent(lines),
                "except FAULTS as exc:",
                f"    raise located(m, exc, {self.lid}, {where}) from None"]

    def _ended(self, at: int) -> list[str]:
        """What the loop does after an effect that did not ask: stop if the game is over,
        and unless the effect is quiet, check the end (`Machine.check_end`)."""
        lines = ["if state['result'] is not None:", "    return None"]
        if not self.quiet[at]:
            test = "m.dirty and end_check(m)"
            if self.program.scenario is not None:
                test += " or battle_check(m)"
            lines += ["if m.checks:",
                      "    if m.calm:",
                      "        m.calm = False",
                      f"    elif {test}:",
                      "        return None"]
        return lines

    def _run_now(self, frame: str, run: str) -> list[str]:
        """`run_now(m, frame, (), False)` written out, the frame's list run by `run`: then on
        to the next effect, unless what it left must run first or the game ended."""
        return [f"f = {frame}",
                "if m.audit is not None:",
                "    m.audit.after_step(m)",
                "m.calm = False",
                "stack = state['stack']",
                "below = stack[-1]",
                "stack += (f,)",
                f"result = {run}(m, f)",
                "if result is not None:",
                "    if type(result) is not dict:",
                "        m.calm = True  # its frames, then this list, with no end check between",
                "    return result",
                "if stack and stack[-1] is f:",
                "    del stack[-1]",
                "if m.audit is not None:",
                "    m.audit.after_step(m)",
                "m.calm = False",
                "if state['result'] is not None or not stack or stack[-1] is not below:",
                "    m.calm = True",
                "    return AGAIN",
                *self._again()]

    def _again(self) -> list[str]:
        """After frames ran at once: a battle begun or ended in them changes the program."""
        return ["if m.program is not program:",
                f"    return m.program.runs[{self.lid}](m, frame)",
                "i = frame['i']"]

    # -- effects ---------------------------------------------------------------------------

    def _inline(self, at: int, last: bool) -> list[str]:
        """A variable op in place. It cannot end the game, nor ask: the frame's index is
        written only where the end may be checked next (a game over keeps its stack) or the
        run ends, and only the end check is followed by a test of the result."""
        fn = self.effects[at][0]
        lines, own = fn.inline(f"_{at}")
        self.names.update(own)
        if self.bare:
            ended = [] if self.quiet[at] else self._ended(at)[2:]
            return [f"# {self.effects[at][2]}", *self._guarded(at, lines), *ended]
        if self.quiet[at]:
            ended: list[str] = []
            index = [f"frame['i'] = {at + 1}"] if last else []
        else:
            ended = self._ended(at)[2:]  # (the end check, not the test before it)
            index = [f"frame['i'] = {at + 1}"]
        return [*index, f"# {self.effects[at][2]}", *self._guarded(at, lines), *ended]

    def _effect(self, at: int) -> list[str]:
        fn, params, name = self.effects[at]
        if name == "if" and params.reading is None:
            written = expression(self.program, params.condition)
            if written is not None:
                return self._if(at, params, *written)
        self.names[f"op_{at}"] = fn
        self.names[f"p_{at}"] = params
        op_frame = f"{{'h': 'op', 'e': {self.lid}, 'j': {at}, 'ctx': ctx, 'l': local}}"
        return [f"frame['i'] = {at + 1}  # {name}",
                "local = {}",
                *self._guarded(at, [f"result = op_{at}(m, ctx, p_{at}, local)"], local=True),
                *self._single(at),
                "if result is None:",
                *_indent(self._ended(at)),
                "elif type(result) is dict:",
                f"    state['stack'] += ({op_frame},)",
                "    return result  # an ask: the answer goes to the op's frame, now on top",
                "else:",
                *_indent(self._ended(at)),
                "    if type(result) is Call:",
                f"        return Call(*result.frames, {op_frame})",
                "    frames = result.frames",
                "    if not frames or frames[0]['h'] != 'fx':",
                "        return Call(*frames)",
                "    if frames[1:]:",
                "        after = run_now(m, frames[0], frames[1:], False)",
                "        if after is not None:",
                "            return after",
                *_indent(self._again(), 2),
                "    else:  # the op is done; its list runs now, this list's frame below it",
                *_indent(self._run_now("frames[0]", "RUNS[f['e']]"), 2)]

    def _single(self, at: int) -> list[str]:
        """An ask with a single option, taken in place as the machine takes it (no agent
        sees it: `Machine.run`), and the op called again as the machine steps its frame
        (`runtime.effects.resume_op`), that frame never pushed: nothing reads the stack
        between (no decision, no other step). What it returns then is taken as what the op
        returned at first (a second such ask goes to the machine: each machine step calls the
        op at most twice, so the no-progress guard still sees a loop of asks). Only in
        `steady` programs."""
        if not steady(self.program):
            return []
        again = [f"result = op_{at}(m, ctx, p_{at}, local)"]
        if self.quiet[at]:  # (no end check after it: its step's calm cleared as the loop clears it)
            again += ["m.calm = False"]
        return ["if type(result) is dict and len(result['options']) == 1:",
                "    m.calm = False  # (as the loop clears it after the asking step)",
                "    local['ans'] = result['options'][0]",
                *_indent(self._guarded(at, again))]

    def _if(self, at: int, p, text: str, needs: dict) -> list[str]:
        """`if` in place: the condition written out (a failure evaluated again by `holds`,
        which raises it located), then the branch's list run at once."""
        self.names.update(needs)
        self.names[f"condition_{at}"] = p.condition
        index = f"# if {p.condition}" if self.bare else f"frame['i'] = {at + 1}  # if {p.condition}"
        lines = [index,
                 *self._guarded(at, [
                     "seat = ctx['self'] if 'self' in ctx else None",
                     "card = ctx['card'] if 'card' in ctx else None",
                     "try:",
                     f"    holds = True if {text} else False",
                     "except Exception:  # evaluated again the generic way: it fails located",
                     f"    holds = m.holds(condition_{at}, seat, ctx, card)"]),
                 *self._ended(at)]
        for test, branch in (("if holds:", p.then), ("if not holds:", p.else_)):
            lid = self.program.lid(branch)
            if lid is None:
                continue
            if self.program.bare[lid] is not None:
                lines += [test, *_indent(self._run_bare(at, lid))]
                continue
            frame = f"{{'h': 'fx', 'e': {lid}, 'i': 0, 'ctx': ctx}}"
            lines += [test, *_indent(self._run_now(frame, f"RUNS[{lid}]"))]
        return lines

    def _run_bare(self, at: int, lid: int) -> list[str]:
        """`_run_now` for a branch written bare (`BareRuns`), its frame never pushed: where
        it stopped, the frames the framed path leaves (this list's own frame, past effect
        `at`, under the branch's) are pushed (framed) or handed to the caller (bare)."""
        self.names[f"bare_{lid}"] = self.program.bare[lid]
        own = f"{{'h': 'fx', 'e': {self.lid}, 'i': {at + 1}, 'ctx': ctx}}"
        if self.bare:
            left = [f"    return ({own}, *left) if left else ()"]
            stop = [f"    return ({own},) if stack and stack[-1] is below else ()"]
        else:
            left = ["    if left:", "        stack += left", "    return AGAIN"]
            stop = ["    return AGAIN"]
        return ["if m.audit is not None:",
                "    m.audit.after_step(m)",
                "m.calm = False",
                "stack = state['stack']",
                "below = stack[-1]",
                f"left = bare_{lid}(m, ctx)",
                "if left is not None:  # stopped inside: the frames it leaves",
                "    m.calm = True",
                *left,
                "if m.audit is not None:",
                "    m.audit.after_step(m)",
                "m.calm = False",
                "if state['result'] is not None or not stack or stack[-1] is not below:",
                "    m.calm = True",
                *stop]


def _indent(lines: list[str], times: int = 1) -> list[str]:
    pad = "    " * times
    return [pad + line for line in lines]
