"""`derives` is `derive` with its leading labels encoded once."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.rng import derive, derives

labels = st.one_of(st.integers(), st.text(max_size=8))


@given(st.lists(labels, min_size=1, max_size=4), labels)
def test_derives_is_derive_with_the_last_label_left_open(parts, last):
    assert derives(*parts)(last) == derive(*parts, last)
