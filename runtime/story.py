"""A story walked by the party: cards with text, effects, choices, challenges, battles, endings.

A program built for a story (`Program(game, story=ID)`, or `Program(game)` when the rules
have a `campaign:`) starts a `story` frame instead of the turn structure: the rules' setup
runs, then the party walks the story (each of the campaign's in turn) from its start card,
its introduction (the story's `text`) read out first (a `say` event). Each card's text is public (a `story` event every seat sees); its `do` effects run;
then the card leads on. A card whose `if:` does not hold when the party reaches it is passed
over (no text, effects, choices, challenge or battle): the story follows its `goto`, and
stops there when it has none. The card leads on as follows:

- `ending`: the story ends; `defeat` is a loss for the whole party, any other ending a win
  (the result names the ending);
- `choices`: the open ones (their `if` holds) are a decision for the lead seat, the first
  seat in turn order still in the game; the chosen one's `do` runs, then its `goto`;
- `challenge`: the lead seat rolls its `stat` (plus `modifier`) in dice of the named dice
  system (else the rules' first pool, else their first system, else a built-in pool of
  six-sided dice, each 4 or more a success), the `on-challenge` and
  `after-challenge-roll` windows may change the dice, and `successes` or more go to `pass`,
  fewer to `fail`;
- `battle`: the scenario is fought as `runtime.battle` plays it on its own (the party's
  figures deployed, the rules' rounds and turns, the rules' turn cap counted from its own
  first turn) until one of its outcomes holds; the link
  of that outcome's name is followed, else `victory`/`defeat` by how it went, else (won)
  the first link not named `defeat`; a lost battle with no link ends the story in defeat.
  With `battles` other than `play` (`--battle-outcome`) a battle is not fought but resolved
  at once: `victory` or `defeat` as if the battle ended so, `random` one of the card's
  outcomes at random (a logged chance outcome);
- `goto`: the next card.

A story that has read `step_cap(story)` cards without reaching an ending stops there (a
capped result, like a game's turn cap), so a story that loops for ever still ends.

Flags and items (and every variable) persist from card to card and through battles. The
rules' own win and loss conditions hold throughout, as in any game: meeting one ends the
whole story. While a battle is fought, `state["story"]["battle"]` names it and the machine
runs the battle's program (`playing`), so a saved or sampled state resumes inside it.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from compiler.analysis.story_dice import DEFAULT_DICE
from runtime.battle import DEFEAT, battle_frame, reset_battle_variables
from runtime.between import pause_frames
from runtime.conditions import finish
from runtime.dice import count_roll, start_roll, system
from runtime.frames import Call, ask, fx, handler
from runtime.hooks import hook
from runtime.story_hits import CARD, CHOICE
from runtime.windows import window

if TYPE_CHECKING:
    from compiler.language.documents import StoryCard
    from runtime.machine import Machine
    from runtime.program import Program

VICTORY = "victory"
STEPS_PER_CARD = 50  # a run may read each card this many times on average before it is capped
MIN_STEP_CAP = 1000


def step_cap(story) -> int:
    """The most cards a run of `story` reads before it is stopped as endless."""
    return max(MIN_STEP_CAP, STEPS_PER_CARD * len(story.cards))


def first_frame(program: Program) -> dict:
    """The bottom frame of a new game: the story's walk, or the rules' turn structure."""
    return {"h": "story" if program.story else "game", "ctx": {"self": 0}, "l": {}}


def for_story(program: Program, story: str | None, battles: str | None = None) -> Program:
    """The program walking `story` (battles resolved as `battles` says); as is for None."""
    if story is None:
        return program
    # `Program` itself sits above the rules (it imports them all): build one of its kind
    return type(program)(program.game, program.scenario, story, battles or "play")


def battle_program(home: Program, scenario: str) -> Program:
    """The program of `scenario` fought within `home`'s story (made once, sharing its tables:
    effect-list numbers and compiled expressions are the same)."""
    found = home.cache.get(("battle", scenario))
    if found is None:
        found = copy.copy(home)
        found.scenario = scenario
        found.cache = {}  # boards and keys are per scenario
        found.home = home
        found._index_abilities()  # the windows its foes and its special rules wait on
        found.write_generated()  # (its own turn options: its foes' abilities are indexed anew)
        home.cache[("battle", scenario)] = found
    return found


def playing(program: Program, state: dict) -> Program:
    """The program for `state`: that of the battle its story is in, else the story's own."""
    home = program.home
    fought = (state.get("story") or {}).get("battle")
    return battle_program(home, fought) if fought else home


def lead(m: Machine) -> int:
    """The seat that decides and rolls for the party: the first in turn order still in."""
    st = m.state
    return next((s for s in st["order"] if not st["out"][s]), st["order"][0])


def _card(m: Machine, key: str) -> StoryCard:
    return m.program.game.stories[m.state["story"]["id"]].cards[key]


def _story_state(story_id: str, start: str, won: int = 0) -> dict:
    """A story's walk; `won` counts the battles won in it (and, in a campaign, before it)."""
    return {"id": story_id, "card": start, "battle": None, "ending": None, "steps": 0,
            "won": won}


