"""Picking cards out of a pool: at random, or one at a time by a seat.

A seat choosing sees one option per kind of card it can see (two Magic cards are one
option) and, if the pool also holds cards it cannot see, one option for "a card you cannot
see", which takes one of those at random: a choice among unseen cards is a draw. A seat
searching a pile looks through it, and so sees every card of it.
"""

from __future__ import annotations

from itertools import compress, filterfalse
from typing import TYPE_CHECKING

from runtime.frames import answered, ask
from runtime.zones import visible

if TYPE_CHECKING:
    from runtime.machine import Machine


def pick(m: Machine, local: dict, chooser: int | None, pool: list[int], count: int,
         at_random: bool, prompt: str, slot: object = "", looking: bool = False):
    """The cards picked (kept in `local["pick:<slot>"]`), or a decision for `chooser` to make.

    `looking`: the chooser looks through the pool (a search) and so sees all of it.
    Views redact `pick:` lists like any card list, so they must hold card instances only.
    A choice of a single option is taken at once, as `Machine.run` takes such a decision (it
    reaches no one, and the op would be called again to take it): the same cards picked and
    the same working values left, one step sooner.
    """
    slot = f"pick:{slot}"
    done = slot + "!"
    if done in local:
        return local[slot]
    picked: list[int] = local.setdefault(slot, [])
    remaining = [c for c in pool if c not in picked] if picked else list(pool)
    answer = answered(local, slot) if "ans" in local else None
    want = min(count, len(picked) + len(remaining))
    while True:
        if answer is not None:
            card = answer["card"]
            if card is None:
                hidden = [c for c in remaining if not visible(m, c, chooser)]
                card = hidden[m.below(len(hidden))]
            picked.append(card)
            remaining.remove(card)
        if len(picked) >= want:
            break
        if at_random or chooser is None:
            card = remaining.pop(m.below(len(remaining)))
            picked.append(card)
            if m.log is not None:
                m.emit("chance", what="random card", card=card)
            continue
        seen = remaining if looking else seen_by(m, remaining, chooser)
        ids = m.state["ids"]
        # (each kind of card once, in the order first met, with its first card: in C)
        first = dict(zip(map(ids.__getitem__, reversed(seen)), reversed(seen), strict=True))
        name_of = m.program.name_of
        options = [{"label": name_of(card_id), "key": "card:" + card_id, "card": first[card_id]}
                   for card_id in dict.fromkeys(map(ids.__getitem__, seen))]
        if len(seen) < len(remaining):
            options.append({"label": "A card you cannot see", "key": "hidden", "card": None})
        answer = lone(options)
        if answer is not None:
            continue
        local["asking"] = slot
        if want > 1:  # say how far through a run of picks the chooser is
            prompt = f"{prompt} ({len(picked) + 1} of {want})"
        return ask(chooser, "card", prompt, options)
    local[done] = True
    return picked


def lone(options: list[dict]) -> dict | None:
    """The option of a choice that has only one, which `pick` takes at once; else None."""
    return None if options[1:] else options[0]


def seen_by(m: Machine, cards: list[int], seat: int) -> list[int]:
    """The cards of `cards` that `seat` may see (`runtime.zones.visible`), in order: worked
    out once for their zone when they lie in one (filtered in C), else card by card."""
    if not cards:
        return []
    loc = m.state["loc"]
    key = loc[cards[0]]
    if cards[1:] and any(map(key.__ne__, map(loc.__getitem__, cards))):
        return [c for c in cards if visible(m, c, seat)]
    visibility = m.key_zone[key].visibility
    mine = m.key_owner[key] == seat
    if visibility == "hidden" or visibility == "owner" and not mine:
        return []
    if mine:
        return list(cards)
    return list(filterfalse(m.state["down"].__getitem__, cards))  # public: those face up


def in_zone(m: Machine, key: str, seat: int | None, matching: str | None, ctx: dict,
            card_id: str | None = None, face: str | None = None) -> list[int]:
    """The cards of zone `key` that are `card_id` (if given), lie `face` and match."""
    st = m.state
    ids = st["ids"]
    down = st["down"]
    # a condition on card fields only is a lookup by card id, worked out once per program
    table = None if matching is None else m.program.card_table(matching)
    if card_id is None and (table is not None or matching is None):  # the common case
        # (filtered in C: a search reads a whole pile)
        cards = st["zones"][key]
        if face is not None:  # (`bool(down[inst]) == want_down`)
            cards = list((filter if face == "down" else filterfalse)(down.__getitem__, cards))
        if table is None:
            return list(cards)
        return list(compress(cards, map(table.__getitem__, map(ids.__getitem__, cards))))
    want_down = None if face is None else face == "down"
    out = []
    for inst in st["zones"][key]:
        if card_id is not None and ids[inst] != card_id:
            continue
        if want_down is not None and bool(down[inst]) != want_down:
            continue
        if table is not None:
            if table[ids[inst]]:
                out.append(inst)
        elif matching is None or m.card_matches(matching, inst, seat, ctx):
            out.append(inst)
    return out
