"""The decision-tree evaluator against game-by-game replay."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from sleuth.core import strategies
from sleuth.core.game import word_game
from sleuth.core.tree import evaluate


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text("abcde", min_size=3, max_size=3), min_size=1, max_size=40, unique=True),
       st.sampled_from(["tournament", "entropy", "minimax", "letter-frequency"]),
       st.integers(1, 5))
def test_tree_matches_replay(words: list[str], name: str, attempts: int) -> None:
    game = word_game(words, max_attempts=attempts)
    strategy = strategies.get(name)
    result = evaluate(game, strategy, keep_tree=True)
    for secret in range(len(words)):
        played = replay(game, strategy, secret)
        assert (int(result.cost[secret]), bool(result.won[secret])) == (
            played.cost, game.outcome(played))
    dist = result.distribution()
    assert sum(dist.values()) + result.failures == len(words)
    expected = sum(100 * (6 - c) * n for c, n in dist.items()) / len(words)
    assert abs(result.mean_score() - expected) < 1e-9
    assert result.root is not None and result.root.size == len(words)
