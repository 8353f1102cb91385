"""PDF output: pages of the paper's exact size in points (A4 595.28 × 841.89, Letter
612 × 792, landscape pages turned), each a set of PNG pictures placed at exact sizes.

Each distinct PNG is one lossless image in the file however often it is placed: a card face
shown by nine cards, a board cut over four pages. A picture may be clipped (a card to its
reach, a board to the part one page shows) and turned 180° (short-edge duplex backs); crop
marks are vector lines. img2pdf turns each PNG into an image without decoding it (its
compressed data is copied as is); pikepdf assembles the pages.
"""

from __future__ import annotations

import io
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.geometry import mm_to_pt
from printkit.imposition import MARK_WIDTH

if TYPE_CHECKING:
    import pikepdf

PDF_VERSION = 2  # bump when the PDF's make-up changes, so cached PDFs are rebuilt

Box = tuple[float, float, float, float]  # left, top, right, bottom in mm from the top-left


@dataclass(frozen=True)
class Picture:
    """A PNG filling `box`, showing only `clip` of it (None: all), turned 180° or not."""

    png: Path
    box: Box
    clip: Box | None = None
    turned: bool = False


@dataclass(frozen=True)
class Page:
    """A page of `paper` mm (as printed: landscape is wider than tall), its pictures in
    drawing order and its lines (x0, y0, x1, y1 in mm)."""

    paper: tuple[float, float]
    pictures: tuple[Picture, ...]
    lines: tuple[tuple[float, float, float, float], ...] = ()


def document(pages: list[Page], title: str) -> bytes:
    """`pages` as a PDF: each distinct image stored once, placed on every page that shows it."""
    # imported here: `check` imports this module (through the print job) but writes no PDF
    import img2pdf
    import pikepdf

    out = pikepdf.new()
    out.docinfo[pikepdf.Name.Title] = title
    with ExitStack() as sources:
        images: dict[Path, pikepdf.Object] = {}

        def image(png: Path) -> pikepdf.Object:
            found = images.get(png)
            if found is None:
                # the image's data is copied when the output is saved: keep its source open
                one = sources.enter_context(pikepdf.open(io.BytesIO(img2pdf.convert(
                    str(png), nodate=True, rotation=img2pdf.Rotation.none))))
                (found,) = one.pages[0].Resources.XObject.values()
                found = images[png] = out.copy_foreign(found)
            return found

        for page in pages:
            _add_page(out, page, image)
        data = io.BytesIO()
        out.save(data, deterministic_id=True)
    return data.getvalue()


def _add_page(out: pikepdf.Pdf, page: Page, image) -> None:
    import pikepdf

    height = mm_to_pt(page.paper[1])

    def box(rect: Box) -> tuple[float, float, float, float]:
        """A rectangle in mm from the top-left as x, y (bottom-left), width, height in pt."""
        left, top, right, bottom = (mm_to_pt(v) for v in rect)
        return left, height - bottom, right - left, bottom - top

    resources: dict[str, pikepdf.Object] = {}
    names: dict[Path, str] = {}
    ops = []
    for picture in page.pictures:
        name = names.get(picture.png)
        if name is None:
            name = names[picture.png] = f"/Im{len(names)}"
            resources[name] = image(picture.png)
        x, y, w, h = box(picture.box)
        # the image's unit square, mapped with both axes reversed when turned (180°)
        matrix = (f"{-w:.4f} 0 0 {-h:.4f} {x + w:.4f} {y + h:.4f}" if picture.turned
                  else f"{w:.4f} 0 0 {h:.4f} {x:.4f} {y:.4f}")
        clip = ""
        if picture.clip is not None:
            cx, cy, cw, ch = box(picture.clip)
            clip = f"{cx:.4f} {cy:.4f} {cw:.4f} {ch:.4f} re W n "
        ops.append(f"q {clip}{matrix} cm {name} Do Q")
    if page.lines:
        ops.append(f"q 0 G {mm_to_pt(MARK_WIDTH):.4f} w")
        for x0, y0, x1, y1 in page.lines:
            ops.append(f"{mm_to_pt(x0):.4f} {height - mm_to_pt(y0):.4f} m "
                       f"{mm_to_pt(x1):.4f} {height - mm_to_pt(y1):.4f} l S")
        ops.append("Q")
    out.pages.append(pikepdf.Page(pikepdf.Dictionary(
        Type=pikepdf.Name.Page,
        MediaBox=[0, 0, round(mm_to_pt(page.paper[0]), 4), round(height, 4)],
        Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(resources)),
        Contents=out.make_stream("\n".join(ops).encode("ascii")),
    )))
