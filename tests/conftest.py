"""Test-wide setting: the print cache's default home is a temporary folder, not the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _user_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    mp.undo()
