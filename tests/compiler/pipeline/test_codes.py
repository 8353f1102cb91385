"""One minimal pack per diagnostic code: it plants exactly that defect, and the check
reports that code at that file and line (and nothing else)."""

from __future__ import annotations

import pytest

from compiler.diagnostics import CATALOGUE
from tests.compiler.pipeline.conftest import GAME

CARD_TYPE = """\
kind: card-type
id: gear
name: Gear
fields:
  hands: {type: int, required: true, min: 0, max: 2}
"""


def cards(*entries: str, extra: str = "") -> str:
    body = "".join(f"  - {e}\n" for e in entries)
    return f"kind: cards\nid: deck\ntype: gear\n{extra}cards:\n{body}"


def story(cards_yaml: str, start: str = "'1'") -> str:
    return f"kind: story\nid: act\ntitle: Act\nstart: {start}\ncards:\n{cards_yaml}"


LANDSCAPE = """\
kind: landscape
id: board
grid: {columns: 5, rows: 4}
"""
TERRAIN = """\
kind: terrain
id: rock
name: Rock
type: obstacle
keywords: [impassable]
"""



def uses(name: str) -> str:
    """A document whose ability reads `name` (so a parameter is not reported unused)."""
    return TERRAIN + f"abilities:\n  - if: {name} >= 1\n"


