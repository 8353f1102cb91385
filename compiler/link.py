"""Link validated documents into a compiled game: index ids, resolve every reference,
check player-count tables, flags and items, passive abilities, decks and stray files, then
run the analyses."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from compiler import locations
from compiler.analysis.landscape import analyse_landscape, analyse_scenario_board
from compiler.analysis.patterns import check_patterns
from compiler.analysis.ranges import analyse_ranges
from compiler.analysis.story import analyse_story
from compiler.analysis.story_world import build_world
from compiler.analysis.variables import check_resets, check_unread
from compiler.analysis.zone_fields import check_zone_fields
from compiler.chapters import JoinedStory, join_chapters
from compiler.compiled import CompiledGame
from compiler.diagnostics import CATALOGUE, Location, Report
from compiler.language.base import (
    ID_PATTERN,
    ExprMark,
    Gives,
    PlayerTableMark,
    RefTo,
    checked_expression,
)
from compiler.language.selectors import WINDOWS
from compiler.nametypes import check_write, variable_kinds
from compiler.parameters import check_change, check_parameters, check_unused
from compiler.validate import suggest
from compiler.walk import walk

if TYPE_CHECKING:
    from compiler.loader import Document
    from compiler.pack import PackFiles
    from compiler.pipeline import Unit

ID_RE = re.compile(ID_PATTERN)
# Kinds checked only when the game declares some: a pack without rules zones keeps the defaults.
_OPTIONAL = {"zone"}
# Document kinds whose items are referenced by id; `card` indexes single cards.
_DOC_KINDS = ("card-type", "cards", "story", "chapter", "landscape", "terrain", "scenario",
              "layout")


@dataclass(frozen=True)
class Partial:
    """What the linker cannot see: documents that did not validate (their ids still count, so
    references to them are not follow-on errors) and whether a file's content was lost (then
    no reference is reported unknown, and no flag or item never given or tested)."""

    failed: list[tuple[str, Document]] = field(default_factory=list)
    lost: bool = False
    unchecked: frozenset[str] = frozenset()  # kinds nothing defines yet (no manifest: variables)


def link(
    units: list[Unit], files: PackFiles, game: Unit | None, report: Report, names: set[str],
    partial: Partial = Partial(),  # noqa: B008 - immutable
    types: frozenset[tuple[str, str]] | None = None,
) -> CompiledGame | None:
    index, where = _index(units, report)
    unreadable = _index_failed(partial.failed, index) | partial.unchecked
    index["variable"] = set(names)
    given: dict[tuple[str, str], Location] = {}
    tested: dict[tuple[str, str], Location] = {}
    players = game.model.players if game else None
    parameters = set(game.model.parameters) if game else set()
    named: set[str] = set()  # every name an expression or a field reads
    if game:
        check_parameters(game, report)
    kinds = variable_kinds(game)
    written: dict[str, str] = {}  # where each expression is first written (for the runtime)
    for u in units:
        for path, marker, value in walk(u.model):
            if isinstance(marker, RefTo):
                unknown_ok = partial.lost or marker.kind in unreadable
                _resolve(u, path, marker.kind, value, index, report, unknown_ok)
                if marker.kind == "variable":
                    check_change(u, path, value, parameters, report)
                    named.add(value)
                if marker.kind == "window" and value == "passive":
                    _passive(u, path[:-1], report)
                elif marker.kind == "variable" and (found := check_write(u, path, value, kinds, names, types)):
                    report.add(found)
            elif isinstance(marker, Gives):
                given.setdefault((marker.what, value), u.doc.location(path))
            elif isinstance(marker, ExprMark):
                locations.record_expression(written, u, path, value)
                expr = checked_expression(value, None)
                named |= expr.names
                for flag in expr.flags:
                    tested.setdefault(("flag", flag), u.doc.location(path))
                for item in expr.items:
                    tested.setdefault(("item", item), u.doc.location(path))
                for terrain in sorted(expr.near_terrain):
                    _resolve(u, path, "terrain", terrain, index, report, partial.lost)
            elif isinstance(marker, PlayerTableMark) and players:
                _player_table(u, path, value, players, report)
    if not (partial.lost or partial.failed):  # what they give, test or read is unknown
        _flags(given, tested, report)
        if game:
            check_unused(game, named, report)
        check_unread(units, report)
        check_resets(units, report)
    _areas_and_outcomes(units, report)
    _idle(units, report)
    _decks(units, report)
    check_zone_fields(units, report)
    check_patterns(units, report)
    _unclaimed(units, files, report)
    stories = join_chapters(units, report)
    _analyse(units, stories, report, partial)
    if game is None:
        return None
    return _emit(units, files, game, written, stories)


def _idle(units: list[Unit], report: Report) -> None:
    """GS232: a card ability a player may use, or an action, that costs nothing, does
    nothing and has no limit: players are offered it and a bot may take it forever."""
    for u in units:
        found: list[tuple[tuple, Any, str, str]] = []
        if u.kind == "cards":
            for i, card in enumerate(u.model.cards):
                for j, ability in enumerate(card.abilities):
                    if ability.when in (None, "any-time") and ability.once_per is None:
                        name = ability.name or ability.id or str(j + 1)
                        found.append((("cards", i, "abilities", j), ability,
                                      f"ability '{name}' of card '{card.id}'",
                                      "if it only states a rule, mark it `when: passive`"))
        elif u.kind == "rules":
            for i, action in enumerate(u.model.actions):
                if action.limit is None:
                    found.append((("actions", i), action, f"action '{action.id}'",
                                  "give it `do:`, a cost or a `limit:`"))
        for path, item, what, hint in found:
            if not item.do and item.cost in (0, "0"):
                report.add(CATALOGUE["GS232"](
                    f"{what} costs nothing and has no effect: a player or bot could take it forever",
                    u.doc.location(path), hint=hint,
                ))


def _index(units: list[Unit], report: Report):
    index: dict[str, set[str]] = defaultdict(set)
    where: dict[tuple[str, str], Location] = {}

    def add(kind: str, id_: str, loc: Location) -> None:
        if id_ in index[kind]:
            report.add(CATALOGUE["GS302"](
                f"duplicate {kind} id '{id_}'", loc,
                hint=f"the first is at {_at(where[(kind, id_)])}",
            ))
        else:
            index[kind].add(id_)
            where[(kind, id_)] = loc

    index["window"] = set(WINDOWS)
    for u in units:
        if u.kind != "game":
            add(u.kind, u.model.id, u.doc.location(("id",)))
        if u.kind == "cards":
            for i, card in enumerate(u.model.cards):
                add("card", card.id, u.doc.location(("cards", i, "id")))
        elif u.kind == "rules":
            for group, kind in (("zones", "zone"), ("dice", "dice"), ("actions", "action")):
                for i, item in enumerate(getattr(u.model, group)):
                    add(kind, item.id, u.doc.location((group, i, "id")))
            for i, window in enumerate(u.model.windows):
                add("window", window, u.doc.location(("windows", i)))
    return index, where


def _at(loc: Location) -> str:
    """Where an item is, for a hint: `file:line`, or `file:Sheet!B7` for a spreadsheet cell."""
    return str(loc) if loc.sheet is not None else f"{loc.file}:{loc.line}"


def _index_failed(failed: list[tuple[str, Document]], index: dict[str, set[str]]) -> set[str]:
    """Add the ids written in documents that did not validate; return the kinds of which an
    item's id is missing or malformed (a reference may mean it, so none is reported unknown)."""
    unreadable: set[str] = set()

    def add(kind: str, item: Any) -> None:
        id_ = item.get("id") if isinstance(item, dict) else None
        if isinstance(id_, str) and ID_RE.fullmatch(id_):
            index[kind].add(id_)
        else:
            unreadable.add(kind)

    for kind, doc in failed:
        data = doc.data
        add(kind, data)
        if kind == "cards":
            for card in _items(data.get("cards")):
                add("card", card)
        elif kind == "rules":
            for group, sub in (("zones", "zone"), ("dice", "dice"), ("actions", "action")):
                for item in _items(data.get(group)):
                    add(sub, item)
            index["window"].update(w for w in _items(data.get("windows")) if isinstance(w, str))
    return unreadable


