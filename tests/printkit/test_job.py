"""A print job on the fixture packs: preflight diagnostics, the cache, and every output."""

import json
import re

import pytest
from PIL import Image

from printkit import Locator, Options, PrintJob
from printkit.geometry import PAPER, mm_to_pt
from printkit.tts import MAX_SIDE

DPI = 100


@pytest.fixture
def job(compiled):
    def make(root, **options):
        result = compiled(root)
        opts = {"dpi": DPI, "workers": 1, "cache": root / "cache"} | options
        return result, PrintJob(result.game, Options(**opts))

    return make


def diagnostics(result, j):
    report = Locator(result.units).report(j.render(), result.game.game.severity)
    return [(d.code, d.file, d.line, d.message) for d in report.sorted()]


def test_clean_pack_has_no_issues(pack, job):
    result, j = job(pack("mini"))
    assert diagnostics(result, j) == []
    assert [c.id for c in j.cards] == ["iron-pot", "lucky-boot", "old-map", "ada"]
    assert j.stats.faces == 6  # four fronts, one shared gear back, the heroes' default back


def test_preflight_catches_a_planted_overflow_and_a_missing_image(pack, job, edit):
    root = pack("mini")
    edit(
        root / "cards/gear.yaml",
        "    text: Look at the top card of any deck.",
        "    image: art/old-map.png\n    text: " + "Look at the top card of any deck. " * 40,
    )
    edit(
        root / "layouts/gear.yaml",
        "  - {type: text, field: text,",
        "  - {type: image, field: image, x: 5, y: 19, w: 53.5, h: 30}\n"
        "  - {type: text, field: text,",
    )
    result, j = job(root)
    found = diagnostics(result, j)
    lines = (root / "cards/gear.yaml").read_text().splitlines()
    image_line = next(i for i, line in enumerate(lines, 1) if "image: art/old-map.png" in line)
    assert [(code, file, line) for code, file, line, _ in found] == [
        ("GS703", "mini/cards/gear.yaml", image_line),
        ("GS701", "mini/cards/gear.yaml", image_line + 1),
    ]
    assert "card 'old-map'" in found[0][3] and "art/old-map.png" in found[0][3]
    assert "field 'text' overflows" in found[1][3]


def test_layout_and_size_problems(pack, job, edit):
    root = pack("mini")
    edit(root / "layouts/gear.yaml", "field: slot,", "field: slott,")
    edit(root / "cards/types.yaml", "size: jumbo", "size: giant")
    result, j = job(root)
    codes = {(code, file) for code, file, _, _ in diagnostics(result, j)}
    assert codes == {("GS706", "mini/layouts/gear.yaml"), ("GS707", "mini/cards/types.yaml")}


def test_suppression_and_severity_overrides_apply(pack, job, edit):
    root = pack("mini")
    edit(
        root / "cards/gear.yaml",
        "    text: Look at the top card of any deck.",
        "    suppress: [GS701]\n    text: " + "Look at the top card of any deck. " * 40,
    )
    result, j = job(root)
    assert diagnostics(result, j) == []


def test_second_run_draws_nothing_and_an_edit_redraws_one_face(pack, job, edit):
    root = pack("mini")
    _, first = job(root)
    first.render()
    assert first.stats.rendered == 6
    _, second = job(root)
    second.render()
    assert second.stats.rendered == 0
    edit(root / "cards/gear.yaml", "name: Old Map", "name: Older Map")
    _, third = job(root)
    third.render()
    assert third.stats.rendered == 1  # its front; the shared back does not read the name


def test_cache_entries_are_complete_or_absent(pack, job):
    root = pack("mini")
    _, j = job(root)
    j.render()
    key = next(iter(j.faces))
    j.cache.path(key).with_suffix(".json").unlink()  # as if interrupted between image and issues
    _, again = job(root)
    again.render()
    assert again.stats.rendered == 1


def test_pdf_pages_have_exact_sizes_and_each_face_once_as_a_lossless_image(pack, job, tmp_path):
    import pikepdf

    root = pack("mini")
    out = tmp_path / "cards.pdf"
    _, j = job(root, dpi=300, paper="letter", backs="duplex-long", pdf=out)
    j.render()
    j.write()
    with pikepdf.open(out) as doc:
        boxes = [tuple(float(v) for v in page.MediaBox) for page in doc.pages]
        assert len(boxes) == 4  # gear fronts and backs, hero front and back
        assert all(b == pytest.approx((0, 0, 612, 792)) for b in boxes)
        images = {}
        placed = []
        for page in doc.pages:
            for image in page.Resources.XObject.values():
                images[image.objgen] = image
            placed += [[float(v) for v in operands] for operands, op
                       in pikepdf.parse_content_stream(page) if str(op) == "cm"]
        faces = {face for c in j.cards for face in (c.front, c.back)}
        assert len(images) == len(faces)  # each distinct face once, however many cards show it
        for image in images.values():
            assert image.Filter == "/FlateDecode"  # lossless
        assert len(placed) == sum(c.count for c in j.cards) * 2  # every card, front and back
        sizes = {tuple(mm_to_pt(v + 2 * 3.0) for v in c.size) for c in j.cards}
        for a, _b, _c, d, _e, _f in placed:  # each image at its exact size, trim plus bleed
            assert any((abs(a), abs(d)) == pytest.approx(size, abs=1e-3) for size in sizes)


