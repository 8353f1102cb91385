"""One model per document kind (`kind:`): game, card-type, cards, story, landscape,
terrain, scenario, rules, layout."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from compiler.language.base import (
    Amount,
    Code,
    Expr,
    Id,
    Item,
    Model,
    Name,
    PlayerTable,
    Ref,
    Source,
    Var,
    ZoneId,
)
from compiler.language.effects import Effects
from compiler.language.selectors import Window

# -- shared pieces -------------------------------------------------------------------------


class Ability(Model):
    """A named rule text with effects, optionally firing in a timing window."""

    id: Id | None = None
    name: str | None = None
    text: str | None = None
    when: Window | None = None
    if_: Expr | None = None
    cost: int = 0
    once_per: Literal["turn", "round", "battle", "game"] | None = None
    do: Effects = Field(default_factory=list)
    source: Source | None = None


class Document(Item):
    """The common head of every document."""

    kind: str
    title: str | None = None
    text: str | None = None


# -- game ------------------------------------------------------------------------------------


class PlayerRange(Model):
    min: int = Field(ge=1, le=99)
    max: int = Field(ge=1, le=99)

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class CardSize(Model):
    width: float = Field(gt=0, le=1000, description="millimetres")
    height: float = Field(gt=0, le=1000, description="millimetres")


DEFAULT_CARD_SIZES = {
    "poker": CardSize(width=63.5, height=88.9),
    "bridge": CardSize(width=57.0, height=88.9),
    "mini": CardSize(width=44.0, height=63.5),
    "tarot": CardSize(width=70.0, height=120.0),
}


class Component(Model):
    id: Id
    name: str
    count: int = Field(default=1, ge=0)
    text: str | None = None
    source: Source | None = None


class CardCount(Model):
    """How many cards lie in a zone (the seat's, or the game's) and match a condition."""

    zone: Id
    if_: Expr | None = Field(default=None, description="which cards count")
    face: Literal["up", "down"] | None = Field(default=None, description="only cards lying so")


class Variable(Model):
    """A number or value the rules track, per game, per seat or per piece."""

    initial: int | float | str | bool = 0
    min: int | None = None
    max: int | None = None
    per: Literal["game", "seat", "piece"] = "seat"
    text: str | None = None
    counts: CardCount | None = Field(
        default=None, description="derived: always this count of cards; effects never set it"
    )


class Game(Document):
    kind: Literal["game"]
    title: str
    players: PlayerRange
    version: str | None = None
    designers: list[str] = Field(default_factory=list)
    card_sizes: dict[Id, CardSize] = Field(default_factory=dict)
    components: list[Component] = Field(default_factory=list)
    include: list[str] = Field(default_factory=lambda: ["."], description="folders holding content")
    severity: dict[Code, Literal["error", "warning", "info", "off"]] = Field(default_factory=dict)
    variables: dict[Name, Variable] = Field(default_factory=dict)
    icons: dict[Id, str] = Field(default_factory=dict, description="icon name -> image path")
    grid_square: float = Field(default=25.4, gt=0, description="board square size in mm")


# -- card types and cards ------------------------------------------------------------------------

FieldType = Literal[
    "int", "number", "string", "text", "bool", "enum", "list", "ref", "effects",
    "abilities", "expression", "player-table", "pattern", "map",
]


class FieldSpec(Model):
    type: FieldType
    required: bool = False
    default: Any = None
    values: list[str] = Field(default_factory=list, description="allowed values of an enum")
    of: FieldType | None = Field(default=None, description="item type of list, map and player-table")
    ref: str | None = Field(default=None, description="the kind a ref points to")
    min: float | None = None
    max: float | None = None
    text: str | None = None


class CardType(Document):
    kind: Literal["card-type"]
    name: str
    size: Id = "poker"
    sides: Literal[1, 2] = 1
    fields: dict[Name, FieldSpec] = Field(default_factory=dict)


class Card(Model):
    """One card. Keys beyond these are the fields its card type declares."""

    model_config = ConfigDict(extra="allow")

    id: Id
    name: str
    count: int = Field(default=1, ge=0, le=999)
    text: str | None = None
    flavour: str | None = None
    keywords: list[str] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    image: str | None = None
    back: Id | None = Field(default=None, description="the id of the card on the other side")
    source: Source | None = None
    suppress: list[Code] = Field(default_factory=list)

    def field(self, name: str, default: Any = None) -> Any:
        """The value of field `name` that the card's type declares (`default` when unset)."""
        value = getattr(self, FIELD_PREFIX + name, None)
        return default if value is None else value


