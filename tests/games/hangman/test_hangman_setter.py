"""How setters choose words: the fixed setters, the learned one, and the prior a solver takes."""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.games.hangman.setter import SetterModel, setter_distribution, word_prior
from sleuth.words.wordlist import frequencies


def test_setter_model_starts_uniform_and_learns() -> None:
    dictionary = ["jazz", "fizz", "buzz", "quiz", "cats", "dogs", "mats", "hats", "rats", "tea"]
    model = SetterModel(dictionary, concentration=2.0)
    four = [w for w in dictionary if len(w) == 4]
    assert np.allclose(model.weights(four), 1 / len(four))
    model.observe(["jazz", "quiz", "fizz"])
    learned = model.weights(four)
    assert learned.sum() == pytest.approx(1.0)
    assert learned[four.index("buzz")] > learned[four.index("cats")]
    assert model.seen == 3 and "learned from 3 words" in model.describe()[0]


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
