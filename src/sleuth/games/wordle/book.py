"""Optimal trees the hinter has searched, and the search that makes them.

A :class:`Book` keeps, for one game, the exact search's trees from the positions it was run
from: a hint position on one of them (its answers after some turns, then the tree's own guesses)
gets its exact figures at once, from the tree. The opener's tree (the search after the
published best opener) is the one every game on the lists starts on; it is kept in the user
cache under the name ``sleuth wordle solve --strategy optimal`` uses, so either side reads what
the other wrote. :class:`Search` runs one search in a worker process, with its progress, a time
limit and a cancel.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.tree import Node
from sleuth.games.wordle.lookahead import Optimal, _among

TREES = 64  # trees a book keeps (the first, the opener's, is never dropped)


def digest(cands: np.ndarray) -> bytes:
    """A short name for a set of answers (indices in order)."""
    data = np.ascontiguousarray(cands, dtype=np.int64).tobytes()
    return hashlib.blake2b(data, digest_size=16).digest()


@dataclass(frozen=True)
class Figures:
    """A tree node's figures: guesses in total over the answers reaching it (this guess
    included), the most any of them needs, and how many reach it."""

    total: int
    worst: int
    size: int


def tree_figures(game: Game, root: Node, cands: np.ndarray) -> dict[int, Figures]:
    """Each node's figures by ``id``, the tree replayed over ``cands``; ValueError when the
    tree leaves some answers without a guess (it is not a whole strategy from there)."""
    figures: dict[int, Figures] = {}

    def visit(node: Node, here: np.ndarray) -> Figures:
        total, worst = int(here.size), 1
        for code, part in game.partition(node.guess, here):
            if code == game.solved:
                continue
            child = node.children.get(code)
            if child is None:
                raise ValueError("the tree does not cover every answer")
            below = visit(child, part)
            total, worst = total + below.total, max(worst, below.worst + 1)
        figures[id(node)] = Figures(total, worst, int(here.size))
        return figures[id(node)]

    visit(root, cands)
    return figures


class Book:
    """The optimal trees searched over one game (normal mode), each from the answers left after
    some number of turns; thread-safe and bounded."""

    def __init__(self, game: Game, limit: int = TREES) -> None:
        self.game, self.limit = game, limit
        self._trees: dict[tuple[bytes, int], tuple[Node, dict[int, Figures], str]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._trees)

    def add(self, cands: np.ndarray, turns: int, tree: Node, source: str) -> None:
        """Keep ``tree``, searched from the answers ``cands`` after ``turns`` guesses;
        ValueError if it is no whole strategy for them."""
        figures = tree_figures(self.game, tree, cands)
        with self._lock:
            while len(self._trees) >= self.limit:
                self._trees.pop(next(iter(self._trees)))
            self._trees[digest(cands), turns] = (tree, figures, source)

    def has(self, cands: np.ndarray, turns: int) -> bool:
        """Whether a tree starts at these answers after ``turns`` guesses."""
        return (digest(cands), turns) in self._trees

    def lookup(self, steps: list[np.ndarray], history: list[tuple[int, int]]) -> Optimal | None:
        """The optimal next guess and figures where ``history`` (guess, code) leads, if a kept
        tree has that position; ``steps[k]`` are the answers left after ``k`` turns."""
        for k in range(len(history), -1, -1):
            kept = self._trees.get((digest(steps[k]), k))
            node = None if kept is None else _walk(kept[0], history[k:])
            if kept is not None and node is not None:
                found = kept[1][id(node)]
                return Optimal(self.game.guess_labels[node.guess], found.total / found.size,
                               found.worst, True, kept[2])
        return None


def _walk(node: Node | None, steps: list[tuple[int, int]]) -> Node | None:
    """The node the steps lead to when each guess is the tree's; None off the tree."""
    for guess, code in steps:
        if node is None or node.guess != guess:
            return None
        node = node.children.get(code)
    return node


def opener_tree_path(game: Game, first: str) -> Path:
    """Where the user cache keeps the optimal tree after ``first`` (the command line's name)."""
    from sleuth.core.storage import cache_dir
    from sleuth.games.wordle.game import game_key

    return cache_dir() / f"wordle-tree-{game_key(game, 'optimal', first)}.json"


