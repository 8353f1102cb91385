"""The runtime: one generic interpreter that plays any compiled game.

It consumes a `compiler.CompiledGame` and never reads YAML or names a game. State is
plain, serialisable data with a stable hash; at each decision point it lists the legal
options and an agent picks one; every chance outcome comes from one seeded generator.
"""
