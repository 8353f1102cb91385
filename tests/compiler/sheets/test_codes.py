"""One pack per spreadsheet code: it plants that defect in a sheet, and the check reports that
code at that file and cell, and nothing else."""

from __future__ import annotations

import pytest

from compiler.diagnostics import CATALOGUE

ROWS_DOC = "kind: cards\nid: deck\ntype: gear\nrows: gear.csv\n"
HEAD = "id,name,hands\n"

# code -> (files, (file, sheet, row, column))
CASES = {
    "GS120": ({"d.yaml": ROWS_DOC, "gear.csv": "id,name,hands,hnads2,tgas\ncap,Cap,1,,\n"},
              ("gear.csv", "", 1, 5)),
    "GS121": ({"d.yaml": ROWS_DOC, "gear.csv": "id,name\ncap,Cap\n"}, ("gear.csv", "", 1, 3)),
    "GS122": ({"d.yaml": ROWS_DOC, "gear.csv": "id,name,hands,Hands\ncap,Cap,1,2\n"},
              ("gear.csv", "", 1, 4)),
    "GS123": ({"d.yaml": ROWS_DOC.replace("gear.csv", "gear.xlsx"),
               "gear.xlsx": {"Gear": [["id", "name", "hands"], ["cap", "Cap", "=1+1"]]}},
              ("gear.xlsx", "Gear", 2, 3)),
    "GS124": ({"d.yaml": ROWS_DOC, "gear.csv": HEAD.replace("\n", ",power\n") + "cap,Cap,1,\"{2: 3, 3: \"\n"},
              ("gear.csv", "", 2, 4)),
    "GS125": ({"d.yaml": ROWS_DOC.replace("gear.csv", "gear.xlsx"), "gear.xlsx": b"not a zip"},
              ("gear.xlsx", None, 0, 0)),
    "GS126": ({"d.yaml": ROWS_DOC.replace("gear.csv", "gear.xlsx") + "sheet: Gaer\n",
               "gear.xlsx": {"Gear": [["id", "name", "hands"], ["cap", "Cap", 1]]}},
              ("d.yaml", None, 5, 8)),
    "GS127": ({"d.yaml": ROWS_DOC, "gear.csv": HEAD + ",,\n"}, ("gear.csv", "", 1, 1)),
}


def test_every_spreadsheet_code_has_a_fixture():
    assert {c for c in CATALOGUE if c.startswith("GS12")} == set(CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_code(code, pack, found):
    files, (file, sheet, row, column) = CASES[code]
    result = pack(files)
    diagnostics = found(result)
    assert (code, file, sheet, row, column) in diagnostics, diagnostics
    others = [d for d in diagnostics if d[0] != code]
    assert not others, f"{code} fixture also raised {others}"
