"""First guesses: the proven best opener of the shipped lists (from the published figures) or
else the best by a heuristic, each named with its objective; every guess rated as an opener at
once; and the exact search swept over many openers (resumable, each search cut off once it
cannot be among the best few so far; ranked in :mod:`sleuth.games.wordle.ranking`)."""

from __future__ import annotations

import heapq
import inspect
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any, ClassVar, Self

import numpy as np

from sleuth.core.errors import NoStrategy
from sleuth.core.game import Game
from sleuth.core.journal import Form, open_journal, read_journal
from sleuth.core.split import CLASSES, ENTROPY, HIT, LARGEST, SUM_SQ
from sleuth.core.storage import published_table
from sleuth.games.wordle.game import ATTEMPTS, Opening, game_key
from sleuth.games.wordle.hardmode import is_hard
from sleuth.games.wordle.lists import Lists, shipped_lists
from sleuth.games.wordle.ratings import EXACT, OBJECTIVES, check_ranking, green_yellow_scores
from sleuth.words import feedback as fb

#: The published best opener of each shipped list generation, by (list, hard mode): its key in
#: ``data/published.toml`` (the opener is the key's last word).
BEST_OPENERS = {
    ("wordle-original", False): "wordle-original-salet",
    ("wordle-original", True): "wordle-original-hard-salet",
    ("wordle-nyt-2022-08-30", False): "wordle-nyt-2022-08-30-tarse",
    ("wordle-nyt-2022-08-30", True): "wordle-nyt-2022-08-30-hard-salet",
    ("wordle-nyt-2023-07-01", False): "wordle-nyt-2023-07-01-tarse",
    ("wordle-nyt-2023-07-01", True): "wordle-nyt-2023-07-01-hard-tarse",
}
#: The published optima sleuth's own exact search reproduces (tests/games/wordle, bench/wordle.py).
REPRODUCED = frozenset({"wordle-original-salet", "wordle-original-hard-salet"})


@dataclass(frozen=True)
class FirstGuess:
    """A first guess, the objective it serves (:data:`ratings.OBJECTIVES` or ``EXACT``) and
    where it comes from; ``total``: its published exact total over every answer."""

    word: str
    objective: str
    source: str
    total: int | None = None

    def describe(self) -> str:
        """What the guess is and why, in one line: ``SALET: exact optimum (published ...)``."""
        return f"{self.word.upper()}: {self.objective} ({self.source})"


def shipped_name(game: Game) -> str | None:
    """The shipped Wordle list the game plays exactly as published (its answers and guesses,
    every answer counted once, six guesses scored by guesses), else None."""
    if game.weights is not None or game.points is not None or game.max_cost != ATTEMPTS:
        return None
    for name in dict.fromkeys(name for name, _ in BEST_OPENERS):
        lists = _shipped(name)
        if (tuple(game.secret_labels) == lists.answers
                and tuple(game.guess_labels) == lists.guesses):
            return name
    return None


@cache
def _shipped(name: str) -> Lists:
    return shipped_lists(name)


def proven_opener(game: Game, hard: bool | None = None) -> FirstGuess | None:
    """The published best opener of the game's lists and mode (``hard``: default the game's
    own), saying whether sleuth's exact search has reproduced it; None for other lists."""
    name = shipped_name(game)
    if name is None:
        return None
    key = BEST_OPENERS[name, is_hard(game) if hard is None else hard]
    entry = published_table()[key]
    done = "reproduced here" if key in REPRODUCED else "not yet reproduced here"
    source = f"published by {entry['source'].split(' (')[0]}, {done}"
    return FirstGuess(key.rsplit("-", 1)[1], EXACT, source, int(entry["figure"]))


def default_opener(game: Game, hard: bool | None = None, by: str = "expected") -> FirstGuess:
    """The first guess every command plays unless told otherwise: the proven best opener of
    the game's lists, else the best by ``by`` (a heuristic, and said to be one)."""
    proven = proven_opener(game, hard)
    if proven is not None:
        return proven
    table = opener_table(game, by == "green-yellow")
    guess = int(table["index"][rank_openers(table, by)[0]])
    return FirstGuess(game.guess_labels[guess], OBJECTIVES[by],
                      "heuristic: no published optimum for these lists")


