"""Bots see the Engulfing Wave coming: Umbrello's Final Fight asks for `lookahead: round` on
its own (the wave surges in Umbrello's turn, after the townsfolk have moved), alone or inside
the whole game, and a heuristic sheriff then picks a square the next surge does not reach."""

from __future__ import annotations

from itertools import islice

from runtime.agents import make_agent
from runtime.agents.lookahead import finish_round, to_round_end
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.session import play_game
from runtime.state import frozen, thawed
from runtime.views import view
from tests.content.conftest import compiled_pack, squares_to_pick

FINAL = "umbrello-final-fight"


def test_only_the_final_fight_against_umbrello_looks_to_the_end_of_the_round():
    game = compiled_pack("townsfolk-tussle").game
    assert to_round_end(Program(game, FINAL))
    assert not to_round_end(Program(game, "umbrello-chump"))
    whole = Program(game)
    assert not to_round_end(whole, {"story": None})
    assert to_round_end(whole, {"story": {"card": "x", "battle": FINAL}})
    assert not to_round_end(whole, {"story": {"card": "x", "battle": "pepin-milkfrog-final-fight"}})


def swallowed(prog: Program, state: bytes, option: int, seat: int) -> bool:
    """Whether the seat's townsfolk is knocked out by the round's end when it takes `option`
    (every later turn passing: the wave surges as Umbrello's turn starts)."""
    m = Machine(prog, thawed(state), log=[])
    start = m.state["round"]
    m.answer(option)
    finish_round(m, Rng(0), start)
    return any(e["e"] == "ability" and e["name"] == "Swallow" and e["seat"] == seat
               for e in m.log)


def sheriff_squares(prog: Program, wanted: int = 3):
    """Squares for the sheriff to move to, from random 2-player fights, where the next surge
    swallows it on some and not on others."""

    def split(m: Machine) -> list[bool] | None:
        seat = m.decision["seat"]
        if not m.value("is_sheriff", seat):
            return None
        state = frozen(m.state)
        caught = [swallowed(prog, state, i, seat) for i in range(len(m.decision["options"]))]
        return caught if any(caught) and not all(caught) else None

    return islice(squares_to_pick(prog, 2, range(1, 60), range(5, 60), split), wanted)


def test_a_heuristic_sheriff_keeps_out_of_the_next_surge():
    prog = Program(compiled_pack("townsfolk-tussle").game, FINAL)
    bot = make_agent("heuristic", prog)
    positions = list(sheriff_squares(prog))
    assert len(positions) == 3
    for k, (m, caught) in enumerate(positions):
        seat = m.decision["seat"]
        pick = bot.choose(view(m, seat), m.decision, Rng(k))
        assert not caught[pick], (m.decision["options"][pick]["label"], caught)


def test_the_round_is_played_out_through_the_next_rounds_opening_choices():
    # the wave and Umbrello head for the nearest townsfolk, a tie chosen by the townsfolk:
    # a look-ahead that stopped at that choice scored the square before the surge
    prog = Program(compiled_pack("townsfolk-tussle").game, FINAL)
    choices_in_opening = 0
    for seed in range(1, 41):
        m = Machine.start(prog, 2, seed)
        rng = Rng(seed)
        while not m.over and m.state["round"] < 6:
            if m.decision["kind"] == "turn":
                ahead = Machine(prog, thawed(frozen(m.state)))
                start = ahead.state["round"]
                asked: list[tuple[int, str]] = []  # (round, kind) of each decision answered
                answer = ahead.answer
                ahead.answer = lambda i, a=ahead, answer=answer: (
                    asked.append((a.state["round"], a.decision["kind"])), answer(i))
                finish_round(ahead, rng)
                assert ahead.over or (ahead.state["round"] > start
                                      and ahead.decision["kind"] == "turn")
                choices_in_opening += any(r > start and k != "turn" for r, k in asked)
            m.answer(rng.below(len(m.decision["options"])))
    assert choices_in_opening


