"""The proven optimum of Hangman over a whole list: the fewest expected misses (lives never run
out), or the best chance to win with some lives and then the fewest misses.

The value comes from the exact branch and bound (:func:`~sleuth.games.hangman.search.
exact_value`), its first letter's classes searched one by one here so that progress can be told;
the tree is then played against every word by the plain evaluator (:func:`sleuth.core.tree.
evaluate`), and its misses and losses must add up to that value. Why the value is a proof: every
strategy's first useful guess is one of the letters that split the words; the search tries each
of them unless its misses and its classes' lower bounds already reach the best found, and each
class's value is in turn exact or proven to reach what was left for it. With lives that can
run out, a strategy that loses no word misses at least the fewest misses with lives that never
do: when few words are lost, that search comes first, and settles it when its tree wins every
word.

>>> from sleuth.games.hangman.game import hangman
>>> best = optimum(hangman("puzzle guzzle muzzle nuzzle bottle".split(), lives=UNLIMITED))
>>> best.misses, best.lost, best.game.guess_labels[best.root.guess]
(7, 0, 'u')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.core.journal import Form, Journal, open_journal
from sleuth.core.parallel import cores
from sleuth.core.tree import (
    Evaluation,
    Node,
    TreePlayer,
    evaluate,
    from_labels,
    to_labels,
)
from sleuth.core.treefile import list_key
from sleuth.games.hangman.greedy import EPS, letter_misses, lex_less, split_by_letter
from sleuth.games.hangman.masks import tables
from sleuth.games.hangman.search import (
    EXACT,
    MOST_MISSES,
    UNLIMITED,
    exact_value,
    floor_value,
    letters_by_misses,
    lives_that_matter,
)
from sleuth.games.hangman.solvers import NO_BUDGET, Optimal, greedy_outcomes
from sleuth.solve.runner import Cluster, Workers, gap_after, share_of_gap, workers_for

Progress = Callable[[int, int], None]  # (classes of first letters searched, of those to do)
#: With lives, the fewest-misses search comes first when the seed's greedy rule loses at most
#: this share of the words (see :func:`_misses_first`).
MISSES_FIRST_LOST = 0.01


@dataclass(frozen=True)
class Optimum:
    """An optimal strategy over every word of a game, and what it costs: ``lost`` words (with
    ``lives``; none when lives never run out) and total ``misses`` (a lost game counting its
    misses up to the one that hanged)."""

    game: Game
    objective: str
    lives: int | None
    root: Node
    misses: int
    lost: int
    cost: np.ndarray
    won: np.ndarray
    nodes: int
    seconds: float

    @property
    def mean_misses(self) -> float:
        return self.misses / len(self.game.secrets)

    @property
    def win_chance(self) -> float:
        return 1 - self.lost / len(self.game.secrets)


def optimum(game: Game, progress: Progress | None = None, *, workers: int | None = 1,
            cluster: Cluster = None, journal: Path | None = None) -> Optimum:
    """The optimal strategy of a Hangman game, every word alike: the most words won with the
    game's lives, then the fewest misses (with lives that never run out, ``hangman(words,
    lives=UNLIMITED)``: the fewest misses); proven, and replayed against every word. The first
    letter's classes are searched on ``workers`` processes (None: all cores; 1: here, one
    memo for all) or on a Dask ``cluster``, each kept as it finishes in the ``journal`` (a
    file this search, stopped, resumes from; one of other words or lives is refused)."""
    started = time.perf_counter()
    objective = _objective(game)
    if not np.allclose(tables(game).weights, 1.0):
        raise ValueError("the optimum is for words chosen alike: give no prior")
    n = cores() if workers is None else workers
    pool = _here(game) if cluster is None and n <= 1 else \
        workers_for(n, cluster, game, install=_install, token="hangman")
    try:
        with _kept(game, journal) as kept:
            search = _Search(game, pool, n if cluster is None else 2, progress, kept)
            root, value, nodes, played = _solved(search, objective)
    except BaseException:
        pool.abort()  # Ctrl-C or an error: end the workers now
        raise
    finally:
        pool.close()
    played = _replayed(game, root, value, played)
    return Optimum(game, objective, None if objective == "misses" else game.max_cost, root,
                   int(played.cost.sum()), int((~played.won).sum()), played.cost, played.won,
                   nodes, time.perf_counter() - started)


def _replayed(game: Game, root: Node, value: tuple[float, float],
              played: Evaluation | None = None) -> Evaluation:
    """The tree played against every word by the plain evaluator (unless ``played`` is that
    replay already); it must lose and miss what the search said, else a RuntimeError."""
    played = evaluate(game, TreePlayer(root)) if played is None else played
    lost = int((~played.won).sum())
    if (lost, int(played.cost.sum())) != (round(value[0]), round(value[1])):
        raise RuntimeError(f"the tree loses {lost} words with {played.cost.sum()} misses, the "
                           f"search said {value[0]:g} and {value[1]:g}")
    return played


def _solved(search: _Search, objective: str
            ) -> tuple[Node, tuple[float, float], int, Evaluation | None]:
    """The optimal root, its value, the positions searched and its replay if one was made.
    With lives that can run out and few words lost (:func:`_misses_first`), the fewest misses
    with lives that never do come first: any strategy loses a word or misses at least that
    many, so when that tree wins every word it is optimal; else it is the best so far of the
    search with lives (whose sets it gives lower bounds)."""
    if objective == "misses":
        root, value, nodes = _root(search, UNLIMITED)
        return root, value, nodes, None
    held, nodes = None, 0
    if _misses_first(search.game):
        root, value, nodes = _root(search, UNLIMITED)
        played = evaluate(search.game, TreePlayer(root))
        if played.won.all():
            return root, value, nodes, played
        held = ((float((~played.won).sum()), float(played.cost.sum())), root)
    root, value, more = _root(search, search.game.max_cost, held)
    return root, value, nodes + more, None


def _misses_first(game: Game) -> bool:
    """Whether the search with lives should follow one without: when the seed's greedy rule
    loses at most MISSES_FIRST_LOST of the words, that one's tree likely wins them all (the
    answer at once) and its memo speeds the search with lives; with many lost it costs more
    than it saves (`bench/results/hangman-first.md`, 6 lives: 1,600 words of 4 letters 141 s
    with it, 77 s without; 3,000 of 5 letters 59 s and 49 s; all of 10 letters 3.5 s and 9 s)."""
    return float(greedy_outcomes(game, "misses")[1].mean()) <= MISSES_FIRST_LOST


@dataclass
class _Search:
    """What the root's searches share: the game, where classes run, progress, the journal."""

    game: Game
    pool: Workers
    parallel: int
    progress: Progress | None
    kept: Kept
    done: int = 0  # classes searched so far, by every root search


