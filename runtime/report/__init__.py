"""A simulation's figures as one self-contained HTML page a designer reads at a glance.

`render(data)` turns the figures of a run (`runtime.figures.run_figures`, or one cell's
figures as `simulate --format json` prints them) into HTML with inline SVG charts: no
script, no stylesheet or font from elsewhere, so it works offline. Every chart is a
`<figure class="chart" id="...">`; text from the content is escaped. `write_report` writes
it atomically. It is in the runtime's play layer: it reads figures, never a game.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from compiler.files import write_atomic
from runtime.figures import sweep_rows
from runtime.report import charts

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:980px;color:#1a202c}
h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #cbd5e0;margin-top:2em}
h3{font-size:1em}figure{margin:1em 0}figcaption{font-size:.9em;color:#4a5568}
figure svg{max-width:100%;height:auto}.note{background:#fefcbf;padding:.5em 1em}
table{border-collapse:collapse;font-size:.9em}td,th{padding:.2em .6em;border-bottom:1px solid #e2e8f0}
"""


def write_report(path: Path, data: dict) -> None:
    write_atomic(Path(path), render(data))


def render(data: dict) -> str:
    if "cells" not in data:  # one cell's figures, as `simulate --format json` prints them
        data = {"game": data["game"], "title": data.get("title"), "seed": data["seed"], "games": data["games"],
                "games_planned": data["games"], "complete": True, "sweep": [], "ladder": None,
                "cells": [data]}
    cells = data["cells"]
    names = [_name(c["label"]) for c in cells]
    party = bool(cells and cells[0]["cooperative"])
    title = data.get("title") or data["game"]
    parts = [f"<h1>{escape(title)}: balance report</h1>",
             f"<p>{data['games']} games, seed {data['seed']}"
             f"{', ' + str(len(cells)) + ' cells' if len(cells) > 1 else ''}. Seats rotate "
             "between games, so a seat's figures are the seat's, not an agent's.</p>"]
    if not data["complete"]:
        parts.append(f"<p class='note'>A partial run: {data['games']} of "
                     f"{data['games_planned']} games so far.</p>")
    played = [c for c in cells if c["games"]]
    if party:
        parts.append(_chart("party", "Party win rate",
                            charts.rate_points([c["party"] for c in played], _names(played),
                                               "party win rate"),
                            "A co-operative game: the seats win or lose together."))
    elif played:
        parts.append(_chart("seats", "Win rate by seat and player count",
                            charts.seat_rates(played, _names(played)),
                            "Bars: win rate with its 95% interval; dashes: a fair share."))
        parts.append(_chart(
            "first-player", "First-player advantage",
            charts.rate_points([c["seats"][0] for c in played], _names(played),
                               "seat 1's win rate less a fair share",
                               offsets=[1 / c["players"] for c in played]),
            "Above zero, going first helps; the interval says how sure that is."))
    if data["sweep"] and len(played) > 1:
        parts.append(_sweep(data, played))
    if data.get("ladder") and played:
        parts.append(_chart(
            "skill", "Does skill matter?",
            charts.rate_points([c["agents"][0] for c in played],
                               [f"{c['agents'][0]['agent']} vs {c['agents'][-1]['agent']}"
                                for c in played],
                               "stronger agent's win rate", fair=[1 / c["players"] for c in played]),
            "The stronger agent's win rate against the weaker ones, with its 95% interval; "
            "well above the fair share, skill matters."))
    for k, (cell, name) in enumerate(zip(cells, names, strict=True)):
        parts.append(_cell(k, cell, name if len(cells) > 1 else ""))
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}: balance report</title><style>{_CSS}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")


def _name(label: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in label.items()) or "all games"


def _names(cells: list[dict]) -> list[str]:
    return [_name(c["label"]) for c in cells]


def _chart(key: str, title: str, svg: str, caption: str = "") -> str:
    return (f"<figure class='chart' id='chart-{key}'><h3>{escape(title)}</h3>{svg}"
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _sweep(data: dict, cells: list[dict]) -> str:
    rows = sweep_rows({**data, "cells": cells})
    party = "party_win_rate" in rows[0]
    metrics = [("party_win_rate", "party win rate", "party_ci95") if party else
               ("first_player_advantage", "first-player advantage", "first_player_ci95"),
               ("mean_length", "mean length (turns)", None),
               ("capped_share", "games stopped by the turn cap", None)]
    return _chart("sweep", "Against the swept values", charts.sweep(rows, data["sweep"], metrics),
                  "Every cell plays the same seeds, so differences come from the values swept.")


def _cell(k: int, cell: dict, name: str) -> str:
    head = f"<h2>{escape(name)}</h2>" if name else "<h2>Details</h2>"
    if not cell["games"]:
        return head + "<p>No games played yet.</p>"
    parts = [head, _table(cell)]
    if len({a["agent"] for a in cell["agents"]}) > 1 and not cell["cooperative"]:
        parts.append(_chart(f"{k}-agents", "Win rate by agent",
                            charts.rate_points(cell["agents"],
                                               [f"{a['slot']}: {a['agent']}" for a in cell["agents"]],
                                               "win rate", fair=[1 / cell["players"]] * cell["players"]),
                            "Each agent sat in each seat in turn."))
    parts.append(_chart(f"{k}-length", "Game length",
                        charts.lengths(cell),
                        f"{cell['turn_cap_hit']} of {cell['games']} games hit the turn cap "
                        "(no result)."))
    dead = [c["card"] for c in cell["cards"] if c["dead"]]
    parts.append(_chart(f"{k}-cards", "Card and ability usage", charts.card_usage(cell),
                        f"Never played or used ({len(dead)}): {', '.join(dead)}." if dead else
                        "Every card was played or used."))
    if not cell["cooperative"]:
        if any("by_winner" in c and not c["dead"] for c in cell["cards"]):
            parts.append(_chart(f"{k}-association", "Cards and winning",
                                charts.association(cell),
                                "How often winners played each card against how often "
                                "losers did, with 95% intervals."))
        if cell.get("leads"):
            parts.append(_chart(f"{k}-leads", "Lead changes and comebacks", charts.leads(cell),
                                "Leader by the rules' evaluation, turn by turn; right: how often "
                                "the seat last at mid-game won."))
    if cell.get("endings"):
        parts.append(_chart(f"{k}-endings", "Story endings", charts.endings(cell)))
    if cell.get("battles"):
        parts.append(_chart(f"{k}-battles", "Battles won",
                            charts.rate_points(cell["battles"],
                                               [b["scenario"] for b in cell["battles"]],
                                               "won by the party")))
    return "".join(parts)


def _table(cell: dict) -> str:
    length = cell["length_turns"]
    rows = [("games", cell["games"]), ("players", cell["players"]),
            ("lineup", " + ".join(a["agent"] for a in cell["agents"])),
            ("mean length", f"{length['mean']:.1f} turns (median {length['median']:g})"),
            ("turn cap hit", cell["turn_cap_hit"]), ("decided", cell["decided"])]
    rows += [(f"start {k}", v) for k, v in cell["variables"].items()]
    body = "".join(f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>" for k, v in rows)
    return f"<table>{body}</table>"
