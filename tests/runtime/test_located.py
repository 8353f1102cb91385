"""Every runtime rule error names the content it came from: file, line and item."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from tests.runtime.conftest import SHOP, write_shop

CARDS = SHOP["c.yaml"] + "  - {id: rope, name: Rope}\n"
RULES = """\
kind: rules
id: r
zones:
  - {id: shop, per: game, visibility: public, holds: [wares]}
  - {id: bag, per: seat, visibility: public}
actions:
  - id: sell
    name: Sell
    do:
      - gain: {variable: coins, amount: ceil(cost / 2)}
"""
BROWSE = """\
  - id: browse
    name: Browse
    do:
      - move-card: {from: shop, to: bag, matching: cost <= coins}
"""


def write(root: Path, rules: str):
    write_shop(root, **{"c.yaml": CARDS, "rules.yaml": rules})
    return load_program(Path("."))


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return write(tmp_path, RULES)


def test_compiled_game_carries_a_location_table(pack):
    table = pack.game.locations
    assert table["expr:ceil(cost / 2)"] == "rules.yaml:10:41 (action 'sell')"
    assert table["fx:rules:r:actions/0/do/0"] == "rules.yaml:10:9 (action 'sell')"


def _take(m: Machine, action: str) -> None:
    keys = [o.get("key", "") + o["label"] for o in m.decision["options"]]
    m.answer(next(i for i, k in enumerate(keys) if action in k))


def test_expression_error_names_file_line_item_and_the_unset_name(pack):
    m = Machine.start(pack, 2, 1)
    with pytest.raises(RuleError) as err:
        _take(m, "Sell")
    text = str(err.value)
    assert text.startswith("rules.yaml:10:41 (action 'sell'): expression 'ceil(cost / 2)'")
    assert "'cost' has no value (no card is being considered)" in text
    assert "\n" not in text


def test_card_expression_error_names_the_card(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    program = write(tmp_path, RULES + BROWSE)
    with pytest.raises(RuleError) as err:
        Machine.start(program, 2, 1)  # listing the options tries each card against `matching`
    text = str(err.value)
    assert text.startswith("rules.yaml:14:52 (action 'browse')")
    assert "for card 'rope'" in text and "'cost' has no value on card 'rope'" in text


def test_op_fault_is_located_at_the_effect(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = RULES.replace("amount: ceil(cost / 2)", "amount: cost")
    m = Machine.start(write(tmp_path, rules), 2, 1)
    with pytest.raises(RuleError) as err:
        _take(m, "Sell")
    text = str(err.value)
    assert text.startswith("rules.yaml:10:9 (action 'sell'): op 'gain': a value of the wrong kind")
    assert "None (no value)" in text


MOVE_ALL = """\
kind: rules
id: r
zones:
  - {id: shop, per: game, visibility: public, holds: [wares]}
  - {id: bag, per: seat, visibility: public}
actions:
  - id: buy-all
    name: Buy everything priced
    do:
      - move-card:
          from: shop
          to: bag
          all: true
          matching: cost != None
          then: [lose: {variable: coins, amount: cost}]
"""


def test_move_card_all_moves_without_asking_and_then_reads_each_card(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cards = CARDS.replace("- {id: rope, name: Rope}", "- {id: rope, name: Rope, cost: 1, count: 2}")
    (tmp_path / "c.yaml").write_text(cards)
    write(tmp_path, MOVE_ALL)
    (tmp_path / "c.yaml").write_text(cards)
    m = Machine.start(load_program(Path(".")), 2, 1)
    seat = m.state["active"]
    _take(m, "Buy everything")
    assert m.decision is None or all("card" not in o for o in m.decision["options"])
    assert sorted(m.state["ids"][i] for i in m.state["zones"][f"bag:{seat}"]) == ["lamp", "rope", "rope"]
    assert m.state["sv"][seat]["coins"] == 5 - 2 - 1 - 1


def test_the_cli_prints_the_located_error_on_one_line(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from gamesmith.cli import app

    monkeypatch.chdir(tmp_path)
    write(tmp_path, RULES + BROWSE)
    for command in (["play", ".", "--seat", "random", "--seat", "random", "--seed", "1"],
                    ["simulate", ".", "--players", "2", "--games", "1", "--workers", "1"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 1
        line = next(x for x in result.output.splitlines() if x.startswith("error:"))
        assert line.startswith("error: rules.yaml:14:52 (action 'browse'): expression 'cost <= coins'")
        assert line.endswith("'cost' has no value on card 'rope'")
