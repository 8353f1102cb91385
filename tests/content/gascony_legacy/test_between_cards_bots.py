"""The heuristic bots in the pauses between story cards. Read in Act III at 2 players (6/16
won after the pauses opened, 12/16 before): the Characters passed a weapon back and forth
and one went into the next battle empty-handed, and a Character holding two weapons sold one.
A trade moved a weapon inside the party and left the party's weighed sum as it was; Sell and
Trade ask which card (and to whom) after they are chosen, so they were scored at that
question, where nothing has moved yet; and "go on" was scored once the next card began (its
battle's foes placed), below anything that waits. Played through the runtime."""

from __future__ import annotations

from runtime import zones
from runtime.agents.evaluation import battle_fought, scores, weights
from runtime.agents.heuristic import HeuristicAgent
from runtime.agents.lookahead import finish_round
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.views import view
from tests.content.conftest import compiled_pack
from tests.content.gascony_legacy.test_act_party import act_four, before_the_streets
from tests.runtime.conftest import labels, pick

DARTAGNAN = 3  # the seat whose pause `before_the_streets` stands at


def carried(m: Machine) -> list[int]:
    return [m.value("equipment_carried", s) for s in range(m.state["players"])]


def hand_over(m: Machine, card: str, seat: int) -> None:
    """Put the Equipment card `card` in `seat`'s hands, from wherever it is."""
    zones.move(m, m.state["ids"].index(card), f"equipped:{seat}")


def play_the_pause(m: Machine, agent: HeuristicAgent, rng: Rng) -> list[str]:
    """The seat's whole pause as the bot plays it: every answer's label, up to "go on"."""
    chosen = []
    while m.decision["seat"] == DARTAGNAN and not m.over:
        label = labels(m)[agent.choose(view(m, DARTAGNAN), m.decision, rng)]
        chosen.append(label)
        pick(m, label)
        if label == "Go on to the next card":
            break
    return chosen


def test_no_character_trades_or_sells_its_only_weapon_between_cards():
    """Every Character carries only its Starting Weapon: a trade leaves the giver
    empty-handed and a sale too; the bot goes on (it traded most times before)."""
    agent = HeuristicAgent(before_the_streets().program)
    for k in range(12):
        m = before_the_streets()
        assert play_the_pause(m, agent, Rng(k)) == ["Go on to the next card"], k
        assert carried(m) == [1, 1, 1, 1]


def test_a_second_weapon_goes_to_the_empty_handed_ally():
    """D'Artagnan holds his sword and Constance's Stiletto, Constance nothing: he hands one
    over to her (a trade finished the best way), never sells, never gives it elsewhere."""
    agent = HeuristicAgent(before_the_streets().program)
    for k in range(8):
        m = before_the_streets()
        hand_over(m, "stiletto", DARTAGNAN)
        assert carried(m) == [0, 1, 1, 2]
        chosen = play_the_pause(m, agent, Rng(k))
        assert chosen[0] == "Trade Cards and Coins" and "Sell Equipment" not in chosen, (k, chosen)
        assert carried(m) == [1, 1, 1, 1], (k, chosen)


def test_a_second_weapon_is_not_sold_at_random():
    """With a second weapon and no one empty-handed, selling it (half its cost in Coins) is
    worth less than keeping it: never chosen (Sell was scored at its question before, a tie
    with going on, and going on lower still once the battle's foes were placed); passing it
    to an armed ally is worth what going on is, so the seat goes on."""
    agent = HeuristicAgent(before_the_streets().program)
    for k in range(12):
        m = before_the_streets()
        spare = next(c for c in ("main-gauche", "dagger", "sabre")
                     if m.state["ids"].index(c) in m.state["zones"]["equipment"])
        hand_over(m, spare, DARTAGNAN)
        # nor passed to an ally who already holds one: no better than going on, not done
        assert play_the_pause(m, agent, Rng(k)) == ["Go on to the next card"], k
        assert carried(m) == [1, 1, 1, 2]