def _items(value: Any) -> list:
    return value if isinstance(value, list) else []


def _resolve(
    u: Unit, path: tuple, kind: str, value: str, index, report: Report, lost: bool = False
) -> None:
    if value in index.get(kind, ()) or (kind in _OPTIONAL and not index.get(kind)):
        return
    loc = u.doc.location(path)
    elsewhere = [k for k in (*_DOC_KINDS, "card") if k != kind and value in index.get(k, ())]
    if elsewhere:
        report.add(CATALOGUE["GS306"](
            f"'{value}' is a {elsewhere[0]}, but a {kind} is expected here", loc,
            hint=suggest(value, index.get(kind, ())),
        ))
        return
    known = index.get(kind, set())
    if lost:  # it may be defined in the file that could not be read
        return
    report.add(CATALOGUE["GS301"](
        f"unknown {kind} '{value}'", loc,
        hint=suggest(value, known) or (f"no {kind} is defined in this pack" if not known else None),
    ))


def _player_table(u: Unit, path: tuple, table: dict, players, report: Report) -> None:
    wanted = set(range(players.min, players.max + 1))
    missing = sorted(wanted - set(table))
    extra = sorted(set(table) - wanted)
    span = f"{players.min}–{players.max}"
    if missing:
        report.add(CATALOGUE["GS601"](
            f"player-count table lacks {', '.join(map(str, missing))} (the game is for {span} players)",
            u.doc.location(path), hint="add " + ", ".join(f"{n}: …" for n in missing),
        ))
    if extra:
        report.add(CATALOGUE["GS602"](
            f"player-count table has {', '.join(map(str, extra))}, outside {span} players",
            u.doc.location(path),
        ))


