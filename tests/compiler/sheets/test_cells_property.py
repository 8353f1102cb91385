"""Property: any deck written as a sheet (CSV or XLSX) reads back as the same data, whatever
its text holds (separators, quotes, YAML-looking text, formulas-looking text, line breaks)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.language.documents import CardType
from compiler.sheets import read_grid, write_deck
from compiler.sheets.cards import cards_document, standalone_header

GEAR = CardType.model_validate({
    "kind": "card-type", "id": "gear", "name": "Gear",
    "fields": {"hands": {"type": "int"}, "weight": {"type": "number"}, "tags": {"type": "list"},
               "heavy": {"type": "bool"}, "power": {"type": "player-table"}},
})
# What a cell can hold: printable text and line breaks (spreadsheets keep no carriage returns).
TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\r")
               | st.just("\n"), min_size=1, max_size=30)
CARD = st.fixed_dictionaries(
    {"name": TEXT},
    optional={"hands": st.integers(-5, 10**9), "weight": st.floats(-1e6, 1e6, allow_nan=False),
              "tags": st.lists(TEXT, max_size=4), "heavy": st.booleans(), "text": TEXT,
              "power": st.dictionaries(st.integers(1, 6), st.integers(0, 20), min_size=1, max_size=3)},
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=st.lists(CARD, min_size=1, max_size=5), name=TEXT, suffix=st.sampled_from([".csv", ".xlsx"]))
def test_a_deck_reads_back_as_written(cards, name, suffix):
    cards = [{"id": f"card-{i}", **c} for i, c in enumerate(cards)]
    data = {"kind": "cards", "id": "deck", "type": "gear", "name": name, "cards": cards}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"deck{suffix}"
        write_deck(data, GEAR, path)
        grids, problems = read_grid(path, path.name)
        assert not problems
        doc, problems = standalone_header(grids[0])
        assert doc is not None and not problems
        assert cards_document(doc, GEAR) == []
    assert doc.data == data
