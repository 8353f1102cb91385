"""Benchmark checking a 5,000-row card sheet against reading the same sheet bare.

Run: python bench/bench_sheets.py [--rows N] [--repeat N]. For XLSX and CSV it prints the bare
read (openpyxl values, or the csv module), `gamesmith check` of a pack whose deck is that sheet,
and the same deck as YAML checked, all measured in this run.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from timing import best_of  # noqa: E402

from compiler import compile_pack  # noqa: E402
from compiler.sheets import write_deck  # noqa: E402
from compiler.sheets.write import deck_yaml  # noqa: E402

GAME = "kind: game\nid: bench\ntitle: Bench\nplayers: {min: 2, max: 4}\n"
CARD_TYPE = """\
kind: card-type
id: gear
name: Gear
fields:
  cost: {type: int, required: true, min: 0, max: 99}
  slot: {type: enum, values: [head, hand, body, feet]}
  tags: {type: list, of: string}
  heavy: {type: bool, default: false}
"""


def deck(rows: int) -> dict:
    slots = ["head", "hand", "body", "feet"]
    cards = []
    for i in range(rows):
        card = {"id": f"gear-{i}", "name": f"Gear {i}", "count": 1 + i % 3, "cost": i % 10,
                "slot": slots[i % 4], "tags": ["metal", f"tier-{i % 5}"], "heavy": i % 7 == 0,
                "text": f"Worth {i % 10} coins; sold at the market on day {i % 30}."}
        if i % 50 == 0:
            card["abilities"] = [{"name": "Shine", "when": "on-play",
                                  "do": [{"gain": {"variable": "coins", "amount": 1}}]}]
        cards.append(card)
    return {"kind": "cards", "id": "gear", "type": "gear", "name": "Gear", "cards": cards}


def bare_xlsx(path: Path) -> None:
    import openpyxl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(path, data_only=True)
    for sheet in book.worksheets:
        for _ in sheet.iter_rows(values_only=True):
            pass


def bare_csv(path: Path) -> None:
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for _ in csv.reader(fh):
            pass


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    data = deck(args.rows)
    with tempfile.TemporaryDirectory() as tmp:
        print(f"deck: {args.rows} rows, 9 columns, every 50th card with an ability")
        for suffix, bare in ((".xlsx", bare_xlsx), (".csv", bare_csv), (".yaml", None)):
            root = Path(tmp) / suffix.lstrip(".")
            root.mkdir()
            (root / "game.yaml").write_text(GAME + "variables:\n  coins: {initial: 0}\n")
            (root / "gear-type.yaml").write_text(CARD_TYPE)
            path = root / f"gear{suffix}"
            if suffix == ".yaml":
                path.write_text(deck_yaml(data))
            else:
                write_deck(data, None, path)
            result = compile_pack(root)
            assert result.report.errors == 0, result.report.sorted()[:3]
            check = best_of(args.repeat, lambda r=root: compile_pack(r))
            size = path.stat().st_size / 1e6
            if bare is None:
                print(f"YAML deck ({size:.1f} MB): gamesmith check {check:.3f} s")
                continue
            read = best_of(args.repeat, lambda p=path, b=bare: b(p))
            print(f"{suffix[1:].upper()} sheet ({size:.1f} MB): bare read {read:.3f} s, "
                  f"gamesmith check {check:.3f} s, ratio {check / read:.2f}x")


if __name__ == "__main__":
    main()
