import pytest
from PIL import Image

from compiler.language.documents import IconShape
from printkit import text
from printkit.icons import icon_image
from printkit.markup import parse

DPI = 300
SQUARE = IconShape(shape="square", fill="#ff0000")


def lay(source: str, width=600, height=200, **kw):
    args = {"family": "sans", "size": 10, "min_size": 5, "dpi": DPI} | kw
    return text.layout(parse(source), width, height, **args)


def test_short_text_keeps_its_size_and_one_line():
    block = lay("Deal 2 damage")
    assert block.size == 10
    assert len(block.lines) == 1
    assert not block.overflow


def test_long_text_wraps_and_shrinks_to_fit_the_height():
    words = " ".join(["adventure"] * 60)
    block = lay(words, width=600, height=300)
    assert 5 <= block.size < 10
    assert len(block.lines) > 1
    assert not block.overflow
    assert all(line.width <= 600.5 for line in block.lines)
    assert block.bounds[3] - block.bounds[1] <= 300.5


def test_unwrapped_text_shrinks_to_fit_the_width():
    block = lay("A Rather Long Card Title", width=300, height=200, size=20, wrap=False)
    assert len(block.lines) == 1
    assert block.size < 20
    assert block.lines[0].width <= 300.5


def test_a_word_wider_than_the_box_shrinks_the_text():
    block = lay("Supercalifragilistic", width=250, height=400, size=14)
    assert block.size < 14 and not block.overflow


def test_overflow_at_the_minimum_size():
    block = lay(" ".join(["word"] * 400), width=300, height=100, min_size=6)
    assert block.overflow
    assert block.size == 6


def test_paragraphs_break_lines():
    assert len(lay("one\ntwo\nthree").lines) == 3


@pytest.mark.parametrize(
    ("align", "valign"), [("left", "top"), ("center", "middle"), ("right", "bottom")]
)
def test_alignment_places_the_ink_box(align, valign):
    block = lay("Deal 2", width=600, height=200, align=align, valign=valign)
    left, top, right, bottom = block.bounds
    width = right - left
    expected_left = {"left": 0, "center": (600 - width) / 2, "right": 600 - width}[align]
    assert left == pytest.approx(expected_left, abs=0.5)
    height = bottom - top
    expected_top = {"top": 0, "middle": (200 - height) / 2, "bottom": 200 - height}[valign]
    assert top == pytest.approx(expected_top, abs=0.5)


def _draw(source: str, align: str) -> tuple[Image.Image, text.Block]:
    image = Image.new("RGB", (800, 200), "white")
    block = lay(source, width=800, height=200, size=24, align=align, valign="middle")
    text.draw(image, block, (0, 0), "black", lambda name, w, h: icon_image(SQUARE, w, h))
    return image, block


def _rows(image: Image.Image, colour) -> list[int]:
    px = image.load()
    return [y for y in range(image.height) if any(px[x, y] == colour for x in range(image.width))]


@pytest.mark.parametrize(
    ("source", "align"),
    [
        (":sq: HHH", "left"),
        ("HHH :sq: HHH", "center"),
        ("HHH :sq:", "right"),
        ("HHH:sq:HHH", "left"),
    ],
)
def test_inline_icons_sit_on_the_baseline(source, align):
    image, block = _draw(source, align)
    baseline = round(block.lines[0].baseline)
    red = _rows(image, (255, 0, 0))
    black = _rows(image, (0, 0, 0))
    assert red and black
    assert red[-1] == baseline - 1  # the icon's bottom row is the row above the baseline
    assert abs(black[-1] - red[-1]) <= 1  # ...where the capitals end too
    assert len(red) == round(block.icon_h)  # as tall as the font's ascenders


def _columns(image: Image.Image, colour) -> list[int]:
    px = image.load()
    return [x for x in range(image.width) if any(px[x, y] == colour for y in range(image.height))]


