import pytest

from compiler.language.documents import CardSize
from printkit.geometry import CardGeometry, card_size, mm_to_pt, px


@pytest.mark.parametrize(
    ("width", "height", "bleed", "dpi", "trim", "full"),
    [
        (63.5, 88.9, 3.0, 300, (750, 1050), (820, 1120)),  # poker: 2.5 × 3.5 in
        (63.5, 88.9, 0.0, 300, (750, 1050), (750, 1050)),
        (63.5, 88.9, 3.0, 600, (1500, 2100), (1642, 2242)),
        (88.9, 127.0, 3.0, 300, (1050, 1500), (1120, 1570)),  # 3.5 × 5 in
        (63.5, 88.9, 3.175, 300, (750, 1050), (826, 1126)),  # 1/8 in bleed
    ],
)
def test_card_pixels_are_trim_plus_twice_the_bleed(width, height, bleed, dpi, trim, full):
    g = CardGeometry(width, height, bleed, dpi)
    assert g.trim_px == trim
    assert g.size_px == full
    left, top, right, bottom = g.trim_rect
    assert (left, top) == (g.bleed_px, g.bleed_px)
    assert (right - left, bottom - top) == trim
    assert full[0] - right == left  # the trim is centred


def test_millimetres_map_to_image_pixels_from_the_trim():
    g = CardGeometry(63.5, 88.9, 3.0, 300)
    assert g.x(0) == g.bleed_px
    assert g.x(25.4) == pytest.approx(g.bleed_px + 300)
    assert g.safe_rect[0] == pytest.approx(g.bleed_px + 3 * 300 / 25.4)


def test_paper_in_points():
    assert mm_to_pt(210) == pytest.approx(595.28, abs=0.005)
    assert mm_to_pt(297) == pytest.approx(841.89, abs=0.005)
    assert mm_to_pt(215.9) == pytest.approx(612)
    assert mm_to_pt(279.4) == pytest.approx(792)
    assert (px(210, 300), px(297, 300)) == (2480, 3508)
    assert (px(215.9, 300), px(279.4, 300)) == (2550, 3300)


def test_card_sizes_come_from_the_game_first():
    jumbo = CardSize(width=88.9, height=127)
    assert card_size("jumbo", {"jumbo": jumbo}) == jumbo
    assert card_size("poker", {}).width == 63.5
    assert card_size("poker", {"poker": jumbo}) == jumbo
    assert card_size("huge", {}) is None
