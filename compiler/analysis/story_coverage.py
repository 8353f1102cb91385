"""Exhaustive coverage of a story (like ChoiceScript's quicktest): every branch of its state
space is visited, and the cards, choices, challenge and battle links no path takes are named."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.analysis.story_state import StateSpace


@dataclass
class Coverage:
    """What the exhaustive walk took: `branches` maps (card, via) to the states taking it."""

    story: str
    states: int
    exact: bool  # False: the merged approximation (uncovered items are still never taken)
    cards: dict[str, int] = field(default_factory=dict)  # card -> states reading it
    passed_over: list[str] = field(default_factory=list)  # reached but never read
    never: list[str] = field(default_factory=list)  # cards no state reaches
    branches: dict[tuple[str, str], int] = field(default_factory=dict)
    untaken: list[tuple[str, str, str]] = field(default_factory=list)  # (card, via, text)

    def to_json(self) -> dict:
        return {
            "story": self.story, "states": self.states, "exact": self.exact,
            "cards_read": len(self.cards), "cards_never_reached": self.never,
            "cards_always_passed_over": self.passed_over,
            "branches_taken": len(self.branches),
            "branches_never_taken": [{"card": k, "via": v, "text": t}
                                     for k, v, t in self.untaken],
        }


def coverage(space: StateSpace) -> Coverage:
    """The coverage of `space` over its story's cards and links."""
    story = space.story
    out = Coverage(story.id, len(space.cards), not space.merged)
    reached: set[str] = set()
    for n, key in enumerate(space.cards):
        reached.add(key)
        for edge in space.edges[n]:
            out.branches[(key, edge.via)] = out.branches.get((key, edge.via), 0) + 1
        if any(edge.via != "passed over" for edge in space.edges[n]):
            out.cards[key] = out.cards.get(key, 0) + 1
    for key, card in story.cards.items():
        if key not in reached:
            out.never.append(key)
            continue
        if key not in out.cards:
            out.passed_over.append(key)
            continue
        for via, text in _branches(card):
            if (key, via) not in out.branches:
                out.untaken.append((key, via, text))
    return out


def _branches(card) -> list[tuple[str, str]]:
    """The card's ways on that a reader may or may not take, as (via, text)."""
    if card.ending is not None:
        return []
    found = [(f"choice {i + 1}", c.text) for i, c in enumerate(card.choices)]
    if card.challenge is not None:
        found += [("pass", "the challenge passes"), ("fail", "the challenge fails")]
    if card.battle is not None:
        found += [(f"outcome {name}", f"the battle ends with {name}") for name in card.outcomes]
    return found
