"""The op catalogue: every effect a card, story card, ability or rule can have.

Each op is one general building block (`draw`, `damage`, `move`, `roll`…); games combine
them in content. `docs/ops.md` is generated from this module.
"""

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from compiler.language.base import Amount, Expr, Gives, Id, Keyword, Model, Name, Ref, Var, ZoneId
from compiler.language.catalogue import Params, op
from compiler.language.effects import Effects
from compiler.language.selectors import Selector, Window

Face = Literal["up", "down"]

# -- cards and zones ------------------------------------------------------------------


@op("draw", "Draw cards from a zone (the draw pile by default) into a hand.", "cards")
class Draw(Params):
    shorthand = "count"
    count: Amount = 1
    who: Selector = "self"
    from_: ZoneId = "draw"
    to: ZoneId = "hand"


@op("discard", "Discard cards from a zone (the hand by default), chosen or at random.", "cards")
class Discard(Params):
    shorthand = "count"
    count: Amount = 1
    who: Selector = "self"
    from_: ZoneId = "hand"
    random: bool = False
    card: Ref("card") | None = None


@op("steal", "Take cards from another seat's zone, at random unless `random: false`.", "cards")
class Steal(Params):
    shorthand = "count"
    count: Amount = 1
    from_: Selector = "target"
    zone: ZoneId = "hand"
    to: ZoneId = "hand"
    random: bool = True


@op("give", "Give cards from your zone to another seat.", "cards")
class Give(Params):
    shorthand = "count"
    count: Amount = 1
    to: Selector = "chosen-opponent"
    zone: ZoneId = "hand"
    card: Ref("card") | None = None
    random: bool = False


@op("move-card", "Move cards between zones, optionally face down or at random.", "cards")
class MoveCard(Params):
    count: Amount = 1
    from_: ZoneId
    to: ZoneId
    who: Selector = "self"
    card: Ref("card") | None = None
    random: bool = False
    face: Face | None = None
    matching: Expr | None = Field(default=None, description="only cards matching this may be moved")
    all: bool = Field(
        default=False,
        description="move every (matching) card of the zone at once, without asking card by card",
    )
    then: Effects = Field(
        default_factory=list,
        description="effects run once for each card moved; their expressions read that card's "
        "fields (`cost`)",
    )
    bottom: bool = Field(
        default=False, description="the cards go under the destination pile instead of on top"
    )


@op("reveal", "Turn face-down cards face up.", "cards")
class Reveal(Params):
    who: Selector = "self"
    zone: ZoneId = "battlefield"
    card: Ref("card") | None = None
    all: bool = False
    matching: Expr | None = Field(
        default=None, description="only face-down cards meeting this condition may be revealed "
        "(`card_beside` for a token within reach); with none, the effect is not offered"
    )


@op("shuffle", "Shuffle a zone.", "cards")
class Shuffle(Params):
    shorthand = "zone"
    zone: ZoneId = "draw"
    into: ZoneId | None = None


@op("search-deck", "Look through a zone for cards matching a condition and take some.", "cards")
class SearchDeck(Params):
    zone: ZoneId = "draw"
    count: Amount = 1
    matching: Expr | None = None
    to: ZoneId = "hand"
    discard_to: ZoneId | None = Field(
        default=None,
        description="where the cards taken go the next time they would be discarded, "
        "instead of the discard pile",
    )


@op("remove-from-game", "Remove this card (or the named one) from the game.", "cards")
class RemoveFromGame(Params):
    card: Ref("card") | None = None


@op("pass-card", "Pass this card (or the named one) to another seat.", "cards")
class PassCard(Params):
    shorthand = "to"
    to: Selector = "next-player"
    card: Ref("card") | None = None


