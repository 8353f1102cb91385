"""Names every expression may use, whatever the game; the runtime provides their values.

A game adds its own through `variables:` in game.yaml and the fields of its card types.
"""

BUILTIN_NAMES = {
    "players": "number of seats (or characters) in the game",
    "round": "the current round, from 1",
    "turn": "the current turn of the active seat, from 1",
    "actions": "actions the active seat has left this turn",
    "hand": "cards in the seat's hand",
    "deck": "cards left in the draw pile",
    "discard": "cards in the discard pile",
    "roll": "the result of the last roll",
    "successes": "successes of the last success-pool roll",
    "damage": "damage of the attack being resolved",
    "distance": "distance in cells between the source and its target",
    "health": "health the piece has left",
    "level": "the current level (of a foe or scenario)",
    "value": "the value of the card or item being considered",
    "first_round": "true during the first round",
    "is_active": "true when the seat is the active one",
    "paired": "true while the seat is paired with another (the `pair` op: fused, allied)",
}
