"""Each rule of the Fuzzy Mage Fight rulebook, played through the generic runtime."""

from __future__ import annotations

import pytest

from runtime.deal import arrange
from runtime.errors import RuleError
from runtime.machine import Machine
from runtime.views import view
from tests.runtime.conftest import cards, labels, pick
from tests.runtime.games.fmf import (
    begin,
    both_in_essence,
    end_turns,
    essence,
    fight,
    fused,
    in_essence,
)

# -- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(fmf, players):
    with pytest.raises(RuleError, match="2–6 players"):
        Machine.start(fmf, players, 1)


def test_the_highest_roller_chooses_a_mage_first_and_plays_first(fmf):
    log: list = []
    m = Machine.start(fmf, 3, 5, log=log)
    rolls = {e["seat"]: e["total"] for e in log if e["e"] == "roll"}
    assert rolls == {0: 3, 1: 5, 2: 2}  # seat 2 rolls highest
    assert m.state["order"] == [1, 2, 0] and m.state["active"] == 1
    assert m.decision["seat"] == 1 and len(m.decision["options"]) == 6
    pick(m, "Gretchen")
    assert m.decision["seat"] == 2 and "Gretchen" not in labels(m)
    pick(m, "Nez")
    pick(m, "Wyatt")
    assert m.decision["kind"] == "turn" and m.decision["seat"] == 1
    dealt = Machine.start(fmf, 3, 5, variables={"mages_at_random": True})
    assert dealt.decision["kind"] == "turn" and dealt.decision["seat"] == 1 and all(
        len(cards(dealt, f"mage:{s}")) == 1 for s in range(3)
    )


def test_a_tie_for_the_highest_roll_is_rolled_again_by_the_tied(fmf):
    for seed in range(1, 40):
        log: list = []
        m = Machine.start(fmf, 4, seed, log=log)
        rolls = [(e["seat"], e["total"]) for e in log if e["e"] == "roll"]
        first = dict(rolls[:4])
        best = max(first.values())
        tied = sorted(s for s, t in first.items() if t == best)
        if len(tied) > 1:
            again = dict(rolls[4:4 + len(tied)])
            assert sorted(again) == tied  # only the tied seats roll again
            assert m.state["active"] in tied
            return
    raise AssertionError("no tie in 39 seeds")


def test_first_player_has_the_garbel_and_everyone_three_cards(fmf):
    m = Machine.start(fmf, 5, 3, variables={"mages_at_random": True})
    first = m.state["active"]
    assert first != 0 and cards(m, f"garbel:{first}") == ["garbel"]
    assert [len(m.state["zones"][f"hand:{s}"]) for s in range(5)] == [3] * 5


# -- turns and the battlefield --------------------------------------------------------------------


def test_three_actions_in_any_mix(fmf):
    m = begin(fmf, hand_0=["magic"])
    pick(m, "Place a card")
    pick(m, "Draw a card")
    pick(m, "Draw a card")
    assert m.state["active"] == 1 and len(m.state["zones"]["hand:0"]) == 2


def test_first_round_only_seats_that_played_may_be_attacked(fmf):
    log: list = []
    m = begin(fmf, log=log, hand_0=["magic", "magic"], hand_1=["magic", "magic"], hand_2=["magic"],
              hand_3=["magic"])
    assert "Attack a fuzzy mage" not in labels(m)  # nobody has played yet
    end_turns(m, 1)
    pick(m, "Attack a fuzzy mage")  # no choice of target: seats 3 and 4 have not played
    assert [e["defender"] for e in log if e["e"] == "contest"] == [0]
    pick(m, "(total 1)")
    pick(m, "(total 1)")  # seat 1 holds
    while m.state["round"] == 1:
        pick(m, "End your turn")
    pick(m, "Attack a fuzzy mage")  # round 2: every other seat may be attacked
    assert m.decision["kind"] == "seat" and labels(m) == ["Seat 2", "Seat 3", "Seat 4"]


def test_battlefield_holds_six_face_down_but_mineons(fmf):
    m = begin(fmf, hand_0=["dust-bunny", "magic"], battlefield_0=["magic"] * 4)
    pick(m, "Place a card")
    pick(m, "Place a mineon face up")
    pick(m, "Place a card")
    assert "Place a card on your battlefield" not in labels(m)  # six cards: full
    other = view(m, 1)
    shown = [other["ids"][i] if i is not None else None for i in other["zones"]["battlefield:0"]]
    assert shown == [None] * 4 + ["dust-bunny", None]


