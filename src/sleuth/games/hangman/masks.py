"""The tables every Hangman solver works on: the position mask of each letter in each word.

A word's row holds one bitmask per letter (bit k for position k, 0 when the letter is absent),
so the feedback of any letter on any candidate is one table read. :func:`tables` builds the
table of a game once, with the prior scaled so that the mean word weighs one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.typed import Dict

from sleuth.core.game import Game, PerGame

NARROW_BITS = 30  # words up to this long have their masks in int32, longer ones in int64
DENSE_BITS = 20  # words up to this long count classes in a table indexed by mask (2**20 cells)
KEPT_GAMES = 4  # the tables of the last few games are kept


@njit(cache=True, nogil=True)
def _fill_letter_masks(secrets: np.ndarray, out: np.ndarray) -> None:
    n, length = secrets.shape
    row = np.zeros(26, dtype=np.int64)
    for i in range(n):
        row[:] = 0
        for k in range(length):
            row[secrets[i, k]] |= np.int64(1) << k
        for g in range(26):
            out[i, g] = row[g]


def letter_table(secrets: np.ndarray) -> np.ndarray:
    """The position mask of every letter in every word: an (n, 26) table, int32 for words of
    up to NARROW_BITS letters, int64 for longer ones.

    >>> from sleuth.words import feedback as fb
    >>> letter_table(fb.encode(["deed"]))[0, [3, 4, 0]].tolist()
    [9, 6, 0]
    """
    words = np.ascontiguousarray(np.atleast_2d(secrets), dtype=np.uint8)
    out = np.zeros((words.shape[0], 26),
                   dtype=np.int32 if words.shape[1] <= NARROW_BITS else np.int64)
    _fill_letter_masks(words, out)
    return out


def family_ids(secrets: np.ndarray) -> np.ndarray:
    """Each word's family, -1 when it has none: the largest set of words alike but at one
    place whose letter there stands nowhere else in them (bill, fill, gill: a star), each word
    in one family only (bill joins bell and ball rather than fill; lill's l stands twice).

    >>> from sleuth.words import feedback as fb
    >>> family_ids(fb.encode(["bill", "fill", "lill", "bell", "ball", "dull"])).tolist()
    [1, 0, -1, 1, 1, -1]
    """
    words = np.atleast_2d(np.asarray(secrets, dtype=np.uint8))
    n, length = words.shape
    ids = np.full(n, -1, dtype=np.int64)
    largest = np.ones(n, dtype=np.int64)
    offset = 0
    for p in range(length):
        rest = np.delete(words, p, axis=1)
        alone = np.flatnonzero(~(rest == words[:, p:p + 1]).any(axis=1))
        if alone.size == 0:
            continue
        _, group, counts = np.unique(rest[alone], axis=0, return_inverse=True,
                                     return_counts=True)
        group = group.ravel()
        bigger = counts[group] > largest[alone]
        ids[alone[bigger]] = offset + group[bigger]
        largest[alone[bigger]] = counts[group[bigger]]
        offset += counts.size
    named = ids >= 0
    ids[named] = np.unique(ids[named], return_inverse=True)[1].ravel()
    return ids.astype(np.int32)


class Families(NamedTuple):
    """What :func:`~sleuth.games.hangman.search.family_floor` reads: each word's family
    (:func:`family_ids`), and two scratch rows of one cell a family (counts left at zero)."""

    ids: np.ndarray
    counts: np.ndarray
    least: np.ndarray


@dataclass
class Tables:
    """What the kernels need about one game: masks, scaled weights, bins, memo."""

    masks: np.ndarray
    weights: np.ndarray
    bins: np.ndarray  # weight per mask, counted by entropy (empty for long words: sorted)
    letter_of_guess: np.ndarray
    guess_of_letter: np.ndarray
    family_ids: np.ndarray  # each word's family (:func:`family_ids`), -1 when none
    memo: Dict = field(repr=False)

    def families(self) -> Families:
        """The family ids with scratch rows of their own (one set for each search under
        way)."""
        cells = int(self.family_ids.max()) + 1
        return Families(self.family_ids, np.zeros(cells, dtype=np.int32), np.zeros(cells))


def new_memo() -> Dict:
    """An empty memo of the exact search: set fingerprint -> (lost, misses, flag, letter)."""
    return Dict.empty(key_type=types.UniTuple(types.uint64, 3),
                      value_type=types.Tuple((types.float64, types.float64, types.int64,
                                              types.int64)))




def _build(game: Game) -> Tables:
    """The kernels' tables for a Hangman game."""
    masks = letter_table(game.secrets)
    n = masks.shape[0]
    letters = np.asarray(game.guesses)[:, 0].astype(np.int64)
    guess_of_letter = np.full(26, -1, dtype=np.int64)
    guess_of_letter[letters] = np.arange(letters.size)
    length = game.secrets.shape[1]
    bins = np.zeros(1 << length if length <= DENSE_BITS else 0)  # empty: count by sorting
    return Tables(masks, scaled_weights(game.weights, n), bins, letters, guess_of_letter,
                  family_ids(game.secrets), new_memo())


def scaled_weights(weights: np.ndarray | None, n: int) -> np.ndarray:
    """The prior scaled so that the mean word weighs one (all ones when uniform)."""
    if weights is None:
        return np.ones(n)
    raw = np.asarray(weights, dtype=np.float64)
    return raw * (n / raw.sum())


#: The kernels' tables for a Hangman game, built once per game and kept for the last few.
tables = PerGame(_build, keep=KEPT_GAMES)