@handler("story")
def walk(m: Machine, frame: dict):
    st = m.state
    local = frame["l"]
    program = m.program
    while True:
        stage = local.get("s", "setup")
        if stage == "setup":
            story = program.game.stories[program.stories[0]]
            st["story"] = _story_state(story.id, story.start)
            local.update(s="begin", card=story.start)
            ctx = {"self": st["active"]}
            return Call(fx(program.lid(program.rules.setup), ctx), window("setup", ctx))
        if stage == "begin":
            st["begun"] = True  # setup is over: the rules' conditions hold from here on
            _introduce(m, program.game.stories[st["story"]["id"]])
            local["s"] = "enter"
            continue
        if stage == "pause":
            local["s"] = "enter"
            return Call(*pause_frames(m))
        story = program.game.stories[st["story"]["id"]]
        key = local["card"]
        card = _card(m, key)
        seat = lead(m)
        st["active"] = seat
        ctx = {"self": seat}
        if stage == "enter":
            st["story"]["card"] = key
            steps = st["story"]["steps"] = st["story"].get("steps", 0) + 1
            if steps > step_cap(story):
                _capped(m, key, steps - 1)
                return None
            if card.if_ is not None and not m.holds(card.if_, seat, ctx):
                if card.goto is None:
                    finish(m, [], f"the story stops at card {key}: its `if` does not hold and "
                                  "it has no `goto`")
                    return None
                _go(m, local, card.goto, "passed over: its `if` does not hold")
                continue
            m.emit("story", at=key, title=card.title or "", text=card.text or "")
            m.count(CARD, key)
            local["s"] = "lead"
            if card.do:
                return Call(fx(program.lid(card.do), ctx))
            continue
        if stage == "lead":
            return _lead(m, local, key, card, seat, ctx)
        if stage == "chosen":
            number = local.pop("choice")
            choice = card.choices[number]
            m.count(CHOICE, f"{key}#{number + 1}")
            _go(m, local, choice.goto, f"chose: {choice.text}")
            if choice.do:
                return Call(fx(program.lid(choice.do), ctx))
            continue
        if stage == "rolled":
            return _count(m, local, card, seat)
        if stage == "fought":
            return _after_battle(m, local, card)


def _lead(m: Machine, local: dict, key: str, card: StoryCard, seat: int, ctx: dict):
    """Where the card leads: an ending, a choice, a challenge, a battle or the next card."""
    if card.ending is not None:
        following = _next_story(m)
        if card.ending != DEFEAT and following is not None:
            return _next(m, local, card.ending, following, ctx)
        _end(m, card.ending, card.title or card.ending)
        return None
    if card.choices:
        answer = local.pop("ans", None)
        if answer is not None:
            local.update(s="chosen", choice=answer["i"])
            return Call()
        options = [{"label": c.text, "key": f"choice:{i}", "i": i}
                   for i, c in enumerate(card.choices) if m.holds(c.if_, seat, ctx)]
        if options:
            # the card's text goes with its choices, for whoever reads only the prompt
            prompt = ": ".join(t for t in (card.title or f"Card {key}", card.text) if t)
            return ask(seat, "choice", prompt, options)
    if card.challenge is not None:
        return _roll(m, local, card, seat, ctx)
    if card.battle is not None:
        return _battle(m, local, card, seat)
    if card.goto is not None:
        _go(m, local, card.goto, "goto")
        return Call()
    finish(m, [], f"the story stops at card {key}: nothing leads on from it")
    return None


def _capped(m: Machine, key: str, steps: int) -> None:
    reason = (f"the story was stopped at card {key} after {steps} cards without an ending (its "
              "step cap): it may loop for ever; `gamesmith check` names soft locks")
    m.state["result"] = {"winners": [], "reason": reason, "capped": True}
    m.emit("result", winners=[], reason=reason)


def _go(m: Machine, local: dict, target: str, why: str) -> None:
    m.emit("link", at=local["card"], to=target, via=why)
    local.update(s="pause" if m.program.rules.between_cards else "enter", card=target)


def _next_story(m: Machine) -> str | None:
    """The story a campaign walks after the current one (None: the last, or no campaign)."""
    stories = m.program.stories
    at = stories.index(m.state["story"]["id"])
    return stories[at + 1] if at + 1 < len(stories) else None


def _next(m: Machine, local: dict, ending: str, following: str, ctx: dict):
    """A campaign's story is over and the party goes on: the campaign's `between` effects,
    then the next story from its start card (after a pause between cards)."""
    st = m.state
    m.emit("ending", ending=ending, story=st["story"]["id"], next=following)
    story = m.program.game.stories[following]
    st["story"] = _story_state(following, story.start, st["story"].get("won", 0))
    m.emit("say", text=f"{story.title} begins.")
    _introduce(m, story)
    local.update(s="pause" if m.program.rules.between_cards else "enter", card=story.start)
    between = m.program.rules.campaign.between
    return Call(fx(m.program.lid(between), ctx)) if between else Call()


