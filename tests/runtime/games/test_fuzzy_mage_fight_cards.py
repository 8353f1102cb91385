"""Every card ability of the Fuzzy Mage Fight pack does what its text says: the mages (both
sides), the traps, the spells and the potions."""

from __future__ import annotations

import pytest

from tests.runtime.conftest import cards, labels, pick
from tests.runtime.games.fmf import begin, end_turns, essence, fight, in_essence

# -- the mages, fuzzy side -----------------------------------------------------------------------


def test_chester_takes_magic_back_from_the_discard_once_a_turn(fmf):
    m = begin(fmf, players=2, hand_0=[], discard=["fizzy-pop", "magic", "magic"])
    pick(m, "Chester: Treasure Sense")
    assert cards(m, "hand:0") == ["magic"] and m.state["actions"] == 2
    assert "Chester: Treasure Sense" not in labels(m)


def test_wyatt_draws_two_then_discards_one_of_his_choice(fmf):
    m = begin(fmf, players=2, mages=["Wyatt", "Chester"], hand_0=["fizzy-pop"])
    pick(m, "Wyatt: Quick Paws")
    pick(m, "Fizzy Pop")
    assert len(cards(m, "hand:0")) == 2 and cards(m, "discard") == ["fizzy-pop"]
    assert m.state["actions"] == 2


def test_nez_picks_a_pocket_for_two_actions(fmf):
    m = begin(fmf, players=2, mages=["Nez", "Chester"], hand_0=[], hand_1=["quick-wit"])
    pick(m, "Nez: Pickpocket")
    assert cards(m, "hand:0") == ["quick-wit"] and cards(m, "hand:1") == []
    assert m.state["actions"] == 1


def test_philo_chooses_a_spell_or_potion_from_the_draw_pile(fmf):
    m = begin(fmf, players=2, mages=["Philo", "Chester"], hand_0=[])
    pick(m, "Philo: Study")
    assert m.decision["kind"] == "card" and "Time Tonic" in labels(m) and "Magic" not in labels(m)
    pick(m, "Time Tonic")
    assert cards(m, "hand:0") == ["time-tonic"] and m.state["actions"] == 1


def test_muffins_draws_two_and_gives_an_opponent_one(fmf):
    m = begin(
        fmf, players=3, mages=["Muffins", "Chester", "Wyatt"], hand_0=[], hand_1=[], hand_2=[]
    )
    pick(m, "Muffins: Bake Sale")
    pick(m, "Seat 3")
    assert [len(cards(m, f"hand:{s}")) for s in range(3)] == [2, 0, 1]


# -- the mages, essence side ---------------------------------------------------------------------


def _essence_turn(fmf, mage: str, **layout):
    """Seat 2 (playing `mage`) in essence form at the start of its turn, against seat 1."""
    m = begin(fmf, players=2, mages=["Wyatt" if mage == "Chester" else "Chester", mage], **layout)
    in_essence(m, 1)
    end_turns(m, 1)
    return m


def test_chester_in_essence_buries_magic_face_down(fmf):
    m = _essence_turn(fmf, "Chester", hand_1=["magic", "fizzy-pop"])
    pick(m, "Chester, essence form: Bury the Hoard")
    assert (
        cards(m, "battlefield:1") == ["magic"]
        and m.state["down"][m.state["zones"]["battlefield:1"][0]]
    )
    assert "Roll to return to fuzzy form" not in labels(m)  # an essence ability rules out the roll


def test_gretchen_in_essence_makes_an_opponent_discard(fmf):
    m = _essence_turn(fmf, "Gretchen", hand_0=["magic"])
    pick(m, "Gretchen, essence form: Spite")
    assert cards(m, "hand:0") == [] and cards(m, "discard") == ["magic"]


def test_nez_in_essence_scampers_home_on_four_or_more(fmf):
    for seed in range(1, 60):
        log: list = []
        m = begin(fmf, players=2, mages=["Chester", "Nez"], seed=seed, log=log)
        in_essence(m, 1)
        end_turns(m, 1)
        log.clear()
        pick(m, "Nez, essence form: Scamper Home")
        roll = next(e for e in log if e["e"] == "roll")
        assert roll["total"] == roll["faces"][0] + 1
        assert essence(m, 1) is (roll["total"] < 5)
        if roll["faces"][0] == 4:  # a 4 is enough for Nez
            assert m.state["actions"] == 3 and "Roll to return to fuzzy form" not in labels(m)
            return
    pytest.fail("no 4 rolled")


