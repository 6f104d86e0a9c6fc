"""Hard mode: the mask, the explanations, and the exact search under it, against the plain
rule."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from wordle_plain import EXTRA, SMALL, ref_code, small_game

from sleuth.core.errors import NoStrategy
from sleuth.core.storage import published
from sleuth.core.strategies import get
from sleuth.core.tree import evaluate
from sleuth.games.wordle.game import wordle_game
from sleuth.games.wordle.hardmode import hard_rule, hard_violation, is_hard, with_hard_mode
from sleuth.words import feedback as fb


def plain_hard_ok(guess: str, history: list[tuple[str, int]]) -> bool:
    """The NYT rule, spelled out: greens in place, each revealed letter used as often."""
    for word, code in history:
        marks = fb.digits(code, len(word))
        for k, (letter, mark) in enumerate(zip(word, marks, strict=True)):
            if mark == fb.RIGHT and guess[k] != letter:
                return False
        shown = Counter(letter for letter, mark in zip(word, marks, strict=True) if mark)
        if any(guess.count(letter) < n for letter, n in shown.items()):
            return False
    return True


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(SMALL) - 1), st.lists(st.sampled_from(SMALL + EXTRA), min_size=1,
                                                max_size=3))
def test_hard_mode_mask_matches_the_plain_rule(secret: int, words: list[str]) -> None:
    game = small_game(hard=True)
    pos = game.start()
    for word in words:
        played = [(game.guess_labels[g], c) for g, c in pos.history]
        if plain_hard_ok(word, played):
            pos = game.after(pos, game.guess_index(word), ref_code(word, SMALL[secret]))
    played = [(game.guess_labels[g], c) for g, c in pos.history]
    mask = game.allowed(game, pos)
    for i, label in enumerate(game.guess_labels):
        assert bool(mask[i]) == plain_hard_ok(label, played)
        assert (hard_violation(label, played) is None) == plain_hard_ok(label, played)
    # every remaining candidate obeys the rule: hard mode never locks out the answer
    assert mask[game.guess_of_secret(pos.candidates)].all()


def test_hard_mode_rejects_and_explains() -> None:
    game = small_game(hard=True)
    assert is_hard(game) and not is_hard(with_hard_mode(game, False))
    pos = game.after(game.start(), game.guess_index("crane"), fb.parse("ybybb"))
    with pytest.raises(ValueError, match="not allowed"):
        game.after(pos, game.guess_index("stool"), 0)
    assert hard_violation("stool", [("crane", fb.parse("ybybb"))]) == \
        "hard mode: the guess must contain A, C"
    assert hard_violation("abase", [("eerie", fb.parse("bbbbg"))]) is None
    assert "E 2 times" in hard_violation("abate", [("eerie", fb.parse("ybbbg"))])


def test_hard_mode_games_only_play_allowed_guesses() -> None:
    game = small_game(hard=True)
    result = evaluate(game, get("entropy"), keep_tree=True)
    assert result.failures == 0

    def walk(node, history):
        word = game.guess_labels[node.guess]
        assert plain_hard_ok(word, history)
        for code, child in node.children.items():
            if child is not None:
                walk(child, [*history, (word, code)])

    walk(result.root, [])


def hard_reference(game, cap: int, first: str | None = None) -> tuple[int, int]:
    """(least total within ``cap`` guesses, least worst case) in hard mode, by trying every
    allowed guess (``game.allowed``) everywhere, plainly; nodes are remembered by their
    candidates and the hints of :func:`sleuth.games.wordle.hardmode.hints`."""
    from sleuth.core.game import Position
    from sleuth.games.wordle.hardmode import hints
    from sleuth.solve.tables import INF

    codes = game.feedback(game.guesses, game.secrets).tolist()
    length = game.guesses.shape[1]
    memo: dict[tuple, int | bool] = {}

    def classes(g: int, cands: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]] | None:
        split: dict[int, list[int]] = {}
        for s in cands:
            split.setdefault(codes[g][s], []).append(s)
        if len(split) == 1 and game.solved not in split:
            return None  # learns nothing
        return [(code, tuple(c)) for code, c in split.items() if code != game.solved]

    def allowed(cands: tuple[int, ...], path: tuple) -> list[int]:
        return np.flatnonzero(game.allowed(game, Position(np.array(cands), history=path)))

    def solve(kind: str, cands: tuple[int, ...], path: tuple, left: int) -> int | bool:
        fixed, least = hints(((game.guesses[g], c) for g, c in path), length)
        key = (kind, cands, fixed.tobytes(), least.tobytes(), left)
        if key not in memo:
            memo[key] = INF if kind == "total" else False
            for g in allowed(cands, path) if left > 0 else []:
                parts = classes(int(g), cands)
                if parts is None:
                    continue
                subs = [solve(kind, c, (*path, (int(g), code)), left - 1) for code, c in parts]
                if kind == "total":
                    memo[key] = min(memo[key], len(cands) + sum(subs))
                elif all(subs):
                    memo[key] = True
                    break
        return memo[key]

    everything = tuple(range(len(game.secrets)))
    worst = next(k for k in range(1, len(everything) + 2) if solve("fits", everything, (), k))
    if first is None:
        return solve("total", everything, (), cap), worst
    g = game.guess_index(first)
    parts = classes(g, everything)
    if parts is None:  # a first guess that learns nothing leaves every secret, one guess spent
        parts = [(codes[g][0], everything)]
    return len(everything) + sum(solve("total", c, ((g, code),), cap - 1)
                                 for code, c in parts), worst


VARY = "cdefghij"


@st.composite
def trap_lists(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Small hard-mode traps: a family of words differing in one letter (like _ILL), a few other
    words, and extra guesses made of the varying letters (good splits hard mode forbids)."""
    slot = draw(st.integers(0, 2))
    stem = draw(st.text("ab", min_size=2, max_size=2))
    family = [stem[:slot] + c + stem[slot:]
              for c in draw(st.lists(st.sampled_from(VARY), min_size=4, max_size=8, unique=True))]
    other = draw(st.lists(st.text("abcdefghij", min_size=3, max_size=3), max_size=3))
    secrets = list(dict.fromkeys(family + other))
    extra = draw(st.lists(st.text(VARY, min_size=3, max_size=3), max_size=6))
    return secrets, sorted(set(extra) - set(secrets))


