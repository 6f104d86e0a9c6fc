"""The worst-case search's compiled helpers against plain checks: splitting a set apart, the
cores (sets no guess splits apart) a node with three guesses left learns, and their use."""

from __future__ import annotations

from functools import cache

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import types
from numba.typed import Dict

from sleuth.core.game import Game
from sleuth.games.wordle.lists import shipped_lists
from sleuth.solve import kernels
from sleuth.solve.solver import solver_for
from sleuth.solve.tables import tables_of
from sleuth.words.game import word_game

NONE = np.empty(0, np.int64)


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
    """The codes, the worst-case search's context (with its codes by secret) and scratch."""
    tab = tables_of(answers_game())
    solver = solver_for(tab, True)
    solver._worst_run()
    return tab.codes, solver.ctx, np.zeros(tab.n_codes, np.int64)


@settings(max_examples=60, deadline=None)
@given(near_words())
def test_perfect_guess_is_the_first_guess_splitting_them_apart(members: np.ndarray) -> None:
    codes, ctx, mark = context()
    found = kernels._perfect_guess(ctx, np.empty(0, np.int64), members, mark)
    plain = next((g for g in range(codes.shape[0]) if apart(codes, g, members)), -1)
    assert found == plain and not mark.any()


def kept_plain(codes: np.ndarray, solved: int, core: np.ndarray) -> list[int]:
    """The guesses leaving every secret of ``core`` in one unsolved class."""
    return [g for g in range(codes.shape[0])
            if len(set(codes[g, core].tolist())) == 1 and codes[g, core[0]] != solved]


def bits_of(words: np.ndarray) -> list[int]:
    return [64 * w + b for w in range(words.size) for b in range(64) if int(words[w]) >> b & 1]


@settings(max_examples=60, deadline=None)
@given(near_words())
def test_a_core_is_a_smallest_by_deletion_set_no_guess_splits(members: np.ndarray) -> None:
    codes, ctx, mark = context()
    core = kernels._shrunk_core(ctx, members, mark)
    if splittable(codes, members):
        assert core.size == 0
        return
    assert set(core.tolist()) <= set(members.tolist()) and not splittable(codes, core)
    assert core.size == 3 or all(splittable(codes, np.delete(core, i)) for i in range(core.size))
    assert not mark.any()


def plain_prefix(codes: np.ndarray, members: np.ndarray) -> int:
    """The length of the shortest prefix of ``members`` no guess splits apart (0: none)."""
    return next((k for k in range(2, members.size + 1) if not splittable(codes, members[:k])),
                0)


def plain_dropped(codes: np.ndarray, prefix: np.ndarray) -> list[int]:
    """Each secret of ``prefix`` dropped (from the last but one back) that the rest stay
    unsplit without, down to three."""
    keep = prefix.tolist()
    for i in range(prefix.size - 2, -1, -1):
        if len(keep) <= 3:
            break
        if not splittable(codes, np.array(keep[:i] + keep[i + 1:])):
            del keep[i]
    return keep


def plain_core(codes: np.ndarray, members: np.ndarray) -> list[int]:
    """:func:`plain_dropped` of the shortest unsplit prefix; [] if there is none."""
    n = plain_prefix(codes, members)
    return plain_dropped(codes, members[:n]) if n else []


@st.composite
def near_words_shuffled(draw: st.DrawFn) -> np.ndarray:
    """:func:`near_words` in any order: a core is searched for along the order given."""
    return np.array(draw(st.permutations(draw(near_words()).tolist())), np.int64)


@settings(max_examples=60, deadline=None)
@given(near_words_shuffled())
def test_a_core_is_the_plain_prefix_then_deletion_core(members: np.ndarray) -> None:
    codes, ctx, mark = context()
    assert kernels._shrunk_core(ctx, members, mark).tolist() == plain_core(codes, members)
    assert not mark.any()


