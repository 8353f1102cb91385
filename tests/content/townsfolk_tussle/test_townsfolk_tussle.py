"""The Townsfolk Tussle pack compiles clean and carries the rulebook's names and numbers:
six townsfolk, four Ruffians with 15-card action decks and player-count tables, the gear
decks, the terrain, one scenario per Ruffian level and a clean results story."""

from __future__ import annotations

import networkx as nx
import pytest

from compiler.analysis.story import card_links
from compiler.language.effects import op_of

PACK = "townsfolk-tussle"  # compiled once per session by tests/content/conftest.py
PLAYER_COUNTS = {2, 3, 4, 5}
LEVELS = ("chump", "troublemaker", "hooligan", "final_fight")
TOWNSFOLK = {
    "Norman Fishboy", "Quintus Binch", "Virginia Fitz", "Granny Melba", "Henlo Bulwark",
    "Blopsy Twins",
}
RUFFIANS = {"Pepin Milkfrog", "Umbrello", "Samuel Strawman", "The Bundits"}



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
            assert isinstance(person.field(stat), int)
        gear = person.field("starting_gear")
        assert len(gear) == 2
        for piece in gear:
            assert game.deck_of[piece] == "starting-gear"
            assert game.cards[piece].field("owner") == person.id
    assert total(starting) == 12
    norman = game.cards["norman-fishboy"]
    assert norman.field("starting_gear") == ["fishy-cap", "reliable-rod"]
    assert "virginias-shanker" in game.cards["virginia-fitz"].field("starting_gear")
    assert "rubber-bat" in game.cards["quintus-binch"].field("starting_gear")


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
        assert {c.field("deck") for c in game.decks[deck_id].cards} == {kind}


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
        assert card.field(name) == value, (gear, name)


def test_four_ruffians_with_tables_levels_and_fifteen_actions(game):
    ruffians = game.decks["ruffians"].cards
    assert {c.name for c in ruffians} == RUFFIANS
    for ruffian in ruffians:
        assert set(ruffian.field("hp")) == PLAYER_COUNTS
        assert set(ruffian.field("mvmt")) == PLAYER_COUNTS
        for level in LEVELS:
            # one ability a level; Umbrello's wave surges on two occasions (Rising Tide)
            two = (ruffian.id, level) == ("umbrello", "final_fight")
            assert len(ruffian.field(level)) == (2 if two else 1), (ruffian.id, level)
        assert ruffian.field("weakness")
        loot = ruffian.field("loot")
        assert len(loot) == 3
        assert all(game.deck_of[piece] == "ruffian-gear" for piece in loot)
        assert all(game.cards[piece].field("owner") == ruffian.id for piece in loot)
        actions = game.decks[ruffian.field("actions")]
        assert total(actions) == 15 and actions.size == 15
        assert {card.field("ruffian") for card in actions.cards} == {ruffian.id}


def test_pepin_milkfrog_as_printed(game):
    pepin = game.cards["pepin-milkfrog"]
    assert pepin.field("hp") == {2: 8, 3: 12, 4: 15, 5: 18}
    assert pepin.field("mvmt") == {2: 6, 3: 6, 4: 7, 5: 7}
    assert pepin.field("epithet") == "The Dairy Boy"
    names = [pepin.field(level)[0].name for level in LEVELS]
    assert names == ["Simple Delivery Boy", "Milk Tosser", "Chug and Chuck", "Quick Chug"]
    assert pepin.field("weakness")[0].name == "Melty Milk-back"
    assert [game.cards[g].name for g in pepin.field("loot")] == [
        "Milkman's Hat", "Frog Eyes", "Rotten Milk Crate"]


def test_rulebook_actions_and_weakness(game):
    assert game.cards["umbrello"].field("weakness")[0].name == "Lame Winds"
    named = {
        "umbrello-actions": {"Heavy Flooding", "Wind Gust", "Aerial Drop-Off"},
        "samuel-strawman-actions": {"Corn Padding"},
        "the-bundits-actions": {"Bully"},
    }
    for deck, names in named.items():
        cards = by_name(game, deck)
        assert all(cards[n].source == "rulebook" for n in names)
    wind_gust = game.cards["wind-gust"]
    assert wind_gust.field("target_range") == 3
    moves = [op_of(e)[1] for e in wind_gust.field("resolve") if op_of(e)[0] == "move"]
    assert moves[-1].distance == 5 and moves[-1].area == "town-pond"
    no_leg_gear = op_of(game.cards["aerial-drop-off"].field("resolve")[0])[1]
    drop_off = op_of(no_leg_gear.then[0])[1]
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
    rising_tide = game.cards["umbrello"].field("final_fight")
    assert [op_of(a.do[0]) for a in rising_tide][0][1].distance == 4


