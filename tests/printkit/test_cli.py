import re

from typer.testing import CliRunner

from gamesmith.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, ["print", *map(str, args)])


def test_print_writes_a_pdf(pack, tmp_path):
    root = pack("mini")
    out = tmp_path / "out.pdf"
    result = run(
        root, "-o", out, "--dpi", 100, "--paper", "letter", "--backs", "duplex-short", "-j", 1
    )
    assert result.exit_code == 0, result.output
    assert len(re.findall(rb"/Type\s*/Page\b", out.read_bytes())) == 4


def test_preflight_errors_fail_unless_allowed(pack, edit, tmp_path):
    root = pack("mini")
    edit(
        root / "cards/gear.yaml",
        "    text: Look at the top card of any deck.",
        "    text: " + "Look at the top card of any deck. " * 40,
    )
    out = tmp_path / "out.pdf"
    failed = run(root, "-o", out, "--dpi", 100, "-j", 1)
    assert failed.exit_code == 1
    assert "GS701" in failed.output and "gear.yaml" in failed.output
    assert not out.exists()
    allowed = run(root, "-o", out, "--dpi", 100, "-j", 1, "--allow-overflow")
    assert allowed.exit_code == 0 and out.exists()


def test_json_diagnostics(pack, edit):
    root = pack("mini")
    edit(root / "layouts/gear.yaml", "field: slot,", "field: slott,")
    result = run(root, "--png", root / "png", "--dpi", 100, "-f", "json", "-j", 1)
    assert result.exit_code == 1
    assert '"GS706"' in result.output


def test_usage_errors_exit_2(pack):
    root = pack("mini")
    assert run(root, "--paper", "a3").exit_code == 2
    assert run(root, "--backs", "both").exit_code == 2
    unknown = run(root, "--deck", "gear")
    assert unknown.exit_code == 2 and "gear-deck" in unknown.output


def test_broken_content_exits_1(pack, edit):
    root = pack("mini")
    edit(root / "cards/gear.yaml", "type: gear", "type: gears")
    result = run(root, "--png", root / "png")
    assert result.exit_code == 1 and "GS301" in result.output
