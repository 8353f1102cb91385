"""Falling costs a Health token for good (a severe Wound) and a Rescue flips two back to gold,
so a bot that weighs only Wounds and the Fallen scores a Character that fell and was Rescued
above the same Character one Wound short of falling. Read in lost 4-player Acts IV: Aramis fell
four times in the Streets of Paris, each time Rescued to fight on at the front, and died there.
The pack weighs `severe_wounds`, so a fall and a Rescue leave the party worse off."""

from __future__ import annotations

from runtime.agents.evaluation import scores, weights
from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack


def party_score(fallen_and_rescued: bool, table: dict[str, float] | None = None) -> float:
    """The Convent Yard at 2 players, Athos and Porthos placed; Porthos one Wound short of
    falling, or (with `fallen_and_rescued`) past it: a Health token gone to the box, then
    Rescued (two tokens back to gold) and standing again."""
    prog = Program(compiled_pack("gascony-legacy").game, "the-convent-yard")
    m = Machine.start(prog, 2, 1)
    for choice in ("Athos", "Porthos", "G3", "H4"):
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == choice))
    porthos = m.state["sv"][1]
    health = porthos["health_tokens"]
    if fallen_and_rescued:
        porthos.update(health_tokens=health - 1, severe_wounds=1, wounds=health - 1 - 2)
    else:
        porthos.update(wounds=health - 1)
    return scores(m, table if table is not None else weights(prog))[0]


def test_a_fall_and_a_rescue_leave_the_party_worse_off():
    assert party_score(True) < party_score(False)


def test_without_the_severe_wound_weighed_a_fall_looks_like_a_heal():
    """The pack's weights less `severe_wounds`: the fall and Rescue score higher (what the
    bots that lost Act IV went by)."""
    prog = Program(compiled_pack("gascony-legacy").game, "the-convent-yard")
    table = {n: w for n, w in weights(prog).items() if n != "severe_wounds"}
    assert party_score(True, table) > party_score(False, table)
