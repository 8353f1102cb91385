"""Every seed pack checks clean (warnings included) and every story in it can be drawn."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from compiler.analysis.story_render import render_story

ROOT = Path(__file__).resolve().parents[2]
PACKS = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))


def test_the_four_seed_games_are_here():
    assert PACKS == ["fantasy-tavern-brawl", "fuzzy-mage-fight", "gascony-legacy", "townsfolk-tussle"]


@pytest.mark.parametrize("name", PACKS)
def test_pack_checks_clean(name, compiled):
    result = compiled(name)
    assert [f"{d.file}:{d.line}: {d.code} {d.message}" for d in result.report.diagnostics] == []
    assert result.game is not None


@pytest.mark.parametrize("name", [p for p in PACKS if p in ("gascony-legacy", "townsfolk-tussle")])
def test_every_story_draws(name, compiled):
    game = compiled(name).game
    assert game.stories
    for story in game.stories.values():
        svg = ET.fromstring(render_story(story, [], "svg"))
        drawn = [g for g in svg.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "card"]
        assert len(drawn) == len(story.cards)
        assert render_story(story, [], "dot").startswith(b"digraph")
