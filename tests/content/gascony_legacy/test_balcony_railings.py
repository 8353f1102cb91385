"""The Ballroom's Balconies played through the runtime: nobody steps across a railing (the
gallery is entered from its open end), no melee blow is struck across one, by a Character or
by an Enemy, and a Character shooting from the railing down onto the floor has Advantage.
Balconies: K1-L1 (railing below them) and K6-L6 (turned: railing above them)."""

from __future__ import annotations

from runtime.board import board
from tests.content.gascony_legacy.test_battle_round_example import load
from tests.content.gascony_legacy.test_dice_and_weapons import equip
from tests.content.gascony_legacy.test_search_and_flight import end_round
from tests.content.gascony_legacy.test_terrain_tiles import audited, battle, cell, clear, foe, stand
from tests.runtime.conftest import labels, pick

K1, K2, K3, K4, J1, J2 = (10, 0), (10, 1), (10, 2), (10, 3), (9, 0), (9, 1)
UP, DOWN = 0, 2


def test_the_railings_stand_where_the_balconies_face_the_floor():
    b, _ = board(battle("the-ballroom", "Athos", "Porthos"))
    assert b.closed(K1, K2) and b.closed((11, 0), (11, 1))
    assert b.closed((10, 5), (10, 4)) and b.closed((11, 5), (11, 4))
    assert not b.closed(J1, K1)  # the gallery's open end
    assert b.distances_from(K2)[K1] == 3  # round by J2 and J1, not straight up


def test_no_melee_attack_across_a_railing():
    m = battle("the-ballroom", "Athos", "Porthos")
    clear(m)
    foe(m, "cardinals-guard", K1)
    stand(m, 0, K2, UP)  # the Rapier reaches the square ahead, but the railing is between
    assert "Attack" not in labels(m)
    stand(m, 0, K3, UP)
    m.state["pieces"][-1][2:4] = list(K2)  # the same blow on open floor is offered
    m.state["decision"] = None
    m.run()
    assert "Attack" in labels(m)


def test_an_enemy_across_the_railing_cannot_strike_so_it_moves():
    """A Guard on the gallery above a Character does not stay put as if it could strike: it
    heads round by the gallery's open end."""
    m = battle("the-ballroom", "Athos", "Porthos")
    clear(m)
    guard = foe(m, "cardinals-guard", K1)
    stand(m, 0, K2, DOWN)
    end_round(m)
    assert cell(m, guard) != K1
    struck = [e for e in m.log if e["e"] == "attack" and e.get("source") == guard]
    assert all(not e["over_railing"] for e in struck)
    assert audited(m) == []


def shot(at: tuple[int, int]) -> dict:
    """Athos with a Pistol on `at`, facing down the hall at a Guard on K4, fires: the dice are
    4, 3 and 3. The count of that roll."""
    m = battle("the-ballroom", "Athos", "Porthos")
    clear(m)
    equip(m, 0, "pistol")
    foe(m, "cardinals-guard", K4)
    stand(m, 0, at, DOWN)
    load(m, [4, 3, 3])
    pick(m, "Attack")
    if m.decision["kind"] == "weapon":
        pick(m, "Pistol")
    count = next(e for e in m.log if e["e"] == "count")
    assert audited(m) == []
    return count


def test_shooting_down_from_the_railing_has_advantage():
    high = shot(K1)
    assert high["advantage"] and high["successes"] == 3  # the 3s count from High Ground
    low = shot(K2)  # the same shot from the floor: no Advantage
    assert not low["advantage"] and low["successes"] == 1


def test_the_audit_catches_a_melee_blow_across_a_railing(monkeypatch):
    """With the railing rule planted out of the attack's picks, the Rapier strikes the Guard
    on the gallery from below, and `no-melee-across-a-railing` reports it."""
    import runtime.targets

    monkeypatch.setattr(runtime.targets, "railing_between", lambda m, a, b: False)
    m = battle("the-ballroom", "Athos", "Porthos")
    clear(m)
    foe(m, "cardinals-guard", K1)
    stand(m, 0, K2, UP)
    pick(m, "Attack")
    assert [e["over_railing"] for e in m.log if e["e"] == "attack"] == [True]
    assert "no-melee-across-a-railing" in audited(m)
