"""A move towards an obstacle's area (Heavy Flooding: Umbrello heads for the Wishing Well;
Wind Gust and Downpour: townsfolk blown towards the Town Pond) walks up to its side: none of
the obstacle's squares can be stood on, and a walk aimed into them never started."""

from __future__ import annotations

from runtime.board import board, cells_of, named_cells, pieces
from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack


def test_heavy_flooding_walks_umbrello_to_the_wishing_well():
    prog = Program(compiled_pack("townsfolk-tussle").game, "umbrello-final-fight")
    m = Machine.start(prog, 2, 4, log=[])  # his first three cards: Drizzle, Heavy Flooding x2
    while not m.over and m.state["round"] < 4:
        m.answer(len(m.decision["options"]) - 1 if m.decision["kind"] == "turn" else 0)
    floods = [i for i, e in enumerate(m.log) if e["e"] == "move" and e.get("id") == "heavy-flooding"
              and e.get("from") == "action-deck"]
    assert floods
    moves = [e["cell"] for e in m.log if e["e"] == "move-piece" and e.get("seat") is None]
    assert moves and moves[0] != [8, 1]  # he leaves I2, where he began
    b, _ = board(m)
    well = set(named_cells(m, [], "wishing-well"))
    umbrello = next(p for p in pieces(m) if p[1] is None and p[2] is not None)
    # two floods of 5 MVMT: he stands beside the well (7 squares away), not in it
    assert any(b.adjacent(c, w) for c in cells_of(m, umbrello) for w in well)
    assert not set(cells_of(m, umbrello)) & well
