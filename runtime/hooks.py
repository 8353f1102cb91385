"""Calls from a rule module up to one it may not import: the module above registers its
function under a name (`@hook("battle-over")`) and the one below calls `HOOKS[name]`.
Every hook is registered when its module is imported (`runtime.rule_modules` imports them all).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

HOOKS: dict[str, Callable[..., Any]] = {}


def hook(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register `fn` as hook `name` (once; a second is a mistake)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        if name in HOOKS:
            raise ValueError(f"hook {name!r} registered twice")
        HOOKS[name] = fn
        return fn

    return register
