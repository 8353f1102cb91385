"""The figures of a simulation, from its results: what `simulate` prints and `report` draws.

Every rate comes with its 95% Wilson interval. Seats rotate across games, so a seat's win
rate is the seat's (first-player advantage) and an agent's is the agent's; a co-operative
game reports the party's win rate instead; games stopped by the turn cap are counted apart
(nobody won them, and nobody lost them either).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter

from runtime.results import GameSummary
from runtime.story_hits import story_hits

FORMAT = "gamesmith.figures/1"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "of": n, "win_rate": wins / n if n else 0.0, "ci95": [lo, hi]}


def run_figures(header: dict, games: list[GameSummary]) -> dict:
    """Figures for every cell of a run (a sweep has several), and the sweep's comparisons."""
    by_cell: dict[int, list[GameSummary]] = {i: [] for i in range(len(header["cells"]))}
    for g in games:
        by_cell[g.cell].append(g)
    cells = [cell_figures(header, i, sorted(by_cell[i], key=lambda g: g.index))
             for i in range(len(header["cells"]))]
    expected = header["games"] * len(header["cells"])
    return {"format": FORMAT, "game": header["game"], "title": header.get("title"),
            "seed": header["seed"],
            "games": len(games), "games_planned": expected, "complete": len(games) >= expected,
            "sweep": header["sweep"], "ladder": header.get("ladder"), "cells": cells}


def audit_figures(games: list[GameSummary]) -> dict:
    """What an audit checked and found: each finding with its game's seed and step."""
    found = [{"game": g.index, "seed": g.seed, **f.to_json()} for g in games for f in g.findings]
    return {"games": len(games),
            "decisions": sum(g.decisions for g in games),
            "steps": sum(g.audited_steps for g in games),
            "failed_games": sum(1 for g in games if any(f.fails for f in g.findings)),
            "findings": found}


def cell_figures(header: dict, index: int, games: list[GameSummary]) -> dict:
    cell = header["cells"][index]
    players, lineup, party = cell["players"], cell["seats"], header["cooperative"]
    n = len(games)
    capped = [g for g in games if g.capped]
    seat_wins = Counter(s for g in games for s in g.winners)
    slot_wins = Counter(g.slots[s] for g in games for s in g.winners)
    rotating = len(set(lineup)) > 1 and header["rotate"]
    seats = [{"seat": s + 1, "agent": "rotating" if rotating else lineup[s], **rate(seat_wins[s], n)}
             for s in range(players)]
    out: dict = {
        "game": header["game"], "title": header.get("title"), "players": players, "games": n, "seed": header["seed"],
        "label": cell["label"], "variables": cell["variables"], "cooperative": party,
        "seats": seats,
        "agents": [{"slot": k + 1, "agent": lineup[k], **rate(slot_wins[k], n)}
                   for k in range(players)],
    }
    if party:
        out["party"] = rate(sum(1 for g in games if g.winners), n)
        out["first_player_advantage"] = None
    else:
        fair = 1 / players
        first = seats[0]
        out["first_player_advantage"] = {
            "win_rate": first["win_rate"], "fair_share": fair,
            "advantage": first["win_rate"] - fair,
            "ci95": [first["ci95"][0] - fair, first["ci95"][1] - fair],
        }
    turns = [g.turns for g in games]
    lengths = Counter((g.turns, g.capped) for g in games)
    out.update({
        "length_turns": {"mean": statistics.fmean(turns) if turns else 0.0,
                         "median": statistics.median(turns) if turns else 0.0,
                         "min": min(turns, default=0), "max": max(turns, default=0)},
        "length_counts": [[t, lengths[(t, False)], lengths[(t, True)]]
                          for t in sorted({t for t, _ in lengths})],
        "decisions_per_game": statistics.fmean(g.decisions for g in games) if n else 0.0,
        "decided": sum(1 for g in games if g.winners),
        "no_winner": sum(1 for g in games if not g.winners and not g.capped),
        "turn_cap_hit": len(capped),
        "cards": _cards(header["content"], games, party),
        "leads": _leads(games, players, party),
    })
    if header.get("story"):
        endings = Counter(g.ending or ("(turn cap)" if g.capped else "(no ending, won)"
                                       if g.winners else "(no ending, lost)") for g in games)
        out["endings"] = dict(sorted(endings.items()))
        out["story"] = story_hits(header.get("story_layout", []), (g.story_hits for g in games))
        battles: dict[str, list[int]] = {}
        for g in games:
            for name, (won, lost) in g.battles.items():
                tally = battles.setdefault(name, [0, 0])
                tally[0] += won
                tally[1] += lost
        out["battles"] = [{"scenario": k, **rate(w, w + lost)}
                          for k, (w, lost) in sorted(battles.items())]
    if header.get("audit"):
        out["audit"] = audit_figures(games)
    return out


