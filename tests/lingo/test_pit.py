"""The Lingo pit: same words for everyone, faults recorded, JSON lines, resume."""

from __future__ import annotations

import io
import json
import random
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from sleuth.lingo.pit import (
    PitError,
    Player,
    builtin_command,
    draw_words,
    parse_lengths,
    ranks,
    read_results,
    resolve_player,
    run_pit,
    standings,
)

MakePlayer = Callable[[str, str], list[str]]
NamedPlayer = Callable[[str], list[str]]


def quiet() -> Console:
    return Console(file=io.StringIO(), width=200)


def spec(command: list[str]) -> str:
    return shlex.join(command)


def games_of(path: Path) -> list[dict[str, Any]]:
    return read_results(path)[1]


def test_pit_same_words_for_all_and_faults_recorded(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    names = ["honest", "garbage", "crash", "hang", "flood", "one_guess"]
    players = [spec(player(name)) for name in names]
    words = wordlist.read_text().split()
    out = tmp_path / "results.jsonl"
    console = quiet()
    report = run_pit(
        players,
        words,
        lengths=[4],
        per_length=3,
        seed=7,
        jobs=2,
        timeout=1.0,
        out=out,
        console=console,
        progress=True,
    )
    drawn = draw_words(words, [4], 3, 7)
    games = games_of(out)
    assert report.played == len(games) == 18 and report.skipped == 0
    for name in players:
        assert sorted((g["length"], g["word"]) for g in games if g["player"] == name) == sorted(
            (4, w) for w in drawn[4]
        )
    by_name = {s.player: s for s in report.standings}
    faults = {name: by_name[spec].faults for name, spec in zip(names, players, strict=True)}
    assert faults == {
        "honest": 0,
        "garbage": 0,
        "crash": 3,
        "hang": 3,
        "flood": 3,
        "one_guess": 3,
    }
    assert by_name[players[0]].total > 0 and by_name[players[0]] is report.standings[0]
    assert all(by_name[p].total == 0 for p in players[1:])
    reasons = {g["reason"] for g in games if g["player"] == players[3]}
    assert reasons == {"timeout after 1 s waiting for guess 1 (did the player flush stdout?)"}
    assert {g["reason"] for g in games if g["player"] == players[4]} == {"output flood"}


def test_results_file_is_json_lines_with_a_header(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    out = tmp_path / "runs" / "pit.jsonl"
    words = wordlist.read_text().split()
    honest = spec(player("honest"))
    run_pit([honest], words, lengths=[4, 5], per_length=2, seed=3, out=out, console=quiet())
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    header, games = lines[0], lines[1:]
    assert header["type"] == "header" and header["seed"] == 3
    assert header["lengths"] == [4, 5] and header["per_length"] == 2
    assert len(header["words_hash"]) == 16 and header["players"] == [honest]
    assert len(games) == 4
    for game in games:
        assert game["type"] == "game" and game["player"] == honest
        assert set(game) >= {"length", "word", "score", "attempts", "guesses", "feedbacks"}
        assert set(game) >= {"reason", "seconds"}
        assert game["score"] == (100 * (6 - game["attempts"]) if game["solved"] else 0)
        assert game["feedbacks"][-1] == "O" * game["length"]


def test_resume_skips_finished_games_and_completes_totals(
    make_player: MakePlayer,
    player: NamedPlayer,
    honest_source: str,
    wordlist: Path,
    tmp_path: Path,
) -> None:
    starts = tmp_path / "starts.txt"
    counting = make_player(
        "counting", f"open({str(starts)!r}, 'a').write('x\\n')\n" + honest_source
    )
    players = [spec(counting), spec(player("garbage"))]
    words = wordlist.read_text().split()
    settings: dict[str, Any] = {"lengths": [4, 5], "per_length": 4, "seed": 11, "jobs": 2}
    full = tmp_path / "full.jsonl"
    complete = run_pit(players, words, out=full, console=quiet(), **settings)
    assert len(starts.read_text().split()) == 8

    lines = full.read_text().splitlines()
    kept = [json.loads(line) for line in lines[1:6]]
    for record in kept:
        record["seconds"] = 99.0  # marks the games that must not be replayed
    partial = tmp_path / "partial.jsonl"
    partial.write_text(
        "\n".join([lines[0], *map(json.dumps, kept)]) + '\n{"type": "game", "pla'
    )  # killed mid-write
    starts.unlink()

    resumed = run_pit(players, words, resume=partial, console=quiet(), **settings)
    replayed_counting = 8 - sum(record["player"] == players[0] for record in kept)
    assert len(starts.read_text().split()) == replayed_counting
    assert (resumed.played, resumed.skipped) == (11, 5)
    games = games_of(partial)
    keys = [(g["player"], g["length"], g["word"]) for g in games]
    assert len(keys) == len(set(keys)) == 16
    marked = {(g["player"], g["length"], g["word"]) for g in games if g["seconds"] == 99.0}
    assert marked == {(g["player"], g["length"], g["word"]) for g in kept}
    assert [(s.player, s.total, s.games) for s in resumed.standings] == [
        (s.player, s.total, s.games) for s in complete.standings
    ]


def test_resume_refuses_a_file_of_other_settings(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    out = tmp_path / "r.jsonl"
    words = wordlist.read_text().split()
    honest = spec(player("honest"))
    run_pit([honest], words, lengths=[5], per_length=1, seed=1, out=out, console=quiet())
    with pytest.raises(PitError, match="seed"):
        run_pit([honest], words, lengths=[5], per_length=1, seed=2, resume=out, console=quiet())
    with pytest.raises(PitError, match="not found"):
        run_pit([honest], words, lengths=[5], resume=tmp_path / "none.jsonl", console=quiet())


def test_draw_is_seeded_sorted_sample_per_length(wordlist: Path) -> None:
    words = wordlist.read_text().split()
    drawn = draw_words(words, [4, 5, 6], 3, 2014)
    four = sorted(w for w in words if len(w) == 4)
    assert drawn[4] == random.Random(2014).sample(four, 3)
    assert drawn == draw_words(list(reversed(words)), [4, 5, 6], 3, 2014)
    assert set(drawn) == {4, 5} and len(draw_words(words, [5], 100, 1)[5]) == 10


def test_parse_lengths() -> None:
    assert parse_lengths("4-13") == list(range(4, 14))
    assert parse_lengths("5,7, 9") == [5, 7, 9]
    assert parse_lengths("4-5,5,10") == [4, 5, 10]
    for bad in ("", "x", "9-4", "0-3"):
        with pytest.raises(ValueError):
            parse_lengths(bad)


def test_resolve_player_builtin_and_external(tmp_path: Path) -> None:
    assert resolve_player("tournament", tmp_path) == Player(
        "tournament", tuple(builtin_command("tournament")), builtin=True
    )
    expected = [sys.executable, "-m", "sleuth.lingo.player", "--strategy", "x"]
    assert builtin_command("x") == expected
    script = tmp_path / "entry.pl"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    (tmp_path / "lib").mkdir()
    local = resolve_player("./entry.pl", tmp_path)
    assert local.command == (str(script),) and local.name == "./entry.pl"
    perl = resolve_player("sh entry.pl -I lib --flag", tmp_path)
    assert perl.command == ("sh", str(script), "-I", str(tmp_path / "lib"), "--flag")
    with pytest.raises(PitError, match="not found"):
        resolve_player("./missing-player", tmp_path)


def test_relative_command_runs_in_the_pit_directory(
    make_player: MakePlayer,
    honest_source: str,
    wordlist: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_player("relative", honest_source)
    monkeypatch.chdir(tmp_path / "players")
    name = f"{shlex.quote(sys.executable)} relative.py"
    report = run_pit(
        [name], wordlist.read_text().split(), lengths=[4], per_length=2, out=tmp_path / "o.jsonl"
    )
    assert report.standings[0].faults == 0 and report.standings[0].total > 0


def test_standings_and_ranks_share_ties() -> None:
    records = [
        {"player": p, "length": n, "score": s, "seconds": w, "reason": r}
        for p, n, s, w, r in [
            ("a", 4, 300, 0.5, None),
            ("b", 4, 100, 0.25, "crash (exit 1)"),
            ("b", 5, 200, 0.75, None),
            ("c", 5, 0, 0.5, None),
            ("stranger", 4, 500, 9.0, None),
        ]
    ]
    ranked = standings(records, ["c", "b", "a"])
    assert [(s.player, s.total, s.faults) for s in ranked] == [
        ("b", 300, 1),
        ("a", 300, 0),
        ("c", 0, 0),
    ]
    assert ranked[0].per_length == {4: 100, 5: 200} and ranked[0].mean_seconds == 0.5
    assert [s.slowest for s in ranked] == [0.75, 0.5, 0.5]  # strangers' games are not counted
    assert ranks(ranked) == [1, 1, 3]


def test_builtin_strategy_plays(wordlist: Path, tmp_path: Path) -> None:
    report = run_pit(
        ["tournament"],
        wordlist.read_text().split(),
        lengths=[4],
        per_length=2,
        out=tmp_path / "b.jsonl",
        timeout=60,
        console=quiet(),
    )
    assert report.standings[0].faults == 0 and report.standings[0].total > 0


class Interrupted(Exception):
    """Stands for Ctrl-C in the middle of a pit."""


def test_interrupted_pit_keeps_finished_games_and_resumes(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    players = [spec(player("honest")), spec(player("hang"))]
    words = wordlist.read_text().split()
    out = tmp_path / "cut.jsonl"

    def interrupt(record: dict[str, Any]) -> None:
        raise Interrupted

    settings: dict[str, Any] = {"lengths": [4], "per_length": 2, "seed": 5, "jobs": 2}
    start = time.monotonic()
    with pytest.raises(Interrupted):
        run_pit(players, words, out=out, timeout=30, on_game=interrupt, console=quiet(), **settings)
    assert time.monotonic() - start < 10  # the hanging games were stopped, not waited for
    cut = games_of(out)
    assert len(cut) == 1 and cut[0]["reason"] is None

    report = run_pit(players, words, resume=out, timeout=1, console=quiet(), **settings)
    assert (report.played, report.skipped) == (3, 1)
    assert len(games_of(out)) == 4
    assert sorted(s.games for s in report.standings) == [2, 2]
