"""Guess ratings against plain counting, and the rankings of the best guesses."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import EXTRA, SMALL, ref_code, small_game

from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.ratings import RANKINGS, best_guesses, green_yellow_scores, rate
from sleuth.words import feedback as fb


def plain_points(guess: str, secret: str) -> int:
    """Seed 004's points of one guess against one secret: 2 a green, 1 a yellow."""
    return sum(fb.digits(ref_code(guess, secret), len(guess)))


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
        assert r.green_yellow == pytest.approx(
            sum(plain_points(guess, s) for s in cands) / len(cands))


WORDS = st.text(alphabet="abcde", min_size=4, max_size=4)  # few letters: many repeats


@settings(max_examples=60, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=12, unique=True),
       st.lists(WORDS, min_size=1, max_size=8, unique=True),
       st.lists(st.integers(1, 9), min_size=12, max_size=12))
def test_green_yellow_scores_match_plain_points(secrets: list[str], extra: list[str],
                                                weights: list[int]) -> None:
    """The score computed without any feedback is each guess's points, averaged under the
    prior, counted the plain way (repeated letters included)."""
    w = np.array(weights[: len(secrets)], dtype=np.float64)
    game = wordle_game(secrets, secrets + extra, weights=w)
    every = np.arange(len(game.guesses))
    scores = green_yellow_scores(game, every, np.arange(len(secrets)))
    for guess, score in zip(game.guess_labels, scores, strict=True):
        plain = sum(wi * plain_points(guess, s) for wi, s in zip(w, secrets, strict=True))
        assert score == pytest.approx(plain / w.sum())


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
    by_points = best_guesses(game, pos, 3, "green-yellow")
    assert by_points[0].green_yellow == pytest.approx(max(r.green_yellow for r in every))
    assert [r.green_yellow for r in by_points] == sorted((r.green_yellow for r in by_points),
                                                         reverse=True)
    assert "green-yellow" in RANKINGS
    with pytest.raises(ValueError, match="unknown ranking"):
        best_guesses(game, pos, 3, "luck")
