"""``sleuth hangman rate``, ``play`` and ``solve`` driven as a user would."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sleuth.cli import app as top_app
from sleuth.cli.hangman import app, gallows

runner = CliRunner()

KIDS_TEXT = """apple happy zebra puzzle guzzle muzzle nuzzle jumped pizza house mouse horse
jelly fuzzy quick bread lemon tiger water river plant smile dizzy buzz jazz"""
KIDS = KIDS_TEXT.split()


@pytest.fixture
def kids(tmp_path: Path) -> Path:
    path = tmp_path / "kids.txt"
    path.write_text("\n".join(KIDS) + "\nNot a word!\n")
    return path


def test_rate_writes_csv_and_reads_well(kids: Path, tmp_path: Path) -> None:
    out = tmp_path / "rated.csv"
    result = runner.invoke(app, ["rate", "--words", str(kids), "--top", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "skipped 1 line" in result.output  # the bad line is reported, the rest is rated
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
    assert "learned from 3 words" in result.output
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


def test_rate_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rate", "--words", str(tmp_path / "nope.txt")])
    assert result.exit_code == 2 and "not found" in result.output


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
    assert "learned from 1 word;" in again.output


def test_solve_lost_asks_the_word(kids: Path) -> None:
    result = runner.invoke(app, ["solve", "--length", "6", "--words", str(kids), "--lives", "0",
                                 "--solver", "misses"], input="6\n5\n2\n3,4\nnone\npuzzle\n")
    assert "I am hanged: you win" in result.output and "What was your word" in result.output


def test_solve_bad_options() -> None:
    result = runner.invoke(app, ["solve", "--length", "3", "--solver", "guess"])
    assert result.exit_code == 2 and "unknown solver" in result.output


def test_registered_under_sleuth() -> None:
    result = runner.invoke(top_app, ["hangman", "--help"])
    assert result.exit_code == 0 and "rate" in result.output and "solve" in result.output
