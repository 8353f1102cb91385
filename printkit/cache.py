"""The render cache: a folder of PNGs named by the hash of what they show, each with the
preflight issues found while drawing it. A second run draws only what changed.

By default a pack's cache lives in the user's cache directory (`default_folder`), never in
the designer's repository. `Cache.claim(folder)` takes a folder for the cache: an empty or
new one gets a `CACHEDIR.TAG` marker; a folder that is not empty and has no marker is the
user's, and is refused (`CacheRefused`). Every file the cache writes is listed in its
manifest, and only files listed there are ever deleted: never a pattern over a folder.

An entry is complete once its `.json` exists (written after the image), so an interrupted
run never leaves an entry that looks whole. Entries are not flushed to disk one by one (that
wait cost more than drawing): a power cut may lose recent ones, which are simply drawn again. A `Cache` remembers the entries it was asked
about; `prune` then removes the others once they have gone unused for `KEEP_DAYS` (another
paper or resolution may want them back), unused PDFs at once (pages rebuild them in moments),
and with `everything=True` every entry this run did not use.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import time
from pathlib import Path

from PIL import Image

from compiler.cache import cache_folder
from compiler.files import write_atomic
from printkit import png
from printkit.preflight import Issue

KEEP_DAYS = 14
KEY = 64  # characters of a key: a SHA-256 in hex; names may add `-1`, `-board` to it
MARKER = "CACHEDIR.TAG"  # the Cache Directory Tagging convention: backup tools skip the folder
_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This folder is a gamesmith render cache: files listed in its manifest may be deleted.\n"
)
MANIFEST = "manifest.txt"  # one line per file the cache wrote, relative to its folder
_ENTRY = re.compile(r"[a-z][a-z0-9]*/[0-9a-f]{2}/[0-9a-f]{64}[-a-z0-9]*\.(png|json|pdf)").fullmatch


class CacheRefused(ValueError):
    """The folder named for the cache holds someone else's files."""


def default_folder(root: Path, game_id: str) -> Path:
    """The cache of the pack at `root`: one folder per pack in gamesmith's cache folder (the
    user's cache directory, or `$GAMESMITH_CACHE`; see `compiler.cache`)."""
    where = hashlib.sha256(str(Path(root).resolve()).encode()).hexdigest()[:12]
    return cache_folder() / f"{game_id}-{where}"


def png_bytes(image: Image.Image, dpi: int, up: bool = False) -> bytes:
    """The image as the cache stores it: PNG at ISA-L's fast level, tagged with its resolution
    (print shops read it); `up` filters rows (see `png.encode`)."""
    return png.encode(image, dpi, up=up)


class Cache:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.used: set[str] = set()

    @classmethod
    def claim(cls, folder: Path) -> Cache:
        """The cache in `folder`, marking it as one if it is new or empty; `CacheRefused` when
        it holds files and no marker (it is not a cache, and nothing in it may be deleted)."""
        folder = Path(folder)
        if folder.exists() and not folder.is_dir():
            raise CacheRefused(f"{folder} is not a folder")
        if not (folder / MARKER).is_file():
            if folder.is_dir() and any(folder.iterdir()):
                raise CacheRefused(
                    f"{folder} is not empty and is not a gamesmith cache (it has no {MARKER}); "
                    "name an empty or new folder"
                )
            write_atomic(folder / MARKER, _TAG)
        return cls(folder)

    def path(self, key: str, kind: str = "faces", suffix: str = ".png") -> Path:
        self.used.add(key[:KEY])
        return self.folder / kind / key[:2] / f"{key}{suffix}"

    def _write(self, path: Path, data: bytes | str) -> None:
        """Write an entry and list it in the manifest first, so nothing the cache wrote is
        ever unlisted (a line whose file is missing is harmless)."""
        line = f"{path.relative_to(self.folder).as_posix()}\n".encode()
        fd = os.open(self.folder / MANIFEST, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)  # one small O_APPEND write: whole even with parallel workers
        finally:
            os.close(fd)
        write_atomic(path, data, durable=False)  # a cache can always be drawn again

    def _listed(self) -> list[str]:
        """The manifest's entries that have the shape of an entry's path; others are ignored."""
        try:
            lines = (self.folder / MANIFEST).read_text(encoding="utf-8").splitlines()
        except (OSError, ValueError):
            return []
        return sorted({line for line in lines if _ENTRY(line)})

    def prune(self, everything: bool = False) -> int:
        """Remove the entries this cache was not asked about: PDFs at once, the rest when
        unused for KEEP_DAYS (all of them with `everything`); mark the used ones as used
        now. Only files the manifest lists are touched. Returns how many were removed."""
        if not (self.folder / MARKER).is_file():
            return 0  # not a folder this cache claimed: nothing in it is provably ours
        now = time.time()
        cutoff = now - KEEP_DAYS * 86400
        removed, kept = 0, []
        for name in self._listed():
            path = self.folder / name
            try:
                if path.is_symlink() or not path.is_file():
                    continue  # gone, or replaced by something the cache did not write
                if path.name[:KEY] in self.used:
                    os.utime(path, (now, now))
                    kept.append(name)
                elif everything or name.startswith("pdf/") or path.stat().st_mtime < cutoff:
                    path.unlink()
                    removed += 1
                    _remove_if_empty(path.parent)
                else:
                    kept.append(name)
            except OSError:
                kept.append(name)  # another run removed or is writing it
        write_atomic(self.folder / MANIFEST, "".join(f"{name}\n" for name in kept))
        return removed

    def issues(self, key: str) -> list[Issue] | None:
        """The issues of a complete entry; None when the entry is missing or broken."""
        meta = self.path(key).with_suffix(".json")
        try:
            data = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not self.path(key).is_file():
            return None
        return [Issue.from_json(d) for d in data]

    def store(self, key: str, image: Image.Image, issues: list[Issue], dpi: int) -> None:
        path = self.path(key)
        self._write(path, png_bytes(image, dpi))
        self._write(path.with_suffix(".json"), json.dumps([i.to_json() for i in issues]))

    def open(self, key: str, kind: str = "faces") -> Image.Image:
        with Image.open(self.path(key, kind)) as im:
            return im.convert("RGB")

    def has(self, key: str, kind: str) -> bool:
        return self.path(key, kind).is_file()

    def put(self, key: str, kind: str, data: bytes, suffix: str = ".png") -> Path:
        path = self.path(key, kind, suffix)
        self._write(path, data)
        return path

    def save(self, key: str, kind: str, value) -> None:
        """Keep a small JSON value (written after the files it describes)."""
        self._write(self.path(key, kind, ".json"), json.dumps(value))

    def load(self, key: str, kind: str):
        """A value kept with `save`; None when absent or unreadable."""
        try:
            return json.loads(self.path(key, kind, ".json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):  # rmdir fails unless the folder is empty
        folder.rmdir()
