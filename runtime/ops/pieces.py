"""Ops acting on pieces, used when an op's selector picks pieces on a board (closest,
in-pattern, all-enemies…): damage, heal, status, defeat, push, move, approach, place, attack
and activate.

A character's piece keeps its health and statuses in its seat's state, so the seat's windows
(on-damaged, on-defeated) fire as usual; a foe keeps them on its row. A foe brought to 0
health is defeated: it leaves the board and `on-enemy-defeated` fires for the attacker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import (
    ask_cell,
    board,
    cell_of,
    cells_of,
    distance,
    free,
    named_cells,
    occupied,
    pieces,
    step_towards,
)
from runtime.conditions import put_out
from runtime.frames import Call, Tail, ask, fx
from runtime.ops import amount
from runtime.targets import (
    is_character,
    pattern_cover,
    piece_label,
    piece_value,
    resolve_pieces,
    set_piece_value,
    source_piece,
    tie_chooser,
)
from runtime.windows import window

if TYPE_CHECKING:
    from runtime.machine import Machine

PIECE_HANDLERS: dict = {}


def on_pieces(name: str):
    """Register `fn(m, ctx, params, local, pieces)` as op `name`'s way with piece targets."""

    def register(fn):
        PIECE_HANDLERS[name] = fn
        return fn

    return register


def take_health(m: Machine, ctx: dict, i: int, n: int) -> list[dict]:
    """Take `n` health from piece `i`; the windows that follow. A character's seat hears of
    it (`on-damaged`) even in a game that counts wounds its own way, with no `health`."""
    piece = pieces(m)[i]
    health = piece_value(m, i, "health")
    m.emit("damage", piece=i, seat=piece[1], amount=n)
    if health is not None:
        set_piece_value(m, i, "health", health - n)
    left = piece_value(m, i, "health")
    if piece[1] is not None:
        wctx = {**ctx, "target": piece[1], "damage": n}
        down = left is not None and left <= 0
        return [window("on-damaged", wctx)] + ([window("on-defeated", wctx)] if down else [])
    return _remove(m, ctx, i) if left is not None and left <= 0 else []


def _remove(m: Machine, ctx: dict, i: int) -> list[dict]:
    piece = pieces(m)[i]
    piece[2] = piece[3] = None
    m.emit("defeated", piece=i, card=None)
    return [window("on-enemy-defeated", {**ctx, "attacker": ctx.get("self"), "piece": i})]


