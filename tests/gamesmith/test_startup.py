"""Start-up: loading the command line (all `--help` needs) builds no content models and
imports none of the engine, printing or charting code; each command imports those itself,
and a check imports only what checking needs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

# the costly modules: content models (pydantic), the interpreter, the card renderer, charts
HEAVY = (
    "compiler.language.documents",
    "compiler.pipeline",
    "runtime.machine",
    "printkit.render",
    "matplotlib",
    "networkx",
    "rich",
)
# a check validates with pydantic, but plays nothing, draws nothing and renders no help panels
NOT_FOR_A_CHECK = ("runtime.machine", "printkit.render", "matplotlib", "networkx", "rich", "PIL")

STORY = """kind: story
id: walk
title: A Walk
start: "1"
cards:
  "1": {text: The road forks., choices: [{text: Left, goto: "2"}, {text: Right, goto: "1"}]}
  "2": {ending: victory}
"""


def imported_by(argv: list[str], modules: tuple[str, ...], env: dict | None = None) -> list[str]:
    """Which of `modules` are loaded once the command line has run `argv`."""
    probe = ("import json, sys\n"
             f"sys.argv = ['gamesmith', *{argv!r}]\n"
             "from gamesmith.cli import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             f"print(json.dumps([m for m in {modules!r} if m in sys.modules]), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         env={**os.environ, **(env or {})})
    return json.loads(out.stderr.strip().splitlines()[-1])


def test_loading_the_command_line_imports_nothing_heavy():
    probe = ("import json, sys; import gamesmith.cli; "
             f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def test_help_imports_nothing_heavy():
    assert imported_by(["--help"], (*HEAVY, "pydantic")) == []
    # typer reads a command's options with pydantic, so that much a command's help loads
    assert imported_by(["check", "--help"], HEAVY) == []


def test_a_check_of_a_story_imports_only_what_checking_needs(tmp_path):
    pack = tmp_path / "walk"
    pack.mkdir()
    (pack / "game.yaml").write_text("kind: game\nid: walk\ntitle: Walk\nplayers: {min: 1, max: 1}\n")
    (pack / "story.yaml").write_text(STORY)
    cache = {"GAMESMITH_CACHE": str(tmp_path / "cache")}
    assert imported_by(["check", str(pack)], NOT_FOR_A_CHECK, cache) == []
