"""PDF output: pages of the paper's exact size in points (A4 595.28 × 841.89, Letter
612 × 792). Each distinct card face is one lossless image in the file, however many cards
show it; a sheet of cards places those images at their exact size, clipped to each card's
reach, with crop marks as vector lines. A page given as a picture (a board) fills the page,
landscape pages turned.

img2pdf turns each PNG into an image without decoding it (its compressed data is copied
as is); pikepdf assembles the pages.
"""

from __future__ import annotations

import io
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import img2pdf
import pikepdf

from compiler.files import write_atomic
from printkit.geometry import mm_to_pt
from printkit.imposition import MARK_WIDTH, Sheet, Slot, placements

PDF_VERSION = 2  # bump when the PDF's make-up changes, so cached PDFs are rebuilt


@dataclass(frozen=True)
class CardPage:
    """A sheet of cards: each slot with the PNG of the face shown there (trim plus bleed)."""

    sheet: Sheet
    cards: list[tuple[Slot, Path]]


def write(path: Path, pages: list[CardPage | Path], paper: tuple[float, float], title: str,
          durable: bool = True) -> None:
    """Write `pages` (sheets of cards, or PNG files of whole pages) as a PDF at `path`
    (`durable`: see `compiler.files.write_atomic`)."""
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
            if isinstance(page, CardPage):
                _card_page(out, page, paper, image)
            else:
                _picture_page(out, image(page), paper)
        data = io.BytesIO()
        out.save(data, deterministic_id=True)
    write_atomic(path, data.getvalue(), durable)


def _card_page(out: pikepdf.Pdf, page: CardPage, paper: tuple[float, float], image) -> None:
    height = mm_to_pt(paper[1])
    resources: dict[str, pikepdf.Object] = {}
    names: dict[Path, str] = {}
    ops = []

    def box(rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A rectangle in mm from the top-left as x, y (bottom-left), width, height in pt."""
        left, top, right, bottom = (mm_to_pt(v) for v in rect)
        return left, height - bottom, right - left, bottom - top

    slots = [slot for slot, _ in page.cards]
    for (_, png), place in zip(page.cards, placements(page.sheet, slots), strict=True):
        name = names.get(png)
        if name is None:
            name = names[png] = f"/Im{len(names)}"
            resources[name] = image(png)
        x, y, w, h = box(place.image)
        cx, cy, cw, ch = box(place.clip)
        # turned: the image's unit square mapped with both axes reversed (rotated 180°)
        matrix = f"{-w:.4f} 0 0 {-h:.4f} {x + w:.4f} {y + h:.4f}" if place.turned else \
            f"{w:.4f} 0 0 {h:.4f} {x:.4f} {y:.4f}"
        ops.append(f"q {cx:.4f} {cy:.4f} {cw:.4f} {ch:.4f} re W n {matrix} cm {name} Do Q")
    lines = page.sheet.mark_lines(slots)
    if lines:
        ops.append(f"q 0 G {mm_to_pt(MARK_WIDTH):.4f} w")
        for x0, y0, x1, y1 in lines:
            ops.append(f"{mm_to_pt(x0):.4f} {height - mm_to_pt(y0):.4f} m "
                       f"{mm_to_pt(x1):.4f} {height - mm_to_pt(y1):.4f} l S")
        ops.append("Q")
    _add_page(out, (mm_to_pt(paper[0]), height), "\n".join(ops), resources)


def _picture_page(out: pikepdf.Pdf, picture: pikepdf.Object, paper: tuple[float, float]) -> None:
    w, h = mm_to_pt(paper[0]), mm_to_pt(paper[1])
    if int(picture.Width) > int(picture.Height):  # a landscape picture: turn the paper
        w, h = h, w
    _add_page(out, (w, h), f"q {w:.4f} 0 0 {h:.4f} 0 0 cm /Im0 Do Q", {"/Im0": picture})


def _add_page(out: pikepdf.Pdf, size: tuple[float, float], content: str,
              images: dict[str, pikepdf.Object]) -> None:
    page = pikepdf.Dictionary(
        Type=pikepdf.Name.Page,
        MediaBox=[0, 0, round(size[0], 4), round(size[1], 4)],
        Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(images)),
        Contents=out.make_stream(content.encode("ascii")),
    )
    out.pages.append(pikepdf.Page(page))
