"""The Mastermind API through FastAPI's test client: both modes played to the end against the
library's own figures (pegs, codes left, the strategy's guesses), the hidden code kept back
until the end, contradictions undone, and every bad input answered with a 4xx JSON reason."""

from __future__ import annotations

from itertools import product

import pytest
from fastapi.testclient import TestClient

from sleuth.core.strategies import get
from sleuth.core.tree import LazyTree
from sleuth.games.mastermind import mastermind, pegs
from sleuth.web.app import create_app
from sleuth.web.play_mastermind import PLAYERS

API = "/api/play/mastermind"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def new(client: TestClient, **body: object) -> dict:
    got = client.post(API, json=body)
    assert got.status_code == 201, got.text
    return got.json()


def fitting(colours: int, holes: int, played: list[tuple[tuple[int, ...], int, int]]) -> int:
    """How many codes give every (guess, black, white) seen, by the plain peg count."""
    return sum(
        all(pegs(guess, code) == (black, white) for guess, black, white in played)
        for code in product(range(colours), repeat=holes)
    )


def test_a_hidden_code_answers_as_the_plain_peg_count_and_shows_only_at_the_end(
    client: TestClient,
) -> None:
    state = new(client, seed=11, colours=4, holes=3, max_guesses=3)
    key, played = state["session"], []
    assert state["remaining"] == state["codes"] == 64 and state["secret"] is None
    for guess in ([0, 0, 1], [2, 3, 3], [1, 1, 1]):
        state = client.post(f"{API}/{key}/guess", json={"code": guess}).json()
        turn = state["turns"][-1]
        played.append((tuple(guess), turn["black"], turn["white"]))
        assert turn["code"] == guess and turn["remaining"] == state["remaining"]
        if not state["over"]:
            assert state["secret"] is None
    assert state["over"] and state["guesses_left"] == 0
    secret = tuple(state["secret"])
    assert all(pegs(g, secret) == (b, w) for g, b, w in played)
    assert state["remaining"] == fitting(4, 3, played)
    assert state["outcome"] == ("won" if played[-1][0] == secret else "lost")
    again = client.post(f"{API}/{key}/guess", json={"code": [0, 0, 0]})
    assert again.status_code == 409 and "over" in again.json()["error"]


def test_the_seed_fixes_the_code_and_guessing_it_wins(client: TestClient) -> None:
    codes = []
    for seed in (5, 5, 6):
        key = new(client, seed=seed)["session"]
        codes.append(client.post(f"{API}/{key}/resign").json()["secret"])
    assert codes[0] == codes[1] and len(codes[0]) == 4
    key = new(client, seed=5)["session"]
    state = client.post(f"{API}/{key}/guess", json={"code": codes[0]}).json()
    assert state["outcome"] == "won" and state["turns"][-1]["black"] == 4
    assert state["secret"] == codes[0] and state["remaining"] == 1


def test_sleuth_solves_a_code_as_its_strategy_does_and_counts_what_is_left(
    client: TestClient,
) -> None:
    secret = (4, 0, 3, 3)
    state = new(client, mode="solve", colours=6, holes=4)
    key, played = state["session"], []
    assert state["strategy"] == "entropy" and state["auto"] is False and state["secret"] is None
    while not state["over"]:
        guess = tuple(state["proposal"]["code"])
        black, white = pegs(guess, secret)
        played.append((guess, black, white))
        state = client.post(f"{API}/{key}/answer", json={"black": black, "white": white}).json()
        assert state["remaining"] == fitting(6, 4, played)
    game = mastermind(6, 4)
    path = LazyTree(game, get("entropy")).against(game.guess_index("5144"))
    assert [game.guess_labels[g] for g, _ in path.position.history] == [
        t["label"] for t in state["turns"]
    ]
    assert state["outcome"] == "won" and state["turns"][-1]["code"] == list(secret)
    assert state["left"] == ["5144"] and state["proposal"] is None


