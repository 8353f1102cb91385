"""The rulebook's worked examples of combat, played through the runtime with loaded dice: the
Battle Round example (Porthos and Athos against the Cardinal's Guards), the Cardinal's Guard's
Defense 2/3, Reactions, and a Destiny reroll of only the misses."""

from __future__ import annotations

import pytest

from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack
from tests.runtime.conftest import labels, pick

ATHOS, PORTHOS = 0, 1
TOP_GUARD, BOTTOM_GUARD, THIRD_GUARD, CAPTAIN = 2, 3, 4, 5  # pieces of The Convent Yard


def load(m: Machine, faces: list[int]) -> None:
    """The next d6 rolls show `faces`, in order; then the dice are fair again."""
    fair = m.below
    queue = list(faces)
    m.below = lambda n: queue.pop(0) - 1 if queue and n == 6 else fair(n)


def put(m: Machine, piece: int, cell: tuple[int, int] | None, facing: int | None = None) -> None:
    row = m.state["pieces"][piece]
    row[2:4] = [None, None] if cell is None else list(cell)
    if facing is not None:
        row[5] = facing


def on_top(m: Machine, zone: str, card_id: str) -> None:
    """Put a copy of `card_id` on top of the pile `zone`."""
    pile = m.state["zones"][zone]
    inst = next(i for i in pile if m.state["ids"][i] == card_id)
    pile.remove(inst)
    pile.append(inst)


def events(m: Machine, kind: str) -> list[dict]:
    return [e for e in m.log if e["e"] == kind]


@pytest.fixture
def street():
    """Athos and Porthos on a narrow street: Porthos at H4 facing up with two Guards in his
    Broadsword's pattern (H3 and G4), Athos at H6 facing up with a third Guard at H5."""
    program = Program(compiled_pack("gascony-legacy").game, "the-convent-yard")
    m = Machine.start(program, 2, 1, log=[])
    for choice in ("Athos", "Porthos", "G3", "H4"):
        pick(m, choice)
    put(m, ATHOS, (7, 5), 0)
    put(m, TOP_GUARD, (7, 2))
    put(m, BOTTOM_GUARD, (6, 3))
    put(m, THIRD_GUARD, (7, 4))
    put(m, CAPTAIN, None)
    m.state["sv"][ATHOS]["destiny_tokens"] = 0  # "Athos has no Destiny"
    m.state["sv"][PORTHOS]["destiny_tokens"] = 0
    m.log.clear()
    return m


def porthos_attacks(m: Machine) -> None:
    pick(m, "Seat 2 plays next")
    load(m, [3, 4, 5, 6])
    pick(m, "Attack")


def test_porthos_turns_the_3_up_and_splits_five_successes(street):
    m = street
    on_top(m, "reactions", "counterattack")
    porthos_attacks(m)
    # the Broadsword turns a die of Porthos's choice up a pip: not forced onto the lowest
    assert m.decision["kind"] == "adjust" and labels(m) == [
        "Turn a 3 to 4", "Turn a 4 to 5", "Turn a 5 to 6"]
    pick(m, "Turn a 3 to 4")
    assert m.state["successes"] == 5  # 4, 4, 5 count 1 each and the 6 counts 2
    # he shares them between the Guards in the pattern, a die's successes kept together
    assert m.decision["kind"] == "shares"
    pick(m, "3 to Cardinal's Guard at H3, 2 to Cardinal's Guard at G4")
    rows = m.state["pieces"]
    assert rows[TOP_GUARD][2] is None  # 3 successes: Defense 2/3 defeated outright
    assert rows[BOTTOM_GUARD][4] == 1  # 2 successes: Wounded
    assert [e["targets"] for e in events(m, "attack")] == [2, 2]
    # the wounded Guard reacts, Counterattack!: Porthos stands next to it and takes 1 Wound
    assert m.state["sv"][PORTHOS]["wounds"] == 1
    assert [m.state["ids"][i] for i in m.state["zones"]["reactions-discard"]] == ["counterattack"]
    assert len(m.state["zones"]["items:1"]) == 1  # the defeated Guard's Loot


def test_athos_rerolls_only_his_misses_and_the_guard_ducks(street):
    m = street
    on_top(m, "reactions", "duck")
    pick(m, "Seat 1 plays next")
    m.state["sv"][ATHOS]["destiny_tokens"] = 1  # the Courage stone's Destiny
    load(m, [1, 2, 4, 2, 5])
    pick(m, "Attack")
    assert m.decision["kind"] == "reroll" and m.state["dice"] == [1, 2, 4]
    pick(m, "Reroll 1, 2")  # only the misses; the 4 stays
    assert m.state["dice"] == [2, 5, 4] and m.state["successes"] == 2
    assert m.state["sv"][ATHOS]["destiny_tokens"] == 0
    # 2 successes Wound the Guard (Defense 2/3), and it reacts: Duck! undoes the Wound
    assert [e["won"] for e in events(m, "attack")] == [True]
    assert m.state["pieces"][THIRD_GUARD][2:5] == [7, 4, 2]
    assert [m.state["ids"][i] for i in m.state["zones"]["reactions-discard"]] == []  # reshuffled