def _flags(given: dict, tested: dict, report: Report) -> None:
    for (what, name), loc in sorted(tested.items()):
        if (what, name) not in given:
            op = "set-flag" if what == "flag" else "gain-item"
            close = suggest(name, [n for w, n in given if w == what])
            report.add(CATALOGUE["GS407"](
                f"{what} '{name}' is tested but never given", loc,
                hint=close or f"give it with `- {op}: {name}`",
            ))
    for (what, name), loc in sorted(given.items()):
        if (what, name) not in tested:
            report.add(CATALOGUE["GS408"](f"{what} '{name}' is given but never tested", loc))


def _passive(u: Unit, path: tuple, report: Report) -> None:
    """A passive ability states a standing rule; effects listed under it would never run."""
    node = u.model
    for part in path:
        if isinstance(node, BaseModel):
            names = {(f.alias or n): n for n, f in type(node).model_fields.items()}
            node = getattr(node, names[part])
        else:
            node = node[part]
    if node.do:
        report.add(CATALOGUE["GS307"](
            "a passive ability's effects never run", u.doc.location((*path, "do"), key=True),
            hint="give them a timing window (`when: start-of-turn`…) or drop `do:`",
        ))


def _areas_and_outcomes(units: list[Unit], report: Report) -> None:
    """Enemy groups name areas their scenario or its landscape has; a story's battle
    outcomes are outcomes its scenario declares."""
    landscapes = {u.model.id: u.model for u in units if u.kind == "landscape"}
    scenarios = {u.model.id: u.model for u in units if u.kind == "scenario"}
    for u in units:
        if u.kind == "scenario":
            land = landscapes.get(u.model.landscape or "")
            areas = set(u.model.areas) | (set(land.areas) if land else set())
            _enemy_abilities(units, u, report)
            for i, group in enumerate(u.model.enemies):
                if group.area and group.area not in areas:
                    report.add(CATALOGUE["GS301"](
                        f"unknown area '{group.area}'", u.doc.location(("enemies", i, "area")),
                        hint=suggest(group.area, areas) or "areas: " + (", ".join(sorted(areas)) or "none"),
                    ))
        elif u.kind in ("story", "chapter"):
            for key, card in u.model.cards.items():
                scenario = scenarios.get(card.battle or "")
                if not scenario or not scenario.outcomes:
                    continue
                for outcome in card.outcomes:
                    if outcome not in scenario.outcomes:
                        report.add(CATALOGUE["GS301"](
                            f"scenario '{scenario.id}' has no outcome '{outcome}'",
                            u.doc.location(("cards", key, "outcomes", outcome), key=True),
                            hint=suggest(outcome, scenario.outcomes)
                            or "its outcomes: " + ", ".join(scenario.outcomes),
                        ))


