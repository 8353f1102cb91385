"""printkit: turn a compiled game into printable cards, sheets, PDFs, TTS decks and boards.

It consumes a `compiler.CompiledGame` and its `layout` documents; sizes are physical
(millimetres, 300 DPI by default) and every output is written atomically. `PrintJob`
plans the faces, draws them in worker processes through a cache keyed by each face's
data and layout, returns preflight `Issue`s (a `Locator` turns them into compiler
diagnostics), then writes the outputs asked for in `Options` and prunes the cache.
The layout language is described for designers in docs/layouts.md.
"""

from printkit.geometry import PAPER, CardGeometry
from printkit.imposition import DUPLEX
from printkit.job import Options, PrintJob
from printkit.preflight import Issue, Locator
from printkit.render import Face, render

__all__ = [
    "DUPLEX",
    "PAPER",
    "CardGeometry",
    "Face",
    "Issue",
    "Locator",
    "Options",
    "PrintJob",
    "render",
]
