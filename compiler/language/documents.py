"""One model per document kind (`kind:`): game, card-type, cards, story, landscape,
terrain, scenario, rules, layout."""

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from compiler.language import ops  # noqa: F401 - registers the ops
from compiler.language.base import (
    Amount,
    Code,
    Colour,
    Expr,
    Id,
    Item,
    Keyword,
    Model,
    Name,
    PackPath,
    PlayerTable,
    Ref,
    Source,
    Var,
    ZoneId,
    check_inside,
    coded,
)
from compiler.language.effects import Effects
from compiler.language.events import Event
from compiler.language.selectors import Window

# -- shared pieces -------------------------------------------------------------------------


def _check_steps(weight: float | list[float]) -> float | list[float]:
    """A weight by steps (what each seat's first, second… unit of a name is worth): at least
    one step, none worth more than the one before; GS715 otherwise."""
    if type(weight) is list and (not weight or any(b > a for a, b in zip(weight, weight[1:], strict=False))):
        raise coded("GS715", f"evaluation steps {weight} " + (
            "name no step" if not weight else "rise: a later unit is worth more than an earlier one"),
            "write each unit's worth from the first down, such as `[4.0, 1.5]` (the first unit "
            "4, the second 1.5, any more nothing), or one number for every unit alike")
    return weight


Weight = Annotated[float | list[float], AfterValidator(_check_steps)]
"""What one unit of a name is worth to a bot (`1.5`), or each unit by steps with diminishing
returns (`[4.0, 1.5]`: the first unit 4, the second 1.5, any more nothing), per seat."""


class Ability(Model):
    """A named rule text with effects, optionally firing in a timing window."""

    id: Id | None = Field(
        default=None, description="names the ability, for references and diagnostics"
    )
    name: str | None = Field(default=None, description="the ability's name as printed")
    text: str | None = Field(default=None, description="the rules text as printed")
    when: Window | None = Field(
        default=None,
        description="the timing window it fires in; without one (or with any-time) a player uses it",
    )
    if_: Expr | None = Field(
        default=None, description="it can be used or fire only while this holds"
    )
    cost: Amount = Field(
        default=0, description="actions a player spends to use it; an expression may read the "
        "card's fields (`mox_cost`)"
    )
    once_per: Literal["turn", "round", "battle", "game"] | None = Field(
        default=None, description="it can be used at most once per turn, round, battle or game"
    )
    do: Effects = Field(default_factory=list, description="what it does")
    source: Source | None = Field(
        default=None, description="`rulebook` (from the published rules) or `designed` (new)"
    )


class Invariant(Item):
    """What must always hold in play; `gamesmith simulate --audit` checks it on every step.

    A state invariant (no `after:`) is checked wherever play stops for a decision, or only
    once the game is over (`at: end`), once for the game or for every seat still in it
    (`for: seat`).
    An event-level invariant (`after: attack`) is checked after each event of that kind, for
    the event's actor or target seat, with the event's card (if any) as the card considered.
    """

    holds: Expr = Field(description="the condition that must hold")
    message: str = Field(description="what went wrong, said to the designer when it does not")
    for_: Literal["game", "seat"] = Field(
        default="game", description="checked once for the game, or for every seat still in it"
    )
    at: Literal["step", "end"] = Field(
        default="step", description="checked at every step of play, or only once the game is over"
    )
    after: Event | None = Field(
        default=None, description="checked after each event of this kind (an event-level invariant)"
    )
    on: Literal["actor", "target"] = Field(
        default="actor", description="an event-level invariant's seat: the event's actor or target"
    )
    text: str | None = Field(default=None, description="the rule as printed, for people")
    known_failing: str | None = Field(
        default=None,
        description="a break known and not yet fixed, and why: `--audit` still reports it, as a "
        "note that does not fail the run",
    )

    @model_validator(mode="after")
    def _event_or_state(self) -> "Invariant":
        if self.after is not None and (self.for_ != "game" or self.at != "step"):
            raise ValueError("an event-level invariant (`after:`) takes no `for:` or `at:`: "
                             "it is checked for the event's seat, after the event")
        return self


Invariants = list[Invariant]


class Document(Item):
    """The common head of every document."""

    kind: str = Field(description="the document kind")
    title: str | None = Field(default=None, description="a title for people")
    text: str | None = Field(default=None, description="notes or rules text for people")


# -- game ------------------------------------------------------------------------------------


class PlayerRange(Model):
    min: int = Field(ge=1, le=99, description="fewest players")
    max: int = Field(ge=1, le=99, description="most players")
    solo: int | None = Field(
        default=None, ge=2, le=99,
        description="a lone player sets the game up for this many seats and plays them all "
        "(solo play with two characters, say)",
    )

    @model_validator(mode="after")
    def _ordered(self) -> "PlayerRange":
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
    id: Id = Field(description="the component's id")
    name: str = Field(description="its name")
    count: int = Field(default=1, ge=0, description="how many the box holds")
    text: str | None = Field(default=None, description="what it is or does")
    source: Source | None = Field(
        default=None, description="`rulebook` (from the published rules) or `designed` (new)"
    )


class CardCount(Model):
    """How many cards lie in a zone (the seat's, or the game's) and match a condition."""

    zone: Id = Field(description="the zone whose cards are counted")
    if_: Expr | None = Field(default=None, description="which cards count")
    face: Literal["up", "down"] | None = Field(default=None, description="only cards lying so")


