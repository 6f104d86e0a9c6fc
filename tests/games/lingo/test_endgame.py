"""The compiled best-score search against a brute-force search over every guess."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute_best_total
from sleuth.games.lingo.endgame import best_value, context
from sleuth.games.lingo.game import lingo_game
from sleuth.words import feedback as fb

words = st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=16, unique=True)
guesses = st.lists(st.text("abcde", min_size=3, max_size=3), max_size=6, unique=True)


def search(secrets: list[str], extra: list[str], attempts: int, **limits: int) -> float:
    game = lingo_game(secrets, sorted(set(extra) | set(secrets)))
    ctx = context(game.guesses, fb.solved_code(3), **limits)
    cands = game.start().candidates
    pts = np.array([100.0 * (6 - a) for a in range(6 - attempts, 6)])
    value, guess = best_value(ctx, game.secrets, cands, game.guess_of_secret(cands), pts)
    assert 0 <= guess < len(game.guesses)
    return value


@settings(max_examples=60, deadline=None)
@given(words, guesses, st.integers(1, 4))
def test_exact_search_matches_brute_force(secrets: list[str], extra: list[str],
                                          attempts: int) -> None:
    every = sorted(set(extra) | set(secrets))
    assert search(secrets, extra, attempts) == pytest.approx(
        brute_best_total(every, secrets, attempts))


@settings(max_examples=60, deadline=None)
@given(words, guesses, st.integers(1, 4), st.integers(-300, 300))
def test_a_floor_is_beaten_by_the_optimum_or_proven_unbeatable(
        secrets: list[str], extra: list[str], attempts: int, offset: int) -> None:
    """A search told a floor near the optimum gives the optimum and its guess above it, and the
    floor with no guess at or below it."""
    every = sorted(set(extra) | set(secrets))
    game = lingo_game(secrets, every)
    ctx = context(game.guesses, fb.solved_code(3))
    cands = game.start().candidates
    pts = np.array([100.0 * (6 - a) for a in range(6 - attempts, 6)])
    best = brute_best_total(every, secrets, attempts)
    floor = best + offset
    value, guess = best_value(ctx, game.secrets, cands, game.guess_of_secret(cands), pts,
                              floor=floor)
    if best > floor:
        assert value == pytest.approx(best) and 0 <= guess < len(game.guesses)
    else:
        assert (value, guess) == (floor, -1)


@settings(max_examples=40, deadline=None)
@given(words, st.integers(3, 4), st.integers(1, 3), st.integers(1, 3))
def test_shortlists_never_overstate(secrets: list[str], attempts: int, exact: int,
                                    width: int) -> None:
    """A shortlisted search reports the value of a real strategy: never above the optimum."""
    assert search(secrets, [], attempts, exact=exact, width=width) <= brute_best_total(
        sorted(secrets), secrets, attempts) + 1e-9


def test_memo_gives_the_same_values_when_reused(lingo_dir) -> None:
    secrets = (lingo_dir / "wordlist5.txt").read_text().split()[:600]
    game = lingo_game(secrets)
    ctx = context(game.guesses, fb.solved_code(5), exact=10, width=3)
    pts = np.array([400.0, 300.0, 200.0, 100.0])
    parts = [p for c, p in game.partition(0, game.start().candidates) if p.size > 2][:8]
    first = [best_value(ctx, game.secrets, p, game.guess_of_secret(p), pts) for p in parts]
    again = [best_value(ctx, game.secrets, p, game.guess_of_secret(p), pts) for p in parts]
    fresh = context(game.guesses, fb.solved_code(5), exact=10, width=3)
    alone = [best_value(fresh, game.secrets, p, game.guess_of_secret(p), pts) for p in parts]
    assert first == again == alone


def brute_after(every: list[str], secrets: list[str], guess: str, attempts: int) -> float:
    """Best total score of ``secrets`` when ``guess`` is played first (brute force after it)."""
    parts: dict[int, list[str]] = {}
    for s in secrets:
        parts.setdefault(fb.reference_code(guess, s), []).append(s)
    return sum(100.0 * (6 - (6 - attempts)) if code == fb.solved_code(len(guess))
               else brute_best_total(every, part, attempts - 1) if attempts > 1 else 0.0
               for code, part in parts.items())


@settings(max_examples=50, deadline=None)
@given(words, guesses, st.integers(1, 4))
def test_guess_bounds_are_sound_and_ordered(secrets: list[str], extra: list[str],
                                            attempts: int) -> None:
    """exact bound >= what the guess really reaches; cheap >= exact; depth 1 >= cheap."""
    check_guess_bounds(secrets, extra, attempts)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text("abcdef", min_size=2, max_size=2), min_size=8, max_size=18, unique=True),
       st.integers(2, 4))
def test_guess_bounds_are_sound_where_codes_run_out(secrets: list[str], attempts: int) -> None:
    """Two-letter words have only 6 feedback codes besides the solved one and the impossible
    ones, fewer than the secrets: the bound's code cap must still be sound."""
    check_guess_bounds(secrets, [], attempts)


