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
    "foes": "foes (pieces of no seat) standing on the board",
    "at_exit": "seats' figures standing in the board's `exit` area",
    "cover": "true while the ranged attack being resolved is aimed at a target in cover",
    "ranged": "true while the attack being resolved is a ranged one",
    "attacker_elevated": "true while the attacker of the attack being resolved stands on "
                         "elevated terrain",
    "target_elevated": "true while the target of the attack being resolved stands on elevated "
                       "terrain",
    "in_sight": "true when the source piece (`source`) of the attack being resolved or "
                "audited has line of sight to its target piece (`piece`); for an audited "
                "`attack` event, whether it had when it struck",
    "allies_beside": "other seats' figures standing next to the seat's figure",
    "incapacitated_beside": "other seats' figures standing next to the seat's figure for which "
                            "the rules' `incapacitated` holds",
    "beside": "true when the seat's figure stands next to the figure of the other seat of the "
              "event being audited (`other`, `to` or `defender`)",
    "foe_health": "health left of all the foes standing on the board, summed (what wounding "
                  "one that does not fall yet is worth, to a bot's evaluation)",
    "foe_distance": "cells from the seat's figure to the nearest foe standing on the board, 0 "
                    "with no figure or no foe (what closing in is worth, to a bot's evaluation)",
    "foes_beside": "foes (pieces of no seat) standing next to the seat's figure",
    "foes_unguarded": "foes standing next to the seat's figure on a square none of its attack "
                      "patterns cover as it faces (their blows meet no defence roll where an "
                      "attack says `defend-in-pattern`); 0 when the rules' `incapacitated` "
                      "holds for the seat (what facing its foes is worth, to a bot's evaluation)",
    "foe_top": "the most health the foes standing on the board may have (what each started "
               "the battle with), summed: with `foe_health`, how far down they are",
    "terrain_cell": "which terrain piece's ability is being resolved, as a number from its "
                    "top-left cell (column x 1000 + row + 1), 0 for an effect no terrain piece "
                    "gives: two pieces on the board never share it",
    "foes_in_cover": "foes standing with any part of them on a terrain piece that has the "
                     "`cover` keyword (a field of tall corn)",
    "entered_by_foe": "in a terrain piece's `on-enter` ability: true when the piece that "
                      "entered it is a foe (false for a seat's figure); likewise in its "
                      "`start-of-any-turn` abilities run by `begin-turn` for the piece",
    "aimed_beside": "other seats' figures standing next to the seat's figure that the card "
                    "being resolved picked as its targets (a foe's action)",
    "melee_attack": "true while a melee attack on a board is resolved: its windows, and the "
                    "foes it wounds or defeats (not a ranged one, not terrain or an ability)",
    "crowded_squares": "squares of the board on which two or more pieces stand at once",
    "by_terrain_edge": "true when the seat's figure stands outside the terrain piece whose "
                       "ability is considered, on a cell sharing an edge (not just a corner) "
                       "with it",
    "exit_distance": "movement it costs the seat's figure to walk to the nearest square of the "
                     "board's `exit` area, 0 with no figure or no exit (what heading for the "
                     "exit is worth, to a bot's evaluation)",
    "fallen_type": "in what waits on a foe's fall (`on-enemy-defeated`): the card type of the "
                   "fallen foe's card (empty anywhere else)",
    "piece_at_exit": "true when the piece acting (a foe resolving its card) stands on a square "
                     "of the board's `exit` area",
    "card_beside": "true when the card being considered lies on the board (placed by "
                   "`scatter`) on or next to the square of the seat's figure",
    "figures_under_foes": "seats' figures standing on a square a foe covers (rules "
                          "`collisions: shove` shoves them off as the foe walks on)",
    "foes_behind": "foes standing on the board with the seat's figure on a square right "
                   "behind them (next to the side they face away from)",
    "high_ground": "true while the ranged attack being resolved is made from high ground at a "
                   "railing (a square on the railing's high side, next to it) at a target "
                   "below it (not at a railing's high side)",
    "terrain_on_foes": "abilities of terrain (`start-of-any-turn`) that would act on the foes "
                       "standing on the board were their turn to begin now (op `begin-turn`): "
                       "terrain under a foe, or beside it for `answers-beside`, whose `if` holds",
    "fallen_ally_distance": "cells from the seat's figure to the nearest other seat's figure "
                            "for which the rules' `incapacitated` holds, 0 with none or when "
                            "the seat's own is (what going to a fallen ally's side is worth, "
                            "to a bot's evaluation)",
    "healed": "what the heal being resolved gives back (in `on-healed` and `on-ally-healed`)",
    "battles_won": "battles won so far in the story being walked (in a campaign, in the "
                   "stories before it too); 0 outside a story. To a bot's evaluation: a won "
                   "battle is worth more than lingering in it, though the next one waits",
    "party_at_exit": "`at_exit`, but 0 while a seat's figure for which the rules' "
                     "`incapacitated` holds lies outside the `exit` area (an exit that must "
                     "hold the whole party is no nearer for those standing in it)",
    "party_exit_distance": "`exit_distance`, but while figures for which `incapacitated` "
                           "holds lie outside the `exit` area, an able seat's is at least the "
                           "longest of theirs (the party leaves no sooner than they can: a bot "
                           "gains nothing by standing nearer the exit than a fallen ally lies)",
    "hazard_distance": "cells from the seat's figure to the nearest square of a terrain piece "
                       "with the `hazard` keyword, 0 with no figure, no such piece or standing "
                       "on one (what keeping clear of a deadly piece is worth, to a bot's "
                       "evaluation)",
}

