"""Draw one card face: a layout's boxes over its background, for one card's values, at a
`CardGeometry` (trim + bleed at a DPI). Returns the RGB image and the preflight issues.

A `Face` carries only what drawing needs (the layout, the values it reads, the icons and
the pack's folder), so it pickles cheaply to a worker process, and `face_key` hashes
exactly that, plus the image files it reads, into the cache key.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from compiler.language.documents import Box, IconShape, Layout
from compiler.validate import suggest
from printkit import fonts, markup, text
from printkit.content import box_text, format_value, number, paint, visible
from printkit.geometry import CardGeometry, mm_to_px
from printkit.icons import IconSource, aspect, icon_image, open_image
from printkit.preflight import Issue, box_fields

RENDER_VERSION = 3  # bump when drawing changes, so caches re-render
MAX_CELLS = 100  # pips or squares one stat bar draws
PRINT_DPI = 300  # images below this effective resolution print soft
LABEL_ROOM = 0.72  # of a cell's width a label may fill: digits in narrow cells need air


@dataclass(frozen=True)
class Face:
    """One side of a card to draw."""

    layout: Layout
    values: dict[str, Any]
    geometry: CardGeometry
    icons: dict[str, IconSource] = field(default_factory=dict)
    root: Path = Path(".")


@dataclass(frozen=True)
class _Label:
    """A single line of text centred in a cell (table cells, stat bar steps)."""

    text: str
    cell: tuple[float, float, float, float]
    color: str
    bold: bool = True


def face_key(face: Face, layout_json: str | None = None) -> str:
    """A hash of everything the face's pixels depend on (files by size and time)."""
    layout_json = layout_json or face.layout.model_dump_json()
    files = {
        name: _stat(face.root / name)
        for box in face.layout.boxes
        if box.type == "image" and (name := box_text(box, face.values))
    }
    icons = {
        name: src.model_dump(mode="json") if isinstance(src, IconShape) else _stat(src)
        for name, src in sorted(face.icons.items())
    }
    payload = json.dumps(
        [
            RENDER_VERSION,
            fonts.fonts_id(),
            layout_json,
            face.values,
            asdict(face.geometry),
            files,
            icons,
        ],
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def _stat(path: Path) -> list | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [str(path), st.st_size, st.st_mtime_ns]


def render(face: Face) -> tuple[Image.Image, list[Issue]]:
    """The face as an RGB image of `geometry.size_px`, and what preflight found."""
    g = face.geometry
    image = Image.new("RGB", g.size_px, paint(face.layout.background, face.values) or "white")
    painter = _Painter(face, image)
    for index, box in enumerate(face.layout.boxes):
        if visible(box, face.values):
            painter.box(index, box)
    return image, painter.issues


def references(face: Face) -> list[Issue]:
    """What the face refers to but cannot find, found without drawing: icons its text or
    icon boxes name that are not declared, image files (its own and its icons') that are
    missing, characters the font lacks. `gamesmith check` runs this; overflow needs drawing."""
    checker = _Reporter(face)
    for index, box in enumerate(face.layout.boxes):
        if visible(box, face.values):
            checker.references(index, box)
    return checker.issues


class _Reporter:
    """Preflight issues of one face, each blamed on the card field or the layout box."""

    def __init__(self, face: Face) -> None:
        self.face = face
        self.g = face.geometry
        self.issues: list[Issue] = []
        self.layout_id = face.layout.id

    def references(self, index: int, box: Box) -> None:
        content = box_text(box, self.face.values)
        if content is None:
            return
        icons = self.face.icons
        if box.type == "text":
            family, bold, italic = fonts.parse_name(box.font)
            paragraphs = markup.parse(content, bold, italic)
            named = {r.icon for p in paragraphs for r in p if r.icon}
            self._glyphs(index, box, family, paragraphs)
        elif box.type == "icon":
            named = {content}
        else:
            named = set()
            if box.type == "image" and not (self.face.root / content).is_file():
                from_field = box.field is not None or (box.text is not None and "{" in box.text)
                self.issue("GS703", index, box, f"image '{content}' is missing", about_card=from_field)
        for name in sorted(named):
            if name not in icons:
                what = f"text names icon ':{name}:'" if box.type == "text" else f"icon '{name}'"
                # an icon written in the layout's own template is the layout's to fix
                in_layout = bool(box.text) and f":{name}:" in box.text
                self.issue("GS705", index, box, f"{what}, which is not declared",
                           hint=_icon_hint(name, icons), about_card=not in_layout)
            elif isinstance(icons[name], Path) and not icons[name].is_file():
                self.issue("GS703", index, box, f"icon ':{name}:' image {icons[name]} is missing",
                           about_card=False)

    def _glyphs(self, index: int, box: Box, family: str, paragraphs) -> None:
        glyphs = [
            ch
            for p in paragraphs
            for r in p
            if r.text
            for ch in fonts.missing(family, r.bold, r.italic, r.text)
        ]
        if glyphs:
            shown = " ".join(dict.fromkeys(glyphs))
            self.issue(
                "GS708",
                index,
                box,
                f"the font has no glyph for {shown}",
                hint="write it another way, or use an icon",
            )

    def issue(
        self,
        code: str,
        index: int,
        box: Box,
        message: str,
        hint: str | None = None,
        about_card: bool = True,
    ):
        field = self._blamed(box)
        self.issues.append(
            Issue(
                code,
                message,
                field=field if about_card else None,
                layout=self.layout_id,
                path=("boxes", index),
                hint=hint,
            )
        )

    def _blamed(self, box: Box) -> str | None:
        """The field a box's problem is about: the first it reads that this card fills."""
        fields = box_fields(box)
        filled = [f for f in fields if format_value(self.face.values.get(f)) is not None]
        return (filled or fields or [None])[0]



class _Painter(_Reporter):
    def __init__(self, face: Face, image: Image.Image) -> None:
        super().__init__(face)
        self.image = image
        self.draw = ImageDraw.Draw(image)

    def mm(self, value: float) -> float:
        return mm_to_px(value, self.g.dpi)

    def box(self, index: int, box: Box) -> None:
        values = self.face.values
        rect = self.g.rect(box.x, box.y, box.w, box.h)
        if box.type in ("rect", "image"):
            rect = self._bleed(box, rect)
        content = box_text(box, values)
        if content is None and (
            box.type not in ("rect", "ellipse", "table") or box.field or box.text
        ):
            return
        fill, stroke = paint(box.fill, values), paint(box.stroke, values)
        if box.type == "ellipse":
            self.draw.ellipse(
                _int(rect), fill=fill, outline=stroke, width=self._stroke(box, stroke)
            )
            return
        if (fill or stroke) and box.type not in ("stat-bar", "table", "grid"):  # these colour cells
            self._panel(box, rect, fill, stroke)
        if box.type == "rect":
            return
        pad = self.mm(box.padding)
        inner = (rect[0] + pad, rect[1] + pad, rect[2] - pad, rect[3] - pad)
        draw = {
            "text": self._text,
            "image": self._image,
            "icon": self._icon_box,
            "stat-bar": self._stat_bar,
            "table": self._table,
            "grid": self._grid,
        }[box.type]
        draw(index, box, inner, content)

    def _bleed(self, box: Box, rect: tuple) -> tuple:
        """Extend a flat rect's or an image's edges that lie on the trim out to the bleed."""
        if box.radius or (box.type == "rect" and box.stroke):
            return rect
        g, eps = self.g, 1e-6
        left, top, right, bottom = rect
        w, h = g.size_px
        return (
            0 if box.x <= eps else left,
            0 if box.y <= eps else top,
            w if box.x + box.w >= g.width - eps else right,
            h if box.y + box.h >= g.height - eps else bottom,
        )

    def _stroke(self, box: Box, stroke: str | None) -> int:
        return max(1, round(self.mm(box.stroke_width))) if stroke else 0

    def _panel(self, box: Box, rect: tuple, fill: str | None, stroke: str | None) -> None:
        width = self._stroke(box, stroke)
        if box.radius:
            self.draw.rounded_rectangle(
                _int(rect), radius=self.mm(box.radius), fill=fill, outline=stroke, width=width
            )
        else:
            self.draw.rectangle(_int(rect), fill=fill, outline=stroke, width=width)

    # -- content -----------------------------------------------------------------------

    def _text(self, index: int, box: Box, rect: tuple, content: str) -> None:
        family, bold, italic = fonts.parse_name(box.font)
        width, height = rect[2] - rect[0], rect[3] - rect[1]
        paragraphs = markup.parse(content, bold, italic)
        unknown = sorted(
            {r.icon for p in paragraphs for r in p if r.icon and r.icon not in self.face.icons}
        )
        self._glyphs(index, box, family, paragraphs)
        for name in unknown:
            self.issue(
                "GS705",
                index,
                box,
                f"text names icon ':{name}:', which is not declared",
                hint=_icon_hint(name, self.face.icons),
            )
        block = text.layout(
            paragraphs,
            width,
            height,
            family=family,
            size=box.size,
            min_size=box.min_size,
            dpi=self.g.dpi,
            line_height=box.line_height,
            wrap=box.wrap,
            align=box.align,
            valign=box.valign,
            aspect=self._aspect,
        )
        if block.overflow:
            what = f"field '{field}'" if (field := self._blamed(box)) else "text"
            self.issue(
                "GS701",
                index,
                box,
                f"{what} overflows its {box.w:g}×{box.h:g} mm box even at {block.size:g} pt",
                hint="shorten the text, enlarge the box or lower `min-size`",
            )
        color = paint(box.color, self.face.values) or "black"
        missing = text.draw(self.image, block, (rect[0], rect[1]), color, self._icon)
        for name in sorted(set(missing) - set(unknown)):
            self.issue(
                "GS703",
                index,
                box,
                f"icon ':{name}:' image {self.face.icons[name]} cannot be read",
                about_card=False,
            )
        if block.overflow:
            return  # the overflow is the problem to fix; where its ink lands is not
        left, top, right, bottom = block.bounds
        self._safe(index, box, (rect[0] + left, rect[1] + top, rect[0] + right, rect[1] + bottom))

    def _image(self, index: int, box: Box, rect: tuple, content: str) -> None:
        path = self.face.root / content
        # a card's field may name any path, and a link may point anywhere: read only the pack
        inside = path.resolve().is_relative_to(Path(self.face.root).resolve())
        picture = open_image(path) if inside else None
        from_field = box.field is not None or (box.text is not None and "{" in box.text)
        if picture is None:
            self.issue(
                "GS703",
                index,
                box,
                f"image '{content}' is {'missing or unreadable' if inside else 'outside the pack'}",
                about_card=from_field,
            )
            self._placeholder(rect, content)
            return
        w, h = max(1, round(rect[2] - rect[0])), max(1, round(rect[3] - rect[1]))
        scale = (max if box.fit == "fill" else min)(w / picture.width, h / picture.height)
        effective = self.g.dpi / scale
        if effective < PRINT_DPI - 0.5:
            self.issue(
                "GS704",
                index,
                box,
                f"image '{content}' prints at {effective:.0f} DPI "
                f"({picture.width}×{picture.height} px)",
                hint=f"use one at least {round(picture.width * PRINT_DPI / effective)} px wide",
                about_card=from_field,
            )
        size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
        resized = picture.resize(size, Image.Resampling.LANCZOS)
        if box.fit == "fill":
            left, top = (size[0] - w) // 2, (size[1] - h) // 2
            resized = resized.crop((left, top, left + w, top + h))
            at = (round(rect[0]), round(rect[1]))
        else:
            at = (
                round(rect[0] + _offset(box.align, w - size[0])),
                round(rect[1] + _offset(box.valign, h - size[1])),
            )
        self.image.paste(resized, at, resized)

    def _icon(self, name: str, w: int, h: int) -> Image.Image | None:
        source = self.face.icons.get(name)
        return None if source is None else icon_image(source, w, h)

    def _aspect(self, name: str) -> float:
        source = self.face.icons.get(name)
        return (aspect(source) if source is not None else None) or 1.0

    def _icon_box(self, index: int, box: Box, rect: tuple, content: str) -> None:
        if content not in self.face.icons:
            self.issue(
                "GS705",
                index,
                box,
                f"icon '{content}' is not declared",
                hint=_icon_hint(content, self.face.icons),
            )
            return
        w, h = rect[2] - rect[0], rect[3] - rect[1]
        ratio = self._aspect(content)
        iw, ih = (w, w / ratio) if w / ratio <= h else (h * ratio, h)
        picture = self._icon(content, round(iw), round(ih))
        if picture is None:
            self.issue(
                "GS703", index, box, f"icon '{content}' image cannot be read", about_card=False
            )
            return
        at = (
            round(rect[0] + _offset(box.align, w - iw)),
            round(rect[1] + _offset(box.valign, h - ih)),
        )
        self.image.paste(picture, at, picture)
        self._safe(index, box, (at[0], at[1], at[0] + iw, at[1] + ih))

    def _stat_bar(self, index: int, box: Box, rect: tuple, content: str) -> None:
        values = self.face.values
        value = number(values.get(box.field)) if box.field else number(content)
        if value is None:
            return
        top = box.max
        if top is None and box.max_field:
            top = number(values.get(box.max_field))
        top = int(top if top is not None else value)
        color = paint(box.color, values) or "black"
        accent = paint(box.fill, values) or color
        x0, y0, x1, y1 = rect
        if box.style == "bar":
            share = min(1.0, max(0.0, (value - box.min) / max(1, top - box.min)))
            r = (y1 - y0) / 2
            self.draw.rounded_rectangle(
                _int(rect), radius=r, outline=color, width=max(1, round(self.mm(0.3)))
            )
            if share > 0:
                self.draw.rounded_rectangle(
                    _int((x0, y0, x0 + (x1 - x0) * share, y1)), radius=r, fill=accent
                )
            label = _Label(f"{value:g}", rect, "white" if share > 0.5 else color)
            self._labels(index, box, [label])
            return
        count = top - box.min + 1 if box.style == "track" else top
        if count > MAX_CELLS:  # a card's value of a billion would never finish drawing
            self.issue("GS711", index, box, f"the stat bar would draw {count:,} "
                       f"{'pips' if box.style == 'pips' else 'squares'}; at most {MAX_CELLS}",
                       hint="give the box a `max:`, or use `style: bar`",
                       about_card=box.max is None)
            return
        cells = list(range(box.min, top + 1)) if box.style == "track" else list(range(1, top + 1))
        horizontal = (x1 - x0) >= (y1 - y0)
        step = ((x1 - x0) if horizontal else (y1 - y0)) / max(1, len(cells))
        line = max(1, round(self.mm(0.25)))
        labels = []
        for i, cell in enumerate(cells):
            a = (
                (x0 + i * step, y0, x0 + (i + 1) * step, y1)
                if horizontal
                else (x0, y0 + i * step, x1, y0 + (i + 1) * step)
            )
            if box.style == "pips":
                d = min(a[2] - a[0], a[3] - a[1]) * 0.8
                cx, cy = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
                pip = (cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2)
                self.draw.ellipse(
                    _int(pip), fill=accent if cell <= value else None, outline=color, width=line
                )
            else:
                on = cell == value
                self.draw.rectangle(_int(a), fill=accent if on else None, outline=color, width=line)
                labels.append(_Label(str(cell), a, "white" if on else color))
        self._labels(index, box, labels)
        self._safe(index, box, rect)

    def _table(self, index: int, box: Box, rect: tuple, content: str | None) -> None:
        values = self.face.values
        rows = [(r.label, values.get(r.field)) for r in box.rows] or [("", values.get(box.field))]
        rows = [(label, _as_table(v)) for label, v in rows if _as_table(v)]
        if not rows:
            return
        keys = list(dict.fromkeys(k for _, t in rows for k in t))
        labelled = bool(box.label) or any(label for label, _ in rows)
        header = ([box.label or ""] if labelled else []) + [box.labels.get(k, k) for k in keys]
        body = [
            ([label] if labelled else []) + [_cell(t.get(k)) for k in keys] for label, t in rows
        ]
        x0, y0, x1, y1 = rect
        row_h = (y1 - y0) / (len(rows) + 1)
        # Columns share the width by their widest label, plus an em of air each: long row
        # labels get room, and the value columns stay alike.
        em = row_h * 0.6
        weights = [
            max(self._natural_width(cells[c], em) for cells in (header, *body)) + em
            for c in range(len(header))
        ]
        unit = (x1 - x0) / sum(weights)
        edges = [x0]
        for w in weights:
            edges.append(edges[-1] + w * unit)
        color = paint(box.color, values) or "black"
        header_fill = paint(box.fill, values)
        line = max(1, round(self.mm(max(box.stroke_width, 0.2))))
        grid = paint(box.stroke, values) or color
        labels = []
        for r, cells in enumerate([header, *body]):
            for c, value in enumerate(cells):
                cell = (edges[c], y0 + r * row_h, edges[c + 1], y0 + (r + 1) * row_h)
                self.draw.rectangle(
                    _int(cell),
                    fill=header_fill if r == 0 and header_fill else None,
                    outline=grid,
                    width=line,
                )
                ink = "white" if r == 0 and header_fill else color
                labels.append(_Label(value, cell, ink, bold=r == 0 or (labelled and c == 0)))
        self._labels(index, box, labels)
        self._safe(index, box, rect)

    def _grid(self, index: int, box: Box, rect: tuple, content: str) -> None:
        rows = self.face.values.get(box.field) if box.field else None
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            return
        values = self.face.values
        columns = max(len(r) for r in rows)
        x0, y0, x1, y1 = rect
        cell = min((x1 - x0) / columns, (y1 - y0) / len(rows))
        left = x0 + _offset(box.align, (x1 - x0) - cell * columns)
        top = y0 + _offset(box.valign, (y1 - y0) - cell * len(rows))
        outline = paint(box.stroke, values) or paint(box.color, values) or "black"
        marked = paint(box.fill, values) or "#555555"
        line = max(1, round(self.mm(max(box.stroke_width, 0.25))))
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == " ":
                    continue  # not part of the grid
                colour = box.palette.get(ch, None if ch == "." else marked)
                square = (
                    left + c * cell,
                    top + r * cell,
                    left + (c + 1) * cell,
                    top + (r + 1) * cell,
                )
                self.draw.rectangle(_int(square), fill=colour, outline=outline, width=line)
        self._safe(index, box, (left, top, left + cell * columns, top + cell * len(rows)))

    def _labels(self, index: int, box: Box, labels: list[_Label]) -> None:
        """Single lines centred in their cells, all at one size: the largest (at most 60% of
        the lowest cell's height) at which each fits in LABEL_ROOM of its cell's width, and not
        below the box's `min-size` (GS701 when one does not fit even there)."""
        labels = [label for label in labels if label.text]
        if not labels:
            return
        cap = min(label.cell[3] - label.cell[1] for label in labels) * 0.6 * 72 / self.g.dpi
        floor = min(box.min_size, cap)
        blocks = [self._fit_label(label, cap, floor) for label in labels]
        size = min(block.size for block in blocks)
        if any(block.overflow for block in blocks):
            self.issue(
                "GS701",
                index,
                box,
                f"{box.type} labels do not fit their cells even at {size:g} pt",
                hint="widen the box, shorten the labels (`labels:`) or lower `min-size`",
            )
        for label, block in zip(labels, blocks, strict=True):
            if block.size != size:
                block = self._fit_label(label, size, size)
            self._draw_label(label, block)

    def _natural_width(self, value: str, size_px: float) -> float:
        """The width of a bold single line at `size_px` pixels, unwrapped."""
        if not value:
            return 0.0
        size = size_px * 72 / self.g.dpi
        return max(line.width for line in self._line(value, True, 1e9, 1e9, size, size).lines)

    def _draw_label(self, label: _Label, block: text.Block) -> None:
        x0, y0, x1, y1 = label.cell
        origin = (x0 + (x1 - x0) * (1 - LABEL_ROOM) / 2, y0 + (y1 - y0) * 0.1)
        text.draw(self.image, block, origin, label.color, self._icon)

    def _fit_label(self, label: _Label, size: float, min_size: float) -> text.Block:
        w, h = label.cell[2] - label.cell[0], label.cell[3] - label.cell[1]
        return self._line(label.text, label.bold, w * LABEL_ROOM, h * 0.8, size, min_size)

    def _line(
        self, value: str, bold: bool, width: float, height: float, size: float, min_size: float
    ) -> text.Block:
        """`value` as one centred line of the sans font, shrunk from `size` to fit."""
        return text.layout(
            markup.parse(value, bold),
            width,
            height,
            family="sans",
            size=size,
            min_size=min_size,
            dpi=self.g.dpi,
            wrap=False,
            align="center",
            valign="middle",
            aspect=self._aspect,
        )

    def _placeholder(self, rect: tuple, name: str) -> None:
        self.draw.rectangle(_int(rect), fill="#e2e2e2", outline="#9a9a9a", width=2)
        self.draw.line(_int(rect), fill="#9a9a9a", width=2)
        self.draw.line(_int((rect[0], rect[3], rect[2], rect[1])), fill="#9a9a9a", width=2)
        middle, half = (rect[1] + rect[3]) / 2, self.mm(2.5)
        band = (rect[0], middle - half, rect[2], middle + half)
        label = _Label(Path(name).name, band, "#555555", bold=False)
        self._draw_label(label, self._fit_label(label, 8, 4))

    def _safe(self, index: int, box: Box, ink: tuple) -> None:
        sx0, sy0, sx1, sy1 = self.g.safe_rect
        if ink[0] < sx0 - 0.5 or ink[1] < sy0 - 0.5 or ink[2] > sx1 + 0.5 or ink[3] > sy1 + 0.5:
            self.issue(
                "GS702",
                index,
                box,
                f"{box.type} content crosses the safe zone ({self.g.safe:g} mm inside the trim)",
                hint="shorten the content or move the box inward",
            )


def _as_table(value: Any) -> dict:
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, list):
        return {str(i + 1): v for i, v in enumerate(value)}
    return {}


def _cell(value: Any) -> str:
    return format_value(value) or "–"


def _offset(align: str, room: float) -> float:
    return {"left": 0.0, "top": 0.0, "center": room / 2, "middle": room / 2}.get(align, room)


def _int(rect) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = (round(v) for v in rect)
    return x0, y0, max(x0, x1 - 1), max(y0, y1 - 1)


def _icon_hint(name: str, known) -> str | None:
    return suggest(name, sorted(known)) or "declare it in a layout's `icons:` or game.yaml `icons:`"
