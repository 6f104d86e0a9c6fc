"""The play pages end to end in headless Chromium: a Wordle game at a chosen number played to
the end by typing and by the on-screen keyboard, then reviewed; a few guesses of Absurdle.
Screenshots: ``bench/results/web/play_wordle.png`` and ``absurdle.png``."""

from __future__ import annotations

from browsing import BROWSER, screenshot, wait_for

from sleuth.web import views
from sleuth.words import feedback as fb

LIST = "wordle-original"
ANSWER = "spilt"

pytestmark = BROWSER


def start(browser, server: str, page: str, number: int | None = None) -> None:
    """The page open on ``LIST`` (at game ``number``), the focus off the controls."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(f"{server}/play/{page}")
    wait_for(lambda: browser.find_element(By.ID, "play").get_attribute("data-session"))
    if number is not None:
        browser.find_element(By.ID, "number").send_keys(str(number))
    Select(browser.find_element(By.ID, "list")).select_by_value(LIST)
    wait_for(lambda: browser.find_element(By.ID, "play").get_attribute("data-list") == LIST)
    browser.find_element(By.ID, "board").click()


def type_keys(browser, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).send_keys(*keys).perform()


def click_keys(browser, word: str) -> None:
    from selenium.webdriver.common.by import By

    for letter in word:
        browser.find_element(By.CSS_SELECTOR, f'.key[data-letter="{letter}"]').click()
    browser.find_element(By.ID, "key-enter").click()


def turns(browser) -> int:
    from selenium.webdriver.common.by import By

    return int(browser.find_element(By.ID, "play").get_attribute("data-turns") or 0)


def board_rows(browser) -> list[tuple[str, list[str]]]:
    """Each row of the board: its letters and its tiles' colours."""
    from selenium.webdriver.common.by import By

    rows = []
    for line in browser.find_elements(By.CSS_SELECTOR, "#board .row"):
        tiles = line.find_elements(By.CSS_SELECTOR, ".tile")
        colours = [
            next(
                c
                for c in ("green", "yellow", "grey", "empty")
                if c in t.get_attribute("class").split()
            )
            for t in tiles
        ]
        rows.append(("".join(t.text for t in tiles).lower(), colours))
    return rows


def colours(word: str, answer: str) -> list[str]:
    return [("grey", "yellow", "green")[m] for m in fb.digits(fb.reference_code(word, answer), 5)]


def test_a_wordle_game_played_by_typing_and_clicking(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    start(browser, server, "wordle", list(views.game_of(LIST).secret_labels).index(ANSWER))
    assert len(board_rows(browser)) == 6
    type_keys(browser, "crane", Keys.ENTER)
    wait_for(lambda: turns(browser) == 1)
    assert ANSWER.upper() not in browser.page_source
    type_keys(browser, "qzqzq", Keys.ENTER)  # not a word: refused, and it costs nothing
    message = wait_for(lambda: browser.find_element(By.ID, "message").text)
    assert "QZQZQ is not in the guess list" in message and turns(browser) == 1
    type_keys(browser, *[Keys.BACKSPACE] * 5)
    click_keys(browser, "moist")
    wait_for(lambda: turns(browser) == 2)
    assert browser.find_element(By.ID, "message").text == ""
    browser.find_element(By.ID, "show-left").click()
    left = wait_for(lambda: browser.find_element(By.ID, "remaining").text.isdigit()
                    and browser.find_element(By.ID, "remaining").text)  # "?" until it comes
    assert int(left) == len(browser.find_elements(By.CSS_SELECTOR, "#answers li"))
    assert ANSWER.upper() in browser.find_element(By.ID, "answers").text
    type_keys(browser, "spi")
    click_keys(browser, "lt")
    wait_for(lambda: browser.find_element(By.ID, "end").is_displayed())
    rows = board_rows(browser)
    assert [w for w, _ in rows[:3]] == ["crane", "moist", ANSWER]
    assert [c for _, c in rows[:3]] == [colours(w, ANSWER) for w in ("crane", "moist", ANSWER)]
    assert "Solved in 3/6" in browser.find_element(By.ID, "result").text
    assert ANSWER.upper() in browser.find_element(By.ID, "result").text
    key = browser.find_element(By.CSS_SELECTOR, '.key[data-letter="s"]')
    assert "green" in key.get_attribute("class")
    screenshot(browser, "play_wordle")
    browser.find_element(By.ID, "review").click()
    reviewed = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#review-table tbody tr"))
    assert len(reviewed) == 3 and "2315 → 263" in reviewed[0].text
    assert "Solved in 3" in browser.find_element(By.ID, "summary").text
    assert "Traceback" not in browser.page_source


def test_a_few_guesses_of_absurdle(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    start(browser, server, "absurdle")
    assert browser.find_element(By.ID, "remaining").text == "2315"
    type_keys(browser, "crane", Keys.ENTER)
    wait_for(lambda: turns(browser) == 1)
    assert browser.find_element(By.ID, "remaining").text == "263"
    click_keys(browser, "moist")
    wait_for(lambda: turns(browser) == 2)
    type_keys(browser, "cr", Keys.ENTER)  # too short: refused with the reason
    message = wait_for(lambda: browser.find_element(By.ID, "message").text)
    assert "not a word of 5 letters" in message and turns(browser) == 2
    type_keys(browser, Keys.BACKSPACE, Keys.BACKSPACE, "pudgy", Keys.ENTER)
    wait_for(lambda: turns(browser) == 3)
    browser.find_element(By.ID, "show-left").click()
    remaining = int(browser.find_element(By.ID, "remaining").text)
    shown = browser.find_elements(By.CSS_SELECTOR, "#answers li")
    assert 1 < remaining < 263 and len(shown) == remaining
    counts = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#board .left-count")]
    assert counts[0] == "263 left" and counts[-1] == f"{remaining} left"
    screenshot(browser, "absurdle")
    for word in [e.text.lower() for e in shown]:  # name them: the last is forced to all green
        if browser.find_element(By.ID, "end").is_displayed():
            break
        played = turns(browser)
        type_keys(browser, word, Keys.ENTER)
        wait_for(lambda n=played: turns(browser) == n + 1)
    wait_for(lambda: browser.find_element(By.ID, "end").is_displayed())
    assert "Cornered in" in browser.find_element(By.ID, "result").text
    assert board_rows(browser)[-1][1] == ["green"] * 5
