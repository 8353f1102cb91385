"""The seed game packs, compiled once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.loading import load_program

CONTENT = Path(__file__).resolve().parents[3] / "content"


@pytest.fixture(scope="session")
def fmf():
    return load_program(CONTENT / "fuzzy-mage-fight")
