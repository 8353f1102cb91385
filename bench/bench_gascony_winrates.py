"""Gascony's Legacy win rates: how often a party of bots wins each Battle and each Act.

For each agent (a party of that agent in every seat) and each party size, plays every
Battle on its own `--games` times, every Act (a story, its battles fought) `--act-games`
times and the whole campaign (Acts I-IV in a row) `--campaign-games` times on fixed seeds,
and prints the party's win rate with its 95% (Wilson) interval: per Battle, the Battles of
each Act together, all Battles, per Act and the campaign. A battle outcome its story follows
with a defeat ending is not a win. A random party is the baseline, measured in the same run. Rerun it when the rules change (combat, dice, geometry) or
the bots do: the figures move with them. Keep runs small on a shared machine; the counts used
are printed first. The last figures, with what they mean, are in bench/gascony_winrates.md.

    python bench/bench_gascony_winrates.py [--agents random,heuristic,mcts:20]
        [--players 2,4] [--games 10] [--act-games 4] [--campaign-games 0]
        [--only battles|acts|campaign] [--scenario ID] [--act ID] [--seed N] [--detail]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import cpu  # noqa: E402

from runtime.agents import make_agent  # noqa: E402
from runtime.figures import wilson  # noqa: E402
from runtime.loading import load_program  # noqa: E402
from runtime.program import CAMPAIGN, Program  # noqa: E402
from runtime.rng import derive  # noqa: E402
from runtime.session import play_game  # noqa: E402

PACK = ROOT / "content" / "gascony-legacy"


def lost_endings(game) -> set[str]:
    """The texts of battle outcomes its story follows with a defeat (the Ballroom's clock
    striking ends the battle with the party standing, but the Act is lost): played on its own
    the battle then has winners, yet the party did not win it."""
    texts = set()
    for story in game.stories.values():
        for card in story.cards.values():
            for name, key in (getattr(card, "outcomes", None) or {}).items():
                scenario = game.scenarios.get(getattr(card, "battle", None) or "")
                if scenario and story.cards[key].ending == "defeat" and name in scenario.outcomes:
                    texts.add(scenario.outcomes[name].text)
    return texts


def party_wins(program: Program, agent: str, players: int, games: int, seed: int,
               detail: bool = False) -> tuple[int, int]:
    """(games the party won, games that stopped on a guard or cap) of `games` games; with
    `detail`, a line per game: its seed, how it ended and, in a story, where."""
    won = capped = 0
    lost = lost_endings(program.game)
    for index in range(games):
        agents = [make_agent(agent, program) for _ in range(players)]
        game_seed = derive(seed, "game", index)
        m, _ = play_game(program, players, game_seed, agents)
        result = m.state["result"]
        won += bool(result["winners"]) and result.get("reason") not in lost
        capped += bool(result.get("capped"))
        if detail:
            story = m.state.get("story") or {}
            where = (f" at card {story.get('card')} ({story.get('battle') or 'no battle'}), "
                     f"{story.get('won', 0)} battles won" if story else "")
            print(f"    game {index} seed {game_seed}: {result.get('reason')!r}{where}, "
                  f"{m.state['turns']} turns", flush=True)
    return won, capped


def line(label: str, won: int, games: int, capped: int, seconds: float) -> str:
    low, high = wilson(won, games)
    note = f", {capped} capped" if capped else ""
    return (f"  {label:<30} {won:>3}/{games:<3} {100 * won / games:5.1f}%  "
            f"(95% {100 * low:5.1f}%-{100 * high:5.1f}%){note}  [{seconds:.1f} CPU s]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="random,heuristic,mcts:20")
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--games", type=int, default=10, help="games per battle and cell")
    parser.add_argument("--act-games", type=int, default=4, help="games per Act and cell")
    parser.add_argument("--campaign-games", type=int, default=0, help="whole campaigns per cell")
    parser.add_argument("--only", choices=["battles", "acts", "campaign"], default=None)
    parser.add_argument("--scenario", action="append", default=[], help="only these battles")
    parser.add_argument("--act", action="append", default=[], help="only these Acts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--detail", action="store_true", help="a line per game: how it ended")
    args = parser.parse_args()
    base = load_program(PACK)
    game = base.game
    acts = sorted(game.stories)
    act_of = {card.battle: act for act in acts for card in game.stories[act].cards.values()
              if getattr(card, "battle", None)}
    scenarios = args.scenario or sorted(game.scenarios, key=lambda s: (act_of.get(s, ""), s))
    print(f"counts: {args.games} games per battle, {args.act_games} per Act, "
          f"{args.campaign_games} campaigns, seed {args.seed}, "
          f"agents {args.agents}, players {args.players}", flush=True)
    for agent in args.agents.split(","):
        for players in (int(p) for p in args.players.split(",")):
            print(f"{agent} party, {players} players", flush=True)
            if args.only in (None, "battles"):
                total, per_act = [0, 0], {}
                for scenario in scenarios:
                    start = cpu()
                    won, capped = party_wins(Program(game, scenario), agent, players,
                                             args.games, args.seed, args.detail)
                    for tally in (total, per_act.setdefault(act_of.get(scenario, "-"), [0, 0])):
                        tally[0] += won
                        tally[1] += args.games
                    print(line(f"battle {scenario}", won, args.games, capped, cpu() - start),
                          flush=True)
                for act, (won, games) in per_act.items():
                    print(line(f"battles of {act}", won, games, 0, 0.0), flush=True)
                print(line("all battles", total[0], total[1], 0, 0.0), flush=True)
            if args.only in (None, "acts"):
                for act in args.act or acts:
                    start = cpu()
                    won, capped = party_wins(Program(game, story=act), agent, players,
                                             args.act_games, args.seed, args.detail)
                    print(line(f"act {act}", won, args.act_games, capped, cpu() - start),
                          flush=True)
            if args.only in (None, "campaign") and args.campaign_games:
                start = cpu()
                won, capped = party_wins(Program(game, story=CAMPAIGN), agent, players,
                                         args.campaign_games, args.seed, args.detail)
                print(line("campaign", won, args.campaign_games, capped, cpu() - start),
                      flush=True)

if __name__ == "__main__":
    main()
