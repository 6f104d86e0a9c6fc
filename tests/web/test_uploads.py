"""Uploaded word lists through FastAPI's test client: a list becomes a choice of the hint and
review pages (answers = guesses, or answers and allowed guesses), kept as a bounded, expiring
session; every bad upload is answered with a 4xx and a JSON reason."""

from __future__ import annotations

import gc

import pytest
from fastapi.testclient import TestClient

from sleuth.games.wordle.lists import MAX_TEXT_WORDS, lists_from_text, one_length_words
from sleuth.web import uploads, views
from sleuth.web.app import create_app
from sleuth.words import feedback as fb
from sleuth.words.wordlist import common_words

SIX = list(common_words(6, 400))
FIVE = list(common_words(5, 300))


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def uploaded(client: TestClient, answers: list[str], guesses: list[str] | None = None,
             name: str = "mine.txt") -> dict:
    body = {"answers": "\n".join(answers) + "\n", "name": name,
            "guesses": None if guesses is None else "\n".join(guesses)}
    got = client.post(uploads.PATH, json=body)
    assert got.status_code == 201, got.text
    return got.json()


def colours(guess: str, secret: str) -> str:
    return fb.to_text(fb.reference_code(guess, secret), len(guess), "digits")


def test_a_list_of_six_letter_words_gets_hints_as_the_reference_narrows(
        client: TestClient) -> None:
    shown = uploaded(client, SIX)
    assert shown["list"].startswith(uploads.PREFIX) and shown["length"] == 6
    assert shown["answers"] == shown["guesses"] == len(SIX) and "mine.txt" in shown["title"]
    state = client.post("/api/hint", json={"list": shown["list"]}).json()
    assert state["remaining"] == len(SIX) and state["length"] == 6 and state["suggestions"]
    guess, secret = SIX[0], SIX[-1]
    key = state["session"]
    state = client.post(f"/api/hint/{key}/guess",
                        json={"word": guess, "feedback": colours(guess, secret)}).json()
    left = [w for w in SIX if fb.reference_code(guess, w) == fb.reference_code(guess, secret)]
    assert state["remaining"] == len(left) and secret in left
    assert all(s["word"] in SIX for s in state["suggestions"])


def test_answers_and_allowed_guesses_as_two_uploads(client: TestClient) -> None:
    answers, guesses = FIVE[:40], FIVE[40:]
    shown = uploaded(client, answers, guesses)
    assert shown["answers"] == 40 and shown["guesses"] == len(FIVE)
    key = client.post("/api/hint", json={"list": shown["list"]}).json()["session"]
    outside = client.post(f"/api/hint/{key}/guess", json={"word": "zzzzz", "feedback": "00000"})
    assert outside.status_code == 422 and "not in the guess list" in outside.json()["error"]
    only_a_guess = guesses[0]
    state = client.post(f"/api/hint/{key}/guess", json={
        "word": only_a_guess, "feedback": colours(only_a_guess, answers[3])}).json()
    code = fb.reference_code(only_a_guess, answers[3])
    assert state["remaining"] == sum(fb.reference_code(only_a_guess, w) == code for w in answers)


def test_a_review_on_an_upload(client: TestClient) -> None:
    shown = uploaded(client, FIVE)
    got = client.post("/api/review", json={"list": shown["list"], "words": FIVE[:2],
                                           "answer": FIVE[1]})
    assert got.status_code == 200, got.text
    turns = got.json()["turns"]
    assert [t["word"] for t in turns] == FIVE[:2] and turns[0]["before"] == len(FIVE)


def test_an_upload_is_described_again_while_it_lives(client: TestClient) -> None:
    shown = uploaded(client, FIVE[:10])
    key = shown["list"].removeprefix(uploads.PREFIX)
    assert client.get(f"{uploads.PATH}/{key}").json() == shown
    assert client.get(uploads.PATH).json()["max_words"] == MAX_TEXT_WORDS


def test_uploads_are_bounded_sessions_and_gone_with_them() -> None:
    client = TestClient(create_app(sessions=1), raise_server_exceptions=False)
    first = uploaded(client, FIVE[:10])["list"]
    assert views.game_of(first).secret_labels == FIVE[:10]
    uploaded(client, FIVE[10:20])  # the store holds one session: the first is dropped
    gc.collect()
    assert first.removeprefix(uploads.PREFIX) not in uploads._LIVE
    for got in (client.post("/api/hint", json={"list": first}),
                client.post("/api/review", json={"list": first, "words": ["about"]}),
                client.get(f"{uploads.PATH}/{first.removeprefix(uploads.PREFIX)}")):
        assert got.status_code == 404 and "upload it again" in got.json()["error"]


