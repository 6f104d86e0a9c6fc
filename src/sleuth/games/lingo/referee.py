"""Referee for Lingo: plays one game against an external player program (SPEC §1).

This is the process transport of :mod:`sleuth.games.lingo.protocol`, which holds the rules.
The player is started as ``command + [str(length)]`` in ``workdir``; it writes a guess
and a newline, the referee answers a line of ``O``/``?``/``X``.  Crashes, hangs, garbage
and output floods end or cost the game as the rules say; they never hang the referee.
Players are sealed off by :mod:`sleuth.games.lingo.sandbox`: an external player runs through its
launcher (as a uid of its own when the referee is root), and when the game ends the player and
everything it started are killed; a player's stderr is shown (``debug_stderr``) up to
``max_stderr`` bytes a game.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import queue
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import IO

from sleuth.games.lingo.protocol import (
    FLOOD,
    MAX_LINE,
    STOPPED,
    EventCallback,
    GameResult,
    PlayerGone,
    Round,
    exit_reason,
    play_round,
    timeout_reason,
)
from sleuth.games.lingo.rules import ATTEMPTS
from sleuth.games.lingo.sandbox import Sandbox, Seat, default_sandbox, held

MAX_OUTPUT = 1 << 20
MAX_STDERR = 256 << 10
GRACE_SECONDS = 0.5
OWN_GRACE_SECONDS = 120.0  # our own player compiles its kernels once after its first game
STOP_SECONDS = 2.0
POLL_SECONDS = 0.1


class _LineReader:
    """Reads a player's stdout in a thread and queues its lines (each cut to a bounded length,
    still long enough for the protocol to see it is over-long), its end or its flood."""

    def __init__(self, stream: IO[bytes], max_line: int, max_output: int) -> None:
        self.events: queue.Queue[tuple[str, bytes]] = queue.Queue()
        self._stream = stream
        self._keep = max_line + 2  # a carriage return dropped, and one byte too many
        self._max_output = max_output
        self._buffer = bytearray()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def next(self, timeout: float, stop: threading.Event | None = None) -> tuple[str, bytes]:
        """Next event ``(kind, line)``: kind is line, eof, flood or stop.

        Raises ``queue.Empty`` after ``timeout`` seconds without one.
        """
        if stop is None:
            return self.events.get(timeout=timeout)
        deadline = time.monotonic() + timeout
        while not stop.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                raise queue.Empty
            with contextlib.suppress(queue.Empty):
                return self.events.get(timeout=min(left, POLL_SECONDS))
        return "stop", b""

    def _run(self) -> None:
        fd = self._stream.fileno()
        total = 0
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.events.put(("eof", b""))
                return
            total += len(chunk)
            if total > self._max_output:
                self.events.put(("flood", b""))
                return
            self._feed(chunk)

    def _feed(self, chunk: bytes) -> None:
        *complete, rest = chunk.split(b"\n")
        for piece in complete:
            self._append(piece)
            self.events.put(("line", bytes(self._buffer)))
            self._buffer.clear()
        self._append(rest)

    def _append(self, piece: bytes) -> None:
        room = self._keep - len(self._buffer)
        if room > 0:
            self._buffer += piece[:room]


def _forward_stderr(
    stream: IO[bytes], sink: IO[str] | Callable[[str], object], limit: int = MAX_STDERR
) -> None:
    """Copy a player's stderr in whole lines (cut at ``MAX_LINE``) to a text stream or callback,
    at most ``limit`` bytes a game; the rest is read and dropped, so the player never blocks."""
    write = sink if callable(sink) else sink.write
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def emit(text: str) -> None:
        with contextlib.suppress(Exception):
            write(text)
            if not callable(sink):
                sink.flush()

    left, pending = limit, ""
    while True:
        try:
            chunk = os.read(stream.fileno(), 65536)
        except (OSError, ValueError):
            chunk = b""
        if not chunk:
            break
        if left <= 0:
            continue
        piece = chunk[:left]
        left -= len(piece)
        *lines, pending = (pending + decoder.decode(piece, final=left <= 0)).split("\n")
        if lines:
            emit("".join(line + "\n" for line in lines))
        if left <= 0:
            emit(f"{pending}\n[player stderr cut after {limit} bytes]\n")
            pending = ""
        elif len(pending) > MAX_LINE:
            emit(pending)
            pending = ""
    pending += decoder.decode(b"", final=True)
    if pending:
        emit(pending)


def program_error(command: list[str], workdir: Path, env: Mapping[str, str] | None) -> str | None:
    """Why ``command`` cannot be started in ``workdir`` (no such program), or None."""
    name = command[0] if command else ""
    if os.sep in name:
        path = Path(workdir, name)
        found = path.is_file() and os.access(path, os.X_OK)
    else:
        search = (os.environ if env is None else env).get("PATH", os.defpath)
        found = bool(name) and shutil.which(name, path=search) is not None
    return None if found else f"cannot start player: {name!r} not found or not executable"


def _spawn(
    command: list[str],
    length: int,
    workdir: Path,
    debug: bool,
    env: Mapping[str, str] | None,
    sandbox: Sandbox,
    seat: Seat,
) -> subprocess.Popen[bytes]:
    """Start the player (through the sandbox) in its own process group with piped stdio."""
    return subprocess.Popen(
        sandbox.command(seat, [*command, str(length)]),
        cwd=workdir,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if debug else subprocess.DEVNULL,
        env=sandbox.environment(seat, None if env is None else dict(env)),
        start_new_session=hasattr(os, "killpg"),
    )


def _listen(
    proc: subprocess.Popen[bytes],
    max_line: int,
    max_output: int,
    debug_stderr: IO[str] | Callable[[str], object] | None,
    max_stderr: int,
) -> tuple[_LineReader, list[threading.Thread]]:
    """The reader of the player's stdout and the threads reading its output (stderr too, into
    ``debug_stderr``, when given)."""
    assert proc.stdout is not None
    reader = _LineReader(proc.stdout, max_line, max_output)
    threads = [reader.thread]
    if debug_stderr is not None and proc.stderr is not None:
        forward = threading.Thread(
            target=_forward_stderr, args=(proc.stderr, debug_stderr, max_stderr), daemon=True
        )
        forward.start()
        threads.append(forward)
    return reader, threads


def _send(proc: subprocess.Popen[bytes], line: str) -> bool:
    """Write one line to the player's stdin; False if the pipe is gone."""
    assert proc.stdin is not None
    try:
        proc.stdin.write(line.encode() + b"\n")
        proc.stdin.flush()
    except (BrokenPipeError, OSError, ValueError):
        return False
    return True