FIELD_PREFIX = "f_"
"""Card-type fields are stored as `f_<name>` (aliased `<name>`) so they never shadow model attributes."""


class Cards(Document):
    kind: Literal["cards"]
    type: Ref("card-type")
    name: str | None = None
    deck: bool = Field(default=True, description="the cards form a deck that is shuffled and drawn")
    size: int | None = Field(default=None, ge=0, description="declared number of cards, counts included")
    back: str | None = Field(default=None, description="text or image for the deck's back")
    cards: list[Card] = Field(min_length=1)


# -- stories -------------------------------------------------------------------------------------

StoryKey = str  # a printed number ("11") or a kebab-case id; checked by the linker


class Choice(Model):
    text: str
    if_: Expr | None = None
    do: Effects = Field(default_factory=list)
    goto: StoryKey


class Challenge(Model):
    stat: Var
    successes: Amount
    dice: Ref("dice") | None = None
    modifier: Amount = 0
    text: str | None = None


class StoryCard(Model):
    title: str | None = None
    text: str | None = None
    if_: Expr | None = None
    do: Effects = Field(default_factory=list)
    goto: StoryKey | None = None
    choices: list[Choice] = Field(default_factory=list)
    challenge: Challenge | None = None
    pass_: StoryKey | None = None
    fail: StoryKey | None = None
    battle: Ref("scenario") | None = None
    outcomes: dict[Id, StoryKey] = Field(default_factory=dict)
    ending: Literal["victory", "defeat"] | Id | None = None
    special_rules: list[Ability] = Field(default_factory=list)
    source: Source | None = None
    suppress: list[Code] = Field(default_factory=list)


class Story(Document):
    kind: Literal["story"]
    title: str
    start: StoryKey
    cards: dict[StoryKey, StoryCard] = Field(min_length=1)


# -- landscapes and terrain ---------------------------------------------------------------------

Cell = str  # "C4", or a range "A1:C3"; parsed by compiler.geometry


class Grid(Model):
    columns: int = Field(ge=1, le=200)
    rows: int = Field(ge=1, le=200)
    column_labels: Literal["letters", "numbers"] = "letters"
    row_labels: Literal["letters", "numbers"] = "numbers"


class TilePlacement(Model):
    tile: Ref("landscape")
    at: Cell
    rotate: Literal[0, 90, 180, 270] = 0


class Placement(Model):
    piece: Ref("terrain")
    at: Cell
    rotate: Literal[0, 90, 180, 270] = 0


class Landscape(Document):
    kind: Literal["landscape"]
    name: str | None = None
    grid: Grid | None = None
    tiles: list[TilePlacement] = Field(default_factory=list)
    tile: bool = Field(default=False, description="a map tile other landscapes place")
    count: int = Field(default=1, ge=0)
    other_side: Ref("landscape") | None = None
    blocked: list[Cell] = Field(default_factory=list, description="cells that are not part of the board")
    walls: list[tuple[Cell, Cell]] = Field(default_factory=list, description="pairs of cells a wall separates")
    terrain: list[Placement] = Field(default_factory=list)
    areas: dict[Id, list[Cell]] = Field(default_factory=dict)
    movement: Literal["orthogonal", "eight-way"] = "orthogonal"
    abilities: list[Ability] = Field(
        default_factory=list, description="standing rules of this board or tile (stairs, currents)"
    )

    @model_validator(mode="after")
    def _grid_or_tiles(self) -> Landscape:
        if (self.grid is None) == (not self.tiles):
            raise ValueError("a landscape has either a grid or tiles, exactly one of the two")
        return self


Keyword = Literal["cover", "elevated", "difficult", "impassable", "blocking", "hazard", "climbable", "destructible"]


