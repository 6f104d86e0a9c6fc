"""Wordle's hard mode (NYT's rule): greens stay in place, and every revealed letter is used
again, as often as it was revealed. One rule serves the game, the hinter and the exact search.

Hard mode's state after some guesses: the letter fixed at each of the L positions (-1: none),
then how many times a guess must use each of the 26 letters. What it reads of each word (a row
of its table): the word's L letters, then how many times it uses each letter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from sleuth.core.game import Game, Position
from sleuth.solve.restriction import AFTER, ALLOWED, GuessRule
from sleuth.words import feedback as fb

LETTERS = len(fb.ALPHABET)
RIGHT, ABSENT = fb.RIGHT, fb.ABSENT


@njit(AFTER, cache=True, nogil=True)
def _hard_after(table: np.ndarray, state: np.ndarray, guess: int, code: int,
                out: np.ndarray) -> None:
    """Hard mode's state after ``guess`` got ``code``, written to ``out``: greens fix their
    letter, and each letter must be used as often as this guess showed it (green or yellow)."""
    n = state.size - LETTERS
    letters = table[guess, :n]
    out[:] = state
    for k in range(n):
        if (code // 3 ** (n - 1 - k)) % 3 == RIGHT:
            out[k] = letters[k]
    for k in range(n):
        if (code // 3 ** (n - 1 - k)) % 3 == ABSENT:
            continue
        shown = 0
        for j in range(n):
            if letters[j] == letters[k] and (code // 3 ** (n - 1 - j)) % 3 != ABSENT:
                shown += 1
        out[n + letters[k]] = max(out[n + letters[k]], shown)


@njit(cache=True, nogil=True)
def _obeys(row: np.ndarray, n: int, state: np.ndarray) -> bool:
    """Whether a word (its table row) keeps the greens and uses the revealed letters."""
    for k in range(n):
        if state[k] >= 0 and row[k] != state[k]:
            return False
    short = 0
    for a in range(n, n + LETTERS):
        short += row[a] < state[a]
    return short == 0


@njit(ALLOWED, cache=True, nogil=True)
def _hard_allowed(table: np.ndarray, state: np.ndarray, among: np.ndarray) -> np.ndarray:
    """Indices of the words (rows of the table; those ``among``, when not empty) that hard
    mode's ``state`` allows."""
    n = state.size - LETTERS
    every = among.size == 0
    out = np.empty(table.shape[0] if every else among.size, np.int64)
    k = 0
    for i in range(out.size):
        g = i if every else among[i]
        if _obeys(table[g], n, state):
            out[k] = g
            k += 1
    return out[:k]


def hard_rule(words: np.ndarray, secrets: np.ndarray | None = None) -> GuessRule:
    """Hard mode over some words (rows of letters), as the game, the hinter and the exact
    search follow it; with the ``secrets`` (rows of letters), the exact search also knows
    their :func:`families`."""
    rows = np.asarray(words, dtype=np.int64)
    counts = np.zeros((rows.shape[0], LETTERS), dtype=np.int64)
    for pos in range(rows.shape[1]):
        np.add.at(counts, (np.arange(rows.shape[0]), rows[:, pos]), 1)
    start = np.concatenate([np.full(rows.shape[1], -1), np.zeros(LETTERS)]).astype(np.int64)
    return GuessRule(np.ascontiguousarray(np.hstack([rows, counts])), start, _hard_after,
                     _hard_allowed, None if secrets is None else families(secrets))


def families(words: np.ndarray, least: int = 3) -> np.ndarray:
    """The sets of at least ``least`` words (rows of letters) equal but in one position, one a
    row of word indices (-1 padded): hard mode tells them apart one guess at a time.

    >>> families(fb.encode(["batch", "catch", "hatch", "hitch", "pitch"])).tolist()
    [[0, 1, 2]]
    """
    rows = np.asarray(words, dtype=np.int64)
    found = []
    for pos in range(rows.shape[1]):
        rest = np.delete(rows, pos, axis=1)
        _, which, sizes = np.unique(rest, axis=0, return_inverse=True, return_counts=True)
        which = which.reshape(-1)
        found += [np.flatnonzero(which == k) for k in np.flatnonzero(sizes >= least)]
    out = np.full((len(found), max((f.size for f in found), default=0)), -1, np.int64)
    for i, members in enumerate(found):
        out[i, :members.size] = members
    return out