class Variable(Model):
    """A number or value the rules track, per game, per seat or per piece."""

    initial: int | float | str | bool = Field(
        default=0, description="its value when the game starts"
    )
    min: int | None = Field(default=None, description="the lowest value it takes")
    max: int | None = Field(default=None, description="the highest value it takes")
    capped_by: Var | None = Field(
        default=None,
        description="never above this other variable's value for the same holder (health under "
        "max_hp); when that one falls, this one falls with it",
    )
    per: Literal["game", "seat", "piece"] = Field(
        default="seat",
        description="one value for the game, one per seat, or one per piece on a board",
    )
    text: str | None = Field(default=None, description="what it stands for")
    resets: Literal["battle"] | None = Field(
        default=None,
        description="`battle`: back to its `initial` value as every battle begins and again as "
        "it ends (a count kept for one battle, a flag true only while a battle is fought; a "
        "piece variable: the seats' figures', which go on from battle to battle)",
    )
    counts: CardCount | None = Field(
        default=None, description="derived: always this count of cards; effects never set it"
    )
    limit: Expr | None = Field(
        default=None,
        description="the highest value it takes, worked out for its seat whenever it is set "
        "(a printed maximum such as a card field: `destiny`); no limit while it has no value",
    )


class Parameter(Model):
    """A designed number the rules read by name, like a game variable that effects never
    change; `simulate --vary NAME=...` tries other values within its range."""

    value: int | float = Field(description="its value in the game as designed")
    min: int | float = Field(description="the lowest value worth trying")
    max: int | float = Field(description="the highest value worth trying")
    text: str | None = Field(default=None, description="what it stands for")
    source: Source | None = Field(default=None, description="where its value comes from")


class Game(Document):
    kind: Literal["game"]
    title: str = Field(description="the game's title")
    players: PlayerRange = Field(description="how many players the game is for")
    version: str | None = Field(default=None, description="the pack's version")
    designers: list[str] = Field(default_factory=list, description="who designed the game")
    card_sizes: dict[Id, CardSize] = Field(
        default_factory=dict,
        description="card sizes of the game's own, by name (poker, bridge, mini and tarot are built in)",
    )
    components: list[Component] = Field(
        default_factory=list,
        description="the physical components besides cards (boards, tokens, dice)",
    )
    include: list[str] = Field(default_factory=lambda: ["."], description="folders holding content")
    severity: dict[Code, Literal["error", "warning", "info", "off"]] = Field(
        default_factory=dict,
        description="diagnostic code -> the severity it reports with in this pack",
    )
    variables: dict[Name, Variable] = Field(
        default_factory=dict, description="the numbers and values the rules track, by name"
    )
    parameters: dict[Name, Parameter] = Field(
        default_factory=dict,
        description="designed numbers the rules read by name, each with the range a sweep may try",
    )
    icons: dict[Id, PackPath] = Field(default_factory=dict, description="icon name -> image path")
    grid_square: float = Field(default=25.4, gt=0, description="board square size in mm")


# -- card types and cards ------------------------------------------------------------------------

FieldType = Literal[
    "int", "number", "string", "text", "bool", "enum", "list", "ref", "effects",
    "abilities", "expression", "player-table", "pattern", "map",
]


class FieldSpec(Model):
    type: FieldType = Field(description="what the field holds (see Card types and field types)")
    required: bool = Field(default=False, description="every card must set it")
    default: Any = Field(default=None, description="the value of cards that leave it out")
    values: list[str] = Field(default_factory=list, description="allowed values of an enum")
    of: FieldType | None = Field(default=None, description="item type of list, map and player-table")
    ref: str | None = Field(default=None, description="the kind a ref points to")
    min: float | None = Field(default=None, description="lowest value of a number field")
    max: float | None = Field(default=None, description="highest value of a number field")
    text: str | None = Field(default=None, description="what the field means")
    always: bool = Field(
        default=False, description="for a field of type abilities: a foe of this card type "
        "fights with these abilities in every battle, beside the field its battle names")


class CardType(Document):
    kind: Literal["card-type"]
    name: str = Field(description="the card type's name")
    size: Id = Field(
        default="poker",
        description="card size name: poker, bridge, mini, tarot or one of the game's card-sizes",
    )
    sides: Literal[1, 2] = Field(
        default=1, description="printed sides: 1, or 2 with a distinct back per card"
    )
    fields: dict[Name, FieldSpec] = Field(
        default_factory=dict, description="the fields its cards carry, by name"
    )
    abilities: list[Ability] = Field(
        default_factory=list,
        description="abilities every card of this type has after its own (each read with the "
        "card's fields; its `if:` says which cards may use it: `weapon != None`)",
    )


class Card(Model):
    """One card. Keys beyond these are the fields its card type declares."""

    model_config = ConfigDict(extra="allow")

    id: Id = Field(description="the card's id, unique in the pack")
    name: str = Field(description="the card's name as printed")
    count: int = Field(default=1, ge=0, le=999, description="copies in the deck")
    text: str | None = Field(default=None, description="rules text as printed")
    flavour: str | None = Field(default=None, description="flavour text")
    keywords: list[str] = Field(default_factory=list, description="keywords printed on the card")
    abilities: list[Ability] = Field(default_factory=list, description="what the card can do")
    image: PackPath | None = Field(default=None, description="path of its art, from the pack's root")
    back: Id | None = Field(default=None, description="the id of the card on the other side")
    source: Source | None = Field(
        default=None, description="`rulebook` (from the published rules) or `designed` (new)"
    )
    suppress: list[Code] = Field(
        default_factory=list, description="diagnostic codes silenced on this card"
    )

    def field(self, name: str, default: Any = None) -> Any:
        """The value of field `name` that the card's type declares (`default` when unset)."""
        value = getattr(self, FIELD_PREFIX + name, None)
        return default if value is None else value


