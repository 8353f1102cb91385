"""Moving cards between zones: capacity, face, the top of a pile, refilling an empty pile
from its `refill-from` zone (shuffled), redirected cards, and who may see a card; slotted
zones (a card pushes out what fills its slot) and zones whose cards give their holder
stat bonuses while they lie there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.state import array_for_write, zone_for_write
from runtime.tallies import adjust, watched

if TYPE_CHECKING:
    from runtime.machine import Machine
    from runtime.program import Program


def moves(program: Program, players: int) -> dict[str, dict[str, tuple]]:
    """For a game of `players`, what a move from each zone key to each zone key must do beyond
    moving the card, worked out once: source key -> destination key -> (the destination's
    capacity or None, how a card lies there by default (1: face down), the seat whose card is
    `played` by it (into play from a seat's zone out of play; else None), and whether a slot
    or a stat bonus of either zone is involved (`move` then does that too))."""
    found = program.cache.get(("zones:moves", players))
    if found is None:
        _seat_keys, owner, zone_of = program.keys(players)
        found = program.cache[("zones:moves", players)] = {
            src: {to_key: (zone.capacity, 1 if zone.down else 0,
                           owner[src] if zone.in_play and not source.in_play else None,
                           zone.slots is not None or zone.bonus is not None
                           or source.bonus is not None)
                  for to_key, zone in zone_of.items()}
            for src, source in zone_of.items()}
    return found


def move(m: Machine, inst: int, to_key: str, face: str | None = None, bottom: bool = False) -> bool:
    """Move card `inst` onto zone `to_key` (its top unless `bottom`); False if the zone is full.

    A card marked to go elsewhere when it next enters this kind of zone goes there instead.
    `face` is "up" or "down"; by default the card lies as the zone's cards lie.
    """
    st = m.state
    if st["redirect"] and str(inst) in st["redirect"]:  # (no call unless this card is marked)
        to_key = _redirected(m, inst, to_key)
    loc = st["loc"]
    src = loc[inst]
    capacity, lies, played, special = m.moves[src][to_key]
    if special and m.key_zone[to_key].slots is not None:
        if not make_room(m, inst, to_key):
            return False
        loc = st["loc"]  # (a fork's shared array copied by a move making room)
        src = loc[inst]  # (the card may have left its own slot to make room)
        capacity, lies, played, special = m.moves[src][to_key]
    zones = st["zones"]
    if capacity is not None and len(zones[to_key]) >= capacity:
        return False
    card_id = st["ids"][inst]
    marks, at = m.moving[card_id]  # (`runtime.tallies.Moving`)
    if marks:
        m.dirty = True  # (`Machine.dirty`: a card the end check may count)
    down = st["down"]
    was_down = down[inst]
    if face is not None:
        lies = 1 if face == "down" else 0
    try:  # (a zone or array a fork still shares is a tuple, which refuses: written below)
        zones[src].remove(inst)
        if bottom:
            zones[to_key].insert(0, inst)
        else:
            zones[to_key].append(inst)
        loc[inst] = to_key
        down[inst] = lies
    except (AttributeError, TypeError):
        _move_shared(st, inst, src, to_key, lies, bottom)
    if at is not None:  # (`runtime.tallies.adjust`, written out)
        tallied = m.tallied
        if src in at:
            for seat, k, weight in at[src][was_down]:
                tallied[seat][k] -= weight
        if to_key in at:
            for seat, k, weight in at[to_key][lies]:
                tallied[seat][k] += weight
    if played is not None and m.stats is not None:  # (`Machine.count`, written out)
        m.stats[("played", card_id, played)] += 1
    if m.log is not None:
        m.log.append({"e": "move", "card": inst, "id": card_id, "from": src, "to": to_key,
                      "seen": m.seen(inst, (src, was_down))})
    if special:
        if m.key_zone[src].bonus is not None:
            give_bonus(m, inst, src, -1)
        if m.key_zone[to_key].bonus is not None:
            give_bonus(m, inst, to_key, 1)
    return True


def _redirected(m: Machine, inst: int, to_key: str) -> str:
    """Where card `inst` goes instead of zone `to_key`, if it is marked to go elsewhere when
    it next enters that kind of zone (the mark is used up); else `to_key`."""
    marks = m.state["redirect"]
    redirect = marks.get(str(inst))
    if not redirect:
        return to_key
    target = redirect.pop(m.key_zone[to_key].id, None)
    if target is not None:
        to_key = m.key(target, m.key_owner[to_key])
    if not redirect:
        del marks[str(inst)]
    return to_key


def _move_shared(st: dict, inst: int, src: str, to_key: str, lies: int, bottom: bool) -> None:
    """`move`'s writes (out of `src`, into `to_key`, where and how the card lies), each zone
    and array a fork still shares copied first; those done before one refused are not redone."""
    cards = zone_for_write(st, src)
    if inst in cards:  # (not yet taken out; or, moved within its zone, taken out again)
        cards.remove(inst)
    cards = zone_for_write(st, to_key)
    if inst not in cards:
        if bottom:
            cards.insert(0, inst)
        else:
            cards.append(inst)
    array_for_write(st, "loc")[inst] = to_key
    array_for_write(st, "down")[inst] = lies


def give_bonus(m: Machine, inst: int, key: str, sign: int) -> None:
    """Add (sign 1) or take back (sign -1) the stat bonuses card `inst` gives the holder of
    zone `key` (the map in the card field the zone's `bonus` names)."""
    from runtime.variables import read, write

    seat = m.key_owner[key]
    bonus = m.program.fields.get(m.state["ids"][inst], {}).get(m.key_zone[key].bonus)
    if seat is None or not bonus:
        return
    for name, amount in sorted(bonus.items()):
        write(m, name, seat, read(m, name, seat) + sign * amount)


def make_room(m: Machine, inst: int, key: str) -> bool:
    """Make room for card `inst` in the slot it takes in slotted zone `key`: the slot's cards
    placed there first go to the overflow zone until it fits. False if it has no such slot
    or is too big for it."""
    slots = m.key_zone[key].slots
    fields = m.program.fields

    def of(card: int) -> tuple[object, int]:
        found = fields.get(m.state["ids"][card], {})
        size = found.get(slots.size) if slots.size is not None else None
        return found.get(slots.field), 1 if size is None else int(size)

    slot, size = of(inst)
    room_left = slots.room.get(slot) if isinstance(slot, str) else None
    if room_left is None or size > room_left:
        return False
    held = [card for card in m.state["zones"][key] if of(card)[0] == slot]
    overflow = m.key(slots.overflow, m.key_owner[key])
    while held and sum(of(card)[1] for card in held) + size > room_left:
        move(m, held.pop(0), overflow)
    return True


def room(m: Machine, key: str) -> int:
    """How many more cards zone `key` takes (a large number when it has no capacity)."""
    zone = m.key_zone[key]
    if zone.capacity is None or zone.slots is not None:  # a slot makes room by swapping
        return 1 << 30
    return zone.capacity - len(m.state["zones"][key])


def top(m: Machine, key: str) -> int | None:
    """The top card of a pile, refilling the pile first if it is empty and may be refilled."""
    pile = m.state["zones"][key]
    if not pile:
        zone = m.key_zone[key]
        if zone.refill:
            refill(m, key, m.key(zone.refill, m.key_owner[key]))
            pile = m.state["zones"][key]  # the refilled pile may be a new list (a fork's copy)
    return pile[-1] if pile else None


def refill(m: Machine, key: str, from_key: str) -> None:
    """Turn every card of `from_key` into pile `key`, shuffled."""
    st = m.state
    cards = st["zones"][from_key]
    if not cards:
        return
    m.dirty = True  # (`Machine.dirty`)
    down = int(m.key_zone[key].down)
    loc, lies = array_for_write(st, "loc"), array_for_write(st, "down")
    counted = watched(m, from_key) or watched(m, key)
    for inst in cards:
        if counted:
            adjust(m, inst, -1)
        loc[inst] = key
        lies[inst] = down
        if counted:
            adjust(m, inst, 1)
    pile = zone_for_write(st, key)
    pile.extend(cards)
    st["zones"][from_key] = []
    m.shuffle(pile)
    m.emit("reshuffle", zone=key, source=from_key, cards=len(pile))


def groups(m: Machine, cards: list[int]) -> list[tuple[str, list[int]]]:
    """Cards grouped by what they are (card id), in the order first met: one choice each."""
    ids = m.state["ids"]
    found: dict[str, list[int]] = {}
    for inst in cards:
        found.setdefault(ids[inst], []).append(inst)
    return list(found.items())


def visible(
    m: Machine, inst: int, seat: int, key: str | None = None, down: int | None = None
) -> bool:
    """Whether `seat` may see which card `inst` is (where it lies now, or at `key`)."""
    st = m.state
    key = key if key is not None else st["loc"][inst]
    zone = m.key_zone[key]
    if zone.visibility == "hidden":
        return False
    owner = m.key_owner[key]
    if zone.visibility == "owner":
        return owner == seat
    lying_down = st["down"][inst] if down is None else down
    return not lying_down or owner == seat
