"""Townsfolk Tussle played whole: the seed audit of whole games and single fights, and the
whole game's win rates for bot parties.

Part 1 audits `--audit-games` seeded games (default 200) spread evenly over 2-5 players, half
of them whole games (the rules' story: four Town Phases and four fights) and half single
fights (the sixteen scenarios in turn), every invariant of the pack checked on every step;
it prints the games, decisions and steps audited and every finding by name.

Part 2 plays whole games with parties of one agent (the random party first, as the
baseline of the same seeds, then heuristic and MCTS parties), at 2 and 5 players, and prints
the party's win rate with its 95% Wilson interval and game count, the fight each lost game
was lost in (by level; a lost fight is counted, as its results paragraph is read) and the
fights won of those fought, by level, with their intervals.

Run: python bench/bench_townsfolk.py [--audit-games N] [--games N] [--mcts-games N]
       [--mcts SPEC] [--players 2 5] [--workers W] [--skip-audit] [--skip-rates]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.errors import RuleError  # noqa: E402
from runtime.figures import wilson  # noqa: E402
from runtime.program import Program  # noqa: E402
from runtime.simulate import simulate  # noqa: E402
from tests.content.conftest import CONTENT, compiled_pack  # noqa: E402
from tests.content.seed_audits import TOWNSFOLK_FIGHTS, SeedGame, audit_seed_game  # noqa: E402

PACK = "townsfolk-tussle"
LEVELS = ("chump", "troublemaker", "hooligan", "final-fight")


def audit(games: int, workers: int) -> int:
    per_count = games // 4
    whole = SeedGame(PACK, range(2, 6), ((None, None),))
    fights = SeedGame(PACK, range(2, 6), TOWNSFOLK_FIGHTS)
    total = Counter()
    bad = 0
    for players in range(2, 6):
        for name, game, n in (("whole games", whole, per_count - per_count // 2),
                              ("single fights", fights, per_count // 2)):
            start = time.perf_counter()
            a = audit_seed_game(game, players, n, seed=players, workers=workers)
            unexpected = a.unexpected(frozenset())
            bad += len(unexpected)
            names = Counter(f.name for _, _, f in a.findings if f.fails)
            notes = Counter(f.name for _, _, f in a.findings if not f.fails)
            total.update(games=a.games, decisions=a.decisions, steps=a.steps)
            print(f"{players}p {name}: {a.games} games, {a.decisions} decisions, {a.steps} steps "
                  f"audited in {time.perf_counter() - start:.0f}s; failures "
                  f"{dict(names) or 'none'}; notes {dict(notes) or 'none'}", flush=True)
            for mode, seed, f in unexpected[:3]:
                print(f"  {mode or 'whole game'} seed {seed} step {f.step}: {f.name}: {f.message}")
    print(f"audited in all: {total['games']} games, {total['decisions']} decisions, "
          f"{total['steps']} steps; failures {bad}")
    return bad


def interval(won: int, played: int) -> str:
    """`won/played (low-high%)`, the Wilson 95% interval; `-` for none played."""
    if not played:
        return "-"
    low, high = wilson(won, played)
    return f"{won}/{played} ({100 * low:.0f}-{100 * high:.0f}%)"


def rates(agent: str, players: int, games: int) -> None:
    program = Program(compiled_pack(PACK).game)
    start = time.perf_counter()
    played, errors = [], []
    # a game at a time, so that a runtime error in one (a fight rule that breaks) is counted
    # and reported rather than ending the run
    for k in range(games):
        try:
            played += simulate(CONTENT / PACK, program, players, 1, 7 + k, [agent] * players,
                               1).games
        except RuleError as err:
            errors.append(f"seed {7 + k}: {err}")
    won = sum(1 for g in played if g.winners)
    low, high = wilson(won, len(played))
    reached = Counter()
    fights = Counter()
    for g in played:
        for scenario, (w, lost) in g.battles.items():
            level = next(lv for lv in LEVELS if scenario.endswith(lv))
            fights[(level, "won")] += w
            fights[(level, "lost")] += lost  # a lost fight leads to its results paragraph
            if lost:
                reached[level] += 1
        if g.capped:
            reached["turn cap"] += 1
    by_level = ", ".join(f"{lv} {interval(fights[(lv, 'won')], fights[(lv, 'won')] + fights[(lv, 'lost')])}"
                         for lv in LEVELS)
    print(f"{agent} party, {players}p, {len(played)} whole games: won {won} "
          f"({won / max(1, len(played)):.0%}, 95% {low:.0%}-{high:.0%}); lost at "
          f"{dict(reached) or 'none'}; fights won by level (95%): {by_level}; "
          f"{time.perf_counter() - start:.0f}s", flush=True)
    for line in errors:
        print(f"  stopped by a runtime error, {line}")
    for g in played:
        if g.capped:  # a cap is no rulebook ending: the seed to replay it with `play --seed`
            print(f"  turn cap: game seed {g.seed} after {g.rounds} rounds")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audit-games", type=int, default=200)
    parser.add_argument("--games", type=int, default=20, help="whole games per random/heuristic party")
    parser.add_argument("--mcts-games", type=int, default=4)
    parser.add_argument("--mcts", default="mcts:20")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skip-audit", action="store_true")
    parser.add_argument("--skip-rates", action="store_true")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    args = parser.parse_args()
    bad = 0 if args.skip_audit else audit(args.audit_games, args.workers)
    if not args.skip_rates:
        for players in args.players:
            if args.games:
                rates("random", players, args.games)  # the baseline, on the same seeds
                rates("heuristic", players, args.games)
            if args.mcts_games:
                rates(args.mcts, players, args.mcts_games)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
