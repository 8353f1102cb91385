"""Shared by simulate, play and replay with `--audit`: say what the audit found, and how to
see it happen again."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from runtime.audit import Finding
    from runtime.program import Program


def repro(pack: Path | str, program: Program, players: int, seats: list[str], seed: int,
          step: int) -> str:
    """The command that replays a bot game up to `step` decisions, audited."""
    words = ["gamesmith", "replay", str(pack), "--seed", str(seed), "--players", str(players)]
    for spec in seats:
        words += ["--seat", spec]
    if program.scenario is not None:
        words += ["--scenario", program.scenario]
    if program.story is not None:
        words += ["--story", program.story, "--battle-outcome", program.battles]
    words += ["--audit", "--until", str(step)]
    return shlex.join(words)


def replay_log(log: Path, step: int) -> str:
    """The command that replays a logged game up to `step` decisions, audited."""
    return shlex.join(["gamesmith", "replay", str(log), "--audit", "--until", str(step)])


def describe(finding: Finding) -> str:
    """One finding in a line: what, where, why."""
    what = f"invariant '{finding.name}'" if finding.kind == "invariant" else (
        f"note ({finding.name})" if not finding.fails else f"guard '{finding.name}'")
    seat = f", seat {finding.seat + 1}" if finding.seat is not None else ""
    return f"{what} at step {finding.step}{seat}: {finding.message}"


def show(console: Console, findings: list[Finding], seed: int | None,
         command: Callable[[int], str] | None) -> None:
    """Print each finding with its game's seed, the log line it follows and the command
    (`command(step)`) that reproduces it."""
    for f in findings:
        colour = "red" if f.fails else "yellow"
        at = f" (seed {seed})" if seed is not None else ""
        console.print(f"[{colour}]{describe(f)}[/{colour}]{at}", highlight=False)
        if f.line:
            console.print(f"  after: {f.line}", highlight=False, soft_wrap=True)
        if command and f.fails:
            console.print(f"  reproduce: {command(f.step)}", highlight=False, soft_wrap=True)
