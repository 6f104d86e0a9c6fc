"""The hinter's exact look-ahead: the best next guess against a plain exhaustive search, within
the attempts left or past them, in this process and in its worker."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordle_plain import EXTRA, SMALL, ref_code

from sleuth.core.game import Position
from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.lookahead import Lookahead, exact_next

ANSWERS = SMALL[:12]
GUESSES = ANSWERS + EXTRA[:4]


def plain_parts(guess: str, left: frozenset[str]) -> list[frozenset[str]]:
    """The classes ``guess`` splits ``left`` into, the one it solves left out."""
    parts: dict[int, set[str]] = {}
    for secret in left:
        parts.setdefault(ref_code(guess, secret), set()).add(secret)
    return [frozenset(p) for p in parts.values() if guess not in p]


@cache
def plain_total(left: frozenset[str], first: str | None = None) -> int:
    """The least total number of guesses that finds every word of ``left`` (opening with
    ``first`` if given), trying every guess that tells something at every node."""
    tries = GUESSES if first is None else [first]
    useful = [g for g in tries if g in left or len(plain_parts(g, left)) > 1]
    return len(left) + min(sum(plain_total(p) for p in plain_parts(g, left)) for g in useful)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(ANSWERS), min_size=3, max_size=6, unique=True),
       st.sampled_from([0, 5]))
def test_exact_next_is_the_plain_optimum(answers: list[str], made: int) -> None:
    game = wordle_game(ANSWERS, GUESSES)
    cands = np.array(sorted(ANSWERS.index(w) for w in answers))
    found = exact_next(game, Position(cands, cost=made))
    best = plain_total(frozenset(answers))
    assert found is not None and found.mean == pytest.approx(best / len(answers))
    assert plain_total(frozenset(answers), found.word) == best
    assert found.capped == (made == 0)  # one guess left cannot find three answers


def test_the_worker_finds_what_this_process_finds() -> None:
    game = wordle_game(ANSWERS, GUESSES)
    cands = np.arange(len(ANSWERS))
    memo: dict = {}
    worker = Lookahead(game, memo)
    try:
        worker.ask("start", cands, 0, seconds=120)
        worker.wait("start")
    finally:
        worker.close()
    assert memo["start"] == exact_next(game, Position(cands))