def test_a_turn_that_ends_the_round_is_scored_after_one_foe_turn_not_two(monkeypatch):
    # the last townsfolk's "End your turn" ends the round at once: a look-ahead that took the
    # round from after the answer played the next round out too, the wave surging twice, and
    # every square scored as lost
    import runtime.agents.heuristic as heuristic

    prog = Program(compiled_pack("townsfolk-tussle").game, FINAL)
    bot = make_agent("heuristic", prog)
    rounds: list[int] = []  # the round each option was scored in
    real = heuristic.finish_round

    def spy(m, *args, **table):
        real(m, *args, **table)
        if not m.over:
            rounds.append(m.state["round"])

    monkeypatch.setattr(heuristic, "finish_round", spy)
    checked = 0
    for seed in range(1, 30):
        m = Machine.start(prog, 2, seed)
        rng = Rng(seed)
        while not m.over and m.state["round"] < 4:
            decision = m.decision
            # every turn's options, the last townsfolk's "End your turn" among them
            if decision["kind"] == "turn" and len(decision["options"]) <= 3:
                rounds.clear()
                bot.choose(view(m, decision["seat"]), decision, Rng(seed))
                made = m.state["round"]
                assert all(after == made + 1 for after in rounds), (made, rounds)
                checked += bool(rounds)
            m.answer(rng.below(len(decision["options"])))
        if checked >= 6:
            break
    assert checked >= 6


def test_hazard_distance_counts_cells_to_the_wave():
    # the Engulfing Wave (keyword `hazard`, 2x2) is the only hazard on Pond Square
    prog = Program(compiled_pack("townsfolk-tussle").game, FINAL)
    m = Machine.start(prog, 2, 1)
    while m.decision["kind"] != "turn":
        m.answer(0)
    (_, column, row), = m.state["terrain"]
    figure = next(p for p in m.state["pieces"] if p[1] == 0)
    figure[2:4] = [column - 3, row]  # three squares left of the wave's top-left square
    assert m.value("hazard_distance", 0) == 3
    figure[2:4] = [column + 1, row + 1]  # on its bottom-right square
    assert m.value("hazard_distance", 0) == 0
    figure[2:4] = [column + 2, row + 3]  # one right of it and two below
    assert m.value("hazard_distance", 0) == 3
    m.state["terrain"].clear()  # no hazard on the board
    assert m.value("hazard_distance", 0) == 0


def test_mcts_scores_a_leaf_that_ends_the_round_after_the_next_rounds_opening(monkeypatch):
    # the last townsfolk's "End your turn" ends the round, and the next one opens with a choice
    # (the wave's tie between two townsfolk at the same distance): a tree search that scored
    # that leaf where it stood scored it before the surge, so standing in the wave's way
    # looked as good as any square (a sheriff swallowed the round after; bench notes)
    import runtime.agents.mcts as mcts

    prog = Program(compiled_pack("townsfolk-tussle").game, FINAL)
    bot = make_agent("mcts:20", prog)
    leaves: list[tuple[int, bool, str]] = []  # (round, over, kind of the next decision)
    real = mcts.rewards

    def spy(leaf, *args, **kwargs):
        leaves.append((leaf.state["round"], leaf.over,
                       None if leaf.over else leaf.decision["kind"]))
        return real(leaf, *args, **kwargs)

    monkeypatch.setattr(mcts, "rewards", spy)
    checked = 0
    for seed in range(1, 60):
        m = Machine.start(prog, 2, seed)
        rng = Rng(seed)
        while not m.over and m.state["round"] < 6 and checked < 2:
            decision = m.decision
            if decision["kind"] == "turn" and opens_with_a_choice(prog, m):
                leaves.clear()
                start = m.state["round"]
                bot.choose(view(m, decision["seat"]), decision, Rng(seed))
                assert all(over or (r > start and kind == "turn") for r, over, kind in leaves), (
                    start, leaves)
                checked += 1
            m.answer(rng.below(len(decision["options"])))
        if checked >= 2:
            break
    assert checked >= 2


def opens_with_a_choice(prog: Program, m: Machine) -> bool:
    """Whether the seat's "End your turn" ends the round and the next round opens with a
    choice before the first turn."""
    ahead = Machine(prog, thawed(frozen(m.state)))
    start = ahead.state["round"]
    end = next((i for i, o in enumerate(ahead.decision["options"]) if o.get("key") == "end"),
               None)
    if end is None:
        return False
    ahead.answer(end)
    return not ahead.over and ahead.state["round"] > start and ahead.decision["kind"] != "turn"