def test_landscapes_on_the_nineteen_by_fourteen_board(game):
    ruffians = game.decks["ruffians"].cards
    assert {r.field("landscape") for r in ruffians} == set(game.landscapes)
    for landscape in game.landscapes.values():
        assert (landscape.grid.columns, landscape.grid.rows) == (19, 14)
        assert len(landscape.areas["start"]) == 5  # one T square per possible townsfolk
        assert len(landscape.terrain) == 7


# fights whose Ruffian has fewer HP than the card prints at some player counts (designed,
# measured with bench/bench_townsfolk_fights.py; figures in bench/townsfolk_winrates.md)
EASED = {"umbrello-troublemaker": {2: 7}, "umbrello-hooligan": {2: 7},
         "samuel-strawman-hooligan": {2: 8}, "umbrello-final-fight": {2: 5, 5: 14}}


def test_one_scenario_per_ruffian_level(game):
    assert len(game.scenarios) == 16
    for ruffian in game.decks["ruffians"].cards:
        for level in ("chump", "troublemaker", "hooligan", "final-fight"):
            scenario = game.scenarios[f"{ruffian.id}-{level}"]
            assert scenario.landscape == ruffian.field("landscape")
            assert scenario.enemies[0].enemy == ruffian.id
            scenario_id = f"{ruffian.id}-{level}"
            if scenario_id in EASED:  # designed: the card's HP but lower at some counts
                eased = {**ruffian.field("hp"), **EASED[scenario_id]}
                assert scenario.enemies[0].health == eased == scenario.tables["hp"]
            else:
                assert scenario.enemies[0].health == "hp"  # the card's HP for the player count
                assert scenario.tables["hp"] == ruffian.field("hp")
            assert scenario.tables["mvmt"] == ruffian.field("mvmt")
            expected = {"victory", "defeat"} | ({"special"} if level == "final-fight" else set())
            assert set(scenario.outcomes) == expected
    jugs = [e for e in game.scenarios["pepin-milkfrog-final-fight"].setup if op_of(e)[0] == "if"]
    assert len(jugs) == 3  # jugs 3-5 only with 3-5 townsfolk; FF1 and FF2 always


def test_feats_and_town_events(game):
    feats = by_name(game, "feats-of-mettle")
    assert total(game.decks["feats-of-mettle"]) == 30
    assert feats["Peacekeeper"].field("points") == 1
    assert feats["Cowardly Fighter"].field("points") == 0
    assert op_of(feats["Cowardly Fighter"].field("reward")[0])[1].amount == 5
    assert feats["Trap Layer"].field("points") == 1
    events = by_name(game, "town-events")
    assert total(game.decks["town-events"]) == 24
    assert events["Pull Your Weight"].field("secret") is True
    assert events["Hang High"].field("secret") is False
    assert sum(c.field("secret") for c in events.values()) == 5


def test_rules_structure(game):
    rules = game.rules
    assert rules.rounds is None  # a round is one round of a fight; fights end the game
    assert rules.campaign.stories == ["results"]  # the whole game, when nothing is named
    assert [p.id for p in rules.phases] == ["town-phase", "fight-phase"]
    assert not rules.phases[0].do  # the story plays the Town Phase (stories/town-phase.yaml)
    name, first_turn = opening(rules.phases[1])[-2]  # the Ruffian's first turn opens the fight
    assert name == "play-top"
    assert (first_turn.field, first_turn.by, first_turn.targeting) == (
        "resolve", "all-enemies", "targeting")
    # each later turn: the top-of-turn window (level abilities), the terrain it starts its
    # turn in or beside, the action card, its window
    assert [name for name, _ in ops(op_of(rules.round_start[0])[1].then)] == [
        "trigger", "set", "set", "begin-turn", "set", "play-top", "trigger"]
    town = ops(game.stories["results"].cards["town"].do)
    draws = [p for name, p in town if name == "draw"]
    assert [(d.count, d.from_) for d in draws] == [
        (3, "feat-deck"), (1, "event-deck"), (10, "peddler-deck")]
    assert all(d.who == "each-player-reversed" for d in draws[:2])  # in Buyin' Order
    actions = {a.id: a for a in rules.actions}
    assert actions["change-gear"].cost == 2
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


