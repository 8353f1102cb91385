"""docs/language.md: the reference of the content language, generated from the document
models (`DOCUMENT_MODELS`), the expression functions and the built-in names.

`language_markdown()` renders it; `EXAMPLES` holds one example file per kind which,
together, form a pack that compiles clean (a test checks it).
"""

from __future__ import annotations

import json
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from annotated_types import MinLen
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from compiler.expressions import FUNCTIONS
from compiler.language.base import (
    CODE_PATTERN,
    ID_PATTERN,
    NAME_PATTERN,
    ExprMark,
    PlayerTableMark,
    RefTo,
)
from compiler.language.documents import (
    DOCUMENT_MODELS,
    Challenge,
    Choice,
    EnemyGroup,
    FieldType,
    Landscape,
    Placement,
    Scenario,
    Story,
    StoryCard,
    TilePlacement,
)
from compiler.language.effects import Effects
from compiler.language.events import EVENTS
from compiler.language.names import BUILTIN_NAMES, EVENT_NAMES, LAYOUT_NAMES

EXAMPLES: dict[str, str] = {
    "game": """\
kind: game
id: lantern-road
title: The Lantern Road
players: {min: 1, max: 4}
variables:
  coins: {initial: 2, min: 0}
  hp: {initial: 6, min: 0, max: 10}
""",
    "card-type": """\
kind: card-type
id: ally
name: Ally
size: poker
fields:
  cost: {type: int, required: true, min: 0, max: 9}
  suit: {type: enum, values: [lamp, road]}
  health: {type: player-table, of: int}
""",
    "cards": """\
kind: cards
id: allies
type: ally
cards:
  - id: lamplighter
    name: Lamplighter
    cost: 2
    suit: lamp
    count: 2
    text: Gain 1 coin.
    abilities:
      - name: Light the way
        do: [{gain: {variable: coins, amount: 1}}]
  - id: toll-keeper
    name: Toll Keeper
    cost: 3
    suit: road
    health: {1: 3, 2: 4, 3: 5, 4: 6}
""",
    "story": """\
kind: story
id: night-walk
title: A Walk at Night
start: "1"
cards:
  "1":
    text: The lantern gutters at the crossroads.
    choices:
      - text: Take the toll bridge
        if: coins >= 1
        do: [{lose: {variable: coins, amount: 1}}]
        goto: "2"
      - text: Wade the ford
        goto: "3"
  "2": {text: The keeper waves you through., ending: victory}
  "3":
    challenge: {stat: hp, successes: 1}
    pass: "2"
    fail: "4"      # a card of the chapter below
""",
    "chapter": """\
kind: chapter
id: night-walk-the-marsh
story: night-walk
cards:
  "4":
    text: The ford drops away; the marsh takes the lantern and you.
    ending: defeat
""",
    "landscape": """\
kind: landscape
id: crossroads
name: The Crossroads
grid: {columns: 8, rows: 6}
terrain:
  - {piece: hedge, at: C3}
blocked: [H6]
areas:
  start: [A1, A2]
  enemy: ["G5:H5"]
""",
    "terrain": """\
kind: terrain
id: hedge
name: Hedge
type: obstacle
keywords: [blocking, cover]
size: [2, 1]
""",
    "scenario": """\
kind: scenario
id: toll-fight
title: Trouble at the Toll
landscape: crossroads
enemies:
  - {enemy: toll-keeper, area: enemy, health: health}
tables:
  reward: {1: 2, 2: 2, 3: 3, 4: 3}
objectives:
  - {id: win-through, text: Knock the toll keeper down., if: foes == 0}
outcomes:
  victory: {if: foes == 0, text: The road is open.}
  defeat: {if: hp == 0, text: You are turned back.}
""",
    "rules": """\
kind: rules
id: rules
zones:
  - {id: draw, per: game, visibility: hidden, face: down, holds: [allies]}
  - {id: hand, visibility: owner}
  - {id: discard, per: game, visibility: public}
setup:
  - shuffle: draw
  - draw: 2
turn:
  actions: 1
actions:
  - id: beg
    name: Beg a coin
    do: [{gain: {variable: coins, amount: 1}}]
win:
  - {if: coins >= 10, text: Ten coins buy the lantern.}
""",
    "layout": """\
kind: layout
id: ally-front
card-type: ally
boxes:
  - {type: text, x: 4, y: 4, w: 55.5, h: 8, field: name, font: sans-bold, size: 11}
  - {type: text, x: 4, y: 60, w: 55.5, h: 24, field: text}
  - {type: text, x: 50, y: 4, w: 9.5, h: 8, text: "{cost}", align: right}
""",
}
"""One file per kind (`<kind>.yaml`, the game's as `game.yaml`); together a clean pack."""

