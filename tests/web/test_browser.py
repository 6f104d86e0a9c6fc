"""End to end in a real headless Chromium (Debian's ``chromium`` and ``chromium-driver``,
driven by Selenium): a whole hint session by clicking tiles, and a review. Each page's
screenshot goes to ``bench/results/web/``."""

from __future__ import annotations

import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sleuth.words import feedback as fb

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
SHOTS = Path(__file__).resolve().parents[2] / "bench" / "results" / "web"
LIST = "wordle-original"

pytestmark = [
    pytest.mark.processes,
    pytest.mark.skipif(not (CHROMIUM.exists() and DRIVER.exists()),
                       reason="Chromium is not installed (apt-get install chromium "
                              "chromium-driver): the browser tests need it"),
]


@pytest.fixture(scope="module")
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


@pytest.fixture(scope="module")
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


def wait_for(condition, seconds: float = 60.0):
    """Poll ``condition`` until it returns something true; that value."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, "the page did not get there in time"
        time.sleep(0.1)


def test_a_hint_session_by_clicking_tiles_finds_the_answer(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    secret = "spilt"
    browser.get(server + "/")
    wait_for(lambda: browser.find_element(By.ID, "remaining").text.isdigit())
    Select(browser.find_element(By.ID, "list")).select_by_value(LIST)
    wait_for(lambda: browser.find_element(By.ID, "remaining").text == "2315")
    typed = browser.find_element(By.ID, "word")
    typed.send_keys("crane")
    played = 0
    while browser.find_element(By.ID, "remaining-label").text != "solved":
        if played:  # after the first guess, pick the top suggestion
            browser.find_element(By.CSS_SELECTOR, "#suggestions button.pick").click()
        word = typed.get_attribute("value")
        for index, mark in enumerate(fb.digits(fb.reference_code(word, secret), 5)):
            for _ in range(mark):
                browser.find_elements(By.CSS_SELECTOR, "#pending .tile")[index].click()
        browser.find_element(By.ID, "enter").click()
        played += 1
        wait_for(lambda n=played: len(browser.find_elements(By.CSS_SELECTOR, "#board .row")) == n)
        assert browser.find_element(By.ID, "message").text == ""
        assert played <= 6
        if played == 2:
            SHOTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(SHOTS / "hint.png"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#board .row")
    assert rows[-1].text.replace("\n", "").lower() == secret
    assert "green" in browser.find_element(By.CSS_SELECTOR, '.key[data-letter="s"]').get_attribute(
        "class")


def test_a_contradiction_shows_a_message_and_undo_takes_it_back(server: str, browser) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    wait_for(lambda: browser.find_element(By.ID, "remaining").text.isdigit())
    for word, clicks in (("crane", 2), ("cramp", 0)):
        browser.find_element(By.ID, "word").send_keys(word)
        for index in range(4 if clicks else 0):
            for _ in range(clicks):
                browser.find_elements(By.CSS_SELECTOR, "#pending .tile")[index].click()
        browser.find_element(By.ID, "enter").click()
        time.sleep(0.2)
    message = wait_for(lambda: browser.find_element(By.ID, "message").text)
    assert "no answer fits" in message and "Traceback" not in browser.page_source
    browser.find_element(By.ID, "undo").click()
    wait_for(lambda: not browser.find_elements(By.CSS_SELECTOR, "#board .row"))


def test_a_review_shows_each_turn(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server + "/review")
    Select(browser.find_element(By.ID, "list")).select_by_value(LIST)
    browser.find_element(By.ID, "played").send_keys("crane\nmoist\nspilt")
    browser.find_element(By.ID, "answer").send_keys("spilt")
    browser.find_element(By.ID, "review").click()
    rows = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#review-table tbody tr"))
    assert len(rows) == 3
    assert "2315 → 263" in rows[0].text and rows[2].text.endswith("exact")
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "review.png"))
    browser.find_element(By.ID, "answer").clear()
    browser.find_element(By.ID, "answer").send_keys("zzzzz")
    browser.find_element(By.ID, "review").click()
    assert "not in the guess list" in wait_for(lambda: browser.find_element(By.ID, "message").text)
