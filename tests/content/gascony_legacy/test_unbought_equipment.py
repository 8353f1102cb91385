"""Equipment offered between Story cards is bought in that pause or discarded (Between Story
Cards: "Any unpurchased cards are discarded"). Read in a campaign log: the Porter's cards, and
the stall of "A Priest", stayed on offer until the Story ended, bought at any later pause. The
`after-pause` window fires once every seat has gone on; the rules' "Unbought Equipment"
clears the offer there. Played through the runtime."""

from __future__ import annotations

from tests.content.gascony_legacy.test_act_party import before_the_streets
from tests.runtime.conftest import cards, pick


def test_the_porter_s_unbought_cards_are_discarded_as_the_party_moves_on():
    m = before_the_streets()  # the Porter called at the first pause, nothing bought
    offered = cards(m, "market")
    assert len(offered) == 4
    log: list = []
    m.log = log
    pick(m, "Go on to the next card")  # the last seat goes on: the next card is a battle
    assert m.state["story"]["battle"] == "the-paris-streets"
    assert cards(m, "market") == []
    assert set(offered) <= set(cards(m, "equipment-discard"))
    moved = [e for e in log if e["e"] == "move" and e.get("from") == "market"]
    assert len(moved) == 4 and all(e["to"] == "equipment-discard" for e in moved)
    story = next(i for i, e in enumerate(log) if e["e"] == "story")
    assert all(log.index(e) < story for e in moved)  # cleared before the next card begins

