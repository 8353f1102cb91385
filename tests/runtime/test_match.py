"""A match of several games: the rules' `match.carry` values start each next game, a carried
value picks the first player (`roll-off` with `least`), and each game replays on its own."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.agents.random import RandomAgent
from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.match import carried, game_seed, play_match
from tests.runtime.conftest import FIXTURES

SERIES = str(FIXTURES / "series")
runner = CliRunner()


@pytest.fixture(scope="module")
def series():
    return load_program(SERIES)


class Scores:
    """Seat s always takes its action number `picks[s]` (0: score one, 1: two, 2: three)."""

    name = "scores"
    uses_view = False

    def __init__(self, pick: int):
        self.pick = pick

    def choose(self, view, decision, rng) -> int:
        labels = [o["label"] for o in decision["options"]]
        return labels.index(("Score one", "Score two", "Score three")[self.pick])


def test_a_three_game_match_carries_totals_and_the_lowest_scorer_starts(series):
    picks = [1, 0, 2]  # points per game: seat 1 two, seat 2 one, seat 3 three
    games = play_match(series, 3, 11, 3, lambda k: [Scores(p) for p in picks])
    assert len(games) == 3
    assert [m.state["gv"]["games_played"] for m in games] == [1, 2, 3]
    for k, m in enumerate(games, start=1):
        assert [sv["total"] for sv in m.state["sv"]] == [2 * k, 1 * k, 3 * k]
        assert [sv["last_points"] for sv in m.state["sv"]] == [2, 1, 3]
    # seat 2 (index 1) scored least in games 1 and 2: it starts games 2 and 3
    assert games[1].state["order"][0] == 1 == games[2].state["order"][0]
    assert games[-1].state["result"]["winners"] == [2]  # the match's winner: highest total


def test_only_the_seats_tied_for_least_roll_for_first(series):
    firsts = set()
    for seed in range(12):
        games = play_match(series, 3, seed, 2, lambda k: [Scores(p) for p in (0, 2, 0)])
        firsts.add(games[1].state["order"][0])
    assert firsts == {0, 2}  # seats 1 and 3 tie on one point; seat 2 never starts


def test_random_bots_carry_what_the_last_game_ended_with(series):
    agents = lambda k: [RandomAgent() for _ in range(4)]  # noqa: E731
    games = play_match(series, 4, 5, 3, agents)
    for before, after in zip(games, games[1:], strict=False):
        ended = carried(series, before)
        points = [sv["points"] for sv in after.state["sv"]]
        assert [sv["total"] for sv in after.state["sv"]] == [
            t + p for t, p in zip(ended["total"], points, strict=True)]
        lowest = min(ended["last_points"])
        assert ended["last_points"][after.state["order"][0]] == lowest
    assert game_seed(5, 2) != game_seed(5, 3)


def test_a_pack_with_no_match_rule_is_refused(tally):
    with pytest.raises(RuleError, match="declares no match"):
        play_match(tally, 2, 1, 2, lambda k: [RandomAgent(), RandomAgent()])


def test_play_and_simulate_a_match_from_the_command_line(tmp_path):
    log = tmp_path / "match.jsonl"
    played = runner.invoke(app, ["play", SERIES, "--players", "3", "--match", "3", "--seed", "2",
                                 "--log", str(log)])
    assert played.exit_code == 0, played.output
    assert "Game 3 of 3" in played.output and "won the match" in played.output
    heads = [json.loads((tmp_path / f"match-game{k}.jsonl").read_text().splitlines()[0])
             for k in (1, 2, 3)]
    assert "carried" not in heads[0] and heads[2]["carried"]["last_points"]
    assert heads[1]["seed"] == game_seed(2, 2)
    replayed = runner.invoke(app, ["replay", str(tmp_path / "match-game3.jsonl")])
    assert replayed.exit_code == 0 and replayed.output.startswith("ok:"), replayed.output
    simulated = runner.invoke(app, ["simulate", SERIES, "--match", "2", "-n", "4"])
    assert simulated.exit_code == 0 and "4 matches of 2 games" in simulated.output
    refused = runner.invoke(app, ["play", SERIES, "--match", "2", "--audit"])
    assert refused.exit_code == 2 and "drop --audit" in refused.output
    (tmp_path / "busy-game2.jsonl").mkdir()  # no game of the match may log over a folder
    blocked = runner.invoke(app, ["play", SERIES, "--match", "2", "--log",
                                  str(tmp_path / "busy.jsonl")])
    assert blocked.exit_code == 2 and "is a directory" in blocked.output
    assert not (tmp_path / "busy-game1.jsonl").exists()



def test_a_match_carrying_an_unknown_variable_is_reported_where_it_is_named(tmp_path):
    from compiler import compile_pack

    pack = tmp_path / "series"
    shutil.copytree(SERIES, pack)
    rules = pack / "rules.yaml"
    rules.write_text(rules.read_text().replace("carry: [total,", "carry: [totl,"))
    [found] = [d for d in compile_pack(pack).report.diagnostics if d.severity == "error"]
    assert (found.code, found.file.endswith("rules.yaml"), found.line) == ("GS301", True, 27)
    assert found.hint == "did you mean 'total'?"
