import pytest
from PIL import Image

from printkit.geometry import PAPER, px
from printkit.imposition import MARK_GAP, MARK_MIN, Slot, compose, fit

POKER = (63.5, 88.9)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_per_page(paper):
    sheet = fit(PAPER[paper], POKER, bleed=3.0, gutter=0.0, marks=True)
    assert (sheet.columns, sheet.rows) == (3, 3)


def test_counts_depend_on_size_gutter_and_marks():
    assert fit(PAPER["a4"], (88.9, 127.0), 3.0, 0.0, True).per_page == 4
    assert fit(PAPER["a4"], (44.0, 63.5), 3.0, 0.0, True).per_page == 16
    # With each card's full bleed kept on the sheet, a letter page has room for 6 only.
    assert fit(PAPER["letter"], POKER, 3.0, 6.0, True).per_page == 6
    assert fit(PAPER["a4"], (300.0, 400.0), 3.0, 0.0, True) is None


def test_grid_is_centred_and_butted():
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, True)
    left, top, right, _ = sheet.trim(Slot(0, 0))
    assert left == pytest.approx((210 - 3 * 63.5) / 2)
    assert top == pytest.approx((297 - 3 * 88.9) / 2)
    assert sheet.trim(Slot(1, 0))[0] == pytest.approx(right)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_outside_the_bleed_and_reach_the_paper(paper):
    sheet = fit(PAPER[paper], POKER, 3.0, 0.0, True)
    (ox, oy), (bw, bh) = sheet.origin, sheet.block
    lines = sheet.mark_lines()
    assert len(lines) == 2 * 4 + 2 * 4  # 4 cut lines each way, marked at both ends
    for x0, y0, x1, y1 in lines:
        length = abs(x1 - x0) + abs(y1 - y0)
        assert length >= MARK_MIN
        for x, y in ((x0, y0), (x1, y1)):
            inside_bleed = ox - 3 < x < ox + bw + 3 and oy - 3 < y < oy + bh + 3
            assert not inside_bleed
            assert 0 <= x <= PAPER[paper][0] and 0 <= y <= PAPER[paper][1]
        # each mark starts MARK_GAP beyond the bleed
        nearest = min(
            abs(v)
            for v in (
                y0 - (oy - 3),
                y1 - (oy - 3),
                y0 - (oy + bh + 3),
                y1 - (oy + bh + 3),
                x0 - (ox - 3),
                x1 - (ox - 3),
                x0 - (ox + bw + 3),
                x1 - (ox + bw + 3),
            )
        )
        assert nearest == pytest.approx(MARK_GAP)


def test_no_marks():
    assert fit(PAPER["a4"], POKER, 3.0, 0.0, False).mark_lines() == []


def test_duplex_long_mirrors_columns():
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, True)
    assert sheet.back_of(Slot(0, 0), "duplex-long") == Slot(2, 0)
    assert sheet.back_of(Slot(1, 2), "duplex-long") == Slot(1, 2)
    assert sheet.back_of(Slot(2, 1), "duplex-long") == Slot(0, 1)


def test_duplex_short_mirrors_rows_and_turns_backs():
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, True)
    assert sheet.back_of(Slot(0, 0), "duplex-short") == Slot(0, 2, turned=True)
    assert sheet.back_of(Slot(2, 1), "duplex-short") == Slot(2, 1, turned=True)


def _card(colour, dpi=100, bleed_colour=(0, 0, 0)):
    """A card image whose bleed is one colour and trim another, with a marker at its top-left."""
    from printkit.geometry import CardGeometry

    g = CardGeometry(*POKER, 3.0, dpi)
    image = Image.new("RGB", g.size_px, bleed_colour)
    image.paste(colour, g.trim_rect)
    b = g.bleed_px
    image.paste((255, 255, 0), (b, b, b + 10, b + 10))
    return image


@pytest.mark.parametrize("duplex", ["duplex-long", "duplex-short"])
def test_back_page_puts_each_back_behind_its_front(duplex):
    dpi = 100
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, True)
    front = Slot(0, 0)
    back = sheet.back_of(front, duplex)
    page = compose(sheet, [(back, _card((0, 0, 255), dpi))], dpi)
    # Turn the printed back page over the way the printer flips it and look through the
    # paper: the back must be exactly behind the front slot.
    seen = page.transpose(
        Image.Transpose.FLIP_LEFT_RIGHT
        if duplex == "duplex-long"
        else Image.Transpose.FLIP_TOP_BOTTOM
    )
    left, top, right, bottom = sheet.trim(front)
    centre = (px((left + right) / 2, dpi), px((top + bottom) / 2, dpi))
    assert seen.getpixel(centre) == (0, 0, 255)
    # Short-edge backs are turned: the marker at the back's top-left lands bottom-right.
    bl, bt, br, bb = sheet.trim(back)
    corner = (
        (px(br, dpi) - 5, px(bb, dpi) - 5)
        if duplex == "duplex-short"
        else (px(bl, dpi) + 5, px(bt, dpi) + 5)
    )
    assert page.getpixel(corner) == (255, 255, 0)


def test_page_keeps_bleed_outside_and_cuts_it_between_butted_cards():
    dpi = 100
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, False)
    cards = [(slot, _card((200, 200, 200), dpi)) for slot in sheet.slots()]
    page = compose(sheet, cards, dpi)
    assert page.size == (px(210, dpi), px(297, dpi))
    left, top, right, bottom = sheet.trim(Slot(0, 0))
    # outer bleed (black) is printed just outside the block's trim
    assert page.getpixel((px(left, dpi) - 3, px(top, dpi) + 50)) == (0, 0, 0)
    # between two butted cards there is trim, not bleed
    assert page.getpixel((px(right, dpi), px(top, dpi) + 50)) != (0, 0, 0)


@pytest.mark.parametrize("dpi", [100, 150, 300])
def test_butted_cards_meet_without_seams(dpi):
    sheet = fit(PAPER["letter"], POKER, 3.0, 0.0, False)
    cards = [(slot, _card((200, 200, 200), dpi, bleed_colour=(0, 0, 0))) for slot in sheet.slots()]
    page = compose(sheet, cards, dpi)
    _, top, right, _ = sheet.trim(Slot(0, 0))
    y = px(top, dpi) + 40
    row = [page.getpixel((x, y)) for x in range(px(right, dpi) - 3, px(right, dpi) + 3)]
    assert (0, 0, 0) not in row and (255, 255, 255) not in row
