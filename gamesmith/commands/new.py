"""`gamesmith new PACK`: scaffold a content pack that checks clean, plays and prints at once.

It writes game.yaml, a card type with a deck and a layout, a short story, a README for the
pack, and the JSON Schemas in `.schema/` that each file's modeline points at (hidden folders
are not content, so the pack stays self-contained and clean)."""


import re
from pathlib import Path
from typing import Annotated

import typer

SCHEMAS = ".schema"


def _modeline(kind: str, depth: int) -> str:
    return f"# yaml-language-server: $schema={'../' * depth}{SCHEMAS}/{kind}.schema.json\n"


def files(pack_id: str, title: str) -> dict[str, str]:
    """{path in the pack: text} of a new pack named `title` with id `pack_id`."""
    return {
        "game.yaml": _modeline("game", 0) + f"""\
kind: game
id: {pack_id}
title: {title}
players: {{min: 1, max: 4}}
variables:
  coins: {{initial: 2, min: 0, text: coins the party carries}}
""",
        "card-types/item.yaml": _modeline("card-type", 1) + """\
# A card type lists the fields its cards carry; `gamesmith check` holds every card to them.
kind: card-type
id: item
name: Item
fields:
  cost: {type: int, required: true, min: 0, text: coins it costs to buy}
""",
        "cards/items.yaml": _modeline("cards", 1) + """\
# A deck of item cards. `count` is how many copies the deck holds.
kind: cards
id: items
type: item
name: Items
cards:
  - id: lantern
    name: Lantern
    cost: 1
    count: 2
    text: Keeps the dark at arm's length.
    source: designed
  - id: rope
    name: Rope
    cost: 2
    text: Good for fords, cliffs and tying up loose ends.
    source: designed
""",
        "layouts/item.yaml": _modeline("layout", 1) + """\
# How `gamesmith print` draws an item card: boxes in millimetres from the card's top left.
kind: layout
id: item-front
card-type: item
background: "#f4ecd8"
boxes:
  - {type: text, field: name, x: 5, y: 5, w: 40, h: 10, font: serif-bold, size: 14, valign: middle}
  - {type: text, text: "{cost}", x: 45, y: 5, w: 13.5, h: 10, font: sans-bold, size: 14, align: right, valign: middle}
  - {type: text, field: text, x: 5, y: 50, w: 53.5, h: 30, size: 11, min-size: 7}
""",
        "stories/first-night.yaml": _modeline("story", 1) + """\
# A story is numbered cards joined by links; `gamesmith play . --story first-night` walks it.
kind: story
id: first-night
title: The First Night
start: "1"
cards:
  "1":
    text: Night falls at the crossroads and the inn is still a long way off.
    choices:
      - text: Pay the ferryman
        if: coins >= 1
        goto: "2"
      - text: Walk round by the old bridge
        goto: "3"
  "2":
    do: [{lose: {variable: coins, amount: 1}}]
    goto: "4"
  "3":
    text: The bridge creaks, but it holds.
    goto: "4"
  "4":
    text: The inn's lamp shows through the trees.
    ending: victory
""",
        "README.md": f"""\
# {title}

A gamesmith content pack. Check it, walk its story and print its cards:

```sh
gamesmith check .
gamesmith play . --story first-night
gamesmith print . -o cards.pdf
```

- `game.yaml`: the game's name, player range and variables
- `card-types/`: what fields each kind of card has
- `cards/`: the decks (a deck can also live in a spreadsheet: see gamesmith's docs/spreadsheets.md)
- `layouts/`: how cards are drawn for printing
- `stories/`: story graphs of numbered cards
- `.schema/`: the JSON Schemas that editors use to check files as you type
  (refresh them with `gamesmith schema -o .schema`)
""",
    }


def new(
    pack: Annotated[Path, typer.Argument(help="folder to create (its name becomes the game's title)")],
    title: Annotated[str | None, typer.Option(help="the game's title")] = None,
) -> None:
    """Create a new content pack that checks clean, plays its story and prints its cards."""
    from compiler.files import write_atomic
    from compiler.schema import write_all

    if pack.exists() and any(pack.iterdir()):
        raise typer.BadParameter(f"{pack} exists and is not empty", param_hint="PACK")
    name = pack.resolve().name
    pack_id = "-".join(re.findall(r"[a-z0-9]+", name.lower())) or "my-game"
    if not pack_id[0].isalpha():
        pack_id = "game-" + pack_id
    title = title or " ".join(w.capitalize() for w in pack_id.split("-"))
    for path, text in files(pack_id, title).items():
        write_atomic(pack / path, text)
    write_all(pack / SCHEMAS)
    typer.echo(f"created {pack}: check it with `gamesmith check {pack}`")
