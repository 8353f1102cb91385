"""State-aware story checks (GS410-GS417, GS429) on a story's explored state space: cards
and choices no reachable state takes, soft locks, stops, stories that never end, challenges
that cannot pass or fail, and challenge or battle links that are never followed."""

from __future__ import annotations

from collections import defaultdict, deque
from typing import TYPE_CHECKING

from compiler.analysis.story_dice import challenge_dice, per_die
from compiler.analysis.story_state import StateSpace, explore
from compiler.analysis.story_values import UNKNOWN
from compiler.analysis.story_world import StoryWorld, effects_in, written
from compiler.language.base import checked_expression
from compiler.language.documents import Story

if TYPE_CHECKING:
    from compiler.analysis.story import Emitter, StoryLinks

_SHOWN_STEPS = 12  # steps of a path named in a message before the middle is elided


def check_story_state(story: Story, world: StoryWorld, links: StoryLinks, depth: dict,
                      can_end: set[str], out: Emitter, explained=frozenset()) -> StateSpace:
    """Emit the state-aware diagnostics of `story` (whose start card exists); conditions at
    (card, path) in `explained` have their own diagnostic, and their effects are not repeated."""
    _never_followed(story, out)
    space = explore(story, world)
    facts = _Facts(space)
    if not facts.ending_nodes and story.start in can_end:
        out.emit("GS414", story.start,
                 f"story '{story.id}' can never end: no state reachable from start card "
                 f"{story.start} reaches an ending ({_proof(space)}; {facts.summary()})")
    _impossible(story, space, facts, links, depth, out, explained)
    _challenges(story, space, facts, out)
    _stuck(story, space, facts, can_end, out)
    return space


class _Facts:
    """What the explored space shows, card by card."""

    def __init__(self, space: StateSpace):
        self.space = space
        self.nodes: dict[str, list[int]] = defaultdict(list)
        self.read: set[str] = set()
        self.taken: set[tuple[str, str]] = set()
        self.ending_nodes: list[int] = []
        for n, key in enumerate(space.cards):
            self.nodes[key].append(n)
            for edge in space.edges[n]:
                self.taken.add((key, edge.via))
                if edge.via != "passed over":
                    self.read.add(key)
                if edge.ending is not None:
                    self.ending_nodes.append(n)

    def summary(self) -> str:
        return f"{len(self.space.cards)} states over {len(self.nodes)} cards explored"


def _proof(space: StateSpace) -> str:
    if space.merged:
        return (f"proved on a merged approximation, the {space.budget:,} exact states of the "
                "budget being exceeded")
    if space.widened:
        return (f"proved by exhaustive search, {', '.join(space.widened)} taken as unknown "
                "once it passed a few dozen values")
    return "proved by exhaustive search"


def _steps(space: StateSpace, node: int) -> str:
    steps = space.path_to(node)
    text = [steps[0][0]] + [f"({via}) {key}" for key, via in steps[1:]]
    if len(text) > _SHOWN_STEPS:
        text = [*text[:4], f"… {len(text) - 8} steps …", *text[-4:]]
    return " → ".join(text)


# -- cards and choices no state takes ----------------------------------------------------------


