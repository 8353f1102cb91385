"""The render cache: a folder of PNGs named by the hash of what they show, each with the
preflight issues found while drawing it. A second run draws only what changed.

An entry is complete once its `.json` exists (written after the image), so an interrupted
run never leaves an entry that looks whole. Entries are not flushed to disk one by one (that
wait cost more than drawing): a power cut may lose recent ones, which are simply drawn again. A `Cache` remembers the entries it was asked
about; `prune` then removes the others once they have gone unused for `KEEP_DAYS` (another
paper or resolution may want them back), unused PDFs at once (pages rebuild them in moments),
and with `everything=True` every entry this run did not use.
"""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path

from PIL import Image

from compiler.files import write_atomic
from printkit.preflight import Issue

FOLDER = ".gamesmith-cache"
KEEP_DAYS = 14
KEY = 64  # characters of a key: a SHA-256 in hex; names may add `-1`, `-board` to it


def png_bytes(image: Image.Image, dpi: int, compress_level: int = 1) -> bytes:
    """The image as PNG, tagged with its resolution (print shops read it)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=compress_level, dpi=(dpi, dpi))
    return buf.getvalue()


class Cache:
    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.used: set[str] = set()

    def path(self, key: str, kind: str = "faces", suffix: str = ".png") -> Path:
        self.used.add(key[:KEY])
        return self.folder / kind / key[:2] / f"{key}{suffix}"

    def prune(self, everything: bool = False) -> int:
        """Remove the entries this cache was not asked about: PDFs at once, the rest when
        unused for KEEP_DAYS (all of them with `everything`); mark the used ones as used
        now. Returns how many files were removed."""
        now = time.time()
        cutoff = now - KEEP_DAYS * 86400
        removed = 0
        for path in sorted(self.folder.glob("*/*/*")):
            try:
                if path.name[:KEY] in self.used:
                    os.utime(path, (now, now))
                elif (
                    everything
                    or path.parent.parent.name == "pdf"
                    or (path.stat().st_mtime < cutoff)
                ):
                    path.unlink()
                    removed += 1
            except OSError:
                continue  # another run removed or is writing it
        for folder in self.folder.glob("*/*"):
            try:
                if folder.is_dir() and not any(folder.iterdir()):
                    folder.rmdir()
            except OSError:
                continue
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
        write_atomic(path, png_bytes(image, dpi), durable=False)
        write_atomic(path.with_suffix(".json"), json.dumps([i.to_json() for i in issues]),
                     durable=False)

    def open(self, key: str, kind: str = "faces") -> Image.Image:
        with Image.open(self.path(key, kind)) as im:
            return im.convert("RGB")

    def put(self, key: str, kind: str, data: bytes) -> Path:
        path = self.path(key, kind)
        write_atomic(path, data, durable=False)
        return path

    def save(self, key: str, kind: str, value) -> None:
        """Keep a small JSON value (written after the files it describes)."""
        write_atomic(self.path(key, kind, ".json"), json.dumps(value), durable=False)

    def load(self, key: str, kind: str):
        """A value kept with `save`; None when absent or unreadable."""
        try:
            return json.loads(self.path(key, kind, ".json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
