"""Python calls (or bytecodes) per decision: Fuzzy Mage Fight, random seats.

A load-independent measure of the interpreter's work (the machine is shared, CPU-seconds
wander): games played as `bench_playouts.py` plays them (`runtime.simulate.play_one`, seeded
like game `i` of a run with seed 1), every call counted under cProfile, divided by the
decisions made. With `--top N`, the N functions with the most time of their own.

With `--opcodes`, every bytecode instruction executed is counted instead (a line tracer with
opcode events; slow, so use a few games): work done inline (dicts and labels built, state
read) counts there, where cProfile sees no call. `--top N` then lists the N functions that
execute the most instructions per decision. The same games played by the hand-written
reference (`bench/fmf_reference.py`, checked to be the same games) are counted the same way
and printed next to them, with the ratio: the gap left, in the same unit.

    python bench/bench_calls.py [--games 100] [--players 2 4] [--top 0] [--opcodes]
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fmf_reference import game_seed, play  # noqa: E402

from runtime.loading import load_program  # noqa: E402
from runtime.simulate import Cell, Run, play_one  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--opcodes", action="store_true",
                        help="count bytecode instructions, not calls")
    args = parser.parse_args()
    program = load_program(ROOT / "content" / "fuzzy-mage-fight")
    print(f"Fuzzy Mage Fight, random seats: {args.games} games per player count")
    for players in args.players:
        run = Run("", (Cell(players, ("random",) * players),), args.games, 1, rotate=False)
        if args.opcodes:
            count_opcodes(program, run, players, args.games, args.top)
            continue
        profile = cProfile.Profile()
        profile.enable()
        games = [play_one(program, run, 0, i) for i in range(args.games)]
        profile.disable()
        stats = pstats.Stats(profile)
        calls = sum(row[1] for row in stats.stats.values())  # every call, recursive ones too
        decisions = sum(g.decisions for g in games)
        print(f"{players} players: {calls} calls, {decisions} decisions, "
              f"{calls / decisions:.1f} calls per decision")
        if args.top:
            out = io.StringIO()
            stats.stream = out
            stats.sort_stats("tottime").print_stats(args.top)
            print(out.getvalue())
    return 0


def count_opcodes(program, run, players: int, count: int, top: int) -> None:
    """Print the bytecode instructions executed per decision over `count` games (after one
    game to warm the lists written at first run), and the `top` functions executing most;
    then the same for the hand-written reference's same games, and the ratio."""
    play_one(program, run, 0, count)
    executed, games = traced(lambda: [play_one(program, run, 0, i) for i in range(count)])
    decisions = sum(g.decisions for g in games)
    total = sum(executed.values())
    print(f"{players} players: {total} bytecodes, {decisions} decisions, "
          f"{total / decisions:.1f} bytecodes per decision")
    for (name, function), n in executed.most_common(top):
        print(f"  {n / decisions:8.1f} {100 * n / total:5.1f}%  {name}:{function}")
    play(players, game_seed(run.seed, count))
    by_hand, outcomes = traced(lambda: [play(players, game_seed(run.seed, i)) for i in range(count)])
    same = [(g.winners, g.turns, g.rounds, g.decisions) for g in games] == [
        (g.winners, g.turns, g.rounds, g.decisions) for g in outcomes]
    spent = sum(by_hand.values())
    print(f"{players} players, hand-written reference: {spent} bytecodes, "
          f"{sum(g.decisions for g in outcomes)} decisions, {spent / decisions:.1f} bytecodes "
          f"per decision (same games: {'yes' if same else 'NO'}); gamesmith does "
          f"{total / spent:.2f}x its work")


def traced(work) -> tuple[collections.Counter, object]:
    """The bytecode instructions `work()` executes, by (file name, function), and its result."""
    executed: collections.Counter = collections.Counter()

    def tracer(frame, event, _arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            executed[(Path(code.co_filename).name, code.co_name)] += 1
        return tracer

    sys.settrace(tracer)
    try:
        result = work()
    finally:
        sys.settrace(None)
    return executed, result


if __name__ == "__main__":
    sys.exit(main())
