"""Guess ratings against plain counting, and the rankings of the best guesses."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import EXTRA, SMALL, ref_code, small_game

from sleuth.games.wordle.ratings import best_guesses, rate
from sleuth.words import feedback as fb


def plain_rating(guess: str, cands: list[str]) -> tuple[float, float, float, int]:
    classes = Counter(ref_code(guess, s) for s in cands)
    n = len(cands)
    solved = fb.solved_code(len(guess))
    expected = sum(c * c for code, c in classes.items() if code != solved) / n
    entropy = -sum(c / n * np.log2(c / n) for c in classes.values())
    return expected, entropy, classes.get(solved, 0) / n, max(classes.values())


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(SMALL), min_size=1, max_size=25, unique=True),
       st.lists(st.sampled_from(SMALL + EXTRA), min_size=1, max_size=6, unique=True))
def test_rate_matches_plain_counting(cands: list[str], guesses: list[str]) -> None:
    game = small_game()
    idx = np.array([SMALL.index(w) for w in cands])
    ratings = rate(game, np.array([game.guess_index(g) for g in guesses]), idx)
    for r, guess in zip(ratings, guesses, strict=True):
        expected, entropy, chance, worst = plain_rating(guess, cands)
        assert r.word == guess and r.worst == worst
        assert r.expected == pytest.approx(expected) and r.entropy == pytest.approx(entropy)
        assert r.chance == pytest.approx(chance) and r.candidate == (guess in cands)


def test_best_guesses_rankings() -> None:
    game = small_game()
    pos = game.start()
    by_expected = best_guesses(game, pos, 5, "expected")
    assert [r.expected for r in by_expected] == sorted(r.expected for r in by_expected)
    every = rate(game, np.arange(len(game.guesses)), pos.candidates)
    assert by_expected[0].expected == pytest.approx(min(r.expected for r in every))
    assert best_guesses(game, pos, 3, "entropy")[0].entropy == pytest.approx(
        max(r.entropy for r in every))
    assert best_guesses(game, pos, 3, "worst")[0].worst == min(r.worst for r in every)
    with pytest.raises(ValueError, match="unknown ranking"):
        best_guesses(game, pos, 3, "luck")
