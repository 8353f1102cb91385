"""Story graphs: the links between story cards (as plain mappings for the checks, as a
networkx graph for drawing), and the checks on them (start card, broken links, reachability
with evidence, dead ends, loops with no way out)."""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING, NamedTuple, Protocol

from compiler.analysis.graph_search import components, distances, preorder, reaching
from compiler.analysis.story_checks import check_story_state
from compiler.analysis.story_conditions import check_conditions
from compiler.analysis.story_hints import KeyHints
from compiler.analysis.story_world import StoryWorld
from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.language.documents import Story, StoryCard

if TYPE_CHECKING:
    import networkx as nx


class Locator(Protocol):
    """What the analysis needs of a loaded document (`compiler.loader.Document`)."""

    def location(self, path: tuple, key: bool = False) -> Location: ...


class Link(NamedTuple):
    """One way on from a card: `via` names it for people ("goto", "choice 2", "pass",
    "outcome victory"), `path` is where it sits inside the card, `text` a choice's text."""

    via: str
    target: str
    path: tuple
    text: str | None = None


def card_links(card: StoryCard) -> list[Link]:
    """Every link of a card, in the order a reader meets them."""
    links = []
    if card.goto is not None:
        links.append(Link("goto", card.goto, ("goto",)))
    for i, choice in enumerate(card.choices):
        links.append(Link(f"choice {i + 1}", choice.goto, ("choices", i, "goto"), choice.text))
    if card.pass_ is not None:
        links.append(Link("pass", card.pass_, ("pass",)))
    if card.fail is not None:
        links.append(Link("fail", card.fail, ("fail",)))
    for name, target in card.outcomes.items():
        links.append(Link(f"outcome {name}", target, ("outcomes", name)))
    return links


def card_kind(card: StoryCard) -> str:
    """ending, battle, challenge, choice or event: what happens on the card."""
    if card.ending is not None:
        return "ending"
    if card.battle is not None or card.outcomes:
        return "battle"
    if card.challenge is not None or card.pass_ is not None or card.fail is not None:
        return "challenge"
    if card.choices:
        return "choice"
    return "event"


def card_order(key: str) -> tuple:
    """Sort key putting printed numbers in numeric order, before other keys."""
    if key.isascii() and key.isdigit():
        stripped = key.lstrip("0")
        return (0, len(stripped), stripped, key)
    return (1, 0, key, key)


class StoryLinks(NamedTuple):
    """The links between cards that lead to a card of the story, both ways round, in card
    then link order: `succ[card][target]` and `pred[target][card]` name them ("goto", or
    "choice 1, choice 2" when several links join the same two cards)."""

    succ: dict[str, dict[str, str]]
    pred: dict[str, dict[str, str]]


def story_links(story: Story) -> StoryLinks:
    """The links of `story` between its own cards (broken links left out)."""
    succ: dict[str, dict[str, str]] = {key: {} for key in story.cards}
    pred: dict[str, dict[str, str]] = {key: {} for key in story.cards}
    for key, card in story.cards.items():
        out = succ[key]
        for link in card_links(card):
            if link.target in story.cards:
                out[link.target] = f"{out[link.target]}, {link.via}" if link.target in out else link.via
                pred[link.target][key] = out[link.target]
    return StoryLinks(succ, pred)


def story_graph(story: Story) -> nx.DiGraph:
    """The story as a networkx graph, for drawing: cards as nodes (attributes `kind`,
    `ending`, `title`), `story_links` as edges (attribute `via`)."""
    import networkx as nx  # imported here: only drawing a story pays for it

    graph = nx.DiGraph(id=story.id, start=story.start)
    for key, card in story.cards.items():
        graph.add_node(key, kind=card_kind(card), ending=card.ending, title=card.title)
    for key, targets in story_links(story).succ.items():
        for target, via in targets.items():
            graph.add_edge(key, target, via=via)
    return graph


