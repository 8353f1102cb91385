"""Every test gets its own empty check cache, so no test reads another's results or the
user's cache folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_check_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("GAMESMITH_CACHE", str(tmp_path_factory.mktemp("check-cache")))
