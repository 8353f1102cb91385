"""Ops on cards and zones: draw, discard, steal, give, move-card, reveal, shuffle,
search-deck, remove-from-game, pass-card, play-top."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from runtime.board import pieces
from runtime.errors import RuleError
from runtime.frames import Tail, fx
from runtime.ops import IMPLEMENTATIONS, amount, implements
from runtime.ops.piece_stats import acted
from runtime.picking import in_zone, pick
from runtime.rng import below
from runtime.selectors import candidates, resolve
from runtime.specialise import ACTING, PIECE_ACTS, define, specialises
from runtime.specialise import zone_key as acting_zone_key
from runtime.state import array_for_write, zone_for_write
from runtime.tallies import adjust, table_of
from runtime.targets import resolve_pieces, skips_turn, targets_pieces
from runtime.windows import window
from runtime.written import zone_key
from runtime.zones import move, room, top

if TYPE_CHECKING:
    from runtime.machine import Machine


def card_window(m: Machine, name: str, inst: int, seat: int | None) -> list[dict]:
    """A frame firing `name` for one card, if that card (or a standing rule) waits on it."""
    if name not in m.program.listened:
        return []
    return [window(name, {"self": seat, "card": inst})]


def discard_key(m: Machine, seat: int | None) -> str:
    return m.key("discard", seat)


def per_seat(m: Machine, ctx: dict, local: dict, seats: list[int], step) -> object:
    """Run `step(seat)` for each seat once; it returns frames to run later, or a decision."""
    frames = local.setdefault("frames", [])
    for seat in seats:
        if seat in local.setdefault("done", []):
            continue
        result = step(seat)
        if type(result) is dict:
            return result
        frames += result
        local["done"].append(seat)
    return Tail(*frames) if frames else None


def own_card_first(m: Machine, ctx: dict, cards: list[int], card_id: str | None) -> list[int]:
    """With `card:` naming the card whose ability runs, that very card comes first."""
    mine = ctx.get("card")
    if card_id is not None and mine is not None and mine in cards:
        return [mine] + [c for c in cards if c != mine]
    return cards


# -- draw ---------------------------------------------------------------------------------


@implements("draw", seats="who")
def draw(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    frames: list[dict] = []
    for seat in seats:
        source, dest = m.key(p.from_, seat), m.key(p.to, seat)
        for _ in range(int(amount(m, ctx, p.count))):
            inst = top(m, source)
            if inst is None or not move(m, inst, dest):
                break
            frames += card_window(m, "on-draw", inst, seat)
    return Tail(*frames) if frames else None


def _seat_and_keys(program, p, zones: dict[str, str], names: dict) -> list[str]:
    """Source lines of a bound op of the acting seat: a piece acting, or no seat to act (an
    error the generic op words), takes the generic op; then `seat`, and each zone's key
    under the name `zones` gives it (a game zone's key written in, a seat's zone's formatted)."""
    return [f"if {PIECE_ACTS}:",
            "    return generic(m, ctx, p, local)",
            f"seat = {ACTING}",
            "if seat is None:",
            "    return generic(m, ctx, p, local)",
            *(f"{name} = {zone_key(program, zone, 'seat', f'_{name}', names)}"
              for name, zone in zones.items())]


@specialises("draw")
def bound_draw(p, program):
    """`draw` of a constant count by the acting seat bound at load: its zones named (a game
    zone's key written in), one card drawn straight, and the `on-draw` window left out when
    nothing waits on it (a piece acting: the generic op)."""
    if p.who != "self" or type(p.count) is not int:
        return None
    names = {"generic": IMPLEMENTATIONS["draw"], "top": top, "move": move, "window": window,
             "Tail": Tail}
    listened = "on-draw" in program.listened
    body = _seat_and_keys(program, p, {"source": p.from_, "dest": p.to}, names)
    drawn = ["pile = m.state['zones'][source]",
             "inst = pile[-1] if pile else top(m, source)"]
    if p.count == 1:  # (no loop)
        body += [*drawn, "if inst is None or not move(m, inst, dest):", "    return None"]
        body.append("return Tail(window('on-draw', {'self': seat, 'card': inst}))"
                    if listened else "return None")
    else:
        body += ["frames = []",
                 f"for _ in range({p.count}):",
                 *(f"    {line}" for line in drawn),
                 "    if inst is None or not move(m, inst, dest):",
                 "        break"]
        if listened:
            body.append("    frames.append(window('on-draw', {'self': seat, 'card': inst}))")
        body.append("return Tail(*frames) if frames else None")
    return define(f"draw_{p.count}_{p.from_}_to_{p.to}".replace("-", "_"), body, names)


# -- discard, steal, give, move ---------------------------------------------------------------


def _discard_viable(m: Machine, ctx: dict, p) -> bool:
    return any(
        in_zone(m, m.key(p.from_, s), s, None, ctx, p.card) for s in candidates(m, ctx, p.who)
    )


@implements("discard", viable=_discard_viable, seats="who")
def discard(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    count = int(amount(m, ctx, p.count))

    def step(seat: int):
        pool = own_card_first(
            m, ctx, in_zone(m, m.key(p.from_, seat), seat, None, ctx, p.card), p.card
        )
        if p.card is not None:
            pool = pool[:count]
        picked = pick(m, local, seat, pool, count, p.random, "Choose a card to discard", seat)
        if type(picked) is dict:
            return picked
        frames = []
        for inst in picked:
            if move(m, inst, discard_key(m, seat)):
                frames += card_window(m, "on-discard", inst, seat)
        return frames

    return per_seat(m, ctx, local, seats, step)


@specialises("discard")
def bound_discard(p, program):
    """`discard` of a constant count at random by the acting seat bound at load: no one
    to ask, so the cards are drawn from the zone in place (as `pick` draws them, all first,
    then moved); a piece acting takes the generic op."""
    if p.who != "self" or not p.random or p.card is not None or type(p.count) is not int:
        return None
    names = {"generic": IMPLEMENTATIONS["discard"], "move": move, "window": window, "Tail": Tail,
             "below": below}
    body = [*_seat_and_keys(program, p, {"source": p.from_, "dest": "discard"}, names),
            *_at_random(p.count, "source"),
            "frames = []",
            "for inst in picked:"]
    if "on-discard" in program.listened:
        body += ["    if move(m, inst, dest):",
                 "        frames.append(window('on-discard', {'self': seat, 'card': inst}))"]
    else:
        body.append("    move(m, inst, dest)")
    body.append("return Tail(*frames) if frames else None")
    return define(f"discard_{p.count}_at_random_from_{p.from_}".replace("-", "_"), body, names)


def _at_random(count: int, zone: str) -> list[str]:
    """Source lines that draw `picked`, `count` cards at random from the zone the expression
    `zone` keys, all first (as `pick` draws them), each draw logged as chance."""
    return [f"remaining = [*m.state['zones'][{zone}]]",
            "picked = []",
            f"for _ in range(min({count}, len(remaining))):",
            "    inst = remaining.pop(below(m.state, len(remaining)))",
            "    picked.append(inst)",
            "    if m.log is not None:",
            "        m.emit('chance', what='random card', card=inst)"]


def _steal_viable(m: Machine, ctx: dict, p) -> bool:
    return any(
        m.state["zones"][m.key(p.zone, s)]
        for s in candidates(m, ctx, p.from_)
        if s != ctx.get("self")
    )


@implements("steal", viable=_steal_viable)
def steal(m: Machine, ctx: dict, p, local: dict):
    return _change_hands(m, ctx, local, p, p.from_, "steal",
                         lambda seat: list(m.state["zones"][m.key(p.zone, seat)]),
                         lambda seat: m.key(p.to, ctx["self"]))


@specialises("steal")
def bound_steal(p, program):
    """`steal` of a constant count at random from the attacker or defender bound at load: no
    one to ask, so the cards are drawn from the zone in place, as `pick` draws them."""
    if not p.random or p.from_ not in ("attacker", "defender") or type(p.count) is not int:
        return None
    notice = f"an effect targets {p.from_!r}, and no seat qualifies"  # (as `resolve` says)
    names = {"move": move, "below": below}
    body = ["me = ctx['self']",
            f"seat = ctx[{p.from_!r}] if {p.from_!r} in ctx else None",
            "if seat is None or seat == me:",
            "    if m.audit is not None:",
            f"        m.audit.notice(m, 'no-target', {notice!r})",
            "    return None",
            *_at_random(p.count, zone_key(program, p.zone, "seat", "_zone", names)),
            f"dest = {acting_zone_key(p.to, 'me')}",
            "for inst in picked:",
            "    move(m, inst, dest)",
            "if m.log is not None:",
            "    m.emit('steal', seat=me, other=seat, cards=len(picked))",
            "return None"]
    return define(f"steal_{p.count}_at_random_from_{p.from_}", body, names)


@implements("give")
def give(m: Machine, ctx: dict, p, local: dict):
    me = ctx["self"]
    return _change_hands(
        m,
        ctx,
        local,
        p,
        p.to,
        "give",
        lambda seat: own_card_first(
            m, ctx, in_zone(m, m.key(p.zone, me), me, None, ctx, p.card), p.card
        ),
        lambda seat: m.key(p.zone, seat),
    )


_ASKS = {"steal": ("Steal from whom?", "Choose a card to take"),
         "give": ("Give to whom?", "Choose a card to give")}


def _change_hands(
    m: Machine, ctx: dict, local: dict, p, selector: str, verb: str, pool_of, dest_of
):
    """Cards pass between the acting seat and each other seat `selector` names: the acting
    seat picks `p.count` of `pool_of(seat)` (or they are picked at random), and they go to
    `dest_of(seat)`."""
    me = ctx["self"]
    whom, which = _ASKS[verb]
    seats = resolve(m, ctx, selector, local, exclude=(me,), prompt=whom)
    if type(seats) is dict:
        return seats
    count = int(amount(m, ctx, p.count))

    def step(seat: int):
        picked = pick(m, local, me, pool_of(seat), count, p.random, which, seat)
        if type(picked) is dict:
            return picked
        for inst in picked:
            move(m, inst, dest_of(seat))
        if m.log is not None:
            m.emit(verb, seat=me, other=seat, cards=len(picked))
        return []

    return per_seat(m, ctx, local, seats, step)


def _move_pool(m: Machine, ctx: dict, p, seat: int) -> list[int]:
    cards = in_zone(m, m.key(p.from_, seat), seat, p.matching, ctx, p.card)
    return own_card_first(m, ctx, cards, p.card)


def _move_viable(m: Machine, ctx: dict, p) -> bool:
    return any(_move_pool(m, ctx, p, s) and room(m, m.key(p.to, s)) > 0
               for s in candidates(m, ctx, p.who))


@implements("move-card", viable=_move_viable, seats="who")
def move_card(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    count = int(amount(m, ctx, p.count))
    # "each player moves a card" lets each seat choose its own; otherwise the acting seat chooses
    each = p.who.startswith("each-")

    def step(seat: int):
        dest = m.key(p.to, seat)
        pool = _move_pool(m, ctx, p, seat)
        if p.card is not None:
            pool = pool[:count]
        chooser = seat if each else ctx.get("self")
        if p.all:
            picked = pool[: room(m, dest)]
        else:
            picked = pick(m, local, chooser, pool, min(count, room(m, dest)), p.random,
                          f"Choose a card to move from {m.key_zone[m.key(p.from_, seat)].name} "
                          f"to {m.key_zone[dest].name}", seat)
        if type(picked) is dict:
            return picked
        frames = []
        then = m.program.lid(p.then)
        for inst in picked:
            was_down = m.state["down"][inst]
            if not move(m, inst, dest, p.face, p.bottom):
                break
            frames += _entered(m, inst, seat, dest, was_down)
            if then is not None:
                frames.append(fx(then, {**ctx, "self": seat, "card": inst}))
        return frames

    return per_seat(m, ctx, local, seats, step)


@specialises("move-card")
def bound_move_card(p, program):
    """`move-card` of a constant count by the acting seat, one pick at a time, bound at load:
    its zones, the prompt, the room left, its condition (a card table, filtered in C), its
    `card:` and `then:` named in place, and the windows a card entering may open only where
    something waits on them; its working values kept as the generic op keeps them
    (`per_seat`, `pick`), so a saved question resumes either way; a piece acting, or no seat
    to act, takes the generic op."""
    if p.who != "self" or p.all or type(p.count) is not int:
        return None
    source, to = program.zones.get(p.from_), program.zones.get(p.to)
    if source is None or to is None:  # (the generic op says which zone no rule declares)
        return None
    names = {"generic": IMPLEMENTATIONS["move-card"], "in_zone": in_zone, "pick": pick,
             "move": move, "entered": _entered, "own_card_first": own_card_first,
             "compress": compress, "Tail": Tail}
    body = [f"if {PIECE_ACTS}:",
            "    return generic(m, ctx, p, local)",
            f"who = local['who'] = [{ACTING}]",
            "seat = who[0]",
            "if seat is None:",
            "    return generic(m, ctx, p, local)",
            "frames = local.setdefault('frames', [])",
            "done = local.setdefault('done', [])",
            "if seat in done:",
            "    return Tail(*frames) if frames else None",
            f"dest = {zone_key(program, p.to, 'seat', '_dest', names)}",
            f"source = {zone_key(program, p.from_, 'seat', '_source', names)}"]
    table = None if p.matching is None else table_of(program, p.matching)
    if p.card is not None or p.matching is not None and table is None:
        body.append(f"pool = in_zone(m, source, seat, {p.matching!r}, ctx, {p.card!r})")
    elif p.matching is None:
        body.append("pool = [*m.state['zones'][source]]")
    else:  # (`in_zone`'s common case, its card table bound here)
        names["_table"] = table
        body += ["cards = m.state['zones'][source]",
                 "pool = [*compress(cards, map(_table.__getitem__, "
                 "map(m.state['ids'].__getitem__, cards)))]"]
    if p.card is not None:
        body.append(f"pool = own_card_first(m, ctx, pool, {p.card!r})[:{p.count}]")
    want = str(p.count)
    if to.capacity is not None and to.slots is None:  # (`runtime.zones.room`)
        want = f"min({p.count}, {to.capacity} - len(m.state['zones'][dest]))"
    prompt = f"Choose a card to move from {source.name} to {to.name}"
    body += ["chooser = ctx['self'] if 'self' in ctx else None",
             f"picked = pick(m, local, chooser, pool, {want}, {p.random!r}, {prompt!r}, seat)",
             "if type(picked) is dict:",
             "    return picked",
             "for inst in picked:"]
    listened = program.listened
    entering = (to.in_play and "on-play" in listened or to.id == "discard"
                and "on-discard" in listened or "on-reveal" in listened)
    if entering:
        body.append("    was_down = m.state['down'][inst]")
    body += [f"    if not move(m, inst, dest, {p.face!r}, {p.bottom!r}):",
             "        break"]
    if entering:
        body.append("    frames += entered(m, inst, seat, dest, was_down)")
    then = program.lid(p.then)
    if then is not None:
        body.append(f"    frames.append({{'h': 'fx', 'e': {then}, 'i': 0, "
                    "'ctx': {**ctx, 'self': seat, 'card': inst}})")
    body += ["done.append(seat)",
             "return Tail(*frames) if frames else None"]
    return define(f"move_card_{p.from_}_to_{p.to}".replace("-", "_"), body, names)


def _entered(m: Machine, inst: int, seat: int, dest: str, was_down: int) -> list[dict]:
    """Windows for a card arriving in a zone: played (into play), discarded, revealed."""
    zone = m.key_zone[dest]
    frames = []
    if zone.in_play:
        frames += card_window(m, "on-play", inst, seat)
    if zone.id == "discard":
        frames += card_window(m, "on-discard", inst, seat)
    if was_down and not m.state["down"][inst]:
        frames += card_window(m, "on-reveal", inst, seat)
    return frames


# -- reveal, shuffle, search ---------------------------------------------------------------


def _reveal_viable(m: Machine, ctx: dict, p) -> bool:
    """With `matching`, that some face-down card meets it (a token within reach)."""
    if p.matching is None:
        return True
    seat = ctx.get("self")
    return bool(in_zone(m, m.key(p.zone, seat), seat, p.matching, ctx, p.card, face="down"))


@implements("reveal", viable=_reveal_viable, seats="who")
def reveal(m: Machine, ctx: dict, p, local: dict, seats: list[int]):

    def step(seat: int):
        face_down = in_zone(m, m.key(p.zone, seat), seat, p.matching, ctx, p.card, face="down")
        if p.all or p.card is not None:
            picked = face_down if p.all else face_down[:1]
        else:
            picked = pick(m, local, seat, face_down, 1, False, "Choose a card to reveal", seat)
            if type(picked) is dict:
                return picked
        frames = []
        for inst in picked:
            if m.tally is not None:
                adjust(m, inst, -1)  # (`runtime.tallies`: counts by face)
            array_for_write(m.state, "down")[inst] = 0
            if m.tally is not None:
                adjust(m, inst, 1)
            m.dirty = True  # (`Machine.dirty`: counts by face)
            m.emit("reveal", card=inst, id=m.state["ids"][inst], seat=seat)
            frames += card_window(m, "on-reveal", inst, seat)
        return frames

    return per_seat(m, ctx, local, seats, step)


@implements("shuffle")
def shuffle(m: Machine, ctx: dict, p, local: dict):
    seat = ctx.get("self")
    key = m.key(p.zone, seat)
    if p.into is not None:
        dest = m.key(p.into, seat)
        for inst in list(m.state["zones"][key]):
            move(m, inst, dest)
        key = dest
    m.shuffle(zone_for_write(m.state, key))
    if m.log is not None:
        m.emit("shuffle", zone=key)
    return None


def _search_viable(m: Machine, ctx: dict, p) -> bool:
    return bool(in_zone(m, m.key(p.zone, ctx.get("self")), ctx.get("self"), p.matching, ctx))


@implements("search-deck", viable=_search_viable)
def search_deck(m: Machine, ctx: dict, p, local: dict):
    seat = ctx["self"]
    pool = in_zone(m, m.key(p.zone, seat), seat, p.matching, ctx)
    count = int(amount(m, ctx, p.count))
    picked = pick(m, local, seat, pool, count, False, "Choose a card to take", looking=True)
    if type(picked) is dict:
        return picked
    for inst in picked:
        if move(m, inst, m.key(p.to, seat)) and p.discard_to is not None:
            m.state["redirect"][str(inst)] = {"discard": p.discard_to}
    return None


# -- this card ----------------------------------------------------------------------------------


def this_card(m: Machine, ctx: dict, card_id: str | None) -> int | None:
    """The card an op means: the one whose ability runs, or the named card the seat holds."""
    mine = ctx.get("card")
    if card_id is None or (mine is not None and m.state["ids"][mine] == card_id):
        return mine
    seat = ctx.get("self")
    keys = m.seat_keys[seat] if seat is not None else []
    ids = m.state["ids"]
    for key in (*keys, *(k for k, owner in m.key_owner.items() if owner is None)):
        for inst in m.state["zones"][key]:
            if ids[inst] == card_id:
                return inst
    return None


@implements("remove-from-game")
def remove_from_game(m: Machine, ctx: dict, p, local: dict):
    inst = this_card(m, ctx, p.card)
    if inst is not None:
        move(m, inst, m.key("removed", None), "up")
    return None


@implements("pass-card")
def pass_card(m: Machine, ctx: dict, p, local: dict):
    inst = this_card(m, ctx, p.card)
    if inst is None:
        return None
    holder = m.owner(inst)
    seats = resolve(
        m, {**ctx, "self": holder if holder is not None else ctx.get("self")}, p.to, local
    )
    if type(seats) is dict:
        return seats
    if seats:
        zone = m.key_zone[m.state["loc"][inst]]
        if not zone.per_seat:
            raise RuleError(
                f"pass-card passes cards held by a seat; '{zone.id}' belongs to no seat"
            )
        move(m, inst, m.key(zone.id, seats[0]), "down" if m.state["down"][inst] else "up")
        if m.log is not None:
            m.emit("pass", card=inst, id=m.state["ids"][inst], to=seats[0])
    return None


@specialises("pass-card")
def bound_pass_card(p, program):
    """`pass-card` to the next or previous player bound at load: the seat worked out in
    place from the card's holder, as `runtime.selectors.resolve` works it out."""
    if p.to not in ("next-player", "previous-player"):
        return None
    ring = "ring[1:2] or ring[:1]" if p.to == "next-player" else (
        "ring[-1:] if len(ring) > 1 else ring[:1]")
    notice = f"an effect targets {p.to!r}, and no seat qualifies"  # (as `resolve` says)
    body = [f"inst = this_card(m, ctx, {p.card!r})",
            "if inst is None:",
            "    return None",
            "holder = m.key_owner[m.state['loc'][inst]]",
            "ring = m.seats_from(holder if holder is not None else ctx.get('self'))",
            f"seats = {ring}",
            "if not seats:",
            "    if m.audit is not None:",
            f"        m.audit.notice(m, 'no-target', {notice!r})",
            "    return None",
            "zone = m.key_zone[m.state['loc'][inst]]",
            "if not zone.per_seat:",
            "    raise RuleError(",
            "        f\"pass-card passes cards held by a seat; '{zone.id}' belongs to no seat\")",
            "move(m, inst, m.key(zone.id, seats[0]), 'down' if m.state['down'][inst] else 'up')",
            "if m.log is not None:",
            "    m.emit('pass', card=inst, id=m.state['ids'][inst], to=seats[0])",
            "return None"]
    names = {"this_card": this_card, "move": move, "RuleError": RuleError}
    return define(f"pass_card_to_{p.to.replace('-', '_')}", body, names)


@implements("play-top")
def play_top(m: Machine, ctx: dict, p, local: dict):
    """Play the top cards of a zone: each card's abilities with no window, then the effects
    of its `field`, as each piece `by` names (which first picks the card's `target` with the
    selector its `targeting` field names), else as the acting seat."""
    seat = ctx.get("self")
    players: list = [None]
    if p.by is not None:
        players = resolve_pieces(m, ctx, p.by, local, slot="by")
        if type(players) is dict:
            return players
        if "acting" not in local:  # a foe with a turn to skip plays nothing this time
            local["acting"] = [i for i in players if not skips_turn(m, i)]
        if players and not local["acting"]:
            return None
        players = local["acting"]
    if "cards" not in local:
        source, dest = m.key(p.zone, seat), m.key(p.to, seat)
        local["cards"] = []
        for _ in range(int(amount(m, ctx, p.count))):
            inst = top(m, source)
            if inst is None or not move(m, inst, dest, "up"):
                break
            local["cards"].append(inst)
    frames = local.setdefault("frames", [])
    done = local.setdefault("done", [])
    for inst in local["cards"]:
        for piece in players:
            key = f"{inst}:{piece}"
            if key in done:
                continue
            pctx = {**ctx, "card": inst} if piece is None else {**ctx, "card": inst, "piece": piece}
            if p.targeting is not None:
                pctx, decision = _targeted(m, pctx, p, local, key)
                if decision is not None:
                    return decision
            frames += _played(m, pctx, p.field) + acted(m, piece)
            done.append(key)
    return Tail(*frames) if frames else None


def _targeted(m: Machine, ctx: dict, p, local: dict, key: str):
    """(`ctx` with the card's `target`, the piece and its seat, picked by the selector its
    `targeting` field names among the characters meeting its `targeting-if`, or the decision
    to make first); several picked: each is a target (`tpieces`); none: `target` names nobody."""
    fields = m.program.fields.get(m.state["ids"][ctx["card"]], {})
    selector = fields.get(p.targeting)
    if not isinstance(selector, str) or not targets_pieces(m, selector, ctx):
        return ctx, None
    reach = fields.get(p.targeting_range) if p.targeting_range is not None else None
    tctx = ctx if reach is None else {**ctx, "range": reach}
    condition = fields.get(p.targeting_if) if p.targeting_if is not None else None
    keep = None
    if condition is not None:
        def keep(i: int) -> bool:
            seat = pieces(m)[i][1]
            return seat is None or m.holds(condition, seat, {"self": seat})
    found = resolve_pieces(m, tctx, selector, local, slot=f"t{key}", keep=keep)
    if type(found) is dict:
        return ctx, found
    if len(found) != 1:  # several: each is a target; none: `target` picks nobody
        return {**ctx, "tpieces": list(found)}, None
    return {**ctx, "target": pieces(m)[found[0]][1], "tpiece": found[0]}, None


def _played(m: Machine, ctx: dict, field: str | None) -> list[dict]:
    """Frames running a played card: its abilities with no window, then its `field`'s effects."""
    inst = ctx["card"]
    card_id = m.state["ids"][inst]
    program = m.program
    frames = []
    for index in program.activated.get(card_id, ()):
        ability = program.cards[card_id].abilities[index]
        if m.holds(ability.if_, ctx.get("self"), ctx, inst):
            frames.append(fx(program.lid(ability.do), ctx))
    if field is not None:
        effects = program.fields.get(card_id, {}).get(field)
        if effects is not None and not isinstance(effects, list):
            raise RuleError(f"the field '{field}' of card '{card_id}' holds no effects")
        if effects:
            frames.append(fx(program.lid(effects), ctx))
    return frames
