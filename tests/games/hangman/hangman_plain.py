"""Plain references the Hangman tests hold the compiled kernels to, and shared word lists."""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Sequence

from hypothesis import strategies as st

UZZLE = ["puzzle", "guzzle", "muzzle", "nuzzle", "buzzle", "wuzzle", "tuzzle"]
OTHERS_TEXT = """banana bandit barrel basket battle beacon beauty became become before behind
better beyond bishop bitter border borrow bottle bottom bounce branch breath bridge bright
broken bronze bubble bucket budget bullet bundle burden butter button"""
SIX = UZZLE + OTHERS_TEXT.split()
ALPHABET = "abcdefghijklmnopqrstuvwxyz"

word_lists = st.lists(st.text("abcde", min_size=4, max_size=4), min_size=2, max_size=10,
                      unique=True)


def plain_mask(letter: str, word: str) -> int:
    """The positions of ``letter`` in ``word`` as a bitmask (bit k for position k)."""
    return sum(1 << i for i, c in enumerate(word) if c == letter)


def split_by_mask(letter: str, group: Sequence[str]) -> dict[int, list[str]]:
    """The words of ``group`` by the mask of ``letter`` in each."""
    parts: dict[int, list[str]] = defaultdict(list)
    for w in group:
        parts[plain_mask(letter, w)].append(w)
    return parts


def seed_word_guesses(words: Sequence[str]) -> dict[str, tuple[int, str]]:
    """The seed's algorithm restated plainly: word -> (misses, letters guessed)."""
    out: dict[str, tuple[int, str]] = {}

    def walk(group: list[str], wrong: int, letters: str) -> None:
        if len(group) == 1:
            out[group[0]] = (wrong, letters)
            return
        guess = min((c for c in ALPHABET if c not in letters),
                    key=lambda c: sum(c not in w for w in group))
        for mask, part in split_by_mask(guess, group).items():
            walk(part, wrong + (mask == 0), letters + guess)

    walk(list(words), 0, "")
    return out


def reference_value(words: Sequence[str], weights: Sequence[float], lives: int
                    ) -> tuple[float, float]:
    """(lost, misses) of the best strategy, lexicographically, by plain exhaustive search."""
    weight = dict(zip(words, weights, strict=True))

    @functools.cache
    def value(group: frozenset[str], k: int) -> tuple[float, float]:
        if len(group) == 1:
            return 0.0, 0.0
        best = (math.inf, math.inf)
        for letter in ALPHABET:
            parts = split_by_mask(letter, group)
            if len(parts) == 1:
                continue
            lost = miss = 0.0
            for mask, part in parts.items():
                mass = sum(weight[w] for w in part)
                if mask == 0:
                    miss += mass
                    if k == 0:
                        lost += mass
                        continue
                sub = value(frozenset(part), k - 1 if mask == 0 else k)
                lost, miss = lost + sub[0], miss + sub[1]
            if (round(lost, 9), round(miss, 9)) < (round(best[0], 9), round(best[1], 9)):
                best = (lost, miss)
        return best

    return value(frozenset(words), lives)
