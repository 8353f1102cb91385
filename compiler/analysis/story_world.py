"""What a story's state analysis needs to know of the rest of the game: the variables, the
battles' outcomes, the dice, and which flags, items and variables something outside the
story's own cards may change (those the analysis cannot follow, so it treats as unknown)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from compiler.language.catalogue import OPS
from compiler.language.documents import Dice, Scenario, Story, Variable
from compiler.language.effects import Effect, op_of

# Ops whose nested effects the story analysis follows (as branches: see story_state).
NESTING = {"if": ("then", "else_"), "choose": ("options",), "repeat": ("do",),
           "challenge": ("pass_", "fail"), "roll": ("results",), "say": ()}
# Windows in which abilities may change a challenge's dice.
CHALLENGE_WINDOWS = frozenset({"on-challenge", "after-challenge-roll"})
# The runtime's combat ops write this variable themselves.
RUNTIME_WRITTEN = frozenset({"health"})


def effects_in(node: Any) -> Iterator[tuple[str, BaseModel]]:
    """Every effect anywhere inside `node` (a model, list or dict), nested ones included,
    as (op name, parameters)."""
    stack = [node]
    containers = (BaseModel, list, tuple, dict)
    while stack:
        item = stack.pop()
        if isinstance(item, Effect):
            name, params = op_of(item)
            yield name, params
            stack.append(params)
        elif isinstance(item, BaseModel):  # a model's fields live in its __dict__
            stack.extend(v for v in item.__dict__.values() if isinstance(v, containers))
        elif isinstance(item, list | tuple):
            stack.extend(v for v in item if isinstance(v, containers))
        elif isinstance(item, dict):
            stack.extend(v for v in item.values() if isinstance(v, containers))


def written(name: str, params: BaseModel) -> list[tuple[str, str]]:
    """What an effect changes: ("flag"|"item"|"var", name) pairs."""
    match name:
        case "set-flag" | "clear-flag":
            return [("flag", params.flag)]
        case "gain-item" | "lose-item":
            return [("item", params.item)]
        case "gain" | "lose" | "set" | "tally":
            return [("var", params.variable)]
        case "transfer":
            return [("var", params.from_), ("var", params.to)]
        case "modify-stat":
            return [("var", params.stat)]
    return []


@dataclass
class StoryWorld:
    """The game around the stories; `outside` holds what something other than a story card's
    own effects may change, `windows` the timing windows abilities wait on."""

    variables: dict[str, Variable] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    dice: list[Dice] = field(default_factory=list)
    outside: set[tuple[str, str]] = field(default_factory=set)
    windows: set[str] = field(default_factory=set)
    zones: bool = False  # cards may be in zones (rules, or card ops): `has` may find one there
    max_players: int = 1
    seats_may_leave: bool = False  # rules conditions may put a seat out, so the lead may change
    assumed: dict[str, Any] = field(default_factory=dict)  # values given for unknown names

    @property
    def challenge_dice_change(self) -> bool:
        """Abilities may change a challenge's dice (reroll, add dice, force successes)."""
        return bool(self.windows & CHALLENGE_WINDOWS)


def build_world(units: list) -> StoryWorld:
    """The world of a pack's validated units (compiler.pipeline.Unit)."""
    world = StoryWorld()
    for u in units:
        model = u.model
        if u.kind == "game":
            world.variables = dict(model.variables)
            world.max_players = model.players.max
        elif u.kind == "scenario":
            world.scenarios[model.id] = model
        elif u.kind == "rules":
            world.dice.extend(model.dice)
            world.zones = True  # its setup may deal cards
            world.seats_may_leave = bool(model.win or model.lose)
        effects = list(story_effects(model) if u.kind in ("story", "chapter")
                       else effects_in(model))
        world.zones = world.zones or any(OPS[n].group == "cards" for n, _ in effects)
        if u.kind not in ("story", "chapter"):  # the stories' own effects are followed
            world.outside.update(w for n, p in effects for w in written(n, p))
        # a story's effects name no windows; its cards' battle rules may
        world.windows.update(_windows([c.special_rules for c in model.cards.values()]
                                      if u.kind in ("story", "chapter") else model))
    return world


def _windows(model: BaseModel) -> Iterator[str]:
    """The timing windows named by `when:` anywhere inside `model`."""
    stack: list[Any] = [model]
    containers = (BaseModel, list, tuple, dict)
    while stack:
        item = stack.pop()
        if isinstance(item, BaseModel):
            when = getattr(item, "when", None)
            if isinstance(when, str):
                yield when
            stack.extend(v for v in item.__dict__.values() if isinstance(v, containers))
        elif isinstance(item, list | tuple):
            stack.extend(v for v in item if isinstance(v, containers))
        elif isinstance(item, dict):
            stack.extend(v for v in item.values() if isinstance(v, containers))


def story_effects(story: Story) -> Iterator[tuple[str, BaseModel]]:
    """Every effect of a story's (or chapter's) cards and choices."""
    for card in story.cards.values():
        yield from effects_in(card.do)
        for choice in card.choices:
            yield from effects_in(choice.do)
        yield from effects_in(card.special_rules)
