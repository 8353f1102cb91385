"""Twee 3 imports: passages to cards, links to choices, simple set/if macros of Harlowe,
SugarCube and Chapbook to effects and conditions; the rest kept as text and reported; the
imported pack checks, and the state analysis finds what is wrong with the story."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from compiler import compile_pack
from compiler.importers.twee import TweeError, import_twee
from gamesmith.cli import app

HERE = Path(__file__).parent
runner = CliRunner()


def imported(name: str):
    return import_twee((HERE / f"{name}.twee").read_text())


def test_harlowe_links_sets_and_ifs():
    result = imported("harlowe")
    story = result.story
    assert (story["id"], story["title"], story["start"]) == ("the-cellar-door", "The Cellar Door", "hall")
    cards = story["cards"]
    assert cards["shelves"]["do"] == [{"set-flag": "has-key"},
                                      {"gain": {"variable": "coins", "amount": 1}}]
    door = cards["door"]["choices"]
    assert door[0] == {"text": "Go down", "goto": "cellar", "if": "flag('has-key')"}
    assert door[1] == {"text": "Back", "goto": "hall", "if": "not (flag('has-key'))"}
    assert door[2] == {"text": "Bribe the ghost", "goto": "cellar", "if": "coins >= 2"}
    assert cards["cellar"]["ending"] == "cellar"
    # a (link:) whose hook sets and goes: a choice with effects
    assert cards["shelves"]["choices"] == [{
        "text": "Pocket the coin and go back", "goto": "hall",
        "do": [{"gain": {"variable": "coins", "amount": 1}}]}]
    assert result.game["variables"] == {"coins": {"initial": 0, "per": "game",
                                                  "text": "imported from Twee"}}
    assert any("(text-colour: red)" in u for u in result.unmapped)


def test_sugarcube_setter_links_and_if_blocks():
    result = imported("sugarcube")
    gate = result.story["cards"]["gate"]
    assert gate["choices"][0] == {"text": "Pay the toll", "goto": "road", "if": "gold >= 2",
                                  "do": [{"lose": {"variable": "gold", "amount": 2}}]}
    assert gate["choices"][1] == {"text": "Climb the wall", "goto": "wall"}
    assert result.story["cards"]["wall"]["do"] == [{"set-flag": "torn"}]
    assert ["<<audio" in u for u in result.unmapped].count(True) == 1
    assert "<<audio \"wind\" play>>" in gate["text"]  # kept as text
    # StoryInit runs before the story: a starting value, and a flag set on the start card
    assert result.game["variables"]["purse"]["initial"] == 4
    assert gate["do"][0] == {"set-flag": "cloaked"}
    assert result.story["cards"]["road"]["choices"][1] == {
        "text": "Buy a horse", "goto": "city", "if": "flag('cloaked') and purse > 3"}


def test_chapbook_vars_section_modifiers_and_inserts():
    result = imported("chapbook")
    dock = result.story["cards"]["dock"]
    assert dock["do"] == [{"set-flag": "lit"}, {"set": {"variable": "oil", "value": 2}}]
    assert dock["choices"] == [{"text": "Row to the island", "goto": "island", "if": "oil > 1"},
                               {"text": "Wait for dawn", "goto": "dawn"}]
    assert any("{embed passage: 'Dawn'}" in u for u in result.unmapped)


@pytest.mark.parametrize("name", ["harlowe", "sugarcube", "chapbook"])
def test_imported_packs_compile_and_the_report_lists_what_did_not_map(name, tmp_path):
    pack = tmp_path / name
    run = runner.invoke(app, ["import", "twee", str(HERE / f"{name}.twee"), "-o", str(pack)])
    assert run.exit_code == 0, run.output
    result = compile_pack(pack)
    assert result.report.errors == 0, result.report.sorted()
    report = (pack / "import-report.txt").read_text()
    assert "did not map and were kept as text" in report


def test_the_imported_story_is_checked_by_state(tmp_path):
    pack = tmp_path / "cellar"
    runner.invoke(app, ["import", "twee", str(HERE / "harlowe.twee"), "-o", str(pack)])
    found = [(d.code, d.item) for d in compile_pack(pack).report.diagnostics]
    # the hall sets the coins back to 0, so two coins are never in hand at the door
    assert found == [("GS411", "door")]


def test_a_broken_link_and_bad_input(tmp_path):
    source = ":: Start\n[[Go->Sart]]\n\n:: Sart2\nThe end.\n"
    pack = tmp_path / "broken"
    (tmp_path / "b.twee").write_text(source)
    assert runner.invoke(app, ["import", "twee", str(tmp_path / "b.twee"), "-o", str(pack)]).exit_code == 0
    [d] = compile_pack(pack).report.diagnostics[:1]
    assert (d.code, d.hint) == ("GS402", "did you mean 'sart2'?")
    again = runner.invoke(app, ["import", "twee", str(tmp_path / "b.twee"), "-o", str(pack)])
    assert again.exit_code == 1 and "--force" in again.output
    with pytest.raises(TweeError, match="no passages"):
        import_twee("just prose\n")
    (tmp_path / "bad.twee").write_text(":: StoryData\n{not json\n\n:: Start\nHi.\n")
    bad = runner.invoke(app, ["import", "twee", str(tmp_path / "bad.twee"), "-o", str(tmp_path / "x")])
    assert bad.exit_code == 1 and "line 1: StoryData is not JSON" in bad.output
