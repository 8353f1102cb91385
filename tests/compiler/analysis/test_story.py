"""Story-graph checks: each code with its card, location and evidence; suppression; scale."""

import textwrap

import pytest

from compiler.analysis.story import analyse_story, card_links, story_graph
from compiler.diagnostics import Location
from compiler.language.documents import Story
from compiler.loader import load_text

HEAD = "kind: story\nid: act-1\ntitle: The Man from Meung\n"


def load(body: str):
    (doc,), problems = load_text(HEAD + textwrap.dedent(body), "story.yaml")
    assert not problems
    return Story.model_validate(doc.data), doc


def analyse(body: str):
    story, doc = load(body)
    return analyse_story(story, doc)


def line_of(body: str, needle: str) -> int:
    """1-based line of the first line containing `needle` in HEAD + body."""
    lines = (HEAD + textwrap.dedent(body)).splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


CLEAN = """\
    start: "11"
    cards:
      "11":
        text: The stranger leaves.
        goto: "12"
      "12":
        choices:
          - {text: Follow him, goto: "13"}
          - {text: Stay, goto: "18"}
      "13":
        challenge: {stat: movement, successes: 3}
        pass: "15"
        fail: "18"
      "15":
        battle: courtyard-duel
        outcomes: {victory: "17", defeat: "18"}
      "17": {ending: victory}
      "18": {ending: defeat}
"""


def test_a_clean_story_has_no_diagnostics():
    assert analyse(CLEAN) == []


def test_story_graph_nodes_and_edges():
    story, _ = load(CLEAN)
    graph = story_graph(story)
    assert graph.nodes["13"]["kind"] == "challenge"
    assert graph.nodes["15"]["kind"] == "battle"
    assert graph.nodes["12"]["kind"] == "choice"
    assert graph.nodes["11"]["kind"] == "event"
    assert graph.nodes["17"] == {"kind": "ending", "ending": "victory", "title": None}
    assert graph.edges["12", "18"]["via"] == "choice 2"
    assert graph.edges["13", "15"]["via"] == "pass"
    assert graph.edges["15", "17"]["via"] == "outcome victory"


def test_links_between_the_same_cards_are_joined():
    story, _ = load("""\
        start: "1"
        cards:
          "1": {choices: [{text: a, goto: "2"}, {text: b, goto: "2"}]}
          "2": {ending: victory}
    """)
    assert story_graph(story).edges["1", "2"]["via"] == "choice 1, choice 2"
    assert [link.text for link in card_links(story.cards["1"])] == ["a", "b"]


def test_gs409_missing_start_skips_reachability():
    body = """\
        start: "10"
        cards:
          "11": {goto: "12"}
          "12": {ending: victory}
          "13": {ending: defeat}
    """
    [d] = analyse(body)
    assert d.code == "GS409"
    assert d.message == "story 'act-1' starts at card '10', which it does not have"
    assert d.hint == "did you mean '11'?"
    assert d.location == Location("story.yaml", line_of(body, "start:"), 8)


def test_gs402_broken_link_at_the_link_value_with_hint():
    body = """\
        start: "11"
        cards:
          "11": {goto: "12"}
          "12":
            choices:
              - {text: Left, goto: "13"}
              - {text: Right, goto: "133"}
          "13": {ending: victory}
    """
    [d] = analyse(body)
    assert (d.code, d.item) == ("GS402", "12")
    assert d.message == "card 12 links (choice 2) to card '133', which story 'act-1' does not have"
    assert d.hint == "did you mean '13'?"
    line = line_of(body, "Right")
    column = (HEAD + textwrap.dedent(body)).splitlines()[line - 1].index('"133"') + 1
    assert d.location == Location("story.yaml", line, column)


def test_gs401_no_card_links_to_it():
    body = """\
        start: "11"
        cards:
          "11": {ending: victory}
          "12": {goto: "11"}
    """
    [d] = analyse(body)
    assert (d.code, d.item) == ("GS401", "12")
    assert d.message == "card 12 cannot be reached from start card 11: no card links to it"
    assert d.location == Location("story.yaml", line_of(body, '"12":'), 3)


def test_gs401_evidence_names_the_unreachable_linkers():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {ending: victory}
          "14": {goto: "16"}
          "15": {goto: "16"}
          "16": {goto: "11"}
    """)
    by_card = {d.item: d for d in diags}
    assert {d.code for d in diags} == {"GS401"}
    assert by_card["16"].message == (
        "card 16 cannot be reached from start card 11: only linked from unreachable cards 14, 15"
    )
    assert by_card["14"].message.endswith(": no card links to it")


def test_gs403_dead_end_but_no_gs404_for_the_dead_end_itself():
    body = """\
        start: "11"
        cards:
          "11":
            choices:
              - {text: On, goto: "12"}
              - {text: Home, goto: "19"}
          "12":
            text: The road ends here.
          "19": {ending: victory}
    """
    [d] = analyse(body)
    assert (d.code, d.item) == ("GS403", "12")
    assert d.message == (
        "card 12 is not an ending and has no `goto`, `choices`, `pass`/`fail` or `outcomes`"
    )
    assert d.location.line == line_of(body, '"12":')


def test_gs403_battle_without_outcomes_says_so():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {battle: courtyard-duel}
    """)
    assert [(d.code, d.message) for d in diags] == [
        ("GS403", "card 11 is not an ending and has a battle but no `outcomes`"),
    ]


