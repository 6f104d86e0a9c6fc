"""``sleuth lingo referee`` and ``sleuth lingo pit`` driven as a user (or a script) would."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lingo_players import HONEST, WORDS_TEXT
from sleuth.cli.lingo import app

pytestmark = pytest.mark.processes

WORDS = WORDS_TEXT.split()

CRASH = "import sys\nsys.exit(3)\n"
PYTHON = shlex.quote(sys.executable)

runner = CliRunner()


@pytest.fixture
def players(tmp_path: Path) -> Path:
    """A directory holding the player scripts honest.py and crash.py."""
    directory = tmp_path / "players"
    directory.mkdir()
    (directory / "honest.py").write_text(HONEST)
    (directory / "crash.py").write_text(CRASH)
    return directory


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    """A directory laid out like the reference engine's: wordlist.txt and wordlistN.txt."""
    directory = tmp_path / "arena"
    directory.mkdir()
    (directory / "wordlist.txt").write_text("\n".join(WORDS) + "\n")
    for n in (4, 5):
        (directory / f"wordlist{n}.txt").write_text(
            "\n".join(w for w in WORDS if len(w) == n) + "\n"
        )
    return directory


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "mywords.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def last_line_numbers(output: str) -> tuple[int, int]:
    """What a tournament script reads: the two numbers of the last line."""
    total, most = re.findall(r"\d+", output.strip().splitlines()[-1])
    return int(total), int(most)


