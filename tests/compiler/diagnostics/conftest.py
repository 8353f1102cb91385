"""A small report exercising every rendering concern: no line, hints, unicode, escaping."""

from collections import Counter

import pytest

from compiler.diagnostics import CATALOGUE, Diagnostic, Location, Report, Severity

STORY = "content/g/story.yaml"
SOURCES = {
    STORY: [
        "kind: story",
        "cards:",
        "  '11': {battle: courtyard-dule}",
        "\t'12': {goto: 日本語x}",
    ],
}


@pytest.fixture
def report() -> Report:
    r = Report(counts=Counter({"files": 3, "cards": 70, "story-card": 12}))
    r.add(
        CATALOGUE["GS301"](
            "unknown scenario 'courtyard-dule'",
            Location(STORY, 3, 19),
            hint="did you mean 'courtyard-duel'?",
        )
    )
    r.add(CATALOGUE["GS402"]("100% broken, says: me\nsecond line", Location(STORY, 4, 18)))
    r.add(CATALOGUE["GS304"]("no game.yaml in the pack", Location("content/g"), hint="add one"))
    r.add(CATALOGUE["GS401"]("card '12' is unreachable", Location(STORY, 4, 0)))
    r.add(Diagnostic("GS408", Severity.INFO, "flag 'café' never tested", Location(STORY, 1, 1)))
    return r


@pytest.fixture
def sources():
    return SOURCES.get
