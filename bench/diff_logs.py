"""Differential record of the interpreter: seeded games across all four packs, written in full.

Plays a fixed set of games (random and heuristic seats, every player count each pack allows,
a few per count) with the event log on, and writes, per decision, the state hash, the
decision (seat, kind, every option's label) and the choice, then the events the answer
logged, and the result and statistics at the end. Two interpreters that play the same games
write byte-identical files: record one before changing the hot path, compare after.

    python bench/diff_logs.py OUT.jsonl            # record
    python bench/diff_logs.py OUT.jsonl --against BASELINE.jsonl   # record and compare
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime.agents import make_agent  # noqa: E402
from runtime.loading import load_program  # noqa: E402
from runtime.machine import Machine, seated  # noqa: E402
from runtime.rng import derive  # noqa: E402
from runtime.session import agent_rng  # noqa: E402
from runtime.state import state_hash  # noqa: E402
from runtime.views import view  # noqa: E402

PACKS = ("fuzzy-mage-fight", "fantasy-tavern-brawl", "gascony-legacy", "townsfolk-tussle")
GAMES = 1  # per pack, player count and lineup
DECISION_CAP = 3000  # a game this long is recorded up to here (keeps the run near a minute)


def lineups(players: int) -> list[tuple[str, ...]]:
    """All random seats, and heuristic seats against random ones."""
    return [("random",) * players,
            tuple("heuristic" if s % 2 == 0 else "random" for s in range(players))]


def play(program, players: int, seed: int, seats: tuple[str, ...], out) -> None:
    """One game, every decision and event written to `out` as a JSON line."""
    stats: Counter = Counter()
    log: list = []
    m = Machine.start(program, players, seed, log=log, stats=stats)
    agents = seated([make_agent(s, program) for s in seats], m.state["players"])
    out.write(json.dumps({"e": "begin", "players": players, "seed": seed, "seats": seats}) + "\n")
    for event in log:
        out.write(json.dumps(event, sort_keys=True, default=list) + "\n")
    log.clear()
    steps = 0
    while not m.over and steps < DECISION_CAP:
        decision = m.decision
        seat = decision["seat"]
        agent = agents[seat]
        seen = view(m, seat) if agent.uses_view else None
        index = agent.choose(seen, decision, agent_rng(seed, seat, steps))
        out.write(json.dumps({"hash": state_hash(m.state), "seat": seat, "kind": decision["kind"],
                              "options": [o["label"] for o in decision["options"]],
                              "choice": index}) + "\n")
        m.answer(index)
        for event in log:
            out.write(json.dumps(event, sort_keys=True, default=list) + "\n")
        log.clear()
        steps += 1
    out.write(json.dumps({"e": "result", "result": m.state["result"], "hash": state_hash(m.state),
                          "steps": steps,
                          "stats": sorted([list(map(str, k)), n] for k, n in stats.items())})
              + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--against", type=Path, help="a baseline record to compare with")
    parser.add_argument("--games", type=int, default=GAMES)
    args = parser.parse_args()
    start = time.process_time()
    with args.out.open("w", encoding="utf-8") as out:
        for pack in PACKS:
            program = load_program(ROOT / "content" / pack)
            info = program.game.game.players
            for players in range(info.min, info.max + 1):
                for seats in lineups(players):
                    for i in range(args.games):
                        play(program, players, derive(7, pack, players, i), seats, out)
    print(f"recorded in {time.process_time() - start:.1f} CPU-s: {args.out}")
    if args.against is None:
        return 0
    mine, theirs = args.out.read_bytes().splitlines(), args.against.read_bytes().splitlines()
    for n, (a, b) in enumerate(zip(mine, theirs, strict=False), 1):
        if a != b:
            print(f"DIFFER at line {n}:\n  now:      {a[:300]!r}\n  baseline: {b[:300]!r}")
            return 1
    if len(mine) != len(theirs):
        print(f"DIFFER: {len(mine)} lines now, {len(theirs)} in the baseline")
        return 1
    print(f"identical: {len(mine)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
