"""Test-wide settings: the print cache's default home is a temporary folder, not the user's,
and every test gets its own empty check cache, so no test reads another's results."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _user_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    mp.undo()


@pytest.fixture(autouse=True)
def _private_check_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("GAMESMITH_CACHE", str(tmp_path_factory.mktemp("check-cache")))
