"""The exact search against plain exhaustive search: fewest misses, most wins, stars, look-ahead."""

from __future__ import annotations

import numpy as np
import pytest
from hangman_plain import SIX, UZZLE, reference_value, word_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from sleuth.core.tree import evaluate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.greedy import letter_misses
from sleuth.games.hangman.masks import (
    family_ids,
    letter_bits,
    letter_table,
    new_context,
    new_memo,
)
from sleuth.games.hangman.search import (
    ABORTED,
    EXACT,
    FLOOR,
    LOWER,
    PRUNED_SIZES,
    UNLIMITED,
    family_floor,
    floor_value,
    memo_value,
    pruned,
    set_key,
)
from sleuth.games.hangman.solvers import (
    Exact,
    FewestMisses,
    LetterEntropy,
    expected_misses,
    get_solver,
    greedy_outcomes,
    lookahead_value,
)
from sleuth.words import feedback as fb


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


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("abcdef", min_size=3, max_size=3), min_size=2, max_size=9,
                unique=True),
       st.lists(st.integers(1, 4), min_size=9, max_size=9),
       st.sampled_from([0, 1, 2, 3, UNLIMITED]))
def test_family_floor_bounds_every_strategy(words: list[str], raw: list[int],
                                            lives: int) -> None:
    """No strategy loses or misses less than the families' stars and the first splitting
    letter's other misses say (short words over six letters make families often: bad, cad,
    dad; and stars over all three places: abc, def)."""
    weights = np.array(raw[: len(words)], dtype=np.float64)
    lost, miss = reference_value(words, list(weights), lives)
    floor = _family_floor(words, weights, len(words), lives)
    assert floor[0] <= lost + 1e-9 and floor[1] <= miss + 1e-9


def _family_floor(words: list[str], weights: np.ndarray, first: int, lives: int
                  ) -> tuple[float, float]:
    """:func:`family_floor` of the first ``first`` of ``words``."""
    masks, cands = letter_table(fb.encode(words)), np.arange(first)
    families = new_context(family_ids(fb.encode(words)), letter_bits(masks))
    miss, splits, _ = letter_misses(masks, weights, cands)
    return family_floor(families, masks, weights, cands, lives, miss, splits)


def test_family_floor_of_a_star_and_beside_other_words() -> None:
    """A family alone is a star: its bound is its value. Beside it, a word whose own letter
    stands elsewhere in the family (zuzzle) and another word each miss on the first letter
    that splits the set, one of them at least."""
    words, ones = [*UZZLE, "bottle", "zuzzle"], np.ones(len(UZZLE) + 2)
    star = _family_floor(words, ones, len(UZZLE), UNLIMITED)
    assert star == (0.0, 21.0) == reference_value(UZZLE, [1.0] * len(UZZLE), UNLIMITED)
    with_lives = _family_floor(words, ones, len(UZZLE), 2)
    assert with_lives == (4.0, 0 + 1 + 2 + 3 * 4) == reference_value(UZZLE, [1.0] * 7, 2)
    beside = _family_floor(words, ones, len(words), UNLIMITED)
    assert beside == (0.0, 22.0)
    assert beside[1] <= reference_value(words, list(ones), UNLIMITED)[1]


def test_the_chain_of_misses_counts_the_second_letter_too() -> None:
    """Three words with no letter in common (too far apart for a family): whatever comes
    first, two of them miss it, and the two left miss once more before they part."""
    words = ["abcd", "efgh", "ijkl"]
    floor = _family_floor(words, np.ones(3), 3, UNLIMITED)
    assert floor == (0.0, 3.0) == reference_value(words, [1.0] * 3, UNLIMITED)


