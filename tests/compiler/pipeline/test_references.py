"""References beyond ids: variables and stats, zones, timing windows, dice."""

from __future__ import annotations

TERRAIN = "kind: terrain\nid: rock\nname: Rock\ntype: obstacle\nabilities:\n  - {0}\n"
RULES = "kind: rules\nid: rules\nzones:\n  - {id: hand}\n  - {id: draw}\n"


def found(result):
    return [(d.code, d.line, d.message, d.hint) for d in result.report.diagnostics]


def test_unknown_variable(compile_files):
    result = compile_files({"t.yaml": TERRAIN.format("do: [{gain: {variable: coin}}]")})
    assert found(result) == [("GS301", 6, "unknown variable 'coin'", "did you mean 'coins'?")]


def test_challenge_stat_must_be_declared(compile_files):
    story = ("kind: story\nid: s\ntitle: S\nstart: '1'\ncards:\n"
             "  '1': {challenge: {stat: prowess, successes: 2}, pass: '2', fail: '2'}\n  '2': {ending: victory}\n")
    result = compile_files({"s.yaml": story})
    assert [(c, line, m) for c, line, m, _ in found(result)] == [("GS301", 6, "unknown variable 'prowess'")]


def test_zones_checked_once_declared(compile_files):
    ability = "do: [{draw: {from: darw}}]"
    assert found(compile_files({"t.yaml": TERRAIN.format(ability)})) == []
    result = compile_files({"t.yaml": TERRAIN.format(ability), "r.yaml": RULES})
    assert found(result) == [("GS301", 6, "unknown zone 'darw'", "did you mean 'draw'?")]


def test_unknown_window(compile_files):
    result = compile_files({"t.yaml": TERRAIN.format("when: start-of-trun")})
    assert found(result) == [("GS301", 6, "unknown window 'start-of-trun'", "did you mean 'start-of-turn'?")]


def test_window_declared_by_rules(compile_files):
    rules = "kind: rules\nid: rules\nwindows: [on-ring]\n"
    assert found(compile_files({"t.yaml": TERRAIN.format("when: on-ring"), "r.yaml": rules})) == []


def test_roll_needs_declared_dice(compile_files):
    result = compile_files({"t.yaml": TERRAIN.format("do: [{roll: d6}]")})
    assert found(result) == [("GS301", 6, "unknown dice 'd6'", "no dice is defined in this pack")]


SCENARIO = """\
kind: scenario
id: duel
title: Duel
areas: {start: [A1], gate: [B2]}
outcomes: {victory: {text: Won.}, defeat: {text: Lost.}}
enemies:
  - {enemy: guard, area: gaet}
"""
GUARD = ("kind: card-type\nid: foe\nname: Foe\n---\n"
         "kind: cards\nid: foes\ntype: foe\ncards:\n  - {id: guard, name: Guard}\n")


def test_enemy_area_must_exist(compile_files):
    result = compile_files({"sc.yaml": SCENARIO, "f.yaml": GUARD})
    assert found(result) == [("GS301", 7, "unknown area 'gaet'", "did you mean 'gate'?")]


def test_enemy_abilities_name_an_abilities_field_of_its_card_type(compile_files):
    guard = GUARD.replace("name: Foe\n", "name: Foe\nfields:\n  rage: {type: abilities}\n")
    scenario = SCENARIO.replace("area: gaet", "area: gate, abilities: raeg")
    result = compile_files({"sc.yaml": scenario, "f.yaml": guard})
    assert found(result) == [("GS301", 7, "card type 'foe' has no abilities field 'raeg'",
                              "did you mean 'rage'?")]
    fixed = scenario.replace("raeg", "rage")
    assert found(compile_files({"sc.yaml": fixed, "f.yaml": guard})) == []


def test_battle_outcomes_match_the_scenario(compile_files):
    story = ("kind: story\nid: s\ntitle: S\nstart: '1'\ncards:\n"
             "  '1': {battle: duel, outcomes: {victory: '2', defeet: '3'}}\n"
             "  '2': {ending: victory}\n  '3': {ending: defeat}\n")
    result = compile_files({"sc.yaml": SCENARIO.replace("gaet", "gate"), "f.yaml": GUARD, "s.yaml": story})
    assert found(result) == [("GS301", 6, "scenario 'duel' has no outcome 'defeet'", "did you mean 'defeat'?")]


def test_layout_conditions_may_name_card_built_ins(compile_files):
    card_type = "kind: card-type\nid: gear\nname: Gear\nfields:\n  cost: {type: int}\n"
    layout = ("kind: layout\nid: gear-front\ncard-type: gear\nboxes:\n"
              "  - {type: text, x: 3, y: 3, w: 50, h: 10, text: '{text}', if: 'text and cost > 1'}\n")
    assert found(compile_files({"t.yaml": card_type, "l.yaml": layout})) == []
    story = ("kind: story\nid: s\ntitle: S\nstart: '1'\ncards:\n"
             "  '1': {choices: [{text: a, if: flavour, goto: '2'}]}\n  '2': {ending: victory}\n")
    result = compile_files({"t.yaml": card_type, "l.yaml": layout, "s.yaml": story})
    assert [c for c, *_ in found(result)] == ["GS221"]  # card names mean nothing in a story


def test_next_to_names_a_terrain_piece(compile_files):
    ability = "{if: \"next_to('rook')\", do: [{draw: 1}]}"
    result = compile_files({"t.yaml": TERRAIN.format(ability)})
    assert [(c, line, m, h) for c, line, m, h in found(result) if c == "GS301"] == [
        ("GS301", 6, "unknown terrain 'rook'", "did you mean 'rock'?")]
    fine = compile_files({"t.yaml": TERRAIN.format(ability.replace("rook", "rock"))})
    assert [d for d in fine.report.diagnostics if d.code == "GS301"] == []
