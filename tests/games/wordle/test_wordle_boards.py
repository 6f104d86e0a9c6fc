"""Several boards at once: each board followed, each solved by guessing its answer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import SMALL, ref_code, small_game

from sleuth.core.game import Contradiction
from sleuth.games.wordle.boards import (
    BoardsGreedy,
    boards_after,
    boards_attempts,
    boards_start,
    play_boards,
)
from sleuth.games.wordle.game import wordle_game


def test_boards_follow_every_board() -> None:
    game = small_game(attempts=9)
    boards = boards_start(game, 2)
    secrets = [SMALL.index("cigar"), SMALL.index("crate")]
    guess = game.guess_index("crate")
    codes = [ref_code("crate", "cigar"), ref_code("crate", "crate")]
    after = boards_after(game, boards, guess, codes)
    assert after.solved_at == (0, 1) and after.open == [0]
    assert "cigar" in game.secret_words(after.positions[0].candidates)
    with pytest.raises(Contradiction):
        boards_after(game, after, game.guess_index("cigar"), [0, 0])
    result = play_boards(game, secrets, BoardsGreedy())
    assert result.done and all(result.solved_at)
    assert [game.guess_labels[g] for g in result.guesses].count("crate") == 1
    assert boards_attempts(4) == 9 and boards_attempts(2) == 7


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, len(SMALL) - 1), min_size=1, max_size=4, unique=True),
       st.sampled_from(["entropy", "minimax"]))
def test_boards_games_solve_each_board_by_guessing_it(secrets: list[int], metric: str) -> None:
    game = small_game()
    result = play_boards(game, secrets, BoardsGreedy(metric), attempts=20)
    assert result.done
    for b, secret in enumerate(secrets):
        at = result.solved_at[b]
        assert game.guess_labels[result.guesses[at - 1]] == SMALL[secret]
        assert SMALL[secret] not in [game.guess_labels[g] for g in result.guesses[: at - 1]]


def test_quordle_on_the_original_lists(original) -> None:
    game = wordle_game(*original, attempts=9)
    rng = np.random.default_rng(0)
    player = BoardsGreedy()
    for _ in range(3):
        secrets = rng.choice(2315, 4, replace=False)
        result = play_boards(game, secrets, player)
        guessed = [game.guess_labels[g] for g in result.guesses]
        assert result.done and len(guessed) <= 9
        assert all(guessed[result.solved_at[b] - 1] == game.secret_labels[s]
                   for b, s in enumerate(secrets))
