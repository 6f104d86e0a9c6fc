"""The play pages' API through FastAPI's test client: Wordle against a kept answer (never sent
before the end), Absurdle against the adversary, both against the plain feedback, and every kind
of bad input answered with a 4xx and a JSON reason."""

from __future__ import annotations

from collections import Counter

import pytest
from fastapi.testclient import TestClient

from sleuth.games.wordle.hardmode import hard_violation
from sleuth.web import views
from sleuth.web.app import create_app
from sleuth.words import feedback as fb

LIST = "wordle-original"
ANSWER = "spilt"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def answers() -> list[str]:
    return list(views.game_of(LIST).secret_labels)


def new(client: TestClient, game: str = "wordle", **body: object) -> dict:
    got = client.post(f"/api/play/{game}", json={"list": LIST, **body})
    assert got.status_code == 201, got.text
    return got.json()


def guess(client: TestClient, state: dict, word: str, game: str = "wordle") -> dict:
    got = client.post(f"/api/play/{game}/{state['session']}/guess", json={"word": word})
    assert got.status_code == 200, got.text
    return got.json()


def refused(got, status: int, *words: str) -> str:
    """The error of a refused request, checked: its status, JSON, and the words it names."""
    assert got.status_code == status, got.text
    error = got.json()["error"]
    assert all(w in error for w in words), error
    return error


def test_a_game_at_a_chosen_number_answers_as_the_plain_feedback(client: TestClient) -> None:
    number = answers().index(ANSWER)
    state = new(client, number=number)
    assert state["turns"] == [] and state["attempts"] == 6 and not state["over"]
    for word in ("crane", "MOIST", "spilt"):
        assert ANSWER not in client.get(f"/api/play/wordle/{state['session']}").text
        state = guess(client, state, word)
        turn = state["turns"][-1]
        assert turn["word"] == word.lower()
        assert turn["marks"] == fb.digits(fb.reference_code(word.lower(), ANSWER), 5)
    assert state["over"] and state["won"] and state["attempts_left"] == 3
    assert state["answer"] == ANSWER and state["number"] == number
    assert state["keyboard"]["s"] == 2 and state["keyboard"]["c"] == 0


def test_the_answer_stays_on_the_server_until_the_game_is_lost(client: TestClient) -> None:
    state = new(client, number=answers().index(ANSWER))
    words = ["crane", "moist", "pudgy", "abbey", "fjord", "vixen"]
    for word in words:
        assert state["answer"] is None and state["number"] is None
        state = guess(client, state, word)
    assert state["over"] and not state["won"] and state["answer"] == ANSWER
    refused(
        client.post(f"/api/play/wordle/{state['session']}/guess", json={"word": ANSWER}),
        409,
        "over",
        ANSWER.upper(),
    )
    assert len(client.get(f"/api/play/wordle/{state['session']}").json()["turns"]) == 6


def test_a_random_game_is_one_of_the_answers(client: TestClient) -> None:
    state = new(client)
    for word in ("crane", "moist", "pudgy", "abbey", "fjord", "vixen"):
        if not state["over"]:
            state = guess(client, state, word)
    assert state["over"] and state["answer"] == answers()[state["number"]]


def test_the_answers_left_are_those_fitting_every_feedback(client: TestClient) -> None:
    state = new(client, number=answers().index(ANSWER))
    for word in ("crane", "moist"):
        state = guess(client, state, word)
    left = client.get(f"/api/play/wordle/{state['session']}/left").json()
    plain = [
        a
        for a in answers()
        if all(fb.reference_code(w, a) == fb.reference_code(w, ANSWER) for w in ("crane", "moist"))
    ]
    assert left["remaining"] == len(plain) and left["answers"] == plain[:100]
    assert left["more"] == max(0, len(plain) - 100)


def test_hard_mode_refuses_a_guess_with_the_rules_reason(client: TestClient) -> None:
    state = new(client, number=answers().index(ANSWER), hard=True)
    state = guess(client, state, "moist")
    code = fb.reference_code("moist", ANSWER)
    error = refused(
        client.post(f"/api/play/wordle/{state['session']}/guess", json={"word": "crane"}),
        422,
        "CRANE is not allowed in",
    )
    why = hard_violation("crane", [("moist", code)])
    assert why is not None and error.endswith(why)
    assert guess(client, state, ANSWER)["won"]


def test_a_won_game_is_reviewed_as_the_review_page_reviews_it(client: TestClient) -> None:
    state = new(client, number=answers().index(ANSWER))
    key = state["session"]
    refused(client.get(f"/api/play/wordle/{key}/review"), 409, "not over")
    for word in ("crane", "moist", "spilt"):
        state = guess(client, state, word)
    mine = client.get(f"/api/play/wordle/{key}/review").json()
    page = client.post(
        "/api/review", json={"list": LIST, "words": ["crane", "moist", "spilt"], "answer": ANSWER}
    ).json()
    assert mine["turns"] == page["turns"] and mine["unplayed"] == 0 and mine["won"]


