"""Wordle games: scoring, attempts, playing, trees, and whole-list figures."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from wordle_plain import SMALL, ref_code, small_game

from helpers import replay
from sleuth.core.storage import published
from sleuth.core.strategies import get
from sleuth.core.tree import TreePlayer, evaluate
from sleuth.games.wordle.game import Opening, counted_guesses, play, wordle_game
from sleuth.words import feedback as fb


def test_scoring_and_attempts() -> None:
    lingo = small_game(scoring="lingo", attempts=5)
    result = evaluate(lingo, get("entropy"))
    assert 300 < result.mean_score() <= 400
    with pytest.raises(ValueError, match="scoring"):
        small_game(scoring="points")
    game = small_game()
    assert game.render(fb.parse("gybbb")) == "gybbb"


def test_play_and_opening() -> None:
    game = small_game()
    opener = Opening(game.guess_index("salet"), get("entropy"))
    for secret in range(len(SMALL)):
        pos = play(game, opener, secret)
        assert game.outcome(pos) is True and pos.history[0][0] == game.guess_index("salet")
        assert game.secret_labels[secret] == game.guess_labels[pos.history[-1][0]]


def test_counted_guesses_charge_a_failed_game_attempts_plus_one() -> None:
    """Every game counts: a won game its guesses, a lost one the attempts + 1, as played."""
    game = small_game(attempts=2)
    strategy = Opening(game.guess_index("salet"), get("entropy"))
    result = evaluate(game, strategy)
    assert result.failures > 0
    counted = counted_guesses(result)
    for secret in range(len(SMALL)):
        pos = play(game, strategy, secret)
        assert counted[secret] == (pos.cost if game.outcome(pos) else 3)
    assert int(counted.sum()) == int(result.cost[result.won].sum()) + 3 * result.failures


def test_tree_player_replays_a_tree_and_falls_back() -> None:
    game = small_game()
    result = evaluate(game, get("minimax"), keep_tree=True)
    replay = evaluate(game, TreePlayer(result.root))
    assert (replay.cost == result.cost).all()
    pruned = TreePlayer(type(result.root)(result.root.guess, 0),  # only the first guess known
                        fallback=get("entropy"))
    assert evaluate(game, pruned).failures == 0


def test_bench_figures_on_the_original_lists(original) -> None:
    """Greedy minimax over every answer: no game lost, no total below the proven optimum, and
    each game the tree scores is the game played move by move."""
    game, strategy = wordle_game(*original), get("minimax")
    result = evaluate(game, strategy)
    assert result.failures == 0 and result.worst <= 6
    assert int(result.cost.sum()) >= published("wordle-original-salet")
    for secret in range(0, 2315, 97):
        assert replay(game, strategy, secret).cost == result.cost[secret]


def test_exhaustive_small_case_agrees_with_itertools() -> None:
    words = ["ab", "ba", "aa", "bb"]
    game = wordle_game(words)
    pairs = {(g, s): ref_code(g, s) for g, s in itertools.product(words, words)}
    for (g, s), code in pairs.items():
        assert int(game.codes(game.guess_index(g), np.array([words.index(s)]))[0]) == code
