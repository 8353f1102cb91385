"""Story graph drawings: DOT text, well-formed SVG with a group per card, a readable PNG."""

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from compiler.analysis.story import analyse_story, story_graph
from compiler.analysis.story_layout import layered_layout
from compiler.analysis.story_render import problem_cards, render_story
from compiler.diagnostics import Location
from compiler.language.documents import Story

SVG = "{http://www.w3.org/2000/svg}"


class Anywhere:
    def location(self, path, key=False):
        return Location("story.yaml", 1, 1)


def make(cards: dict, start: str = "11", title: str = "The Man from Meung") -> Story:
    return Story.model_validate(
        {"kind": "story", "id": "act-1", "title": title, "start": start, "cards": cards}
    )


STORY = make({
    "11": {"title": "The inn", "goto": "12"},
    "12": {"text": "The stranger rides off.", "choices": [
        {"text": "Follow him into the courtyard at once", "goto": "13"},
        {"text": "Pay the innkeeper", "goto": "99"},
    ]},
    "13": {"challenge": {"stat": "movement", "successes": 3}, "pass": "15", "fail": "12"},
    "15": {"battle": "courtyard-duel", "outcomes": {"victory": "17", "defeat": "18"}},
    "17": {"ending": "victory"},
    "18": {"ending": "defeat"},
    "20": {"goto": "17"},
})  # fmt: skip


@pytest.fixture(scope="module")
def diagnostics():
    return analyse_story(STORY, Anywhere())


def test_problem_cards_keep_the_worst_first(diagnostics):
    problems = problem_cards(STORY, diagnostics)
    assert {key: [d.code for d in ds] for key, ds in problems.items()} == {
        "12": ["GS402"],
        "20": ["GS401"],
    }


def test_dot_names_every_card_and_marks_endings_start_and_problems(diagnostics):
    dot = render_story(STORY, diagnostics, "dot").decode()
    assert dot.startswith('digraph "act-1" {') and dot.rstrip().endswith("}")
    for key in STORY.cards:
        assert f'\n  "{key}" [label=' in dot
    assert '"17" [label="17 · victory", fillcolor="#a5d6a7"' in dot
    assert 'shape="doubleoctagon"' in dot
    assert '"start" -> "11"' in dot
    assert '"12" [label="12 · choice\\nThe stranger rides off.", fillcolor="#ff8a80"' in dot
    assert '"20" [label="20", fillcolor="#ffcc80"' in dot
    assert '"12" -> "13" [label="Follow him into the…"];' in dot
    assert '"13" -> "15" [label="pass"];' in dot
    assert '"15" -> "18" [label="defeat"];' in dot
    assert '"99" [label="99\\n(missing card)"' in dot
    assert '"12" -> "99" [label="Pay the innkeeper", color="#c62828", style="dashed"];' in dot


def test_dot_escapes_quotes_backslashes_and_newlines():
    story = make(
        {'say "hi"': {"text": 'He said "no"\\', "goto": "b"}, "b": {"ending": "victory"}},
        start='say "hi"',
        title="A\nB",
    )
    dot = render_story(story, [], "dot").decode()
    assert '"say \\"hi\\"" [label="say \\"hi\\"\\nHe said \\"no\\"⧵"' in dot
    assert 'label="A\\nB"' in dot
    assert "\\\\" not in dot


def test_svg_is_well_formed_with_one_group_per_card(diagnostics):
    root = ET.fromstring(render_story(STORY, diagnostics, "svg"))
    assert root.tag == f"{SVG}svg"
    cards = root.findall(f"{SVG}g[@class='card']")
    assert sorted(g.get("id") for g in cards) == sorted(f"card-{k}" for k in STORY.cards)
    assert [g.get("id") for g in root.findall(f"{SVG}g[@class='missing']")] == ["card-99"]
    by_id = {g.get("id"): g for g in cards}
    assert by_id["card-17"].find(f"{SVG}polygon").get("fill") == "#a5d6a7"
    assert by_id["card-12"].find(f"{SVG}rect").get("fill") == "#ff8a80"
    assert "GS402" in by_id["card-12"].find(f"{SVG}title").text
    edges = root.find(f"{SVG}g[@class='edges']").findall(f"{SVG}path")
    assert len(edges) == 8
    assert sum(p.get("stroke-dasharray") is not None for p in edges) == 1  # fail: 13 -> 12


def test_svg_survives_control_characters_and_markup():
    story = make({"<a>": {"text": "x\x01 & <y>", "ending": "victory"}}, start="<a>")
    root = ET.fromstring(render_story(story, [], "svg"))
    [g] = root.findall(f"{SVG}g[@class='card']")
    assert g.get("id") == "card-<a>"


def test_png_opens_with_a_sane_size(diagnostics):
    image = Image.open(io.BytesIO(render_story(STORY, diagnostics, "png")))
    assert image.format == "PNG"
    width, height = image.size
    assert 300 < width < 3000 and 300 < height < 3000
    assert len(image.convert("RGB").getcolors(maxcolors=1 << 24)) > 10  # something was drawn


def test_layout_layers_follow_links_and_back_edges_are_marked():
    layout = layered_layout(story_graph(STORY), roots=["11"])
    layers = layout.layers
    assert layers["11"] == 0
    assert layers["11"] < layers["12"] < layers["13"] < layers["15"] < layers["17"]
    back = [(r.source, r.target) for r in layout.routes if r.back]
    assert back == [("13", "12")]
    for route in layout.routes:
        if not route.back:
            assert route.points[0][1] < route.points[-1][1]  # forward edges run downwards


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown story graph format"):
        render_story(STORY, [], "gif")


def test_a_huge_story_still_renders():
    size = 3000
    cards = {str(i): {"choices": [{"text": "on", "goto": str(i + 1)},
                                  {"text": "far", "goto": str(min(i + 40, size))}]}
             for i in range(1, size)}  # fmt: skip
    cards[str(size)] = {"ending": "victory"}
    story = make(cards, start="1")
    png = Image.open(io.BytesIO(render_story(story, [], "png")))
    assert max(png.size) <= 12_000
    root = ET.fromstring(render_story(story, [], "svg"))
    assert len(root.findall(f"{SVG}g[@class='card']")) == size


def test_the_graph_command_names_the_overview_threshold_the_analysis_uses():
    from compiler.analysis.story_overview import LARGE
    from gamesmith.commands.graph import LARGE as SHOWN

    assert SHOWN == LARGE
