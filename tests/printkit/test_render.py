"""Card faces checked by their properties: sizes, colours in known places, issues."""

import pytest
from PIL import Image

from compiler.language.documents import Layout
from printkit.geometry import CardGeometry
from printkit.render import Face, face_key, render

G = CardGeometry(63.5, 88.9, 3.0, 150)


def layout(*boxes, **extra) -> Layout:
    return Layout.model_validate(
        {"kind": "layout", "id": "t", "card-type": "t", "boxes": list(boxes), **extra}
    )


def draw(lay: Layout, values: dict, root=None, geometry=G):
    face = Face(lay, values, geometry, dict(lay.icons), root or ".")
    return render(face)


def at(image: Image.Image, x_mm: float, y_mm: float, g=G):
    return image.getpixel((round(g.x(x_mm)), round(g.y(y_mm))))


def test_image_has_the_exact_size_of_trim_and_bleed():
    image, issues = draw(layout(), {})
    assert image.size == G.size_px == (375 + 2 * 18, 525 + 2 * 18)
    assert image.mode == "RGB" and issues == []


def test_background_colour_picked_by_a_field_fills_the_bleed():
    lay = layout(
        background={
            "field": "origin",
            "values": {"shop": "#2b6cb0", "loot": "#6b46c1"},
            "default": "#888888",
        }
    )
    shop, _ = draw(lay, {"origin": "shop"})
    other, _ = draw(lay, {"origin": "elsewhere"})
    assert shop.getpixel((0, 0)) == (0x2B, 0x6C, 0xB0)
    assert other.getpixel((0, 0)) == (0x88, 0x88, 0x88)


def test_flat_rects_on_the_trim_extend_into_the_bleed_and_framed_ones_do_not():
    lay = layout(
        {"type": "rect", "x": 0, "y": 0, "w": 63.5, "h": 10, "fill": "#ff0000"},
        {"type": "rect", "x": 0, "y": 40, "w": 63.5, "h": 10, "fill": "#00ff00", "radius": 2},
    )
    image, _ = draw(lay, {})
    assert image.getpixel((0, 0)) == (255, 0, 0)
    assert image.getpixel((2, round(G.y(45)))) == (255, 255, 255)
    assert at(image, 30, 45) == (0, 255, 0)


def test_colour_of_a_stroke_picked_by_a_field():
    lay = layout(
        {
            "type": "rect",
            "x": 2,
            "y": 2,
            "w": 59.5,
            "h": 84.9,
            "stroke-width": 1.5,
            "stroke": {"field": "origin", "values": {"unique": "#d69e2e"}},
        }
    )
    image, _ = draw(lay, {"origin": "unique"})
    assert at(image, 2.5, 40) == (0xD6, 0x9E, 0x2E)
    assert at(image, 30, 40) == (255, 255, 255)


def test_boxes_with_missing_fields_or_false_conditions_are_not_drawn():
    lay = layout(
        {"type": "rect", "x": 5, "y": 5, "w": 10, "h": 10, "fill": "#000000", "if": "cost > 3"},
        {"type": "text", "field": "name", "x": 5, "y": 20, "w": 50, "h": 10, "fill": "#0000ff"},
    )
    cheap, _ = draw(lay, {"cost": 1, "name": None})
    dear, _ = draw(lay, {"cost": 5, "name": None})
    assert at(cheap, 10, 10) == (255, 255, 255)
    assert at(dear, 10, 10) == (0, 0, 0)
    assert at(cheap, 30, 25) == (255, 255, 255)  # no name: not even its panel


def test_overflowing_text_is_reported_for_its_field():
    lay = layout({"type": "text", "field": "text", "x": 5, "y": 5, "w": 20, "h": 5, "min-size": 6})
    _, issues = draw(lay, {"text": "word " * 200})
    assert [(i.code, i.field, i.path) for i in issues] == [("GS701", "text", ("boxes", 0))]


def test_unknown_icons_are_reported_and_known_ones_drawn():
    lay = layout(
        {
            "type": "text",
            "text": "{cost} :coin: :gem:",
            "x": 5,
            "y": 5,
            "w": 50,
            "h": 10,
            "size": 20,
        },
        icons={"coin": {"shape": "square", "fill": "#ff0000"}},
    )
    image, issues = draw(lay, {"cost": 3})
    assert [(i.code, i.field) for i in issues] == [("GS705", "cost")]
    assert "gem" in issues[0].message
    assert (255, 0, 0) in {c for _, c in image.getcolors(1 << 20)}


