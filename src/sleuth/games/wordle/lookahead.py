"""The exact best next guess for the hinter, from the branch-and-bound search; a large search
runs in a worker process so that it can have a time limit (the process is ended when time is
up)."""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time
from collections.abc import MutableMapping
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection

import numpy as np

from sleuth.core.game import Game, Position


@dataclass(frozen=True)
class Optimal:
    """The exact best next guess: ``mean`` guesses from here (this one included) over the
    answers left, each counted once; ``worst`` (None when not known), whether all fit the
    attempts left, and where it comes from (the search here, or a published figure)."""

    word: str
    mean: float
    worst: int | None
    capped: bool
    source: str = "exact search"


def exact_next(game: Game, position: Position) -> Optimal | None:
    """The exact best next guess at ``position``: within the attempts left if possible, else
    with no cap; None if the exact search does not apply."""
    from sleuth.solve.search import optimal_mean

    for cap in (game.max_cost, None):
        if cap is not None and cap <= position.cost:
            continue
        try:
            result = optimal_mean(game, position, max_guesses=cap, workers=1)
        except ValueError:
            continue
        return Optimal(result.first_guess, result.mean, result.worst, cap is not None)
    return None


def exact_among(game: Game, cands: np.ndarray, turns: int,
                guesses: np.ndarray | None = None) -> Optimal | None:
    """:func:`exact_next` with the answers ``cands`` left after ``turns`` guesses, choosing
    among ``guesses`` (indices; default all)."""
    return exact_next(_among(game, cands, guesses),
                      Position(np.arange(cands.size, dtype=np.int64), cost=turns))


def _among(game: Game, secrets: np.ndarray, guesses: np.ndarray | None = None) -> Game:
    """The game cut down to some secrets (and guesses), without its text helpers: small, and
    picklable for the look-ahead worker."""
    picked = game if guesses is None else replace(
        game, guesses=game.guesses[guesses], guess_labels=[game.guess_labels[i] for i in guesses],
        allowed=None, named_by=None)
    return replace(picked, secrets=game.secrets[secrets],
                   secret_labels=[game.secret_labels[i] for i in secrets], weights=None,
                   named_by=None if picked.named_by is None else picked.named_by[secrets],
                   render=str, reader=None, points=None)


def _warm(game: Game, n: int = 30) -> None:
    """Search a small part of the game (same arrays, ``n`` words spread over the lists) once,
    so that the first real search finds the compiled search loaded."""
    from sleuth.solve.search import optimal_mean

    secrets = np.linspace(0, len(game.secrets) - 1, min(n, len(game.secrets))).astype(np.int64)
    named = game.guess_of_secret(secrets)
    spread = np.linspace(0, len(game.guesses) - 1, min(n, len(game.guesses))).astype(np.int64)
    small = _among(game, secrets[named >= 0], np.union1d(named[named >= 0], spread))
    with contextlib.suppress(ValueError):  # no strategy within the cap: loaded all the same
        optimal_mean(small, max_guesses=small.max_cost, workers=1)


def _send(conn: Connection, message: object) -> bool:
    """Send to the look-ahead worker; False if it is gone."""
    try:
        conn.send(message)
    except OSError:
        return False
    return True


def _serve(conn: Connection) -> None:
    """The look-ahead worker: reads the game, then (key, answers left, guesses made, guesses
    to choose among or None) requests, each answered with (key, the :class:`Optimal` or None,
    or the error raised)."""
    from sleuth.solve.runner import ignore_sigint

    ignore_sigint()
    try:
        game = conn.recv()
        with contextlib.suppress(Exception):  # only a head start: a real fault shows below
            _warm(game)
        while True:
            key, cands, turns, guesses = conn.recv()
            try:
                value: object = exact_among(game, cands, turns, guesses)
            except Exception as error:  # sent back: the session raises it
                value = error
            conn.send((key, value))
    except (EOFError, OSError):
        return  # the session ended


class Lookahead:
    """The exact search in a worker process, so that it can have a time limit: a search still
    running when its time is up is ended with its worker, and a fresh worker warms up for the
    next one. Answers land in ``memo`` (key -> Optimal or None)."""

    def __init__(self, game: Game, memo: MutableMapping) -> None:
        self.game = _among(game, np.arange(len(game.secrets)))
        self.memo = memo
        self.pending: tuple[object, float] | None = None  # the key asked for, and its deadline
        self._start()

    def _start(self) -> None:
        from sleuth.solve.runner import sigint_blocked

        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True,
                                       name="sleuth-hint-lookahead")
        with sigint_blocked():
            self.process.start()
        theirs.close()
        self.sender = threading.Thread(target=_send, args=(self.conn, self.game), daemon=True)
        self.sender.start()  # the game goes over while this process goes on

    def ask(self, key: object, cands: np.ndarray, turns: int, seconds: float,
            guesses: np.ndarray | None = None) -> None:
        """Start the search for ``key`` (unless it is the one running), choosing among
        ``guesses`` (default all); answer within ``seconds``."""
        if self.pending is not None:
            if self.pending[0] == key:
                return
            self._restart()  # an earlier search nobody waits for any more
        for _ in range(2):
            self.sender.join()
            if _send(self.conn, (key, cands, turns, guesses)):
                self.pending = (key, time.monotonic() + seconds)
                return
            self._restart()

    def wait(self, key: object) -> None:
        """Wait for ``key``'s answer until its deadline; past it, end the search."""
        while self.pending is not None and self.pending[0] == key:
            left = self.pending[1] - time.monotonic()
            try:
                if left <= 0 or not self.conn.poll(left):
                    break
                got, value = self.conn.recv()
            except (EOFError, OSError):
                break
            if got == key:
                self.pending = None
            if isinstance(value, BaseException):
                raise value
            self.memo[got] = value
        if self.pending is not None and self.pending[0] == key:
            self._restart()

    def _restart(self) -> None:
        self.close()
        self._start()

    def close(self) -> None:
        """End the worker now."""
        self.pending = None
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.sender.join(timeout=5)  # its send fails at once now that the worker is gone
        self.conn.close()
