"""The paths contests and turn options take, written at load, give what a plain reading of the
rules gives: a contest's stakes (`runtime.ops.combat._written_stakes`: one kind of card made
in C, several kinds grouped, a filter that reads more than the card through `in_zone`); in
the turn options, a stake's `if:` left unread where the action's own `if:` is the same, an
`if:` whose first terms were read before, a contest's targets written in place; and the
seats after the acting one (`runtime.selectors`); on every state of random games, with a
difference planted in each seen."""

from __future__ import annotations

import ast
import random
import shutil
from pathlib import Path

import pytest

import runtime.ops.viability
import runtime.options
import runtime.selectors
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.ops import combat
from runtime.picking import in_zone
from runtime.rng import derive
from runtime.zones import groups
from tests.runtime.test_written_options import _general

CONTENT = Path(__file__).resolve().parents[2] / "content"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _plain_stakes(m: Machine, ctx: dict, stakes: list, seat: int) -> list[tuple]:
    """(label, value a card, cards) of each kind of card the seat may commit, as the rules
    read: each stake's `if:` through `holds`, its cards through `in_zone`, by kind in the
    order first met."""
    found = []
    for stake in stakes:
        if not m.holds(stake.if_, seat, ctx):
            continue
        cards = in_zone(m, m.key(stake.zone, seat), seat, stake.matching, ctx, face=stake.face)
        for card_id, group in groups(m, cards):
            value = stake.value if type(stake.value) is int else int(
                m.value(stake.value, seat, ctx, group[0]))
            where = m.program.zone(stake.zone).name
            found.append((f"{m.program.name_of(card_id)} from {where}", value, group))
    return found


def _stake_lists(program) -> list[list]:
    """Every contest's attack and defence stakes."""
    found = []
    for effects in program.lists:
        for _impl, params, name in effects:
            if name == "contest":
                found += [params.attack] + ([params.defence] if params.defence else [])
    return found


def _disagreements(program, players: int, games: int = 3, decisions: int = 300) -> tuple:
    """(states compared, those where the written stakes or the seats after the acting one
    differ from the plain reading), over random games, for every seat and list of stakes."""
    lists = _stake_lists(program)
    compared = differ = 0
    for game in range(games):
        m = Machine.start(program, players, derive(3, "contest-paths", players, game))
        pick = random.Random(game)
        for _ in range(decisions):
            if m.over:
                break
            for seat in range(players):
                ctx = {"self": seat}
                for stakes in lists:
                    compared += 1
                    differ += combat._stakes(m, ctx, stakes, seat) != _plain_stakes(
                        m, ctx, stakes, seat)
                differ += runtime.selectors._others(m, ctx, seat) != [s for s in m.seats_from(seat) if s != seat]
            m.answer(pick.randrange(len(m.decision["options"])))
    return compared, differ


def _mixed(tmp_path: Path) -> Path:
    """The skirmish fixture with its hero attack staking every card in hand (several kinds,
    grouped) and face-down gems on the table through a filter that reads a variable."""
    root = tmp_path / "skirmish"
    shutil.copytree(FIXTURES / "skirmish", root)
    rules = root / "rules.yaml"
    text = rules.read_text()
    old = ("            - {zone: hand, value: 1, matching: \"kind == 'gem'\", if: not down}\n"
           "            - {zone: table, value: 2, matching: \"kind == 'gem'\", face: down, "
           "if: not down}\n")
    assert text.count(old) == 2
    new = ("            - {zone: hand, value: 1, if: not down}\n"
           "            - {zone: table, value: 2, matching: \"kind == 'gem' and not down\", "
           "face: down}\n")
    rules.write_text(text.replace(old, new, 1))
    return root


def test_written_stakes_are_the_plain_reading_of_the_rules(tmp_path):
    fmf = load_program(CONTENT / "fuzzy-mage-fight")
    mixed = load_program(_mixed(tmp_path))
    for program, players in ((fmf, 2), (fmf, 4), (mixed, 2)):
        compared, differ = _disagreements(program, players)
        assert differ == 0 and compared > 1000, (players, compared, differ)
    sources = [fn.source for program in (fmf, mixed)
               for _stakes, fn in program.cache["combat:stakes"].values()]
    # each way of reading cards was written: one kind in one list, kinds grouped, `in_zone`
    assert any("group = _list(cards)" in s for s in sources)
    assert any("_groups(m, cards)" in s and "_in_zone(" in s for s in sources)


@pytest.mark.parametrize("fault", ["one kind", "grouped"])
def test_a_difference_planted_in_the_written_stakes_is_seen(tmp_path, monkeypatch, fault):
    program = load_program(_mixed(tmp_path) if fault == "grouped" else CONTENT / "fuzzy-mage-fight")
    write = combat.written

    def planted(name, params, body, names):  # every group in reverse order
        return write(name, params, [text.replace("group = _list(cards)", "group = _list(cards)[::-1]")
                                    .replace("_groups(m, cards)",
                                             "[(k, g[::-1]) for k, g in _groups(m, cards)]")
                                    for text in body], names)

    monkeypatch.setattr(combat, "written", planted)
    _compared, differ = _disagreements(program, 2)
    assert differ > 0
    line = "_list(cards)[::-1]" if fault == "one kind" else "g[::-1]"
    assert any(line in fn.source for _stakes, fn in program.cache["combat:stakes"].values())


