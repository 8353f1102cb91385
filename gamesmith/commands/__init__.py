"""One module per command; each exposes a function that `gamesmith.cli` registers."""
