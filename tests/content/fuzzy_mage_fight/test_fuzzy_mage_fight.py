"""The Fuzzy Mage Fight pack compiles clean and holds the rulebook's components and rules."""

from __future__ import annotations

from collections import Counter

from compiler.language.effects import op_of

PACK = "fuzzy-mage-fight"  # compiled once per session by tests/content/conftest.py



def size_of(game, card_id):
    return game.card_type_of(card_id).size


def fronts(game):
    """Physical cards: every entry that is not the other side of another card."""
    backs = {c.back for c in game.cards.values() if c.back}
    return [c for c in game.cards.values() if c.id not in backs]


def test_player_range_and_jumbo_size(game):
    assert (game.game.players.min, game.game.players.max) == (2, 6)
    jumbo = game.game.card_sizes["jumbo"]
    assert (jumbo.width, jumbo.height) == (88.9, 127.0)


def test_seven_jumbo_cards(game):
    jumbo = [c for c in fronts(game) if size_of(game, c.id) == "jumbo"]
    assert sum(c.count for c in jumbo) == 7
    assert sorted(c.id for c in jumbo) == sorted(
        ["chester", "gretchen", "wyatt", "nez", "philo", "muffins", "garbel"]
    )


def test_112_poker_cards(game):
    poker = [c for c in fronts(game) if size_of(game, c.id) == "poker"]
    assert sum(c.count for c in poker) == 112


def test_deck_counts_per_kind(game):
    kinds = Counter()
    for deck_id in ("magic", "mineons", "traps", "spells", "potions"):
        for card in game.decks[deck_id].cards:
            kinds[card.field("kind")] += card.count
    assert kinds == {"magic": 60, "mineon": 16, "trap": 8, "spell": 8, "potion": 8}
    assert sum(c.count for c in game.decks["fuse-cards"].cards) == 6
    assert sum(c.count for c in game.decks["player-aids"].cards) == 6


def test_draw_pile_holds_the_hundred_card_deck(game):
    zones = {z.id: z for z in game.rules.zones}
    draw = zones["draw"]
    assert draw.refill_from == "discard"
    assert sum(c.count for d in draw.holds for c in game.decks[d].cards) == 100
    assert zones["battlefield"].capacity == 6
    assert zones["battlefield"].face == "down"
    assert "removed" in zones


def test_mages_are_two_sided(game):
    mages = game.decks["mages"].cards
    assert len(mages) == 6
    for mage in mages:
        assert game.card_type_of(mage.id).sides == 2
        assert mage.field("side") == "fuzzy"
        essence = game.cards[mage.back]
        assert essence.field("side") == "essence"
        assert essence.abilities, f"{essence.id} has no essence abilities"


def test_rulebook_mages_carry_their_rules(game):
    chester = game.cards["chester"]
    hoarder = next(a for a in chester.abilities if a.name == "Hoarder")
    assert [op_of(e)[0] for e in hoarder.do] == ["set"]
    gretchen = game.cards["gretchen"].abilities[0]
    assert gretchen.when == "after-attacked"


def test_win_condition_declared(game):
    (win,) = game.rules.win
    assert "magic_in_hand" in win.if_ and ">= magic_to_win" in win.if_
    assert game.game.parameters["magic_to_win"].value == 8  # the rulebook's eight
    assert "not essence" in win.if_ and "not fused" in win.if_
    variables = game.game.variables
    assert variables["magic_in_hand"].counts.zone == "hand"


def test_three_actions_and_their_costs(game):
    actions = {a.id: a for a in game.rules.actions}
    assert {"draw", "place", "attack-mage", "attack-mineon", "return-roll", "fuse"} <= set(actions)
    for action_id in ("draw", "place", "attack-mage", "attack-mineon"):
        assert actions[action_id].cost == 1
    assert game.rules.turn.actions == "0 if essence else (4 if fused else 3)"


def test_magic_worth_one_from_hand_three_from_battlefield(game):
    attack = next(a for a in game.rules.actions if a.id == "attack-mage")
    name, contest = op_of(attack.do[0])
    assert name == "contest"
    assert {(s.zone, s.value) for s in contest.attack} == {("hand", 1), ("battlefield", 3)}
    mineon = next(a for a in game.rules.actions if a.id == "attack-mineon")
    assert op_of(mineon.do[0])[1].minimum == 2


def test_garbel_roll_table(game):
    dice = {d.id: d for d in game.rules.dice}
    table = dice["garbel-roll"].table
    assert [(r.min, r.max) for r in table] == [(5, 6), (1, 4)]
    assert op_of(table[0].do[0])[0] == "pass-card"
    assert op_of(table[1].do[0])[1].random is True
