"""Reading cards from CSV, XLSX and ODS: dialects, merged cells, formulas, column mapping, cell
syntax, and the same checks as YAML located at cells."""

from __future__ import annotations

import json
import os

from compiler.diagnostics import render

ROWS = "kind: cards\nid: deck\ntype: gear\nrows: {file}\n"


def deck(result):
    assert result.game is not None, [str(d.location) + " " + d.message for d in result.report.diagnostics]
    return result.game.decks["deck"]


def test_csv_with_bom_semicolons_crlf_and_a_multiline_cell(pack):
    text = '\ufeffid;name;hands;text\r\ncap;Cap;1;"Worn.\r\nSecond line; with a semicolon"\r\n'
    result = pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text.encode("utf-8")})
    card = deck(result).cards[0]
    assert (card.id, card.field("hands")) == ("cap", 1)
    assert card.text == "Worn.\nSecond line; with a semicolon"


def test_excel_sep_line_names_the_delimiter(pack):
    text = "sep=,\nid,name,hands,tags\ncap,Cap,0,head; cloth\n"
    card = deck(pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text})).cards[0]
    assert card.field("tags") == ["head", "cloth"]


def test_mapping_notes_empty_rows_and_yaml_cells(pack):
    doc = ROWS.format(file="gear.csv") + "columns: {Hands needed: hands, Designer notes: null}\n"
    text = ("Card Id,Name,Hands needed,#why,Designer notes,power,tags\n"
            ",,,,,,\n"  # an empty row above the cards is skipped too
            "cap,Cap,1,looks good,ok,\"{2: 1, 3: 2, 4: 2}\",\"[head, 'a; b']\"\n"
            ",,,,,,\n"
            "axe,Axe,2,,,,\n")
    result = pack({"d.yaml": doc, "gear.csv": text})
    assert sorted(d.code for d in result.report.diagnostics) == ["GS120", "GS121"]  # not `id`
    text = text.replace("Card Id", "id")
    cards = deck(pack({"d.yaml": doc, "gear.csv": text})).cards
    assert [c.id for c in cards] == ["cap", "axe"]
    assert cards[0].field("tags") == ["head", "a; b"]
    assert dict(cards[0].field("power")) == {2: 1, 3: 2, 4: 2}


def test_xlsx_merged_cells_cached_formulas_and_the_sheet_by_name(pack, xlsx, tmp_path):
    write, save_values = xlsx
    path = write(tmp_path / "gear.xlsx", {
        "Gear": [["id", "name", "hands"], ["cap", "Cap", "=0+1"], ["hat", "Hat", None], [None, None, None],
                 ["axe", "Axe", 2]],
        "Other": [["nothing"]],
    }, merges={"Gear": ["C2:C3"]})
    save_values(path, {"C2": "1"})
    result = pack({"d.yaml": ROWS.format(file="gear.xlsx") + "sheet: Gear\n"})
    cards = deck(result).cards
    assert [(c.id, c.field("hands")) for c in cards] == [("cap", 1), ("hat", 1), ("axe", 2)]


def test_ods_repeats_merges_and_formula_values(pack, tmp_path):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import CoveredTableCell, Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Gear")

    def row(*cells):
        tr = TableRow()
        for cell in cells:
            tr.addElement(cell)
        table.addElement(tr)

    def text(value, **kw):
        cell = TableCell(valuetype="string", **kw)
        cell.addElement(P(text=value))
        return cell

    row(text("id"), text("name"), text("hands"))
    row(text("cap"), text("Cap"), TableCell(valuetype="float", value="1", formula="of:=0+1", numberrowsspanned=2))
    row(text("hat"), text("Hat"), CoveredTableCell())
    row(TableCell(numbercolumnsrepeated=1000))
    row(text("axe"), text("Axe"), TableCell(valuetype="float", value="2"), TableCell(numbercolumnsrepeated=16000))
    doc.spreadsheet.addElement(table)
    doc.save(str(tmp_path / "gear.ods"))
    cards = deck(pack({"d.yaml": ROWS.format(file="gear.ods")})).cards
    assert [(c.id, c.field("hands")) for c in cards] == [("cap", 1), ("hat", 1), ("axe", 2)]


def test_standalone_sheet_with_a_header_document(pack, found):
    text = "kind,cards\nid,deck\ntype,gear\nname,Gear\n\nid,name,hands\ncap,Cap,1\n"
    result = pack({"gear.csv": text})
    assert deck(result).name == "Gear"
    assert result.report.counts["files"] == 3
    result = pack({"gear.csv": text.replace("type,gear", "type,gaer")})
    assert ("GS301", "gear.csv", "", 3, 2) in found(result)
    result = pack({"gear.csv": text.replace("kind,cards\n", "kind,cardz\n")})
    assert ("GS202", "gear.csv", "", 1, 2) in found(result)


def test_a_sheet_nothing_names_is_an_unclaimed_file(pack, found):
    result = pack({"gear.csv": "id,name,hands\ncap,Cap,1\n"})
    assert [d[:2] for d in found(result)] == [("GS303", "gear.csv")]


def test_yaml_checks_at_cells(pack, found):
    text = "id,name,hands,upgrade\ncap,Cap,three,axe\n"
    result = pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text})
    assert found(result) == [("GS207", "gear.csv", "", 2, 3)]  # wrong type
    text = "id,name,hands,upgrade\ncap,Cap,2,axe\naxe,Axe,1,hta\ncap,Cap 2,1,\n"
    result = pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text})
    assert sorted(found(result)) == [
        ("GS301", "gear.csv", "", 3, 4),  # unknown id
        ("GS302", "gear.csv", "", 4, 1),  # duplicate id
    ]
    duplicate = next(d for d in result.report.diagnostics if d.code == "GS302")
    assert duplicate.hint == "the first is at gear.csv:2:1"


