"""Every preflight code, planted in one pack, comes back as a diagnostic at the right place."""

from PIL import Image

from compiler.diagnostics import CATALOGUE
from printkit import Locator, Options, PrintJob


def test_every_preflight_code_is_found_where_the_designer_fixes_it(pack, compiled, edit):
    root = pack("mini")
    gear = root / "cards/gear.yaml"
    (root / "art").mkdir(exist_ok=True)
    Image.new("RGB", (60, 40), "red").save(root / "art/tiny.png")
    edit(
        gear,
        "    text: Look at the top card of any deck.",
        "    image: art/missing.png\n    text: " + "Look at the top card of any deck. " * 40,
    )  # GS703, GS701
    edit(
        gear,
        '    text: ":bolt: Move two extra squares. *Once per fight.*"',
        '    image: art/tiny.png\n    text: ":sword: Roll ⚄ to move."',
    )  # GS704, GS705, GS708
    layout = root / "layouts/gear.yaml"
    edit(
        layout,
        "  - {type: text, field: text,",
        "  - {type: image, field: image, x: 5, y: 19, w: 53.5, h: 30}\n"
        "  - {type: text, field: text,",
    )
    edit(layout, "field: slot, x: 5,", "field: slott, x: 1,")  # GS706, GS702
    edit(root / "cards/types.yaml", "size: jumbo", "size: giant")  # GS707
    edit(gear, "cost: 2\n", "cost: 500\n")  # GS711 with the box below
    edit(layout, "  - {type: table,", "  - {type: stat-bar, field: cost, style: pips, x: 5, y: 40, "
         "w: 53.5, h: 4}\n  - {type: table,")

    result = compiled(root)
    issues = PrintJob(result.game, Options(dpi=100, workers=1, cache=root / "cache")).render()
    report = Locator(result.units).report(issues, {})
    found = {(d.code, d.file.split("/", 1)[1], d.item) for d in report.diagnostics}
    assert found == {
        ("GS701", "cards/gear.yaml", "old-map"),
        ("GS702", "layouts/gear.yaml", None),
        ("GS703", "cards/gear.yaml", "old-map"),
        ("GS704", "cards/gear.yaml", "lucky-boot"),
        ("GS705", "cards/gear.yaml", "lucky-boot"),
        ("GS706", "layouts/gear.yaml", None),
        ("GS707", "cards/types.yaml", None),
        ("GS708", "cards/gear.yaml", "lucky-boot"),
        ("GS711", "cards/gear.yaml", "old-map"),
    }
    # GS712-713 check variables and GS715 bots' `evaluation:` weights; they are numbered among
    # the print checks by assignment, not print checks themselves.
    preflight = {code for code in CATALOGUE if code.startswith("GS7")} - {"GS712", "GS713", "GS715"}
    assert {code for code, _, _ in found} == preflight
    lines = gear.read_text().splitlines()
    where = {d.code: d.line for d in report.diagnostics}
    assert lines[where["GS704"] - 1].strip() == "image: art/tiny.png"
    assert lines[where["GS708"] - 1].strip().startswith('text: ":sword:')


def test_game_severity_overrides_apply(pack, compiled, edit):
    root = pack("mini")
    edit(root / "game.yaml", "grid-square: 25.4", "grid-square: 25.4\nseverity: {GS701: warning}")
    edit(
        root / "cards/gear.yaml",
        "    text: Look at the top card of any deck.",
        "    text: " + "Look at the top card of any deck. " * 40,
    )
    result = compiled(root)
    issues = PrintJob(result.game, Options(dpi=100, workers=1, cache=root / "cache")).render()
    report = Locator(result.units).report(issues, result.game.game.severity)
    assert [(d.code, d.severity.value) for d in report.diagnostics] == [("GS701", "warning")]
    assert report.errors == 0


def test_an_image_linked_from_outside_the_pack_is_not_read(pack, compiled, edit, tmp_path):
    from PIL import Image

    outside = tmp_path / "private.png"
    Image.new("RGB", (900, 1200), "red").save(outside)
    root = pack("mini")
    (root / "art").mkdir(exist_ok=True)
    (root / "art" / "old-map.png").symlink_to(outside)
    edit(root / "cards/gear.yaml", "name: Old Map", "name: Old Map\n    image: art/old-map.png")
    edit(root / "layouts/gear.yaml", "  - {type: text, field: text,",
         "  - {type: image, field: image, x: 5, y: 19, w: 53.5, h: 30}\n  - {type: text, field: text,")
    result = compiled(root)
    issues = PrintJob(result.game, Options(dpi=100, workers=1, cache=root / "cache")).render()
    assert [i.message for i in issues if i.code == "GS703"] == ["image 'art/old-map.png' is outside the pack"]