FIELD_TYPES: dict[str, str] = {
    "int": "a whole number (`min`/`max` bound it)",
    "number": "a number, fractions allowed",
    "string": "a short text (a title, a tag)",
    "text": "rules text, drawn with markup on the card",
    "bool": "`true` or `false`",
    "enum": "one of the `values` listed",
    "list": "a list whose items are of type `of` (default `string`)",
    "ref": "the id of an item of kind `ref` (default a card)",
    "effects": "a list of effects (see [docs/ops.md](ops.md))",
    "abilities": "a list of abilities (see [Ability](#ability))",
    "expression": "an expression",
    "player-table": "a player-count table whose values are of type `of` (default `int`)",
    "pattern": "rows of characters drawn as a grid of squares (`[\".X.\", \"X@X\"]`)",
    "map": "a mapping from text keys to values of type `of` (default `string`)",
}
"""What each card-type field type holds (a test checks every `FieldType` is here)."""

# Keys every item shares, described once here rather than in each model.
_COMMON = {
    "kind": "what the document is",
    "id": "the item's kebab-case id, unique within its kind",
    "source": "`rulebook` (from the published rules) or `designed` (new)",
    "suppress": "diagnostic codes silenced inside this item",
}

# Plain-text aliases (cells, story card keys) that the annotation alone cannot tell apart.
_CELL, _CELLS, _KEY = "cell (`C4`) or range (`A1:C3`)", "list of cells or ranges", "story card key"
_OVERRIDES: dict[tuple[type, str], str] = {
    (Choice, "goto"): _KEY,
    (StoryCard, "goto"): _KEY,
    (StoryCard, "pass_"): _KEY,
    (StoryCard, "fail"): _KEY,
    (StoryCard, "outcomes"): "map from outcome id to story card key",
    (Story, "start"): _KEY,
    (Story, "cards"): "map from story card key to [StoryCard](#storycard)",
    (TilePlacement, "at"): _CELL,
    (Placement, "at"): _CELL,
    (EnemyGroup, "at"): _CELLS,
    (Landscape, "blocked"): _CELLS,
    (Landscape, "walls"): "list of pairs of cells",
    (Landscape, "areas"): "map from area id to list of cells or ranges",
    (Scenario, "areas"): "map from area id to list of cells or ranges",
    (Challenge, "stat"): "variable name",
}

_REF_WORDS = {
    "card-type": "id of a card type",
    "cards": "id of a deck (`cards` document)",
    "dice": "id of a dice system",
    "terrain": "id of a terrain piece",
    "variable": "variable name",
    "window": "timing window",
}
_PATTERN_WORDS = {ID_PATTERN: "id", NAME_PATTERN: "name", CODE_PATTERN: "diagnostic code"}
_SCALAR_WORDS = {int: "whole number", float: "number", str: "text", bool: "true or false"}
_PLURALS = {"whole number": "whole numbers", "number": "numbers", "text": "texts",
            "name": "names", "expression": "expressions", "diagnostic code": "diagnostic codes",
            "true or false": "true-or-false values", "timing window": "timing windows"}


def _plural(phrase: str) -> str:
    if phrase.startswith("id"):
        return "ids" + phrase[2:]
    if phrase.startswith("one of "):
        return "values among " + phrase[len("one of "):]
    return _PLURALS.get(phrase, phrase)


def type_words(tp: Any, marks: tuple = ()) -> str:
    """`tp` (an annotation, with its metadata `marks`) in plain words."""
    if get_origin(tp) is Annotated:
        inner, *extra = get_args(tp)
        return type_words(inner, (*marks, *extra))
    # A reference is also an id by pattern: the most telling mark wins.
    for mark in marks:
        if isinstance(mark, RefTo):
            return _REF_WORDS.get(mark.kind, f"id of a {mark.kind}")
    for mark in marks:
        if isinstance(mark, ExprMark):
            return "expression"
        if isinstance(mark, PlayerTableMark):
            return "player-count table of " + _plural(type_words(get_args(tp)[1]))
        pattern = getattr(mark, "pattern", None)
        if pattern in _PATTERN_WORDS:
            return _PATTERN_WORDS[pattern]
    if tp == Effects:
        return "list of effects"
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        words = [type_words(a) for a in args if a is not type(None)]
        return " or ".join(dict.fromkeys(words))
    if origin is Literal:
        return "one of " + ", ".join(f"`{a}`" for a in args) if len(args) > 1 else f"`{args[0]}`"
    if origin is list:
        return "list of " + _plural(type_words(args[0]))
    if origin is dict:
        return f"map from {type_words(args[0])} to {type_words(args[1])}"
    if origin is tuple:
        return f"pair of {_plural(type_words(args[0]))}"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return f"[{tp.__name__}](#{tp.__name__.lower()})"
    return _SCALAR_WORDS.get(tp, "any value")