def opener_table(game: Game, green_yellow: bool = True) -> dict[str, np.ndarray]:
    """Every guess as a first guess: entropy, expected answers left, worst class, classes,
    and (unless told not to) seed 004's green-yellow points per answer.

    Exact under a uniform prior; with a prior, ``expected`` is the remaining prior mass times
    the number of answers (exact ratings come from :func:`ratings.rate`).
    """
    cands = game.start().candidates
    pool = game.allowed_guesses(game.start())
    stats = game.stats(pool, cands)
    total = float(cands.size if game.weights is None else game.weights.sum())
    counts = stats if game.weights is None else fb.class_stats(game.guesses[pool],
                                                               game.secrets[cands])
    points = green_yellow_scores(game, pool, cands) if green_yellow else np.zeros(pool.size)
    return {
        "index": pool,
        "entropy": stats[:, ENTROPY],
        "expected": (stats[:, SUM_SQ] - stats[:, HIT] ** 2) / total**2 * cands.size,
        "worst": counts[:, LARGEST].astype(np.int64),
        "classes": counts[:, CLASSES].astype(np.int64),
        "chance": stats[:, HIT] / total,
        "green-yellow": points,
    }


def rank_openers(table: dict[str, np.ndarray], by: str = "expected") -> np.ndarray:
    """Rows of :func:`opener_table` best first by a ranking (:data:`ratings.RANKINGS`)."""
    check_ranking(by)
    if by == "entropy":
        return np.lexsort((-table["chance"], -table["entropy"]))
    if by == "expected":
        return np.lexsort((-table["chance"], table["expected"]))
    if by == "green-yellow":
        return np.lexsort((-table["chance"], -table["green-yellow"]))
    return np.lexsort((table["expected"], table["worst"]))


def whole(record: dict[str, Any], key: str) -> bool:
    """Whether ``record[key]`` is a whole number (not a bool).

    >>> whole({"total": 7920}, "total"), whole({"fails": True}, "fails")
    (True, False)
    """
    return isinstance(record.get(key), int) and not isinstance(record[key], bool)


def _check_sweep(record: dict[str, Any]) -> None:
    """A ValueError unless ``record`` is a sweep's header or an opener's total, bound or
    failure."""
    if record.get("type") != "header" and not (
            isinstance(record.get("guess"), str)
            and (whole(record, "total") or whole(record, "at_least")
                 or record.get("fails") is True)):
        raise ValueError("not a record of a sweep")


#: A sweep's journal: a header naming the game, then one line an opener. Files written before
#: it had a header are read too.
SWEEP = Form("sweep", lambda record: record.get("type") == "header", _check_sweep,
             header="sweep header", legacy=True)


def fewest(values: dict[str, int]) -> tuple[str, int] | None:
    """The word with the least value and that value (first by name on a tie), or None.

    >>> fewest({"reast": 7923, "salet": 7920})
    ('salet', 7920)
    """
    if not values:
        return None
    word = min(values, key=lambda w: (values[w], w))
    return word, values[word]


class OpenerRecords:
    """What a sweep's journal (its :attr:`FORM`) says of its openers, one record at a time."""

    FORM: ClassVar[Form]

    def add(self, record: dict[str, Any]) -> None:
        """Count one opener's record (a header is left out)."""
        raise NotImplementedError

    @classmethod
    def of(cls, records: Iterable[dict[str, Any]]) -> Self:
        """What these records say (a header left out)."""
        known = cls()
        for record in records:
            known.add(record)
        return known

    @classmethod
    def load(cls, path: Path) -> Self:
        """The records of an earlier run (none when ``path`` does not exist). A record torn by
        an interrupted run is left out; a file of anything else is refused (ValueError, naming
        the line) rather than appended to."""
        return cls.of(read_journal(path, cls.FORM).records) if path.exists() else cls()


