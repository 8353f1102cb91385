"""Boards to scale: a landscape's grid drawn with squares of the game's `grid-square`
millimetres (terrain, walls, areas, blocked cells, tile edges and coordinates), and split
over as many pages as it needs, overlapping, with alignment marks in the overlaps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageColor, ImageDraw

from compiler.geometry import Notation, board_from_landscape, format_cell
from compiler.language.documents import Landscape
from printkit import fonts
from printkit.geometry import mm_to_px, px
from printkit.pdf import Picture

BAND = 7.0  # mm around the grid for coordinates
PAGE_MARGIN = 8.0  # mm of paper left blank (most printers cannot print to the edge)
OVERLAP = 12.0  # mm two neighbouring pages share
LABEL = 6.0  # mm above a board packed with others, for its title
LABEL_HEIGHT = 5.0  # mm: the height of a caption's image
GAP = 6.0  # mm between boards packed on one page
_AREA_COLOURS = ("#3b82f680", "#ef444480", "#22c55e80", "#a855f780", "#f59e0b80", "#06b6d480")
_KEYWORD_COLOURS = {
    "impassable": "#6b4f3a",
    "blocking": "#77736b",
    "hazard": "#c0504d",
    "elevated": "#b08d57",
    "cover": "#6f9a5a",
    "difficult": "#c9b37e",
    "climbable": "#9c8466",
    "destructible": "#a3a3a3",
}


@dataclass(frozen=True)
class TerrainLook:
    """What drawing needs of a terrain piece (its rules stay behind: they do not pickle)."""

    name: str
    type: str
    keywords: tuple[str, ...]
    size: tuple[int, int]
    movement_cost: int
    may_overlap: bool

    @classmethod
    def of(cls, terrain) -> TerrainLook:
        return cls(
            terrain.name,
            terrain.type,
            tuple(terrain.keywords),
            tuple(terrain.size),
            terrain.movement_cost,
            terrain.may_overlap,
        )


def render(
    landscape: Landscape, landscapes: dict, terrain: dict, square: float, dpi: int
) -> Image.Image:
    """The landscape at scale: each square `square` mm, with a band of coordinates around.
    `terrain` maps ids to terrain models or their `TerrainLook`s."""
    board = board_from_landscape(landscape, landscapes, terrain)
    columns, rows = board.frame
    s = mm_to_px(square, dpi)
    band = px(BAND, dpi)
    image = Image.new("RGB", (round(columns * s) + 2 * band, round(rows * s) + 2 * band), "white")
    draw = ImageDraw.Draw(image)

    def cell_rect(cell, inset: float = 0.0) -> tuple[int, int, int, int]:
        c, r = cell
        return (
            round(band + c * s + inset),
            round(band + r * s + inset),
            round(band + (c + 1) * s - inset),
            round(band + (r + 1) * s - inset),
        )

    thin, thick = max(1, px(0.25, dpi)), max(2, px(1.2, dpi))
    for cell in board.extent:
        if cell in board.cells:
            draw.rectangle(cell_rect(cell), fill="#f4efe2")
        else:
            _hatch(draw, cell_rect(cell), "#b9b2a3", max(1, px(0.4, dpi)))
    _tint_areas(image, board, cell_rect)
    for piece in board.pieces:
        spec = terrain.get(piece.name)
        colour = next(
            (_KEYWORD_COLOURS[k] for k in _KEYWORD_COLOURS if k in piece.keywords),
            "#8c8c8c" if spec is not None and spec.type == "obstacle" else "#9fb7c9",
        )
        for cell in piece.cells & board.extent:
            draw.rectangle(cell_rect(cell), fill=colour)
    for cell in board.extent:
        draw.rectangle(cell_rect(cell), outline="#8a8373", width=thin)
    for piece in board.pieces:
        cells = piece.cells & board.extent
        if cells:
            spec = terrain.get(piece.name)
            label = spec.name if spec is not None else piece.name
            left = min(c for c, _ in cells), min(r for _, r in cells)
            right = max(c for c, _ in cells) + 1, max(r for _, r in cells) + 1
            box = (band + left[0] * s, band + left[1] * s, band + right[0] * s, band + right[1] * s)
            draw.rectangle(
                tuple(round(v) for v in box), outline="#2b2b2b", width=max(2, px(0.5, dpi))
            )
            _centred(draw, label, box, "white", dpi)
    for name, cells in sorted(board.areas.items()):
        if cells:
            first = min(cells, key=lambda c: (c[1], c[0]))
            x0, y0, x1, y1 = cell_rect(first, s * 0.06)
            _centred(draw, name, (x0, y0, x1, y0 + (y1 - y0) * 0.35), "#1f2937", dpi, align="la")
    _edges(draw, board, cell_rect, thick)
    _coordinates(draw, landscape, columns, rows, s, band, dpi)
    return image


def _tint_areas(image: Image.Image, board, cell_rect) -> None:
    """Wash each area's cells with its translucent colour (a cell in several areas takes the
    last area's), blending cell by cell: a see-through layer the size of the board would
    cost more than drawing the board."""
    tints = {}
    for i, (_, cells) in enumerate(sorted(board.areas.items())):
        for cell in cells & board.extent:
            tints[cell] = ImageColor.getrgb(_AREA_COLOURS[i % len(_AREA_COLOURS)])
    masks: dict[tuple[int, int, int], Image.Image] = {}
    for cell, (*rgb, alpha) in tints.items():
        x0, y0, x1, y1 = cell_rect(cell)  # the far edges are the next cell's (and its outline)
        size = (x1 - x0, y1 - y0, alpha)
        mask = masks.get(size)
        if mask is None:
            mask = masks[size] = Image.new("L", size[:2], alpha)
        image.paste(tuple(rgb), (x0, y0, x1, y1), mask)


def _edges(draw: ImageDraw.ImageDraw, board, cell_rect, width: int) -> None:
    """Walls, and the edges of map tiles (where the tile changes or the board ends)."""
    for wall in board.walls:
        a, b = sorted(wall)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            continue  # not neighbours: no edge to draw
        ra = cell_rect(a)
        if a[0] == b[0]:  # one above the other: the wall is the bottom edge of a
            draw.line((ra[0], ra[3], ra[2], ra[3]), fill="#1c1917", width=width)
        else:
            draw.line((ra[2], ra[1], ra[2], ra[3]), fill="#1c1917", width=width)
    if board.tile_of(next(iter(board.extent), (0, 0))) is None:
        return
    for cell in board.extent:
        c, r = cell
        x0, y0, x1, y1 = cell_rect(cell)
        for (dc, dr), edge in (
            ((1, 0), (x1, y0, x1, y1)),
            ((0, 1), (x0, y1, x1, y1)),
            ((-1, 0), (x0, y0, x0, y1)),
            ((0, -1), (x0, y0, x1, y0)),
        ):
            other = (c + dc, r + dr)
            if other not in board.extent or board.tile_of(other) != board.tile_of(cell):
                draw.line(edge, fill="#44403c", width=max(1, width // 2))


def _coordinates(
    draw, landscape: Landscape, columns: int, rows: int, s: float, band: int, dpi: int
) -> None:
    notation = Notation.of(landscape.grid)
    f = fonts.font("sans", True, False, band * 0.55)
    width, height = round(columns * s) + 2 * band, round(rows * s) + 2 * band
    for c in range(columns):
        label = _axis(format_cell((c, 0), notation), notation, column=True)
        x = band + (c + 0.5) * s
        draw.text((x, band / 2), label, font=f, fill="#44403c", anchor="mm")
        draw.text((x, height - band / 2), label, font=f, fill="#44403c", anchor="mm")
    for r in range(rows):
        label = _axis(format_cell((0, r), notation), notation, column=False)
        y = band + (r + 0.5) * s
        draw.text((band / 2, y), label, font=f, fill="#44403c", anchor="mm")
        draw.text((width - band / 2, y), label, font=f, fill="#44403c", anchor="mm")


def _axis(cell: str, notation: Notation, column: bool) -> str:
    """One axis of a formatted cell: `C` or `4` of `C4`, `3` or `4` of `3-4`."""
    if not notation.mixed:
        first, second = cell.split("-", 1)
        return first if column else second
    letters = "".join(ch for ch in cell if ch.isalpha())
    digits = "".join(ch for ch in cell if ch.isdigit())
    column_is_letters = notation.columns == "letters"
    return (
        (letters if column_is_letters else digits)
        if column
        else (digits if column_is_letters else letters)
    )


def _hatch(draw: ImageDraw.ImageDraw, rect, colour: str, width: int) -> None:
    x0, y0, x1, y1 = rect
    draw.rectangle(rect, fill="#e7e2d6")
    step = max(4, (x1 - x0) // 5)
    for k in range(-(y1 - y0), x1 - x0, step):
        a = (x0 + max(0, k), y0 + max(0, -k))
        b = (x0 + min(x1 - x0, k + (y1 - y0)), y0 + min(y1 - y0, (x1 - x0) - k))
        draw.line((*a, *b), fill=colour, width=width)


def _centred(draw, label: str, box, colour: str, dpi: int, align: str = "mm") -> None:
    x0, y0, x1, y1 = box
    size = min((y1 - y0) * 0.5, mm_to_px(4.0, dpi))
    f = fonts.font("sans", True, False, size)
    while size > 6 and f.getlength(label) > (x1 - x0) * 0.92:
        size *= 0.9
        f = fonts.font("sans", True, False, size)
    if align == "la":
        draw.text((x0, y0), label, font=f, fill=colour, anchor="la")
    else:
        draw.text(
            ((x0 + x1) / 2, (y0 + y1) / 2),
            label,
            font=f,
            fill=colour,
            anchor="mm",
            stroke_width=max(1, round(size / 14)),
            stroke_fill="#1c1917",
        )


@dataclass(frozen=True)
class Tiling:
    """How a board (`size` mm) is cut into pages of `paper` mm: `columns` × `rows` regions."""

    size: tuple[float, float]
    paper: tuple[float, float]
    columns: int
    rows: int

    @property
    def area(self) -> tuple[float, float]:
        return self.paper[0] - 2 * PAGE_MARGIN, self.paper[1] - 2 * PAGE_MARGIN

    def _starts(self, n: int, length: float, room: float) -> list[float]:
        if n == 1:
            return [0.0]
        step = (length - room) / (n - 1)
        return [i * step for i in range(n)]

    def regions(self) -> list[tuple[int, int, tuple[float, float, float, float]]]:
        """(column, row, board region in mm) per page, row by row."""
        (w, h), (aw, ah) = self.size, self.area
        xs, ys = self._starts(self.columns, w, aw), self._starts(self.rows, h, ah)
        return [
            (i, j, (x, y, min(w, x + aw), min(h, y + ah)))
            for j, y in enumerate(ys)
            for i, x in enumerate(xs)
        ]

    def marks(self) -> list[tuple[float, float]]:
        """Alignment mark centres (board mm), in the middle of every overlap."""
        (w, h), (aw, ah) = self.size, self.area
        xs, ys = self._starts(self.columns, w, aw), self._starts(self.rows, h, ah)
        points = []
        for i in range(self.columns - 1):
            cx = (xs[i + 1] + xs[i] + aw) / 2
            points += [(cx, y + f * min(ah, h - y)) for y in ys for f in (0.25, 0.75)]
        for j in range(self.rows - 1):
            cy = (ys[j + 1] + ys[j] + ah) / 2
            points += [(x + f * min(aw, w - x), cy) for x in xs for f in (0.25, 0.75)]
        return points


def tiling(size: tuple[float, float], paper: tuple[float, float]) -> Tiling:
    """The fewest pages, portrait or landscape, with at least OVERLAP mm between neighbours."""
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        aw, ah = pw - 2 * PAGE_MARGIN, ph - 2 * PAGE_MARGIN
        nx = 1 if size[0] <= aw else math.ceil((size[0] - OVERLAP) / (aw - OVERLAP))
        ny = 1 if size[1] <= ah else math.ceil((size[1] - OVERLAP) / (ah - OVERLAP))
        if best is None or nx * ny < best.columns * best.rows:
            best = Tiling(size, (pw, ph), nx, ny)
    return best


def marked(image: Image.Image, dpi: int, plan: Tiling) -> Image.Image:
    """The board image with the alignment marks of its pages drawn in the overlaps."""
    out = image.copy()
    draw = ImageDraw.Draw(out)
    r, line = px(3.0, dpi), max(2, px(0.3, dpi))
    for x, y in plan.marks():
        cx, cy = px(x, dpi), px(y, dpi)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline="black", width=line)
        draw.line((cx - 2 * r, cy, cx + 2 * r, cy), fill="black", width=line)
        draw.line((cx, cy - 2 * r, cx, cy + 2 * r), fill="black", width=line)
    return out


def page_labels(plan: Tiling, title: str) -> list[str]:
    """What each page of a cut board says above it, in the order of `plan.regions()`."""
    total = plan.columns * plan.rows
    return [title if total == 1 else f"{title} · page {n} of {total} · row {j + 1}, column {i + 1}"
            for n, (i, j, _) in enumerate(plan.regions(), start=1)]


def label(text: str, dpi: int) -> Image.Image:
    """A line of caption text on white, cropped to the text: LABEL_HEIGHT mm high, its
    left-middle being where the text is anchored."""
    f = fonts.font("sans", False, False, mm_to_px(3.0, dpi))
    height = px(LABEL_HEIGHT, dpi)
    image = Image.new("RGB", (max(1, math.ceil(f.getlength(text))), height), "white")
    ImageDraw.Draw(image).text((0, height / 2), text, font=f, fill="#555555", anchor="lm")
    return image


def page_pictures(board: Path, size: tuple[float, float], captions: list[tuple[Path, float]],
                  paper: tuple[float, float]) -> list[tuple[tuple[float, float], list]]:
    """The pages of a board too large to share one: (paper, pictures) each, the board image
    (`size` mm) placed once per page and clipped to that page's region, with its caption
    (a `label` image and its width in mm) in the top margin."""
    plan = tiling(size, paper)
    w, h = size
    out = []
    for (_, _, (x0, y0, x1, y1)), (caption, width) in zip(plan.regions(), captions, strict=True):
        left, top = PAGE_MARGIN - x0, PAGE_MARGIN - y0
        shown = (PAGE_MARGIN, PAGE_MARGIN, PAGE_MARGIN + x1 - x0, PAGE_MARGIN + y1 - y0)
        out.append((plan.paper, [
            Picture(board, (left, top, left + w, top + h), shown),
            _caption(caption, width, PAGE_MARGIN, PAGE_MARGIN / 2),
        ]))
    return out


def _caption(png: Path, width: float, x: float, middle: float):
    """A `label` image whose left-middle is at (x, middle) mm."""
    return Picture(png, (x, middle - LABEL_HEIGHT / 2, x + width, middle + LABEL_HEIGHT / 2))


def packable(size: tuple[float, float], paper: tuple[float, float]) -> bool:
    """Whether a board fits a page either way round with its title, so it can share one."""
    room = min(paper) - 2 * PAGE_MARGIN
    return size[0] <= room and size[1] + LABEL <= room


def pack(
    sizes: list[tuple[float, float]], paper: tuple[float, float]
) -> tuple[tuple[float, float], list[list[tuple[int, float, float]]]]:
    """Boards that each fit a page, several to a page: in order, left to right in rows, each
    with its title above. Returns the paper (portrait or landscape, whichever needs fewer
    pages) and per page (board index, x, y) of each board's top-left in millimetres."""
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        pages: list[list[tuple[int, float, float]]] = [[]]
        x = y = PAGE_MARGIN
        row = 0.0
        for i, (w, h) in enumerate(sizes):
            h += LABEL
            if x + w > pw - PAGE_MARGIN and pages[-1]:
                x, y, row = PAGE_MARGIN, y + row + GAP, 0.0
            if y + h > ph - PAGE_MARGIN and pages[-1]:
                pages.append([])
                x, y, row = PAGE_MARGIN, PAGE_MARGIN, 0.0
            pages[-1].append((i, x, y + LABEL))
            x, row = x + w + GAP, max(row, h)
        if best is None or len(pages) < len(best[1]):
            best = ((pw, ph), pages)
    return best


def sheet_pictures(boards: list[tuple[Path, tuple[float, float], Path, float, float, float]]
                   ) -> list:
    """A page of packed boards: (board image, its size in mm, its title's `label` image and
    width in mm, x, y) each, positions in millimetres; each title sits above its board."""
    pictures = []
    for image, (w, h), caption, width, x, y in boards:
        pictures.append(Picture(image, (x, y, x + w, y + h)))
        pictures.append(_caption(caption, width, x, y - LABEL / 2))
    return pictures
