"""Preflight: what would print badly, per card and field, as compiler diagnostics.

Rendering reports `Issue`s (plain, picklable, cached beside the image); `Locator` points
each at what a designer fixes: the card's field in its cards file when the problem is the
card's data, else the layout box (or the card type). Codes: GS701 text overflow, GS702
safe zone, GS703 missing image or icon file, GS704 low effective DPI, GS705 unknown icon,
GS706 unknown layout field, GS707 unknown card size, GS708 a character the font lacks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace

from compiler.cardtypes import BUILT_IN
from compiler.diagnostics import CATALOGUE, Location, Report, Severity
from compiler.language.documents import Box, CardType, Layout
from compiler.link import apply_suppressions
from compiler.validate import suggest
from printkit import fonts
from printkit.content import CONTEXT, referenced, template_fields
from printkit.geometry import CardGeometry


@dataclass(frozen=True)
class Issue:
    """A print problem. `field` set: about that field of `card`; `layout`/`card_type` with
    `path`: the place in that document to fix when no card field is to blame."""

    code: str
    message: str
    card: str | None = None
    field: str | None = None
    layout: str | None = None
    card_type: str | None = None
    path: tuple = ()
    hint: str | None = None

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Issue:
        return cls(**{**data, "path": tuple(data.get("path", ()))})

    def for_card(self, card: str | None) -> Issue:
        """The issue as one card's: only issues about a field belong to a card."""
        return replace(self, card=card) if self.field is not None else self


def box_fields(box: Box) -> list[str]:
    """The fields a box reads for its content, first the one it is about."""
    names = [n for n in (box.field, box.max_field) if n] + [r.field for r in box.rows]
    return names + (template_fields(box.text) if box.text else [])


def check_layout(layout: Layout, card_type: CardType, geometry: CardGeometry) -> list[Issue]:
    """Problems of the layout itself: fields the card type lacks, content boxes that cross
    the safe zone (rects, ellipses and images may run to the bleed)."""
    issues = []
    known = set(card_type.fields) | BUILT_IN | set(CONTEXT)
    for name in sorted(referenced(layout) - known):
        index = next((i for i, b in enumerate(layout.boxes) if name in box_fields(b)), None)
        issues.append(
            Issue(
                "GS706",
                f"layout '{layout.id}' reads field '{name}', "
                f"which card type '{card_type.id}' does not have",
                layout=layout.id,
                path=("boxes", index) if index is not None else (),
                hint=suggest(name, sorted(known)),
            )
        )
    for name, icon in layout.icons.items():
        glyphs = fonts.missing("sans", True, False, icon.label or "")
        if glyphs:
            issues.append(
                Issue(
                    "GS708",
                    f"icon '{name}' has a label the font cannot draw: {' '.join(glyphs)}",
                    layout=layout.id,
                    path=("icons", name, "label"),
                    hint="use letters, digits or no label",
                )
            )
    safe = geometry.safe
    right, bottom = geometry.width - safe, geometry.height - safe
    for i, box in enumerate(layout.boxes):
        if box.type in ("rect", "ellipse", "image"):
            continue
        eps = 1e-6
        if (
            box.x < safe - eps
            or box.y < safe - eps
            or box.x + box.w > right + eps
            or box.y + box.h > bottom + eps
        ):
            issues.append(
                Issue(
                    "GS702",
                    f"layout '{layout.id}' box {i + 1} ({box.type}) crosses the safe zone, "
                    f"{safe:g} mm inside the {geometry.width:g}×{geometry.height:g} mm trim",
                    layout=layout.id,
                    path=("boxes", i),
                    hint=f"keep it within x {safe:g}–{right:g} mm and y {safe:g}–{bottom:g} mm",
                )
            )
    return issues


def merge(issues: Iterable[Issue]) -> list[Issue]:
    """Issues without repeats, and without per-card safe-zone reports for boxes that the
    layout check reports as a whole."""
    issues = list(issues)
    whole = {(i.layout, i.path) for i in issues if i.code == "GS702" and i.field is None}
    seen: set[Issue] = set()
    out = []
    for issue in issues:
        if issue in seen or (
            issue.code == "GS702" and issue.field and (issue.layout, issue.path) in whole
        ):
            continue
        seen.add(issue)
        out.append(issue)
    return out


class Locator:
    """Where issues point in the content, from the compiler's validated units."""

    def __init__(self, units) -> None:
        self._units = units
        self._cards = {}
        self._docs: dict[tuple[str, str], object] = {}
        self._game = None
        for u in units:
            if u.kind == "game":
                self._game = u.doc
                continue
            self._docs.setdefault((u.kind, u.model.id), u.doc)
            if u.kind == "cards":
                for i, card in enumerate(u.model.cards):
                    self._cards.setdefault(card.id, (u.doc, i))

    def locate(self, issue: Issue) -> Location:
        if issue.card in self._cards and issue.field:
            doc, index = self._cards[issue.card]
            return doc.location(("cards", index, issue.field))
        for kind, id_ in (("layout", issue.layout), ("card-type", issue.card_type)):
            if (kind, id_) in self._docs:
                return self._docs[kind, id_].location(issue.path)
        if issue.card in self._cards:
            doc, index = self._cards[issue.card]
            return doc.location(("cards", index, "id"))
        return self._game.location(()) if self._game is not None else Location("")

    def report(self, issues: Iterable[Issue], severity: dict[str, str]) -> Report:
        """The issues as a report, with suppressions and the game's severity overrides."""
        rep = Report()
        for issue in issues:
            message = f"card '{issue.card}': {issue.message}" if issue.card else issue.message
            rep.add(
                CATALOGUE[issue.code](message, self.locate(issue), hint=issue.hint, item=issue.card)
            )
        apply_suppressions(rep, self._units)
        rep.apply_overrides({code: Severity(sev) for code, sev in severity.items()})
        return rep
