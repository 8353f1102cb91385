"""Townsfolk Tussle audited (`--audit`) over many seeded games, with how often the two
Ruffian rules the audit checks were put to the test: hits from right behind Pepin (Melty
Milk-back) and Ruffian turns begun at turn-start terrain (Buzzing Hive, Bandit Campfire).

    python bench/bench_townsfolk_audit.py [--games N] [--agent random|heuristic|mcts:N]
        [--players 2 3 4 5] [--whole-games]

Per player count: games, failed invariants and guards (by name), and the two counts; then
how many times each invariant was checked (an event one after each of its events, a state
one per seat wherever play stopped). Games rotate over the whole game and the sixteen fights,
or, with `--whole-games`, are all whole games.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import cpu  # noqa: E402

from runtime.agents import make_agent  # noqa: E402
from runtime.audit import Audit  # noqa: E402
from runtime.machine import Machine  # noqa: E402
from runtime.program import Program  # noqa: E402
from runtime.rng import derive  # noqa: E402
from runtime.session import agent_rng  # noqa: E402
from runtime.views import view  # noqa: E402
from tests.content.conftest import compiled_pack  # noqa: E402
from tests.content.seed_audits import SEED_GAMES  # noqa: E402


def tested(log: list[dict]) -> tuple[int, int]:
    """(hits from right behind a Ruffian with a back bonus, Ruffian turns begun at terrain)
    in a game's log."""
    hits = turns = bonus = 0
    for e in log:
        if e["e"] != "set":
            continue
        if e["variable"] == "back_bonus":
            bonus = e["value"]
        elif e["variable"] == "behind_at_hit" and e["value"] and bonus:
            hits += 1
        elif e["variable"] == "terrain_due" and e["value"]:
            turns += 1
    return hits, turns


def play(program, players: int, seed: int, agent: str) -> tuple[Audit, list[dict]]:
    """One audited game with its log, every seat played by `agent`."""
    audit, log = Audit(), []
    agents = [make_agent(agent, program) for _ in range(players)]
    m = Machine.start(program, players, seed, log=log, audit=audit)
    steps = 0
    while not m.over:
        seat = m.decision["seat"]
        seen = view(m, seat) if agents[seat].uses_view else None
        m.answer(agents[seat].choose(seen, m.decision, agent_rng(seed, seat, steps)))
        steps += 1
    return audit, log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--agent", default="random")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--whole-games", action="store_true",
                        help="whole games only (not the sixteen fights in turn)")
    args = parser.parse_args()
    game = SEED_GAMES["townsfolk-tussle"]
    compiled = compiled_pack(game.pack).game
    modes = game.modes[:1] if args.whole_games else game.modes
    programs = [Program(compiled, scenario, story) for scenario, story in modes]
    for players in args.players:
        start = cpu()
        failed: Counter = Counter()
        checked: Counter = Counter()
        hits = turns = 0
        for i in range(args.games):
            program = programs[i % len(programs)]
            seed = derive(1, "game", i)
            audit, log = play(program, players, seed, args.agent)
            failed.update(f"{program.scenario or 'game'}:{f.name} (seed {seed}, step {f.step})"
                          for f in audit.failed)
            checked.update(audit.checked)
            h, t = tested(log)
            hits, turns = hits + h, turns + t
        print(f"{args.agent} {players}p: {args.games} games; failed {dict(failed) or 'none'}; "
              f"hits from behind checked {hits}; Ruffian turns at terrain checked {turns}; "
              f"{cpu() - start:.0f} CPU s", flush=True)
        print("  checked: " + ", ".join(f"{name} {n}" for name, n in sorted(checked.items())),
              flush=True)


if __name__ == "__main__":
    main()
