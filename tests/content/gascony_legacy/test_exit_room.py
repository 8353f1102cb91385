"""Exits: Reach Exit holds at every party size (the rulebook ends the battle when the Exit Area
holds every Character, and one figure stands on a square, so the area needs a square for each);
bots walk to an exit only where it is the party's way out."""

from __future__ import annotations

import pytest

from runtime.agents.evaluation import scores, weights
from runtime.board import board, free
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from tests.content.conftest import compiled_pack

EVERY_CHARACTER = "at_exit >= players"


def _escapes() -> list[tuple[str, str]]:
    """(scenario, the outcome text of its every-Character exit objective)."""
    game = compiled_pack("gascony-legacy").game
    return [(scenario.id, scenario.outcomes[objective.id].text)
            for scenario in sorted(game.scenarios.values(), key=lambda s: s.id)
            for objective in scenario.objectives if objective.if_ == EVERY_CHARACTER]


def test_the_battles_with_an_every_character_exit_are_found():
    assert len(_escapes()) >= 7


def _deployed(scenario: str, players: int) -> Machine:
    """A battle on its own once every seat's figure is down (Characters and squares at random)."""
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, scenario), players, 1)
    rng = Rng(1)
    while sum(p[1] is not None and p[2] is not None for p in m.state.get("pieces", ())) < players:
        m.answer(rng.below(len(m.decision["options"])))
    return m


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize(("scenario", "escaped"), _escapes())
def test_a_whole_party_in_the_exit_area_wins(scenario, escaped, players):
    m = _deployed(scenario, players)
    exits = sorted(board(m)[0].areas["exit"])
    assert len(exits) >= players, f"{scenario}: {len(exits)} exit squares for {players}"
    figures = [p for p in m.state["pieces"] if p[1] is not None]
    for piece, (column, row) in zip(figures, exits, strict=False):
        piece[2], piece[3] = column, row
    assert m.check_end() and m.state["result"]["winners"]
    assert m.state["result"]["reason"] == escaped


def test_the_casket_carried_to_the_queen_wins_the_ballroom():
    m = _deployed("the-ballroom", 2)
    carrier = next(s for s, items in enumerate(m.state["items"]) if "queens-jewels" in items)
    assert not m.check_end()
    piece = next(p for p in m.state["pieces"] if p[1] == carrier)
    piece[2], piece[3] = min(board(m)[0].areas["exit"])
    m.state["active"] = carrier
    assert m.check_end() and m.state["result"]["winners"]
    assert m.state["result"]["reason"] == "The casket passes from hand to hand and into the Queen's."


@pytest.mark.parametrize(("scenario", "walk_counts"),
                         [("the-convent-yard", True), ("the-jolly-miller", False)])
def test_bots_weigh_the_walk_to_an_exit_only_where_it_is_the_partys(scenario, walk_counts):
    m = _deployed(scenario, 2)
    table = weights(m.program)
    piece = next(p for p in m.state["pieces"] if p[1] == 0)
    exits = board(m)[0].areas["exit"]
    before = scores(m, table)[0]
    # the free square nearest the exit, but not in it: only the walk left changes
    piece[2], piece[3] = min(free(m, list(board(m)[0].cells - exits)),
                             key=lambda c: min(abs(c[0] - e[0]) + abs(c[1] - e[1]) for e in exits))
    assert (scores(m, table)[0] > before) is walk_counts
