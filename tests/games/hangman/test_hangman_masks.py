"""The table of letter-position masks against its definition, short and long words."""

from __future__ import annotations

import numpy as np
from hangman_plain import ALPHABET, plain_mask
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.games.hangman.masks import NARROW_BITS, family_ids, letter_table, scaled_weights
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


def _is_star(words: list[str]) -> bool:
    """Whether each guess tells at most one of ``words`` from the rest: every letter stands
    in all of them at the same places, or in one of them at most."""
    for c in ALPHABET:
        holders = {plain_mask(c, w) for w in words if c in w}
        held = sum(c in w for w in words)
        if held > 1 and not (held == len(words) and len(holders) == 1):
            return False
    return True


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text("abcdefg", min_size=4, max_size=4), min_size=1, max_size=40,
                unique=True), st.randoms(use_true_random=False))
def test_families_are_stars_whatever_the_order(words: list[str], rng) -> None:
    """Each family is a star (the floor's argument needs nothing else), a word outside every
    family has none to join, and the families do not depend on the words' order."""
    families = _families(words)
    assert all(len(f) >= 2 and _is_star(sorted(f)) for f in families)
    alone = set(words).difference(*families)
    assert not any(_is_star([a, b]) and a[1:] == b[1:] for a in alone for b in alone if a < b)
    assert _families(rng.sample(words, len(words))) == families


def _families(words: list[str]) -> set[frozenset[str]]:
    """The families :func:`family_ids` makes of ``words``, as sets of words."""
    ids = family_ids(fb.encode(words))
    return {frozenset(w for w, i in zip(words, ids, strict=True) if i == f)
            for f in set(ids.tolist()) - {-1}}
