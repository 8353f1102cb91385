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
from runtime.zones import groups, visible

if TYPE_CHECKING:
    from runtime.machine import Machine


def pick(m: Machine, local: dict, chooser: int | None, pool: list[int], count: int,
         at_random: bool, prompt: str, slot: object = "", looking: bool = False):
    """The cards picked (kept in `local["pick:<slot>"]`), or a decision for `chooser` to make.

    `looking`: the chooser looks through the pool (a search) and so sees all of it.
    Views redact `pick:` lists like any card list, so they must hold card instances only.
    """
    slot = f"pick:{slot}"
    done = slot + "!"
    if local.get(done):
        return local[slot]
    picked: list[int] = local.setdefault(slot, [])
    remaining = [c for c in pool if c not in picked] if picked else list(pool)
    answer = answered(local, slot) if "ans" in local else None
    if answer is not None:
        card = answer["card"]
        if card is None:
            hidden = [c for c in remaining if not visible(m, c, chooser)]
            card = hidden[m.below(len(hidden))]
        picked.append(card)
        remaining.remove(card)
    want = min(count, len(picked) + len(remaining))
    while len(picked) < want:
        if at_random or chooser is None:
            card = remaining.pop(m.below(len(remaining)))
            picked.append(card)
            if m.log is not None:
                m.emit("chance", what="random card", card=card)
            continue
        seen = remaining if looking else [c for c in remaining if visible(m, c, chooser)]
        options = [{"label": m.program.name_of(card_id), "key": "card:" + card_id, "card": cards[0]}
                   for card_id, cards in groups(m, seen)]
        if len(seen) < len(remaining):
            options.append({"label": "A card you cannot see", "key": "hidden", "card": None})
        local["asking"] = slot
        if want > 1:  # say how far through a run of picks the chooser is
            prompt = f"{prompt} ({len(picked) + 1} of {want})"
        return ask(chooser, "card", prompt, options)
    local[done] = True
    return picked


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