class ClassValue(NamedTuple):
    """One class of a first letter, searched against a limit: (lost, misses) exact, or a lower
    bound at least the limit; the class's optimal tree when exact; positions searched."""

    lost: float
    misses: float
    exact: bool
    tree: Node | None
    nodes: int


def class_value(ref: object, members: np.ndarray, lives: int, first: tuple[int, int],
                cost: int, cap: tuple[float, float]) -> ClassValue:
    """In a worker (or here): the class ``members`` reached by the guess and feedback ``first``
    with ``cost`` misses and ``lives`` left (MOST_MISSES or more: never running out, whatever
    the game's), searched below ``cap``."""
    game = _WORKER_GAME[0] if isinstance(ref, str) else cast(Game, ref)
    objective = "misses" if lives >= MOST_MISSES else _objective(game)
    t = tables(game)
    budget = np.array([NO_BUDGET], dtype=np.int64)
    lost, misses, flag, _ = exact_value(t.masks, t.weights, t.context(), members, lives, cap[0],
                                        cap[1], t.memo, budget)
    tree = None
    if flag == EXACT and members.size > 1:
        position = Position(members, cost, (first,))
        tree = evaluate(game, Optimal(objective), position, keep_tree=True).root
    return ClassValue(lost, misses, flag == EXACT, tree, NO_BUDGET - int(budget[0]))


def _objective(game: Game) -> str:
    return "misses" if game.max_cost >= UNLIMITED else "win"


_WORKER_GAME: list[Game] = []


def _install(game: Game) -> None:
    _WORKER_GAME[:] = [game]


def _here(game: Game) -> Workers:
    """Tasks run in this process, as they are handed over (one memo for every class)."""

    def submit(fn: Callable, *args: object) -> Future:
        done: Future = Future()
        done.set_result(fn(*args))
        return done

    return Workers(submit, as_completed, game, lambda: None, lambda: None)


