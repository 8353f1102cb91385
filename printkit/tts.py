"""Tabletop Simulator decks: sheets of 10 × 7 card faces (at most 4096 px a side, the last
slot left for the hidden face), a back image, and a saved object that loads them: a custom
deck, or a single card when the deck holds one card (TTS has no deck of one)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from compiler.files import write_atomic
from printkit.png import pillow

COLUMNS, ROWS = 10, 7
PER_SHEET = COLUMNS * ROWS - 1  # TTS shows the last slot for cards it hides
MAX_SIDE = 4096


@dataclass(frozen=True)
class TtsCard:
    """A card of the deck: its faces by key (`load` gives their images, trimmed)."""

    name: str
    count: int
    front: str
    back: str


def cell_size(trim: tuple[int, int]) -> tuple[int, int]:
    """The size of one card on a sheet: the trim, scaled down so the sheet fits MAX_SIDE."""
    w, h = trim
    scale = min(1.0, MAX_SIDE / (COLUMNS * w), MAX_SIDE / (ROWS * h))
    return max(1, int(w * scale)), max(1, int(h * scale))


def write_deck(
    folder: Path, deck_id: str, title: str, cards: list[TtsCard], load: Callable[[str], Image.Image]
) -> list[Path]:
    """Write `<deck>-N.png` sheets, `<deck>-back.png` (or `<deck>-N-backs.png` sheets when
    the backs differ) and `<deck>.json`; return the paths written."""
    cell = cell_size(load(cards[0].front).size)
    scaled: dict[str, Image.Image] = {}

    def image(key: str) -> Image.Image:
        if key not in scaled:  # decks repeat their backs: scale each face once
            scaled[key] = load(key).resize(cell, Image.Resampling.LANCZOS, reducing_gap=2.0)
        return scaled[key]

    # Pillow's encoder at zlib level 6: sheets are uploaded, and ISA-L's levels all give
    # files about 10% larger (filter type 0 only), however much faster they are
    unique_backs = len({c.back for c in cards}) > 1
    written: list[Path] = []
    custom: dict[str, dict] = {}
    contained: list[dict] = []
    deck_ids: list[int] = []
    back_path = folder / f"{deck_id}-back.png"
    if not unique_backs:
        write_atomic(back_path, pillow(image(cards[0].back), 300, 6))
        written.append(back_path)
    for n, start in enumerate(range(0, len(cards), PER_SHEET), start=1):
        batch = cards[start : start + PER_SHEET]
        path = folder / f"{deck_id}-{n}.png"
        hidden = image(cards[0].back)
        write_atomic(path, pillow(_sheet(cell, [image(c.front) for c in batch], hidden), 300, 6))
        written.append(path)
        back_url = back_path
        if unique_backs:
            back_url = folder / f"{deck_id}-{n}-backs.png"
            sheet = _sheet(cell, [image(c.back) for c in batch], hidden)
            write_atomic(back_url, pillow(sheet, 300, 6))
            written.append(back_url)
        sheet_entry = {
            str(n): {
                "FaceURL": path.resolve().as_uri(),
                "BackURL": back_url.resolve().as_uri(),
                "NumWidth": COLUMNS,
                "NumHeight": ROWS,
                "BackIsHidden": True,
                "UniqueBack": unique_backs,
            }
        }
        custom.update(sheet_entry)
        for i, card in enumerate(batch):
            card_id = n * 100 + i
            deck_ids += [card_id] * card.count
            # Each card carries its sheet, as TTS saves do, so a card drawn from the deck
            # keeps its faces.
            contained += [_card(card.name, card_id, sheet_entry)] * card.count
    # TTS has no deck of one card: a lone card is saved as a card.
    if len(contained) == 1:
        state = contained[0]
    else:
        state = {
            "Name": "DeckCustom",
            "Nickname": title,
            "Transform": _transform(),
            "DeckIDs": deck_ids,
            "CustomDeck": custom,
            "ContainedObjects": contained,
        }
    path = folder / f"{deck_id}.json"
    write_atomic(path, json.dumps({"ObjectStates": [state]}, indent=1))
    written.append(path)
    return written


def _card(name: str, card_id: int, sheet: dict) -> dict:
    return {
        "Name": "Card",
        "Nickname": name,
        "CardID": card_id,
        "CustomDeck": sheet,
        "Transform": _transform(),
    }


def _sheet(cell: tuple[int, int], images: list[Image.Image], hidden: Image.Image) -> Image.Image:
    w, h = cell
    sheet = Image.new("RGB", (COLUMNS * w, ROWS * h), "black")
    for i, image in enumerate(images):
        sheet.paste(image, ((i % COLUMNS) * w, (i // COLUMNS) * h))
    sheet.paste(hidden, ((COLUMNS - 1) * w, (ROWS - 1) * h))
    return sheet


def _transform() -> dict:
    return {
        "posX": 0,
        "posY": 1,
        "posZ": 0,
        "rotX": 0,
        "rotY": 180,
        "rotZ": 180,
        "scaleX": 1,
        "scaleY": 1,
        "scaleZ": 1,
    }
