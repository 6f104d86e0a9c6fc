"""The web API through FastAPI's test client: a hint session, its figures against the
library's, and every kind of bad input answered with a 4xx and a JSON reason."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from sleuth.web import views
from sleuth.web.app import create_app
from sleuth.words import feedback as fb

LIST = "wordle-original"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def new(client: TestClient, **body: object) -> dict:
    got = client.post("/api/hint", json={"list": LIST, **body})
    assert got.status_code == 201, got.text
    return got.json()


def left_by_reference(played: list[tuple[str, str]]) -> list[str]:
    """The answers fitting every (guess, secret's feedback) by the plain reference kernel."""
    answers = views.game_of(LIST).secret_labels
    return [a for a in answers
            if all(fb.reference_code(w, a) == fb.parse(c) for w, c in played)]


def test_a_session_narrows_the_answers_as_the_reference_does(client: TestClient) -> None:
    state = new(client)
    assert state["remaining"] == 2315 and state["turns"] == []
    key = state["session"]
    played = [("crane", fb.to_text(fb.reference_code("crane", "spilt"), 5, "digits")),
              ("moist", fb.to_text(fb.reference_code("moist", "spilt"), 5, "digits"))]
    for word, colours in played:
        state = client.post(f"/api/hint/{key}/guess",
                            json={"word": word.upper(), "feedback": colours}).json()
    left = left_by_reference(played)
    assert state["remaining"] == len(left) and sorted(state["answers"]) == sorted(left)
    assert [t["word"] for t in state["turns"]] == ["crane", "moist"]
    assert state["keyboard"] == {"c": 0, "r": 0, "a": 0, "n": 0, "e": 0, "m": 0, "o": 0,
                                 "i": 2, "s": 1, "t": 2}
    assert state["suggestions"] and all(s["expected"] <= len(left) for s in state["suggestions"])
    undone = client.post(f"/api/hint/{key}/undo").json()
    assert undone["remaining"] == len(left_by_reference(played[:1]))


def test_the_exact_figure_matches_the_search_when_few_answers_are_left(
        client: TestClient) -> None:
    from sleuth.core.game import Position
    from sleuth.solve.search import optimal_mean

    key = new(client)["session"]
    played = [("crane", "00000"), ("moist", "00212")]
    for word, colours in played:
        state = client.post(f"/api/hint/{key}/guess",
                            json={"word": word, "feedback": colours}).json()
    assert 2 < state["remaining"] <= views.HINT_EXACT
    game = views.game_of(LIST)
    cands = [game.secret_labels.index(w) for w in left_by_reference(played)]
    import numpy as np

    best = optimal_mean(game, Position(np.array(sorted(cands)), cost=2), workers=1,
                        max_guesses=game.max_cost)
    assert state["optimal"]["mean"] == pytest.approx(best.mean)


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"word": "crane", "feedback": "0120"}, 422, "4 marks"),
    ({"word": "crane", "feedback": "01203"}, 422, "colours"),
    ({"word": "zzzzz", "feedback": "00000"}, 422, "not in the guess list"),
    ({"word": "cranes", "feedback": "00000"}, 422, "5 letters"),
    ({"word": "../etc", "feedback": "00000"}, 422, "5 letters"),
    ({"word": "crane"}, 422, "feedback"),
    ({"word": 5, "feedback": "00000"}, 422, "word"),
])
def test_bad_guesses_get_a_reason_and_change_nothing(client: TestClient, body: dict,
                                                     status: int, says: str) -> None:
    key = new(client)["session"]
    got = client.post(f"/api/hint/{key}/guess", json=body)
    assert got.status_code == status and says in got.json()["error"]
    assert client.get(f"/api/hint/{key}").json()["remaining"] == 2315


def test_a_contradiction_is_a_conflict_with_the_undo_offered(client: TestClient) -> None:
    key = new(client)["session"]
    client.post(f"/api/hint/{key}/guess", json={"word": "crane", "feedback": "22220"})
    got = client.post(f"/api/hint/{key}/guess", json={"word": "cramp", "feedback": "00000"})
    assert got.status_code == 409 and got.json()["undo"] is True
    assert "no answer fits" in got.json()["error"]
    assert client.post(f"/api/hint/{key}/undo").json()["turns"] == []
    assert client.post(f"/api/hint/{key}/undo").status_code == 409


