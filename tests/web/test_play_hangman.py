"""The Hangman API through FastAPI's test client: rounds played to the end against the word
revealed, the word kept back until then, its difficulty as the library rates it (or a clear
note past the deadline), and every bad input answered with a 4xx JSON reason."""

from __future__ import annotations

import time
from string import ascii_lowercase

import pytest
from fastapi.testclient import TestClient

from sleuth.games.hangman.difficulty import word_difficulty
from sleuth.games.hangman.play import BUILT_IN, PARTS, play_lists, play_words
from sleuth.web import play_hangman
from sleuth.web.app import create_app

API = "/api/play/hangman"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def new(client: TestClient, **body: object) -> dict:
    got = client.post(API, json=body)
    assert got.status_code == 201, got.text
    return got.json()


def play_out(client: TestClient, key: str, letters: str) -> tuple[dict, list[dict]]:
    """Guess ``letters`` in turn until the round is over: the last state and every state."""
    states = []
    for letter in letters:
        states.append(client.post(f"{API}/{key}/guess", json={"letter": letter}).json())
        if states[-1]["over"]:
            break
    return states[-1], states


def test_a_round_shows_only_what_was_found_until_it_is_over(client: TestClient) -> None:
    state = new(client, list="lingo-official", length=9, lives=6, seed=4)
    assert state["pattern"] == "_" * 9 and state["word"] is None and state["parts"] == 0
    last, states = play_out(client, state["session"], "etaoinshrdlucmfwypvbgkjqxz")
    word = last["word"]
    assert word in play_words("lingo-official", 9) and last["over"]
    for seen in states[:-1]:
        assert seen["word"] is None and seen["difficulty"] is None
        found = {t["letter"] for t in seen["tried"] if t["hit"]}
        assert seen["pattern"] == "".join(c if c in found else "_" for c in word)
        assert seen["misses"] == sum(t["letter"] not in word for t in seen["tried"])
        assert seen["left"] == 6 - seen["misses"]
        assert (seen["parts"] < PARTS) == (seen["misses"] < 6)
    assert all(t["hit"] == (t["letter"] in word) for t in last["tried"])
    won = set(word) <= {t["letter"] for t in last["tried"]}
    assert last["outcome"] == ("won" if won else "lost")
    assert won or (last["misses"] == 7 and last["parts"] == PARTS)


def test_the_difficulty_at_the_end_is_the_librarys_for_that_word(client: TestClient) -> None:
    key = new(client, list="wordle-original", seed=2)["session"]
    last, _ = play_out(client, key, ascii_lowercase)
    rated = word_difficulty(play_words("wordle-original", 5), last["word"], "misses")
    assert last["difficulty"]["band"] == rated.band in ("easy", "medium", "hard")
    assert last["difficulty"]["misses"] == rated.misses and last["difficulty"]["words"] == 2315
    assert last["difficulty"]["letters"] == rated.letters
    assert client.get(f"{API}/{key}").json()["difficulty"] == last["difficulty"]


def test_the_seed_fixes_the_word_and_giving_up_reveals_it(client: TestClient) -> None:
    words = []
    for seed in (8, 8):
        key = new(client, seed=seed)["session"]
        state = client.post(f"{API}/{key}/resign").json()
        assert state["over"] and state["outcome"] == "lost" and state["resigned"]
        assert state["difficulty"]["word"] == state["word"]
        words.append(state["word"])
    assert words[0] == words[1] and 5 <= len(words[0]) <= 8
    assert words[0] in play_words(BUILT_IN, len(words[0]))


def test_with_no_lives_the_first_miss_hangs(client: TestClient) -> None:
    key = new(client, list="wordle-original", seed=3, lives=0)["session"]
    last, states = play_out(client, key, "jqxzvwkfbg")
    first_miss = next(s for s in states if s["misses"])
    assert first_miss is last and last["outcome"] == "lost" and last["parts"] == PARTS


