"""Find a content pack's files: `game.yaml` at the root, YAML files in the folders it
includes, and every other file (which the linker reports unless something claims it)."""

from __future__ import annotations

import os
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
    unreadable: list[Path] = field(default_factory=list)  # folders that could not be listed


def find_manifest(path: Path) -> Path:
    """`game.yaml` of the pack at `path` (a folder, or the manifest itself)."""
    return path if path.is_file() else path / "game.yaml"


def list_files(root: Path, manifest: Path, include: list[str]) -> PackFiles:
    """The pack's files. Hidden files and folders are skipped; a YAML name that is no regular
    file (a pipe, a device) is kept so the loader reports it; folders that cannot be listed
    are returned in `unreadable`, never skipped in silence."""
    folders = [(root / inc).resolve() for inc in include] or [root.resolve()]
    content, others, sheets, unreadable = [], [], [], []
    found = []
    for folder, dirs, names in os.walk(root, onerror=lambda err: unreadable.append(
            Path(err.filename))):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [Path(folder) / n for n in names if not n.startswith(".")]
    for p in sorted(found):
        if p == manifest or p.is_dir():
            continue
        yaml = p.suffix.lower() in YAML_SUFFIXES
        if not p.is_file():
            if yaml:  # a pipe or a device named like content: the loader says what it is
                content.append(p)
            continue
        if p.suffix.lower() in IGNORED_SUFFIXES:
            continue
        resolved = p.resolve()
        included = any(resolved.is_relative_to(f) for f in folders)
        if yaml and included:
            content.append(p)
        else:
            others.append(p)
            if p.suffix.lower() in SHEET_SUFFIXES and included:
                sheets.append(p)
    return PackFiles(root, manifest, content, others, sheets, sorted(unreadable))
