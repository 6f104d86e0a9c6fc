"""The feedback kernels against the plain reference rule, and every case from SPEC section 1."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.split import stats_from_codes
from sleuth.words import feedback as fb

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


def long_word_pairs(alphabet: str) -> st.SearchStrategy:
    """Pairs of words of one length past SHORT_LENGTH (codes beyond 32 bits)."""
    return st.integers(fb.SHORT_LENGTH + 1, fb.MAX_LENGTH).flatmap(
        lambda n: st.tuples(
            st.lists(st.text(alphabet, min_size=n, max_size=n), min_size=1, max_size=5),
            st.lists(st.text(alphabet, min_size=n, max_size=n), min_size=1, max_size=5),
        )
    )


@settings(max_examples=150, deadline=None)
@given(st.one_of(long_word_pairs("abc"), long_word_pairs("abcdefghijklmnopqrstuvwxyz")))
def test_long_words_match_reference(pair: tuple[list[str], list[str]]) -> None:
    """Words of 21 to 39 letters: int64 codes, equal to the plain rule's."""
    guesses, secrets = pair
    got = fb.codes(fb.encode(guesses), fb.encode(secrets), parallel=False)
    assert got.dtype == np.int64
    assert got.tolist() == [[fb.reference_code(g, s) for s in secrets] for g in guesses]
    text = fb.feedback_text(guesses[0], secrets[0])
    assert fb.parse(text, len(text)) == fb.reference_code(guesses[0], secrets[0])


def test_long_words_parallel_and_serial_agree() -> None:
    rng = np.random.default_rng(7)
    words = rng.integers(0, 4, size=(1500, 31)).astype(np.uint8)
    both = fb.codes(words, words), fb.codes(words, words, parallel=False)
    assert both[0].dtype == np.int64 and np.array_equal(*both)
    assert both[0].max() == fb.solved_code(31)


def test_the_official_longest_words() -> None:
    word = "dichlorodiphenyltrichloroethane"  # 31 letters
    assert fb.feedback_code(word, word) == fb.solved_code(31) == 3**31 - 1
    guess, secret = "dacryocystorhinostomy", "acetylphenylhydrazine"  # 21 letters each
    assert fb.feedback_text(guess, secret) == "????OXX?X?XXO??XXXXX?" == fb.to_text(
        fb.reference_code(guess, secret), 21)


def test_code_types_by_length() -> None:
    assert fb.code_dtype(fb.SHORT_LENGTH) == np.uint32
    assert fb.code_dtype(fb.SHORT_LENGTH + 1) == fb.code_dtype(fb.MAX_LENGTH) == np.int64
    assert fb.solved_code(fb.MAX_LENGTH) < 2**63 <= 3 ** (fb.MAX_LENGTH + 1)


def test_too_long_words_are_refused_in_one_sentence() -> None:
    word = "a" * (fb.MAX_LENGTH + 1)
    for call in (lambda: fb.encode([word]), lambda: fb.feedback_code(word, word),
                 lambda: fb.codes(np.zeros((1, 40), np.uint8), np.zeros((1, 40), np.uint8)),
                 lambda: fb.class_stats(np.zeros((1, 40), np.uint8),
                                        np.zeros((1, 40), np.uint8))):
        with pytest.raises(ValueError, match="words of 40 letters are too long: at most 39"):
            call()
    assert fb.encode([word], max_length=62).shape == (1, 40)  # letters only: Hangman's use


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
        fb.encode(["a" * 30, "a" * 29])
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
    via_codes = stats_from_codes(fb.codes(fb.encode(guesses), fb.encode(secrets)),
                                    3 ** len(secrets[0]), fb.solved_code(len(secrets[0])),
                                    np.array(weights))
    want = [reference_stats(g, secrets, weights) for g in guesses]
    assert np.allclose(got, want)
    assert np.allclose(via_codes, want)


def test_class_stats_hashed_path_for_long_words() -> None:
    words = ["abcdefghijklmn", "nmlkjihgfedcba", "abcdefghijklmz", "zzzzzzzzzzzzzz"]
    got = fb.class_stats(fb.encode(words), fb.encode(words))
    assert np.allclose(got, [reference_stats(g, words, [1.0] * 4) for g in words])


@settings(max_examples=60, deadline=None)
@given(long_word_pairs("abc"), st.randoms(use_true_random=False))
def test_class_stats_of_long_words_match_reference(pair: tuple[list[str], list[str]],
                                                   rnd) -> None:
    guesses, secrets = pair
    length = len(secrets[0])
    weights = [rnd.choice([0.5, 1.0, 2.0]) for _ in secrets]
    want = [reference_stats(g, secrets, weights) for g in guesses]
    got = fb.class_stats(fb.encode(guesses), fb.encode(secrets), np.array(weights))
    via_codes = stats_from_codes(fb.codes(fb.encode(guesses), fb.encode(secrets)),
                                    fb.n_codes(length), fb.solved_code(length),
                                    np.array(weights))
    assert np.allclose(got, want) and np.allclose(via_codes, want)


def test_weights_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        fb.class_stats(fb.encode(["ab"]), fb.encode(["ab", "ba"]), np.array([1.0, 0.0]))
