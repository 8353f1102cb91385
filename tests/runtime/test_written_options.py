"""The turn options written per program (`runtime.options`: each action's availability, each
contest's check inlined with its stakes counted once, each card's abilities written per card)
are the options the general path gives, at every decision of random games of the four packs
at their fewest and most players; a condition failing in written code is still located."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.ops import viability
from runtime.options import item_options, main_options
from runtime.uses import use_key, used
from tests.runtime.conftest import write_shop

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = ("fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy", "townsfolk-tussle")


def _viable(m: Machine, effects: list, ctx: dict) -> bool:
    """The first effect's own viability check (the op's, never a specialised one)."""
    if not effects:
        return True
    impl, params, _name = m.program.lists[m.program.lid(effects)][0]
    check = getattr(impl, "viable", None)
    return check is None or check(m, ctx, params)


def _general(m: Machine, seat: int) -> list[dict]:
    """The turn options as the rules say, one by one through `holds`, `value` and the ops'
    own viability checks: actions, the abilities of the seat's cards in play and items, the
    terrain, ending the turn."""
    program = m.program
    st = m.state
    left = st["actions"]
    ctx = {"self": seat}
    found = []
    for action in program.rules.actions:
        cost = action.cost if type(action.cost) is int else int(m.value(action.cost, seat, ctx))
        if cost > left or action.limit is not None and used(
                m, "turn", "a:" + action.id) >= action.limit:
            continue
        if m.holds(action.if_, seat, ctx) and _viable(m, action.do, ctx):
            found.append({"label": action.name, "key": "action:" + action.id, "a": action.id,
                          "cost": cost})
    seen = set()
    for zone in program.in_play_zones:
        if not zone.per_seat:
            continue
        for inst in st["zones"][m.key(zone.id, seat)]:
            card_id = st["ids"][inst]
            if not m.card_matches(zone.in_play_if, inst, seat):
                continue
            for index in program.activated.get(card_id, ()):
                ability = program.cards[card_id].abilities[index]
                key = f"use:{card_id}:{index}"
                if key in seen or ability.once_per and used(
                        m, ability.once_per, use_key(seat, inst, card_id, index)):
                    continue
                actx = {"self": seat, "card": inst}
                if not m.holds(ability.if_, seat, actx, inst):
                    continue
                cost = int(m.value(ability.cost, seat, actx, inst))
                if cost > left or not _viable(m, ability.do, actx):
                    continue
                seen.add(key)
                found.append({"label": f"{program.name_of(card_id)}: {ability.name or 'use'}",
                              "key": key, "c": inst, "i": index, "cost": cost})
    if program.activated and st["items"][seat]:
        found += item_options(m, seat, program.activated, left)
    if program.game.terrain:
        from runtime.interactions import terrain_options

        found += terrain_options(m, seat, left)
    return found + [{"label": "End your turn", "key": "end"}]


def test_written_turn_options_are_the_general_paths():
    offered = set()
    for pack in PACKS:
        program = load_program(CONTENT / pack)
        players = program.game.game.players
        for count in (players.min, players.max):
            m = Machine.start(program, count, 17 + count)
            pick = random.Random(count)
            for _ in range(250):
                if m.over:
                    break
                decision = m.decision
                if decision["kind"] == "turn":  # (what the turn handler offers)
                    options = main_options(m, decision["seat"])
                    assert options == decision["options"]
                    assert options == _general(m, decision["seat"]), (pack, count)
                    offered.update((pack, o["key"]) for o in options)
                m.answer(pick.randrange(len(m.decision["options"])))
    # actions, contests and card abilities were offered, not only ending the turn
    keys = {key.split(":")[0] for _pack, key in offered}
    assert {"action", "use", "end"} <= keys and len(offered) > 20


def test_each_contest_stake_is_counted_once_a_turn_step():
    program = load_program(CONTENT / "fuzzy-mage-fight")
    source = program.cache["options:main"].source
    # two contests on the same stakes: hand and battlefield magic counted into shared values
    # (read from the counts kept as cards move: the pack counts both as variables)
    assert source.count("stake_0 = m.tallied[seat][") == 3 and "stake_2" not in source
    assert "_sum(" not in source


def _differences(program, players: int, steps: int) -> int:
    """How many turn decisions of a random game offer other options than the general path."""
    m = Machine.start(program, players, 5)
    pick = random.Random(players)
    differ = 0
    for _ in range(steps):
        if m.over:
            break
        if m.decision["kind"] == "turn":
            seat = m.decision["seat"]
            differ += main_options(m, seat) != _general(m, seat)
        m.answer(pick.randrange(len(m.decision["options"])))
    return differ


def test_a_choice_check_is_written_in_place(monkeypatch):
    # an action beginning with a choice has its check's lines in the turn options, no call,
    # and they are the general path's; a fault planted in them (only the first option
    # looked at) is seen
    program = load_program(CONTENT / "fuzzy-mage-fight")
    source = program.cache["options:main"].source
    assert "# option 1: if None" in source and "choose_check" not in source
    assert _differences(program, 4, 300) == 0
    written = viability._choose_lines

    def first_only(program, p, *args, **kwargs):
        return written(program, p.model_copy(update={"options": p.options[:1]}), *args, **kwargs)

    monkeypatch.setattr(viability, "_choose_lines", first_only)
    assert _differences(load_program(CONTENT / "fuzzy-mage-fight"), 4, 300) > 0


def test_a_cost_of_nothing_is_not_tested_against_the_budget():
    # the actions left are never below 0, so an action or ability costing 0 needs no test of
    # them (its options are still the general path's: the first test above)
    program = load_program(CONTENT / "fuzzy-mage-fight")
    source = program.cache["options:main"].source
    assert "# fuse: cost 0" in source and "0 <= left" not in source and "1 <= left" in source
    brew = program.cache["options:abilities", id(program.activated)]["bottomless-brew"]
    assert "budget" not in brew.source.split(":", 1)[1]
    assert _differences(program, 2, 300) == 0


RULES = """\
kind: rules
id: r
zones:
  - {id: shop, per: game, visibility: public, holds: [wares]}
  - {id: stall, per: seat, visibility: public, in-play: true}
  - {id: discard, per: game, visibility: public}