def ops(effects):
    """(op name, params) for each effect of a list."""
    return [op_of(e) for e in effects]


def opening(phase):
    """(op name, params) of what a phase does when it opens a fight (its `if` on the phase)."""
    ((name, guard),) = ops(phase.do)
    assert name == "if" and guard.condition == "phase == 'town'"
    return ops(guard.then)


def test_pepin_quick_chug_lasts_while_a_milk_jug_stands(game):
    quick_chug = game.cards["pepin-milkfrog"].field("final_fight")[0]
    assert quick_chug.when == "ruffian-turn-start" and quick_chug.if_ == "milk_jugs >= 1"
    assert ops(quick_chug.do)[0][0] == "play-top"  # the second action
    setup = ops(game.scenarios["pepin-milkfrog-final-fight"].setup)
    jugs = [p for name, p in setup if name == "set" and p.variable == "milk_jugs"]
    assert [p.value for p in jugs] == ["players"]  # one jug per townsfolk
    rules = [r.name for r in game.scenarios["pepin-milkfrog-final-fight"].special_rules]
    assert "Quick Chug" in rules and "Milk Shield" not in rules
    jug = game.terrain["giant-milk-jug"]
    (roll,) = ops(jug.abilities[0].do)
    results = roll[1].results
    assert [(r.min, r.max) for r in results] == [(None, 5), (6, None)]
    spilled = dict(ops(results[1].do))
    assert spilled["damage"].amount == 1 and spilled["lose"].variable == "milk_jugs"


def test_each_final_fight_names_a_sheriff_with_unique_gear(game):
    expected = {
        "pepin-milkfrog": "jerry-the-cat",  # the booklet's
        "umbrello": "sheriffs-anchor",  # the booklet's
        "samuel-strawman": "sheriffs-lantern",
        "the-bundits": "sheriffs-lasso",
    }
    for ruffian, gear in expected.items():
        setup = ops(game.scenarios[f"{ruffian}-final-fight"].setup)
        (leader,) = [p for name, p in setup if name == "for-leader"]
        assert leader.by == "feat_points"
        given = [p.card for name, p in ops(leader.do) if name == "move-card"]
        assert given == [gear] and game.deck_of[gear] == "unique-gear"
    umbrello = game.scenarios["umbrello-final-fight"]
    assert [op_of(e)[1].piece for e in umbrello.setup if op_of(e)[0] == "place-terrain"] == [
        "engulfing-wave"]
    assert umbrello.source == "rulebook"
    assert all(game.scenarios[f"umbrello-{lvl}"].source == "designed"
               for lvl in ("chump", "troublemaker", "hooligan"))


@pytest.mark.parametrize(
    ("gear", "cost", "once", "effects"),
    [
        ("turtle-shell", 1, "battle", [("status", {"status": "shelled", "target": "self"})]),
        ("fishy-cap", 2, "battle", [("damage", {"amount": 2, "range": 5})]),
        ("virginias-shanker", 2, None, [("damage", {"amount": 2, "range": 7}),
                                        ("move-card", {"to": "stash"})]),
        ("fighters-belt", 2, None, [("damage", {"amount": "players", "range": 1}),
                                    ("skip-turn", {}), ("damage", {"amount": "health", "target": "self"})]),
        ("baseball-cap", 0, None, [("damage", {"amount": 1}), ("push", {"distance": 4})]),
        ("belt-o-knives", 0, None, [("damage", {"amount": 1})]),
        ("old-belt", 0, None, [("damage", {"amount": 1, "target": "self"})]),
        ("salesmans-tie", 0, None, [("gain", {"variable": "coins", "amount": 2})]),
        ("beggars-top-hat", 0, None, [("lose", {"amount": 3}), ("gain", {"amount": 3})]),
        ("sticky-leotard", 0, None, [("modify-stat", {"stat": "mvmt", "amount": -1})]),
        ("chuckin-spear", 0, None, [("move-card", {"to": "stash"})]),
    ],
)
def test_gear_abilities_as_printed(game, gear, cost, once, effects):
    (ability,) = [a for a in game.cards[gear].abilities if a.name != "Attack"]
    assert (ability.cost, ability.once_per) == (cost, once)
    got = ops(ability.do)
    assert [name for name, _ in got] == [name for name, _ in effects]
    for (_, params), (_, expected) in zip(got, effects, strict=True):
        for key, value in expected.items():
            assert getattr(params, key) == value, (gear, key)