@op("play-top", "Resolve the top cards of a zone (an automated foe's deck), then put them in `to`.", "cards")
class PlayTop(Params):
    shorthand = "zone"
    zone: ZoneId = "draw"
    to: ZoneId = "discard"
    count: Amount = 1
    field: Name | None = Field(
        default=None, description="the card field holding effects to resolve (after its abilities)"
    )
    by: Selector | None = Field(
        default=None, description="the pieces playing the card: its effects run as each of them"
    )
    targeting: Name | None = Field(
        default=None,
        description="the card field naming the selector its player picks `target` with first "
        "(a selector picking several makes each of them a `target`)",
    )
    targeting_range: Name | None = Field(
        default=None,
        description="the card field giving the range of an `in-range` targeting, in cells",
    )
    targeting_if: Name | None = Field(
        default=None,
        description="the card field holding a condition a character's seat must meet to be "
        "picked as the target (`leg_gear >= 1`); none meeting it: no target",
    )


# -- resources, flags and items ---------------------------------------------------------


@op("gain", "Add to a numeric variable (coins, magic, health…).", "variables")
class Gain(Params):
    variable: Var
    amount: Amount = 1
    who: Selector = "self"


@op("lose", "Subtract from a numeric variable, never below its minimum.", "variables")
class Lose(Params):
    variable: Var
    amount: Amount = 1
    who: Selector = "self"


@op("set", "Set a variable to a value.", "variables")
class SetVariable(Params):
    variable: Var
    value: Amount | str | bool
    who: Selector = "self"


@op(
    "transfer",
    "Move an amount from one variable of a seat to another, no more than the first holds.",
    "variables",
)
class Transfer(Params):
    from_: Var
    to: Var
    amount: Amount = 1
    who: Selector = "self"
    keep: Amount = Field(
        default=0,
        description="the least left in `from`, for each seat (what is protected: customers "
        "under a card, say)",
    )


@op(
    "tally",
    "Set a variable to a sum, max or min of a value over a seat's cards or pieces in a zone.",
    "variables",
)
class Tally(Params):
    variable: Var
    zone: ZoneId
    value: Amount = Field(default=1, description="worked out for each card or piece; 1 counts them")
    of: Literal["sum", "max", "min"] = "sum"
    if_: Expr | None = Field(default=None, description="only cards or pieces for which this holds")
    who: Selector = Field(
        default="each-player", description="whose items; a per-game variable totals every seat's"
    )


@op("set-flag", "Set a story flag that later conditions test with `flag('…')`.", "variables")
class SetFlag(Params):
    shorthand = "flag"
    flag: Annotated[Id, Gives("flag")]


@op("clear-flag", "Clear a story flag.", "variables")
class ClearFlag(Params):
    shorthand = "flag"
    flag: Id


@op("gain-item", "Give an item (a card) to the party or a seat; conditions test it with `has('…')`.", "variables")
class GainItem(Params):
    shorthand = "item"
    item: Annotated[Ref("card"), Gives("item")]
    who: Selector = "self"


@op("lose-item", "Take an item away from the party or a seat.", "variables")
class LoseItem(Params):
    shorthand = "item"
    item: Ref("card")
    who: Selector = "self"


@op("modify-stat", "Raise (or lower) a stat of targets (seats, or foes on a board) for a turn, "
    "round, battle or game, or until the end of the target's next action.", "variables")
class ModifyStat(Params):
    stat: Var
    amount: Amount = 1
    target: Selector = "self"
    duration: Literal["turn", "round", "battle", "game", "next-action"] = Field(
        default="turn",
        description="how long it lasts; `next-action`: a foe's, until the card it plays next "
        "(or the one it is playing) is carried out; a seat's, until its next turn ends",
    )


# -- combat -----------------------------------------------------------------------------


@op("damage", "Deal damage to targets.", "combat")
class Damage(Params):
    shorthand = "amount"
    amount: Amount = 1
    target: Selector = "target"
    range: Amount | None = None
    only: Ref("card-type") | None = Field(
        default=None, description="only targets whose card is of this card type"
    )
    sight: bool = Field(
        default=False, description="on a board: only pieces the source has line of sight to "
        "may be picked (obstacles in the way block it)"
    )
    ranged: bool = Field(
        default=False, description="on a board: a shot from a distance; its `damage` events "
        "name the source piece and say `ranged` (for the audit's line-of-sight invariants)"
    )