@settings(max_examples=30, deadline=None)
@given(near_words_shuffled())
def test_both_ways_of_dropping_drop_the_same_secrets(members: np.ndarray) -> None:
    """By pairs (up to 11 secrets) and by rows (any number): as plainly."""
    codes, ctx, mark = context()
    prefix = members[:plain_prefix(codes, members)]
    if prefix.size:
        plain = plain_dropped(codes, prefix)
        assert kernels._dropped_by_rows(ctx, prefix.copy(), mark).tolist() == plain
        if prefix.size <= kernels.PAIRED:
            assert kernels._dropped_by_pairs(ctx, prefix).tolist() == plain


@settings(max_examples=30, deadline=None)
@given(near_words())
def test_a_learnt_core_covers_the_guesses_keeping_it_together(members: np.ndarray) -> None:
    codes, ctx, mark = context()
    solved = tables_of(answers_game()).solved
    pool = kernels.no_cores(1, 16, codes.shape[0], codes.shape[1])
    covered = np.zeros(pool.kept.shape[1], np.uint64)
    covered[0] = 1  # what the node knew before stays known
    memo = Dict.empty(types.int64, types.int64)
    kernels._learn_core(ctx, members, mark, pool, covered, memo)
    if pool.known[0] == 0:
        assert splittable(codes, members) or kernels._shrunk_core(ctx, members, mark).size > 16
        if splittable(codes, members):  # remembered: never shrunk again
            assert list(memo.values()) == [0]
            kernels._learn_core(ctx, members, mark, pool, covered, memo)
            assert len(memo) == 1 and bits_of(covered) == [0]
        return
    core = pool.members[0, :pool.sizes[0]]
    assert not splittable(codes, core) and set(core.tolist()) <= set(members.tolist())
    assert bits_of(pool.kept[0]) == kept_plain(codes, solved, core)
    assert bits_of(covered) == sorted({0, *kept_plain(codes, solved, core)})
    full = kernels.no_cores(0, 16, codes.shape[0], codes.shape[1])  # no room: still learns
    again = np.zeros_like(covered)
    kernels._learn_core(ctx, members, mark, full, again, memo)
    assert full.known[0] == 0 and bits_of(again) == kept_plain(codes, solved, core)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.lists(st.integers(0, 19), min_size=3, max_size=5, unique=True),
                          st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1)), max_size=12),
       st.lists(st.integers(0, 19), unique=True))
def test_a_node_is_covered_by_the_known_cores_within_its_candidates(
        known: list[tuple[list[int], int, int]], cands: list[int]) -> None:
    pool = kernels.no_cores(len(known), 5, 128, 20)
    for core, low, high in known:
        kernels._keep_core(pool, np.array(core, np.int64), np.array([low, high], np.uint64))
    inside = np.zeros(20, np.bool_)
    covered = np.zeros(2, np.uint64)
    kernels._pool_cover(pool, np.array(sorted(cands), np.int64), inside, covered)
    plain = [0, 0]
    for core, low, high in known:
        if set(core) <= set(cands):
            plain = [plain[0] | low, plain[1] | high]
    assert covered.tolist() == plain and not inside.any()


def plain_bounds(codes: np.ndarray, solved: int, cands: np.ndarray, class_bounds: np.ndarray
                 ) -> dict[int, int]:
    """Every guess's bound on ``cands`` counted plainly: a unit a candidate, each unsolved
    class its ``class_bounds[size]`` (guesses learning nothing left out)."""
    out = {}
    for g in range(codes.shape[0]):
        sizes: dict[int, int] = {}
        for code in codes[g, cands].tolist():
            sizes[code] = sizes.get(code, 0) + 1
        if len(sizes) > 1 or solved in sizes:
            out[g] = cands.size + sum(int(class_bounds[m]) for c, m in sizes.items()
                                      if c != solved)
    return out


