"""Bots look past their own turn (the rules' `lookahead: round`): a heuristic Character keeps out
of the squares the Guards will strike in the Enemy Turn that follows."""

from __future__ import annotations

from runtime.agents import make_agent
from runtime.agents.heuristic import HeuristicAgent
from runtime.agents.lookahead import finish_round
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.session import play_game
from runtime.state import frozen, thawed
from runtime.views import view
from tests.content.conftest import compiled_pack, squares_to_pick


def program() -> Program:
    return Program(compiled_pack("gascony-legacy").game, "the-convent-yard")


def blows(prog: Program, state: bytes, option: int, seat: int, rounds: int = 4) -> float:
    """Foes' attacks on the seat's Character, on average, when it takes `option` and the round
    is played out (every later turn passing)."""
    total = 0
    for k in range(rounds):
        log: list[dict] = []
        m = Machine(prog, thawed(state), log=log)
        m.answer(option)
        finish_round(m, Rng(k))
        mine = next(i for i, p in enumerate(m.state["pieces"]) if p[1] == seat)
        total += sum(1 for e in log if e["e"] == "attack" and e.get("piece") == mine
                     and e.get("attacker") is None)
    return total / rounds


def risky_moves(prog: Program):
    """Squares to pick (once the Guards strike, from round 2) where a third of the squares or
    more lie in reach of two foes or more and some in reach of none, one per seed, with each
    square's blows."""

    def risky(m: Machine) -> list[int] | None:
        if m.state["round"] < 2:
            return None
        state = frozen(m.state)
        hits = [blows(prog, state, i, m.decision["seat"])
                for i in range(len(m.decision["options"]))]
        return hits if sum(h >= 2 for h in hits) >= len(hits) / 3 and min(hits) == 0 else None

    return squares_to_pick(prog, 2, range(1, 80), range(4, 40), risky)


def plain_exit(weights: dict[str, float]) -> dict[str, float]:
    """The pack's weights with its party exit names weighed as the plain ones."""
    plain = {"party_at_exit": "at_exit", "party_exit_distance": "exit_distance"}
    return {plain.get(name, name): w for name, w in weights.items()}


def test_the_lookahead_is_the_packs_choice():
    assert program().rules.lookahead == "round"


def test_the_heuristic_keeps_out_of_several_foes_reach():
    """Over six such squares to pick (rounds 2-3, the Cardinal's Captain walking too), the
    heuristic's squares take under half the blows of a square picked at random, and it picks
    a square out of every foe's reach in most of them. It also weighs the walk to the exit, so
    not every pick is the safest: the first position's picks take 1.75-2 blows (a random
    square 1.56), most others' none; over the six about a quarter of a random square's.

    The exit is weighed plainly here (`at_exit`, `exit_distance`): the pack's `party_*` names
    leave the exit out while an ally lies Fallen (in half of these positions, or foreseen in
    the play-out), so its bots then trade some of this safety for the fallen ally's side
    (test_fetch_the_fallen.py)."""
    prog = program()
    agent = HeuristicAgent(prog)
    agent.weights = plain_exit(agent.weights)
    picked, anywhere, safe = [], [], 0
    for _, (m, hits) in zip(range(6), risky_moves(prog), strict=False):
        seat = m.decision["seat"]
        mine = [hits[agent.choose(view(m, seat), m.decision, Rng(k))] for k in range(2)]
        picked += mine
        anywhere.append(sum(hits) / len(hits))
        safe += min(mine) == 0
    assert len(anywhere) == 6
    assert sum(picked) / len(picked) < 0.5 * sum(anywhere) / len(anywhere), (picked, anywhere)
    assert safe >= 4, (picked, anywhere)


def test_exit_distance_is_the_walk_to_the_lane():
    m = Machine.start(program(), 2, 1)
    assert m.value("exit_distance", 0) == 0  # no figure on the board yet
    for choice in ("Athos", "Porthos", "G3", "H4"):
        m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == choice))
    # G3 walks five squares west to B3; H4 one more to B4 (a diagonal step costs 2)
    assert [m.value("exit_distance", s) for s in range(2)] == [5, 6]
