"""PDF output through img2pdf: one lossless image per page, pages of the paper's exact size
in points (A4 595.28 × 841.89, Letter 612 × 792), landscape pages turned."""

from __future__ import annotations

from pathlib import Path

import img2pdf

from printkit.geometry import mm_to_pt


def document(pages: list[Path], paper: tuple[float, float], title: str) -> bytes:
    """`pages` (PNG files rendered at the paper's size) as a PDF."""
    w, h = mm_to_pt(paper[0]), mm_to_pt(paper[1])

    def layout(width_px, height_px, ndpi):
        # The raster is the paper at some DPI, give or take a rounded pixel: fill the page.
        return (h, w, h, w) if width_px > height_px else (w, h, w, h)

    # Rotation.none: pages are never turned by EXIF, and reading it would decode every page.
    data = img2pdf.convert(
        [str(p) for p in pages],
        layout_fun=layout,
        title=title,
        nodate=True,
        rotation=img2pdf.Rotation.none,
    )
    return data
