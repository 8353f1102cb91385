"""The seed games audited (`--audit`) at every player count they allow, for the test suite
(a few games) and bench/bench_audit.py (hundreds): which way each game is played, and the
findings already known and left to later issues."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from runtime.audit import Finding
from runtime.program import CAMPAIGN, Program
from runtime.simulate import simulate
from tests.content.conftest import CONTENT, compiled_pack


@dataclass(frozen=True)
class SeedGame:
    pack: str
    players: range
    # the ways one game is played: (scenario, story); the games of a run take turns at them
    modes: tuple[tuple[str | None, str | None], ...] = ((None, None),)
    # guard findings known at some player counts (the packs' own known-failing invariants
    # report as notes and need no entry here)
    known: dict[int, frozenset[str]] = field(default_factory=dict)


TOWNSFOLK_FIGHTS = tuple(
    (f"{ruffian}-{level}", None)
    for level in ("chump", "troublemaker", "hooligan", "final-fight")
    for ruffian in ("pepin-milkfrog", "samuel-strawman", "the-bundits", "umbrello"))

SEED_GAMES = {
    "fantasy-tavern-brawl": SeedGame("fantasy-tavern-brawl", range(2, 6)),
    "fuzzy-mage-fight": SeedGame("fuzzy-mage-fight", range(2, 7)),
    "gascony-legacy": SeedGame(
        "gascony-legacy", range(1, 5),
        (*((None, f"act-{n}") for n in range(1, 5)), (None, CAMPAIGN))),
    # the whole game (the rules' story, four Town Phases and fights) first, then each fight
    "townsfolk-tussle": SeedGame(
        "townsfolk-tussle", range(2, 6), ((None, None), *TOWNSFOLK_FIGHTS)),
}


@dataclass
class Audited:
    games: int = 0
    decisions: int = 0
    steps: int = 0
    capped: int = 0  # games a turn or decision cap stopped (none: no game ran away)
    findings: list[tuple[str | None, int, Finding]] = field(default_factory=list)  # mode, seed

    def unexpected(self, known: frozenset[str]) -> list[tuple[str | None, int, Finding]]:
        return [(mode, seed, f) for mode, seed, f in self.findings
                if f.fails and f.name not in known]


def audit_seed_game(game: SeedGame, players: int, games: int, seed: int = 1,
                    workers: int = 1, agent: str = "random") -> Audited:
    """`games` audited games of `game` at `players`, spread over its modes, every seat
    played by `agent`."""
    compiled = compiled_pack(game.pack).game
    out = Audited()
    for i, (scenario, story) in enumerate(game.modes):
        share = games // len(game.modes) + (i < games % len(game.modes))
        if share == 0:
            continue
        program = Program(compiled, scenario, story)
        report = simulate(Path(CONTENT / game.pack), program, players, share, seed,
                          [agent] * players, workers, audit=True)
        for g in report.games:
            out.games += 1
            out.decisions += g.decisions
            out.steps += g.audited_steps
            out.capped += g.capped
            out.findings += [(scenario or story, g.seed, f) for f in g.findings]
    return out