class _Letter(NamedTuple):
    """A first letter's classes (members, lives left, feedback code), largest first."""

    letter: int
    misses: float
    classes: list[tuple[np.ndarray, int, int]]


@contextmanager
def _kept(game: Game, path: Path | None) -> Iterator[Kept]:
    """What earlier runs kept in the journal at ``path`` (open to add to), or nothing."""
    if path is None:
        yield Kept(game, {})
        return
    lives = lives_that_matter(len(game.secrets), game.max_cost)
    with open_journal(path, journal_header(game), JOURNAL) as journal:
        known = {(r["letter"], r["code"], r.get("lives", lives)): r
                 for r in journal.found.records}
        yield Kept(game, known, journal)


def _root(search: _Search, lives: int,
          held: tuple[tuple[float, float], Node] | None = None
          ) -> tuple[Node, tuple[float, float], int]:
    """The root of the optimal tree with ``lives`` (UNLIMITED: they never run out), its (lost,
    misses) and the positions searched: the first letters in order of misses, each letter's
    classes searched against what the best so far (at first the ``held`` value and tree, if
    any) leaves them, stopped once the letter cannot beat it (as :func:`exact_value` does)."""
    game = search.game
    t = tables(game)
    cands = np.arange(len(game.secrets), dtype=np.int64)
    lives = lives_that_matter(cands.size, lives)
    miss, splits, _ = letter_misses(t.masks, t.weights, cands)
    letters = [_letter_of(t.masks, cands, int(g), float(miss[g]), lives)
               for g in letters_by_misses(miss, splits)]
    if not letters:  # a single word: its first letter, a free hit
        alone = evaluate(game, Optimal(_objective(game)), keep_tree=True).root
        assert alone is not None
        return alone, (0.0, 0.0), 0
    todo = {x.letter: sum(m.size > 2 for m, _, _ in x.classes) for x in letters}

    def may_beat(y: _Letter) -> bool:  # its misses alone are below the best so far
        return lex_less(y.misses if lives == 0 else 0.0, y.misses, *best)

    def tell() -> None:  # classes searched, of those and the ones still to search
        if search.progress is not None:
            search.progress(search.done, search.done + sum(
                todo[y.letter] for y in letters if may_beat(y)))

    best: tuple[float, float] = (np.inf, np.inf) if held is None else held[0]
    best_trees: dict[int, Node | None] = {}
    best_letter, nodes = -1, 0
    for x in letters:
        if not may_beat(x):
            break  # letters come by increasing misses: none after this one can do better
        ctx = t.context()
        floors = [floor_value(t.masks, t.weights, ctx, m, left, t.memo)
                  for m, left, _ in x.classes]
        acc = [(x.misses if lives == 0 else 0.0) + sum(f[0] for f in floors),
               x.misses + sum(f[1] for f in floors)]
        trees: dict[int, Node | None] = {}
        big = [k for k, (m, _, _) in enumerate(x.classes) if m.size > 2]
        # letters refuted by a squeeze first: for the fewest misses (length 9: twice as
        # fast); not yet measured with lives, so not used there
        if lives >= UNLIMITED and search.parallel <= 1 and not np.isinf(best[1]):
            open_ = _kept_in_floors(search, lives, x, big, floors, acc)
            nodes += _squeezed(search, lives, x, open_, floors, acc, best)
            if not lex_less(acc[0], acc[1], *best):
                todo[x.letter] = 0
                tell()
                continue  # refuted by the squeeze alone
        for k, found in _searched(search, lives, x, big, floors, acc, best):
            nodes += found.nodes
            acc[0] += found.lost - floors[k][0]
            acc[1] += found.misses - floors[k][1]
            trees[x.classes[k][2]] = found.tree
            search.done, todo[x.letter] = search.done + 1, todo[x.letter] - 1
            tell()
            if not lex_less(acc[0], acc[1], *best):
                break
        todo[x.letter] = 0
        if lex_less(acc[0], acc[1], *best):
            best, best_letter, best_trees = (acc[0], acc[1]), x.letter, trees
    if best_letter < 0 and held is not None:
        return held[1], best, nodes  # no letter beats the tree held
    chosen = next(x for x in letters if x.letter == best_letter)
    return _root_node(game, chosen, best_trees), best, nodes


SQUEEZE_ROUNDS = 2


