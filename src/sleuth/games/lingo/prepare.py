"""Prepared Lingo trees: the top of the best-score decision tree, computed ahead of the games.

For one word list and length, preparation screens the most promising first guesses (best by
number of classes and by entropy) with a cheap search, keeps the best, and then searches every
class of that first guess with four attempts left (:mod:`endgame`), recording the second
guess per first feedback and the third per pair of feedbacks. The result is a small JSON file in
the cache folder, named by a hash of the (sorted) words, that the player reads; it also holds the
tree's exact total score, so the mean score of the list is known without replaying a game.

Work is split into batches of classes run on all cores (or a Dask cluster), each finished batch
appended to a ``.partial.jsonl`` file beside the tree so an interrupted run resumes.
"""

from __future__ import annotations

import gzip
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import as_completed as futures_completed
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from sleuth.core.game import Game, Position, lingo_points, word_game
from sleuth.core.tree import Node, evaluate
from sleuth.games.lingo import endgame
from sleuth.games.lingo.quick import book_path, list_key, shipped_tree, tree_path
from sleuth.games.lingo.scoring import interruptible
from sleuth.words import feedback as fb

TREE_FORMAT = 1
ATTEMPTS = 5
ON_THE_FLY = 150  # largest set searched with four attempts left during a game
BATCHES = 48  # work units per tree, fixed so that a resumed run finds the same ones
Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass(frozen=True)
class Settings:
    """How hard to search: first guesses screened (``top`` by classes and by entropy, then
    ``refine`` more by the class values those screens measured), and the limits of the
    end-game search when screening and when building (see :func:`endgame.context`)."""

    top: int = 4
    refine: int = 0  # measured: no better first guess found this way at lengths 4 and 6
    screen_exact: int = 8
    screen_width: int = 3
    exact: int = 10
    width: int = 4

    @classmethod
    def for_length(cls, length: int) -> Settings:
        """The default settings of a length (see WIDER)."""
        return cls(**WIDER.get(length, {}))


# Short words are few, lose the most games and gain the most from a wider search. Measured on the
# official lists (first guess fixed): +0.34 points a game at length 4 (sale) and +0.25 at 5 (tares)
# over the narrow limits. At length 4 the narrow screen also misranks the first guesses (tare
# screened 0.27 below sale, then scored 0.34 above it searched wide), so it screens wide too.
WIDER: dict[int, dict[str, int]] = {
    4: {"top": 2, "screen_exact": 20, "screen_width": 12, "exact": 20, "width": 12},
    5: {"exact": 14, "width": 8},
}


def points(used: int) -> np.ndarray:
    """Points of the attempts left after ``used`` attempts (Lingo's 100 * (6 - attempt))."""
    return np.array([lingo_points(a) for a in range(used + 1, ATTEMPTS + 1)])


# -- one process's searcher ---------------------------------------------------------------------

_GAMES: dict[tuple[str, int, int], tuple[Game, endgame.Context]] = {}


def searcher(words: Sequence[str], exact: int, width: int) -> tuple[Game, endgame.Context]:
    """The game of these words and a search context with these limits, built once per process."""
    key = (list_key(words), exact, width)
    if key not in _GAMES:
        game = word_game(list(words), max_attempts=ATTEMPTS)
        _GAMES[key] = game, endgame.context(game.guesses, fb.solved_code(len(words[0])),
                                            exact=exact, width=width)
    return _GAMES[key]


def best_guess(game: Game, ctx: endgame.Context, cands: np.ndarray, used: int
               ) -> tuple[float, int]:
    """The best total score of ``cands`` with ``used`` attempts spent, and its guess."""
    return endgame.best_value(ctx, game.secrets, cands, game.guess_of_secret(cands),
                              points(used))


def class_job(words: Sequence[str], exact: int, width: int,
              batch: list[tuple[int, np.ndarray]], deep: bool) -> list[dict[str, Any]]:
    """Search each class of the first guess with four attempts left; with ``deep`` also record
    the third guess of every class the second guess leaves."""
    game, ctx = searcher(words, exact, width)
    out = []
    for code, cands in batch:
        value, second = best_guess(game, ctx, cands, 1)
        moves = {str(code): game.guess_labels[second]}
        if deep:
            for code2, part in game.partition(second, cands):
                if code2 != game.solved and part.size > 1:
                    third = best_guess(game, ctx, part, 2)[1]
                    moves[f"{code}.{code2}"] = game.guess_labels[third]
        out.append({"code": int(code), "size": int(cands.size), "total": value,
                    "moves": moves})
    return out


