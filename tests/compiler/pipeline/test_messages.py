"""What a designer reads: one diagnostic per mistake, in their words, at the right place.

Each test plants one defect and pins the whole diagnostic (code, message, line, column,
hint), so wording and locations cannot drift unnoticed, and no follow-on errors appear.
"""

from __future__ import annotations

from pathlib import Path

from compiler import compile_pack

CARD_TYPE = """\
kind: card-type
id: gear
name: Gear
fields:
  hands: {type: int, required: true, min: 0, max: 2}
  cost: {type: int}
"""
CARDS = """\
kind: cards
id: kit
type: gear
cards:
  - id: sword
    name: Sword
    hands: 1
    cost: 3
"""
TERRAIN = """\
kind: terrain
id: rock
name: Rock
type: obstacle
keywords: [impassable]
"""
LANDSCAPE = """\
kind: landscape
id: board
grid: {columns: 5, rows: 4}
terrain:
  - {piece: rock, at: C3}
"""
STORY = """\
kind: story
id: act
title: Act
start: "1"
cards:
  "1":
    do: [{gain: {variable: coins, amount: 1}}]
    goto: "2"
  "2": {ending: victory}
"""


def diags(result):
    return [(d.code, d.message, d.file, d.line, d.column, d.hint) for d in result.report.sorted()]


def test_wrong_type_in_a_card_field_names_the_card(compile_files):
    result = compile_files({"t.yaml": CARD_TYPE, "c.yaml": CARDS.replace("cost: 3", "cost: three")})
    assert diags(result) == [
        (
            "GS207",
            "`cost` in card 'sword' must be a whole number, not 'three'",
            "c.yaml",
            8,
            11,
            None,
        ),
    ]


def test_a_misspelt_card_field_is_one_error_not_also_a_missing_one(compile_files):
    result = compile_files({"t.yaml": CARD_TYPE, "c.yaml": CARDS.replace("hands: 1", "hnads: 1")})
    assert diags(result) == [
        ("GS207", "unknown key 'hnads' in card 'sword'", "c.yaml", 7, 5, "did you mean 'hands'?"),
    ]


def test_a_bad_manifest_does_not_make_every_variable_unknown(compile_files, game_yaml):
    game = game_yaml.replace("min: 2", "min: two")
    result = compile_files({"s.yaml": STORY.replace("amount: 1", "amount: coins + 1")}, game=game)
    assert diags(result) == [
        ("GS205", "`min` in `players` must be a whole number, not 'two'", "game.yaml", 4, 16, None),
    ]


def test_a_failed_document_is_not_also_an_unknown_reference(compile_files):
    result = compile_files({"t.yaml": TERRAIN + "kewords: [cover]\n", "l.yaml": LANDSCAPE})
    assert diags(result) == [
        ("GS203", "unknown key 'kewords'", "t.yaml", 6, 1, "did you mean 'keywords'?"),
    ]


def test_a_malformed_id_is_not_also_an_unknown_reference(compile_files):
    result = compile_files({"t.yaml": TERRAIN.replace("id: rock", "id: Rock"), "l.yaml": LANDSCAPE})
    assert [(c, f, line) for c, _, f, line, *_ in diags(result)] == [("GS206", "t.yaml", 2)]


def test_an_unreadable_file_is_not_also_unknown_references(compile_files):
    tabbed = "kind: terrain\nid: rock\nname: Rock\ntype: obstacle\nkeywords:\n\t- cover\n"
    result = compile_files({"t.yaml": tabbed, "l.yaml": LANDSCAPE})
    assert [(c, f, line, col) for c, _, f, line, col, _ in diags(result)] == [
        ("GS108", "t.yaml", 6, 1)
    ]


def test_a_document_of_unknown_kind_is_not_also_unknown_references(compile_files):
    result = compile_files(
        {"t.yaml": TERRAIN.replace("kind: terrain", "kind: terain"), "l.yaml": LANDSCAPE}
    )
    assert diags(result) == [
        ("GS202", "unknown document kind 'terain'", "t.yaml", 1, 7, "did you mean 'terrain'?"),
    ]


