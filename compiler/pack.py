"""Find a content pack's files: `game.yaml` at the root, YAML files in the folders it
includes, and every other file (which the linker reports unless something claims it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

YAML_SUFFIXES = {".yaml", ".yml"}
SHEET_SUFFIXES = {".csv", ".xlsx", ".ods"}
# Prose beside content is welcome and not checked.
IGNORED_SUFFIXES = {".md", ".txt", ".rst"}


@dataclass(frozen=True)
class PackFiles:
    root: Path
    manifest: Path
    content: list[Path]  # YAML files to load, manifest excluded, sorted
    others: list[Path]  # every other non-hidden file under the root
    sheets: list[Path] = field(default_factory=list)  # spreadsheets in included folders (also in others)


def find_manifest(path: Path) -> Path:
    """`game.yaml` of the pack at `path` (a folder, or the manifest itself)."""
    return path if path.is_file() else path / "game.yaml"


def list_files(root: Path, manifest: Path, include: list[str]) -> PackFiles:
    folders = [(root / inc).resolve() for inc in include] or [root.resolve()]
    content, others, sheets = [], [], []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if not p.is_file() or any(part.startswith(".") for part in rel.parts) or p == manifest:
            continue
        if p.suffix.lower() in IGNORED_SUFFIXES:
            continue
        resolved = p.resolve()
        included = any(resolved.is_relative_to(f) for f in folders)
        if p.suffix.lower() in YAML_SUFFIXES and included:
            content.append(p)
        else:
            others.append(p)
            if p.suffix.lower() in SHEET_SUFFIXES and included:
                sheets.append(p)
    return PackFiles(root, manifest, content, others, sheets)