FIELD_PREFIX = "f_"
"""Card-type fields are stored as `f_<name>` (aliased `<name>`) so they never shadow model attributes."""


class Cards(Document):
    kind: Literal["cards"]
    type: Ref("card-type") = Field(description="the card type of every card here")
    name: str | None = Field(default=None, description="the deck's name")
    deck: bool = Field(default=True, description="the cards form a deck that is shuffled and drawn")
    size: int | None = Field(default=None, ge=0, description="declared number of cards, counts included")
    back: PackPath | None = Field(default=None, description="text or image for the deck's back")
    # Where the cards were written, not what they are: left out of the compiled game.
    rows: str | None = Field(
        default=None, exclude=True,
        description="a spreadsheet beside this file (.csv, .xlsx, .ods) whose rows are the cards",
    )
    sheet: str | None = Field(
        default=None, exclude=True, description="the sheet of a workbook `rows:` names"
    )
    columns: dict[str, Name | None] = Field(
        default_factory=dict, exclude=True,
        description="column headings that are not field names: heading -> field (null: not read)",
    )
    cards: list[Card] = Field(
        default_factory=list, description="the cards (filled from `rows:` when that is given)"
    )

    @model_validator(mode="after")
    def _has_cards(self) -> "Cards":
        if not self.cards:
            raise ValueError("a deck needs `cards:`, or `rows:` naming a spreadsheet")
        if self.rows is None and (self.sheet is not None or self.columns):
            raise ValueError("`sheet:` and `columns:` describe the spreadsheet `rows:` names; add `rows:`")
        return self


# -- stories -------------------------------------------------------------------------------------

StoryKey = str  # a printed number ("11") or a kebab-case id; checked by the linker


class Choice(Model):
    text: str = Field(description="the choice as offered")
    if_: Expr | None = Field(default=None, description="offered only while this holds")
    do: Effects = Field(default_factory=list, description="effects when it is chosen")
    goto: StoryKey = Field(description="the card it leads to")


class Challenge(Model):
    """A roll of one die per point of `stat` (plus `modifier`) needing `successes`; without
    a dice system in the rules, the dice are d6s and each 4, 5 or 6 is a success."""

    stat: Var = Field(description="the variable or stat giving the number of dice rolled")
    successes: Amount = Field(description="successes needed to pass")
    dice: Ref("dice") | None = Field(
        default=None,
        description="the dice system rolled (else the rules' first pool; a pack whose rules "
        "declare no dice rolls six-sided story dice, each showing 4, 5 or 6 a success)",
    )
    modifier: Amount = Field(default=0, description="dice added to (or taken from) the stat's")
    text: str | None = Field(default=None, description="what is being attempted")


class StoryCard(Model):
    title: str | None = Field(default=None, description="the card's title")
    text: str | None = Field(default=None, description="what is read out")
    if_: Expr | None = Field(
        default=None,
        description="the card applies only while this holds: reached while it does not, it is "
        "passed over (no text, effects, choices, challenge or battle) and its `goto` followed",
    )
    do: Effects = Field(default_factory=list, description="effects when the card is read")
    goto: StoryKey | None = Field(default=None, description="the card that follows (no choice)")
    choices: list[Choice] = Field(default_factory=list, description="the choices offered")
    challenge: Challenge | None = Field(
        default=None, description="a roll deciding between `pass` and `fail`"
    )
    pass_: StoryKey | None = Field(
        default=None, description="the card that follows a passed challenge"
    )
    fail: StoryKey | None = Field(
        default=None, description="the card that follows a failed challenge"
    )
    battle: Ref("scenario") | None = Field(default=None, description="a battle fought at this card")
    outcomes: dict[Id, StoryKey] = Field(
        default_factory=dict, description="battle outcome id -> the card that follows it"
    )
    ending: Literal["victory", "defeat"] | Id | None = Field(
        default=None,
        description="the story ends here: defeat is a loss for the party, any other ending a win",
    )
    special_rules: list[Ability] = Field(
        default_factory=list, description="rules in force while this card's battle is fought"
    )
    source: Source | None = Field(
        default=None, description="`rulebook` (from the published rules) or `designed` (new)"
    )
    suppress: list[Code] = Field(
        default_factory=list, description="diagnostic codes silenced on this card"
    )


class Story(Document):
    kind: Literal["story"]
    title: str = Field(description="the story's title")
    start: StoryKey = Field(description="the card the story begins at")
    cards: dict[StoryKey, StoryCard] = Field(
        min_length=1, description="the cards, by printed number or id"
    )
    invariants: Invariants = Field(
        default_factory=list, description="what must always hold while the story is walked (`--audit`)"
    )


class Chapter(Document):
    """More cards of a story, in a file of their own: a long story split into chapters."""

    kind: Literal["chapter"]
    story: Ref("story") = Field(description="the story whose cards these are")
    cards: dict[StoryKey, StoryCard] = Field(
        min_length=1, description="the chapter's cards, by printed number or id"
    )


# -- landscapes and terrain ---------------------------------------------------------------------

Cell = str  # "C4", or a range "A1:C3"; parsed by compiler.geometry


