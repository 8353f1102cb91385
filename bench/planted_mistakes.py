"""Count the planted mistakes of tests/corpus that `gamesmith check` catches: the expected
code at the expected file and line.

Run: python bench/planted_mistakes.py [--code DIR]. `--code` names a checkout of another
version of gamesmith (say, an older commit: `git archive COMMIT | tar -x -C DIR`); its
`check` is run on the same corpus, so both figures print side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).parents[1]
CORPUS = ROOT / "tests" / "corpus"


def caught(code_root: Path) -> tuple[int, list[str]]:
    """How many planted mistakes `check` from `code_root` reports exactly, and the missed ids."""
    mistakes = yaml.safe_load((CORPUS / "mistakes.yaml").read_text())
    env = {**os.environ, "PYTHONPATH": str(code_root)}
    missed = []
    with tempfile.TemporaryDirectory() as tmp:
        for mistake in mistakes:
            root = Path(tmp) / mistake["id"]
            shutil.copytree(CORPUS / "base", root)
            path = root / mistake["file"]
            path.write_text(path.read_text().replace(mistake["find"], mistake["replace"]))
            run = subprocess.run(
                [sys.executable, "-m", "gamesmith", "check", "--format", "json", str(root)],
                capture_output=True, text=True, env=env, cwd=tmp,
            )
            try:
                found = json.loads(run.stdout)["diagnostics"]
            except (json.JSONDecodeError, KeyError):
                found = []
            want = (mistake["code"], mistake.get("in", mistake["file"]), mistake["line"])
            got = {(d["code"], Path(d["file"]).relative_to(Path(mistake["id"])).as_posix()
                    if d.get("file", "").startswith(mistake["id"]) else d.get("file"), d["line"])
                   for d in found}
            if want not in got:
                missed.append(mistake["id"])
    return len(mistakes) - len(missed), missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, help="another gamesmith checkout to compare with")
    args = parser.parse_args()
    total = len(yaml.safe_load((CORPUS / "mistakes.yaml").read_text()))
    for label, root in (("this version", ROOT), ("--code", args.code)):
        if root is None:
            continue
        count, missed = caught(root.resolve())
        print(f"{label:>12}: {count} of {total} planted mistakes caught"
              + (f"; missed: {', '.join(missed)}" if missed else ""))


if __name__ == "__main__":
    main()