def test_an_uploaded_game_is_not_kept_by_the_shipped_lists_cache(client: TestClient) -> None:
    before = views._shipped_game.cache_info().currsize
    name = uploaded(client, FIVE[:10])["list"]
    game = views.game_of(name)
    assert views.game_of(name) is game and views.game_of(name, True) is not game
    assert views._shipped_game.cache_info().currsize == before
    assert views.guessable(name) == frozenset(FIVE[:10])


LONG = "\n".join(f"{a}{b}{c}{d}" for a in "abcdefghij" for b in "abcdefghij"
                 for c in "abcdefghijklmnopqrstuvwxyz" for d in "abcdefghij")  # 26,000 words


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"answers": "crane\nslate\nmoist1\n"}, 422, "line 3: 'moist1' is not a word of letters a-z"),
    ({"answers": "crane\nslates\n"}, 422, "line 2: 'slates' has 6 letters, the words before"),
    ({"answers": "crâne\n"}, 422, "is not a word of letters a-z"),
    ({"answers": "two words\n"}, 422, "is not a word of letters a-z"),
    ({"answers": "\n \n"}, 422, "the answers list holds no words"),
    ({"answers": ""}, 422, "the answers list holds no words"),
    ({"answers": "a\nb\n"}, 422, "words of length 1; a list's words may have 2 to 15 letters"),
    ({"answers": "crane\n", "guesses": "cranes\n"}, 422, "the guesses have 6 letters"),
    ({"answers": "crane\n", "guesses": "crane\n7\n"}, 422, "the guesses list, line 2"),
    ({"answers": LONG}, 422, f"the answers list holds more than {MAX_TEXT_WORDS:,} words"),
    ({"answers": "crane\n" * 50_000}, 413, "the answers list is over 256 KB"),
    ({"answers": "crane\n", "guesses": "slate\n" * 50_000}, 413, "the guesses list is over 256"),
    ({"guesses": "crane\n"}, 422, "answers: Field required"),
    ({"answers": ["crane"]}, 422, "answers: Input should be a valid string"),
    ({"answers": "crane\n", "name": "x" * 300}, 422, "name:"),
])
def test_a_bad_upload_gets_one_clear_message(client: TestClient, body: dict, status: int,
                                             says: str) -> None:
    got = client.post(uploads.PATH, json=body)
    assert got.status_code == status
    assert says in got.json()["error"] and "Traceback" not in got.text


def test_a_body_over_the_upload_limit_and_broken_json(client: TestClient) -> None:
    huge = client.post(uploads.PATH, content=b"{" + b" " * uploads.MAX_BODY + b"}",
                       headers={"Content-Type": "application/json"})
    assert huge.status_code == 413 and "error" in huge.json()
    broken = client.post(uploads.PATH, content=b'{"answers": "crane',
                         headers={"Content-Type": "application/json"})
    assert broken.status_code == 422 and "error" in broken.json()


@pytest.mark.parametrize("name", ["upload:", "upload:nothing-here", "upload:../../etc/passwd",
                                  "upload:" + "x" * 50])
def test_an_unknown_upload_is_a_404_everywhere(client: TestClient, name: str) -> None:
    for got in (client.post("/api/hint", json={"list": name}),
                client.post("/api/review", json={"list": name, "words": ["crane"]})):
        assert got.status_code == 404 and "upload it again" in got.json()["error"]
    assert client.get(f"{uploads.PATH}/{name.removeprefix(uploads.PREFIX) or 'x'}"
                      ).status_code == 404


def test_the_file_name_only_titles_the_list(client: TestClient) -> None:
    shown = uploaded(client, FIVE[:3], name="../../etc/\x1b[31mpasswd" + "y" * 100)
    assert "\x1b" not in shown["title"] and len(shown["title"]) < 100


def test_the_texts_become_lists_of_one_length() -> None:
    lists = lists_from_text("Crane\r\n\r\nslate\ncrane\n", "trace\nslate\n", "x")
    assert lists.answers == ("crane", "slate") and set(lists.guesses) == {"crane", "slate",
                                                                           "trace"}
    assert one_length_words("\ufeffabc\n", "it") == ("abc",)
    with pytest.raises(ValueError, match="more than 2 words"):
        one_length_words("ab\ncd\nef\n", "it", most=2)
    assert one_length_words("ab\ncd\nab\n", "it", most=2) == ("ab", "cd")