def start(secrets: list[str], extra: list[str], attempts: int) -> tuple:
    """The game of ``secrets`` (guesses: they and ``extra``), a search context, the candidates,
    their guess indices and the points of the last ``attempts`` attempts."""
    game = lingo_game(secrets, sorted(set(extra) | set(secrets)))
    ctx = context(game.guesses, fb.solved_code(len(secrets[0])))
    cands = game.start().candidates
    pts = np.array([100.0 * (6 - a) for a in range(6 - attempts, 6)])
    return game, ctx, cands, game.guess_of_secret(cands), pts


def check_guess_bounds(secrets: list[str], extra: list[str], attempts: int) -> None:
    from sleuth.games.lingo.endgame import guess_bounds
    from sleuth.games.lingo.scoring import perfect_split_bounds

    game, ctx, cands, own, pts = start(secrets, extra, attempts)
    every = np.arange(len(game.guesses))
    cheap = guess_bounds(ctx, game.secrets, own, pts, every)
    exact = guess_bounds(ctx, game.secrets, own, pts, every, exact=True)
    depth1 = perfect_split_bounds(game, every, cands, 5 - attempts)
    for g, label in enumerate(game.guess_labels):
        reached = brute_after(list(game.guess_labels), secrets, label, attempts)
        assert exact[g] >= reached - 1e-9
    assert np.all(cheap >= exact - 1e-9)
    assert np.all(depth1 >= cheap - 1e-9)


@settings(max_examples=50, deadline=None)
@given(words, guesses, st.integers(2, 4), st.floats(0, 1))
def test_class_bounds_stop_at_a_target_soundly(secrets: list[str], extra: list[str],
                                               attempts: int, share: float) -> None:
    """With a target, each class's bound lies between the exact and the cheap one, and the
    guess's total is at most the target unless every class got the exact bound."""
    from sleuth.games.lingo.endgame import class_bounds

    game, ctx, _, own, pts = start(secrets, extra, attempts)
    for g in range(len(game.guesses)):
        hit, _, cheap = class_bounds(ctx, game.secrets, own, pts, g)
        _, _, exact = class_bounds(ctx, game.secrets, own, pts, g, exact=True)
        low, high = pts[0] * hit + exact.sum(), pts[0] * hit + cheap.sum()
        target = low + share * (high - low)
        _, _, staged = class_bounds(ctx, game.secrets, own, pts, g, exact=True, target=target)
        assert np.all(staged >= exact - 1e-9) and np.all(staged <= cheap + 1e-9)
        total = pts[0] * hit + staged.sum()
        assert total <= target + 1e-9 or np.allclose(staged, exact)


@settings(max_examples=60, deadline=None)
@given(words, guesses, st.integers(3, 4))
def test_loss_bound_is_sound(secrets: list[str], extra: list[str], attempts: int) -> None:
    """The bound that counts lost games never falls below the optimum, nor rises above the
    depth-1 bound."""
    check_loss_bound(secrets, extra, attempts)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text("abcdef", min_size=2, max_size=2), min_size=8, max_size=18, unique=True),
       st.integers(3, 4))
def test_loss_bound_is_sound_where_games_are_lost(secrets: list[str], attempts: int) -> None:
    """Two-letter words: many secrets per feedback code, so games are lost and the bound bites."""
    check_loss_bound(secrets, [], attempts)


