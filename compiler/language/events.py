"""The events the runtime logs, by kind: what an event-level invariant may follow (`after:`).

Each event names its seats in a few fields: the actor is `seat` (or `attacker`), the target
is `defender` (or `other`, or `to`). A test checks the runtime emits exactly these kinds.
"""

from typing import Annotated

from pydantic import AfterValidator

from compiler.language.catalogue import table
from compiler.language.selectors import vocabulary_check

EVENTS = table(
    ("ability", "a seat used a card's or the rules' ability (actor: the seat; card: the card)"),
    ("action", "a seat took an action (actor: the seat)"),
    ("attack", "an attack was made (actor: the attacker)"),
    ("battle", "a story's battle was taken as won or lost without being fought"),
    ("battle-end", "a story's battle ended with an outcome"),
    ("challenge", "a seat attempted a challenge (actor: the seat)"),
    ("chance", "something was picked at random"),
    ("commit", "a seat committed cards to a contest (actor: the seat)"),
    ("contest", "a contest began (actor: the attacker; target: the defender; card: the card)"),
    ("count", "a pool's dice were counted (actor: the seat rolling; the faces tallied as `n1`, "
              "`n2`…, `successes`, `advantage`, `disadvantage`, `forced`)"),
    ("damage", "a seat or piece took damage (actor: the seat)"),
    ("defeated", "a piece was defeated"),
    ("defend", "a piece defended against an attack"),
    ("ending", "a story reached an ending"),
    ("fight", "a fight was resolved (actor: the attacker; target: the defender)"),
    ("flip", "a card was flipped to its other side (actor: the seat; card: the card)"),
    ("give", "a seat gave cards to another (actor: the giver; target: the other seat)"),
    ("link", "a story moved on to another card"),
    ("move", "a card moved from one zone to another (card: the card)"),
    ("move-piece", "a piece moved on the board (actor: its seat)"),
    ("out", "a seat left the game (actor: the seat)"),
    ("pair", "two seats were paired"),
    ("pass", "a card passed to another seat (target: the seat it went to; card: the card)"),
    ("phase", "a phase began"),
    ("place", "a seat placed its figure (actor: the seat)"),
    ("lift", "a seat's figure (actor: the seat) or a foe (piece) was taken off the board"),
    ("remove-terrain", "a terrain piece was taken off the board"),
    ("move-terrain", "a terrain piece rolled along the board (`cell` it left, `to`, `steps`)"),
    ("refuse", "a seat refused to pair (actor: the seat; target: the asking seat)"),
    ("reroll", "a seat rerolled dice of its choice (actor: the seat)"),
    ("reshuffle", "a pile was shuffled back into the one it refills"),
    ("result", "the game ended with a result"),
    ("reveal", "a card was turned face up (actor: the seat; card: the card)"),
    ("roll", "dice were rolled (actor: the seat)"),
    ("round", "a round began"),
    ("say", "a line of text was read out"),
    ("set", "a variable was set (actor: the seat, for a seat's variable)"),
    ("shuffle", "a pile was shuffled"),
    ("skip", "a seat skipped its turn (actor: the seat), or a foe its next card (piece: the foe)"),
    ("spawn", "a piece was placed on the board"),
    ("steal", "a seat took cards from another (actor: the taker; target: the other seat)"),
    ("story", "a story card was read"),
    ("turn", "a seat's turn began (actor: the seat)"),
    ("turn-end", "a seat's turn ended (actor: the seat)"),
    ("unpair", "two seats stopped being paired"),
    ("order", "the turn order moved round (order: the seats, first to last)"),
    ("move-terrain", "a terrain piece moved on the board (terrain: its id; cell: its new "
     "top-left cell)"),
    ("collide", "a foe walking onto a seat's square shoved its figure aside (piece: the foe; "
     "actor: the shoved seat; cell: where it stepped)"),
    ("attack-terrain", "a seat attacked a terrain piece (actor: the seat; terrain, cell: the "
     "piece; successes; strikes: the weapon's strikes this turn)"),
    ("target", "a `with-target` picked the seat its effects are for (actor: the seat acting; "
     "target: `other`, the seat picked)"),
)

ACTOR_FIELDS = ("seat", "attacker")
TARGET_FIELDS = ("defender", "other", "to")

Event = Annotated[str, AfterValidator(vocabulary_check(EVENTS, "unknown_event", "event"))]
"""An event kind from `EVENTS`."""
