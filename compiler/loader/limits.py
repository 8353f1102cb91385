"""How much the loader accepts before it gives up on a file, so a hostile file fails fast."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    max_bytes: int = 8 * 1024 * 1024  # larger files: GS104, not parsed at all
    max_depth: int = 64  # nested mappings and lists; deeper: GS105, reading stops
    max_nodes: int = 500_000  # keys, values and items in one file; more: GS104, reading stops
    max_problems: int = 100  # diagnostics from one file; then reading stops


LIMITS = Limits()
