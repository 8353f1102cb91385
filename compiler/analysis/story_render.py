"""Draw a story graph as DOT text, SVG or PNG (no system Graphviz): endings as octagons
(victory green, defeat red), the start marked, cards with diagnostics highlighted by their
worst severity, links labelled with their choice text, pass/fail or outcome."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import Literal
from xml.sax.saxutils import escape, quoteattr

import networkx as nx
from PIL import Image, ImageDraw, ImageFont

from compiler.analysis.story import card_links, card_order, story_graph
from compiler.analysis.story_layout import Layout, Route, layered_layout
from compiler.diagnostics import Diagnostic, Severity
from compiler.language.documents import Story

Format = Literal["dot", "svg", "png"]

_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_TITLE_CHARS = 24
_LABEL_CHARS = 22
_PNG_MAX_SIDE = 12_000
_PNG_MAX_PIXELS = 16_000_000


@dataclass(frozen=True)
class _Style:
    fill: str
    stroke: str
    stroke_width: float = 1.2
    dashed: bool = False


_KIND_FILL = {
    "event": "#ffffff",
    "choice": "#e3f2fd",
    "challenge": "#fff8e1",
    "battle": "#ede7f6",
}
_ENDING = {
    "victory": _Style("#a5d6a7", "#2e7d32", 2.0),
    "defeat": _Style("#ef9a9a", "#b71c1c", 2.0),
}
_OTHER_ENDING = _Style("#b3e5fc", "#0277bd", 2.0)
_PROBLEM = {
    Severity.ERROR: _Style("#ff8a80", "#c62828", 2.5),
    Severity.WARNING: _Style("#ffcc80", "#ef6c00", 2.5),
    Severity.INFO: _Style("#fff59d", "#f9a825", 2.0),
}
_MISSING = _Style("#ffffff", "#c62828", 1.5, dashed=True)
_START_STROKE = "#1565c0"


def render_story(story: Story, diagnostics: list[Diagnostic], fmt: Format) -> bytes:
    """The story's graph in `fmt`; cards some diagnostic is about (`Diagnostic.item` is the
    card key) are highlighted by their worst severity."""
    drawing = _Drawing.of(story, diagnostics)
    if fmt == "dot":
        return drawing.dot().encode()
    if fmt == "svg":
        return drawing.svg().encode()
    if fmt == "png":
        return drawing.png()
    raise ValueError(f"unknown story graph format {fmt!r}: use dot, svg or png")


def problem_cards(story: Story, diagnostics: list[Diagnostic]) -> dict[str, list[Diagnostic]]:
    """Card key -> the diagnostics about it, worst first."""
    found: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        if d.item in story.cards and d.severity in _RANK:
            found.setdefault(d.item, []).append(d)
    for items in found.values():
        items.sort(key=lambda d: (_RANK[d.severity], d.code))
    return found


@dataclass
class _Drawing:
    """The graph to draw (cards plus missing link targets) with each node's text and style."""

    story: Story
    graph: nx.DiGraph
    lines: dict[str, tuple[str, str]]  # node -> (heading, subtitle)
    tooltips: dict[str, str]
    styles: dict[str, _Style]
    labels: dict[tuple[str, str], str]

    @classmethod
    def of(cls, story: Story, diagnostics: list[Diagnostic]) -> _Drawing:
        graph = story_graph(story)
        problems = problem_cards(story, diagnostics)
        lines, tooltips, styles = {}, {}, {}
        for key, card in story.cards.items():
            kind = graph.nodes[key]["kind"]
            heading = key if kind == "event" else f"{key} · {card.ending or kind}"
            lines[key] = (heading, _shorten(card.title or card.text or "", _TITLE_CHARS))
            tip = [_clean(card.title or card.text or key)]
            tip += [
                f"{d.severity.value} {d.code}: {_clean(d.message)}" for d in problems.get(key, ())
            ]
            tooltips[key] = "\n".join(tip)
            if key in problems:
                styles[key] = _PROBLEM[problems[key][0].severity]
            elif card.ending is not None:
                styles[key] = _ENDING.get(card.ending, _OTHER_ENDING)
            else:
                styles[key] = _Style(_KIND_FILL[kind], "#546e7a")
        labels: dict[tuple[str, str], list[str]] = {}
        for key, card in story.cards.items():
            for link in card_links(card):
                if link.target not in story.cards and link.target not in graph:
                    graph.add_node(link.target, kind="missing", ending=None, title=None)
                    lines[link.target] = (link.target, "(missing card)")
                    tooltips[link.target] = f"card '{_clean(link.target)}' does not exist"
                    styles[link.target] = _MISSING
                if not graph.has_edge(key, link.target):
                    graph.add_edge(key, link.target, via=link.via)
                if link.text:
                    text = link.text
                else:  # goto needs no label; outcomes show just their name
                    text = "" if link.via == "goto" else link.via.removeprefix("outcome ")
                labels.setdefault((key, link.target), []).append(_shorten(text, _LABEL_CHARS))
        joined = {edge: " / ".join(t for t in texts if t) for edge, texts in labels.items()}
        return cls(story, graph, lines, tooltips, styles, joined)

    @property
    def start(self) -> str | None:
        return self.story.start if self.story.start in self.story.cards else None

    def is_ending(self, node: str) -> bool:
        return self.graph.nodes[node]["ending"] is not None

    # -- DOT -----------------------------------------------------------------------------------

    def dot(self) -> str:
        story = self.story
        out = [
            f"digraph {_dot(story.id)} {{",
            f"  graph [label={_dot(story.title)}, labelloc=t, fontname=Helvetica];",
            '  node [shape=box, style="rounded,filled", fontname=Helvetica, fontsize=11];',
            "  edge [fontname=Helvetica, fontsize=9];",
        ]
        start = self.start
        if start is not None:
            marker = _fresh("start", self.graph)
            out.append(f"  {_dot(marker)} [shape=plaintext, style=solid, label=start];")
            out.append(
                f"  {_dot(marker)} -> {_dot(start)} [penwidth=2, color={_dot(_START_STROKE)}];"
            )
        for node in sorted(self.graph, key=card_order):
            style = self.styles[node]
            heading, subtitle = self.lines[node]
            attrs = {
                "label": f"{heading}\n{subtitle}" if subtitle else heading,
                "fillcolor": style.fill,
                "color": _START_STROKE if node == start else style.stroke,
                "penwidth": "3" if node == start else f"{style.stroke_width:g}",
                "tooltip": self.tooltips[node],
            }
            if self.is_ending(node):
                attrs["shape"] = "doubleoctagon"
            if style.dashed:
                attrs["style"] = "dashed"
            out.append(f"  {_dot(node)} [{_dot_attrs(attrs)}];")
        for u, v in self.graph.edges:
            label = self.labels.get((u, v), "")
            attrs = {"label": label} if label else {}
            if self.graph.nodes[v]["kind"] == "missing":
                attrs.update(color="#c62828", style="dashed")
            suffix = f" [{_dot_attrs(attrs)}]" if attrs else ""
            out.append(f"  {_dot(u)} -> {_dot(v)}{suffix};")
        out.append("}")
        return "\n".join(out) + "\n"

    # -- layout shared by SVG and PNG -------------------------------------------------------------

    def layout(self) -> Layout:
        return layered_layout(self.graph, roots=[self.start] if self.start else [])

    # -- SVG ---------------------------------------------------------------------------------------

    def svg(self) -> str:
        lay = self.layout()
        w, h = math.ceil(lay.width), math.ceil(lay.height)
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="Helvetica, Arial, sans-serif" font-size="11">',
            f"<title>{escape(_clean(self.story.title))}</title>",
            "<defs>",
            '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
            'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            'fill="#455a64"/></marker>',
            "</defs>",
            '<rect width="100%" height="100%" fill="#ffffff"/>',
            '<g class="edges" fill="none" stroke="#455a64" stroke-width="1.2">',
        ]
        for route in lay.routes:
            out.append(self._svg_edge(route))
        out.append("</g>")
        for node, (cx, cy) in lay.centres.items():
            out.append(self._svg_node(node, cx, cy, lay))
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def _svg_edge(self, route: Route) -> str:
        p = route.points
        if route.back:
            d = f"M{_n(p[0])} C{_n(p[1])} {_n(p[2])} {_n(p[3])}"
        else:
            d = "M" + " L".join(_n(q) for q in p)
        dash = ' stroke-dasharray="5,4"' if route.back else ""
        colour = ' stroke="#c62828"' if self.graph.nodes[route.target]["kind"] == "missing" else ""
        parts = [f'<path d="{d}"{dash}{colour} marker-end="url(#arrow)"/>']
        label = self.labels.get((route.source, route.target))
        if label:
            x, y = _label_point(route)
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="9" fill="#37474f" stroke="#ffffff" '
                f'stroke-width="3" paint-order="stroke" text-anchor="middle">'
                f"{escape(_clean(label))}</text>"
            )
        return "".join(parts)

    def _svg_node(self, node: str, cx: float, cy: float, lay: Layout) -> str:
        style = self.styles[node]
        start = node == self.start
        stroke = _START_STROKE if start else style.stroke
        width = 3.0 if start else style.stroke_width
        paint = f'fill="{style.fill}" stroke="{stroke}" stroke-width="{width:g}"'
        if style.dashed:
            paint += ' stroke-dasharray="4,3"'
        hw, hh = lay.node_width / 2, lay.node_height / 2
        if self.is_ending(node):
            shape = (
                f'<polygon points="{" ".join(_n(q) for q in _octagon(cx, cy, hw, hh))}" {paint}/>'
            )
        else:
            shape = f'<rect x="{cx - hw:.1f}" y="{cy - hh:.1f}" width="{2 * hw:g}" height="{2 * hh:g}" rx="7" {paint}/>'
        heading, subtitle = self.lines[node]
        kind = "missing" if self.graph.nodes[node]["kind"] == "missing" else "card"
        parts = [
            f'<g class="{kind}" id={quoteattr(f"card-{_clean(node)}")}>',
            f"<title>{escape(self.tooltips[node])}</title>",
            shape,
            f'<text x="{cx:.1f}" y="{cy - 3 if subtitle else cy + 4:.1f}" text-anchor="middle" '
            f'font-weight="bold">'
            f"{escape(_clean(heading))}</text>",
        ]
        if subtitle:
            parts.append(
                f'<text x="{cx:.1f}" y="{cy + 12:.1f}" text-anchor="middle" fill="#263238">'
                f"{escape(_clean(subtitle))}</text>"
            )
        if start:
            parts.append(
                f'<text x="{cx:.1f}" y="{cy - hh - 6:.1f}" text-anchor="middle" '
                f'fill="{_START_STROKE}" font-weight="bold">start</text>'
            )
        parts.append("</g>")
        return "".join(parts)

    # -- PNG ---------------------------------------------------------------------------------------

    def png(self) -> bytes:
        lay = self.layout()
        scale = min(
            1.0,
            _PNG_MAX_SIDE / max(lay.width, 1.0),
            _PNG_MAX_SIDE / max(lay.height, 1.0),
            math.sqrt(_PNG_MAX_PIXELS / max(lay.width * lay.height, 1.0)),
        )
        size = (max(1, math.ceil(lay.width * scale)), max(1, math.ceil(lay.height * scale)))
        image = Image.new("RGB", size, "#ffffff")
        pen = _Pen(ImageDraw.Draw(image), scale)
        for route in lay.routes:
            missing = self.graph.nodes[route.target]["kind"] == "missing"
            colour = "#c62828" if missing else "#455a64"
            points = _bezier(route.points) if route.back else list(route.points)
            pen.polyline(points, colour, dashed=route.back)
            pen.arrowhead(points[-2], points[-1], colour)
            label = self.labels.get((route.source, route.target))
            if label:
                pen.text(_label_point(route), label, 9, "#37474f", backdrop="#ffffff")
        hw, hh = lay.node_width / 2, lay.node_height / 2
        for node, (cx, cy) in lay.centres.items():
            style = self.styles[node]
            start = node == self.start
            stroke = _START_STROKE if start else style.stroke
            width = 3.0 if start else style.stroke_width
            if self.is_ending(node):
                pen.polygon(_octagon(cx, cy, hw, hh), style.fill, stroke, width)
            else:
                pen.box(cx, cy, hw, hh, style.fill, stroke, width, dashed=style.dashed)
            heading, subtitle = self.lines[node]
            pen.text((cx, cy - 7 if subtitle else cy), heading, 11, "#000000")
            if subtitle:
                pen.text((cx, cy + 9), subtitle, 11, "#263238")
            if start:
                pen.text((cx, cy - hh - 9), "start", 11, _START_STROKE)
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=3)
        return buffer.getvalue()


