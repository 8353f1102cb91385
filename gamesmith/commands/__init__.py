"""One module per command; each exposes a function that `gamesmith.cli` registers.

At load a command module imports only the standard library, typer and its sibling command
modules: the compiler, runtime, printkit and rich are imported inside the command that uses
them, so `gamesmith --help` builds no content models (tests/gamesmith/test_startup.py)."""