def check_loss_bound(secrets: list[str], extra: list[str], attempts: int) -> None:
    from sleuth.games.lingo.endgame import Arena, budgeted_loss_bound, code_table, loss_bound
    from sleuth.games.lingo.scoring import perfect_split_bounds

    game, ctx, cands, own, pts = start(secrets, extra, attempts)
    bound = loss_bound(ctx, game.secrets, cands, own, pts)
    optimum = brute_best_total(list(game.guess_labels), secrets, attempts)
    assert bound >= optimum - 1e-9
    every = np.arange(len(game.guesses))
    assert bound <= perfect_split_bounds(game, every, cands, 5 - attempts).max() + 1e-9
    assert loss_bound(ctx, game.secrets, cands, own, pts, cap=bound - 50) == bound - 50
    assert loss_bound(ctx, game.secrets, cands, own, pts, budget=0) >= bound  # gave up: sound
    for floor in (bound - 100, bound + 100):  # bounded only until at most the floor
        below = loss_bound(ctx, game.secrets, cands, own, pts, floor=floor)
        assert below == bound if floor < bound else optimum - 1e-9 <= below <= floor
    tried = budgeted_loss_bound(ctx, game.secrets, cands, own, pts, budget=0)
    assert tried.bound == bound if tried.within else tried.bound >= bound
    table = code_table(game.guesses, game.secrets)  # codes read, not computed: the same
    found = budgeted_loss_bound(ctx, game.secrets, cands, own, pts, read=(table, cands))
    assert found[:2] == (bound, True)
    if attempts == 4:  # what it read, passed back: the same bounds without reading it again
        for floor in (-1.0, bound - 100, bound + 100):
            again = budgeted_loss_bound(ctx, game.secrets, cands, own, pts, floor=floor,
                                        codes=found.codes)
            assert again.bound == loss_bound(ctx, game.secrets, cands, own, pts, floor=floor)
        arena = Arena(1 << 20)
        room = arena.room(len(game.guesses), len(cands))
        assert arena.room(len(game.guesses), 1 << 20) is None  # no room: none taken
        into = budgeted_loss_bound(ctx, game.secrets, cands, own, pts, read=(table, cands),
                                   room=room)
        assert into.codes is room and into.bound == bound
        assert [a.tolist() for a in room] == [a.tolist() for a in found.codes]
        with pytest.raises(ValueError, match="room is for codes read"):
            budgeted_loss_bound(ctx, game.secrets, cands, own, pts, room=room)
        short = len(game.guesses) * len(cands) - 1  # cannot pay for ranking the guesses
        skipped = budgeted_loss_bound(ctx, game.secrets, cands, own, pts, budget=short)
        assert len(cands) <= 2 or skipped == (np.inf, False, None)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.integers(1, 200), st.data())
def test_gathered_codes_are_the_table_s_columns(secrets: int, guesses: int,
                                                data: st.DataObject) -> None:
    """The blocked gather of a class's codes (a row a guess) against numpy's take and
    transpose, on tables wider and narrower than its blocks."""
    from sleuth.games.lingo.endgame import _gather_columns

    table = np.random.default_rng(secrets * 1000 + guesses).integers(
        0, 3**10, (secrets, guesses)).astype(np.uint16)
    rows = np.array(sorted(data.draw(st.sets(st.integers(0, secrets - 1), min_size=1))))
    out = np.empty((guesses, rows.size), np.uint16)
    _gather_columns(table, rows, out)
    assert (out == table[rows].T).all()


def test_loss_bound_counts_lost_games(lingo_dir) -> None:
    """On the official 4-letter list, the classes of 7 to 12 secrets that tare leaves: the bound
    is never below their exact value (a search over every word), and where the two-deep bound
    ignores games lost it is lower."""
    from sleuth.games.lingo.endgame import class_bounds, loss_bound

    game = lingo_game((lingo_dir / "wordlist4.txt").read_text().split())
    ctx = context(game.guesses, fb.solved_code(4))
    cands = game.start().candidates
    pts = np.array([500.0, 400.0, 300.0, 200.0, 100.0])
    _, parts, caps = class_bounds(ctx, game.secrets, game.guess_of_secret(cands), pts,
                                  game.guess_index("tare"), exact=True)
    lower = 0
    for part, cap in zip(parts, caps, strict=True):
        if 7 <= part.size <= 12:
            own = game.guess_of_secret(cands[part])
            exact = best_value(ctx, game.secrets, cands[part], own, pts[1:])[0]
            bound = loss_bound(context(game.guesses, fb.solved_code(4)), game.secrets,
                               cands[part], own, pts[1:], cap)
            assert exact - 1e-9 <= bound <= cap
            lower += bound < cap
    assert lower >= 3


def test_loss_bound_says_how_deep_it_goes() -> None:
    from sleuth.games.lingo.endgame import loss_bound

    game, ctx, cands, own, _ = start(["ab", "ac", "ad"], [], 3)
    with pytest.raises(ValueError, match="three or four attempts deep"):
        loss_bound(ctx, game.secrets, cands, own, np.array([200.0, 100.0]))