def test_reference_flags_and_output_format(
    arena: Path, players: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(arena)
    player = f"{PYTHON} {players / 'honest.py'}"
    result = runner.invoke(app, ["referee", "-player", player, "-length", "4", "-word", "book"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "Starting new round, word is book\n"
        "Got:   able\nSent:  X?XX\n"
        "Got:   bird\nSent:  OXXX\n"
        "Got:   bomb\nSent:  OOXX\n"
        "Got:   book\nSent:  OOOO\n"
        "Round won with score 200\n"
        "\n"
        "Total score: 200 / 500\n"
    )


def test_tournament_script_call_infers_the_length(
    arena: Path, players: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(arena)
    player = f"{PYTHON} {players / 'honest.py'}"
    result = runner.invoke(app, ["referee", "-word", "about", f"-player={player}"])
    assert result.exit_code == 0, result.output
    assert "Starting new round, word is about" in result.stdout
    assert last_line_numbers(result.stdout) == (500, 500)


def test_unknown_word(arena: Path, players: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(arena)
    player = f"{PYTHON} {players / 'honest.py'}"
    for args in (["-word", "zzzz"], ["-word", "book", "-length", "5"]):
        result = runner.invoke(app, ["referee", "-player", player, *args])
        assert result.exit_code == 2
        assert result.stdout == "Error: Unknown word\n"


def test_modern_form_runs_in_a_temp_dir_with_relative_player(
    players: Path, word_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(players)  # no word list files here
    args = ["referee", "--player", f"{PYTHON} honest.py", "--words", str(word_file)]
    result = runner.invoke(app, [*args, "--word", "able", "--word", "about", "--timeout", "5"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Starting new round") == 2
    assert result.stdout.count("Round won with score 500") == 2
    assert result.stdout.endswith("\nTotal score: 1000 / 1000\n")
    assert not (players / "wordlist.txt").exists()


def test_random_rounds_are_seeded(
    arena: Path, players: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(arena)
    player = f"{PYTHON} {players / 'honest.py'}"
    args = ["referee", "-player", player, "-length", "4", "-rounds", "3", "--seed", "5"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    rounds = re.findall(r"word is (\w+)", first.stdout)
    assert len(rounds) == 3 and all(len(w) == 4 and w in WORDS for w in rounds)
    assert rounds == re.findall(r"word is (\w+)", second.stdout)
    assert last_line_numbers(first.stdout)[1] == 1500


def test_debug_shows_player_stderr_and_faults_are_reported(
    arena: Path, players: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(arena)
    honest = f"{PYTHON} {players / 'honest.py'}"
    plain = runner.invoke(app, ["referee", "-player", honest, "-word", "able"])
    debug = runner.invoke(app, ["referee", "-player", honest, "-word", "able", "-debug"])
    assert "thinking hard" not in plain.output
    assert "thinking hard" in debug.stderr
    crash = runner.invoke(app, ["referee", "-player", f"{PYTHON} {players / 'crash.py'}"])
    assert crash.exit_code == 0
    assert "Round lost" in crash.stdout and "crash (exit 3)" in crash.stderr
    assert crash.stdout.endswith("\nTotal score: 0 / 500\n")


def test_pit_command_table_file_and_resume(
    players: Path, word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(players)
    out = tmp_path / "pit.jsonl"
    common = ["--words", str(word_file), "--lengths", "4,5", "--per-length", "2", "--jobs", "2"]
    honest, crash = f"{PYTHON} honest.py", f"{PYTHON} crash.py"
    args = ["pit", "--player", honest, "--player", crash, *common, "--timeout", "5"]
    result = runner.invoke(app, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Ranking" in result.output and "honest.py" in result.output
    assert "8 games played" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["type"] == "header" and len(lines) == 9
    assert {line["reason"] for line in lines[1:] if line["player"] == crash} == {"crash (exit 3)"}

    again = runner.invoke(app, [*args, "--resume", str(out)])
    assert again.exit_code == 0, again.output
    assert "0 games played, 8 taken from the resumed file" in again.output
    assert len(out.read_text().splitlines()) == 9


def test_pit_default_out_and_bad_options(
    players: Path, word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    honest = f"{PYTHON} {players / 'honest.py'}"
    common = ["pit", "--player", honest, "--words", str(word_file), "--per-length", "1"]
    result = runner.invoke(app, [*common, "--lengths", "5"])
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "runs").glob("lingo-pit-*.jsonl"))) == 1
    assert runner.invoke(app, [*common, "--lengths", "9-4"]).exit_code == 2
    assert runner.invoke(app, [*common, "--lengths", "20"]).exit_code == 2
    missing = ["pit", "--player", "./nowhere", "--words", str(word_file)]
    assert runner.invoke(app, missing).exit_code == 2


@pytest.mark.parametrize("args", [["pit", "--lengths", "20"], ["pit", "--lengths", "3-5"],
                                  ["prepare", "--lengths", "14"],
                                  ["prepare", "--lengths", "99"],
                                  ["pit", "--lengths", "5,4-99"],
                                  ["prepare", "--lengths", "9" * 5000],
                                  ["evaluate", "--length", "21"]])
def test_lengths_outside_lingo_are_refused_at_once(args: list[str]) -> None:
    """Past 64 letters too (no word list's limit) and past what int() reads at once."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Lingo is played with words of 4 to 13 letters" in lines[0]
    assert "Traceback" not in result.output


def test_an_unknown_player_is_refused_naming_the_built_in_ones(word_file: Path) -> None:
    result = runner.invoke(app, ["pit", "--player", "nosuchname", "--words", str(word_file)])
    assert result.exit_code == 2
    one_line(result.output, "Error: player program not found or not executable: 'nosuchname'; "
             "built-in players: builtin:NAME")
    assert "prepared" in result.output and "green-yellow" in result.output


def test_list_and_words_together_are_refused(word_file: Path) -> None:
    result = runner.invoke(app, ["pit", "--words", str(word_file), "--list", "lingo-official"])
    assert result.exit_code == 2 and "not both" in result.output


def test_an_unknown_list_names_the_lists() -> None:
    result = runner.invoke(app, ["evaluate", "--list", "lingo", "--length", "5"])
    assert result.exit_code == 2 and "lingo-official" in result.output


def test_pit_names_its_list_and_stands_beside_the_2014_entries(
        players: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    player = f"{PYTHON} {players / 'honest.py'}"
    result = runner.invoke(app, ["pit", "--player", player, "--list", "lingo-official",
                                 "--lengths", "12,13", "--per-length", "1", "--out",
                                 str(tmp_path / "r.jsonl")])
    assert result.exit_code == 0, result.output
    assert "Words: lingo-official" in result.output
    assert "C++ minimax (2014)" in result.output
    assert re.search(r"C\+\+ minimax \(2014\)\s*│\s*695\s*│\s*347,500\s*│\s*0\.19", result.output)


@pytest.mark.parametrize(("args", "message"), [
    (["0"], "the word length must be a positive number, not 0"),
    (["--", "-3"], "the word length must be a positive number, not -3"),
    (["7"], "no words of length 7"),
    (["7", "--strategy", "nosuch"], "unknown strategy 'nosuch'; choose one of"),
], ids=["zero", "negative", "no-words", "unknown-strategy-before-the-list"])
def test_player_refuses_bad_input_in_one_error_line(args: list[str], message: str,
                                                    arena: Path) -> None:
    """One ``Error:`` line on stderr, nothing on the protocol's stdout; an unknown strategy is
    refused before the list is read (the arena has no 7-letter words)."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "sleuth", "lingo", "player", *args],
                          cwd=arena, capture_output=True, text=True, timeout=120, input="")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("Error: ") and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def one_line(output: str, message: str) -> None:
    """The output is one line holding ``message``, and no traceback."""
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], output
    assert "Traceback" not in output


def test_pit_resume_alone_finishes_with_the_file_settings(
    players: Path, word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(players)
    full, cut = tmp_path / "full.jsonl", tmp_path / "cut.jsonl"
    honest, crash = f"{PYTHON} honest.py", f"{PYTHON} crash.py"
    args = ["pit", "--player", honest, "--player", crash, "--words", str(word_file),
            "--lengths", "4,5", "--per-length", "2", "--seed", "5", "--timeout", "5"]
    assert runner.invoke(app, [*args, "--out", str(full)]).exit_code == 0
    lines = full.read_text().splitlines()
    cut.write_text("\n".join(lines[:4]) + "\n")  # the header and three games
    monkeypatch.chdir(tmp_path)  # no word list here: the file names its own
    word_file.rename(tmp_path / "moved.txt")
    missing = runner.invoke(app, ["pit", "--resume", str(cut)])
    assert missing.exit_code == 2
    one_line(missing.output, str(word_file))
    (tmp_path / "moved.txt").rename(word_file)
    # still elsewhere: the players run by the commands the file recorded (paths absolute)
    result = runner.invoke(app, ["pit", "--resume", str(cut)])
    assert result.exit_code == 0, result.output
    assert "5 games played, 3 taken from the resumed file" in result.output
    assert f"Words: {word_file}; 2 a length, seed 5" in result.output

    def games(path: Path) -> list[tuple[str, int, str, int]]:
        return sorted((g["player"], g["length"], g["word"], g["score"]) for g in
                      map(json.loads, path.read_text().splitlines()[1:]))

    assert games(cut) == games(full) and len(games(cut)) == 8
    crashed = {g["reason"] for g in map(json.loads, cut.read_text().splitlines()[1:])
               if g["player"] == honest}
    assert crashed == {None}  # honest.py found from here: no game lost to a missing script


@pytest.mark.parametrize(("given", "difference"), [
    (["--seed", "6"], "seed: file 5, now 6"),
    (["--lengths", "4"], "lengths: file [4, 5], now [4]"),
    (["--per-length", "3"], "per_length: file 2, now 3"),
    (["--player", "HONEST"], "players: 'CRASH' in the file, not now"),
    (["--player", "HONEST", "--player", "CRASH", "--player", "tournament"],
     "players: 'tournament' now, not in the file"),
    (["--list", "lingo-official"], "word list: file "),
], ids=["seed", "lengths", "per-length", "fewer-players", "more-players", "list"])
def test_pit_resume_refuses_options_that_differ_from_the_file(
    players: Path, word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    given: list[str], difference: str
) -> None:
    monkeypatch.chdir(players)
    out = tmp_path / "r.jsonl"
    honest, crash = f"{PYTHON} honest.py", f"{PYTHON} crash.py"
    args = ["pit", "--player", honest, "--player", crash, "--words", str(word_file),
            "--lengths", "4,5", "--per-length", "2", "--seed", "5", "--timeout", "5"]
    assert runner.invoke(app, [*args, "--out", str(out)]).exit_code == 0
    before = out.read_bytes()
    given = [{"HONEST": honest, "CRASH": crash}.get(arg, arg) for arg in given]
    difference = difference.replace("CRASH", crash)
    result = runner.invoke(app, ["pit", "--resume", str(out), *given])
    assert result.exit_code == 2
    one_line(result.output, f"{out} was made with other settings: {difference}")
    assert out.read_bytes() == before
    again = runner.invoke(app, ["pit", "--resume", str(out), "--player", crash, "--player",
                                honest, "--seed", "5", "--lengths", "5,4"])
    assert again.exit_code == 0 and "0 games played, 8 taken" in again.output


def test_pit_refuses_bad_results_paths_in_one_line(
    players: Path, word_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "earlier.jsonl"
    common = ["pit", "--player", f"{PYTHON} {players / 'honest.py'}", "--words",
              str(word_file), "--lengths", "4", "--per-length", "1"]
    assert runner.invoke(app, [*common, "--out", str(earlier)]).exit_code == 0
    kept = earlier.read_bytes()
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(kept.replace(b"honest", b"h\xf6nest"))
    torn_header = tmp_path / "header.jsonl"
    torn_header.write_bytes(kept.splitlines()[0] + b"\n" + b'{"type": "game"}\n')
    cases = [
        (["--resume", str(tmp_path)], "is a folder, not a results file"),
        (["--resume", str(latin)], "is not a results file (not UTF-8 text: byte"),
        (["--resume", str(torn_header)], "line 2: the game record has no 'player'"),
        (["--resume", str(word_file)], "line 1 is not a pit header"),
        (["--out", str(tmp_path)], "is a folder, not a results file"),
        (["--out", str(earlier)], f"{earlier} exists; continue it with --resume {earlier} "
                                  "or choose another --out"),
        (["--out", str(tmp_path / "no" / "r.jsonl")], "there is no folder"),
    ]
    if Path("/proc/self").is_dir():
        cases.append((["--out", "/proc/r.jsonl"], "cannot create /proc/r.jsonl"))
    for args, message in cases:
        result = runner.invoke(app, [*common, *args])
        assert result.exit_code == 2, (args, result.output)
        one_line(result.output, message)
    assert earlier.read_bytes() == kept and not (tmp_path / "runs").exists()
