"""The feedback kernels against the plain reference rule, and every case from SPEC section 1."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth import feedback as fb

SPEC_CASES = [  # (secret, guess, feedback) from SPEC section 1
    ("dents", "dozes", "OXX?O"),
    ("cozies", "tosses", "XOXXOO"),
    ("flower", "rewolf", "??????"),
    ("flower", "floflo", "OOOXXX"),
    ("flower", "florqe", "OOO?X?"),
    ("elephant", "eeeeeeee", "OXOXXXXX"),
    ("elephant", "zezeeeee", "X?X?XXXX"),
    ("elephant", "zrzeeeee", "XXX??XXX"),
    ("stories", "element", "?XXXXX?"),
    ("apathetic", "arbitrate", "OXX??X???"),
    ("essentially", "pedestaling", "X?XO?O????X"),
]


@pytest.mark.parametrize(("secret", "guess", "expected"), SPEC_CASES)
def test_spec_cases(secret: str, guess: str, expected: str) -> None:
    assert fb.feedback_text(guess, secret) == expected
    assert fb.to_text(fb.reference_code(guess, secret), len(guess)) == expected


def word_pairs(max_len: int = fb.MAX_LENGTH, alphabet: str = "abcde") -> st.SearchStrategy:
    """Pairs of words of one length over a small alphabet, so repeated letters are common."""
    return st.integers(1, max_len).flatmap(
        lambda n: st.tuples(
            st.lists(st.text(alphabet, min_size=n, max_size=n), min_size=1, max_size=6),
            st.lists(st.text(alphabet, min_size=n, max_size=n), min_size=1, max_size=6),
        )
    )


@settings(max_examples=300, deadline=None)
@given(word_pairs())
def test_kernel_matches_reference(pair: tuple[list[str], list[str]]) -> None:
    guesses, secrets = pair
    got = fb.codes(fb.encode(guesses), fb.encode(secrets))
    want = [[fb.reference_code(g, s) for s in secrets] for g in guesses]
    assert got.tolist() == want


@settings(max_examples=100, deadline=None)
@given(word_pairs(8, "abcdefghijklmnopqrstuvwxyz"))
def test_kernel_full_alphabet(pair: tuple[list[str], list[str]]) -> None:
    guesses, secrets = pair
    got = fb.codes(fb.encode(guesses), fb.encode(secrets), parallel=False)
    assert got.tolist() == [[fb.reference_code(g, s) for s in secrets] for g in guesses]


def test_parallel_and_serial_agree() -> None:
    rng = np.random.default_rng(5)
    words = rng.integers(0, 6, size=(400, 6)).astype(np.uint8)
    assert np.array_equal(fb.codes(words, words), fb.codes(words, words, parallel=False))


def test_longest_words_fit() -> None:
    word = "abcdefghijklmnopqrst"
    assert fb.feedback_code(word, word) == fb.solved_code(20) == 3**20 - 1
    assert fb.feedback_text(word[::-1], word) == "?" * 20


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 20).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 3**n - 1))))
def test_render_parse_round_trip(case: tuple[int, int]) -> None:
    length, code = case
    for style in fb.STYLES:
        assert fb.parse(fb.to_text(code, length, style), length) == code


def test_parse_notations() -> None:
    code = fb.parse("OX?XO")
    assert code == fb.parse("gbybg") == fb.parse("20102") == fb.parse("G B Y B G")
    assert code == fb.parse("\U0001f7e9\u2b1b\U0001f7e8\u2b1c\U0001f7e9")
    assert fb.parse("ox?xo", 5) == code


@pytest.mark.parametrize(("text", "length", "message"), [
    ("OX?X", 5, "has 4 marks but the word has 5 letters"),
    ("OXZXO", 5, "character 'z' at position 3"),
    ("", 5, "empty"),
])
def test_parse_errors(text: str, length: int, message: str) -> None:
    with pytest.raises(fb.FeedbackError, match=message):
        fb.parse(text, length)


def test_encode_rejects_bad_words() -> None:
    with pytest.raises(ValueError, match="one length"):
        fb.encode(["abc", "ab"])
    with pytest.raises(ValueError, match="a-z"):
        fb.encode(["aBc"])


def reference_stats(guess: str, secrets: list[str], weights: list[float]) -> list[float]:
    classes: dict[int, list[float]] = {}
    for s, w in zip(secrets, weights, strict=True):
        classes.setdefault(fb.reference_code(guess, s), []).append(w)
    total = sum(weights)
    solved = fb.solved_code(len(guess))
    sizes = {c: sum(ws) for c, ws in classes.items()}
    entropy = -sum(v / total * np.log2(v / total) for v in sizes.values())
    return [len(classes), max(sizes.values()), sum(v * v for v in sizes.values()), entropy,
            sizes.get(solved, 0.0), sum(max(ws) for c, ws in classes.items() if c != solved)]


@settings(max_examples=150, deadline=None)
@given(word_pairs(7, "abcd"), st.randoms(use_true_random=False))
def test_class_stats_match_reference(pair: tuple[list[str], list[str]], rnd) -> None:
    guesses, secrets = pair
    weights = [rnd.choice([0.5, 1.0, 2.0, 3.25]) for _ in secrets]
    got = fb.class_stats(fb.encode(guesses), fb.encode(secrets), np.array(weights))
    via_codes = fb.stats_from_codes(fb.codes(fb.encode(guesses), fb.encode(secrets)),
                                    3 ** len(secrets[0]), fb.solved_code(len(secrets[0])),
                                    np.array(weights))
    want = [reference_stats(g, secrets, weights) for g in guesses]
    assert np.allclose(got, want)
    assert np.allclose(via_codes, want)


def test_class_stats_hashed_path_for_long_words() -> None:
    words = ["abcdefghijklmn", "nmlkjihgfedcba", "abcdefghijklmz", "zzzzzzzzzzzzzz"]
    got = fb.class_stats(fb.encode(words), fb.encode(words))
    assert np.allclose(got, [reference_stats(g, words, [1.0] * 4) for g in words])


def test_weights_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        fb.class_stats(fb.encode(["ab"]), fb.encode(["ab", "ba"]), np.array([1.0, 0.0]))