class Grid(Model):
    columns: int = Field(ge=1, le=200, description="columns of squares")
    rows: int = Field(ge=1, le=200, description="rows of squares")
    column_labels: Literal["letters", "numbers"] = Field(
        default="letters", description="how columns are named in cells (`C4`: letters)"
    )
    row_labels: Literal["letters", "numbers"] = Field(
        default="numbers", description="how rows are named in cells (`C4`: numbers)"
    )


class TilePlacement(Model):
    tile: Ref("landscape") = Field(description="the tile (a landscape with `tile: true`) placed")
    at: Cell = Field(description="the cell of its top-left corner")
    rotate: Literal[0, 90, 180, 270] = Field(default=0, description="degrees clockwise")


class Placement(Model):
    piece: Ref("terrain") = Field(description="the terrain piece placed")
    at: Cell = Field(description="the cell of its top-left corner")
    rotate: Literal[0, 90, 180, 270] = Field(default=0, description="degrees clockwise")


class Landscape(Document):
    kind: Literal["landscape"]
    name: str | None = Field(default=None, description="the board's name")
    grid: Grid | None = Field(
        default=None, description="the board's squares (a landscape has a grid or tiles)"
    )
    tiles: list[TilePlacement] = Field(
        default_factory=list, description="tiles that make up the board"
    )
    tile: bool = Field(default=False, description="a map tile other landscapes place")
    count: int = Field(default=1, ge=0, le=1000, description="copies of this tile")
    other_side: Ref("landscape") | None = Field(
        default=None, description="the landscape printed on the other side"
    )
    blocked: list[Cell] = Field(default_factory=list, description="cells that are not part of the board")
    walls: list[tuple[Cell, Cell]] = Field(default_factory=list, description="pairs of cells a wall separates")
    railings: list[tuple[Cell, Cell]] = Field(
        default_factory=list,
        description="railings, each as [high cell, low cell]: nothing moves or strikes in melee "
        "across one, and sight crosses it only to or from a high-side square beside it",
    )
    terrain: list[Placement] = Field(
        default_factory=list, description="terrain pieces on the board"
    )
    areas: dict[Id, list[Cell]] = Field(
        default_factory=dict,
        description="named groups of cells (start, enemy, exit…) scenarios and effects use",
    )
    movement: Literal["orthogonal", "eight-way"] = Field(
        default="orthogonal", description="which neighbouring squares a figure steps to"
    )
    diagonal_cost: int = Field(
        default=1, ge=1, le=10,
        description="movement a diagonal step costs (eight-way), before terrain multiplies it; "
        "ranges count diagonals the same way",
    )
    squeeze: bool = Field(
        default=False,
        description="a diagonal step may pass between two squares a figure cannot enter",
    )
    abilities: list[Ability] = Field(
        default_factory=list, description="standing rules of this board or tile (stairs, currents)"
    )

    @model_validator(mode="after")
    def _grid_or_tiles(self) -> "Landscape":
        if (self.grid is None) == (not self.tiles):
            raise ValueError("a landscape has either a grid or tiles, exactly one of the two")
        return self




class Terrain(Document):
    kind: Literal["terrain"]
    name: str = Field(description="the piece's name")
    type: Literal["obstacle", "feature"] = Field(
        description="obstacle (used from next to it) or feature (walked through, used from inside)"
    )
    keywords: list[Keyword] = Field(
        default_factory=list, description="how it affects movement, sight and attacks"
    )
    size: tuple[int, int] = Field(default=(1, 1), description="columns × rows it covers")
    movement_cost: int = Field(
        default=1, ge=0, description="movement spent to enter one of its squares"
    )
    count: int = Field(default=1, ge=0, description="copies of the piece")
    other_side: Ref("terrain") | None = Field(
        default=None, description="the piece printed on the other side"
    )
    may_overlap: bool = Field(default=False, description="other pieces may share its squares")
    abilities: list[Ability] = Field(default_factory=list, description="what the piece does")
    standing_answers: bool = Field(
        default=False,
        description="its abilities that wait on a window answer it for a seat whose figure "
        "stands on the piece, as the seat's own (a Haystack hiding the Character defending)",
    )
    answers_beside: bool = Field(
        default=False,
        description="as `standing-answers`, for a figure standing on the piece or next to it "
        "(an obstacle no one stands on that still acts on those beside it)",
    )
    railing: Literal["top", "right", "bottom", "left"] | None = Field(
        default=None,
        description="the side of its footprint (as drawn, turning with the piece) that is a "
        "railing: the piece is high ground, nothing moves or strikes in melee across the "
        "railing, and sight crosses it only to or from a square of the piece beside it",
    )


# -- scenarios --------------------------------------------------------------------------------


class EnemyGroup(Model):
    enemy: Ref("card") = Field(description="the enemy card")
    count: int | PlayerTable(int) = Field(default=1, description="how many of it")
    at: list[Cell] = Field(default_factory=list, description="cells they start on")
    area: Id | None = Field(default=None, description="an area they start in")
    health: int | PlayerTable(int) | Name | None = Field(
        default=None,
        description="starting health: a number, a player-count table, or the name of the enemy "
        "card's field holding either (else its `health` field)",
    )
    abilities: Name | None = Field(
        default=None,
        description="the name of the enemy card's field (of type abilities) it fights with: "
        "those abilities fire in their windows with the enemy's piece as `self`, as its "
        "card's own abilities do",
    )


