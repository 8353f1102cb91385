"""Zone names label zones in play (`your Stashed gear`), so they are short names; what a
zone means goes in its `text`."""

from __future__ import annotations

import pytest

PACKS = ["townsfolk-tussle", "fantasy-tavern-brawl", "gascony-legacy", "fuzzy-mage-fight"]


@pytest.mark.parametrize("pack", PACKS)
def test_zone_names_are_labels_not_descriptions(compiled, pack):
    rules = compiled(pack).game.rules
    long = [z.name for z in rules.zones
            if z.name and (len(z.name) > 40 or any(c in z.name for c in "():;"))]
    assert long == []
