"""The interpreter: a stack machine whose every frame is plain data in the state.

The machine runs the top frame's handler (see `runtime.frames`) until a decision is
pending or the game is over. Decisions with a single option are taken at once and never
reach an agent; once setup is over, the win, loss and end conditions are checked after every
step that may have changed what they read (every effect but those `Program.quiet` lists, and
every step of a frame other than an effect list or a window, unless its handler calls it
calm: `calm_step`), and where the conditions read only what the runtime marks as changed
(`runtime.conditions.reads_tracked`), only when something was marked (`Machine.dirty`) since
the last check found no outcome. Guards (`runtime.guards`) bound the steps between decisions and the
decisions in a game; an audit (`runtime.audit`), when attached, sees every step.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

# conditions, effects, turns and windows register their frame handlers when imported
from runtime import battle, conditions, effects, respond, rng, story, turns, windows  # noqa: F401
from runtime.errors import RuleError
from runtime.frames import HANDLERS, NO_CTX, Call
from runtime.guards import STEP_BUDGET, WATCHED_STEPS, Budget, count_decision, no_progress
from runtime.located import expression_error
from runtime.program import Program
from runtime.state import empty_state
from runtime.tallies import recount
from runtime.zones import moves

# Handlers that never change the state themselves: an effect list checks after each of its
# effects, and a window only queues abilities. Every other handler's step is checked.
_CHECKED = frozenset({"fx", "window"})


def _put_answer(frame: dict, option: dict) -> None:
    """Give the asking frame its answer (`l["ans"]`)."""
    if "l" in frame:  # (no `setdefault` call: the asking frame has its working values)
        frame["l"]["ans"] = option
    else:
        frame["l"] = {"ans": option}


def _out_of_range(index: int, options: list) -> RuleError:
    return RuleError(f"option {index} is out of range (0–{len(options) - 1})")


def _ring(order: list[int], seat: int, itself: bool) -> list[int]:
    """The seats of `order` from `seat` round (`seat` itself first, or left out), out or
    not; for a seat not in the order, every seat in order (`Machine.seats_from` keeps them)."""
    if seat not in order:
        return list(order)
    start = order.index(seat)
    return [*order[start if itself else start + 1:], *order[:start]]


def seats_for(program: Program, players: int) -> int:
    """The seats a game of `players` people is set up with: a lone player takes the game's
    `solo` seats (and plays them all), else one seat each."""
    solo = program.game.game.players.solo
    return solo if players == 1 and solo else players


def seated(agents: list, seats: int) -> list:
    """One agent per seat: a lone player's agent plays every seat of a solo game."""
    return agents if len(agents) >= seats else [agents[0]] * seats


def _zone_keys(program: Program, players: int) -> dict[tuple[str, int | None], str]:
    """(zone id, seat) -> zone key, for every zone and seat (a per-game zone for any seat, and
    for none), worked out once a program and player count."""
    found = program.cache.get(("machine:keys", players))
    if found is None:
        found = {(z.id, s): (f"{z.id}:{s}" if z.per_seat else z.id)
                 for z in program.zones.values() for s in range(players)}
        found.update({(z.id, None): z.id for z in program.zones.values() if not z.per_seat})
        program.cache[("machine:keys", players)] = found
    return found


def _laid_out(program: Program, players: int) -> tuple[dict[str, list[int]], list, list, list]:
    """A new game's zones (key -> its cards) and each card's id, face-down mark and zone key,
    for `players` (`Program.layout`), worked out once a program and player count."""
    found = program.cache.get(("machine:layout", players))
    if found is None:
        keys, cards = program.layout(players)
        key_zone = program.keys(players)[2]
        zones: dict[str, list[int]] = {key: [] for key in keys}
        for inst, (_card_id, key) in enumerate(cards):
            zones[key].append(inst)
        found = program.cache[("machine:layout", players)] = (
            zones, [card_id for card_id, _key in cards],
            [int(key_zone[key].down) for _card_id, key in cards], [key for _card_id, key in cards])
    return found