def test_large_sets_keep_their_floor_in_the_memo() -> None:
    """A floor of eight words or more is kept as a lower bound marked as a floor (the first
    to go from a full memo), so it is found once while there is room."""
    words = ["bill", "fill", "gill", "hill", "kill", "mill", "pill", "till", "will"]
    masks = letter_table(fb.encode(words))
    families = new_context(family_ids(fb.encode(words)), letter_bits(masks))
    memo, cands = new_memo(), np.arange(len(words))
    floor = floor_value(masks, np.ones(len(words)), families, cands, UNLIMITED, memo)
    assert floor == (0.0, 36.0)
    assert len(memo) == 1 and memo_value(cands, UNLIMITED, memo) == (0.0, 36.0, LOWER, FLOOR)


@pytest.mark.parametrize("lives", [0, 1, 2, UNLIMITED])
def test_two_families_each_miss_the_others_letters(lives: int) -> None:
    """Two stars (bill, fill, gill; cane, pane, wane): whichever letter splits them first
    stands in none of one family's words, whose every star count then moves up by one
    (capped with lives): the floor reaches the exact value, games lost included."""
    words = ["bill", "fill", "gill", "cane", "pane", "wane"]
    floor = _family_floor(words, np.ones(6), 6, lives)
    assert floor == reference_value(words, [1.0] * 6, lives)
    assert floor == {0: (5.0, 5.0), 1: (3.0, 8.0), 2: (1.0, 9.0), UNLIMITED: (0.0, 9.0)}[lives]


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


def _key(first: int, size: int, lives: int) -> tuple[np.uint64, ...]:
    return tuple(np.uint64(part) for part in set_key(np.arange(first, first + size), lives))


def test_pruning_drops_the_smallest_sets_first_and_never_a_too_hard_mark() -> None:
    memo = new_memo()
    for size in range(3, 13):  # two sets of each size
        for first in (0, 100):
            memo[_key(first, size, 6)] = (0.0, 1.0, EXACT, 0)
    hard = _key(0, 3, UNLIMITED)
    memo[hard] = (0.0, 0.0, ABORTED, -1)
    assert pruned(memo, 13) == 8  # sets of 3 to 6 words dropped: 12 left, and the mark
    assert len(memo) == 13 and hard in memo
    assert _key(0, 7, 6) in memo and _key(0, 6, 6) not in memo
    assert pruned(memo, 100) == 0 and len(memo) == 13


def test_pruning_drops_floors_before_any_searched_set() -> None:
    """A floor is found again in one pass over its set: even a large set's floor goes before
    the value of a small searched set, and a searched set of PRUNED_SIZES words never goes."""
    memo = new_memo()
    for first in range(5):
        memo[_key(first, 200, UNLIMITED)] = (0.0, 9.0, LOWER, FLOOR)
        memo[_key(first, 3, UNLIMITED)] = (0.0, 2.0, LOWER, 0)  # searched, cut at a limit
    memo[_key(0, PRUNED_SIZES, 6)] = (0.0, 30.0, EXACT, 4)
    assert pruned(memo, 8) == 5 and len(memo) == 6
    assert all(_key(first, 200, UNLIMITED) not in memo for first in range(5))
    assert pruned(memo, 0) == 5 and len(memo) == 1 and _key(0, PRUNED_SIZES, 6) in memo


def test_pruning_by_size_alone_drops_a_small_floor_before_a_larger_searched_set() -> None:
    """The older order (bench.hangman_memo compares): floors are ranked by their sets' sizes
    like searched sets, so a large set's floor stays while small searched sets go."""
    memo = new_memo()
    for first in range(3):
        memo[_key(first, 200, UNLIMITED)] = (0.0, 9.0, LOWER, FLOOR)
        memo[_key(first, 10, UNLIMITED)] = (0.0, 4.0, LOWER, FLOOR)
        memo[_key(first, 3, UNLIMITED)] = (0.0, 2.0, EXACT, 0)
    assert pruned(memo, 6, floors_first=False) == 3
    assert all(_key(first, 3, UNLIMITED) not in memo for first in range(3))
    assert pruned(memo, 0, floors_first=False) == 3 and len(memo) == 3
    assert all(_key(first, 200, UNLIMITED) in memo for first in range(3))