def test_a_code_given_is_scored_by_sleuth_itself(client: TestClient) -> None:
    state = new(client, mode="solve", colours=5, holes=3, secret="5 1 4", strategy="minimax")
    key = state["session"]
    assert state["auto"] is True and state["secret"] == [4, 0, 3]
    while not state["over"]:
        state = client.post(f"{API}/{key}/score").json()
    assert state["outcome"] == "won" and state["turns"][-1]["label"] == "514"
    assert all(pegs(t["code"], (4, 0, 3)) == (t["black"], t["white"]) for t in state["turns"])


@pytest.mark.parametrize("strategy", PLAYERS)
def test_every_strategy_on_offer_finishes_a_game(client: TestClient, strategy: str) -> None:
    key = new(client, mode="solve", colours=3, holes=2, strategy=strategy, secret="32")["session"]
    for _ in range(10):
        state = client.post(f"{API}/{key}/score").json()
        if state["over"]:
            break
    assert state["outcome"] == "won" and state["strategy"] == strategy


def test_running_out_of_guesses_in_a_solve_game_lists_the_codes_left(client: TestClient) -> None:
    key = new(client, mode="solve", colours=6, holes=4, max_guesses=1)["session"]
    state = client.post(f"{API}/{key}/answer", json={"black": 0, "white": 1}).json()
    assert state["over"] and state["outcome"] == "lost" and state["proposal"] is None
    assert state["left"] is None and state["remaining"] > 24  # too many to list
    late = client.post(f"{API}/{key}/answer", json={"black": 0, "white": 0})
    assert late.status_code == 409 and late.json()["undo"] is True


def test_a_contradiction_is_refused_with_undo_offered_and_undo_takes_back(
    client: TestClient,
) -> None:
    key = new(client, mode="solve")["session"]
    first = client.post(f"{API}/{key}/answer", json={"black": 3, "white": 1})
    assert first.status_code == 409 and first.json()["undo"] is False  # nothing to undo yet
    assert "no code fits 3 black and 1 white" in first.json()["error"]
    state = client.post(f"{API}/{key}/answer", json={"black": 0, "white": 0}).json()
    assert state["remaining"] == 16  # 1234 got nothing: codes of 5s and 6s only
    clash = client.post(f"{API}/{key}/answer", json={"black": 0, "white": 4})
    body = clash.json()
    assert clash.status_code == 409 and body["undo"] is True and "undo" in body["error"]
    assert client.get(f"{API}/{key}").json()["turns"] == state["turns"]  # nothing changed
    undone = client.post(f"{API}/{key}/undo").json()
    assert undone["turns"] == [] and undone["remaining"] == 1296
    assert undone["proposal"]["label"] == state["turns"][0]["label"] == "1234"
    assert client.post(f"{API}/{key}/undo").status_code == 409


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"colours": 1}, "colours"),
        ({"colours": 9}, "colours"),
        ({"holes": 1}, "holes"),
        ({"holes": 6}, "holes"),
        ({"holes": "four"}, "holes"),
        ({"max_guesses": 0}, "max_guesses"),
        ({"max_guesses": 21}, "max_guesses"),
        ({"mode": "watch"}, "mode"),
        ({"seed": -1}, "seed"),
        ({"mode": "solve", "strategy": "optimal-mean"}, "unknown strategy"),
        ({"mode": "solve", "strategy": "x" * 41}, "strategy"),
        ({"mode": "play", "secret": "1234"}, "mode solve"),
        ({"mode": "solve", "secret": "1237"}, "not a code of 4 pegs, each a digit 1-6"),
        ({"mode": "solve", "secret": "123"}, "not a code"),
        ({"mode": "solve", "secret": "../etc/passwd"}, "not a code"),
    ],
)
def test_bad_new_games_get_a_reason(client: TestClient, body: dict, says: str) -> None:
    got = client.post(API, json=body)
    assert got.status_code == 422 and says in got.json()["error"], got.json()


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ([0, 1, 2], "4 pegs"),
        ([0, 1, 2, 3, 4], "4 pegs"),
        ([0, 1, 2, 6], "one of the 6 colours"),
        ([0, 1, 2, -1], "one of the 6 colours"),
        (["red", 1, 2, 3], "code"),
        ("1234", "code"),
        ([0] * 7, "code"),
    ],
)
def test_bad_guesses_get_a_reason_and_change_nothing(
    client: TestClient, code: object, says: str
) -> None:
    key = new(client, seed=1)["session"]
    got = client.post(f"{API}/{key}/guess", json={"code": code})
    assert got.status_code == 422 and says in got.json()["error"], got.json()
    assert client.get(f"{API}/{key}").json()["turns"] == []


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"black": 3, "white": 2}, "more than 4 pegs"),
        ({"black": -1, "white": 0}, "black"),
        ({"black": 0}, "white"),
        ({"black": 9, "white": 0}, "black"),
        ({"black": "two", "white": 0}, "black"),
    ],
)
def test_bad_answers_get_a_reason_and_change_nothing(
    client: TestClient, body: dict, says: str
) -> None:
    key = new(client, mode="solve")["session"]
    got = client.post(f"{API}/{key}/answer", json=body)
    assert got.status_code == 422 and says in got.json()["error"], got.json()
    assert client.get(f"{API}/{key}").json()["turns"] == []


