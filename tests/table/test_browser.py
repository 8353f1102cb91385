"""The table in a real browser (Chromium, driven by Playwright): games played by clicking,
screenshots kept in test-artefacts/table/, and no console errors."""

from __future__ import annotations

from compiler.geometry import board_from_scenario
from runtime.loading import load_program
from table.faces import Faces
from tests.table.conftest import link, new_table, screenshot, serving

READY = """() => !document.getElementById('over').hidden
  || !document.getElementById('handover').hidden
  || document.querySelector('#options button:not([disabled])') !== null"""


def click_until(page, done: str = "#over", prefer: tuple[str, ...] = (),
                limit: int = 400, undo: list | None = None) -> int:
    """Answer by clicking (a clickable card, cell or piece when offered, else the options in
    turn) until `done` shows (the game-over screen); returns the clicks made. With `undo`
    (a list), the first offer to undo is taken, and the log lines after it are kept there."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(READY, timeout=20_000)
        if page.locator(done).first.is_visible() or page.is_visible("#over"):
            return clicks
        if page.is_visible("#handover"):
            page.click("#handover-ready")
            continue
        if undo == [] and page.is_visible("#undo"):
            page.click("#undo")
            page.wait_for_function("() => [...document.querySelectorAll('#log li')]"
                                   ".some(li => li.textContent.endsWith('(undo)'))")
            undo += page.locator("#log li").all_inner_texts()
            continue
        target = next((sel for sel in prefer if page.locator(sel).count()), None)
        if target is not None:
            page.locator(target).first.click()
        else:
            buttons = page.locator("#options button")
            buttons.nth(clicks % buttons.count()).click()
        clicks += 1
    raise AssertionError(f"{done} not shown after {limit} clicks")


def test_a_whole_fuzzy_mage_fight_played_by_clicking(page, fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "random", "heuristic"], tmp_path, seed=21)
    faces = Faces(fuzzy.game, cache=tmp_path / "cache")
    table.has_face = faces.known
    with serving(table, faces) as base:
        page.goto(link(base, table, (0,)))
        click_until(page, done=".zone.mine img.face", limit=20)
        page.wait_for_function("() => [...document.querySelectorAll('.zone.mine img.face')]"
                               ".every(img => img.complete)")
        assert page.evaluate("() => [...document.querySelectorAll('.zone.mine img.face')]"
                             ".every(img => img.complete && img.naturalWidth > 100)")
        screenshot(page, "fuzzy-mage-fight-start")
        undone: list = []
        clicks = click_until(page, prefer=(".card.can",), undo=undone)
        screenshot(page, "fuzzy-mage-fight-over")
        assert undone and undone[-1].startswith("You took back")
        assert clicks > 3
        assert "won" in page.inner_text("#over-text")
        assert page.locator("#log li").count() > 10
    assert table.over
    assert page.errors == []


def test_a_story_played_to_an_ending(page, act_one, tmp_path):
    table = new_table(act_one, ["human"], tmp_path, seed=2)
    assert table.humans == [0, 1]  # solo: one player, two Characters, one link
    with serving(table) as base:
        page.goto(link(base, table, (0, 1)))
        page.wait_for_selector("#handover-ready, #story h2")
        if page.is_visible("#handover"):  # one player hands over to themself
            page.click("#handover-ready")
        page.wait_for_selector("#story h2")
        assert page.inner_text("#story h2") == act_one.game.stories["act-1"].title
        screenshot(page, "story-start")
        click_until(page)
        screenshot(page, "story-ending")
        assert page.is_visible("#over")
    assert table.session.machine.state["story"]["ending"] is not None
    assert page.errors == []


def test_a_gascony_battle_shows_its_board_with_pieces(page, convent_yard, tmp_path):
    table = new_table(convent_yard, ["human", "random"], tmp_path, seed=3)
    with serving(table) as base:
        page.goto(link(base, table, (0,)))
        page.wait_for_selector("#board-svg")
        game = convent_yard.game
        columns, rows = board_from_scenario(game.scenarios["the-convent-yard"], game.landscapes,
                                            game.terrain).frame
        svg = page.locator("#board-svg")
        square = game.game.grid_square
        assert float(svg.get_attribute("width").removesuffix("mm")) == columns * square
        assert float(svg.get_attribute("height").removesuffix("mm")) == rows * square
        assert page.locator("#board-svg g.terrain").count() > 0
        on_board = ("#board-svg .cell-option", "#board-svg .piece-option")
        click_until(page, done="#board-svg .cell-option", limit=20)
        screenshot(page, "convent-yard-deploying")
        click_until(page, done="#board-svg g.piece", prefer=on_board, limit=40)
        assert " at " in page.locator("#board-svg g.piece title").first.text_content()
        screenshot(page, "convent-yard-board")
        click_until(page, prefer=on_board)
        screenshot(page, "convent-yard-over")
    assert table.over
    assert page.errors == []


def test_hot_seat_hides_the_last_view_while_the_device_is_passed(page, fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "human"], tmp_path, seed=8, hot_seat=True)
    with serving(table) as base:
        page.goto(link(base, table, (0, 1)))
        page.wait_for_selector("#handover:not([hidden])")
        assert not page.is_visible("#table")
        first = page.inner_text("#handover-seat")
        screenshot(page, "hot-seat-handover")
        page.click("#handover-ready")
        page.wait_for_selector("#options button")
        assert f"You are {first}" in page.inner_text("#where")
        passed = 0
        while passed < 2:
            page.locator("#options button").last.click()
            page.wait_for_function(READY, timeout=20_000)
            if page.is_visible("#handover"):
                assert not page.is_visible("#table")
                assert page.locator("#zones .zone, #log li, #options button").count() == 0
                passed += 1
                page.click("#handover-ready")
    assert page.errors == []



HOSTILE = '<img src=x onerror="window.pwned=1">'


def test_content_text_is_shown_as_text_never_as_markup(page, tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "game.yaml").write_text(
        f"kind: game\nid: hostile\ntitle: '{HOSTILE} Road'\nplayers: {{min: 1, max: 1}}\n")
    (pack / "story.yaml").write_text(f"""kind: story
id: walk
title: "<b>bold</b> walk"
start: "1"
cards:
  "1":
    text: '{HOSTILE} at the crossroads'
    choices:
      - text: '<script>window.pwned=2</script> left'
        goto: "2"
      - text: Right
        goto: "2"
  "2": {{ending: victory}}
""")
    program = load_program(pack, story="walk")
    table = new_table(program, ["human"], tmp_path)
    with serving(table) as base:
        page.goto(link(base, table, (0,)))
        page.wait_for_selector("#options button")
        assert page.inner_text("#story .text") == f"{HOSTILE} at the crossroads"
        assert page.inner_text("#options button >> nth=0").startswith("<script>")
        assert page.inner_text("#title") == f"{HOSTILE} Road"
        assert page.locator("main img, main script, main b").count() == 0
        page.click("#options button >> nth=0")
        page.wait_for_selector("#over:not([hidden])")
        assert page.evaluate("() => window.pwned === undefined")
    assert page.errors == []