def _enemy_abilities(units: list[Unit], scenario: Unit, report: Report) -> None:
    """An enemy group's `abilities` names a field of type abilities on its card's type."""
    types = {u.model.id: u.model for u in units if u.kind == "card-type"}
    type_of = {c.id: u.model.type for u in units if u.kind == "cards" for c in u.model.cards}
    for i, group in enumerate(scenario.model.enemies):
        kind = types.get(type_of.get(group.enemy, ""))
        if not group.abilities or kind is None:
            continue  # an unknown enemy card is reported as a reference
        fields = sorted(n for n, f in kind.fields.items() if f.type == "abilities")
        if group.abilities not in fields:
            report.add(CATALOGUE["GS301"](
                f"card type '{kind.id}' has no abilities field '{group.abilities}'",
                scenario.doc.location(("enemies", i, "abilities")),
                hint=suggest(group.abilities, fields)
                or "its abilities fields: " + (", ".join(fields) or "none"),
            ))


def _decks(units: list[Unit], report: Report) -> None:
    for u in units:
        if u.kind == "cards" and u.model.size is not None:
            total = sum(c.count for c in u.model.cards)
            if total != u.model.size:
                report.add(CATALOGUE["GS603"](
                    f"deck '{u.model.id}' declares {u.model.size} cards but holds {total}",
                    u.doc.location(("size",)),
                ))


def _unclaimed(units: list[Unit], files: PackFiles, report: Report) -> None:
    from compiler.pipeline import display

    claimed, templates = set(), []
    for u in units:
        for value in _asset_paths(u):
            if isinstance(value, re.Pattern):
                templates.append(value)
            else:
                claimed.add((files.root / value).resolve())
    for f in files.others:
        name = f.relative_to(files.root).as_posix()
        if f.resolve() in claimed or any(t.fullmatch(name) for t in templates):
            continue
        why = "is not included by game.yaml `include:`" if f.suffix.lower() in (".yaml", ".yml") else (
            "is not YAML (.yaml or .yml) and nothing refers to it")
        report.add(CATALOGUE["GS303"](f"{f.relative_to(files.root)} {why}", Location(display(f))))


def _asset_paths(u: Unit):
    """Image and icon paths a document refers to, relative to the pack root; a layout's
    template path (`art/{id}.png`) as a pattern matching every path it can name."""
    if u.kind == "game":
        yield from u.model.icons.values()
    elif u.kind == "cards":
        for card in u.model.cards:
            if card.image:
                yield card.image
        if u.model.back:
            yield u.model.back
    elif u.kind == "layout":
        for box in u.model.boxes:
            if box.type == "image" and box.text:
                parts = re.split(r"\{[^{}]*\}", box.text)
                yield re.compile("[^/]+".join(map(re.escape, parts))) if len(parts) > 1 else box.text


