"""Hangman solvers against plain references: masks, the seed's rule, exact search, priors."""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from sleuth.core.tree import evaluate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.solve import (
    UNLIMITED,
    Exact,
    FewestMisses,
    LetterEntropy,
    SetterModel,
    band_edges,
    bands,
    expected_misses,
    get_solver,
    greedy_outcomes,
    letter_ranks,
    letter_table,
    lookahead_value,
    ranks_of,
    rate,
    seed_formula,
    setter_distribution,
    spearman,
    word_prior,
)
from sleuth.words import feedback as fb

UZZLE = ["puzzle", "guzzle", "muzzle", "nuzzle", "buzzle", "wuzzle", "tuzzle"]
OTHERS_TEXT = """banana bandit barrel basket battle beacon beauty became become before behind
better beyond bishop bitter border borrow bottle bottom bounce branch breath bridge bright
broken bronze bubble bucket budget bullet bundle burden butter button"""
OTHERS = OTHERS_TEXT.split()
SIX = UZZLE + OTHERS
ALPHABET = "abcdefghijklmnopqrstuvwxyz"

word_lists = st.lists(st.text("abcde", min_size=4, max_size=4), min_size=2, max_size=10,
                      unique=True)


def plain_mask(letter: str, word: str) -> int:
    return sum(1 << i for i, c in enumerate(word) if c == letter)


def seed_word_guesses(words: Sequence[str]) -> dict[str, tuple[int, str]]:
    """The seed's algorithm restated plainly: word -> (misses, letters guessed)."""
    out: dict[str, tuple[int, str]] = {}

    def walk(group: list[str], wrong: int, letters: str) -> None:
        if len(group) == 1:
            out[group[0]] = (wrong, letters)
            return
        guess = min((c for c in ALPHABET if c not in letters),
                    key=lambda c: sum(c not in w for w in group))
        parts: dict[int, list[str]] = defaultdict(list)
        for w in group:
            parts[plain_mask(guess, w)].append(w)
        for mask, part in parts.items():
            walk(part, wrong + (mask == 0), letters + guess)

    walk(list(words), 0, "")
    return out


def reference_value(words: Sequence[str], weights: Sequence[float], lives: int
                    ) -> tuple[float, float]:
    """(lost, misses) of the best strategy, lexicographically, by plain exhaustive search."""
    weight = dict(zip(words, weights, strict=True))

    @functools.cache
    def value(group: frozenset[str], k: int) -> tuple[float, float]:
        if len(group) == 1:
            return 0.0, 0.0
        best = (math.inf, math.inf)
        for letter in ALPHABET:
            parts: dict[int, list[str]] = defaultdict(list)
            for w in group:
                parts[plain_mask(letter, w)].append(w)
            if len(parts) == 1:
                continue
            lost = miss = 0.0
            for mask, part in parts.items():
                mass = sum(weight[w] for w in part)
                if mask == 0:
                    miss += mass
                    if k == 0:
                        lost += mass
                        continue
                sub = value(frozenset(part), k - 1 if mask == 0 else k)
                lost, miss = lost + sub[0], miss + sub[1]
            if (round(lost, 9), round(miss, 9)) < (round(best[0], 9), round(best[1], 9)):
                best = (lost, miss)
        return best

    return value(frozenset(words), lives)



# --------------------------------------------------------------------------- kernels


@settings(deadline=None)
@given(st.lists(st.text("abcxyz", min_size=6, max_size=6), min_size=1, max_size=8))
def test_letter_table_matches_definition(words: list[str]) -> None:
    table = letter_table(fb.encode(words))
    assert table.tolist() == [[plain_mask(c, w) for c in ALPHABET] for w in words]


@settings(max_examples=40, deadline=None)
@given(word_lists)
def test_seed_rule_is_the_seed(words: list[str]) -> None:
    game = hangman(words, lives=UNLIMITED)
    result = evaluate(game, FewestMisses(), keep_tree=True)
    reference = seed_word_guesses(game.secret_labels)
    rated = rate(game.secret_labels, "misses")
    for i, word in enumerate(game.secret_labels):
        assert result.cost[i] == reference[word][0]
        assert rated.letters[rated.words.index(word)] == reference[word][1]
    misses, lost = greedy_outcomes(game, "misses")
    assert misses.tolist() == result.cost.tolist() and not lost.any()


@settings(max_examples=30, deadline=None)
@given(word_lists, st.integers(0, 3))
def test_compiled_play_outs_equal_the_tree(words: list[str], lives: int) -> None:
    game = hangman(words, lives=lives)
    for rule, strategy in (("misses", FewestMisses()), ("entropy", LetterEntropy())):
        result = evaluate(game, strategy)
        misses, lost = greedy_outcomes(game, rule)
        assert misses.tolist() == result.cost.tolist()
        assert lost.tolist() == (~result.won).tolist()


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text("abcxyz", min_size=1, max_size=62), min_size=1, max_size=6),
       st.integers(0, 61))
def test_letter_table_of_long_words(raw: list[str], length: int) -> None:
    """Past 30 letters the masks need 64 bits: int64, still equal to the definition."""
    words = [(w * 62)[: max(length, 1) + 1] for w in raw]
    table = letter_table(fb.encode(words, max_length=62))
    assert table.dtype == (np.int32 if len(words[0]) <= 30 else np.int64)
    assert table.tolist() == [[plain_mask(c, w) for c in ALPHABET] for w in words]


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


