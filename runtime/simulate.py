"""Many games between bots, in parallel processes, summarised.

Game `i` is seeded with `derive(seed, "game", i)` and its agents with seeds of their own,
so every game is the same whichever process plays it: the same seed and arguments give
the same report for any number of workers. Workers compile the pack once each. With
`audit`, every game is audited (`runtime.audit`) and the report lists what was found.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from runtime.agents import make_agent
from runtime.audit import Audit, Finding
from runtime.errors import RuleError
from runtime.program import Program
from runtime.rng import derive
from runtime.session import play_game


@dataclass(frozen=True)
class GameSummary:
    index: int
    winners: tuple[int, ...]
    turns: int
    rounds: int
    decisions: int
    capped: bool
    played: dict[str, int]
    used: dict[str, int]
    ending: str | None = None  # the story's ending reached (a story run), else None
    seed: int = 0  # the game's own seed
    findings: tuple[Finding, ...] = ()  # what the audit found (an audited run)
    audited_steps: int = 0  # machine steps the audit checked


def play_one(
    program: Program, players: int, seats: list[str], seed: int, index: int, audit: bool = False
) -> GameSummary:
    stats: Counter = Counter()
    agents = [make_agent(spec, program) for spec in seats]
    game_seed = derive(seed, "game", index)
    checker = Audit() if audit else None
    m, decisions = play_game(program, players, game_seed, agents, stats, audit=checker)
    result = m.state["result"]
    return GameSummary(
        index=index,
        winners=tuple(result["winners"]),
        turns=m.state["turns"],
        rounds=m.state["round"],
        decisions=decisions,
        capped=bool(result.get("capped")),
        played={card: n for (what, card), n in stats.items() if what == "played"},
        used={card: n for (what, card), n in stats.items() if what == "used"},
        ending=(m.state.get("story") or {}).get("ending"),
        seed=game_seed,
        findings=tuple(checker.findings) if checker else (),
        audited_steps=checker.steps if checker else 0,
    )


# Each worker process compiles the pack once and keeps it here.
_WORKER: dict = {}


def _init_worker(pack: str, players: int, seats: list[str], seed: int,
                 scenario: str | None = None, story: str | None = None,
                 battles: str = "play", audit: bool = False) -> None:
    from runtime.loading import load_program

    _WORKER.update(program=load_program(Path(pack), scenario, story, battles), players=players,
                   seats=seats, seed=seed, audit=audit)


def _work(index: int) -> GameSummary:
    w = _WORKER
    return play_one(w["program"], w["players"], w["seats"], w["seed"], index, w["audit"])


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimulationReport:
    game: str
    players: int
    seats: list[str]
    seed: int
    games: list[GameSummary] = field(default_factory=list)
    story: str | None = None
    audited: bool = False

    def to_json(self) -> dict:
        n = len(self.games)
        wins = Counter(s for g in self.games for s in g.winners)
        turns = [g.turns for g in self.games]
        played: Counter = Counter()
        used: Counter = Counter()
        for g in self.games:
            played.update(g.played)
            used.update(g.used)
        seats = []
        for s in range(self.players):
            lo, hi = wilson(wins[s], n)
            seats.append({"seat": s + 1, "agent": self.seats[s], "wins": wins[s],
                          "win_rate": wins[s] / n if n else 0.0, "ci95": [lo, hi]})
        first = seats[0] if seats else None
        fair = 1 / self.players
        cards = sorted(set(played) | set(used))
        # a story run: how often each ending was reached, and how often the story stopped
        # short of one (the rules' conditions met, or the turn cap hit in a battle)
        endings = Counter(g.ending or ("(turn cap)" if g.capped else "(no ending, won)"
                                       if g.winners else "(no ending, lost)")
                          for g in self.games)
        story = {"endings": dict(sorted(endings.items()))} if self.story else {}
        return {
            "game": self.game,
            "players": self.players,
            "games": n,
            "seed": self.seed,
            "seats": seats,
            "first_player_advantage": {
                "win_rate": first["win_rate"] if first else 0.0,
                "fair_share": fair,
                "advantage": (first["win_rate"] - fair) if first else 0.0,
                "ci95": [first["ci95"][0] - fair, first["ci95"][1] - fair] if first else [0.0, 0.0],
            },
            "length_turns": {"mean": statistics.fmean(turns) if turns else 0.0,
                             "median": statistics.median(turns) if turns else 0.0,
                             "min": min(turns, default=0), "max": max(turns, default=0)},
            "decisions_per_game": statistics.fmean(g.decisions for g in self.games) if n else 0.0,
            "no_winner": sum(1 for g in self.games if not g.winners and not g.capped),
            "turn_cap_hit": sum(1 for g in self.games if g.capped),
            "cards": [{"card": c, "played": played[c], "used": used[c],
                       "played_per_game": played[c] / n if n else 0.0} for c in cards],
            **story,
            **({"audit": self.audit_json()} if self.audited else {}),
        }

    def audit_json(self) -> dict:
        """What the audit checked and found: each finding with its game's seed and step."""
        found = [{"game": g.index, "seed": g.seed, **f.to_json()}
                 for g in self.games for f in g.findings]
        return {"games": len(self.games),
                "decisions": sum(g.decisions for g in self.games),
                "steps": sum(g.audited_steps for g in self.games),
                "failed_games": sum(1 for g in self.games if any(f.fails for f in g.findings)),
                "findings": found}


def simulate(pack: Path, program: Program, players: int, games: int, seed: int, seats: list[str],
             workers: int = 1, progress: Callable[[int], None] | None = None,
             audit: bool = False) -> SimulationReport:
    """Play `games` games (each audited, with `audit`); `progress(done)` is called as results
    come in (in order)."""
    if len(seats) != players:
        raise RuleError(f"{players} players need {players} seats, not {len(seats)}")
    for spec in seats:
        if spec.startswith("human"):
            raise RuleError("simulations are for bots: a human seat cannot be simulated")
        make_agent(spec, program)  # fail early on a bad spec
    report = SimulationReport(program.game.id, players, list(seats), seed, story=program.story,
                              audited=audit)
    if workers <= 1 or games <= 1:
        results = (play_one(program, players, seats, seed, i, audit) for i in range(games))
        for done, summary in enumerate(results, 1):
            report.games.append(summary)
            if progress:
                progress(done)
        return report
    chunk = max(1, games // (workers * 8))
    with ProcessPoolExecutor(workers, initializer=_init_worker,
                             initargs=(str(pack), players, list(seats), seed,
                                       program.scenario, program.story,
                                       program.battles, audit)) as pool:
        for done, summary in enumerate(pool.map(_work, range(games), chunksize=chunk), 1):
            report.games.append(summary)
            if progress:
                progress(done)
    return report
