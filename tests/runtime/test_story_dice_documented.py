"""The story dice a pack without dice rolls are documented where a writer looks, and the
documentation says what the runtime does."""

from __future__ import annotations

from pathlib import Path

from compiler.language.documents import Dice
from runtime.story import DEFAULT_DICE

ROOT = Path(__file__).parents[2]


def test_default_story_dice_are_d6_succeeding_on_4_up():
    assert DEFAULT_DICE.type == "pool" and DEFAULT_DICE.sides == 6
    assert {f.face for f in DEFAULT_DICE.faces if f.successes} == {4, 5, 6}


def test_default_story_dice_are_what_validation_makes_of_them():
    # written out without validation (see compiler.analysis.story_dice): nothing may differ
    assert Dice.model_validate(DEFAULT_DICE.model_dump(by_alias=True)) == DEFAULT_DICE


def test_the_language_reference_and_the_walkthrough_say_so():
    language = (ROOT / "docs/language.md").read_text()
    challenge = language[language.index("A roll of one die per point of `stat`"):]
    assert "d6s and each 4, 5 or 6 is a success" in challenge.splitlines()[0]
    readme = (ROOT / "README.md").read_text()
    assert "story challenges roll six-sided dice and each 4, 5 or 6 counts as a success" in readme
