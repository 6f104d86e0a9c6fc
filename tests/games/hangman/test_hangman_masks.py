"""The table of letter-position masks against its definition, short and long words."""

from __future__ import annotations

import numpy as np
from hangman_plain import ALPHABET, plain_mask
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.games.hangman.masks import NARROW_BITS, letter_table, scaled_weights
from sleuth.words import feedback as fb


@settings(deadline=None)
@given(st.lists(st.text("abcxyz", min_size=6, max_size=6), min_size=1, max_size=8))
def test_letter_table_matches_definition(words: list[str]) -> None:
    table = letter_table(fb.encode(words))
    assert table.tolist() == [[plain_mask(c, w) for c in ALPHABET] for w in words]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text("abcxyz", min_size=1, max_size=62), min_size=1, max_size=6),
       st.integers(0, 61))
def test_letter_table_of_long_words(raw: list[str], length: int) -> None:
    """Past 30 letters the masks need 64 bits: int64, still equal to the definition."""
    words = [(w * 62)[: max(length, 1) + 1] for w in raw]
    table = letter_table(fb.encode(words, max_length=62))
    assert table.dtype == (np.int32 if len(words[0]) <= NARROW_BITS else np.int64)
    assert table.tolist() == [[plain_mask(c, w) for c in ALPHABET] for w in words]


@given(st.lists(st.floats(0.01, 100), min_size=1, max_size=9))
def test_weights_are_scaled_to_a_mean_of_one(raw: list[float]) -> None:
    scaled = scaled_weights(np.array(raw), len(raw))
    assert abs(scaled.mean() - 1) < 1e-12
    assert np.allclose(scaled / scaled[0], np.array(raw) / raw[0])
    assert scaled_weights(None, 3).tolist() == [1.0, 1.0, 1.0]