def test_cards_work_from_the_battlefield_not_the_hand_and_at_once(fmf):
    m = begin(fmf, hand_0=["fizzy-pop"])
    assert not any("Fizzy Pop" in label for label in labels(m))
    pick(m, "Place a card")
    pick(m, "Fizzy Pop: Fizz")  # usable the turn it is placed, for no action
    assert m.state["actions"] == 2 and len(m.state["zones"]["hand:0"]) == 2
    assert cards(m, "discard") == ["fizzy-pop"]


def test_spells_and_potions_only_on_your_own_turn(fmf):
    m = fight(fmf, ["magic", "magic", "magic"], [], ["magic", "magic"],
               ["quick-wit", "fizzy-pop", "static-snare"])
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 1)")  # seat 2 answers, then may spring its trap: nothing else
    asked = []
    while m.state["active"] == 0:
        if m.decision["seat"] == 1:
            asked += labels(m)
            pick(m, "Keep it hidden" if "Keep it hidden" in labels(m) else "(total 1)")
        else:
            pick(m, "End your turn")
    assert "Keep it hidden" in asked and not [a for a in asked if "Hasten" in a or "Fizz" in a]
    assert {"Quick Wit: Hasten", "Fizzy Pop: Fizz"} <= set(labels(m))  # seat 2's own turn now


# -- fights ---------------------------------------------------------------------------------------


def test_magic_counts_one_from_hand_three_from_battlefield_and_is_all_discarded(fmf):
    m = fight(fmf, ["magic", "magic"], ["magic"], ["magic", "static-snare"], ["magic"])
    pick(m, "Attack a fuzzy mage")
    assert [o["total"] for o in m.decision["options"]] == [1, 2, 3, 4, 5]
    pick(m, "(total 4)")
    assert [o["total"] for o in m.decision["options"]] == [0, 1, 3, 4]
    pick(m, "(total 4)")  # a tie: the defence holds
    assert not essence(m, 1) and cards(m, "discard") == ["magic"] * 4


def test_a_won_fight_steals_two_at_random_and_turns_the_defender_to_essence(fmf):
    m = fight(fmf, ["magic", "magic"], [], ["gust-of-fluff", "fizzy-pop", "quick-wit"], [])
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 2)")
    assert essence(m, 1) and cards(m, "mage:1") == ["wyatt-essence"]
    assert len(cards(m, "hand:1")) == 1 and len(cards(m, "hand:0")) == 2


def test_traps_spring_after_the_steal(fmf):
    m = fight(
        fmf, ["magic", "magic"], [], ["fizzy-pop", "quick-wit", "gust-of-fluff"], ["pilfer-pouch"]
    )
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 2)")
    assert m.decision["seat"] == 1 and labels(m) == ["Spring the Pilfer Pouch", "Keep it hidden"]
    assert len(m.state["zones"]["hand:1"]) == 1  # the two cards are already stolen
    pick(m, "Spring the Pilfer Pouch")
    assert len(m.state["zones"]["hand:1"]) == 2 and "pilfer-pouch" in cards(m, "discard")


def test_mineons_need_two_magic_and_may_be_defended(fmf):
    m = fight(fmf, ["magic"], [], [], ["dust-bunny:up"])
    assert "Attack a mineon" not in labels(m)
    arrange(m, {"hand:0": ["magic", "magic"], "hand:1": ["magic"]})
    pick(m, "Attack a mineon")  # two magic from the hand is the only attack that can win
    pick(m, "(total 1)")
    assert cards(m, "discard").count("dust-bunny") == 1 and not essence(m, 1)
    assert len(cards(m, "hand:1")) == 0  # nothing is stolen for a mineon


def test_a_mineon_held_with_magic_stays(fmf):
    m = fight(fmf, ["magic", "magic"], [], [], ["dust-bunny:up", "magic"])
    pick(m, "Attack a mineon")
    pick(m, "(total 3)")  # one face-down magic, worth 3, holds against 2
    assert cards(m, "battlefield:1") == ["dust-bunny"] and cards(m, "discard") == ["magic"] * 3


def test_in_essence_mineons_may_be_attacked_but_not_defended_nor_traps_sprung(fmf):
    m = fight(
        fmf,
        ["magic", "magic", "fizzy-pop"],
        [],
        ["magic"],
        ["dust-bunny:up", "magic", "static-snare"],
    )
    in_essence(m, 1)
    pick(m, "Attack a mineon")  # no defence to choose, no trap to spring
    assert m.decision["seat"] == 0 and "dust-bunny" in cards(m, "discard")
    assert cards(m, "battlefield:1") == ["magic", "static-snare"]


def test_mineons_draw_at_the_start_of_the_turn_evenin_essence(fmf):
    m = begin(fmf, players=2, battlefield_1=["lint-sprite:up"], hand_1=[])
    m.state["sv"][1]["essence"] = True
    end_turns(m, 1)
    assert m.state["active"] == 1 and len(m.state["zones"]["hand:1"]) == 1


