"""Win, loss and end conditions, checked after every effect and every finished step once
setup is over (never during it).

`who` says which seats a condition is tested for (see `compiler`'s `Condition`): `self`
every seat still in the game, each for itself; `active` only the seat whose turn it is;
`party` every seat, any one meeting it deciding for the whole table; `all` every seat, all
of them having to meet it, and then the whole table shares the outcome. A seat meeting a
loss condition for itself is out; when one seat is left it wins. An end condition (or the
last round) ends the game: `end-of-game` fires, then the ranking (if any) places the seats
and its first place wins. A condition `at: turn-end` is tested only while no turn is under
way, so the turn in progress is carried out in full before it can end the game; one with
`in-stories: false` is not tested while a story is walked (its battles' outcomes and its
endings decide, so a lost battle's paragraph is read). Conditions that read only variables
and counts of cards by card are tested again only once something they read was marked as
changed (`reads_tracked`, `Machine.dirty`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from runtime.frames import NO_CTX, handler
from runtime.windows import window
from runtime.written import expression, write

if TYPE_CHECKING:
    from compiler.language.documents import Condition
    from runtime.machine import Machine


_SHARED = frozenset({"party", "all"})  # the whole table shares the outcome


def meeting(m: Machine, cond: Condition) -> list[int]:
    """The seats condition `cond` is met for, by its `who`: for `party` and `all`, every seat
    still in the game (when it is met); empty when it is not met."""
    st = m.state
    who = cond.who
    if who == "active":
        seat = st["active"]
        return [seat] if not st["out"][seat] and m.holds(cond.if_, seat) else []
    seats = [s for s in range(st["players"]) if not st["out"][s]]
    if who == "self":
        return [s for s in seats if m.holds(cond.if_, s)]
    if who == "party":
        met = any(m.holds(cond.if_, s) for s in seats)
    else:
        met = bool(seats) and all(m.holds(cond.if_, s) for s in seats)
    return seats if met else []


def _between_turns(m: Machine) -> bool:
    """No turn is under way (a turn frame on its way out has reached its last stage)."""
    return all(f["h"] != "turn" or f["l"].get("s") == "done" for f in m.state["stack"])


def _applies(m: Machine, cond: Condition) -> bool:
    if not cond.in_stories and m.program.story is not None:
        return False  # the story's battle outcomes and endings decide
    return cond.at == "step" or _between_turns(m)


def check(m: Machine) -> bool:
    """Apply the conditions; True if the game ended (or began ending) because of them."""
    m.dirty = True  # (tested whatever changed: the hot paths call the check as it stands)
    return m.program.cache["conditions:end"](m)  # (the hot paths call it so, inline)


def _win(m: Machine, cond: Condition) -> bool:
    seats = meeting(m, cond) if _applies(m, cond) else None
    if seats:
        finish(m, seats, cond.text or "a win condition is met")
        return True
    return False


def _lose(m: Machine, cond: Condition) -> bool:
    seats = meeting(m, cond) if _applies(m, cond) else None
    if not seats:
        return False
    if cond.who in _SHARED:
        finish(m, [], cond.text or "the party lost")
        return True
    return put_out(m, seats, cond.text or "")


def _end(m: Machine, cond: Condition) -> bool:
    if _applies(m, cond) and meeting(m, cond):
        end_game(m, cond.text or "an end condition is met")
        return True
    return False


def write_end_check(program) -> Callable:
    """The win, loss and end conditions of `program`, tested in order, written out as one
    function, kept in its cache as `conditions:end` (written at load: the machine, effect lists
    and stepping call it from there, with no lookup of their own): a win for the active seat tested at every step reads its
    condition in place (a failure is evaluated again by `holds`, which raises it located);
    the others are tested by `_win`, `_lose` and `_end`."""
    rules = program.rules
    tracked = reads_tracked(program)
    body = ["if not m.dirty:",
            "    return False  # nothing it reads changed since it last found no outcome",
            ] if tracked else []
    body += ["st = m.state",
             "if (st['result'] is not None or ('ending' in st and st['ending'])",
             "        or ('begun' in st and not st['begun'])):",
             "    return False"]
    if tracked:
        body.append("m.dirty = False")
    names: dict = {"_finish": finish, "_win": _win, "_lose": _lose, "_end": _end}
    for kind, conds in (("win", rules.win), ("lose", rules.lose), ("end", rules.end)):
        for n, cond in enumerate(conds):
            names[f"_{kind}_{n}"] = cond
            written = (expression(program, cond.if_, seated=True, bound=True)
                       if cond.if_ is not None else None)
            if kind != "win" or written is None or not (
                    cond.who == "active" and cond.at == "step" and cond.in_stories):
                body += [f"if _{kind}(m, _{kind}_{n}):", "    return True"]
                continue
            text, needs = written
            names.update(needs)
            body += [f"# win: {cond.if_}",
                     "seat = st['active']",
                     "if not st['out'][seat]:",
                     "    try:",
                     "        sv = st['sv'][seat]",
                     f"        met = {text}",
                     "    except Exception:  # located by `holds`, which evaluates it again",
                     f"        met = m.holds(_win_{n}.if_, seat)",
                     "    if met:",
                     f"        _finish(m, [seat], _win_{n}.text or 'a win condition is met')",
                     "        return True"]
    body.append("return False")
    found = program.cache["conditions:end"] = write(
        "end_check", "m, ctx=_NO_CTX, card=None", body, {**names, "_NO_CTX": NO_CTX})
    return found


def reads_tracked(program) -> bool:
    """Whether every win, loss and end condition of `program` reads only what the runtime
    marks as changed (`Machine.dirty`): variables (set through `runtime.variables` or a bound
    op, or by a stat change running out), counts of cards by zone, face and card id (cards
    moved, dealt, turned face up or over), whose turn it is, who is out and whether setup is
    over, each tested at every step in a game with no stories. Its end check then runs only
    when one of those was marked since it last found no outcome. The card ids a count of
    theirs may count are kept in the cache as `conditions:counted` (None: any card; a move of
    another card changes none of their counts)."""
    rules = program.rules
    conds = (*rules.win, *rules.lose, *rules.end)
    program.cache["conditions:counted"] = None
    if program.story is not None or program.game.stories or any(c.at != "step" for c in conds):
        return False
    counted: set[str] | None = set()
    for cond in conds:
        if cond.if_ is None:
            continue
        for name in program.expr(cond.if_).names:
            var = program.variables.get(name)
            if var is None:
                return False  # a built-in, a card field: read from more than is marked
            spec = var.counts
            if spec is None:
                continue
            if spec.if_ is None:
                counted = None  # every card counts
                continue
            table = program.card_table(spec.if_)
            if table is None:
                return False  # a count whose condition reads more than the card
            if counted is not None:
                counted |= {card_id for card_id, holds in table.items() if holds}
    program.cache["conditions:counted"] = None if counted is None else frozenset(counted)
    return True


def put_out(m: Machine, seats: list[int], reason: str) -> bool:
    """Put seats out of the game; True if that leaves one seat or none, which ends it."""
    st = m.state
    m.dirty = True  # (the seats still in the game, which the conditions are tested for)
    for seat in seats:
        st["out"][seat] = True
        m.emit("out", seat=seat, reason=reason)
    left = [s for s in range(st["players"]) if not st["out"][s]]
    from runtime.selectors import cooperative

    if cooperative(m):
        # a party wins or loses together: the last one standing plays on, for all of them
        if left:
            return False
        finish(m, [], "every seat is out")
        return True
    if len(left) > 1:
        return False
    finish(m, left, "every other seat is out")
    return True


def finish(m: Machine, winners: list[int], reason: str) -> None:
    m.state["result"] = {"winners": sorted(winners), "reason": reason}
    m.emit("result", winners=sorted(winners), reason=reason)


def end_game(m: Machine, reason: str) -> None:
    """End the game now: drop pending work, fire `end-of-game`, then rank the seats."""
    st = m.state
    st["ending"] = reason
    st["decision"] = None
    ctx = {"self": st["active"]}
    # in place: the machine holds this very list
    st["stack"][:] = [{"h": "rank", "ctx": ctx, "l": {}}, window("end-of-game", ctx)]


@handler("rank")
def rank(m: Machine, frame: dict):
    st = m.state
    ranking = m.program.rules.ranking
    seats = [s for s in range(st["players"]) if not st["out"][s]]
    if ranking is None or not seats:
        finish(m, [], st["ending"])
        return None
    for key in ranking.by:
        values = {s: m.value(key.value, s) for s in seats}
        best = max(values.values()) if key.order == "highest" else min(values.values())
        seats = [s for s in seats if values[s] == best]
        if len(seats) == 1:
            break
    if len(seats) > 1 and ranking.ties != "share":
        seats = [min(seats)] if ranking.ties == "earlier-seat" else [max(seats)]
    finish(m, seats, st["ending"])
    return None