def analyse_story(story: Story, doc: Locator, world: StoryWorld | None = None) -> list[Diagnostic]:
    """Every story-graph problem of `story` (GS401-GS406, GS409), located in `doc`; with the
    `world` around it, the state-aware ones too (GS410-GS421, GS429: story_checks and
    story_conditions)."""
    links = story_links(story)
    out = Emitter(story, doc)
    broken = _broken_links(story, out)
    _dead_ends(story, out)
    if story.start not in story.cards:
        out.emit(
            "GS409",
            None,
            f"story '{story.id}' starts at card '{story.start}', which it does not have",
            ("start",),
            hint=KeyHints(story.cards).hint(story.start),
        )
        return out.diagnostics
    depth = distances(links.succ, story.start)
    _unreachable(story, links, depth, out)
    can_end = _stuck(story, links, depth, broken, out)
    if world is not None:
        explained = check_conditions(story, world.variables, out)
        check_story_state(story, world, links, depth, can_end, out, explained)
    return out.diagnostics


# -- the checks ------------------------------------------------------------------------------


def _broken_links(story: Story, out: Emitter) -> dict[str, list[str]]:
    """GS402 for each link to a missing card; returns card key -> its missing targets."""
    broken: dict[str, list[str]] = {}
    hints = KeyHints(story.cards)
    for key, card in story.cards.items():
        for link in card_links(card):
            if link.target in story.cards:
                continue
            broken.setdefault(key, []).append(link.target)
            out.emit(
                "GS402",
                key,
                f"card {key} links ({link.via}) to card '{link.target}', "
                f"which story '{story.id}' does not have",
                link.path,
                hint=hints.hint(link.target),
            )
    return broken


def _dead_ends(story: Story, out: Emitter) -> None:
    for key, card in story.cards.items():
        if card.ending is not None or card_links(card):
            continue
        if card.battle is not None:
            why = "has a battle but no `outcomes`"
        elif card.challenge is not None:
            why = "has a challenge but no `pass` or `fail`"
        else:
            why = "has no `goto`, `choices`, `pass`/`fail` or `outcomes`"
        out.emit("GS403", key, f"card {key} is not an ending and {why}")


def _unreachable(story: Story, links: StoryLinks, depth: dict, out: Emitter) -> None:
    for key in story.cards:
        if key in depth:
            continue
        linkers = sorted((p for p in links.pred[key] if p != key), key=card_order)
        if linkers:
            noun = "card" if len(linkers) == 1 else "cards"
            why = f"only linked from unreachable {noun} {_listing(linkers)}"
        elif key in links.succ[key]:
            why = "no card but itself links to it"
        else:
            why = "no card links to it"
        ending = story.cards[key].ending
        if ending is None:
            out.emit(
                "GS401", key, f"card {key} cannot be reached from start card {story.start}: {why}"
            )
        else:
            out.emit(
                "GS406",
                key,
                f"ending {key} ({ending}) cannot be reached from start card {story.start}: {why}",
            )


def _stuck(
    story: Story, links: StoryLinks, depth: dict, broken: dict[str, list[str]], out: Emitter
) -> set[str]:
    """GS405 once per loop with no way out; GS404 once, at the start card, when no ending can
    be reached from it at all; returns the cards from which the graph reaches an ending. Other cards that cannot reach an ending are not reported: the
    dead end, broken link or loop their paths get stuck at has its own diagnostic, and one
    mistake should read as one error, not one per card upstream of it."""
    endings = [k for k, c in story.cards.items() if c.ending is not None]
    can_end = reaching(links.pred, endings)
    stuck = dict.fromkeys(k for k in story.cards if k in depth and k not in can_end)
    if not stuck:
        return can_end
    # Successors of a stuck card are stuck too, so the terminal components of the stuck
    # subgraph are exactly the places the story gets caught: loops, dead ends, broken links.
    # Each is entered at its card nearest the start, and they are taken in that order, so a
    # card as near to two of them names the one nearer the start.
    def nearness(key: str) -> tuple:
        return depth[key], card_order(key)

    terminal = [c for c in components(links.succ, stuck) if all(s in c for n in c for s in links.succ[n])]
    sink_of: dict[str, str] = {}  # card of a terminal component -> how GS404 names it
    for entry, comp in sorted(((min(c, key=nearness), c) for c in terminal), key=lambda e: nearness(e[0])):
        if len(comp) > 1 or entry in links.succ[entry]:
            loop = _loop_text(links, comp, entry)
            exits = sorted({t for n in comp for t in broken.get(n, ())}, key=card_order)
            tail = f"; its links out, to {_quoted(exits)}, are broken" if exits else ""
            out.emit(
                "GS405",
                entry,
                f"cards {loop} form a loop with no ending and no way out{tail}",
                also=comp,
            )
            name = f"the loop {loop}"
        elif entry in broken:
            name = f"card {entry}, whose links are broken"
        else:
            name = f"dead end {entry}"
        for n in comp:
            sink_of[n] = name
    # One backwards breadth-first search from every sink at once: each card learns its
    # nearest sink and the distance to it.
    nearest = dict.fromkeys(sink_of, 0)
    origin = dict(sink_of)
    queue = deque(sink_of)
    while queue:
        n = queue.popleft()
        for p in links.pred[n]:
            if p not in nearest and p in stuck:
                nearest[p] = nearest[n] + 1
                origin[p] = origin[n]
                queue.append(p)
    key = story.start
    if key in stuck and key not in sink_of:
        steps = nearest[key]
        out.emit(
            "GS404",
            key,
            f"no ending can be reached from start card {key}: its paths get stuck, nearest at "
            f"{origin[key]} ({steps} link{'s' if steps != 1 else ''} on)",
        )
    return can_end