def test_potion_pack_heals_on_five_or_more(game):
    (roll,) = ops(game.cards["potion-pack"].abilities[0].do)
    (result,) = roll[1].results
    assert result.min == 5 and op_of(result.do[0])[1].amount == 1


def test_booklet_terrain_numbers(game):
    hive = game.terrain["buzzing-hive"]
    assert hive.type == "obstacle"
    sting = dict(ops(hive.abilities[0].do))["damage"]
    assert (hive.abilities[0].when, sting.amount, sting.range) == ("start-of-any-turn", 1, 1)
    woods = game.terrain["dense-woods"]
    assert (woods.type, woods.movement_cost) == ("feature", 2)
    wave = game.terrain["engulfing-wave"]
    assert wave.may_overlap
    assert [a.when for a in wave.abilities] == ["on-enter"]
    surges = game.cards["umbrello"].field("final_fight")
    assert [a.when for a in surges] == ["ruffian-turn-start", "breaking-point"]
    assert all(op_of(a.do[0])[1].distance == 4 for a in surges)
    farm = game.terrain["rickety-farm"].abilities[0]
    results = op_of(farm.do[0])[1].results
    heal = dict(ops(results[1].do))["heal"]
    assert heal.amount == 2


def test_booklet_town_events_and_feats(game):
    hang_high = ops(game.cards["hang-high"].abilities[0].do)[0][1]
    assert hang_high.condition == "has('henlo-bulwark')"
    (leader,) = [p for name, p in ops(hang_high.then) if name == "for-leader"]
    assert op_of(leader.do[0])[1].card == "farmers-sunhat"
    pull = game.cards["pull-your-weight"]
    assert pull.field("secret") and pull.abilities[0].when == "ruffian-defeated"
    trap_layer = ops(game.cards["trap-layer"].field("reward"))[0][1]
    assert op_of(trap_layer.options[0].do[0])[1].amount == 2  # the +2 Coins the card prints


def test_town_phase_numbers(game):
    assert game.game.variables["coins"].initial == 10
    cards = game.stories["results"].cards
    buy, sell, _ = op_of(cards["shop"].do[1])[1].options
    bought = op_of(buy.do[0])[1]
    assert bought.matching == "cost != None and cost <= coins"
    assert op_of(bought.then[0])[1].amount == "cost"
    sold = op_of(sell.do[0])[1]
    assert sold.matching == "deck != 'starting' and cost != None"  # never starting gear
    assert op_of(sold.then[0])[1].amount == "floor(cost / 2)"
    reset = op_of(cards["shop-reset"].do[2])[1]
    assert reset.condition == "reset_votes == players"  # everyone agrees
    paid = ops(reset.then)
    assert (paid[0][1].amount, paid[1][1].times) == ("8 // players", "8 % players")
    assert {z.id: z.capacity for z in game.rules.zones}["shop"] == 10
    assert {z.id: z.capacity for z in game.rules.zones}["town-map"] == 4


def test_umbrello_final_fight_results_paragraphs(game):
    cards = game.stories["results"].cards
    assert (cards["33"].ending, cards["02"].ending, cards["04"].ending) == (
        "victory", "victory", "defeat")
    assert all(cards[k].source == "rulebook" for k in ("33", "02", "04"))


def test_unsold_shop_pieces_go_back_without_a_question_per_piece(game):
    from runtime.machine import Machine
    from runtime.program import Program

    m = Machine.start(Program(game), 2, 1)
    prompts = []
    for _ in range(150):
        if m.over:
            break
        prompts.append(m.decision["prompt"])
        labels = [o["label"] for o in m.decision["options"]]
        m.answer(labels.index("End your turn") if "End your turn" in labels else 0)
    assert not [p for p in prompts if "to Peddler deck" in p]