@settings(max_examples=80, deadline=None)
@given(trap_lists(), st.booleans(), st.sampled_from([4, 6]))
def test_hard_mode_optimum_matches_exhaustive_reference(lists, fix: bool, cap: int) -> None:
    from sleuth.solve.search import optimal_mean, optimal_worst
    from sleuth.solve.tables import INF

    secrets, extra = lists
    game = wordle_game(secrets, secrets + extra, hard=True, attempts=cap)
    first = secrets[0] if fix else None
    best, worst = hard_reference(game, cap, first)
    if first is None:
        assert optimal_worst(game, workers=1).worst == worst
    if best >= INF:
        with pytest.raises(ValueError, match="no strategy"):
            optimal_mean(game, max_guesses=cap, first_guess=first, workers=1)
        return
    result = optimal_mean(game, max_guesses=cap, first_guess=first, workers=1)
    assert result.total == best and result.worst <= cap
    normal = wordle_game(secrets, secrets + extra, attempts=cap)
    assert optimal_mean(normal, max_guesses=cap, first_guess=first, workers=1).total <= best


def test_an_opener_that_learns_nothing_costs_a_guess() -> None:
    """CCC tells DAA, EAA, FAA and GAA nothing (every letter gray): the search and the plain
    reference both charge it a guess and solve all four with the guesses left (hypothesis
    found the reference failing on it)."""
    from sleuth.solve.search import optimal_mean

    game = wordle_game(["daa", "eaa", "faa", "gaa"], ["daa", "eaa", "faa", "gaa", "ccc"],
                       hard=True, attempts=6)
    best, _ = hard_reference(game, 6, "ccc")
    assert best == 4 + 1 + 2 + 3 + 4
    result = optimal_mean(game, max_guesses=6, first_guess="ccc", workers=1)
    assert result.total == best and result.first_guess == "ccc"
    cut = optimal_mean(game, max_guesses=6, first_guess="ccc", workers=1, upper=best)
    assert cut.cut and cut.total >= best
    with pytest.raises(NoStrategy):
        optimal_mean(game, max_guesses=4, first_guess="ccc", workers=1)