@settings(max_examples=40, deadline=None)
@given(near_words(), st.data())
def test_a_node_scanned_from_its_parents_narrowed_table_bounds_every_guess(
        parent: np.ndarray, data: st.DataObject) -> None:
    """A node's scan reads its candidates from its parent's narrowed table (or the whole one)
    and bounds every guess as a plain count does; the narrowed table holds those columns."""
    codes, ctx, _ = context()
    keep = data.draw(st.lists(st.booleans(), min_size=parent.size, max_size=parent.size))
    node = parent[np.array(keep, bool)] if any(keep) else parent[:1]
    tab, cols = kernels.narrowed(codes, parent)
    assert np.array_equal(tab[:, cols], codes[:, parent])
    local = np.searchsorted(parent, node).astype(np.int64)
    class_bounds = 2 * np.arange(parent.size + 1) - 1
    n = codes.shape[0]
    bound, key, picked = np.empty(n, np.int64), np.empty(n, np.float64), np.empty(n, np.int64)
    count, other = np.zeros(ctx.n_codes, np.int64), np.zeros(ctx.n_codes, np.int64)
    kept = kernels.scan(ctx, tab, cols[local], class_bounds, 1, node, np.empty(0, np.int64),
                        False, 1 << 40, -1, count, other, bound, key, picked, NONE, NONE)[0]
    assert dict(zip(picked[:kept].tolist(), bound[:kept].tolist(), strict=True)) == \
        plain_bounds(codes, ctx.solved, node, class_bounds)
    assert not count.any() and not other.any()


def plain_keys(codes: np.ndarray, solved: int, cands: np.ndarray, bounds: dict[int, int]
               ) -> dict[int, float]:
    """The scan's order key of each bounded guess: its bound, ties broken by the sum of its
    unsolved classes' squared sizes."""
    out = {}
    for g, b in bounds.items():
        sizes = np.bincount(codes[g, cands], minlength=solved + 1)
        sizes[solved] = 0
        out[g] = b + float((sizes ** 2).sum()) / (cands.size ** 2 + 1.0)
    return out


@settings(max_examples=25, deadline=None)
@given(near_words(), st.data())
def test_a_node_scanned_from_its_own_table_two_rows_at_a_time_bounds_every_guess(
        node: np.ndarray, data: st.DataObject) -> None:
    """Read from the node's own narrowed table (its columns in order), the scan bounds two
    guesses at a time; bounds and order keys are those of a plain count, for every guess or
    a pool of them (an odd one last too)."""
    codes, ctx, _ = context()
    tab, cols = kernels.narrowed(codes, node)
    assert np.array_equal(cols, np.arange(node.size))
    fixed = data.draw(st.booleans())
    pool = np.array(sorted(data.draw(st.sets(st.integers(0, codes.shape[0] - 1), min_size=1,
                                             max_size=25))), np.int64)
    class_bounds = 2 * np.arange(node.size + 1) - 1
    n = pool.size if fixed else codes.shape[0]
    bound, key, picked = np.empty(n, np.int64), np.empty(n, np.float64), np.empty(n, np.int64)
    count, other = np.zeros(ctx.n_codes, np.int64), np.zeros(ctx.n_codes, np.int64)
    kept, _, _, read = kernels.scan(ctx, tab, cols, class_bounds, 1, node, pool, fixed, 1 << 40,
                                    -1, count, other, bound, key, picked, NONE, NONE)
    assert read == n  # nothing cut: every guess read
    plain = plain_bounds(codes, ctx.solved, node, class_bounds)
    if fixed:
        plain = {g: b for g, b in plain.items() if g in set(pool.tolist())}
    assert dict(zip(picked[:kept].tolist(), bound[:kept].tolist(), strict=True)) == plain
    keys = plain_keys(codes, ctx.solved, node, plain)
    assert all(abs(k - keys[g]) < 1e-9 for g, k in zip(picked[:kept].tolist(),
                                                       key[:kept].tolist(), strict=True))
    assert not count.any() and not other.any()


def scanned(ctx: object, cands: np.ndarray, beta: int, ceiling: np.ndarray,
            classes: np.ndarray, pool: np.ndarray = NONE) -> tuple[dict[int, int], int, int]:
    """:func:`kernels.scan` of every guess (or those of ``pool``) on ``cands`` from their own
    table: the guesses kept with their bounds, the least bound dropped and the guess proven
    optimal (-1: none)."""
    tab, cols = kernels.narrowed(ctx.codes, cands)  # type: ignore[attr-defined]
    n = tab.shape[0]
    bound, key, picked = np.empty(n, np.int64), np.empty(n, np.float64), np.empty(n, np.int64)
    scratch = [np.zeros(ctx.n_codes, np.int64) for _ in range(2)]  # type: ignore[attr-defined]
    class_bounds = 2 * np.arange(cands.size + 1) - 1
    kept, dropped, found, _ = kernels.scan(ctx, tab, cols, class_bounds, 1, cands, pool,
                                           pool.size > 0, beta, -1, *scratch, bound, key,
                                           picked, ceiling, classes)
    assert not any(s.any() for s in scratch)
    return dict(zip(picked[:kept].tolist(), bound[:kept].tolist(), strict=True)), dropped, found


