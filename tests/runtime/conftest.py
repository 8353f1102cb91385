"""Shared helpers: fixture packs compiled once, games started from a seed, options by label."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

import runtime.effects
import runtime.turns
from runtime.agents.scripted import match
from runtime.frames import Call, fx
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.state import state_hash

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def skirmish():
    return load_program(FIXTURES / "skirmish")


@pytest.fixture(scope="session")
def arena():
    return load_program(FIXTURES / "arena")


@pytest.fixture(scope="session")
def tally():
    return load_program(FIXTURES / "tally")


@pytest.fixture(scope="session")
def pieces_pack():
    return load_program(FIXTURES / "pieces")


@pytest.fixture(scope="session")
def ambush():
    return load_program(FIXTURES / "battle", scenario="ambush")


def start(program, players: int = 2, seed: int = 1, log: list | None = None) -> Machine:
    return Machine.start(program, players, seed, log=log)


def labels(m: Machine) -> list[str]:
    return [o["label"] for o in m.decision["options"]]


def pick(m: Machine, text: str) -> None:
    """Answer the pending decision with the option `text` names (label, key or piece of label)."""
    index = match(text, m.decision["options"])
    assert index is not None, f"no option {text!r} in {labels(m)}"
    m.answer(index)


def cards(m: Machine, key: str) -> list[str]:
    return [m.state["ids"][i] for i in m.state["zones"][key]]


def var(m: Machine, name: str, seat: int):
    return m.value(name, seat)


def play_randomly(m: Machine, seed: int, steps: int) -> Machine:
    """Answer up to `steps` decisions of `m` at random (from `seed`), stopping if it ends."""
    rng = Rng(seed)
    for _ in range(steps):
        if m.over:
            break
        m.answer(rng.below(len(m.decision["options"])))
    return m


def frame_by_frame(monkeypatch, program) -> None:
    """`program` run by the machine as it ran before stepping into lists and before the turn
    was written (`runtime.written_turn`): each list, window and turn a step of its own, every
    turn step taken by the generic handler."""

    def run_now(m, frame, rest, checked):
        return Call(frame, *rest)

    def step_into(m, lid, ctx, rest=()):
        return Call(fx(lid, ctx), *rest)

    def turn_now(m, frame):
        return Call(frame)

    monkeypatch.setattr(runtime.turns, "run_now", run_now)
    monkeypatch.setattr(runtime.turns, "_turn_now", turn_now)
    monkeypatch.setattr(runtime.turns, "step_into", step_into)
    monkeypatch.setattr(runtime.effects, "run_now", run_now)
    monkeypatch.setitem(program.cache, "turn:step", runtime.turns.turn)


def record_random_game(program, players: int, seed: int, decisions: int, audit=None) -> list:
    """A game answered at random from `seed`: the state hash, option labels and choice at
    every decision (up to `decisions`), then the log and the result, and with `audit` its
    findings: what two ways of running the same program must agree on."""
    log: list = []
    m = Machine.start(program, players, seed, log=log, audit=audit)
    pick_at = random.Random(seed)
    seen = []
    while not m.over and len(seen) < decisions:
        options = m.decision["options"]
        choice = pick_at.randrange(len(options))
        seen.append((state_hash(m.state), [o["label"] for o in options], choice))
        m.answer(choice)
    record = [seen, log, m.state["result"]]
    if audit is not None:
        record += [state_hash(m.state), audit.findings]
    return record


# a two-seat game with coins and one card type with a cost: the skeleton of small packs whose
# rules a test writes (each test adds its rules file, and may change the others)
SHOP = {
    "game.yaml": """\
kind: game
id: shop
title: Shop
players: {min: 2, max: 2}
variables:
  coins: {initial: 5}
""",
    "t.yaml": """\
kind: card-type
id: gear
name: Gear
fields:
  cost: {type: int}
""",
    "c.yaml": """\
kind: cards
id: wares
type: gear
cards:
  - {id: lamp, name: Lamp, cost: 2}
""",
}

# The shop with a `visits` counter, and rules whose one action, Sell, runs the effects that
# follow `SELL` (each line at the effect list's indent, six spaces).
VISITS_GAME = SHOP["game.yaml"] + "  visits: {initial: 0}\n"
SELL = """\
kind: rules
id: r
zones:
  - {id: shop, per: game, visibility: public, holds: [wares]}
actions:
  - id: sell
    name: Sell
    do:
"""


def write_shop(root: Path, **files: str) -> None:
    """Write the shop skeleton to `root` with `files` (name -> YAML, dedented) added or in
    place of its own."""
    for name, text in {**SHOP, **files}.items():
        (root / name).write_text(textwrap.dedent(text))
