"""What the browser tests share: where screenshots go, the marks that skip them without
Chromium, and a wait for the page. The server and the browser are fixtures in ``conftest.py``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
SHOTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "web"

BROWSER = [
    pytest.mark.processes,
    pytest.mark.skipif(not (CHROMIUM.exists() and DRIVER.exists()),
                       reason="Chromium is not installed (apt-get install chromium "
                              "chromium-driver): the browser tests need it"),
]


def wait_for(condition, seconds: float = 60.0):
    """Poll ``condition`` until it returns something true; that value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, "the page did not get there in time"
        time.sleep(0.1)




def screenshot(browser: object, name: str) -> None:
    """The page as it is now, in ``bench/results/web/NAME.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"{name}.png"))  # type: ignore[attr-defined]
