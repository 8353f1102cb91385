"""The Fantasy Tavern Brawl pack compiles clean, holds the rulebook's components, names and
numbers, and plays its setup, turns, Dwarf rules and scoring through the generic runtime."""

from __future__ import annotations

from collections import Counter

import pytest

from compiler.language.effects import op_of
from runtime.agents.scripted import match
from runtime.machine import Machine
from runtime.program import Program

PACK = "fantasy-tavern-brawl"  # compiled once per session by tests/content/conftest.py
# The seven races the rulebook names, with its counts, and the ten further race cards.
RULEBOOK_RACES = {"halfling": 10, "orc": 10, "dwarf": 10, "goblin": 10, "elf": 10,
                  "demon": 5, "minotaur": 5}


@pytest.fixture(scope="module")
def program(game):
    return Program(game)


def pick(m: Machine, text: str) -> None:
    index = match(text, m.decision["options"])
    assert index is not None, (text, [o["label"] for o in m.decision["options"]])
    m.answer(index)


def hand(m: Machine, seat: int) -> Counter:
    return Counter(m.state["ids"][i] for i in m.state["zones"][f"hand:{seat}"])


def scenario_one(program, players: int = 2) -> Machine:
    """A game at its first turn, Scenario 1 chosen."""
    m = Machine.start(program, players, 3)
    assert m.decision["kind"] == "card" and len(m.decision["options"]) == 4
    pick(m, "Scenario 1")
    return m


# -- components ------------------------------------------------------------------------------


def test_seventy_race_cards_by_race(game):
    by_race, source = Counter(), {}
    for card in game.decks["race-cards"].cards:
        by_race[card.field("race")] += card.count
        source[card.field("race")] = card.source
    assert sum(by_race.values()) == 70
    assert {r: by_race[r] for r in RULEBOOK_RACES} == RULEBOOK_RACES
    # The rulebook lists "10 further Race cards" with no race: designed here as Humans.
    assert by_race["human"] == 10 and source["human"] == "designed"
    assert source["dwarf"] == "rulebook"


def test_play_methods(game):
    methods = {c.field("race"): c.field("method") for c in game.decks["race-cards"].cards}
    assert set(methods.values()) == {"slide", "fling", "drop", "place"}
    assert methods["dwarf"] == "place"


def test_dwarf_builds_on_four_customers_and_is_never_last(game):
    dwarf = game.cards["dwarf"]
    assert dwarf.field("never_last") is True
    assert [c.id for c in game.decks["race-cards"].cards if c.field("never_last")] == ["dwarf"]
    [build] = [op_of(e)[1] for e in dwarf.abilities[0].do if op_of(e)[0] == "choose"]
    on_ground = build.options[0]
    transfers = [op_of(e)[1] for e in on_ground.do if op_of(e)[0] == "transfer"]
    assert (transfers[0].to, transfers[0].amount) == ("ground_customers", 4)


def test_four_scenario_cards_deal_what_they_say(game):
    scenarios = game.decks["scenarios"].cards
    assert sorted(s.field("number") for s in scenarios) == [1, 2, 3, 4]
    stock = {c.field("race"): c.count for c in game.decks["race-cards"].cards}
    for scenario in scenarios:
        dealt = Counter()
        for effect in scenario.abilities[0].do:
            name, params = op_of(effect)
            assert name == "move-card" and params.who == "each-player"
            dealt[params.matching.split("'")[1]] += params.count
        assert dict(dealt) == scenario.field("hand"), scenario.id
        for race, count in dealt.items():
            assert count * game.game.players.max <= stock[race], (scenario.id, race)
        methods = {c.field("method") for c in game.decks["race-cards"].cards
                   if c.field("race") in dealt}
        assert scenario.field("slides") == ("slide" in methods), scenario.id
    assert any(not s.field("slides") for s in scenarios)  # one for a game mat


def test_tavern_start_card_and_player_helpers(game):
    (start,) = game.decks["tavern-start"].cards
    assert (start.name, start.count) == ("Tavern starting card", 1)
    assert sum(c.count for c in game.decks["player-helpers"].cards) == 4


def test_meeples_five_colours_of_fifteen(game):
    meeples = [c for c in game.game.components if c.id.startswith("meeples-")]
    assert len(meeples) == 5 and all(c.count == 15 for c in meeples)
    assert sum(c.count for c in meeples) == 75
    assert game.game.variables["meeples_in_supply"].initial == 15


def test_ranking_is_score_then_the_three_tiebreakers(game):
    ranking = game.rules.ranking
    assert [k.value for k in ranking.by] == ["score", "meeples_in_tavern", "meeples_on_top_floor"]
    assert all(k.order == "highest" for k in ranking.by)
    assert ranking.ties == "share"  # tiebreaker 3: the tied players all win