def renumbered(guesses: np.ndarray, solved: int, **limits: int) -> tuple:
    """A context that renumbers codes through its hash table, as for long words."""
    from sleuth.games.lingo import endgame

    saved, endgame.DIRECT_LENGTH = endgame.DIRECT_LENGTH, 0
    try:
        ctx = context(guesses, solved, **limits)
    finally:
        endgame.DIRECT_LENGTH = saved
    assert ctx.relabel.shape[1] > 0 and ctx.solved == 0 and ctx.stamp.size == len(guesses) + 2
    return ctx


@settings(max_examples=40, deadline=None)
@given(words, guesses, st.integers(1, 4))
def test_renumbered_codes_give_the_same_answers(secrets: list[str], extra: list[str],
                                                attempts: int) -> None:
    """Codes renumbered per row (the way of words past DIRECT_LENGTH) change no value, bound
    or guess of the search."""
    from sleuth.games.lingo.endgame import class_sums, guess_bounds, loss_bound

    game, direct, cands, own, pts = start(secrets, extra, attempts)
    every = np.arange(len(game.guesses))
    solved = fb.solved_code(3)

    def answers(make: object) -> list:
        out = [best_value(make(game.guesses, solved), game.secrets, cands, own, pts),
               best_value(make(game.guesses, solved, exact=2, width=1), game.secrets, cands,
                          own, pts),
               guess_bounds(make(game.guesses, solved), game.secrets, own, pts, every,
                            exact=True).tolist(),
               class_sums(make(game.guesses, solved), game.secrets,
                          np.arange(len(cands) + 1.0)).tolist()]
        if attempts >= 3:
            out.append(loss_bound(make(game.guesses, solved), game.secrets, cands, own, pts))
        return out

    assert direct.relabel.shape[1] == 0  # short words index the tables directly
    assert answers(context) == answers(renumbered)


@settings(max_examples=30, deadline=None)
@given(st.integers(fb.SHORT_LENGTH + 1, fb.MAX_LENGTH).flatmap(
    lambda n: st.lists(st.text("abc", min_size=n, max_size=n), min_size=1, max_size=9,
                       unique=True)), st.integers(1, 4))
def test_long_words_match_brute_force(secrets: list[str], attempts: int) -> None:
    """Words of 21 to 39 letters (codes past 32 bits, 3**length cells far too many for a
    table): the search and the bounds agree with the plain rule's brute force."""
    from sleuth.games.lingo.endgame import guess_bounds, loss_bound

    game, ctx, cands, own, pts = start(secrets, [], attempts)
    assert ctx.stamp.size == len(game.guesses) + 2  # one cell per label, not per code
    best = brute_best_total(sorted(secrets), secrets, attempts)
    assert best_value(ctx, game.secrets, cands, own, pts)[0] == pytest.approx(best)
    every = np.arange(len(game.guesses))
    assert guess_bounds(ctx, game.secrets, own, pts, every, exact=True).max() >= best - 1e-9
    if attempts >= 3:
        fresh = context(game.guesses, fb.solved_code(len(secrets[0])))
        assert loss_bound(fresh, game.secrets, cands, own, pts) >= best - 1e-9


def test_renumbered_context_needs_room_for_every_secret() -> None:
    game = lingo_game(["a" * 21, "b" * 21])
    ctx = context(game.guesses[:1], fb.solved_code(21))
    with pytest.raises(ValueError, match="2 secrets but only 1 guesses"):
        best_value(ctx, game.secrets, np.arange(2), np.arange(2), np.array([200.0, 100.0]))


def same_bounds(plain: tuple, read: tuple) -> bool:
    """Whether two :func:`class_bounds` answers agree: hit, classes and bounds."""
    return plain[0] == read[0] and len(plain[1]) == len(read[1]) and all(
        np.array_equal(a, b) for a, b in zip(plain[1], read[1], strict=True)) and np.allclose(
        plain[2], read[2])


