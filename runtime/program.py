"""A compiled game turned, once, into the tables the interpreter runs on.

`Program(game)` numbers every effect list (frames on the stack refer to them by number),
binds each effect to the op that implements it, compiles every expression, and indexes
zones, card fields, abilities by timing window, actions and dice. Nothing here changes
during play; the same pack gives the same program in every process.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import BaseModel

import runtime.rule_modules  # noqa: F401 - every op and frame handler registered
from compiler.compiled import CompiledGame
from compiler.expressions import EvaluationError, Expression
from compiler.language.base import ExprMark, checked_expression
from compiler.language.documents import Ability, Rules, Variable
from compiler.language.effects import Effect, op_of
from compiler.walk import walk
from runtime.conditions import write_end_check
from runtime.env import Env, build_readers
from runtime.errors import RuleError
from runtime.ops import IMPLEMENTATIONS
from runtime.options import write_main_options
from runtime.specialise import bind_lists, steps
from runtime.turns import TurnPlan
from runtime.uses import (  # where an ability lives (kept importable from here)
    TERRAIN_SOURCE,
    Source,
)
from runtime.written_lists import BareRuns, ListRuns
from runtime.written_turn import write_turn

# ops that change nothing but the variable their `variable` parameter names
_VARIABLE_OPS = frozenset({"set", "gain", "lose"})
# ops that change no state themselves, only choose which effects run next (or say something)
_ROUTING_OPS = frozenset({"if", "repeat", "say", "trigger", "choose"})
# the story of a program that walks the rules' campaign: its stories in a row (no story id,
# which is kebab-case, can be it)
CAMPAIGN = "+campaign"
# what a bound expression is called with (see `runner`)
_READER_PARAMS = ("m", "seat", "ctx", "card")
# how a story's battles resolve: fought, or taken as won, lost or either at random
BATTLE_OUTCOMES = ("play", "victory", "defeat", "random")


@dataclass(frozen=True)
class ZoneInfo:
    id: str
    name: str
    per_seat: bool
    visibility: str  # public, owner or hidden
    down: bool  # cards entering lie face down unless told otherwise
    capacity: int | None
    ordered: bool
    refill: str | None
    holds: tuple[str, ...]
    in_play: bool
    in_play_if: str | None = None  # only cards matching this are in play here
    bonus: str | None = None  # the card field of stat bonuses cards here give their holder
    slots: Any = None  # the zone's `Slots` (room per slot), when it is a set of slots


class Program:
    def __init__(self, game: CompiledGame, scenario: str | None = None,
                 story: str | None = None, battles: str = "play"):
        self.game = game
        if scenario is not None and scenario not in game.scenarios:
            known = ", ".join(sorted(game.scenarios)) or "none"
            raise RuleError(f"no scenario '{scenario}' (the pack's scenarios: {known})")
        rules = game.rules
        if story == CAMPAIGN and (rules is None or rules.campaign is None):
            raise RuleError(f"{game.game.title} declares no campaign (rules: `campaign: "
                            "{stories: [...]}`): name a story or a scenario to play")
        if story is not None and story != CAMPAIGN and story not in game.stories:
            known = ", ".join(sorted(game.stories)) or "none"
            raise RuleError(f"no story '{story}' (the pack's stories: {known})")
        if battles not in BATTLE_OUTCOMES:
            raise RuleError(f"a battle outcome is one of {', '.join(BATTLE_OUTCOMES)}, "
                            f"not {battles!r}")
        rules = game.rules
        if scenario is None and story is None and rules is not None and rules.campaign:
            story = CAMPAIGN  # the game is played whole: the rules' campaign
        self.scenario = scenario  # a battle played on its own (see `runtime.battle`)
        self.story = story  # a story walked from its start card (see `runtime.story`)
        # the stories walked in a row: the campaign's (story CAMPAIGN), else the one story
        self.stories: tuple[str, ...] = (
            tuple(rules.campaign.stories) if story == CAMPAIGN else (story,) if story else ())
        self.battles = battles  # how a story's battles resolve: play, victory, defeat, random
        self.home = self  # the story's program, for the program of a battle within it
        self.rules: Rules = game.rules or Rules.model_validate({"kind": "rules", "id": "rules"})
        self.lists: list[tuple] = []
        self._list_ids: dict[int, int] = {}
        self._exprs: dict[str, Expression] = {}
        self.zones = {z.id: _zone(z) for z in self.rules.zones}
        # remove-from-game needs somewhere to put cards even when the rules name no such zone
        self.zones.setdefault(
            "removed",
            ZoneInfo(
                "removed",
                "Removed from the game",
                False,
                "public",
                False,
                None,
                False,
                None,
                (),
                False,
            ),
        )
        # cards dealt onto the board's cells lie here, their cells kept in state["cells"]
        self.zones.setdefault("board", ZoneInfo(
            "board", "On the board", False, "public", False, None, False, None, (), False))
        self.cards = _with_type_abilities(game)
        self.fields: dict[str, dict[str, Any]] = {cid: self._fields(cid) for cid in game.cards}
        self.back_of = {c.id: c.back for c in game.cards.values() if c.back}
        self.front_of = {back: front for front, back in self.back_of.items()}
        self.dice = {d.id: d for d in self.rules.dice}
        self.actions = {a.id: a for a in self.rules.actions}
        # a parameter plays as a game variable that starts at its designed value
        self.variables = dict(game.game.variables) | {
            name: Variable.model_construct(initial=p.value, min=p.min, max=p.max, per="game",
                                           text=p.text, counts=None)
            for name, p in game.game.parameters.items()
        }
        self.card_field_names = frozenset(
            name for t in game.card_types.values() for name in t.fields
        )
        self._index_abilities()
        for model in self._models():
            self._compile(model)
        self._card_tables: dict[str, dict[str, bool] | None] = {}
        self.cache: dict = {}  # what the runtime derives once per program (zone keys, boards)
        self.readers = build_readers(self)
        self.runners: dict[str, Any] = {}  # expression source -> `runner(source)`
        self.watched = self._watched()
        self.turn_end_conditions = any(
            c.at != "step" for c in (*self.rules.win, *self.rules.lose, *self.rules.end))
        self.quiet = self._quiet_effects()
        bind_lists(self)  # each effect's op bound to its parameters where the op can be
        self.steps = steps(self)  # what an effect list runs (`runtime.specialise`)
        # per list number (None: no list), its effects: a frame at that index is done
        self.ends = {None: 0} | {lid: len(row) for lid, row in enumerate(self.steps)}
        self.turn_plan = TurnPlan(self)
        self.write_generated()

    def write_generated(self) -> None:
        """Write the end check, the turn options and the turn's step into the cache, where the
        hot paths call them with no lookup of their own (at load, and again for a copy whose
        cache is new)."""
        write_end_check(self)
        write_main_options(self)
        self.bare = BareRuns(self)  # each list that never asks, written to run with no frame
        self.runs = ListRuns(self)  # each effect list's function, written when first run
        write_turn(self)  # (`runtime.written_turn`)

    # -- effects and expressions --------------------------------------------------------

    def _models(self):
        yield self.rules
        yield from self.cards.values()
        game = self.game
        for group in (game.stories, game.scenarios, game.landscapes, game.terrain):
            yield from group.values()

    def _compile(self, model: BaseModel) -> None:
        for _path, marker, value in walk(model):
            if isinstance(marker, ExprMark):
                self.expr(value)
        self._effects(model)

    def _effects(self, value: Any) -> None:
        if isinstance(value, BaseModel):
            if isinstance(value, Effect):
                self._effects(op_of(value)[1])
                return
            for name in type(value).model_fields:
                self._effects(getattr(value, name))
        elif isinstance(value, list):
            if value and isinstance(value[0], Effect) and id(value) not in self._list_ids:
                self._register(value)
            for item in value:
                self._effects(item)
        elif isinstance(value, dict):
            for item in value.values():
                self._effects(item)

    def _register(self, effects: list) -> None:
        self._list_ids[id(effects)] = len(self.lists)
        compiled = []
        for effect in effects:
            name, params = op_of(effect)
            if name not in IMPLEMENTATIONS:
                raise RuleError(f"the runtime has no implementation of op '{name}'")
            compiled.append((IMPLEMENTATIONS[name], params, name))
        self.lists.append(tuple(compiled))

    def lid(self, effects: list) -> int | None:
        """The number of an effect list of the compiled game (None for an empty list)."""
        if not effects:
            return None
        return self._list_ids[id(effects)]

    def expr(self, source: str) -> Expression:
        """The compiled form of an expression (compiled once, at load, for the pack's own)."""
        found = self._exprs.get(source)
        if found is None:
            found = self._exprs[source] = checked_expression(source, None)
        return found

    def runner(self, source: str):
        """The expression as a function `(machine, seat, ctx, card)`, its names bound to
        their readers (`runtime.env`); `ctx` is a dict, never None."""
        found = self.runners.get(source)
        if found is None:
            expr = self.expr(source)
            found = expr.bind(self.readers, _READER_PARAMS)
            if found is None:  # a name with no reader: evaluated to fail with its message
                def found(m, seat, ctx, card, evaluate=expr.evaluate):
                    return evaluate(Env(m, seat, ctx, card))
            self.runners[source] = found
        return found

    def _watched(self) -> frozenset[str]:
        """The names the win, loss and end conditions and the battle outcomes read."""
        watched: set[str] = set()
        conditions = [c.if_ for c in (*self.rules.win, *self.rules.lose, *self.rules.end)]
        for scenario in self.game.scenarios.values():
            conditions += [o.if_ for o in (*scenario.objectives, *scenario.outcomes.values())]
        for source in conditions:
            if source is not None:
                watched |= self.expr(source).names
        return frozenset(watched)

    def _quiet_effects(self) -> list[tuple[bool, ...]]:
        """For each effect list, which effects change nothing a win, loss or end condition or
        a battle outcome reads: after those the end need not be checked. Those are the ops
        that only pick what runs next, a roll unless a condition reads the roll, and ops that
        only write variables no condition reads."""
        watched = self.watched
        rolls_read = bool(watched & {"roll", "successes"})

        def quiet(name: str, params) -> bool:
            if name in _ROUTING_OPS:
                return True
            if name == "roll":
                return not rolls_read
            return name in _VARIABLE_OPS and params.variable not in watched

        return [tuple(quiet(name, params) for _impl, params, name in effects)
                for effects in self.lists]

    def card_table(self, source: str) -> dict[str, bool] | None:
        """For a condition that reads card fields only: its truth for every card id, worked
        out once; None for a condition that depends on more than the card."""
        table = self._card_tables.get(source, False)
        if table is False:
            expr = self.expr(source)
            table = None
            if expr.names <= self.card_field_names:
                try:
                    table = {cid: bool(expr.evaluate({n: f.get(n) for n in expr.names}))
                             for cid, f in self.fields.items()}
                except EvaluationError as err:
                    raise RuleError(str(err), where=f"expression {source!r}") from None
            self._card_tables[source] = table
        return table

    # -- cards ---------------------------------------------------------------------------

    def _fields(self, card_id: str) -> dict[str, Any]:
        card = self.game.cards[card_id]
        kind = self.game.card_type_of(card_id)
        return {name: getattr(card, "f_" + name, None) for name in kind.fields}

    def name_of(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return card.name if card else card_id

    def abilities_of(self, source: Source) -> Ability:
        if source.card is None:
            rules = self.rules.abilities
            if source.index < len(rules):
                return rules[source.index]
            # the battle's own special rules are numbered after the rules' abilities
            return self.game.scenarios[self.scenario].special_rules[source.index - len(rules)]
        if source.card.startswith(TERRAIN_SOURCE):
            return self.game.terrain[source.card[len(TERRAIN_SOURCE):]].abilities[source.index]
        return self.cards[source.card].abilities[source.index]

    def _index_abilities(self) -> None:
        self.triggers: dict[str, dict[str, list[int]]] = {}
        self.activated: dict[str, list[int]] = {}
        self.anytime: dict[str, list[int]] = {}  # offered off-turn too (see `runtime.respond`)
        for cid, card in self.cards.items():
            for i, ability in enumerate(card.abilities):
                if ability.when is None or ability.when == "any-time":
                    self.activated.setdefault(cid, []).append(i)
                if ability.when == "any-time":
                    self.anytime.setdefault(cid, []).append(i)
                else:
                    self.triggers.setdefault(cid, {}).setdefault(ability.when, []).append(i)
        self.rule_triggers: dict[str, list[int]] = {}
        special = self.game.scenarios[self.scenario].special_rules if self.scenario else []
        for i, ability in enumerate((*self.rules.abilities, *special)):
            if ability.when is not None:
                self.rule_triggers.setdefault(ability.when, []).append(i)
        # terrain whose abilities answer for the figure standing on it (`standing-answers`),
        # or on or next to it (`answers-beside`)
        self.terrain_triggers: dict[str, dict[str, list[int]]] = {}
        self.terrain_beside = frozenset(
            tid for tid, terrain in self.game.terrain.items() if terrain.answers_beside)
        for tid, terrain in self.game.terrain.items():
            answers = terrain.standing_answers or terrain.answers_beside
            for i, ability in enumerate(terrain.abilities if answers else ()):
                if ability.when is not None and ability.when != "any-time":
                    self.terrain_triggers.setdefault(ability.when, {}).setdefault(tid, []).append(i)
        self.listened = frozenset(self.rule_triggers) | frozenset(self.terrain_triggers) | frozenset(
            window for by_window in self.triggers.values() for window in by_window
        ) | frozenset(
            ability.when for group in self._enemy_groups()
            for field in self.foe_fields(group.enemy, group.abilities)
            for ability in self.field_abilities(group.enemy, field)
        )

    def _enemy_groups(self) -> list:
        if self.scenario is None:
            return []
        return list(self.game.scenarios[self.scenario].enemies)

    def foe_fields(self, card_id: str, armed: str | None) -> list[str]:
        """The fields of abilities a foe of card `card_id` fights with: `armed` (its battle's),
        then those its card type has `always:`."""
        known = self.__dict__.setdefault("_foe_fields", {})  # (worked out once a pair)
        found = known.get((card_id, armed))
        if found is None:
            kind = self.game.card_type_of(card_id) if card_id in self.game.cards else None
            found = known[card_id, armed] = ([armed] if armed else []) + [
                name for name, spec in (kind.fields.items() if kind else ())
                if spec.always and spec.type == "abilities" and name != armed]
        return found

    def field_abilities(self, card_id: str, field: str) -> list[Ability]:
        """The abilities an enemy card's field (of type abilities) holds, for a foe fighting
        with them (see `runtime.battle`)."""
        return getattr(self.game.cards[card_id], "f_" + field, None) or []

    # -- zones ---------------------------------------------------------------------------

    def zone(self, zone_id: str) -> ZoneInfo:
        found = self.zones.get(zone_id)
        if found is None:
            known = ", ".join(self.zones) or "none"
            raise RuleError(f"unknown zone '{zone_id}' (the rules declare: {known})")
        return found

    @cached_property
    def in_play_zones(self) -> tuple[ZoneInfo, ...]:
        return tuple(z for z in self.zones.values() if z.in_play)

    def keys(
        self, players: int
    ) -> tuple[list[list[str]], dict[str, int | None], dict[str, ZoneInfo]]:
        """For a game of `players`: each seat's zone keys, each key's owner, each key's zone."""
        found = self.cache.get(("keys", players))
        if found is not None:
            return found
        seat_keys: list[list[str]] = [[] for _ in range(players)]
        owner: dict[str, int | None] = {}
        zone_of: dict[str, ZoneInfo] = {}
        for z in self.zones.values():
            for seat in range(players) if z.per_seat else (None,):
                key = z.id if seat is None else sys.intern(f"{z.id}:{seat}")  # (as written code holds it)
                owner[key] = seat
                zone_of[key] = z
                if seat is not None:
                    seat_keys[seat].append(key)
        found = self.cache[("keys", players)] = (seat_keys, owner, zone_of)
        return found

    def layout(self, players: int) -> tuple[list[str], list[tuple[str, str]]]:
        """The zone keys of a game of `players`, and the starting cards as (card id, zone key)."""
        backs = set(self.back_of.values())
        keys: list[str] = []
        cards: list[tuple[str, str]] = []
        for z in self.zones.values():
            # interned: the keys written code holds are the same objects (`runtime.written.seat_keys`)
            zone_keys = [sys.intern(f"{z.id}:{s}") for s in range(players)] if z.per_seat else [z.id]
            keys += zone_keys
            for key in zone_keys:
                for deck_id in z.holds:
                    for card in self.game.decks[deck_id].cards:
                        if card.id not in backs:
                            cards += [(card.id, key)] * card.count
        return keys, cards

    def piles(self, players: int) -> list[str]:
        """Each card instance's pile: the zone it starts the game in (its id, not the seat's
        key). Cards that start in one zone share a back, so a face-down card shows its pile."""
        found = self.cache.get(("piles", players))
        if found is None:
            found = self.cache[("piles", players)] = [
                key.split(":", 1)[0] for _, key in self.layout(players)[1]]
        return found

    def card_pool(self, players: int) -> Counter:
        """How many instances of each card (as first dealt) a game of `players` holds."""
        return Counter(cid for cid, _ in self.layout(players)[1])


def _with_type_abilities(game: CompiledGame) -> dict:
    """The game's cards, each with the abilities its card type gives every card of the type
    after its own."""
    cards = {}
    for cid, card in game.cards.items():
        kind = game.card_type_of(cid)
        shared = list(getattr(kind, "abilities", None) or ())
        cards[cid] = card.model_copy(update={"abilities": [*card.abilities, *shared]}) \
            if shared else card
    return cards


def for_scenario(program: Program, scenario: str | None) -> Program:
    """The program playing `scenario` on its own (see `runtime.battle`); as is for None."""
    if scenario is None or scenario == program.scenario:
        return program
    return Program(program.game, scenario)


def _zone(z) -> ZoneInfo:
    return ZoneInfo(
        id=z.id,
        name=z.name or z.id,
        per_seat=z.per == "seat",
        visibility=z.visibility,
        down=z.face == "down",
        capacity=z.capacity,
        ordered=z.ordered,
        refill=z.refill_from,
        holds=tuple(z.holds),
        in_play=z.in_play,
        in_play_if=z.in_play_if,
        bonus=z.bonus,
        slots=z.slots,
    )
