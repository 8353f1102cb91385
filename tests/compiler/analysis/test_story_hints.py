"""Every broken link gets its "did you mean" hint, however many there are."""

from compiler.analysis.story import analyse_story
from compiler.analysis.story_hints import KeyHints
from compiler.diagnostics import Location
from compiler.language.documents import Story


class Anywhere:
    def location(self, path, key=False):
        return Location("big.yaml", 1, 1)


def test_every_broken_link_of_a_large_story_gets_a_hint():
    size = 6000
    cards = {str(i): {"goto": str(i + 1)} for i in range(1, size)}
    cards[str(size)] = {"ending": "victory"}
    slips = range(10, size, 20)  # 300 links with a stray letter typed after the number
    for i in slips:
        cards[str(i)] = {"goto": f"{i + 1}x", "suppress": ["GS404"]}
    story = Story.model_validate({"kind": "story", "id": "big", "title": "Big", "start": "1",
                                  "cards": cards})
    broken = [d for d in analyse_story(story, Anywhere()) if d.code == "GS402"]
    assert len(broken) == len(slips)
    assert all(d.hint == f"did you mean '{int(d.item) + 1}'?" for d in broken)


def test_hints_prefer_fewer_edits_then_the_nearest_number():
    hints = KeyHints(["11", "12", "13", "120", "market-square", "tower"])
    assert hints.hint("10") == "did you mean '11'?"  # 11, 12, 13 are one edit: 11 is nearest
    assert hints.hint("133") == "did you mean '13'?"
    assert hints.hint("markte-square") == "did you mean 'market-square'?"  # a swap
    assert hints.hint("towre") == "did you mean 'tower'?"
    assert hints.hint("zzzzzz") is None
