import pytest

from printkit import boards
from printkit.geometry import PAPER, px


def test_board_is_drawn_to_scale(pack, compiled):
    game = compiled(pack("board")).game
    dpi = 50
    image = boards.render(game.landscapes["field"], game.landscapes, game.terrain, 25.4, dpi)
    band = px(boards.BAND, dpi)
    assert image.size == (19 * 50 + 2 * band, 14 * 50 + 2 * band)  # one square = one inch
    # the pond (impassable, 3 × 2 from H6) is coloured; an empty square is not
    pond = (band + 7 * 50 + 25, band + 5 * 50 + 25)
    assert image.getpixel(pond) != image.getpixel((band + 3 * 50 + 25, band + 8 * 50 + 25))


def test_areas_are_washed_with_their_colour_at_half_strength(pack, compiled):
    game = compiled(pack("board")).game
    dpi = 50
    image = boards.render(game.landscapes["field"], game.landscapes, game.terrain, 25.4, dpi)
    band = px(boards.BAND, dpi)

    def centre(column: int, row: int) -> tuple:
        return image.getpixel((band + column * 50 + 25, band + row * 50 + 25))

    ground, enemy = (0xF4, 0xEF, 0xE2), (0x3B, 0x82, 0xF6)  # `enemy` is the first area by name
    washed = tuple(round((e * 128 + g * 127) / 255) for e, g in zip(enemy, ground, strict=True))
    assert all(abs(a - b) <= 1 for a, b in zip(centre(8, 2), washed, strict=True))  # I3
    assert centre(8, 3) == ground  # I4, in no area
    # a whole cell is washed, up to its outline
    assert image.getpixel((band + 8 * 50 + 3, band + 2 * 50 + 3)) == centre(8, 2)


def test_small_board_fits_one_page():
    plan = boards.tiling((120.0, 120.0), PAPER["a4"])
    assert (plan.columns, plan.rows) == (1, 1)
    assert plan.marks() == []


def test_large_board_is_split_with_overlap_and_marks_in_the_overlaps():
    size = (19 * 25.4 + 14, 14 * 25.4 + 14)
    plan = boards.tiling(size, PAPER["a4"])
    assert plan.paper == (297.0, 210.0)  # landscape needs fewer pages
    assert (plan.columns, plan.rows) == (2, 2)
    regions = [r for _, _, r in plan.regions()]
    assert regions[0][:2] == (0, 0) and regions[-1][2:] == pytest.approx(size)
    assert regions[0][2] - regions[1][0] >= boards.OVERLAP  # horizontal neighbours overlap
    assert regions[0][3] - regions[2][1] >= boards.OVERLAP
    for x, y in plan.marks():  # each mark lies on at least two pages
        pages = [r for r in regions if r[0] <= x <= r[2] and r[1] <= y <= r[3]]
        assert len(pages) >= 2


def test_a_large_board_is_placed_once_per_page_clipped_to_that_page(pack, compiled, tmp_path):
    game = compiled(pack("board")).game
    dpi = 30
    image = boards.render(game.landscapes["field"], game.landscapes, game.terrain, 25.4, dpi)
    size = (image.width * 25.4 / dpi, image.height * 25.4 / dpi)
    plan = boards.tiling(size, PAPER["a4"])
    captions = [(tmp_path / f"caption-{n}.png", 40.0) for n in range(4)]
    pages = boards.page_pictures(tmp_path / "board.png", size, captions, PAPER["a4"])
    assert len(pages) == 4 and all(paper == (297.0, 210.0) for paper, _ in pages)
    margin = boards.PAGE_MARGIN
    for (paper, (board, caption)), (_, _, (x0, y0, x1, y1)) in zip(pages, plan.regions(),
                                                                    strict=True):
        assert board.png == tmp_path / "board.png"  # one image, shown by every page
        left, top, right, bottom = board.box
        assert (right - left, bottom - top) == pytest.approx(size)  # to scale
        assert (left + x0, top + y0) == pytest.approx((margin, margin))
        assert board.clip == pytest.approx((margin, margin, margin + x1 - x0, margin + y1 - y0))
        assert board.clip[2] <= paper[0] - margin and board.clip[3] <= paper[1] - margin
        assert caption.box[1] >= 0 and caption.box[3] <= margin  # in the top margin
    assert boards.page_labels(plan, "field")[1] == "field · page 2 of 4 · row 1, column 2"


def test_a_caption_is_its_text_on_white(tmp_path):
    short, long = boards.label("field", 100), boards.label("field · page 2 of 4", 100)
    assert short.height == long.height == px(boards.LABEL_HEIGHT, 100)
    assert short.width < long.width
    assert short.convert("L").getextrema()[0] < 255  # some ink


def test_small_boards_share_pages_without_overlapping():
    sizes = [(60.0, 60.0)] * 13 + [(120.0, 60.0)]
    paper, pages = boards.pack(sizes, PAPER["a4"])
    placed = [(i, x, y) for page in pages for i, x, y in page]
    assert sorted(i for i, _, _ in placed) == list(range(len(sizes)))
    assert len(pages) == 2
    for page in pages:
        rects = [(x, y - boards.LABEL, x + sizes[i][0], y + sizes[i][1]) for i, x, y in page]
        for r in rects:  # inside the margins, title included
            assert r[0] >= boards.PAGE_MARGIN and r[1] >= boards.PAGE_MARGIN
            assert r[2] <= paper[0] - boards.PAGE_MARGIN and r[3] <= paper[1] - boards.PAGE_MARGIN
        for a in rects:
            for b in rects:
                if a is not b:
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_pdf_has_cut_pages_for_large_boards_and_a_shared_page_for_tiles(pack, compiled, tmp_path):
    import re

    from printkit import Options, PrintJob

    root = pack("board")
    job = PrintJob(
        compiled(root).game,
        Options(dpi=50, workers=1, cache=tmp_path / "c", pdf=tmp_path / "b.pdf"),
    )
    job.render()
    job.write()
    assert job.stats.pages == 5  # the field on 4 landscape pages, the corner tile on one
    boxes = re.findall(rb"/MediaBox\s*\[([^\]]+)\]", (tmp_path / "b.pdf").read_bytes())
    sizes = {tuple(round(float(v), 2) for v in b.split()) for b in boxes}
    assert sizes == {(0, 0, 841.89, 595.28), (0, 0, 595.28, 841.89)}
    import pikepdf

    with pikepdf.open(tmp_path / "b.pdf") as doc:
        images = {i.objgen for page in doc.pages for i in page.Resources.XObject.values()}
    assert len(images) == 7  # the field once, its 4 captions, the tile and its caption
