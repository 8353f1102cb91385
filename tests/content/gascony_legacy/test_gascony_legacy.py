"""The Gascony's Legacy pack compiles clean and carries the rulebook's names and numbers:
eight Characters, the Equipment and Unarmed cards, the Loot, Reaction and Threat decks, the
Enemies, the eight map tiles and sixteen terrain tiles, four Acts with a battle board for
every Battle card, and the rules' dice."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest

from compiler.analysis.story import story_graph
from compiler.language.effects import op_of

PACK = "gascony-legacy"  # compiled once per session by tests/content/conftest.py
PLAYER_COUNTS = {1, 2, 3, 4}
STATS = ("prowess", "movement", "destiny", "health", "talent", "support", "weapon")



def by_name(game, deck_id):
    return {card.name: card for card in game.decks[deck_id].cards}


def total(deck) -> int:
    return sum(card.count for card in deck.cards)


def ops(effects):
    """(op name, params) for each effect of a list."""
    return [op_of(e) for e in effects]


def physical(items) -> int:
    """Physical double-sided tiles: a pair of faces linked by `other-side` is counted once
    (by its first id); a face that is its own other side counts as it is."""
    return sum(i.count for i in items.values() if i.other_side is None or i.id <= i.other_side)


def test_pack_is_clean(result, game):
    assert [f"{d.code} {d.message}" for d in result.report.diagnostics] == []
    assert (game.game.players.min, game.game.players.max) == (1, 4)


def test_components_from_the_rulebook(game):
    components = {c.name: c.count for c in game.game.components}
    assert components["Map Tiles (double-sided)"] == 8
    assert components["Terrain Tiles (double-sided)"] == 16
    assert components["Stones of Chance (Dice)"] == 4
    assert components["Six-sided Dice"] == 6
    assert components["Character Board"] == 8
    assert components["Enemy Standee"] == 3
    assert components["Stance Token"] == 4
    assert components["Status Banner Token - Despair"] == components["Status Banner Token - Doom"] == 4


def test_every_item_says_where_it_comes_from(game):
    for deck in game.decks.values():
        for card in deck.cards:
            assert card.source in ("rulebook", "designed"), card.id
    for kind in (game.stories, game.landscapes, game.terrain, game.scenarios):
        for item in kind.values():
            assert item.source in ("rulebook", "designed"), item.id


# -- characters and equipment -------------------------------------------------------------


def test_eight_characters_with_every_stat_and_a_starting_weapon(game):
    characters = by_name(game, "characters")
    assert set(characters) == {
        "D'Artagnan", "Athos", "Porthos", "Aramis", "Constance", "Milady", "Planchet",
        "Monsieur de Tréville",
    }
    starting = {c.id for c in game.decks["starting-weapons"].cards}
    for card in characters.values():
        assert all(card.field(stat) is not None for stat in STATS), card.name
        assert card.field("destiny") in (3, 4) and card.field("health") in (4, 5), card.name
        assert card.field("talent") and card.field("support"), card.name
        assert card.field("weapon") in starting, card.name
    assert len({c.field("weapon") for c in characters.values()}) == 8


def test_character_golden_numbers(game):
    characters = by_name(game, "characters")
    porthos, athos = characters["Porthos"], characters["Athos"]
    assert (porthos.field("prowess"), porthos.field("movement")) == (4, 3)
    assert (athos.field("prowess"), athos.field("movement")) == (3, 5)
    assert game.cards[porthos.field("weapon")].name == "Broadsword"
    assert game.cards[athos.field("weapon")].name == "Rapier"
    assert porthos.field("talent")[0].name == "Corps-à-corps"


def test_equipment_fields_and_patterns(game):
    decks = ("starting-weapons", "equipment-deck", "unarmed")
    assert [total(game.decks[d]) for d in decks] == [8, 20, 1]
    for deck in decks:
        for card in game.decks[deck].cards:
            hands, style, pattern = card.field("hands"), card.field("style"), card.field("pattern")
            assert hands in (0, 1, 2) and card.field("slot") in ("primary", "secondary")
            assert card.field("cost") >= 0
            assert len({len(row) for row in pattern}) == 1, card.id
            assert "".join(pattern).count("@") == 1, card.id
            assert set("".join(pattern)) <= set("@X.*"), card.id
            if style == "ranged":
                assert card.field("dice") and "*" in "".join(pattern), card.id
            else:
                assert "X" in "".join(pattern) and "*" not in "".join(pattern), card.id


def test_unarmed_card(game):
    unarmed = game.cards["unarmed"]
    assert unarmed.name == "Unarmed" and unarmed.source == "rulebook"
    assert (unarmed.field("hands"), unarmed.field("style"), unarmed.field("cost")) == (0, "melee", 0)


# -- decks ------------------------------------------------------------------------------------


def test_loot_reaction_and_threat_decks(game):
    assert total(game.decks["loot-deck"]) == 24
    assert {"Cross", "Nothing", "Broken Sword"} <= set(by_name(game, "loot-deck"))
    assert total(game.decks["reactions"]) == 12
    assert {"Dodge", "Counterattack!", "Duck!"} <= set(by_name(game, "reactions"))
    for deck in ("richelieu-threats", "rochefort-threats", "de-wardes-threats"):
        assert game.decks[deck].type == "threat" and total(game.decks[deck]) == 6
    guards = by_name(game, "richelieu-threats")["Guards!"]
    assert guards.field("reply") == "Doom"


def test_cardinals_guard_golden_numbers(game):
    enemies = by_name(game, "enemies")
    guard = enemies["Cardinal's Guard"]
    assert guard.field("style") == "melee"
    assert (guard.field("damage"), guard.field("movement")) == (2, 4)
    assert (guard.field("defence"), guard.field("defeat")) == (2, 3)
    assert enemies["Marksman"].field("style") == "ranged"
    assert enemies["Marksman"].field("damage") == 1
    assert enemies["Cardinal's Captain"].field("style") == "melee"


def test_named_enemies_have_health_by_character_count(game):
    named = by_name(game, "named-enemies")
    assert {"Cardinal Richelieu", "Rochefort"} <= set(named)
    for card in named.values():
        health = card.field("health")
        assert set(health) == PLAYER_COUNTS, card.name
        assert all(health[n] <= health[n + 1] for n in (1, 2, 3)), card.name
        assert game.decks[card.field("threats")].type == "threat"


# -- map and terrain tiles --------------------------------------------------------------------


def test_eight_double_sided_map_tiles(game):
    tiles = {k: v for k, v in game.landscapes.items() if v.tile}
    assert physical(tiles) == 8
    for tile in tiles.values():
        assert tiles[tile.other_side].other_side == tile.id
        assert tiles[tile.other_side].grid.columns == tile.grid.columns
    sizes = Counter()
    for tile in tiles.values():
        if tile.id < tile.other_side:
            sizes[(tile.grid.columns, tile.grid.rows)] += tile.count
    assert sizes == {(6, 6): 2, (2, 4): 2, (4, 4): 2, (2, 2): 2}
    assert "Palace Staircase" in {t.title for t in tiles.values()}


def test_sixteen_terrain_tiles(game):
    terrain = game.terrain
    assert physical(terrain) == 16
    for piece in terrain.values():
        assert terrain[piece.other_side].other_side == piece.id
        assert tuple(terrain[piece.other_side].size) == tuple(piece.size)
    faces = Counter()
    for piece in terrain.values():
        faces[piece.name] += piece.count
    assert faces["Chest"] == 2
    assert faces["Column"] == faces["Brazier"] == faces["Crates"] == faces["Balcony"] == 4
    assert faces["Haystack"] == faces["Table"] == 2
    assert faces["Statue"] == faces["Wagon"] == 1 and faces["Chandelier"] == 2
    barrel_tiles = sum(p.count for p in terrain.values() if p.name == "Barrel")
    assert barrel_tiles == 4


def test_terrain_keywords(game):
    keywords = {p.name: set(p.keywords) for p in game.terrain.values()}
    assert keywords["Barrel"] == keywords["Crates"] == keywords["Table"] == {"cover", "elevated"}
    assert keywords["Wagon"] == {"cover", "elevated"}
    assert keywords["Brazier"] == keywords["Chest"] == {"cover", "impassable"}
    assert keywords["Column"] == keywords["Statue"] == {"blocking", "impassable"}
    assert keywords["Haystack"] == {"cover", "difficult"}
    assert keywords["Chandelier"] == set()


# -- stories and battles ----------------------------------------------------------------------


def test_four_acts_each_reach_victory_from_every_card(game):
    assert {s.start for s in game.stories.values()} == {"11", "21", "31", "41"}
    for story in game.stories.values():
        graph = story_graph(story)
        assert set(nx.descendants(graph, story.start)) | {story.start} == set(story.cards)
        victories = {k for k, c in story.cards.items() if c.ending == "victory"}
        assert victories & nx.descendants(graph, story.start), story.id
        for key, card in story.cards.items():
            if card.ending is None:
                assert nx.descendants(graph, key) & {k for k, c in story.cards.items() if c.ending}


def test_a_priest_is_card_12(game):
    priest = game.stories["act-1"].cards["12"]
    assert priest.title == "A Priest" and priest.goto == "13"


def test_every_battle_has_its_own_scenario(game):
    battles = [c for s in game.stories.values() for c in s.cards.values() if c.battle]
    assert len(battles) == len(game.scenarios) == 12
    assert {c.battle for c in battles} == set(game.scenarios)
    for card in battles:
        scenario = game.scenarios[card.battle]
        assert set(card.outcomes) == set(scenario.outcomes), card.battle
        assert {o.id for o in scenario.objectives} == set(scenario.outcomes), card.battle


def test_battle_boards_are_built_from_the_map_tiles(game):
    tiles = {k for k, v in game.landscapes.items() if v.tile}
    for scenario in game.scenarios.values():
        board = game.landscapes[scenario.landscape]
        assert board.tiles and {t.tile for t in board.tiles} <= tiles, scenario.id
        assert "start" in board.areas, scenario.id


def test_no_battle_needs_more_tiles_than_the_box_holds(game):
    landscapes, terrain = game.landscapes, game.terrain

    def tile_of(face: str, faces) -> str:
        back = faces[face].other_side
        return min(face, back) if back else face

    for scenario in game.scenarios.values():
        board = landscapes[scenario.landscape]
        used = Counter(tile_of(t.tile, landscapes) for t in board.tiles)
        for tile, n in used.items():
            assert n <= landscapes[tile].count, (scenario.id, tile)
        pieces = Counter(tile_of(p.piece, terrain) for p in (*board.terrain, *scenario.terrain))
        for piece, n in pieces.items():
            assert n <= terrain[piece].count, (scenario.id, piece)


def test_enemy_deployment_covers_every_character_count(game):
    for scenario in game.scenarios.values():
        for group in scenario.enemies:
            counts = group.count if isinstance(group.count, dict) else dict.fromkeys(PLAYER_COUNTS, group.count)
            assert set(counts) == PLAYER_COUNTS, scenario.id
            assert len(group.at) >= max(counts.values()), (scenario.id, group.enemy)


# -- rules ------------------------------------------------------------------------------------


def test_success_pool_and_stones_of_chance(game):
    dice = {d.id: d for d in game.rules.dice}
    pool = dice["d6"]
    assert pool.type == "pool" and pool.max_count == 6
    assert {f.face: f.successes for f in pool.faces} == {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}
    assert [(f.face, f.successes) for f in pool.advantage] == [(3, 1)]
    assert [(f.face, f.successes) for f in pool.disadvantage] == [(4, 0)]
    stone = dice["stone-of-chance"]
    assert [r.text for r in stone.table] == [
        "Prowess", "Movement", "Altruism", "Courage", "Loyalty", "Mana Burst",
    ]


def test_battle_round_phases(game):
    assert [p.id for p in game.rules.phases] == [
        "all-for-one", "character-turns", "enemy-turn", "upkeep",
    ]
    assert game.rules.turn.order == "chosen" and game.rules.turn.actions == 1


# -- numbers the rulebook's examples give ------------------------------------------------------


def test_movement_read_from_the_rulebook_examples(game):
    characters = by_name(game, "characters")
    movement = {name: card.field("movement") for name, card in characters.items()}
    assert movement["D'Artagnan"] == 4  # spends 4 points to move 4 squares
    assert movement["Aramis"] >= 4  # 3 points of movement and 1 to turn
    assert movement["Milady"] == 6  # 6 points climbing the staircase, no stone spent
    assert characters["Aramis"].field("support")[0].source == "rulebook"  # the healer


def test_setup_hands_out_each_characters_weapon_destiny_and_health(game):
    setup = ops(game.rules.setup)
    choose = setup[0][1]
    assert setup[0][0] == "choose" and choose.who == "each-player"
    characters = {c.name: c for c in game.decks["characters"].cards}
    assert [o.text for o in choose.options] == list(characters)
    for option in choose.options:
        card = characters[option.text]
        given = dict(ops(option.do))
        assert given["gain-item"].item == card.id
        # a Character another seat picked is offered no more
        assert given["set-flag"].flag == f"{card.id}-taken"
        assert option.if_ == f"not flag('{card.id}-taken')"
        assert given["move-card"].card == card.field("weapon")
        tokens = {p.variable: p.value for name, p in ops(option.do) if name == "set"}
        assert tokens == {"destiny_tokens": card.field("destiny"),
                          "health_tokens": card.field("health")}
    porter = [p for name, p in setup if name == "move-card" and p.to == "porter"]
    assert [p.count for p in porter] == ["players"]  # 1 Equipment card per Character


def test_starting_weapon_abilities_from_the_example(game):
    rapier = game.cards["rapier"].abilities[0]
    assert ops(rapier.do)[0][1].faces == [1]  # rerolls 1s when he defends
    broadsword = game.cards["broadsword"].abilities[0]
    assert ops(broadsword.do)[0][1].amount == 1  # one die turned up a pip
    corps = game.cards["porthos"].field("talent")[0]
    assert ops(corps.do)[0][1].amount == 4


@pytest.mark.parametrize(
    ("piece", "successes"),
    [("barrel", 3), ("barrel-twin", 3), ("brazier", 2), ("balcony", 3), ("chandelier", 3),
     ("chandelier-2", 3), ("wagon", 4)],
)
def test_terrain_challenges(game, piece, successes):
    interact = [a for a in game.terrain[piece].abilities if a.when == "interact"]
    (challenge,) = ops(interact[0].do)
    assert challenge[0] == "challenge"
    assert (challenge[1].stat, challenge[1].successes) == ("movement", successes)


def test_terrain_effects_as_printed(game):
    terrain = game.terrain
    swing = ops(terrain["chandelier"].abilities[0].do)[0][1]
    assert op_of(swing.fail[0])[1].amount == 2  # 2 Wounds for a failed swing
    chain = ops(terrain["chandelier"].abilities[1].do)[0][1]
    assert chain.condition == "successes >= 4"  # the chain has Defence 4
    wagon = ops(terrain["wagon"].abilities[0].do)[0][1]
    assert wagon.successes == 4  # a 4-Movement Challenge to roll it
    rolled = op_of(wagon.pass_[0])[1]
    assert rolled.distance == "successes - 3"  # 1 square per success beyond 3
    hay = ops(terrain["haystack"].abilities[0].do)[0][1]
    assert hay.count == 1  # +1 defence die while hiding
    slide = ops(terrain["balcony"].abilities[1].do)[0][1]
    assert op_of(slide.fail[1])[1].amount == "3 - successes"
    chest = ops(terrain["chest"].abilities[0].do)[0][1]
    assert chest.from_ == "equipment"


def test_guards_threat_and_doom_reaction(game):
    guards = game.cards["guards"]
    threat = ops(guards.field("threat"))
    assert [name for name, _ in threat] == ["activate", "spawn", "remove-from-game"]
    assert threat[1][1].count == "players"  # up to 1 Guard per player
    reaction = ops(guards.field("reaction"))
    assert reaction[0][1].condition == "doom >= 1"
    assert reaction[1][1].distance == 1


def test_reactions_and_loot_from_the_rulebook(game):
    dodge = ops(game.cards["dodge"].abilities[0].do)
    assert dodge[0][1].amount == 1 and dodge[1][1].behind == "attacker"
    counter = ops(game.cards["counterattack"].abilities[0].do)
    assert counter == [("damage", counter[0][1])] and counter[0][1].amount == 1
    duck = [name for name, _ in ops(game.cards["duck"].abilities[0].do)]
    assert duck == ["heal", "shuffle"]
    cross = ops(game.cards["cross"].abilities[0].do)
    assert cross[0][1].variable == "destiny_tokens" and cross[0][1].amount == 1


def test_a_priest_offers_equipment_and_restores_destiny(game):
    effects = ops(game.stories["act-1"].cards["12"].do)
    assert effects[0][0] == "draw" and effects[0][1].count == "players"
    assert effects[1][0] == "roll" and effects[1][1].count == "movement"


def test_every_character_has_a_story_moment(game):
    tested = set()
    for story in game.stories.values():
        for card in story.cards.values():
            tested |= {c.if_ for c in card.choices if c.if_}
    for card in game.decks["characters"].cards:
        assert f"has('{card.id}')" in tested, card.id


def test_equipment_trades_at_cost_and_sells_for_half_rounded_up(game):
    actions = {a.id: a for a in game.rules.actions}
    # the price is read from the very card moved (its `then:` effects see its fields)
    buy = dict(ops(actions["buy-equipment"].do))["move-card"]
    assert buy.from_ == "market" and dict(ops(buy.then))["lose"].amount == "cost"
    sell = dict(ops(actions["sell-equipment"].do))["move-card"]
    assert sell.from_ == "equipped" and dict(ops(sell.then))["gain"].amount == "ceil(cost / 2)"
    rescue = ops(dict(ops(actions["rescue"].do))["with-target"].do)
    # up to 2 broken hearts turn gold, and the Character stands up
    assert ("lose", "wounds", 2) in [(n, getattr(p, "variable", None), getattr(p, "amount", None))
                                     for n, p in rescue]
