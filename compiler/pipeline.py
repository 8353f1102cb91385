"""load → validate → link → analyse → emit, for one content pack.

`compile_pack` never raises on bad content: every problem becomes a diagnostic and the
other files are still checked. It returns the compiled game only when there are no errors.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from compiler import link
from compiler.cardtypes import cards_model
from compiler.compiled import CompiledGame
from compiler.diagnostics import CATALOGUE, Diagnostic, Location, Report, Severity
from compiler.language.documents import DOCUMENT_MODELS, Cards, CardType, Game
from compiler.language.names import BUILTIN_NAMES, EVENT_NAMES, LAYOUT_NAMES
from compiler.loader import Document, load_file
from compiler.nametypes import name_types
from compiler.pack import find_manifest, list_files
from compiler.sheets.cards import GridDocument, relaxed
from compiler.sheets.pack import PackSheets
from compiler.validate import suggest, validate

# Kinds validated first: later kinds need their names (card-type fields, rules) in context.
_FIRST = ("card-type", "rules")
# Loader problems that lose a file's content: what it defines is unknown, so references to
# it are not reported as unknown (they would only be follow-on errors).
_CONTENT_LOST = frozenset({"GS101", "GS104", "GS105", "GS107", "GS108", "GS110"})


@dataclass
class Unit:
    """One validated document with where it came from."""

    doc: Document
    kind: str
    model: BaseModel


@dataclass
class CompileResult:
    game: CompiledGame | None
    report: Report
    sources: dict[str, list[str]] = field(default_factory=dict)
    units: list[Unit] = field(default_factory=list)

    def lines(self, file: str) -> list[str] | None:
        return self.sources.get(file)


def display(path: Path) -> str:
    """How a file is named in diagnostics: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def compile_pack(path: Path) -> CompileResult:
    report = Report()
    result = CompileResult(None, report)
    manifest = find_manifest(Path(path))
    root = manifest.parent
    if not manifest.exists() or manifest.name not in _MANIFESTS:
        report.add(_no_manifest(Path(path), manifest))
        return result

    docs = _load(manifest, result)
    game_docs = [d for d in docs if isinstance(d.data, dict) and d.data.get("kind") == "game"]
    game_unit = _game(docs, manifest, result)
    include = game_unit.model.include if game_unit else _raw_include(game_docs)
    files = list_files(root, manifest, include)
    for folder in files.unreadable:
        report.add(CATALOGUE["GS111"](f"cannot read the folder {display(folder)}: the content "
                                      "in it is missing", Location(display(folder))))
    for f in files.content:
        docs += _load(f, result)
    sheets = PackSheets(root, result.sources, display)
    standalone, problems = sheets.standalone(files.sheets, docs)
    docs += standalone
    report.extend(problems)
    lost = any(d.code in _CONTENT_LOST for d in report.diagnostics)

    by_kind, dropped = _kinds(docs, report)
    lost = lost or dropped
    names = _names(by_kind, game_unit, game_docs)
    # Without a manifest the game's variables are unknown: names go unchecked, not all wrong.
    types = name_types(by_kind, game_unit) if game_docs else None
    context = {"names": frozenset(names) if game_docs else None, "types": types}
    layout_context = {"names": frozenset(names | set(LAYOUT_NAMES)) if game_docs else None}
    units: list[Unit] = [game_unit] if game_unit else []
    failed: list[tuple[str, Document]] = []  # documents that did not validate
    for kind in (*_FIRST, *(k for k in DOCUMENT_MODELS if k not in _FIRST and k != "game")):
        models = _card_models(units) if kind == "cards" else {}
        card_types = {u.model.id: u.model for u in units if isinstance(u.model, CardType)}
        for doc in by_kind.get(kind, []):
            model = DOCUMENT_MODELS[kind]
            if kind == "cards":
                doc = _sheet_cards(doc, card_types, sheets, report, failed, context)
                if doc is None:
                    continue
                if isinstance(doc.data.get("type"), str):
                    model = models.get(doc.data["type"], model)
            ctx = layout_context if kind == "layout" else context
            lines = () if isinstance(doc, GridDocument) else result.sources.get(doc.file, ())
            value, diags = validate(doc, model, ctx, lines, kind == "cards")
            report.extend(diags)
            if value is not None:
                units.append(Unit(doc, kind, value))
            else:
                failed.append((kind, doc))
    result.units = units
    report.counts["files"] = 1 + len(files.content) + len(sheets.read)
    files = replace(files, others=[f for f in files.others if f.resolve() not in sheets.read])

    game = link.link(units, files, game_unit, report, names, link.Partial(
        failed, lost, frozenset() if game_docs else frozenset({"variable"})), types)
    _count(units, report)
    _finish(report, units, game_unit)
    if report.errors == 0 and game is not None:
        result.game = game
    return result