@dataclass
class Sweep(OpenerRecords):
    """A resumable run of the exact search over many first guesses: each opener's exact
    total, or (``at_least``) a proven lower bound when it cannot match the best so far, or
    (``fails``) that it cannot find every answer within the guesses allowed."""

    totals: dict[str, int] = field(default_factory=dict)
    at_least: dict[str, int] = field(default_factory=dict)
    fails: set[str] = field(default_factory=set)
    FORM: ClassVar[Form] = SWEEP

    @property
    def best(self) -> tuple[str, int] | None:
        """The opener with the least exact total so far (first by name on a tie)."""
        return fewest(self.totals)

    def cutoff(self, top: int) -> int | None:
        """The ``top``-th best exact total (ties counted), or None while fewer are known."""
        if len(self.totals) < top:
            return None
        return heapq.nsmallest(top, self.totals.values())[-1]

    def done(self, word: str, top: int = 1) -> bool:
        """Whether ``word`` needs no (more) search to rank the ``top`` best openers: its total
        or failure is known, or its bound is above the ``top``-th best total."""
        if word in self.totals or word in self.fails:
            return True
        if word not in self.at_least:
            return False
        cutoff = self.cutoff(top)
        return cutoff is not None and self.at_least[word] > cutoff

    def add(self, record: dict[str, Any]) -> None:
        """Count one opener's record (a header is left out): a total or a failure replaces a
        bound, and of two bounds the higher is kept, whatever order they come in."""
        if "guess" not in record:
            return
        word = record["guess"]
        if record.get("fails") is True or "total" in record:
            self.at_least.pop(word, None)
            if record.get("fails") is True:
                self.totals.pop(word, None)
                self.fails.add(word)
            else:
                self.fails.discard(word)
                self.totals[word] = record["total"]
        elif word not in self.totals and word not in self.fails:
            self.at_least[word] = max(record["at_least"], self.at_least.get(word, 0))


def sweep_header(game: Game, sweep: str = "exact totals of first guesses") -> dict[str, Any]:
    """The first line of a sweep's file: what it finds and the game it sweeps, which a resume
    must match."""
    return {"type": "header", "sweep": sweep, "game": game_key(game),
            "answers": len(game.secrets), "guesses": len(game.guesses), "hard": is_hard(game),
            "attempts": game.max_cost}


def sweep_openers(game: Game, openers: Sequence[str], path: Path, *,
                  search: Callable[..., Any] | None = None,
                  on_result: Callable[[str, int | None, Sweep], None] | None = None,
                  on_estimate: Callable[[int, int], None] | None = None,
                  cut: bool = True, top: int = 1, **options: Any) -> Sweep:
    """Exact totals of the ``top`` best of ``openers`` (best first is fastest: see
    :func:`sweep_order`), appended to ``path`` as they finish and resumed from it (recorded
    openers are skipped; a file of another game is refused, naming the difference).

    With ``cut`` and no ``search`` given, while fewer than ``top`` exact totals are known, the
    first openers still to search are put in order of the greedy player's total after each
    (:func:`estimated_first`; ``on_estimate(done, of)`` is told as it goes), so that the best
    are searched, and the cut tightens, early.

    With ``cut`` (and a search taking ``upper``, like :func:`sleuth.solve.search.optimal_mean`),
    once ``top`` exact totals are known each search is told the ``top``-th best plus one: an
    opener that cannot match it stops as soon as that is proven and is recorded with the proven
    bound as ``at_least``; openers tying it are searched to the end, so the ``top`` best and
    every opener tying them have exact totals. Before that, passes cut at the best so far
    plus each share of :data:`PROVISIONAL` in turn, each searching again what the one before
    left undecided, and a last pass cuts at nothing; a bound recorded with a smaller ``top``
    that is not above the new ``top``-th best is searched again too. An opener that cannot
    find every answer within the game's guesses is recorded as ``fails``. Without a
    ``cluster`` the openers are searched side by side, one per worker process (``workers``,
    default all cores). Once the ``top``-th best is known, the order no longer matters and the
    rest go by their letters (:class:`Lanes`), each worker through a stretch of its own.
    """
    from sleuth.solve.search import optimal_mean

    if top < 1:
        raise ValueError(f"top must be at least 1, not {top}")
    run: Callable[..., Any] = optimal_mean if search is None else search
    cut = cut and "upper" in inspect.signature(run).parameters
    side_by_side = _side_by_side(search, options)
    with open_journal(path, sweep_header(game), SWEEP) as journal:
        sweep = Sweep.of(journal.found.records)
        if cut and search is None and sweep.cutoff(top) is None:
            openers = estimated_first(game, [w for w in openers if not sweep.done(w, top)],
                                       side_by_side, on_estimate)
        rough = (_rough_total(game, openers[0])  # the exact search's scale, not a given one's
                 if cut and search is None and openers and not sweep.totals else None)
        for margin in (*PROVISIONAL, None):
            # each opener checked as it starts; once the cut is known, neighbours together
            todo = Lanes((word for word in openers if not sweep.done(word, top)),
                         side_by_side, letter_set, lambda: sweep.cutoff(top) is not None)

            def limits(margin: float | None = margin) -> dict[str, Any]:
                cutoff = _cutoff(sweep, top, margin, rough) if cut else None
                return {**options, **({} if cutoff is None else {"upper": cutoff + 1})}

            records = (records_in_workers(game, todo, limits, side_by_side)
                       if side_by_side > 1
                       else (_opener_record(word, run, game, limits())
                             for word in iter(partial(todo.next_for, 0), None)))
            for record in records:
                sweep.add(record)
                journal.append(record)
                if on_result is not None:
                    on_result(record["guess"], sweep.totals.get(record["guess"]), sweep)
    return sweep