def _exit_code(proc: subprocess.Popen[bytes]) -> int | None:
    """The player's exit code once its stdout closed, or None if it has not exited in a second."""
    try:
        return proc.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        return None


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the player (or its launcher) and its process group."""
    if hasattr(os, "killpg"):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        proc.kill()


def _stop(
    proc: subprocess.Popen[bytes],
    threads: list[threading.Thread],
    sandbox: Sandbox,
    seat: Seat,
    hurry: bool = False,
    grace: float = GRACE_SECONDS,
) -> None:
    """Close stdin, give the player ``grace`` seconds to leave (none if ``hurry``), then end it
    and all it started: the launcher is asked first (SIGTERM), then killed with its group."""
    if proc.stdin is not None:
        with contextlib.suppress(OSError, ValueError):
            proc.stdin.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=0 if hurry else grace)
    if proc.poll() is None and seat.launcher:
        with contextlib.suppress(OSError):
            proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=STOP_SECONDS)
    if proc.poll() is None:
        _kill(proc)
    proc.wait()
    sandbox.clear(seat, proc.pid)
    for thread in threads:
        thread.join(timeout=1.0)
    if not any(thread.is_alive() for thread in threads):
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def _lines(
    proc: subprocess.Popen[bytes],
    reader: _LineReader,
    timeout: float,
    stop: threading.Event | None,
) -> Callable[[int], bytes]:
    """The process transport's reader for :func:`~sleuth.games.lingo.protocol.play_round`:
    the player's next line, or :class:`PlayerGone` on a timeout, an exit, a flood or a stop."""

    def read(number: int) -> bytes:
        try:
            kind, line = reader.next(timeout, stop)
        except queue.Empty:
            raise PlayerGone(timeout_reason(timeout, number)) from None
        if kind == "eof":
            raise PlayerGone(exit_reason(_exit_code(proc), number))
        if kind != "line":
            raise PlayerGone(FLOOD if kind == "flood" else STOPPED)
        return line

    return read


def play_game(
    command: list[str],
    secret: str,
    words: Collection[str],
    *,
    workdir: Path,
    timeout: float = 30.0,
    max_line: int = MAX_LINE,
    attempts: int = ATTEMPTS,
    on_event: EventCallback | None = None,
    debug_stderr: IO[str] | Callable[[str], object] | None = None,
    max_output: int = MAX_OUTPUT,
    env: Mapping[str, str] | None = None,
    stop: threading.Event | None = None,
    trusted: bool = False,
    sandbox: Sandbox | None = None,
    max_stderr: int = MAX_STDERR,
) -> GameResult:
    """Play one game of ``secret`` against the player ``command`` and return its result.

    ``words`` are the valid guesses (words of the secret's length); ``on_event`` gets
    ``("guess", text)`` and ``("feedback", text)`` as they happen; setting ``stop`` ends
    the game early (reason "stopped by the referee"). ``trusted`` (a built-in player) runs
    as our own user, without the launcher; see :mod:`sleuth.games.lingo.sandbox`.
    """
    game = Round(secret, words, attempts=attempts, max_line=max_line)
    problem = program_error(command, Path(workdir), env)
    if problem is not None:
        return game.player_gone(problem)
    sandbox = sandbox or default_sandbox()
    with sandbox.seat(trusted) as seat:
        start = time.monotonic()
        with held():
            try:
                proc = _spawn(command, len(secret), Path(workdir), debug_stderr is not None, env,
                              sandbox, seat)
            except OSError as error:
                game.result.seconds = time.monotonic() - start
                return game.player_gone(f"cannot start player: {error}")
            reader, threads = _listen(proc, max_line, max_output, debug_stderr, max_stderr)
        try:
            play_round(game, _lines(proc, reader, timeout, stop),
                       lambda line: _send(proc, line), on_event)
        finally:
            game.result.seconds = time.monotonic() - start
            with held():
                _stop(proc, threads, sandbox, seat, stop is not None and stop.is_set(),
                      OWN_GRACE_SECONDS if trusted else GRACE_SECONDS)
    return game.result
