"""A Named Enemy's Reaction calling another Enemy to its side, played through the runtime:
the Cardinal's "Protect the Cardinal!" (Summon the Marksmen's bottom half) moves the Enemy
nearest the attacking Character, not the Cardinal himself nor a Character, to his side."""

from __future__ import annotations

from tests.content.gascony_legacy.test_battle_round_example import (
    ATHOS,
    BOTTOM_GUARD,
    THIRD_GUARD,
    TOP_GUARD,
    events,
    load,
    on_top,
    put,
    street,  # noqa: F401
)
from tests.runtime.conftest import pick

CARDINAL = THIRD_GUARD


def cell(m, piece):
    row = m.state["pieces"][piece]
    return (row[2], row[3])


def athos_strikes_the_cardinal(m, *, near: tuple[int, int], far: tuple[int, int]):
    """Athos at H6 facing up attacks the Cardinal at H5 and leaves him standing; a Guard at
    `near`, another at `far` (farther from Athos)."""
    m.state["pieces"][CARDINAL][0] = "cardinal-richelieu"
    m.state["pieces"][CARDINAL][4] = 5
    put(m, BOTTOM_GUARD, near)
    put(m, TOP_GUARD, far)
    on_top(m, "richelieu-threats", "summon-the-marksmen")
    pick(m, "Seat 1 plays next")
    load(m, [6, 6, 5])
    pick(m, "Attack")


def test_the_enemy_nearest_the_attacker_walks_to_the_cardinals_side(street):  # noqa: F811
    m = street
    athos_strikes_the_cardinal(m, near=(4, 5), far=(7, 0))
    assert [m.state["ids"][i] for i in m.state["zones"]["richelieu-threats-discard"]] == [
        "summon-the-marksmen"]
    moved = [e for e in events(m, "move-piece") if e["piece"] == BOTTOM_GUARD]
    assert moved, "the Guard nearest Athos answered the Cardinal's call"
    here, cardinal = cell(m, BOTTOM_GUARD), cell(m, CARDINAL)
    assert max(abs(here[0] - cardinal[0]), abs(here[1] - cardinal[1])) == 1
    # nobody else moved: not the Cardinal, not Athos, not the farther Guard
    assert {e["piece"] for e in events(m, "move-piece")} == {BOTTOM_GUARD}
    assert cell(m, TOP_GUARD) == (7, 0) and cell(m, ATHOS) == (7, 5)