def test_every_format_names_the_cell(pack, xlsx):
    result = pack({"d.yaml": ROWS.format(file="gear.xlsx") + "sheet: Gear\n",
                   "gear.xlsx": {"Gear": [["id", "name", "hands"], ["cap", "Cap", "three"]]}})
    sources = result.sources.get
    text = render(result.report, "text", sources=sources)
    assert text.startswith(
        "gear.xlsx:Gear!C2: error GS207: `hands` in card 'cap' must be a whole number, not 'three'\n"
        "C2 | three\n   | ^^^^^\n")
    entry = json.loads(render(result.report, "json"))["diagnostics"][0]
    assert (entry["file"], entry["sheet"], entry["cell"], entry["line"], entry["column"]) == (
        "gear.xlsx", "Gear", "Gear!C2", 2, 3)
    sarif = json.loads(render(result.report, "sarif"))["runs"][0]["results"][0]
    assert sarif["locations"][0]["logicalLocations"] == [{"fullyQualifiedName": "Gear!C2", "kind": "cell"}]
    assert sarif["message"]["text"].startswith("Gear!C2: ")
    github = render(result.report, "github")
    assert github.startswith("::error file=gear.xlsx,line=2,col=3,title=GS207 ") and "::Gear!C2: " in github


def test_a_fifo_is_refused_without_blocking(pack, found, tmp_path):
    os.mkfifo(tmp_path / "gear.csv")
    result = pack({"d.yaml": ROWS.format(file="gear.csv")})
    assert found(result) == [("GS125", "gear.csv", None, 0, 0)]
    assert "not a regular file" in result.report.diagnostics[0].message


def test_rows_outside_the_pack_are_refused(pack, found, tmp_path):
    result = pack({"d.yaml": ROWS.format(file="../gear.csv")})
    assert [d[:2] for d in found(result)] == [("GS126", "d.yaml")]


def test_every_field_type_has_a_documented_cell_syntax():
    from typing import get_args

    from compiler.language.documents import FieldType
    from compiler.language_doc import language_markdown
    from compiler.sheets.cells import CELL_SYNTAX

    assert set(CELL_SYNTAX) == set(get_args(FieldType))
    doc = language_markdown()
    assert all(f"| `{t}` | {CELL_SYNTAX[t]} |" in doc for t in CELL_SYNTAX)


def test_an_expression_error_points_at_its_cell(pack, found):
    doc = ROWS.format(file="gear.csv").replace("type: gear", "type: rule")
    rule_type = "kind: card-type\nid: rule\nname: Rule\nfields:\n  when_true: {type: expression}\n"
    result = pack({"r.yaml": rule_type, "d.yaml": doc,
                   "gear.csv": "id,name,when_true\nrest,Rest,coisn >= 2\n"})
    assert [(d[0], d[3], d[4]) for d in found(result)] == [("GS221", 2, 3)]
    assert str(result.report.diagnostics[0].location) == "gear.csv:2:3"


def test_excel_unicode_text_is_utf16_with_tabs(pack):
    text = "id\tname\thands\ncap\tCapé\t1\n"
    result = pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text.encode("utf-16")})
    assert deck(result).cards[0].name == "Capé"


def test_sheet_without_rows_is_an_error(pack, found):
    result = pack({"d.yaml": "kind: cards\nid: deck\ntype: gear\nsheet: Gear\ncards:\n  - {id: cap, name: Cap, hands: 1}\n"})
    assert found(result) == [("GS205", "d.yaml", None, 1, 1)]


def test_a_suppress_column_silences_its_row(pack, found):
    text = "id,name,hands,upgrade,suppress\ncap,Cap,1,hta,GS301\naxe,Axe,1,hta,\n"
    result = pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text})
    assert found(result) == [("GS301", "gear.csv", "", 3, 4)]


def test_rows_may_name_a_sheet_with_its_own_header(pack):
    text = "kind,cards\nid,other\n\nid,name,hands\ncap,Cap,1\n"
    assert deck(pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": text})).cards[0].id == "cap"


def test_csv_cells_are_row_and_column_with_the_cell_shown(pack):
    result = pack({"d.yaml": ROWS.format(file="gear.csv"), "gear.csv": "id,name,hands\ncap,Cap,three\n"})
    text = render(result.report, "text", sources=result.sources.get)
    assert text.startswith("gear.csv:2:3: error GS207: `hands` in card 'cap' must be a whole number, "
                           "not 'three'\nC2 | three\n   | ^^^^^\n")
    entry = json.loads(render(result.report, "json"))["diagnostics"][0]
    assert (entry["sheet"], entry["cell"]) == ("", "C2")


def test_a_workbook_that_unpacks_too_large_is_refused(pack, found, tmp_path):
    import zipfile

    from compiler.sheets.grid import MAX_UNPACKED

    with zipfile.ZipFile(tmp_path / "gear.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b"\0" * (MAX_UNPACKED + 1))
    result = pack({"d.yaml": ROWS.format(file="gear.xlsx")})
    assert found(result) == [("GS125", "gear.xlsx", None, 0, 0)]
    assert "unpacks to" in result.report.diagnostics[0].message


def test_a_standalone_header_may_map_columns(pack):
    text = ('kind,cards\nid,deck\ntype,gear\ncolumns,"{Card: name, Hands used: hands}"\n\n'
            "id,Card,Hands used\ncap,Cap,1\n")
    card = deck(pack({"gear.csv": text})).cards[0]
    assert (card.name, card.field("hands")) == ("Cap", 1)
