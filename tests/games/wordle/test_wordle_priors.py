"""Priors over the answers, and past answers taken out."""

from __future__ import annotations

import numpy as np
import pytest
from wordle_plain import EXTRA, SMALL

from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.priors import answer_prior, learned_prior, without_past


def test_priors() -> None:
    assert answer_prior(SMALL) is None
    freq = answer_prior(SMALL, "frequency")
    assert freq.shape == (len(SMALL),) and abs(freq.sum() - 1) < 1e-9
    assert freq[SMALL.index("death")] > freq[SMALL.index("humph")]
    with pytest.raises(ValueError, match="past answers"):
        answer_prior(SMALL, "learned")
    with pytest.raises(ValueError, match="unknown prior"):
        answer_prior(SMALL, "zipf")


def test_learned_prior_prefers_words_like_past_answers() -> None:
    answers = ["crane", "plant", "stick", "cakes", "boats", "ducks", "lamps", "trunk"]
    past = ["crane", "plant", "stick", "trunk"]
    p = learned_prior(answers, past)
    assert abs(p.sum() - 1) < 1e-9 and np.all(p > 0)
    plural = [answers.index(w) for w in ("cakes", "boats", "ducks", "lamps")]
    assert p[plural].max() < p[answers.index("trunk")]


def test_past_answers_excluded() -> None:
    game = game_from(load_lists_small(), past=["cigar", "rebut"], exclude_past=True)
    assert "cigar" not in game.secret_labels and "cigar" in game.guess_labels
    with pytest.raises(ValueError, match="nothing is left"):
        without_past(["cigar"], ["cigar"])
    with pytest.raises(ValueError, match="past answers"):
        game_from(load_lists_small(), exclude_past=True)


def load_lists_small():
    from sleuth.games.wordle.lists import Lists

    return Lists(tuple(SMALL), tuple(SMALL + EXTRA), "small")
