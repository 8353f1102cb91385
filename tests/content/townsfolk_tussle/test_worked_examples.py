"""The booklet's worked examples, played through the runtime: the Floppy Scimitar attack,
Ruffian targeting (closest, a tie rolled off, several targets), Bully, Corn Padding and
Aerial Drop-Off. Each sets the board as the example draws it, then plays the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.board import cells_of, figure, gap, pieces
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.ops.variables import write
from runtime.zones import move
from tests.runtime.conftest import labels, pick

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"


@pytest.fixture(scope="module")
def programs():
    return {}


def fight(programs, scenario: str, picks: list[str], seed: int = 1) -> Machine:
    """A fight started: the townsfolk picked, deployed, the Ruffian's first card played; the
    first townsfolk's turn is pending."""
    program = programs.get(scenario) or programs.setdefault(scenario, load_program(PACK, scenario))
    m = Machine.start(program, len(picks), seed, log=[])
    for name in picks:
        pick(m, name)
    while m.decision["kind"] != "turn":  # squares to start on (and a sheriff, if tied)
        m.answer(0)
    assert m.decision["kind"] == "turn" and m.decision["seat"] == 0
    return m


def instance(m: Machine, card_id: str) -> int:
    return next(i for i, c in enumerate(m.state["ids"]) if c == card_id)


def equip(m: Machine, seat: int, *card_ids: str) -> None:
    for card_id in card_ids:
        assert move(m, instance(m, card_id), f"equipped:{seat}")


def ruffian(m: Machine) -> list:
    return next(p for p in pieces(m) if p[1] is None and p[2] is not None)


def stand(m: Machine, seat: int, cell: tuple[int, int]) -> list:
    piece = figure(m, seat)
    piece[2:4] = list(cell)
    return piece


def reask(m: Machine) -> None:
    """The pending decision listed afresh, for the board as the example sets it."""
    m.state["decision"] = None
    m.run()


def next_action(m: Machine, card_id: str) -> None:
    """Put `card_id` on top of the Ruffian's action deck and end the townsfolk's turns, so
    the Ruffian plays it as the next round begins."""
    move(m, instance(m, card_id), "action-deck")
    for _ in range(m.state["players"]):
        pick(m, "End your turn")


def dice(monkeypatch, *faces: int) -> None:
    """The next rolls show `faces`; the dice roll as usual after them."""
    import runtime.dice

    queue = [[f] for f in faces]
    throw = runtime.dice.throw
    monkeypatch.setattr("runtime.dice.throw", lambda m, sides, count: queue.pop(0)[:count]
                        if queue else throw(m, sides, count))


def bat_pepin_from(m: Machine, monkeypatch, cell: tuple[int, int]) -> tuple[list, int]:
    """Pepin on I3 facing down, seat 0 on `cell` swings its Rubber Bat (1 DMG) and hits:
    Pepin's piece and his HP before the blow."""
    pepin = ruffian(m)
    pepin[2:6] = [8, 2, pepin[4], 2]
    stand(m, 0, cell)
    health = pepin[4]
    reask(m)
    dice(monkeypatch, 9)
    pick(m, "Rubber Bat: Attack")
    return pepin, health


def test_the_floppy_scimitar_reaches_five_squares_with_the_extend_o_pole_and_hits(
        programs, monkeypatch):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    equip(m, 0, "floppy-scimitar")
    write(m, "acc", 0, 1)  # the example's townsfolk has ACC +1 ...
    m.state["actions"] = 2  # ... and 2 MOX
    pepin = ruffian(m)
    pepin[2:4] = [8, 2]
    me = stand(m, 0, (8, 8))
    assert gap(m, me, pepin) == 5
    reask(m)
    assert "Floppy Scimitar: Attack" not in labels(m)  # a melee weapon: adjacent only
    equip(m, 0, "extend-o-pole")
    reask(m)
    dice(monkeypatch, 3)
    health = pepin[4]
    pick(m, "Floppy Scimitar: Attack")
    roll = [e for e in m.log if e["e"] == "roll"][-1]
    assert (roll["faces"], roll["total"]) == ([3], 4)  # 3 + ACC 1 meets the 4+ it needs
    assert m.state["actions"] == 1  # it cost 1 MOX of the 2
    assert pepin[4] == health - 2  # the scimitar's 2 DMG
    assert "Floppy Scimitar: Attack" not in labels(m)  # each weapon once a turn


