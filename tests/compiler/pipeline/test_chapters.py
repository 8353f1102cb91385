"""A story spread over chapter files: checked as one story, each finding in the file that
holds the card; a card key given twice is GS302; the joined story is what the runtime walks."""

from __future__ import annotations

STORY = "kind: story\nid: act\ntitle: Act\nstart: '1'\ncards:\n  '1': {goto: '2'}\n"


def chapter(cards: str, story: str = "act") -> str:
    return f"kind: chapter\nid: act-part-2\nstory: {story}\ncards:\n{cards}"


def test_a_story_across_files_links_and_locates(compile_files):
    result = compile_files({"act.yaml": STORY,
                            "act-2.yaml": chapter("  '2': {goto: '33'}\n  '3': {ending: victory}\n")})
    found = [(d.code, d.file, d.line, d.hint) for d in result.report.diagnostics]
    assert ("GS402", "act-2.yaml", 5, "did you mean '3'?") in found, found
    clean = compile_files({"act.yaml": STORY,
                           "act-2.yaml": chapter("  '2': {goto: '3'}\n  '3': {ending: victory}\n")})
    assert clean.report.diagnostics == []
    assert list(clean.game.stories["act"].cards) == ["1", "2", "3"]
    assert clean.report.counts["story-card"] == 3


def test_a_card_in_two_files_and_a_chapter_of_no_story(compile_files):
    result = compile_files({"act.yaml": STORY,
                            "act-2.yaml": chapter("  '1': {ending: defeat}\n  '2': {ending: victory}\n")})
    found = [(d.code, d.file, d.line) for d in result.report.diagnostics]
    assert found == [("GS302", "act-2.yaml", 5)]
    lost = compile_files({"act.yaml": STORY + "  '2': {ending: victory}\n",
                          "act-2.yaml": chapter("  '9': {ending: victory}\n", story="akt")})
    assert [(d.code, d.file, d.line) for d in lost.report.diagnostics] == [
        ("GS301", "act-2.yaml", 3)]