# a stake whose `if:` is the action's own (not read again in the turn options) and one whose
# `if:` differs (read); an action whose `if:` begins with the one before (which it reads
# instead of those terms) and one whose `if:` does not
HOLDING = """\
  - id: lunge
    name: Lunge
    if: not down
    do:
      - contest:
          target: chosen-opponent
          target-if: not first_round or played >= 1
          attack:
            - {zone: hand, value: 1, matching: "kind == 'gem'", if: not down}
            - {zone: table, value: 2, matching: "kind == 'gem'", face: down, if: played >= 2}
  - {id: stamp, name: Stamp, if: not down and pot < 2, do: [gain: {variable: pot}]}
  - {id: feint, name: Feint, if: played >= 1 and not down, do: [gain: {variable: pot}]}
"""


def _holding(tmp_path: Path) -> Path:
    root = _mixed(tmp_path)
    rules = root / "rules.yaml"
    text = rules.read_text()
    rules.write_text(text.replace("actions:\n", "actions:\n" + HOLDING, 1))
    return root


def _options_differ(program, games: int = 4) -> int:
    """Turn decisions of random two-seat games where the written turn options differ from
    the general path's."""
    differ = 0
    for game in range(games):
        m = Machine.start(program, 2, derive(4, "holding", game))
        pick = random.Random(game)
        for _ in range(200):
            if m.over:
                break
            if m.decision["kind"] == "turn":
                differ += m.decision["options"] != _general(m, m.decision["seat"])
            m.answer(pick.randrange(len(m.decision["options"])))
    return differ


def test_a_stake_if_that_is_the_actions_own_is_not_read_again(tmp_path):
    program = load_program(_holding(tmp_path))
    source = program.cache["options:main"].source
    lunge = source[source.index("# lunge:"):]
    assert "# hand, 1 a card" in lunge and "played >= 2" in lunge
    hand = lunge[lunge.index("# hand, 1 a card"):lunge.index("# table, 2 a card")]
    assert "down" not in hand.split("\n", 1)[1]  # the hand stake's `if:` is the action's
    assert _options_differ(program) == 0


def test_an_if_that_begins_with_one_read_before_reads_its_variable(tmp_path):
    program = load_program(_holding(tmp_path))
    source = program.cache["options:main"].source
    stamp = source[source.index("# stamp:"):source.index("# feint:")]
    feint = source[source.index("# feint:"):source.index("# draw:")]
    lunge = source[source.index("# lunge:"):source.index("# stamp:")]
    held = lunge[lunge.index("ok_"):].split(" ", 1)[0]  # the lunge's `if:`, read first
    assert f"= ({held} and " in stamp and "down" not in stamp.split("\n", 1)[1]
    assert f"({held} and" not in feint  # its first term is another
    assert _options_differ(program) == 0


def test_first_terms_wrongly_taken_as_read_before_are_seen(tmp_path, monkeypatch):
    def planted(text, first):  # whatever the first terms are, taken as the held ones
        if first is None:
            return None
        whole = ast.parse(text, mode="eval").body
        if not isinstance(whole, ast.BoolOp) or len(whole.values) < 2:
            return None
        return ast.unparse(ast.BoolOp(op=ast.And(), values=whole.values[1:]))

    monkeypatch.setattr(runtime.options, "_after_terms", planted)
    assert _options_differ(load_program(_holding(tmp_path))) > 0


def test_a_contests_targets_are_written_in_the_turn_options(tmp_path):
    program = load_program(_holding(tmp_path))
    source = program.cache["options:main"].source
    lunge = source[source.index("# lunge:"):source.index("# stamp:")]
    # the seats it may attack looked at in place, each by its own variables
    assert "for other in st['order']:" in lunge and "other_sv = st['sv'][other]" in lunge
    assert _options_differ(program) == 0


def test_a_target_read_for_the_wrong_seat_is_seen(tmp_path, monkeypatch):
    renamed = runtime.ops.viability._Renamed

    def planted(names):  # the target's seat renamed, its variables read from the acting seat's
        return renamed({k: v for k, v in names.items() if k != "sv"})

    monkeypatch.setattr(runtime.ops.viability, "_Renamed", planted)
    assert _options_differ(load_program(_holding(tmp_path))) > 0


def test_a_stake_if_wrongly_left_unread_is_seen(tmp_path, monkeypatch):
    lines = runtime.ops.viability._stake_lines

    def planted(program, stake, table, var, depth, names, holding=None):  # every `if:` held
        return lines(program, stake, table, var, depth, names, stake.if_)

    monkeypatch.setattr(runtime.ops.viability, "_stake_lines", planted)
    assert _options_differ(load_program(_holding(tmp_path))) > 0


def test_a_difference_planted_in_the_seats_after_the_acting_one_is_seen(monkeypatch):
    def planted(m, ctx, me):  # the seats in order, the acting one left in
        return m.seats_from(me)

    monkeypatch.setattr(runtime.selectors, "_others", planted)
    _compared, differ = _disagreements(load_program(CONTENT / "fuzzy-mage-fight"), 2, games=1,
                                       decisions=5)
    assert differ > 0
