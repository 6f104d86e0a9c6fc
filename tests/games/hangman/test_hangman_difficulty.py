"""Word difficulty: ratings, bands, rank correlation and the seed's formula."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hangman_plain import SIX, UZZLE

from sleuth.games.hangman.difficulty import (
    band_edges,
    bands,
    letter_ranks,
    ranks_of,
    rate,
    seed_formula,
    spearman,
)


def test_uzzle_family_is_hardest_and_hits_are_free() -> None:
    rating = rate(SIX, "misses")
    hardest = [rating.words[i] for i in rating.order()[-4:]]
    assert set(hardest) <= set(UZZLE)
    assert rating.misses.max() == len(UZZLE) - 1
    for word, letters, misses in zip(rating.words, rating.letters, rating.misses, strict=True):
        assert misses == sum(c not in word for c in letters)  # a correct guess never counts
        assert len(set(letters)) == len(letters)


def test_spearman_matches_the_textbook_formula() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.permutation(30), rng.permutation(30)
    d = (a - b).astype(float)
    assert spearman(a, b) == pytest.approx(1 - 6 * (d * d).sum() / (30 * (30**2 - 1)))
    assert ranks_of(np.array([3, 1, 3, 2])).tolist() == [3.5, 1.0, 3.5, 2.0]
    assert math.isnan(spearman(np.ones(4), np.arange(4)))


def test_bands_by_quantiles() -> None:
    values = np.repeat(np.arange(6), 10)
    low, high = band_edges(values)
    assert (low, high) == (1.0, 3.0)
    assert bands(values).count("easy") == 20 and bands(values).count("hard") == 20
    assert set(bands(np.zeros(5))) == {"easy"}
    wide = np.arange(1000.0)
    assert bands(wide).count("medium") == pytest.approx(333, abs=2)


def test_seed_formula_by_hand() -> None:
    ranks = {c: i + 1 for i, c in enumerate("etaoinshrdlcumwfgypbvkjxqz")}
    cat = 3 * (7 - 1) * (ranks["c"] + ranks["a"] + ranks["t"])
    fuzz = 3 * (7 - 1) * (ranks["f"] + ranks["u"] + ranks["z"])
    assert seed_formula(["cat", "fuzz"], ranks).tolist() == [cat, fuzz]
    assert letter_ranks(["bob", "ab"])["b"] == 1


def test_rating_reads_well() -> None:
    rating = rate(SIX, "exact")
    rows = rating.rows()
    assert [r["word"] for r in rows][-1] in UZZLE
    assert {r["band"] for r in rows} == {"easy", "medium", "hard"}
    assert rows[0]["misses"] <= rows[-1]["misses"]
    assert -1 <= rating.agreement <= 1
    assert sorted(rows[0]) == sorted(["word", "length", "misses", "band", "won_with_6_lives",
                                      "letters_guessed", "guesses", "seed_formula",
                                      "formula_band"])
