"""The Lingo referee against honest and misbehaving player programs."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sleuth.feedback import feedback_text
from sleuth.lingo.referee import GameResult, play_game, score_for

Player = Callable[[str], list[str]]
MakePlayer = Callable[[str, str], list[str]]
Script = Callable[..., str]


def play(command: list[str], secret: str, words: list[str], workdir: Path, **kw) -> GameResult:
    """One game with the words of the secret's length."""
    valid = {w for w in words if len(w) == len(secret)}
    return play_game(command, secret, valid, workdir=workdir, **kw)


@pytest.mark.parametrize("secret", ["able", "book", "bird"])
def test_honest_player_solves_and_scores_by_attempts(
    player: Player, workdir: Path, four: list[str], secret: str
) -> None:
    result = play(player("honest"), secret, four, workdir)
    assert result.solved and result.reason is None
    assert result.guesses[-1] == secret and result.feedbacks[-1] == "OOOO"
    assert result.attempts == len(result.guesses) == len(result.feedbacks) <= 5
    assert result.score == 100 * (6 - result.attempts)
    assert result.feedbacks == [feedback_text(g, secret) for g in result.guesses]
    assert result.word == secret and result.length == 4 and result.seconds > 0


def test_first_guess_right_is_worth_500(player: Player, workdir: Path, four: list[str]) -> None:
    result = play(player("honest"), four[0], four, workdir)
    assert (result.attempts, result.score) == (1, 500)


def test_score_formula() -> None:
    assert [score_for(True, n) for n in range(1, 6)] == [500, 400, 300, 200, 100]
    assert score_for(False, 5) == 0


@pytest.mark.parametrize(
    ("secret", "guess", "expected"),
    [("dents", "dozes", "OXX?O"), ("cozies", "tosses", "XOXXOO"), ("flower", "rewolf", "??????")],
)
def test_feedback_follows_the_duplicate_rule(
    make_player: MakePlayer, script: Script, tmp_path: Path, secret: str, guess: str, expected: str
) -> None:
    command = make_player("fixed", script(guess.encode() + b"\n", secret.encode() + b"\n"))
    result = play(command, secret, [secret, guess], tmp_path)
    assert result.feedbacks == [expected, "O" * len(secret)]
    assert result.score == 400


@pytest.mark.parametrize("name", ["garbage", "capitals", "wrong_length", "unknown"])
def test_invalid_guesses_cost_an_attempt_each(
    player: Player, workdir: Path, four: list[str], name: str
) -> None:
    result = play(player(name), "book", four, workdir)
    assert result.attempts == 5 and len(result.guesses) == 5
    assert result.feedbacks == ["XXXX"] * 5
    assert (result.score, result.solved, result.reason) == (0, False, None)


def test_each_bad_line_costs_one_attempt_then_a_solve_counts(
    make_player: MakePlayer, script: Script, workdir: Path, four: list[str]
) -> None:
    lines = [b"BOOK\n", b"\n", b"x" * 5000 + b"\n", b"boo\n", b"book\r\n"]
    source = script(*lines)
    result = play(make_player("mixed", source), "book", four, workdir)
    assert result.solved and result.attempts == 5 and result.score == 100
    assert result.feedbacks == ["XXXX"] * 4 + ["OOOO"]
    assert result.guesses[0] == "BOOK" and result.guesses[1] == ""
    assert result.guesses[2].endswith("...") and len(result.guesses[2]) < 100


def test_max_line_is_configurable(
    make_player: MakePlayer, script: Script, workdir: Path, four: list[str]
) -> None:
    source = script(b"b" * 11 + b"\n", b"book\n")
    result = play(make_player("long", source), "book", four, workdir, max_line=10)
    assert result.feedbacks == ["XXXX", "OOOO"] and result.score == 400


def test_crash_ends_the_game_with_zero(player: Player, workdir: Path, four: list[str]) -> None:
    result = play(player("crash"), "book", four, workdir)
    assert (result.score, result.attempts, result.solved) == (0, 0, False)
    assert result.reason == "crash (exit 3)"


def test_quit_after_one_guess(player: Player, workdir: Path, four: list[str]) -> None:
    result = play(player("one_guess"), "book", four, workdir)
    assert result.guesses == ["able"] and result.attempts == 1 and result.score == 0
    assert result.reason == "player quit (exit 0) before guess 2"


