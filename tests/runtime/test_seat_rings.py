"""`Machine.seats_from` keeps each seat's ring per turn order: what it gives is the ring read
from the order as it stands (seats out left out), after the order is replaced and seats go
out, and a list the caller may change without changing the next answer."""

from __future__ import annotations

import random
from pathlib import Path

from runtime.loading import load_program
from runtime.machine import Machine

CONTENT = Path(__file__).resolve().parents[2] / "content"


def _read(m: Machine, seat: int | None, itself: bool) -> list[int]:
    """The ring as the rule says it: from `seat` round the order (a seat not in it: the order
    from its first seat), the seats out left out."""
    st = m.state
    order = list(st["order"])
    if seat in order:
        at = order.index(seat)
        ring = order[at:] + order[:at]
        if not itself:
            ring = ring[1:]
    else:
        ring = order
    return [s for s in ring if not st["out"][s]]


def _compare(m: Machine) -> int:
    players = m.state["players"]
    for seat in (*range(players), None, players + 3):
        for itself in (True, False):
            assert m.seats_from(seat, itself) == _read(m, seat, itself), (seat, itself)
    return 1


def test_rings_follow_the_order_and_the_seats_out():
    m = Machine.start(load_program(CONTENT / "fuzzy-mage-fight"), 4, 5)
    st = m.state
    _compare(m)
    st["order"] = [2, 3, 0, 1]  # (as the ops that change the order do: a new list)
    _compare(m)
    st["out"][3] = True
    _compare(m)
    st["out"][3] = False
    st["order"] = st["order"][1:] + st["order"][:1]
    _compare(m)
    given = m.seats_from(1)
    given.append(9)  # the caller's own list: the next answer is not changed
    given.reverse()
    assert m.seats_from(1) == _read(m, 1, True)


def test_rings_hold_through_random_games():
    compared = 0
    for players, seed in ((4, 1), (3, 2)):
        m = Machine.start(load_program(CONTENT / "fuzzy-mage-fight"), players, seed)
        pick = random.Random(seed)
        for _ in range(120):
            if m.over:
                break
            compared += _compare(m)
            if pick.random() < 0.05:  # the order replaced mid-game, rotated by one
                m.state["order"] = m.state["order"][1:] + m.state["order"][:1]
            m.answer(pick.randrange(len(m.decision["options"])))
    assert compared > 100