@settings(max_examples=60, deadline=None)
@given(words, guesses, st.integers(2, 4), st.floats(0, 1))
def test_a_code_table_gives_the_bounds_computed_codes_give(
        secrets: list[str], extra: list[str], attempts: int, share: float) -> None:
    """Codes read from a table (every word on every secret, as :func:`feedback.codes` gives
    them) give the same classes and bounds, exact or stopped at a target."""
    from sleuth.games.lingo.endgame import class_bounds, code_table

    game, ctx, _, own, pts = start(secrets, extra, attempts)
    table = code_table(game.guesses, game.secrets)
    assert np.array_equal(table, fb.codes(game.guesses, game.secrets).T)
    ids = np.arange(len(game.secrets))
    for g in range(len(game.guesses)):
        hit, _, cheap = class_bounds(ctx, game.secrets, own, pts, g)
        target = pts[0] * hit + share * cheap.sum()
        for kwargs in ({"exact": True}, {"exact": True, "target": target}, {}):
            assert same_bounds(class_bounds(ctx, game.secrets, own, pts, g, **kwargs),
                               class_bounds(ctx, game.secrets, own, pts, g, table=table,
                                            ids=ids, **kwargs))


def test_a_code_table_wider_than_a_block_gives_the_same_bounds(lingo_dir) -> None:
    """On the official five-letter guesses (many blocks of the table's rows) and a few hundred
    secrets drawn from them, the table's bounds are the computed ones, for several openers."""
    from sleuth.games.lingo.endgame import TABLE_BLOCK, class_bounds, code_table

    every = (lingo_dir / "wordlist5.txt").read_text().split()
    secrets = [every[i] for i in np.random.default_rng(0).choice(len(every), 300, False)]
    game = lingo_game(secrets, every)
    ctx = context(game.guesses, fb.solved_code(5))
    own, pts = game.guess_of_secret(game.start().candidates), np.array([400.0, 300, 200, 100])
    table = code_table(game.guesses, game.secrets)
    assert table.shape[1] > 10 * TABLE_BLOCK
    for word in ["tares", "fuzzy", secrets[0], secrets[1]]:
        g = game.guess_index(word)
        assert same_bounds(
            class_bounds(ctx, game.secrets, own, pts, g, exact=True),
            class_bounds(ctx, game.secrets, own, pts, g, exact=True, table=table,
                         ids=np.arange(len(secrets))))


def plain_split_best(rows: np.ndarray, solved: int, best: float, pts: np.ndarray) -> float:
    """The best split value of any guess (a column of ``rows``: codes, a row a secret) and
    ``best``, guess by guess: the reference for the table's every-word pass."""
    n = rows.shape[0]
    for column in rows.T:
        classes, hit = len(set(column.tolist())), int(solved in column)
        best = max(best, pts[0] * hit + (pts[1] - pts[2]) * (classes - hit) + pts[2] * (n - hit))
    return best


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 200), st.integers(1, 600), st.integers(0, 2**32 - 1),
       st.floats(0, 1), st.sampled_from([(300.0, 200.0, 100.0), (400.0, 100.0, 0.0),
                                         (200.0, 200.0, 100.0), (300.0, 100.0, 100.0)]),
       st.sampled_from([3, 7, 10]))
def test_dropping_guesses_early_in_a_table_gives_the_best_split(
        n: int, width: int, seed: int, share: float, pts: tuple, length: int) -> None:
    """The table's every-word pass (guesses dropped once too many secrets repeat a code, or
    not) gives the best split value of a plain count over every guess, up to the pb * n where
    it stops looking (no guess outside the secrets can do more). Codes of 10 letters have
    bitsets much longer than most classes (cleared code by code), of 3 shorter."""
    from sleuth.games.lingo.endgame import table_best

    rng = np.random.default_rng(seed)
    ctx = context(fb.encode(["abcdefghij"[:length]]), fb.solved_code(length))
    top = max(1, int((3**length) ** rng.random()))  # few codes (many repeats) to all of them
    table = rng.integers(0, top, (n + 3, width)).astype(np.uint16)
    if rng.random() < 0.3:
        table[rng.random(table.shape) < 0.1] = ctx.solved
    if rng.random() < 0.5:  # one guess splitting well, maybe in a late block of guesses
        table[:, rng.integers(width)] = rng.permutation(n + 3) % 3**length
    ids = np.sort(rng.choice(n + 3, n, replace=False)).astype(np.int64)
    p = np.array(pts)
    start = share * (p[0] + p[1] * (n - 1))
    full = plain_split_best(table[ids], ctx.solved, start, p)
    found = [table_best(ctx, table, ids, start, *p, abandon) for abandon in (True, False)]
    assert found[0] == found[1]
    assert min(found[0], p[1] * n) == pytest.approx(min(full, p[1] * n))
