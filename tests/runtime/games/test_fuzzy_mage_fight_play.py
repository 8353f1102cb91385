"""Playing Fuzzy Mage Fight from the command line: a person's prompt and help, bots alone to
the end, and the replay of what they played."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.agents.human import HumanAgent
from runtime.machine import Machine
from runtime.render import event_line
from runtime.rng import Rng
from runtime.views import view
from tests.runtime.games.conftest import CONTENT
from tests.runtime.games.fmf import begin

PACK = str(CONTENT / "fuzzy-mage-fight")


def _answers(fmf, m: Machine, typed: list[str]) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    answers = iter(typed)
    console.input = lambda prompt="": next(answers)
    seat = m.decision["seat"]
    HumanAgent(fmf, console=console).choose(view(m, seat), m.decision, Rng(0))
    return out.getvalue()


def test_help_tells_the_cards_on_offer_and_in_sight(fmf):
    text = _answers(fmf, Machine.start(fmf, 3, 4), ["?", "2"])
    assert "1. Chester" in text and "Gretchen: Once an attack on Gretchen" in text
    m = begin(
        fmf, players=2, hand_0=["fizzy-pop"], hand_1=["quick-wit"], battlefield_1=["dust-bunny:up"]
    )
    text = _answers(fmf, m, ["?", "1"])
    assert "Fizzy Pop: Drink on your turn" in text and "Dust Bunny: Placed face up" in text
    assert "Quick Wit" not in text  # in the other seat's hand: neither shown nor explained


def test_news_names_whose_zone_a_card_went_to(fmf):
    line = event_line(fmf, {"e": "move", "from": "draw", "to": "hand:1"}, 0)
    assert line == "a card: Draw pile → Seat 2's Hand"
    line = event_line(fmf, {"e": "move", "from": "hand:0", "to": "discard", "id": "magic"}, 0)
    assert line == "Magic: your Hand → Discard pile"


def test_bots_play_a_whole_game_that_replays(tmp_path: Path):
    runner = CliRunner()
    log = tmp_path / "game.jsonl"
    played = runner.invoke(
        app,
        [
            "play",
            PACK,
            "--players",
            "4",
            "--seat",
            "random",
            "--seat",
            "mcts:4",
            "--seat",
            "heuristic",
            "--seed",
            "7",
            "--log",
            str(log),
        ],
    )
    assert played.exit_code == 0 and "Game over" in played.output, played.output
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.output.startswith("ok:"), replayed.output


def test_simulation_is_the_same_for_one_or_two_workers(fmf):
    from runtime.simulate import simulate

    seats = ["random", "heuristic", "random"]
    one = simulate(Path(PACK), fmf, 3, 6, 9, seats, workers=1).to_json()
    two = simulate(Path(PACK), fmf, 3, 6, 9, seats, workers=2).to_json()
    assert one == two and sum(s["wins"] for s in one["seats"]) + one["turn_cap_hit"] == 6
