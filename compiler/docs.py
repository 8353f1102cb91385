"""Reference documents generated from the catalogues and models: docs/ops.md,
docs/diagnostics.md and docs/language.md."""

from __future__ import annotations

from pydantic import BaseModel

from compiler.diagnostics.catalogue import render_markdown as diagnostics_markdown
from compiler.language.catalogue import OPS
from compiler.language.effects import WRAPPERS  # noqa: F401 - completes the op models
from compiler.language.selectors import SELECTORS, WINDOWS
from compiler.language_doc import language_markdown


def _param_type(info) -> str:
    text = repr(info.annotation).replace("typing.", "").replace("compiler.language.", "")
    return text.replace("Annotated[", "").replace("NoneType", "None")[:60]


def ops_markdown() -> str:
    lines = [
        "# Effect ops",
        "",
        "Effects are lists of one-key mappings, `- op: {params}`. An op marked with a",
        "shorthand also takes a bare value: `- draw: 2` is `- draw: {count: 2}`.",
        "Generated from `compiler/language/ops.py` by `gamesmith docs`.",
        "",
    ]
    groups: dict[str, list] = {}
    for o in OPS.values():
        groups.setdefault(o.group, []).append(o)
    for group, ops in groups.items():
        lines += [f"## {group}", ""]
        for o in ops:
            lines += [f"### `{o.name}`", "", o.doc, ""]
            if o.params.shorthand:
                lines += [f"Shorthand: `- {o.name}: <{o.params.shorthand.rstrip('_').replace('_', '-')}>`", ""]
            fields = o.params.model_fields
            if fields:
                lines += ["| parameter | required | default |", "| --- | --- | --- |"]
                for name, info in fields.items():
                    default = "" if info.is_required() else _default(info)
                    lines.append(f"| `{info.alias or name}` | {'yes' if info.is_required() else 'no'} | {default} |")
                lines.append("")
    lines += ["## Selectors", "", "| selector | meaning |", "| --- | --- |"]
    lines += [f"| `{s.name}` | {s.doc} |" for s in SELECTORS.values()]
    lines += ["", "## Timing windows", "", "| window | when |", "| --- | --- |"]
    lines += [f"| `{w.name}` | {w.doc} |" for w in WINDOWS.values()]
    return "\n".join(lines) + "\n"


def _default(info) -> str:
    value = info.get_default(call_default_factory=True)
    if isinstance(value, BaseModel):
        return "…"
    return f"`{value}`" if value not in (None, [], {}) else ""


DOCS = {
    "docs/ops.md": ops_markdown,
    "docs/diagnostics.md": diagnostics_markdown,
    "docs/language.md": language_markdown,
}
