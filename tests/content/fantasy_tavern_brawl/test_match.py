"""Fantasy Tavern Brawl as a match (`play --match`): scores add up from game to game and the
lowest score of the last game plays first."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gamesmith.cli import app
from tests.content.conftest import CONTENT

runner = CliRunner()


def test_fantasy_tavern_brawl_plays_a_two_game_match(tmp_path):
    log = tmp_path / "ftb.jsonl"
    played = runner.invoke(app, ["play", str(CONTENT / "fantasy-tavern-brawl"), "--match", "2",
                                 "--seed", "4", "--log", str(log)])
    assert played.exit_code == 0, played.output
    assert "won the match" in played.output
    first, second = ([json.loads(line) for line in (tmp_path / f"ftb-game{k}.jsonl")
                      .read_text().splitlines()] for k in (1, 2))
    ended = first[-1]
    assert ended["e"] == "end"
    carried_in = second[0]["carried"]
    # the second game starts from the first one's scores, and its lowest scorer plays first
    scores = carried_in["last_game_score"]
    assert carried_in["score"] == scores and min(scores) < max(scores)
    starter = next(e for e in second if e["e"] == "decision")["seat"]
    assert scores[starter] == min(scores)
