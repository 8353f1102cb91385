"""What a layout box shows for one card: field values, templates, picked colours and
conditions, read from a plain dict of the card's values (`face_values`).

A template names fields in braces, `{cost} coins`, with an optional format for numbers,
`{bonus:+d}`; `{{` and `}}` are literal braces. A template line that names a missing or
empty field is left out, and a box left with nothing to show is not drawn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from compiler.expressions import EvaluationError, compile_expression
from compiler.language.documents import Box, Card, Cards, CardType, Game, Layout, Pick
from compiler.language.names import LAYOUT_CONTEXT

FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)(?::([^{}]*))?\}")
CONTEXT = tuple(LAYOUT_CONTEXT)
"""Names a layout may read beside the card's fields (a card field of the same name wins)."""


def face_values(
    card: Card, deck: Cards, card_type: CardType, game: Game, names: Mapping[str, str]
) -> dict[str, Any]:
    """Everything a layout may read for `card` of `deck`, as plain JSON data. References
    show what they name: `names` maps ids (of cards, decks, boards…) to printed names."""
    values: dict[str, Any] = {"deck_name": deck.name or deck.id, "game_title": game.title}
    values.update(card.model_dump(mode="json", by_alias=True))
    for name, spec in card_type.fields.items():
        value = values.get(name)
        if spec.type == "ref" and isinstance(value, str):
            values[name] = names.get(value, value)
        elif spec.type in ("list", "map") and spec.of == "ref" and isinstance(value, list | dict):
            values[name] = (
                [names.get(v, v) for v in value]
                if isinstance(value, list)
                else {k: names.get(v, v) for k, v in value.items()}
            )
    return values


def template_fields(template: str) -> list[str]:
    return [m.group(1) for m in FIELD.finditer(template) if m.group(1)]


def fill(
    template: str, values: dict[str, Any], join: str = ", ", labels: Mapping[str, str] = {}
) -> str | None:
    """The template with its fields filled in (values shown through `labels`). A line naming
    a missing or empty field is left out; None when no line is left."""
    lines = [
        line
        for t in template.split("\n")
        if (line := _fill_line(t, values, join, labels)) is not None
    ]
    return "\n".join(lines) if lines else None


def _fill_line(
    template: str, values: dict[str, Any], join: str, labels: Mapping[str, str]
) -> str | None:
    missing = False

    def sub(m: re.Match) -> str:
        nonlocal missing
        if m.group(1) is None:
            return m.group(0)[0]
        text = format_value(values.get(m.group(1)), join, m.group(2), labels)
        if text is None:
            missing = True
            return ""
        return text

    out = FIELD.sub(sub, template)
    return None if missing else out


def format_value(
    value: Any, join: str = ", ", spec: str | None = None, labels: Mapping[str, str] = {}
) -> str | None:
    """A field value as card text (a value listed in `labels` shown as its label); None for
    nothing to show."""
    if value is None or value == "" or value == [] or value == {}:
        return None
    if isinstance(value, bool):
        return labels.get(str(value).lower(), "yes" if value else "no")
    if isinstance(value, int | float):
        if spec:
            try:
                return format(value, spec)
            except ValueError:
                pass
        text = f"{value:g}" if isinstance(value, float) else str(value)
        return labels.get(text, text)
    if isinstance(value, dict):
        return " · ".join(
            f"{labels.get(str(k), k)}: {format_value(v, join)}" for k, v in value.items()
        )
    if isinstance(value, list):
        if all(isinstance(v, dict) and ("text" in v or "name" in v) for v in value):
            shown = [line for v in value if (line := _ability(v))]
            return "\n".join(shown) if shown else None
        parts = [format_value(v, join, labels=labels) for v in value if not isinstance(v, dict)]
        parts = [p for p in parts if p]
        return join.join(parts) if parts else None
    return labels.get(str(value), str(value))


def _ability(ability: dict) -> str | None:
    """`**Name.** text`; None for an ability with neither (one that only has effects)."""
    name, text = ability.get("name"), ability.get("text")
    if name and text:
        return f"**{name}.** {text}"
    return f"**{name}**" if name else text or None


def box_text(box: Box, values: dict[str, Any]) -> str | None:
    """The text (or path, or icon name) a box shows; None when it shows nothing."""
    if box.text is not None:
        return fill(box.text, values, box.join, box.labels)
    if box.field is None:
        return None
    value = values.get(box.field)
    if box.item is not None and isinstance(value, list | dict):
        return items(value, box.item, box.labels, box.join)
    return format_value(value, box.join, labels=box.labels)


def items(value: list | dict, template: str, labels: Mapping[str, str], join: str) -> str | None:
    """Each item of a list or map through `template`: `{key}` (shown through `labels`) and
    `{value}` of a map entry; `{value}` and `{index}` of a list item, or a mapping item's own
    keys (`{name}`, `{text}` of an ability)."""
    if isinstance(value, dict):
        entries = [{"key": labels.get(str(k), str(k)), "value": v} for k, v in value.items()]
    else:
        entries = [
            {**v, "index": i}
            if isinstance(v, dict)
            else {"value": labels.get(str(v), v), "index": i}
            for i, v in enumerate(value, start=1)
        ]
    parts = [
        text for text in (fill(template, entry, join) for entry in entries) if text is not None
    ]
    return join.join(parts) if parts else None


def paint(value: str | Pick | None, values: dict[str, Any]) -> str | None:
    """A colour, or the one a field's value picks."""
    if value is None or isinstance(value, str):
        return value
    key = format_value(values.get(value.field))
    return value.values.get(key, value.default) if key is not None else value.default


def visible(box: Box, values: dict[str, Any]) -> bool:
    """Whether the box's `if:` holds for these values (a box without one always shows).
    A condition that cannot be evaluated (a missing field compared with a number) is false."""
    if box.if_ is None:
        return True
    try:
        return bool(_compiled(box.if_).evaluate(values))
    except EvaluationError:
        return False


@lru_cache(maxsize=512)
def _compiled(source: str):
    return compile_expression(source)


def number(value: Any) -> float | None:
    """A field value as a number, if it is one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    try:
        return float(str(value))
    except ValueError:
        return None


def referenced(layout: Layout) -> set[str]:
    """Every name the layout reads: fields, template names, picks and condition names."""
    names: set[str] = set()

    def add_paint(p) -> None:
        if isinstance(p, Pick):
            names.add(p.field)

    add_paint(layout.background)
    for box in layout.boxes:
        names.update(n for n in (box.field, box.max_field) if n)
        names.update(row.field for row in box.rows)
        if box.text:
            names.update(template_fields(box.text))
        if box.if_:
            names.update(_compiled(box.if_).names)
        for p in (box.color, box.fill, box.stroke):
            add_paint(p)
    return names