def test_the_lists_offered_are_the_librarys(client: TestClient) -> None:
    offered = client.get(f"{API}/lists").json()
    assert [o["name"] for o in offered] == [p.name for p in play_lists()]
    assert offered[0]["default"] and offered[0]["name"] == BUILT_IN
    wordle = next(o for o in offered if o["name"] == "wordle-original")
    assert wordle["lengths"] == {"5": 2315}
    page = client.get("/play/hangman")
    assert page.status_code == 200 and 'id="gallows"' in page.text
    assert all(f'value="{o["name"]}"' in page.text for o in offered)
    assert "http" not in page.text.split("<body")[1].replace("http://testserver", "").replace(
        "http://www.w3.org", ""
    )  # nothing loaded from elsewhere
    assert "showRound" in client.get("/static/play_hangman.js").text


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"list": "/etc/passwd"}, "unknown list"),
        ({"list": "x" * 65}, "list"),
        ({"list": "wordle-original", "length": 7}, "no words of 7 letters"),
        ({"length": 0}, "length"),
        ({"length": 65}, "length"),
        ({"length": 3}, "no words of 3 letters"),
        ({"lives": -1}, "lives"),
        ({"lives": 13}, "lives"),
        ({"lives": "six"}, "lives"),
        ({"seed": -5}, "seed"),
    ],
)
def test_bad_new_rounds_get_a_reason(client: TestClient, body: dict, says: str) -> None:
    got = client.post(API, json=body)
    assert got.status_code == 422 and says in got.json()["error"], got.json()


@pytest.mark.parametrize(
    ("letter", "status", "says"),
    [
        ("ab", 422, "not a letter"),
        ("1", 422, "not a letter"),
        ("", 422, "not a letter"),
        ("é", 422, "not a letter"),
        ("abcdefghi", 422, "letter"),
        (5, 422, "letter"),
        ("E", 409, "guessed already"),
    ],
)
def test_bad_letters_get_a_reason_and_change_nothing(
    client: TestClient, letter: object, status: int, says: str
) -> None:
    key = new(client, seed=1)["session"]
    client.post(f"{API}/{key}/guess", json={"letter": "e"})
    got = client.post(f"{API}/{key}/guess", json={"letter": letter})
    assert got.status_code == status and says in got.json()["error"], got.json()
    assert [t["letter"] for t in client.get(f"{API}/{key}").json()["tried"]] == ["e"]


def test_moves_after_the_end_or_without_a_session_are_refused(client: TestClient) -> None:
    key = new(client, seed=1)["session"]
    client.post(f"{API}/{key}/resign")
    late = client.post(f"{API}/{key}/guess", json={"letter": "q"})
    assert late.status_code == 409 and "over" in late.json()["error"]
    assert client.post(f"{API}/{key}/resign").status_code == 409
    assert client.get(f"{API}/no-such-round").status_code == 404
    assert client.post(f"{API}/no-such-round/guess", json={"letter": "a"}).status_code == 404
    pegs = client.post("/api/play/mastermind", json={}).json()["session"]
    assert client.get(f"{API}/{pegs}").status_code == 404  # another page's session
    assert client.post(f"{API}/{key}/guess", json={}).status_code == 422
    broken = client.post(API, content=b"{nope", headers={"content-type": "application/json"})
    assert broken.status_code == 422 and "error" in broken.json()


def test_a_difficulty_past_the_deadline_is_a_note_and_comes_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rate = play_hangman._difficulty

    def slow(hanging: play_hangman.Hanging):  # type: ignore[no-untyped-def]
        time.sleep(0.6)
        return rate(hanging)

    monkeypatch.setattr(play_hangman, "_difficulty", slow)
    hasty = TestClient(create_app(deadline=0.3), raise_server_exceptions=False)
    key = hasty.post(API, json={"list": "wordle-original", "seed": 1}).json()["session"]
    ended = hasty.post(f"{API}/{key}/resign").json()
    assert ended["over"] and ended["word"] and ended["difficulty"] is None
    assert "not worked out in time" in ended["difficulty_note"]
    monkeypatch.setattr(play_hangman, "_difficulty", rate)
    later = hasty.get(f"{API}/{key}").json()
    assert later["difficulty"]["word"] == ended["word"] and "difficulty_note" not in later
