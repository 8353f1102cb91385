"""Battles the party loses by their own rules, played through the runtime: the Ballroom when
the tracker reaches 8 (it was counted a win), and the Jeweller's Workshop when an Enemy ends
the Enemy Turn at the jeweller's bench (Spoiled Work was text only)."""

from __future__ import annotations

from tests.content.gascony_legacy.test_search_and_flight import end_round
from tests.content.gascony_legacy.test_terrain_tiles import audited, battle, clear, foe, stand

B2, C2, C3, D3 = (1, 1), (2, 1), (2, 2), (3, 2)


def test_the_ballroom_is_lost_when_the_clock_strikes_8():
    m = battle("the-ballroom", "Athos", "Porthos")
    m.state["gv"]["tracker"] = 7
    end_round(m)  # the Upkeep adds the eighth
    assert m.state["result"]["winners"] == []
    assert m.state["result"]["reason"] == "The music stops."


def bench_fight(guard_at, athos_at):
    m = battle("the-jewellers-workshop", "Athos", "Porthos")
    clear(m)
    foe(m, "cardinals-guard", guard_at)
    stand(m, 0, athos_at)  # next to the Guard: it stays where it stands and strikes
    stand(m, 1, (4, 5))
    end_round(m)
    return m


def test_an_enemy_ending_its_turn_at_the_bench_spoils_the_studs():
    m = bench_fight(B2, C2)
    assert m.state["result"]["winners"] == []
    assert "studs-ruined" in m.state["flags"]
    assert audited(m) == []


def test_an_enemy_away_from_the_bench_spoils_nothing():
    m = bench_fight(D3, C3)
    assert m.state["result"] is None and "studs-ruined" not in m.state["flags"]


def test_the_captain_singles_out_the_character_with_the_fewest_health_tokens():
    """Single Out: the Cardinal's Captain walks at the most wounded Character, not the nearest
    (with no health on a Character's figure it never moved at all)."""
    m = battle("the-palace-gate", "Athos", "Porthos")
    clear(m)
    captain = foe(m, "cardinals-captain", (6, 3))
    stand(m, 0, (6, 0))  # Athos, 3 squares off, unhurt
    stand(m, 1, (0, 3))  # Porthos, 6 squares off, 3 Wounds
    m.state["sv"][1]["wounds"] = 3
    end_round(m)
    [first, *_] = [e["cell"] for e in m.log if e["e"] == "move-piece" and e["piece"] == captain]
    assert first[0] <= 3  # it went 3 or more squares west, towards Porthos
