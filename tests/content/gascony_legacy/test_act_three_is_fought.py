"""Act III cannot be won without a fight: every way through its story, each choice of every
card tried in turn (battles taken as won), passes a Battle card before the Victory."""

from __future__ import annotations

from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack
from tests.runtime.conftest import labels

PARTY = ["D'Artagnan", "Milady"]  # both open choices of their own in Act III


def walk(answers: list[int], seed: int) -> Machine:
    """Act III played at 2 players with `answers` for its story choices in order; the party
    D'Artagnan and Milady; between cards the party goes straight on."""
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, story="act-3",
                              battles="victory"), 2, seed, log=[])
    choices = iter(answers)
    while m.decision is not None:
        kind, options = m.decision["kind"], labels(m)
        if kind == "choice":
            index = next(choices, None)
            if index is None:
                return m
            m.answer(index)
        elif kind == "option" and any(name in options for name in PARTY):
            m.answer(options.index(next(name for name in PARTY if name in options)))
        else:
            m.answer(len(options) - 1)  # "Go on to the next card" and the like
    return m


def endings(seed: int) -> list[tuple[list[int], Machine]]:
    """Every finished walk, each choice of each card tried, depth first."""
    done, todo = [], [[]]
    while todo:
        answers = todo.pop()
        m = walk(answers, seed)
        if m.decision is None:
            done.append((answers, m))
        else:
            todo += [answers + [i] for i in range(len(m.decision["options"]))]
    return done


def test_every_victory_in_act_three_passes_a_battle():
    walks = endings(1) + endings(2)
    won = [(answers, m) for answers, m in walks if m.state["result"].get("ending") == "victory"]
    assert len(won) >= 10
    for answers, m in won:
        battles = [e["scenario"] for e in m.log if e["e"] == "battle"]
        assert battles, f"Act III won without a battle by choices {answers}"
    # the night at the workshop is fought whichever way it is spent
    assert all("the-jewellers-workshop" in [e["scenario"] for e in m.log if e["e"] == "battle"]
               for _, m in won)