# -- play ------------------------------------------------------------------------------------


def test_setup_deals_scenario_one_and_stands_one_customer_each(program):
    m = scenario_one(program, 3)
    for seat in range(3):
        assert hand(m, seat) == Counter({"dwarf": 2, "halfling": 2, "orc": 2})
        assert (m.value("meeples_in_supply", seat), m.value("ground_customers", seat)) == (14, 1)
    assert m.state["zones"]["box"] and len(m.state["zones"]["tavern"]) == 1
    assert m.decision["kind"] == "option" and m.decision["seat"] == m.state["active"]


def test_a_dwarf_raises_a_floor(program):
    m = scenario_one(program)
    seat = m.state["active"]
    pick(m, "Place a race card")  # a Dwarf is the only card to place in Scenario 1
    assert (m.value("ground_customers", seat), m.value("upper_customers", seat)) == (5, 1)
    assert m.value("meeples_in_supply", seat) == 9
    assert m.value("top_floor", None) == 2


def test_a_card_touching_nothing_leaves_the_game_without_its_ability(program):
    m = scenario_one(program)
    seat = m.state["active"]
    pick(m, "Slide, fling or drop")
    pick(m, "Orc")
    pick(m, "No rival customer fell out")
    pick(m, "touches no card")
    assert [m.state["ids"][i] for i in m.state["zones"]["removed"]] == ["orc"]
    assert m.value("ground_customers", seat) == 1


def test_a_whole_game_ends_with_floor_scores_and_a_last_dwarf_unplayed(program):
    m = scenario_one(program)
    first = m.state["active"]
    # Everyone lands every card; the first player keeps a Dwarf for last and cannot play it.
    while m.state["result"] is None:
        seat = m.decision["seat"]
        answer_plainly(m, place=seat != first or hand(m, seat)["dwarf"] == 2,
                       landing="came to rest touching")
    other = 1 - first
    assert hand(m, first) == Counter({"dwarf": 1}) and not hand(m, other)
    # first: 1 + one Dwarf (4 under, 1 up) + 2 Halflings (2 each) + 2 Orcs (1 each) = 12 in
    # the tavern, 11 downstairs and 1 up: 13 points. other: 1 + two Dwarves (5 each) leaves 4
    # customers for the Halflings and none for the Orcs: 15 in, 13 down and 2 up, 17 points.
    assert [m.value("upper_customers", s) for s in (first, other)] == [1, 2]
    assert [m.value("meeples_in_tavern", s) for s in (first, other)] == [12, 15]
    assert [m.value("meeples_in_supply", s) for s in (first, other)] == [3, 0]
    assert [m.value("score", s) for s in (first, other)] == [13, 17]
    assert [m.value("meeples_on_top_floor", s) for s in (first, other)] == [1, 2]
    assert m.state["result"]["winners"] == [other]


def test_the_last_card_comes_to_rest_and_its_ability_happens_before_the_count(program):
    m = scenario_one(program)
    # Everyone places Dwarves and misses the tavern with the rest (so customers stay in the
    # supply) until the last card of all is in the air.
    def cards(zone: str) -> int:
        return sum(len(m.state["zones"][f"{zone}:{s}"]) for s in range(2))

    while cards("hand") or not cards("in-flight"):
        answer_plainly(m, place=True, landing="touches no card")
    seat = m.decision["seat"]
    [last] = m.state["zones"][f"in-flight:{seat}"]
    before = m.value("ground_customers", seat), m.value("meeples_in_supply", seat)
    assert not m.over  # no card is left in any hand, but the last one has yet to land
    pick(m, "No rival customer fell out")
    pick(m, "came to rest touching")
    assert m.over and m.state["loc"][last] == "tavern"
    assert m.value("cards_in_flight", None) == 0
    # its ability (an Orc's: a customer from the supply onto it) happened before the count
    after = m.value("ground_customers", seat), m.value("meeples_in_supply", seat)
    assert m.state["ids"][last] == "orc" and after == (before[0] + 1, before[1] - 1)
    assert m.value("meeples_in_tavern", seat) == after[0] + m.value("upper_customers", seat)


def test_a_slid_card_knocks_rival_customers_out_and_never_the_players_own(program):
    m = scenario_one(program, 3)
    seat = m.state["active"]
    rivals = [s for s in range(3) if s != seat]
    pick(m, "Slide, fling or drop")
    pick(m, "Orc")
    pick(m, "Two rival customers fell out")
    pick(m, f"Seat {rivals[0] + 1}")  # its one customer on the ground falls
    pick(m, f"Seat {rivals[0] + 1}")  # and it has none left to lose: nothing more falls
    pick(m, "came to rest touching")
    grounds = [m.value("ground_customers", s) for s in range(3)]
    supplies = [m.value("meeples_in_supply", s) for s in range(3)]
    assert grounds[rivals[0]] == 0 and supplies[rivals[0]] == 15
    assert grounds[rivals[1]] == 1 and supplies[rivals[1]] == 14
    assert grounds[seat] == 2 and supplies[seat] == 13  # the Orc's customer; none fell