def test_killed_by_a_signal(make_player: MakePlayer, workdir: Path, four: list[str]) -> None:
    source = "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n"
    result = play(make_player("suicide", source), "book", four, workdir)
    assert result.reason == "crash (SIGKILL)"


@pytest.mark.parametrize("name", ["hang", "no_flush"])
def test_a_silent_player_times_out(player: Player, workdir: Path, four: list[str], name: str):
    start = time.monotonic()
    result = play(player(name), "book", four, workdir, timeout=1.0)
    assert time.monotonic() - start < 5
    assert result.reason == ("timeout after 1 s waiting for guess 1 (did the player flush stdout?)")
    assert (result.score, result.attempts) == (0, 0)


def test_output_flood_kills_the_player(player: Player, workdir: Path, four: list[str]) -> None:
    result = play(player("flood"), "book", four, workdir, timeout=10.0)
    assert result.reason == "output flood" and result.score == 0 and result.seconds < 10


def test_children_holding_stdout_are_killed_too(
    make_player: MakePlayer, workdir: Path, four: list[str], tmp_path: Path
) -> None:
    pid_file = tmp_path / "child.pid"
    source = f"""
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
open({str(pid_file)!r}, "w").write(str(child.pid))
sys.exit(1)
"""
    start = time.monotonic()
    result = play(make_player("forker", source), "book", four, workdir, timeout=1.0)
    assert result.reason is not None and result.reason.startswith("timeout")
    assert time.monotonic() - start < 5
    assert not alive(int(pid_file.read_text()))


def alive(pid: int) -> bool:
    """True while a process exists and is not a zombie (waits up to 3 s for it to go)."""
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
            state = Path(f"/proc/{pid}/stat").read_text().split()[2]
        except (ProcessLookupError, FileNotFoundError):
            return False
        if state == "Z":
            return False
        time.sleep(0.05)
    return True


def test_player_that_ignores_the_end_is_killed(
    make_player: MakePlayer, script: Script, workdir: Path, four: list[str]
) -> None:
    source = script(b"book\n") + "import time\ntime.sleep(60)\n"
    start = time.monotonic()
    result = play(make_player("lingerer", source), "book", four, workdir)
    assert result.score == 500 and result.reason is None
    assert time.monotonic() - start < 5


def test_events_and_debug_stderr(
    make_player: MakePlayer, script: Script, workdir: Path, four: list[str]
) -> None:
    source = "import sys\nprint('thinking', file=sys.stderr, flush=True)\n"
    source += script(b"able\n", b"book\n")
    events: list[tuple[str, str]] = []
    errors: list[str] = []
    result = play(
        make_player("chatty", source),
        "book",
        four,
        workdir,
        on_event=lambda kind, text: events.append((kind, text)),
        debug_stderr=errors.append,
    )
    assert result.score == 400
    assert events == [
        ("guess", "able"),
        ("feedback", feedback_text("able", "book")),
        ("guess", "book"),
        ("feedback", "OOOO"),
    ]
    assert errors == ["thinking\n"]


def test_missing_program_is_a_fault_not_an_exception(workdir: Path, four: list[str]) -> None:
    result = play([str(workdir / "no-such-player")], "book", four, workdir)
    assert result.reason is not None and result.reason.startswith("cannot start player")
    assert result.score == 0


def test_player_runs_in_workdir_with_length_argument(
    make_player: MakePlayer, workdir: Path, four: list[str], tmp_path: Path
) -> None:
    seen = tmp_path / "seen.txt"
    source = f"""
import os, sys
open({str(seen)!r}, "w").write(os.getcwd() + " " + sys.argv[-1])
print("book", flush=True)
sys.stdin.readline()
"""
    result = play(make_player("where", source), "book", four, workdir)
    assert result.score == 500
    cwd, length = seen.read_text().split()
    assert Path(cwd).resolve() == workdir.resolve() and length == "4"


def test_stop_event_ends_a_game_early(player: Player, workdir: Path, four: list[str]) -> None:
    stop = threading.Event()
    threading.Timer(0.3, stop.set).start()
    start = time.monotonic()
    result = play(player("hang"), "book", four, workdir, timeout=30.0, stop=stop)
    assert result.reason == "stopped by the referee" and result.score == 0
    assert time.monotonic() - start < 5
