"""What one seat may know, and sampling a whole game consistent with it.

`view(m, seat)` is the state with every card the seat cannot see made anonymous: its
instance number, face, side and place become None (so not even which card it is can be
tracked), its slot in a zone becomes None (`backs` keeps, per zone, the pile each such slot's
card started the game in: its back shows that much), and so does every mention of it in the
pending work on the stack; the generator is gone, and another seat's pending decision shows no
options. Agents get nothing else.

`determinise(program, view, rng)` fills the gaps at random: the cards the seat cannot see
are dealt into the anonymous slots from what the game holds minus what the seat sees (each
card only into a slot showing its pile's back), and
the generator is reseeded. Searching agents play out such samples (`Sampler` deals many
from one view); they never peek.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from runtime.rng import Rng
from runtime.state import INSTANCE_ARRAYS, Template, array_for_write, copy_state, zone_for_write
from runtime.zones import visible

if TYPE_CHECKING:
    from runtime.machine import Machine
    from runtime.program import Program

_CARD_KEYS = ("card", "tcard")


def hidden_cards(m: Machine, seat: int) -> set[int]:
    """The cards `seat` may not see now; a card its own pending decision offers it (a search
    through a pile) it sees."""
    hidden = {i for i in range(len(m.state["ids"])) if not visible(m, i, seat)}
    decision = m.state["decision"]
    if decision is not None and decision["seat"] == seat:
        hidden -= {o["card"] for o in decision["options"] if o.get("card") is not None}
    return hidden


def view(m: Machine, seat: int) -> dict:
    """The state as `seat` may know it."""
    v = copy_state(m.state)
    hidden = hidden_cards(m, seat)
    for name in INSTANCE_ARRAYS:
        values = array_for_write(v, name)
        for i in hidden:
            values[i] = None
    v["zones"] = {
        key: [None if i in hidden else i for i in cards] for key, cards in v["zones"].items()
    }
    # a face-down card still shows its back: which pile it started the game in
    piles = m.program.piles(m.state["players"])
    v["backs"] = {key: [piles[i] for i in cards if i in hidden]
                  for key, cards in m.state["zones"].items() if not hidden.isdisjoint(cards)}
    v["redirect"] = {k: r for k, r in v["redirect"].items() if int(k) not in hidden}
    # once-per uses are keyed "<instance>#<ability>": a hidden card's key would let it be tracked
    v["used"] = {scope: {k: n for k, n in uses.items() if not _hidden_use(k, hidden)}
                 for scope, uses in v["used"].items()}
    v["rng"] = None
    decision = v["decision"]
    if decision is not None and decision["seat"] != seat:
        v["decision"] = {
            "seat": decision["seat"],
            "kind": decision["kind"],
            "prompt": decision["prompt"],
        }
    for frame in v["stack"]:
        _redact(frame, hidden)
    v["seat"] = seat
    return v


def _hidden_use(key: str, hidden: set[int]) -> bool:
    inst = key.partition("#")[0]
    return inst.isdigit() and int(inst) in hidden


def _redact(value, hidden: set[int]) -> None:
    """Blank every hidden card a frame refers to, however deep (contexts, picks, queued frames).

    A window's queue of waiting abilities keeps only those of cards the seat can see: that a
    hidden card waits on a window (a trap, say) is itself hidden.
    """
    if isinstance(value, list):
        for item in value:
            _redact(item, hidden)
        return
    if not isinstance(value, dict):
        return
    if value.get("h") == "window" and "q" in value.get("l", {}):
        local = value["l"]
        local["q"] = [entry for entry in local["q"][local["i"]:] if entry[1] not in hidden]
        local["i"] = 0
    for key, item in value.items():
        if key in _CARD_KEYS:
            if item in hidden:
                value[key] = None
        elif key.startswith("pick:") and isinstance(item, list):
            value[key] = [None if i in hidden else i for i in item]
        else:
            _redact(item, hidden)


def determinise(program: Program, seen: dict, rng: Rng) -> dict:
    """A full state consistent with a seat's view: unseen cards dealt at random."""
    return Sampler(program, seen).sample(rng)


class Sampler:
    """Many samples of one view, as `determinise` deals them (the same sample for the same
    generator), with what depends on the view alone worked out once: a searcher sampling
    each iteration pays a fork of the view's `Template` (the zones it does not deal into and
    the arrays stay shared until written) and the deal of the unseen cards."""

    __slots__ = ("_base", "_unseen_ids", "_unseen", "_holes")

    def __init__(self, program: Program, seen: dict):
        st = copy_state(seen)
        del st["seat"]
        backs = st.pop("backs", None)
        ids = st["ids"]
        # the unseen cards and the anonymous slots, by the back they show (a view without
        # backs: all alike): a card is dealt only where a card of its pile lies
        pile = program.piles(st["players"]) if backs is not None else None
        layout = program.layout(st["players"])[1]
        pool: Counter = Counter((pile and pile[i], cid) for i, (cid, _) in enumerate(layout))
        for i, card_id in enumerate(ids):
            if card_id is not None:
                first = program.front_of.get(card_id, card_id) if st["flipped"][i] else card_id
                pool[(pile and pile[i], first)] -= 1
        self._unseen_ids: dict = {}
        for (back, card_id), n in pool.items():
            self._unseen_ids.setdefault(back, []).extend([card_id] * max(n, 0))
        self._unseen: dict = {}
        for i, card_id in enumerate(ids):
            if card_id is None:
                self._unseen.setdefault(pile and pile[i], []).append(i)
        # each anonymous slot of a zone, in order, with how a card dealt there lies (a public
        # zone hides only face-down cards; elsewhere cards lie as the zone says) and its back
        self._holes = [
            (key, pos, 1 if zone.visibility == "public" else int(zone.down),
             backs[key][n] if backs is not None else None)
            for key, cards in st["zones"].items()
            for zone in (program.zones[key.split(":", 1)[0]],)
            for n, pos in enumerate(p for p, inst in enumerate(cards) if inst is None)
        ]
        for frame in st["stack"]:
            for key, value in (frame.get("l") or {}).items():
                if key.startswith("pick:") and isinstance(value, list):
                    value[:] = [i for i in value if i is not None]
        self._base = Template(st)

    def sample(self, rng: Rng) -> dict:
        """A fresh state (the caller's to change) with the unseen cards dealt by `rng`."""
        st = self._base.fork()
        if self._unseen:
            ids, flipped = array_for_write(st, "ids"), array_for_write(st, "flipped")
            loc, down = array_for_write(st, "loc"), array_for_write(st, "down")
            dealt = {}
            for back, insts in self._unseen.items():
                unseen_ids, unseen = self._unseen_ids.get(back, [])[:], insts[:]
                rng.shuffle(unseen_ids)
                rng.shuffle(unseen)
                for inst, card_id in zip(unseen, unseen_ids, strict=False):
                    ids[inst] = card_id
                    flipped[inst] = 0
                dealt[back] = iter(unseen)
            for key, pos, lies, back in self._holes:
                inst = next(dealt[back])
                zone_for_write(st, key)[pos] = inst
                loc[inst] = key
                down[inst] = lies
        st["rng"] = rng.seed()
        return st
