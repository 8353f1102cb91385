"""The Harbour Master (Act II, designed card 29), through the runtime: a hurt party with no
pass, no Coins and no Planchet still has a choice. It may swim (a 2-Movement Challenge the
lead rolls, Destiny may reroll it; a failure wounds everyone) or pay for a safe crossing,
each Character handing back 1 Destiny. Battles are resolved as won to reach the card."""

from __future__ import annotations

from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack

PARTY = ("Athos", "Porthos")
GO_ON = "Go on to the next card"
SWIM = "Swim for the packet boat as she casts off."
LIE_LOW = ("Lie low under a smack's nets and slip out on the night tide (each Character hands "
           "back 1 Destiny, if they hold any).")


def _at_the_harbour(seed: int) -> tuple[Machine, list]:
    """Athos and Porthos walked through Act II (battles won at once, nothing bought, the
    first open choice taken) to the Harbour Master, with no Coins, one Wound short of
    Falling each and 2 Destiny each."""
    game = compiled_pack("gascony-legacy").game
    log: list = []
    m = Machine.start(Program(game, story="act-2", battles="victory"), 2, seed, log=log)
    for name in PARTY:
        m.answer([o["label"] for o in m.decision["options"]].index(name))
    while not (log[-1]["e"] == "story" and log[-1]["at"] == "29") and not m.over:
        labels = [o["label"] for o in m.decision["options"]]
        m.answer(labels.index(GO_ON) if GO_ON in labels else len(labels) - 1)  # the last open choice: never a payment
    assert not m.over and m.state["story"]["card"] == "29"
    for sv in m.state["sv"]:
        sv["coins"], sv["destiny_tokens"] = 0, 2
        sv["wounds"] = sv["health_tokens"] - 1
    m.state["decision"] = None  # the choices listed afresh, for the party as set
    m.run()
    return m, log


def _play_out(m: Machine) -> None:
    """Go on at every pause and keep the dice at every Destiny reroll, to the story's end."""
    while not m.over:
        labels = [o["label"] for o in m.decision["options"]]
        m.answer(labels.index(GO_ON) if GO_ON in labels else labels.index("Keep the dice"))


def test_a_hurt_party_may_swim_or_pay_in_destiny():
    m, _ = _at_the_harbour(1)
    assert [o["label"] for o in m.decision["options"]] == [SWIM, LIE_LOW]


def test_lying_low_costs_each_character_a_destiny_and_reaches_england_unhurt():
    m, _ = _at_the_harbour(1)
    wounds = [sv["wounds"] for sv in m.state["sv"]]
    m.answer([o["label"] for o in m.decision["options"]].index(LIE_LOW))
    _play_out(m)
    assert m.over and m.state["result"]["ending"] == "victory"
    assert [sv["destiny_tokens"] for sv in m.state["sv"]] == [1, 1]
    assert [sv["wounds"] for sv in m.state["sv"]] == wounds


def test_the_swim_is_a_challenge_that_wounds_everyone_only_when_failed():
    seen = set()
    for seed in range(1, 13):
        m, log = _at_the_harbour(seed)
        wounds = [sv["wounds"] for sv in m.state["sv"]]
        m.answer([o["label"] for o in m.decision["options"]].index(SWIM))
        _play_out(m)
        swim = [e for e in log if e["e"] == "challenge"][-1]
        assert swim["needed"] == 2 and swim["seat"] == 0  # the lead swims for the party
        if swim["passed"]:
            assert m.state["result"]["ending"] == "victory"
            assert [sv["wounds"] for sv in m.state["sv"]] == wounds
        else:  # a Wound each: both Fall at once, and the party has lost
            assert m.state["result"]["winners"] == []
        seen.add(swim["passed"])
    assert seen == {True, False}  # both ways were seen
