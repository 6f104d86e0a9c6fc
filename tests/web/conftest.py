"""Fixtures of the web tests: one live server on loopback and one headless Chromium, shared
by every browser test of the run (started only when a test asks for them)."""

from __future__ import annotations

import socket
import tempfile
import threading
import time
from collections.abc import Iterator

import pytest
from browsing import CHROMIUM, DRIVER


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    import uvicorn

    from sleuth.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    with tempfile.TemporaryDirectory() as profile:
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--window-size=1200,1000",
                     f"--user-data-dir={profile}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
        driver.set_page_load_timeout(60)
        try:
            yield driver
        finally:
            driver.quit()
