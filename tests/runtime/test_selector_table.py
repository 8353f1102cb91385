"""The seats each named selector gives (`runtime.selectors.candidates`, looked up in a table)
are the ones its rule names, at every decision of random four-seat games with seats out,
partners and cards in play; each call gives a new list."""

from __future__ import annotations

import random
from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine
from runtime.selectors import _NAMED, candidates, cooperative

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _ruled(m: Machine, ctx: dict, selector: str) -> list[int]:
    """What each selector's rule says, read selector by selector."""
    st = m.state
    me = ctx.get("self", st["active"])
    ring = m.seats_from(me)
    others = [s for s in ring if s != me]
    partner = [] if st["partner"][me] is None else [st["partner"][me]]
    if selector == "self":
        return [me]
    if selector == "active":
        return [st["active"]]
    if selector in ("each-player", "all-characters"):
        return m.seats_from(st["active"])
    if selector == "each-player-reversed":
        return list(reversed(m.seats_from(st["order"][0])))
    if selector == "chosen":
        return ring
    if selector == "all-enemies":
        return [] if cooperative(m) else others
    if selector in ("chosen-opponent", "each-opponent", "random-opponent", "weakest",
                    "strongest"):
        return others
    if selector == "each-ally":
        return others if cooperative(m) else partner
    if selector == "partner":
        return partner
    if selector == "next-player":
        return ring[1:2] or ring[:1]
    if selector == "previous-player":
        return ring[-1:] if len(ring) > 1 else ring[:1]
    if selector in ("attacker", "defender", "target"):
        return [] if ctx.get(selector) is None else [ctx[selector]]
    assert selector == "holder"
    card = ctx.get("card")
    return [me] if card is None or m.owner(card) is None else [m.owner(card)]


def test_named_selectors_give_the_seats_their_rules_name():
    compared = 0
    for pack, players in (("fuzzy-mage-fight", 4), ("townsfolk-tussle", 4),
                          ("fantasy-tavern-brawl", 2)):
        program = load_program(CONTENT / pack)
        m = Machine.start(program, players, 3)
        pick = random.Random(3)
        for _ in range(150):
            if m.over:
                break
            st = m.state
            for ctx in ({}, *({"self": s} for s in range(players)),
                        {"self": 1, "attacker": 0, "defender": 1, "target": 1, "card": 0},
                        {"self": 0, "card": len(st["ids"]) - 1}):
                for selector in _NAMED:
                    found = candidates(m, ctx, selector)
                    assert found == _ruled(m, ctx, selector), selector
                    # a new list each call (`resolve` keeps it as it is): changing it changes
                    # neither the state nor the next call's
                    found.append(-1)
                    assert -1 not in candidates(m, ctx, selector), selector
                    assert -1 not in st["order"] and -1 not in st["partner"], selector
                    compared += 1
            m.answer(pick.randrange(len(m.decision["options"])))
    assert compared > 10_000
