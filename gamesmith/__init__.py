"""The `gamesmith` command line: parse arguments, call compiler/runtime/printkit, print.

No game logic lives here; each command is a thin module under `gamesmith/commands/`.
"""
