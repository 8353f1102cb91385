"""The seed packs' layouts: every card type and deck has its own, and they preflight clean."""

from pathlib import Path

import pytest

from printkit import Locator, Options, PrintJob

CONTENT = Path(__file__).resolve().parents[2] / "content"
PACKS = (
    sorted(p.name for p in CONTENT.iterdir() if (p / "layouts").is_dir())
    if CONTENT.is_dir()
    else []
)


@pytest.mark.parametrize("name", PACKS)
def test_seed_pack_prints_with_designed_layouts_and_no_preflight_errors(name, compiled, tmp_path):
    result = compiled(CONTENT / name)
    game = result.game
    fronts = {lay.card_type for lay in game.layouts.values() if lay.side == "front"}
    backs = {lay.card_type for lay in game.layouts.values() if lay.side == "back"}
    printed = {deck.type for deck in game.decks.values()}
    assert printed <= fronts, f"card types without a front layout: {printed - fronts}"
    two_sided = {c.back for c in game.cards.values() if c.back}
    missing_backs = {
        deck.type
        for deck in game.decks.values()
        if deck.type not in backs and not all(c.back or c.id in two_sided for c in deck.cards)
    }
    assert not missing_backs, f"decks printed with the default back: {missing_backs}"
    job = PrintJob(game, Options(dpi=150, workers=2, cache=tmp_path))
    report = Locator(result.units).report(job.render(), game.game.severity)
    assert [f"{d.code} {d.file}:{d.line} {d.message}" for d in report.diagnostics] == []


@pytest.mark.parametrize("name", PACKS)
def test_seed_text_never_shrinks_below_six_points(name, compiled):
    layouts = compiled(CONTENT / name).game.layouts.values()
    small = [
        (lay.id, i)
        for lay in layouts
        for i, box in enumerate(lay.boxes)
        if box.type in ("text", "table") and min(box.size, box.min_size) < 6
    ]
    assert small == [], "text that may print below 6 pt"
