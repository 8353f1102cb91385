"""Search, Running Man and Knock Back played through the runtime: a Character turns over only
a Search token on or next to its square (the lettered one lies where the Battle card puts it);
a Named Enemy that ends a move on the exit leaves the map and its flight ends the Battle; the
Cudgel pushes the Enemy it struck."""

from __future__ import annotations

from runtime.machine import Machine
from tests.content.gascony_legacy.test_terrain_tiles import audited, battle, clear, stand
from tests.runtime.conftest import labels, pick


def tokens(m: Machine) -> dict[str, tuple[int, int]]:
    """The face-down Search tokens on the board, by card id, with their squares."""
    st = m.state
    return {st["ids"][i]: tuple(st["cells"][str(i)]) for i in st["zones"]["board"]
            if st["down"][i]}


def test_token_a_lies_on_the_square_the_battle_card_marks():
    m = battle("buckingham-gardens", "Athos", "Porthos")
    assert tokens(m)["search-a"] == (7, 3)  # H4
    assert len(tokens(m)) == 4  # A and three tokens dealt onto the ? squares


def test_search_is_offered_only_beside_a_token_and_turns_over_that_one():
    """Athos far from every token may not Search; beside token A (H4) he turns over A alone,
    not a token across the garden, and the Reveal A objective ends the Battle."""
    m = battle("buckingham-gardens", "Athos", "Porthos")
    assert "Search" not in labels(m)
    clear(m)
    stand(m, 0, (6, 2))  # G3: diagonal to H4, far from the ? squares (D4, E4, H1)
    others = {k: v for k, v in tokens(m).items() if k != "search-a"}
    assert all(max(abs(c[0] - 6), abs(c[1] - 2)) > 1 for c in others.values())
    pick(m, "Search")
    revealed = [e["id"] for e in m.log if e["e"] == "reveal"]
    assert revealed == ["search-a"]
    assert set(tokens(m)) == set(others)
    assert "search-a-revealed" in m.state["flags"]
    assert m.state["result"]["winners"] == [0, 1] and m.decision is None
    assert audited(m) == []


def top_of(m: Machine, zone: str, card: str) -> None:
    """Put the card `card` on top of pile `zone`."""
    pile = m.state["zones"][zone]
    inst = next(i for i in pile if m.state["ids"][i] == card)
    pile.remove(inst)
    pile.append(inst)


def end_round(m: Machine) -> None:
    """Every Character ends its turn at once; the Enemy Turn follows."""
    while m.decision is not None and m.decision["kind"] in ("turn", "order"):
        pick(m, "End your turn" if m.decision["kind"] == "turn" else labels(m)[0])


def named(m: Machine, card: str) -> int:
    return next(i for i, row in enumerate(m.state["pieces"]) if row[0] == card)


def test_rochefort_running_for_the_gate_leaves_the_map_and_escapes():
    """Running Man: Rochefort draws Vanish two squares from the stable gate (N3-N4), runs onto
    it and is gone; the Battle ends on its "escapes" objective, nobody defeated him."""
    m = battle("the-jolly-miller", "Athos", "Porthos")
    clear(m)
    rochefort = named(m, "rochefort")
    stand(m, rochefort, (11, 2))  # L3
    top_of(m, "rochefort-threats", "vanish")
    end_round(m)
    assert m.state["pieces"][rochefort][2] is None
    assert [e for e in m.log if e["e"] == "lift"] == [
        {"e": "lift", "piece": rochefort, "seat": None}]
    assert m.state["gv"]["named_escaped"] == 1 and m.state["gv"]["named_defeated"] == 0
    assert m.state["result"]["reason"].startswith("He is gone")
    assert audited(m) == []


def test_rochefort_away_from_the_gate_stays():
    m = battle("the-jolly-miller", "Athos", "Porthos")
    clear(m)
    rochefort = named(m, "rochefort")
    stand(m, rochefort, (2, 2))
    top_of(m, "rochefort-threats", "mocking-laugh")
    end_round(m)
    assert m.state["pieces"][rochefort][2:4] == [2, 2]
    assert m.state["gv"]["named_escaped"] == 0 and m.state["result"] is None


def test_a_named_enemy_brought_down_meets_the_defeat_objective():
    """De Wardes (1 health left) beside Athos, who strikes him down: "Defeat the Comte de
    Wardes" ends the Battle (nothing counted Named Enemies defeated before)."""
    from tests.content.gascony_legacy.test_battle_round_example import load

    m = battle("the-calais-road", "Athos", "Porthos")
    clear(m)
    wardes = named(m, "comte-de-wardes")
    stand(m, 0, (4, 2), facing=0)
    stand(m, wardes, (4, 1))
    m.state["pieces"][wardes][4] = 1
    load(m, [6, 6, 6, 6, 6, 6])
    pick(m, "Attack")
    while m.decision is not None and m.state["result"] is None:
        m.answer(0)
    assert m.state["gv"]["named_defeated"] == 1
    assert m.state["result"]["winners"] == [0, 1]


def test_the_cudgel_knocks_back_the_enemy_it_struck():
    """Knock Back: Athos, with only a Cudgel, wounds a Hired Blade in front of him; the Blade
    is pushed one square straight back (the square behind it is empty)."""
    from tests.content.gascony_legacy.test_battle_round_example import load
    from tests.content.gascony_legacy.test_dice_and_weapons import equip
    from tests.content.gascony_legacy.test_terrain_tiles import foe

    m = battle("the-calais-road", "Athos", "Porthos")
    clear(m)
    held = m.state["zones"]["equipped:0"]
    for inst in list(held):
        held.remove(inst)
        m.state["zones"]["starting-weapons"].append(inst)
        m.state["loc"][inst] = "starting-weapons"
    equip(m, 0, "cudgel")
    blade = foe(m, "hired-blade", (4, 2))
    stand(m, 0, (4, 3), facing=0)
    load(m, [5, 1, 1, 1, 1, 1])
    pick(m, "Attack")
    while m.decision is not None and m.decision["kind"] != "turn":
        m.answer(0)
    assert m.state["pieces"][blade][2:4] == [4, 1]
    assert m.state["pieces"][blade][4] == 1  # wounded, still standing
