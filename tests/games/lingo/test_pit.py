"""The Lingo pit: same words for everyone, faults recorded, JSON lines, resume."""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lingo_players import HONEST, PARRICIDE, SPOILER, escaper, sleeper
from sleuth.core.strategies import STRATEGIES
from sleuth.games.lingo import sandbox
from sleuth.games.lingo.pit import (
    PitError,
    Player,
    builtin_command,
    draw_words,
    games,
    header_player,
    open_results,
    parse_lengths,
    ranks,
    read_results,
    resolve_player,
    run_pit,
    standings,
    words_hash,
)

MakePlayer = Callable[[str, str], list[str]]
NamedPlayer = Callable[[str], list[str]]


def spec(command: list[str]) -> str:
    return shlex.join(command)


def games_of(path: Path) -> list[dict[str, Any]]:
    return games(read_results(path))


def writable(path: Path) -> Path:
    """An empty file any user may write: players may run as a uid of their own."""
    path.write_text("")
    path.chmod(0o666)
    return path


def test_pit_same_words_for_all_and_faults_recorded(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    names = ["honest", "garbage", "crash", "hang", "flood", "one_guess"]
    players = [spec(player(name)) for name in names]
    words = wordlist.read_text().split()
    out = tmp_path / "results.jsonl"
    totals: list[int] = []
    report = run_pit(
        players,
        words,
        lengths=[4],
        per_length=3,
        seed=7,
        jobs=2,
        timeout=1.0,
        out=out,
        on_start=totals.append,
    )
    drawn = draw_words(words, [4], 3, 7)
    games = games_of(out)
    assert report.played == len(games) == 18 and report.skipped == 0 and totals == [18]
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
    out = tmp_path / "pit.jsonl"
    [honest] = finished_pit(player, wordlist, out, ["honest"], lengths=[4, 5], seed=3)
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
    wordlist: Path,
    tmp_path: Path,
) -> None:
    starts = tmp_path / "starts.txt"
    writable(starts)
    counting = make_player(
        "counting", f"open({str(starts)!r}, 'a').write('x\\n')\n" + HONEST
    )
    players = [spec(counting), spec(player("garbage"))]
    words = wordlist.read_text().split()
    settings: dict[str, Any] = {"lengths": [4, 5], "per_length": 4, "seed": 11, "jobs": 2}
    full = tmp_path / "full.jsonl"
    complete = run_pit(players, words, out=full, **settings)
    assert len(starts.read_text().split()) == 8

    lines = full.read_text().splitlines()
    kept = [json.loads(line) for line in lines[1:6]]
    for record in kept:
        record["seconds"] = 99.0  # marks the games that must not be replayed
    partial = tmp_path / "partial.jsonl"
    partial.write_text(
        "\n".join([lines[0], *map(json.dumps, kept)]) + '\n{"type": "game", "pla'
    )  # killed mid-write
    writable(starts)

    resumed = run_pit(players, words, resume=partial, **settings)
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
    [honest] = finished_pit(player, wordlist, out, ["honest"], lengths=[5], per_length=1)
    words = wordlist.read_text().split()
    with pytest.raises(PitError, match="seed"):
        run_pit([honest], words, lengths=[5], per_length=1, seed=2, resume=out)
    with pytest.raises(PitError, match="not found"):
        run_pit([honest], words, lengths=[5], resume=tmp_path / "none.jsonl")


