"""Ops acting on pieces, used when an op's selector picks pieces on a board (closest,
in-pattern, all-enemies…): damage, heal, status, defeat, push, move, approach, place, attack
and activate.

A character's piece keeps its health and statuses in its seat's state, so the seat's windows
(on-damaged, on-defeated) fire as usual; a foe keeps them on its row. A foe brought to 0
health is defeated: it leaves the board and `on-enemy-defeated` fires for the attacker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime import weapons
from runtime.board import (
    area_goal,
    ask_cell,
    board,
    cell_of,
    cells_of,
    free,
    in_cover,
    named_cells,
    occupied,
    on_keyword,
    pieces,
    railing_between,
    sees,
    shoots_down,
)
from runtime.collisions import (
    covered_at_start,
    foes_in_the_way,
    landing_cells,
    shove_under,
    shoves,
    walk,
)
from runtime.conditions import put_out
from runtime.entering import covered_before, entered
from runtime.frames import Call, Tail, ask, fx
from runtime.ops import PIECE_HANDLERS, amount, on_pieces  # noqa: F401 - PIECE_HANDLERS kept importable here
from runtime.ops.combat import ally_healed
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


def take_health(m: Machine, ctx: dict, i: int, n: int, **shot) -> list[dict]:
    """Take `n` health from piece `i`; the windows that follow. A character's seat hears of
    it (`on-damaged`) even in a game that counts wounds its own way, with no `health`.
    `shot` (a ranged effect's source piece) goes into the `damage` event."""
    piece = pieces(m)[i]
    health = piece_value(m, i, "health")
    m.emit("damage", piece=i, seat=piece[1], amount=n, **shot)
    if health is not None:
        set_piece_value(m, i, "health", health - n)
    left = piece_value(m, i, "health")
    if piece[1] is not None:
        # the seat's windows: the foe dealing it lends them none of its fields (`damage`…)
        wctx = {**ctx, "target": piece[1], "damage": n, "piece": None}
        down = left is not None and left <= 0
        return [window("on-damaged", wctx)] + ([window("on-defeated", wctx)] if down else [])
    # the seat whose effect dealt it hears of it (`on-enemy-damaged`), before any fall
    dealt = [window("on-enemy-damaged", {**ctx, "attacker": ctx.get("self"), "piece": i,
                                         "damage": n})] if "on-enemy-damaged" in m.program.listened else []
    return dealt + (_remove(m, ctx, i) if left is not None and left <= 0 else [])


def _remove(m: Machine, ctx: dict, i: int) -> list[dict]:
    piece = pieces(m)[i]
    fell_at = [piece[2], piece[3]]  # where it stood, for what waits on its fall (`next_to`)
    piece[2] = piece[3] = None
    m.emit("defeated", piece=i, card=None)
    return [window("on-enemy-defeated", {**ctx, "attacker": ctx.get("self"), "piece": i,
                                         "fallen": i, "fell_at": fell_at})]


@on_pieces("damage")
def damage(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    n = int(amount(m, ctx, p.amount))
    src = source_piece(m, ctx) if p.ranged else None
    frames = [f for i in found for f in take_health(m, ctx, i, n, **_shot(m, src, i, p.ranged))]
    return Tail(*frames) if frames else None


def _shot(m: Machine, src: int | None, target: int, ranged: bool) -> dict:
    """A ranged effect's fields for its `damage` event: the source piece, and whether it saw
    its target when it struck (the audit reads it after the step, when a target it defeated
    has left the board)."""
    if not ranged:
        return {}
    rows = pieces(m)
    seen = src is not None and sees(m, rows[src], rows[target])
    return {"source": src, "ranged": True, "in_sight": seen}


@on_pieces("heal")
def heal(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    n = int(amount(m, ctx, p.amount))
    frames = []
    for i in found:
        health = piece_value(m, i, "health")
        if health is None:
            continue
        if p.per_target:
            n = int(target_amount(m, ctx, p.amount, i))
        top = None if is_character(m, i) else most_health(m, i)
        set_piece_value(m, i, "health", health + n if top is None else min(top, health + n))
        if is_character(m, i):
            frames += ally_healed(m, ctx, pieces(m)[i][1], piece_value(m, i, "health") - health)
    return Tail(*frames) if frames else None


def target_amount(m: Machine, ctx: dict, value, i: int):
    """An amount worked out as piece `i`: a figure as its seat, a foe as the acting piece."""
    if is_character(m, i):
        seat = pieces(m)[i][1]
        return m.value(value, seat, {**ctx, "self": seat, "piece": None})
    return m.value(value, None, {**ctx, "piece": i})


def most_health(m: Machine, i: int) -> int | None:
    """The most health a foe may have: what it started the battle with, else its card's."""
    from runtime.battle import TOP, by_players

    piece = pieces(m)[i]
    if len(piece) > 6 and TOP in piece[6]:
        return piece[6][TOP]
    return by_players(m, m.program.fields.get(piece[0], {}).get("health"))


@on_pieces("skip-turn")
def skip_turn(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Each piece picked skips its next turn: a figure's seat its next turn, a foe the next
    card played by it (`play-top` with `by`)."""
    from runtime.targets import SKIP

    for i in found:
        piece = pieces(m)[i]
        if piece[1] is not None:
            m.state["skip"][piece[1]] += 1
        else:
            set_piece_value(m, i, SKIP, (piece_value(m, i, SKIP) or 0) + 1)
    return None


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
    stepped: list[dict] = []  # the terrain each piece is shoved into goes off
    for i in found:
        piece = pieces(m)[i]
        before = covered_before(m, i)
        dc = (piece[2] > source[2]) - (piece[2] < source[2])
        dr = (piece[3] > source[3]) - (piece[3] < source[3])
        start = cell_of(piece)
        for _ in range(int(amount(m, ctx, p.distance))):
            nxt = (piece[2] + dc, piece[3] + dr)
            # every cell a piece with a footprint would cover must be open, not just its corner
            taken = occupied(m) - set(cells_of(m, piece))
            if ((dc, dr) == (0, 0) or b.closed(cell_of(piece), nxt)
                    or any(not b.passable(c) or c in taken for c in cells_of(m, piece, nxt))):
                break
            piece[2], piece[3] = nxt
        if cell_of(piece) != start:  # the log shows where the push left it
            m.emit("move-piece", piece=i, seat=piece[1], cell=[piece[2], piece[3]])
        stepped += entered(m, i, before)
    return Tail(*stepped) if stepped else None


def _seen_from(ctx: dict, mover: int, towards: str | None) -> dict:
    """Where a mover's goal is picked from: the mover itself (each walks to its own closest),
    except `towards: self`, the piece or figure the effect belongs to (a foe calling others
    to its side)."""
    return ctx if towards == "self" else {**ctx, "piece": mover}


@on_pieces("move")
def move(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Foes and characters the selector picks walk towards a target or into an area, or to a
    chosen cell."""
    steps = int(amount(m, ctx, p.distance))
    stepped = local.setdefault("stepped", [])  # the terrain each mover walks into goes off
    for i in found:
        if str(i) in local.setdefault("moved", {}):
            continue
        piece = pieces(m)[i]
        before = covered_at_start(m, local, i)
        walked = p.area is not None or p.towards is not None
        if p.area is not None:
            went = walk(m, ctx, local, i, area_goal(m, p.area), steps, False)
            if went is not None:
                return went
        elif p.towards is not None:
            goal = resolve_pieces(m, _seen_from(ctx, i, p.towards), p.towards, local,
                                  slot=f"to{i}")
            if type(goal) is dict:
                return goal
            went = walk(m, ctx, local, i, {c for g in goal for c in cells_of(m, pieces(m)[g])},
                        steps, True)
            if went is not None:
                return went
        else:
            b, _ = board(m)
            taken = occupied(m) - {cell_of(piece)}
            reach = b.distances_from(cell_of(piece), avoid=foes_in_the_way(m, i))
            cells = sorted(c for c, d in reach.items()
                           if d <= steps and c not in taken and b.passable(c))
            owner = piece[1] if piece[1] is not None else tie_chooser(m, ctx)
            cell = ask_cell(m, local, f"cell{i}", owner, cells, "Move where?")
            if type(cell) is dict:
                return cell
            piece[2], piece[3] = cell
        local["moved"][str(i)] = True
        m.emit("move-piece", piece=i, seat=piece[1], cell=[piece[2], piece[3]])
        stepped += entered(m, i, before, walked)
    return Tail(*stepped) if stepped else None


@on_pieces("approach")
def approach(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Foes and characters the selector picks walk towards a target (stopping next to it) or
    into an area; `then` runs if one arrived, else `else`."""
    arrived = False
    for i in found:
        piece = pieces(m)[i]
        if p.area is not None:
            goal, next_to = area_goal(m, p.area), False
        else:
            targets = resolve_pieces(m, _seen_from(ctx, i, p.towards), p.towards or "closest",
                                     local, slot=f"to{i}")
            if type(targets) is dict:
                return targets
            goal, next_to = {cell_of(pieces(m)[g]) for g in targets if g != i}, True
        if str(i) not in local.setdefault("moved", {}):
            before = covered_at_start(m, local, i)
            went = walk(m, ctx, local, i, goal, int(amount(m, ctx, p.distance)), next_to)
            if went is not None:
                return went
            local["moved"][str(i)] = True
            m.emit("move-piece", piece=i, seat=piece[1], cell=[piece[2], piece[3]])
            local.setdefault("stepped", []).extend(entered(m, i, before, True))
        covers = cells_of(m, piece)
        b, _ = board(m)
        arrived = arrived or (any(c == g or b.adjacent(c, g) for c in covers for g in goal)
                              if next_to else any(c in goal for c in covers))
    branch = p.then if arrived else p.else_
    stepped = local.get("stepped", [])
    then = [fx(m.program.lid(branch), ctx)] if branch else []
    return Tail(*stepped, *then) if stepped or then else None


@on_pieces("place")
def place(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Each piece picked goes to a free cell of `at`/`area` the acting seat chooses,
    however far away."""
    for i in found:
        if str(i) in local.setdefault("placed", {}):
            shoving = shove_under(m, local, i) if shoves(m, i) else None
            if shoving is not None:  # the figures where it landed step aside
                return shoving
            continue
        named = named_cells(m, p.at, p.area)
        cells = landing_cells(m, i, named) if shoves(m, i) else free(m, named)
        if not cells:
            continue
        cell = ask_cell(m, local, f"cell{i}", tie_chooser(m, ctx), cells,
                        f"Where does {piece_label(m, i)} go?")
        if type(cell) is dict:
            return cell
        before = covered_before(m, i)
        pieces(m)[i][2:4] = list(cell)
        local["placed"][str(i)] = list(cell)
        m.emit("move-piece", piece=i, seat=pieces(m)[i][1], cell=list(cell))
        local.setdefault("stepped", []).extend(entered(m, i, before))
        shoving = shove_under(m, local, i) if shoves(m, i) else None
        if shoving is not None:
            return shoving
    stepped = local.get("stepped")
    return Tail(*stepped) if stepped else None


@on_pieces("attack")
def attack(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """A strength plus a roll (a pool's successes, else its total) against the target piece's
    defence, as `hits` says; the target may roll defence dice, each success cancelling 1
    damage (or, with `defer-defence`, keeps the damage for `defend`). The acting seat picks
    one target when the selector names several, unless `split` holds: then every piece named
    shares the dice. Foes the attack reached that still stand fire `react`, one by one."""
    if "w" not in local:
        if not found:
            return None
        seat = ctx.get("self")
        weapon = ctx.get("weapon")
        split = p.split is not None and m.holds(p.split, seat, ctx, weapon)
        if len(found) > 1 and not split:
            if local.get("asking") != "one" or "ans" not in local:
                local["asking"] = "one"
                options = [{"label": piece_label(m, i), "key": f"piece:{i}", "piece": i}
                           for i in found]
                return ask(tie_chooser(m, ctx), "piece", "Attack which?", options)
            del local["asking"]
            found = [local.pop("ans")["piece"]]
        target = found[0]
        strength = int(amount(m, ctx, p.strength)) if p.strength is not None else 0
        defender = pieces(m)[target][1]
        # a foe striking acts for a seat (its ties), but that seat is not the attacker
        attacker = None if _foe_acting(m, ctx) else seat
        src = source_piece(m, ctx)
        # a ranged attack's target may have cover from the attacker; the windows read `cover`
        ranged = p.ranged if type(p.ranged) is bool else m.holds(p.ranged, seat, ctx, weapon)
        cover = bool(ranged and src is not None
                     and in_cover(m, pieces(m)[src], pieces(m)[target]))
        local["w"] = {**ctx, "attacker": attacker, "defender": defender, "target": defender,
                      "piece": target, "source": src, "strength": strength, "cover": cover,
                      "ranged": ranged, "attacking": True,
                      "attacker_elevated": src is not None
                      and on_keyword(m, pieces(m)[src], "elevated"),
                      "target_elevated": on_keyword(m, pieces(m)[target], "elevated"),
                      "high_ground": bool(ranged) and src is not None
                      and shoots_down(m, pieces(m)[src], pieces(m)[target])}
        local["targets"] = list(found) if split else [target]
        local["strikes"] = weapons.strike(m, weapon) if weapon is not None else 0
        frames = [window("on-attacked", local["w"]), window("before-attack", local["w"])]
        if p.dice is not None:
            _roll(m, p.dice, seat, ctx, p.count)
            frames.append(window("after-attack-roll", local["w"]))
        return Call(*frames)
    wctx = local["w"]
    if len(local["targets"]) > 1:
        return _shared(m, p, local)
    target = wctx["piece"]
    if "hurt" not in local:
        strength = wctx["strength"] + (_counted(m, p.dice) if p.dice is not None else 0)
        won, hurt, defence = _hit(m, p, target, strength)
        _attack_event(m, p, wctx, target, strength, defence, won, local)
        local.update(hurt=hurt, won=won, defence=defence)
        if hurt > 0 and p.defence_dice is not None and p.defer_defence:
            names = ("cover", "ranged", "attacker_elevated", "target_elevated")
            _keep_hit(m, p, {**ctx, **{k: wctx.get(k, False) for k in names}}, target, hurt)
            local["hurt"] = 0
        elif hurt > 0 and p.defence_dice is not None and _defends(m, p, ctx, target):
            seat = wctx["defender"]
            _roll(m, p.defence_dice, seat, {"self": seat, "piece": None if seat is not None
                                            else target}, p.defence_count)
            local["rolled"] = True
            return Call(window("before-defence-roll", wctx), window("after-defence-roll", wctx))
    hurt, won = local["hurt"], local["won"]
    if local.pop("rolled", False):
        blocked = _counted(m, p.defence_dice)
        hurt = max(0, hurt - blocked)
        seat = wctx["defender"]
        m.emit("defend", piece=target, seat=seat, blocked=blocked, damage=hurt,
               defences=_defended(m, seat))
    frames = take_health(m, wctx, target, hurt) if won and hurt > 0 else []
    from runtime.ops.combat import _after

    tail = _after(m, {**wctx, "defence": local["defence"], "won": won, "damage": hurt,
                      **_struck(wctx, [target] if won else [])}, won, [])
    return Tail(*_reactions(m, p, wctx, local["targets"]), *frames, *tail.frames)


def _struck(wctx: dict, hit: list[int]) -> dict:
    """What the windows after a seat's attack name as `target` on the board: the foes it hit
    (`tpieces`), so an ability can push or wound the one it struck."""
    return {"tpieces": hit} if wctx.get("attacker") is not None else {}


def _foe_acting(m: Machine, ctx: dict) -> bool:
    return ctx.get("piece") is not None and not is_character(m, ctx["piece"])


def _hit(m: Machine, p, target: int, strength: int) -> tuple[bool, int, int]:
    """(whether the strength beats the target's defence, the damage it deals, the defence)."""
    defence = piece_value(m, target, "defence") or 0
    if p.hits == "threshold":
        won = strength >= defence
        defeat = piece_value(m, target, "defeat")
        health = piece_value(m, target, "health")
        outright = defeat is not None and health and strength >= defeat
        return won, ((health if outright else 1) if won else 0), defence
    return strength > defence, max(0, strength - defence), defence


def _need(m: Machine, p, target: int) -> int:
    """The most the attack can usefully give the target: what defeats it (what wounds it,
    when a wound is all it can take from one attack)."""
    defence = piece_value(m, target, "defence") or 0
    health = piece_value(m, target, "health") or 0
    if p.hits != "threshold":
        return defence + health
    defeat = piece_value(m, target, "defeat")
    return defeat if defeat is not None and health > 1 else defence


def _attack_event(m: Machine, p, wctx: dict, target: int, strength: int, defence: int,
                  won: bool, local: dict) -> None:
    src = wctx.get("source")
    # whether the source saw its target when it struck: the audit reads it after the step,
    # when a target it defeated has left the board
    seen = src is not None and sees(m, pieces(m)[src], pieces(m)[target])
    m.emit("attack", attacker=wctx["attacker"], piece=target, source=src,
           ranged=wctx.get("ranged", False), cover=bool(wctx.get("cover")), strength=strength,
           defence=defence, won=won, strikes=local["strikes"], targets=len(local["targets"]),
           in_sight=seen, in_pattern=_in_weapon_pattern(m, wctx, src, target),
           defendable=p.defence_dice is not None and _defends(m, p, wctx, target),
           **_railing_field(m, src, target))


def _railing_field(m: Machine, src: int | None, target: int) -> dict:
    """On a board with railings, whether one stood between the attacker and its target."""
    if src is None or not board(m)[0].railed:
        return {}
    return {"over_railing": railing_between(m, pieces(m)[src], pieces(m)[target])}


def _in_weapon_pattern(m: Machine, wctx: dict, src: int | None, target: int) -> bool:
    """Whether the target stands in the pattern of the weapon struck with (read from that
    card alone, not every card in play), as the source faces now; true with no weapon."""
    weapon = wctx.get("weapon")
    if weapon is None or src is None:
        return True
    cells = pattern_cover(m, src, {"card": weapon})
    return cell_of(pieces(m)[target]) in cells


def _shared(m: Machine, p, local: dict):
    """The dice shared among the pieces reached, as the attacker chooses, then each hit."""
    from runtime.ops.combat import _after
    from runtime.shares import ask_shares

    wctx = local["w"]
    targets = local["targets"]
    if "shares" not in local:
        worths = _die_worths(m, p.dice) if p.dice is not None else []
        got = ask_shares(m, local, tie_chooser(m, wctx), worths,
                         [_need(m, p, i) for i in targets], [piece_label(m, i) for i in targets])
        if type(got) is dict:
            return got
        local["shares"] = got
    frames, hit = [], []
    for i, share in zip(targets, local["shares"], strict=True):
        strength = wctx["strength"] + share
        won, hurt, defence = _hit(m, p, i, strength)
        _attack_event(m, p, wctx, i, strength, defence, won, local)
        if won:
            hit.append(i)
        if won and hurt > 0:
            frames += take_health(m, {**wctx, "piece": i}, i, hurt)
    tail = _after(m, {**wctx, "won": bool(hit), "damage": 0, **_struck(wctx, hit)}, bool(hit), [])
    return Tail(*_reactions(m, p, wctx, targets), *frames, *tail.frames)


def _die_worths(m: Machine, dice_id: str) -> list[int]:
    """What each die of the roll kept counts (forced successes: so many dice worth 1)."""
    from runtime.dice import count_roll, face_worth, system

    dice = system(m, dice_id)
    st = m.state
    count_roll(m, dice)
    if st.get("forced") is not None:
        return [1] * st["forced"]
    if dice.type != "pool":
        return [st["roll"]]
    worth = face_worth(m, dice, st.get("dice_mode"), st.get("dice_seat"))
    return [worth.get(str(face), 0) for face in st["dice"]]


def _reactions(m: Machine, p, wctx: dict, targets: list[int]) -> list[dict]:
    """The `react` window for each foe reached still standing, one at a time."""
    if p.react is None:
        return []
    return [window(p.react, {**wctx, "piece": i, "only_piece": i})
            for i in targets if pieces(m)[i][2] is not None and not is_character(m, i)]


def _defended(m: Machine, seat: int | None) -> int:
    """Count one defence roll of the seat this round; how many it has made."""
    from runtime.uses import record_use, used

    if seat is None:
        return 0
    record_use(m, "round", f"defence:{seat}")
    return used(m, "round", f"defence:{seat}")


def _keep_hit(m: Machine, p, ctx: dict, target: int, hurt: int) -> None:
    """Keep a hit on the target for `defend`: its damage, whether it may be defended, and
    the mode its defence has (`ctx`: the attacker's, with the attack's names)."""
    seat = pieces(m)[target][1]
    better = p.defence_advantage_if is not None and m.holds(p.defence_advantage_if, seat, ctx)
    worse = (p.defence_disadvantage_if is not None
             and m.holds(p.defence_disadvantage_if, seat, ctx))
    mode = None if better == worse else "advantage" if better else "disadvantage"
    defendable = _defends(m, p, ctx, target)
    m.state.setdefault("incoming", []).append([target, hurt, defendable, mode])


def _roll(m: Machine, dice_id: str, seat: int | None, ctx: dict, count) -> None:
    """Throw `count` dice (else the system's count) and keep them for the windows to change."""
    from runtime.dice import start_roll, system

    n = None if count is None else max(0, int(m.value(count, seat, ctx, ctx.get("weapon"))))
    start_roll(m, system(m, dice_id), seat, n)


def _counted(m: Machine, dice_id: str) -> int:
    """What the dice kept show now: a pool's successes (or those forced), else their total."""
    from runtime.dice import count_roll, system

    return count_roll(m, system(m, dice_id))


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


@on_pieces("lift")
def lift_pieces(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    """Pieces taken off the board undefeated: no `on-enemy-defeated`, no Loot (a flight)."""
    for i in found:
        piece = pieces(m)[i]
        if piece[2] is not None:
            piece[2] = piece[3] = None
            m.emit("lift", piece=i, seat=piece[1])
    return None