def test_hard_mode_refuses_a_guess_that_drops_a_green(client: TestClient) -> None:
    key = new(client, hard=True)["session"]
    client.post(f"/api/hint/{key}/guess", json={"word": "crane", "feedback": "20000"})
    got = client.post(f"/api/hint/{key}/guess", json={"word": "moist", "feedback": "00000"})
    assert got.status_code == 422 and "1st letter must be C" in got.json()["error"]
    off = client.post(f"/api/hint/{key}/hard", json={"on": False}).json()
    assert off["hard"] is False


def test_bad_requests_are_answered_in_json(client: TestClient) -> None:
    unknown = client.post("/api/hint", json={"list": "/etc/passwd"})
    assert unknown.status_code == 422 and "unknown list" in unknown.json()["error"]
    big = client.post("/api/hint", content=b"{" + b" " * 20_000 + b"}",
                      headers={"content-type": "application/json"})
    assert big.status_code == 413 and "error" in big.json()
    broken = client.post("/api/hint", content=b"{nope",
                         headers={"content-type": "application/json"})
    assert broken.status_code == 422 and "error" in broken.json()
    assert client.get("/api/hint/no-such-session").status_code == 404
    assert client.post("/api/review", json={"words": ["crane"], "answer": "zzzzz"}).json() == {
        "error": "ZZZZZ is not in the answer list"}
    page = client.get("/no/such/page")
    assert page.status_code == 404 and "Traceback" not in page.text and "<html" in page.text


def test_sessions_are_bounded_and_expire() -> None:
    small = TestClient(create_app(sessions=2, idle=0.0))
    first = small.post("/api/hint", json={"list": LIST}).json()["session"]
    assert small.get(f"/api/hint/{first}").status_code == 404  # idle for longer than 0 s
    crowd = TestClient(create_app(sessions=2))
    keys = [crowd.post("/api/hint", json={"list": LIST}).json()["session"] for _ in range(3)]
    assert [crowd.get(f"/api/hint/{k}").status_code for k in keys] == [404, 200, 200]


def test_a_request_past_its_deadline_gets_503() -> None:
    hasty = TestClient(create_app(deadline=1e-6))
    got = hasty.post("/api/review", json={"list": LIST, "words": ["crane"], "answer": "crane"})
    assert got.status_code == 503 and "longer than" in got.json()["error"]


def test_the_pages_and_their_files_are_served(client: TestClient) -> None:
    for path, text in (("/", 'id="suggestions"'), ("/review", 'id="review-form"'),
                       ("/static/common.js", "api("), ("/static/hint.js", "showHint"),
                       ("/static/sleuth.css", ".tile")):
        got = client.get(path)
        assert got.status_code == 200 and text in got.text
    assert "http" not in client.get("/").text.split("<body")[1].split("common.js")[0].replace(
        "http://testserver", "")  # nothing loaded from elsewhere


def test_the_review_api_gives_the_library_figures(client: TestClient) -> None:
    from sleuth.games.wordle.review import played, review

    got = client.post("/api/review", json={"list": LIST, "words": ["crane", "moist", "spilt"],
                                           "feedback": ["00000", "00212", "22222"]})
    assert got.status_code == 200
    game = views.game_of(LIST)
    expected = review(game, played(game, ["crane", "moist", "spilt"], answer="spilt"))
    assert [(t["before"], t["after"], t["lost"], t["exact"]) for t in got.json()["turns"]] == [
        (t.before, t.after, t.lost, t.exact) for t in expected]


def test_a_pasted_grid_asks_for_its_words_then_replaces_the_game(client: TestClient) -> None:
    key = new(client)["session"]
    client.post(f"/api/hint/{key}/guess", json={"word": "salet", "feedback": "00000"})
    played = [("crane", colours_of("crane", "spilt")), ("moist", colours_of("moist", "spilt"))]
    grid = "Wordle 1,234 3/6*\n\n" + "\n".join(
        fb.to_text(fb.parse(c), 5, "squares").replace("\u2b1c", "\u2b1b") for _, c in played)
    asked = client.post(f"/api/hint/{key}/paste", json={"text": grid})
    assert asked.status_code == 200 and asked.json()["need_words"] is True
    assert [r["marks"] for r in asked.json()["rows"]] == [fb.digits(fb.parse(c), 5)
                                                         for _, c in played]
    assert client.get(f"/api/hint/{key}").json()["turns"][0]["word"] == "salet"  # unchanged
    state = client.post(f"/api/hint/{key}/paste",
                        json={"text": grid, "words": [w.upper() for w, _ in played]}).json()
    assert state["pasted"] == 2 and [t["word"] for t in state["turns"]] == ["crane", "moist"]
    assert sorted(state["answers"]) == sorted(left_by_reference(played))