_MANIFESTS = ("game.yaml", "game.yml")


def _no_manifest(path: Path, manifest: Path) -> Diagnostic:
    """GS304 for a path that is not a pack, saying what it is and where packs are."""
    if not path.exists():
        return CATALOGUE["GS304"](
            f"{display(path)} does not exist", Location(display(path)),
            hint="give the folder that holds the pack's game.yaml",
        )
    if path.is_file():
        return CATALOGUE["GS304"](
            f"{display(path)} is a file, not a content pack", Location(display(path)),
            hint=f"check the whole pack: give its folder ({display(path.parent)})",
        )
    # Packs one or two folders down: the designer gave the folder that holds them.
    below = sorted(path.glob("*/game.yaml")) + sorted(path.glob("*/*/game.yaml"))
    hint = "create game.yaml with `kind: game`, `id`, `title` and `players: {min, max}`"
    if below:
        packs = ", ".join(display(m.parent) for m in below[:3])
        packs += ", …" if len(below) > 3 else ""
        hint = f"this folder holds packs; check one of them: {packs}"
    return CATALOGUE["GS304"](
        f"no game.yaml in {display(path)}", Location(display(manifest)), hint=hint
    )


def _load(path: Path, result: CompileResult) -> list[Document]:
    name = display(path)
    documents, diags = load_file(path, name)
    result.report.extend(diags)
    try:
        # only a regular file the loader read: a pipe or a device could be read forever
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines() \
            if path.is_file() and not any(d.code == "GS110" for d in diags) else []
    except OSError:
        lines = []
    result.sources[name] = lines
    return documents


def _game(docs: list[Document], manifest: Path, result: CompileResult) -> Unit | None:
    report = result.report
    games = [d for d in docs if isinstance(d.data, dict) and d.data.get("kind") == "game"]
    if not games:
        if docs or not report.errors:
            report.add(CATALOGUE["GS304"](
                "game.yaml holds no `kind: game` document", Location(display(manifest), 1, 1),
                hint="start game.yaml with `kind: game`",
            ))
        return None
    value, diags = validate(games[0], Game, {"names": None}, result.sources.get(games[0].file, ()))
    report.extend(diags)
    for extra in games[1:]:
        report.add(CATALOGUE["GS302"]("a second `kind: game` document", extra.location(("kind",))))
    return Unit(games[0], "game", value) if value else None


def _raw_include(game_docs: list[Document]) -> list[str]:
    """`include:` as written in a manifest that did not validate, so the same files are read."""
    raw = game_docs[0].data.get("include") if game_docs else None
    if isinstance(raw, list) and raw and all(isinstance(i, str) for i in raw):
        return raw
    return ["."]