class Objective(Model):
    id: Id = Field(description="the objective's id")
    text: str = Field(description="the objective as printed")
    if_: Expr | None = Field(default=None, description="it is met while this holds")


class Outcome(Model):
    if_: Expr | None = Field(
        default=None, description="the battle ends with this outcome once this holds"
    )
    text: str | None = Field(default=None, description="what is read out")
    do: Effects = Field(default_factory=list, description="effects when it happens")


class Scenario(Document):
    kind: Literal["scenario"]
    title: str = Field(description="the battle's title")
    landscape: Ref("landscape") | None = Field(
        default=None, description="the board it is fought on"
    )
    terrain: list[Placement] = Field(
        default_factory=list, description="terrain added to the landscape's"
    )
    enemies: list[EnemyGroup] = Field(
        default_factory=list, description="the foes and where they start"
    )
    areas: dict[Id, list[Cell]] = Field(
        default_factory=dict, description="named groups of cells added to the landscape's"
    )
    tables: dict[Name, PlayerTable(int)] = Field(default_factory=dict, description="numbers by player count")
    setup: Effects = Field(default_factory=list, description="effects before the first round")
    special_rules: list[Ability] = Field(
        default_factory=list, description="rules in force during this battle"
    )
    objectives: list[Objective] = Field(
        default_factory=list, description="goals shown to the players"
    )
    outcomes: dict[Id, Outcome] = Field(
        default_factory=dict, description="how the battle can end (`victory`, `defeat`, …), by id"
    )
    rounds: int | None = Field(
        default=None, ge=1, description="the battle lasts at most this many rounds"
    )
    invariants: Invariants = Field(
        default_factory=list, description="what must always hold during this battle (`--audit`)"
    )
    lookahead: Literal["turn", "round"] | None = Field(
        default=None,
        description="how far bots play an option out before scoring it in this battle, alone or "
        "in a story, in place of the rules' `lookahead` (a battle whose danger comes in the foes' "
        "turn: `round`)",
    )
    evaluation: dict[Name, Weight] = Field(
        default_factory=dict,
        description="bots' weights during this battle, over the rules' `evaluation:` (0 drops a "
        "name: the walk to an exit that is the foe's way out, not the party's)",
    )


# -- rules ---------------------------------------------------------------------------------------


class Slots(Model):
    """The slots of a zone: how much room each has and which card field picks the slot."""

    field: Name = Field(description="the card field naming the slot a card goes in (`slot`)")
    size: Name | None = Field(
        default=None, description="the card field giving the room a card takes (`hands`); 1 if unset"
    )
    room: dict[Name, int] = Field(
        description="each slot's room (`{hand: 2, head: 1}`); a card whose slot is not listed cannot enter"
    )
    overflow: ZoneId = Field(
        description="the holder's zone that cards pushed out of a full slot go to (`stash`)"
    )


class Zone(Model):
    """Where cards lie. `visibility`: public (face-up cards seen by all, face-down ones by the
    owning seat only), owner (only the owning seat sees them) or hidden (nobody)."""

    id: Id = Field(
        description="the zone's id (`draw`, `hand` and `discard` are the defaults effects use)"
    )
    name: str | None = Field(
        default=None, description="the zone's name for people, short: it labels the zone in play"
    )
    text: str | None = Field(
        default=None, description="what the zone holds or means, for people reading the rules"
    )
    per: Literal["seat", "game"] = Field(
        default="seat", description="one zone per seat, or one for the game"
    )
    visibility: Literal["public", "owner", "hidden"] = Field(
        default="owner", description="who sees its cards (see above)"
    )
    face: Literal["up", "down"] = Field(default="up", description="how cards lie in it")
    capacity: int | None = Field(default=None, ge=0, description="the most cards it holds")
    ordered: bool = Field(
        default=False, description="the order of its cards matters (a pile, a queue)"
    )
    refill_from: ZoneId | None = Field(default=None, description="zone shuffled in when this one runs out")
    holds: list[Ref("cards")] = Field(
        default_factory=list, description="decks whose cards start the game in this zone"
    )
    in_play: bool = Field(
        default=False,
        description="cards here are in play: their abilities can be used and answer timing windows",
    )
    in_play_if: Expr | None = Field(
        default=None,
        description="with `in-play`, only the cards here matching this are in play (special gear "
        "works from the stash, other gear only when equipped)",
    )
    bonus: Name | None = Field(
        default=None,
        description="a card field (a map of variable to amount) that cards here add to their "
        "holder's variables while they lie here: gear worn gives its stat bonuses",
    )
    slots: Slots | None = Field(
        default=None,
        description="the zone is a set of slots (head, hands…): each card fills room in the slot "
        "its field names, and a card entering a full slot pushes that slot's cards out",
    )


class Action(Model):
    id: Id = Field(description="the action's id")
    name: str = Field(description="the action's name as offered")
    text: str | None = Field(default=None, description="what it does, for people")
    cost: Amount = Field(default=1, description="actions it spends; an expression for a varying cost")
    if_: Expr | None = Field(default=None, description="offered only while this holds")
    do: Effects = Field(default_factory=list, description="what it does")
    limit: int | None = Field(default=None, ge=1, description="times per turn")


class Phase(Model):
    id: Id = Field(description="the phase's id")
    name: str | None = Field(default=None, description="the phase's name")
    text: str | None = Field(default=None, description="what happens, for people")
    do: Effects = Field(default_factory=list, description="effects at the start of the phase")
    turns: bool = Field(
        default=False,
        description="the seats take their turns in this phase, after its effects (with no such "
        "phase, turns follow the last phase)",
    )


