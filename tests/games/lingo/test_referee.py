"""The Lingo referee end to end: real player programs, crashes, hangs, floods, the sandbox and
the ``referee`` command. The rules themselves are tested without processes in test_protocol.py."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lingo_players import KILL_PARENTS, SPOILER, escaper, sleeper, stderr_flood
from sleuth.cli.lingo import app
from sleuth.games.lingo.protocol import GameResult
from sleuth.games.lingo.referee import MAX_STDERR, play_game
from sleuth.games.lingo.sandbox import Sandbox, default_sandbox
from sleuth.words.feedback import feedback_text

ISOLATED = default_sandbox().isolated
needs_root = pytest.mark.skipif(
    not ISOLATED, reason="only a referee running as root can give players a uid of their own"
)
runner = CliRunner()
MODES = [pytest.param(None, id="isolated", marks=needs_root), pytest.param(False, id="shared")]

Player = Callable[[str], list[str]]
MakePlayer = Callable[[str, str], list[str]]
Script = Callable[..., str]
Gone = Callable[[int], bool]


@pytest.fixture
def drop(tmp_path: Path) -> Path:
    """A folder any user may write in: where players (maybe of another uid) leave pid files."""
    folder = tmp_path / "drop"
    folder.mkdir()
    folder.chmod(0o777)
    return folder


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


def test_children_holding_stdout_are_killed_when_the_player_exits(
    make_player: MakePlayer, workdir: Path, four: list[str], drop: Path, gone: Gone
) -> None:
    pid_file = drop / "child.pid"
    source = f"""
import subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
open({str(pid_file)!r}, "w").write(str(child.pid))
sys.exit(1)
"""
    start = time.monotonic()
    result = play(make_player("forker", source), "book", four, workdir, timeout=10.0)
    assert result.reason == "crash (exit 1)"  # the launcher killed the child: stdout closed
    assert time.monotonic() - start < 5
    assert gone(int(pid_file.read_text()))


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
    make_player: MakePlayer, workdir: Path, four: list[str], drop: Path
) -> None:
    seen = drop / "seen.txt"
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


@pytest.mark.parametrize("isolate", MODES)
def test_a_sleeper_in_a_new_session_is_gone_after_the_game(
    make_player: MakePlayer, workdir: Path, four: list[str], drop: Path, isolate: bool | None
) -> None:
    pid_file = drop / "sleeper.pid"
    command = make_player("escaper", escaper(str(pid_file)))
    result = play(command, "book", four, workdir, sandbox=Sandbox(isolate))
    assert result.solved and result.reason is None
    with pytest.raises(ProcessLookupError):  # killed and reaped before play_game returned
        os.kill(int(pid_file.read_text()), 0)


@needs_root
def test_an_isolated_player_cannot_signal_its_launcher_or_the_referee(
    make_player: MakePlayer, workdir: Path, four: list[str]
) -> None:
    report = KILL_PARENTS + 'print("-".join(results), flush=True)\nsys.stdin.readline()\n'
    result = play(make_player("parricide", report), "book", four, workdir)
    assert result.guesses == ["denied-denied"] and result.reason is not None
    assert os.geteuid() == 0  # and this test process (the referee) is still here


@needs_root
def test_an_isolated_player_runs_as_its_own_user_without_groups(
    make_player: MakePlayer, workdir: Path, four: list[str]
) -> None:
    source = """
import os
print(f"{os.getuid()}-{os.getgid()}-{len(os.getgroups())}-{os.getppid() > 1}", flush=True)
"""
    result = play(make_player("who", source), "book", four, workdir)
    uid, gid, groups, has_parent = result.guesses[0].split("-")
    assert int(uid) == int(gid) >= 1_000_000 and groups == "0" and has_parent == "True"


def test_stderr_without_newlines_is_capped_per_game(
    make_player: MakePlayer, workdir: Path, four: list[str]
) -> None:
    shown: list[str] = []
    command = make_player("flood", stderr_flood(8))
    result = play(command, "able", four, workdir, debug_stderr=shown.append, max_stderr=1 << 16)
    assert result.solved  # the rest of the flood was read and dropped: the player went on
    text = "".join(shown)
    assert text == "e" * (1 << 16) + "\n[player stderr cut after 65536 bytes]\n"


def test_referee_refuses_a_missing_program_before_any_round(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    for player in ("./no-such-player", "no-such-program-anywhere --x"):
        result = runner.invoke(app, ["referee", "-player", player, "-word", "book"])
        assert result.exit_code == 2
        assert result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and "not found" in result.stderr


def test_referee_usage_errors_exit_2(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(workdir)
    honest = shlex.join([sys.executable, "-c", "pass"])
    for args in (["-player", ""], ["-player", "'unclosed"], ["-player", honest, "-word", "zzzz"]):
        result = runner.invoke(app, ["referee", *args])
        assert result.exit_code == 2, args
        assert len(result.output.splitlines()) == 1


def test_referee_debug_flood_stays_bounded(
    workdir: Path, make_player: MakePlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    player = shlex.join(make_player("flood", stderr_flood(16)))
    result = runner.invoke(app, ["referee", "-player", player, "-word", "able", "-debug"])
    assert result.exit_code == 0 and "Round won with score 500" in result.stdout
    assert MAX_STDERR < len(result.stderr) < MAX_STDERR + 1000


def test_referee_player_cannot_touch_the_lists_here(
    workdir: Path, make_player: MakePlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(workdir)
    before = {path.name: path.read_bytes() for path in workdir.iterdir()}
    player = shlex.join(make_player("spoiler", SPOILER))
    result = runner.invoke(app, ["referee", "-player", player, "-word", "book"])
    assert result.exit_code == 0 and "Got:   " in result.stdout
    assert {path.name: path.read_bytes() for path in workdir.iterdir()} == before
    if ISOLATED:
        assert "Got:   safe" in result.stdout


def test_sigterm_ends_the_referee_in_order(
    make_player: MakePlayer, drop: Path, workdir: Path, gone: Gone
) -> None:
    player = shlex.join(make_player("sleeper", sleeper(str(drop))))
    env = {**os.environ, "TMPDIR": str(drop)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sleuth", "lingo", "referee", "-player", player, "-word", "book"],
        cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 20
    while len(list(drop.glob("*.pid"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = [int(path.read_text()) for path in drop.glob("*.pid")]
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == 128 + signal.SIGTERM
    assert out == "Starting new round, word is book\n"
    assert err == "Error: stopped by SIGTERM\n"
    assert len(pids) == 2 and all(gone(pid) for pid in pids)
    assert not list(drop.glob("sleuth-*"))