class Terrain(Document):
    kind: Literal["terrain"]
    name: str
    type: Literal["obstacle", "feature"]
    keywords: list[Keyword] = Field(default_factory=list)
    size: tuple[int, int] = Field(default=(1, 1), description="columns × rows it covers")
    movement_cost: int = Field(default=1, ge=0)
    count: int = Field(default=1, ge=0)
    other_side: Ref("terrain") | None = None
    may_overlap: bool = False
    abilities: list[Ability] = Field(default_factory=list)


# -- scenarios --------------------------------------------------------------------------------


class EnemyGroup(Model):
    enemy: Ref("card")
    count: int | PlayerTable(int) = 1
    at: list[Cell] = Field(default_factory=list)
    area: Id | None = None
    health: int | PlayerTable(int) | Name | None = Field(
        default=None,
        description="starting health: a number, a player-count table, or the name of the enemy "
        "card's field holding either (else its `health` field)",
    )


class Objective(Model):
    id: Id
    text: str
    if_: Expr | None = None


class Outcome(Model):
    if_: Expr | None = None
    text: str | None = None
    do: Effects = Field(default_factory=list)


class Scenario(Document):
    kind: Literal["scenario"]
    title: str
    landscape: Ref("landscape") | None = None
    terrain: list[Placement] = Field(default_factory=list)
    enemies: list[EnemyGroup] = Field(default_factory=list)
    areas: dict[Id, list[Cell]] = Field(default_factory=dict)
    tables: dict[Name, PlayerTable(int)] = Field(default_factory=dict, description="numbers by player count")
    setup: Effects = Field(default_factory=list)
    special_rules: list[Ability] = Field(default_factory=list)
    objectives: list[Objective] = Field(default_factory=list)
    outcomes: dict[Id, Outcome] = Field(default_factory=dict)
    rounds: int | None = Field(default=None, ge=1)


# -- rules ---------------------------------------------------------------------------------------


class Zone(Model):
    """Where cards lie. `visibility`: public (face-up cards seen by all, face-down ones by the
    owning seat only), owner (only the owning seat sees them) or hidden (nobody)."""

    id: Id
    name: str | None = None
    per: Literal["seat", "game"] = "seat"
    visibility: Literal["public", "owner", "hidden"] = "owner"
    face: Literal["up", "down"] = "up"
    capacity: int | None = Field(default=None, ge=0)
    ordered: bool = False
    refill_from: ZoneId | None = Field(default=None, description="zone shuffled in when this one runs out")
    holds: list[Ref("cards")] = Field(
        default_factory=list, description="decks whose cards start the game in this zone"
    )
    in_play: bool = Field(
        default=False,
        description="cards here are in play: their abilities can be used and answer timing windows",
    )


class Action(Model):
    id: Id
    name: str
    text: str | None = None
    cost: Amount = Field(default=1, description="actions it spends; an expression for a varying cost")
    if_: Expr | None = None
    do: Effects = Field(default_factory=list)
    limit: int | None = Field(default=None, ge=1, description="times per turn")


class Phase(Model):
    id: Id
    name: str | None = None
    text: str | None = None
    do: Effects = Field(default_factory=list)
    turns: bool = Field(
        default=False,
        description="the seats take their turns in this phase, after its effects (with no such "
        "phase, turns follow the last phase)",
    )


class Turn(Model):
    order: Literal["clockwise", "counter-clockwise", "initiative", "chosen"] = Field(
        default="clockwise", description="chosen: the players pick who goes next, each once a round"
    )
    actions: Amount = 1
    start: Effects = Field(default_factory=list)
    end: Effects = Field(default_factory=list)
    phases: list[Phase] = Field(default_factory=list)


class DiceFace(Model):
    face: int | str
    successes: int = 0
    text: str | None = None


class RollRange(Model):
    min: int
    max: int
    do: Effects = Field(default_factory=list)
    text: str | None = None


class Dice(Model):
    """A dice system: target roll, success pool or roll table."""

    id: Id
    type: Literal["target", "pool", "table"]
    sides: int = Field(default=6, ge=2, le=100)
    count: Amount = 1
    target: Amount | None = Field(default=None, description="target rolls: total needed")
    critical: int | None = None
    faces: list[DiceFace] = Field(default_factory=list, description="pools: what each face counts")
    advantage: list[DiceFace] = Field(
        default_factory=list, description="pools: faces that count differently with advantage"
    )
    disadvantage: list[DiceFace] = Field(
        default_factory=list, description="pools: faces that count differently with disadvantage"
    )
    max_count: int | None = Field(default=None, ge=1, description="pools: the most dice rolled at once")
    reroll: Literal["none", "failures", "one"] = "none"
    table: list[RollRange] = Field(default_factory=list)
    text: str | None = None


