"""Battle setup, step 3, played through the runtime: the lettered Search token lies on the
square its letter marks, and the ? squares get tokens drawn at random from the rest, mixed
up first (not the same top of the pile every game); tokens an earlier Battle left on the map
go back to the box before the next Battle deals them again."""

from __future__ import annotations

from runtime.frames import fx
from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack
from tests.content.gascony_legacy.test_search_and_flight import tokens
from tests.runtime.conftest import pick


def deployed(scenario: str, seed: int) -> Machine:
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, scenario), 2, seed, log=[])
    for name in ("Athos", "Porthos"):
        pick(m, name)
    while m.decision["kind"] == "cell":
        m.answer(0)
    return m


def test_the_question_mark_squares_get_tokens_mixed_at_random():
    dealt, shuffles = set(), 0
    for seed in range(1, 13):
        m = deployed("buckingham-gardens", seed)
        placed = tokens(m)
        assert placed["search-a"] == (7, 3)  # H4, where the Battle card marks A
        others = frozenset(k for k in placed if k != "search-a")
        assert len(m.state["zones"]["board"]) == 4  # A, and one token on each of three ?s
        dealt.add(others)
        shuffles += sum(1 for e in m.log if e["e"] == "shuffle" and e.get("zone") == "search-tokens")
    # with 8 tokens left to mix, twelve games dealing one fixed top three would give one set
    assert len(dealt) >= 4
    assert shuffles == 12


def test_tokens_left_on_the_map_go_back_before_the_next_battle_deals():
    """A second Battle in the same game (as a campaign fights them) still finds token A to put
    on its square: the first Battle's tokens were returned to the box before dealing."""
    m = deployed("buckingham-gardens", 3)
    st = m.state
    assert len(st["zones"]["board"]) == 4
    setup = m.program.game.scenarios["buckingham-gardens"].setup
    decision, st["decision"] = st["decision"], None
    st["stack"].append(fx(m.program.lid(setup), {"self": 0}))  # the Battle set up once more
    m.run()
    assert st["decision"] == decision
    placed = tokens(m)
    assert placed["search-a"] == (7, 3) and len(st["zones"]["board"]) == 4
    assert len(st["zones"]["board"]) + len(st["zones"]["search-tokens"]) == 9