def _default_words(info: FieldInfo) -> str:
    if info.is_required():
        return "required"
    value = info.get_default(call_default_factory=True)
    if isinstance(value, BaseModel):
        return "see below"
    if value in (None, [], {}):
        return "optional"
    if isinstance(value, tuple | list | bool) or value == "" or str(value).strip() != str(value):
        return f"`{json.dumps(value)}`"
    return f"`{value}`"


def _nested(tp: Any) -> list[type[BaseModel]]:
    """The content models reachable from `tp` (effects are described in docs/ops.md)."""
    if tp == Effects:
        return []
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [tp]
    return [m for a in get_args(tp) for m in _nested(a)]


def _table(model: type[BaseModel]) -> list[str]:
    lines = ["| key | type | required / default | meaning |", "| --- | --- | --- | --- |"]
    for name, info in model.model_fields.items():
        key = info.alias or name
        words = _OVERRIDES.get((model, name)) or type_words(info.annotation, tuple(info.metadata))
        if any(isinstance(m, MinLen) and m.min_length for m in info.metadata):
            words += " (at least one)"
        meaning = (info.description or _COMMON.get(key, "")).replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{key}` | {words} | {_default_words(info)} | {meaning} |")
    return lines


def _doc(model: type) -> str:
    """The model's own docstring on one line (docstrings are not inherited)."""
    return " ".join((model.__dict__.get("__doc__") or "").split())


def _section(kind: str, model: type[BaseModel], seen: set[type]) -> list[str]:
    lines = [f"## `kind: {kind}`", ""]
    if _doc(model):
        lines += [_doc(model), ""]
    lines += _table(model) + [""]
    lines += ["Example:", "", "```yaml", EXAMPLES[kind].rstrip("\n"), "```", ""]
    queue = [m for info in model.model_fields.values() for m in _nested(info.annotation)]
    while queue:
        sub = queue.pop(0)
        if sub in seen:
            continue
        seen.add(sub)
        lines += [f"### {sub.__name__}", ""]
        if _doc(sub):
            lines += [_doc(sub), ""]
        lines += _table(sub) + [""]
        queue += [m for info in sub.model_fields.values() for m in _nested(info.annotation)]
    return lines


def _intro() -> list[str]:
    lines = [
        "# The content language",
        "",
        "Every document kind and its keys. Generated from `compiler/language/documents.py` by",
        "`gamesmith docs`; the effects are in [ops.md](ops.md), the diagnostics in",
        "[diagnostics.md](diagnostics.md), how cards are drawn in [layouts.md](layouts.md).",
        "",
        "## Packs and documents",
        "",
        "A pack is a folder with `game.yaml` at its root; the YAML files in the folders its",
        "`include:` names (the whole folder by default) are its content. A file holds one or more",
        "documents separated by `---`, and every document says what it is with `kind:` (one of "
        + ", ".join(f"`{k}`" for k in DOCUMENT_MODELS) + ").",
        "",
        "- **Keys** are kebab-case (`special-rules`, `card-type`); an unknown key is an error.",
        "- **Ids** are lowercase kebab-case (`turtle-shell`, `act-1`) and unique within their",
        "  kind. Story cards may keep their printed numbers as keys: quote them (`\"11\"`).",
        "- **References** name another item by its id (`landscape: crossroads`); the compiler",
        "  checks that it exists and suggests the nearest id when it does not.",
        "- **`source:`** marks an item `rulebook` (taken from the published rules) or `designed`",
        "  (new), so a pack can say which parts are faithful.",
        "- **`suppress:`** lists diagnostic codes (`[GS401]`) silenced inside that item; the",
        "  game's `severity:` changes a code's severity everywhere.",
        "- **Player-count tables** map a number of players to a value: `{2: 8, 3: 12, 4: 15}`.",
        "  Each count the game allows must be present (GS601); counts outside it are reported",
        "  (GS602).",
        "",
        "## Expressions",
        "",
        "Conditions (`if:`) and amounts (`cost:`, `count:`…) are expressions, a safe subset of",
        "Python: numbers, quoted strings, `True`, `False`, `None`; names; unary",
        "`-`, `+`, `not`; `+ - * / // %` (`*` and `%` on numbers only); comparisons, chained,",
        "with `in` and `not in`; `and`, `or`; `a if condition else b`; tuples and lists of",
        "constants; and calls, by plain name, to the functions below. An expression is at most",
        "1000 characters; any other construct is an error (GS222), as is an unknown name (GS221).",
        "",
        "| function | arguments | meaning |",
        "| --- | --- | --- |",
    ]
    for name, sig in FUNCTIONS.items():
        arity = "two or more" if sig.arity is None else str(sig.arity)
        lines.append(f"| `{name}` | {arity} | {sig.doc} |")
    lines += _name_table(
        "Names are the game's `variables:` (game.yaml), its card types' fields, player-count\n"
        "`tables:` of a scenario, and these built-in names:",
        BUILTIN_NAMES,
    )
    lines += _name_table("An event-level invariant may also read these fields of its event:",
                         EVENT_NAMES)
    lines += _name_table("A layout's `if:` may also use the card's fields and these names:", LAYOUT_NAMES)
    lines += [
        "",
        "## Invariants",
        "",
        "A `rules` document, a scenario or a story may list `invariants:`: what must always",
        "hold in play, each an expression with a message ([Invariant](#invariant)).",
        "`gamesmith simulate PACK --audit` (and `play --audit`) checks them on every step of",
        "every game; a violation reports the invariant, the game's seed, the step, the log line",
        "and a `gamesmith replay ... --until STEP` command that plays the game again up to it.",
        "The runtime's own guards report through the same channel: a frame loop making no",
        "progress, a game past its turn or decision cap, a turn whose decisions run away, an",
        "op with no legal target.",
    ]
    lines += _name_table(
        "An event-level invariant (`after: KIND`) is checked after each event of a kind; the\n"
        "seat it is checked for is the event's actor (`seat` or `attacker`) or, with\n"
        "`on: target`, its target (`defender`, `other` or `to`). The events:",
        {name: e.doc for name, e in EVENTS.items()},
    )
    lines += [
        "",
        "## Card types and field types",
        "",
        "A `card-type` declares the fields its cards carry beyond the common card keys",
        "([Card](#card)); a `cards` document names its type and each card sets those fields as",
        "plain keys. A field's `type:` is one of:",
        "",
        "| type | holds |",
        "| --- | --- |",
    ]
    lines += [f"| `{t}` | {FIELD_TYPES[t]} |" for t in get_args(FieldType)]
    return lines + [""] + _sheet_section()