@op("heal", "Heal damage (or wounds) of targets, up to their maximum; with no `health` "
    "variable, fire each target's `on-healed` (`healed`: the amount) for the rules to apply.",
    "combat")
class Heal(Params):
    shorthand = "amount"
    amount: Amount = 1
    target: Selector = "self"
    per_target: bool = Field(
        default=False, description="work the amount out for each target in turn, as that "
        "target (its own `max_hp`), not once for the effect's seat")


@op("attack", "Make an attack: a contest the defender answers as the rules' attack declares.", "combat")
class Attack(Params):
    target: Selector = "chosen-opponent"
    strength: Amount | None = None
    range: Amount | None = None
    pattern: Id | None = None
    dice: Ref("dice") | None = None
    count: Amount | None = Field(
        default=None, description="dice to roll (else the dice system's count); a pool adds its "
        "successes to the strength, other dice their total"
    )
    hits: Literal["excess", "threshold"] = Field(
        default="excess",
        description="on a board: excess deals the strength above the target's defence; threshold "
        "deals 1 when the strength meets its `defence`, and defeats it when it meets its `defeat`",
    )
    defence_dice: Ref("dice") | None = Field(
        default=None, description="on a board: the target rolls these and each success cancels "
        "1 damage"
    )
    defence_count: Amount | None = Field(
        default=None, description="how many defence dice the target rolls (read for the target)"
    )
    defend_in_pattern: bool = Field(
        default=False, description="the target rolls defence only if the attacker stands in one "
        "of its attack patterns; else the damage lands in full"
    )
    sight: bool = Field(
        default=False, description="on a board: only pieces the attacker has line of sight to "
        "may be picked (the closest is the closest in sight)"
    )
    ranged: bool | Expr = Field(
        default=False, description="on a board: a ranged attack (or an expression read with the "
        "weapon, such as `style == 'ranged'`, saying when it is one): `cover` tells the attack's "
        "windows whether the target has cover from the attacker, and its `attack` event says "
        "`ranged`"
    )
    weapon: ZoneId | None = Field(
        default=None, description="on a board: the attacker strikes with one card of this zone "
        "of theirs that has a `pattern` (chosen; each such card once a turn): `in-pattern` reads "
        "its pattern, `count` and `split` may read its fields, and in the attack's windows it "
        "alone of that zone answers"
    )
    split: Expr | None = Field(
        default=None, description="on a board, when it holds (read with the weapon): the dice are "
        "shared among every piece the target selector names, as the attacker chooses, die by die "
        "(a die's successes stay together); else one target is picked before rolling"
    )
    react: Window | None = Field(
        default=None, description="on a board: a window fired for each foe the attack reached "
        "(all those sharing the dice, else the target) still standing after it, one at a time; "
        "only that foe answers"
    )
    defer_defence: bool = Field(
        default=False, description="on a board: the target's defence waits: the damage is kept "
        "on the target (and whether it may be defended) until `defend` meets all of it with one "
        "roll"
    )
    defence_advantage_if: Expr | None = Field(
        default=None, description="with `defer-defence`: the target defends this hit with "
        "Advantage when this holds (read for the target's seat, with the attack's names such "
        "as `cover`); with `defence-disadvantage-if` also holding, the two cancel"
    )
    defence_disadvantage_if: Expr | None = Field(
        default=None, description="with `defer-defence`: the target defends this hit with "
        "Disadvantage when this holds (read as `defence-advantage-if`)"
    )

    @model_validator(mode="after")
    def _deferred(self) -> "Attack":
        moded = self.defence_advantage_if is not None or self.defence_disadvantage_if is not None
        if moded and not self.defer_defence:
            raise ValueError("`defence-advantage-if` and `defence-disadvantage-if` apply to a "
                             "deferred defence: add `defer-defence: true`")
        if self.defer_defence and self.defence_dice is None:
            raise ValueError("`defer-defence` keeps the hit for a defence roll: give "
                             "`defence-dice`")
        return self