# -- essence form and fusing -----------------------------------------------------------------------


def test_essence_form_has_no_actions_no_battlefield_and_no_win(fmf):
    m = begin(fmf, players=2, hand_0=["magic"] * 8, battlefield_0=["quick-wit"])
    assert m.over  # eight magic in hand on your turn wins at once
    m = begin(fmf, players=2, hand_1=["magic"] * 8, battlefield_1=["quick-wit"])
    in_essence(m, 1)
    end_turns(m, 1)
    assert not m.over and m.state["actions"] == 0
    assert labels(m) == [
        "Roll to return to fuzzy form",
        "Wyatt, essence form: Forage",
        "End your turn",
    ]


def test_the_return_roll_and_essence_abilities(fmf):
    for seed in range(1, 40):
        log: list = []
        m = begin(fmf, players=2, seed=seed, log=log)
        in_essence(m, 1)
        end_turns(m, 1)
        pick(m, "Wyatt, essence form: Forage")
        # no return roll after an essence ability, Forage only once a turn: nothing is left
        assert m.state["active"] == 0
        end_turns(m, 1)
        log.clear()
        pick(m, "Roll to return")
        roll = [e for e in log if e["e"] == "roll"][0]["total"]
        assert essence(m, 1) is (roll < 5)
        if roll >= 5:
            assert m.state["actions"] == 3 and cards(m, "mage:1") == ["wyatt"]
            return
    pytest.fail("no roll of 5 or 6 in 40 games")


def test_fusing_needs_agreement_and_brings_both_back_with_an_extra_action(fmf):
    m = both_in_essence(fmf)
    pick(m, "Fuse")
    pick(m, "Refuse")
    assert m.state["partner"] == [None, None, None] and essence(m, 0)
    m = fused(fmf)
    pick(m, "Take the red fuse cards")
    assert m.state["partner"][:2] == [1, 0] and not essence(m, 0) and not essence(m, 1)
    assert m.state["actions"] == 4 and cards(m, "fuse:0") == cards(m, "fuse:1") == ["fuse-red"]
    assert "Break a fuse by attacking your partner" not in labels(m)  # not until the next round


def test_fused_mages_fall_together(fmf):
    m = fused(fmf)
    pick(m, "Take the blue fuse cards")
    end_turns(m, 2)  # seat 3 attacks seat 1, who has nothing to defend with
    arrange(m, {"hand:0": [], "battlefield:0": []})
    pick(m, "Attack a fuzzy mage")
    pick(m, "Seat 1")
    pick(m, "(total 3)")
    assert essence(m, 0) and essence(m, 1) and m.state["partner"][:2] == [1, 0]


def _fused_in_essence(fmf, seed: int, log: list) -> Machine:
    """Seats 1 and 2 fused and both in essence form, at seat 1's turn in round 2."""
    m = begin(fmf, players=3, seed=seed, log=log, fuse_0=["fuse-red"], fuse_1=["fuse-red"])
    for seat in (0, 1):
        in_essence(m, seat)
        m.state["sv"][seat]["fused"] = True
    m.state["partner"][:2] = [1, 0]
    end_turns(m, 3)
    return m


def test_fused_mages_rise_together(fmf):
    for seed in range(1, 40):
        log: list = []
        m = _fused_in_essence(fmf, seed, log)
        assert "Fuse with another mage in essence form" not in labels(m)  # fused already
        log.clear()
        pick(m, "Roll to return")
        if [e for e in log if e["e"] == "roll"][0]["total"] >= 5:
            assert not essence(m, 0) and not essence(m, 1) and cards(m, "mage:1") == ["wyatt"]
            assert m.state["actions"] == 4 and m.state["partner"][:2] == [1, 0]
            return
        assert essence(m, 0) and essence(m, 1)
    pytest.fail("no roll of 5 or 6")


def test_a_fuse_breaks_when_one_beats_the_other(fmf):
    m = fused(fmf)
    pick(m, "Take the green fuse cards")
    end_turns(m, 1)
    arrange(m, {"hand:1": ["magic"], "hand:0": [], "battlefield:0": []})
    pick(m, "Break a fuse")  # the partner that did not start the fuse may attack at once
    assert m.state["partner"] == [None, None, None] and essence(m, 0) and not essence(m, 1)
    assert cards(m, "fuse-supply").count("fuse-green") == 2


# -- the Garbel ------------------------------------------------------------------------------------


def test_the_garbel_passes_at_once_from_an_empty_hand(fmf):
    m = begin(fmf, players=2, garbel=True, hand_0=[])
    end_turns(m, 1)
    assert cards(m, "garbel:1") == ["garbel"]


