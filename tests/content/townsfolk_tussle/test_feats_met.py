"""Feats of Mettle that read what the runtime says of the effect at hand (a terrain piece's
DMG, a hit's range, healing another, a change of gear, standing beside every other
townsfolk, two terrain pieces used, a Breaking Point passed, a blow aimed at a neighbour),
each played through the runtime: with its goal met it turns up at that moment and pays, and
with the goal missed by a little it stays in hand. Also the fight rules they lean on: the
Bear Trap's Snap, Breaking Points, Harvest Moon, Rising Tide and Blaze of Glory."""

from __future__ import annotations

import pytest

from runtime.board import figure
from runtime.ops.variables import write
from runtime.zones import move
from tests.content.townsfolk_tussle.test_worked_examples import (
    dice,
    equip,
    fight,
    instance,
    next_action,
    programs,  # noqa: F401 (the fixture)
    reask,
    ruffian,
    stand,
)
from tests.runtime.conftest import labels, pick


def _deal(m, feat: str, seat: int = 0) -> int:
    card = instance(m, feat)
    move(m, card, f"feats:{seat}")
    return card


def _done(m, card: int, seat: int = 0) -> bool:
    return card in m.state["zones"][f"feats-done:{seat}"]


def _pepin(programs):
    """Quintus Binch (F13) and Granny Melba (H13) against Pepin (I3), Quintus to act."""
    return fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])


@pytest.mark.parametrize("met", [True, False])
def test_trap_layer_turns_up_when_the_ruffian_walks_into_a_set_bear_trap(programs, met):
    m = _pepin(programs)
    feat = _deal(m, "trap-layer")
    move(m, instance(m, "bear-trap"), "stash:0")
    stand(m, 0, (4, 2))  # E3: Pepin, the closest target of his Tongue Lash, comes this way
    reask(m)
    pick(m, "Bear Trap: Set the Trap")
    pick(m, "F3" if met else "E4")  # E4 is off his path
    health = ruffian(m)[4]
    if not met:  # a townsfolk crossing the trap does not set it off
        pick(m, "Move")
        pick(m, "E4")
        assert m.state["terrain"] == [["sprung-trap", 4, 3]] and not _done(m, feat)
    next_action(m, "tongue-lash")
    while m.decision["kind"] != "turn":  # Trap Layer's award: Coins or MOX
        m.answer(0)
    snapped = [e for e in m.log if e["e"] == "ability" and e["name"] == "Snap"]
    if met:
        assert snapped and snapped[0]["seat"] == 0 and ruffian(m)[4] <= health - 3
        assert m.state.get("terrain") == [] and _done(m, feat)
        assert m.value("feat_points", 0) == 1
    else:
        assert not snapped and not _done(m, feat)


@pytest.mark.parametrize(("row", "met"), [(8, True), (7, False)])
def test_sharpshooter_needs_a_ranged_hit_from_five_squares(programs, monkeypatch, row, met):
    m = _pepin(programs)
    feat = _deal(m, "sharpshooter")
    equip(m, 0, "pea-shooter")  # ranged, Range 5
    stand(m, 0, (8, row))  # I9 is 5 squares below Pepin's I4, I8 is 4
    coins = m.value("coins", 0)
    reask(m)
    dice(monkeypatch, 9)
    pick(m, "Pea Shooter: Attack")
    assert ruffian(m)[4] == 7  # it hit either way
    assert _done(m, feat) is met and m.value("coins", 0) == coins + (3 if met else 0)


@pytest.mark.parametrize("met", [True, False])
def test_medic_turns_up_on_healing_another_townsfolk(programs, met):
    m = _pepin(programs)
    feat = _deal(m, "medic")
    stand(m, 1, (6, 12))  # Granny beside Quintus
    write(m, "health", 1, 5)
    write(m, "health", 0, 3)
    reask(m)
    pick(m, "Quintus Binch: Bitter Tonic")
    pick(m, "A townsfolk beside him drinks it" if met else "Quintus drinks it")
    assert m.value("health", 1 if met else 0) == (6 if met else 4)
    assert _done(m, feat) is met


def test_bitter_tonic_reaches_only_quintus_or_a_townsfolk_beside_him(programs):
    m = _pepin(programs)
    stand(m, 1, (12, 12))  # Granny far from Quintus
    write(m, "health", 1, 5)
    write(m, "health", 0, 3)
    reask(m)
    pick(m, "Quintus Binch: Bitter Tonic")  # nobody beside him: only Quintus can drink it
    assert m.value("health", 0) == 4 and m.value("health", 1) == 5
    m = _pepin(programs)
    stand(m, 1, (6, 12))  # Granny beside Quintus: she may drink it instead
    reask(m)
    pick(m, "Quintus Binch: Bitter Tonic")
    assert labels(m) == ["Quintus drinks it", "A townsfolk beside him drinks it"]