def test_a_lost_game_is_reviewed_with_the_answer_as_one_more_turn(client: TestClient) -> None:
    state = new(client, number=answers().index(ANSWER))
    words = ["crane", "moist", "pudgy", "abbey", "fjord", "vixen"]
    for word in words:
        state = guess(client, state, word)
    got = client.get(f"/api/play/wordle/{state['session']}/review").json()
    assert [t["word"] for t in got["turns"]] == [*words, ANSWER]
    assert got["guesses"] == 6 and got["unplayed"] == 1 and not got["won"]
    assert got["turns"][-1]["marks"] == [2] * 5 and got["turns"][-1]["after"] == 0


def test_absurdle_keeps_the_largest_class_until_forced_to_all_green(client: TestClient) -> None:
    state = new(client, "absurdle")
    assert state["remaining"] == len(answers()) and state["answer"] is None
    left = answers()
    for word in ("crane", "moist", "pudgy"):
        state = guess(client, state, word, "absurdle")
        turn = state["turns"][-1]
        code = fb.parse(turn["feedback"])
        sizes = Counter(fb.reference_code(word, a) for a in left)
        assert sizes[code] == max(sizes.values()) == turn["left"] == state["remaining"]
        left = [a for a in left if fb.reference_code(word, a) == code]
        assert state["answers"] == left[:100]
    while not state["over"]:  # name the answers left: the last is forced to all green
        state = guess(client, state, state["answers"][0], "absurdle")
    assert state["won"] and state["turns"][-1]["marks"] == [2] * 5
    assert state["answer"] == state["turns"][-1]["word"] and len(state["turns"]) <= 20
    refused(
        client.post(f"/api/play/absurdle/{state['session']}/guess", json={"word": "crane"}),
        409,
        "over",
    )


def test_absurdle_ends_at_its_guess_limit(client: TestClient) -> None:
    state = new(client, "absurdle")
    for _ in range(state["limit"]):
        state = guess(client, state, "fuzzy", "absurdle")
    assert state["over"] and not state["won"] and state["remaining"] > 1
    refused(
        client.post(f"/api/play/absurdle/{state['session']}/guess", json={"word": "crane"}),
        409,
        "over",
    )


def test_absurdle_in_hard_mode_refuses_with_the_rules_reason(client: TestClient) -> None:
    state = new(client, "absurdle", hard=True)
    for word in ("crane", "moist"):
        state = guess(client, state, word, "absurdle")
    history = [(t["word"], fb.parse(t["feedback"])) for t in state["turns"]]
    banned = next(
        w for w in ("pudgy", "fjord", "vixen", "abbey") if hard_violation(w, history) is not None
    )
    error = refused(
        client.post(f"/api/play/absurdle/{state['session']}/guess", json={"word": banned}),
        422,
        f"{banned.upper()} is not allowed in",
    )
    assert error.endswith(str(hard_violation(banned, history)))


@pytest.mark.parametrize("game", ["wordle", "absurdle"])
@pytest.mark.parametrize(
    ("word", "words"),
    [
        ("zzzzz", ["ZZZZZ", "not in the guess list"]),
        ("cran", ["CRAN", "not a word of 5"]),
        ("cranes", ["CRANES", "not a word of 5"]),
        ("cr4ne", ["not a word of 5"]),
        ("", ["empty"]),
        ("x" * 65, ["word"]),
    ],
)
def test_a_word_it_cannot_play_is_refused_and_costs_nothing(
    client: TestClient, game: str, word: str, words: list[str]
) -> None:
    state = new(client, game, number=0) if game == "wordle" else new(client, game)
    key = state["session"]
    refused(client.post(f"/api/play/{game}/{key}/guess", json={"word": word}), 422, *words)
    assert client.get(f"/api/play/{game}/{key}").json()["turns"] == []


@pytest.mark.parametrize("game", ["wordle", "absurdle"])
def test_bad_requests_get_a_reason(client: TestClient, game: str) -> None:
    refused(client.post(f"/api/play/{game}", json={"list": "nope"}), 422, "unknown list")
    refused(client.post(f"/api/play/{game}", json={"list": 5}), 422, "list")
    key = new(client, game)["session"]
    other = new(client, "absurdle" if game == "wordle" else "wordle")["session"]
    for path in ("", "/guess", "/left", "/review"):
        if game == "absurdle" and path in ("/left", "/review"):
            continue
        for unknown in ("nope", other):
            url = f"/api/play/{game}/{unknown}{path}"
            got = client.post(url, json={"word": "crane"}) if path == "/guess" else client.get(url)
            refused(got, 404, "no such session")
    refused(client.post(f"/api/play/{game}/{key}/guess", json={}), 422, "word")
    refused(client.post(f"/api/play/{game}/{key}/guess", content=b"{"), 422)


@pytest.mark.parametrize(
    ("number", "words"),
    [
        (-1, ["game number -1", "from 0 to 2314"]),
        (2315, ["game number 2315", "2314"]),
        (10**30, ["from 0 to 2314"]),
        ("five", ["number"]),
        (1.5, ["number"]),
    ],
)
def test_a_bad_game_number_is_refused(client: TestClient, number: object, words: list[str]) -> None:
    refused(client.post("/api/play/wordle", json={"list": LIST, "number": number}), 422, *words)


def test_the_pages_load_their_script(client: TestClient) -> None:
    for page in ("wordle", "absurdle"):
        got = client.get(f"/play/{page}")
        assert got.status_code == 200 and "play_wordle.js" in got.text
        assert f'data-game="{page}"' in got.text and LIST in got.text
    assert client.get("/static/play_wordle.js").status_code == 200