BUILTIN_TYPES = {
    **dict.fromkeys(BUILTIN_NAMES, "number"),
    "first_round": "flag",
    "is_active": "flag",
    "paired": "flag",
    "cover": "flag",
    "ranged": "flag",
    "attacker_elevated": "flag",
    "target_elevated": "flag",
    "in_sight": "flag",
    "beside": "flag",
    "entered_by_foe": "flag",
    "by_terrain_edge": "flag",
    "melee_attack": "flag",
    "card_beside": "flag",
    "piece_at_exit": "flag",
    "high_ground": "flag",
    "fallen_type": "any",
    "value": "any",
    "level": "any",
}
"""What each built-in name holds, for type checks (see `compiler.expressions.types`)."""

EVENT_NAMES = {
    "strikes": "in an `attack` (or `attack-terrain`) event: times the weapon struck this turn, "
               "this attack included",
    "targets": "in an `attack` event: pieces sharing the attack's dice",
    "defences": "in a `defend` event: defence rolls the seat has made this round, this one included",
    "blocked": "in a `defend` event: damage the defence cancelled",
    "hits": "in a `defend` event: hits met at once",
    "forced": "in a `count` event: true when the successes were set, not counted",
    "advantage": "in a `count` event: true when the roll had advantage (and not disadvantage too)",
    "disadvantage": "in a `count` event: true when it had disadvantage (and not advantage too)",
    **{f"n{face}": f"in a `count` event: dice showing {face}" for face in range(1, 13)},
    "over_railing": "in an `attack` event on a board with railings: true when a railing stood "
                    "between the attacker and its target",
    "in_pattern": "in an `attack` event: true when the target stood in the pattern (rays up to "
                  "its Range) of the weapon struck with, as the attacker faced; true for an "
                  "attack with no weapon",
    "defendable": "in an `attack` event: true when the target could roll defence against it (the "
                  "attack has defence dice and, with `defend-in-pattern`, the attacker stood in "
                  "one of the target's attack patterns)",
}
"""Names the fields of logged events give an event-level invariant (0 anywhere else)."""

LAYOUT_CONTEXT = {
    "deck_name": "the name of the card's deck",
    "game_title": "the game's title",
}
"""Names printkit gives a layout beside the card's own keys and fields."""

LAYOUT_NAMES = {
    "id": "the card's id",
    "name": "the card's name",
    "text": "the card's rules text",
    "flavour": "the card's flavour text",
    "keywords": "the card's keywords",
    "abilities": "the card's abilities",
    "image": "the card's image path",
    "count": "how many copies of the card the deck holds",
    **LAYOUT_CONTEXT,
}
"""Names a layout's expressions may use besides its card type's fields; printkit provides them."""
