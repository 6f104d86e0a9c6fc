"""Bad input on the command line: one clear line on stderr, a non-zero exit, no traceback.

Word lists that are not regular files or are too big, absurd length ranges, long words that
used to end in tracebacks, and the plain display of a word list's skipped lines.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sleuth.cli import hangman, lingo
from sleuth.games.lingo.pit import parse_lengths
from sleuth.words import feedback as fb
from sleuth.words.wordlist import MAX_FILE_BYTES

runner = CliRunner()

#: Commands that read ``--words`` (the path is appended), by group app.
READERS = [
    (hangman.app, ["rate"]),
    (hangman.app, ["solve", "--length", "5"]),
    (hangman.app, ["play"]),
    (lingo.app, ["pit", "--lengths", "5"]),
    (lingo.app, ["evaluate", "--length", "5"]),
]
LONG = ["acetylphenylhydrazine", "dacryocystorhinostomy", "superconstitutionally",
        "immunoelectrophoresis", "thermophosphorescence"]  # 21 letters each


def sleuth(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the real ``sleuth`` entry point (``python -m sleuth``) in a process of its own."""
    return subprocess.run([sys.executable, "-m", "sleuth", *args], capture_output=True,
                          text=True, timeout=timeout, check=False)


def one_clear_line(output: str, message: str) -> None:
    """The output is one line holding ``message``, and no traceback."""
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], output
    assert "Traceback" not in output and "Error:" in lines[0]


@pytest.fixture
def huge(tmp_path: Path) -> Path:
    """A sparse file one byte over the size limit (it takes no disk)."""
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    return path


@pytest.mark.parametrize(("app", "args"), READERS)
def test_word_lists_that_are_not_plain_files(app: object, args: list[str], tmp_path: Path,
                                             huge: Path) -> None:
    cases = [(tmp_path, "is a directory"), (huge, "is too big for a word list")]
    if Path("/dev/null").exists():
        cases.append((Path("/dev/null"), "is a character device, not a word list file"))
    for path, message in cases:
        result = runner.invoke(app, [*args, "--words", str(path)], input="")
        assert result.exit_code == 2, result.output
        one_clear_line(result.output, message)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("args", [["hangman", "rate"], ["lingo", "pit", "--lengths", "5"]])
@pytest.mark.processes
def test_a_fifo_is_refused_at_once(args: list[str], tmp_path: Path) -> None:
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    try:
        done = sleuth(*args, "--words", str(fifo), timeout=60)
    except subprocess.TimeoutExpired:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # let the stuck reader go
        pytest.fail("sleuth waited on the FIFO")
    assert done.returncode == 2
    one_clear_line(done.stderr, "is a named pipe (FIFO), not a word list file")


def test_absurd_length_ranges_are_refused_before_anything_is_built() -> None:
    result = runner.invoke(lingo.app, ["pit", "--lengths", "4-99999999999"])
    assert result.exit_code == 2
    one_clear_line(result.output, "Lingo is played with words of 4 to 13 letters, not 99999999999")
    assert parse_lengths("60-64") == [60, 61, 62, 63, 64]
    for text in ("65", "1-65", "4-13,70", "0-3", "9-4", "x"):
        with pytest.raises(ValueError, match="bad length range"):
            parse_lengths(text)


@pytest.mark.processes
def test_the_referee_plays_a_word_of_21_letters(tmp_path: Path) -> None:
    """The referee's feedback on words of 21 letters (it used to end in ``words must all have
    one length between 1 and 20`` mid-round)."""
    words = tmp_path / "wordlist.txt"
    words.write_text("\n".join(LONG) + "\n")
    script = tmp_path / "two_guesses.py"
    script.write_text(f"import sys\nfor word in {[LONG[1], LONG[0]]!r}:\n"
                      "    print(word, flush=True)\n    sys.stdin.readline()\n")
    result = runner.invoke(lingo.app, ["referee", "-player", f"{sys.executable} {script}",
                                       "-word", LONG[0], "--words", str(words)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "Player fault" not in result.output
    want = fb.to_text(fb.reference_code(LONG[1], LONG[0]), 21)
    assert f"Got:   {LONG[1]}\nSent:  {want}\nGot:   {LONG[0]}\nSent:  {'O' * 21}" in (
        result.output)
    assert "Round won with score 400" in result.output


class Answers:
    """A stdin that answers the last guess written to ``out`` by the plain rule."""

    def __init__(self, secret: str, out: io.StringIO) -> None:
        self.secret, self.out = secret, out

    def readline(self) -> str:
        guess = self.out.getvalue().split()[-1]
        return fb.to_text(fb.reference_code(guess, self.secret), len(guess)) + "\n"


@pytest.mark.parametrize("secret", [LONG[0], LONG[3], "dichlorodiphenyltrichloroethane"])
def test_the_player_plays_words_of_21_and_31_letters(tmp_path: Path, secret: str) -> None:
    """sleuth's own player on long words (it crashed on its first feedback)."""
    from sleuth.games.lingo.player import play

    (tmp_path / "wordlist.txt").write_text("\n".join([*LONG, secret]) + "\n")
    out, err = io.StringIO(), io.StringIO()
    status = play(len(secret), directory=tmp_path, stdin=Answers(secret, out), stdout=out,
                  stderr=err)
    assert status == 0, err.getvalue()
    assert out.getvalue().split()[-1] == secret and len(out.getvalue().split()) <= 2


@pytest.mark.processes
def test_skipped_lines_are_one_plain_warning(tmp_path: Path) -> None:
    """Through the real entry point: one ``warning: FILE: skipped ...`` line, shown once even
    when the list is read twice, and no Python warning with its line of source code."""
    words = tmp_path / "kids.txt"
    words.write_text("crane\nho use\nhouse\n12\nmouse\n")
    done = sleuth("hangman", "rate", "--words", str(words), "--setter", str(words), "--top", "1")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"warning: {words}: skipped 2 lines that are not plain words (letters a-z only); "
        "first at line 2: 'ho use'"]
    assert "5-letter words" in done.stdout