class Stake(Model):
    """A zone a side of a contest may commit cards from, and what each committed card counts."""

    zone: ZoneId
    value: Amount = 1
    matching: Expr | None = Field(default=None, description="which cards may be committed")
    face: Face | None = Field(default=None, description="only cards lying this way up")
    if_: Expr | None = Field(
        default=None, description="the committing seat may use this zone only when this holds"
    )


@op(
    "contest",
    "Attacker commits cards valued by zone against a seat or one of its cards; the defender "
    "answers; the higher total wins and all committed cards are spent.",
    "combat",
)
class Contest(Params):
    """Windows: `before-attack` and `on-attacked` fire before the sides commit; then `success` or
    `failure` runs, then `on-defence-failed` or `on-defence-succeeded`, `after-attack` and
    `after-attacked`. Committing is a hidden decision for each side; the defender may commit
    nothing."""

    target: Selector = "chosen-opponent"
    target_if: Expr | None = Field(default=None, description="what the defending seat must meet")
    exclude: list[Selector] = Field(default_factory=list, description="seats never chosen")
    card: Expr | None = Field(
        default=None,
        description="when set, the target is a card in the defender's `card-zone` matching this",
    )
    card_zone: ZoneId | None = Field(default=None, description="the defender's zone holding target cards")
    card_to: ZoneId = Field(default="discard", description="where a beaten target card goes")
    attack: list[Stake] = Field(min_length=1)
    defence: list[Stake] | None = Field(
        default=None, description="the defender's zones; the attacker's when omitted"
    )
    minimum: Amount = Field(default=0, description="attack totals below this cannot win")
    ties: Literal["defender", "attacker"] = "defender"
    spent_to: ZoneId = Field(default="discard", description="where all committed cards go")
    success: Effects = Field(
        default_factory=list, description="when the attack beats the defence"
    )
    failure: Effects = Field(default_factory=list, description="when the defence holds")


@op("defeat", "Defeat or remove targets outright.", "combat")
class Defeat(Params):
    shorthand = "target"
    target: Selector = "target"
    only: Ref("card-type") | None = Field(
        default=None, description="only targets whose card is of this card type"
    )


@op("spawn", "Bring enemies or pieces into play at a place.", "combat")
class Spawn(Params):
    piece: Ref("card")
    count: Amount = 1
    at: list[str] = Field(default_factory=list)
    area: Id | None = None
    next_to: Selector | None = Field(
        default=None, description="on empty cells next to this piece, as many as fit"
    )


@op("status", "Give targets a status (stunned, hidden…) for a duration.", "combat")
class Status(Params):
    status: Id
    target: Selector = "target"
    duration: Literal["turn", "round", "battle", "game"] = "turn"
    remove: bool = False


@op("damage-near", "Deal damage to the pieces a selector picks within `range` cells of an area (0: inside it).", "combat")
class DamageNear(Params):
    amount: Amount = 1
    target: Selector = "all-characters"
    area: Id
    range: int = Field(default=0, ge=0)


# -- the board ---------------------------------------------------------------------------


@op("move", "Move a piece up to `distance` cells (or towards a target or area). Every piece walks alike: towards a target or area it takes the cheapest way round the pieces on its other side (for a seat's figure the foes, and its rivals' figures outside a battle in a game that is not co-operative; for a foe the figures not incapacitated), through any other piece, and ends on the last free square it reached.", "board")
class Move(Params):
    shorthand = "distance"
    distance: Amount = 1
    who: Selector = "self"
    towards: Selector | None = None
    area: Id | None = None
    ignore_terrain: bool = False
    face: bool = Field(
        default=False, description="a seat's figure: after moving, its seat picks the way it faces"
    )
    turn_cost: Amount = Field(
        default=0, description="with `face`: the points of `distance` each quarter turn costs, "
        "so the squares moved and the turns made share them (0: turning is free)"
    )
    spend: Var | None = Field(
        default=None,
        description="a seat's figure moving to a chosen cell: the variable the move uses up, "
        "lowered by the cells walked (set it each turn; then a move can be split around other "
        "actions, and a move of no cells is not offered)",
    )


