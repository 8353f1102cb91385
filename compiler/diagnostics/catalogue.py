"""Every diagnostic code: its default severity, meaning, a minimal example and the fix.

`docs/diagnostics.md` is generated from this table (`gamesmith docs`), and a test
checks that every code has a fixture that triggers it.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.diagnostics.model import Diagnostic, Location, Severity

E, W = Severity.ERROR, Severity.WARNING


@dataclass(frozen=True)
class Entry:
    code: str
    name: str
    severity: Severity
    summary: str
    example: str
    fix: str

    def __call__(
        self,
        message: str,
        location: Location,
        hint: str | None = None,
        item: str | None = None,
    ) -> Diagnostic:
        return Diagnostic(self.code, self.severity, message, location, hint, item)


_ENTRIES = [
    # -- GS1xx: reading files -------------------------------------------------
    Entry("GS101", "yaml-syntax", E, "The file is not valid YAML.",
          "cards:\n  - id: a\n   name: b   # bad indentation", "Fix the YAML syntax at the caret; check indentation and quoting."),
    Entry("GS102", "duplicate-key", E, "A mapping has the same key twice; YAML would silently keep the last one.",
          "id: gear\nid: weapon", "Remove or rename one of the keys."),
    Entry("GS103", "alias-refused", E, "YAML anchors and aliases (`&a`, `*a`) are not allowed in content.",
          "base: &b {hp: 3}\nother: *b", "Write the values out; content files must be readable on their own."),
    Entry("GS104", "file-too-large", E, "The file is larger than the loader accepts.",
          "(a 20 MB YAML file)", "Split the content over several files."),
    Entry("GS105", "too-deep", E, "The file nests mappings and lists deeper than the loader accepts.",
          "a: {b: {c: {d: ...}}}  # 64 levels", "Flatten the structure."),
    Entry("GS106", "empty-file", W, "The file holds no YAML document.",
          "# only a comment", "Add content or delete the file."),
    Entry("GS107", "not-utf8", E, "The file is not UTF-8 text.",
          "(bytes 0xff 0xfe …)", "Save the file as UTF-8."),
    Entry("GS108", "tab-indent", E, "A tab character is used for indentation; YAML allows only spaces.",
          "cards:\n\t- id: a", "Indent with spaces."),
    Entry("GS109", "unsupported-tag", E, "An explicit YAML tag (`!!python/object`, `!foo`) is not allowed.",
          "hp: !!float 3", "Remove the tag; write the plain value."),
    Entry("GS110", "unreadable-file", E, "The file cannot be read: it is missing, not a regular file, or not readable.",
          "(a content file without read permission)", "Check the path and the file's permissions."),
    # -- GS2xx: document shape ------------------------------------------------
    Entry("GS201", "missing-kind", E, "A document has no `kind:` so the compiler cannot tell what it is.",
          "id: gear\nfields: {}", "Add `kind:` with one of game, card-type, cards, story, landscape, terrain, scenario, rules, layout."),
    Entry("GS202", "unknown-kind", E, "A document's `kind:` is not a known document kind.",
          "kind: deck", "Use one of the known kinds; the hint suggests the closest."),
    Entry("GS203", "unknown-field", E, "A key is not one this place allows: usually a typo, or a key put under the wrong parent.",
          "kind: game\nid: g\ntitel: G", "Remove the key or fix its spelling; the hint suggests the closest."),
    Entry("GS204", "missing-field", E, "A required key is missing.",
          "kind: game\nid: g", "Add the key named in the message."),
    Entry("GS205", "bad-value", E, "A value is the wrong sort (text where a whole number, list or mapping belongs), is not one of the allowed choices, or is out of range.",
          "players: {min: two, max: 4}", "Write the sort of value the message asks for (`min: 2`), within the range it gives; quoted values are text, so write numbers and true/false without quotes."),
    Entry("GS206", "bad-id", E, "An id is not lowercase kebab-case (or a story card number).",
          "id: Turtle_Shell", "Use lowercase letters, digits and single hyphens: `turtle-shell`."),
    Entry("GS207", "card-field", E, "A card's field does not match its card type: a field the type does not declare, a required field left out, or a value of the wrong sort.",
          "type: gear     # declares hands: {type: int}\ncards:\n  - id: cap\n    name: Cap\n    hands: lots", "Spell the field as the card type declares it and give it a value of the declared type."),
    Entry("GS210", "unknown-op", E, "An effect names an op that is not in the op catalogue (docs/ops.md).",
          "do:\n  - damgae: {amount: 1}", "Use an op from the catalogue; the hint suggests the closest."),
    Entry("GS211", "bad-op-params", E, "An effect's parameters do not match its op.",
          "do:\n  - damage: {amount: one}", "Give the parameters the op declares in docs/ops.md."),
    Entry("GS213", "unknown-selector", E, "An effect targets a selector that is not in the catalogue (docs/ops.md).",
          "do:\n  - damage: {target: closet}", "Use a selector from the catalogue; the hint suggests the closest."),
    Entry("GS212", "bad-effect-shape", E, "An effect is not a one-key mapping `- op: {params}`.",
          "do:\n  - damage: {amount: 1}\n    heal: {amount: 1}", "Write one op per list item."),
    Entry("GS220", "expression-syntax", E, "An expression is not valid in the expression language.",
          "if: coins >=", "Write a Python-like expression: `coins >= 2`."),
    Entry("GS221", "unknown-name", E, "An expression uses a name that the game does not define.",
          "if: coisn >= 2", "Fix the name or declare it in the game's `variables`; the hint suggests the closest."),
    Entry("GS222", "forbidden-expression", E, "An expression uses a construct that is not allowed (attribute access, calls outside the whitelist, comprehensions, huge constants).",
          "if: __import__('os')", "Use only names, numbers, strings, arithmetic, comparisons, `and`/`or`/`not` and the listed functions."),
    # -- GS3xx: linking ---------------------------------------------------------
    Entry("GS301", "unknown-reference", E, "A reference names an id that no item of that kind has.",
          "battle: courtyard-dule", "Fix the id; the hint suggests the closest existing one."),
    Entry("GS302", "duplicate-id", E, "Two items of the same kind share an id.",
          "cards:\n  - id: cap\n  - id: cap", "Give each item its own id."),
    Entry("GS303", "unclaimed-file", W, "A file under the pack is not checked: no document claims it, or `game.yaml` does not include its folder.",
          "notes/old-cards.yml", "Rename it to .yaml, add its folder to `include:`, or delete it."),
    Entry("GS304", "no-game", E, "The path given is not a content pack: it has no `game.yaml` with a `kind: game` document (or it is a single file, or a folder that holds packs).",
          "(a folder of cards, no game.yaml)", "Add game.yaml: `kind: game`, `id`, `title`, `players: {min, max}`."),
    Entry("GS305", "bad-suppression", W, "A `suppress:` entry names a code that does not exist.",
          "suppress: [GS999]", "Use codes from docs/diagnostics.md."),
    Entry("GS306", "wrong-reference-kind", E, "A reference names an item, but of another kind than expected.",
          "battle: act-1   # a story, but `battle` names a scenario", "Name an item of the kind the message expects."),
    Entry("GS307", "passive-effects", W, "A `passive` ability lists effects, but a passive ability only states a standing rule: its `do:` never runs.",
          "when: passive\ndo: [draw: 1]", "Give the effects a timing window (`when: start-of-turn`…), or state the rule through variables and conditions."),
    Entry("GS310", "unknown-event", E, "An event-level invariant (`after:`) names an event kind the runtime never logs.",
          "invariants:\n  - {id: one-attack, after: atack, holds: 'attacks <= 1', message: one attack a turn}", "Use an event kind from docs/language.md (Events); the hint names the closest one."),
    # -- GS4xx: story graphs ----------------------------------------------------
    Entry("GS401", "unreachable-card", W, "A story card cannot be reached from the story's start card.",
          "start: '11'\ncards:\n  '11': {ending: victory}\n  '12': {ending: defeat}", "Link to it from a reachable card, or remove it."),
    Entry("GS402", "broken-link", E, "A story link points to a card the story does not have.",
          "'11': {goto: '99'}", "Point the link at an existing card; the hint suggests the closest."),
    Entry("GS403", "dead-end", E, "A story card is not an ending and has no way on.",
          "'12': {text: The road ends here.}", "Add `goto`, `choices`, `pass`/`fail`, `outcomes` or `ending`."),
    Entry("GS404", "no-ending-reachable", E, "No ending can be reached from the story's start card: every path gets stuck at a dead end, a broken link or a loop, which has its own error.",
          "start: '11'\ncards:\n  '11': {goto: '12'}\n  '12': {text: The road ends here.}", "Fix the place the message names (here the dead end 12); this error goes with it."),
    Entry("GS405", "inescapable-loop", E, "A group of story cards link only among themselves: once in, the story never ends.",
          "'12': {goto: '13'}\n'13': {goto: '12'}", "Add a link out of the loop."),
    Entry("GS406", "unreachable-ending", W, "An ending card cannot be reached from the start.",
          "'19': {ending: victory}  # nothing links here", "Link to the ending, or remove it."),
    Entry("GS407", "never-given", E, "A condition tests a flag or item that nothing in the game ever gives.",
          "if: flag('met-guard')", "Give the flag with `set-flag`, or fix its name."),
    Entry("GS408", "never-tested", W, "A flag or item is given but no condition ever tests it.",
          "do: [{set-flag: {flag: met-guard}}]", "Test it in a condition, or stop giving it."),
    Entry("GS409", "no-start", E, "A story's start card does not exist.",
          "start: '10'", "Set `start:` to one of the story's cards."),
    # -- GS5xx: landscapes --------------------------------------------------------
    Entry("GS501", "out-of-bounds", E, "A cell or piece lies outside the landscape's grid.",
          "grid: {columns: 19, rows: 14}\nterrain: [{piece: moat, at: T3}]", "Place it inside the grid."),
    Entry("GS502", "overlap", E, "Two pieces that may not share a cell overlap.",
          "terrain:\n  - {piece: well, at: C3}\n  - {piece: pond, at: C3}", "Move one of them."),
    Entry("GS503", "objective-unreachable", E, "A start area cannot reach the objective or enemy area past impassable terrain.",
          "(a start area walled in by impassable pieces)", "Open a path or move the start area."),
    Entry("GS504", "tile-overlap", E, "Two map tiles of a composed landscape overlap.",
          "tiles:\n  - {tile: large, at: A1}\n  - {tile: hall, at: C2}", "Move a tile so they only touch."),
    Entry("GS505", "bad-cell", E, "A cell name is not a valid coordinate (`C4`, `A1:C3`).",
          "at: 4C", "Write the column letter(s) then the row number: `C4`."),
    # -- GS6xx: scenarios and decks ---------------------------------------------
    Entry("GS601", "player-table-gap", E, "A player-count table does not cover the game's declared player range.",
          "players: {min: 2, max: 5}\nhp: {2: 8, 3: 12, 4: 15}", "Add a value for every player count in the range."),
    Entry("GS602", "player-table-extra", W, "A player-count table has entries outside the game's player range.",
          "players: {min: 2, max: 4}\nhp: {2: 8, 6: 20}", "Remove the entries, or widen the game's player range."),
    Entry("GS603", "deck-count", E, "A deck's card count differs from the count the content declares.",
          "size: 15\ncards: [... 14 cards ...]", "Add or remove cards, or fix `size:`."),
    # -- GS7xx: print preflight -------------------------------------------------
    Entry("GS701", "text-overflow", E, "Text does not fit its box even at the minimum font size.",
          "(a 400-word ability in a 20 mm box)", "Shorten the text, enlarge the box or lower `min-size`."),
    Entry("GS702", "safe-zone", W, "A layout box crosses the card's safe zone.",
          "{x: 0.5, y: 1, w: 62, h: 10}", "Keep boxes inside the safe zone (trim minus the safe margin)."),
    Entry("GS703", "missing-image", E, "An image or icon file the layout needs does not exist.",
          "image: art/missing.png", "Add the file or fix the path."),
    Entry("GS704", "low-dpi", W, "An image would print below 300 effective DPI.",
          "(a 100×140 px picture filling a poker card)", "Use a larger image."),
    Entry("GS705", "unknown-icon", E, "Text markup names an icon the game does not declare.",
          "text: 'Deal 2 :swrod:'", "Declare the icon in game.yaml `icons:` (an image) or a layout's `icons:` (a shape), or fix the name."),
    Entry("GS706", "layout-field", E, "A layout reads a card field that its card type does not declare.",
          "boxes:\n  - {type: text, field: cots, x: 5, y: 5, w: 20, h: 6}", "Fix the field name or declare the field in the card type."),
    Entry("GS707", "unknown-card-size", E, "A card type or layout names a card size that game.yaml `card-sizes:` and the built-in sizes (poker, bridge, mini, tarot) lack.",
          "size: jumbo   # with no `card-sizes: {jumbo: ...}` in game.yaml", "Declare the size in game.yaml `card-sizes:` or use a built-in one."),
    Entry("GS708", "missing-glyph", W, "Text uses a character the font cannot draw; it would print as an empty box.",
          "text: 'Roll ⚄ to hit'", "Write the character another way, or use an icon (`:die:`)."),
]

CATALOGUE: dict[str, Entry] = {e.code: e for e in _ENTRIES}
BY_NAME: dict[str, Entry] = {e.name: e for e in _ENTRIES}


def render_markdown() -> str:
    """The catalogue as docs/diagnostics.md."""
    lines = [
        "# Diagnostics",
        "",
        "Every problem `gamesmith check` (and `gamesmith print`'s preflight) reports has a",
        "stable code. Severities are defaults; `game.yaml` may override them per code",
        "(`severity: {GS401: error, GS408: off}`) and an item may silence one with",
        "`suppress: [GS408]`.",
        "",
        "Generated from `compiler/diagnostics/catalogue.py` by `gamesmith docs`.",
        "",
        "| code | name | severity | meaning |",
        "| --- | --- | --- | --- |",
    ]
    lines += [f"| [{e.code}](#{e.code.lower()}) | `{e.name}` | {e.severity.value} | {e.summary} |" for e in _ENTRIES]
    for e in _ENTRIES:
        lines += [
            "",
            f"## {e.code}",
            "",
            f"**{e.name}** ({e.severity.value}). {e.summary}",
            "",
            "Example:",
            "",
            "```yaml",
            e.example,
            "```",
            "",
            f"Fix: {e.fix}",
        ]
    return "\n".join(lines) + "\n"
