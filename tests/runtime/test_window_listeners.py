"""The listeners written per window and program (`runtime.windows.written_listeners`) are the
abilities a plain walk of the rules finds: at every window fired in random games of the four
packs at their fewest and most players, and of the fixture packs' shared zones, items and
foes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import runtime.turns
from runtime.frames import HANDLERS
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.windows import _SUBJECT, _standing_terrain, listeners
from tests.runtime.conftest import play_randomly

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = ("fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy", "townsfolk-tussle")
FIXTURES = Path(__file__).parent / "fixtures"
# the fixture packs with windows of each kind: a seat's, a card's own, the table's, foes'
FIXTURE_PACKS = ("arena", "battle", "duel", "outfit", "pieces", "series", "skirmish", "story",
                 "tally")


def _walked(m: Machine, name: str, ctx: dict) -> list[list]:
    """The waiting abilities as the module's docstring says, walking every zone in play."""
    program = m.program
    st = m.state
    waiting = {card_id: by[name] for card_id, by in program.triggers.items() if name in by}
    rules = program.rule_triggers.get(name, ())
    who = _SUBJECT.get(name)
    found: list[list] = []
    if who == "card":
        inst, me = ctx.get("card"), ctx.get("self")
        if inst is not None:
            found += [[me, inst, st["loc"][inst], i, st["ids"][inst]]
                      for i in waiting.get(st["ids"][inst], ())]
        return found + ([[me, None, None, i, None] for i in rules] if me is not None else [])
    if who == "active":
        seats = [st["active"]]
    elif who is not None:
        seats = [ctx[who]] if ctx.get(who) is not None else []
    elif ctx.get("only_piece") is not None:
        seats = [] if ctx.get("attacker") is None else [ctx["attacker"]]
    else:
        seats = m.seats_from(st["active"])
    for n, seat in enumerate(seats):
        for zone in program.in_play_zones if waiting else ():
            if not zone.per_seat and n:
                continue
            key = m.key(zone.id, seat)
            for inst in st["zones"][key]:
                if key == ctx.get("weapon_zone") and inst != ctx.get("weapon"):
                    continue
                card_id = st["ids"][inst]
                if card_id in waiting and m.card_matches(zone.in_play_if, inst, seat):
                    found += [[seat, inst, key, i, card_id] for i in waiting[card_id]]
        if seat is not None:
            found += [[seat, None, None, i, item] for item in st["items"][seat]
                      for i in waiting.get(item, ())]
        found += [[seat, None, None, i, None] for i in rules
                  if not n or i < len(program.rules.abilities)]
        terrain = program.terrain_triggers.get(name)
        if seat is not None and terrain is not None:
            found += _standing_terrain(m, seat, terrain)
    if who is None:
        from runtime.targets import foe_listeners

        only = ctx.get("only_piece")
        found += [[*entry, None] for entry in foe_listeners(m, name)
                  if only is None or entry[2].split(":")[1] == str(only)]
    return found


def _watching(monkeypatch, seen: Counter):
    """Compare the written listeners with the walk each time a window opens (`seen` counts
    the entries found, by kind: a card's, the rules', an item's or terrain's, a foe's)."""
    run_window = HANDLERS["window"]

    def checked(m: Machine, frame: dict):
        if "q" not in frame["l"] and frame["w"] in m.program.listened:
            written = listeners(m, frame["w"], frame["ctx"])
            assert written == _walked(m, frame["w"], frame["ctx"]), frame["w"]
            seen.update("card" if e[1] is not None else "foe" if e[2] is not None
                        else "rules" if e[4] is None else "held" for e in written)
            seen["windows"] += 1
        return run_window(m, frame)

    monkeypatch.setitem(HANDLERS, "window", checked)


def _play_at_fewest_and_most(program, seeds, steps: int, monkeypatch) -> None:
    """Random games of `program` at its fewest and most players, one per seed, every turn
    taken by the generic handler (the written turn asks a turn window's listeners itself)."""
    monkeypatch.setitem(program.cache, "turn:step", runtime.turns.turn)
    players = program.game.game.players
    for count in (players.min, players.max):
        for seed in seeds:
            play_randomly(Machine.start(program, count, seed + count), seed, steps)


def test_written_listeners_are_the_walk_in_the_four_packs(monkeypatch):
    seen: Counter = Counter()
    _watching(monkeypatch, seen)
    for pack in PACKS:
        _play_at_fewest_and_most(load_program(CONTENT / pack), (5,), 300, monkeypatch)
    assert seen["windows"] > 100 and seen["card"] > 20 and seen["rules"] > 5, seen


def test_written_listeners_are_the_walk_in_the_fixture_packs(monkeypatch):
    seen: Counter = Counter()
    _watching(monkeypatch, seen)
    for name in FIXTURE_PACKS:
        _play_at_fewest_and_most(load_program(FIXTURES / name), (1, 2), 200, monkeypatch)
    assert seen["windows"] > 50 and seen["card"] > 5 and seen["held"] > 5, seen


def test_a_window_no_card_waits_on_walks_no_zone():
    program = load_program(CONTENT / "fuzzy-mage-fight")
    m = Machine.start(program, 2, 1)
    listeners(m, "end-of-turn", {"self": 0})  # only one card waits on it
    listeners(m, "on-flip", {"self": 0, "card": 0})  # the rules' abilities only
    written = program.cache["window:listeners"]
    assert "zones" in written["end-of-turn"].source
    assert "zones" not in written["on-flip"].source