def test_a_failed_document_is_not_also_flags_never_given(compile_files):
    story = STORY.replace("{gain: {variable: coins, amount: 1}}", "{set-flag: met}").replace(
        '"2": {ending: victory}', '"2": {ending: victory, if: "flag(\'met\')", text: [a]}'
    )
    result = compile_files({"s.yaml": story})
    assert diags(result) == [
        ("GS205", "`text` in card '2' must be text, not a list", "s.yaml", 9, 51, None),
    ]


def test_choices_are_named_in_words(compile_files):
    result = compile_files({"t.yaml": TERRAIN.replace("type: obstacle", "type: rocky")})
    assert diags(result) == [
        ("GS205", "`type` must be 'obstacle' or 'feature', not 'rocky'", "t.yaml", 4, 7, None),
    ]


def test_long_lists_of_choices_go_to_the_hint(compile_files):
    result = compile_files(
        {"t.yaml": CARD_TYPE.replace("type: int, required", "type: integer, required")}
    )
    assert diags(result) == [
        (
            "GS205",
            "`type` in field 'hands' cannot be 'integer'",
            "t.yaml",
            5,
            17,
            "did you mean 'int'?",
        ),
    ]


def test_an_empty_value(compile_files):
    result = compile_files({"t.yaml": TERRAIN.replace("name: Rock", "name:")})
    assert diags(result) == [
        (
            "GS205",
            "`name` is empty: it must be text",
            "t.yaml",
            3,
            6,
            "write a value after the key, or remove it",
        ),
    ]


def test_a_word_where_a_list_belongs(compile_files):
    result = compile_files({"t.yaml": TERRAIN.replace("[impassable]", "impassable")})
    assert diags(result) == [
        (
            "GS205",
            "`keywords` must be a list, not 'impassable'",
            "t.yaml",
            5,
            11,
            "write `[impassable]`, or one `- item` per line below the key",
        ),
    ]


def test_text_where_a_story_card_belongs(compile_files):
    result = compile_files({"s.yaml": STORY.replace('"2": {ending: victory}', '"2": victory')})
    assert diags(result) == [
        (
            "GS205",
            "card '2' must be a mapping of keys to values, not 'victory'",
            "s.yaml",
            9,
            8,
            "write `key: value` lines, indented below",
        ),
    ]


def test_a_rule_across_keys_has_no_pydantic_prefix(compile_files, game_yaml):
    result = compile_files({}, game=game_yaml.replace("min: 2, max: 4", "min: 4, max: 2"))
    assert diags(result) == [
        ("GS205", "`players`: max (2) is below min (4)", "game.yaml", 4, 10, None)
    ]
    land = "kind: landscape\nid: board\n"
    result = compile_files({"l.yaml": land}, game=game_yaml)
    assert diags(result) == [
        (
            "GS205",
            "a landscape has either a grid or tiles, exactly one of the two",
            "l.yaml",
            1,
            1,
            None,
        ),
    ]


def test_a_number_out_of_range(compile_files):
    result = compile_files({"t.yaml": CARD_TYPE, "c.yaml": CARDS.replace("hands: 1", "hands: 5")})
    assert diags(result) == [
        ("GS207", "`hands` in card 'sword' must be at most 2, not 5", "c.yaml", 7, 12, None)
    ]


def test_a_list_too_long(compile_files):
    result = compile_files({"t.yaml": TERRAIN + "size: [1, 2, 3]\n"})
    assert diags(result) == [
        ("GS205", "`size` must have at most 2 items, not 3", "t.yaml", 6, 7, None)
    ]


def test_true_is_not_a_number_and_quoted_numbers_are_text(compile_files):
    result = compile_files({"t.yaml": CARD_TYPE, "c.yaml": CARDS.replace("cost: 3", "cost: true")})
    assert diags(result) == [
        ("GS207", "`cost` in card 'sword' must be a whole number, not true", "c.yaml", 8, 11, None)
    ]
    result = compile_files({"t.yaml": CARD_TYPE, "c.yaml": CARDS.replace("cost: 3", 'cost: "3"')})
    assert diags(result) == [
        (
            "GS207",
            "`cost` in card 'sword' must be a whole number, not '3'",
            "c.yaml",
            8,
            11,
            "remove the quotes: quoted values are text",
        ),
    ]


