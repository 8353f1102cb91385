"""Pepin's Tongue Lash, through the runtime: he walks to the closest townsfolk and, reaching
them, deals 2 DMG and reels them 2 squares towards him. The reel heads for Pepin's squares
(a foe's `self` names the acting piece) and a walk that stands on or beside its goal stays,
so a townsfolk already beside him stays there. (Once every figure walked round the figures
in its way, a reel heading for the townsfolk's own square stepped them off beside it.)"""

from __future__ import annotations

from runtime.board import board, cells_of, figure
from tests.content.townsfolk_tussle.test_worked_examples import (
    fight,
    next_action,
    programs,  # noqa: F401 (the fixture)
    reask,
    ruffian,
    stand,
)


def test_tongue_lash_reels_its_target_towards_pepin_who_stands_beside_them(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Granny Melba", "Quintus Binch"])
    pepin = ruffian(m)
    pepin[2:4] = [8, 0]  # I1 (covering I1:J2)
    stand(m, 0, (8, 5))  # I6: the closest, three squares below him
    stand(m, 1, (2, 13))
    reask(m)
    health = m.value("health", 0)
    next_action(m, "tongue-lash")
    b, _ = board(m)
    me = figure(m, 0)
    assert m.value("health", 0) == health - 2  # he reached her
    assert any(b.adjacent((me[2], me[3]), c) for c in cells_of(m, pepin))
    lash = max(i for i, e in enumerate(m.log) if e["e"] == "move" and e["id"] == "tongue-lash")
    moved = [e for e in m.log[lash:] if e["e"] == "move-piece" and e.get("seat") == 0]
    assert all(e["cell"] == [8, 5] for e in moved)  # reeled nowhere: she stood beside him