def test_missing_image_is_reported_and_a_placeholder_drawn(tmp_path):
    lay = layout({"type": "image", "field": "image", "x": 5, "y": 5, "w": 53.5, "h": 40})
    image, issues = draw(lay, {"image": "art/none.png"}, root=tmp_path)
    assert [(i.code, i.field) for i in issues] == [("GS703", "image")]
    assert at(image, 30, 20) != (255, 255, 255)


@pytest.mark.parametrize(
    ("fit", "size", "low"), [("fit", (200, 100), True), ("fill", (2000, 1600), False)]
)
def test_images_fit_or_fill_and_low_resolution_is_reported(tmp_path, fit, size, low):
    (tmp_path / "art").mkdir()
    Image.new("RGB", size, (0, 128, 0)).save(tmp_path / "art" / "a.png")
    lay = layout(
        {"type": "image", "text": "art/a.png", "x": 5, "y": 5, "w": 50, "h": 50, "fit": fit}
    )
    image, issues = draw(lay, {}, root=tmp_path)
    assert [i.code for i in issues] == (["GS704"] if low else [])
    assert at(image, 30, 15) == (0, 128, 0)
    # fit shows all of a wide image at the top of the box (valign top); fill covers the box
    assert at(image, 30, 50) == ((255, 255, 255) if fit == "fit" else (0, 128, 0))


def test_text_crossing_the_safe_zone_is_reported():
    lay = layout({"type": "text", "field": "name", "x": 1, "y": 40, "w": 40, "h": 8, "size": 12})
    _, issues = draw(lay, {"name": "Edge"})
    assert [(i.code, i.field) for i in issues] == [("GS702", "name")]
    _, centred = draw(
        layout(
            {"type": "text", "field": "name", "x": 1, "y": 40, "w": 61.5, "h": 8, "align": "center"}
        ),
        {"name": "Edge"},
    )
    assert centred == []  # the box crosses, its ink does not


def test_stat_bar_track_highlights_the_value():
    lay = layout(
        {
            "type": "stat-bar",
            "field": "hp",
            "min": 1,
            "max": 5,
            "x": 5,
            "y": 40,
            "w": 50,
            "h": 8,
            "fill": "#ff0000",
        }
    )
    image, _ = draw(lay, {"hp": 3})
    # five cells of 10 mm: the third (25–35 mm) is filled
    assert at(image, 26, 41) == (255, 0, 0)
    assert at(image, 16, 41) == (255, 255, 255)


def test_table_shows_a_player_count_table():
    lay = layout(
        {
            "type": "table",
            "field": "gold",
            "label": "Players",
            "x": 5,
            "y": 40,
            "w": 50,
            "h": 10,
            "fill": "#000000",
        }
    )
    image, _ = draw(lay, {"gold": {"2": 8, "3": 12}})
    assert at(image, 30, 40.5) == (0, 0, 0)  # header row
    assert at(image, 30, 49) == (255, 255, 255)  # body row


def test_face_key_follows_the_values_the_layout_reads():
    lay = layout({"type": "text", "field": "name", "x": 5, "y": 5, "w": 50, "h": 10})
    a = face_key(Face(lay, {"name": "A"}, G))
    assert a == face_key(Face(lay, {"name": "A"}, G))
    assert a != face_key(Face(lay, {"name": "B"}, G))
    assert a != face_key(Face(lay, {"name": "A"}, CardGeometry(63.5, 88.9, 2.0, 150)))


def test_grid_colours_squares_by_character():
    lay = layout(
        {
            "type": "grid",
            "field": "pattern",
            "x": 10,
            "y": 30,
            "w": 30,
            "h": 20,
            "palette": {"@": "#0000ff"},
            "fill": "#ff0000",
        }
    )
    image, _ = draw(lay, {"pattern": [".XX", ".@."]})
    # 3 × 2 squares of 10 mm from (10, 30)
    assert at(image, 25, 35) == (255, 0, 0)  # X
    assert at(image, 25, 45) == (0, 0, 255)  # @
    assert at(image, 15, 45) == (255, 255, 255)  # .


