"""How hard each word is: the misses a solver makes on it, in bands, beside the seed's formula.

:func:`rate` reads every word's misses and the letters guessed on it off one decision tree over
the whole list (:func:`sleuth.core.tree.evaluate`); the seed's cheap formula
(:func:`seed_formula`) comes beside it, with the rank correlation between the two.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game
from sleuth.core.tree import LazyTree, Node, evaluate
from sleuth.games.hangman.game import LETTERS, hangman
from sleuth.games.hangman.greedy import RULES
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.hangman.solvers import get_solver, greedy_outcomes

VOWELS = frozenset("aeiou")
BANDS = ("easy", "medium", "hard")
EXACT_CUTS = 200  # up to this many distinct values the thirds are cut exactly, past it by quantile


def letter_ranks(words: Iterable[str]) -> dict[str, int]:
    """Each letter's rank by how often it occurs in the words, 1 for the most frequent
    (ties alphabetical; letters that never occur come last).

    >>> r = letter_ranks(["eel", "tee"])
    >>> r["e"], r["l"], r["t"], r["a"]
    (1, 2, 3, 4)
    """
    counts = dict.fromkeys(LETTERS, 0)
    for word in words:
        for letter in word:
            counts[letter] += 1
    order = sorted(counts, key=lambda c: (-counts[c], c))
    return {c: i + 1 for i, c in enumerate(order)}


def seed_formula(words: Sequence[str], ranks: dict[str, int] | None = None) -> np.ndarray:
    """The seed's cheap difficulty: unique letters x (7 - vowels) x sum of the frequency ranks
    of the unique letters (ranks from the list itself unless given; vowels counted once each,
    so the middle factor stays positive).

    >>> seed_formula(["cat", "fuzz"], letter_ranks(["cat", "fuzz", "fizz"])).tolist()
    [234.0, 180.0]
    """
    ranks = ranks or letter_ranks(words)
    out = np.empty(len(words))
    for i, word in enumerate(words):
        unique = set(word)
        out[i] = len(unique) * (7 - len(unique & VOWELS)) * sum(ranks[c] for c in unique)
    return out


def ranks_of(values: np.ndarray) -> np.ndarray:
    """Ranks 1..n, ties sharing their average rank.

    >>> ranks_of(np.array([10, 20, 10, 30])).tolist()
    [1.5, 3.0, 1.5, 4.0]
    """
    values = np.asarray(values)
    order = np.argsort(values, kind="mergesort")
    sorted_values = values[order]
    starts = np.flatnonzero(np.r_[True, sorted_values[1:] != sorted_values[:-1]])
    ends = np.r_[starts[1:], values.size]
    average = (starts + ends + 1) / 2.0  # ranks start..end-1, 1-based, averaged
    out = np.empty(values.size)
    out[order] = np.repeat(average, ends - starts)
    return out


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rank correlation (ties at their average rank); nan if one side is constant.

    >>> spearman(np.array([1, 2, 3, 4]), np.array([10, 20, 40, 30]))
    0.8
    """
    ra, rb = ranks_of(a), ranks_of(b)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    denominator = math.sqrt(float((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / denominator) if denominator > 0 else float("nan")


def band_edges(values: np.ndarray) -> tuple[float, float]:
    """Cut points (a, b) splitting values into easy (<= a), medium (<= b) and hard, as close
    to thirds as ties allow.

    >>> band_edges(np.array([0, 0, 0, 1, 1, 1, 1, 2, 2, 3]))
    (0.0, 1.0)
    """
    values = np.asarray(values, dtype=np.float64)
    distinct, counts = np.unique(values, return_counts=True)
    if distinct.size > EXACT_CUTS:
        low, high = np.quantile(values, [1 / 3, 2 / 3])
        return float(low), float(high) if high > low else float(distinct[-1])
    if distinct.size < 3:
        return float(distinct[0]), float(distinct[-1])
    i, j = _closest_to_thirds(np.cumsum(counts) / values.size)
    return float(distinct[i]), float(distinct[j])


def _closest_to_thirds(share: np.ndarray) -> tuple[int, int]:
    """The cut indices i < j < len - 1 whose cumulative shares are nearest 1/3 and 2/3."""
    best = (np.inf, 0, 1)
    for i in range(share.size - 2):
        for j in range(i + 1, share.size - 1):
            miss = abs(share[i] - 1 / 3) + abs(share[j] - 2 / 3)
            if miss < best[0] - 1e-12:
                best = (miss, i, j)
    return best[1], best[2]


def bands(values: np.ndarray, edges: tuple[float, float] | None = None) -> list[str]:
    """The band (easy, medium, hard) of each value.

    >>> bands(np.array([0, 3, 5, 9]), (3, 5))
    ['easy', 'easy', 'medium', 'hard']
    """
    low, high = band_edges(values) if edges is None else edges
    return [BANDS[0] if v <= low else BANDS[1] if v <= high else BANDS[2] for v in values]


@dataclass
class Rating:
    """Every word's difficulty under one solver: misses, letters guessed, the seed's formula."""

    words: list[str]
    misses: np.ndarray
    won: np.ndarray
    letters: list[str]
    formula: np.ndarray
    solver: str
    lives: int
    seconds: float = 0.0

    @property
    def edges(self) -> tuple[float, float]:
        return band_edges(self.misses)

    @property
    def bands(self) -> list[str]:
        return bands(self.misses, self.edges)

    @property
    def formula_bands(self) -> list[str]:
        return bands(self.formula)

    @property
    def agreement(self) -> float:
        """Spearman correlation between the solver's misses and the seed's formula."""
        return spearman(self.misses, self.formula)

    def order(self) -> np.ndarray:
        """Word indices from easiest to hardest (misses, then letters guessed, then a-z)."""
        guesses = np.array([len(s) for s in self.letters])
        return np.lexsort((np.array(self.words), guesses, self.misses))

    def rows(self) -> list[dict[str, object]]:
        """One record per word, easiest first: the columns of the CSV and JSON outputs."""
        band, formula_band = self.bands, self.formula_bands
        return [{"word": self.words[i], "length": len(self.words[i]),
                 "misses": int(self.misses[i]), "band": band[i],
                 f"won_with_{self.lives}_lives": bool(self.won[i]),
                 "letters_guessed": self.letters[i], "guesses": len(self.letters[i]),
                 "seed_formula": int(self.formula[i]), "formula_band": formula_band[i]}
                for i in self.order()]


def guess_paths(game: Game, root: Node) -> list[str]:
    """The letters guessed on each secret, read off a kept decision tree."""
    paths = [""] * len(game.secrets)
    stack = [(root, game.start().candidates, "")]
    while stack:
        node, cands, prefix = stack.pop()
        here = prefix + game.guess_labels[node.guess]
        for code, part in game.partition(node.guess, cands):
            child = node.children.get(code)
            if child is None:
                for i in part:
                    paths[i] = here
            else:
                stack.append((child, part, here))
    return paths


def rate(words: Sequence[str], solver: str = "misses", *, lives: int = 6,
         weights: np.ndarray | None = None,
         progress: Callable[[int], None] | None = None) -> Rating:
    """Rate every word of one length: the misses ``solver`` makes on it (unlimited lives; a
    word is won if they are at most ``lives``), from one decision tree over the list.

    >>> r = rate(["puzzle", "guzzle", "muzzle", "bottle", "button"])
    >>> [(row["word"], row["misses"], row["letters_guessed"]) for row in r.rows()][::2]
    [('guzzle', 0, 'eluzg'), ('bottle', 1, 'elu'), ('puzzle', 2, 'eluzgm')]
    """
    start = time.perf_counter()
    game = hangman(words, lives=UNLIMITED, weights=weights)
    result = evaluate(game, get_solver(solver), keep_tree=True, progress=progress)
    assert result.root is not None  # kept: keep_tree=True
    letters = guess_paths(game, result.root)
    misses = result.cost.copy()
    return Rating(list(game.secret_labels), misses, misses <= lives, letters,
                  seed_formula(game.secret_labels), solver, lives,
                  time.perf_counter() - start)


@dataclass(frozen=True)
class WordDifficulty:
    """How hard one word is: the misses a greedy solver makes on it, the letters it guessed,
    and its band among the ``words`` words of its list and length (cut at ``edges``)."""

    word: str
    misses: int
    band: str
    edges: tuple[float, float]
    letters: str
    solver: str
    words: int


def word_difficulty(words: Sequence[str], word: str, solver: str = "misses") -> WordDifficulty:
    """The difficulty of one word of ``words`` under a greedy ``solver`` (``misses``, the seed's
    rule, or ``entropy``), as :func:`rate` has it but without its tree: every word's misses in
    one compiled pass, the word's letters along the solver's own path.

    >>> d = word_difficulty(["puzzle", "guzzle", "muzzle", "bottle", "button"], "puzzle")
    >>> d.misses, d.band, d.letters
    (2, 'hard', 'eluzgm')
    """
    if solver not in RULES:
        raise ValueError(f"unknown greedy solver {solver!r}; choose one of {', '.join(RULES)}")
    game = hangman(words, lives=UNLIMITED)
    try:
        index = list(game.secret_labels).index(word)
    except ValueError:
        raise ValueError(f"{word[:40]!r} is not one of the words given") from None
    misses, _ = greedy_outcomes(game, solver, UNLIMITED)
    edges = band_edges(misses)
    end = LazyTree(game, get_solver(solver)).against(index)
    letters = "".join(game.guess_labels[guess] for guess, _ in end.position.history)
    band = bands(misses[index : index + 1], edges)[0]
    count = len(game.secret_labels)
    return WordDifficulty(word, int(misses[index]), band, edges, letters, solver, count)
