"""The viability checks specialised to their params (`runtime.ops.viability`, and an op on a
selector's seats whose selector never picks none: no check, always viable) answer as the
ops' own checks do, on every state of random Fuzzy Mage Fight games, for every seat."""

from __future__ import annotations

import pytest

from runtime.machine import Machine
from runtime.options import first_check
from runtime.rng import Rng, derive
from runtime.specialise import CHECK_SPECIALISERS


def _effect_lists(program) -> list[list]:
    """Every action's and card ability's effects, and those of the options of a `choose`."""
    lists = [action.do for action in program.rules.actions]
    lists += [ability.do for card in program.cards.values() for ability in card.abilities]
    for effects in list(lists):
        for _impl, params, name in program.lists[program.lid(effects)] if effects else ():
            if name == "choose":
                lists += [option.do for option in params.options]
    return [effects for effects in lists if effects]


def _pairs(program) -> list[tuple]:
    """(specialised check, the op's own, params) for each first effect that has both."""
    found = []
    for effects in _effect_lists(program):
        impl, params, _name = program.lists[program.lid(effects)][0]
        own = getattr(impl, "viable", None)
        mine, _ = first_check(program, effects)
        if own in CHECK_SPECIALISERS and mine is not own:
            found.append((mine, own, params))
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_specialised_checks_agree_with_the_ops_own(fmf, players):
    pairs = _pairs(fmf)
    written = {check for check, factory in CHECK_SPECIALISERS.items()
               if factory.__module__ == "runtime.ops.viability"}
    assert written <= {own for _mine, own, _p in pairs}  # each kind written out is met
    assert any(mine is None for mine, _own, _p in pairs)  # and some check that never fails
    compared = 0
    for game in range(3):
        m = Machine.start(fmf, players, derive(5, "viability", players, game))
        rng = Rng(game)
        while not m.over and compared < 40_000:
            for seat in range(players):
                ctx = {"self": seat}
                for mine, own, params in pairs:
                    found = True if mine is None else mine(m, ctx, params)
                    assert found == own(m, ctx, params), (params, seat)
                    compared += 1
            m.answer(rng.below(len(m.decision["options"])))
    assert compared > 1000