def finished_pit(player: NamedPlayer, wordlist: Path, path: Path, names: list[str],
                 **settings: Any) -> list[str]:
    """A small finished pit of the players ``names`` in ``path`` (by default 2 words of length 4,
    seed 1); their commands."""
    players = [spec(player(name)) for name in names]
    settings = {"lengths": [4], "per_length": 2, "seed": 1, **settings}
    run_pit(players, wordlist.read_text().split(), out=path, **settings)
    return players


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe not text\n", "is not a results file (not UTF-8 text: byte 0)"),
    (b"able\nbook\n", "is not a results file: line 1 is not a pit header"),
    (b"", "is not a results file: it has no header line"),
    ("HEADER\n{oops\nGAME\n", "line 2: not a record of a results file (not a JSON object)"),
    ("HEADER\n[1, 2]\nGAME\n", "line 2: not a record of a results file"),
    ("HEADER\nGAME\nnot json\n", "line 3: not a record"),  # whole, so not torn
    ("HEADER\nGAME\n{\"type\": \"game\", \"player\": \"p\", \"length\": 4}\nGAME\n",
     "line 3: the game record has no 'word'"),
    ("HEADER\n{\"type\": \"game\", \"player\": \"p\", \"length\": \"4\", \"word\": \"able\", "
     "\"score\": 0}\n", "line 2: the game record's 'length' is '4', not a whole number"),
    ('{"type": "header", "game": "lingo"}\nGAME\n', "line 1: the header has no 'seed'"),
    ('{"type": "header", "game": "lingo", "seed": 1, "lengths": [4, true], "per_length": 2, '
     '"words_hash": "x", "players": []}\n', "line 1: the header's 'lengths' is [4, True], not a "
     "list of whole numbers"),
    ("HEADER\n{\"type\": \"note\"}\n", "line 2: a record of unknown type 'note'"),
    ('{"type": "header", "game": "lingo", "seed": 1, "lengths": [4], "per_length": 2, '
     '"words_hash": "x", "players": ["p"], "commands": {"p": "p"}}\n',
     "line 1: the header's 'commands' is {'p': 'p'}"),
], ids=["not-utf8", "word-list", "empty", "bad-json", "not-object", "last-line", "missing-field",
        "bad-type", "bad-header", "bad-lengths", "unknown-type", "bad-commands"])
def test_resume_refuses_a_bad_file_in_one_line_and_leaves_it(
    player: NamedPlayer, wordlist: Path, tmp_path: Path, content: bytes | str, message: str
) -> None:
    good = tmp_path / "good.jsonl"
    players = finished_pit(player, wordlist, good, ["honest"])
    header, game = good.read_text().splitlines()[:2]
    bad = tmp_path / "bad.jsonl"
    data = content.replace("HEADER", header).replace("GAME", game).encode() \
        if isinstance(content, str) else content
    bad.write_bytes(data)
    with pytest.raises(PitError, match=re.escape(message)) as caught:
        run_pit(players, wordlist.read_text().split(), lengths=[4], per_length=2, seed=1,
                resume=bad)
    assert "\n" not in str(caught.value) and str(bad) in str(caught.value)
    assert bad.read_bytes() == data


