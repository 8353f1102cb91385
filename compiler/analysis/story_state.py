"""A story's state space: which (card, state) pairs a reader can reach, and how each leads on.

A state holds the story's tracked flags, items and variables: those only the story's own
card and choice effects change (`StoryWorld.outside` lists the rest, and those are UNKNOWN
throughout, as are card fields and the runtime's names). Challenge passes and fails and
each battle outcome a card can follow are branches; a condition or amount that depends on
something unknown takes both branches, and such an edge is not `exact`. Exploration is
exact (one node per distinct state) up to `budget` nodes (and a card's share of them), a
counter that takes more than a few dozen values being widened to UNKNOWN; beyond it every card keeps one
merged state (values on which its visits disagree become UNKNOWN), which still covers every
real run, so a card or choice the merged space never reaches is proved unreachable, while a
stuck state found there is only possible.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pydantic import BaseModel

from compiler.analysis.story_dice import challenge_dice, verdict
from compiler.analysis.story_values import UNKNOWN, evaluate, truth
from compiler.analysis.story_world import (
    NESTING,
    RUNTIME_WRITTEN,
    StoryWorld,
    effects_in,
    story_effects,
    written,
)
from compiler.language.base import checked_expression
from compiler.language.documents import Story, StoryCard
from compiler.language.effects import op_of

DEFAULT_BUDGET = 100_000  # exact nodes before the space is merged per card
_MAX_BRANCHES = 64  # states one effect list may fan out into before values merge
_MIN_PER_CARD = 64  # states one card may hold in the exact space, whatever the story's size
_MAX_VALUES = 32  # values a counter takes before it is widened to UNKNOWN

State = tuple  # one value per slot (True/False for flags and items, numbers, UNKNOWN)


class Edge(NamedTuple):
    """A way on from a node: `via` names it ("choice 2", "pass", "outcome victory", "goto"),
    `path` is where it sits in the card; it leads to card `target` (node `to`), or ends the
    story (`ending`), or stops it (`stop` says why). `exact`: taken for every state the node stands for."""

    via: str
    path: tuple
    target: str | None
    exact: bool
    ending: str | None = None
    stop: str | None = None
    to: int | None = None


@dataclass
class StateSpace:
    """Nodes (card key, state) and their edges; node 0 is the start."""

    story: Story
    slots: tuple[tuple[str, str], ...]
    cards: list[str] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    edges: list[list[Edge]] = field(default_factory=list)
    parent: list[tuple[int, str] | None] = field(default_factory=list)
    merged: bool = False  # the budget ran out: one merged state per card
    widened: tuple[str, ...] = ()  # counters made UNKNOWN after taking too many values
    budget: int = DEFAULT_BUDGET
    machine: Any = None  # the _Machine that built it (for dice and conditions)

    def path_to(self, node: int) -> list[tuple[str, str]]:
        """(card, via) steps from the start to `node` along the search tree."""
        steps = []
        while True:
            link = self.parent[node]
            steps.append((self.cards[node], link[1] if link else ""))
            if link is None:
                return steps[::-1]
            node = link[0]

    def describe(self, node: int) -> str:
        """The state of `node` for people: set flags, held items, known values."""
        parts = []
        for (what, name), value in zip(self.slots, self.states[node], strict=True):
            if value is UNKNOWN or (what != "var" and value is False):
                continue
            parts.append(f"flag '{name}'" if what == "flag" else f"item '{name}'"
                         if what == "item" else f"{name} = {value}")
        return ", ".join(parts) or "no flag set, no item held"


class _Machine:
    """Runs a story's effects and links on states."""

    def __init__(self, story: Story, world: StoryWorld):
        self.story = story
        self.world = world
        self.slots, self.index, self.initial = _slots(story, world)
        self.per_seat = [i for i, (w, n) in enumerate(self.slots)
                         if w == "item" or (w == "var" and world.variables[n].per == "seat")]

    # -- values ---------------------------------------------------------------------------
    def lookup(self, state: State):
        index, zones, assumed = self.index, self.world.zones, self.world.assumed

        def look(what: str, name: str) -> Any:
            key = ("var" if what == "name" else what, name)
            i = index.get(key)
            if i is None:
                return assumed.get(name, UNKNOWN) if what == "name" else UNKNOWN
            value = state[i]
            if what == "item" and value is False and zones:
                return UNKNOWN  # the card may be in one of the seat's zones
            return value

        return look

    def truth(self, source: str | None, state: State) -> Any:
        return truth(source, self.lookup(state))

    # -- effects --------------------------------------------------------------------------
    def run(self, effects: list, state: State, exact: bool = True) -> list[tuple[State, bool]]:
        """The states `effects` may leave, each with whether it is exact."""
        out = [(state, exact)]
        for effect in effects:
            name, params = op_of(effect)
            nxt: list[tuple[State, bool]] = []
            for s, e in out:
                nxt.extend(self._op(name, params, s, e))
            out = _merge(nxt) if len(nxt) > _MAX_BRANCHES else nxt
        return out

    def _op(self, name: str, p: BaseModel, s: State, e: bool) -> list[tuple[State, bool]]:
        match name:
            case "set-flag" | "clear-flag" | "gain-item" | "lose-item":
                what = "flag" if "flag" in name else "item"
                key = p.flag if what == "flag" else p.item
                return [(self._set(s, (what, key), name in ("set-flag", "gain-item")), e)]
            case "gain" | "lose":
                i = self.index.get(("var", p.variable))
                if i is None:
                    return [(s, e)]
                n = evaluate(str(p.amount), self.lookup(s))
                old = s[i]
                if n is UNKNOWN or old is UNKNOWN or not isinstance(n, int | float):
                    return [(self._put(s, i, UNKNOWN), e)]
                return [(self._put(s, i, self._clamp(p.variable, old + n if name == "gain"
                                                     else old - n)), e)]
            case "set":
                i = self.index.get(("var", p.variable))
                if i is None:
                    return [(s, e)]
                value = p.value
                if isinstance(value, str) and not isinstance(self.initial[i], str):
                    value = evaluate(value, self.lookup(s))
                return [(self._put(s, i, self._clamp(p.variable, value)), e)]
            case "if":
                t = self.truth(p.condition, s)
                out = []
                if t is not False:
                    out += self.run(p.then, s, e and t is True)
                if t is not True:
                    out += self.run(p.else_, s, e and t is False)
                return out
            case "choose":
                out, always = [], False
                for option in p.options:
                    t = self.truth(option.if_, s)
                    if t is not False:
                        out += self.run(option.do, s, e and t is True)
                    always = always or t is True
                return out if always else [*out, (s, False)]
            case "repeat":
                times = evaluate(str(p.times), self.lookup(s))
                if isinstance(times, int) and 0 <= times <= 20:
                    out = [(s, e)]
                    for _ in range(times):
                        out = [r for st, ex in out for r in self.run(p.do, st, ex)]
                    return out
                return [(self._forget(s, p.do), False)]
            case "challenge":
                return self.run(p.pass_, s, e) + self.run(p.fail, s, e)
            case "roll":
                out = [(s, False)]
                for result in p.results:
                    out += self.run(result.do, s, False)
                return out
        return [(s, e)]

    def _set(self, s: State, key: tuple[str, str], value: Any) -> State:
        i = self.index.get(key)
        return s if i is None else self._put(s, i, value)

    @staticmethod
    def _put(s: State, i: int, value: Any) -> State:
        return s if s[i] == value and type(s[i]) is type(value) else (*s[:i], value, *s[i + 1:])

    def _clamp(self, name: str, value: Any) -> Any:
        if value is UNKNOWN or isinstance(value, bool) or not isinstance(value, int | float):
            return value
        var = self.world.variables[name]
        if var.min is not None:
            value = max(var.min, value)
        if var.max is not None:
            value = min(var.max, value)
        return value

    def _forget(self, s: State, effects: list) -> State:
        for name, params in effects_in(effects):
            for key in written(name, params):
                s = self._set(s, key, UNKNOWN)
        return s

    # -- cards ----------------------------------------------------------------------------
    def step(self, key: str, state: State) -> Iterator[tuple[Edge, State]]:
        """The edges out of (key, state) with the state each leads to (`to` left None)."""
        card = self.story.cards[key]
        applies = self.truth(card.if_, state)
        if applies is not True:
            exact = applies is False
            if card.goto is not None:
                yield Edge("passed over", ("if",), card.goto, exact), state
            else:
                yield Edge("passed over", ("if",), None, exact,
                           stop="its `if` does not hold and it has no `goto`"), state
        if applies is False:
            return
        for s, e in self.run(card.do, state, applies is True):
            yield from self._lead(card, s, e)

    def _lead(self, card: StoryCard, s: State, e: bool) -> Iterator[tuple[Edge, State]]:
        if card.ending is not None:
            yield Edge("ending", ("ending",), None, e, ending=card.ending), s
            return
        closed = e
        if card.choices:
            always_open = False
            closed = e
            for i, choice in enumerate(card.choices):
                t = self.truth(choice.if_, s)
                if t is False:
                    continue
                always_open = always_open or t is True
                closed = closed and t is False
                for s2, e2 in self.run(choice.do, s, e and t is True):
                    yield Edge(f"choice {i + 1}", ("choices", i, "goto"), choice.goto, e2), s2
            if always_open:
                return
        if card.challenge is not None:
            yield from self._challenge(card, s, closed)
            return
        if card.battle is not None:
            yield from self._battle(card, s, closed)
            return
        if card.goto is not None:
            yield Edge("goto", ("goto",), card.goto, closed), s
            return
        why = ("every choice is closed" if card.choices else "nothing leads on from it")
        yield Edge("stop", (), None, closed, stop=why), s

    def _challenge(self, card: StoryCard, s: State, e: bool) -> Iterator[tuple[Edge, State]]:
        can_pass, can_fail = self.challenge_verdict(card, s)
        for passed, possible in ((True, can_pass), (False, can_fail)):
            if not possible:
                continue
            target = (card.pass_ if passed else card.fail) or card.goto
            via = "pass" if passed else "fail"
            path = (via,) if (card.pass_ if passed else card.fail) else ("goto",)
            if target is None:
                yield Edge(via, ("challenge",), None, e,
                           stop=f"no link for a {'passed' if passed else 'failed'} challenge"), s
            else:
                yield Edge(via, path, target, e), s

    def challenge_verdict(self, card: StoryCard, s: State) -> tuple[bool, bool]:
        """(can pass, can fail) of the card's challenge in state `s`."""
        challenge = card.challenge
        dice = challenge_dice(challenge.dice, self.world.dice)
        if dice is None or self.world.challenge_dice_change:
            return True, True
        look = self.lookup(s)
        count = self._range(challenge.stat, look)
        mod = self._range(str(challenge.modifier), look)
        needed = self._range(str(challenge.successes), look)
        counts = (count[0] + mod[0], count[1] + mod[1])
        return verdict(dice, counts, needed)

    def _range(self, source: str, look) -> tuple[float, float]:
        value = evaluate(source, look)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return value, value
        var = self.world.variables.get(source)
        if var is not None and var.counts is None:
            return (var.min if var.min is not None else float("-inf"),
                    var.max if var.max is not None else float("inf"))
        return float("-inf"), float("inf")

    def _battle(self, card: StoryCard, s: State, e: bool) -> Iterator[tuple[Edge, State]]:
        after = s
        if self.world.max_players > 1:  # the lead seat may fall: a new lead's own values
            for i in self.per_seat:
                after = self._put(after, i, UNKNOWN)
        scenario = self.world.scenarios.get(card.battle)
        # the scenario's outcomes, the card's, and a plain win or loss (a battle may also end
        # by the rules' own conditions)
        names = list(dict.fromkeys([*(scenario.outcomes if scenario else ()), *card.outcomes,
                                    "victory", "defeat"]))
        for name in names:
            won = name != "defeat"
            target = card.outcomes.get(name) or card.outcomes.get("victory" if won else "defeat")
            if target is None and won:
                target = next((t for n, t in card.outcomes.items() if n != "defeat"), card.goto)
            via = f"outcome {name}"
            if target is None:
                yield Edge(via, ("battle",), None, e, ending="defeat"), after
                continue
            where = ("outcomes", name) if name in card.outcomes else ("battle",)
            yield Edge(via, where, target, e), after