def at_the_first_pause(coins: int) -> Machine:
    """Act IV at 4 players, the first seat's first pause (the Porter not yet called, each
    Character with its Starting Weapon), the seat holding `coins`."""
    m = act_four()
    for name in ("Constance", "Aramis", "Planchet", "D'Artagnan"):
        pick(m, name)
    pick(m, "Take the straight road")
    assert m.decision["kind"] == "between" and "Call the Porter" in labels(m)
    m.state["sv"][m.decision["seat"]]["coins"] = coins
    return m


def test_the_porter_is_called_for_what_the_seat_can_then_buy():
    """Calling the Porter changes nothing the evaluation sees until a card is bought: it is
    scored by the rest of the seat's pause played best. With Coins to buy a second weapon he
    is called and one bought; with none he is kept for later in the Story (he comes once)."""
    agent = HeuristicAgent(act_four().program)
    for k in range(4):
        m = at_the_first_pause(coins=0)
        seat = m.decision["seat"]
        assert labels(m)[agent.choose(view(m, seat), m.decision, Rng(k))] == \
            "Go on to the next card", k
        m = at_the_first_pause(coins=9)
        chosen = []
        while m.decision["seat"] == seat and "Go on to the next card" not in chosen:
            chosen.append(labels(m)[agent.choose(view(m, seat), m.decision, Rng(k))])
            pick(m, chosen[-1])
        assert chosen[:2] == ["Call the Porter", "Buy Equipment"], (k, chosen)
        assert m.value("equipment_carried", seat) == 2 and m.value("coins", seat) < 9


def test_equipment_is_worth_most_to_an_empty_handed_character():
    """The pack weighs each Character's Equipment by steps: the first card 4, the second 1.5,
    more nothing. A weapon moved from a Character with two to one with none raises the party's
    score by 2.5; from the only one a Character holds, it lowers it by 2.5."""
    m = before_the_streets()
    table = weights(m.program)
    assert table["equipment_carried"] == [4.0, 1.5]
    base = scores(m, table)[0]
    hand_over(m, "stiletto", DARTAGNAN)  # Constance 1 -> 0, D'Artagnan 1 -> 2
    assert scores(m, table)[0] == base - 2.5
    hand_over(m, "stiletto", 0)
    assert scores(m, table)[0] == base


def at_the_jewellers_workshop() -> Machine:
    """Act III at 2 players, walked by the front gate to the Jeweller's Workshop: its first
    turn (the figures placed, the battle's setup done)."""
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, story="act-3"), 2, 1)
    steps = ["Athos", "Milady", "Walk up to the front gate", "Show him the seal",
             "Stand guard over the jeweller's workshop yourselves."]
    for step in steps:
        while m.decision["kind"] == "between":
            pick(m, "Go on to the next card")
        pick(m, step)
    while m.decision["kind"] == "between":
        pick(m, "Go on to the next card")
    while m.decision["kind"] != "turn":
        m.answer(0)
    assert m.state["story"]["battle"] == "the-jewellers-workshop"
    return m


def test_a_battle_lost_in_a_play_out_is_followed_to_the_story_s_defeat():
    """A bot's play-out that ends the Jeweller's Workshop in its defeat outcome goes on
    through the pause after it to the story's defeat ending: scored at that pause, with the
    battle's foes gone, a lost battle scored above fighting on (a Character gave its only
    weapon away in the battle for it)."""
    m = at_the_jewellers_workshop()
    fought = battle_fought(m.program, m.state)
    m.state["flags"].append("studs-ruined")  # an Enemy at the bench: the defeat objective
    m.dirty = True  # (read again by the end check: `Machine.dirty`)
    finish_round(m, Rng(0), m.state["round"], fought)
    assert m.over and m.state["result"]["winners"] == []
    assert m.state["result"]["reason"] == "Spoiled Work"
