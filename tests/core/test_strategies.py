"""Strategies: metric choices against brute force, tie rules, end game, baselines."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core import strategies
from sleuth.core.split import ENTROPY
from sleuth.solve import greedy
from sleuth.words import feedback as fb
from sleuth.words.game import word_game


def brute_values(game, pool, cands):
    """Each metric computed the slow, obvious way."""
    out = {}
    for g in pool:
        classes = Counter(fb.reference_code(game.guess_labels[g], game.secret_labels[c])
                          for c in cands)
        sizes = np.array(list(classes.values()), dtype=float)
        p = sizes / sizes.sum()
        out[g] = {"entropy": -(p * np.log2(p)).sum(), "minimax": -sizes.max(),
                  "expected": -(sizes**2).sum(), "parts": len(sizes)}
    return out


words3 = st.lists(st.text("abcd", min_size=3, max_size=3), min_size=3, max_size=25, unique=True)


@settings(max_examples=60, deadline=None)
@given(words3, st.sampled_from(list(greedy.METRICS)))
def test_greedy_is_a_best_guess(words: list[str], metric: str) -> None:
    game = word_game(words)
    pos = game.start()
    choice = greedy.Greedy(metric).choose(game, pos)
    values = brute_values(game, range(len(game.guesses)), pos.candidates)
    best = max(v[metric] for v in values.values())
    assert values[choice][metric] == pytest.approx(best)
    ties = [g for g, v in values.items() if v[metric] == pytest.approx(best)]
    possible = [g for g in ties if game.guess_labels[g] in words]
    assert choice == (possible or ties)[0]


def test_candidates_pool_only_guesses_candidates() -> None:
    game = word_game(["abc", "abd", "abe", "xyz"], ["qrs"])
    pos = game.after(game.start(), game.guess_index("xyz"), game.parse("XXX"))
    for metric in greedy.METRICS:
        g = greedy.Greedy(metric, pool="candidates").choose(game, pos)
        assert game.guess_labels[g] in {"abc", "abd", "abe"}


def test_shortlist_keeps_the_best_on_large_pools() -> None:
    rng = np.random.default_rng(1)
    words = sorted({"".join(rng.choice(list("abcdefghij"), 4)) for _ in range(3000)})
    game = word_game(words)
    exact = greedy.Greedy("entropy", budget=10**12).choose(game, game.start())
    cut = greedy.Greedy("entropy", budget=100_000, keep=200).choose(game, game.start())
    stats = game.stats(np.array([exact, cut]), game.start().candidates)
    assert stats[1, ENTROPY] >= 0.99 * stats[0, ENTROPY]


def lingo_two_left_value(game, guess, cands) -> float:
    classes: dict[int, int] = Counter(fb.reference_code(game.guess_labels[guess],
                                                        game.secret_labels[c]) for c in cands)
    solved = fb.solved_code(len(game.guess_labels[guess]))
    return (200 * classes.get(solved, 0) + 100 * sum(1 for c in classes if c != solved)) / len(
        cands)


@settings(max_examples=40, deadline=None)
@given(words3)
def test_endgame_with_two_attempts_left_is_exact(words: list[str]) -> None:
    game = word_game(words, max_attempts=2)
    pos = game.start()
    g = strategies.get("tournament").choose(game, pos)
    best = max(lingo_two_left_value(game, x, pos.candidates) for x in range(len(game.guesses)))
    assert lingo_two_left_value(game, g, pos.candidates) == pytest.approx(best)


def test_last_attempt_takes_the_most_probable_candidate() -> None:
    game = word_game(["abc", "abd", "abe"], max_attempts=1, weights=np.array([1.0, 5.0, 2.0]))
    assert game.guess_labels[strategies.get("tournament").choose(game, game.start())] == "abd"


@pytest.mark.parametrize("words", [["cat", "tab", "tic", "toe"], ["toe", "tic", "tab", "cat"]])
def test_baselines_choose_by_their_rules(words: list[str]) -> None:
    """Each seed's rule worked by hand; the two rules pick different words here."""
    # letter-frequency: a letter is worth the candidates holding it (t 4, c 2, a 2, the rest 1),
    # a word its distinct letters' worth: cat 2+2+4 = 8, tab 7, tic 7, toe 6.
    # green-yellow: 2 a green and 1 a yellow, summed over the secrets cat, tab, tic, toe:
    # cat 6+3+2+1 = 12, tab 3+6+2+2 = 13, tic 2+2+6+2 = 12, toe 1+2+2+6 = 11.
    game = word_game(words)
    chosen = {name: game.guess_labels[strategies.get(name).choose(game, game.start())]
              for name in ("letter-frequency", "green-yellow")}
    assert chosen == {"letter-frequency": "cat", "green-yellow": "tab"}


def test_unknown_strategy_lists_names() -> None:
    with pytest.raises(ValueError, match="choose one of entropy"):
        strategies.get("nope")


def test_the_registry_names_every_greedy_metric_and_makes_each_strategy() -> None:
    assert set(strategies.GREEDY_METRICS) == set(greedy.METRICS)
    for name in strategies.STRATEGIES:
        assert strategies.get(name).name == name