# code -> (files, file, line)
CASES: dict[str, tuple[dict, str, int]] = {
    "GS101": ({"a.yaml": "kind: terrain\nid: rock\nname: a: b\n"}, "a.yaml", 3),
    "GS102": ({"a.yaml": TERRAIN + "id: rock2\n"}, "a.yaml", 6),
    "GS103": ({"a.yaml": TERRAIN + "text: &x Rough stone.\n"}, "a.yaml", 6),
    "GS106": ({"a.yaml": "# nothing here\n"}, "a.yaml", 1),
    "GS107": ({"a.yaml": b"kind: terrain\nname: \xff\xfe\n"}, "a.yaml", 2),
    "GS108": ({"a.yaml": "kind: terrain\nkeywords:\n\t- cover\n"}, "a.yaml", 3),
    "GS109": ({"a.yaml": TERRAIN.replace("name: Rock", "name: !!str Rock")}, "a.yaml", 3),
    "GS201": ({"a.yaml": "id: rock\nname: Rock\n"}, "a.yaml", 1),
    "GS202": ({"a.yaml": "kind: terain\nid: rock\n"}, "a.yaml", 1),
    "GS203": ({"a.yaml": TERRAIN + "colour: red\n"}, "a.yaml", 6),
    "GS204": ({"a.yaml": "kind: terrain\nid: rock\ntype: obstacle\n"}, "a.yaml", 1),
    "GS205": ({"a.yaml": TERRAIN + "count: lots\n"}, "a.yaml", 6),
    "GS206": ({"a.yaml": TERRAIN.replace("id: rock", "id: Big_Rock")}, "a.yaml", 2),
    "GS207": ({"t.yaml": CARD_TYPE, "c.yaml": cards("{id: cap, name: Cap, hands: many}")}, "c.yaml", 5),
    "GS210": ({"t.yaml": TERRAIN + "abilities:\n  - do:\n      - damgae: 1\n"}, "t.yaml", 8),
    "GS211": ({"t.yaml": TERRAIN + "abilities:\n  - do:\n      - damage: {amount: 1, colour: red}\n"}, "t.yaml", 8),
    "GS212": ({"t.yaml": TERRAIN + "abilities:\n  - do:\n      - {damage: 1, heal: 1}\n"}, "t.yaml", 8),
    "GS213": ({"t.yaml": TERRAIN + "abilities:\n  - do:\n      - damage: {target: closet}\n"}, "t.yaml", 8),
    "GS220": ({"t.yaml": TERRAIN + "abilities:\n  - if: 'coins >='\n"}, "t.yaml", 7),
    "GS221": ({"t.yaml": TERRAIN + "abilities:\n  - if: coisn >= 2\n"}, "t.yaml", 7),
    "GS222": ({"t.yaml": TERRAIN + "abilities:\n  - if: coins.__class__\n"}, "t.yaml", 7),
    "GS230": ({"t.yaml": TERRAIN + "abilities:\n  - if: coins >= 'ten'\n"}, "t.yaml", 7),
    "GS231": ({"t.yaml": TERRAIN + "abilities:\n  - if: coins > 0\n    do:\n      - set: {variable: coins, value: rich}\n"}, "t.yaml", 9),
    "GS232": ({"t.yaml": CARD_TYPE, "c.yaml": cards("{id: cap, name: Cap, hands: 1, abilities: [{name: Peek, text: Look.}]}")}, "c.yaml", 5),
    "GS260": ({"a.yaml": TERRAIN + "count: 1e400\n"}, "a.yaml", 6),
    "GS240": ({"t.yaml": CARD_TYPE + "  pattern: {type: pattern}\n",
               "c.yaml": cards("{id: pike, name: Pike, hands: 2, pattern: ['.X.', '.o.']}")}, "c.yaml", 5),
    "GS261": ({"t.yaml": CARD_TYPE, "c.yaml": cards("{id: cap, name: Cap, hands: 1, image: ../../etc/cap.png}")}, "c.yaml", 5),
    "GS262": ({"t.yaml": TERRAIN + "abilities:\n  - if: ｃoins >= 1\n    do: [draw: 1]\n"}, "t.yaml", 7),
    "GS263": ({"t.yaml": TERRAIN + "abilities:\n  - do:\n      - repeat: {times: 500, do: [draw: 1]}\n"}, "t.yaml", 8),
    "GS264": ({"t.yaml": CARD_TYPE, "l.yaml": "kind: layout\nid: front\ncard-type: gear\nbackground: '#zzzzzz'\n"}, "l.yaml", 4),
    "GS301": ({"s.yaml": story("  '1': {battle: duel, outcomes: {victory: '2'}}\n  '2': {ending: victory}\n")}, "s.yaml", 6),
    "GS302": ({"a.yaml": TERRAIN, "b.yaml": TERRAIN}, "b.yaml", 2),
    "GS303": ({"notes.json": "{}"}, "notes.json", 0),
    "GS305": ({"a.yaml": TERRAIN + "suppress: [GS999]\n"}, "a.yaml", 6),
    "GS306": ({"a.yaml": TERRAIN, "s.yaml": story("  '1': {battle: rock, outcomes: {victory: '2'}}\n  '2': {ending: victory}\n")}, "s.yaml", 6),
    "GS265": ({"t.yaml": CARD_TYPE, "r.yaml": "kind: rules\nid: rules\nzones:\n"
               "  - {id: worn, slots: {field: slot, size: hands, room: {hand: 2}, overflow: worn}}\n"},
              "r.yaml", 4),
    "GS307": ({"t.yaml": TERRAIN + "abilities:\n  - when: passive\n    do: [draw: 1]\n"}, "t.yaml", 8),
    "GS310": ({"r.yaml": "kind: rules\nid: rules\ninvariants:\n  - id: one-attack\n    after: atack\n"
                         "    holds: round >= 1\n    message: one attack a round\n"}, "r.yaml", 5),
    "GS330": ({"game.yaml": GAME + "parameters:\n  win: {value: 9, min: 5, max: 8}\n", "u.yaml": uses("win")}, "game.yaml", 8),
    "GS331": ({"game.yaml": GAME + "parameters:\n  win: {value: 7, min: 9, max: 5}\n", "u.yaml": uses("win")}, "game.yaml", 8),
    "GS332": ({"game.yaml": GAME + "parameters:\n  coins: {value: 1, min: 0, max: 2}\n", "u.yaml": uses("coins")}, "game.yaml", 8),
    "GS334": ({"game.yaml": GAME + "parameters:\n  win: {value: 7, min: 5, max: 9}\n"}, "game.yaml", 8),
    "GS333": ({"game.yaml": GAME + "parameters:\n  win: {value: 7, min: 5, max: 9}\n",
               "t.yaml": TERRAIN + "abilities:\n  - do:\n      - gain: {variable: win}\n"}, "t.yaml", 8),
    "GS401": ({"s.yaml": story("  '1': {ending: victory}\n  '2': {goto: '1'}\n")}, "s.yaml", 7),
    "GS402": ({"s.yaml": story("  '1': {goto: '9'}\n")}, "s.yaml", 6),
    "GS403": ({"s.yaml": story("  '1':\n    choices:\n      - {text: a, goto: '2'}\n      - {text: b, goto: '3'}\n"
                               "  '2': {text: The road ends.}\n  '3': {ending: victory}\n")}, "s.yaml", 10),
    "GS405": ({"s.yaml": story(
        "  '1':\n    choices:\n      - {text: a, goto: '2'}\n      - {text: b, goto: '4'}\n"
        "  '2': {goto: '3'}\n  '3': {goto: '2'}\n  '4': {ending: victory}\n")}, "s.yaml", 10),
    "GS406": ({"s.yaml": story("  '1': {ending: victory}\n  '2': {ending: defeat}\n")}, "s.yaml", 7),
    "GS407": ({"s.yaml": story("  '1':\n    choices:\n      - {text: a, if: \"flag('met')\", goto: '2'}\n"
                               "      - {text: b, goto: '2'}\n  '2': {ending: victory}\n")}, "s.yaml", 8),
    "GS408": ({"s.yaml": story("  '1': {do: [{set-flag: met}], goto: '2'}\n  '2': {ending: victory}\n")}, "s.yaml", 6),
    "GS409": ({"s.yaml": story("  '1': {ending: victory}\n", start="'0'")}, "s.yaml", 4),
    "GS501": ({"l.yaml": LANDSCAPE + "areas:\n  start: [F1]\n", }, "l.yaml", 5),
    "GS502": ({"t.yaml": TERRAIN, "l.yaml": LANDSCAPE + "terrain:\n  - {piece: rock, at: B2}\n  - {piece: rock, at: B2}\n"}, "l.yaml", 6),
    "GS503": ({"t.yaml": TERRAIN, "l.yaml": LANDSCAPE + "terrain:\n"
               + "".join(f"  - {{piece: rock, at: C{r}}}\n" for r in range(1, 5))
               + "areas:\n  start: [A1]\n  exit: [E4]\n"}, "l.yaml", 10),
    "GS504": ({"l.yaml": "kind: landscape\nid: tile\ntile: true\ngrid: {columns: 2, rows: 2}\n---\n"
               "kind: landscape\nid: map\ntiles:\n  - {tile: tile, at: A1}\n  - {tile: tile, at: B2}\n"}, "l.yaml", 10),
    "GS505": ({"l.yaml": LANDSCAPE + "areas:\n  start: [4C]\n"}, "l.yaml", 5),
    "GS601": ({"sc.yaml": "kind: scenario\nid: fight\ntitle: Fight\ntables:\n  hp: {2: 8, 3: 12}\n"}, "sc.yaml", 5),
    "GS602": ({"sc.yaml": "kind: scenario\nid: fight\ntitle: Fight\ntables:\n  hp: {2: 8, 3: 12, 4: 15, 6: 20}\n"}, "sc.yaml", 5),
    "GS603": ({"t.yaml": CARD_TYPE, "c.yaml": cards("{id: cap, name: Cap, hands: 1, count: 2}", extra="size: 3\n")}, "c.yaml", 4),
    # a count kept for one battle, in a pack with no scenario: no battle ever resets it
    "GS712": ({"game.yaml": GAME + "  feats: {initial: 0, per: game, resets: battle}\n"}, "game.yaml", 7),
    # a derived count cannot be reset (the pack has no scenario either: only GS713 is said)
    "GS713": ({"game.yaml": GAME + "  armed:\n    counts: {zone: hand}\n    resets: battle\n"},
              "game.yaml", 9),
}

# Codes with their own tests elsewhere (size limits, the missing manifest, printing: GS70x and
# GS711; GS712-713 are the variables' `resets:`, here).
ELSEWHERE = {"GS104", "GS105", "GS110", "GS111", "GS304", "GS404"} | {
    c for c in CATALOGUE if c.startswith("GS7") and c not in ("GS712", "GS713")}
# Spreadsheet codes: one fixture each in tests/compiler/sheets/test_codes.py.
ELSEWHERE |= {c for c in CATALOGUE if c.startswith("GS12")}
# the state-aware story checks have their fixtures in test_story_state_codes.py
ELSEWHERE |= {f"GS4{n}" for n in range(10, 40)}


def test_every_code_has_a_fixture():
    assert set(CATALOGUE) - ELSEWHERE == set(CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_code(code, compile_files):
    files, file, line = CASES[code]
    result = compile_files(files)
    found = [(d.code, d.file, d.line) for d in result.report.diagnostics]
    assert (code, file, line) in found, found
    others = [f for f in found if f[0] != code]
    assert not others, f"{code} fixture also raised {others}"
