"""End to end in a real headless Chromium (Debian's ``chromium`` and ``chromium-driver``,
driven by Selenium): a whole hint session by clicking tiles, and a review. Each page's
screenshot goes to ``bench/results/web/``."""

from __future__ import annotations

import time

from browsing import BROWSER, screenshot, wait_for

from sleuth.words import feedback as fb

LIST = "wordle-original"

pytestmark = BROWSER


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
    rows = browser.find_elements(By.CSS_SELECTOR, "#board .row")
    assert rows[-1].text.replace("\n", "").lower() == secret
    assert "green" in browser.find_element(By.CSS_SELECTOR, '.key[data-letter="s"]').get_attribute(
        "class")


def test_a_pasted_grid_is_played_and_the_chart_splits_the_answers(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    secret, words = "hobby", ["crane", "moist"]
    browser.get(server + "/")
    wait_for(lambda: browser.find_element(By.ID, "remaining").text.isdigit())
    Select(browser.find_element(By.ID, "list")).select_by_value(LIST)
    wait_for(lambda: browser.find_element(By.ID, "remaining").text == "2315")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#split-chart .split-row"))
    browser.find_element(By.CSS_SELECTOR, "#paste-box summary").click()
    grid = "Wordle 1,234 3/6\n\n" + "\n".join(
        fb.to_text(fb.reference_code(w, secret), 5, "squares") for w in words)
    box = browser.find_element(By.ID, "grid")
    browser.execute_script("arguments[0].value = arguments[1];", box, grid)  # emoji: not typed
    browser.find_element(By.ID, "read-grid").click()
    inputs = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, ".grid-word"))
    assert len(inputs) == 2
    for field, word in zip(inputs, words, strict=True):
        field.send_keys(word)
    browser.find_element(By.ID, "play-grid").click()
    wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#board .row")) == 2)
    left = int(browser.find_element(By.ID, "remaining").text)
    answers = [a.text.lower() for a in browser.find_elements(By.CSS_SELECTOR, "#answers li")]
    assert len(answers) == left and secret in answers
    pick = browser.find_elements(By.CSS_SELECTOR, "#suggestions button.pick")[1]
    chosen = pick.text
    pick.click()
    wait_for(lambda: chosen in browser.find_element(By.ID, "split-title").text)
    counts = wait_for(lambda: [int(c.text) for c in browser.find_elements(
        By.CSS_SELECTOR, "#split-chart .split-count")])
    assert sum(counts) == left and counts == sorted(counts, reverse=True)
    assert browser.find_element(By.ID, "optimal").text.startswith("Optimal:")
    browser.execute_script("arguments[0].scrollIntoView();", browser.find_element(By.ID, "board"))
    screenshot(browser, "hint")


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
    screenshot(browser, "review")
    browser.find_element(By.ID, "answer").clear()
    browser.find_element(By.ID, "answer").send_keys("zzzzz")
    browser.find_element(By.ID, "review").click()
    assert "not in the answer list" in wait_for(lambda: browser.find_element(By.ID, "message").text)