def _slots(story: Story, world: StoryWorld):
    """The tracked slots, their index and initial values: flags, items and variables that
    only the story's own modelled effects change."""
    modelled: set[int] = set()
    for card in story.cards.values():
        _modelled(card.do, world, modelled)
        for choice in card.choices:
            _modelled(choice.do, world, modelled)
    outside = set(world.outside)
    tested: set[tuple[str, str]] = set()
    for name, params in story_effects(story):
        if id(params) not in modelled:
            outside.update(written(name, params))
    for card in story.cards.values():
        rolled = card.challenge
        if rolled is not None:
            tested.add(("var", rolled.stat))
        amounts = (rolled.successes, rolled.modifier) if rolled else ()
        for source in (card.if_, *(c.if_ for c in card.choices),
                       *(a for a in amounts if isinstance(a, str))):
            if source:
                expr = checked_expression(source, None)
                tested.update(("flag", f) for f in expr.flags)
                tested.update(("item", i) for i in expr.items)
                tested.update(("var", n) for n in expr.names)
    changed = {w for n, p in story_effects(story) for w in written(n, p)}
    # a seat put out by the rules' conditions hands the lead (whose values conditions read)
    # to another at any card: then no seat's own values can be followed
    seats_change = world.seats_may_leave and world.max_players > 1
    slots, initial = [], []
    for key in sorted((changed | tested) - outside):
        what, name = key
        if seats_change and (what == "item" or (
                what == "var" and name in world.variables
                and world.variables[name].per == "seat")):
            continue
        if what == "var":
            var = world.variables.get(name)
            if (var is None or var.per == "piece" or var.counts is not None
                    or name in RUNTIME_WRITTEN):
                continue
            slots.append(key)
            initial.append(var.initial)
        else:
            slots.append(key)
            initial.append(False)
    return tuple(slots), {k: i for i, k in enumerate(slots)}, tuple(initial)