@op("push", "Push targets `distance` cells away from the source.", "board")
class Push(Params):
    shorthand = "distance"
    distance: Amount = 1
    target: Selector = "target"


@op("place", "Put a piece on a cell or in an area.", "board")
class Place(Params):
    who: Selector = "self"
    at: list[str] = Field(default_factory=list)
    area: Id | None = None
    behind: Selector | None = Field(
        default=None,
        description="on the cell directly behind this piece (opposite its facing), if empty",
    )
    next_to: Selector | None = Field(
        default=None,
        description="on an empty cell next to the pieces this names (all its cells, for a big one)",
    )


@op("lift", "Take seats' figures off the board: they keep their seats, foes no longer see them, and `place` can put them back. Foes it names leave the board undefeated (a foe fleeing by an exit).", "board")
class Lift(Params):
    shorthand = "who"
    who: Selector = "self"


@op("remove-terrain", "Take a terrain piece off the board: the one whose ability runs (placed in play or part of the landscape), or the first placed in play of `piece`.", "board")
class RemoveTerrain(Params):
    piece: Ref("terrain") | None = None


@op("place-terrain", "Put a terrain piece on the board.", "board")
class PlaceTerrain(Params):
    piece: Ref("terrain")
    at: list[str] = Field(default_factory=list)
    area: Id | None = None
    chosen_by: Selector = "active"


@op("approach", "Move towards a target or into an area, walking as `move` does; on arriving (next to the target, or partly inside the area) run `then`, else `else`.", "board")
class Approach(Params):
    distance: Amount = 1
    who: Selector = "self"
    towards: Selector | None = None
    area: Id | None = None
    then: Effects = Field(default_factory=list)
    else_: Effects = Field(default_factory=list)


@op("advance", "Move pieces by priorities (an enemy's AI): stay if one already reaches a target "
    "(next to it, or in sight of it), else walk towards the nearest square that does, else "
    "towards the nearest target; the seat breaking ties picks among equally near squares.",
    "board")
class Advance(Params):
    shorthand = "distance"
    distance: Amount = 1
    who: Selector = "self"
    reach: Literal["adjacent", "sight"] = Field(
        default="adjacent", description="what a square must give: a target on a square next to "
        "it, or a target in line of sight"
    )
    avoid_patterns: bool = Field(
        default=False, description="prefer squares outside every target's attack patterns, "
        "halt on entering one, and never pass an occupied square inside one"
    )
    avoid: list[Keyword] = Field(
        default_factory=list, description="terrain keywords it treats as obstacles (never "
        "climbing onto elevated terrain, say)"
    )


@op("use-terrain", "The acting seat uses one ability, waiting on window `when`, of a terrain "
    "piece in its figure's reach (a choice when several are): it runs with `on-terrain` "
    "naming that piece and `remove-terrain` taking it away.", "board")
class UseTerrain(Params):
    shorthand = "when"
    when: Id = Field(description="the window the terrain abilities offered wait on")
    reach: Literal["by-type", "on-or-next-to"] = Field(
        default="by-type", description="by-type: an obstacle from a square next to it (or on "
        "it), a feature from inside it; on-or-next-to: any piece from on it or next to it"
    )


@op("scatter", "Deal tokens (cards) from a zone at random onto an area's cells, one each.", "board")
class Scatter(Params):
    from_: ZoneId
    area: Id
    face: Face = "down"
    card: Ref("card") | None = Field(
        default=None, description="scatter only this card of the zone (a lettered token put on "
        "the square its letter marks) instead of the zone's top cards"
    )


# -- turns -------------------------------------------------------------------------------


@op("extra-action", "Grant more actions this turn.", "turns")
class ExtraAction(Params):
    shorthand = "count"
    count: Amount = 1
    who: Selector = "self"


