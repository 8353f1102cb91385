"""Selectors (who or what an effect targets) and timing windows (when an ability fires).

Both are closed vocabularies of general terms; content may add timing windows of its
own in the `rules` document (`windows:`), raised with the `trigger` op.
"""

from typing import Annotated

from pydantic import AfterValidator
from pydantic_core import PydanticCustomError

from compiler.language.base import RefTo
from compiler.language.catalogue import table

SELECTORS = table(
    ("self", "the seat, character or piece the effect belongs to"),
    ("active", "the seat whose turn it is"),
    ("chosen", "one target the acting seat chooses when the effect resolves"),
    ("chosen-opponent", "one opponent the acting seat chooses; on a board where the seats play "
                        "as a party, one foe (within the effect's range, if it has one)"),
    ("each-opponent", "every opponent, one after another"),
    ("each-player", "every seat, starting with the active one"),
    ("each-ally", "every other friendly character"),
    ("next-player", "the next seat in turn order"),
    ("previous-player", "the previous seat in turn order"),
    ("random-opponent", "an opponent picked at random"),
    ("attacker", "whoever made the attack being resolved"),
    ("defender", "whoever is defending against the attack being resolved"),
    ("target", "the target of the attack or ability being resolved"),
    ("partner", "the seat paired with this one (fused, allied)"),
    ("closest", "the closest enemy or character; ties are a decision for the seat the rules' `ties` "
                "names (the acting seat by default)"),
    ("closest-to-attacker", "the piece on the source's own side (not the source itself) standing "
                            "closest to the attacker's figure; ties as for closest"),
    ("farthest", "the farthest enemy or character; ties as for closest"),
    ("weakest", "the target with the least health left; ties as for closest"),
    ("strongest", "the target with the most health left; ties as for closest"),
    ("all-enemies", "every enemy on the board"),
    ("all-characters", "every character on the board"),
    ("adjacent", "every piece on a cell next to the source"),
    ("in-pattern", "every piece in the attack pattern's cells"),
    ("in-range", "every target within the effect's range"),
    ("holder", "the seat that holds this card"),
    ("adjacent-attacker", "the attacker, if it stands on a cell next to the source; else nobody"),
    ("on-terrain", "every piece on the cells of the terrain piece the effect belongs to"),
    ("in-line", "every piece in a straight line from the source (direction chosen by the acting "
                "seat) up to the first obstacle or the board's edge"),
    ("in-path", "every piece on the cells the moving piece passed through"),
    ("adjacent-enemies", "every enemy of the source on a cell next to it (on an eight-way board "
                         "the 8 around, diagonals included)"),
    ("chosen-adjacent", "one other seat whose figure stands next to the source's, chosen by the "
                        "acting seat"),
    ("chosen-adjacent-incapacitated", "one other seat whose figure stands next to the source's "
                                      "and for which the rules' `incapacitated` holds, chosen "
                                      "by the acting seat"),
    ("each-player-reversed", "every seat, one after another, in reverse turn order from the last "
                             "(buying from the back of the line, a draft passed back)"),
    ("beside-terrain", "every piece on a cell next to (not on) the terrain piece the effect "
                       "belongs to (on an eight-way board, diagonals included)"),
)

WINDOWS = table(
    ("setup", "once, when the game or battle is set up"),
    ("start-of-round", "when a round begins"),
    ("end-of-round", "when a round ends"),
    ("start-of-turn", "when the owner's turn begins"),
    ("end-of-turn", "when the owner's turn ends"),
    ("end-of-game", "once, when the game ends, before the winner is decided"),
    ("after-pause", "when the pause between two story cards ends (every seat has gone on), "
                    "before the next card: what was offered there and left is cleared here"),
    ("start-of-any-turn", "when any seat's or piece's turn begins; terrain uses it for pieces on or next to it"),
    ("on-play", "when the card is played or placed"),
    ("on-reveal", "when a face-down card is turned face up"),
    ("on-discard", "when the card is discarded"),
    ("on-draw", "when the card is drawn"),
    ("before-attack", "when the owner declares an attack, before defence"),
    ("after-attack", "after the owner's attack resolves"),
    ("on-hit", "when the owner's attack hits"),
    ("on-miss", "when the owner's attack misses"),
    ("on-critical", "when the owner's attack roll is a critical"),
    ("on-attacked", "when the owner is declared the target of an attack"),
    ("after-attacked", "after an attack on the owner resolves"),
    ("on-defence-failed", "when the owner's defence fails"),
    ("on-defence-succeeded", "when the owner's defence succeeds"),
    ("on-damaged", "when the owner suffers damage"),
    ("on-defeated", "when the owner is defeated or falls"),
    ("on-enemy-defeated", "when the owner defeats an enemy"),
    ("on-enemy-damaged", "when the owner's attack or effect deals damage to an enemy"),
    ("on-move", "when the owner moves"),
    ("on-enter", "when a piece enters the terrain's cells"),
    ("on-leave", "when a piece leaves the terrain's cells"),
    ("on-flip", "when the owner flips to its other side"),
    ("on-challenge", "when the owner attempts a challenge"),
    ("after-challenge-roll", "after the owner rolls a challenge, before successes are counted"),
    ("after-attack-roll", "after the owner rolls an attack, before successes are assigned"),
    ("before-defence-roll", "when the owner is about to roll defence"),
    ("after-defence-roll", "after the owner rolls defence, before successes are counted"),
    ("any-time", "on its owner's turn like any ability, and after each action or ability "
     "another seat takes, when its owner is asked (in turn order, alone) to use it or pass"),
    ("passive", "always in force while the card is in play"),
    ("on-ally-healed", "when the owner's effect restores health to another seat (`target`: "
     "that seat, `healed`: the health it gained)"),
    ("on-use-terrain", "when the owner uses an ability of a terrain piece (`terrain_cell` "
     "names the piece), once the ability has run"),
    ("on-collided", "when a foe walking onto the owner's square shoves the owner aside (rules "
     "`collisions: shove`; there, `target` picks that foe)"),
    ("after-foe-action", "when a foe on the board has carried out a card it played (`play-top "
     "by:`), once per card; `target` picks that foe"),
    ("on-healed", "when a `heal` reaches the owner in a game with no `health` variable "
     "(`healed`: what it gives back), so the rules say what healing does (turns Wounds back)"),
)


def vocabulary_check(vocabulary: dict, error: str, what: str):
    """A validator refusing a value outside `vocabulary` with pydantic error type `error`."""

    def check(value: str) -> str:
        if value not in vocabulary:
            raise PydanticCustomError(error, "unknown {what} '{value}'", {"what": what, "value": value})
        return value

    return check


Selector = Annotated[str, AfterValidator(vocabulary_check(SELECTORS, "unknown_selector", "selector"))]
"""A selector name from `SELECTORS`."""

Window = Annotated[str, RefTo("window")]
"""A timing window name: one of `WINDOWS` or declared in the rules' `windows:` (checked when linking)."""
