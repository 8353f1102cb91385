"""Audit every battle (scenario) of a content pack on its own and, with `--acts`, every story
(an Act, its battles fought), at each player count it allows, with bot seats: the findings
per player count and how often each event-level invariant was put to the test.

Run: python bench/bench_battle_audit.py [PACK] [--games N] [--agent random|heuristic]
         [--acts] [--players 1,2] [--seed 7]
Prints, per player count, the battles and stories played, decisions taken, games stopped by
the turn cap, the findings by name (failing ones, then known-failing notes) with the first
failure's battle or story and seed, and the checks made per event-level invariant (an
invariant checked 0 times was never put to the test).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runtime.agents import make_agent  # noqa: E402
from runtime.audit import Audit, invariants_of  # noqa: E402
from runtime.program import Program  # noqa: E402
from runtime.rng import derive  # noqa: E402
from runtime.session import play_game  # noqa: E402
from tests.content.conftest import compiled_pack  # noqa: E402


class CountingAudit(Audit):
    """An audit that also counts the checks of each event-level invariant."""

    def __init__(self, checked: Counter) -> None:
        super().__init__()
        self.checked = checked

    def _event(self, m, inv, event) -> None:
        self.checked[inv.id] += 1
        super()._event(m, inv, event)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("pack", nargs="?", default="gascony-legacy")
    parser.add_argument("--games", type=int, default=3, help="games per battle (story) and player count")
    parser.add_argument("--agent", default="random")
    parser.add_argument("--acts", action="store_true", help="the stories too, each walked whole")
    parser.add_argument("--players", default=None, help="player counts (default: all allowed)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = compiled_pack(args.pack).game
    counts = ([int(p) for p in args.players.split(",")] if args.players else
              range(game.game.players.min, game.game.players.max + 1))
    modes = [(s, None) for s in sorted(game.scenarios)]
    if args.acts:
        modes += [(None, s) for s in sorted(game.stories)]
    print(f"{args.pack}: {len(modes)} battles and stories x {args.games} games a player count, "
          f"{args.agent} seats, seed {args.seed}", flush=True)
    for players in counts:
        start = time.process_time()
        played = decisions = capped = 0
        failing: Counter = Counter()
        notes: Counter = Counter()
        checked: Counter = Counter()
        first: dict[str, str] = {}
        for scenario, story in modes:
            program = Program(game, scenario, story)
            for inv in invariants_of(program):
                if inv.after is not None:
                    checked.setdefault(inv.id, 0)
            for index in range(args.games):
                seed = derive(args.seed, scenario or story, players, index)
                agents = [make_agent(args.agent, program) for _ in range(players)]
                audit = CountingAudit(checked)
                m, steps = play_game(program, players, seed, agents, audit=audit)
                played += 1
                decisions += steps
                capped += bool(m.state["result"].get("capped"))
                for f in audit.findings:
                    (failing if f.fails else notes)[f.name] += 1
                    if f.fails:
                        first.setdefault(f.name, f"{scenario or story} seed {seed} step {f.step}")
        print(f"{args.pack} {players}p: {played} games, {decisions} decisions, {capped} capped, "
              f"in {time.process_time() - start:.1f} CPU s; failing {dict(failing) or 'none'}; "
              f"notes {dict(notes) or 'none'}", flush=True)
        for name, where in first.items():
            print(f"  first {name}: {where}")
        print("  checks: " + ", ".join(f"{k} {v}" for k, v in sorted(checked.items())),
              flush=True)


if __name__ == "__main__":
    main()
