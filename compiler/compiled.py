"""The compiled game: validated, linked, immutable data that the runtime and printkit use.

It holds the validated models by kind and id and serialises to versioned JSON; nothing
in it knows about YAML, files or line numbers except `root`, the folder images are
resolved against, and `locations`, a table of strings naming where each effect and
expression was written (see `compiler.locations`), which runtime errors quote.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.language.documents import (
    Card,
    Cards,
    CardType,
    Game,
    Landscape,
    Layout,
    Rules,
    Scenario,
    Story,
    Terrain,
)

FORMAT = "gamesmith.compiled/1"


@dataclass(frozen=True)
class CompiledGame:
    root: Path
    game: Game
    card_types: dict[str, CardType] = field(default_factory=dict)
    decks: dict[str, Cards] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    deck_of: dict[str, str] = field(default_factory=dict)
    stories: dict[str, Story] = field(default_factory=dict)
    landscapes: dict[str, Landscape] = field(default_factory=dict)
    terrain: dict[str, Terrain] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    rules: Rules | None = None
    layouts: dict[str, Layout] = field(default_factory=dict)
    # where each effect and expression is written, for runtime errors (see compiler.locations)
    locations: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def id(self) -> str:
        return self.game.id

    def card_type_of(self, card_id: str) -> CardType:
        return self.card_types[self.decks[self.deck_of[card_id]].type]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: `{"format": ..., "game": {...}, "decks": {...}, ...}`."""

        def dump(models: dict) -> dict:
            return {k: m.model_dump(mode="json", by_alias=True, exclude_defaults=True) for k, m in models.items()}

        return {
            "format": FORMAT,
            "game": self.game.model_dump(mode="json", by_alias=True, exclude_defaults=True),
            "card-types": dump(self.card_types),
            "decks": dump(self.decks),
            "stories": dump(self.stories),
            "landscapes": dump(self.landscapes),
            "terrain": dump(self.terrain),
            "scenarios": dump(self.scenarios),
            "rules": self.rules.model_dump(mode="json", by_alias=True, exclude_defaults=True) if self.rules else None,
            "layouts": dump(self.layouts),
            "locations": self.locations,
        }

    def dumps(self, locations: bool = True) -> str:
        """The compiled game as JSON; without `locations`, only what plays (the same game
        written in other files, or as a spreadsheet, dumps the same)."""
        data = self.to_json()
        if not locations:
            data.pop("locations", None)
        return json.dumps(data, sort_keys=True, ensure_ascii=False)