def test_medic_counts_no_healing_at_full_hp_nor_the_fights_opening(programs):
    m = _pepin(programs)
    assert not any(e["e"] == "move" and e["to"].startswith("feats-done") for e in m.log)
    feat = _deal(m, "medic")
    stand(m, 1, (6, 12))
    write(m, "health", 1, m.value("max_hp", 1))
    reask(m)
    pick(m, "Quintus Binch: Bitter Tonic")
    pick(m, "A townsfolk beside him drinks it")  # Granny is at full HP: nothing restored
    assert not _done(m, feat)


@pytest.mark.parametrize(("hp", "met"), [(6, True), (8, False)])
def test_bone_breaker_turns_up_on_the_blow_past_a_breaking_point(programs, monkeypatch, hp,
                                                                  met):
    m = _pepin(programs)
    feat = _deal(m, "bone-breaker")
    ruffian(m)[4] = hp  # of 8: the first Breaking Point is at 5
    move(m, m.state["zones"]["action-deck"][-1], "action-discard")  # a card to shuffle back
    stand(m, 0, (7, 2))  # beside Pepin
    reask(m)
    dice(monkeypatch, 9)
    pick(m, "Rubber Bat: Attack")
    assert ruffian(m)[4] == hp - 1 and _done(m, feat) is met
    assert m.value("breaks_passed", 0) == (1 if met else 0)
    # the Breaking Point went off: Pepin's discard pile went back into his deck
    assert (not m.state["zones"]["action-discard"]) is met


@pytest.mark.parametrize("met", [True, False])
def test_quick_change_needs_a_change_of_gear_before_the_hit(programs, monkeypatch, met):
    m = _pepin(programs)
    feat = _deal(m, "quick-change")
    stand(m, 0, (7, 2))
    m.state["actions"] = 6
    if met:
        move(m, instance(m, "floppy-scimitar"), "stash:0")
        reask(m)
        pick(m, "Change gear")
        assert instance(m, "floppy-scimitar") in m.state["zones"]["equipped:0"]
    reask(m)
    dice(monkeypatch, 9)
    pick(m, "Floppy Scimitar: Attack" if met else "Rubber Bat: Attack")
    assert _done(m, feat) is met


@pytest.mark.parametrize(("cell", "met"), [("G13", True), ("F12", False)])
def test_team_player_turns_up_on_moving_beside_every_other_townsfolk(programs, cell, met):
    m = _pepin(programs)
    feat = _deal(m, "team-player")
    pick(m, "Move")
    pick(m, cell)  # Granny stands on H13
    assert _done(m, feat) is met


@pytest.mark.parametrize("met", [True, False])
def test_terrain_tinkerer_needs_two_different_terrain_pieces(programs, met):
    m = _pepin(programs)
    feat = _deal(m, "terrain-tinkerer")
    # two Wishing Wells beside Quintus (F13): D12 and F11
    m.state.setdefault("terrain", []).extend([["wishing-well", 3, 11], ["wishing-well", 5, 10]])
    reask(m)
    pick(m, "terrain:wishing-well:3:11:0")
    assert not _done(m, feat) and m.value("first_terrain", 0) == 3 * 1000 + 11 + 1
    if met:
        pick(m, "terrain:wishing-well:5:10:0")
    else:  # the same well again, next turn
        pick(m, "End your turn")
        pick(m, "End your turn")
        while m.decision["seat"] != 0 or m.decision["kind"] != "turn":
            m.answer(0)
        pick(m, "terrain:wishing-well:3:11:0")
    assert _done(m, feat) is met


@pytest.mark.parametrize(("card", "met"), [("belly-flop", True), ("bottle-lob", False)])
def test_bodyguard_takes_a_blow_aimed_at_a_neighbour_too(programs, card, met):
    m = _pepin(programs)
    feat = _deal(m, "bodyguard")
    stand(m, 0, (8, 4))  # I5 and H5: both right under Pepin, side by side; Quintus the closer
    stand(m, 1, (7, 4))
    hp = m.value("health", 0)
    next_action(m, card)  # every townsfolk within 2 / only the closest, Quintus
    assert m.value("health", 0) < hp
    assert _done(m, feat) is met