@settings(max_examples=60, deadline=None)
@given(trap_lists(), st.booleans(), st.sampled_from([4, 6]), st.integers(-3, 3))
def test_hard_mode_cut_bounds_the_optimum(lists, fix: bool, cap: int, shift: int) -> None:
    """Told to beat ``upper``, the search gives the optimum below it, or a proven bound from
    ``upper`` up to the optimum: the hard-mode look-ahead over the guesses allowed is sound."""
    from sleuth.solve.search import optimal_mean
    from sleuth.solve.tables import INF

    secrets, extra = lists
    game = wordle_game(secrets, secrets + extra, hard=True, attempts=cap)
    first = secrets[0] if fix else None
    best, _ = hard_reference(game, cap, first)
    if best >= INF:
        return
    upper = max(1, best + shift)
    result = optimal_mean(game, max_guesses=cap, first_guess=first, workers=1, upper=upper)
    if best < upper:
        assert not getattr(result, "cut", False) and result.total == best
    else:
        assert result.cut and upper <= result.total <= best


def test_hard_mode_memo_tells_hints_apart() -> None:
    """The class FILL HILL KILL MILL is reached after JAZZ (nothing revealed: FHKM splits it)
    and after JILL (_ILL green: only the candidates may follow); the memo kept from the first
    search must not answer the second."""
    from sleuth.solve.search import optimal_mean

    secrets = ["fill", "hill", "kill", "mill", "jazz"]
    game = wordle_game(secrets, [*secrets, "jill", "fhkm"], hard=True)
    assert optimal_mean(game, first_guess="jazz", workers=1).total == 5 + 8
    assert optimal_mean(game, first_guess="jill", workers=1).total == 5 + 1 + 10
    plain = wordle_game(secrets, [*secrets, "jill", "fhkm"])
    assert optimal_mean(plain, first_guess="jill", workers=1).total == 5 + 1 + 8


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(SMALL) - 1), st.lists(st.sampled_from(SMALL + EXTRA), min_size=1,
                                                max_size=3))
def test_search_state_gives_the_plain_hard_mode_pool(secret: int, words: list[str]) -> None:
    """The exact search derives a node's hard-mode state from its tables (the first candidate's
    codes along the path): the guesses it allows are those of the plain rule."""
    from sleuth.solve.solver import solver_for
    from sleuth.solve.tables import tables_of

    game = small_game(hard=True)
    tab = tables_of(game)
    pos = game.start()
    for word in words:
        if game.allowed(game, pos)[game.guess_index(word)]:
            pos = game.after(pos, game.guess_index(word), ref_code(word, SMALL[secret]))
    state = solver_for(tab).state([g for g, _ in pos.history], pos.candidates)
    played = [(game.guess_labels[g], c) for g, c in pos.history]
    plain = [i for i, label in enumerate(game.guess_labels) if plain_hard_ok(label, played)]
    assert tab.rule.allowed_by(state).tolist() == plain


def _words_and_history(n: int) -> st.SearchStrategy:
    word = st.text("abcde", min_size=n, max_size=n)
    return st.tuples(st.lists(word, min_size=2, max_size=12, unique=True), st.integers(0, 11),
                     st.lists(st.integers(0, 11), max_size=3))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10).flatmap(_words_and_history))
def test_the_rule_is_the_plain_rule_at_any_length(case) -> None:
    """Words of 1 to 10 letters (a letter up to 10 times), one secret, the plays hard mode
    allows: the guesses the search's rule allows are those of the plain rule."""
    words, secret, plays = case
    secret_word = words[secret % len(words)]
    history: list[tuple[str, int]] = []
    for g in plays:
        word = words[g % len(words)]
        if plain_hard_ok(word, history):
            history.append((word, fb.reference_code(word, secret_word)))
    rule = hard_rule(fb.encode(words))
    state = rule.state((words.index(w), code) for w, code in history)
    plain = [i for i, w in enumerate(words) if plain_hard_ok(w, history)]
    assert rule.allowed_by(state).tolist() == plain


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(SMALL) - 1), st.lists(st.sampled_from(SMALL + EXTRA), min_size=2,
                                                max_size=4), st.data())
def test_a_node_finds_its_guesses_among_its_parents(secret: int, words: list[str],
                                                    data: st.DataObject) -> None:
    """The rule asked for the guesses of a set (its parent's, say) answers those of them it
    allows; and each guess only takes guesses away, so a child's are among its parent's."""
    rule = small_game(hard=True).allowed.guess_rule
    game = small_game()
    state = rule.start
    for word in words:
        before = rule.allowed_by(state)
        kid = np.empty_like(state)
        rule.after(rule.table, state, game.guess_index(word), ref_code(word, SMALL[secret]), kid)
        allowed = rule.allowed_by(kid)
        assert set(allowed.tolist()) <= set(before.tolist())
        among = np.array(sorted(data.draw(st.sets(st.integers(0, len(game.guesses) - 1)))),
                         dtype=np.int64)
        expected = sorted(set(allowed.tolist()) & set(among.tolist())) if among.size else \
            allowed.tolist()
        assert rule.allowed(rule.table, kid, among).tolist() == expected
        state = kid