setup:
  - move-card: {from: shop, to: stall, who: active, card: lamp}
actions:
  - id: haggle
    name: Haggle
    do:
      - gain: {variable: coins, amount: 1}
"""
LAMP = """\
kind: cards
id: wares
type: gear
cards:
  - id: lamp
    name: Lamp
    cost: 2
    abilities:
      - name: Shine
        if: coins % (coins - 5) == 0
        do:
          - gain: {variable: coins, amount: 1}
"""


def test_a_failing_card_ability_condition_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_shop(tmp_path, **{"rules.yaml": RULES, "c.yaml": LAMP})
    with pytest.raises(RuleError) as err:  # five coins: the first turn's options divide by 0
        Machine.start(load_program(Path(".")), 2, 1)
    text = str(err.value)
    assert text.startswith("c.yaml:"), text
    assert "expression 'coins % (coins - 5) == 0'" in text


def test_a_failing_contest_stake_condition_is_located(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = RULES.replace("      - gain: {variable: coins, amount: 1}\n", textwrap.indent(
        textwrap.dedent("""\
        - contest:
            target: chosen-opponent
            attack:
              - {zone: stall, value: 1, if: coins % (coins - 5) == 0}
        """), "      "))
    write_shop(tmp_path, **{"rules.yaml": rules})
    with pytest.raises(RuleError) as err:  # the turn options count the stake, and divide by 0
        Machine.start(load_program(Path(".")), 2, 1)
    text = str(err.value)
    assert text.startswith("rules.yaml:"), text
    assert "expression 'coins % (coins - 5) == 0'" in text