@settings(max_examples=25, deadline=None)
@given(near_words(), st.data())
def test_a_scan_under_its_parents_class_counts_reads_fewer_guesses_and_finds_the_same(
        parent: np.ndarray, data: st.DataObject) -> None:
    """Given its parent's class counts per guess as ceilings, a node's scan keeps the same
    guesses and names the same guess, whatever beta, and the least bound it drops is the same
    unless both are more than SLACK above beta (a pool's scan reads them all); the counts it
    hands on bound each guess's classes on the node from above (exact where it read)."""
    codes, ctx, _ = context()
    classes = np.empty(codes.shape[0], np.int64)
    scanned(ctx, parent, 1 << 40, NONE, classes)
    counted = [len({c for c in codes[g, parent].tolist() if c != ctx.solved})
               for g in range(codes.shape[0])]
    assert classes.tolist() == counted
    keep = data.draw(st.lists(st.booleans(), min_size=parent.size, max_size=parent.size))
    node = parent[np.array(keep, bool)] if sum(keep) >= 3 else parent[:3]
    least = min(plain_bounds(codes, ctx.solved, node, 2 * np.arange(node.size + 1) - 1).values())
    beta = data.draw(st.integers(least - 2, least + 8))
    below = np.empty(codes.shape[0], np.int64)
    ceiled, plain = scanned(ctx, node, beta, classes, below), scanned(ctx, node, beta, NONE, NONE)
    assert ceiled[0] == plain[0] and ceiled[2] == plain[2]
    assert min(plain[1], beta + kernels.SLACK) <= ceiled[1] <= plain[1]
    drawn = data.draw(st.sets(st.integers(0, codes.shape[0] - 1), min_size=1, max_size=300))
    ends = ctx.guess_of_secret[node].tolist() if data.draw(st.booleans()) else []
    pool = np.array(sorted(drawn | set(ends)), np.int64)
    assert scanned(ctx, node, beta, classes, NONE, pool) == scanned(ctx, node, beta, NONE, NONE,
                                                                    pool)
    here = [len({c for c in codes[g, node].tolist() if c != ctx.solved})
            for g in range(codes.shape[0])]
    assert all(h <= b <= c for h, b, c in zip(here, below.tolist(), counted, strict=True))


@settings(max_examples=40, deadline=None)
@given(near_words(), st.data())
def test_a_look_ahead_finds_the_least_plain_bound_and_names_a_guess_only_when_exact(
        node: np.ndarray, data: st.DataObject) -> None:
    """One level of look-ahead over some guesses (-1 entries skipped, an odd number too) is the
    least of their plain bounds; it names the first guess reaching it with classes of at most
    two secrets, else none, and leaves its scratch zeroed."""
    codes, ctx, count = context()
    other = np.zeros_like(count)
    drawn = data.draw(st.lists(st.integers(-1, codes.shape[0] - 1), max_size=30))
    guesses = np.array(drawn, np.int64)
    class_bounds = 2 * np.arange(node.size + 1) - 1
    best, named = kernels._look_ahead(ctx, codes, node, guesses, class_bounds, 1, count, other)
    plain = plain_bounds(codes, ctx.solved, node, class_bounds)
    bounds = [plain[g] for g in drawn if g in plain]
    assert best == (min(bounds) if bounds else kernels.INF)
    exact = [g for g in drawn if plain.get(g) == best
             and max(np.bincount(codes[g, node]).tolist()) <= 2]
    assert named == (exact[0] if exact else -1)
    assert not count.any() and not other.any()