def test_uzzle_family_is_hardest_and_hits_are_free() -> None:
    rating = rate(SIX, "misses")
    hardest = [rating.words[i] for i in rating.order()[-4:]]
    assert set(hardest) <= set(UZZLE)
    assert rating.misses.max() == len(UZZLE) - 1
    for word, letters, misses in zip(rating.words, rating.letters, rating.misses, strict=True):
        assert misses == sum(c not in word for c in letters)  # a correct guess never counts
        assert len(set(letters)) == len(letters)


# --------------------------------------------------------------------------- exact search


@settings(max_examples=40, deadline=None)
@given(word_lists, st.lists(st.integers(1, 4), min_size=10, max_size=10))
def test_exact_matches_exhaustive_search(words: list[str], raw: list[int]) -> None:
    weights = np.array(raw[: len(words)], dtype=np.float64)
    game = hangman(words, lives=UNLIMITED, weights=weights)
    scale = len(game.secret_labels) / weights.sum()
    lost, miss = reference_value(game.secret_labels, list(weights * scale), UNLIMITED)
    chance, mean, exact = lookahead_value(game)
    assert exact and lost == 0 and chance == 0
    assert mean == pytest.approx(miss / len(words))
    played = evaluate(game, Exact())
    assert played.mean_cost() == pytest.approx(mean)  # the value is what the solver plays
    for greedy in (FewestMisses(), LetterEntropy()):
        assert played.mean_cost() <= evaluate(game, greedy).mean_cost() + 1e-9


@settings(max_examples=30, deadline=None)
@given(st.sets(st.sampled_from("bcdfghjkmnpqrstvwxy"), min_size=2, max_size=9),
       st.lists(st.integers(1, 5), min_size=9, max_size=9), st.integers(0, 9),
       st.booleans())
def test_exact_on_stars(heads: set[str], raw: list[int], lives: int, plain: bool) -> None:
    """Words told apart only by a letter of their own (the -uzzle family) are solved in
    closed form; "luzzle" (an l in two places) makes a set that is not such a star."""
    words = [h + "uzzle" for h in sorted(heads)] + ([] if plain else ["luzzle"])
    weights = np.array((raw + raw)[: len(words)], dtype=np.float64)
    game = hangman(words, lives=lives, weights=weights)
    scale = len(words) / weights.sum()
    lost, miss = reference_value(game.secret_labels, list(weights * scale), lives)
    played = evaluate(game, get_solver("exact-win"))
    assert (~played.won * weights).sum() * scale == pytest.approx(lost)
    assert (played.cost * weights).sum() * scale == pytest.approx(miss)


@settings(max_examples=40, deadline=None)
@given(word_lists, st.integers(0, 2))
def test_exact_win_maximises_wins_then_minimises_misses(words: list[str], lives: int) -> None:
    game = hangman(words, lives=lives)
    lost, miss = reference_value(game.secret_labels, [1.0] * len(words), lives)
    played = evaluate(game, get_solver("exact-win"))
    assert played.failures == pytest.approx(lost)
    assert played.cost.sum() == pytest.approx(miss)
    for greedy in (FewestMisses(), LetterEntropy(), Exact()):
        other = evaluate(game, greedy)
        assert (played.failures, played.cost.sum()) <= (other.failures, other.cost.sum())


def test_look_ahead_is_sound_and_never_worse_than_greedy() -> None:
    """Without exact solving, the look-ahead's value is reached and beats both greedy rules."""
    rng = np.random.default_rng(3)
    words = sorted({"".join(rng.choice(list("abcdefghij"), 5)) for _ in range(400)})
    game = hangman(words, lives=UNLIMITED)
    solver = Exact(exact_size=2, whole_list=0)
    _, bound, exact = lookahead_value(game, solver)
    played = evaluate(game, solver)
    assert not exact and played.mean_cost() <= bound + 1e-9
    for rule in ("misses", "entropy"):
        assert bound <= greedy_outcomes(game, rule)[0].mean() + 1e-9
    small = Exact(exact_size=12, node_budget=500, whole_list=0)  # some searches give up
    assert evaluate(game, small).mean_cost() <= greedy_outcomes(game, "misses")[0].mean()


def test_exact_on_uzzle_and_a_contradiction_free_replay() -> None:
    game = hangman(SIX, lives=UNLIMITED)
    solver = Exact()
    result = evaluate(game, solver)
    assert result.worst == len(UZZLE) - 1  # nothing tells the -uzzle words apart for free
    for secret in range(len(SIX)):
        pos = replay(game, solver, secret)
        assert pos.candidates.tolist() == [secret] and pos.cost == result.cost[secret]
    assert expected_misses(game) == pytest.approx(result.mean_cost())
    assert expected_misses(game, "misses") >= expected_misses(game)


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


# --------------------------------------------------------------------------- ratings


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


# --------------------------------------------------------------------------- setters


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
    common = setter_distribution(words, "common")
    rare = setter_distribution(words, "rare-letters")
    assert common[words.index("about")] > common[words.index("fuzzy")]
    assert rare[words.index("jazzy")] > rare[words.index("there")]
    assert setter_distribution(words, "uniform").tolist() == [1 / 6] * 6
    assert word_prior(words) is None
    assert word_prior(words, "frequency").sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="setter"):
        setter_distribution(words, "mean")