def test_list_and_map_items_through_a_template():
    from printkit.content import items

    assert (
        items({"mox": 1, "max_hp": 2}, "+{value} {key}", {"max_hp": "Max HP"}, ", ")
        == "+1 mox, +2 Max HP"
    )
    abilities = [{"name": "Parry", "text": "Reroll 1s."}, {"text": "No name."}]
    assert items(abilities, "**{name}.** {text}", {}, "\n") == "**Parry.** Reroll 1s."
    assert items(["a", "b"], "{index}. {value}", {}, " ") == "1. a 2. b"


def test_icon_box_draws_the_named_icon_centred():
    lay = layout(
        {"type": "icon", "field": "suit", "x": 20, "y": 30, "w": 20, "h": 10, "align": "center"},
        icons={"cup": {"shape": "square", "fill": "#00ff00"}},
    )
    image, issues = draw(lay, {"suit": "cup"})
    assert issues == [] and at(image, 30, 35) == (0, 255, 0)
    assert at(image, 22, 35) == (255, 255, 255)  # a square icon, centred in a wide box
    _, unknown = draw(lay, {"suit": "sword"})
    assert [i.code for i in unknown] == ["GS705"]


def test_characters_the_font_lacks_are_reported():
    lay = layout({"type": "text", "field": "text", "x": 5, "y": 5, "w": 50, "h": 20})
    _, fine = draw(lay, {"text": "Café à la carte — l’été"})
    assert fine == []
    _, issues = draw(lay, {"text": "Roll ⚄ to hit"})
    assert [(i.code, i.field) for i in issues] == [("GS708", "text")] and "⚄" in issues[0].message


def _label_sizes(monkeypatch):
    """Record the point size of every block drawn."""
    from printkit import text

    sizes = []
    real = text.draw

    def spy(image, block, *args):
        sizes.append(block.size)
        return real(image, block, *args)

    monkeypatch.setattr(text, "draw", spy)
    return sizes


def test_table_cells_share_one_size_and_long_labels_get_wider_columns(monkeypatch):
    sizes = _label_sizes(monkeypatch)
    box = {
        "type": "table",
        "field": "hp",
        "label": "Characters",
        "x": 5,
        "y": 10,
        "w": 53.5,
        "h": 12,
    }
    _, issues = draw(layout(box), {"hp": {1: 4, 2: 6, 3: 8, 4: 10}})
    assert issues == [] and len(sizes) == 9 and len(set(sizes)) == 1  # the row label is empty
    # the label column takes the room "Characters" needs, so the table reads at 10 pt
    assert sizes[0] > 9.5


def test_table_labels_that_cannot_fit_are_an_overflow():
    names = ["Halfling", "Orc", "Dwarf", "Goblin", "Elf", "Demon", "Minotaur", "Human"]
    box = {"type": "table", "field": "hand", "x": 5, "y": 10, "w": 30, "h": 10}
    _, issues = draw(layout(box), {"hand": dict.fromkeys(names, 1)})
    assert [(i.code, i.field) for i in issues] == [("GS701", "hand")]
    assert "even at 6 pt" in issues[0].message


def test_stat_track_numbers_share_one_size(monkeypatch):
    sizes = _label_sizes(monkeypatch)
    box = {
        "type": "stat-bar",
        "field": "hp",
        "min": 1,
        "max": 12,
        "x": 5,
        "y": 10,
        "w": 53.5,
        "h": 6,
    }
    draw(layout(box), {"hp": 9})
    assert len(sizes) == 12 and len(set(sizes)) == 1


def test_abilities_with_neither_name_nor_text_show_nothing():
    from printkit.content import format_value

    silent = [{"name": None, "text": None, "when": "on-reveal"}]
    assert format_value(silent) is None
    assert format_value([*silent, {"name": "Parry", "text": "Reroll 1s."}]) == (
        "**Parry.** Reroll 1s."
    )


def test_an_overflow_blames_the_field_the_card_fills():
    box = {"type": "text", "text": "{text}\n{abilities}", "x": 5, "y": 5, "w": 20, "h": 5}
    long = [{"name": "Parry", "text": "Reroll every die. " * 30}]
    _, issues = draw(layout(box), {"text": None, "abilities": long})
    assert [(i.code, i.field) for i in issues] == [("GS701", "abilities")]
    assert "field 'abilities'" in issues[0].message
