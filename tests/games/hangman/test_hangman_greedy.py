"""The compiled greedy rules: the seed's rule as the seed wrote it, play-outs equal to the tree."""

from __future__ import annotations

from hangman_plain import seed_word_guesses, word_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.tree import evaluate
from sleuth.games.hangman.difficulty import rate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.hangman.solvers import FewestMisses, LetterEntropy, greedy_outcomes


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
