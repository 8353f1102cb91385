"""The Fantasy Tavern Brawl pack compiles clean and holds the rulebook's components and scoring."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from compiler import compile_pack
from compiler.language.effects import op_of

PACK = Path(__file__).resolve().parents[3] / "content" / "fantasy-tavern-brawl"
RACES = {"halfling", "orc", "dwarf", "goblin", "elf", "demon", "minotaur", "human"}


@pytest.fixture(scope="module")
def game():
    result = compile_pack(PACK)
    assert result.report.errors == 0, [d.message for d in result.report.diagnostics]
    assert result.game is not None
    return result.game


def field(card, name):
    """The value of the card-type field `name` (stored under a private attribute, aliased)."""
    (attr,) = (k for k, info in type(card).model_fields.items() if info.alias == name)
    return getattr(card, attr)


def test_seventy_race_cards_by_race(game):
    cards = game.decks["race-cards"].cards
    by_race = Counter()
    for card in cards:
        by_race[field(card, "race")] += card.count
    assert sum(by_race.values()) == 70
    for race in ("halfling", "orc", "dwarf", "goblin", "elf"):
        assert by_race[race] == 10
    assert by_race["demon"] == 5 and by_race["minotaur"] == 5
    assert by_race["human"] == 10  # the ten further race cards (designed)


def test_play_methods(game):
    methods = {field(c, "race"): field(c, "method") for c in game.decks["race-cards"].cards}
    assert set(methods) == RACES
    assert set(methods.values()) == {"slide", "fling", "drop", "place"}
    assert methods["dwarf"] == "place"


def test_dwarf_is_never_the_last_card(game):
    dwarf = game.cards["dwarf"]
    assert field(dwarf, "play_if") == "cards_in_hand >= 2"
    transfers = [op_of(e)[1].amount for e in dwarf.abilities[0].do if op_of(e)[0] == "transfer"]
    assert transfers[0] == 4


def test_four_scenario_cards_deal_what_they_say(game):
    scenarios = game.decks["scenarios"].cards
    assert len(scenarios) == 4
    assert sorted(field(s, "number") for s in scenarios) == [1, 2, 3, 4]
    stock = {field(c, "race"): c.count for c in game.decks["race-cards"].cards}
    for scenario in scenarios:
        hand = field(scenario, "hand")
        dealt = Counter()
        for effect in scenario.abilities[0].do:
            name, params = op_of(effect)
            assert name == "move-card" and params.who == "each-player"
            dealt[params.matching.split("'")[1]] += params.count
        assert dict(dealt) == hand, scenario.id
        for race, count in hand.items():
            assert count * game.game.players.max <= stock[race], (scenario.id, race)
    first = next(s for s in scenarios if field(s, "number") == 1)
    assert field(first, "hand") == {"dwarf": 2, "halfling": 2, "orc": 2}
    assert any(not field(s, "slides") for s in scenarios)


def test_tavern_start_card(game):
    (start,) = game.decks["tavern-start"].cards
    assert start.count == 1
    tavern = next(z for z in game.rules.zones if z.id == "tavern")
    assert tavern.holds == ["tavern-start"]


def test_meeples_five_colours_of_fifteen(game):
    meeples = [c for c in game.game.components if c.id.startswith("meeples-")]
    assert len(meeples) == 5
    assert all(c.count == 15 for c in meeples)
    assert game.game.variables["meeples_in_supply"].initial == 15


def test_player_helpers(game):
    assert sum(c.count for c in game.decks["player-helpers"].cards) == 4


def test_scoring_by_floor_and_tiebreakers(game):
    rules = game.rules
    final = next(a for a in rules.abilities if a.when == "end-of-game")
    score = op_of(final.do[0])[1]
    assert (score.variable, score.value) == ("score", "floor_number")
    keys = [k.value for k in rules.ranking.by]
    assert keys == ["score", "meeples_in_tavern", "meeples_on_top_floor"]
    assert all(k.order == "highest" for k in rules.ranking.by)
    assert rules.ranking.ties == "share"
    (end,) = rules.end
    assert (end.if_, end.who) == ("cards_in_hand == 0", "all")
