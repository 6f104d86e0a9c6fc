"""The Lingo pit results page through FastAPI's test client: a results file written by a real
pit shown with the pit's own figures, and every kind of bad file answered with one 4xx JSON
reason; the library's parts the page and the command share."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from lingo_players import HONEST, WORDS_TEXT
from sleuth.games.lingo.pit import (
    PitError,
    PitReport,
    game_record,
    games_per_length,
    parse_results,
    pit_header,
    ranks,
    results_of,
    run_pit,
    standings,
)
from sleuth.games.lingo.protocol import GameResult
from sleuth.games.lingo.published import ENTRIES, beside_entries, scaled
from sleuth.web import pit
from sleuth.web.app import MAX_BODY, create_app

WORDS = WORDS_TEXT.split()
LAST = HONEST.replace("guess = candidates[0]", "guess = candidates[-1]")  # a weaker player


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def played_pit(folder: Path) -> tuple[Path, PitReport]:
    """A real pit of two small player programs over a few words: its file and its report."""
    (folder / "first.py").write_text(HONEST)
    (folder / "last.py").write_text(LAST)
    players = [f"{sys.executable} {folder / name}" for name in ("first.py", "last.py")]
    out = folder / "pit.jsonl"
    report = run_pit(players, WORDS, lengths=[4, 5], per_length=3, seed=7, out=out, jobs=2)
    return out, report


def line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record) + "\n").encode()


def written(games: list[tuple[str, str, int]], players: list[str]) -> bytes:
    """A results file as the pit writes it (its header and game records, from the pit's own
    functions) of games (player, word, score)."""
    header = pit_header(1, [4, 5], 2, WORDS, players)
    records = [game_record(player, GameResult(word, len(word), score, 6 - score // 100,
                                              solved=score > 0, seconds=0.1))
               for player, word, score in games]
    return b"".join(line(record) for record in [header, *records])


GAMES = [("a", "able", 300), ("b", "able", 200), ("a", "acid", 400), ("b", "acid", 500),
         ("a", "about", 100), ("b", "about", 0)]


@pytest.mark.processes
def test_a_real_pit_file_shows_the_pit_own_figures(client: TestClient, tmp_path: Path) -> None:
    out, report = played_pit(tmp_path)
    got = client.post(pit.PATH, content=out.read_bytes())
    assert got.status_code == 200, got.text
    shown = got.json()
    assert shown["lengths"] == report.lengths and shown["seed"] == 7 and not shown["torn"]
    assert shown["games"] == [3, 3]
    rows = {row["player"]: row for row in shown["standings"]}
    assert set(rows) == {s.player for s in report.standings}
    for place, s in zip(ranks(report.standings), report.standings, strict=True):
        row = rows[s.player]
        assert row["rank"] == place and row["total"] == s.total and row["games"] == s.games
        assert row["per_length"] == [s.per_length.get(n, 0) for n in report.lengths]
        assert row["means"] == [s.per_length.get(n, 0) / 3 for n in report.lengths]
        assert row["faults"] == s.faults == 0
    assert [row["total"] for row in shown["standings"]] == sorted(
        (s.total for s in report.standings), reverse=True)
    published = {row["name"]: row["total"] for row in shown["beside"] if row["published"]}
    assert published == {f"{name} (2014)": scaled(name, {4: 3, 5: 3}) for name in ENTRIES}


def test_the_page_offers_a_file_input(client: TestClient) -> None:
    page = client.get("/pit")
    assert page.status_code == 200
    assert 'id="pit-file"' in page.text and f'data-max="{pit.MAX_FILE}"' in page.text


def test_figures_are_the_library_standings_of_the_file(client: TestClient) -> None:
    shown = client.post(pit.PATH, content=written(GAMES, ["a", "b"])).json()
    ranked = standings([{"player": p, "length": len(w), "score": s} for p, w, s in GAMES],
                       ["a", "b"])
    assert [(r["player"], r["total"], r["per_length"]) for r in shown["standings"]] == [
        (s.player, s.total, [s.per_length[4], s.per_length[5]]) for s in ranked]
    assert shown["standings"][0]["means"] == [
        ranked[0].per_length[4] / 2, ranked[0].per_length[5] / 1]
    assert shown["games"] == [2, 1]


def test_each_player_mean_counts_its_own_games_in_an_interrupted_file(
        client: TestClient) -> None:
    unfinished = [*GAMES[:4], ("a", "about", 100)]  # b has not played "about" yet
    shown = client.post(pit.PATH, content=written(unfinished, ["a", "b"])).json()
    by_player = {row["player"]: row for row in shown["standings"]}
    assert by_player["a"]["means"] == [350.0, 100.0]
    assert by_player["b"]["means"] == [350.0, None]


def test_a_torn_last_line_is_left_out_and_said(client: TestClient) -> None:
    data = written(GAMES, ["a", "b"])
    shown = client.post(pit.PATH, content=data[:-20]).json()
    assert shown["torn"] is True
    assert sum(row["games"] for row in shown["standings"]) == len(GAMES) - 1


NOT_A_PIT = "choose a results file written by `sleuth lingo pit`"


@pytest.mark.parametrize(("data", "says"), [
    (b"", "the file is empty"),
    (b"  \n\n", "the file is empty"),
    (b"hello world\n", "line 1 is not a pit header"),
    (b"[1, 2, 3]\n", "line 1 is not a pit header"),
    (b'{"type": "game", "player": "a", "length": 4, "word": "able", "score": 3}\n',
     "line 1 is not a pit header"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not UTF-8 text"),
    (b'{"type": "header"}', "it has no header line"),  # no whole line
    (written(GAMES, ["a", "b"]).replace(b'"seed": 1', b'"seed": "one"', 1),
     "line 1: the header's 'seed' is 'one', not a whole number"),
    (written(GAMES, ["a", "b"]) + b"{not json\n", "line 8: not a record"),
    (written(GAMES, ["a", "b"]) + b'{"type": "game", "player": "a"}\n',
     "line 8: the game record has no 'length'"),
])
def test_a_bad_file_gets_one_clear_message(client: TestClient, data: bytes, says: str) -> None:
    got = client.post(pit.PATH, content=data)
    assert got.status_code == 422
    error = got.json()["error"]
    assert says in error and NOT_A_PIT in error and "Traceback" not in error


def test_a_file_without_games_of_its_players_says_so(client: TestClient) -> None:
    for data in (written([], ["a", "b"]), written([("stranger", "able", 500)], ["a", "b"])):
        got = client.post(pit.PATH, content=data)
        assert got.status_code == 422
        assert got.json() == {"error": "the file holds no finished game of its players yet"}


def test_only_the_upload_paths_take_a_body_over_the_limit(client: TestClient) -> None:
    big = written(GAMES * 400, ["a", "b"])
    assert MAX_BODY < len(big) < pit.MAX_FILE
    assert client.post(pit.PATH, content=big).status_code == 200
    for path in ("/api/hint", "/api/review", "/api/pit/x", "/pit"):
        got = client.post(path, content=big, headers={"Content-Type": "application/json"})
        assert got.status_code == 413 and "error" in got.json(), path
    over = client.post(pit.PATH, content=b" " * (pit.MAX_FILE + 1))
    assert over.status_code == 413 and "2048 KB" in over.json()["error"]


def test_a_streamed_body_is_cut_at_the_limit_too(client: TestClient) -> None:
    def chunks():
        for _ in range(pit.MAX_FILE // 65536 + 2):
            yield b"x" * 65536

    got = client.post(pit.PATH, content=chunks())
    assert got.status_code == 413 and "error" in got.json()


def test_results_of_counts_the_header_players_games_by_word() -> None:
    found = parse_results(written([*GAMES, ("stranger", "able", 500), ("a", "acid", 0)],
                                  ["a", "b"]))
    results = results_of(found)
    assert [s.player for s in results.standings] == ["a", "b"]
    assert results.games == games_per_length(r for r in found.records if r["player"] != "stranger")
    assert results.games == {4: 2, 5: 1} and results.standings[0].length_games == {4: 3, 5: 1}
    assert results.standings[0].mean_points() == {4: 700 / 3, 5: 100.0}
    with pytest.raises(PitError, match=r"my\.jsonl is empty"):
        parse_results(b"", "my.jsonl")


def test_beside_entries_puts_players_first_among_equal_totals() -> None:
    games = {4: 100, 5: 100}
    cpp = scaled("C++ minimax", games)
    rows = beside_entries([("x", cpp, 0.5), ("y", cpp + 1, 0.1)], games)
    assert [row.name for row in rows[:3]] == ["y", "x", "C++ minimax (2014)"]
    assert [row.total for row in rows] == sorted((row.total for row in rows), reverse=True)
    assert {row.name: row.seconds for row in rows if row.published}["Java (2014)"] is None