def test_sheets_place_cards_at_their_slots_with_crop_marks(pack, job, tmp_path):
    import pikepdf

    from printkit.imposition import fit, placements

    out = tmp_path / "heroes.pdf"
    _, j = job(pack("mini"), pdf=out, decks=("heroes",))
    j.render()
    j.write()
    (card,) = j.cards
    sheet = fit(PAPER["a4"], card.size, 3.0, 0.0, True)
    (expected,) = placements(sheet, sheet.slots()[: card.count])[:1]
    height = mm_to_pt(PAPER["a4"][1])
    with pikepdf.open(out) as doc:
        ops = list(pikepdf.parse_content_stream(doc.pages[0]))
    clips = [[float(v) for v in operands] for operands, op in ops if str(op) == "re"]
    left, top, right, bottom = (mm_to_pt(v) for v in expected.clip)
    assert clips[0] == pytest.approx([left, height - bottom, right - left, bottom - top], abs=1e-3)
    strokes = sum(1 for _, op in ops if str(op) == "S")
    assert strokes == len(sheet.mark_lines(sheet.slots()[: card.count]))


def test_a4_page_size(pack, job, tmp_path):
    out = tmp_path / "a4.pdf"
    _, j = job(pack("mini"), pdf=out, decks=("heroes",))
    j.render()
    j.write()
    box = re.findall(rb"/MediaBox\s*\[([^\]]+)\]", out.read_bytes())
    assert [tuple(float(v) for v in b.split()) for b in box] == [
        pytest.approx((0, 0, 595.28, 841.89), abs=0.01)
    ]


def test_png_per_card_at_print_shop_size(pack, job, tmp_path):
    out = tmp_path / "png"
    _, j = job(pack("mini"), dpi=300, png=out)
    j.render()
    j.write()
    assert Image.open(out / "gear-deck" / "iron-pot.png").size == (820, 1120)
    assert Image.open(out / "heroes" / "ada.png").size == (1120, 1570)  # jumbo 88.9 × 127 mm
    assert Image.open(out / "gear-deck" / "iron-pot.png").info["dpi"] == pytest.approx(
        (300, 300), abs=0.01
    )
    manifest = json.loads((out / "manifest.json").read_text())
    assert [(c["id"], c["count"], c["back"]) for c in manifest["gear-deck"]] == [
        ("iron-pot", 1, "gear-deck/back.png"),
        ("lucky-boot", 2, "gear-deck/back.png"),
        ("old-map", 1, "gear-deck/back.png"),
    ]


def test_tts_sheets(pack, job, tmp_path):
    out = tmp_path / "tts"
    _, j = job(pack("mini"), dpi=300, tts=out)
    j.render()
    j.write()
    sheet = Image.open(out / "gear-deck-1.png")
    assert sheet.width <= MAX_SIDE and sheet.height <= MAX_SIDE
    assert sheet.width % 10 == 0 and sheet.height % 7 == 0
    saved = json.loads((out / "gear-deck.json").read_text())["ObjectStates"][0]
    assert saved["DeckIDs"] == [100, 101, 101, 102]
    assert saved["CustomDeck"]["1"]["NumWidth"] == 10 and saved["CustomDeck"]["1"]["NumHeight"] == 7
    assert (out / "gear-deck-back.png").exists()
    # each card carries its sheet, so a card drawn from the deck keeps its faces
    assert all(c["CustomDeck"] == saved["CustomDeck"] for c in saved["ContainedObjects"])
    # TTS has no deck of one card: the lone hero is saved as a card
    hero = json.loads((out / "heroes.json").read_text())["ObjectStates"][0]
    assert hero["Name"] == "Card" and hero["CardID"] == 100 and "1" in hero["CustomDeck"]


def test_parallel_rendering_matches_serial(pack, job, edit):
    root = pack("mini")
    edit(
        root / "cards/gear.yaml",
        "  - id: old-map",
        "\n".join(
            f"  - {{id: extra-{i}, name: Extra {i}, cost: {i}, origin: loot, text: Card number {i}.}}"
            for i in range(14)
        )
        + "\n  - id: old-map",
    )
    _, j = job(root, workers=2)
    issues = j.render()
    assert j.stats.rendered == 20 and issues == []  # 18 fronts, 2 backs
    _, serial = job(root, workers=1, cache=root / "cache2")
    serial.render()
    key = next(k for k in j.faces if "Extra 7" in json.dumps(j.faces[k].values))
    assert j.cache.path(key).read_bytes() == serial.cache.path(key).read_bytes()


