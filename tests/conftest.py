"""Test-wide settings: the print cache's default home is a temporary folder, not the user's,
and every test gets its own empty check cache, so no test reads another's results; one
Chromium for every browser test of a process (Playwright's sync API allows one at a time)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(autouse=True, scope="session")
def _user_cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    mp.undo()


@pytest.fixture(autouse=True)
def _private_check_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("GAMESMITH_CACHE", str(tmp_path_factory.mktemp("check-cache")))


@pytest.fixture(scope="session")
def browser():
    """Chromium from the system's packages; missing, the browser tests fail under CI."""
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
