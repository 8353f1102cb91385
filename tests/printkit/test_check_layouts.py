"""`gamesmith check` runs the layout checks that need no drawing (fields, icons, image files,
fonts); `check --preflight` adds those that do (text overflow)."""

from __future__ import annotations

from typer.testing import CliRunner

from gamesmith.cli import app
from tests.printkit.conftest import replace_once

runner = CliRunner()


def check(*args):
    return runner.invoke(app, ["check", "--no-color", *map(str, args)])


def test_a_clean_pack_stays_clean(pack):
    result = check(pack("mini"))
    assert result.exit_code == 0, result.output


def test_layout_field_typo_is_found_by_check(pack):
    root = pack("mini")
    replace_once(root / "layouts/gear.yaml", "field: slot,", "field: slott,")
    result = check(root)
    assert result.exit_code == 1
    assert "layouts/gear.yaml:11:5" in result.output and "GS706" in result.output
    assert "did you mean 'slot'?" in result.output


def test_a_second_check_from_the_cache_still_reports_layout_problems(pack):
    root = pack("mini")
    replace_once(root / "layouts/gear.yaml", "field: slot,", "field: slott,")
    first, second = check(root), check(root)
    assert first.output == second.output and "GS706" in second.output
    assert second.exit_code == 1


def test_unknown_icon_in_card_text_is_found_by_check(pack):
    root = pack("mini")
    replace_once(root / "cards/gear.yaml", ":bolt: Move", ":blot: Move")
    result = check(root)
    assert result.exit_code == 1
    assert "GS705" in result.output and "cards/gear.yaml:21:" in result.output
    assert "did you mean" in result.output


def test_missing_image_is_found_by_check(pack):
    root = pack("mini")
    replace_once(root / "layouts/gear.yaml", "  - {type: rect, x: 2.5",
                 "  - {type: image, text: art/none.png, x: 5, y: 20, w: 20, h: 20}\n  - {type: rect, x: 2.5")
    result = check(root)
    assert result.exit_code == 1
    assert "GS703" in result.output and "art/none.png" in result.output


def test_overflow_needs_preflight(pack):
    root = pack("mini")
    replace_once(root / "cards/gear.yaml", "    text: Look at the top card of any deck.",
                 "    text: " + "Look at the top card of any deck. " * 40)
    assert check(root).exit_code == 0
    result = check(root, "--preflight")
    assert result.exit_code == 1 and "GS701" in result.output