def test_an_effect_parameter_is_located_at_its_key(compile_files):
    result = compile_files({"s.yaml": STORY.replace("amount: 1}", "amount: 1, colour: red}")})
    assert diags(result) == [
        (
            "GS211",
            "unknown key 'colour' in `gain` effect of card '1'",
            "s.yaml",
            7,
            46,
            "allowed keys: amount, variable, who",
        ),
    ]
    result = compile_files({"s.yaml": STORY.replace("variable: coins, ", "")})
    assert diags(result) == [
        (
            "GS211",
            "missing required key 'variable' in `gain` effect of card '1'",
            "s.yaml",
            7,
            11,
            "add `variable:`",
        ),
    ]


def test_an_unfinished_expression(compile_files):
    result = compile_files({"s.yaml": STORY.replace('goto: "2"', 'if: coins >=\n    goto: "2"')})
    assert diags(result) == [
        (
            "GS220",
            "expression `coins >=` ends too early",
            "s.yaml",
            8,
            17,
            "expressions are written like `coins >= 2 and not flag('met-guard')`",
        ),
    ]


def test_a_swapped_letter_suggests_the_right_name(compile_files):
    result = compile_files({"s.yaml": STORY.replace('goto: "2"', 'if: cions >= 1\n    goto: "2"')})
    assert diags(result) == [
        (
            "GS221",
            "unknown name 'cions' in expression `cions >= 1`",
            "s.yaml",
            8,
            9,
            "did you mean 'coins'?",
        ),
    ]


def test_document_shape_messages(compile_files):
    result = compile_files({"t.yaml": "- kind: terrain\n  id: rock\n"})
    assert diags(result) == [
        (
            "GS205",
            "a document must be a mapping with `kind:`, not a list",
            "t.yaml",
            1,
            1,
            "write `key: value` lines at the top level, starting with `kind:`"
            " (without a leading `- `)",
        ),
    ]
    result = compile_files({"t.yaml": "kind: [terrain]\nid: rock\n"})
    assert diags(result) == [
        (
            "GS202",
            "`kind` must be one word such as `terrain`, not a list",
            "t.yaml",
            1,
            7,
            "kinds: game, card-type, cards, story, chapter, landscape, terrain, scenario, rules, layout",
        ),
    ]


def test_paths_that_are_not_packs(tmp_path, monkeypatch, game_yaml):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games" / "tiny").mkdir(parents=True)
    (tmp_path / "games" / "tiny" / "game.yaml").write_text(game_yaml)
    (tmp_path / "games" / "tiny" / "t.yaml").write_text(TERRAIN)

    def only(path: str):
        [d] = compile_pack(Path(path)).report.diagnostics
        return d.code, d.message, d.file, d.hint

    assert only("games") == (
        "GS304",
        "no game.yaml in games",
        "games/game.yaml",
        "this folder holds packs; check one of them: games/tiny",
    )
    assert only("games/tiny/t.yaml") == (
        "GS304",
        "games/tiny/t.yaml is a file, not a content pack",
        "games/tiny/t.yaml",
        "check the whole pack: give its folder (games/tiny)",
    )
    assert only("gmaes") == (
        "GS304",
        "gmaes does not exist",
        "gmaes",
        "give the folder that holds the pack's game.yaml",
    )


def test_a_bad_manifest_still_reads_only_the_folders_it_includes(compile_files, game_yaml):
    game = game_yaml.replace("min: 2", "min: two") + "include: [content]\n"
    result = compile_files({"content/t.yaml": TERRAIN, "notes/n.yaml": "not: content\n"}, game=game)
    assert [(d.code, d.file) for d in result.report.diagnostics] == [
        ("GS205", "game.yaml"),
        ("GS303", "notes/n.yaml"),
    ]
