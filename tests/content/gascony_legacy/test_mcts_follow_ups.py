"""Tree search with the rules' `lookahead: round` plays the searching seat's own follow-up
choices of an option (which square a Move ends on) as well as one step tells before the round
is played out: a Move played on at random was worth a random square's walk, and a party
stood still for rounds before an exit it could walk to (the Streets of Paris at 4 players)."""

from __future__ import annotations

import runtime.agents.mcts as mcts
from runtime.agents import make_agent
from runtime.agents.lookahead import follow_up
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.state import Template
from runtime.views import view
from tests.content.gascony_legacy.test_board_geometry import one_seat_alone  # noqa: F401
from tests.content.gascony_legacy.test_terrain_tiles import battle, clear, foe, stand
from tests.runtime.conftest import labels, pick


def streets() -> Machine:
    """Athos alone at A3 in the Streets of Paris (the exit at K2:L3), one Guard far off at
    L6; his turn."""
    m = battle("the-paris-streets")
    clear(m)
    foe(m, "cardinals-guard", (11, 5))
    stand(m, 0, (0, 2))
    assert "Move" in labels(m)
    return m


def test_a_move_played_on_ends_on_the_square_nearest_the_exit():
    m = streets()
    pick(m, "Move")
    template = Template(m.state)
    reachable = []
    for i in range(len(m.decision["options"])):
        trial = Machine(m.program, template.fork())
        trial.answer(i)
        reachable.append(trial.value("exit_distance", 0))
    follow_up(m, 0, make_agent("mcts:20", m.program).weights, Rng(1))
    assert m.decision["kind"] == "turn"  # the Move is done, facing too
    assert m.value("exit_distance", 0) == min(reachable) < max(reachable)


def test_the_round_is_played_out_only_once_the_seats_own_option_is_done(monkeypatch):
    m = streets()
    started = []

    def finish_round(leaf, rng, start, *fought, **table):
        if not leaf.over and leaf.state["round"] == start:  # (not a next round's opening)
            started.append((leaf.decision["seat"], leaf.decision["kind"]))
        real(leaf, rng, start, *fought, **table)

    real = mcts.finish_round
    monkeypatch.setattr(mcts, "finish_round", finish_round)
    make_agent("mcts:20", m.program).choose(view(m, 0), m.decision, Rng(1))
    assert started  # (an iteration through "End your turn" may reach the next round itself)
    # never inside Athos' own Move (a square or a facing still to pick)
    assert all(kind == "turn" or seat != 0 for seat, kind in started), started
