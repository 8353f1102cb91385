"""A Character carries at most 2 hands' worth of Equipment: one who takes more (bought,
found, traded) chooses what to give up, and the audit names a Character carrying more."""

from __future__ import annotations

from runtime.audit import Audit
from runtime.machine import Machine
from runtime.program import CAMPAIGN, Program
from tests.content.conftest import compiled_pack

BUY = "Buy Equipment"


def _hands(m: Machine, seat: int) -> int:
    fields = m.program.fields
    return sum(fields[m.state["ids"][i]]["hands"] for i in m.state["zones"][m.key("equipped", seat)])


def _take(m: Machine, hands: int, to: str, seat: int | None = None) -> int:
    """Move an Equipment card needing `hands` hands from the Equipment deck to zone `to`."""
    st = m.state
    deck = st["zones"][m.key("equipment", None)]
    inst = next(i for i in deck if m.program.fields[st["ids"][i]]["hands"] == hands)
    deck.remove(inst)
    st["zones"][m.key(to, seat)].append(inst)
    st["loc"][inst] = m.key(to, seat)
    return inst


def _first_pause() -> tuple[Machine, Audit]:
    program = Program(compiled_pack("gascony-legacy").game, story=CAMPAIGN, battles="victory")
    m = Machine.start(program, 2, 1, log=[])
    while m.decision["kind"] != "between":
        m.answer(0)
    audit = Audit()
    audit.attach(m)
    return m, audit


def test_buying_past_two_hands_gives_one_up():
    m, audit = _first_pause()
    seat = 1 - m.decision["seat"]  # the next to pause: its options are worked out afresh
    assert _hands(m, seat) == 1  # the starting weapon
    _take(m, 1, "equipped", seat)
    offered = _take(m, 2, "market")
    m.state["sv"][seat]["coins"] = 99
    m.answer(len(m.decision["options"]) - 1)  # the first seat goes on
    assert m.decision["seat"] == seat
    labels = [o["label"] for o in m.decision["options"]]
    m.answer(labels.index(BUY))
    while m.decision["kind"] != "between":  # which card to buy, then what to give up
        m.answer(0)
        audit.paused(m)
    assert _hands(m, seat) == 2
    assert m.state["loc"][offered] in (m.key("equipped", seat), "equipment-discard")
    assert len(m.state["zones"]["equipment-discard"]) >= 1
    assert audit.failed == []


def test_the_audit_names_three_hands_of_equipment():
    m, audit = _first_pause()
    seat = m.decision["seat"]
    audit.paused(m)
    assert audit.failed == []
    _take(m, 2, "equipped", seat)
    audit.paused(m)
    assert [f.name for f in audit.failed] == ["two-hands-of-equipment"]


def test_the_one_traded_past_two_hands_gives_one_up():
    m, audit = _first_pause()
    giver = m.decision["seat"]
    taker = 1 - giver
    _take(m, 1, "equipped", taker)
    assert _hands(m, taker) == 2
    labels = [o["label"] for o in m.decision["options"]]
    m.answer(labels.index("Trade Cards and Coins"))
    asked = []
    while m.decision["kind"] != "between":  # whom to give to, what, then what to give up
        asked.append(m.decision["seat"])
        m.answer(0)
        audit.paused(m)
    assert taker in asked  # the taker chooses what to give up
    assert _hands(m, taker) == 2 and _hands(m, giver) == 0
    assert audit.failed == []
