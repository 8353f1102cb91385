"""Shared helpers: fixture packs compiled once, games started from a seed, options by label."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents.scripted import match
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.rng import Rng

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
