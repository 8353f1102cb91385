"""The HTML balance report: every chart the figures call for, offline, text escaped; drawn
from a finished run, a partial one or saved figures; and loaded in a real browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.figures import run_figures
from runtime.loading import load_program
from runtime.report import render
from runtime.simulate import Run, run_games
from runtime.sweep import grid, ladder_lineups
from tests.runtime.conftest import FIXTURES

runner = CliRunner()
ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts"

SWEEP_CHARTS = {"seats", "first-player", "sweep", "0-length", "0-cards", "0-association",
                "0-leads", "0-agents", "1-length", "1-cards", "1-association", "1-leads",
                "1-agents"}
STORY_CHARTS = {"party", "0-length", "0-cards", "0-endings", "0-battles"}
LADDER_CHARTS = {"seats", "first-player", "skill", "0-length", "0-cards", "0-agents", "0-leads",
                 "0-association"}


@pytest.fixture(scope="module")
def sweep_data(skirmish):
    cells = grid(skirmish, [("gems_to_win", [5, 6])], 3, ["heuristic", "random", "random"])
    run = Run(str(FIXTURES / "skirmish"), tuple(cells), 6, 2, sweep=("gems_to_win",))
    return run_figures(*run_games(run, skirmish))


@pytest.fixture(scope="module")
def story_data():
    program = load_program(FIXTURES / "story", story="road", battles="random")
    run = Run(str(FIXTURES / "story"), tuple(grid(program, [], 2, ["random", "random"])), 8, 3,
              story="road", battles="random")
    return run_figures(*run_games(run, program))


@pytest.fixture(scope="module")
def ladder_data(skirmish):
    lineups = ["+".join(lineup) for lineup in ladder_lineups(["random", "heuristic"], 2)]
    run = Run(str(FIXTURES / "skirmish"), tuple(grid(skirmish, [("seats", lineups)], 2, [])), 4,
              2, sweep=("seats",), ladder=("random", "heuristic"))
    return run_figures(*run_games(run, skirmish))


def charts(html: str) -> set[str]:
    return set(re.findall(r"<figure class='chart' id='chart-([\w-]+)'>", html))


def test_every_chart_of_a_sweep_is_drawn_as_vector_graphics(sweep_data):
    html = render(sweep_data)
    assert charts(html) == SWEEP_CHARTS
    assert html.count("<svg") == len(SWEEP_CHARTS)
    assert "gems_to_win=5" in html and "partial run" not in html


def test_a_story_run_shows_the_party_endings_and_battles(story_data):
    html = render(story_data)
    assert charts(html) == STORY_CHARTS
    assert "seat 1" not in html  # no seat advantages in a co-operative game


def test_a_ladder_draws_the_skill_figure(ladder_data):
    assert charts(render(ladder_data)) == LADDER_CHARTS


def test_the_page_is_self_contained_and_escapes_content_text(sweep_data):
    data = json.loads(json.dumps(sweep_data))
    card = data["cells"][0]["cards"][0]
    card["card"] = '<b onclick="x()">Bad & Co</b>'
    card["dead"] = False
    data["title"] = "<script>alert(1)</script>"
    html = render(data)
    assert "<script" not in html and "<b onclick" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;b onclick=" in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<link" not in html and "@import" not in html


def test_report_command_draws_a_partial_run_and_saved_figures(skirmish, tmp_path):
    results = tmp_path / "run.jsonl"
    full = runner.invoke(app, ["simulate", str(FIXTURES / "skirmish"), "--games", "4",
                               "--workers", "1", "--results", str(results),
                               "--report", str(tmp_path / "full.html")])
    assert full.exit_code == 0, full.output
    assert charts((tmp_path / "full.html").read_text()) >= {"seats", "0-length", "0-cards"}
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:3]) + "\n")  # stopped after two games
    drawn = runner.invoke(app, ["report", str(results), "-o", str(tmp_path / "part.html")])
    assert drawn.exit_code == 0, drawn.output
    part = (tmp_path / "part.html").read_text()
    assert "A partial run: 2 of 4 games" in part and "chart-0-length" in part
    figures = tmp_path / "figures.json"
    figures.write_text(runner.invoke(app, ["simulate", str(FIXTURES / "skirmish"), "--games", "2",
                                           "--workers", "1", "--format", "json"]).output)
    assert runner.invoke(app, ["report", str(figures), "-o", str(tmp_path / "f.html")]).exit_code == 0
    assert "chart-seats" in (tmp_path / "f.html").read_text()
    bad = runner.invoke(app, ["report", str(tmp_path / "nothing.jsonl")])
    assert bad.exit_code == 1 and "cannot read" in bad.output
    (tmp_path / "file").write_text("")
    unwritable = runner.invoke(app, ["report", str(figures), "-o", str(tmp_path / "file" / "r.html")])
    assert unwritable.exit_code == 1 and "cannot write" in unwritable.output


@pytest.mark.parametrize("name", ["sweep", "story", "ladder"])
def test_the_report_loads_in_chromium_with_every_chart(name, request, tmp_path, browser):
    data = request.getfixturevalue(f"{name}_data")
    expected = {"sweep": SWEEP_CHARTS, "story": STORY_CHARTS, "ladder": LADDER_CHARTS}[name]
    page_file = tmp_path / f"{name}.html"
    page_file.write_text(render(data), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        page = context.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith("file:")
                else problems.append(f"fetched {r.url}"))
        page.goto(page_file.as_uri())
        shown = page.eval_on_selector_all(
            "figure.chart", "fs => fs.filter(f => f.querySelector('svg') && "
            "f.querySelector('svg').getBoundingClientRect().height > 50).map(f => f.id)")
        ARTEFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTEFACTS / f"report-{name}.png"), full_page=True)
    finally:
        context.close()
    assert problems == []
    assert {s.removeprefix("chart-") for s in shown} == expected