def test_the_first_player_is_drawn_by_lot(program):
    firsts = set()
    for seed in range(1, 30):
        log: list = []
        m = Machine.start(program, 3, seed, log=log)
        rolls = [e for e in log if e["e"] == "roll" and e["dice"] == "lots"]
        assert len(rolls) >= 3
        m.answer(0)  # the scenario
        assert m.decision["seat"] == m.state["active"] == m.state["order"][0]
        firsts.add(m.state["active"])
    assert firsts == {0, 1, 2}


def test_customers_under_a_dwarf_are_protected_from_abilities(program):
    from runtime.deal import arrange

    m = scenario_one(program)
    seat = m.state["active"]
    rival = 1 - seat
    pick(m, "Place a race card")  # the Dwarf: four customers under it, one on top
    assert (m.value("ground_customers", seat), m.value("protected_customers", seat)) == (5, 4)
    arrange(m, {f"hand:{rival}": ["demon", "orc"]}, spare="box")
    pick(m, "Demon")  # the only cards to slide, fling or drop  # dropped: it knocks nobody out on its way
    pick(m, "came to rest touching")
    pick(m, "from the ground floor")
    pick(m, "from the ground floor")  # only the one unprotected customer can go
    assert m.value("ground_customers", seat) == 4 == m.value("protected_customers", seat)
    assert m.value("meeples_in_supply", seat) == 10


def test_a_dwarf_on_a_dwarf_adds_a_floor_whose_customers_score_three(program):
    m = scenario_one(program)
    first = m.state["active"]
    pick(m, "Place a race card")  # the first Dwarf raises the second floor
    pick(m, "Place a race card")  # the other player's Dwarf goes on it: a third floor
    second = 1 - first
    pick(m, "on the second floor")
    assert m.value("top_floor", None) == 3
    assert [m.value(v, second) for v in ("ground_customers", "upper_customers",
                                         "floor_3_customers")] == [1, 4, 1]
    assert m.value("floor_3_customers", first) == 0
    pick(m, "Place a race card")  # the first player's last Dwarf may build on either
    assert labels_of(m) == ["Build on the ground floor", "Build on a Dwarf, on the second floor",
                            "Build on a Dwarf, on the third floor"]
    pick(m, "on the third floor")
    assert m.value("top_floor", None) == 4
    assert [m.value(v, first) for v in ("floor_3_customers", "floor_4_customers")] == [4, 1]


def labels_of(m: Machine) -> list[str]:
    return [o["label"] for o in m.decision["options"]]


def answer_plainly(m, place: bool, landing: str) -> None:
    """Answer one decision the plain way: play a card (placing it when `place`, else throwing
    it), take the first card offered, knock no one out, build on the ground floor, and say
    the thrown card landed as `landing` says."""
    labels = labels_of(m)
    plays = ["Place a race card", "Slide, fling or drop a race card"]
    for label in plays if place else plays[::-1]:
        if label in labels:
            return pick(m, label)
    if m.decision["kind"] == "card":
        return m.answer(0)
    for label in ("No rival customer fell out", "Build on the ground floor"):
        if label in labels:
            return pick(m, label)
    return pick(m, landing)


def test_customers_on_a_tilted_card_count_one_floor_above_it(program):
    m = scenario_one(program)
    seat = m.state["active"]
    pick(m, "Slide, fling or drop")
    pick(m, "Halfling")  # dropped: it stands two customers on itself
    pick(m, "came to rest tilted")
    assert (m.value("ground_customers", seat), m.value("tilted_customers", seat)) == (3, 2)
    rival = 1 - seat
    pick(m, "Slide, fling or drop")
    pick(m, "Orc")
    pick(m, "No rival customer fell out")
    pick(m, "came to rest touching the tavern")  # flat: its customer counts on the ground
    assert m.value("tilted_customers", rival) == 0
    while m.state["result"] is None:  # everyone else misses the tavern
        answer_plainly(m, place=False, landing="touches no card")
    # the two customers on the tilted Halfling score 2 each, as if a floor up
    ground, upper = m.value("ground_customers", seat), m.value("upper_customers", seat)
    assert m.value("score", seat) == ground + 2 * upper + 2
    assert m.value("score", rival) == (m.value("ground_customers", rival)
                                      + 2 * m.value("upper_customers", rival))
