"""The compiled greedy estimate against a plain recursive player following the same rules."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import small_games
from sleuth.core.game import Game
from sleuth.games.twod import twod
from sleuth.solve.estimate import greedy_totals
from sleuth.solve.search import optimal_mean
from sleuth.solve.tables import tables_of


def plain_total(game: Game, opener: int, pool: list[int]) -> int:
    """The greedy player's total, plainly: at three or more candidates the first guess, of
    the candidates' own (in order) then ``pool``, with the most classes (ties: one ending the
    game)."""
    tab = tables_of(game)
    codes, solved = tab.codes.tolist(), tab.solved

    def split(guess: int, cands: list[int]) -> dict[int, list[int]]:
        classes: dict[int, list[int]] = {}
        for s in cands:
            classes.setdefault(codes[guess][s], []).append(s)
        return classes

    def play(cands: list[int], guess: int | None) -> int:
        if guess is None and len(cands) <= 2:
            return 1 if len(cands) == 1 else 3
        if guess is None:
            tried = [int(tab.guess_of_secret[s]) for s in cands] + pool
            keys = [2 * len(split(g, cands)) + (solved in split(g, cands)) for g in tried]
            guess = tried[keys.index(max(keys))]
        return len(cands) + sum(play(c, None) for code, c in split(guess, cands).items()
                                if code != solved)

    return play(list(range(len(game.secrets))), opener)


@settings(max_examples=150, deadline=None)
@given(small_games(), st.data())
def test_greedy_totals_match_a_plain_player(game: Game, data: st.DataObject) -> None:
    every = list(range(len(game.guesses)))
    pool = data.draw(st.lists(st.sampled_from(every), max_size=4))
    openers = data.draw(st.lists(st.sampled_from(every), min_size=1, max_size=4))
    got = greedy_totals(game, openers, shortlist=pool).tolist()
    assert got == [plain_total(game, g, pool) for g in openers]
    assert greedy_totals(game, openers).tolist() == [plain_total(game, g, every)
                                                     for g in openers]


def test_greedy_totals_on_twod() -> None:
    game = twod(4)
    openers = np.arange(len(game.guesses))
    totals = greedy_totals(game, openers)
    assert totals.tolist() == [plain_total(game, int(g), list(range(len(game.guesses))))
                               for g in openers]
    assert totals.min() >= optimal_mean(game).total  # no player beats the optimum