class Turn(Model):
    order: Literal["clockwise", "counter-clockwise", "initiative", "chosen"] = Field(
        default="clockwise", description="chosen: the players pick who goes next, each once a round"
    )
    actions: Amount = Field(default=1, description="actions each seat has per turn")
    start: Effects = Field(default_factory=list, description="effects at the start of each turn")
    end: Effects = Field(default_factory=list, description="effects at the end of each turn")
    phases: list[Phase] = Field(default_factory=list, description="phases of each turn, in order")


class DiceFace(Model):
    face: int | str = Field(description="the face (its number or symbol)")
    successes: int = Field(default=0, description="successes it counts")
    text: str | None = Field(default=None, description="what it shows")


class RollRange(Model):
    min: int = Field(description="lowest roll of the range")
    max: int = Field(description="highest roll of the range")
    do: Effects = Field(
        default_factory=list, description="effects when the roll falls in the range"
    )
    text: str | None = Field(default=None, description="the result as printed")


class DiceModifier(Model):
    """A standing change to a seat's rolls of a dice system while a condition holds for it
    (a status token, say): fewer or more dice, and faces that count differently."""

    if_: Expr = Field(description="holds for the rolling seat while the change applies")
    dice: int = Field(default=0, description="dice added to (or, if negative, taken from) each roll")
    faces: list[DiceFace] = Field(
        default_factory=list, description="pools: faces that count differently meanwhile"
    )
    text: str | None = Field(default=None, description="the change as printed")


class Dice(Model):
    """A dice system: target roll, success pool or roll table."""

    id: Id = Field(description="the dice system's id")
    type: Literal["target", "pool", "table"] = Field(
        description="target (roll a total), pool (count successes) or table (look the roll up)"
    )
    sides: int = Field(default=6, ge=2, le=100, description="sides of each die")
    count: Amount = Field(default=1, description="dice rolled")
    target: Amount | None = Field(default=None, description="target rolls: total needed")
    critical: int | None = Field(default=None, description="a face that counts as a critical")
    faces: list[DiceFace] = Field(default_factory=list, description="pools: what each face counts")
    advantage: list[DiceFace] = Field(
        default_factory=list, description="pools: faces that count differently with advantage "
        "(the rest count as in `faces`); advantage and disadvantage together cancel"
    )
    disadvantage: list[DiceFace] = Field(
        default_factory=list, description="pools: faces that count differently with disadvantage "
        "(the rest count as in `faces`)"
    )
    modifiers: list[DiceModifier] = Field(
        default_factory=list, description="standing changes to a seat's rolls while a condition "
        "holds for it, applied after advantage and disadvantage"
    )
    max_count: int | None = Field(default=None, ge=1, description="pools: the most dice rolled at once")
    reroll: Literal["none", "failures", "one"] = Field(
        default="none", description="which dice may be rerolled"
    )
    table: list[RollRange] = Field(
        default_factory=list, description="tables: what each range of rolls does"
    )
    text: str | None = Field(default=None, description="the system explained for people")


class Condition(Model):
    """A win, loss or end condition, tested once play has begun (not during setup).

    `who` says which seats it is tested for and who shares the outcome:
    `self`: every seat still in the game, each for itself (the seats that meet it win, or
    are out; any one ends the game); `active`: only the seat whose turn it is; `party`:
    every seat, and if any one meets it the whole table shares the outcome (all win, or all
    lose); `all`: it holds only when every seat still in the game meets it, and then the
    whole table shares the outcome.
    """

    if_: Expr = Field(description="the condition")
    text: str | None = Field(default=None, description="the condition as printed")
    who: Literal["self", "party", "active", "all"] = Field(
        default="self", description="self, active, party or all: the seats tested (see above)"
    )
    at: Literal["step", "turn-end"] = Field(
        default="step",
        description="tested after every step, or only between turns, so the turn in progress "
        "(the last card played, say) is carried out in full first",
    )
    in_stories: bool = Field(
        default=True,
        description="false: not tested while a story is walked, so its battles' outcomes and "
        "its endings decide (a lost battle's paragraph is read); tested in a battle played on "
        "its own",
    )


class RankKey(Model):
    """One measure seats are compared by: a per-seat expression, highest or lowest first."""

    value: Expr = Field(description="the per-seat measure")
    order: Literal["highest", "lowest"] = Field(
        default="highest", description="which end places first"
    )
    text: str | None = Field(default=None, description="the measure as printed")


class Ranking(Model):
    """How seats are placed when the game ends: by the first key, each later key breaking ties."""

    by: list[RankKey] = Field(min_length=1, description="the measures, most important first")
    ties: Literal["share", "earlier-seat", "later-seat"] = Field(
        default="share", description="seats still tied after every key: share the place, or seat order"
    )
    text: str | None = Field(default=None, description="the ranking as printed")


class Match(Model):
    """A match of several games in a row (`gamesmith play --match N`): the variables listed
    start each next game at the values they ended the last one with; the match's winners are
    those of its last game, whose ranking sees the carried values."""

    carry: list[Var] = Field(
        min_length=1,
        description="variables (of the game or of each seat) whose values at the end of a game "
        "start the next game of the match",
    )
    text: str | None = Field(default=None, description="the rule for a series of games, as printed")
    source: Source | None = Field(default=None, description="where the rule comes from")


