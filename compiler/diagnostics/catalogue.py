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
    # -- GS12x: spreadsheets (cards from .csv, .xlsx, .ods) ----------------------
    Entry("GS120", "unknown-column", E, "A spreadsheet column's heading is not a field of the card type, nor mapped to one by `columns:`.",
          "id | name | cots   # row 1 of a sheet of `race` cards", "Rename the heading to the field's name, map it in `columns: {Heading: field}`, or start it with '#' to keep it as a note column."),
    Entry("GS121", "missing-column", E, "A field every card must set (id, name, or a required field of the card type) has no column.",
          "id | name        # the card type requires `race`", "Add a column headed with the field's name, or map a heading to it in `columns:`."),
    Entry("GS122", "duplicate-column", E, "Two columns (or two header rows) are read as the same field.",
          "id | name | Name", "Rename or remove one of them."),
    Entry("GS123", "formula-without-value", E, "A cell holds a formula that was saved without its value (as some tools write files), so there is nothing to read.",
          "=B2*2   # in a file written by a script, never opened", "Open the file in a spreadsheet program and save it, so each formula's value is stored; or type the value."),
    Entry("GS124", "bad-cell", E, "A cell is not in the syntax its column needs: abilities, effects, maps and player tables are YAML, lists are `;`-separated or YAML.",
          "abilities: [{name: Rally, do: [gain: {variable: coins}]   # ']' missing", "Fix the cell's YAML; docs/spreadsheets.md gives the syntax of each kind of column."),
    Entry("GS125", "unreadable-sheet", E, "A spreadsheet file cannot be read: not a regular file, too large, not UTF-8 (CSV), or a damaged workbook.",
          "cards.xlsx   # a file renamed from .xls", "Save it again from a spreadsheet program as .xlsx, .ods, or CSV UTF-8."),
    Entry("GS126", "bad-rows", E, "A `cards` document's `rows:` names a spreadsheet (or `sheet:` a sheet) that is not there, or it gives `cards:` too.",
          "rows: races.xlsx\nsheet: Races   # the workbook's sheet is 'Race'", "Give the file's path from the document's folder and a sheet the workbook has; keep the cards in one place."),
    Entry("GS127", "no-card-rows", E, "A sheet read as cards has a heading row but no card rows below it.",
          "id | name   # and nothing below", "Add a row per card, or remove the sheet."),
    Entry("GS111", "unreadable-folder", E, "A folder inside the pack cannot be read, so the content in it is missing.",
          "(a subfolder without read permission)", "Fix the folder's permissions, or remove it from the pack."),
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
    Entry("GS230", "expression-type", E, "An expression combines values that can never work together: text compared with a number, arithmetic on text, a flag (true or false) used as a number. Types come from the game's variables (their initial value), card-type fields and the built-in names.",
          "if: score >= 'fifteen'   # score is a number", "Compare like with like (`score >= 15`); keep counts in number variables and test flags as conditions."),
    Entry("GS231", "variable-type", E, "An effect writes a value of the wrong type to a variable: `gain`/`lose`/`transfer`/`modify-stat` on a text or true-or-false variable, or `set` giving a variable a value of another type than its initial value.",
          "variables: {title: {initial: squire}}\n...\n- gain: {variable: title, amount: 1}", "Give the variable an initial value of the type it holds, or use a number variable for counts."),
    Entry("GS232", "idle-ability", E, "A card ability a player may use (no `when:`, or `any-time`, and no `once-per:`) or an action without a `limit:` costs nothing and has no effects: it only carries text, yet players and bots are offered it, and a bot may take it forever.",
          "abilities:\n  - name: Close Quarters\n    text: Firing next to an enemy has Disadvantage.", "Mark a rule that only states text `when: passive`; otherwise give it `do:` (or a cost)."),
    Entry("GS240", "bad-pattern", E, "A card's attack pattern cannot be read: it needs exactly one `@` (the attacker's square), and its other marks are `X` (a square reached), `*` (a ray: the line of fire from that square on, as far as the card's `range` and line of sight go) and `.` (a square not reached).",
          "pattern: [\".X.\", \".o.\"]", "Draw the attacker as one `@`: `pattern: [\".X.\", \".@.\"]`."),
    Entry("GS260", "number-out-of-range", E, "A number is beyond ±10^15, infinite, not a number, or written in exponent form (`1e400`), which content does not take.",
          "initial: 1e400", "Write a whole or decimal number within ±10^15 (`1.5`, `250`), or quote the value if it is text."),
    Entry("GS261", "path-outside-pack", E, "An image or icon path is absolute or climbs out of the pack (`../`), so printing would read a file the pack does not hold.",
          "image: ../../secrets/photo.png", "Copy the file into the pack and name it from the pack's root: `art/photo.png`."),
    Entry("GS262", "lookalike-name", E, "An expression writes a name with letters that only look like plain ones (full-width, mathematical bold…); Python would read it as the plain name, so two names that look alike could be one.",
          "if: ｇｏｌｄ >= 5", "Type the name with plain letters: `gold >= 5`."),
    Entry("GS263", "beyond-sane-range", W, "A cap or count is far beyond what a game needs (a turn cap of a billion, a thousand repeats): a run may take practically forever.",
          "turn-cap: 1000000000", "Use a cap that a real game reaches (a few hundred turns), or an end condition."),
    Entry("GS264", "bad-colour", E, "A layout colour is not one printkit can paint: not `#rgb`, `#rrggbb`, `#rrggbbaa`, a CSS colour name, or `rgb()`/`hsl()` with components in range.",
          "fill: '#zzzzzz'", "Write a colour such as `#8a8a8a`, `darkred` or `rgb(120, 40, 40)`."),
    Entry("GS265", "unknown-card-field", E, "A zone's `bonus`, `slots.field` or `slots.size` names a card field that no card type declares, so no card could give a bonus or find its slot.",
          "zones:\n  - {id: worn, bonus: bonsu}", "Name a field a card type declares (`bonus: bonus`), or declare it under the card type's `fields:`."),
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
    Entry("GS330", "parameter-out-of-range", E, "A parameter's value lies outside the range it declares.",
          "parameters:\n  win_score: {value: 9, min: 5, max: 8}", "Change the value, or widen the range to include it."),
    Entry("GS331", "parameter-empty-range", E, "A parameter's `min` is above its `max`, so no value fits.",
          "parameters:\n  win_score: {value: 7, min: 9, max: 5}", "Swap `min` and `max`."),
    Entry("GS332", "parameter-shadows-variable", E, "A parameter has the same name as a variable, so an expression naming it is ambiguous.",
          "variables:\n  score: {}\nparameters:\n  score: {value: 8, min: 5, max: 12}", "Rename the parameter or the variable."),
    Entry("GS333", "parameter-changed", E, "An effect changes a parameter. Parameters are designed constants: a sweep varies them between games, never during one.",
          "do:\n  - gain: {variable: win_score}", "Declare a variable for a value that changes during play; keep the parameter for the designed number."),
    Entry("GS334", "unused-parameter", W, "No condition, amount or effect reads a parameter, so varying it in a sweep changes nothing.",
          "parameters:\n  win_score: {value: 8, min: 5, max: 12}   # no rule names win_score", "Use it where the designed number belongs (`score >= win_score`), or remove it."),
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
    Entry("GS410", "impossible-card", W, "A card the story's links reach, but no reachable state does: the conditions, flags, items or counters on every way in close it (proved by exploring the story's states).",
          "'12':\n  choices:\n    - {text: Open the door, if: \"has('key')\", goto: '14'}\n    - {text: Leave, goto: '13'}\n'13': {do: [gain-item: key], goto: '20'}", "Give what it needs before the reader gets there, or drop the condition."),
    Entry("GS411", "impossible-choice", W, "A choice whose condition is false in every state that reaches its card, so it is never offered; the message says what the condition tests and where that is set.",
          "'12':\n  choices:\n    - {text: Show the letter, if: \"flag('letter')\", goto: '14'}\n# flag 'letter' is set only at card 20, after 12", "Set the flag (or give the item, raise the counter) on a path before the card, or change the condition."),
    Entry("GS412", "soft-lock", E, "A reachable state from which no ending can be reached any more, although the cards ahead link to one: the reader is caught in a loop whose way out is closed in that state.",
          "'12': {do: [lose-item: key], goto: '13'}\n'13':\n  choices:\n    - {text: Unlock, if: \"has('key')\", goto: '20'}\n    - {text: Wait, goto: '13'}", "Keep a way out open in that state (give the item back, add an unconditional exit)."),
    Entry("GS413", "story-stops", E, "A reachable state in which a card has no way on: every choice is closed by its condition and nothing else leads on, or a card's `if` fails and it has no `goto`.",
          "'12':\n  choices:\n    - {text: Pay, if: coins >= 2, goto: '13'}\n# coins is 0 on every path to 12", "Add an unconditional choice or a `goto` as the way on when the choices are closed."),
    Entry("GS414", "never-ends", E, "The story's links reach an ending, but no state reachable from the start does: every run stops or loops for ever.",
          "'11': {goto: '12'}\n'12': {choices: [{text: Go, if: \"flag('x')\", goto: '13'}]}\n'13': {ending: victory}", "Fix what closes the way (the other diagnostics of the story name it)."),
    Entry("GS415", "challenge-never-passes", W, "A challenge that cannot pass in any reachable state: too few dice (or none) for the successes it needs.",
          "challenge: {stat: movement, successes: 4}   # movement is at most 3", "Lower `successes`, add dice with `modifier`, or raise the stat first."),
    Entry("GS416", "challenge-never-fails", W, "A challenge that cannot fail in any reachable state: it needs no successes, or every die always shows enough.",
          "challenge: {stat: movement, successes: 0}", "Raise `successes`, or make the card a plain `goto`."),
    Entry("GS417", "link-never-followed", W, "A challenge or battle link the card cannot follow (`pass:` or `fail:` without a challenge, `outcomes:` without a battle), or a challenge with one outcome unlinked, which stops the story.",
          "'13':\n  challenge: {stat: movement, successes: 3}\n  pass: '14'   # no fail:, no goto:", "Add the missing link (or a `goto` for both), or the missing challenge or battle."),
    Entry("GS418", "constant-condition", W, "A card's or choice's condition holds always, or never (it contradicts itself), whatever the flags, items and values it tests.",
          "if: \"flag('met') and not flag('met')\"", "Fix the condition (a wrong name or operator), or drop it."),
    Entry("GS420", "condition-out-of-range", W, "A comparison is settled by the range the variable is declared to stay within (`min:`/`max:`): it is always or never true.",
          "# despair: {min: 0, max: 1}\nif: despair >= 2", "Compare within the declared range, or widen the range."),
    Entry("GS421", "never-read", W, "A numeric variable is set by effects but nothing reads it: no condition or amount names it, no challenge rolls it, no bot weighs it.",
          "do: [gain: {variable: renown}]   # renown is tested nowhere", "Test it where it matters, or stop setting it."),
    Entry("GS429", "possible-stuck-state", Severity.INFO, "The story's states did not fit the exploration budget, so they were merged per card; in that approximation the story may stop or lock here, but this is not proved.",
          "a story whose counters take more states than the budget", "Check the named path by hand, or bound the counters (`min:`/`max:`) so the states fit."),
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
    Entry("GS711", "stat-bar-too-long", E, "A stat bar would draw more than 100 pips or squares (a card's value with no `max:` on the box).",
          "- {type: stat-bar, field: cost, style: pips}   # a card with cost: 500", "Give the box a `max:`, or draw the value with `style: bar`."),
    # -- GS712-713: a variable's `resets:` the runtime cannot apply ---------------
    Entry("GS712", "resets-without-battle", W, "A variable says `resets: battle`, but the pack has no scenario: no battle is ever fought, so the runtime never resets it.",
          "variables:\n  feats: {initial: 0, per: game, resets: battle}   # and no kind: scenario anywhere", "Drop `resets: battle`, or reset the variable with a `set` effect where the game needs it."),
    Entry("GS713", "resets-derived-count", E, "A derived count (`counts:`) says `resets:`; no effect sets it, and resetting it as a battle begins would stop the game with an error.",
          "variables:\n  armed: {counts: {zone: equipped}, resets: battle}", "Drop `resets:`; to count something for one battle, keep a plain variable that effects `gain` and that `resets: battle`."),
    # -- GS715: bots' `evaluation:` weights (numbered here by assignment, not a print check) --
    Entry("GS715", "evaluation-steps-rise", E, "A weight in `evaluation:` written as steps (what each seat's first, second… unit of a name is worth) names no step, or a later step is worth more than an earlier one: steps give diminishing returns, so a bot would otherwise hoard what it should spread.",
          "evaluation:\n  equipment_carried: [1.5, 4.0]", "Write each unit's worth from the first down (`[4.0, 1.5]`), or one number for every unit alike."),
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