def test_a_two_handed_weapon_fills_both_hands(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    equip(m, 0, "rubber-bat", "floppy-scimitar")
    equip(m, 0, "reliable-rod")  # 2-handed: both 1-handed pieces go back to the stash
    ids = m.state["ids"]
    hands = [ids[i] for i in m.state["zones"]["equipped:0"] if ids[i] != "leather-apron"]
    assert hands == ["reliable-rod"]
    assert {"rubber-bat", "floppy-scimitar"} <= {ids[i] for i in m.state["zones"]["stash:0"]}
    assert m.value("two_handed_held", 0) == 1 and m.value("one_handed_held", 0) == 0


def test_unequipping_gear_that_gave_max_hp_lowers_hp_and_equipping_it_gives_none(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    move(m, instance(m, "leather-apron"), "stash:0")  # he fights without it at first
    top = m.value("max_hp", 0)
    assert m.value("health", 0) == top
    equip(m, 0, "leather-apron")  # +1 max HP mid-fight: the bar rises, HP does not
    assert (m.value("max_hp", 0), m.value("health", 0)) == (top + 1, top)
    move(m, instance(m, "leather-apron"), "stash:0")
    assert (m.value("max_hp", 0), m.value("health", 0)) == (top, top)
    equip(m, 0, "leather-apron")
    write(m, "health", 0, top + 1)
    move(m, instance(m, "leather-apron"), "stash:0")
    assert m.value("health", 0) == top  # the bar came down, and HP with it


def test_the_ruffian_picks_the_closest_and_a_tie_is_rolled_off_by_the_townsfolk(
        programs, monkeypatch):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    pepin = ruffian(m)
    pepin[2:4] = [8, 2]
    first, second = stand(m, 0, (8, 5)), stand(m, 1, (9, 5))
    assert gap(m, first, pepin) == gap(m, second, pepin) == 2  # equally close
    health = [m.value("health", s) for s in (0, 1)]
    dice(monkeypatch, 3, 7)  # seat 1 rolls 3, seat 2 rolls 7
    before = len(m.log)
    next_action(m, "bottle-lob")  # target: closest townsfolk; 1 DMG
    after = m.log[before:]
    rolls = [(e["seat"], e["total"]) for e in after if e["e"] == "roll"]
    assert rolls[:2] == [(0, 3), (1, 7)]  # (then it heads for the farthest: another roll-off)
    assert not any(e["e"] == "decision" and e["kind"] == "piece" for e in after)
    assert [m.value("health", s) for s in (0, 1)] == [health[0], health[1] - 1]


def test_a_card_naming_every_townsfolk_in_range_hits_them_all(programs):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    pepin = ruffian(m)
    pepin[2:4] = [8, 2]
    stand(m, 0, (8, 4))
    stand(m, 1, (10, 3))
    health = [m.value("health", s) for s in (0, 1)]
    next_action(m, "belly-flop")  # every townsfolk within 2 squares: 2 DMG, pushed 1
    assert [m.value("health", s) for s in (0, 1)] == [h - 2 for h in health]
    assert not [e for e in m.log if e["e"] == "note"]


def test_aerial_drop_off_takes_the_closest_townsfolk_wearing_leg_gear(programs):
    m = fight(programs, "umbrello-chump", ["Virginia Fitz", "Henlo Bulwark", "Granny Melba"])
    equip(m, 0, "garter-holster")  # red: leg gear, the closer of the two
    equip(m, 1, "barn-boots")  # blue: leg gear, farther
    umbrello = ruffian(m)
    umbrello[2:4] = [10, 8]
    stand(m, 2, (10, 10))  # no leg gear: closest of all, but not a target
    red, blue = stand(m, 0, (13, 8)), stand(m, 1, (16, 12))
    assert gap(m, red, umbrello) < gap(m, blue, umbrello)
    health = [m.value("health", s) for s in range(3)]
    next_action(m, "aerial-drop-off")
    assert red[2:4] == [0, 0]  # set down on the top-left corner, however far
    assert [m.value("health", s) for s in range(3)] == [health[0] - 1, *health[1:]]
    assert (0, 0) not in cells_of(m, umbrello) and gap(m, umbrello, red) == 1  # beside them


def test_aerial_drop_off_with_no_leg_gear_leaves_the_game_and_the_next_card_is_played(programs):
    m = fight(programs, "umbrello-chump", ["Virginia Fitz", "Granny Melba"])
    move(m, instance(m, "garter-holster"), "stash:0")  # nobody wears leg gear
    move(m, instance(m, "wind-gust"), "action-deck")  # the card under it
    before = len(m.log)
    next_action(m, "aerial-drop-off")
    moved = [e for e in m.log[before:] if e["e"] == "move" and e.get("from") == "action-deck"
             and e["to"] == "action-discard"]
    assert [e["id"] for e in moved] == ["aerial-drop-off", "wind-gust"]
    assert m.state["loc"][instance(m, "aerial-drop-off")] == "removed"


def test_corn_padding_heals_samuel_in_the_cornfield_and_hurts_townsfolk_inside(programs):
    m = fight(programs, "samuel-strawman-chump", ["Quintus Binch", "Granny Melba"])
    samuel = ruffian(m)
    samuel[2:4] = [8, 9]
    samuel[4] -= 3
    health = samuel[4]
    inside, outside = stand(m, 0, (8, 6)), stand(m, 1, (2, 13))
    from runtime.board import board

    b, _ = board(m)
    field = {c for t in b.pieces if t.name == "overgrown-cornfield" for c in t.cells}
    assert (inside[2], inside[3]) in field and (outside[2], outside[3]) not in field
    hp = [m.value("health", s) for s in (0, 1)]
    next_action(m, "corn-padding")
    samuel = ruffian(m)
    assert set(cells_of(m, samuel)) & field  # in, even partly
    assert samuel[4] == health + 2
    assert [m.value("health", s) for s in (0, 1)] == [hp[0] - 2, hp[1]]


def test_bully_carries_off_the_weakest_townsfolk_as_a_hostage(programs):
    m = fight(programs, "the-bundits-chump", ["Quintus Binch", "Granny Melba"])
    bundits = ruffian(m)
    bundits[2:4] = [8, 6]
    stand(m, 0, (8, 9))
    stand(m, 1, (12, 7))
    write(m, "health", 0, 2)  # the weakest of the group, marked in red
    other = m.value("health", 1)
    next_action(m, "bully")
    assert m.value("health", 0) == 1 and m.value("health", 1) == other
    assert m.value("hostage", 0) and figure(m, 0) is None  # off the board
    assert m.decision["seat"] == 1  # a hostage takes no turns


def test_a_melee_hit_on_the_bundits_puts_their_hostage_back_next_to_them(programs, monkeypatch):
    m = fight(programs, "the-bundits-chump", ["Quintus Binch", "Granny Melba"])
    bundits = ruffian(m)
    bundits[2:4] = [8, 6]
    stand(m, 0, (8, 9))
    stand(m, 1, (12, 7))
    write(m, "health", 0, 2)
    next_action(m, "bully")
    assert figure(m, 0) is None and m.value("townsfolk_standing", 0) == 1
    equip(m, 1, "rolling-pin")
    ruffian(m)[2:4] = [8, 6]
    stand(m, 1, (10, 6))  # next to the Bundits
    reask(m)
    dice(monkeypatch, 9)
    pick(m, "Rolling Pin: Attack")
    assert m.decision["seat"] == 0 and m.decision["kind"] == "cell"  # the hostage picks where
    m.answer(0)
    back = figure(m, 0)
    assert back is not None and gap(m, back, ruffian(m)) == 1
    assert not m.value("hostage", 0) and m.value("townsfolk_standing", 0) == 2


def test_safety_in_numbers_takes_1_dmg_off_a_ranged_hit_on_the_bundits(programs, monkeypatch):
    m = fight(programs, "the-bundits-troublemaker", ["Quintus Binch", "Granny Melba"])
    assert m.value("ranged_guard", 0) == 1
    equip(m, 0, "long-musket")  # ranged, 3 DMG, Range 8
    bundits = ruffian(m)
    bundits[2:4] = [8, 3]
    stand(m, 0, (8, 9))
    m.state["actions"] = 3
    reask(m)
    dice(monkeypatch, 9)
    health = bundits[4]
    pick(m, "Long Musket: Attack")
    assert bundits[4] == health - 2


def test_sticky_fingers_takes_a_coin_with_each_blow(programs):
    m = fight(programs, "the-bundits-hooligan", ["Quintus Binch", "Granny Melba"])
    bundits = ruffian(m)
    bundits[2:4] = [8, 6]
    stand(m, 0, (8, 8))
    stand(m, 1, (14, 12))
    coins, health = m.value("coins", 0), m.value("health", 0)
    next_action(m, "pickpocket")
    hits = health - m.value("health", 0)
    assert hits >= 1 and m.value("coins", 0) <= coins - hits


def test_whole_gangs_here_two_actions_while_a_townsfolk_is_held(programs):
    m = fight(programs, "the-bundits-final-fight", ["Quintus Binch", "Granny Melba"])
    write(m, "hostage", 0, True)
    m.state["gv"]["hostages"] = 1
    before = len(m.log)
    for _ in range(2):
        pick(m, "End your turn")
    played = [e for e in m.log[before:] if e["e"] == "move" and e.get("from") == "action-deck"
              and e["to"] == "action-discard"]
    assert len(played) == 2



def test_the_fighters_belt_knocks_its_wearer_out_for_the_fight_not_out_of_the_game(programs):
    """Blaze of Glory knocks the wearer out: off the board for this fight and counted as down,
    but still in the game (it once put the seat out of the game for good)."""
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    equip(m, 0, "fighters-belt")
    ruffian(m)[2:4] = [8, 6]
    stand(m, 0, (7, 6))  # beside Pepin
    standing = m.value("townsfolk_standing", 0)
    reask(m)
    pick(m, "Fighter's Belt: Blaze of Glory")
    while m.decision is not None and m.decision["kind"] != "turn":
        m.answer(0)
    assert m.state["sv"][0]["knocked_out"] and not m.state["out"][0]
    assert figure(m, 0) is None or figure(m, 0)[2] is None  # off the board for the fight
    assert m.value("townsfolk_standing", 0) == standing - 1