def read_opener_tree(game: Game, first: str) -> Node | None:
    """The cached optimal tree after ``first``, if there is a readable one."""
    from sleuth.core import treefile
    from sleuth.core.tree import from_labels

    try:
        return from_labels(game, treefile.read(opener_tree_path(game, first))["tree"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_opener_tree(game: Game, first: str, tree: Node) -> None:
    """Keep the optimal tree after ``first`` in the user cache (an unwritable cache: not kept)."""
    from sleuth.core import treefile
    from sleuth.solve.export import document

    with contextlib.suppress(OSError):
        treefile.write(opener_tree_path(game, first), document(game, tree, first=first))


# -- the search in a worker process ---------------------------------------------------------


def _search_in_worker(conn: Connection, game: Game, turns: int, first: str | None) -> None:
    """The worker: the exact search over every secret of ``game`` (the answers left) after
    ``turns`` guesses, sending ("progress", done, total) as it goes, then ("done", Optimal,
    tree) or ("failed", reason)."""
    from sleuth.solve.runner import ignore_sigint
    from sleuth.solve.search import optimal_mean

    ignore_sigint()
    pos = Position(np.arange(len(game.secrets), dtype=np.int64), cost=turns)
    message: tuple = ("failed", "no strategy finds every answer")
    for cap in (game.max_cost, None):
        if cap is not None and cap <= turns:
            continue
        try:
            result = optimal_mean(game, pos, max_guesses=cap, first_guess=first, workers=1,
                                  progress=lambda done, total: conn.send(("progress", done,
                                                                          total)))
        except ValueError as error:
            message = ("failed", str(error))
            continue
        optimal = Optimal(result.first_guess, result.mean, result.worst, cap is not None)
        message = ("done", optimal, result.tree)
        break
    with contextlib.suppress(OSError):
        conn.send(message)


class Search:
    """The exact search from the answers ``cands`` left after ``turns`` guesses (the first
    guess fixed to ``first`` if given), in a worker process: :meth:`poll` for its progress and
    outcome, :meth:`cancel` to end it. Past ``seconds`` a poll ends it."""

    def __init__(self, game: Game, cands: np.ndarray, turns: int, seconds: float,
                 first: str | None = None) -> None:
        from sleuth.solve.runner import main_left_alone, sigint_blocked

        self.cands, self.turns, self.first = cands, turns, first
        self.started = time.monotonic()
        self.deadline = self.started + seconds
        self.done, self.total = 0, 0
        self.state = "running"  # then done, failed, ran out or cancelled
        self.result: tuple[Optimal, Node] | None = None
        self.reason = ""
        self._lock = threading.Lock()
        context = multiprocessing.get_context("spawn")
        self._conn, theirs = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_search_in_worker, args=(theirs, _among(game, cands), turns, first),
            daemon=True, name="sleuth-exact-search")
        with sigint_blocked(), main_left_alone():
            self._process.start()
        theirs.close()

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started

    def poll(self) -> str:
        """Read what the worker sent; end it past its deadline. The state after."""
        with self._lock:
            return self._poll()

    def _poll(self) -> str:
        while self.state == "running" and self._readable():
            try:
                message = self._conn.recv()
            except (EOFError, OSError):
                self._end("failed", "the search's worker ended unexpectedly")
                break
            if message[0] == "progress":
                self.done, self.total = message[1], message[2]
            elif message[0] == "done":
                self.result = (message[1], message[2])
                self._end("done")
            else:
                self._end("failed", message[1])
        if self.state == "running" and time.monotonic() > self.deadline:
            self._end("ran out", f"the search ran out of its {self.deadline - self.started:g} s")
        return self.state

    def _readable(self) -> bool:
        try:
            return self._conn.poll()
        except (EOFError, OSError):
            return True  # recv says what happened

    def cancel(self) -> None:
        """End the search now (nothing if it is over)."""
        with self._lock:
            if self.state == "running":
                self._end("cancelled", "cancelled")

    def _end(self, state: str, reason: str = "") -> None:
        self.state, self.reason = state, reason
        if self._process.is_alive():
            self._process.kill()
        self._process.join(timeout=5)
        self._conn.close()
