"""State is plain data: serialisable, copied cheaply and deeply, hashed stably."""

from __future__ import annotations

import json

from runtime.state import copy_state, state_hash
from tests.runtime.conftest import pick, start


def test_state_is_json_and_hash_is_stable(skirmish):
    m = start(skirmish)
    text = json.dumps(m.state)
    assert json.loads(text) == m.state
    assert state_hash(m.state) == state_hash(json.loads(text))


def test_copy_is_deep_and_equal(skirmish):
    m = start(skirmish)
    twin = copy_state(m.state)
    assert twin == m.state and state_hash(twin) == state_hash(m.state)
    twin["zones"]["hand:0"].append(999)
    assert 999 not in m.state["zones"]["hand:0"]


def test_same_seed_same_game_other_seed_other_deal(skirmish):
    assert state_hash(start(skirmish, seed=4).state) == state_hash(start(skirmish, seed=4).state)
    assert state_hash(start(skirmish, seed=4).state) != state_hash(start(skirmish, seed=5).state)


def test_a_copied_state_plays_on_identically(skirmish):
    from runtime.machine import Machine

    m = start(skirmish, seed=9)
    twin = Machine(skirmish, copy_state(m.state))
    for machine in (m, twin):
        pick(machine, "Draw a card")
        pick(machine, "Draw a card")
    assert state_hash(m.state) == state_hash(twin.state)