def test_cache_keeps_what_runs_use_and_prunes_the_rest(pack, job, edit, tmp_path):
    import os
    import time

    from printkit.cache import KEEP_DAYS

    root = pack("mini")
    _, first = job(root, pdf=tmp_path / "a.pdf")
    first.render()
    first.write()
    files = {p for p in (root / "cache").glob("*/*/*") if p.is_file()}
    _, again = job(root, pdf=tmp_path / "a.pdf")
    again.render()
    again.write()
    assert again.stats.pruned == 0
    assert {p for p in (root / "cache").glob("*/*/*") if p.is_file()} == files

    edit(root / "cards/gear.yaml", "name: Old Map", "name: Older Map")
    _, edited = job(root, pdf=tmp_path / "a.pdf")
    edited.render()
    edited.write()
    assert edited.stats.pruned == 1  # the last PDF; the old face and page wait in case
    stale = [
        p
        for p in (root / "cache").glob("*/*/*")
        if p.is_file() and p.name[:64] not in edited.cache.used
    ]
    assert stale and all(p.parent.parent.name in ("faces", "pages") for p in stale)
    long_ago = time.time() - (KEEP_DAYS + 1) * 86400
    for p in stale:
        os.utime(p, (long_ago, long_ago))
    _, later = job(root, pdf=tmp_path / "a.pdf")
    later.render()
    later.write()
    assert later.stats.pruned == len(stale) and not any(p.exists() for p in stale)


def test_clean_cache_drops_what_this_run_did_not_use(pack, job, tmp_path):
    root = pack("mini")
    _, everything = job(root, png=tmp_path / "png")
    everything.render()
    everything.write()
    _, heroes = job(root, png=tmp_path / "png", decks=("heroes",), clean_cache=True)
    heroes.render()
    heroes.write()
    left = [p for p in (root / "cache").glob("*/*/*") if p.is_file()]
    assert heroes.stats.pruned > 0
    assert len(left) == 2 * heroes.stats.faces  # each face's image and its issues


def test_art_named_by_a_layout_template_is_claimed(pack, compiled, edit):
    root = pack("mini")
    (root / "art").mkdir(exist_ok=True)
    Image.new("RGB", (8, 8)).save(root / "art" / "old-map.png")
    Image.new("RGB", (8, 8)).save(root / "stray.png")
    edit(
        root / "layouts/gear.yaml",
        "  - {type: text, field: text,",
        "  - {type: image, text: 'art/{id}.png', x: 5, y: 19, w: 53.5, h: 30}\n"
        "  - {type: text, field: text,",
    )
    found = [(d.code, d.file) for d in compiled(root).report.diagnostics]
    assert found == [("GS303", "mini/stray.png")]


def test_cache_refuses_a_folder_of_someone_elses_files(pack, job, tmp_path):
    from printkit.cache import CacheRefused

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "holiday.png").write_bytes(b"not the cache's")
    root = pack("mini")
    with pytest.raises(CacheRefused, match="not empty and is not a gamesmith cache"):
        job(root, cache=mine)
    (tmp_path / "link").symlink_to(mine)
    with pytest.raises(CacheRefused):
        job(root, cache=tmp_path / "link")
    assert [p.name for p in mine.iterdir()] == ["holiday.png"]


def test_prune_deletes_only_what_the_manifest_lists(pack, job, tmp_path):
    root = pack("mini")
    _, first = job(root, pdf=tmp_path / "a.pdf")
    first.render()
    first.write()
    planted = root / "cache" / "faces" / "ee" / ("e" * 64 + ".png")  # an entry's shape, not ours
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_bytes(b"a user's file")
    _, clean = job(root, pdf=tmp_path / "a.pdf", decks=("heroes",), clean_cache=True)
    clean.render()
    clean.write()
    assert clean.stats.pruned > 0 and planted.read_bytes() == b"a user's file"


def test_default_cache_is_outside_the_pack(pack, compiled, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    monkeypatch.delenv("GAMESMITH_CACHE", raising=False)
    root = pack("mini")
    j = PrintJob(compiled(root).game, Options(dpi=DPI, workers=1))
    assert j.cache.folder.is_relative_to(tmp_path / "user-cache" / "gamesmith")
    assert not j.cache.folder.is_relative_to(root)


def test_entries_of_any_kind_the_cache_wrote_are_its_own_to_prune(tmp_path):
    """Kinds with digits (the browser table's `screen110` faces) are listed and pruned like
    the print's own, never orphaned in the manifest."""
    from printkit.cache import Cache

    cache = Cache.claim(tmp_path / "cache")
    written = cache.put("ab" + "0" * 62, "screen110", b"png")
    assert written.is_file()
    later = Cache.claim(tmp_path / "cache")  # a later run that did not use it
    assert later.prune(everything=True) == 1 and not written.exists()
