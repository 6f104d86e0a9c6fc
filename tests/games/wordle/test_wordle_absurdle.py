"""The adversarial host and the shortest forced win, against a plain search."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from wordle_plain import SMALL, ref_code, small_game

from sleuth.games.wordle.absurdle import absurdle_play, absurdle_reply, absurdle_solve
from sleuth.games.wordle.game import wordle_game


def test_host_keeps_the_largest_class() -> None:
    game = small_game(attempts=99)
    for guess in ("crane", "salet", "cigar"):
        g = game.guess_index(guess)
        code, kept = absurdle_reply(game, game.start().candidates, g)
        sizes = Counter(ref_code(guess, s) for s in SMALL)
        assert kept.size == max(sizes.values()) == sizes[code]
        assert all(ref_code(guess, s) == code for s in game.secret_words(kept))


def forced_depth(game, cands: np.ndarray, depth: int) -> bool:
    """Plain search: can some sequence of ``depth`` guesses force a win?"""
    if cands.size == 1 and depth >= 1:
        return True
    if depth <= 1:
        return False
    for g in range(len(game.guesses)):
        _, kept = absurdle_reply(game, cands, g)
        if kept.size < cands.size and forced_depth(game, kept, depth - 1):
            return True
    return False


@pytest.mark.parametrize("words", [SMALL[:8], SMALL[10:22], ["aa", "ab", "ba", "bb", "ca"]])
def test_absurdle_solver_finds_the_shortest_forced_win(words: list[str]) -> None:
    game = wordle_game(words, attempts=99)
    result = absurdle_solve(game)
    n = len(result.guesses)
    assert result.shortest and result.kept[-1] == 1 and result.codes[-1] == game.solved
    assert forced_depth(game, game.start().candidates, n)
    assert not forced_depth(game, game.start().candidates, n - 1)
    replay = absurdle_play(game, result.guesses)
    assert replay.codes == result.codes
    first = absurdle_solve(game, first=result.guesses[0])
    assert len(first.guesses) == n


def test_absurdle_limit() -> None:
    game = wordle_game(SMALL, attempts=99)
    assert absurdle_solve(game, limit=1) is None


@pytest.mark.slow
def test_absurdle_on_the_original_lists(original) -> None:
    result = absurdle_solve(wordle_game(*original, attempts=99))
    assert len(result.guesses) == 4 and result.shortest