class Condition(Model):
    """A win, loss or end condition, tested once play has begun (not during setup).

    `who` says which seats it is tested for and who shares the outcome:
    `self`: every seat still in the game, each for itself (the seats that meet it win, or
    are out; any one ends the game); `active`: only the seat whose turn it is; `party`:
    every seat, and if any one meets it the whole table shares the outcome (all win, or all
    lose); `all`: it holds only when every seat still in the game meets it, and then the
    whole table shares the outcome.
    """

    if_: Expr
    text: str | None = None
    who: Literal["self", "party", "active", "all"] = Field(
        default="self", description="self, active, party or all: the seats tested (see above)"
    )


class RankKey(Model):
    """One measure seats are compared by: a per-seat expression, highest or lowest first."""

    value: Expr
    order: Literal["highest", "lowest"] = "highest"
    text: str | None = None


class Ranking(Model):
    """How seats are placed when the game ends: by the first key, each later key breaking ties."""

    by: list[RankKey] = Field(min_length=1)
    ties: Literal["share", "earlier-seat", "later-seat"] = Field(
        default="share", description="seats still tied after every key: share the place, or seat order"
    )
    text: str | None = None


class Rules(Document):
    kind: Literal["rules"]
    setup: Effects = Field(default_factory=list)
    rounds: int | None = Field(default=None, ge=1)
    round_start: Effects = Field(default_factory=list)
    round_end: Effects = Field(default_factory=list)
    phases: list[Phase] = Field(default_factory=list, description="the phases each round passes through, in order")
    turn: Turn = Field(default_factory=Turn)
    actions: list[Action] = Field(default_factory=list)
    zones: list[Zone] = Field(default_factory=list)
    dice: list[Dice] = Field(default_factory=list)
    windows: list[Id] = Field(default_factory=list, description="timing windows of this game's own")
    abilities: list[Ability] = Field(default_factory=list, description="standing rules that fire in windows")
    win: list[Condition] = Field(default_factory=list)
    lose: list[Condition] = Field(default_factory=list)
    end: list[Condition] = Field(default_factory=list, description="conditions that end the game")
    ranking: Ranking | None = Field(default=None, description="who wins when the game ends")
    ties: Literal["self", "active", "next-player", "previous-player", "chosen"] = Field(
        default="self",
        description="the seat that decides when a rule picks among equals (two closest targets, "
        "equally weak or strong, tied leaders): self (the acting seat), active, next-player, "
        "previous-player, or chosen (the acting seat names the seat that decides)",
    )
    incapacitated: Expr | None = Field(
        default=None,
        description="while this holds for a seat, it skips its turns and foes on a board ignore "
        "its figure (a character knocked down until rescued)",
    )
    turn_cap: int = Field(default=200, ge=1, description="simulations stop a game after this many turns")
    evaluation: dict[Name, float] = Field(default_factory=dict, description="weights a heuristic bot gives variables")


# -- layouts -------------------------------------------------------------------------------------


class Pick(Model):
    """A value chosen by a card's field: `{field: source, values: {starting: '#8a8a8a'}}`."""

    field: str
    values: dict[str, str] = Field(min_length=1, description="field value -> chosen value")
    default: str | None = Field(default=None, description="chosen when the value is not listed")


Paint = str | Pick
"""A colour (`#rrggbb`, `#rrggbbaa` or a CSS name), or one picked by a field's value."""


class IconShape(Model):
    """An icon drawn without an image file: a filled shape with an optional short label."""

    shape: Literal[
        "circle", "square", "rounded", "diamond", "triangle", "hexagon", "star", "heart", "shield", "drop"
    ] = "circle"
    fill: str = "#333333"
    stroke: str | None = None
    label: str | None = Field(default=None, max_length=3, description="a few characters drawn on it")
    color: str = Field(default="#ffffff", description="colour of the label")


