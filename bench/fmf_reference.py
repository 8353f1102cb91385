"""A hand-written simulator of Fuzzy Mage Fight with random seats: the yardstick for the runtime.

Written from the rulebook and the pack's card texts, in plain Python with no part of
`runtime/` or `compiler/`: it plays the same rules as `gamesmith simulate` with random seats and
draws from the same random streams (the game's splitmix64 generator in the same order, each
decision answered by the generator `simulate` gives that seat at that step), so both must give
the same games, move for move. Offered choices are listed as the runtime lists them (the
actions in the rules' order, then the cards' abilities, then ending the turn), since a random
seat picks by position.

    play(players, seed) -> Outcome(winners, turns, rounds, decisions, capped, rng)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import product

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MAGIC_TO_WIN = 8
TURN_CAP = 2000
DECISION_CAP = 20000
MAX_COMBINATIONS = 200


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def derive(*parts: object) -> int:
    text = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def game_seed(master: int, index: int) -> int:
    """The seed `simulate` gives game `index` of a run seeded `master`."""
    return derive(master, "game", index)


# The draw pile as the box lists it: kind of card and count, magic first.
DECK = (
    [("magic", "magic", 60)]
    + [(c, "mineon", 4) for c in ("dust-bunny", "sock-gremlin", "pocket-newt", "lint-sprite")]
    + [("static-snare", "trap", 2), ("sticky-web", "trap", 2), ("pilfer-pouch", "trap", 2),
       ("mirror-mote", "trap", 1), ("tangle-thread", "trap", 1)]
    + [("gust-of-fluff", "spell", 2), ("unravel", "spell", 2), ("quick-wit", "spell", 2),
       ("peek-a-boo", "spell", 1), ("fuzz-storm", "spell", 1)]
    + [("bottomless-brew", "potion", 2), ("time-tonic", "potion", 1), ("fizzy-pop", "potion", 2),
       ("memory-mead", "potion", 1), ("bubble-shield", "potion", 1),
       ("second-helping", "potion", 1)]
)
MAGES = ("chester", "gretchen", "wyatt", "nez", "philo", "muffins")
FUSES = ("red", "blue", "green")
RECOVERABLE = ("spell", "trap", "potion")


class Over(Exception):
    """The game ended: a seat won, or a cap stopped it."""

    def __init__(self, winners: list[int], capped: bool = False):
        self.winners, self.capped = winners, capped


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    turns: int
    rounds: int
    decisions: int
    capped: bool
    rng: int  # the game generator's final state: equal only if every draw was the same


class Game:
    def __init__(self, players: int, seed: int):
        self.n = players
        self.seed = seed
        self.rng = seed
        self.steps = 0
        self.turn_mark, self.in_turn = -1, 0
        self.name: list[str] = []
        self.kind: list[str] = []
        for card, kind, count in DECK:
            self.name += [card] * count
            self.kind += [kind] * count
        self.draw = list(range(len(self.name)))
        self.discard: list[int] = []
        self.once: set[int] = set()  # recovered cards: removed from the game when next discarded
        self.hand: list[list[int]] = [[] for _ in range(players)]
        self.field: list[list[int]] = [[] for _ in range(players)]
        self.down: dict[int, bool] = {}  # face down on a battlefield
        self.mage: list[str | None] = [None] * players
        self.essence = [False] * players
        self.fused = [False] * players
        self.partner: list[int | None] = [None] * players
        self.fuse_round = [0] * players
        self.fuse_card: list[str | None] = [None] * players
        self.free = {c: 2 for c in FUSES}
        self.beaten = [False] * players
        self.turns_taken = [0] * players
        self.worth = [0] * players
        self.ability_used = [False] * players
        self.rolled = [False] * players
        self.began_essence = [False] * players
        self.shielded = [False] * players
        self.mineons_shielded = [False] * players
        self.extra = [0] * players
        self.skip = [0] * players
        self.order = list(range(players))
        self.garbel = 0
        self.round = 1
        self.turns = 0
        self.active = 0
        self.actions = 0
        self.end_turn = False
        self.begun = False
        self.used: set[str] = set()  # once-a-turn uses this turn

    # -- chance and choices ---------------------------------------------------------------

    def below(self, n: int) -> int:
        self.rng = (self.rng + GOLDEN) & MASK
        return (mix(self.rng) * n) >> 64

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def decide(self, seat: int, n: int) -> int:
        """A random seat picks one of `n` options (a single option is no decision)."""
        if n == 1:
            return 0
        pick = (mix((derive(self.seed, "agent", seat, self.steps) + GOLDEN) & MASK) * n) >> 64
        self.steps += 1
        if self.turns != self.turn_mark:
            self.turn_mark, self.in_turn = self.turns, 0
        self.in_turn += 1
        if self.steps > DECISION_CAP or self.in_turn > DECISION_CAP // 10:
            raise Over([], capped=True)
        return pick

    def random_cards(self, pool: list[int], count: int) -> list[int]:
        pool = list(pool)
        return [pool.pop(self.below(len(pool))) for _ in range(min(count, len(pool)))]

    # -- seats ------------------------------------------------------------------------------

    def ring(self, seat: int) -> list[int]:
        i = self.order.index(seat)
        return self.order[i:] + self.order[:i]

    def opponents(self, seat: int) -> list[int]:
        return self.ring(seat)[1:]

    def choose_seat(self, chooser: int, seats: list[int]) -> int | None:
        if not seats:
            return None
        return seats[self.decide(chooser, len(seats))] if len(seats) > 1 else seats[0]

    # -- the win ---------------------------------------------------------------------------

    def check(self) -> None:
        """Eight magic in hand (face-down battlefield magic counting as the mage says) on the
        active seat's own turn, in fuzzy form and unfused, wins at once."""
        s = self.active
        if not self.begun or self.essence[s] or self.fused[s]:
            return
        magic = sum(1 for c in self.hand[s] if self.kind[c] == "magic")
        if self.worth[s]:
            magic += self.worth[s] * self.hidden_magic(s)
        if magic >= MAGIC_TO_WIN:
            raise Over([s])

    def hidden_magic(self, seat: int) -> int:
        return sum(1 for c in self.field[seat] if self.kind[c] == "magic" and self.down[c])

    # -- moving cards ------------------------------------------------------------------------

    def to_discard(self, card: int) -> None:
        if card in self.once:
            self.once.discard(card)
        else:
            self.discard.append(card)

    def leave(self, card: int) -> None:
        for pile in (self.hand, self.field):
            for cards in pile:
                if card in cards:
                    cards.remove(card)
                    return
        for pile in (self.draw, self.discard):
            if card in pile:
                pile.remove(card)
                return

    def draw_cards(self, seat: int, count: int) -> None:
        for _ in range(count):
            if not self.draw and self.discard:
                self.draw, self.discard = self.discard, []
                self.shuffle(self.draw)
            if not self.draw:
                break
            self.hand[seat].append(self.draw.pop())
        self.check()

    def discard_random(self, seat: int, count: int) -> None:
        for card in self.random_cards(self.hand[seat], count):
            self.hand[seat].remove(card)
            self.to_discard(card)
        self.check()

    def steal(self, thief: int, victim: int, count: int) -> None:
        for card in self.random_cards(self.hand[victim], count):
            self.hand[victim].remove(card)
            self.hand[thief].append(card)
        self.check()

    def pick_kind(self, chooser: int, pool: list[int]) -> int | None:
        """The chooser picks a card by what it is (two of a card are one choice): the first of
        that card in the pool."""
        if not pool:
            return None
        names = list(dict.fromkeys(self.name[c] for c in pool))
        name = names[self.decide(chooser, len(names))]
        return next(c for c in pool if self.name[c] == name)

    def spend_self(self, seat: int, card: int) -> None:
        """A used spell, potion or sprung trap leaves the battlefield for the discard pile."""
        if card in self.field[seat]:
            self.field[seat].remove(card)
            self.to_discard(card)
        self.check()

    def set_essence(self, seat: int | None, value: bool) -> None:
        if seat is not None:
            self.essence[seat] = value
            self.check()

    def flip(self, seat: int | None, to_essence: bool) -> None:
        """Turn a mage over; fused mages fall and rise together."""
        if seat is None or self.mage[seat].endswith("-essence") == to_essence:
            return
        base = self.mage[seat].removesuffix("-essence")
        self.mage[seat] = base + "-essence" if to_essence else base
        partner = self.partner[seat]
        if self.fused[seat] and self.essence[seat]:
            self.set_essence(partner, True)
            self.flip(partner, True)
        if self.fused[seat] and not self.essence[seat]:
            self.set_essence(partner, False)
            self.flip(partner, False)

    # -- setup -------------------------------------------------------------------------------

    def setup(self) -> None:
        rolling = list(self.order)
        while len(rolling) > 1:
            totals = [self.below(6) + 1 for _ in rolling]
            rolling = [s for s, t in zip(rolling, totals, strict=True) if t == max(totals)]
        first = rolling[0]
        self.order = self.order[first:] + self.order[:first]
        self.active = first
        pool = list(MAGES)
        for seat in self.ring(first):
            self.mage[seat] = pool.pop(self.decide(seat, len(pool)))
        self.garbel = first
        self.shuffle(self.draw)
        for seat in self.ring(first):
            for _ in range(3):
                self.hand[seat].append(self.draw.pop())
        for seat in self.ring(first):
            if self.mage[seat] == "chester":
                self.worth[seat] = 1
        self.begun = True

    # -- fights ------------------------------------------------------------------------------

    def stake(self, seat: int, may: bool) -> tuple[list[int], list[int]]:
        """The magic a seat may fight with: from its hand (1 each), face down from its
        battlefield (3 each)."""
        if not may:
            return [], []
        hand = [c for c in self.hand[seat] if self.kind[c] == "magic"]
        field = [c for c in self.field[seat] if self.kind[c] == "magic" and self.down[c]]
        return hand, field

    def reaches(self, seat: int, need: int) -> bool:
        hand, field = self.stake(seat, not self.essence[seat])
        return len(hand) + 3 * len(field) >= need

    def commit(self, seat: int, may: bool, least: int) -> int:
        hand, field = self.stake(seat, may)
        groups = [(v, cards) for v, cards in ((1, hand), (3, field)) if cards]
        combos = 1
        for _v, cards in groups:
            combos *= len(cards) + 1
        if combos > MAX_COMBINATIONS:
            return self.commit_one_by_one(seat, may, least)
        options = []
        for counts in product(*(range(len(cards) + 1) for _v, cards in groups)):
            total = sum(k * v for k, (v, _c) in zip(counts, groups, strict=True))
            if total >= least:
                options.append((total, counts))
        options.sort(key=lambda o: o[0])
        if not options:
            return self.commit_one_by_one(seat, may, least)
        total, counts = options[self.decide(seat, len(options))]
        for k, (_v, cards) in zip(counts, groups, strict=True):
            for card in cards[:k]:
                self.leave(card)
                self.to_discard(card)
        self.check()
        return total

    def commit_one_by_one(self, seat: int, may: bool, least: int) -> int:
        total = 0
        while True:
            hand, field = self.stake(seat, may)
            adds = [(v, cards[0]) for v, cards in ((1, hand), (3, field)) if cards]
            n = len(adds) + (total >= least)
            if n == 0:
                return total
            i = self.decide(seat, n)
            if i == len(adds):
                return total
            value, card = adds[i]
            self.leave(card)
            self.to_discard(card)
            self.check()
            total += value

    def fight(self, attacker: int, defender: int, target: int | None, minimum: int,
              attacker_may: bool, success) -> None:
        """Both sides commit magic; a higher attack wins; then the defender's traps and
        strike-backs may answer."""
        a = self.commit(attacker, attacker_may, max(1, minimum))
        d = self.commit(defender, not self.essence[defender], 0)
        won = a >= minimum and a > d
        if won and target is not None and target in self.field[defender]:
            self.field[defender].remove(target)
            self.to_discard(target)
            self.check()
        waiting = [(c, self.name[c]) for c in self.field[defender] if self.kind[c] == "trap"]
        if self.mage[defender] == "gretchen":
            waiting.append((None, "gretchen"))
        if won and success is not None:
            success()
        opened = self.mage[defender]
        for card, name in waiting:
            if card is None:
                if self.mage[defender] == opened:
                    self.strike_back(defender, attacker)
            elif card in self.field[defender] and (not self.essence[defender]
                                                   or self.beaten[defender]):
                self.spring(defender, attacker, card, name)

    def beat(self, thief: int, defender: int, fuse_broken_by) -> None:
        self.steal(thief, defender, 2)
        fuse_broken_by()
        self.beaten[defender] = True
        self.set_essence(defender, True)
        self.flip(defender, True)

    def unfuse(self, a: int, b: int) -> None:
        for seat in (a, b):
            self.fused[seat] = False
            self.check()
        for seat in (a, b):
            self.fuse_round[seat] = 0
        for seat in (a, b):
            if self.fuse_card[seat] is not None:
                self.free[self.fuse_card[seat]] += 1
                self.fuse_card[seat] = None

    def attack_targets(self, seat: int, mineons: bool) -> list[int]:
        found = []
        for s in self.opponents(seat):
            if not mineons and s == self.partner[seat]:
                continue
            if not (self.turns_taken[s] >= 1 or self.round != 1):
                continue
            if mineons:
                if self.mineons_shielded[s] or not self.mineons_of(s):
                    continue
            elif self.shielded[s]:
                continue
            found.append(s)
        return found

    def mineons_of(self, seat: int) -> list[int]:
        return [c for c in self.field[seat] if self.kind[c] == "mineon"]

    def attack_mage(self, seat: int) -> None:
        defender = self.choose_seat(seat, self.attack_targets(seat, False))
        self.fight(seat, defender, None, 0, not self.essence[seat],
                   lambda: self.beat(seat, defender, lambda: None))

    def attack_mineon(self, seat: int) -> None:
        defender = self.choose_seat(seat, self.attack_targets(seat, True))
        target = self.pick_kind(seat, self.mineons_of(defender))
        self.fight(seat, defender, target, 2, not self.essence[seat], None)

    def attack_partner(self, seat: int) -> None:
        defender = self.partner[seat]

        def broken() -> None:
            self.partner[seat] = self.partner[defender] = None
            self.unfuse(seat, defender)

        self.fight(seat, defender, None, 0, not self.essence[seat],
                   lambda: self.beat(seat, defender, broken))

    def strike_back(self, seat: int, attacker: int) -> None:
        may = not self.essence[seat] or self.beaten[seat]
        if not self.reaches_with(seat, may) or self.decide(seat, 2) == 1:
            return

        def broken() -> None:
            if self.partner[seat] == attacker:
                self.partner[seat] = self.partner[attacker] = None
            if self.fused[seat] and self.partner[seat] is None:
                self.unfuse(seat, attacker)

        self.fight(seat, attacker, None, 0, may, lambda: self.beat(seat, attacker, broken))

    def reaches_with(self, seat: int, may: bool) -> bool:
        hand, field = self.stake(seat, may)
        return bool(hand or field)

    def spring(self, seat: int, attacker: int, card: int, name: str) -> None:
        if name in ("static-snare", "pilfer-pouch") and not self.hand[attacker]:
            return  # only "keep it hidden" is left
        if self.decide(seat, 2) == 1:
            return
        if name == "static-snare":
            self.discard_random(attacker, 2)
            self.spend_self(seat, card)
        elif name == "sticky-web":
            self.spend_self(seat, card)
            if self.active == attacker:
                self.end_turn = True
        elif name == "pilfer-pouch":
            self.steal(seat, attacker, 1)
            self.spend_self(seat, card)
        elif name == "mirror-mote":
            self.spend_self(seat, card)
            self.set_essence(attacker, True)
            self.flip(attacker, True)
        elif name == "tangle-thread":
            self.skip[attacker] += 1
            self.spend_self(seat, card)

    # -- a turn ---------------------------------------------------------------------------------

    def options(self, seat: int) -> list[tuple]:
        """What the seat may do now, in the order the runtime offers it."""
        left = self.actions
        ess = self.essence[seat]
        hand = self.hand[seat]
        opts: list[tuple] = []
        if left >= 1 and not ess:
            opts.append(("draw",))
            if len(self.field[seat]) < 6 and hand:
                opts.append(("place",))
            if self.reaches(seat, 1) and self.attack_targets(seat, False):
                opts.append(("attack-mage",))
            if self.reaches(seat, 2) and self.attack_targets(seat, True):
                opts.append(("attack-mineon",))
            if (self.fused[seat] and self.fuse_round[seat] < self.round and self.reaches(seat, 1)
                    and self.partner[seat] is not None):
                opts.append(("attack-partner",))
        if (ess and self.began_essence[seat] and not self.ability_used[seat]
                and not self.rolled[seat] and "return-roll" not in self.used):
            opts.append(("return-roll",))
        if ess and not self.fused[seat] and any(
                self.essence[s] and not self.fused[s] for s in self.opponents(seat)):
            opts.append(("fuse",))
        seen = set()
        for card in self.field[seat]:
            name = self.name[card]
            if name not in seen and not ess and self.usable(seat, card, name):
                seen.add(name)
                opts.append(("card", card))
        if self.mage_usable(seat, left):
            opts.append(("mage",))
        opts.append(("end",))
        return opts

    def usable(self, seat: int, card: int, name: str) -> bool:
        others = self.opponents(seat)
        if name == "bottomless-brew":
            return not self.hand[seat]
        if name == "second-helping":
            return bool(self.mineons_of(seat))
        if name in ("gust-of-fluff", "fuzz-storm"):
            return any(self.hand[s] for s in others)
        if name == "unravel":
            return any(self.mineons_of(s) for s in others)
        return self.kind[card] in ("potion", "spell")

    def mage_usable(self, seat: int, left: int) -> bool:
        face = self.mage[seat]
        if face in self.used:
            return False
        if face.endswith("-essence"):
            if face == "nez-essence":
                return self.began_essence[seat] and not self.rolled[seat]
            return True
        if self.essence[seat] or face == "gretchen":
            return False
        cost = 2 if face in ("nez", "philo") else 1
        if cost > left:
            return False
        if face == "chester":
            return any(self.kind[c] == "magic" for c in self.discard)
        if face == "nez":
            return any(self.hand[s] for s in self.opponents(seat))
        if face == "philo":
            return any(self.kind[c] in ("spell", "potion") for c in self.draw)
        return True

    def take(self, seat: int, option: tuple) -> None:
        what = option[0]
        if what in ("draw", "place", "attack-mage", "attack-mineon", "attack-partner"):
            self.actions -= 1
        if what == "draw":
            self.draw_cards(seat, 1)
        elif what == "place":
            self.place(seat)
        elif what == "attack-mage":
            self.attack_mage(seat)
        elif what == "attack-mineon":
            self.attack_mineon(seat)
        elif what == "attack-partner":
            self.attack_partner(seat)
        elif what == "return-roll":
            self.used.add("return-roll")
            self.return_roll(seat, 0)
        elif what == "fuse":
            self.fuse(seat)
        elif what == "card":
            self.use_card(seat, option[1])
        else:
            self.use_mage(seat)

    def place(self, seat: int) -> None:
        hand = self.hand[seat]
        mineons = [c for c in hand if self.kind[c] == "mineon"]
        others = [c for c in hand if self.kind[c] != "mineon"]
        ways = ([(mineons, False)] if mineons else []) + ([(others, True)] if others else [])
        pool, down = ways[self.decide(seat, len(ways))]
        card = self.pick_kind(seat, pool)
        hand.remove(card)
        self.field[seat].append(card)
        self.down[card] = down
        self.check()

    def return_roll(self, seat: int, modifier: int) -> None:
        self.rolled[seat] = True
        if self.below(6) + 1 + modifier >= 5:
            self.set_essence(seat, False)
            self.flip(seat, False)
            self.actions += 4 if self.fused[seat] else 3

    def fuse(self, seat: int) -> None:
        others = [s for s in self.opponents(seat) if self.essence[s] and not self.fused[s]]
        other = self.choose_seat(seat, others)
        if self.decide(other, 2) == 1:
            return  # refused
        self.partner[seat], self.partner[other] = other, seat
        self.fused[seat] = True
        self.check()
        self.fused[other] = True
        self.fuse_round[seat] = self.round
        self.fuse_round[other] = 0
        self.set_essence(seat, False)
        self.set_essence(other, False)
        self.flip(seat, False)
        self.flip(other, False)
        colours = [c for c in FUSES if self.free[c] >= 2]
        if colours:
            colour = colours[self.decide(seat, len(colours))]
            for s in (seat, other):
                if self.fuse_card[s] is None:
                    self.fuse_card[s] = colour
                    self.free[colour] -= 1
        self.actions += 4

    def use_card(self, seat: int, card: int) -> None:
        name = self.name[card]
        others = self.opponents(seat)
        if name == "bottomless-brew":
            self.draw_cards(seat, 4)
        elif name == "time-tonic":
            self.extra[seat] += 1
        elif name == "fizzy-pop":
            self.draw_cards(seat, 2)
        elif name == "memory-mead":
            self.spend_self(seat, card)
            self.recover(seat)
            return
        elif name == "bubble-shield":
            self.shielded[seat] = True
        elif name == "second-helping":
            self.draw_cards(seat, len(self.mineons_of(seat)))
        elif name == "gust-of-fluff":
            self.discard_random(self.choose_seat(seat, others), 1)
        elif name == "unravel":
            victim = self.choose_seat(seat, others)
            mineon = self.pick_kind(seat, self.mineons_of(victim))
            if mineon is not None:
                self.field[victim].remove(mineon)
                self.to_discard(mineon)
                self.check()
        elif name == "quick-wit":
            self.actions += 1
        elif name == "peek-a-boo":
            victim = self.choose_seat(seat, others)
            for c in self.field[victim]:
                self.down[c] = False
            self.check()
        elif name == "fuzz-storm":
            for s in others:
                self.discard_random(s, 1)
        self.spend_self(seat, card)

    def recover(self, seat: int) -> None:
        """Take a spell, trap or potion from the discard pile; it leaves the game when next
        discarded."""
        card = self.pick_kind(seat, [c for c in self.discard if self.kind[c] in RECOVERABLE])
        if card is not None:
            self.discard.remove(card)
            self.hand[seat].append(card)
            self.once.add(card)
            self.check()

    def use_mage(self, seat: int) -> None:
        face = self.mage[seat]
        self.used.add(face)
        others = self.opponents(seat)
        if face == "nez-essence":
            self.return_roll(seat, 1)
            return
        if face.endswith("-essence"):
            self.ability_used[seat] = True
        if face == "chester":
            self.actions -= 1
            magic = next(c for c in self.discard if self.kind[c] == "magic")
            self.discard.remove(magic)
            self.hand[seat].append(magic)
            self.check()
        elif face == "wyatt":
            self.actions -= 1
            self.draw_cards(seat, 2)
            card = self.pick_kind(seat, self.hand[seat])
            if card is not None:
                self.hand[seat].remove(card)
                self.to_discard(card)
                self.check()
        elif face == "nez":
            self.actions -= 2
            self.steal(seat, self.choose_seat(seat, others), 1)
        elif face == "philo":
            self.actions -= 2
            card = self.pick_kind(seat, [c for c in self.draw
                                         if self.kind[c] in ("spell", "potion")])
            self.draw.remove(card)
            self.hand[seat].append(card)
            self.check()
            self.shuffle(self.draw)
        elif face == "muffins":
            self.actions -= 1
            self.draw_cards(seat, 2)
            self.draw_cards(self.choose_seat(seat, others), 1)
        elif face == "chester-essence":
            magic = [c for c in self.hand[seat] if self.kind[c] == "magic"]
            if magic and len(self.field[seat]) < 6:
                self.hand[seat].remove(magic[0])
                self.field[seat].append(magic[0])
                self.down[magic[0]] = True
                self.check()
        elif face == "gretchen-essence":
            self.discard_random(self.choose_seat(seat, others), 1)
        elif face == "wyatt-essence":
            self.draw_cards(seat, 1)
        elif face == "philo-essence":
            self.recover(seat)
        elif face == "muffins-essence":
            self.mineons_shielded[seat] = True

    def turn(self, seat: int) -> None:
        self.active = seat
        self.turns += 1
        self.actions = 0
        self.end_turn = False
        self.check()
        self.ability_used[seat] = self.rolled[seat] = False
        self.began_essence[seat] = self.essence[seat]
        self.shielded[seat] = self.mineons_shielded[seat] = False
        self.actions = 0 if self.essence[seat] else (4 if self.fused[seat] else 3)
        for _mineon in self.mineons_of(seat):  # each mineon fetches a card
            self.draw_cards(seat, 1)
        while not self.end_turn:
            options = self.options(seat)
            if len(options) == 1:
                break
            option = options[self.decide(seat, len(options))]
            if option[0] == "end":
                break
            self.take(seat, option)
        self.turns_taken[seat] += 1
        self.beaten = [False] * self.n
        if self.garbel == seat:  # the Garbel's end-of-turn roll
            if not self.hand[seat] or self.below(6) + 1 >= 5:
                self.garbel = self.ring(seat)[1]
            else:
                self.discard_random(seat, 1)
                if not self.hand[seat]:
                    self.garbel = self.ring(seat)[1]
        self.used.clear()

    def play(self) -> Outcome:
        try:
            self.setup()
            while True:
                order = list(self.order)
                pos = 0
                while pos < len(order):
                    seat = order[pos]
                    if self.skip[seat] > 0:
                        self.skip[seat] -= 1
                        pos += 1
                        continue
                    if self.turns >= TURN_CAP:
                        raise Over([], capped=True)
                    self.turn(seat)
                    if self.extra[seat] > 0:
                        self.extra[seat] -= 1
                    else:
                        pos += 1
                self.round += 1
        except Over as over:
            return Outcome(tuple(over.winners), self.turns, self.round, self.steps, over.capped,
                           self.rng)


def play(players: int, seed: int) -> Outcome:
    """One game of Fuzzy Mage Fight between random seats."""
    return Game(players, seed).play()
