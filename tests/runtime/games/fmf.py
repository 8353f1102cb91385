"""Fuzzy Mage Fight test helpers: games begun with chosen mages and arranged cards."""

from __future__ import annotations

from runtime.deal import arrange
from runtime.machine import Machine
from tests.runtime.conftest import pick

MAGES = ["Chester", "Wyatt", "Nez", "Philo", "Muffins", "Gretchen"]


def begin(fmf, players=4, mages=MAGES, seed=1, log=None, garbel=False, **layout) -> Machine:
    """A game with the mages chosen in order, at seat 1's first decision, cards arranged: the
    first game from `seed` on in which seat 1 wins the roll for the first turn."""
    while True:
        m = Machine.start(fmf, players, seed, log=log)
        if m.state["active"] == 0:
            break
        seed += 1
        if log is not None:
            log.clear()
    for name in mages[:players]:
        pick(m, name)
    arranged = {k.replace("_", ":"): v for k, v in layout.items()}
    if not garbel:
        arranged["garbel-box"] = ["garbel"]
    arrange(m, arranged)
    return m


def end_turns(m: Machine, count: int) -> None:
    for _ in range(count):
        pick(m, "End your turn")


def essence(m: Machine, seat: int) -> bool:
    return m.value("essence", seat)


def fight(fmf, attacker_hand, attacker_field, defender_hand, defender_field, **more) -> Machine:
    """Two seats at seat 1's turn in round 2, hands and battlefields as given."""
    m = begin(fmf, players=2, hand_0=attacker_hand, battlefield_0=attacker_field,
              hand_1=defender_hand, battlefield_1=defender_field, **more)
    end_turns(m, 2)  # round 2: both have played
    return m


def in_essence(m: Machine, seat: int) -> None:
    """Turn a seat's mage to its essence side, as a lost fight would."""
    m.state["sv"][seat]["essence"] = True
    inst = m.state["zones"][f"mage:{seat}"][0]
    m.state["ids"][inst] = m.program.back_of[m.state["ids"][inst]]
    m.state["flipped"][inst] = 1


def both_in_essence(fmf, **layout) -> Machine:
    """Seats 1 and 2 in essence form, at seat 1's turn in round 2 (three seats)."""
    m = begin(fmf, players=3, **layout)
    for seat in (0, 1):
        in_essence(m, seat)
    end_turns(m, 3)
    return m


def fused(fmf) -> Machine:
    """Seats 1 and 2 fusing on seat 1's turn in round 2; the fuse colour is still to choose."""
    m = both_in_essence(fmf, hand_2=["magic"] * 3)
    pick(m, "Fuse")
    pick(m, "Agree")
    return m