def colours_of(word: str, secret: str) -> str:
    return fb.to_text(fb.reference_code(word, secret), 5, "digits")


@pytest.mark.parametrize(("text", "status", "says"), [
    ("crane \u2b1b\u2b1b\u2b1b\u2b1b\u2b1b\nzzzzz \u2b1b\u2b1b\u2b1b\u2b1b\u2b1b", 422,
     "row 2: ZZZZZ is not in the guess list"),
    ("crane \u2b1b\u2b1b\u2b1b\u2b1b\nmoist 00000", 422, "row 1 (crane"),
    ("crane 00000\nmoist 00000\nhello", 422, "row 3 (hello): no colours for HELLO"),
    ("crane 22222\nmoist 00000", 409, "row 2 (MOIST"),
    ("crane 00000\ncrane 22222", 409, "row 2 (CRANE \U0001f7e9\U0001f7e9"),
    ("Wordle 1,234 X/6", 422, "no row of colours"),
    ("\n".join(["crane 00000"] * 13), 422, "at most 12"),
])
def test_pasted_rows_are_checked_row_by_row(client: TestClient, text: str, status: int,
                                            says: str) -> None:
    key = new(client)["session"]
    got = client.post(f"/api/hint/{key}/paste", json={"text": text})
    assert got.status_code == status and says in got.json()["error"], got.json()
    assert client.get(f"/api/hint/{key}").json()["remaining"] == 2315


def test_the_split_counts_each_feedback_as_the_reference_does(client: TestClient) -> None:
    key = new(client)["session"]
    played = [("crane", colours_of("crane", "spilt"))]
    client.post(f"/api/hint/{key}/guess", json={"word": "crane", "feedback": played[0][1]})
    split = client.get(f"/api/hint/{key}/split", params={"word": "MOIST"}).json()
    left = left_by_reference(played)
    sizes: dict[str, int] = {}
    for answer in left:
        code = colours_of("moist", answer)
        sizes[code] = sizes.get(code, 0) + 1
    shown = {c["feedback"]: c["size"] for c in split["classes"]}
    assert split["remaining"] == len(left) and split["count"] == len(sizes)
    assert all(sizes[code] == size for code, size in shown.items())
    assert len(shown) == min(len(sizes), views.SPLIT_BARS)
    assert all(size <= min(shown.values()) for code, size in sizes.items() if code not in shown)
    assert [c["size"] for c in split["classes"]] == sorted(shown.values(), reverse=True)
    assert split["more_answers"] + sum(shown.values()) == len(left)
    assert split["worst"] == max(sizes.values())
    assert all(colours_of("moist", w) == c["feedback"] for c in split["classes"]
               for w in c["answers"])
    bad = client.get(f"/api/hint/{key}/split", params={"word": "zzzzz"})
    assert bad.status_code == 422 and "not in the guess list" in bad.json()["error"]
    assert client.get(f"/api/hint/{key}/split").status_code == 422


def test_the_answers_left_come_likeliest_first(client: TestClient) -> None:
    import wordfreq

    state = new(client)
    likely = state["likely"]
    assert len(likely) == views.SHOW_ANSWERS and state["likely_by"] == "word frequency"
    chances = [a["chance"] for a in likely]
    assert chances == sorted(chances, reverse=True) and 0 < sum(chances) <= 1
    first, last = likely[0]["word"], likely[-1]["word"]
    assert wordfreq.word_frequency(first, "en") > wordfreq.word_frequency(last, "en")
    key = state["session"]
    played = [("crane", colours_of("crane", "spilt")), ("moist", colours_of("moist", "spilt"))]
    for word, colours in played:
        state = client.post(f"/api/hint/{key}/guess",
                            json={"word": word, "feedback": colours}).json()
    assert sorted(a["word"] for a in state["likely"]) == sorted(left_by_reference(played))
    assert sum(a["chance"] for a in state["likely"]) == pytest.approx(1)


