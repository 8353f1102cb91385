"""Analyses of validated, linked content: each takes models (and the loaded document for
locations) and returns diagnostics; none raises on bad content or touches files."""
