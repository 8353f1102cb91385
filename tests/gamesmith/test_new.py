"""`gamesmith new PACK` scaffolds a pack that checks clean, plays its story and prints."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gamesmith.cli import app

runner = CliRunner()


def test_new_pack_checks_plays_and_prints(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["new", "night-market"])
    assert made.exit_code == 0, made.output
    pack = tmp_path / "night-market"
    for name in ("game.yaml", "card-types/item.yaml", "cards/items.yaml", "stories/first-night.yaml",
                 "layouts/item.yaml", "README.md", ".schema/cards.schema.json"):
        assert (pack / name).is_file(), name
    first = (pack / "cards" / "items.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../.schema/cards.schema.json"
    assert "title: Night Market" in (pack / "game.yaml").read_text()

    checked = runner.invoke(app, ["check", "night-market", "--format", "json"])
    assert checked.exit_code == 0, checked.output
    summary = json.loads(checked.output)["summary"]
    assert (summary["errors"], summary["warnings"], summary["counts"]["card"]) == (0, 0, 3)

    played = runner.invoke(app, ["play", "night-market", "--story", "first-night", "--seat", "random",
                                 "--seed", "3"])
    assert played.exit_code == 0, played.output
    assert "ending 'victory'" in played.output

    printed = runner.invoke(app, ["print", "night-market", "-o", "cards.pdf", "--dpi", "100"])
    assert printed.exit_code == 0, printed.output
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")


def test_new_refuses_a_folder_with_files(tmp_path):
    (tmp_path / "x.txt").write_text("mine")
    result = runner.invoke(app, ["new", str(tmp_path)])
    assert result.exit_code == 2 and (tmp_path / "x.txt").read_text() == "mine"
