"""The worst-case search's compiled helpers against plain checks: splitting a set apart, the
cores (sets no guess splits apart) a node with three guesses left learns, and their use."""

from __future__ import annotations

from functools import cache

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.game import Game
from sleuth.games.wordle.lists import shipped_lists
from sleuth.solve import kernels
from sleuth.solve.solver import solver_for
from sleuth.solve.tables import tables_of
from sleuth.words.game import word_game


@cache
def answers_game() -> Game:
    """Wordle's original answers, each guess an answer: sets no guess splits apart abound."""
    return word_game(list(shipped_lists("wordle-original").answers))


def apart(codes: np.ndarray, guess: int, members: np.ndarray) -> bool:
    return len(set(codes[guess, members].tolist())) == members.size


def splittable(codes: np.ndarray, members: np.ndarray) -> bool:
    return any(apart(codes, g, members) for g in range(codes.shape[0]))


@st.composite
def near_words(draw: st.DrawFn) -> np.ndarray:
    """Answers agreeing with one answer at three or more places (up to 40 of them)."""
    words = answers_game().secret_labels
    word = draw(st.sampled_from(words))
    near = [i for i, w in enumerate(words)
            if sum(a == b for a, b in zip(w, word, strict=True)) >= 3]
    return np.array(sorted(draw(st.permutations(near))[:40]), np.int64)


def context() -> tuple[np.ndarray, object, np.ndarray]:
    tab = tables_of(answers_game())
    return tab.codes, solver_for(tab, True).ctx, np.zeros(tab.n_codes, np.int64)


@settings(max_examples=60, deadline=None)
@given(near_words())
def test_perfect_guess_is_the_first_guess_splitting_them_apart(members: np.ndarray) -> None:
    codes, ctx, mark = context()
    found = kernels._perfect_guess(ctx, np.empty(0, np.int64), members, mark)
    plain = next((g for g in range(codes.shape[0]) if apart(codes, g, members)), -1)
    assert found == plain and not mark.any()


@settings(max_examples=60, deadline=None)
@given(near_words())
def test_a_core_is_a_smallest_by_deletion_set_no_guess_splits(members: np.ndarray) -> None:
    codes, ctx, mark = context()
    cores, pool = kernels.no_cores(4, members.size), kernels.no_cores(4, 16)
    kernels._add_core(ctx, members, mark, cores, pool)
    if splittable(codes, members):
        assert cores.known[0] == 0
        return
    core = cores.members[0, :cores.sizes[0]]
    assert cores.known[0] == 1 and set(core.tolist()) <= set(members.tolist())
    assert not splittable(codes, core)
    assert core.size == 3 or all(splittable(codes, np.delete(core, i)) for i in range(core.size))


@settings(max_examples=30, deadline=None)
@given(near_words())
def test_a_guess_keeps_a_core_when_all_of_it_shares_one_unsolved_class(
        members: np.ndarray) -> None:
    codes, ctx, mark = context()
    cores, pool = kernels.no_cores(4, members.size), kernels.no_cores(4, 16)
    kernels._add_core(ctx, members, mark, cores, pool)
    solved = tables_of(answers_game()).solved
    core = cores.members[0, :cores.sizes[0]] if cores.known[0] else members[:0]
    for guess in range(codes.shape[0]):  # the core's own secrets among them
        kept = set(codes[guess, core].tolist())
        plain = core.size > 0 and len(kept) == 1 and solved not in kept
        assert kernels._keeps_a_core(codes[guess], solved, cores) == plain


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(0, 19), min_size=3, max_size=5, unique=True), max_size=12),
       st.lists(st.integers(0, 19), unique=True), st.integers(0, 10))
def test_a_node_takes_the_known_cores_within_its_candidates(
        known: list[list[int]], cands: list[int], room: int) -> None:
    pool = kernels.no_cores(len(known), 5)
    for core in known:
        kernels._keep_core(pool, np.array(core, np.int64))
    taken = kernels.no_cores(room, 20)
    kernels._cores_within(pool, np.array(sorted(cands), np.int64), 20, taken)
    within = [core for core in known if set(core) <= set(cands)][:room // 2]
    assert [taken.members[q, :taken.sizes[q]].tolist() for q in range(taken.known[0])] == within