# -- the preparation ----------------------------------------------------------------------------


@dataclass
class Prepared:
    """A prepared tree: first guess, later guesses by feedback path, and its exact total."""

    length: int
    key: str
    n_words: int
    first: str
    moves: dict[str, str]
    total: float
    seconds: float
    settings: dict[str, int]
    screened: dict[str, float] = field(default_factory=dict)
    complete: bool = False  # a guess for every feedback path: the game needs no search
    format: int = TREE_FORMAT
    book: dict[str, str] = field(default_factory=dict)  # shipped trees: command, commit, list

    @property
    def mean(self) -> float:
        return self.total / self.n_words

    def guess(self, history: Sequence[int]) -> str | None:
        """The prepared guess after these feedback codes (None past the prepared levels)."""
        if not history:
            return self.first
        return self.moves.get(".".join(map(str, history)))

    def save(self, path: Path) -> None:
        """Write the tree atomically, gzipped when the name ends in ``.gz``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({**asdict(self), "mean": self.mean}, separators=(",", ":"))
        data = gzip.compress(text.encode(), 9, mtime=0) if path.suffix == ".gz" else text.encode()
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tree")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)  # readable by players running as another user, and in a wheel
        os.replace(tmp, path)

    @classmethod
    def of(cls, data: dict[str, Any] | None) -> Prepared | None:
        """The tree a JSON object describes, or None when it is not a tree of this format."""
        if not isinstance(data, dict) or data.get("format") != TREE_FORMAT:
            return None
        try:
            return cls(**{k: v for k, v in data.items() if k != "mean"})
        except TypeError:
            return None

    @classmethod
    def load(cls, path: Path) -> Prepared | None:
        """The tree in ``path``, or None when there is none (or it is unreadable or stale)."""
        try:
            return cls.of(json.loads(path.read_text()))
        except (OSError, ValueError):
            return None


def load_tree(words: Sequence[str], directory: Path | None = None) -> Prepared | None:
    """The prepared tree of exactly these words, if one was prepared or ships with sleuth."""
    key = list_key(words)
    tree = Prepared.load(tree_path(words, directory))
    if tree is None and directory is None:
        tree = Prepared.of(shipped_tree(len(words[0]), key))
    if tree is None or tree.key != key or tree.n_words != len(words):
        return None
    return tree


def save_book(tree: Prepared, folder: Path, command: str, source: str) -> Path:
    """Write ``tree`` as the shipped tree of its length into ``folder``, recording the command
    that built it, the commit of the code and the list."""
    book = {"command": command, "commit": _commit(), "list": source,
            "date": time.strftime("%Y-%m-%d", time.gmtime())}
    path = book_path(tree.length, folder)
    replace(tree, book=book).save(path)
    return path


def _commit() -> str:
    """The git commit of this source tree, or the package version outside a checkout."""
    import subprocess
    from importlib.metadata import version

    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).parent, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return f"sleuth {version('sleuth')}"


class _Journal:
    """Finished work of an interrupted preparation, one JSON line per result."""

    def __init__(self, path: Path, settings: Settings) -> None:
        self.path = path
        self.done: dict[str, Any] = {}
        self.before = 0.0  # seconds spent by earlier, interrupted runs
        self.start = time.perf_counter()
        head = {"kind": "settings", **asdict(settings)}
        try:
            lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        except (OSError, ValueError):
            lines = []
        if lines and lines[0] == head:
            self.done = {line["id"]: line["result"] for line in lines[1:] if "id" in line}
            self.before = max((line.get("seconds", 0.0) for line in lines[1:]), default=0.0)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(head) + "\n")

    @property
    def seconds(self) -> float:
        """Time spent on this preparation, interrupted runs included."""
        return self.before + time.perf_counter() - self.start

    def add(self, ident: str, result: Any) -> None:
        self.done[ident] = result
        with self.path.open("a") as f:
            f.write(json.dumps({"id": ident, "result": result, "seconds": self.seconds}) + "\n")


def _batches(parts: list[tuple[int, np.ndarray]], n: int) -> list[list[tuple[int, np.ndarray]]]:
    """``parts`` dealt into about ``n`` batches of similar work (big classes spread out)."""
    order = sorted(parts, key=lambda p: -p[1].size)
    batches: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(min(n, len(order)) or 1)]
    for i, part in enumerate(order):
        batches[i % len(batches)].append(part)
    return batches


class Runner(NamedTuple):
    """Where the batches run: ``submit`` and ``as_completed``; then ``close`` (the workers
    finish) or ``abort`` (they are ended at once, as on Ctrl-C)."""

    submit: Callable
    as_completed: Callable
    close: Callable[[], None]
    abort: Callable[[], None]


def _runner(workers: int, cluster: object | None) -> Runner:
    """A :class:`Runner` on a process pool or a Dask cluster."""
    if cluster is not None:
        from distributed import Client, as_completed

        own = isinstance(cluster, str)
        client = Client(cluster) if own else cluster
        close = client.close if own else (lambda: None)
        return Runner(lambda fn, *a: client.submit(fn, *a, pure=False), as_completed, close,
                      close)
    import multiprocessing

    from sleuth.solve.search import ignore_sigint, sigint_blocked

    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=ignore_sigint)

    def submit(fn: Callable, *args: object) -> object:
        with sigint_blocked():  # the pool starts its processes as tasks come
            return pool.submit(fn, *args)

    def abort() -> None:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    return Runner(submit, futures_completed, lambda: pool.shutdown(cancel_futures=True), abort)


def _tree_total(game: Game, first: int, journal: _Journal, prefix: str, deep: bool, exact: int,
                width: int, runner: Runner, progress: Progress | None) -> tuple[float, dict]:
    """Total score of the tree under ``first`` and its moves, searched in batches."""
    parts = [(c, p) for c, p in game.partition(first, game.start().candidates)
             if c != game.solved]
    batches = _batches(parts, BATCHES)
    todo = [i for i in range(len(batches)) if f"{prefix}:{i}" not in journal.done]
    words = list(game.secret_labels)
    futures = {runner.submit(class_job, words, exact, width, batches[i], deep): i for i in todo}
    for n, future in enumerate(runner.as_completed(futures), 1):
        journal.add(f"{prefix}:{futures[future]}", future.result())
        if progress is not None:
            progress(prefix, len(batches) - len(todo) + n, len(batches))
    total = lingo_points(1) * bool(np.isin(first, game.guess_of_secret(game.start().candidates)))
    moves: dict[str, str] = {}
    for i in range(len(batches)):
        for item in journal.done[f"{prefix}:{i}"]:
            total += item["total"]
            moves.update(item["moves"])
    return total, moves


def first_choices(game: Game, top: int) -> list[int]:
    """The ``top`` first guesses by number of classes and by entropy, best first."""
    stats = game.stats(np.arange(len(game.guesses)), game.start().candidates)
    by_classes = np.argsort(-stats[:, fb.CLASSES], kind="stable")[:top]
    by_entropy = np.argsort(-stats[:, fb.ENTROPY], kind="stable")[:top]
    return list(dict.fromkeys(int(g) for pair in zip(by_classes, by_entropy, strict=True)
                              for g in pair))


def size_values(journal: _Journal, n: int) -> np.ndarray:
    """Expected score of a class by its size (0..n), interpolated from the classes screened."""
    found = [(item["size"], item["total"] / item["size"]) for ident, items in journal.done.items()
             if ident.startswith("screen-") for item in items if item.get("size")]
    sizes = np.arange(n + 1, dtype=np.float64)
    if not found:
        return sizes
    size, per = np.array(found, dtype=np.float64).T
    known = np.unique(size)
    mean = np.array([per[size == s].mean() for s in known])
    return sizes * np.interp(np.log(np.maximum(sizes, 1)), np.log(known), mean)


def refined_choices(game: Game, journal: _Journal, done: list[int], settings: Settings
                    ) -> list[int]:
    """The ``refine`` best first guesses not yet screened, by the sum of their classes' values
    as the screens so far measured them by size (plus the guess's own word at once)."""
    n = len(game.secrets)
    ctx = endgame.context(game.guesses, int(game.solved))
    value = endgame.class_sums(ctx, game.secrets, size_values(journal, n))
    value[game.guess_of_secret(game.start().candidates)] += 100.0 * (6 - 1)
    value[done] = -np.inf
    return [int(g) for g in np.argsort(-value, kind="stable")[:settings.refine]]


def prepare(words: Sequence[str], settings: Settings | None = None, *, workers: int | None = None,
            cluster: object | None = None, directory: Path | None = None,
            progress: Progress | None = None) -> Prepared:
    """Prepare (or resume preparing) the tree of one length's words and save it.

    The work runs on a thread of its own and the workers, so that Ctrl-C is answered at once:
    the worker processes are ended, the batches finished so far kept for a resume."""
    words = sorted(set(words))
    settings = settings or Settings.for_length(len(words[0]))
    runner = _runner(workers or os.cpu_count() or 1, cluster)  # one pool for every stage
    try:
        return interruptible(lambda: _prepare(words, settings, runner, directory, progress))
    except BaseException:
        runner.abort()
        raise


def _prepare(words: list[str], settings: Settings, runner: Runner, directory: Path | None,
             progress: Progress | None) -> Prepared:
    """The work of :func:`prepare` (its workers keep their memo from stage to stage)."""
    path = tree_path(words, directory)
    journal = _Journal(path.with_suffix(".partial.jsonl"), settings)
    game = word_game(words, max_attempts=ATTEMPTS)
    screened: dict[str, float] = {}
    choices = first_choices(game, settings.top)

    def screen(firsts: Iterable[int]) -> None:
        for first in firsts:
            total, _ = _tree_total(game, first, journal, f"screen-{first}", False,
                                   settings.screen_exact, settings.screen_width, runner,
                                   progress)
            screened[game.guess_labels[first]] = total / len(words)

    if len(choices) > 1:
        screen(choices)
        if settings.refine:
            screen(refined_choices(game, journal, choices, settings))
    best = max(screened, key=screened.__getitem__) if screened else \
        game.guess_labels[choices[0]]
    first = game.guess_index(best)
    total, moves = _tree_total(game, first, journal, f"tree-{first}", True, settings.exact,
                               settings.width, runner, progress)
    runner.close()
    tree = complete(game, Prepared(len(words[0]), list_key(words), len(words), best, moves,
                                   total, 0.0, asdict(settings), screened))
    tree.seconds = journal.seconds
    tree.save(path)
    path.with_suffix(".partial.jsonl").unlink(missing_ok=True)
    return tree


def complete(game: Game, tree: Prepared) -> Prepared:
    """The tree with a guess for every feedback path, found by playing it against every word."""
    played = evaluate(game, TreePlayer(given=tree), keep_tree=True)
    moves: dict[str, str] = {}

    def walk(node: Node, path: tuple[int, ...]) -> None:
        if path:
            moves[".".join(map(str, path))] = game.guess_labels[node.guess]
        for code, child in node.children.items():
            if child is not None:
                walk(child, (*path, code))

    walk(played.root, ())
    return replace(tree, moves=moves, complete=True)


# -- playing by the tree ------------------------------------------------------------------------


@dataclass
class TreePlayer:
    """Play by the prepared tree of the game's words when there is one, and past its levels (or
    without one) by the end-game search on the fly."""

    directory: Path | None = None
    given: Prepared | None = None
    name: str = "prepared"
    _trees: dict[int, tuple[Prepared | None, endgame.Context]] = field(default_factory=dict,
                                                                       repr=False)

    def prepared(self, game: Game) -> tuple[Prepared | None, endgame.Context]:
        """The game's tree (None if not prepared) and a search context, found once per game."""
        if id(game) not in self._trees:
            words = list(game.secret_labels)
            tree = self.given if self.given is not None and self.given.key == list_key(words) \
                else load_tree(words, self.directory)
            settings = Settings(**tree.settings) if tree else Settings()
            ctx = endgame.context(game.guesses, int(game.solved), exact=settings.exact,
                                  width=settings.width)
            self._trees[id(game)] = tree, ctx
        return self._trees[id(game)]

    def choose(self, game: Game, position: Position) -> int:
        tree, ctx = self.prepared(game)
        if tree is not None:
            word = tree.guess([code for _, code in position.history])
            if word is not None:
                return game.guess_index(word)
        left = game.max_cost - position.cost
        if left >= 5 or (left == 4 and position.candidates.size > ON_THE_FLY):
            from sleuth.core.strategies import Greedy

            return Greedy("entropy").choose(game, position)
        return endgame.best_value(ctx, game.secrets, position.candidates,
                                  game.guess_of_secret(position.candidates),
                                  points(position.cost))[1]