@op("extra-turn", "The seat takes another turn after this one.", "turns")
class ExtraTurn(Params):
    who: Selector = "self"


@op("skip-turn", "The seat's next turn is skipped; a foe on the board skips the next card it "
    "would play (`play-top` with `by`).", "turns")
class SkipTurn(Params):
    who: Selector = "target"


@op("end-turn", "End the active seat's turn now (only if it is among `who`).", "turns")
class EndTurn(Params):
    who: Selector = Field(default="active", description="whose turn ends: nothing happens if it is not theirs")


@op("activate", "Make pieces take their activation now, as their own rules say they act.",
    "turns")
class Activate(Params):
    shorthand = "target"
    target: Selector = "target"
    piece: Ref("card") | None = Field(default=None, description="only pieces of this card")


@op("flip", "Turn a two-sided character or card to its other side.", "turns")
class Flip(Params):
    shorthand = "who"
    who: Selector = "self"
    to: Id | None = None


@op("pair", "Pair two seats (allied, fused) so they share fate until the pair breaks.", "turns")
class Pair(Params):
    shorthand = "with_"
    with_: Selector = "chosen"
    unpair: bool = False
    if_: Expr | None = Field(default=None, description="a condition the other seat must meet")
    agree: bool = Field(
        default=False, description="the other seat must agree (a decision for that seat)"
    )


# -- flow --------------------------------------------------------------------------------


class Option(Model):
    text: str
    if_: Expr | None = None
    do: Effects


@op("if", "Run `then` when the condition holds, else `else`.", "flow")
class If(Params):
    condition: Expr
    then: Effects
    else_: Effects = Field(default_factory=list)
    reading: Selector | None = Field(
        default=None,
        description="the seat whose variables the condition reads (`target`); the effect's own "
        "seat when unset, and false when the selector names nobody",
    )


@op("choose", "The acting seat chooses one of the options whose condition holds.", "flow")
class Choose(Params):
    who: Selector = "self"
    options: list[Option] = Field(min_length=1)


MAX_REPEATS = 1000  # a count content can mean; more is a mistake or a hang


@op("repeat", "Run effects a number of times.", "flow")
class Repeat(Params):
    times: Amount
    do: Effects

    @field_validator("times", mode="before")
    @classmethod
    def _at_most_a_thousand(cls, times: Any) -> Any:
        if isinstance(times, int | float) and not isinstance(times, bool) \
                and not 0 <= times <= MAX_REPEATS:
            raise ValueError(f"repeat runs its effects 0 to {MAX_REPEATS} times, not {times}")
        return times


class RollResult(Model):
    min: Amount | None = None
    max: Amount | None = None
    do: Effects


@op("roll", "Roll a dice system from the rules and run effects by result.", "flow")
class Roll(Params):
    shorthand = "dice"
    dice: Ref("dice")
    modifier: Amount = 0
    results: list[RollResult] = Field(default_factory=list)
    count: Amount | None = Field(
        default=None, description="dice to roll (pools), instead of the dice system's count"
    )
    who: Selector = Field(default="self", description="who rolls; each one rolls in turn")


@op("roll-off", "Every seat rolls a dice system; the highest (or lowest) total goes first, seats "
    "tied for it rolling again: turn order starts with that seat, and it becomes the active one.",
    "flow")
class RollOff(Params):
    shorthand = "dice"
    dice: Ref("dice")
    lowest: bool = Field(default=False, description="the lowest total goes first instead")
    least: Expr | None = Field(
        default=None,
        description="only the seats with the least value of this per-seat expression roll (one "
        "alone goes first without rolling): the lowest score of a match's last game, say",
    )


@op("trigger", "Fire a timing window declared in the rules, so abilities waiting on it run.", "flow")
class Trigger(Params):
    shorthand = "window"
    window: Id


@op("say", "Show a line of text to the players (and the log).", "flow")
class Say(Params):
    shorthand = "text"
    text: str


