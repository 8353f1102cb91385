"""Sharing a roll's dice: among the targets of an attack, or against the hits a defence meets.

Dice are shared die by die (a die's successes stay together). An attacker's shares are a
decision: one option per way of giving the dice out that no other way betters for every
target, counting for each no more than it needs. A defence needs no decision: the dice go
wherever they cancel the most damage.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from runtime.frames import answered, ask

if TYPE_CHECKING:
    from runtime.machine import Machine

MAX_WAYS = 50_000  # ways of giving the dice out tried; beyond, the dice go greedily


def _ways(worths: list[int], groups: int):
    """Each way of giving every die (by its worth) to one of `groups`: the totals."""
    dice = [w for w in worths if w > 0]
    if groups ** len(dice) > MAX_WAYS:
        totals = [0] * groups  # too many: the dice go one by one to the group with least
        for w in sorted(dice, reverse=True):
            totals[totals.index(min(totals))] += w
        yield totals
        return
    for assign in product(range(groups), repeat=len(dice)):
        totals = [0] * groups
        for w, g in zip(dice, assign, strict=True):
            totals[g] += w
        yield totals


def share_options(worths: list[int], needs: list[int]) -> list[tuple[int, ...]]:
    """The undominated ways to share dice of `worths` among targets needing `needs`, each
    target's share counted up to its need; in a stable order (most to the first first)."""
    seen = {tuple(min(t, n) for t, n in zip(totals, needs, strict=True))
            for totals in _ways(worths, len(needs))}
    best = [s for s in seen
            if not any(o != s and all(a >= b for a, b in zip(o, s, strict=True)) for o in seen)]
    return sorted(best, reverse=True)


def ask_shares(m: Machine, local: dict, seat: int, worths: list[int], needs: list[int],
               labels: list[str]) -> list[int] | dict:
    """The attacker's shares (kept in `local`), or the decision to make first."""
    answer = answered(local, "shares")
    if answer is not None:
        return list(answer["shares"])
    options = share_options(worths, needs)
    if len(options) == 1:
        return list(options[0])
    local["asking"] = "shares"
    return ask(seat, "shares", "Share the successes how?", [
        {"label": ", ".join(f"{n} to {label}" for n, label in zip(share, labels, strict=True)),
         "key": "shares:" + ",".join(map(str, share)), "shares": list(share)}
        for share in options])


def most_cancelled(worths: list[list[int]], damage: list[int]) -> int:
    """The most damage dice can cancel: `worths[d][g]` is what die `d` counts against group
    `g` of hits (their modes differ), `damage[g]` that group's damage."""
    groups = len(damage)
    if not worths or not groups:
        return 0
    if groups ** len(worths) > MAX_WAYS:
        return min(sum(damage), sum(max(w) for w in worths))
    best = 0
    for assign in product(range(groups), repeat=len(worths)):
        got = [0] * groups
        for w, g in zip(worths, assign, strict=True):
            got[g] += w[g]
        best = max(best, sum(min(a, d) for a, d in zip(got, damage, strict=True)))
    return best