@on_pieces("damage")
def damage(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    n = int(amount(m, ctx, p.amount))
    frames = [f for i in found for f in take_health(m, ctx, i, n)]
    return Tail(*frames) if frames else None


@on_pieces("heal")
def heal(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    n = int(amount(m, ctx, p.amount))
    for i in found:
        health = piece_value(m, i, "health")
        if health is None:
            continue
        top = None if is_character(m, i) else _top(m, i)
        set_piece_value(m, i, "health", health + n if top is None else min(top, health + n))
    return None


def _top(m: Machine, i: int) -> int | None:
    """The most health a foe may have: what it started the battle with, else its card's."""
    from runtime.battle import TOP, by_players

    piece = pieces(m)[i]
    if len(piece) > 6 and TOP in piece[6]:
        return piece[6][TOP]
    return by_players(m, m.program.fields.get(piece[0], {}).get("health"))


@on_pieces("status")
def status(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    for i in found:
        piece = pieces(m)[i]
        if piece[1] is not None:
            statuses = m.state["status"][piece[1]]
        else:
            statuses = piece_value(m, i, "statuses") or {}
            set_piece_value(m, i, "statuses", statuses)
        if p.remove:
            statuses.pop(p.status, None)
        else:
            statuses[p.status] = p.duration
    return None


@on_pieces("defeat")
def defeat(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    seats = [pieces(m)[i][1] for i in found if is_character(m, i)]
    frames = [f for i in found if not is_character(m, i) for f in _remove(m, ctx, i)]
    if seats and put_out(m, seats, "defeated"):
        return None
    frames += [window("on-defeated", {**ctx, "target": s}) for s in seats]
    return Tail(*frames) if frames else None


@on_pieces("push")
def push(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    src = source_piece(m, ctx)
    if src is None:
        return None
    source = pieces(m)[src]
    b, _ = board(m)
    for i in found:
        piece = pieces(m)[i]
        dc = (piece[2] > source[2]) - (piece[2] < source[2])
        dr = (piece[3] > source[3]) - (piece[3] < source[3])
        for _ in range(int(amount(m, ctx, p.distance))):
            nxt = (piece[2] + dc, piece[3] + dr)
            if ((dc, dr) == (0, 0) or not b.passable(nxt) or nxt in occupied(m)
                    or b.has_wall(cell_of(piece), nxt)):
                break
            piece[2], piece[3] = nxt
    return None


@on_pieces("move")
def move(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Foes and characters the selector picks walk towards a target or into an area, or to a
    chosen cell."""
    steps = int(amount(m, ctx, p.distance))
    for i in found:
        if str(i) in local.setdefault("moved", {}):
            continue
        piece = pieces(m)[i]
        if p.area is not None:
            step_towards(m, piece, set(named_cells(m, [], p.area)), steps, False)
        elif p.towards is not None:
            goal = resolve_pieces(m, {**ctx, "piece": i}, p.towards, local, slot=f"to{i}")
            if type(goal) is dict:
                return goal
            step_towards(m, piece, {cell_of(pieces(m)[g]) for g in goal}, steps, True)
        else:
            b, _ = board(m)
            taken = occupied(m) - {cell_of(piece)}
            reach = b.distances_from(cell_of(piece))
            cells = sorted(c for c, d in reach.items()
                           if d <= steps and c not in taken and b.passable(c))
            owner = piece[1] if piece[1] is not None else tie_chooser(m, ctx)
            cell = ask_cell(m, local, f"cell{i}", owner, cells, "Move where?")
            if type(cell) is dict:
                return cell
            piece[2], piece[3] = cell
        local["moved"][str(i)] = True
        m.emit("move-piece", piece=i, seat=piece[1], cell=[piece[2], piece[3]])
    return None


@on_pieces("approach")
def approach(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Foes and characters the selector picks walk towards a target (stopping next to it) or
    into an area; `then` runs if one arrived, else `else`."""
    arrived = False
    for i in found:
        piece = pieces(m)[i]
        if p.area is not None:
            goal, next_to = set(named_cells(m, [], p.area)), False
        else:
            targets = resolve_pieces(m, {**ctx, "piece": i}, p.towards or "closest", local,
                                     slot=f"to{i}")
            if type(targets) is dict:
                return targets
            goal, next_to = {cell_of(pieces(m)[g]) for g in targets if g != i}, True
        if str(i) not in local.setdefault("moved", {}):
            step_towards(m, piece, goal, int(amount(m, ctx, p.distance)), next_to)
            local["moved"][str(i)] = True
            m.emit("move-piece", piece=i, seat=piece[1], cell=[piece[2], piece[3]])
        covers = cells_of(m, piece)
        arrived = arrived or (any(distance(m, c, g) <= 1 for c in covers for g in goal)
                              if next_to else any(c in goal for c in covers))
    branch = p.then if arrived else p.else_
    return Tail(fx(m.program.lid(branch), ctx)) if branch else None


@on_pieces("place")
def place(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Each piece picked goes to a free cell of `at`/`area` the acting seat chooses,
    however far away."""
    for i in found:
        if str(i) in local.setdefault("placed", {}):
            continue
        cells = free(m, named_cells(m, p.at, p.area))
        if not cells:
            continue
        cell = ask_cell(m, local, f"cell{i}", tie_chooser(m, ctx), cells,
                        f"Where does {piece_label(m, i)} go?")
        if type(cell) is dict:
            return cell
        pieces(m)[i][2:4] = list(cell)
        local["placed"][str(i)] = list(cell)
        m.emit("move-piece", piece=i, seat=pieces(m)[i][1], cell=list(cell))
    return None


@on_pieces("attack")
def attack(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """A strength plus a roll (a pool's successes, else its total) against the target piece's
    defence, as `hits` says; the target may roll defence dice, each success cancelling 1
    damage. The acting seat picks one target when the selector names several."""
    if "w" not in local:
        if not found:
            return None
        if len(found) > 1:
            if local.get("asking") != "one" or "ans" not in local:
                local["asking"] = "one"
                options = [{"label": piece_label(m, i), "key": f"piece:{i}", "piece": i}
                           for i in found]
                return ask(tie_chooser(m, ctx), "piece", "Attack which?", options)
            del local["asking"]
            found = [local.pop("ans")["piece"]]
        target = found[0]
        strength = int(amount(m, ctx, p.strength)) if p.strength is not None else 0
        seat = pieces(m)[target][1]
        local["w"] = {**ctx, "attacker": ctx.get("self"), "defender": seat, "target": seat,
                      "piece": target, "strength": strength}
        frames = [window("on-attacked", local["w"]), window("before-attack", local["w"])]
        if p.dice is not None:
            _roll(m, p.dice, ctx.get("self"), ctx, p.count)
            frames.append(window("after-attack-roll", local["w"]))
        return Call(*frames)
    wctx = local["w"]
    target = wctx["piece"]
    if "hurt" not in local:
        strength = wctx["strength"] + (_counted(m, p.dice) if p.dice is not None else 0)
        defence = piece_value(m, target, "defence") or 0
        if p.hits == "threshold":
            won = strength >= defence
            defeat = piece_value(m, target, "defeat")
            health = piece_value(m, target, "health")
            outright = defeat is not None and health and strength >= defeat
            hurt = (health if outright else 1) if won else 0
        else:
            won = strength > defence
            hurt = max(0, strength - defence)
        m.emit("attack", attacker=wctx["attacker"], piece=target, strength=strength,
               defence=defence, won=won)
        local.update(hurt=hurt, won=won, defence=defence)
        if hurt > 0 and p.defence_dice is not None and _defends(m, p, ctx, target):
            seat = wctx["defender"]
            _roll(m, p.defence_dice, seat, {"self": seat, "piece": None if seat is not None
                                            else target}, p.defence_count)
            local["rolled"] = True
            return Call(window("before-defence-roll", wctx), window("after-defence-roll", wctx))
    hurt, won = local["hurt"], local["won"]
    if local.pop("rolled", False):
        blocked = _counted(m, p.defence_dice)
        hurt = max(0, hurt - blocked)
        m.emit("defend", piece=target, blocked=blocked, damage=hurt)
    frames = take_health(m, wctx, target, hurt) if won and hurt > 0 else []
    from runtime.ops.combat import _after

    tail = _after(m, {**wctx, "defence": local["defence"], "won": won, "damage": hurt}, won, [])
    return Tail(*frames, *tail.frames)


def _roll(m: Machine, dice_id: str, seat: int | None, ctx: dict, count) -> None:
    """Throw `count` dice (else the system's count) and keep them for the windows to change."""
    from runtime.dice import count_of, system, throw

    dice = system(m, dice_id)
    st = m.state
    st.update(dice_system=dice.id, dice_mode=None, forced=None)
    n = None if count is None else max(0, int(m.value(count, seat, ctx)))
    st["dice"] = throw(m, dice.sides, count_of(m, dice, seat, n))
    m.emit("roll", dice=dice.id, seat=seat, faces=list(st["dice"]), total=sum(st["dice"]))


def _counted(m: Machine, dice_id: str) -> int:
    """What the dice kept show now: a pool's successes (or those forced), else their total."""
    from runtime.dice import successes, system

    dice = system(m, dice_id)
    st = m.state
    st["roll"] = sum(st["dice"])
    if st.get("forced") is not None:
        st["successes"] = st["forced"]
    elif dice.type == "pool":
        st["successes"] = successes(m, dice, st["dice"])
    else:
        return st["roll"]
    return st["successes"]


def _defends(m: Machine, p, ctx: dict, target: int) -> bool:
    """Whether the target rolls defence: always, or (`defend-in-pattern`) only when the
    attacker stands in one of the target's attack patterns."""
    if not p.defend_in_pattern:
        return True
    src = source_piece(m, ctx)
    return src is not None and cell_of(pieces(m)[src]) in pattern_cover(m, target)


@on_pieces("activate")
def activate(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Each foe picked (of card `piece`, if named) acts: its card's abilities with no window
    run as that piece, in order (its priorities, or `play-top` of its action deck)."""
    program = m.program
    frames = []
    for i in found:
        card_id = pieces(m)[i][0]
        if card_id is None or (p.piece is not None and card_id != p.piece):
            continue
        for index in program.activated.get(card_id, ()):
            ability = program.cards[card_id].abilities[index]
            actx = {**ctx, "piece": i, "card": None}
            if m.holds(ability.if_, ctx.get("self"), actx):
                frames.append(fx(program.lid(ability.do), actx))
    return Tail(*frames) if frames else None
