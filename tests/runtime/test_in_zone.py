"""`picking.in_zone` (filtered in C where its filter is a lookup by card id) gives the cards
the rule names, in zone order: those that are the card asked for, lie as asked and match."""

from __future__ import annotations

import random
from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine
from runtime.picking import in_zone

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _rule(m: Machine, key: str, matching, card_id, face) -> list[int]:
    st = m.state
    return [inst for inst in st["zones"][key]
            if (card_id is None or st["ids"][inst] == card_id)
            and (face is None or bool(st["down"][inst]) == (face == "down"))
            and m.card_matches(matching, inst, None)]


def test_in_zone_gives_the_cards_the_rule_names():
    program = load_program(CONTENT / "fuzzy-mage-fight")
    m = Machine.start(program, 3, 8)
    pick = random.Random(8)
    compared = found = 0
    while not m.over and compared < 20_000:
        for key in m.state["zones"]:
            for matching in (None, "kind == 'magic'", "kind != 'mineon'"):
                for face in (None, "up", "down"):
                    for card_id in (None, "magic"):
                        got = in_zone(m, key, None, matching, {}, card_id, face)
                        assert got == _rule(m, key, matching, card_id, face), (key, matching)
                        compared += 1
                        found += bool(got)
        m.answer(pick.randrange(len(m.decision["options"])))
    assert compared >= 20_000 and found > 1000
