import pytest

from printkit.geometry import PAPER
from printkit.imposition import MARK_GAP, MARK_MIN, Slot, fit, placements

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


@pytest.mark.parametrize("duplex", ["duplex-long", "duplex-short"])
def test_back_page_puts_each_back_behind_its_front(duplex):
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, True)
    front = Slot(0, 0)
    (back,) = placements(sheet, [sheet.back_of(front, duplex)])
    (seen,) = placements(sheet, [front])
    # Turn the printed back page over the way the printer flips it and look through the
    # paper: the back must be exactly behind the front slot.
    w, h = PAPER["a4"]
    left, top, right, bottom = back.clip
    flipped = (w - right, top, w - left, bottom) if duplex == "duplex-long" else \
        (left, h - bottom, right, h - top)
    assert flipped == pytest.approx(seen.clip)
    # Short-edge backs are turned so they read the right way up once the card is turned over.
    assert back.turned is (duplex == "duplex-short")


def test_images_keep_their_exact_size_and_bleed_shows_only_at_the_block_edge():
    sheet = fit(PAPER["a4"], POKER, 3.0, 0.0, False)
    placed = placements(sheet, sheet.slots())
    for slot, place in zip(sheet.slots(), placed, strict=True):
        left, top, right, bottom = place.image
        assert (right - left, bottom - top) == pytest.approx((63.5 + 6, 88.9 + 6))
        assert (left + 3, top + 3) == pytest.approx(sheet.trim(slot)[:2])
    first, second = placed[0], placed[1]
    trim = sheet.trim(Slot(0, 0))
    # the outer bleed is shown, outside the block's trim
    assert first.clip[:2] == pytest.approx((trim[0] - 3, trim[1] - 3))
    # butted cards meet at the cut: no bleed between them, no gap, no overlap
    assert first.clip[2] == pytest.approx(trim[2]) == pytest.approx(second.clip[0])


def test_a_gutter_shares_its_width_between_neighbours_and_empty_slots_keep_the_bleed():
    sheet = fit(PAPER["a4"], POKER, 3.0, 4.0, False)
    first, second = placements(sheet, [Slot(0, 0), Slot(1, 0)])
    trim = sheet.trim(Slot(0, 0))
    assert first.clip[2] == pytest.approx(trim[2] + 2.0)  # half the 4 mm gutter
    assert second.clip[0] == pytest.approx(sheet.trim(Slot(1, 0))[0] - 2.0)
    assert first.clip[3] == pytest.approx(trim[3] + 3.0)  # nothing below: the full bleed
