"""End to end in a real headless Chromium: a pit's results file opened on ``/pit`` (its table,
ranking and chart), and a word list uploaded on the hint page and hinted on, then chosen again
on the review page. Screenshots: ``bench/results/web/pit.png`` and ``upload.png``."""

from __future__ import annotations

from pathlib import Path

from browsing import BROWSER, screenshot, wait_for
from test_web_pit import played_pit

from sleuth.games.lingo.pit import ranks
from sleuth.web.uploads import PREFIX
from sleuth.words import feedback as fb
from sleuth.words.wordlist import common_words

pytestmark = BROWSER


def test_a_pit_file_shows_its_table_ranking_and_chart(server: str, browser,
                                                       tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    out, report = played_pit(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a pit\n")
    browser.get(server + "/pit")
    chooser = browser.find_element(By.ID, "pit-file")
    chooser.send_keys(str(notes))
    message = wait_for(lambda: browser.find_element(By.ID, "message").text)
    assert "not a results file" in message and "Traceback" not in browser.page_source
    assert not browser.find_element(By.ID, "pit-results").is_displayed()

    chooser.send_keys(str(out))
    wait_for(lambda: browser.find_element(By.ID, "pit-results").is_displayed())
    rows = browser.find_elements(By.CSS_SELECTOR, "#pit-table tbody tr")
    assert len(rows) == len(report.standings) == 2
    for row, standing in zip(rows, report.standings, strict=True):
        cells = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        assert cells[0] == standing.player
        assert cells[1:4] == [str(standing.per_length[4]), str(standing.per_length[5]),
                              str(standing.total)]
    ranking = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#ranking tbody tr")]
    assert ranking[0].startswith(f"{ranks(report.standings)[0]} {report.standings[0].player}")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pit-chart svg polyline")) == 2
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pit-chart svg circle")) == 4
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pit-chart .pit-legend li")) == 2
    beside = browser.find_element(By.ID, "beside").text
    assert "C++ minimax (2014)" in beside
    browser.execute_script("document.getElementById('pit-table').scrollIntoView()")
    screenshot(browser, "pit")


def test_an_uploaded_list_is_hinted_on_and_offered_again(server: str, browser,
                                                         tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    words = list(common_words(5, 300))
    listed = tmp_path / "mine.txt"
    listed.write_text("\n".join(words) + "\n")
    browser.get(server + "/")
    wait_for(lambda: browser.find_element(By.ID, "remaining").text.isdigit())
    browser.find_element(By.CSS_SELECTOR, "#upload summary").click()
    browser.find_element(By.ID, "upload-answers").send_keys(str(listed))
    browser.find_element(By.ID, "upload-send").click()
    wait_for(lambda: browser.find_element(By.ID, "list").get_attribute("value").startswith(PREFIX))
    wait_for(lambda: browser.find_element(By.ID, "remaining").text == str(len(words)))

    guess, secret = words[0], words[-1]
    browser.find_element(By.ID, "word").send_keys(guess)
    code = fb.reference_code(guess, secret)
    for index, mark in enumerate(fb.digits(code, 5)):
        for _ in range(mark):
            browser.find_elements(By.CSS_SELECTOR, "#pending .tile")[index].click()
    browser.find_element(By.ID, "enter").click()
    left = sum(fb.reference_code(guess, w) == code for w in words)
    wait_for(lambda: browser.find_element(By.ID, "remaining").text == str(left))
    assert browser.find_element(By.CSS_SELECTOR, "#board .row").text.replace("\n", "").lower() \
        == guess
    screenshot(browser, "upload")

    browser.get(server + "/review")
    chooser = Select(wait_for(lambda: browser.find_element(By.ID, "list")))
    name = wait_for(lambda: next((o.get_attribute("value") for o in chooser.options
                                  if o.get_attribute("value").startswith(PREFIX)), None))
    chooser.select_by_value(name)
    browser.find_element(By.ID, "played").send_keys(f"{guess}\n{secret}")
    browser.find_element(By.ID, "answer").send_keys(secret)
    browser.find_element(By.ID, "review").click()
    rows = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#review-table tbody tr"))
    assert len(rows) == 2 and f"{len(words)} → {left}" in rows[0].text