def test_philo_in_essence_recovers_a_card_that_then_leaves_the_game(fmf):
    m = _essence_turn(fmf, "Philo", discard=["magic", "sticky-web"], hand_1=[])
    pick(m, "Philo, essence form: Old Notes")
    assert cards(m, "hand:1") == ["sticky-web"]
    assert m.state["redirect"] == {str(m.state["zones"]["hand:1"][0]): {"discard": "removed"}}


def test_muffins_in_essence_shields_her_mineons_until_her_next_turn(fmf):
    m = _essence_turn(fmf, "Muffins", battlefield_1=["dust-bunny:up"], hand_0=["magic", "magic"])
    pick(m, "Muffins, essence form: Curl Up")  # nothing else to do: her turn ends
    assert "Attack a mineon" not in labels(m)
    end_turns(m, 2)  # the shield drops when Muffins's next turn begins
    assert "Attack a mineon" in labels(m)


# -- traps -----------------------------------------------------------------------------------------


def _sprung(fmf, trap: str, attacker_hand=("magic", "magic", "quick-wit", "fizzy-pop")):
    """Seat 1 attacks seat 2 (who holds with one face-down magic), then seat 2 springs `trap`."""
    m = fight(fmf, list(attacker_hand), [], [], ["magic", trap])
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 1)")
    pick(m, "(total 3)")
    pick(m, "Spring")
    return m


def test_static_snare_makes_the_attacker_discard_two(fmf):
    m = _sprung(fmf, "static-snare")
    assert len(cards(m, "hand:0")) == 1 and cards(m, "discard").count("static-snare") == 1


def test_sticky_web_ends_the_attackers_turn(fmf):
    m = _sprung(fmf, "sticky-web")
    assert m.state["active"] == 1 and m.state["taken"] == [2, 1]


def test_mirror_mote_turns_the_attacker_to_essence(fmf):
    m = _sprung(fmf, "mirror-mote")
    assert essence(m, 0) and cards(m, "mage:0") == ["chester-essence"]
    # beaten on its own turn: no return roll until its next turn
    assert "Roll to return to fuzzy form" not in labels(m)


def test_tangle_thread_makes_the_attacker_skip_a_turn(fmf):
    m = _sprung(fmf, "tangle-thread")
    end_turns(m, 2)
    assert m.state["active"] == 1 and m.state["round"] == 3


def test_sticky_web_against_a_counter_strike_leaves_the_active_turn_alone(fmf):
    m = begin(fmf, players=2, mages=["Chester", "Gretchen"], hand_0=["magic", "fizzy-pop"],
              battlefield_0=["sticky-web"], hand_1=["magic", "magic", "magic"])
    end_turns(m, 2)
    pick(m, "Attack a fuzzy mage")  # with its one magic
    pick(m, "(total 2)")
    pick(m, "Strike back")  # Gretchen's last magic against nothing: seat 1 is beaten
    pick(m, "Spring the Sticky Web")  # the attacker is Gretchen, whose turn it is not
    assert essence(m, 0) and m.state["active"] == 0 and not m.state["end_turn"]


# -- spells ---------------------------------------------------------------------------------------


def test_gust_of_fluff_and_fuzz_storm_make_opponents_discard(fmf):
    m = begin(fmf, players=3, battlefield_0=["gust-of-fluff", "fuzz-storm"],
              hand_1=["magic", "magic"], hand_2=["magic", "magic"])
    pick(m, "Gust of Fluff: Gust")
    pick(m, "Seat 2")
    assert [len(cards(m, f"hand:{s}")) for s in (1, 2)] == [1, 2]
    pick(m, "Fuzz Storm: Storm")
    assert [len(cards(m, f"hand:{s}")) for s in (1, 2)] == [0, 1]
    assert sorted(cards(m, "discard")) == ["fuzz-storm", "gust-of-fluff"] + ["magic"] * 3


