"""The scripted agent: plays a YAML list of choices, in order.

Each entry is an option's index (0-based), its exact label or key, or a piece of text
that appears in exactly one option's label (case ignored). A choice that matches nothing,
or running out of entries, stops the game with an error that lists the options.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from runtime.errors import RuleError
from runtime.rng import Rng

MAX_BYTES = 1024 * 1024  # a script of choices; a larger file is a mistake


class ScriptedAgent:
    name = "scripted"
    uses_view = False

    def __init__(self, choices: list, source: str = "script"):
        self.choices = list(choices)
        self.source = source
        self.position = 0

    @classmethod
    def from_file(cls, path: Path) -> ScriptedAgent:
        path = Path(path)
        if not path.is_file():  # a pipe or a device would never end (or never start)
            raise RuleError(f"cannot read script {path}: not a regular file")
        if path.stat().st_size > MAX_BYTES:
            raise RuleError(f"cannot read script {path}: larger than {MAX_BYTES // 1024} KB")
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError as err:
            raise RuleError(f"cannot read script {path}: not UTF-8 text (byte {err.start})"
                            ) from None
        except (OSError, yaml.YAMLError) as err:
            raise RuleError(f"cannot read script {path}: {err}") from None
        if not isinstance(data, list):
            raise RuleError(f"script {path} must be a YAML list of choices")
        return cls(data, str(path))

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        options = decision["options"]
        if self.position >= len(self.choices):
            raise RuleError(f"{self.source} has no choice left for: {decision['prompt']}; options: "
                            + "; ".join(o["label"] for o in options))
        entry = self.choices[self.position]
        self.position += 1
        index = match(entry, options)
        if index is None:
            raise RuleError(
                f"{self.source}, choice {self.position} ({entry!r}) matches no option of "
                f"{decision['prompt']!r}: " + "; ".join(o["label"] for o in options)
            )
        return index

    def snapshot(self) -> dict:
        return {"position": self.position}

    def restore(self, saved: dict) -> None:
        self.position = saved["position"]


def match(entry, options: list[dict]) -> int | None:
    """The option an entry names: an index, an exact label or key, or a unique piece of a label."""
    if isinstance(entry, int) and not isinstance(entry, bool):
        return entry if 0 <= entry < len(options) else None
    text = str(entry)
    for field in ("label", "key"):
        for i, option in enumerate(options):
            if option[field] == text:
                return i
    found = [i for i, o in enumerate(options) if text.lower() in o["label"].lower()]
    return found[0] if len(found) == 1 else None