#: While fewer than ``top`` exact totals are known, a sweep's passes cut each search at the
#: best total so far plus these shares of it, one pass each (every list generation's 100th
#: best opener is within 1.3% of its best, both modes), then a last pass without: an opener
#: far worse, or one that cannot win but does not show it quickly, costs a bound rather than
#: a full search; a bound a pass leaves not above the ``top``-th best is searched again.
PROVISIONAL = (0.015, 0.06, 0.25)


def _cutoff(sweep: Sweep, top: int, margin: float | None, rough: int | None) -> int | None:
    """The total a search must stay at or below to count: the ``top``-th best, else the best
    so far (or before any, the ``rough`` estimate) plus ``margin`` of it, else None (no cut)."""
    cutoff = sweep.cutoff(top)
    best = sweep.best[1] if sweep.best is not None else rough
    if cutoff is None and margin is not None and best is not None:
        return best + math.ceil(best * margin)
    return cutoff


#: How many table cells the estimate of a fresh sweep's order may read (about a minute on 2
#: cores): the first openers whose greedy totals fit in it are put in order of them, the rest
#: follow as given. The greedy player reads about (guesses it tries + 1) x answers cells an
#: opener; so on the nyt-2023-07-01 lists the first 640 in normal mode and every opener in
#: hard mode, whose player tries only the candidates (``bench/results/sweep-order.md``).
ESTIMATE_CELLS = 30_000_000_000


