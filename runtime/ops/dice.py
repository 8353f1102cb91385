"""Dice ops: challenge, and the changes abilities make to the roll being made (reroll,
adjust-die, add-dice, advantage, disadvantage, set-successes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.dice import count_of, successes, system, throw
from runtime.frames import Call, Tail, fx
from runtime.ops import amount, implements
from runtime.windows import window

if TYPE_CHECKING:
    from runtime.machine import Machine


def _pool(m: Machine):
    dice_id = m.state.get("dice_system")
    if dice_id is None:
        pools = [d for d in m.program.rules.dice if d.type == "pool"] or m.program.rules.dice
        return pools[0] if pools else None
    return system(m, dice_id)


def _recount(m: Machine) -> None:
    dice = _pool(m)
    st = m.state
    st["roll"] = sum(st["dice"])
    if st.get("forced") is not None:
        st["successes"] = st["forced"]
    elif dice is not None:
        st["successes"] = successes(m, dice, st["dice"])


@implements("challenge", seats="who")
def challenge(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    seat = seats[0] if seats else ctx.get("self")
    st = m.state
    if "rolled" not in local:
        dice = system(m, p.dice) if p.dice else _pool(m)
        if dice is None:
            from runtime.errors import RuleError

            raise RuleError("a challenge needs a dice system in the rules")
        st["dice_system"] = dice.id
        st["dice_mode"] = None
        st["forced"] = None
        stat = int(m.value(p.stat, seat, ctx))
        st["dice"] = throw(m, dice.sides, count_of(m, dice, seat, stat))
        m.emit("roll", dice=dice.id, seat=seat, faces=list(st["dice"]), total=sum(st["dice"]))
        local["rolled"] = True
        wctx = {**ctx, "self": seat}
        return Call(window("on-challenge", wctx), window("after-challenge-roll", wctx))
    _recount(m)
    needed = int(amount(m, ctx, p.successes))
    passed = st["successes"] >= needed
    m.emit(
        "challenge", seat=seat, stat=p.stat, successes=st["successes"], needed=needed, passed=passed
    )
    branch = p.pass_ if passed else p.fail
    return Tail(fx(m.program.lid(branch), ctx)) if branch else None


def _retouch(m: Machine, reverse: bool, change) -> None:
    """Let `change(dice, order)` alter the dice of the roll being made (`order`: their
    indices lowest first, highest first with `reverse`), then count them again."""
    faces = m.state["dice"]
    dice = _pool(m)
    if dice is None or not faces:
        return None
    change(dice, sorted(range(len(faces)), key=lambda i: faces[i], reverse=reverse))
    _recount(m)
    return None


@implements("reroll")
def reroll(m: Machine, ctx: dict, p, local: dict):
    limit = None if p.count is None else int(amount(m, ctx, p.count))
    faces = m.state["dice"]

    def change(dice, order):
        chosen = [i for i in order if not p.faces or faces[i] in p.faces]
        for i in chosen[:limit]:
            faces[i] = m.below(dice.sides) + 1

    return _retouch(m, False, change)


@implements("adjust-die")
def adjust_die(m: Machine, ctx: dict, p, local: dict):
    by = int(amount(m, ctx, p.amount))
    faces = m.state["dice"]

    def change(dice, order):
        for i in order[: int(amount(m, ctx, p.count))]:
            faces[i] = max(1, min(dice.sides, faces[i] + by))

    return _retouch(m, by < 0, change)


@implements("add-dice")
def add_dice(m: Machine, ctx: dict, p, local: dict):
    st = m.state
    dice = _pool(m)
    if dice is None:
        return None
    n = int(amount(m, ctx, p.count))
    if n >= 0:
        room = n if not dice.max_count else max(0, min(n, dice.max_count - len(st["dice"])))
        st["dice"] += throw(m, dice.sides, room)
    else:
        st["dice"] = sorted(st["dice"])[-n:]
    _recount(m)
    return None


def _mode(mode: str):
    def apply(m: Machine, ctx: dict, p, local: dict):
        m.state["dice_mode"] = mode
        _recount(m)
        return None

    return apply


implements("advantage")(_mode("advantage"))
implements("disadvantage")(_mode("disadvantage"))


@implements("set-successes")
def set_successes(m: Machine, ctx: dict, p, local: dict):
    m.state["forced"] = int(amount(m, ctx, p.amount))
    _recount(m)
    return None