class Machine:
    """Runs a program on a state. `log` (a list, or None) collects events; `stats` (a
    Counter, or None) counts cards played and abilities used."""

    calm = False  # set by a handler whose step changed nothing the end conditions read
    # Set by whatever changes what a tracked end check reads (`runtime.conditions.reads_tracked`),
    # cleared by the check: until then it has nothing new to find. Not in the state: a new
    # machine (a loaded save, a fork) starts with it set.
    dirty = True

    def __init__(
        self, program: Program, state: dict, log: list | None = None, stats: Counter | None = None,
        audit: Any = None,
    ):
        # a story's program, or that of the battle the story is in (see `runtime.story`)
        self.program = story.playing(program, state)
        self.state = state
        self.log = log
        self.stats = stats
        self.audit = None  # a `runtime.audit.Audit` sees every step; None costs nothing
        self.dirty = True
        # each seat's ring for `seats_from`, worked out once per turn order (`ringed`, the list
        # `st["order"]` held: the ops that change the order put a new list there)
        self.ringed: list[int] | None = None
        self.rings: dict[tuple[int | None, bool], list[int]] = {}
        # the cards whose moves change what the end check counts (None: every card)
        self.counted = self.program.cache.get("conditions:counted")
        # the counts kept as cards move, worked out from the zones (`runtime.tallies`)
        self.tally: dict | None = None
        self.tallied: list[list[int]] | None = None
        self.moving: dict = {}  # card id -> what its move changes (`runtime.tallies.Moving`)
        recount(self)
        self.budget = Budget()
        if audit is not None:
            audit.attach(self)
        self.seat_keys, self.key_owner, self.key_zone = program.keys(state["players"])
        self.keys = _zone_keys(program, state["players"])
        self.moves = moves(program, state["players"])  # (`runtime.zones.move`'s table)
        self.checks = bool(program.rules.win or program.rules.lose or program.rules.end
                           or program.scenario is not None or program.story is not None)

    # -- starting a game ----------------------------------------------------------------

    @classmethod
    def start(cls, program: Program, players: int, seed: int, log: list | None = None,
              stats: Counter | None = None, variables: dict[str, Any] | None = None,
              audit: Any = None, carried: dict[str, Any] | None = None) -> Machine:
        """A new game of `players` seats from `seed`, run to its first decision. `carried`
        (a match's next game, see `runtime.match`) starts game variables at a value and seat
        variables at a value per seat."""
        lo, hi = program.game.game.players.min, program.game.game.players.max
        if not lo <= players <= hi:
            raise RuleError(f"{program.game.game.title} is for {lo}–{hi} players, not {players}")
        players = seats_for(program, players)
        game_vars = {
            n: v.initial
            for n, v in program.variables.items()
            if v.per == "game" and v.counts is None
        }
        seat_vars = {
            n: v.initial
            for n, v in program.variables.items()
            if v.per != "game" and v.counts is None
        }
        for name, value in (variables or {}).items():
            if name in game_vars:
                game_vars[name] = value
            elif name in seat_vars:
                seat_vars[name] = value
            else:
                raise RuleError(
                    f"no variable '{name}' to set (variables: {', '.join(program.variables)})"
                )
        state = empty_state(players, seed, game_vars)
        state["sv"] = [dict(seat_vars) for _ in range(players)]
        for name, value in (carried or {}).items():
            if name in game_vars:
                state["gv"][name] = value
            elif name in seat_vars and isinstance(value, list) and len(value) == players:
                for seat, v in enumerate(value):
                    state["sv"][seat][name] = v
            else:
                raise RuleError(f"cannot carry '{name}' into the game: it is no variable kept "
                                f"there, or it does not give one value per seat")
        zones, ids, down, loc = _laid_out(program, players)
        state["zones"] = dict(zip(zones, map(list, zones.values()), strict=True))  # (lists of its own)
        state["ids"] += ids
        state["down"] += down
        state["flipped"] += [0] * len(ids)
        state["loc"] += loc
        m = cls(program, state, log, stats, audit)
        state["stack"].append(story.first_frame(program))
        m.run()
        return m

    # -- running ------------------------------------------------------------------------

    @property
    def decision(self) -> dict | None:
        return self.state["decision"]

    @property
    def over(self) -> bool:
        return self.state["result"] is not None

    def run(self, taken: dict | None = None, result: Any = None) -> None:
        """Advance until a decision is pending or the game is over; `taken` is a frame whose
        step `answer` took, which returned `result` (the loop's first step)."""
        st = self.state
        stack = st["stack"]
        audit = self.audit
        idle = 0
        budget = STEP_BUDGET
        watch_from = budget - WATCHED_STEPS
        watched: list[dict] = []  # the frames of a run's last steps, should the guard trip
        checks = self.checks
        while taken is not None or stack and st["decision"] is None and st["result"] is None:
            idle += 1
            if taken is not None:
                frame = taken
                h = frame["h"]
                taken = None
            else:
                if idle > watch_from:
                    if idle > budget:
                        no_progress(self, budget, watched)
                        break
                    watched.append(dict(stack[-1]))
                frame = stack[-1]
                h = frame["h"]
                if h == "fx":  # an effect list's function (`runtime.effects.run_list`, inline)
                    lid = frame["e"]
                    result = None if lid is None else self.program.runs[lid](self, frame)
                elif h == "turn":  # the turn's step, written per program (`runtime.written_turn`)
                    result = self.program.cache["turn:step"](self, frame)
                else:
                    result = HANDLERS[h](self, frame)
            calm = self.calm
            if calm:
                self.calm = False
            kind = type(result)
            if kind is dict:
                options = result["options"]
                if not options:
                    raise RuleError(f"a decision with no options: {result['prompt']}")
                if not options[1:]:  # a single option
                    # the asking frame is on top (an op may have pushed its own frame)
                    _put_answer(stack[-1], options[0])
                    continue
                st["decision"] = result
                break
            if audit is not None:
                audit.after_step(self)
            # The handler may have changed the state: check the end before going on (a game
            # that ends this way has its stack replaced, or is over).
            if (not calm and checks and h not in _CHECKED
                    and (self.dirty and self.program.cache["conditions:end"](self)
                         or self.program.scenario is not None and battle.check(self))):
                continue  # (`check_end`, inline)
            if result is None:
                if stack and stack[-1] is frame:  # unless an effect ended the game
                    del stack[-1]
                    # an effect list whose last effect's frames are done has nothing left to
                    # run: it goes without a step of its own (`runtime.effects.run_effects`)
                    while stack:
                        under = stack[-1]
                        if under["h"] != "fx" or under["i"] < self.program.ends[under["e"]]:
                            break
                        del stack[-1]
            elif kind is Call:
                stack += result.frames[::-1]  # (as `extend(reversed(...))`, with no call)
            else:
                del stack[-1]
                stack += result.frames[::-1]
        if not stack and st["result"] is None:
            st["result"] = {"winners": [], "reason": "no more to do"}
        if audit is not None:
            audit.paused(self)

    def answer(self, index: int) -> None:
        """Take option `index` of the pending decision and run on to the next one."""
        st = self.state
        decision = st["decision"]
        if decision is None:
            raise RuleError("no decision is pending")
        options = decision["options"]
        try:  # (the range checked by the lookup, a negative index below)
            option = options[index]
        except IndexError:
            raise _out_of_range(index, options) from None
        if index < 0:
            raise _out_of_range(index, options)
        st["decision"] = None
        count_decision(self, option["label"])
        if st["result"] is not None:  # a guard stopped the game
            return
        frame = st["stack"][-1]  # (`_put_answer`, written out)
        if "l" in frame:
            frame["l"]["ans"] = option
        else:
            frame["l"] = {"ans": option}
        if frame["h"] != "turn":
            self.run()
            return
        # the turn's step taken here, as the loop's first (a turn decision is answered most):
        # when it asks again with a choice, the run is over at once
        result = self.program.cache["turn:step"](self, frame)
        if type(result) is dict and result["options"][1:]:
            self.calm = False  # (as the loop clears it after every step)
            st["decision"] = result
            if self.audit is not None:
                self.audit.paused(self)
            return
        self.run(frame, result)

    def calm_step(self, actions: bool = False) -> None:
        """Say the step under way changed nothing the end conditions read (or, with
        `actions`, only the actions left, unless they read those): skip the check after it."""
        if not actions or "actions" not in self.program.watched:
            self.calm = True

    def check_end(self) -> bool:
        """Apply the win, loss and end conditions; True if the game ended because of them."""
        # only a battle has outcomes to check (see `runtime.battle.outcome`)
        program = self.program
        self.dirty = True  # (tested whatever changed since the last check)
        return program.cache["conditions:end"](self) or (
            program.scenario is not None and battle.check(self))

    # -- expressions --------------------------------------------------------------------

    def value(
        self, source: Any, seat: int | None, ctx: dict | None = None, card: int | None = None
    ) -> Any:
        """An amount: a number as is, an expression evaluated for the seat (and card)."""
        if type(source) is not str:
            return source
        runners = self.program.runners
        try:
            run = runners[source] if source in runners else self.program.runner(source)
            return run(self, seat, NO_CTX if ctx is None else ctx, card)
        except Exception as exc:  # a failed evaluation, or a name the content never declared
            raise expression_error(self, source, exc, seat, ctx, card) from None

    evaluate = value  # (an expression's value: one body, with no second call)

    def holds(
        self, source: str | None, seat: int | None, ctx: dict | None = None, card: int | None = None
    ) -> bool:
        if source is None:
            return True
        runners = self.program.runners
        if source in runners:  # (no `dict.get` call)
            try:
                return bool(runners[source](self, seat, NO_CTX if ctx is None else ctx, card))
            except Exception as exc:  # located as `evaluate` locates it
                raise expression_error(self, source, exc, seat, ctx, card) from None
        return bool(self.evaluate(source, seat, ctx, card))

    def card_matches(
        self, source: str | None, inst: int, seat: int | None, ctx: dict | None = None
    ) -> bool:
        """Whether card `inst` meets a condition on cards (looked up when it reads fields only)."""
        if source is None:
            return True
        table = self.program.card_table(source)
        if table is not None:
            return table[self.state["ids"][inst]]
        return bool(self.evaluate(source, seat, ctx, inst))

    # -- chance -------------------------------------------------------------------------

    def below(self, n: int) -> int:
        return rng.below(self.state, n)

    def shuffle(self, items: list) -> None:
        rng.shuffle(self.state, items)

    def emit(self, event: str, **data: Any) -> None:
        """Log an event (when logging); one naming a `card` lists the seats that may see it."""
        if self.log is not None:
            card = data.get("card")
            if card is not None and "seen" not in data:
                data["seen"] = self.seen(card)
            self.log.append({"e": event, **data})

    def seen(self, inst: int, *where: tuple[str, int]) -> list[int]:
        """The seats that may see which card `inst` is, now or at (zone key, face down) places."""
        from runtime.zones import visible

        return [s for s in range(self.state["players"])
                if visible(self, inst, s) or any(visible(self, inst, s, k, d) for k, d in where)]

    def count(self, what: str, name: str, seat: int | None = None) -> None:
        """Count an event for the statistics: a card `played` or `used` by a seat, a battle
        `battle-won` or `battle-lost`."""
        if self.stats is not None:
            self.stats[(what, name, seat)] += 1

    # -- seats --------------------------------------------------------------------------

    def seats_from(self, seat: int, itself: bool = True) -> list[int]:
        """Every seat still in the game, in turn order, starting with `seat` (or, not
        `itself`, with the seat after it, `seat` left out); a list of the caller's own."""
        st = self.state
        order = st["order"]
        if self.ringed is not order:  # (the order was replaced, or never seen: start again)
            self.ringed, self.rings = order, {}
        try:
            ring = self.rings[seat, itself]
        except KeyError:
            ring = self.rings[seat, itself] = _ring(order, seat, itself)
        out = st["out"]
        return [s for s in ring if not out[s]] if True in out else ring[:]

    def owner(self, inst: int) -> int | None:
        return self.key_owner[self.state["loc"][inst]]

    def key(self, zone_id: str, seat: int | None) -> str:
        try:  # (one lookup, no `dict.get` call: the hot ops look zones up here)
            return self.keys[(zone_id, seat)]
        except KeyError:
            pass
        zone = self.program.zone(zone_id)
        if not zone.per_seat:
            return zone.id
        if seat is None:
            raise RuleError(f"zone '{zone_id}' belongs to a seat, but no seat is named")
        return f"{zone.id}:{seat}"