def estimated_count(game: Game) -> int:
    """How many of its first openers a fresh sweep puts in order of the greedy estimate: as
    many as :data:`ESTIMATE_CELLS` allows, the player trying every guess (hard mode: only the
    candidates)."""
    tried = 1 if game.allowed is not None else len(game.guesses)
    return max(1, ESTIMATE_CELLS // ((tried + 1) * len(game.secrets)))


def estimated_first(game: Game, openers: list[str], workers: int,
                     on_estimate: Callable[[int, int], None] | None) -> list[str]:
    """``openers`` with as many of the first as :data:`ESTIMATE_CELLS` allows put in order
    of the greedy player's total after each (:func:`sleuth.solve.estimate.greedy_totals`,
    ties as given), the rest after them as given; estimated in ``workers`` processes."""
    head = openers[:estimated_count(game)]
    if len(head) < 2:
        return openers
    totals = _greedy_totals(game, head, workers, on_estimate)
    return [head[i] for i in np.argsort(totals, kind="stable")] + openers[len(head):]


#: Openers a worker estimates at a time (a few seconds of work).
ESTIMATE_CHUNK = 25


def _greedy_totals(game: Game, words: list[str], workers: int,
                   on_estimate: Callable[[int, int], None] | None) -> np.ndarray:
    """The greedy player's total after each of ``words``, in ``workers`` processes
    (:data:`ESTIMATE_CHUNK` at a time) or with one worker here (one at a time), ``on_estimate(
    done, of)`` told as they come."""
    from sleuth.solve.estimate import greedy_totals
    from sleuth.solve.runner import processes

    step = ESTIMATE_CHUNK if workers > 1 else 1  # here: Ctrl-C is seen between openers
    chunks = [words[i:i + step] for i in range(0, len(words), step)]
    if workers <= 1:
        results = (greedy_totals(game, [game.guess_index(w) for w in chunk]) for chunk in chunks)
        return _gathered(results, chunks, len(words), on_estimate)
    pool = processes(workers, _install_game, game)
    try:
        futures = [pool.submit(_estimate_chunk, chunk) for chunk in chunks]
        return _gathered((f.result() for f in futures), chunks, len(words), on_estimate)
    except BaseException:
        pool.abort()
        raise
    finally:
        pool.close()


def _gathered(results: Iterable[np.ndarray], chunks: list[list[str]], total: int,
              on_estimate: Callable[[int, int], None] | None) -> np.ndarray:
    """The chunks' totals in one array, ``on_estimate`` told as each comes."""
    out, done = [], 0
    for chunk, totals in zip(chunks, results, strict=True):
        out.append(totals)
        done += len(chunk)
        if on_estimate is not None:
            on_estimate(done, total)
    return np.concatenate(out) if out else np.zeros(0, np.int64)


def _estimate_chunk(words: list[str]) -> np.ndarray:
    """In a worker: the greedy player's total after each of ``words``."""
    from sleuth.solve.estimate import greedy_totals

    game = worker_game()
    return greedy_totals(game, [game.guess_index(w) for w in words])


def _rough_total(game: Game, opener: str) -> int | None:
    """A quick estimate of the best total, before any is known: the greedy player's after
    ``opener`` (most classes first; games it loses count as played), about a second; no bound
    either way, only where the first cuts start (nyt-2023-07-01 hard: TARSE 11685, best 11627).
    None for an opener the game does not allow."""
    from sleuth.core.tree import evaluate
    from sleuth.solve.greedy import Greedy

    if opener not in game.guess_labels:
        return None
    played = evaluate(game, Opening(game.guess_index(opener), Greedy("parts")))
    return int(played.cost[game.start().candidates].sum())


def _side_by_side(search: Callable[..., Any] | None, options: dict[str, Any]) -> int:
    """How many openers to search at once: one per worker, unless the search is given or runs
    on a cluster (then one at a time, the search spreading each over its workers)."""
    from sleuth.core.parallel import cores

    if search is not None or options.get("cluster") is not None:
        return 1
    workers = options.get("workers")
    return cores() if workers is None else int(workers)


def letter_set(word: str) -> str:
    """A word's letters, each once, in order: anagrams share it, and words sharing most
    letters sort near each other.

    >>> letter_set("spool"), letter_set("loops")
    ('lops', 'lops')
    """
    return "".join(sorted(set(word)))


class Lanes:
    """Words handed out to ``n`` workers: in the order given while ``settled()`` is false,
    then the rest split into ``n`` stretches in ``key`` order, each worker taking its own, so
    that what a worker's memo holds from one word serves the next (after SPOOL, SLOOP asks
    for the same class of answers with none of its letters); a worker whose stretch is done
    takes the back half of the longest.

    >>> lanes = Lanes(["b1", "a1", "b2", "a2"], 2, key=lambda w: w[0], settled=lambda: True)
    >>> [lanes.next_for(0), lanes.next_for(1), lanes.next_for(1), lanes.next_for(1)]
    ['a1', 'b1', 'b2', 'a2']
    """

    def __init__(self, words: Iterable[str], n: int, key: Callable[[str], Any] | None = None,
                 settled: Callable[[], bool] = lambda: False) -> None:
        self.words, self.n, self.key, self.settled = iter(words), n, key, settled
        self.lanes: list[list[str]] | None = None  # each a stretch, its next word last

    def next_for(self, worker: int) -> str | None:
        """The next word for ``worker`` (0 to n - 1), None when none is left."""
        if self.lanes is None and self.key is not None and self.settled():
            rest = sorted(self.words, key=self.key)
            cut = [len(rest) * i // self.n for i in range(self.n + 1)]
            self.lanes = [rest[cut[i]:cut[i + 1]][::-1] for i in range(self.n)]
        if self.lanes is None:
            return next(self.words, None)
        lane = self.lanes[worker]
        if not lane:
            longest = max(self.lanes, key=len)
            half = (len(longest) + 1) // 2
            lane[:], longest[:] = longest[:half], longest[half:]
        return lane.pop() if lane else None


def records_in_workers(game: Game, words: Iterable[str] | Lanes,
                       limits: Callable[[], dict[str, Any]], n: int,
                       work: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None,
                       ) -> Iterator[dict[str, Any]]:
    """The records of ``words`` by ``work(word, options)`` (default: the sweep's exact
    search), ``n`` at a time in worker processes (one :class:`Lanes` lane each), each with the
    limits known when it starts; in the order they finish."""
    from concurrent.futures import FIRST_COMPLETED, wait

    from sleuth.solve.runner import processes

    lanes = words if isinstance(words, Lanes) else Lanes(words, n)
    pools = [processes(1, _install_game, game) for _ in range(n)]
    pending: dict[Any, int] = {}

    def start_next(worker: int) -> None:
        word = lanes.next_for(worker)
        if word is not None:
            future = pools[worker].submit(work or _search_opener, word,
                                          {**limits(), "workers": 1})
            pending[future] = worker

    try:
        for worker in range(n):
            start_next(worker)
        while pending:
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in finished:
                worker = pending.pop(future)
                yield future.result()
                start_next(worker)
    except BaseException:
        for pool in pools:
            pool.abort()  # Ctrl-C or an error: end the workers now
        raise
    finally:
        for pool in pools:
            pool.close()


#: The game a worker process sweeps (set once, as the process starts).
_WORKER_GAME: list[Game] = []
#: Positions a sweep's worker keeps in its memos from one opener to the next (about 200 MB);
#: past them it starts afresh.
MEMO_ENTRIES = 5_000_000


def _install_game(game: Game) -> None:
    _WORKER_GAME[:] = [game]


def worker_game() -> Game:
    """The game this worker process was started with."""
    return _WORKER_GAME[0]


def _search_opener(word: str, options: dict[str, Any]) -> dict[str, Any]:
    """In a worker: the sweep's record of ``word`` (see :func:`_opener_record`); what the
    search learnt is kept for the next opener, up to :data:`MEMO_ENTRIES` positions."""
    from sleuth.solve.search import optimal_mean
    from sleuth.solve.solver import forget, memo_entries

    record = _opener_record(word, optimal_mean, worker_game(), options)
    if memo_entries() > MEMO_ENTRIES:
        forget()
    return record


def _opener_record(word: str, run: Callable[..., Any], game: Game,
                   options: dict[str, object]) -> dict[str, Any]:
    """The search's outcome after ``word`` as a sweep's line: the opener's total, its bound if
    cut off, or ``fails`` when no strategy after it finds every answer in time."""
    try:
        result = run(game, first_guess=word, max_guesses=game.max_cost, **options)
    except NoStrategy:
        return {"guess": word, "fails": True}
    kind = "at_least" if getattr(result, "cut", False) else "total"
    return {"guess": word, kind: int(result.total)}


def sweep_order(game: Game) -> list[str]:
    """Every allowed first guess, most promising first: by the exact search's own cheap lower
    bound (how the guess splits the answers; the sum of squared class sizes breaks ties).
    On the original lists SALET, the best, comes first, then SLATE and REAST."""
    from sleuth.solve.search import root_order

    guesses, _ = root_order(game, max_guesses=game.max_cost)
    return [game.guess_labels[int(g)] for g in guesses]
