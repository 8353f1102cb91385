"""Layouts for what a pack does not lay out itself: a plain front listing a card type's
fields, and a deck back with the deck's name (or the deck's `back:` text or image)."""

from __future__ import annotations

from compiler.language.documents import Cards, CardSize, CardType, Game, Layout

_IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff", ".bmp")
# Fields shown in their own boxes, not in the list of the others.
_OWN_BOX = {"name", "text", "flavour", "image", "abilities", "keywords"}
_LISTED_TYPES = {
    "int",
    "number",
    "string",
    "text",
    "bool",
    "enum",
    "list",
    "ref",
    "player-table",
    "map",
}


def front(card_type: CardType, size: CardSize) -> Layout:
    """A front with the name, the card type, each printable field as `Label: value`, the
    abilities, the text and the flavour, shrunk to fit."""
    w, h, m = size.width, size.height, 4.0
    listed = [
        f"**{name.replace('_', ' ').capitalize()}:** {{{name}}}"
        for name, spec in card_type.fields.items()
        if name not in _OWN_BOX and spec.type in _LISTED_TYPES
    ]
    body = "\n".join([*listed, "{abilities}", "{text}", "*{flavour}*"])
    return Layout.model_validate(
        {
            "kind": "layout",
            "id": f"default-{card_type.id}",
            "card-type": card_type.id,
            "boxes": [
                {
                    "type": "rect",
                    "x": 1.5,
                    "y": 1.5,
                    "w": w - 3,
                    "h": h - 3,
                    "stroke": "#555555",
                    "stroke-width": 0.4,
                    "radius": 2.5,
                },
                {
                    "type": "text",
                    "field": "name",
                    "x": m,
                    "y": m,
                    "w": w - 2 * m,
                    "h": 9,
                    "font": "serif-bold",
                    "size": 14,
                    "min-size": 7,
                    "wrap": False,
                    "valign": "middle",
                },
                {
                    "type": "text",
                    "text": card_type.name,
                    "x": m,
                    "y": m + 9,
                    "w": w - 2 * m,
                    "h": 5,
                    "font": "sans-italic",
                    "size": 8,
                    "color": "#555555",
                },
                {
                    "type": "text",
                    "text": body,
                    "x": m,
                    "y": m + 16,
                    "w": w - 2 * m,
                    "h": h - 2 * m - 16,
                    "size": 10,
                    "min-size": 5,
                },
            ],
        }
    )


def back(deck: Cards, card_type: CardType, game: Game, size: CardSize) -> Layout:
    """A deck back: the deck's `back:` image, or its `back:` text (else its name) over the
    game's title, on a dark field with a frame."""
    w, h = size.width, size.height
    boxes = [
        {
            "type": "rect",
            "x": 4,
            "y": 4,
            "w": w - 8,
            "h": h - 8,
            "stroke": "#d8c9a3",
            "stroke-width": 0.6,
            "radius": 3,
        }
    ]
    if deck.back and deck.back.lower().endswith(_IMAGE_SUFFIXES):
        boxes = [
            {"type": "image", "text": deck.back, "x": 0, "y": 0, "w": w, "h": h, "fit": "fill"}
        ]
    else:
        boxes += [
            {
                "type": "text",
                "text": deck.back or deck.name or card_type.name,
                "x": 8,
                "y": h / 2 - 14,
                "w": w - 16,
                "h": 20,
                "font": "serif-bold",
                "size": 20,
                "min-size": 8,
                "align": "center",
                "valign": "bottom",
                "color": "#f3ead2",
            },
            {
                "type": "text",
                "text": game.title,
                "x": 8,
                "y": h / 2 + 8,
                "w": w - 16,
                "h": 8,
                "font": "sans-italic",
                "size": 9,
                "min-size": 6,
                "align": "center",
                "color": "#d8c9a3",
            },
        ]
    return Layout.model_validate(
        {
            "kind": "layout",
            "id": f"default-back-{deck.id}",
            "card-type": card_type.id,
            "side": "back",
            "deck": deck.id,
            "background": "#2d2a32",
            "boxes": boxes,
        }
    )
