"""`derives` is `derive` with its leading labels encoded once; `draws` is one draw from the
generator such a seed starts (what a random seat takes at each step)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.rng import Rng, derive, derives, draws

labels = st.one_of(st.integers(), st.booleans(), st.text(max_size=8))


@given(st.lists(labels, min_size=1, max_size=4), labels)
def test_derives_is_derive_with_the_last_label_left_open(parts, last):
    assert derives(*parts)(last) == derive(*parts, last)


@given(st.lists(labels, min_size=1, max_size=4), labels, st.integers(1, 2**70))
def test_draws_is_the_first_draw_of_the_derived_generator(parts, last, n):
    assert draws(*parts)(last, n) == Rng(derive(*parts, last)).below(n)
