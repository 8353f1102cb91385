"""A Named Enemy resolves the top half of its Threat card in the Enemy Turn, played through
the runtime: Rochefort's Lunge moves him towards the nearest Character and attacks; Call the
Bravos brings two Hired Blades next to him; Relentless resolves the next card as well."""

from __future__ import annotations

from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack
from tests.content.gascony_legacy.test_battle_round_example import events, on_top
from tests.content.gascony_legacy.test_board_geometry import one_seat_alone  # noqa: F401
from tests.content.gascony_legacy.test_terrain_tiles import audited, battle, cell, clear, stand
from tests.runtime.conftest import pick

ROCHEFORT = 1  # The Jolly Miller: Athos's figure, then Rochefort at H2


def enemy_turn(threat: str, *, rochefort_at=(7, 1), athos_at=(2, 1)):
    m = battle("the-jolly-miller")
    clear(m)
    stand(m, ROCHEFORT, rochefort_at)
    stand(m, 0, athos_at)
    on_top(m, "rochefort-threats", threat)
    m.log.clear()
    pick(m, "End your turn")
    return m


def test_lunge_moves_rochefort_to_the_nearest_character_and_he_attacks():
    m = enemy_turn("lunge")
    assert cell(m, ROCHEFORT) is not None and cell(m, ROCHEFORT) != (7, 1)
    struck = [e for e in events(m, "attack") if e["source"] == ROCHEFORT]
    assert struck and struck[0]["piece"] == 0
    assert audited(m) == []


def test_call_the_bravos_brings_two_hired_blades_next_to_rochefort():
    m = enemy_turn("call-the-bravos", athos_at=(0, 0))
    spawned = [e for e in events(m, "spawn")]
    assert len(spawned) == 2
    assert all(max(abs(e["cell"][0] - 7), abs(e["cell"][1] - 1)) == 1 for e in spawned)
    # a token on its Unwounded side: two Wounds defeat it, as for those the battle set up
    assert [m.state["pieces"][e["piece"]][4] for e in spawned] == [2, 2]


def test_relentless_resolves_the_next_threat_card_too():
    m = battle("the-jolly-miller")
    clear(m)
    stand(m, ROCHEFORT, (7, 1))
    stand(m, 0, (0, 0))
    on_top(m, "rochefort-threats", "call-the-bravos")
    on_top(m, "rochefort-threats", "relentless")
    m.log.clear()
    pick(m, "End your turn")
    played = [e["id"] for e in events(m, "move") if e.get("from") == "rochefort-threats"]
    assert played[:2] == ["relentless", "call-the-bravos"]
    assert len(events(m, "spawn")) == 2


def test_each_named_enemys_threat_deck_is_shuffled_before_its_battle():
    # Battle setup, step 5d: set up on eight seeds, each deck lies in more than one order
    # (in its printed order, Rochefort drew Vanish in the third Enemy Turn of every game)
    game = compiled_pack("gascony-legacy").game
    for scenario, deck in (("the-jolly-miller", "rochefort-threats"),
                           ("the-calais-road", "de-wardes-threats"),
                           ("the-ballroom", "richelieu-threats")):
        orders = set()
        for seed in range(1, 9):
            m = Machine.start(Program(game, scenario), 2, seed, log=[])
            while m.decision["kind"] == "option":  # the Characters picked, setup goes on
                m.answer(0)
            orders.add(tuple(m.state["ids"][i] for i in m.state["zones"][deck]))
        assert len(orders) > 1, deck
        assert len({tuple(sorted(order)) for order in orders}) == 1
