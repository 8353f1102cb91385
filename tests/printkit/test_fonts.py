import pytest

from printkit import fonts, text
from printkit.markup import parse


@pytest.mark.parametrize("name", ["sans", "serif-bold", "sans-italic", "serif-bold-italic"])
def test_packaged_fonts_cover_the_content_punctuation(name):
    family, bold, italic = fonts.parse_name(name)
    assert fonts.font_path(family, bold, italic) is not None
    assert fonts.missing(family, bold, italic, "é à ç ’ “ ” — – … × ½") == []


def test_styles_are_distinct_faces():
    paths = {fonts.font_path("sans", b, i) for b in (False, True) for i in (False, True)}
    assert len(paths) == 4


def _forget_fonts():
    """Drop what this process remembers of fonts, measures and laid-out text."""
    for remembered in (fonts.font, fonts.metrics, fonts.width, text._fit):
        remembered.cache_clear()


def test_pillow_font_is_the_fallback(monkeypatch):
    monkeypatch.setattr(fonts, "font_path", lambda *args: None)
    _forget_fonts()
    try:
        block = text.layout(
            parse("Deal **2** damage"), 400, 100, family="sans", size=10, min_size=5, dpi=300
        )
        assert len(block.lines) == 1 and not block.overflow
    finally:
        _forget_fonts()