# -- helpers -----------------------------------------------------------------------------------

_LISTED = 8  # cards named in one message before "and N more"
_CANONICAL_INT = re.compile(r"-?(?:0|[1-9][0-9]*)").fullmatch


class Emitter:
    """Makes diagnostics at card keys or inside cards, honouring `suppress:` lists."""

    def __init__(self, story: Story, doc: Locator):
        self.story = story
        self.doc = doc
        self.diagnostics: list[Diagnostic] = []

    def emit(
        self,
        code: str,
        key: str | None,
        message: str,
        path: tuple = (),
        hint: str | None = None,
        also=(),
    ) -> None:
        """Emit `code` about card `key` (None: the story) at `path` inside it, or at the card's
        key when `path` is empty; cards in `also` may suppress it as well."""
        cards = self.story.cards
        if code in self.story.suppress or any(
            code in cards[k].suppress for k in (key, *also) if k is not None
        ):
            return
        full = path if key is None else ("cards", key, *path)
        where = self.doc.location(spelled_as_loaded(self.doc, full), key=not path)
        item = self.story.id if key is None else key
        self.diagnostics.append(CATALOGUE[code](message, where, hint=hint, item=item))


def spelled_as_loaded(doc: Locator, path: tuple) -> tuple:
    """`path` as the document spells it: a card key "11" may have been the integer 11 in YAML."""
    marks = getattr(doc, "marks", None)
    if marks is None or path in marks:
        return path
    as_int = tuple(
        int(p) if isinstance(p, str) and _CANONICAL_INT(p) and len(p) < 19 else p for p in path
    )
    if as_int == path:
        return path
    return max((path, as_int), key=lambda p: _known_prefix(marks, p))


def _known_prefix(marks, path: tuple) -> int:
    for end in range(len(path), 0, -1):
        if path[:end] in marks:
            return end
    return 0


def _listing(keys: list[str]) -> str:
    shown = ", ".join(keys[:_LISTED])
    return shown if len(keys) <= _LISTED else f"{shown} and {len(keys) - _LISTED} more"


def _quoted(keys: list[str]) -> str:
    return _listing([f"'{k}'" for k in keys])


def _loop_text(links: StoryLinks, comp: set[str], entry: str) -> str:
    """The loop's cards from `entry` in link order: `12 → 13 → 12` for a simple cycle,
    `12, 13, 14` (depth-first order) when the cards link among themselves more richly."""
    order = preorder(links.succ, comp, entry)
    simple = all(sum(t in comp for t in links.succ[n]) == 1 for n in order)
    if len(order) > _LISTED:
        shown = (" → " if simple else ", ").join(order[:_LISTED])
        return f"{shown} … ({len(order)} cards)"
    return " → ".join([*order, entry]) if simple else ", ".join(order)
