"""The Townsfolk Tussle pack compiles clean and carries the rulebook's names and numbers:
six townsfolk, four Ruffians with 15-card action decks and player-count tables, the gear
decks, the terrain, one scenario per Ruffian level and a clean results story."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from compiler import compile_pack
from compiler.analysis.story import card_links
from compiler.language.effects import op_of

PACK = Path(__file__).resolve().parents[3] / "content" / "townsfolk-tussle"
PLAYER_COUNTS = {2, 3, 4, 5}
LEVELS = ("chump", "troublemaker", "hooligan", "final_fight")
TOWNSFOLK = {
    "Norman Fishboy", "Quintus Binch", "Virginia Fitz", "Granny Melba", "Henlo Bulwark",
    "Blopsy Twins",
}
RUFFIANS = {"Pepin Milkfrog", "Umbrello", "Samuel Strawman", "The Bundits"}


@pytest.fixture(scope="module")
def result():
    return compile_pack(PACK)


@pytest.fixture(scope="module")
def game(result):
    assert result.report.errors == 0, [d.message for d in result.report.diagnostics]
    assert result.game is not None
    return result.game


def field(card, name):
    """The value of the card-type field `name` (stored under a private attribute, aliased)."""
    (attr,) = (k for k, info in type(card).model_fields.items() if info.alias == name)
    return getattr(card, attr)


def total(deck) -> int:
    return sum(card.count for card in deck.cards)


def by_name(game, deck_id):
    return {card.name: card for card in game.decks[deck_id].cards}


def test_pack_is_clean(result, game):
    assert [f"{d.code} {d.message}" for d in result.report.diagnostics] == []
    assert (game.game.players.min, game.game.players.max) == (2, 5)
    assert game.game.variables["coins"].initial == 10


def test_every_card_says_where_it_comes_from(game):
    for deck in game.decks.values():
        for card in deck.cards:
            assert card.source in ("rulebook", "designed"), card.id


def test_six_townsfolk_with_two_abilities_and_their_gear(game):
    townsfolk = game.decks["townsfolk"].cards
    assert {c.name for c in townsfolk} == TOWNSFOLK
    starting = game.decks["starting-gear"]
    for person in townsfolk:
        assert len(person.abilities) == 2, person.name
        for stat in ("hp", "mvmt", "mox", "acc"):
            assert isinstance(field(person, stat), int)
        gear = field(person, "starting_gear")
        assert len(gear) == 2
        for piece in gear:
            assert game.deck_of[piece] == "starting-gear"
            assert field(game.cards[piece], "owner") == person.id
    assert total(starting) == 12
    norman = game.cards["norman-fishboy"]
    assert field(norman, "starting_gear") == ["fishy-cap", "reliable-rod"]
    assert "virginias-shanker" in field(game.cards["virginia-fitz"], "starting_gear")
    assert "rubber-bat" in field(game.cards["quintus-binch"], "starting_gear")


def test_gear_decks_hold_the_pieces_the_rulebook_shows(game):
    assert {"starting-gear", "peddler-gear", "ruffian-gear", "unique-gear"} <= set(game.decks)
    peddler = by_name(game, "peddler-gear")
    for name in (
        "Turtle Shell", "Salesman's Tie", "Beggar's Top Hat", "Potion Pack", "The Jibblet Gloves",
        "Slingshot", "Baseball Cap", "Sandals", "Sticky Leotard", "Gold Chain", "Fighter's Belt",
        "Chuckin' Spear", "Belt o' Knives", "Old Belt", "Extend-O-Pole", "Floppy Scimitar",
    ):
        assert peddler[name].source == "rulebook", name
    assert total(game.decks["peddler-gear"]) == 40
    assert {"Fishy Cap", "Reliable Rod", "Rubber Bat", "Virginia's Shanker"} <= set(
        by_name(game, "starting-gear"))
    assert {"Farmer's Sunhat", "Sheriff's Anchor", "Jerry the Cat"} <= set(by_name(game, "unique-gear"))
    for deck_id, kind in (("starting-gear", "starting"), ("peddler-gear", "peddler"),
                          ("ruffian-gear", "ruffian"), ("unique-gear", "unique")):
        assert {field(c, "deck") for c in game.decks[deck_id].cards} == {kind}


@pytest.mark.parametrize(
    ("gear", "stats"),
    [
        ("turtle-shell", {"cost": 9, "bonus": {"mox": 1}, "slot": "chest"}),
        ("salesmans-tie", {"cost": 9, "bonus": {"mox": 1}}),
        ("beggars-top-hat", {"cost": 5, "slot": "special"}),
        ("potion-pack", {"cost": 12, "bonus": {"max_hp": 1}}),
        ("the-jibblet-gloves", {"cost": 13, "hands": 2, "mox_cost": 2, "acc_needed": 6, "dmg": 1}),
        ("slingshot", {"cost": 7, "hands": 2, "dmg": 1, "mox_cost": 3, "acc_needed": 2, "range": 7}),
        ("baseball-cap", {"cost": 10, "bonus": {"acc": 1}, "slot": "head"}),
        ("sandals", {"cost": 5, "bonus": {"mvmt": 1}, "slot": "leg"}),
        ("gold-chain", {"cost": 4}),
        ("fighters-belt", {"cost": 7}),
        ("chuckin-spear", {"cost": 13, "mox_cost": 3, "acc_needed": 4, "dmg": 3, "range": 4}),
        ("belt-o-knives", {"cost": 14, "bonus": {"mox": 1}}),
        ("old-belt", {"cost": 4, "mox_cost": 1, "acc_needed": 3, "dmg": 1, "weapon_class": "Whip"}),
        ("extend-o-pole", {"cost": 7, "hands": 1}),
        ("floppy-scimitar", {"mox_cost": 1, "acc_needed": 4, "dmg": 2}),
        ("reliable-rod", {"hands": 2, "dmg": 1, "acc_needed": 6, "mox_cost": 2, "range": 2}),
        ("rubber-bat", {"dmg": 1, "acc_needed": 5, "mox_cost": 1, "weapon_class": "Mace"}),
        ("virginias-shanker", {"dmg": 1, "acc_needed": 3, "mox_cost": 2, "weapon_class": "Dagger"}),
    ],
)
def test_gear_numbers_from_the_rulebook(game, gear, stats):
    card = game.cards[gear]
    for name, value in stats.items():
        assert field(card, name) == value, (gear, name)


def test_four_ruffians_with_tables_levels_and_fifteen_actions(game):
    ruffians = game.decks["ruffians"].cards
    assert {c.name for c in ruffians} == RUFFIANS
    for ruffian in ruffians:
        assert set(field(ruffian, "hp")) == PLAYER_COUNTS
        assert set(field(ruffian, "mvmt")) == PLAYER_COUNTS
        for level in LEVELS:
            assert len(field(ruffian, level)) == 1, (ruffian.id, level)
        assert field(ruffian, "weakness")
        loot = field(ruffian, "loot")
        assert len(loot) == 3
        assert all(game.deck_of[piece] == "ruffian-gear" for piece in loot)
        assert all(field(game.cards[piece], "owner") == ruffian.id for piece in loot)
        actions = game.decks[field(ruffian, "actions")]
        assert total(actions) == 15 and actions.size == 15
        assert {field(card, "ruffian") for card in actions.cards} == {ruffian.id}


def test_pepin_milkfrog_as_printed(game):
    pepin = game.cards["pepin-milkfrog"]
    assert field(pepin, "hp") == {2: 8, 3: 12, 4: 15, 5: 18}
    assert field(pepin, "mvmt") == {2: 6, 3: 6, 4: 7, 5: 7}
    assert field(pepin, "epithet") == "The Dairy Boy"
    names = [field(pepin, level)[0].name for level in LEVELS]
    assert names == ["Simple Delivery Boy", "Milk Tosser", "Chug and Chuck", "Quick Chug"]
    assert field(pepin, "weakness")[0].name == "Melty Milk-back"
    assert [game.cards[g].name for g in field(pepin, "loot")] == [
        "Milkman's Hat", "Frog Eyes", "Rotten Milk Crate"]


def test_rulebook_actions_and_weakness(game):
    assert field(game.cards["umbrello"], "weakness")[0].name == "Lame Winds"
    named = {
        "umbrello-actions": {"Heavy Flooding", "Wind Gust", "Aerial Drop-Off"},
        "samuel-strawman-actions": {"Corn Padding"},
        "the-bundits-actions": {"Bully"},
    }
    for deck, names in named.items():
        cards = by_name(game, deck)
        assert all(cards[n].source == "rulebook" for n in names)
    wind_gust = game.cards["wind-gust"]
    assert field(wind_gust, "target_range") == 3
    moves = [op_of(e)[1] for e in field(wind_gust, "resolve") if op_of(e)[0] == "move"]
    assert moves[-1].distance == 5 and moves[-1].area == "town-pond"
    drop_off = op_of(field(game.cards["aerial-drop-off"], "resolve")[0])[1]
    assert op_of(drop_off.then[0])[1].at == ["A1"]


def test_terrain_the_rulebook_names(game):
    names = {t.name: t for t in game.terrain.values()}
    for name, kind in (
        ("Murky Moat", "feature"), ("Rickety Farm", "obstacle"), ("Dense Woods", "feature"),
        ("Buzzing Hive", "obstacle"), ("Giant Milk Jug", "obstacle"), ("Engulfing Wave", None),
        ("Town Pond", None), ("Overgrown Cornfield", None), ("Wishing Well", None),
    ):
        assert names[name].source == "rulebook"
        if kind:
            assert names[name].type == kind, name
    assert names["Dense Woods"].movement_cost == 2
    knock = op_of(names["Rickety Farm"].abilities[0].do[0])[1]
    assert names["Rickety Farm"].abilities[0].cost == 1
    assert [(r.min, r.max) for r in knock.results] == [(1, 3), (4, 7), (8, None)]
    blast = op_of(knock.results[2].do[0])[1]
    assert blast.amount == 3
    assert names["Giant Milk Jug"].count == 5 and names["Giant Milk Jug"].abilities[0].cost == 2
    roll_in = op_of(names["Engulfing Wave"].abilities[0].do[0])[1]
    assert roll_in.distance == 4


def test_landscapes_on_the_nineteen_by_fourteen_board(game):
    ruffians = game.decks["ruffians"].cards
    assert {field(r, "landscape") for r in ruffians} == set(game.landscapes)
    for landscape in game.landscapes.values():
        assert (landscape.grid.columns, landscape.grid.rows) == (19, 14)
        assert len(landscape.areas["start"]) == 5  # one T square per possible townsfolk
        assert len(landscape.terrain) == 7


def test_one_scenario_per_ruffian_level(game):
    assert len(game.scenarios) == 16
    for ruffian in game.decks["ruffians"].cards:
        for level in ("chump", "troublemaker", "hooligan", "final-fight"):
            scenario = game.scenarios[f"{ruffian.id}-{level}"]
            assert scenario.landscape == field(ruffian, "landscape")
            assert scenario.enemies[0].enemy == ruffian.id
            assert scenario.enemies[0].health == field(ruffian, "hp")
            assert scenario.tables["mvmt"] == field(ruffian, "mvmt")
            expected = {"victory", "defeat"} | ({"special"} if level == "final-fight" else set())
            assert set(scenario.outcomes) == expected
    jugs = [e for e in game.scenarios["pepin-milkfrog-final-fight"].setup if op_of(e)[0] == "if"]
    assert len(jugs) == 3  # jugs 3-5 only with 3-5 townsfolk; FF1 and FF2 always


def test_feats_and_town_events(game):
    feats = by_name(game, "feats-of-mettle")
    assert total(game.decks["feats-of-mettle"]) == 30
    assert field(feats["Peacekeeper"], "points") == 1
    assert field(feats["Cowardly Fighter"], "points") == 0
    assert op_of(field(feats["Cowardly Fighter"], "reward")[0])[1].amount == 5
    assert field(feats["Trap Layer"], "points") == 1
    events = by_name(game, "town-events")
    assert total(game.decks["town-events"]) == 24
    assert field(events["Pull Your Weight"], "secret") is True
    assert field(events["Hang High"], "secret") is False
    assert sum(field(c, "secret") for c in events.values()) == 5


def test_rules_structure(game):
    rules = game.rules
    assert rules.rounds == 4
    assert [p.id for p in rules.phases] == ["town-phase", "fight-phase"]
    town = [op_of(e) for e in rules.phases[0].do]
    draws = [p for name, p in town if name == "draw"]
    assert [(d.count, d.from_) for d in draws] == [(3, "feat-deck"), (1, "event-deck")]
    assert any(name == "move-card" and p.to == "shop" and p.count == 10 for name, p in town)
    actions = {a.id: a for a in rules.actions}
    assert actions["change-gear"].cost == 2
    assert op_of(actions["reset-shop"].do[0])[1].amount == 8
    assert {d.id: d.sides for d in rules.dice} == {"accuracy": 10, "d10": 10}


def test_results_story_is_a_clean_graph(game):
    story = game.stories["results"]
    assert story.start == "01"
    graph = nx.DiGraph()
    graph.add_nodes_from(story.cards)
    for key, card in story.cards.items():
        graph.add_edges_from((key, link.target) for link in card_links(card))
    assert set(nx.descendants(graph, story.start)) | {story.start} == set(story.cards)
    endings = {k for k, c in story.cards.items() if c.ending}
    for key in story.cards:
        assert key in endings or nx.descendants(graph, key) & endings, key
    umbrello = next(c for c in story.cards.values() if c.battle == "umbrello-final-fight")
    assert umbrello.outcomes == {"victory": "33", "special": "02", "defeat": "04"}
    battles = {c.battle for c in story.cards.values() if c.battle}
    assert battles == set(game.scenarios)


def test_component_counts_match_the_content(game):
    components = {c.id: c.count for c in game.game.components}
    gear = ("starting-gear", "peddler-gear", "ruffian-gear", "unique-gear")
    assert components["gear-cards"] == sum(total(game.decks[d]) for d in gear) == 72
    assert components["ruffian-action-cards"] == 60
    assert components["feat-cards"] == total(game.decks["feats-of-mettle"])
    assert components["town-event-cards"] == total(game.decks["town-events"])
    assert components["terrain-pieces"] == sum(t.count for t in game.terrain.values())
    assert components["terrain-cards"] == len(game.terrain)
    assert components["townsfolk-cards"] == 6 and components["ruffian-cards"] == 4
