"""Large stories stay readable: a card's neighbourhood, and an overview by chapter or block."""

from pathlib import Path

from typer.testing import CliRunner

from compiler.analysis.story_overview import around, overview
from compiler.language.documents import Story
from gamesmith.cli import app


def chain(size: int) -> Story:
    cards = {str(i): {"choices": [{"text": "on", "goto": str(i + 1)},
                                  {"text": "back", "goto": str(max(1, i - 1))}]}
             for i in range(1, size)}
    cards[str(size)] = {"ending": "victory"}
    return Story.model_validate({"kind": "story", "id": "long", "title": "Long", "start": "1",
                                 "cards": cards})


def test_around_keeps_the_neighbourhood_and_marks_what_leaves_it():
    near = around(chain(50), "20", 2)
    assert set(near.cards) == {"17", "18", "19", "20", "21", "22", "23"}
    assert near.cards["17"].title == near.cards["23"].title == "(not shown)"
    assert near.cards["20"].choices[0].goto == "21"
    assert near.start == "1" and "1" not in near.cards  # the start is not drawn


def test_overview_groups_blocks_of_cards_or_chapters():
    story = chain(450)
    blocks = overview(story)
    assert list(blocks.cards) == ["1…100", "101…200", "201…300", "301…400", "401…450"]
    assert blocks.cards["1…100"].title == "100 cards, 0 endings"
    assert [c.goto for c in blocks.cards["101…200"].choices] == ["1…100", "201…300"]
    chapters = overview(story, {k: ("a" if int(k) <= 300 else "b") for k in story.cards})
    assert list(chapters.cards) == ["a", "b"]
    assert chapters.cards["b"].title == "150 cards, 1 endings"


def test_graph_command_draws_a_large_story_as_an_overview(tmp_path: Path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "game.yaml").write_text("kind: game\nid: long\ntitle: Long\nplayers: {min: 1, max: 1}\n")
    lines = ["kind: story", "id: long", "title: Long", "start: '1'", "cards:"]
    lines += [f"  '{i}': {{goto: '{i + 1}'}}" for i in range(1, 600)] + ["  '600': {ending: victory}"]
    (pack / "story.yaml").write_text("\n".join(lines) + "\n")
    out = tmp_path / "g.dot"
    result = CliRunner().invoke(app, ["graph", str(pack), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "drawing an overview" in result.output
    assert out.read_text().count("->") == 6  # five block-to-block links and the start marker
    focus = CliRunner().invoke(app, ["graph", str(pack), "--around", "300", "--depth", "1",
                                     "-o", str(out)])
    drawn = out.read_text()
    assert focus.exit_code == 0 and '"299"' in drawn and '"303"' not in drawn
    assert '"302" [label="302\\n(not shown)"' in drawn