def _cards(content: list[str], games: list[GameSummary], party: bool) -> list[dict]:
    """Plays and ability uses per card, never-played content flagged, and (in a game with
    rivals) how often winners played each card against how often losers did."""
    played: Counter = Counter()
    used: Counter = Counter()
    by_winner: Counter = Counter()
    by_loser: Counter = Counter()
    winner_hands = loser_hands = 0
    for g in games:
        decided = bool(g.winners) and not party
        if decided:
            winner_hands += len(g.winners)
            loser_hands += len(g.slots) - len(g.winners)
        for table, total in ((g.played, played), (g.used, used)):
            for card, per_seat in table.items():
                total[card] += sum(per_seat)
        if not decided:
            continue
        for card in set(g.played) | set(g.used):
            for seat in range(len(g.slots)):
                if _count(g.played, card, seat) + _count(g.used, card, seat):
                    (by_winner if seat in g.winners else by_loser)[card] += 1
    n = len(games)
    rows = []
    for card in sorted(set(content) | set(played) | set(used)):
        row = {"card": card, "played": played[card], "used": used[card],
               "played_per_game": played[card] / n if n else 0.0,
               "dead": not played[card] and not used[card]}
        if winner_hands and loser_hands:
            row["by_winner"] = rate(by_winner[card], winner_hands)
            row["by_loser"] = rate(by_loser[card], loser_hands)
        rows.append(row)
    return rows


def _count(table: dict[str, list[int]], card: str, seat: int) -> int:
    per_seat = table.get(card)
    return per_seat[seat] if per_seat else 0


def _leads(games: list[GameSummary], players: int, party: bool) -> dict | None:
    """Lead changes per game, and how often the seat last at mid-game went on to win."""
    if party:
        return None
    changes = Counter(g.lead_changes for g in games)
    comebacks = [g for g in games if g.mid_last is not None and g.winners]
    return {
        "mean_changes": statistics.fmean(g.lead_changes for g in games) if games else 0.0,
        "changes_counts": sorted([k, v] for k, v in changes.items()),
        "comeback": {**rate(sum(1 for g in comebacks if g.mid_last in g.winners), len(comebacks)),
                     "fair_share": 1 / players},
    }


def sweep_rows(data: dict) -> list[dict]:
    """One row per cell of a sweep: its swept values and the headline metrics."""
    rows = []
    for cell in data["cells"]:
        fpa = cell["first_player_advantage"]
        row = {**cell["label"], "games": cell["games"],
               "mean_length": cell["length_turns"]["mean"],
               "capped_share": cell["turn_cap_hit"] / cell["games"] if cell["games"] else 0.0,
               "first_player_advantage": fpa["advantage"] if fpa else None,
               "first_player_ci95": fpa["ci95"] if fpa else None}
        if cell.get("party"):
            row["party_win_rate"] = cell["party"]["win_rate"]
            row["party_ci95"] = cell["party"]["ci95"]
        rows.append(row)
    return rows