def _impossible(story: Story, space: StateSpace, facts: _Facts, links: StoryLinks, depth: dict,
                out: Emitter, explained) -> None:
    writers = _writers(story)
    world = space.machine.world
    given = set(writers) | world.outside

    def never_given(source: str) -> bool:  # GS407 reports the flag or item instead
        expr = checked_expression(source, None)
        return any(("flag", f) not in given for f in expr.flags) or any(
            ("item", i) not in given for i in expr.items)

    reported_choices: set[tuple[str, int]] = set()
    for key, card in story.cards.items():
        if key not in facts.read or card.ending is not None:
            continue
        for i, choice in enumerate(card.choices):
            if (key, f"choice {i + 1}") in facts.taken or choice.if_ is None:
                continue
            reported_choices.add((key, i))
            if never_given(choice.if_) or (key, ("choices", i, "if")) in explained:
                continue
            why = _why_false(choice.if_, key, space, facts, writers, after=card.do)
            lost = "" if choice.goto in facts.nodes else (
                f"; card {choice.goto} is never read through it")
            out.emit("GS411", key,
                     f"choice {i + 1} of card {key} ('{choice.text}') is never open: "
                     f"`{choice.if_}` is false in every state that reaches card {key} "
                     f"({why}){lost}; {_proof(space)}",
                     ("choices", i, "if"))
    for key, card in story.cards.items():
        if (key in facts.nodes and key not in facts.read and not never_given(card.if_)
                and (key, ("if",)) not in explained):
            why = _why_false(card.if_, key, space, facts, writers)
            out.emit("GS410", key,
                     f"card {key} is reached but its `if: {card.if_}` never holds there "
                     f"({why}): it is always passed over; {_proof(space)}", ("if",))
    for key in story.cards:
        if key not in depth or key in facts.nodes:
            continue
        ways = [(p, via) for p, vias in links.pred[key].items() if p in facts.nodes
                for via in vias.split(", ")]
        if not ways:
            continue  # only reached through cards that are never reached themselves
        if all(_explained(story, p, via, facts, reported_choices) for p, via in ways):
            continue  # what closes each way in has its own diagnostic: one mistake, one message
        reasons = [_why_not_taken(story, p, via, facts, world) for p, via in ways]
        if None in reasons:
            continue  # a link to a battle outcome the scenario does not have: GS301
        out.emit("GS410", key,
                 f"card {key} is linked from reachable cards but no reachable state gets "
                 f"there: {'; '.join(reasons)}; {_proof(space)}")


def _explained(story: Story, key: str, via: str, facts: _Facts, choices: set) -> bool:
    """Link `via` of card `key` is never followed for a reason another diagnostic names: a
    closed choice (GS411), a challenge that cannot pass or fail (GS415, GS416), or a card
    always passed over (GS410)."""
    if key not in facts.read:
        return True
    if via.startswith("choice"):
        return (key, int(via.split()[1]) - 1) in choices
    if via in ("pass", "fail") and story.cards[key].challenge is not None:
        return (key, "fail" if via == "pass" else "pass") in facts.taken
    return False


def _why_not_taken(story: Story, key: str, via: str, facts: _Facts,
                   world: StoryWorld) -> str | None:
    """Why link `via` of card `key` is never followed (None: another diagnostic says so)."""
    card = story.cards[key]
    if key not in facts.read:
        return f"card {key} is always passed over"
    if via.startswith("choice"):
        return f"{via} of card {key} is never open"
    if via in ("pass", "fail"):
        if card.challenge is None:
            return f"card {key} has no challenge, so its `{via}` is never followed"
        return f"the challenge of card {key} never {'passes' if via == 'pass' else 'fails'}"
    if via == "goto":
        if card.choices:
            return f"card {key} always has a choice open, so its `goto` is never followed"
        return f"card {key} always leads on another way before its `goto`"
    if via.startswith("outcome"):
        if card.battle is None:
            return f"card {key} has no battle, so its `outcomes` are never followed"
        scenario = world.scenarios.get(card.battle)
        if scenario is not None and scenario.outcomes and via.split()[1] not in scenario.outcomes:
            return None
        return f"the battle of card {key} never ends with {via}"
    return f"{via} of card {key} is never followed"