def _kept_in_floors(search: _Search, lives: int, x: _Letter, big: list[int],
                    floors: list[tuple[float, float]], acc: list[float]) -> list[int]:
    """The classes the journal holds exactly put in ``floors`` (and the letter's bound
    ``acc``) at their values; returns the others."""
    open_ = []
    for k in big:
        known = search.kept.recall(x.letter, x.classes[k][2], lives, (np.inf, np.inf))
        if known is None:
            open_.append(k)
        else:
            _raise_floor(floors, acc, k, known.lost, known.misses)
    return open_


def _raise_floor(floors: list[tuple[float, float]], acc: list[float], k: int, lost: float,
                 misses: float) -> None:
    """Class ``k``'s floor raised to (``lost``, ``misses``), and the letter's bound with it."""
    acc[0], acc[1] = acc[0] + lost - floors[k][0], acc[1] + misses - floors[k][1]
    floors[k] = (lost, misses)


def _squeezed(search: _Search, lives: int, x: _Letter, big: list[int],
              floors: list[tuple[float, float]], acc: list[float],
              best: tuple[float, float]) -> int:
    """Before a letter's classes are searched against the best: in a few cheap rounds each
    class is asked only for its share of the gap left in misses (by size; when the words the
    letter must lose already make up the best's), smallest first, and its floor and the
    letter's bound ``acc`` raised to what it proves; a letter far from the best is then
    refuted without solving its large classes. The bounds it proves are kept in the journal
    (its exact values are not: their trees come when the classes are searched). Returns the
    positions searched."""
    t = tables(search.game)
    budget = np.array([NO_BUDGET], dtype=np.int64)
    solved = set()
    for _ in range(SQUEEZE_ROUNDS):
        open_ = sorted((k for k in big if k not in solved), key=lambda k: x.classes[k][0].size)
        if not open_ or not lex_less(acc[0], acc[1], *best) or acc[0] < best[0] - EPS:
            break
        gap, size = best[1] - acc[1], sum(x.classes[k][0].size for k in open_)
        for k in open_:
            members, left, code = x.classes[k]
            beta = floors[k][1] + share_of_gap(gap, members.size, size)
            known = search.kept.recall(x.letter, code, lives, (floors[k][0], beta))
            if known is not None:
                lost, misses, exact = known.lost, known.misses, known.exact
            else:
                lost, misses, flag, _ = exact_value(t.masks, t.weights, t.context(), members, left,
                                                    floors[k][0], beta, t.memo, budget)
                exact = flag == EXACT
                if not exact:
                    search.kept.keep(x.letter, code, lives,
                                     ClassValue(lost, misses, False, None, 0))
            if exact:
                solved.add(k)
            _raise_floor(floors, acc, k, lost, misses)
            if not lex_less(acc[0], acc[1], *best):
                break
            gap, size = gap_after(gap, size, best[1] - acc[1], members.size)
    return NO_BUDGET - int(budget[0])


def _searched(search: _Search, lives: int, x: _Letter, big: list[int],
              floors: list[tuple[float, float]], acc: list[float],
              best: tuple[float, float]) -> Iterator[tuple[int, ClassValue]]:
    """The big classes of a letter searched, each against the best less the others' bounds:
    one at a time (the bounds as they stand), or on the workers (all at once for the first
    letter, which has no best to beat; for later ones as many as run at once, largest first);
    as they finish, each kept in the journal. A class the journal already
    answers is not searched again. ``acc``: the letter's bound as it stands (kept by the
    caller). Stopping early drops the classes not searched yet."""
    pool, kept = search.pool, search.kept

    def cap(k: int) -> tuple[float, float]:
        return best[0] - (acc[0] - floors[k][0]), best[1] - (acc[1] - floors[k][1])

    def job(k: int) -> tuple:
        members, left, code = x.classes[k]
        return (pool.ref, members, left, (x.letter, code), int(code == 0), cap(k))

    def done(k: int, value: ClassValue) -> tuple[int, ClassValue]:
        kept.keep(x.letter, x.classes[k][2], lives, value)
        return k, value

    if search.parallel <= 1:
        for k in big:
            known = kept.recall(x.letter, x.classes[k][2], lives, cap(k))
            yield (k, known) if known is not None else \
                done(k, cast(Future, pool.submit(class_value, *job(k))).result())
        return
    recalled = {k: kept.recall(x.letter, x.classes[k][2], lives, cap(k)) for k in big}
    pending = [k for k in big if recalled[k] is None]
    # With a best to beat, only as many at a time as run at once: each later class gets the
    # cap its finished siblings leave, and a letter that cannot win stops after a few.
    window = len(pending) if np.isinf(best[1]) else search.parallel
    futures: dict[Future, int] = {}
    try:
        for k in big:
            known = recalled[k]
            if known is not None:
                yield k, known
        while pending or futures:
            while pending and len(futures) < window:
                k = pending.pop(0)
                futures[cast(Future, pool.submit(class_value, *job(k)))] = k
            future = next(iter(pool.as_completed(list(futures))))
            yield done(futures.pop(future), future.result())
    finally:
        for future in futures:
            future.cancel()