def hints(history: Iterable[tuple[np.ndarray, int]],
          length: int) -> tuple[np.ndarray, np.ndarray]:
    """What hard mode requires after some (guess letters, code) pairs: the letter fixed at
    each position (-1 if none) and how many of each letter a guess must contain.

    >>> fixed, least = hints([(fb.encode(["eerie"])[0], fb.parse("gybbb"))], 5)
    >>> fixed.tolist(), int(least[4])
    ([4, -1, -1, -1, -1], 2)
    """
    pairs = list(history)
    words = np.array([letters for letters, _ in pairs], dtype=np.int64)
    rule = hard_rule(words.reshape(len(pairs), length))
    state = rule.state((i, code) for i, (_, code) in enumerate(pairs))
    return state[:length], state[length:]


def hard_pool(words: np.ndarray, history: Iterable[tuple[np.ndarray, int]]) -> np.ndarray:
    """Indices of the words (rows of letters) hard mode allows after some (guess letters, code)
    pairs."""
    fixed, least = hints(history, words.shape[1])
    rule = hard_rule(words)
    return rule.allowed_by(np.concatenate([fixed, least]))


def hard_violation(word: str, history: Iterable[tuple[str, int]]) -> str | None:
    """Why ``word`` breaks hard mode after ``history`` (words and codes), or ``None``.

    >>> hard_violation("moist", [("crane", fb.parse("gybbb"))])
    'hard mode: the 1st letter must be C; the guess must contain R'
    >>> hard_violation("cross", [("crane", fb.parse("gybbb"))]) is None
    True
    """
    fixed, least = hints(((fb.encode([w])[0], c) for w, c in history), len(word))
    letters = fb.encode([word])[0]
    problems = [f"the {_ordinal(pos + 1)} letter must be {fb.ALPHABET[fixed[pos]].upper()}"
                for pos in np.flatnonzero(fixed >= 0).tolist() if letters[pos] != fixed[pos]]
    missing = _missing_letters(letters, fixed, least)
    if missing:
        problems.append("the guess must contain " + ", ".join(missing))
    return "hard mode: " + "; ".join(problems) if problems else None


def _missing_letters(letters: np.ndarray, fixed: np.ndarray, least: np.ndarray) -> list[str]:
    """The revealed letters a word uses too rarely, as ``R`` or ``E 2 times`` (a green it does
    not keep in place is reported as such, not again here)."""
    have = np.bincount(letters, minlength=LETTERS)
    misplaced = np.bincount(fixed[(fixed >= 0) & (letters != fixed)], minlength=LETTERS)
    return [fb.ALPHABET[c].upper() + ("" if least[c] == 1 else f" {least[c]} times")
            for c in np.flatnonzero(least).tolist() if have[c] + misplaced[c] < least[c]]


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... (11th-13th included)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, eq=False)
class HardMode:
    """The ``Game.allowed`` hook of hard mode; the exact search follows the same rule, its
    ``guess_rule``."""

    guess_rule: GuessRule

    def __call__(self, game: Game, position: Position) -> np.ndarray:
        allowed = np.zeros(len(game.guesses), dtype=bool)
        allowed[self.guess_rule.allowed_after(position.history)] = True
        return allowed


def with_hard_mode(game: Game, on: bool = True) -> Game:
    """The same game with hard mode switched on (or off)."""
    if not on:
        return replace(game, allowed=None)
    return replace(game, allowed=HardMode(hard_rule(game.guesses, game.secrets)))


def is_hard(game: Game) -> bool:
    """Whether the game is played in hard mode."""
    return isinstance(game.allowed, HardMode)
