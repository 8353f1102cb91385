"""Dice ops: challenge, and the changes abilities make to the roll being made (reroll,
adjust-die, add-dice, advantage, disadvantage, set-successes). With `choose`, a reroll or a
pip is the seat's decision: which dice (by face, dice showing the same face being alike)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import TYPE_CHECKING

from runtime.dice import count_roll, start_roll, system, throw, with_mode
from runtime.frames import Call, Tail, answered, ask, fx
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
    if dice is not None:
        count_roll(m, dice)
    else:
        m.state["roll"] = sum(m.state["dice"])


@implements("challenge", seats="who")
def challenge(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    seat = seats[0] if seats else ctx.get("self")
    st = m.state
    if "rolled" not in local:
        dice = system(m, p.dice) if p.dice else _pool(m)
        if dice is None:
            from runtime.errors import RuleError

            raise RuleError("a challenge needs a dice system in the rules")
        start_roll(m, dice, seat, int(m.value(p.stat, seat, ctx)))
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
    if p.choose:
        return _reroll_chosen(m, ctx, p, local)
    limit = None if p.count is None else int(amount(m, ctx, p.count))
    faces = m.state["dice"]

    def change(dice, order):
        chosen = [i for i in order if not p.faces or faces[i] in p.faces]
        for i in chosen[:limit]:
            faces[i] = m.below(dice.sides) + 1

    return _retouch(m, False, change)


def _by_face(faces: list[int]) -> list[tuple[int, int]]:
    """(face, how many dice show it), lowest face first."""
    return sorted(Counter(faces).items())


def _reroll_chosen(m: Machine, ctx: dict, p, local: dict):
    """The seat picks how many dice of each face to reroll (dice showing the same face are
    alike); rerolling some runs `then`, and while `again` holds the seat may go on."""
    seat = ctx.get("self")
    faces = m.state["dice"]
    dice = _pool(m)
    answer = answered(local, "reroll")
    if answer is not None:
        if not answer["faces"]:
            return None
        for face in answer["faces"]:
            faces[faces.index(face)] = 0  # marked, so equal faces are each rerolled once
        for i, face in enumerate(faces):
            if face == 0:
                faces[i] = m.below(dice.sides) + 1
        m.emit("reroll", seat=seat, faces=list(answer["faces"]), now=list(faces))
        _recount(m)
        local["rerolled"] = True
        if p.then:
            return Call(fx(m.program.lid(p.then), ctx))
    if local.get("rerolled") and not (p.again is not None
                                      and m.holds(p.again, seat, ctx, ctx.get("card"))):
        return None
    if not faces or dice is None:
        return None
    groups = _by_face(faces)
    options = [{"label": "Keep the dice", "key": "keep", "faces": []}]
    for counts in product(*(range(n + 1) for _, n in groups)):
        chosen = [face for (face, _), k in zip(groups, counts, strict=True) for _ in range(k)]
        if chosen:
            options.append({"label": "Reroll " + ", ".join(map(str, chosen)),
                            "key": "reroll:" + ",".join(map(str, chosen)), "faces": chosen})
    local["asking"] = "reroll"
    shown = ", ".join(map(str, sorted(faces)))
    return ask(seat, "reroll", f"The dice show {shown}: reroll any?", options)


def _adjust_chosen(m: Machine, ctx: dict, p, local: dict, by: int):
    """The seat turns `count` dice of its choice by `by` pips, one at a time."""
    faces = m.state["dice"]
    dice = _pool(m)
    answer = answered(local, "adjust")
    if answer is not None:
        i = faces.index(answer["face"])
        faces[i] = max(1, min(dice.sides, faces[i] + by))
        local["turned"] = local.get("turned", 0) + 1
        _recount(m)
    if dice is None or local.get("turned", 0) >= int(amount(m, ctx, p.count)):
        return None
    movable = [f for f, _ in _by_face(faces) if 1 <= f + by <= dice.sides]
    if not movable:
        return None
    local["asking"] = "adjust"
    options = [{"label": f"Turn a {f} to {f + by}", "key": f"face:{f}", "face": f}
               for f in movable]
    return ask(ctx.get("self"), "adjust", "Turn which die?", options)


@implements("adjust-die")
def adjust_die(m: Machine, ctx: dict, p, local: dict):
    by = int(amount(m, ctx, p.amount))
    if p.choose:
        return _adjust_chosen(m, ctx, p, local, by)
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
        m.state["dice_mode"] = with_mode(m.state.get("dice_mode"), mode)
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