def _analyse(units: list[Unit], stories: dict[str, JoinedStory], report: Report,
             partial: Partial) -> None:
    landscapes = {u.model.id: u.model for u in units if u.kind == "landscape"}
    terrain = {u.model.id: u.model for u in units if u.kind == "terrain"}
    # the state-aware story checks need every writer of a flag or variable: not when a
    # document was lost
    world = None if partial.lost or partial.failed else build_world(units)
    for joined in stories.values():
        report.extend(analyse_story(joined.story, joined, world))
    for u in units:
        report.extend(analyse_ranges(u.kind, u.doc))
        if u.kind == "landscape":
            report.extend(analyse_landscape(u.model, u.doc, landscapes, terrain))
        elif u.kind == "scenario":
            report.extend(analyse_scenario_board(u.model, u.doc, landscapes, terrain))


def _emit(units: list[Unit], files: PackFiles, game: Unit, written: dict[str, str],
          stories: dict[str, JoinedStory]) -> CompiledGame:
    by_kind: dict[str, dict] = defaultdict(dict)
    cards, deck_of = {}, {}
    rules = None
    for u in units:
        if u.kind == "rules":
            rules = rules or u.model
        elif u.kind != "game":
            by_kind[u.kind].setdefault(u.model.id, u.model)
        if u.kind == "cards":
            for card in u.model.cards:
                cards.setdefault(card.id, card)
                deck_of.setdefault(card.id, u.model.id)
    return CompiledGame(
        root=files.root,
        game=game.model,
        card_types=by_kind["card-type"],
        decks=by_kind["cards"],
        cards=cards,
        deck_of=deck_of,
        stories={sid: j.story for sid, j in stories.items()},
        landscapes=by_kind["landscape"],
        terrain=by_kind["terrain"],
        scenarios=by_kind["scenario"],
        rules=rules,
        layouts=by_kind["layout"],
        locations={**locations.table(units), **written},
    )


def apply_suppressions(report: Report, units: list[Unit]) -> None:
    """Drop diagnostics inside an item whose `suppress:` names their code."""
    spans: dict[tuple, list[tuple[int, int, frozenset[str]]]] = defaultdict(list)
    for u in units:
        for path, codes in _suppress_lists(u.doc.data, ()):
            unknown = [c for c in codes if c not in CATALOGUE]
            for code in unknown:
                report.add(CATALOGUE["GS305"](f"suppress names unknown code '{code}'", u.doc.location((*path, "suppress"))))
            span = _span(u.doc, path)
            if span is not None:
                where, lo, hi = span
                spans[where].append((lo, hi, frozenset(codes)))
    if not spans:
        return
    report.diagnostics = [
        d for d in report.diagnostics
        if not any(lo <= d.line <= hi and d.code in codes
                   for lo, hi, codes in spans.get((d.file, d.location.sheet), ()))
    ]


def _span(doc: Document, path: tuple) -> tuple[tuple, int, int] | None:
    """((file, sheet), first line, last line) of the item at `path`: rows, for a sheet's card."""
    from compiler.sheets.cards import GridDocument

    if isinstance(doc, GridDocument) and path[:1] == ("cards",):
        rows = [r for p, (r, _) in doc.cells.items() if p[: len(path)] == path]
        return ((doc.grid.file, doc.grid.sheet), min(rows), max(rows)) if rows else None
    lines = [m.line for p, m in doc.marks.items() if p[: len(path)] == path]
    lines += [m.line for p, m in doc.key_marks.items() if p[: len(path)] == path and len(p) > len(path)]
    return ((doc.file, None), min(lines), max(lines)) if lines else None


def _suppress_lists(node, path):
    if isinstance(node, dict):
        codes = node.get("suppress")
        if isinstance(codes, list):
            yield path, [str(c) for c in codes]
        for k, v in node.items():
            if isinstance(v, dict | list):
                yield from _suppress_lists(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            if isinstance(v, dict | list):
                yield from _suppress_lists(v, (*path, i))
