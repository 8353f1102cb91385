"""Generate a large synthetic content pack: 10,000 cards in 200 files, a 5,000-card
story graph and 50 landscapes (the compiler benchmark's input)."""

from __future__ import annotations

import random
import sys
from pathlib import Path


def generate(root: Path, cards: int = 10_000, files: int = 200, story_cards: int = 5_000, landscapes: int = 50) -> Path:
    rng = random.Random(1)
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(
        "kind: game\nid: synthetic\ntitle: Synthetic\nplayers: {min: 2, max: 5}\n"
        "variables:\n  coins: {initial: 0}\n  magic: {initial: 0}\n"
    )
    (root / "types.yaml").write_text(
        "kind: card-type\nid: item\nname: Item\nfields:\n"
        "  cost: {type: int, required: true, min: 0, max: 20}\n"
        "  power: {type: int}\n"
        "  school: {type: enum, values: [fire, water, earth, air]}\n"
    )
    per_file = cards // files
    for f in range(files):
        lines = [f"kind: cards\nid: deck-{f}\ntype: item\ncards:"]
        for c in range(per_file):
            n = f * per_file + c
            lines.append(
                f"  - id: card-{n}\n    name: Card {n}\n    cost: {rng.randint(0, 9)}\n"
                f"    power: {rng.randint(1, 6)}\n    school: {rng.choice(['fire', 'water', 'earth', 'air'])}\n"
                f"    text: Deal {rng.randint(1, 3)} damage to a chosen opponent.\n"
                f"    abilities:\n      - when: on-play\n        if: coins >= {rng.randint(0, 3)}\n"
                f"        do:\n          - damage: {{amount: {rng.randint(1, 3)}, target: chosen-opponent}}\n"
                f"          - draw: 1"
            )
        (root / f"cards-{f:03}.yaml").write_text("\n".join(lines) + "\n")
    story = ["kind: story\nid: saga\ntitle: Saga\nstart: '1'\ncards:"]
    for i in range(1, story_cards + 1):
        if i == story_cards:
            story.append(f"  '{i}':\n    ending: victory")
        elif i % 7 == 0:
            story.append(
                f"  '{i}':\n    text: A fork in the road.\n    choices:\n"
                f"      - text: Go left\n        goto: '{i + 1}'\n"
                f"      - text: Go right\n        if: coins >= 1\n        goto: '{min(i + 2, story_cards)}'"
            )
        elif i % 11 == 0:
            story.append(f"  '{i}':\n    challenge: {{stat: magic, successes: 2}}\n    pass: '{i + 1}'\n    fail: '{i + 1}'")
        else:
            story.append(f"  '{i}':\n    text: The story goes on.\n    do: [{{gain: {{variable: coins, amount: 1}}}}]\n    goto: '{i + 1}'")
    (root / "story.yaml").write_text("\n".join(story) + "\n")
    (root / "terrain.yaml").write_text("kind: terrain\nid: rock\nname: Rock\ntype: obstacle\nkeywords: [impassable]\n")
    for i in range(landscapes):
        cells = {f"{chr(66 + rng.randrange(10))}{rng.randint(2, 12)}" for _ in range(8)}
        placed = "".join(f"  - {{piece: rock, at: {c}}}\n" for c in sorted(cells))
        (root / f"board-{i:02}.yaml").write_text(
            f"kind: landscape\nid: board-{i}\ngrid: {{columns: 19, rows: 14}}\nterrain:\n{placed}"
            "areas:\n  start: [A1, A2]\n  exit: [S14]\n"
        )
    return root


if __name__ == "__main__":
    print(generate(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/synthetic-pack")))