def test_resume_refuses_a_folder_and_a_missing_file(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    players = [spec(player("honest"))]
    for path, message in [(tmp_path, "is a folder, not a results file"),
                          (tmp_path / "none.jsonl", "results file not found")]:
        with pytest.raises(PitError, match=message):
            run_pit(players, wordlist.read_text().split(), lengths=[4], resume=path)
        with pytest.raises(PitError, match=message):
            read_results(path)


def test_out_is_refused_before_any_game_when_it_exists_or_cannot_be_written(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    earlier = tmp_path / "earlier.jsonl"
    players = finished_pit(player, wordlist, earlier, ["honest"])
    kept = earlier.read_bytes()
    cases = [(earlier, f"{earlier} exists; continue it with --resume {earlier} or choose "
                       "another --out"),
             (tmp_path, "is a folder, not a results file"),
             (tmp_path / "missing" / "r.jsonl", f"there is no folder {tmp_path / 'missing'}"),
             (earlier / "r.jsonl", "cannot create")]
    if Path("/proc/self").is_dir():
        cases.append((Path("/proc/r.jsonl"), "cannot create /proc/r.jsonl"))
    played: list[dict[str, Any]] = []
    for out, message in cases:
        with pytest.raises(PitError, match=re.escape(message)):
            run_pit(players, wordlist.read_text().split(), lengths=[4], per_length=2, seed=1,
                    out=out, on_game=played.append)
    assert played == [] and earlier.read_bytes() == kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["earlier.jsonl", "players", "words.txt"]


def test_a_results_file_in_use_by_another_pit_is_refused(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    out = tmp_path / "shared.jsonl"
    players = finished_pit(player, wordlist, out, ["honest"])
    before = out.read_bytes()
    header = json.loads(before.decode().splitlines()[0])
    journal = open_results(out, header, resume=True)  # as a running pit holds it
    with journal, pytest.raises(PitError, match="in use by another run"):
        run_pit(players, wordlist.read_text().split(), lengths=[4], per_length=2, seed=1,
                resume=out)
    assert out.read_bytes() == before
    report = run_pit(players, wordlist.read_text().split(), lengths=[4], per_length=2, seed=1,
                     resume=out)  # free again once that pit ends
    assert (report.played, report.skipped) == (0, 2)


@pytest.mark.parametrize("torn", ['{"type": "game", "pla', "GAME"], ids=["cut-off", "no-newline"])
def test_a_torn_last_line_is_dropped_on_resume_and_said_once(
    player: NamedPlayer, wordlist: Path, tmp_path: Path, torn: str
) -> None:
    out = tmp_path / "torn.jsonl"
    players = finished_pit(player, wordlist, out, ["honest"])
    header, first, second = out.read_text().splitlines()
    out.write_text(f"{header}\n{first}\n" + torn.replace("GAME", second))
    notes: list[tuple[str, str]] = []
    report = run_pit(players, wordlist.read_text().split(), lengths=[4], per_length=2, seed=1,
                     resume=out, on_note=lambda kind, text: notes.append((kind, text)))
    assert (report.played, report.skipped) == (1, 1)
    lines = out.read_text().split("\n")
    assert lines[-1] == "" and all(json.loads(line) for line in lines[:-1])
    assert len(lines) == 4 and read_results(out).torn is False
    said = f"Dropped the torn last line of {out} (a pit stopped mid-write)"
    assert [note for note in notes if "torn" in note[1]] == [("info", said)]


def test_resume_refuses_another_set_of_players_naming_the_difference(
    player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    out = tmp_path / "two.jsonl"
    honest, garbage = finished_pit(player, wordlist, out, ["honest", "garbage"])
    crash = spec(player("crash"))
    before = out.read_bytes()
    words = wordlist.read_text().split()
    settings: dict[str, Any] = {"lengths": [4], "per_length": 2, "seed": 1, "resume": out}
    with pytest.raises(PitError, match=re.escape(f"players: {garbage!r} in the file, not now")):
        run_pit([honest], words, **settings)
    with pytest.raises(PitError, match=re.escape(f"players: {crash!r} now, not in the file")):
        run_pit([garbage, crash, honest], words, **settings)
    assert out.read_bytes() == before
    report = run_pit([garbage, honest], words, **settings)  # the order they are given in
    assert (report.played, report.skipped) == (0, 4)


def test_the_header_records_how_each_program_player_runs_for_a_resume_from_anywhere(
    player: NamedPlayer, wordlist: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "pit.jsonl"
    honest = player("honest")
    folder = Path(honest[-1]).parent
    monkeypatch.chdir(folder)
    relative = spec([*honest[:-1], Path(honest[-1]).name])  # as typed in the player's folder
    run_pit([relative], wordlist.read_text().split(), lengths=[4], per_length=1, seed=1,
            out=out)
    header = read_results(out).header
    assert header is not None and header["players"] == [relative]
    assert header["commands"] == {relative: honest}  # its paths absolute
    monkeypatch.chdir(tmp_path)  # elsewhere, the relative command finds no script
    resumed = header_player(relative, header)
    assert resumed == Player(relative, tuple(honest))
    assert header_player("entropy", header).builtin
    assert header_player(relative, None).command != tuple(honest)


def test_resume_refuses_another_word_list(player: NamedPlayer, wordlist: Path,
                                          tmp_path: Path) -> None:
    out = tmp_path / "list.jsonl"
    players = finished_pit(player, wordlist, out, ["honest"])
    header = read_results(out).header
    assert header["words_hash"] == words_hash(wordlist.read_text().split())
    other = [*wordlist.read_text().split(), "zany"]
    with pytest.raises(PitError, match="word list: file "):
        run_pit(players, other, lengths=[4], per_length=2, seed=1, resume=out)


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
    expected = [sys.executable, "-m", "sleuth.games.lingo.player", "--strategy", "x"]
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


@pytest.mark.parametrize(("spec", "says"), [
    ("nosuchname", "player program not found or not executable: 'nosuchname'"),
    ("builtin:nosuch", "no built-in player 'nosuch'"),
])
def test_an_unknown_player_names_the_built_in_ones(spec: str, says: str,
                                                   tmp_path: Path) -> None:
    """A player that is neither a program nor a built-in is refused before any game, naming
    every built-in player of the strategies registry and how to write one."""
    with pytest.raises(PitError) as refused:
        resolve_player(spec, tmp_path)
    message = str(refused.value)
    assert says in message and "builtin:NAME" in message and "\n" not in message
    named = message.split("NAME one of ")[1].split(", ")
    assert sorted(named) == sorted(STRATEGIES)


def test_relative_command_runs_in_the_pit_directory(
    make_player: MakePlayer,
    wordlist: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_player("relative", HONEST)
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
        run_pit(players, words, out=out, timeout=30, on_game=interrupt, **settings)
    assert time.monotonic() - start < 10  # the hanging games were stopped, not waited for
    cut = games_of(out)
    assert len(cut) == 1 and cut[0]["reason"] is None

    report = run_pit(players, words, resume=out, timeout=1, **settings)
    assert (report.played, report.skipped) == (3, 1)
    assert len(games_of(out)) == 4
    assert sorted(s.games for s in report.standings) == [2, 2]


ISOLATED = sandbox.default_sandbox().isolated
needs_root = pytest.mark.skipif(
    not ISOLATED, reason="only a pit running as root can give players a uid of their own"
)


def gone(pid: int) -> bool:
    """True once no process ``pid`` runs (a zombie counts as gone); waits up to 3 s."""
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return True
        except (ProcessLookupError, FileNotFoundError):
            return True
        time.sleep(0.05)
    return False


def pit_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "sleuth", "lingo", "pit", *args]


@pytest.mark.parametrize("isolate", [pytest.param(True, marks=needs_root, id="isolated"),
                                     pytest.param(False, id="shared")])
def test_a_player_cannot_spoil_the_lists_of_the_others(
    make_player: MakePlayer,
    player: NamedPlayer,
    wordlist: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    isolate: bool,
) -> None:
    monkeypatch.setattr(sandbox, "_DEFAULT", [sandbox.Sandbox(isolate)])
    honest = spec(player("honest"))
    spoiler = make_player("spoiler", SPOILER) + (["--master"] if isolate else [])
    words = wordlist.read_text().split()
    settings: dict[str, Any] = {"lengths": [4, 5], "per_length": 3, "seed": 9, "jobs": 1}
    alone = tmp_path / "alone.jsonl"
    run_pit([honest], words, out=alone, **settings)
    both = tmp_path / "both.jsonl"
    run_pit([spec(spoiler), honest], words, out=both, **settings)

    def plays(path: Path) -> list[tuple[str, list[str], int]]:
        return sorted((g["word"], g["guesses"], g["score"]) for g in games_of(path)
                      if g["player"] == honest)

    assert plays(both) == plays(alone) and len(plays(alone)) == 6
    assert all(g["reason"] is None for g in games_of(both) if g["player"] == honest)
    tried = [g["guesses"][0] for g in games_of(both) if g["player"] == spec(spoiler)]
    assert tried == ["safe"] * 6 if isolate else tried == ["spoilt"] * 6  # own copy, in shared


@needs_root
def test_a_player_killing_its_parents_does_not_end_the_pit(
    make_player: MakePlayer, player: NamedPlayer, wordlist: Path, tmp_path: Path
) -> None:
    killer, honest = spec(make_player("parricide", PARRICIDE)), spec(player("honest"))
    out = tmp_path / "pit.jsonl"
    done = subprocess.run(
        pit_command("--player", killer, "--player", honest, "--words", str(wordlist),
                    "--lengths", "4,5", "--per-length", "3", "--jobs", "2", "--out", str(out)),
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    games = games_of(out)
    assert sorted(g["player"] for g in games) == sorted([killer] * 6 + [honest] * 6)
    assert all(g["reason"] is None and g["solved"] for g in games)


def test_a_sleeper_left_in_a_new_session_is_killed_after_its_game(
    make_player: MakePlayer, wordlist: Path, tmp_path: Path
) -> None:
    drop = tmp_path / "drop"
    drop.mkdir()
    drop.chmod(0o777)
    pid_file = drop / "sleeper.pid"
    pids: list[int] = []

    def check(record: dict[str, Any]) -> None:
        pids.append(int(pid_file.read_text()))
        pid_file.unlink()
        with pytest.raises(ProcessLookupError):
            os.kill(pids[-1], 0)

    report = run_pit([spec(make_player("escaper", escaper(str(pid_file))))],
                     wordlist.read_text().split(), lengths=[4], per_length=2, jobs=1,
                     out=tmp_path / "o.jsonl", on_game=check)
    assert report.played == 2 and len(set(pids)) == 2
    assert report.standings[0].faults == 0 and report.standings[0].total > 0


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP],
                         ids=lambda number: signal.Signals(number).name)
def test_a_stop_signal_ends_a_running_pit_in_order(
    make_player: MakePlayer, player: NamedPlayer, wordlist: Path, tmp_path: Path, number: int
) -> None:
    drop, temp = tmp_path / "drop", tmp_path / "temp"
    for folder in (drop, temp):
        folder.mkdir()
        folder.chmod(0o777)
    hang, honest = spec(make_player("sleeper", sleeper(str(drop)))), spec(player("honest"))
    out = tmp_path / "pit.jsonl"
    proc = subprocess.Popen(
        pit_command("--player", honest, "--player", hang, "--words", str(wordlist),
                    "--lengths", "4", "--per-length", "4", "--jobs", "2", "--out", str(out)),
        env={**os.environ, "TMPDIR": str(temp)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 30
    while len(list(drop.glob("*.pid"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    pids = [int(path.read_text()) for path in drop.glob("*.pid")]
    start = time.monotonic()
    proc.send_signal(number)
    stdout, stderr = proc.communicate(timeout=20)
    assert time.monotonic() - start < 5
    assert proc.returncode == 128 + number, stderr
    stops = [line for line in stdout.splitlines() if line.startswith("Interrupted")]
    assert stops == [f"Interrupted ({signal.Signals(number).name}). Finished games are in "
                     f"{out}; continue with --resume {out}"]
    assert stdout.endswith(stops[0] + "\n") and stderr == ""
    assert len(pids) >= 2 and all(gone(pid) for pid in pids)
    assert list(temp.iterdir()) == []
    assert all(g["player"] == honest for g in games_of(out))  # the hanging games were not kept


def test_own_player_is_recognised_only_as_this_install() -> None:
    from sleuth.games.lingo.pit import is_own_player

    script = str(Path(sys.executable).parent / "sleuth")
    assert is_own_player([sys.executable, "-m", "sleuth", "lingo", "player"])
    assert is_own_player([sys.executable, "-m", "sleuth.games.lingo.player", "--strategy",
                          "entropy"])
    assert is_own_player([script, "lingo", "player"])
    assert not is_own_player([script, "lingo", "referee"])
    assert not is_own_player([sys.executable, "-c", "import sleuth"])
    assert not is_own_player(["/bin/sh", "-m", "sleuth", "lingo", "player"])
    assert not is_own_player([])


PEEKER = """
import sys
results, report = sys.argv[1], sys.argv[2]
try:
    seen = open(results, "rb").read()
except OSError as error:
    seen = repr(error).encode()
with open(report, "ab") as out:
    out.write(str(len(seen)).encode() + b"\\n")
print("able", flush=True)
sys.stdin.readline()
"""


@needs_root
def test_an_isolated_player_cannot_read_the_results(
    make_player: MakePlayer, player: NamedPlayer, wordlist: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sandbox, "_DEFAULT", [sandbox.Sandbox(True)])
    out = tmp_path / "runs" / "pit.jsonl"
    out.parent.mkdir()
    report = Path(tempfile.mkdtemp()) / "seen.txt"  # a folder any user may write in
    os.chmod(report.parent, 0o777)
    peeker = spec([*make_player("peeker", PEEKER), str(out), str(report)])
    run_pit([spec(player("honest")), peeker], wordlist.read_text().split(), lengths=[4],
            per_length=3, seed=5, jobs=1, out=out)
    assert out.stat().st_size > 0 and len(games_of(out)) == 6
    assert report.read_text().split() == ["0", "0", "0"]  # an empty file where the results are