def _modelled(effects: list, world: StoryWorld, out: set[int]) -> None:
    """Collect the ids of the writing effects `_Machine.run` follows exactly."""
    for effect in effects:
        name, p = op_of(effect)
        if written(name, p):
            var = world.variables.get(getattr(p, "variable", "") or "")
            per_seat = name in ("gain-item", "lose-item") or (var is not None and var.per != "game")
            if name in ("set-flag", "clear-flag") or (
                    name in ("gain", "lose", "set", "gain-item", "lose-item")
                    and (not per_seat or p.who == "self")):
                out.add(id(p))
        nested = NESTING.get(name)
        if nested is None:
            continue
        for attr in nested:
            value = getattr(p, attr)
            if attr in ("options", "results"):
                for sub in value:
                    _modelled(sub.do, world, out)
            else:
                _modelled(value, world, out)


def _merge(states: list[tuple[State, bool]]) -> list[tuple[State, bool]]:
    """One state covering all of `states`."""
    return [(_join(s for s, _ in states), False)]


def _join(states) -> State:
    it = iter(states)
    first = list(next(it))
    for s in it:
        for i, v in enumerate(s):
            if first[i] is not UNKNOWN and (first[i] != v or type(first[i]) is not type(v)):
                first[i] = UNKNOWN
    return tuple(first)