class Campaign(Model):
    """Stories played in a row as one game: the party, its cards, variables, flags and items
    go on from each story to the next; `between` runs after each story the party survives."""

    stories: list[Ref("story")] = Field(min_length=1, description="the stories, in order")
    between: Effects = Field(
        default_factory=list,
        description="effects after each story but the last (what carries over and what resets)",
    )
    text: str | None = Field(default=None, description="the campaign rules, as printed")
    source: Source | None = Field(default=None, description="where the rule comes from")


class Rules(Document):
    kind: Literal["rules"]
    setup: Effects = Field(default_factory=list, description="effects before the first round")
    rounds: int | None = Field(
        default=None, ge=1, description="the game lasts at most this many rounds"
    )
    round_start: Effects = Field(
        default_factory=list, description="effects at the start of each round"
    )
    round_end: Effects = Field(default_factory=list, description="effects at the end of each round")
    phases: list[Phase] = Field(default_factory=list, description="the phases each round passes through, in order")
    turn: Turn = Field(default_factory=Turn, description="how turns are taken")
    actions: list[Action] = Field(
        default_factory=list, description="what a seat may do with its actions"
    )
    zones: list[Zone] = Field(default_factory=list, description="where cards lie")
    dice: list[Dice] = Field(default_factory=list, description="the game's dice systems")
    windows: list[Id] = Field(default_factory=list, description="timing windows of this game's own")
    abilities: list[Ability] = Field(default_factory=list, description="standing rules that fire in windows")
    win: list[Condition] = Field(
        default_factory=list, description="conditions under which seats win"
    )
    lose: list[Condition] = Field(
        default_factory=list, description="conditions under which seats lose"
    )
    end: list[Condition] = Field(default_factory=list, description="conditions that end the game")
    ranking: Ranking | None = Field(default=None, description="who wins when the game ends")
    ties: Literal["self", "active", "next-player", "previous-player", "chosen"] = Field(
        default="self",
        description="the seat that decides when a rule picks among equals (two closest targets, "
        "equally weak or strong, tied leaders): self (the acting seat), active, next-player, "
        "previous-player, or chosen (the acting seat names the seat that decides)",
    )
    tie_roll: Ref("dice") | None = Field(
        default=None,
        description="when set, a tie between characters for a single target (two closest, "
        "equally weak) is rolled off: their seats roll these dice, the highest is the target "
        "and tied highs roll again; otherwise the tie is a decision as `ties` says",
    )
    incapacitated: Expr | None = Field(
        default=None,
        description="while this holds for a seat, it skips its turns and foes on a board ignore "
        "its figure (a character knocked down until rescued)",
    )
    collisions: Literal["block", "shove"] = Field(
        default="block",
        description="a foe walking into a character's square: `block`, it stops short; "
        "`shove`, the character steps aside to a free square next to it that its seat picks "
        "(none free: the closest free square), and its `on-collided` window fires; a "
        "character walking goes round foes, never through them",
    )
    turn_cap: int = Field(
        default=200, ge=1, le=10**6,
        description="simulations stop a game after this many turns (in a story, a battle after "
        "this many of its own)",
    )
    decision_cap: int = Field(
        default=20000, ge=1,
        description="a game stops after this many decisions, and a turn after a tenth of them "
        "(no game can run forever)",
    )
    invariants: Invariants = Field(
        default_factory=list, description="what must always hold in play (`--audit` checks it)"
    )
    evaluation: dict[Name, Weight] = Field(
        default_factory=dict,
        description="weights a heuristic bot gives variables: a number for every unit alike, or "
        "steps from the first unit down (`[4.0, 1.5]`: diminishing returns per seat)",
    )
    lookahead: Literal["turn", "round"] = Field(
        default="turn",
        description="how far a heuristic bot plays an option out before scoring it: `turn`, "
        "the rest of its turn; `round`, the rest of the round too (the other seats passing, "
        "then whatever the round does by itself, such as foes acting)",
    )
    match: Match | None = Field(
        default=None, description="what a match of several games carries from one game to the next"
    )
    between_cards: list[Ref("action")] = Field(
        default_factory=list,
        description="actions (by id) every seat may take between two story cards, in turn "
        "order, each at most its `limit` times (once without one) before the seat is done",
    )
    campaign: Campaign | None = Field(
        default=None,
        description="stories played in a row as one game (one story: the whole game), what a "
        "game walks when no scenario or story is asked for, and what happens between them",
    )
    figure_health: Expr | None = Field(
        default=None,
        description="the health a seat's figure has left, read for its seat (what the selectors "
        "`weakest` and `strongest` compare); else the seat's `health` variable",
    )


# -- layouts -------------------------------------------------------------------------------------


class Pick(Model):
    """A value chosen by a card's field: `{field: source, values: {starting: '#8a8a8a'}}`."""

    field: str = Field(description="the card field whose value picks")
    values: dict[str, Colour] = Field(min_length=1, description="field value -> chosen value")
    default: Colour | None = Field(default=None, description="chosen when the value is not listed")


Paint = Colour | Pick
"""A colour (`#rrggbb`, `#rrggbbaa` or a CSS name), or one picked by a field's value."""


class IconShape(Model):
    """An icon drawn without an image file: a filled shape with an optional short label."""

    shape: Literal[
        "circle", "square", "rounded", "diamond", "triangle", "hexagon", "star", "heart", "shield", "drop"
    ] = Field(default="circle", description="the shape drawn")
    fill: Colour = Field(default="#333333", description="colour inside the shape")
    stroke: Colour | None = Field(default=None, description="colour of its outline")
    label: str | None = Field(default=None, max_length=3, description="a few characters drawn on it")
    color: Colour = Field(default="#ffffff", description="colour of the label")


