"""Feats of Mettle whose goal is met in the middle of a fight, played through the runtime:
the Feats are dealt into the townsfolk's hands as a fight opens, random bots fight it out,
and each Feat that turns up must be turned up by its own `Goal met` the moment the log shows
its goal met (first DMG of the fight, 3 DMG in a turn, a 6+ weapon's hit...), its points
scored and its award paid."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents.random import RandomAgent
from runtime.board import figure
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.ops.variables import write
from runtime.session import agent_rng
from runtime.zones import move
from tests.content.townsfolk_tussle.test_worked_examples import (
    dice,
    equip,
    fight,
    instance,
    reask,
    ruffian,
    stand,
)
from tests.runtime.conftest import pick

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"
FIGHT_FEATS = ("first-blood", "heavy-hitter", "show-off", "bare-knuckles", "keen-eye",
               "scrapper", "untouchable", "long-haul", "last-one-standing")


@pytest.fixture(scope="module")
def programs():
    return {}


def _program(programs: dict, scenario: str):
    return programs.get(scenario) or programs.setdefault(scenario, load_program(PACK, scenario))


def _fight(program, players: int, seed: int, townsfolk: str | None = None):
    """A fight with every fight Feat dealt round the table (the first to seat `seed % players`),
    or all to seat 0 when it takes `townsfolk`; the machine and its log."""
    log: list = []
    m = Machine.start(program, players, seed, log=log)
    ids = m.state["ids"]
    dealt = [c for c in m.state["zones"]["feat-deck"] if ids[c] in FIGHT_FEATS]
    for k, card in enumerate(dealt):
        move(m, card, f"feats:{0 if townsfolk else (k + seed) % players}")
    bot, step = RandomAgent(), 0
    while not m.over:
        decision = m.decision
        labels = [o["label"] for o in decision.get("options", ())]
        if townsfolk and decision["seat"] == 0 and townsfolk in labels:
            chosen = labels.index(townsfolk)
        else:
            chosen = bot.choose(None, decision, agent_rng(seed, decision["seat"], step))
        m.answer(chosen)
        step += 1
    return m, log


def _since_turn(before: list, seat: int) -> list:
    """The events of `seat`'s turn so far (asserting it is that seat's turn)."""
    start = max(i for i, e in enumerate(before) if e["e"] == "turn")
    assert before[start]["seat"] == seat
    return before[start:]


def _weapon_hits(program, m, events: list, seat: int) -> list[str]:
    """The weapons whose Attack by `seat` hit among `events`: the roll after it met the
    weapon's ACC number or showed the critical 10."""
    hits = []
    for i, e in enumerate(events):
        if e["e"] == "ability" and e["name"] == "Attack" and e["seat"] == seat:
            weapon = m.state["ids"][e["card"]]
            roll = next((x for x in events[i + 1:] if x["e"] == "roll"), None)
            if roll and (roll["total"] >= program.fields[weapon]["acc_needed"]
                         or 10 in roll["faces"]):
                hits.append(weapon)
    return hits


def _check(program, m, log: list, n: int, feat: str, seat: int) -> None:
    """The goal of `feat` was met by `seat` just before log event `n` turned it up."""
    before = log[:n]
    foe_damage = [e for e in before if e["e"] == "damage" and e["seat"] is None]
    if feat == "first-blood":  # the fight's first DMG to the Ruffian has just been dealt
        assert len(foe_damage) == 1
        assert [e for e in before if e["e"] == "damage"][-1] is foe_damage[0]
    elif feat == "heavy-hitter":  # 3 DMG or more dealt on this seat's turn so far
        turn = _since_turn(before, seat)
        assert sum(e["amount"] for e in turn if e["e"] == "damage" and e["seat"] is None) >= 3
    elif feat == "show-off":
        assert len(_weapon_hits(program, m, _since_turn(before, seat), seat)) >= 2
    elif feat in ("bare-knuckles", "keen-eye"):
        hit = _weapon_hits(program, m, _since_turn(before, seat), seat)[-1]
        if feat == "bare-knuckles":
            assert program.fields[hit]["weapon_class"] == "Fist"
        else:
            assert program.fields[hit]["acc_needed"] >= 6
    elif feat == "untouchable":  # the Ruffian has fallen and this seat never lost HP
        assert any(e["e"] == "defeated" and e["card"] is None for e in before)
        assert not [e for e in before if e["e"] == "damage" and e["seat"] == seat]
    elif feat == "last-one-standing":
        standing = [e for e in before if e["e"] == "set"
                    and e["variable"] == "townsfolk_standing"]
        assert standing and standing[-1]["value"] == 1
    elif feat == "scrapper":  # ending this turn beside the Ruffian, two such turns before
        _since_turn(before, seat)
        counted = [e["value"] for e in before if e["e"] == "set"
                   and e["variable"] == "turns_beside" and e["seat"] == seat]
        assert counted and counted[-1] == 2
    elif feat == "long-haul":
        turn = _since_turn(before, seat)
        assert len([e for e in turn if e["e"] == "move-piece" and e["seat"] == seat]) >= 1
    else:
        raise AssertionError(f"{feat} is not a fight Feat")