def _kinds(docs: list[Document], report: Report) -> tuple[dict[str, list[Document]], bool]:
    """The documents by kind, and whether any was dropped for lacking a known kind."""
    by_kind: dict[str, list[Document]] = defaultdict(list)
    dropped = False
    for doc in docs:
        kind = doc.data.get("kind") if isinstance(doc.data, dict) else None
        dropped = dropped or not isinstance(kind, str) or kind not in DOCUMENT_MODELS
        if not isinstance(doc.data, dict):
            report.add(CATALOGUE["GS205"](
                f"a document must be a mapping with `kind:`, not {_type_name(doc.data)}",
                doc.location(()),
                hint="write `key: value` lines at the top level, starting with `kind:`"
                + (" (without a leading `- `)" if isinstance(doc.data, list) else ""),
            ))
            continue
        if kind is None:
            report.add(CATALOGUE["GS201"](
                "document has no `kind:`", doc.location(()),
                hint="add `kind:` (" + ", ".join(DOCUMENT_MODELS) + ")",
            ))
        elif not isinstance(kind, str):
            report.add(CATALOGUE["GS202"](
                f"`kind` must be one word such as `terrain`, not {_type_name(kind)}",
                doc.location(("kind",)), hint="kinds: " + ", ".join(DOCUMENT_MODELS),
            ))
        elif kind not in DOCUMENT_MODELS:
            report.add(CATALOGUE["GS202"](
                f"unknown document kind '{kind}'", doc.location(("kind",)),
                hint=suggest(str(kind), DOCUMENT_MODELS) or "kinds: " + ", ".join(DOCUMENT_MODELS),
            ))
        elif kind != "game":
            by_kind[kind].append(doc)
    return by_kind, dropped


def _type_name(value: Any) -> str:
    return {list: "a list", dict: "a mapping", str: "text", int: "a number", float: "a number",
            bool: "true or false"}.get(type(value), "this value")


def _names(
    by_kind: dict[str, list[Document]], game: Unit | None, game_docs: list[Document]
) -> set[str]:
    """Every name an expression may use: built-ins, game variables and parameters, card-type
    fields.

    Variables come from the raw manifest when it did not validate, so one mistake in
    game.yaml does not make every expression using a variable an error too."""
    names = set(BUILTIN_NAMES) | set(EVENT_NAMES)
    if game:
        names |= set(game.model.variables) | set(game.model.parameters)
    elif game_docs:
        for key in ("variables", "parameters"):
            if isinstance(game_docs[0].data.get(key), dict):
                names |= {str(k) for k in game_docs[0].data[key]}
    for doc in by_kind.get("card-type", []):
        fields = doc.data.get("fields")
        if isinstance(fields, dict):
            names |= {str(k) for k in fields}
    return names


def _sheet_cards(doc: Document, types: dict[str, CardType], sheets: PackSheets, report: Report,
                 failed: list[tuple[str, Document]], context: dict) -> Document | None:
    """A `cards` document with its spreadsheet rows read in (others as they are); None, and
    the document counted as failed, when its cards cannot be compiled."""
    expanded, problems = sheets.cards(doc, types)
    report.extend(problems)
    if expanded is None or (isinstance(expanded, GridDocument) and not expanded.complete):
        failed.append(("cards", expanded or doc))
        card_type = types.get(doc.data.get("type"))
        if expanded is not None and expanded.data.get("cards") and card_type is not None and not (
                {"id", "name"} & set(expanded.missing)):
            # the other cells are still checked, against the type without the missing fields
            model = cards_model(relaxed(card_type, expanded.missing))
            report.extend(validate(expanded, model, context, (), True)[1])
        return None
    return expanded


def _card_models(units: list[Unit]) -> dict[str, type[Cards]]:
    return {u.model.id: cards_model(u.model) for u in units if isinstance(u.model, CardType)}


def _count(units: list[Unit], report: Report) -> None:
    counts: Counter = Counter()
    for u in units:
        counts[u.kind] += 1
        if u.kind == "cards":
            counts["card"] += sum(c.count for c in u.model.cards)  # physical cards, copies included
        elif u.kind in ("story", "chapter"):
            counts["story-card"] += len(u.model.cards)
    report.counts.update(counts)


def _finish(report: Report, units: list[Unit], game: Unit | None) -> None:
    """Apply per-item suppressions and the game's severity overrides; a number the loader
    refused (GS260) is not reported again by the checks that then saw it as text."""
    refused = {d.location for d in report.diagnostics if d.code == "GS260"}
    if refused:
        report.diagnostics = [d for d in report.diagnostics
                              if d.code == "GS260" or d.location not in refused]
    link.apply_suppressions(report, units)
    if game:
        report.apply_overrides({code: Severity(sev) for code, sev in game.model.severity.items()})