class TableRow(Model):
    label: str = Field(default="", description="the row's label")
    field: str = Field(description="a field holding a player-count table or a list")


class Box(Model):
    """A rectangle of the card, in millimetres from the trim's top-left corner.

    `field` or the template `text` give what it shows: text (with markup: `**bold**`,
    `*italic*`, `:icon:`), an image path, an icon name, a stat value, a table, or a grid of
    squares coloured by the characters of a list of rows (`[".X.", "X@X"]`). A template
    line naming a missing or empty field is left out; a box with nothing left is not drawn.
    Flat rects and images whose edge lies on the trim extend into the bleed.
    """

    type: Literal["text", "image", "rect", "ellipse", "icon", "stat-bar", "table", "grid"] = Field(
        description="what the box draws"
    )
    x: float = Field(ge=-50, le=1000, description="millimetres from the trim's left edge")
    y: float = Field(ge=-50, le=1000, description="millimetres from the trim's top edge")
    w: float = Field(gt=0, le=1100, description="width, millimetres")
    h: float = Field(gt=0, le=1100, description="height, millimetres")
    field: str | None = Field(default=None, description="the card field shown")
    text: str | None = Field(default=None, description="template text; {field} is replaced")
    if_: Expr | None = Field(default=None, description="draw the box only when this holds for the card")
    font: Literal[
        "sans", "serif", "sans-bold", "serif-bold", "serif-italic", "sans-italic",
        "sans-bold-italic", "serif-bold-italic",
    ] = Field(default="sans", description="the typeface")
    size: float = Field(default=9.0, gt=0, le=400, description="points; text shrinks from here to fit")
    min_size: float = Field(default=6.0, ge=1, le=400, description="points; smaller than this, text overflows (6 pt still reads in print)")
    line_height: float = Field(default=1.2, ge=0.6, le=4, description="baseline to baseline, in font sizes")
    wrap: bool = Field(default=True, description="text wraps onto more lines")
    align: Literal["left", "center", "right"] = Field(
        default="left", description="horizontal alignment"
    )
    valign: Literal["top", "middle", "bottom"] = Field(
        default="top", description="vertical alignment"
    )
    padding: float = Field(default=0.0, ge=0, le=500, description="millimetres kept clear inside the box")
    color: Paint = Field(default="#000000", description="colour of text (and of icons' labels)")
    fill: Paint | None = Field(default=None, description="colour inside the box")
    stroke: Paint | None = Field(default=None, description="colour of the box's outline")
    stroke_width: float = Field(default=0.0, ge=0, le=50, description="millimetres")
    radius: float = Field(default=0.0, ge=0, le=500, description="corner radius, millimetres")
    fit: Literal["fit", "fill"] = Field(default="fit", description="images: show all, or cover the box")
    join: str = Field(default=", ", description="how the items of a list field are joined")
    item: str | None = Field(
        default=None, description="template for each item of a list or map field: {key}, {value}, {index}"
    )
    labels: dict[str, str] = Field(
        default_factory=dict, description="how values (and map keys) are shown: {chest: Chest Gear}"
    )
    palette: dict[str, Colour] = Field(
        default_factory=dict, description="grids: the colour of each character of the pattern's rows"
    )
    style: Literal["track", "pips", "bar"] = Field(default="track", description="how a stat bar is drawn")
    min: int = Field(default=0, ge=-100, le=100, description="stat bars: the lowest value on the track")
    max: int | None = Field(default=None, ge=-100, le=100, description="stat bars: the highest value on the track")
    max_field: str | None = Field(default=None, description="stat bars: a field giving the highest value")
    rows: list[TableRow] = Field(default_factory=list, description="tables: one row per field")
    label: str | None = Field(default=None, description="tables: the header of the label column")

    @field_validator("text")
    @classmethod
    def _image_inside_the_pack(cls, text: str | None, info: ValidationInfo) -> str | None:
        if text is not None and info.data.get("type") == "image":
            check_inside(text)
        return text


class Layout(Document):
    """How printkit draws one side of a card type's cards (or, with `deck`, of one deck)."""

    kind: Literal["layout"]
    card_type: Ref("card-type") = Field(description="the card type whose cards it draws")
    side: Literal["front", "back"] = Field(default="front", description="the side it draws")
    deck: Ref("cards") | None = Field(default=None, description="a back for this deck only")
    size: Id | None = Field(default=None, description="a card size name overriding the card type's")
    safe_margin: float = Field(default=3.0, ge=0, le=50, description="millimetres inside the trim kept clear")
    background: Paint = Field(
        default="#ffffff", description="colour of the whole card, bleed included"
    )
    icons: dict[Id, IconShape] = Field(
        default_factory=dict, description="shape icons for `:name:` markup, shared by the pack's layouts"
    )
    boxes: list[Box] = Field(
        default_factory=list, description="what is drawn, in order (later boxes on top)"
    )


DOCUMENT_MODELS: dict[str, type[Document]] = {
    "game": Game,
    "card-type": CardType,
    "cards": Cards,
    "story": Story,
    "chapter": Chapter,
    "landscape": Landscape,
    "terrain": Terrain,
    "scenario": Scenario,
    "rules": Rules,
    "layout": Layout,
}
KINDS = tuple(DOCUMENT_MODELS)