def _turned_up(program, m, log: list, seen: dict) -> None:
    for n, e in enumerate(log):
        if not (e["e"] == "move" and e["from"].startswith("feats:")
                and e["to"].startswith("feats-done:")):
            continue
        seat, feat = int(e["to"].split(":")[1]), e["id"]
        seen[feat] = seen.get(feat, 0) + 1
        # its own ability turned it up (the last event before its tallies were set)
        last = [x for x in log[:n] if x["e"] != "set"][-1]
        assert (last["e"], last["seat"], last["name"]) == ("ability", seat, "Goal met")
        _check(program, m, log, n, feat, seat)
        reward = str(program.fields[feat]["reward"])
        if "coins" in reward and "choose" not in reward:
            assert any(x["e"] == "set" and x["variable"] == "coins" and x["seat"] == seat
                       for x in log[n:n + 8]), feat
    for seat in range(m.state["players"]):
        shown = [program.fields[m.state["ids"][c]]["points"]
                 for c in m.state["zones"][f"feats-done:{seat}"]]
        assert m.state["sv"][seat]["feat_points"] == sum(shown)
    turned = [m.state["ids"][c] for s in range(m.state["players"])
              for c in m.state["zones"][f"feats-done:{s}"]]
    assert turned.count("first-blood") <= 1  # only one townsfolk draws blood first


def test_fight_feats_turn_up_the_moment_their_goal_is_met(programs):
    seen: dict[str, int] = {}
    for players, scenario, seeds in ((3, "samuel-strawman-chump", range(10)),
                                     (3, "the-bundits-chump", range(10)),
                                     (5, "pepin-milkfrog-chump", range(7))):
        program = _program(programs, scenario)
        for seed in seeds:
            m, log = _fight(program, players, seed)
            _turned_up(program, m, log, seen)
    assert {"first-blood", "heavy-hitter", "last-one-standing", "scrapper",
            "untouchable"} <= set(seen)


# Blopsy Twins swing the Blopsy Bonkers (a Fist weapon), Norman Fishboy the Reliable Rod
# (a hit needs 6 or more): their Feats turn up as they land a hit
# (seeds where random play lands such hits; re-found once Ruffians shoved townsfolk aside)
@pytest.mark.parametrize(("townsfolk", "feat", "seeds"), [
    ("Blopsy Twins", "bare-knuckles", (3, 5, 8, 9)),
    ("Norman Fishboy", "keen-eye", (5, 6, 9, 10)),
])
def test_weapon_feats_turn_up_on_the_hit(programs, townsfolk, feat, seeds):
    program = _program(programs, "pepin-milkfrog-chump")
    seen: dict[str, int] = {}
    for seed in seeds:
        m, log = _fight(program, 2, seed, townsfolk)
        _turned_up(program, m, log, seen)
    assert seen.get(feat, 0) >= 2


def test_long_haul_turns_up_once_six_squares_are_walked_in_a_turn(programs):
    # moving is split around other actions: 3 squares, then 4 more in the same turn
    m = fight(programs, "pepin-milkfrog-chump", ["Virginia Fitz", "Granny Melba"])
    feat = instance(m, "long-haul")
    move(m, feat, "feats:0")
    write(m, "mvmt", 0, 8)  # boots and a Town Event's worth of MVMT
    write(m, "mvmt_left", 0, 8)
    assert tuple(figure(m, 0)[2:4]) == (5, 12)  # F13
    reask(m)
    pick(m, "Move")
    pick(m, "F10")
    assert feat not in m.state["zones"]["feats-done:0"]
    mox = m.value("mox", 0)
    pick(m, "Move")
    pick(m, "F6")
    assert m.value("mvmt_left", 0) == 1 and feat in m.state["zones"]["feats-done:0"]
    assert m.value("mox", 0) == mox + 1  # its award: +1 MOX for the rest of the fight


def test_show_off_turns_up_on_the_second_hit_of_a_turn(programs, monkeypatch):
    m = fight(programs, "pepin-milkfrog-chump", ["Quintus Binch", "Granny Melba"])
    feat = instance(m, "show-off")
    move(m, feat, "feats:0")
    equip(m, 0, "floppy-scimitar")  # beside the Rubber Bat: two weapons to swing
    m.state["actions"] = 6
    ruffian(m)[2:4] = [8, 2]
    stand(m, 0, (7, 2))  # right beside Pepin
    reask(m)
    dice(monkeypatch, 9, 9)
    pick(m, "Rubber Bat: Attack")
    assert feat not in m.state["zones"]["feats-done:0"]
    coins = m.value("coins", 0)
    pick(m, "Floppy Scimitar: Attack")
    assert feat in m.state["zones"]["feats-done:0"] and m.value("coins", 0) == coins + 2
