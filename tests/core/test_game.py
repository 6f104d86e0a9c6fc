"""The game model: positions, contradictions, outcomes."""

from __future__ import annotations

import numpy as np
import pytest

from sleuth.core.game import Contradiction
from sleuth.games.lingo.game import lingo_game
from sleuth.words.game import word_game


def test_after_narrows_and_counts_attempts() -> None:
    game = word_game(["dents", "dozes", "cozes", "tents"])
    pos = game.after(game.start(), game.guess_index("dozes"), game.parse("OXX?O"))
    assert game.secret_words(pos.candidates) == ["dents"]
    assert pos.cost == 1 and pos.guesses_made == 1
    assert game.outcome(pos) is None


def test_contradiction_changes_nothing() -> None:
    game = word_game(["dents", "dozes", "cozes"])
    start = game.start()
    with pytest.raises(Contradiction, match="no remaining candidate gives 'XXXXX'"):
        game.after(start, game.guess_index("dozes"), game.parse("XXXXX"))
    assert start.candidates.tolist() == [0, 1, 2] and start.cost == 0


def test_outcomes_follow_lingo_rules() -> None:
    game = lingo_game(["abc", "abd", "abe", "abf", "abg", "abh", "abi"])
    pos = game.start()
    for word in ["abd", "abe", "abf", "abg"]:
        pos = game.after(pos, game.guess_index(word), game.parse("OOX"))
    assert game.outcome(pos) is None and pos.cost == 4
    won = game.after(pos, game.guess_index("abc"), game.parse("OOO"))
    assert game.outcome(won) is True and game.score(won.cost, True) == 100
    lost = game.after(pos, game.guess_index("abh"), game.parse("OOX"))
    assert game.outcome(lost) is False and game.score(lost.cost, False) == 0


def test_guesses_beyond_secrets_and_weights() -> None:
    game = word_game(["abc", "abd"], ["xyz"], weights=np.array([1.0, 3.0]))
    assert game.guess_labels == ["xyz", "abc", "abd"]  # secrets are always guessable
    assert game.guess_of_secret(np.array([0, 1])).tolist() == [1, 2]
    with pytest.raises(ValueError, match="positive"):
        word_game(["abc", "abd"], weights=np.array([1.0, 0.0]))
    with pytest.raises(ValueError, match="not an allowed guess"):
        game.guess_index("qqq")


def test_allowed_hook_restricts_guesses() -> None:
    base = word_game(["abc", "abd", "xyz"])
    only_a = np.array([w.startswith("a") for w in base.guess_labels])
    from dataclasses import replace

    game = replace(base, allowed=lambda g, p: only_a)
    assert game.allowed_guesses(game.start()).tolist() == [0, 1]
    with pytest.raises(ValueError, match="not allowed"):
        game.after(game.start(), game.guess_index("xyz"), game.parse("XXX"))


def test_per_game_builds_once_per_live_game_and_keeps_the_last_few() -> None:
    from sleuth.core.game import PerGame

    built: list[int] = []
    sizes = PerGame(lambda game: built.append(id(game)) or len(game.secrets), keep=2)
    games = [word_game(["abc", "abd"]), word_game(["abc"]), word_game(["xyz", "xya", "xyb"])]
    assert [sizes(g) for g in games] == [2, 1, 3] and len(built) == 3
    assert sizes(games[2]) == 3 and len(built) == 3  # kept: not built again
    assert sizes(games[0]) == 2 and len(built) == 4  # dropped after two newer games: rebuilt
