"""The proven optimum of Hangman over a whole list: the fewest expected misses (lives never run
out), or the best chance to win with some lives and then the fewest misses.

The value comes from the exact branch and bound (:func:`~sleuth.games.hangman.search.
exact_value`), its first letter's classes searched one by one here so that progress can be told;
the tree is then played against every word by the plain evaluator (:func:`sleuth.core.tree.
evaluate`), and its misses and losses must add up to that value. Why the value is a proof: every
strategy's first useful guess is one of the letters that split the words; the search tries each
of them unless its misses and its classes' lower bounds already reach the best found, and each
class's value is in turn exact or proven to reach what was left for it.

>>> from sleuth.games.hangman.game import hangman
>>> best = optimum(hangman("puzzle guzzle muzzle nuzzle bottle".split(), lives=UNLIMITED))
>>> best.misses, best.lost, best.game.guess_labels[best.root.guess]
(7, 0, 'u')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba.typed import Dict

from sleuth.core.game import Game
from sleuth.core.tree import Node, evaluate
from sleuth.games.hangman.greedy import letter_misses, lex_less, split_by_letter
from sleuth.games.hangman.masks import tables
from sleuth.games.hangman.search import (
    UNLIMITED,
    exact_value,
    floor_value,
    letters_by_misses,
    lives_that_matter,
    remember,
)
from sleuth.games.hangman.solvers import NO_BUDGET, Optimal

Progress = Callable[[int, int], None]  # (classes of first letters searched, of those to do)


@dataclass(frozen=True)
class Optimum:
    """An optimal strategy over every word of a game, and what it costs: ``lost`` words (with
    ``lives``; none when lives never run out) and total ``misses`` (a lost game counting its
    misses up to the one that hanged)."""

    game: Game
    objective: str
    lives: int | None
    root: Node
    misses: int
    lost: int
    cost: np.ndarray
    won: np.ndarray
    nodes: int
    seconds: float

    @property
    def mean_misses(self) -> float:
        return self.misses / len(self.game.secrets)

    @property
    def win_chance(self) -> float:
        return 1 - self.lost / len(self.game.secrets)


def optimum(game: Game, progress: Progress | None = None) -> Optimum:
    """The optimal strategy of a Hangman game, every word alike: the most words won with the
    game's lives, then the fewest misses (with lives that never run out, ``hangman(words,
    lives=UNLIMITED)``: the fewest misses); proven, and replayed against every word."""
    started = time.perf_counter()
    objective = "misses" if game.max_cost >= UNLIMITED else "win"
    t = tables(game)
    if not np.allclose(t.weights, 1.0):
        raise ValueError("the optimum is for words chosen alike: give no prior")
    budget = np.array([NO_BUDGET], dtype=np.int64)
    cands = np.arange(len(game.secrets), dtype=np.int64)
    lives = UNLIMITED if objective == "misses" else game.max_cost
    lost, misses = _root_value(t.masks, t.weights, cands, lives, t.memo, budget, progress)
    played = evaluate(game, Optimal(objective), keep_tree=True)
    assert played.root is not None
    lost_words = int((~played.won).sum())
    if round(misses) != int(played.cost.sum()) or round(lost) != lost_words:
        raise RuntimeError(f"the tree loses {lost_words} words with {played.cost.sum()} misses, "
                           f"the search said {lost:g} and {misses:g}")
    return Optimum(game, objective, None if objective == "misses" else game.max_cost,
                   played.root, int(played.cost.sum()), lost_words, played.cost, played.won,
                   NO_BUDGET - int(budget[0]), time.perf_counter() - started)


def _root_value(masks: np.ndarray, w: np.ndarray, cands: np.ndarray, lives: int, memo: Dict,
                budget: np.ndarray, progress: Progress | None) -> tuple[float, float]:
    """(lost, misses) of the whole list, exact: the first letters in order of misses, each
    letter's classes searched largest first against what the best so far leaves them (as
    :func:`exact_value` does below the root), progress told per class; stored in the memo."""
    lives = lives_that_matter(cands.size, lives)
    if cands.size <= 2:
        found = exact_value(masks, w, cands, lives, np.inf, np.inf, memo, budget)
        return found[0], found[1]
    miss, splits, _ = letter_misses(masks, w, cands)
    letters = [int(g) for g in letters_by_misses(miss, splits)]
    classes = {g: _classes(masks, cands, g, lives) for g in letters}
    todo = {g: sum(members.size > 2 for members, _ in classes[g]) for g in letters}
    done = 0
    best, best_g = (np.inf, np.inf), -1
    for g in letters:
        acc = (miss[g] if lives == 0 else 0.0, miss[g])
        if not lex_less(*acc, *best):
            break  # letters come by increasing misses: none after this one can do better
        floors = [floor_value(masks, w, members, left, memo) for members, left in classes[g]]
        acc = (acc[0] + sum(f[0] for f in floors), acc[1] + sum(f[1] for f in floors))
        for k, (members, left) in enumerate(classes[g]):
            if not lex_less(*acc, *best) or members.size <= 2:
                continue
            cap = (best[0] - (acc[0] - floors[k][0]), best[1] - (acc[1] - floors[k][1]))
            sub = exact_value(masks, w, members, left, cap[0], cap[1], memo, budget)
            acc = (acc[0] + sub[0] - floors[k][0], acc[1] + sub[1] - floors[k][1])
            done, todo[g] = done + 1, todo[g] - 1
            if progress is not None:
                open_ = [h for h in letters if lex_less(miss[h] if lives == 0 else 0.0,
                                                        miss[h], *best)]
                progress(done, done + sum(todo[h] for h in open_))
        todo[g] = 0
        if lex_less(*acc, *best):
            best, best_g = acc, g
    remember(cands, lives, best[0], best[1], best_g, memo)
    return best


def _classes(masks: np.ndarray, cands: np.ndarray, g: int, lives: int
             ) -> list[tuple[np.ndarray, int]]:
    """The classes of letter ``g`` that still count (a class of misses with no life left is
    lost already), largest first, each with its lives left."""
    part, starts, codes = split_by_letter(masks, cands, g)
    out = [(part[starts[j]:starts[j + 1]], lives - 1 if codes[j] == 0 else lives)
           for j in range(codes.size) if not (codes[j] == 0 and lives == 0)]
    return sorted(out, key=lambda item: -item[0].size)
