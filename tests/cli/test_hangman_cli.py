"""``sleuth hangman rate``, ``optimal``, ``play`` and ``solve`` driven as a user would."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers import interrupted_with_workers
from sleuth.cli import plain_warnings
from sleuth.cli.hangman import RATE_SOLVERS, app, gallows
from sleuth.words.wordlist import default_words, raw_frequencies

runner = CliRunner()

KIDS_TEXT = """apple happy zebra puzzle guzzle muzzle nuzzle jumped pizza house mouse horse
jelly fuzzy quick bread lemon tiger water river plant smile dizzy buzz jazz"""
KIDS = KIDS_TEXT.split()


LONG = ["acetylphenylhydrazine", "dacryocystorhinostomy", "superconstitutionally",
        "dichlorodiphenyltrichloroethane"]  # 21, 21, 21 and 31 letters: one of 31


@pytest.fixture
def kids(tmp_path: Path) -> Path:
    path = tmp_path / "kids.txt"
    path.write_text("\n".join(KIDS) + "\nNot a word!\n")
    return path


@pytest.fixture(autouse=True)
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Word list warnings shown as ``sleuth`` shows them (undone after each test)."""
    monkeypatch.setattr(warnings, "showwarning", warnings.showwarning)
    plain_warnings()


def test_rate_writes_csv_and_reads_well(kids: Path, tmp_path: Path) -> None:
    out = tmp_path / "rated.csv"
    result = runner.invoke(app, ["rate", "--words", str(kids), "--top", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    # the bad line is reported on one plain line, the rest is rated
    assert f"warning: {kids}: skipped 1 line that is not a plain word" in result.output
    assert "UserWarning" not in result.output
    for heading in ("4-letter words", "5-letter words", "6-letter words", "Easiest 3",
                    "Hardest 3", "Bands", "Spearman"):
        assert heading in result.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == len(KIDS)
    six = [r for r in rows if r["length"] == "6"]
    assert six[-1]["word"] in {"puzzle", "guzzle", "muzzle", "nuzzle"}
    assert {r["band"] for r in rows} <= {"easy", "medium", "hard"}
    for row in rows:
        wrong = sum(c not in row["word"] for c in row["letters_guessed"])
        assert wrong == int(row["misses"])


def test_rate_json_one_length_with_setter(kids: Path, tmp_path: Path) -> None:
    setter = tmp_path / "past.txt"
    setter.write_text("fuzzy\njazz\ndizzy\n")
    out = tmp_path / "rated.json"
    result = runner.invoke(app, ["rate", "--words", str(kids), "--length", "5", "--solver",
                                 "misses", "--setter", str(setter), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "learned from 3 games" in result.output
    document = json.loads(out.read_text())
    assert document["solver"] == "misses" and document["prior"] == "setter"
    assert [s["length"] for s in document["lengths"]] == [5]
    assert all(len(row["word"]) == 5 for row in document["words"])


@pytest.mark.parametrize(("args", "message"), [
    (["--length", "9"], "no words of length 9"),
    (["--solver", "magic"], "unknown solver"),
    (["--prior", "psychic"], "unknown prior"),
    (["--out", "x.txt"], ".csv or .json"),
])
def test_rate_bad_input_is_explained(kids: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["rate", "--words", str(kids), *args])
    assert result.exit_code == 2 and message in result.output


def test_rate_long_words_and_lengths_of_one_word(tmp_path: Path) -> None:
    """Words past 20 letters used to end in a traceback, a length with a single word in
    'the game is already decided', both with the results of the lengths before them lost."""
    words = tmp_path / "long.txt"
    words.write_text("\n".join(["jump", *KIDS[:6], *LONG]) + "\n")
    for solver in RATE_SOLVERS:
        out = tmp_path / f"{solver}.csv"
        result = runner.invoke(app, ["rate", "--words", str(words), "--solver", solver,
                                     "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert "21-letter words" in result.output and "31-letter words" in result.output
        rows = {row["word"]: row for row in csv.DictReader(out.open())}
        assert len(rows) == 7 + len(LONG)
        assert rows["jump"]["misses"] == rows[LONG[-1]]["misses"] == "0"  # alone: no miss
        assert rows["jump"]["letters_guessed"] == "j"  # a free hit
        for row in rows.values():
            wrong = sum(c not in row["word"] for c in row["letters_guessed"])
            assert wrong == int(row["misses"])


def test_rate_refuses_too_long_words_before_any_work(kids: Path, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text(kids.read_text() + "a" * 63 + "\n")
    out = tmp_path / "rated.csv"
    result = runner.invoke(app, ["rate", "--words", str(words), "--out", str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert result.output.strip().splitlines()[-1] == (
        "Error: words of 63 letters are too long: at most 62 letters can be played here")
    assert "letter words" not in result.output  # nothing was rated


def test_rate_refuses_an_out_file_it_could_not_write(kids: Path, tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "rated.csv"
    result = runner.invoke(app, ["rate", "--words", str(kids), "--out", str(out)])
    assert result.exit_code == 2 and "does not exist" in result.output
    assert "letter words" not in result.output  # said before the work, not after it


def test_rate_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rate", "--words", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "not found" in result.output


def test_optimal_proves_writes_and_replays_its_tree(kids: Path, tmp_path: Path) -> None:
    from sleuth.core import treefile
    from sleuth.core.tree import TreePlayer, evaluate, from_labels
    from sleuth.games.hangman.game import hangman

    out = tmp_path / "six.json.gz"
    result = runner.invoke(app, ["optimal", "--words", str(kids), "--length", "6",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "optimal (proven)" in result.output and "greedy misses" in result.output
    doc = treefile.read(out)
    assert doc["proven"] is True and doc["objective"] == "misses"
    six = [w for w in KIDS if len(w) == 6]
    game = hangman(six, lives=255)
    replayed = evaluate(game, TreePlayer(from_labels(game, doc["tree"])))
    assert int(replayed.cost.sum()) == doc["total"]
    assert f"{doc['total']:,} misses in all" in result.output


def _misses_in_all(output: str) -> str:
    """The optimum's total misses as ``optimal`` prints them ("" if it does not)."""
    found = re.search(r"([\d,]+) misses in all", output)
    return found.group(1) if found else ""


def test_optimal_resumes_and_refuses_another_games_journal(kids: Path, tmp_path: Path) -> None:
    journal = tmp_path / "six.jsonl"
    first = runner.invoke(app, ["optimal", "--words", str(kids), "--length", "6",
                                "--resume", str(journal)])
    again = runner.invoke(app, ["optimal", "--words", str(kids), "--length", "6",
                                "--resume", str(journal)])
    assert first.exit_code == again.exit_code == 0, first.output + again.output
    assert _misses_in_all(first.output) == _misses_in_all(again.output) != ""
    other = runner.invoke(app, ["optimal", "--words", str(kids), "--length", "6", "--lives",
                                "2", "--resume", str(journal)])
    assert other.exit_code == 2 and "other settings" in other.output
    assert len(other.output.strip().splitlines()) <= 3  # the words line, then one error line


def test_optimal_with_lives_wins_most(kids: Path) -> None:
    result = runner.invoke(app, ["optimal", "--words", str(kids), "--length", "5",
                                 "--lives", "1"])
    assert result.exit_code == 0, result.output
    assert "most wins with 1 life," in result.output and "words won" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--length", "9"], "no words of length 9"),
    (["--length", "5", "--out", "tree.png"], "must end in .json"),
    (["--length", "5", "--lives", "-1"], "greater than or equal to 0"),
])
def test_optimal_bad_input_is_explained(kids: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["optimal", "--words", str(kids), *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux's /proc")
@pytest.mark.processes
def test_ctrl_c_stops_the_optimal_search_and_its_workers(tmp_path: Path) -> None:
    """Length 5 of the official list takes hours: Ctrl-C once the 2 workers search."""
    err = interrupted_with_workers(["hangman", "optimal", "--list", "lingo-official",
                                    "--length", "5", "--workers", "2"], tmp_path, settle=1.0)
    assert err.strip().splitlines() == ["Error: interrupted: the search and its workers were "
                                        "stopped"]


def test_play_a_game_to_the_end(kids: Path) -> None:
    keys = "e\ne\nhint\n7\nx\nquick\n"
    result = runner.invoke(app, ["play", "--words", str(kids), "--word", "fuzzy"], input=keys)
    assert result.exit_code == 0, result.output
    assert "You already tried e" in result.output
    assert "the solver would try" in result.output
    assert "Type one letter" in result.output
    assert "The word has" not in result.output and "No, it is not quick" in result.output
    assert "The word was fuzzy" in result.output  # the input ran out: the word is revealed


def test_play_won_and_hanged(kids: Path) -> None:
    won = runner.invoke(app, ["play", "--words", str(kids), "--word", "jazz"],
                        input="j\na\nz\n")
    assert "found with 0 wrong guesses" in won.output
    hanged = runner.invoke(app, ["play", "--words", str(kids), "--word", "jazz", "--lives",
                                 "1"], input="e\no\n")
    assert "Hanged! The word was jazz" in hanged.output
    assert "X" in hanged.output.splitlines()[-6]


def test_play_refuses_a_word_of_another_length(kids: Path) -> None:
    result = runner.invoke(app, ["play", "--word", "crane", "--length", "7"], input="q\n")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Error: --word crane has 5 letters but --length is 7; give one or the other")
    same = runner.invoke(app, ["play", "--words", str(kids), "--word", "fuzzy", "--length",
                               "5"], input="quit\n")
    assert same.exit_code == 0 and "The word was fuzzy" in same.output


def test_gallows_grows_with_misses() -> None:
    drawings = [gallows(m, 6) for m in range(8)]
    assert len(set(drawings)) == 8
    assert "O" not in drawings[0] and "O" in drawings[1] and "X" in drawings[7]
    assert gallows(1, 2).count("|") > gallows(1, 6).count("|")


def test_solve_with_a_contradiction_and_undo(kids: Path) -> None:
    # The word is "happy": no e; 'a' at 9 is unreadable, at 1 fits no word, at 2 is right;
    # the announced word is then taken back once, and confirmed.
    answers = ["none", "2,9", "1", "2", "undo", "2", ""]
    result = runner.invoke(app, ["solve", "--length", "5", "--words", str(kids)],
                           input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "no position 9" in out
    assert "No word of my list fits" in out and "nothing was changed" in out
    assert "Took back your last answer" in out
    assert "Your word is happy" in out


def test_solve_learns_the_setter(kids: Path, tmp_path: Path) -> None:
    setter = tmp_path / "setter.txt"
    answers = ["3,4", "2", ""]  # the word is jazz: z (a free hit), then a
    result = runner.invoke(app, ["solve", "--length", "4", "--words", str(kids), "--setter",
                                 str(setter), "--solver", "misses"],
                           input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Your word is jazz" in result.output
    assert setter.read_text() == "jazz\n"
    again = runner.invoke(app, ["solve", "--length", "4", "--words", str(kids), "--setter",
                                str(setter)], input="quit\n")
    assert "learned from 1 game;" in again.output


@pytest.mark.parametrize(("times", "solver"), [(1, "misses"), (100, "exact")])
def test_the_seeds_setter_makes_solve_open_with_y(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  times: int, solver: str) -> None:
    """Seed 003: against a setter who set JUGFUL, RHYTHM, SYZYGY and ZYTHUM (once each, or a
    hundred times each) the solver does not open with E but with Y."""
    monkeypatch.chdir(tmp_path)  # no ./wordlist.txt: the built-in dictionary
    setter = tmp_path / "setter.txt"
    setter.write_text("jugful\nRHYTHM\nsyzygy\nzythum\n" * times)
    result = runner.invoke(app, ["solve", "--length", "6", "--setter", str(setter), "--solver",
                                 solver], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Where is 'y' in your word?" in result.output
    assert "avoids e" in result.output
    if times > 1:
        assert "learned from 400 games (4 different words)" in result.output


def test_solve_lost_asks_the_word(kids: Path) -> None:
    result = runner.invoke(app, ["solve", "--length", "6", "--words", str(kids), "--lives", "0",
                                 "--solver", "misses"], input="6\n5\n2\n3,4\nnone\npuzzle\n")
    assert "I am hanged: you win" in result.output and "What was your word" in result.output


def test_solve_a_length_with_one_word(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("jump\ncrane\nhouse\nacetylphenylhydrazine\n")
    result = runner.invoke(app, ["solve", "--length", "4", "--words", str(words)],
                           input="1\n\n")
    assert result.exit_code == 0, result.output
    assert "Where is 'j'" in result.output and "Your word is jump! I made 0" in result.output
    long = runner.invoke(app, ["solve", "--length", "21", "--words", str(words)],
                         input="1,17\n\n")
    assert long.exit_code == 0, long.output
    assert "Where is 'a'" in long.output
    assert "Your word is acetylphenylhydrazine! I made 0" in long.output


def test_solve_bad_options() -> None:
    result = runner.invoke(app, ["solve", "--length", "3", "--solver", "guess"])
    assert result.exit_code == 2 and "unknown solver" in result.output


@pytest.mark.processes
def test_registered_under_sleuth() -> None:
    result = subprocess.run([sys.executable, "-m", "sleuth", "hangman", "--help"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0 and "rate" in result.stdout and "solve" in result.stdout


def test_rate_and_play_the_commonest_words(tmp_path: Path) -> None:
    """--list common: the seed's list of words a child knows, the commonest built-in words
    (every word rated is at least as common as every built-in word of its length left out)."""
    out = tmp_path / "common.csv"
    result = runner.invoke(app, ["rate", "--list", "common", "--length", "6", "--solver",
                                 "misses", "--top", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Words: common: the 10,000 commonest words" in result.output.replace("\n", " ")
    rated = {row["word"] for row in csv.DictReader(out.open())}
    others = [w for w in default_words().of_length(6) if w not in rated]
    assert 1000 < len(rated) < 3000 and rated <= set(default_words())
    assert raw_frequencies(sorted(rated)).min() >= raw_frequencies(others).max()
    result = runner.invoke(app, ["play", "--list", "common", "--length", "6", "--seed", "1"],
                           input="quit\n")
    assert result.exit_code == 0 and any(f"The word was {w}." in result.output for w in rated)
    assert "common" in runner.invoke(app, ["rate", "--help"]).output


def test_rate_names_its_list_and_follows_the_one_rule(tmp_path: Path, monkeypatch) -> None:
    result = runner.invoke(app, ["rate", "--list", "lingo-official", "--length", "13",
                                 "--top", "1"])
    assert result.exit_code == 0, result.output
    assert "Words: lingo-official" in result.output and "19,971 words" in result.output
    monkeypatch.chdir(tmp_path)
    (tmp_path / "wordlist.txt").write_text("jazz\nfizz\nbuzz\n")
    result = runner.invoke(app, ["rate", "--top", "1"])
    assert result.exit_code == 0, result.output
    assert f"Words: {tmp_path / 'wordlist.txt'}" in result.output.replace("\n", "")
