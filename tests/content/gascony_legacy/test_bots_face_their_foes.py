"""Bots face the foes beside them: a Guard's blow from a square outside every pattern of the
Character it strikes lands in full (no Movement roll), so after a Move the heuristic turns its
weapons towards them (the pack weighs `foes_unguarded`, and in the round it plays out a
figure's facing is chosen by the weights, not at random)."""

from __future__ import annotations

from runtime.agents import make_agent
from runtime.agents.heuristic import HeuristicAgent
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.session import play_game
from runtime.state import Template
from runtime.views import view
from tests.content.conftest import compiled_pack


def program() -> Program:
    return Program(compiled_pack("gascony-legacy").game, "the-convent-yard")


def answer(m: Machine, label: str) -> None:
    m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["label"] == label))


def the_reads_facing() -> Machine:
    """A campaign read (2 players, heuristic parties) lost the Convent Yard here: Athos walks
    from G4 to F6, beside the Guard at F5, the Cardinal's Captain at F3, and turns to face
    right; in the Enemy Turn the Captain steps to E5 and both blows land in full. (He had 4
    Wounds of 5 there and Fell whichever way he faced; here he is unhurt.)"""
    m = Machine.start(program(), 2, 1)
    for label in ("Milady", "Athos", "G3", "G4", "Seat 2 plays next"):
        answer(m, label)
    rows = m.state["pieces"]  # Milady, Athos, three Guards, the Captain
    for row, cell in zip(rows, ([9, 1], [6, 3], [None, None], [None, None], [5, 4], [5, 2]),
                         strict=True):
        row[2:4] = cell
    m.state["decision"] = None  # asked again, for the pieces moved by hand
    m.run()
    answer(m, "Move")
    answer(m, "F6")
    return m


def exposures(m: Machine) -> list[int]:
    """`foes_unguarded` of the seat choosing, once it faces each way offered."""
    seat, template = m.decision["seat"], Template(m.state)
    found = []
    for i in range(len(m.decision["options"])):
        trial = Machine(m.program, template.fork())
        trial.answer(i)
        found.append(trial.value("foes_unguarded", seat))
    return found


def facings_to_pick(prog: Program, count: int):
    """The first facing to pick (after a Move) in random games, one per seed, where the ways
    offered leave different numbers of foes unguarded, with each way's number."""
    found = 0
    for seed in range(1, 80):
        for until in range(4, 80, 3):
            m, _ = play_game(prog, 2, seed, [make_agent("random", prog)] * 2, until=until)
            if m.over:
                break
            if m.decision["kind"] != "facing":
                continue
            ways = exposures(m)
            if max(ways) > min(ways):
                yield m, ways
                found += 1
                break
        if found == count:
            return


def test_the_heuristic_turns_its_weapons_towards_the_foes_beside_it():
    """Over eight such facings (two picks each), the heuristic leaves under half as many foes
    unguarded, beyond the fewest it could, as a facing picked at random would; before the
    pack weighed `foes_unguarded` (the weights without it here) its picks were no better
    than random. (Where every facing plays out alike, a battle lost in the round whichever way
    the figure faces, or foes that have moved on by the round's end, the facing that leaves the
    fewest foes unguarded right away is picked.)"""
    prog = program()
    bot = HeuristicAgent(prog)
    before = HeuristicAgent(prog)
    before.weights = {n: w for n, w in bot.weights.items() if n != "foes_unguarded"}
    assert before.weights != bot.weights  # the pack weighs it
    now, then, anywhere = 0, 0, 0.0
    for m, ways in facings_to_pick(prog, 8):
        seat, least = m.decision["seat"], min(ways)
        for k in range(2):
            now += ways[bot.choose(view(m, seat), m.decision, Rng(k))] - least
            then += ways[before.choose(view(m, seat), m.decision, Rng(k))] - least
        anywhere += 2 * (sum(ways) / len(ways) - least)
    assert anywhere > 0
    assert now < 0.5 * anywhere, (now, then, anywhere)
    assert now < then, (now, then, anywhere)


def test_in_the_reads_position_athos_faces_the_guard():
    """Facing up, his Rapier covers F5 and E5 (no blow there lands without a roll); right or
    left, neither. The heuristic faces up every time; with the weights it had before (no
    `foes_unguarded`), it faced left in four of six picks."""
    m = the_reads_facing()
    assert m.decision["kind"] == "facing"
    assert exposures(m) == [0, 1, 1]  # up, right, left: the Guard beside him
    bot = HeuristicAgent(m.program)
    picks = {m.decision["options"][bot.choose(view(m, 1), m.decision, Rng(k))]["label"]
             for k in range(6)}
    assert picks == {"Face up"}