@dataclass
class Kept:
    """The classes searched by earlier runs (from the journal) and the journal this run adds
    to (None: nothing is kept). A class is known by its first letter, its feedback and the
    lives of the search it was part of (a line without them: the game's)."""

    game: Game
    known: dict[tuple[str, int, int], dict[str, Any]]
    journal: Journal | None = None

    def recall(self, letter: int, code: int, lives: int, cap: tuple[float, float]
               ) -> ClassValue | None:
        """The class's value kept earlier, if it answers a search below ``cap`` (exact, or a
        bound at least the cap); else None."""
        found = self.known.get((self.game.guess_labels[letter], code, lives))
        if found is None or not (found["exact"] or
                                 not lex_less(found["lost"], found["misses"], *cap)):
            return None
        tree = None if found["tree"] is None else from_labels(self.game, found["tree"])
        return ClassValue(found["lost"], found["misses"], found["exact"], tree, 0)

    def keep(self, letter: int, code: int, lives: int, value: ClassValue) -> None:
        """Append a class's value (and its tree when exact) to the journal."""
        if self.journal is None:
            return
        label = self.game.guess_labels[letter]
        record = {"letter": label, "code": code, "lives": lives, "lost": value.lost,
                  "misses": value.misses, "exact": value.exact,
                  "tree": None if value.tree is None else to_labels(self.game, value.tree)}
        self.journal.append(record)
        self.known[label, code, lives] = record


def _check_record(record: dict[str, Any]) -> None:
    """A ValueError unless ``record`` is a header or a class of a Hangman search."""
    if record.get("type") != "header" and not (
            isinstance(record.get("letter"), str) and isinstance(record.get("code"), int)
            and all(isinstance(record.get(k), int | float) for k in ("lost", "misses"))
            and isinstance(record.get("exact"), bool)
            and isinstance(record.get("lives", 0), int)):
        raise ValueError("not a class of a Hangman search")


#: The journal of a Hangman search: a header naming the words and lives, then a line per class
#: of a first letter searched (its value, exact or a bound, and its tree when exact).
JOURNAL = Form("Hangman search", lambda record: record.get("type") == "header", _check_record,
               header="search header")


def journal_header(game: Game) -> dict[str, Any]:
    """The first line of a search's journal: the game it searches, which a resume must match."""
    return {"type": "header", "search": "hangman optimum", "words": len(game.secrets),
            "key": list_key(game.secret_labels), "lives": int(game.max_cost)}


def _letter_of(masks: np.ndarray, cands: np.ndarray, g: int, misses: float, lives: int
               ) -> _Letter:
    """Letter ``g``'s classes that still count (a class of misses with no life left is lost
    already), largest first, each with its lives left and its feedback."""
    part, starts, codes = split_by_letter(masks, cands, g)
    out = [(part[starts[j]:starts[j + 1]], lives - 1 if codes[j] == 0 else lives, int(codes[j]))
           for j in range(codes.size) if not (codes[j] == 0 and lives == 0)]
    return _Letter(g, misses, sorted(out, key=lambda item: -item[0].size))


def _root_node(game: Game, chosen: _Letter, trees: dict[int, Node | None]) -> Node:
    """The root: the chosen letter, the searched classes' trees, the small classes' here."""
    node = Node(chosen.letter, len(game.secrets))
    for code, _ in game.partition(chosen.letter, game.start().candidates):
        node.children[code] = None  # ended: found, or lost
    for members, left, code in chosen.classes:
        if code in trees:
            node.children[code] = trees[code]
        elif members.size > 1:
            node.children[code] = class_value(game, members, left, (chosen.letter, code),
                                              int(code == 0), (np.inf, np.inf)).tree
    return node
