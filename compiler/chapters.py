"""Stories spanning several files: each `chapter` document's cards join its story's, and
diagnostics about a card point into the file that holds it."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.analysis.story import spelled_as_loaded
from compiler.diagnostics import CATALOGUE, Location, Report
from compiler.language.documents import Story


@dataclass
class JoinedStory:
    """A story with its chapters' cards; `doc_of` maps each card to the document holding it,
    `chapter_of` to its chapter id (the story's own cards: the story id)."""

    story: Story
    doc: object  # the story's own document
    doc_of: dict[str, object] = field(default_factory=dict)
    chapter_of: dict[str, str] = field(default_factory=dict)

    @property
    def files(self) -> set[str]:
        return {self.doc.file, *(d.file for d in self.doc_of.values())}

    def location(self, path: tuple, key: bool = False) -> Location:
        """Where `path` (inside the joined story) is written."""
        in_card = len(path) > 1 and path[0] == "cards"
        doc = self.doc_of.get(path[1], self.doc) if in_card else self.doc
        return doc.location(spelled_as_loaded(doc, path), key=key)


def join_chapters(units: list, report: Report | None = None) -> dict[str, JoinedStory]:
    """Every story with its chapters joined, by id; a card key given twice is GS302 (the
    later one is dropped). Chapters of an unknown story are left out (GS301 names them)."""
    joined: dict[str, JoinedStory] = {}
    for u in units:
        if u.kind == "story" and u.model.id not in joined:
            keys = {k: u.doc for k in u.model.cards}
            joined[u.model.id] = JoinedStory(u.model, u.doc, keys, dict.fromkeys(keys, u.model.id))
    cards: dict[str, dict] = {sid: dict(j.story.cards) for sid, j in joined.items()}
    for u in units:
        if u.kind != "chapter" or u.model.story not in joined:
            continue
        j = joined[u.model.story]
        for key, card in u.model.cards.items():
            if key in cards[u.model.story]:
                if report is not None:
                    first = j.doc_of[key].location(("cards", key), key=True)
                    report.add(CATALOGUE["GS302"](
                        f"duplicate story card '{key}' in story '{u.model.story}'",
                        u.doc.location(("cards", key), key=True),
                        hint=f"the first is at {first.file}:{first.line}",
                    ))
                continue
            cards[u.model.story][key] = card
            j.doc_of[key] = u.doc
            j.chapter_of[key] = u.model.id
    for sid, j in joined.items():
        if len(cards[sid]) != len(j.story.cards):
            j.story = j.story.model_copy(update={"cards": cards[sid]})
    return joined
