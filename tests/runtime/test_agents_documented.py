"""docs/ops.md's account of the heuristic bot states the figures the bot uses."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from runtime.agents import heuristic
from runtime.agents.evaluation import WIN, weights

ROOT = Path(__file__).parents[2]


def test_the_heuristic_bot_section_matches_the_bot():
    text = (ROOT / "docs/ops.md").read_text()
    section = text[text.index("## How the heuristic bot plays"):text.index("## Selectors")]
    assert f"(at most {heuristic._HORIZON} of their decisions)" in section
    assert f"+{WIN:g} and a lost one -{WIN:g}" in section
    assert "Without\n`evaluation:` it counts cards in hand." in section
    no_weights = SimpleNamespace(rules=SimpleNamespace(evaluation={}))
    assert weights(no_weights) == {"hand": 1.0}