def test_icons_follow_the_alignment():
    left, _ = _draw(":sq: x", "left")
    right, _ = _draw("x :sq:", "right")
    centre, _ = _draw(":sq:", "center")
    assert _columns(left, (255, 0, 0))[0] < 10
    assert _columns(right, (255, 0, 0))[-1] > 790
    red = _columns(centre, (255, 0, 0))
    assert abs((red[0] + red[-1]) / 2 - 400) <= 1


def test_a_hyphenated_word_breaks_after_its_hyphen_rather_than_shrinking():
    one_line = lay("Trouble-maker", size=10)
    narrow = lay("Trouble-maker", width=one_line.lines[0].width * 0.7, height=400, size=10)
    assert narrow.size == 10 and not narrow.overflow
    assert [[p.run.text for p in line.pieces] for line in narrow.lines] == [["Trouble-"], ["maker"]]


def test_numbers_and_signs_do_not_break_at_their_hyphens():
    block = lay("5-6 -2", width=5, height=400, size=10, min_size=10)
    assert [[p.run.text for p in line.pieces] for line in block.lines] == [["5-6"], ["-2"]]


# What the fitter chose for a few fixed texts (sans, 10 pt down to 5, icons 1.5 wide): the
# size, whether it overflows, each line's pieces and where they start, in whole pixels.
# Any change here changes printed cards.
FITTED = [
    (
        "At the start of your turn, draw a card. When an opponent attacks you, roll the die: "
        "on a five or six the attack misses.",
        {"width": 500, "height": 180},
        (9.5, False),
        [
            ("At|the|start|of|your|turn,|draw", [0, 44, 108, 195, 237, 322, 412]),
            ("a|card.|When|an|opponent", [0, 28, 120, 223, 273]),
            ("attacks|you,|roll|the|die:|on|a", [0, 131, 212, 276, 340, 410, 462]),
            ("five|or|six|the|attack|misses.", [0, 69, 113, 166, 230, 344]),
        ],
    ),
    (
        "**Target:** Closest townsfolk *in reach*  and  :coin: 2:coin: gold",
        {"width": 380, "height": 120},
        (8.75, False),
        [
            ("Target:|Closest", [0, 123]),
            ("townsfolk|in|reach|and", [0, 158, 193, 290]),  # two spaces each side of `and`
            (":coin:|2|:coin:|gold", [0, 52, 70, 122]),
        ],
    ),
    (
        "Trouble-maker and well-to-do folk -2 5-6",
        {"width": 260, "height": 400},
        (10, False),
        [
            ("Trouble-", [0]),
            ("maker|and", [0, 121]),
            ("well-|to-|do|folk", [0, 86, 136, 190]),
            ("-2|5-6", [0, 42]),
        ],
    ),
    (
        " leading space\nsecond paragraph\n\nafter an empty one",
        {"width": 600, "height": 400},
        (10, False),
        [
            ("leading|space", [0, 138]),
            ("second|paragraph", [0, 135]),
            ("", []),
            ("after|an|empty|one", [0, 91, 143, 264]),
        ],
    ),
    (
        "A Rather Long Card Title",
        {"width": 300, "height": 200, "size": 20, "wrap": False, "align": "center"},
        (7.25, False),
        [("A|Rather|Long|Card|Title", [0, 22, 111, 179, 244])],
    ),
    (
        " ".join(["word"] * 12),
        {"width": 300, "height": 60, "min_size": 6},
        (6.0, True),  # fits the width at 6 pt but not the height
        [
            ("word|word|word|word|word", [0, 60, 120, 180, 240]),
            ("word|word|word|word|word", [0, 60, 120, 180, 240]),
            ("word|word", [0, 60]),
        ],
    ),
]


@pytest.mark.parametrize(("source", "box", "chosen", "lines"), FITTED)
def test_the_fitter_keeps_its_sizes_and_line_breaks(source, box, chosen, lines):
    block = lay(source, **box, aspect=lambda name: 1.5)
    assert (block.size, block.overflow) == chosen
    assert [
        ("|".join(f":{p.run.icon}:" if p.run.icon else p.run.text for p in line.pieces),
         [round(p.x) for p in line.pieces])
        for line in block.lines
    ] == lines