def explore(story: Story, world: StoryWorld, budget: int | None = None) -> StateSpace:
    """The state space of `story` from its start card (which must exist), exact up to
    `budget` nodes (default DEFAULT_BUDGET)."""
    budget = DEFAULT_BUDGET if budget is None else budget
    machine = _Machine(story, world)
    space = _exact(machine, budget)
    if space is None:
        space = _merged(machine)
    space.budget = budget
    space.machine = machine
    return space


def _exact(machine: _Machine, budget: int) -> StateSpace | None:
    story = machine.story
    space = StateSpace(story, machine.slots)
    ids: dict[tuple[str, State], int] = {}
    # a counter that keeps taking new values (counting steps round a loop) is widened: from
    # then on it is UNKNOWN, which covers every value, so the space stays sound and finite
    counters = [i for i, (what, _) in enumerate(machine.slots) if what == "var"]
    seen: dict[int, set] = {i: set() for i in counters}
    widened: set[int] = set()

    def node(key: str, state: State, parent) -> int:
        for i in counters:
            value = state[i]
            if i not in widened and value is not UNKNOWN:
                seen[i].add(value)
                if len(seen[i]) > _MAX_VALUES:
                    widened.add(i)
        if widened:
            state = tuple(UNKNOWN if i in widened else v for i, v in enumerate(state))
        found = ids.get((key, state))
        if found is None:
            found = ids[(key, state)] = len(space.cards)
            space.cards.append(key)
            space.states.append(state)
            space.edges.append([])
            space.parent.append(parent)
            queue.append(found)
        return found

    queue: deque[int] = deque()
    node(story.start, machine.initial, None)
    # a counter growing along the story multiplies the states of every card after it: give
    # up on exactness as soon as one card holds more than its share of the budget
    per_card = max(_MIN_PER_CARD, budget // len(story.cards))
    visits: dict[str, int] = {}
    while queue:
        if len(space.cards) > budget:
            return None
        n = queue.popleft()
        key = space.cards[n]
        visits[key] = visits.get(key, 0) + 1
        if visits[key] > per_card:
            return None
        for edge, state in machine.step(key, space.states[n]):
            target = edge.target
            to = node(target, state, (n, edge.via)) if target in story.cards else None
            space.edges[n].append(edge._replace(to=to))
    space.widened = tuple(machine.slots[i][1] for i in sorted(widened))
    return space


def _merged(machine: _Machine) -> StateSpace:
    story = machine.story
    merged: dict[str, State] = {story.start: machine.initial}
    parent: dict[str, tuple[str, str] | None] = {story.start: None}
    queue = deque([story.start])
    queued = {story.start}
    while queue:
        key = queue.popleft()
        queued.discard(key)
        for edge, state in machine.step(key, merged[key]):
            target = edge.target
            if target not in story.cards:
                continue
            old = merged.get(target)
            new = state if old is None else _join((old, state))
            if old is None:
                parent[target] = (key, edge.via)
            if new != old or old is None:
                merged[target] = new
                if target not in queued:
                    queued.add(target)
                    queue.append(target)
    space = StateSpace(story, machine.slots, merged=True)
    ids = {key: i for i, key in enumerate(merged)}
    for key, state in merged.items():
        space.cards.append(key)
        space.states.append(state)
        link = parent[key]
        space.parent.append(None if link is None else (ids[link[0]], link[1]))
        space.edges.append([])
    for key, n in ids.items():
        for edge, _ in machine.step(key, merged[key]):
            space.edges[n].append(edge._replace(to=ids.get(edge.target), exact=False))
    return space
