"""How setters choose words: the fixed setters, the learned one, and the prior a solver takes."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.setter import (
    FEATURES,
    MIN_CONCENTRATION,
    SetterModel,
    concentration_estimate,
    fit_tilt,
    read_picks,
    second_moment,
    setter_distribution,
    word_features,
    word_prior,
)
from sleuth.games.hangman.solvers import get_solver
from sleuth.words.wordlist import WordListWarning, default_words, frequencies

SEED_SETTER = ["jugful", "rhythm", "syzygy", "zythum"]  # seed 003: a perfect solver avoids E


def first_guess(words: list[str], weights: np.ndarray | None, solver: str) -> str:
    game = hangman(words, weights=weights)
    return game.guess_labels[get_solver(solver).choose(game, game.start())]


def test_setter_model_starts_uniform_and_learns() -> None:
    dictionary = ["jazz", "fizz", "buzz", "quiz", "cats", "dogs", "mats", "hats", "rats", "tea"]
    model = SetterModel(dictionary, concentration=2.0)
    four = [w for w in dictionary if len(w) == 4]
    assert np.allclose(model.weights(four), 1 / len(four))
    assert model.describe() == ["learned from 0 games", "any word alike so far"]
    model.observe(["jazz", "quiz", "fizz"])
    learned = model.weights(four)
    assert learned.sum() == pytest.approx(1.0)
    assert learned[four.index("buzz")] > learned[four.index("cats")]
    assert model.seen == 3 and model.describe()[0] == "learned from 3 games"


def test_the_seeds_setter_makes_the_solver_open_with_y() -> None:
    """Seed 003: a setter who picks JUGFUL, RHYTHM, SYZYGY and ZYTHUM; on the 6-letter words of
    the built-in dictionary a solver assuming any word alike opens with E, one that learned
    this setter with Y (the letter of three of the four), whether each was set once or often."""
    six = list(default_words().of_length(6))
    assert first_guess(six, None, "misses") == "e"
    once = SetterModel(default_words())
    once.observe(SEED_SETTER)
    weights = once.weights(six)
    assert first_guess(six, weights, "misses") == "y"
    assert first_guess(six, weights, "exact") == "y"
    assert "avoids e" in once.describe()[1]
    often = SetterModel(default_words())
    often.observe({word: 100 for word in SEED_SETTER})
    weights = often.weights(six)
    assert weights[[six.index(w) for w in SEED_SETTER]].sum() > 0.99
    assert first_guess(six, weights, "misses") == "y"


def test_repeated_picks_count() -> None:
    """A word set again weighs more, and a setter who repeats words is expected to repeat."""
    words = ["jazz", "fizz", "buzz", "quiz", "cats", "dogs", "mats", "hats", "rats", "bats"]
    model = SetterModel(words)
    model.observe(["cats", "jazz"])
    assert math.isinf(model.alpha())  # no word came twice: every pick a new word
    before = model.weights(words)
    model.observe({"cats": 9})
    after = model.weights(words)
    assert model.seen == 11 and math.isfinite(model.alpha())
    assert after[words.index("cats")] > 0.5 > before[words.index("cats")]
    assert after[words.index("cats")] > after[words.index("jazz")] > after[words.index("dogs")]
    assert "(2 different words)" in model.describe()[0]
    assert "sets again a word set before" in model.describe()[1]


def test_what_a_setter_avoids_counts() -> None:
    """A setter who never sets a word with E: E-words they did not set lose weight against
    the words without E they did not set either."""
    rng = np.random.default_rng(3)
    letters = np.array(list("abcdefghijklmnopqrstuvwxyz"))
    words = list(dict.fromkeys("".join(rng.choice(letters, 5)) for _ in range(3000)))
    picked = [w for w in words if "e" not in w][:40]
    model = SetterModel(words)
    model.observe(picked)
    weights = model.weights(words)
    unset = np.array([w not in picked for w in words])
    with_e = np.array(["e" in w for w in words])
    assert weights[unset & with_e].mean() < 0.5 * weights[unset & ~with_e].mean()


def plain_gradient(theta: np.ndarray, groups: list[tuple[np.ndarray, np.ndarray]],
                   variance: float) -> np.ndarray:
    """The gradient of the log posterior, word by word."""
    gradient = [-t / variance for t in theta]
    for x, draws in groups:
        scores = [sum(a * b for a, b in zip(row, theta, strict=True)) for row in x]
        norm = sum(math.exp(s) for s in scores)
        for j in range(len(theta)):
            expected = sum(math.exp(s) * row[j] for s, row in zip(scores, x, strict=True)) / norm
            gradient[j] += sum(d * (row[j] - expected) for d, row in zip(draws, x, strict=True))
    return np.array(gradient)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text("abcdef", min_size=3, max_size=3), min_size=2, max_size=12, unique=True),
       st.data())
def test_the_fit_is_where_the_posterior_is_flat(words: list[str], data: st.DataObject) -> None:
    """The fitted weights are the posterior's mode: its gradient, computed plainly, is zero."""
    picked = data.draw(st.lists(st.sampled_from(words), min_size=1, unique=True))
    variance = data.draw(st.sampled_from([0.1, 1.0, 10.0]))
    x = word_features(words, np.full(26, 0.5))
    x = (x - x.mean(axis=0)) / np.where(x.std(axis=0) > 0, x.std(axis=0), 1.0)
    groups = [(x, np.array([float(w in picked) for w in words]))]
    theta = fit_tilt(groups, np.full(len(FEATURES), variance))
    assert np.abs(plain_gradient(theta, groups, variance)).max() < 1e-6


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 40), st.integers(1, 8), st.integers(0, 2**32 - 1))
def test_second_moment_is_the_plain_sum(n: int, d: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    x, p = rng.normal(size=(n, d)), rng.random(n)
    plain = sum(p[i] * np.outer(x[i], x[i]) for i in range(n))
    assert np.allclose(second_moment(x, p), plain)


def log_likelihood(alpha: float, picks: int, distinct: int) -> float:
    """log P(distinct words among picks | concentration alpha), up to a constant."""
    return distinct * math.log(alpha) + math.lgamma(alpha) - math.lgamma(alpha + picks)


@given(st.lists(st.integers(1, 30), min_size=1, max_size=12))
def test_the_concentration_is_the_likeliest(counts: list[int]) -> None:
    alpha = concentration_estimate(counts)
    picks, distinct = sum(counts), len(counts)
    if distinct == picks:
        assert math.isinf(alpha)
        return
    assert alpha >= MIN_CONCENTRATION
    best = log_likelihood(alpha, picks, distinct)
    for other in (alpha * 0.9, alpha * 1.1):
        if other >= MIN_CONCENTRATION:
            assert best >= log_likelihood(other, picks, distinct) - 1e-9


def test_picks_are_read_with_their_repeats(tmp_path: Path) -> None:
    path = tmp_path / "picks.txt"
    path.write_text("Jazz\njazz\n\nfizz\nnot a word\nJAZZ\n")
    with pytest.warns(WordListWarning, match="skipped 1 line"):
        assert read_picks(path) == {"jazz": 3, "fizz": 1}


def test_simulated_setters_and_priors() -> None:
    words = ["house", "zebra", "jazzy", "about", "fuzzy", "there"]
    common = setter_distribution(words, "frequency")
    rare = setter_distribution(words, "rare-letters")
    assert common[words.index("about")] > common[words.index("fuzzy")]
    assert rare[words.index("jazzy")] > rare[words.index("there")]
    assert setter_distribution(words, "uniform").tolist() == [1 / 6] * 6
    with pytest.raises(ValueError, match="setter"):
        setter_distribution(words, "mean")


def test_a_prior_is_a_setter_the_solver_assumes() -> None:
    """One setter of each kind serves as the solver's prior: the same numbers."""
    words = ["house", "zebra", "jazzy", "about", "fuzzy", "there"]
    assert word_prior(words) is None  # uniform: the game needs no weights
    assert word_prior(words, "frequency").tolist() == frequencies(words).tolist()
    rare = word_prior(words, "rare-letters")
    assert rare.tolist() == setter_distribution(words, "rare-letters").tolist()
    model = SetterModel(words)
    model.observe(["jazzy", "fuzzy"])
    assert word_prior(words, "uniform", model).tolist() == model.weights(words).tolist()


def test_bad_picks_and_parameters_are_refused() -> None:
    model = SetterModel(["cats"])
    with pytest.raises(ValueError, match="plain a-z"):
        model.observe(["c4ts"])
    with pytest.raises(ValueError, match="at least once"):
        model.observe({"cats": 0})
    for bad in ({"concentration": 0.0}, {"variance": -1.0}):
        with pytest.raises(ValueError, match="positive"):
            SetterModel(["cats"], **bad)
    with pytest.raises(ValueError, match="at least one word"):
        SetterModel([])