@op("for-leader", "Run effects as the seat with the highest value of `by`; a tie is a decision for the seat the rules name.", "flow")
class ForLeader(Params):
    by: Expr
    do: Effects


@op("with-target", "Pick one seat (`who`, among those meeting `where`) once, then run effects "
    "with it as their `target`: every effect below acts on the same seat.", "flow")
class WithTarget(Params):
    who: Selector = Field(default="chosen", description="the seat picked (asked once)")
    where: Expr | None = Field(
        default=None, description="a condition each candidate seat must meet, read for that seat")
    do: Effects


# -- dice --------------------------------------------------------------------------------


@op("challenge", "Roll dice for a stat against a number of successes; run `pass` or `fail`.",
    "dice")
class ChallengeRoll(Params):
    stat: Var
    successes: Amount
    dice: Ref("dice") | None = None
    who: Selector = "self"
    pass_: Effects = Field(default_factory=list)
    fail: Effects = Field(default_factory=list)


@op("reroll", "Reroll dice of the roll being resolved: those showing `faces`, else any chosen.",
    "dice")
class Reroll(Params):
    faces: list[int] = Field(default_factory=list, description="reroll every die showing these")
    count: Amount | None = Field(default=None, description="at most this many dice; none: any")
    choose: bool = Field(
        default=False, description="the seat picks which dice to reroll (any or all, or none) "
        "before the roll is counted"
    )
    then: Effects = Field(
        default_factory=list, description="with `choose`: effects when some dice were rerolled "
        "(the price of a reroll, say)"
    )
    again: Expr | None = Field(
        default=None, description="with `choose`: offer another reroll of the same roll while "
        "this holds"
    )

    @model_validator(mode="after")
    def _chosen(self) -> "Reroll":
        if not self.choose and (self.then or self.again is not None):
            raise ValueError("`then` and `again` only go with `choose: true` (a reroll the seat "
                             "picks); without it they would be ignored")
        return self


@op("adjust-die", "Turn rolled dice up (or down) by `amount` pips before they are counted.",
    "dice")
class AdjustDie(Params):
    shorthand = "amount"
    amount: Amount = 1
    count: Amount = 1
    choose: bool = Field(
        default=False, description="the seat picks the dice to turn; else the lowest (highest "
        "when turning down)"
    )


@op("add-dice", "Roll more dice (fewer if negative) in the roll being made, within its cap.",
    "dice")
class AddDice(Params):
    shorthand = "count"
    count: Amount = 1


@op("advantage", "The roll being made has advantage (the dice system says what it counts).",
    "dice")
class Advantage(Params):
    shorthand = "who"
    who: Selector = "self"


@op("disadvantage", "The roll being made has disadvantage (the dice system says what it counts).",
    "dice")
class Disadvantage(Params):
    shorthand = "who"
    who: Selector = "self"


@op("defend", "Each seat meets all the damage kept on its figure (`defer-defence`) at once: "
    "hits it may not defend land first, then it rolls defence once against the rest.", "dice")
class Defend(Params):
    """Windows `before-defence-roll` and `after-defence-roll` fire for the defending seat. Each
    success cancels 1 damage of a hit it counts for (a hit defended with advantage or
    disadvantage counts the dice its own way); the most damage the dice can cancel is cancelled."""

    who: Selector = "each-player"
    dice: Ref("dice")
    count: Amount = Field(description="dice the seat rolls (read for the seat)")


@op("set-successes", "Count the roll being made as this many successes instead of rolling.",
    "dice")
class SetSuccesses(Params):
    shorthand = "amount"
    amount: Amount


# -- game end ----------------------------------------------------------------------------


@op("win", "The named seats (or the party) win the game now.", "game")
class Win(Params):
    shorthand = "who"
    who: Selector = "self"


@op("lose-game", "The named seats (or the party) lose the game now.", "game")
class LoseGame(Params):
    shorthand = "who"
    who: Selector = "self"


# -- turn order --------------------------------------------------------------------------


@op("rotate-order", "Turn order moves round: the first seat goes to the back of the line (the "
    "next one now goes first), `by` seats at a time; the new first seat becomes the active one.",
    "turns")
