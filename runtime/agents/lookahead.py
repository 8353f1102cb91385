"""Playing a search's position on to the end of the round, for bots whose rules ask for it.

With the rules' `lookahead: round` (or the battle's own) a bot scores a position only after the rest of the round:
every turn passes at once (the searching seat's own too: a random rest of it, the luckiest of
a few, would walk into reach for a lucky blow) and any other choice goes at random, so what
the round then does by itself (foes moving and striking in a co-operative battle) shows.
"""

from __future__ import annotations

import math

from runtime.agents.evaluation import battle_fought, scores
from runtime.between import DONE
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.state import Template

HORIZON = 400  # decisions played out at most (a round that never ends is the guards' to report)
# follow-up choices of one option played greedily at most (a chain longer than this is the
# round play-out's to finish at random)
FOLLOW_UPS = 8
# finished outcomes of one option scored at most by `completed` (past it, what is left of the
# option is scored where it stands)
COMPLETIONS = 48
SAME = 1e-9  # scores this close are equal (sums of the same weights in another order)


def to_round_end(program, state: dict | None = None) -> bool:
    """Whether bots look to the end of the round in `state`: as the battle fought says (a
    scenario's own `lookahead`, alone or in a story), else as the rules do."""
    scenario = battle_fought(program, state)
    own = scenario.lookahead if scenario is not None else None
    return (own or program.rules.lookahead) == "round"


_NOW = object()  # `finish_round`'s battle: the one fought when it is called


def finish_round(m: Machine, rng: Rng, start: int | None = None, fought=_NOW,
                 table: dict | None = None) -> None:
    """Play on until the first turn of the round after `start` (the round now, if None; or
    the game ends, or a story's battle does): a turn's choice ends the turn, any other choice
    goes at random. What the new round's start does before that turn counts, choices in it
    too (which of two figures at the same distance a foe heads for): stopping at them would
    score the position before the foe's blow. A caller that has just answered gives the
    round it answered in: an answer that ended the round already stands in the next one,
    and playing that one out too scores the foe's turn twice. It stops, too, where the
    battle fought changes from `fought` (the caller's, from before it answered): an answer
    made while a story's cards are walked that starts the next battle is scored as the
    battle begins (played on into its first round at random, the luckiest of a few
    play-outs, a Character sold its only weapon for two Coins); a battle that ends is
    followed through the story's pauses (`go_on`). With the weights `table`, a choice of which
    way a figure faces is made for its chooser the best way one step on (`greedy`), not at
    random: a facing changes nothing until foes strike, and a random one turns a figure's
    back on the foes beside it as often as not (a square scored by its luckiest facing would
    still be worth less than it is, and a weighed exposure, `foes_unguarded`, then tells the
    facings apart)."""
    start = m.state["round"] if start is None else start
    fought = battle_fought(m.program, m.state) if fought is _NOW else fought
    steps = 0
    while (not m.over and (m.state["round"] == start or m.decision.get("kind") != "turn")
           and not walking_story(m.state) and battle_fought(m.program, m.state) is fought
           and steps < HORIZON):
        decision = m.decision
        options = decision["options"]
        kind = decision.get("kind")
        if kind == "facing" and table is not None:
            keys = first_keys(options)
            m.answer(keys[greedy(m, list(keys), keys, decision["seat"], table, rng)])
            steps += 1
            continue
        end = (next((i for i, o in enumerate(options) if o.get("key") == "end"), None)
               if kind == "turn" else None)
        m.answer(end if end is not None else rng.below(len(options)))
        steps += 1
    if fought is not None and battle_fought(m.program, m.state) is None:
        go_on(m)


def go_on(m: Machine) -> None:
    """Past the pauses between story cards (each seat going on) to where the story goes after
    a battle that ended in a play-out: its outcome may lead to a defeat ending, and scored at
    the pause a lost battle (its foes gone) would look better than fighting on."""
    steps = 0
    while not m.over and m.decision.get("kind") == "between" and steps < HORIZON:
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["key"] == DONE))
        steps += 1


def walking_story(state: dict | None) -> bool:
    """A story's cards are being walked (no battle fought): they are not played in rounds."""
    story = (state or {}).get("story")
    return bool(story) and not story.get("battle")


def follow_up(m: Machine, seat: int, table: dict[str, float], rng: Rng) -> None:
    """The seat's own follow-up choices of the option it just played (which square a Move
    ends on, which foe an Attack strikes), each the best one step on by the weights `table`:
    played at random by the round's play-out, a Move is worth a random square's walk and
    loses to standing still wherever half the squares lead away from the goal."""
    steps, turn = 0, m.state["turns"]
    while (not m.over and m.state["turns"] == turn and follows_up(m.decision, seat)
           and steps < FOLLOW_UPS):
        keys = first_keys(m.decision["options"])
        m.answer(keys[greedy(m, list(keys), keys, seat, table, rng)])
        steps += 1


def greedy(m: Machine, among: list, keys: dict, seat: int, table: dict[str, float],
           rng: Rng):
    """The key among `among` whose option (its index in `keys`) scores best for `seat` once
    played (the evaluation at the next decision), equal scores at random."""
    template = Template(m.state)
    best, top = [], -math.inf
    for key in among:
        trial = Machine(m.program, template.fork())
        trial.answer(keys[key])
        score = scores(trial, table)[seat]
        if score > top:
            best, top = [key], score
        elif score == top:
            best.append(key)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def follows_up(decision: dict, seat: int) -> bool:
    """Whether `decision` is `seat`'s own choice inside the option it just played (not a
    new turn decision, nor another seat's)."""
    return decision["seat"] == seat and decision.get("kind") != "turn"


def first_keys(options: list[dict]) -> dict[str, int]:
    """Each distinct option key and the index of its first option."""
    keys: dict[str, int] = {}
    for i, option in enumerate(options):
        keys.setdefault(option["key"], i)
    return keys


def completed(m: Machine, seat: int, table: dict, card: str | None,
              floor: float = -math.inf) -> float:
    """`seat`'s score for the option it just played, finished the best way: while a story's
    cards are walked (no round is played out there), the questions the option still asks the
    seat (which card to sell, whom to trade with and what) are answered every way, and back at
    its pause between cards, if it stands no lower than `floor` (the pause before the option,
    as it stood), the seat plays on with what the pause still offers it or goes on (scored as
    the position stands: the next card follows every choice alike), up to another seat's
    decision, a battle or a story card other than `card` (the one the option was played on);
    the best end counts. Scored at its first question, an option that asks one ties with
    everything else; scored alone, calling a porter is worth nothing until something is bought;
    a loss is not played on (a weapon sold for another the evaluation cannot tell worse).
    (Another seat's decision is not finished for it: the next seat's own pick would be, and
    every pick would score the best party.)"""
    left = [COMPLETIONS]

    def best(trial: Machine, depth: int, floor: float) -> float:
        decision = trial.decision
        if (trial.over or depth >= FOLLOW_UPS or left[0] <= 0
                or not walking_story(trial.state) or trial.state["story"].get("card") != card
                or not follows_up(decision, seat)):
            left[0] -= 1
            return scores(trial, table)[seat]
        pause = decision.get("kind") == "between"
        top = -math.inf
        if pause:
            top = scores(trial, table)[seat]  # going on
            if top < floor - SAME:
                return top
            floor = top
        template = Template(trial.state)
        for key, index in first_keys(decision["options"]).items():
            if pause and key == DONE:
                continue
            after = Machine(trial.program, template.fork())
            after.answer(index)
            top = max(top, best(after, depth + 1, floor))
        return top

    return best(m, 0, floor)