def _introduce(m: Machine, story) -> None:
    """Read out the story's introduction (its `text`), if it has one, as it begins."""
    if story.text:
        m.emit("say", text=story.text)


def _end(m: Machine, ending: str, text: str) -> None:
    st = m.state
    st["story"]["ending"] = ending
    seats = [] if ending == DEFEAT else [s for s in range(st["players"]) if not st["out"][s]]
    m.emit("ending", ending=ending)
    finish(m, seats, text)
    st["result"]["ending"] = ending


# -- challenges ------------------------------------------------------------------------


def _dice(m: Machine, dice_id: str | None):
    if dice_id is not None:
        return system(m, dice_id)
    known = m.program.rules.dice
    pools = [d for d in known if d.type == "pool"] or known
    return pools[0] if pools else DEFAULT_DICE


def _roll(m: Machine, local: dict, card: StoryCard, seat: int, ctx: dict):
    challenge = card.challenge
    st = m.state
    dice = _dice(m, challenge.dice)
    count = int(m.value(challenge.stat, seat, ctx)) + int(m.value(challenge.modifier, seat, ctx))
    start_roll(m, dice, seat, count)
    st["dice_system"] = dice.id if dice is not DEFAULT_DICE else None
    local["s"] = "rolled"
    return Call(window("on-challenge", ctx), window("after-challenge-roll", ctx))


def _count(m: Machine, local: dict, card: StoryCard, seat: int):
    challenge = card.challenge
    dice = _dice(m, challenge.dice)
    got = count_roll(m, dice)
    needed = int(m.value(challenge.successes, seat, {"self": seat}))
    passed = got >= needed
    m.emit("challenge", seat=seat, stat=challenge.stat, successes=got, needed=needed,
           passed=passed)
    target = card.pass_ if passed else card.fail
    if target is None:
        target = card.goto
    if target is None:
        finish(m, [], f"the story stops at card {local['card']}: no link for a "
                      f"{'passed' if passed else 'failed'} challenge")
        return None
    _go(m, local, target, "pass" if passed else "fail")
    return Call()


# -- battles ---------------------------------------------------------------------------


def _battle(m: Machine, local: dict, card: StoryCard, seat: int):
    st = m.state
    mode = m.program.battles
    if mode != "play":
        if mode == "random":
            names = list(card.outcomes) or [VICTORY, DEFEAT]
            name = names[m.below(len(names))]
        else:
            name = mode
        m.emit("battle", scenario=card.battle, outcome=name, fought=False)
        local.update(s="fought", outcome=name)
        return Call()
    st["story"]["battle"] = card.battle
    m.program = battle_program(m.program.home, card.battle)
    # a fresh board; setup conditions wait until the deployment is over, as for any battle
    st.update(pieces=[], terrain=[], removed=[], cells={}, round=1, begun=False)
    # each battle has the rules' turn cap to itself: an Act of four battles is not stopped
    # by what one battle may take (a hung battle still is)
    st["turn_cap"] = st["turns"] + m.program.rules.turn_cap
    m.emit("battle", scenario=card.battle)
    local["s"] = "fought"
    return Call(battle_frame(), {"h": "game", "ctx": {"self": seat}, "l": {"s": "begin"}})


@hook("battle-over")
def battle_over(m: Machine, name: str) -> None:
    """A battle fought within the story reached outcome `name`: back to the story."""
    from runtime.turns import expire

    st = m.state
    stack = st["stack"]
    depth = next(i for i, f in enumerate(stack) if f["h"] == "story")
    del stack[depth + 1:]  # in place: the machine holds this very list
    st["decision"] = None
    m.emit("battle-end", scenario=st["story"]["battle"], outcome=name)
    st["story"]["battle"] = None
    st.update(pieces=[], terrain=[], removed=[], cells={}, begun=True)
    for scope in ("turn", "round", "battle"):  # the turn and round it ended in end with it
        expire(m, scope)
    m.program = m.program.home
    reset_battle_variables(m)  # (read with the story's program: the same variables)
    stack[depth]["l"]["outcome"] = name


def _after_battle(m: Machine, local: dict, card: StoryCard):
    name = local.pop("outcome")
    won = name != DEFEAT
    m.count("battle-won" if won else "battle-lost", card.battle)
    if won:
        m.state["story"]["won"] = m.state["story"].get("won", 0) + 1
    target = card.outcomes.get(name) or card.outcomes.get(VICTORY if won else DEFEAT)
    if target is None and won:
        target = next((t for n, t in card.outcomes.items() if n != DEFEAT), card.goto)
    if target is None:
        _end(m, DEFEAT, f"the battle is lost ({name}) and the story has no way on from card "
                        f"{local['card']}")
        return None
    _go(m, local, target, f"outcome {name}")
    return Call()


def where(m: Machine) -> str:
    """Where a story run stands, for error messages ('' outside a story)."""
    story = m.state.get("story")
    if not story:
        return ""
    if story.get("battle"):
        return (f"on story card {story['card']}, fighting battle '{story['battle']}' "
                f"(to go on without fighting it, use --battle-outcome victory, defeat or random)")
    return f"on story card {story['card']}"
