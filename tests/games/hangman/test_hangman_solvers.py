"""The Hangman solvers by name: long words, one word left, priors."""

from __future__ import annotations

import numpy as np
import pytest
from hangman_plain import word_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.tree import evaluate
from sleuth.games.hangman.difficulty import rate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.solvers import Exact, FewestMisses, get_solver


@settings(max_examples=15, deadline=None)
@given(word_lists, st.integers(0, 2))
def test_long_words_play_like_their_short_cores(words: list[str], lives: int) -> None:
    """Words made long by one suffix common to all (past the int32 masks and the table of
    masks by entropy) are split by every letter exactly as the short ones: every solver makes
    the same misses on each."""
    longer = [w + "q" * 30 for w in words]
    for name in ("misses", "entropy", "exact", "exact-win"):
        short = evaluate(hangman(words, lives=lives), get_solver(name))
        long = evaluate(hangman(longer, lives=lives), get_solver(name))
        assert long.cost.tolist() == short.cost.tolist()
        assert long.won.tolist() == short.won.tolist()


@pytest.mark.parametrize("name", ["misses", "entropy", "exact", "exact-win"])
def test_one_word_left_gets_a_free_hit(name: str) -> None:
    """A length with one word: every solver names a letter of it (before, the exact solver
    raised and the entropy one named 'z', a miss), and rating it costs nothing."""
    game = hangman(["jump"])
    letter = game.guess_labels[get_solver(name).choose(game, game.start())]
    assert letter == "j"
    rating = rate(["jump"], name)
    assert rating.misses.tolist() == [0] and rating.letters == ["j"]
    after = game.after(game.start(), game.guess_index("j"), 1)
    assert game.outcome(after) is True


def test_solver_names() -> None:
    assert [get_solver(n).name for n in ("misses", "entropy", "exact", "exact-win")] == [
        "misses", "entropy", "exact", "exact-win"]
    with pytest.raises(ValueError, match="choose one of"):
        get_solver("nope")
    with pytest.raises(ValueError, match="objective"):
        Exact("fast")


def test_priors_steer_the_solvers() -> None:
    words = ["jazz", "fizz", "buzz", "tint", "tilt", "tact"]
    heavy = np.array([1, 1, 1, 100, 100, 100], dtype=np.float64)
    game = hangman(words, weights=heavy)
    assert game.guess_labels[FewestMisses().choose(game, game.start())] == "t"
    light = hangman(words, weights=heavy[::-1].copy())
    assert light.guess_labels[FewestMisses().choose(light, light.start())] == "z"
    rng = np.random.default_rng(5)
    gains = []
    for _ in range(5):  # the true prior never hurts the exact solver, and usually helps
        pool = sorted({"".join(rng.choice(list("abcdefg"), 5)) for _ in range(60)})
        prior = rng.pareto(1.0, len(pool)) + 0.01
        blind = evaluate(hangman(pool), Exact()).cost @ prior
        informed = evaluate(hangman(pool, weights=prior), Exact()).cost @ prior
        gains.append(blind - informed)
    assert min(gains) >= -1e-9 and max(gains) > 0
