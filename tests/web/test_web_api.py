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
        "error": "ZZZZZ is not in the guess list"}
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