def test_every_session_on_a_list_opens_from_one_shared_report(client: TestClient) -> None:
    views.warm([LIST])
    memo = views.shared_of(LIST).suggestions
    seen = len(memo)
    first, second = new(client), new(client, hard=True)
    assert len(memo) == seen  # both came from the memo the warm-up filled
    assert second["suggestions"] == first["suggestions"] and second["hard"] is True
    assert first["exact"] is None or first["exact"]["first"] == "salet"


def test_the_split_names_a_guess_hard_mode_forbids(client: TestClient) -> None:
    key = new(client, hard=True)["session"]
    client.post(f"/api/hint/{key}/guess", json={"word": "crane", "feedback": "20000"})
    split = client.get(f"/api/hint/{key}/split", params={"word": "moist"}).json()
    assert "1st letter must be C" in split["note"]
    assert client.post(f"/api/hint/{key}/exact").status_code == 409  # not searched in hard mode


@pytest.mark.processes
def test_an_exact_search_runs_in_the_background_and_its_tree_answers_later(
        client: TestClient) -> None:
    import numpy as np

    from sleuth.core.game import Position
    from sleuth.solve.search import optimal_mean

    key = new(client)["session"]
    played = [("crane", "01000")]
    state = client.post(f"/api/hint/{key}/guess", json={"word": "crane", "feedback": "01000"}
                        ).json()
    assert state["optimal"] is None and state["exact"]["answers"] == state["remaining"] > 30
    started = client.post(f"/api/hint/{key}/exact")
    assert started.status_code == 202 and started.json()["state"] == "running"
    job = wait_job(client, key)
    assert job["state"] == "done" and job["done"] == job["total"] > 0
    state = client.get(f"/api/hint/{key}").json()
    game = views.game_of(LIST)
    cands = np.array(sorted(game.secret_labels.index(w) for w in left_by_reference(played)))
    best = optimal_mean(game, Position(cands, cost=1), workers=1, max_guesses=game.max_cost)
    assert state["optimal"]["mean"] == pytest.approx(best.mean) and state["exact"] is None
    assert "optimal tree" in state["optimal"]["source"]
    # a second session on the tree: its next position's figure comes from the tree too
    other = new(client)["session"]
    client.post(f"/api/hint/{other}/guess", json={"word": "crane", "feedback": "01000"})
    word = state["optimal"]["word"]
    largest = client.get(f"/api/hint/{other}/split", params={"word": word}).json()["classes"][0]
    assert largest["size"] > 2
    after = client.post(f"/api/hint/{other}/guess",
                        json={"word": word, "feedback": largest["feedback"]}).json()
    assert after["remaining"] == largest["size"]
    assert "optimal tree" in after["optimal"]["source"]


def wait_job(client: TestClient, key: str, seconds: float = 120.0) -> dict:
    import time

    deadline = time.monotonic() + seconds
    while True:
        job = client.get(f"/api/hint/{key}/exact").json()
        if job["state"] != "running" or time.monotonic() > deadline:
            return job
        time.sleep(0.2)


@pytest.mark.processes
def test_exact_searches_are_bounded_in_number_and_time_and_cancel() -> None:
    from sleuth.web.jobs import Jobs

    app = create_app()
    app.state.jobs = Jobs(live=1, seconds=600.0)  # running until cancelled: no race
    bounded = TestClient(app)
    keys = []
    for colours in ("00000", "00100"):
        key = bounded.post("/api/hint", json={"list": LIST}).json()["session"]
        bounded.post(f"/api/hint/{key}/guess", json={"word": "crane", "feedback": colours})
        keys.append(key)
    assert bounded.post(f"/api/hint/{keys[0]}/exact").status_code == 202
    busy = bounded.post(f"/api/hint/{keys[1]}/exact")
    assert busy.status_code == 429 and "try again" in busy.json()["error"]
    cancelled = bounded.delete(f"/api/hint/{keys[0]}/exact").json()
    assert cancelled["state"] == "cancelled"
    app.state.jobs.seconds = 0.3  # less than a search process takes to start
    assert bounded.post(f"/api/hint/{keys[1]}/exact").status_code == 202
    assert wait_job(bounded, keys[1])["state"] == "ran out"  # within 0.3 s: no search ends
    assert app.state.jobs.running() == 0
