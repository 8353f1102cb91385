"""The campaign: `gamesmith play content/gascony-legacy` with no flags walks Acts I-IV in
order, each from its start card, with Campaign Mode between them; it is saved after every
decision and resumes across sittings exactly as if never stopped."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.program import CAMPAIGN, Program
from runtime.session import Session, play_game
from tests.content.conftest import CONTENT, compiled_pack

PACK = CONTENT / "gascony-legacy"
ACTS = ["act-1", "act-2", "act-3", "act-4"]
runner = CliRunner()


def _campaign(battles: str = "victory") -> Program:
    return Program(compiled_pack("gascony-legacy").game, story=CAMPAIGN, battles=battles)


def test_the_acts_are_played_in_order_each_from_its_start_card():
    program = _campaign()
    seen: list[tuple[str, str]] = []

    def watch(m):
        seen.append((m.state["story"]["id"], m.state["story"]["card"]))

    m, _ = play_game(program, 2, 3, [make_agent("heuristic", program)] * 2, watch=watch)
    assert m.state["result"]["winners"] == [0, 1]  # every battle taken as won: Victory!
    walked = list(dict.fromkeys(story for story, _card in seen))
    assert walked == ACTS
    game = program.game
    for act in ACTS:
        first = next(card for story, card in seen if story == act)
        assert first == game.stories[act].start
    assert m.state["story"]["ending"] == "victory"


def _between_acts(seed: int):
    """The state at the last decision of Act I and at the first of Act II."""
    program = _campaign()
    states: list[dict] = []
    play_game(program, 2, seed, [make_agent("heuristic", program)] * 2,
              watch=lambda m: states.append(json.loads(json.dumps(m.state))))
    before = next(s for s in reversed(states) if s["story"]["id"] == "act-1")
    after = next(s for s in states if s["story"]["id"] == "act-2")
    return program, before, after


def test_campaign_mode_between_the_acts():
    program, before, after = _between_acts(4)
    fields = program.fields
    for seat in range(2):
        sv = after["sv"][seat]
        character = next(i for i in after["items"][seat] if i in fields)
        top = fields[character]["destiny"]
        assert sv["coins"] == 0 and after["zones"][f"items:{seat}"] == []  # no Coins, no Loot
        assert sv["wounds"] == 0 and sv["lying"] == 0  # every Health token gold again
        assert sv["destiny_tokens"] <= top  # 2 more Destiny, never above the board
        assert sv["destiny_tokens"] >= min(top, before["sv"][seat]["destiny_tokens"])
        assert sv["health_tokens"] >= before["sv"][seat]["health_tokens"]
        assert len(after["zones"][f"equipped:{seat}"]) <= 2  # 2 hands' worth of weapons kept
        assert after["items"][seat] == before["items"][seat]  # the same Characters go on
    assert after["gv"]["fallen"] == 0 and after["zones"]["market"] == []
    assert after["zones"]["loot-discard"] == [] and after["zones"]["reactions-discard"] == []
    assert set(before["flags"]) <= set(after["flags"])  # story flags carry over


def test_a_campaign_resumes_across_sittings_exactly(tmp_path):
    program = load_program(PACK, None, CAMPAIGN, "victory")
    seats = ["heuristic", "heuristic"]

    def agents(specs, prog):
        return [make_agent(s, prog) for s in specs]

    whole = tmp_path / "whole.jsonl"
    Session.new(program, 2, 11, seats, agents(seats, program), pack=str(PACK), log=whole,
                save=tmp_path / "whole.save.json").run()

    class Evening(Exception):
        """The table packs up for the night."""

    def stop_at(step: int):
        def check(session):
            if session.step == step:
                raise Evening
        return check

    log = tmp_path / "sittings.jsonl"
    save = tmp_path / "sittings.save.json"
    session = Session.new(program, 2, 11, seats, agents(seats, program), pack=str(PACK),
                          log=log, save=save)
    session.on_step = stop_at(15)
    try:
        session.run()
    except Evening:
        pass
    acts = set()
    for evening in (40, None):  # a second sitting, then a third to the end
        session = Session.resume(save, lambda p: load_program(Path(p), None, CAMPAIGN, "victory"),
                                 agents)
        acts.add(session.machine.state["story"]["id"])
        session.on_step = stop_at(evening) if evening else None
        try:
            session.run()
        except Evening:
            pass
    assert len(acts) == 2  # the sittings began in different Acts
    assert log.read_text() == whole.read_text()


def test_play_with_no_flags_plays_the_campaign_and_resumes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "campaign.save.json"
    answers = "1\n" * 10 + "q\n"
    first = runner.invoke(app, ["play", str(PACK), "--seat", "human", "--seed", "5",
                                "--battle-outcome", "victory", "--save", str(save)],
                          input=answers)
    assert first.exit_code == 130, first.output
    state = json.loads(save.read_text())
    assert state["story"] == CAMPAIGN and state["state"]["players"] == 2  # solo: two Characters
    again = runner.invoke(app, ["play", "--resume", "--save", str(save)], input="1\n" * 600)
    assert again.exit_code == 0, again.output
    assert "Story over at ending 'victory'" in again.output
