"""`derives` is `derive` with its leading labels encoded once; `draws` is one draw from the
generator such a seed starts (what a random seat takes at each step, its last label a step
count); the state's generator draws as `mix` says, and shuffles as Fisher-Yates over those
draws."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.rng import MASK, Rng, below, derive, derives, draws, mix, shuffle

labels = st.one_of(st.integers(), st.booleans(), st.text(max_size=8))


@given(st.lists(labels, min_size=1, max_size=4), labels)
def test_derives_is_derive_with_the_last_label_left_open(parts, last):
    assert derives(*parts)(last) == derive(*parts, last)


@given(st.lists(labels, min_size=1, max_size=4), st.integers(), st.integers(1, 2**70))
def test_draws_is_the_first_draw_of_the_derived_generator(parts, step, n):
    assert draws(*parts)(step, n) == Rng(derive(*parts, step)).below(n)


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(1, 2**70), max_size=6))
def test_below_draws_as_mix_says(seed, bounds):
    state = {"rng": seed}
    for n in bounds:
        seed = (seed + 0x9E3779B97F4A7C15) & MASK
        assert below(state, n) == (mix(seed) * n) >> 64
        assert state["rng"] == seed


@given(st.integers(0, 2**64 - 1), st.integers(0, 60))
def test_shuffle_is_fisher_yates_over_below(seed, size):
    state, items = {"rng": seed}, list(range(size))
    shuffle(state, items)
    again, expected = {"rng": seed}, list(range(size))
    for i in range(size - 1, 0, -1):
        j = below(again, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and state == again


@given(st.lists(labels, min_size=1, max_size=3), st.integers(0, 10**6), st.integers(1, 40))
def test_the_random_agents_drawer_chooses_what_it_would_choose(parts, step, n):
    from runtime.agents.random import RandomAgent

    agent = RandomAgent()
    decision = {"options": [{}] * n}
    assert agent.drawer(*parts)(step, n) == agent.choose(
        None, decision, Rng(derive(*parts, step)))
