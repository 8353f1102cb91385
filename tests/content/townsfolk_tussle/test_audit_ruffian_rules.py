"""The rule audit's invariants for two rules that act on the Ruffian, through the runtime:
Pepin's Melty Milk-back (a hit from one of the two squares right behind him deals 1 DMG
more) and terrain acting on the Ruffian as its turn starts (the Buzzing Hive beside it, the
Bandit Campfire under it). Each holds in play as written, and a copy of the pack with the
rule planted broken is caught."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from runtime.audit import Audit
from runtime.loading import load_program
from tests.content.townsfolk_tussle.test_worked_examples import (
    bat_pepin_from,
    PACK,
    dice,
    fight,
    next_action,
    reask,
    ruffian,
    stand,
)
from tests.runtime.conftest import pick

# the Melty Milk-back's extra DMG, taken out
NO_MILK_BACK = ("content/townsfolk-tussle/cards/ruffians.yaml",
                "        if: is_active and foes_behind >= 1\n        source: rulebook\n        do:\n"
                "          - damage: {amount: 1, target: self}\n",
                "        if: is_active and foes_behind >= 1\n        source: rulebook\n        do:\n")
# the Ruffian's turn starts without the terrain acting on it
NO_TERRAIN_TURN = ("content/townsfolk-tussle/rules.yaml", "- begin-turn: all-enemies\n", "\n")


def _programs(tmp_path: Path, scenario: str, planted: tuple[str, str, str] | None) -> dict:
    """The fixture dict `fight` reads: empty (the pack as it is), or `scenario` compiled from
    a copy of the pack with `planted`'s text replaced."""
    if planted is None:
        return {}
    name, old, new = planted
    copy = tmp_path / "pack"
    shutil.copytree(PACK, copy)
    path = copy / Path(name).relative_to("content/townsfolk-tussle")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return {scenario: load_program(copy, scenario)}


def _failed(m, audit: Audit) -> list[str]:
    audit.paused(m)
    return [f.name for f in audit.failed]


@pytest.mark.parametrize(("cell", "planted", "lost", "found"), [
    ((8, 1), None, 2, []),  # right behind him: the bat's 1 DMG and 1 more
    ((8, 1), NO_MILK_BACK, 1, ["hits-from-behind-hurt-more"]),
    ((7, 2), NO_MILK_BACK, 1, []),  # beside him: no extra DMG is due
])
def test_the_audit_checks_every_hit_from_behind_pepin_costs_him_one_more_hp(
        tmp_path, monkeypatch, cell, planted, lost, found):
    m = fight(_programs(tmp_path, "pepin-milkfrog-chump", planted), "pepin-milkfrog-chump",
              ["Quintus Binch", "Granny Melba"])
    audit = Audit()
    audit.attach(m)
    pepin, health = bat_pepin_from(m, monkeypatch, cell)
    assert pepin[4] == health - lost
    assert _failed(m, audit) == found


@pytest.mark.parametrize(("cell", "planted", "lost", "found"), [
    ((12, 7), None, 1, []),  # its 2 x 2 block beside the hive on O9
    ((8, 5), None, 1, []),  # inside the campfire
    ((12, 7), NO_TERRAIN_TURN, 0, ["terrain-acts-on-the-ruffian"]),
    ((8, 5), NO_TERRAIN_TURN, 0, ["terrain-acts-on-the-ruffian"]),
    ((2, 2), NO_TERRAIN_TURN, 0, []),  # near neither: nothing is due
])
def test_the_audit_checks_terrain_acts_on_the_ruffian_as_its_turn_starts(
        tmp_path, cell, planted, lost, found):
    m = fight(_programs(tmp_path, "the-bundits-chump", planted), "the-bundits-chump",
              ["Quintus Binch", "Granny Melba"])
    audit = Audit()
    audit.attach(m)
    bundits = ruffian(m)
    bundits[2:4] = list(cell)
    stand(m, 0, (0, 13))
    stand(m, 1, (1, 13))
    health = bundits[4]
    next_action(m, "smoke-bomb")  # they land on J7 after their turn has started
    assert bundits[4] == health - lost
    assert _failed(m, audit) == found