def test_unravel_discards_an_opponents_mineon(fmf):
    m = begin(fmf, players=2, battlefield_0=["unravel"], battlefield_1=["lint-sprite:up", "magic"])
    pick(m, "Unravel: Unmake")
    assert cards(m, "battlefield:1") == ["magic"] and sorted(cards(m, "discard")) == [
        "lint-sprite",
        "unravel",
    ]


def test_peek_a_boo_turns_an_opponents_battlefield_face_up(fmf):
    m = begin(fmf, players=2, battlefield_0=["peek-a-boo"], battlefield_1=["magic", "sticky-web"])
    pick(m, "Peek-a-Boo: Expose")
    assert [m.state["down"][i] for i in m.state["zones"]["battlefield:1"]] == [0, 0]


# -- potions --------------------------------------------------------------------------------------


def test_time_tonic_gives_another_turn_in_the_same_round(fmf):
    m = begin(fmf, players=2, battlefield_0=["time-tonic"])
    pick(m, "Time Tonic: Again")
    end_turns(m, 1)
    assert m.state["active"] == 0 and m.state["round"] == 1 and m.state["actions"] == 3
    end_turns(m, 1)
    assert m.state["active"] == 1


def test_bubble_shield_keeps_the_mage_safe_until_its_next_turn(fmf):
    m = begin(fmf, players=2, battlefield_0=["bubble-shield"], hand_1=["magic"])
    pick(m, "Bubble Shield: Bubble")
    end_turns(m, 1)
    assert "Attack a fuzzy mage" not in labels(m)
    end_turns(m, 2)
    assert "Attack a fuzzy mage" in labels(m)


def test_second_helping_draws_one_a_mineon(fmf):
    m = begin(fmf, players=2, battlefield_0=["second-helping", "dust-bunny:up", "pocket-newt:up"],
              hand_0=[])
    pick(m, "Second Helping: Share")
    assert len(cards(m, "hand:0")) == 2 and cards(m, "discard") == ["second-helping"]


def test_bottomless_brew_needs_an_empty_hand(fmf):
    m = begin(fmf, players=2, battlefield_0=["bottomless-brew"], hand_0=["magic"])
    assert "Bottomless Brew: Refill" not in labels(m)
    m = begin(fmf, players=2, battlefield_0=["bottomless-brew"], hand_0=[])
    pick(m, "Bottomless Brew: Refill")
    assert len(cards(m, "hand:0")) == 4 and m.state["actions"] == 3


def test_gretchen_strikes_back_when_the_attack_beats_her(fmf):
    # won or lost: her Counter-Strike waits on the attack as it resolved, before she turned
    m = begin(fmf, players=2, mages=["Chester", "Gretchen"], hand_0=["magic", "magic"],
              hand_1=["magic"] * 3)
    end_turns(m, 2)
    pick(m, "Attack a fuzzy mage")
    pick(m, "(total 2)")
    pick(m, "(total 0)")  # Gretchen holds her magic back, is beaten and robbed of two
    assert essence(m, 1) and m.decision["seat"] == 1
    pick(m, "Strike back at the attacker")  # with her last magic: Chester must answer
    assert m.decision["prompt"] == "What do you defend with?" and m.decision["seat"] == 0


def test_scamper_home_leaves_pickpocket_its_own_use_this_turn(fmf):
    # once-per-turn uses belong to a face: Nez's essence side's Scamper Home is not Pickpocket
    for seed in range(1, 60):
        m = begin(fmf, players=2, mages=["Chester", "Nez"], seed=seed, hand_0=["magic"],
                  hand_1=[])
        in_essence(m, 1)
        end_turns(m, 1)
        pick(m, "Nez, essence form: Scamper Home")
        if not essence(m, 1):
            assert "Nez: Pickpocket" in labels(m)
            pick(m, "Nez: Pickpocket")
            assert cards(m, "hand:1") == ["magic"] and "Nez: Pickpocket" not in labels(m)
            return
    raise AssertionError("Nez never scampered home in 59 seeds")