def test_moves_of_the_other_mode_or_no_session_are_refused(client: TestClient) -> None:
    play = new(client)["session"]
    solve = new(client, mode="solve")["session"]
    for path, body in (("answer", {"black": 0, "white": 0}), ("score", None), ("undo", None)):
        got = client.post(f"{API}/{play}/{path}", json=body)
        assert got.status_code == 409 and "other mode" in got.json()["error"]
    for path, body in (("guess", {"code": [0, 0, 0, 0]}), ("resign", None)):
        got = client.post(f"{API}/{solve}/{path}", json=body)
        assert got.status_code == 409 and "other mode" in got.json()["error"]
    unscored = client.post(f"{API}/{solve}/score")
    assert unscored.status_code == 409 and "does not know your code" in unscored.json()["error"]
    assert client.get(f"{API}/no-such-game").status_code == 404
    assert (
        client.post(f"{API}/no-such-game/guess", json={"code": [0, 0, 0, 0]})
        .json()["error"]
        .startswith("no such session")
    )
    hint = client.post("/api/hint", json={"list": "wordle-original"}).json()["session"]
    assert client.get(f"{API}/{hint}").status_code == 404  # another page's session
    client.post(f"{API}/{play}/resign")
    assert client.post(f"{API}/{play}/resign").status_code == 409
    broken = client.post(API, content=b"{nope", headers={"content-type": "application/json"})
    assert broken.status_code == 422 and "error" in broken.json()


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/play/mastermind")
    assert page.status_code == 200 and 'id="palette"' in page.text
    assert all(f'value="{name}"' in page.text for name in PLAYERS)
    script = client.get("/static/play_mastermind.js")
    assert script.status_code == 200 and "showGame" in script.text
    assert "http" not in page.text.split("<body")[1].replace("http://testserver", "").replace(
        "http://www.w3.org", ""
    )  # nothing loaded from elsewhere


def test_the_shared_tree_gives_each_session_its_own_path(client: TestClient) -> None:
    one = new(client, mode="solve")["session"]
    two = new(client, mode="solve")["session"]
    client.post(f"{API}/{one}/answer", json={"black": 0, "white": 0})
    client.post(f"{API}/{two}/answer", json={"black": 1, "white": 0})
    states = [client.get(f"{API}/{k}").json() for k in (one, two)]
    assert [s["turns"][0]["black"] for s in states] == [0, 1]
    assert states[0]["remaining"] != states[1]["remaining"]
    assert [len(s["turns"]) for s in states] == [1, 1]