class RotateOrder(Params):
    shorthand = "by"
    by: Amount = Field(default=1, description="how many seats go from the front to the back")


# -- terrain that moves, and what it meets ------------------------------------------------


@op("move-terrain", "Move a terrain piece placed in play (the first of `piece`, else the one "
    "whose ability runs) up to `distance` cells, one orthogonal step at a time over figures "
    "and passable terrain, towards the closest figure on the board (not incapacitated; a tie "
    "is the acting seat's choice) until it covers that figure's cell; impassable terrain stops "
    "it, but for the pieces `over` names; the figures it comes to cover enter it (its "
    "`on-enter` abilities go off).", "board")
class MoveTerrain(Params):
    piece: Ref("terrain") | None = None
    distance: Amount = 1
    over: list[Ref("terrain")] = Field(
        default_factory=list, description="impassable terrain whose squares do not stop it")


@op("with-piece", "Pick one piece `among` names (the acting seat chooses when there are "
    "several), then run effects with it as their `target`: every effect below acts on the same "
    "piece.", "board")
class WithPiece(Params):
    among: Selector = Field(description="the pieces to pick from (a selector of pieces)")
    foes: bool = Field(
        default=False,
        description="only pieces on the other side from the acting seat's figure (its enemies)",
    )
    do: Effects


@op("cross-terrain", "The acting seat's figure crosses the terrain piece whose ability runs to "
    "the cell facing it across the piece's centre, even an occupied one: a piece standing there "
    "steps to a free cell next to it (the seat picks) and `bumped` runs with it as `target`.",
    "board")
class CrossTerrain(Params):
    bumped: Effects = Field(
        default_factory=list, description="effects on the piece that stood where the figure lands"
    )


@op("roll-terrain", "The terrain piece whose ability runs rolls up to `distance` cells towards "
    "its front (`toward` as printed, turned as the piece was placed): it stops before other "
    "terrain and leaves the board once wholly past its edge. `entered` runs with each piece in "
    "a cell it rolls into as `target`; pieces on top of it ride along; pieces left under it "
    "where it halts step to the nearest free cell.", "board")
class RollTerrain(Params):
    shorthand = "distance"
    distance: Amount
    toward: Literal["up", "right", "down", "left"] = Field(
        default="up", description="its front as printed (before the placement's `rotate`)"
    )
    entered: Effects = Field(
        default_factory=list, description="effects on each piece in a cell it rolls into"
    )


@op("begin-turn", "The pieces a selector picks on a board begin a turn of their own (a foe's "
    "turn that the rules run): each terrain piece standing under one (or beside it, for "
    "`answers-beside` terrain) acts on it with its `start-of-any-turn` abilities, as it does on "
    "a seat's figure as its seat's turn starts; there `self` is that piece and "
    "`entered_by_foe` says whether it is a foe.", "board")
class BeginTurn(Params):
    shorthand = "who"
    who: Selector = "all-enemies"


@op("attack-terrain", "An attack on a terrain piece: one of the seat's weapons in `weapon` still "
    "ready to strike, whose pattern (rays in sight and range) covers a piece with an ability "
    "waiting on `when` whose `if:` holds (read with that weapon), strikes it: `count` dice of "
    "`dice` are rolled, the `after-attack-roll` window may change them, and the ability runs "
    "with the roll's `successes`.", "board")
class AttackTerrain(Params):
    shorthand = "when"
    when: Id = Field(description="the window the terrain abilities attacked wait on")
    weapon: ZoneId = Field(description="the zone of the seat's weapons (cards with a `pattern`)")
    dice: Ref("dice") = Field(description="the dice rolled")
    count: Amount | None = Field(
        default=None, description="dice to roll, read with the weapon (else the system's count)"
    )
    ranged: bool | Expr = Field(
        default=False, description="whether it is a ranged attack (`ranged` in its windows), or "
        "an expression read with the weapon saying when it is one"
    )