def test_exact_search_in_hard_mode_refuses_what_it_cannot_do() -> None:
    from dataclasses import replace

    from sleuth.solve.search import optimal_mean

    game = small_game(hard=True)
    pos = game.after(game.start(), game.guess_index("crane"), fb.parse("ybybb"))
    with pytest.raises(ValueError, match="not allowed"):
        optimal_mean(game, pos, first_guess="stool", workers=1)
    assert optimal_mean(game, pos, workers=1).total >= pos.candidates.size
    odd = replace(game, allowed=lambda g, p: np.ones(len(g.guesses), dtype=bool))
    with pytest.raises(ValueError, match="guess_rule"):
        optimal_mean(odd, workers=1)


@pytest.mark.slow
def test_optimal_hard_mode_salet(original) -> None:
    from sleuth.solve.search import optimal_mean

    result = optimal_mean(wordle_game(*original, hard=True), first_guess="salet",
                          max_guesses=6, workers=1)
    assert result.total == published("wordle-original-hard-salet") and result.worst <= 6


@settings(max_examples=60, deadline=None)
@given(trap_lists(), st.sampled_from([3, 4, 6]), st.integers(0, 6), st.integers(0, 20),
       st.integers(1, 40))
def test_screen_refuses_only_openers_with_no_strategy(lists, cap: int, whole: int,
                                                       largest: int, nodes: int) -> None:
    """The exact search's screen of small classes (hard mode), whichever classes it tries to
    the end or within a budget of nodes, says an opener leaves no strategy within the cap only
    where the exhaustive reference says so."""
    from sleuth.solve.search import SCREENED, Screen, _a_class_cannot_fit, _classes
    from sleuth.solve.solver import solver_for
    from sleuth.solve.tables import INF, tables_of

    secrets, extra = lists
    game = wordle_game(secrets, secrets + extra, hard=True, attempts=cap)
    tab = tables_of(game)
    first = game.guess_index(secrets[0])
    classes = _classes(tab, first, np.arange(len(game.secrets)))
    solver = solver_for(tab)
    for screen in (Screen(whole, largest, nodes), SCREENED):
        if _a_class_cannot_fit(solver, classes, cap - 1, (first,), screen):
            assert hard_reference(game, cap, secrets[0])[0] >= INF


