"""Start-up: loading the command line (all `--help` needs) builds no content models and
imports none of the engine, printing or charting code; each command imports those itself."""

from __future__ import annotations

import json
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


def test_loading_the_command_line_imports_nothing_heavy():
    probe = ("import json, sys; import gamesmith.cli; "
             f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