def test_harvest_moon_takes_1_dmg_off_a_hit_on_samuel_in_the_cornfield(programs, monkeypatch):
    m = fight(programs, "samuel-strawman-final-fight", ["Quintus Binch", "Granny Melba"])
    assert m.value("harvest_guard", 0) == 1
    for held in list(m.state["zones"]["equipped:0"]):  # the sheriff's gear off, for hands
        move(m, held, "stash:0")
    equip(m, 0, "floppy-scimitar")  # 2 DMG
    m.state["actions"] = 6
    samuel = ruffian(m)
    for inside, dealt in ((True, 1), (False, 2)):
        samuel[2:4] = [8, 6] if inside else [14, 11]  # I7 is in the field (H6:K9)
        samuel[4] = 9
        stand(m, 0, (samuel[2] - 1, samuel[3]))
        m.state["used"].pop("turn", None)  # a fresh swing
        reask(m)
        dice(monkeypatch, 9)
        pick(m, "Floppy Scimitar: Attack")
        assert samuel[4] == 9 - dealt, inside


def test_rising_tide_the_wave_surges_at_the_nearest_townsfolk_and_swallows_them(programs):
    m = fight(programs, "umbrello-final-fight", ["Quintus Binch", "Granny Melba"])
    wave = m.state["terrain"][0]
    assert wave[0] == "engulfing-wave"
    near = (wave[1] + 3, wave[2])  # 2 squares right of the wave's 2 x 2
    stand(m, 0, near)
    stand(m, 1, (18, 13))  # far off
    standing = m.value("townsfolk_standing", 0)
    for _ in range(2):
        pick(m, "End your turn")
    surged = [e for e in m.log if e["e"] == "move-terrain"]
    assert surged and m.value("knocked_out", 0) and not m.value("knocked_out", 1)
    assert m.value("townsfolk_standing", 0) == standing - 1 and not m.state["out"][0]


def test_blaze_of_glory_hits_the_ruffian_beside_the_wearer_who_then_skips_a_card(programs):
    m = _pepin(programs)
    equip(m, 0, "fighters-belt")
    stand(m, 0, (4, 12))
    reask(m)
    assert "Fighter's Belt: Blaze of Glory" not in labels(m)  # nobody beside
    stand(m, 0, (7, 2))
    reask(m)
    pick(m, "Fighter's Belt: Blaze of Glory")
    assert ruffian(m)[4] == 8 - 2  # 1 DMG per townsfolk in the game
    assert m.value("knocked_out", 0) and figure(m, 1) is not None
    played = len([e for e in m.log if e["e"] == "move" and e["from"] == "action-deck"])
    pick(m, "End your turn")  # Granny's; then Pepin's turn comes round and passes
    assert [e for e in m.log if e["e"] == "skip" and e.get("piece") is not None]
    assert len([e for e in m.log if e["e"] == "move" and e["from"] == "action-deck"]) == played


@pytest.mark.parametrize("dealt_first", [True, False])
def test_the_audit_finds_a_feat_left_in_hand_once_its_goal_is_met(programs, monkeypatch,
                                                                  dealt_first):
    from runtime.audit import Audit

    m = _pepin(programs)
    audit = Audit()
    audit.attach(m)
    feat = _deal(m, "show-off") if dealt_first else instance(m, "show-off")
    equip(m, 0, "floppy-scimitar")  # two weapons to swing
    m.state["actions"] = 6
    stand(m, 0, (7, 2))
    reask(m)
    dice(monkeypatch, 9, 9)
    pick(m, "Rubber Bat: Attack")
    pick(m, "Floppy Scimitar: Attack")
    audit.paused(m)
    assert _done(m, feat) is dealt_first and not audit.failed
    if not dealt_first:  # in hand now, its goal (two hits this turn) already met, unpaid
        move(m, feat, "feats:0")
        audit.paused(m)
        assert [f.name for f in audit.failed] == ["feats-paid-when-met"]


@pytest.mark.parametrize(("ruffian_id", "card", "met"), [
    ("samuel-strawman", "pitchfork-poke", True),  # Dry as Tinder: terrain DMG sets it off
    ("pepin-milkfrog", "tongue-lash", False)])  # Melty Milk-back: not by a trap
def test_weakness_finder_turns_up_for_whoever_set_the_weakness_off(programs, ruffian_id,
                                                                    card, met):
    m = fight(programs, f"{ruffian_id}-chump", ["Quintus Binch", "Granny Melba"])
    feat = _deal(m, "weakness-finder")
    move(m, instance(m, "bear-trap"), "stash:0")
    ruffian(m)[2:4] = [8, 1]
    stand(m, 0, (4, 1))  # E2: the Ruffian comes for Quintus over F2
    stand(m, 1, (15, 13))
    reask(m)
    pick(m, "Bear Trap: Set the Trap")
    pick(m, "F2")
    next_action(m, card)
    assert [e for e in m.log if e["e"] == "ability" and e["name"] == "Snap"]
    assert m.value("weakness_active", 0) is met and _done(m, feat) is met