def test_a_dead_end_is_one_error_not_one_per_card_leading_to_it():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {choices: [{text: a, goto: "12"}, {text: b, goto: "20"}]}
          "12": {goto: "13"}
          "13": {goto: "14"}
          "14": {text: stuck}
          "20": {ending: victory}
    """)
    assert [(d.code, d.item) for d in diags] == [("GS403", "14")]


def test_gs404_when_the_start_card_cannot_reach_an_ending():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {goto: "12"}
          "12": {goto: "13"}
          "13": {text: stuck}
    """)
    assert [(d.code, d.item) for d in diags] == [("GS403", "13"), ("GS404", "11")]
    assert diags[1].message == (
        "no ending can be reached from start card 11: its paths get stuck, nearest at dead end 13 "
        "(2 links on)"
    )


def test_gs405_reported_once_for_a_closed_loop_in_loop_order():
    body = """\
        start: "11"
        cards:
          "11": {choices: [{text: in, goto: "14"}, {text: out, goto: "20"}]}
          "12": {goto: "13"}
          "13": {goto: "14"}
          "14": {goto: "12"}
          "20": {ending: victory}
    """
    [d] = analyse(body)
    assert (d.code, d.item) == ("GS405", "14")
    assert d.message == "cards 14 → 12 → 13 → 14 form a loop with no ending and no way out"
    assert d.location.line == line_of(body, '"14":')


def test_gs404_for_the_cards_leading_into_a_loop():
    diags = analyse("""\
        start: "10"
        cards:
          "10": {goto: "11"}
          "11": {goto: "12"}
          "12": {goto: "13"}
          "13": {goto: "12"}
    """)
    assert [(d.code, d.item) for d in diags] == [("GS405", "12"), ("GS404", "10")]
    assert diags[1].message.endswith("nearest at the loop 12 → 13 → 12 (2 links on)")


def test_gs405_a_loop_whose_only_exit_is_broken_says_so():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {goto: "12"}
          "12": {choices: [{text: a, goto: "11"}, {text: b, goto: "99"}]}
    """)
    assert [d.code for d in diags] == ["GS402", "GS405"]
    assert diags[1].message == (
        "cards 11 → 12 → 11 form a loop with no ending and no way out; "
        "its links out, to '99', are broken"
    )


def test_a_loop_with_an_exit_to_a_dead_end_is_gs404_not_gs405():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {goto: "12"}
          "12": {choices: [{text: a, goto: "11"}, {text: b, goto: "13"}]}
          "13": {text: nothing}
    """)
    assert sorted((d.code, d.item) for d in diags) == [("GS403", "13"), ("GS404", "11")]


def test_a_card_whose_links_are_all_broken_is_named_by_gs404():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {goto: "12"}
          "12": {goto: "nowhere"}
    """)
    assert [(d.code, d.item) for d in diags] == [("GS402", "12"), ("GS404", "11")]
    assert diags[1].message.endswith("nearest at card 12, whose links are broken (1 link on)")


def test_self_loop_is_an_inescapable_loop():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {goto: "11"}
    """)
    assert [(d.code, d.message) for d in diags] == [
        ("GS405", "cards 11 → 11 form a loop with no ending and no way out"),
    ]


def test_gs406_unreachable_ending_instead_of_gs401():
    body = """\
        start: "11"
        cards:
          "11": {ending: victory}
          "18": {ending: defeat}
    """
    [d] = analyse(body)
    assert (d.code, d.item) == ("GS406", "18")
    assert (
        d.message == "ending 18 (defeat) cannot be reached from start card 11: no card links to it"
    )
    assert d.location.line == line_of(body, '"18":')


def test_integer_card_keys_are_located_at_their_key():
    body = """\
        start: 11
        cards:
          11: {goto: 12}
          12: {goto: 13}
          13: {text: stuck}
    """
    diags = analyse(body)
    where = {d.item: d.location for d in diags}
    assert where["13"] == Location("story.yaml", line_of(body, "13: {text"), 3)
    assert where["11"] == Location("story.yaml", line_of(body, "11: {goto"), 3)


def test_integer_keys_locate_broken_links_too():
    body = """\
        start: 11
        cards:
          11: {goto: 14}
          12: {ending: victory}
    """
    diags = analyse(body)
    broken = next(d for d in diags if d.code == "GS402")
    assert broken.location == Location("story.yaml", line_of(body, "11: {goto"), 14)


@pytest.mark.parametrize("where", ["card", "story"])
def test_suppression_per_card_and_per_story(where):
    card = "suppress: [GS401], " if where == "card" else ""
    story = "suppress: [GS401]\n" if where == "story" else ""
    body = (
        f'{story}start: "11"\ncards:\n  "11": {{ending: victory}}\n  "12": {{{card}goto: "11"}}\n'
    )
    assert analyse(body) == []


def test_any_card_of_a_loop_may_suppress_gs405():
    diags = analyse("""\
        start: "11"
        cards:
          "11": {goto: "12"}
          "12": {goto: "11", suppress: [GS405]}
    """)
    assert diags == []


def test_a_large_generated_story():
    cards = {}
    size = 5000
    for i in range(1, size - 1):
        cards[str(i)] = {"choices": [
            {"text": "on", "goto": str(i + 1)},
            {"text": "skip", "goto": str(min(i + 7, size - 1))},
        ]}  # fmt: skip
    cards[str(size - 1)] = {"ending": "victory"}
    cards["loop-a"] = {"goto": "loop-b"}
    cards["loop-b"] = {"goto": "loop-a"}
    cards["1"]["choices"].append({"text": "trap", "goto": "loop-a"})
    story = Story.model_validate(
        {"kind": "story", "id": "big", "title": "Big", "start": "1", "cards": cards}
    )

    class Anywhere:
        def location(self, path, key=False):
            return Location("big.yaml", 1, 1)

    diags = analyse_story(story, Anywhere())
    assert [(d.code, d.item) for d in diags] == [("GS405", "loop-a")]