class _Pen:
    """Pillow drawing in layout units, scaled; text is skipped once it would be unreadable."""

    def __init__(self, draw: ImageDraw.ImageDraw, scale: float):
        self.draw = draw
        self.scale = scale
        self.fonts: dict[int, ImageFont.ImageFont | ImageFont.FreeTypeFont] = {}

    def _at(self, p) -> tuple[float, float]:
        return (p[0] * self.scale, p[1] * self.scale)

    def _width(self, w: float) -> int:
        return max(1, round(w * self.scale))

    def polyline(self, points, colour: str, dashed: bool = False) -> None:
        pts = [self._at(p) for p in points]
        if not dashed:
            self.draw.line(pts, fill=colour, width=self._width(1.2))
            return
        dash = max(2.0, 5 * self.scale)
        for a, b in zip(pts, pts[1:], strict=False):
            length = math.dist(a, b)
            steps = max(1, int(length // dash))
            for i in range(0, steps, 2):
                t0, t1 = i / steps, min(1.0, (i + 1) / steps)
                self.draw.line(
                    [_lerp(a, b, t0), _lerp(a, b, t1)], fill=colour, width=self._width(1.2)
                )

    def arrowhead(self, before, tip, colour: str) -> None:
        (x0, y0), (x1, y1) = self._at(before), self._at(tip)
        angle = math.atan2(y1 - y0, x1 - x0)
        size = max(3.0, 8 * self.scale)
        left = (x1 - size * math.cos(angle - 0.4), y1 - size * math.sin(angle - 0.4))
        right = (x1 - size * math.cos(angle + 0.4), y1 - size * math.sin(angle + 0.4))
        self.draw.polygon([(x1, y1), left, right], fill=colour)

    def polygon(self, points, fill: str, stroke: str, width: float) -> None:
        self.draw.polygon(
            [self._at(p) for p in points], fill=fill, outline=stroke, width=self._width(width)
        )

    def box(self, cx, cy, hw, hh, fill: str, stroke: str, width: float, dashed: bool) -> None:
        x0, y0 = self._at((cx - hw, cy - hh))
        x1, y1 = self._at((cx + hw, cy + hh))
        if dashed:
            self.draw.rectangle([x0, y0, x1, y1], fill=fill)
            corners = [
                (cx - hw, cy - hh),
                (cx + hw, cy - hh),
                (cx + hw, cy + hh),
                (cx - hw, cy + hh),
            ]
            self.polyline([*corners, corners[0]], stroke, dashed=True)
            return
        self.draw.rounded_rectangle(
            [x0, y0, x1, y1],
            radius=7 * self.scale,
            fill=fill,
            outline=stroke,
            width=self._width(width),
        )

    def text(
        self, centre, text: str, size: float, colour: str, backdrop: str | None = None
    ) -> None:
        px = round(size * self.scale)
        if px < 6 or not text:
            return
        font = self._font(px)
        if not isinstance(font, ImageFont.FreeTypeFont):
            # Pillow's bitmap fallback font encodes text as Latin-1.
            text = text.encode("latin-1", "replace").decode("latin-1")
        left, top, right, bottom = self.draw.textbbox((0, 0), text, font=font)
        x, y = self._at(centre)
        x, y = x - (left + right) / 2, y - (top + bottom) / 2
        if backdrop is not None:
            self.draw.rectangle(
                [x + left - 2, y + top - 1, x + right + 2, y + bottom + 1], fill=backdrop
            )
        self.draw.text((x, y), text, font=font, fill=colour)

    def _font(self, px: int):
        if px not in self.fonts:
            self.fonts[px] = ImageFont.load_default(size=px)
        return self.fonts[px]


# -- helpers -------------------------------------------------------------------------------------


def _clean(text: str) -> str:
    """Text safe in XML and DOT: no control characters."""
    return _CONTROL.sub("", text)


def _shorten(text: str, limit: int) -> str:
    words = " ".join(_clean(text).split())
    if len(words) <= limit:
        return words
    cut = words[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,.;:") + "…"


def _dot(text: str) -> str:
    """A DOT quoted string. Backslashes become '⧵': Graphviz reads `\\"` as an escaped quote."""
    text = _clean(text.replace("\\", "⧵")).replace('"', '\\"').replace("\n", "\\n")
    return f'"{text}"'


def _dot_attrs(attrs: dict[str, str]) -> str:
    return ", ".join(f"{name}={_dot(value)}" for name, value in attrs.items())


def _fresh(base: str, taken) -> str:
    name = base
    while name in taken:
        name = f"_{name}"
    return name


def _n(p) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


def _octagon(cx: float, cy: float, hw: float, hh: float) -> list[tuple[float, float]]:
    c = min(hw, hh) * 0.45
    return [
        (cx - hw + c, cy - hh), (cx + hw - c, cy - hh), (cx + hw, cy - hh + c), (cx + hw, cy + hh - c),
        (cx + hw - c, cy + hh), (cx - hw + c, cy + hh), (cx - hw, cy + hh - c), (cx - hw, cy - hh + c),
    ]  # fmt: skip


def _lerp(a, b, t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _bezier(p, steps: int = 16) -> list[tuple[float, float]]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        s = 1 - t
        out.append((
            s**3 * p[0][0] + 3 * s * s * t * p[1][0] + 3 * s * t * t * p[2][0] + t**3 * p[3][0],
            s**3 * p[0][1] + 3 * s * s * t * p[1][1] + 3 * s * t * t * p[2][1] + t**3 * p[3][1],
        ))  # fmt: skip
    return out


def _label_point(route: Route) -> tuple[float, float]:
    """Beside the edge near its source: forward edges halfway down their first segment, back
    edges at the middle of their bulge."""
    p = route.points
    if route.back:
        return _bezier(p, 2)[1]
    x, y = _lerp(p[0], p[1], 0.45)
    return (x, y + 3)
