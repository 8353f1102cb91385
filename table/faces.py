"""Card faces for the table: the printed layouts drawn by printkit as PNGs, one per card face,
at screen resolution, kept in printkit's cache (the user's cache directory) so a face is drawn once."""

from __future__ import annotations

import threading
from pathlib import Path

from compiler.compiled import CompiledGame
from printkit import Options, PrintJob, render
from printkit.cache import Cache, default_folder
from printkit.png import pillow

SCREEN_DPI = 110  # sharp enough on screen, small enough to draw fast


class Faces:
    """`png(card_id)`: the card's front as PNG bytes (None: printkit has no face for it)."""

    def __init__(self, game: CompiledGame, cache: Path | None = None, dpi: int = SCREEN_DPI):
        self.dpi = dpi
        self.cache = Cache.claim(cache or default_folder(game.root, game.id))
        job = PrintJob(game, Options(bleed=0.0, dpi=dpi, cache=self.cache.folder))
        self._faces = job.faces
        self._key = {card.id: card.front for card in job.cards}
        # a two-sided card's other side is printed as its back
        self._key.update({game.cards[card.id].back: card.back for card in job.cards
                          if game.cards[card.id].back in game.cards})
        self._memory: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def known(self, card_id: str) -> bool:
        return card_id in self._key

    def png(self, card_id: str) -> bytes | None:
        key = self._key.get(card_id)
        if key is None:
            return None
        with self._lock:
            found = self._memory.get(key)
            if found is None:
                found = self._memory[key] = self._draw(key)
            return found

    def _draw(self, key: str) -> bytes:
        kind = f"screen{self.dpi}"
        if self.cache.has(key, kind):
            return self.cache.path(key, kind).read_bytes()
        image, _issues = render(self._faces[key])
        data = pillow(image, self.dpi, 6)  # small, and sent to every browser at the table
        self.cache.put(key, kind, data)
        return data
