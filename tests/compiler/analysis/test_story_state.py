"""The state-aware story checks on the classic mistakes, with their evidence, and the state
space itself: exact within the budget, merged (still sound) beyond it."""

from __future__ import annotations

import textwrap

from compiler.analysis.story import analyse_story
from compiler.analysis.story_state import explore
from compiler.analysis.story_world import StoryWorld
from compiler.language.documents import Scenario, Story, Variable
from compiler.loader import load_text

HEAD = "kind: story\nid: act\ntitle: Act\n"


def load(body: str) -> tuple[Story, object]:
    (doc,), problems = load_text(HEAD + textwrap.dedent(body), "story.yaml")
    assert not problems
    return Story.model_validate(doc.data), doc


def world(**variables) -> StoryWorld:
    duel = Scenario.model_validate({"kind": "scenario", "id": "duel", "title": "Duel",
                                    "outcomes": {"victory": {}, "defeat": {}}})
    return StoryWorld(variables={k: Variable.model_validate(v) for k, v in variables.items()},
                      scenarios={"duel": duel}, max_players=1)


def check(body: str, w: StoryWorld | None = None):
    story, doc = load(body)
    return [(d.code, d.item, d.message) for d in analyse_story(story, doc, w or world())]


def test_two_flags_from_exclusive_branches_never_both_hold():
    found = check("""\
        start: "1"
        cards:
          "1":
            choices:
              - {text: Left, do: [set-flag: left], goto: "2"}
              - {text: Right, do: [set-flag: right], goto: "2"}
          "2":
            choices:
              - {text: Both, if: "flag('left') and flag('right')", goto: "3"}
              - {text: On, goto: "4"}
          "3": {ending: victory}
          "4": {ending: defeat}
    """)
    assert [(c, i) for c, i, _ in found] == [("GS411", "2")]
    message = found[0][2]
    assert "2 states reach it" in message and "proved by exhaustive search" in message
    assert "card 3 is never read through it" in message


def test_a_battle_branch_needing_what_only_the_other_outcome_gives():
    found = check("""\
        start: "1"
        cards:
          "1":
            battle: duel
            outcomes: {victory: "2", defeat: "3"}
          "2":
            choices:
              - {text: Claim the prize, if: "flag('lost')", goto: "4"}
              - {text: Go home, goto: "4"}
          "3": {do: [set-flag: lost], goto: "4"}
          "4": {ending: victory}
    """)
    assert [(c, i) for c, i, _ in found] == [("GS411", "2")]
    assert "flag 'lost' is never set there (set only at card 3)" in found[0][2]


def test_a_counter_that_never_reaches_its_threshold():
    found = check("""\
        start: "1"
        cards:
          "1":
            do: [gain: {variable: renown, amount: 1}]
            choices:
              - {text: Again, if: renown < 3, goto: "1"}
              - {text: Feast, if: renown >= 5, goto: "2"}
              - {text: Leave, goto: "3"}
          "2": {ending: victory}
          "3": {ending: defeat}
    """, world(renown={"initial": 0, "per": "game"}))
    assert [(c, i) for c, i, _ in found] == [("GS411", "1")]
    assert "renown is 1, 2, 3 there" in found[0][2]


def test_a_soft_lock_names_the_choice_and_the_path():
    found = check("""\
        start: "1"
        cards:
          "1":
            do: [set-flag: key]
            choices:
              - {text: Drop the key, do: [clear-flag: key], goto: "2"}
              - {text: Keep it, goto: "2"}
          "2":
            choices:
              - {text: Unlock, if: "flag('key')", goto: "3"}
              - {text: Wait, goto: "2"}
          "3": {ending: victory}
    """)
    assert [(c, i) for c, i, _ in found] == [("GS412", "1")]
    assert found[0][2].startswith("soft lock: after choice 1 at card 1")
    assert "caught among cards 2 (with no flag set" in found[0][2]
    assert "reached by 1 → (choice 1) 2" in found[0][2]


def test_a_card_if_without_goto_stops_the_story():
    found = check("""\
        start: "1"
        cards:
          "1":
            choices:
              - {text: Arm, do: [set-flag: armed], goto: "2"}
              - {text: Rush, goto: "2"}
          "2": {if: "flag('armed')", choices: [{text: Fight, goto: "3"}]}
          "3": {ending: victory}
    """)
    assert [(c, i) for c, i, _ in found] == [("GS413", "2")]
    assert "its `if` does not hold and it has no `goto`" in found[0][2]
    assert "reached by 1 → (choice 2) 2" in found[0][2]


def test_past_the_budget_the_space_is_merged_and_still_sound():
    story, _ = load("""\
        start: "1"
        cards:
          "1":
            do: [gain: {variable: steps, amount: 1}]
            choices:
              - {text: Again, goto: "1"}
              - {text: Test, if: "flag('never')", goto: "2"}
              - {text: Leave, goto: "3"}
          "2": {ending: victory}
          "3": {do: [set-flag: never], ending: defeat}
    """)
    space = explore(story, world(steps={"initial": 0, "per": "game"}), budget=20)
    assert space.merged and set(space.cards) == {"1", "3"}
    found = check("""\
        start: "1"
        cards:
          "1":
            do: [gain: {variable: steps, amount: 1}]
            choices:
              - {text: Again, goto: "1"}
              - {text: Test, if: "flag('never')", goto: "2"}
              - {text: Leave, goto: "3"}
          "2": {ending: victory}
          "3": {do: [set-flag: never], ending: defeat}
    """, world(steps={"initial": 0, "per": "game"}))
    [(code, item, message)] = found  # within the budget: steps is widened, not the space merged
    assert (code, item) == ("GS411", "1")
    assert "proved by exhaustive search, steps taken as unknown" in message


def test_what_something_outside_the_story_changes_is_unknown():
    w = world()
    w.outside.add(("flag", "left"))  # say, a card's ability sets it
    found = check("""\
        start: "1"
        cards:
          "1":
            choices:
              - {text: Left, if: "flag('left')", goto: "2"}
              - {text: On, goto: "2"}
          "2": {ending: victory}
    """, w)
    assert found == []


def test_when_seats_may_leave_no_seat_values_are_followed():
    body = """\
        start: "1"
        cards:
          "1":
            choices:
              - {text: Rich, if: coins >= 5, goto: "2"}
              - {text: Poor, goto: "2"}
          "2": {ending: victory}
    """
    alone = world(coins={"initial": 0})
    assert [c for c, _, _ in check(body, alone)] == ["GS411"]
    table = world(coins={"initial": 0})
    table.max_players, table.seats_may_leave = 3, True  # a lead put out hands over the lead
    assert check(body, table) == []


def test_a_challenge_that_cannot_pass_names_its_dice():
    found = check("""\
        start: "1"
        cards:
          "1":
            challenge: {stat: nerve, successes: 3}
            pass: "2"
            fail: "2"
          "2": {ending: victory}
    """, world(nerve={"initial": 2, "per": "game"}))
    assert [(c, i) for c, i, _ in found] == [("GS415", "1")]
    assert "nerve (2 here) dice of 'story-dice' (each showing 0 to 1 successes) never reach " \
           "the 3 successes it needs" in found[0][2]
