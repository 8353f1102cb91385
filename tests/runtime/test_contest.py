"""Contests: totals from hidden cards valued by zone, the defender's answer, ties, spending,
what a win takes and the target rules (first round, partners, cards as targets)."""

from __future__ import annotations

from runtime.deal import arrange
from tests.runtime.conftest import cards, labels, pick, start


def _ready(m, attacker_hand, attacker_table, defender_hand, defender_table=()):
    arrange(m, {
        "hero:0": ["knight"], "hero:1": ["rogue"], "imp-box": ["imp"],
        "hand:0": list(attacker_hand), "table:0": list(attacker_table),
        "hand:1": list(defender_hand), "table:1": list(defender_table),
    })
    pick(m, "End your turn")
    pick(m, "End your turn")  # round 2: both seats have played


def test_commit_options_count_hand_one_and_table_two(skirmish):
    m = start(skirmish)
    _ready(m, ["gem", "gem"], ["gem"], [])
    arrange(m, {"hero:1": ["knight"]})
    pick(m, "Attack a hero")
    totals = [o["total"] for o in m.decision["options"]]
    assert m.decision["kind"] == "commit" and totals == [1, 2, 2, 3, 4]
    assert "1 Gem from table" in labels(m)[1] + labels(m)[2]


def test_commit_options_kept_per_shape_carry_each_games_own_cards(skirmish):
    # the combinations are labelled once per program and shape (kinds, values, counts): a
    # second game with the same shape is offered its own cards, under the same labels
    offered = []
    for hand, table in ((["gem", "gem"], ["gem"]), (["gem", "gem"], ["gem"]), (["gem"], ["gem"])):
        m = start(skirmish)
        _ready(m, hand, table, [])
        arrange(m, {"hero:1": ["knight"]})
        pick(m, "Attack a hero")
        st = m.state
        own = {"hand:0": set(st["zones"]["hand:0"]), "table:0": set(st["zones"]["table:0"])}
        for option in m.decision["options"]:
            taken = [st["loc"][c] for c in option["cards"]]
            # a label's counts are the cards the option commits, from the zones it names
            hand_n, table_n = taken.count("hand:0"), taken.count("table:0")
            assert set(option["cards"]) <= own["hand:0"] | own["table:0"]
            assert option["key"] == f"commit:{hand_n},{table_n}"
            assert option["total"] == hand_n + 2 * table_n
            assert option["label"].endswith(f"(total {option['total']})")
        offered.append([(o["label"], o["key"], o["total"]) for o in m.decision["options"]])
    assert offered[0] == offered[1] and offered[2] != offered[0]
    assert [t for _l, _k, t in offered[2]] == [1, 2, 3]


def test_a_higher_attack_wins_steals_and_flips(skirmish):
    m = start(skirmish)
    _ready(m, ["gem", "gem"], ["gem"], ["gem", "spark"])
    arrange(m, {"hero:1": ["knight"]})
    pick(m, "Attack a hero")
    pick(m, "(total 3)")
    pick(m, "(total 1)")  # the defender answers with its one gem
    assert m.value("down", 1) is True and cards(m, "hero:1") == ["knight-down"]
    assert cards(m, "discard").count("gem") == 3  # everything committed is spent
    assert len(m.state["zones"]["hand:1"]) == 0 and len(m.state["zones"]["hand:0"]) == 2


def test_a_tie_goes_to_the_defender(skirmish):
    m = start(skirmish)
    _ready(m, ["gem", "gem"], [], ["gem", "gem"])
    arrange(m, {"hero:1": ["knight"]})
    pick(m, "Attack a hero")
    pick(m, "(total 2)")
    pick(m, "(total 2)")
    assert m.value("down", 1) is False and cards(m, "discard") == ["gem"] * 4


def test_a_card_target_needs_the_minimum(skirmish):
    m = start(skirmish)
    _ready(m, ["gem"], [], [], ["guard:up"])
    assert "Attack a guard" not in labels(m)  # one gem cannot reach the minimum of 2
    arrange(m, {"hand:0": ["gem", "gem"], "hand:1": []})
    pick(m, "Attack a guard")  # committing both gems is the only way, so it is not asked
    assert cards(m, "discard").count("guard") == 1 and cards(m, "table:1") == []


def test_first_round_targets_only_seats_that_have_played(skirmish):
    m = start(skirmish, players=3)
    arrange(m, {"hand:0": ["gem"], "hand:1": ["gem"], "imp-box": ["imp"]})
    assert "Attack a hero" not in labels(m)  # nobody has played yet
    pick(m, "End your turn")
    pick(m, "Attack a hero")  # seat 2 may attack seat 1; seat 3 has not played
    assert m.decision["kind"] == "commit"


def test_counter_attack_in_the_after_attacked_window(skirmish):
    m = start(skirmish)
    _ready(m, ["gem", "gem", "gem"], [], ["gem", "gem", "gem"])
    pick(m, "Attack a hero")
    pick(m, "(total 1)")
    pick(m, "(total 2)")  # held; the rogue, with a gem left, may strike back
    assert m.decision["seat"] == 1 and labels(m) == ["Strike back", "Let it go"]
    pick(m, "Strike back")  # its one gem is the whole counter-attack: now seat 1 defends
    assert m.decision["kind"] == "commit" and m.decision["seat"] == 0
    assert m.decision["prompt"] == "What do you defend with?"