def test_a_wounded_guard_falls_to_its_first_defense(street):
    """Defense 2/3: 2 successes Wound a Guard, and a Wounded Guard is Defeated by 2 more."""
    m = street
    m.state["pieces"][THIRD_GUARD][4] = 1
    pick(m, "Seat 1 plays next")
    load(m, [4, 5, 1])
    pick(m, "Attack")
    assert m.state["pieces"][THIRD_GUARD][2] is None
    assert events(m, "defeated") == [{"e": "defeated", "piece": THIRD_GUARD, "card": None}]
    assert events(m, "count")[-1]["successes"] == 2


def test_the_stiletto_fires_only_for_its_own_attacks(street):
    """Only the weapon used fires its abilities: Athos holding the Stiletto as well as his
    Rapier attacks with the Rapier, and the Stiletto's Advantage stays out of it."""
    m = street
    stiletto = next(i for i in m.state["zones"]["starting-weapons"]
                    if m.state["ids"][i] == "stiletto")
    m.state["zones"]["starting-weapons"].remove(stiletto)
    m.state["zones"]["equipped:0"].append(stiletto)
    m.state["loc"][stiletto] = "equipped:0"
    pick(m, "Seat 1 plays next")
    load(m, [3, 3, 4])
    pick(m, "Attack")
    assert m.decision["kind"] == "weapon"
    pick(m, "Rapier")  # the Stiletto's pattern does not reach H5 from here anyway
    count = events(m, "count")[-1]
    assert not count["advantage"] and count["successes"] == 1


def test_defence_is_rolled_once_against_all_the_damage(street):
    """The Enemy Turn: two Guards (2 each) next to Athos and two Marksmen (1 each) shooting at
    him: he rolls his Movement once, 5 dice, against all of it, and the Rapier rerolls his 1s
    (1, 1, 3, 3, 6 becomes 2, 3, 3, 3, 6)."""
    m = street
    rows = m.state["pieces"]
    m.state["gv"]["hold_fire"] = 0  # the Convent Yard's Guards hold back in round 1
    put(m, PORTHOS, (0, 3))  # far down the street: nobody's nearest Character
    put(m, TOP_GUARD, (6, 4))
    put(m, BOTTOM_GUARD, (7, 4))
    put(m, THIRD_GUARD, None)
    rows[CAPTAIN][0:5] = ["marksman", None, 9, 5, 1]
    rows.append(["marksman", None, 9, 4, 1, 0, {}])
    pick(m, "Seat 1 plays next")
    pick(m, "End your turn")
    load(m, [1, 1, 3, 3, 6, 2, 3])
    pick(m, "End your turn")
    assert sorted(e["strength"] for e in events(m, "attack")) == [1, 1, 2, 2]
    defended = events(m, "defend")
    assert len(defended) == 1 and defended[0]["seat"] == ATHOS
    assert defended[0]["hits"] == 4 and defended[0]["defences"] == 1
    assert [e["faces"] for e in events(m, "roll") if e["dice"] == "d6"] == [[1, 1, 3, 3, 6]]
    counted = [e for e in events(m, "count") if e["seat"] == ATHOS][-1]
    assert [counted[f"n{f}"] for f in range(1, 7)] == [0, 1, 3, 0, 0, 1]  # 2, 3, 3, 3, 6
    # the 6 blocks 2 of the Guards' blows; a shot at Athos in Cover (a Guard stands in the
    # line) is defended with Advantage, so a 3 blocks its 1 damage; an open shot lands
    covered = [e for e in events(m, "attack") if e["ranged"] and e["cover"]]
    assert len(covered) == 1
    assert defended[0]["blocked"] == 2 + len(covered)
    assert defended[0]["blocked"] + defended[0]["damage"] == 6
    assert m.state["sv"][ATHOS]["wounds"] == defended[0]["damage"]


def test_a_named_enemy_reacts_with_its_threat_cards_bottom_half(street):
    """Rochefort has no Defeated value: an Attack meeting his Defense deals 1 Wound, however
    many successes; surviving, he draws his Threat deck and resolves only its Reaction."""
    m = street
    m.state["pieces"][THIRD_GUARD][0] = "rochefort"
    m.state["pieces"][THIRD_GUARD][4] = 5
    on_top(m, "rochefort-threats", "lunge")
    pick(m, "Seat 1 plays next")
    load(m, [6, 6, 5])
    pick(m, "Attack")
    assert m.state["pieces"][THIRD_GUARD][4] == 4  # 5 successes, 1 Wound
    assert [m.state["ids"][i] for i in m.state["zones"]["rochefort-threats-discard"]] == [
        "lunge"]
    # Counter-thrust: next to him, Athos suffers 2 Wounds; the top half (he moves and attacks)
    # is for the Enemy Turn, not for a Reaction
    assert m.state["sv"][ATHOS]["wounds"] == 2
    assert [e for e in events(m, "move-piece") if e["piece"] == THIRD_GUARD] == []