def _writers(story: Story) -> dict[tuple[str, str], list[str]]:
    """(what, name) -> the cards whose effects change it."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for key, card in story.cards.items():
        effects = [card.do, *(c.do for c in card.choices), card.special_rules]
        for name, params in effects_in(effects):
            for w in written(name, params):
                if key not in found[w]:
                    found[w].append(key)
    return found


def _why_false(source: str, key: str, space: StateSpace, facts: _Facts, writers,
               after: list | None = None) -> str:
    """Evidence that `source` never holds at card `key` (`after` its effects have run): what it
    tests, the values it sees and where those are set."""
    expr = checked_expression(source, None)
    slots = dict((s, i) for i, s in enumerate(space.slots))
    states = [space.states[n] for n in facts.nodes[key]]
    if after:
        states = [s for state in states for s, _ in space.machine.run(after, state)]
    parts = []
    for what, names in (("flag", expr.flags), ("item", expr.items), ("var", expr.names)):
        for name in sorted(names):
            cards = writers.get((what, name), [])
            noun = f"{what} '{name}'" if what != "var" else name
            i = slots.get((what, name))
            if i is not None and what == "var":
                seen = sorted({s[i] for s in states if s[i] is not UNKNOWN}, key=str)
                values = ", ".join(map(str, seen[:6])) + (" …" if len(seen) > 6 else "")
                parts.append(f"{noun} is {values} there" if seen else f"{noun} is unknown there")
            elif i is not None:
                held = sorted({s[i] for s in states if s[i] is not UNKNOWN}, key=str)
                if held == [False]:
                    where = (f"set only at card{'s' if len(cards) > 1 else ''} "
                             f"{', '.join(cards[:6])}" if cards else "never set in this story")
                    parts.append(f"{noun} is never set there ({where})")
                elif held == [True]:
                    parts.append(f"{noun} is always set there")
    count = len(states)
    head = f"{count} state{' reaches' if count == 1 else 's reach'} it"
    return "; ".join([head, *parts])


# -- challenges --------------------------------------------------------------------------------


def _challenges(story: Story, space: StateSpace, facts: _Facts, out: Emitter) -> None:
    world = space.machine.world
    for key, card in story.cards.items():
        if card.challenge is None or key not in facts.read:
            continue
        passes = (key, "pass") in facts.taken
        fails = (key, "fail") in facts.taken
        if passes == fails:
            continue  # both (fine) or neither (the challenge is never rolled)
        challenge = card.challenge
        dice = challenge_dice(challenge.dice, world.dice)
        bounds = per_die(dice) if dice else None
        machine = space.machine
        values = sorted({v for n in facts.nodes[key] for s, _ in machine.run(card.do,
                                                                             space.states[n])
                         if (v := machine.lookup(s)("name", challenge.stat)) is not UNKNOWN},
                        key=str)
        seen = f" ({', '.join(map(str, values[:6]))} here)" if values else ""
        stat = f"{challenge.stat}{seen}"
        what = (f"{stat} + {challenge.modifier} dice of '{dice.id}'"
                if challenge.modifier else f"{stat} dice of '{dice.id}'")
        each = f" (each showing {bounds[0]} to {bounds[1]} successes)" if bounds else ""
        if fails:
            out.emit("GS415", key,
                     f"the challenge of card {key} can never pass: {what}{each} never reach "
                     f"the {challenge.successes} successes it needs; {_proof(space)}",
                     ("challenge",))
        else:
            out.emit("GS416", key,
                     f"the challenge of card {key} can never fail: {what}{each} always reach "
                     f"the {challenge.successes} successes it needs; {_proof(space)}",
                     ("challenge",))


def _never_followed(story: Story, out: Emitter) -> None:
    """GS417: links of a challenge or battle the card does not have, and challenges that
    stop the story on one outcome."""
    for key, card in story.cards.items():
        if card.challenge is None:
            for via, link in (("pass", card.pass_), ("fail", card.fail)):
                if link is not None:
                    out.emit("GS417", key, f"card {key} has `{via}:` but no challenge: the "
                             "link is never followed", (via,))
        elif card.goto is None and (card.pass_ is None) != (card.fail is None):
            missing = "fail" if card.fail is None else "pass"
            out.emit("GS417", key, f"card {key}'s challenge has no `{missing}:` (and no "
                     f"`goto`): a {'failed' if missing == 'fail' else 'passed'} roll stops "
                     "the story", ("challenge",))
        if card.battle is None and card.outcomes:
            out.emit("GS417", key, f"card {key} has `outcomes:` but no battle: they are never "
                     "followed", ("outcomes",))


# -- soft locks and stops ----------------------------------------------------------------------


def _stuck(story: Story, space: StateSpace, facts: _Facts, can_end: set[str], out: Emitter):
    n_nodes = len(space.cards)
    preds: list[list[int]] = [[] for _ in range(n_nodes)]
    for n, edges in enumerate(space.edges):
        for e in edges:
            if e.to is not None:
                preds[e.to].append(n)
    alive = set(facts.ending_nodes)
    queue = deque(alive)
    while queue:
        n = queue.popleft()
        for p in preds[n]:
            if p not in alive:
                alive.add(p)
                queue.append(p)
    # nodes some real run reaches: along exact edges only
    sure = {0}
    queue = deque([0])
    while queue:
        n = queue.popleft()
        for e in space.edges[n]:
            if e.exact and e.to is not None and e.to not in sure:
                sure.add(e.to)
                queue.append(e.to)
    stops: set[tuple[str, str]] = set()
    for n in range(n_nodes):
        key = space.cards[n]
        for e in space.edges[n]:
            if e.stop is None or e.via not in ("stop", "passed over") or (key, e.stop) in stops:
                continue
            if e.via == "stop" and not story.cards[key].choices:
                continue  # a dead end: GS403
            proved = n in sure and e.exact and not space.merged
            if not proved and not space.merged:
                continue  # only possible through something unknown: not a finding
            stops.add((key, e.stop))
            code = "GS413" if proved else "GS429"
            out.emit(code, key,
                     f"the story can stop at card {key}: {e.stop} (with {space.describe(n)}, "
                     f"reached by {_steps(space, n)})" + ("" if proved else _unproved(space)),
                     e.path)
    entries: dict[tuple[str, str], int] = {}
    for n in range(n_nodes):  # in breadth-first order: the first entry found is the nearest
        link = space.parent[n]
        if n in alive or link is None or link[0] not in alive or space.cards[n] not in can_end:
            continue
        entries.setdefault((space.cards[link[0]], link[1]), n)
    for (key, via), n in entries.items():
        caught = _caught(space, n, alive)
        if caught is None:
            continue  # where it stops is the finding (GS413)
        proved = n in sure and not space.merged
        if not proved and not space.merged:
            continue
        cards, last = caught
        path = next((e.path for e in space.edges[space.parent[n][0]] if e.via == via), ())
        out.emit("GS412" if proved else "GS429", key,
                 f"soft lock: after {via} at card {key}, no ending can be reached any more, "
                 f"though the cards ahead link to one: the reader is caught among cards "
                 f"{', '.join(cards)} (with {space.describe(last)}), reached by "
                 f"{_steps(space, n)}" + ("" if proved else _unproved(space)),
                 path)


def _caught(space: StateSpace, start: int, alive: set[int]) -> tuple[list[str], int] | None:
    """The cards a reader entering `start` is caught among, and the last state found there;
    None when the story stops somewhere instead."""
    seen, queue, order = {start}, deque([start]), []
    while queue:
        n = queue.popleft()
        order.append(n)
        for e in space.edges[n]:
            if e.stop is not None:
                return None
            if e.to is not None and e.to not in alive and e.to not in seen:
                seen.add(e.to)
                queue.append(e.to)
    cards = list(dict.fromkeys(space.cards[n] for n in order))
    shown = cards[:8] + ([f"and {len(cards) - 8} more"] if len(cards) > 8 else [])
    return shown, order[-1]


def _unproved(space: StateSpace) -> str:
    return (f"; not proved within the budget of {space.budget:,} states: found on the merged "
            "approximation, which may hold states no reader reaches")
