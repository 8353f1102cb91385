"""Ruffians colliding with townsfolk, through the runtime (rules `collisions: shove`): a
Ruffian walking onto a townsfolk's square pushes it into a neighbouring square its player
picks (the closest free one when none is free), as often as it happens in one action, and
walks on, while townsfolk walk round it; Sticky Leotard costs it 1 MVMT; the Dodger Feat turns up once the action is over
if it did the shoved townsfolk no harm; a Ruffian placed onto townsfolk pushes them off too.
Also stats of the Ruffian lowered "on its next action" (Wag of the Finger), and Pepin's
weakness, Melty Milk-back, which reads the square an attack comes from."""

from __future__ import annotations

import pytest

from runtime.board import board, cells_of, figure, pieces
from runtime.zones import move
from tests.content.townsfolk_tussle.test_worked_examples import (
    bat_pepin_from,
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


def _lob_through(programs, players: list[str], cells: list[tuple[int, int]]):
    """Pepin on I1 (8, 0) plays Bottle Lob (1 DMG to the closest within 6, then he moves
    towards the farthest) with the townsfolk standing on `cells`; the machine, once the
    townsfolk have ended their turns."""
    m = fight(programs, "pepin-milkfrog-chump", players)
    ruffian(m)[2:4] = [8, 0]
    for seat, cell in enumerate(cells):
        stand(m, seat, cell)
    reask(m)
    move(m, instance(m, "bottle-lob"), "action-deck")
    for _ in players:
        pick(m, "End your turn")
    return m


def test_a_ruffian_walking_onto_a_townsfolk_pushes_it_aside_where_its_player_picks(programs):
    # Quintus (beside Pepin) takes the bottle; Granny stands in Pepin's way to Virginia
    m = _lob_through(programs, ["Granny Melba", "Quintus Binch", "Virginia Fitz"],
                     [(8, 3), (10, 0), (8, 13)])
    pepin = ruffian(m)
    assert m.decision["seat"] == 0 and m.decision["kind"] == "cell"
    assert labels(m) == ["H4", "I5"]  # the free squares next to her, not under Pepin
    pick(m, "I5")  # straight back into his way: he pushes her again
    assert m.decision["seat"] == 0 and labels(m) == ["H5", "I6"]
    pick(m, "H5")
    assert m.decision["kind"] == "turn"
    assert pepin[2:4] == [8, 6]  # he walked his 6 MVMT in full
    assert figure(m, 0)[2:4] == [7, 4]
    assert [e["seat"] for e in m.log if e["e"] == "collide"] == [0, 0]
    assert m.value("health", 0) == m.value("max_hp", 0)  # pushing does no DMG


def test_with_no_free_square_next_to_it_a_pushed_townsfolk_goes_to_the_closest_free_one(
        programs):
    m = _lob_through(programs, ["Granny Melba", "Quintus Binch", "Virginia Fitz", "Henlo Bulwark"],
                     [(8, 3), (7, 3), (8, 4), (8, 13)])
    assert m.decision["seat"] == 0  # Granny first (Virginia below her is pushed next)
    b, _ = board(m)
    options = [tuple(o["cell"]) for o in m.decision["options"]]
    under = set(cells_of(m, ruffian(m)))
    assert options and all(b.span((8, 3), c) == 2 and c not in under for c in options)


def test_sticky_leotard_costs_the_ruffian_one_mvmt_of_the_action_it_collides_in(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Granny Melba", "Quintus Binch", "Virginia Fitz"])
    equip(m, 0, "sticky-leotard")
    ruffian(m)[2:4] = [8, 0]
    for seat, cell in enumerate([(8, 3), (10, 0), (8, 13)]):
        stand(m, seat, cell)
    reask(m)
    next_action(m, "bottle-lob")
    pick(m, "H4")
    assert ruffian(m)[2:4] == [8, 5]  # 5 squares, not 6
    assert [e["name"] for e in m.log if e["e"] == "ability"].count("Gummed Up") == 1
    next_action(m, "bottle-lob")  # his next action: his full MVMT again
    assert ruffian(m)[2:4] == [8, 11]


@pytest.mark.parametrize("hurt", [False, True])
def test_dodger_turns_up_once_the_action_that_pushed_it_did_no_dmg(programs, hurt):
    # unhurt: Quintus beside Pepin takes the bottle; hurt: Granny is the closest and takes it
    cells = [(8, 1 if hurt else 3), (16, 0), (8, 13)] if hurt else [(8, 3), (10, 0), (8, 13)]
    m = fight(programs, "pepin-milkfrog-chump", ["Granny Melba", "Quintus Binch", "Virginia Fitz"])
    feat = instance(m, "dodger")
    move(m, feat, "feats:0")
    ruffian(m)[2:4] = [8, 0] if not hurt else [9, 0]
    for seat, cell in enumerate(cells):
        stand(m, seat, cell)
    coins = m.value("coins", 0)
    reask(m)
    next_action(m, "bottle-lob")
    while m.decision["kind"] == "cell":
        m.answer(0)
    pushed = [e for e in m.log if e["e"] == "collide" and e["seat"] == 0]
    assert pushed
    done = feat in m.state["zones"]["feats-done:0"]
    assert done is not hurt
    assert m.value("coins", 0) == coins + (0 if hurt else 2)
    assert m.value("feat_points", 0) == (0 if hurt else 1)


def test_a_ruffian_placed_onto_townsfolk_pushes_them_off(programs):
    m = fight(programs, "the-bundits-chump", ["Granny Melba", "Quintus Binch"])
    bundits = ruffian(m)
    stand(m, 0, (10, 7))  # K8: under the Bundits once they land on J7
    stand(m, 1, (2, 13))
    reask(m)
    next_action(m, "smoke-bomb")
    while m.decision["kind"] == "cell":
        assert m.decision["seat"] == 0
        m.answer(0)
    assert bundits[2:4] == [9, 6]
    assert tuple(figure(m, 0)[2:4]) not in cells_of(m, bundits)
    assert [e["seat"] for e in m.log if e["e"] == "collide"] == [0]


def test_wag_of_the_finger_takes_two_mvmt_off_the_ruffians_next_action_only(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Granny Melba", "Quintus Binch"])
    pepin = ruffian(m)
    pepin[2:4] = [8, 0]
    stand(m, 0, (10, 0))  # beside him
    stand(m, 1, (8, 13))
    reask(m)
    pick(m, "Granny Melba: Wag of the Finger")
    next_action(m, "bottle-lob")  # towards Quintus, the farthest
    assert pepin[2:4] == [8, 4]  # 6 - 2 squares
    next_action(m, "bottle-lob")
    assert pepin[2:4] == [8, 10]  # all 6 again
    assert not m.state.get("piece_mods")
    assert [p for p in pieces(m) if p is pepin]


@pytest.mark.parametrize(("cell", "extra"), [
    ((8, 1), 1), ((9, 1), 1),  # the two squares right behind him (he faces down)
    ((7, 2), 0), ((8, 4), 0),  # beside him, and in front of him
])
def test_melty_milk_back_pepin_takes_one_more_dmg_from_a_hit_from_right_behind(
        programs, monkeypatch, cell, extra):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    pepin, health = bat_pepin_from(m, monkeypatch, cell)
    assert pepin[4] == health - 1 - extra
    assert m.value("weakness_active", 0) is bool(extra)


def test_a_townsfolk_walks_through_townsfolk_but_round_the_ruffian(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Virginia Fitz", "Granny Melba"])
    ruffian(m)[2:4] = [8, 5]  # covering I6:J7
    stand(m, 0, (8, 4))  # Virginia on I5, just above him
    stand(m, 1, (8, 3))  # Granny right behind her
    reask(m)
    assert m.value("mvmt_left", 0) == 6
    pick(m, "Move")
    options = {tuple(o["cell"]) for o in m.decision["options"]}
    assert (8, 9) not in options  # I10, below him: 5 squares straight through, 7 round him
    assert (8, 8) in options  # I9: 6 squares round his left side
    assert (8, 0) in options  # I1, 4 squares up past Granny: townsfolk walk through each other
