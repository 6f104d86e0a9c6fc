"""Prepared Lingo trees: the top of the best-score decision tree, computed ahead of the games.

For one word list and length, preparation screens the most promising first guesses (best by
number of classes and by entropy) with a cheap search, keeps the best, and then searches every
class of that first guess with four attempts left (:mod:`endgame`), recording the second
guess per first feedback and the third per pair of feedbacks; the game is then played through
against every word so that the tree holds a guess for every feedback path. The result is a tree
file (:mod:`sleuth.core.treefile`) in the cache folder, named by a hash of the (sorted) words,
that the player reads; it also holds the tree's exact total score, so the mean score of the list
is known without replaying a game.

Work is split into batches of classes run on all cores (or a Dask cluster), each finished batch
appended to a ``.partial.jsonl`` file beside the tree so an interrupted run resumes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from sleuth.core import treefile
from sleuth.core.game import Game, Position
from sleuth.core.journal import Form, Journal, open_journal
from sleuth.core.parallel import cores, interruptible, on_threads
from sleuth.core.split import CLASSES, ENTROPY
from sleuth.core.strategies import Strategy
from sleuth.core.tree import TreePlayer, evaluate, from_labels, to_labels
from sleuth.core.treefile import TreeFileError
from sleuth.games.lingo import endgame
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.quick import book_path, list_key, read_tree, shipped_tree, tree_path
from sleuth.games.lingo.rules import ATTEMPTS, points
from sleuth.words import feedback as fb

if TYPE_CHECKING:
    from sleuth.solve.runner import Cluster, Workers

PROVE_SECONDS = 300.0  # for the proof after the tree's opening (most of it counting lost games)
ON_THE_FLY = 150  # largest set searched with four attempts left during a game
BATCHES = 48  # work units per tree, fixed so that a resumed run finds the same ones
Progress = Callable[[str, int, int], None]  # (stage, done, total), from each stage's start
T = TypeVar("T")


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


def points_left(used: int) -> np.ndarray:
    """Points of the attempts left after ``used`` attempts (Lingo's 100 * (6 - attempt))."""
    return np.array([points(a) for a in range(used + 1, ATTEMPTS + 1)], dtype=np.float64)


# -- one process's searcher ---------------------------------------------------------------------

_GAMES: dict[tuple[str, int, int], tuple[Game, endgame.Context]] = {}


def searcher(words: Sequence[str], exact: int, width: int) -> tuple[Game, endgame.Context]:
    """The game of these words and a search context with these limits, built once per process."""
    key = (list_key(words), exact, width)
    if key not in _GAMES:
        game = lingo_game(list(words))
        _GAMES[key] = game, endgame.context(game.guesses, fb.solved_code(len(words[0])),
                                            exact=exact, width=width)
    return _GAMES[key]


def best_guess(game: Game, ctx: endgame.Context, cands: np.ndarray, used: int,
               floor: float | None = None) -> tuple[float, int]:
    """The best total score of ``cands`` with ``used`` attempts spent, and its guess (with a
    ``floor``: ``(floor, -1)`` when no guess beats it; see :func:`endgame.best_value`)."""
    return endgame.best_value(ctx, game.secrets, cands, game.guess_of_secret(cands),
                              points_left(used), floor)


def class_job(words: Sequence[str], exact: int, width: int,
              batch: list[tuple[int, np.ndarray]], deep: bool,
              floor: float | None = None) -> list[dict[str, Any]]:
    """Search each class of the first guess with four attempts left; with ``deep`` also record
    the third guess of every class the second guess leaves. With a ``floor`` (one class: what
    a tree reaches there), a class no guess beats it in gets that total and no moves."""
    game, ctx = searcher(words, exact, width)
    out = []
    for code, cands in batch:
        value, second = best_guess(game, ctx, cands, 1, floor)
        moves = {} if second < 0 else _class_moves(game, ctx, code, cands, second, deep)
        out.append({"code": int(code), "size": int(cands.size), "total": value,
                    "moves": moves})
    return out


def _class_moves(game: Game, ctx: endgame.Context, code: int, cands: np.ndarray, second: int,
                 deep: bool) -> dict[str, str]:
    """The second guess of the class after first feedback ``code`` and, with ``deep``, the
    best third guess of every class it leaves, as tree paths."""
    moves = {str(code): game.guess_labels[second]}
    if deep:
        for code2, part in game.partition(second, cands):
            if code2 != game.solved and part.size > 1:
                third = best_guess(game, ctx, part, 2)[1]
                moves[f"{code}.{code2}"] = game.guess_labels[third]
    return moves


# -- the preparation ----------------------------------------------------------------------------


@dataclass
class Prepared:
    """A prepared tree (nodes as in :mod:`sleuth.core.treefile`), its exact total score and how
    it was made."""

    length: int
    key: str
    n_words: int
    tree: dict[str, Any]
    total: float
    seconds: float
    settings: dict[str, int]
    screened: dict[str, float] = field(default_factory=dict)
    complete: bool = False  # a guess for every feedback path: the game needs no search
    book: dict[str, Any] = field(default_factory=dict)  # shipped trees: command, commit, list
    opening: float | None = None  # proven: no strategy opening with this first guess totals more
    opening_seconds: float | None = None  # what that proof was given (--prove-seconds)

    @property
    def first(self) -> str:
        return str(self.tree["guess"])

    @property
    def mean(self) -> float:
        return self.total / self.n_words

    @property
    def optimal_after_opening(self) -> bool:
        """Whether no strategy opening with this tree's first guess scores more."""
        return self.opening is not None and self.opening <= self.total + 1e-6

    @property
    def proof_seconds(self) -> float | None:
        """The seconds its proof after the opening had (None: not proven; PROVE_SECONDS when
        its file is from before they were recorded)."""
        if self.opening is None:
            return None
        return PROVE_SECONDS if self.opening_seconds is None else self.opening_seconds

    def document(self) -> dict[str, Any]:
        """The tree file of this tree: the one format, Lingo's figures in its header."""
        extra: dict[str, Any] = {"length": self.length, "total": self.total,
                                 "complete": self.complete, "seconds": self.seconds,
                                 "settings": self.settings, "screened": self.screened}
        if self.book:
            extra["book"] = self.book
        if self.opening is not None:
            extra["opening"] = self.opening
        if self.opening_seconds is not None:
            extra["opening_seconds"] = self.opening_seconds
        return treefile.document(self.tree, game="lingo", key=self.key, secrets=self.n_words,
                                 mean=self.mean, measure="points", **extra)

    def save(self, path: Path) -> None:
        """Write the tree file atomically, gzipped when the name ends in ``.gz``."""
        treefile.write(path, self.document())

    @classmethod
    def of(cls, doc: dict[str, Any]) -> Prepared | None:
        """The prepared tree of a Lingo tree document, or None when it lacks Lingo's figures."""
        try:
            tree = cls(doc["length"], doc["key"], doc["secrets"], doc["tree"],
                       float(doc["total"]), float(doc.get("seconds", 0.0)), doc["settings"],
                       doc.get("screened", {}), bool(doc.get("complete")), doc.get("book", {}),
                       _number(doc.get("opening")), _number(doc.get("opening_seconds")))
            Settings(**tree.settings)
        except (KeyError, TypeError, ValueError):
            return None
        return tree

    @classmethod
    def load(cls, path: Path) -> Prepared | None:
        """The tree in ``path``, or None when there is none (or it is unreadable or stale)."""
        try:
            return cls.of(read_tree(path))
        except (OSError, TreeFileError):
            return None


def _number(value: Any) -> float | None:
    """An optional figure of a tree file (a ValueError or TypeError when not a number)."""
    return None if value is None else float(value)


def needs_proof(tree: Prepared, seconds: float) -> bool:
    """Whether ``tree`` is to be proven after its opening with ``seconds``: it never was, or
    its proof had fewer seconds (PROVE_SECONDS when its file does not say) and left a gap."""
    return seconds > 0 and not tree.optimal_after_opening and (
        tree.proof_seconds is None or seconds > tree.proof_seconds)


def load_tree(words: Sequence[str], directory: Path | None = None) -> Prepared | None:
    """The prepared tree of exactly these words, if one was prepared or ships with sleuth."""
    key = list_key(words)
    tree = Prepared.load(tree_path(words, directory))
    if tree is None and directory is None:
        shipped = shipped_tree(len(words[0]), key)
        tree = None if shipped is None else Prepared.of(shipped)
    if tree is None or tree.key != key or tree.n_words != len(words):
        return None
    return tree


def proven_opening(game: Game) -> dict[int, float]:
    """The bound ``prepare`` proved after the first guess of the game's prepared tree, by that
    guess (empty when the words have no tree or it was never proven): for
    :func:`scoring.deep_bound`'s ``proven``."""
    tree = load_tree(game.secret_labels)
    if tree is None or tree.opening is None:
        return {}
    return {game.guess_index(tree.first): float(tree.opening)}


def save_book(tree: Prepared, folder: Path, command: str, source: str) -> Path:
    """Write ``tree`` as the shipped tree of its length into ``folder``, recording the command
    that built it (or proved it, with the book it had before), the commit and the list; a
    folder already holding this very tree is left as it is."""
    path = book_path(tree.length, folder)
    if Prepared.load(path) == tree:
        return path
    book: dict[str, Any] = {"command": command, "commit": _commit(), "list": source,
                            "date": time.strftime("%Y-%m-%d", time.gmtime())}
    if tree.book:
        book["before"] = tree.book
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


def _check_batch(record: dict[str, Any]) -> None:
    """A ValueError unless ``record`` is the settings or a finished batch."""
    if record.get("kind") != "settings" and not (
            isinstance(record.get("id"), str) and "result" in record
            and isinstance(record.get("seconds"), int | float)):
        raise ValueError("not a finished batch of a preparation")


#: The journal of a preparation: its settings, then each finished batch and the time so far.
PARTIAL = Form("preparation journal", lambda record: record.get("kind") == "settings",
               _check_batch, header="settings line")


class _Finished:
    """The finished batches of a preparation, resumed from its journal and added to it."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        records = [record for record in journal.found.records if "id" in record]
        self.done: dict[str, Any] = {record["id"]: record["result"] for record in records}
        self.before = max((record["seconds"] for record in records), default=0.0)  # earlier runs
        self.start = time.perf_counter()

    @property
    def seconds(self) -> float:
        """Time spent on this preparation, interrupted runs included."""
        return self.before + time.perf_counter() - self.start

    def add(self, ident: str, result: Any) -> None:
        self.done[ident] = result
        self.journal.append({"id": ident, "result": result, "seconds": self.seconds})


def _batches(parts: list[tuple[int, np.ndarray]], n: int) -> list[list[tuple[int, np.ndarray]]]:
    """``parts`` dealt into about ``n`` batches of similar work (big classes spread out)."""
    order = sorted(parts, key=lambda p: -p[1].size)
    batches: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(min(n, len(order)) or 1)]
    for i, part in enumerate(order):
        batches[i % len(batches)].append(part)
    return batches


class _Stage:
    """A stage of a preparation: its work done out of its total, told to ``progress`` from its
    start (work finished by an earlier run already counted) and as each piece finishes."""

    def __init__(self, name: str, total: int, done: int, progress: Progress | None) -> None:
        self.name, self.total, self.done, self.progress = name, total, done, progress
        self.tick(0)

    def tick(self, n: int = 1) -> None:
        """``n`` more pieces done."""
        self.done += n
        if self.progress is not None:
            self.progress(self.name, self.done, self.total)


def _first_batches(game: Game, first: int) -> list[list[tuple[int, np.ndarray]]]:
    """The batches of the classes of the first guess ``first`` (each class with its code)."""
    parts = [(c, p) for c, p in game.partition(first, game.start().candidates)
             if c != game.solved]
    return _batches(parts, BATCHES)


def _stage(name: str, plan: dict[str, list], journal: _Finished,
           progress: Progress | None) -> _Stage:
    """The stage searching the batches of ``plan`` (by prefix), counting those done before."""
    ids = [f"{prefix}:{i}" for prefix, batches in plan.items() for i in range(len(batches))]
    return _Stage(name, len(ids), sum(ident in journal.done for ident in ids), progress)


def _tree_total(game: Game, first: int, batches: list[list[tuple[int, np.ndarray]]],
                journal: _Finished, prefix: str, deep: bool, exact: int, width: int,
                runner: Workers, stage: _Stage) -> tuple[float, dict]:
    """Total score of the tree under ``first`` and its moves, searched in ``batches``."""
    todo = [i for i in range(len(batches)) if f"{prefix}:{i}" not in journal.done]
    futures = {runner.submit(class_job, runner.ref, exact, width, batches[i], deep): i
               for i in todo}
    for future in runner.as_completed(futures):
        journal.add(f"{prefix}:{futures[future]}", future.result())
        stage.tick()
    total = points(1) * bool(np.isin(first, game.guess_of_secret(game.start().candidates)))
    moves: dict[str, str] = {}
    for i in range(len(batches)):
        for item in journal.done[f"{prefix}:{i}"]:
            total += item["total"]
            moves.update(item["moves"])
    return total, moves


def first_choices(game: Game, top: int) -> list[int]:
    """The ``top`` first guesses by number of classes and by entropy, best first."""
    stats = game.stats(np.arange(len(game.guesses)), game.start().candidates)
    by_classes = np.argsort(-stats[:, CLASSES], kind="stable")[:top]
    by_entropy = np.argsort(-stats[:, ENTROPY], kind="stable")[:top]
    return list(dict.fromkeys(int(g) for pair in zip(by_classes, by_entropy, strict=True)
                              for g in pair))


def size_values(journal: _Finished, n: int) -> np.ndarray:
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


def refined_choices(game: Game, journal: _Finished, done: list[int], settings: Settings
                    ) -> list[int]:
    """The ``refine`` best first guesses not yet screened, by the sum of their classes' values
    as the screens so far measured them by size (plus the guess's own word at once)."""
    n = len(game.secrets)
    ctx = endgame.context(game.guesses, game.solved_code())
    value = endgame.class_sums(ctx, game.secrets, size_values(journal, n))
    value[game.guess_of_secret(game.start().candidates)] += points(1)
    value[done] = -np.inf
    return [int(g) for g in np.argsort(-value, kind="stable")[:settings.refine]]


def prepare(words: Sequence[str], settings: Settings | None = None, *, workers: int | None = None,
            cluster: Cluster = None, directory: Path | None = None,
            progress: Progress | None = None, prove_seconds: float = PROVE_SECONDS) -> Prepared:
    """Prepare (or resume preparing) the tree of one length's words and save it; a tree
    already there with these settings is only proven after its opening (:func:`improved`)
    when it was not yet.

    The work runs on a thread of its own and the workers, so that Ctrl-C is answered at once:
    the worker processes are ended, the batches finished so far kept for a resume."""
    words = sorted(set(words))
    settings = settings or Settings.for_length(len(words[0]))
    from sleuth.solve.runner import workers_for

    runner = workers_for(workers or cores(), cluster, words)  # one pool for every stage
    try:
        return interruptible(lambda: _prepare(words, settings, runner, directory, progress,
                                              prove_seconds))
    except BaseException:
        runner.abort()
        raise


def _prepare(words: list[str], settings: Settings, runner: Workers, directory: Path | None,
             progress: Progress | None, prove_seconds: float) -> Prepared:
    """The work of :func:`prepare` (its workers keep their memo from stage to stage): the
    tree searched (or the one already there taken), then proven after its opening."""
    path = tree_path(words, directory)
    partial = path.with_suffix(".partial.jsonl")
    partial.parent.mkdir(parents=True, exist_ok=True)
    head = {"kind": "settings", **asdict(settings)}
    tree = load_tree(words, directory)
    if tree is None or tree.settings != asdict(settings):
        with open_journal(partial, head, PARTIAL, afresh=True) as journal:
            tree = _search(words, settings, runner, _Finished(journal), progress)
        tree.save(path)  # a stop in the proof below keeps the tree
        partial.unlink(missing_ok=True)
    if needs_proof(tree, prove_seconds):
        tree = improved(lingo_game(words), tree, prove_seconds, runner, progress)
        tree.save(path)
    runner.close()
    return tree


def _search(words: list[str], settings: Settings, runner: Workers, journal: _Finished,
            progress: Progress | None) -> Prepared:
    """The tree of :func:`_prepare`, its finished batches kept in ``journal``."""
    game = lingo_game(words)
    screened: dict[str, float] = {}
    choices = first_choices(game, settings.top)

    def screen(name: str, firsts: list[int]) -> None:
        plan = {f"screen-{first}": _first_batches(game, first) for first in firsts}
        stage = _stage(name, plan, journal, progress)
        for first in firsts:
            total, _ = _tree_total(game, first, plan[f"screen-{first}"], journal,
                                   f"screen-{first}", False, settings.screen_exact,
                                   settings.screen_width, runner, stage)
            screened[game.guess_labels[first]] = total / len(words)

    if len(choices) > 1:
        screen("screening", choices)
        if settings.refine:
            screen("screening more", refined_choices(game, journal, choices, settings))
    best = max(screened, key=screened.__getitem__) if screened else \
        game.guess_labels[choices[0]]
    first = game.guess_index(best)
    plan = {f"tree-{first}": _first_batches(game, first)}
    total, moves = _tree_total(game, first, plan[f"tree-{first}"], journal, f"tree-{first}",
                               True, settings.exact, settings.width, runner,
                               _stage("searching", plan, journal, progress))
    tree = complete(game, Prepared(len(words[0]), list_key(words), len(words),
                                   treefile.from_paths(best, moves), total, 0.0,
                                   asdict(settings), screened),
                    _Stage("completing", len(words), 0, progress).tick)
    tree.seconds = journal.seconds
    return tree


def improved(game: Game, tree: Prepared, seconds: float, runner: Workers,
             progress: Progress | None = None) -> Prepared:
    """``tree`` proven after its first guess and improved where that finds it short: the proof
    (:func:`scoring.opening_proof`, ``seconds`` to count lost games in the classes of more
    than :func:`endgame.filtered` words) starts each class from what the tree reaches there;
    the smaller classes short of their bound are then searched over every word on the workers
    (a guess only as far as counting lost games, then its search, leave it able to beat what
    the tree reaches there), smallest first, for as long again (the searches still running
    then are ended); each exact value replaces its class's bound, and each one that beats the
    tree is grafted in. The bound is recorded (the lower of it and one recorded before, both
    sound), with ``seconds``: when the tree meets it, no strategy opening with this guess
    scores more."""
    from sleuth.games.lingo.scoring import class_totals, opening_proof

    start, first = time.perf_counter(), game.guess_index(tree.first)
    known = class_totals(game, first, evaluate(game, PreparedStrategy(given=tree)).scores())
    code_of = {int(p[0]): c for c, p in game.partition(first, game.start().candidates)}
    searched = endgame.filtered(game.guesses)
    bound, found = _timed("proving after the opening", seconds, lambda: opening_proof(
        game, first, seconds=seconds, reached=tree.total, known=known, full=False,
        leave=searched), progress)
    short = [(part, cap) for part, cap in found.short if part.size <= searched]
    deadline = time.perf_counter() + seconds
    stage = _Stage("searching every word", len(short), 0, progress if short else None)
    pending = {runner.submit(class_job, runner.ref, 0, 0, [(code_of[int(part[0])], part)], True,
                             known[int(part[0])]): (part, cap)
               for part, cap in short}  # candidates are 0..n-1: parts are secrets
    total, moves = bound.total, {}
    while pending and time.perf_counter() < deadline:
        for future in [f for f in pending if f.done()]:
            part, cap = pending.pop(future)
            item = future.result()[0]
            total -= cap - item["total"]
            if item["total"] > known[int(part[0])]:
                moves.update(item["moves"])
            stage.tick()
        time.sleep(0.1)
    if pending:  # the time is up: the searches still running are ended
        runner.abort()
    new = complete(game, replace(tree, tree=_grafted(tree.tree, moves))) if moves else tree
    if new.total < tree.total - 1e-6:  # cannot happen: each graft was searched exactly
        raise AssertionError(f"grafting lowered the tree's total: {tree.total} to {new.total}")
    if tree.opening is not None:
        total = min(total, tree.opening)
    return replace(new, opening=total, opening_seconds=seconds,
                   seconds=tree.seconds + time.perf_counter() - start)


def _grafted(tree: dict[str, Any], moves: dict[str, str]) -> dict[str, Any]:
    """``tree`` with the subtree after each first feedback in ``moves`` replaced by those
    moves (their own second and third guesses; the rest is completed by playing)."""
    out = {**tree, "next": dict(tree.get("next", {}))}
    fresh = treefile.from_paths(str(tree["guess"]), moves)
    out["next"].update(fresh.get("next", {}))
    return out


def _timed(name: str, seconds: float, work: Callable[[], T], progress: Progress | None) -> T:
    """``work()`` on a thread of its own (:func:`on_threads`: Ctrl-C answered at once), told
    to ``progress`` each second as seconds out of ``seconds``."""
    total, start, told = max(1, int(seconds)), time.perf_counter(), [-1]

    def tell(now: int) -> None:
        if progress is not None and now > told[0]:
            progress(name, now, total)
            told[0] = now

    tell(0)
    value = on_threads(lambda _: work(), [None],
                       tick=lambda: tell(min(total - 1, int(time.perf_counter() - start))))[0]
    tell(total)
    return value


def complete(game: Game, tree: Prepared, progress: Callable[[int], None] | None = None
             ) -> Prepared:
    """The tree with a guess for every feedback path, found by playing it against every word
    (``progress(n)``: n more words played)."""
    played = evaluate(game, PreparedStrategy(given=tree), keep_tree=True, progress=progress)
    assert played.root is not None
    return replace(tree, tree=to_labels(game, played.root), complete=True,
                   total=float(played.scores().sum()))


# -- playing by the tree ------------------------------------------------------------------------


@dataclass
class OnTheFly:
    """Lingo's search during a game: greedy entropy where the end-game search would take too
    long (five attempts left, or four and over ON_THE_FLY candidates), else that search."""

    settings: Settings = field(default_factory=Settings)
    name: str = "on-the-fly"
    _contexts: dict[int, endgame.Context] = field(default_factory=dict, repr=False)

    def choose(self, game: Game, position: Position) -> int:
        left = game.max_cost - position.cost
        if left >= 5 or (left == 4 and position.candidates.size > ON_THE_FLY):
            from sleuth.solve.greedy import Greedy

            return Greedy("entropy").choose(game, position)
        if id(game) not in self._contexts:
            self._contexts[id(game)] = endgame.context(game.guesses, game.solved_code(),
                                                       exact=self.settings.exact,
                                                       width=self.settings.width)
        return endgame.best_value(self._contexts[id(game)], game.secrets, position.candidates,
                                  game.guess_of_secret(position.candidates),
                                  points_left(position.cost))[1]


@dataclass
class PreparedStrategy:
    """Lingo's ``prepared`` strategy: the prepared tree of the game's words when there is one
    (played by :class:`sleuth.core.tree.TreePlayer`), off it or without one the search on the
    fly."""

    directory: Path | None = None
    given: Prepared | None = None
    name: str = "prepared"
    _players: dict[int, tuple[Prepared | None, Strategy]] = field(default_factory=dict,
                                                                  repr=False)

    def prepared(self, game: Game) -> tuple[Prepared | None, Strategy]:
        """The game's tree (None if not prepared) and how it is played, found once per game."""
        if id(game) not in self._players:
            words = list(game.secret_labels)
            tree = self.given if self.given is not None and self.given.key == list_key(words) \
                else load_tree(words, self.directory)
            search = OnTheFly(Settings(**tree.settings) if tree else Settings())
            try:
                player: Strategy = search if tree is None else TreePlayer(
                    from_labels(game, tree.tree), self.name, search)
            except ValueError:  # a guess that is no word of this game: the tree is not ours
                tree, player = None, search
            self._players[id(game)] = tree, player
        return self._players[id(game)]

    def choose(self, game: Game, position: Position) -> int:
        return self.prepared(game)[1].choose(game, position)