class TableRow(Model):
    label: str = ""
    field: str = Field(description="a field holding a player-count table or a list")


class Box(Model):
    """A rectangle of the card, in millimetres from the trim's top-left corner.

    `field` or the template `text` give what it shows: text (with markup: `**bold**`,
    `*italic*`, `:icon:`), an image path, an icon name, a stat value, a table, or a grid of
    squares coloured by the characters of a list of rows (`[".X.", "X@X"]`). A template
    line naming a missing or empty field is left out; a box with nothing left is not drawn.
    Flat rects and images whose edge lies on the trim extend into the bleed.
    """

    type: Literal["text", "image", "rect", "ellipse", "icon", "stat-bar", "table", "grid"]
    x: float = Field(ge=-50, le=1000)
    y: float = Field(ge=-50, le=1000)
    w: float = Field(gt=0, le=1100)
    h: float = Field(gt=0, le=1100)
    field: str | None = Field(default=None, description="the card field shown")
    text: str | None = Field(default=None, description="template text; {field} is replaced")
    if_: Expr | None = Field(default=None, description="draw the box only when this holds for the card")
    font: Literal[
        "sans", "serif", "sans-bold", "serif-bold", "serif-italic", "sans-italic",
        "sans-bold-italic", "serif-bold-italic",
    ] = "sans"
    size: float = Field(default=9.0, gt=0, le=400, description="points; text shrinks from here to fit")
    min_size: float = Field(default=6.0, gt=0, description="points; smaller than this, text overflows (6 pt still reads in print)")
    line_height: float = Field(default=1.2, ge=0.6, le=4, description="baseline to baseline, in font sizes")
    wrap: bool = True
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    padding: float = Field(default=0.0, ge=0, description="millimetres kept clear inside the box")
    color: Paint = "#000000"
    fill: Paint | None = None
    stroke: Paint | None = None
    stroke_width: float = Field(default=0.0, ge=0, description="millimetres")
    radius: float = Field(default=0.0, ge=0, description="corner radius, millimetres")
    fit: Literal["fit", "fill"] = Field(default="fit", description="images: show all, or cover the box")
    join: str = Field(default=", ", description="how the items of a list field are joined")
    item: str | None = Field(
        default=None, description="template for each item of a list or map field: {key}, {value}, {index}"
    )
    labels: dict[str, str] = Field(
        default_factory=dict, description="how values (and map keys) are shown: {chest: Chest Gear}"
    )
    palette: dict[str, str] = Field(
        default_factory=dict, description="grids: the colour of each character of the pattern's rows"
    )
    style: Literal["track", "pips", "bar"] = Field(default="track", description="how a stat bar is drawn")
    min: int = Field(default=0, description="stat bars: the lowest value on the track")
    max: int | None = Field(default=None, description="stat bars: the highest value on the track")
    max_field: str | None = Field(default=None, description="stat bars: a field giving the highest value")
    rows: list[TableRow] = Field(default_factory=list, description="tables: one row per field")
    label: str | None = Field(default=None, description="tables: the header of the label column")


class Layout(Document):
    """How printkit draws one side of a card type's cards (or, with `deck`, of one deck)."""

    kind: Literal["layout"]
    card_type: Ref("card-type")
    side: Literal["front", "back"] = "front"
    deck: Ref("cards") | None = Field(default=None, description="a back for this deck only")
    size: Id | None = Field(default=None, description="a card size name overriding the card type's")
    safe_margin: float = Field(default=3.0, ge=0, le=50, description="millimetres inside the trim kept clear")
    background: Paint = "#ffffff"
    icons: dict[Id, IconShape] = Field(
        default_factory=dict, description="shape icons for `:name:` markup, shared by the pack's layouts"
    )
    boxes: list[Box] = Field(default_factory=list)


DOCUMENT_MODELS: dict[str, type[Document]] = {
    "game": Game,
    "card-type": CardType,
    "cards": Cards,
    "story": Story,
    "landscape": Landscape,
    "terrain": Terrain,
    "scenario": Scenario,
    "rules": Rules,
    "layout": Layout,
}
KINDS = tuple(DOCUMENT_MODELS)
