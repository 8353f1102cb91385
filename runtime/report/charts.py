"""The report's charts, drawn with matplotlib as SVG (vector, text kept as text).

Each function takes figures (see `runtime.figures`) and returns one SVG document as a
string. Labels are plain text: maths markup is off, so a `$` in a card name stays a `$`,
and matplotlib escapes every label for XML.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

from matplotlib import rc_context
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

WIN, LOSE, CAP, FAIR = "#2b6cb0", "#c05621", "#a0aec0", "#718096"
_STYLE = {"svg.fonttype": "none", "svg.hashsalt": "gamesmith", "text.parse_math": False,
          "font.size": 9, "axes.spines.top": False, "axes.spines.right": False}


@contextmanager
def _figure(width: float, height: float) -> Iterator[tuple[Figure, list[str]]]:
    """A figure to draw on; the SVG text lands in the list when the block ends."""
    out: list[str] = []
    with rc_context(_STYLE):
        fig = Figure(figsize=(width, height), layout="constrained")
        yield fig, out
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None})
    svg = buf.getvalue()
    out.append(svg[svg.index("<svg"):])  # no XML prologue inside HTML


def _errors(rates: list[dict]) -> list[list[float]]:
    """Matplotlib's asymmetric error bars from rates with `ci95`."""
    return [[r["win_rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["win_rate"]
                                                            for r in rates]]


def _percent(ax) -> None:
    ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")


def seat_rates(cells: list[dict], names: list[str]) -> str:
    """Win rate by seat (and by cell: player counts, swept values), 95% intervals, fair share."""
    most = max(c["players"] for c in cells)
    with _figure(min(9, 2 + most * 0.6 * len(cells)), 3.2) as (fig, out):
        ax = fig.add_subplot()
        width = 0.8 / len(cells)
        for k, (cell, name) in enumerate(zip(cells, names, strict=True)):
            xs = [s - 0.4 + width * (k + 0.5) for s in range(cell["players"])]
            ax.bar(xs, [s["win_rate"] for s in cell["seats"]], width, label=name,
                   yerr=_errors(cell["seats"]), capsize=2)
            for x in xs:
                ax.hlines(1 / cell["players"], x - width / 2, x + width / 2, colors=FAIR,
                          linestyles="dashed")
        ax.set_xticks(range(most), [f"seat {s + 1}" for s in range(most)])
        ax.set_ylabel("win rate (dashes: fair share)")
        _percent(ax)
        if len(cells) > 1:
            ax.legend(fontsize=7)
    return out[0]


def rate_points(rows: list[dict], names: list[str], ylabel: str, fair: list[float] | None = None,
                offsets: list[float] | None = None) -> str:
    """One rate per row with its 95% interval, rows along the x axis; with `offsets`, each
    rate less its offset (an advantage over a fair share)."""
    with _figure(min(9, 2 + 0.7 * len(rows)), 3.0) as (fig, out):
        ax = fig.add_subplot()
        xs = list(range(len(rows)))
        values = [r["win_rate"] - o for r, o in zip(rows, offsets or [0.0] * len(rows),
                                                     strict=True)]
        ax.errorbar(xs, values, yerr=_errors(rows), fmt="o", color=WIN, capsize=3)
        if fair is not None:
            ax.scatter(xs, fair, marker="_", s=300, color=FAIR, label="fair share")
            ax.legend(fontsize=7)
        ax.axhline(0, color=FAIR, linewidth=0.5)
        ax.set_xticks(xs, names, rotation=20 if len(rows) > 4 else 0, ha="right"
                      if len(rows) > 4 else "center")
        ax.set_ylabel(ylabel)
        _percent(ax)
    return out[0]


def lengths(cell: dict) -> str:
    """Game length in turns: finished games and those stopped by the turn cap, stacked."""
    counts = cell["length_counts"]
    with _figure(6, 2.8) as (fig, out):
        ax = fig.add_subplot()
        turns = [t for t, _, _ in counts]
        done = [d for _, d, _ in counts]
        capped = [c for _, _, c in counts]
        ax.bar(turns, done, color=WIN, label="finished")
        ax.bar(turns, capped, bottom=done, color=CAP, label=f"turn cap ({cell['turn_cap_hit']})")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
        ax.legend(fontsize=7)
    return out[0]


def card_usage(cell: dict, limit: int = 40) -> str:
    """Plays and ability uses per game of the most used cards (never-played ones are listed
    in the caption, not drawn)."""
    live = sorted((c for c in cell["cards"] if not c["dead"]),
                  key=lambda c: (c["played"] + c["used"], c["card"]))[-limit:]
    n = max(cell["games"], 1)
    with _figure(7, 1.2 + 0.18 * len(live)) as (fig, out):
        ax = fig.add_subplot()
        ys = list(range(len(live)))
        ax.barh(ys, [c["played"] / n for c in live], color=WIN, label="played")
        ax.barh(ys, [c["used"] / n for c in live], left=[c["played"] / n for c in live],
                color="#38a169", label="abilities used")
        ax.set_yticks(ys, [c["card"] for c in live], fontsize=7)
        ax.set_xlabel("per game")
        if live:
            ax.legend(fontsize=7, loc="lower right")
        else:
            ax.set_title("no card was played or used", fontsize=8)
    return out[0]


def association(cell: dict, limit: int = 30) -> str:
    """For each card, how often winners played it against how often losers did (95%)."""
    rows = [c for c in cell["cards"] if "by_winner" in c and not c["dead"]]
    rows = sorted(rows, key=lambda c: c["played"] + c["used"])[-limit:]
    with _figure(7, 1.2 + 0.22 * max(1, len(rows))) as (fig, out):
        ax = fig.add_subplot()
        ys = list(range(len(rows)))
        for shift, key, colour, label in ((0.15, "by_winner", WIN, "played by winners"),
                                          (-0.15, "by_loser", LOSE, "played by losers")):
            rates = [c[key] for c in rows]
            ax.errorbar([r["win_rate"] for r in rates], [y + shift for y in ys],
                        xerr=_errors(rates), fmt="o", color=colour, capsize=2, label=label)
        ax.set_yticks(ys, [c["card"] for c in rows], fontsize=7)
        ax.xaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
        ax.set_xlabel("share of hands that played the card")
        ax.legend(fontsize=7, loc="lower right")
    return out[0]


def leads(cell: dict) -> str:
    """Lead changes per game, and the comeback rate of the seat last at mid-game."""
    data = cell["leads"]
    with _figure(7, 2.8) as (fig, out):
        left, right = fig.subplots(1, 2, width_ratios=[3, 1])
        left.bar([k for k, _ in data["changes_counts"]], [v for _, v in data["changes_counts"]],
                 color=WIN)
        left.xaxis.set_major_locator(MaxNLocator(integer=True))
        left.set_xlabel("lead changes in a game")
        left.set_ylabel("games")
        come = data["comeback"]
        right.errorbar([0], [come["win_rate"]], yerr=_errors([come]), fmt="o", color=WIN,
                       capsize=3)
        right.scatter([0], [come["fair_share"]], marker="_", s=300, color=FAIR)
        right.set_xticks([0], ["last at\nmid-game"])
        right.set_ylim(0, 1)
        right.set_ylabel("went on to win (dash: fair share)")
        _percent(right)
    return out[0]


def endings(cell: dict) -> str:
    """How often each story ending was reached."""
    items = sorted(cell["endings"].items(), key=lambda e: e[1])
    with _figure(6, 1 + 0.3 * len(items)) as (fig, out):
        ax = fig.add_subplot()
        ax.barh(range(len(items)), [v for _, v in items], color=WIN)
        ax.set_yticks(range(len(items)), [k for k, _ in items])
        ax.set_xlabel("games")
    return out[0]


def sweep(rows: list[dict], dims: list[str], metrics: list[tuple[str, str, str | None]]) -> str:
    """Each metric against each swept name, one line per combination of the other names."""
    with _figure(3.2 * len(metrics), 2.6 * len(dims)) as (fig, out):
        axes = fig.subplots(len(dims), len(metrics), squeeze=False)
        for i, dim in enumerate(dims):
            others = [d for d in dims if d != dim]
            groups: dict[tuple, list[dict]] = {}
            for r in rows:
                groups.setdefault(tuple(r[d] for d in others), []).append(r)
            for j, (key, title, ci) in enumerate(metrics):
                ax = axes[i][j]
                for combo, members in groups.items():
                    xs = [str(r[dim]) for r in members]
                    ys = [r[key] for r in members]
                    label = ", ".join(f"{d}={v}" for d, v in zip(others, combo, strict=True))
                    if ci:
                        err = [[y - r[ci][0] for y, r in zip(ys, members, strict=True)],
                               [r[ci][1] - y for y, r in zip(ys, members, strict=True)]]
                        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=label or None)
                    else:
                        ax.plot(xs, ys, marker="o", label=label or None)
                ax.set_xlabel(dim)
                ax.set_title(title, fontsize=9)
                if key != "mean_length":
                    _percent(ax)
                if others and j == 0:
                    ax.legend(fontsize=6)
    return out[0]
