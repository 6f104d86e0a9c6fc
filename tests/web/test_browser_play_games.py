"""End to end in headless Chromium: Mastermind played to the end in both modes (you find
sleuth's code, fixed by the page's ``?seed=``; sleuth finds yours, with a contradiction undone),
and a Hangman round played to the end. Screenshots: ``mastermind.png``, ``hangman.png``."""

from __future__ import annotations

from browsing import BROWSER, screenshot, wait_for

from sleuth.core.strategies import get
from sleuth.core.tree import LazyTree
from sleuth.games.hangman.difficulty import word_difficulty
from sleuth.games.hangman.play import BUILT_IN, play_words
from sleuth.games.mastermind import mastermind, peg_code, pegs

pytestmark = BROWSER


def turns(browser) -> list:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    return browser.find_elements(By.CSS_SELECTOR, "#board .mm-turn")


def test_finding_sleuths_code_by_clicking_pegs(server: str, browser) -> None:
    from selenium.webdriver.common.by import By

    game = mastermind(6, 4)
    node = LazyTree(game, get("entropy"))  # the test plays the library's own strategy
    browser.get(server + "/play/mastermind?seed=7")
    wait_for(lambda: "still possible" in browser.find_element(By.ID, "status").text)
    for played in range(1, 11):
        for colour in game.guesses[node.guess]:
            browser.find_element(By.CSS_SELECTOR, f'.mm-pick[data-colour="{colour}"]').click()
        browser.find_element(By.ID, "guess").click()
        wait_for(lambda n=played: len(turns(browser)) == n)
        keys = turns(browser)[-1].find_element(By.CSS_SELECTOR, ".mm-keys")
        black, white = int(keys.get_attribute("data-black")), int(keys.get_attribute("data-white"))
        if black == 4:
            break
        node = node.child(peg_code(black, white, 4))
        left = turns(browser)[-1].find_element(By.CSS_SELECTOR, ".mm-left").text
        assert left.startswith(f"{node.candidates.size:,} code")
        assert not browser.find_element(By.ID, "secret-row").find_elements(By.CSS_SELECTOR, "*")
    status = wait_for(lambda: browser.find_element(By.ID, "status").text)
    assert status.startswith("Found in") and black == 4
    shown = [
        int(p.get_attribute("data-colour"))
        for p in browser.find_elements(By.CSS_SELECTOR, "#secret-row .peg")
    ]
    assert shown == game.guesses[node.guess].tolist()
    assert not browser.find_element(By.ID, "play-entry").is_displayed()
    screenshot(browser, "mastermind")


def test_sleuth_finds_your_code_and_a_contradiction_is_undone(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    secret = (2, 4, 0, 5)
    browser.get(server + "/play/mastermind")
    wait_for(lambda: "still possible" in browser.find_element(By.ID, "status").text)
    Select(browser.find_element(By.ID, "mode")).select_by_value("solve")
    wait_for(lambda: browser.find_element(By.ID, "solve-entry").is_displayed())

    def answer(black: int, white: int) -> None:
        for name, value in (("black", black), ("white", white)):
            box = browser.find_element(By.ID, name)
            box.clear()
            box.send_keys(str(value))
        browser.find_element(By.ID, "answer").click()

    def proposal() -> tuple[int, ...]:
        shown = browser.find_elements(By.CSS_SELECTOR, "#proposal .peg")
        return tuple(int(p.get_attribute("data-colour")) for p in shown)

    wait_for(lambda: len(proposal()) == 4)
    answer(*pegs(proposal(), secret))
    wait_for(lambda: len(turns(browser)) == 1)
    answer(3, 1)  # no code gives three black and one white
    message = wait_for(lambda: browser.find_element(By.ID, "message").text)
    assert "no code fits 3 black and 1 white" in message and "Traceback" not in message
    assert "offered" in browser.find_element(By.ID, "undo").get_attribute("class")
    browser.find_element(By.ID, "undo").click()
    wait_for(lambda: not turns(browser))
    assert "1,296 codes of 1,296" in browser.find_element(By.ID, "status").text
    for played in range(1, 11):
        wait_for(lambda: len(proposal()) == 4)
        answer(*pegs(proposal(), secret))
        wait_for(lambda n=played: len(turns(browser)) == n)
        if "found your code" in browser.find_element(By.ID, "status").text:
            break
    rows = turns(browser)
    last = [
        int(p.get_attribute("data-colour")) for p in rows[-1].find_elements(By.CSS_SELECTOR, ".peg")
    ]
    assert last == list(secret) and browser.find_element(By.ID, "answer").get_attribute("disabled")
    assert rows[-1].find_element(By.CSS_SELECTOR, ".mm-left").text == "1 code fits"


def test_a_hangman_round_played_to_the_end(server: str, browser) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server + "/play/hangman?seed=3")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#word .hm-cell"))
    length = len(browser.find_elements(By.CSS_SELECTOR, "#word .hm-cell"))
    assert 5 <= length <= 8 and browser.find_element(By.ID, "word").text == ""
    for count, letter in enumerate("etaoinsrhldcumfpgwybvkxjqz", start=1):
        browser.find_element(By.CSS_SELECTOR, f'.key[data-letter="{letter}"]').click()
        wait_for(lambda c=count: len(browser.find_elements(By.CSS_SELECTOR, ".key:disabled")) >= c)
        if browser.find_element(By.ID, "result").is_displayed():
            break
    title = wait_for(lambda: browser.find_element(By.ID, "result-title").text)
    word = "".join(c.text for c in browser.find_elements(By.CSS_SELECTOR, "#word .hm-cell"))
    assert len(word) == length and word.isalpha() and word in title
    misses = len(browser.find_elements(By.CSS_SELECTOR, ".key.grey"))
    hanged = title.startswith("Hanged")
    assert hanged == (misses == 7)
    shown = browser.find_elements(By.CSS_SELECTOR, "#gallows .hm-part.shown")
    assert len(shown) == (7 if hanged else min(6, misses))  # six parts and the eyes
    difficulty = wait_for(lambda: browser.find_element(By.ID, "difficulty").text)
    rated = word_difficulty(play_words(BUILT_IN, length), word.lower())
    assert difficulty.startswith(f"Difficulty: {rated.band}. ")
    assert (
        f"makes {rated.misses} wrong" in difficulty and "words of the list (built-in)" in difficulty
    )
    screenshot(browser, "hangman")
