"""Story coverage of simulated runs (like ChoiceScript's randomtest): how often each card was
read and each choice taken, and which were never, summed over games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

CARD = "story-card"  # stats key: a card read
CHOICE = "story-choice"  # stats key: a choice taken, as "CARD#N"


def story_layout(program) -> list[list]:
    """[card key, number of choices] of the stories `program` walks (a campaign's in a row),
    in each story's order (lists, so that a results file's header reads back equal)."""
    return [[key, len(card.choices)] for story in program.stories
            for key, card in program.game.stories[story].cards.items()]


def hits_of(stats: Counter) -> dict[str, int]:
    """The story counts of one game's stats, keyed "story-card:KEY" / "story-choice:KEY#N"."""
    return {f"{what}:{key}": n for (what, key, _), n in stats.items() if what in (CARD, CHOICE)}


def story_hits(layout: list[list], games: Iterable[dict[str, int]]) -> dict:
    """Per-card and per-choice hit counts over `games`, and what no game reached."""
    total: Counter = Counter()
    for hits in games:
        total.update(hits)
    cards = {key: total[f"{CARD}:{key}"] for key, _ in layout}
    choices = {f"{key}#{i}": total[f"{CHOICE}:{key}#{i}"]
               for key, n in layout for i in range(1, n + 1)}
    return {
        "cards": cards,
        "choices": choices,
        "cards_never_reached": [k for k, n in cards.items() if n == 0],
        "choices_never_taken": [k for k, n in choices.items()
                                if n == 0 and cards[k.rsplit("#", 1)[0]] > 0],
    }
