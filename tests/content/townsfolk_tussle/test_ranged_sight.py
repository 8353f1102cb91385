"""Townsfolk's ranged attacks played through the runtime: an obstacle on the straight line
to the Ruffian blocks them, and the Fishy Cap's Fish Sling needs a pond or moat beside
Norman Fishboy. The board is Pepin Milkfrog's (a Murky Moat over A7:E8)."""

from __future__ import annotations

import pytest

from runtime.audit import Audit
from runtime.machine import Machine
from runtime.program import Program
from runtime.zones import move
from tests.content.conftest import compiled_pack
from tests.runtime.conftest import labels, pick

NORMAN, VIRGINIA, PEPIN = 0, 1, 2  # piece rows
SLING = "Fishy Cap: Fish Sling"


def put(m: Machine, piece: int, cell: tuple[int, int]) -> None:
    m.state["pieces"][piece][2:4] = list(cell)
    m.state["decision"] = None
    m.run()


@pytest.fixture
def fight() -> Machine:
    """Norman Fishboy wearing his Fishy Cap at F8, beside the moat; Pepin (2 x 2) at F3,
    4 squares up the column; Virginia Fitz out of the way; Norman to act."""
    m = Machine.start(Program(compiled_pack("townsfolk-tussle").game, "pepin-milkfrog-chump"),
                      2, 1, log=[])
    pick(m, "Norman Fishboy")
    pick(m, "Virginia Fitz")
    while m.decision["kind"] == "cell":
        m.answer(0)
    cap = m.state["ids"].index("fishy-cap")
    if m.state["loc"][cap] != "equipped:0":  # a fight starts with gear worn ("Gear up")
        move(m, cap, "equipped:0")
    Audit().attach(m)
    put(m, VIRGINIA, (10, 12))
    put(m, PEPIN, (5, 2))
    put(m, NORMAN, (5, 7))
    return m


def slung(m: Machine) -> list[dict]:
    return [e for e in m.log if e["e"] == "damage" and e.get("ranged")]


def test_with_a_clear_line_the_fish_hits_pepin(fight):
    pick(fight, SLING)
    [hit] = slung(fight)
    assert (hit["piece"], hit["source"], hit["amount"]) == (PEPIN, NORMAN, 2)
    assert not fight.audit.failed


def test_hay_bales_across_the_line_block_the_sling(fight):
    fight.state["terrain"] = [["hay-bale", 4, 5], ["hay-bale", 6, 5]]  # E6:H6
    put(fight, NORMAN, (5, 7))
    if SLING in labels(fight):
        pick(fight, SLING)
    assert slung(fight) == []


def test_away_from_the_moat_there_is_no_sling(fight):
    put(fight, NORMAN, (8, 7))
    assert SLING not in labels(fight)
    put(fight, NORMAN, (5, 8))  # diagonally off the moat's corner: not adjacent on this board
    assert SLING not in labels(fight)


def test_a_fish_that_finishes_pepin_off_was_seen_when_slung(fight):
    # the audit reads the shot after the step, when the Ruffian it defeated has left the board:
    # the damage event says whether the source saw its target when it struck
    fight.state["pieces"][PEPIN][4] = 2  # health: the fish's 2 DMG finishes him
    pick(fight, SLING)
    [hit] = slung(fight)
    assert hit["in_sight"] and any(e["e"] == "defeated" and e["piece"] == PEPIN
                                   for e in fight.log)
    assert not fight.audit.failed