def _sheet_section() -> list[str]:
    """How cards are written as spreadsheet rows (the full guide is docs/spreadsheets.md)."""
    from compiler.sheets.cells import BUILT_IN_TYPES, CELL_SYNTAX

    built_in = ", ".join(f"`{k}`" for k in BUILT_IN_TYPES)
    return [
        "## Cards in spreadsheets",
        "",
        "A `cards` document may take its cards from a CSV, XLSX or ODS file beside it",
        "(`rows: races.xlsx`, `sheet: Races`), or a sheet may stand alone, starting with a",
        "header document of `key | value` rows (`kind | cards`, `id`, `type`…) and a blank row.",
        "The first row with content below is the headings: each is a field's name (or is mapped",
        "to one by `columns:`), a row is a card, an empty row is skipped, and a heading starting",
        "with `#` is a note column. Besides the card type's fields a sheet may have the common",
        f"card keys as columns ({built_in}). A cell of each field type is written as:",
        "",
        "| type | in a cell |",
        "| --- | --- |",
        *(f"| `{t}` | {CELL_SYNTAX[t]} |" for t in get_args(FieldType)),
        "",
        "An empty cell leaves the field unset. A merged range gives its value to every cell it",
        "covers; a formula gives the value the file saved. See [spreadsheets.md](spreadsheets.md).",
        "",
    ]


def language_markdown() -> str:
    lines = _intro()
    seen: set[type] = set()
    for kind, model in DOCUMENT_MODELS.items():
        lines += _section(kind, model, seen)
    return "\n".join(lines).rstrip("\n") + "\n"


def _name_table(intro: str, names: dict[str, str]) -> list[str]:
    return ["", *intro.split("\n"), "", "| name | value |", "| --- | --- |",
            *(f"| `{n}` | {doc} |" for n, doc in names.items())]