@st.composite
def grid_lists(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Harder traps: words varying in two letters (a grid, each letter from its own few), a few
    other words, and extra guesses made of the varying letters."""
    first = draw(st.lists(st.sampled_from(VARY), min_size=4, max_size=7, unique=True))
    second = draw(st.lists(st.sampled_from(VARY), min_size=3, max_size=5, unique=True))
    other = draw(st.lists(st.text("abcdefghij", min_size=3, max_size=3), max_size=3))
    secrets = list(dict.fromkeys([a + b + "b" for a in first for b in second] + other))
    extra = draw(st.lists(st.text(VARY, min_size=3, max_size=3), max_size=6))
    return secrets, sorted(set(extra) - set(secrets))


@settings(max_examples=60, deadline=None)
@given(grid_lists() | trap_lists(), st.sampled_from([5, 6, 4]), st.integers(1, 40), st.data())
def test_fits_within_a_budget_answers_right_or_not_at_all(lists, cap: int, nodes: int,
                                                          data: st.DataObject) -> None:
    """Each class after a first guess, asked whether it fits within a budget of nodes: the
    answer is the unbudgeted one or None, and nothing it gave up on is remembered wrongly (the
    same solver then answers every class as a fresh one does)."""
    from sleuth.solve.search import _classes
    from sleuth.solve.solver import Solver
    from sleuth.solve.tables import tables_of

    secrets, extra = lists
    game = wordle_game(secrets, [*secrets, *extra, "kkk"], hard=True, attempts=cap)
    tab = tables_of(game)
    first = game.guess_index(data.draw(st.sampled_from(["kkk", *secrets])))  # kkk: one class
    classes = [m for _, m in _classes(tab, first, np.arange(len(game.secrets))) if m.size > 1]
    budgeted, fresh = Solver(tab), Solver(tab)  # each with a memo of its own
    truth = [fresh.fits(m, cap - 1, (first,)) for m in classes]
    found = [budgeted.fits_within(m, cap - 1, (first,), nodes) for m in classes]
    pairs = list(zip(found, truth, strict=True))
    assert all(f is None or f == t for f, t in pairs)
    event(f"gave up on a class that fits: {any(f is None and t for f, t in pairs)}")
    assert [budgeted.fits(m, cap - 1, (first,)) for m in classes] == truth


def test_screen_sees_a_family_too_large_for_the_guesses_left() -> None:
    from sleuth.core.errors import NoStrategy
    from sleuth.solve.search import optimal_mean

    family = ["acb", "adb", "aeb", "afb", "agb", "ahb"]  # after ACB: five words, one letter apart
    guesses = [*family, "def", "fgh"]
    game = wordle_game(family, guesses, hard=True, attempts=5)
    with pytest.raises(NoStrategy):
        optimal_mean(game, max_guesses=5, first_guess="acb", workers=1)
    normal = wordle_game(family, guesses, attempts=5)
    assert optimal_mean(normal, max_guesses=5, first_guess="acb", workers=1).worst <= 5


@settings(max_examples=80, deadline=None)
@given(trap_lists(), st.booleans(), st.sampled_from([4, 6]), st.integers(1, 2))
def test_top_k_heuristic_never_beats_the_optimum(lists, hard: bool, cap: int, k: int) -> None:
    """The heuristic under a cap (either mode) gives its own tree's total, at or above the
    optimum, or no strategy; it once passed off a bound as a total (BAE BAF BAI BAH BAJ)."""
    from sleuth.core.errors import NoStrategy
    from sleuth.solve.search import optimal_mean

    secrets, extra = lists
    game = wordle_game(secrets, secrets + extra, hard=hard, attempts=cap)
    try:
        rough = optimal_mean(game, max_guesses=cap, workers=1, top_k=k)
    except NoStrategy:
        return
    assert rough.total >= optimal_mean(game, max_guesses=cap, workers=1).total


@settings(max_examples=60, deadline=None)
@given(trap_lists(), st.integers(2, 5), st.data())
def test_family_bound_refuses_only_what_cannot_be_done(lists, depth: int, data) -> None:
    """The search's bound on a family (hard mode: a group kept together through the guesses
    left) refuses a class after the first guess only where the exhaustive reference finds no
    strategy that opens with that guess and finishes within the guesses left."""
    from sleuth.solve.kernels import group_too_slow
    from sleuth.solve.solver import solver_for
    from sleuth.solve.tables import INF, tables_of

    secrets, extra = lists
    game = wordle_game(secrets, secrets + extra, hard=True, attempts=depth + 1)
    solver = solver_for(tables_of(game))
    first = data.draw(st.sampled_from(sorted(game.guess_labels)))
    g = game.guess_index(first)
    codes = solver.tab.codes[g]
    count = np.zeros(solver.n_codes, np.int64)
    for code in sorted(set(codes.tolist()) - {solver.tab.solved}):
        cands = np.flatnonzero(codes == code)
        allowed = np.flatnonzero(game.allowed(game, game.after(game.start(), g, code)))
        if group_too_slow(solver.ctx, cands, depth, allowed.astype(np.int64), count):
            event("a class refused")
            assert hard_reference(game, depth + 1, first)[0] >= INF
            assert not count.any()


def test_family_bound_sees_a_family_of_six() -> None:
    from sleuth.solve.kernels import group_too_slow
    from sleuth.solve.solver import solver_for
    from sleuth.solve.tables import tables_of

    family = ["acb", "adb", "aeb", "afb", "agb", "ahb"]
    game = wordle_game(family, [*family, "def", "fgh"], hard=True, attempts=5)
    solver = solver_for(tables_of(game))
    g = game.guess_index("acb")
    rest = np.flatnonzero(solver.tab.codes[g] != solver.tab.solved)
    allowed = np.flatnonzero(game.allowed(game, game.after(game.start(), g, int(
        solver.tab.codes[g, rest[0]])))).astype(np.int64)
    count = np.zeros(solver.n_codes, np.int64)
    assert group_too_slow(solver.ctx, rest, 4, allowed, count)
    assert not group_too_slow(solver.ctx, rest, 5, allowed, count)
