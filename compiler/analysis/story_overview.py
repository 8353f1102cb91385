"""Readable views of large stories, as smaller stories the renderer draws as it draws any: a
card's neighbourhood (`around`), and an overview with one node per chapter or block of cards."""

from __future__ import annotations

from collections import Counter

from compiler.analysis.story import card_links, story_graph
from compiler.language.documents import Story, StoryCard

BLOCK = 100  # cards per overview node when a story has no chapters
LARGE = 400  # cards beyond which a whole-story drawing is no longer readable


def around(story: Story, card: str, depth: int) -> Story:
    """The cards within `depth` links of `card` (either way); a link leaving them ends at a
    placeholder card titled '(not shown)'. The start is marked only when it is among them."""
    graph = story_graph(story).to_undirected(as_view=True)
    keep = {card}
    frontier = [card]
    for _ in range(depth):
        frontier = [n for f in frontier for n in graph.neighbors(f) if n not in keep]
        keep.update(frontier)
    cards: dict[str, StoryCard] = {}
    for key in story.cards:
        if key in keep:
            cards[key] = story.cards[key]
    for key in list(cards):
        for link in card_links(cards[key]):
            if link.target in story.cards and link.target not in cards:
                cards[link.target] = StoryCard(title="(not shown)")
    # a start outside the neighbourhood is simply not marked
    return story.model_copy(update={"cards": cards,
                                    "title": f"{story.title}: around card {card}"})


def overview(story: Story, chapter_of: dict[str, str] | None = None) -> Story:
    """One card per chapter (or per block of BLOCK cards in the story's order), titled with its
    size and endings, linked where any of its cards links into another."""
    group: dict[str, str] = {}
    chapters = set((chapter_of or {}).values())
    if len(chapters) > 1:
        group = dict(chapter_of)
    else:
        keys = list(story.cards)
        for i, key in enumerate(keys):
            lo = i - i % BLOCK
            group[key] = f"{keys[lo]}…{keys[min(lo + BLOCK, len(keys)) - 1]}"
    sizes = Counter(group.values())
    endings = Counter(group[k] for k, c in story.cards.items() if c.ending is not None)
    links: dict[str, Counter] = {g: Counter() for g in sizes}
    for key, card in story.cards.items():
        for link in card_links(card):
            to = group.get(link.target)
            if to is not None and to != group[key]:
                links[group[key]][to] += 1
    cards = {}
    for g in sizes:
        out = links[g]
        cards[g] = StoryCard(
            title=f"{sizes[g]} cards, {endings[g]} endings",
            choices=[{"text": f"{n} link{'s' if n > 1 else ''}", "goto": to}
                     for to, n in sorted(out.items(), key=lambda kv: -kv[1])],
        )
    return story.model_copy(update={"cards": cards, "start": group.get(story.start, next(iter(cards))),
                                    "title": f"{story.title}: overview"})