def test_the_garbel_rolls_eats_and_passes(fmf):
    outcomes = set()
    for seed in range(1, 30):
        log: list = []
        m = begin(fmf, players=2, seed=seed, garbel=True, log=log, hand_0=["magic", "magic"])
        log.clear()
        end_turns(m, 1)
        roll = [e for e in log if e["e"] == "roll"][0]["total"]
        kept = roll < 5
        assert cards(m, "garbel:0" if kept else "garbel:1") == ["garbel"]
        assert len(cards(m, "hand:0")) == (1 if kept else 2)
        outcomes.add(kept)
        if outcomes == {True, False}:
            return
    pytest.fail("both outcomes did not come up")


def test_the_garbel_leaves_when_it_eats_the_last_card(fmf):
    for seed in range(1, 30):
        log: list = []
        m = begin(fmf, players=2, seed=seed, garbel=True, log=log, hand_0=["magic"])
        log.clear()
        end_turns(m, 1)
        if [e for e in log if e["e"] == "roll"][0]["total"] < 5:
            assert cards(m, "hand:0") == [] and cards(m, "garbel:1") == ["garbel"]
            return
    pytest.fail("no roll under 5")


# -- cards leaving the game, winning, the mages ------------------------------------------------


def test_a_card_taken_back_from_the_discard_leaves_the_game_next_time(fmf):
    m = begin(fmf, battlefield_0=["memory-mead"], discard=["quick-wit"], hand_0=[])
    pick(m, "Memory Mead: Recall")
    pick(m, "Quick Wit")
    pick(m, "Place a card")
    pick(m, "Quick Wit: Hasten")
    assert cards(m, "removed") == ["quick-wit"] and "quick-wit" not in cards(m, "discard")


def test_no_win_while_fused(fmf):
    m = fused(fmf)
    pick(m, "Take the red fuse cards")
    arrange(m, {"hand:0": ["magic"] * 8})
    assert not m.over


def test_chester_counts_face_down_magic_towards_the_eight(fmf):
    m = begin(fmf, players=2, hand_0=["magic"] * 5, battlefield_0=["magic"] * 3)
    assert m.over and m.state["result"]["winners"] == [0]
    m = begin(
        fmf,
        players=2,
        mages=["Wyatt", "Chester"],
        hand_0=["magic"] * 5,
        battlefield_0=["magic"] * 3,
    )
    assert not m.over


def test_a_win_counts_only_on_your_own_turn(fmf):
    m = begin(fmf, players=2, hand_1=["magic"] * 8)
    assert not m.over
    end_turns(m, 1)
    assert m.state["result"]["winners"] == [1]


def test_a_mage_beaten_on_its_own_turn_rolls_back_only_on_its_next_turn(fmf):
    m = begin(fmf, players=2, mages=["Chester", "Gretchen"], hand_0=["magic", "fizzy-pop"],
              hand_1=["magic", "magic", "magic"])
    end_turns(m, 2)
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 2)")
    pick(m, "Strike back")  # Gretchen's last magic against nothing: seat 1 is beaten
    assert essence(m, 0) and m.state["active"] == 0 and m.state["actions"] == 2
    assert "Roll to return to fuzzy form" not in labels(m)
    end_turns(m, 2)
    assert "Roll to return to fuzzy form" in labels(m)


def test_beating_the_partner_in_a_counter_strike_breaks_the_fuse(fmf):
    m = begin(fmf, players=3, mages=["Chester", "Gretchen", "Wyatt"], hand_0=["magic", "fizzy-pop"],
              hand_1=["magic", "magic", "magic"], fuse_0=["fuse-blue"], fuse_1=["fuse-blue"])
    for seat in (0, 1):
        m.state["sv"][seat]["fused"] = True
    m.state["partner"][:2] = [1, 0]
    end_turns(m, 3)
    pick(m, "Break a fuse by attacking your partner")  # with its one magic
    pick(m, "(total 2)")  # Gretchen holds...
    pick(m, "Strike back")  # ...and beats her partner: the fuse breaks, she stays fuzzy
    assert m.state["partner"] == [None, None, None] and essence(m, 0) and not essence(m, 1)
    assert not m.value("fused", 0) and not m.value("fused", 1)
    assert cards(m, "fuse-supply").count("fuse-blue") == 2


def test_gretchen_strikes_back(fmf):
    m = begin(fmf, players=2, mages=["Chester", "Gretchen"], hand_0=["magic", "magic"],
              hand_1=["magic", "magic", "magic"])
    end_turns(m, 2)
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 1)")
    pick(m, "(total 2)")
    assert labels(m) == ["Strike back at the attacker", "Let it go"]
    pick(m, "Strike back")
    assert m.decision["seat"] == 0 and m.decision["kind"] == "commit"
