"""Wordle games: lists, priors, hard mode, ratings, several boards and the adversarial host."""

from __future__ import annotations

import itertools
import os
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import WORDLE_SAMPLE
from sleuth.core.game import Contradiction
from sleuth.core.strategies import get
from sleuth.core.tree import evaluate
from sleuth.games.wordle.game import (
    BLOCKLIST,
    BoardsGreedy,
    Opening,
    TreePlayer,
    absurdle_play,
    absurdle_reply,
    absurdle_solve,
    answer_prior,
    best_guesses,
    boards_after,
    boards_attempts,
    boards_start,
    builtin_lists,
    default_lists,
    game_from,
    hard_violation,
    is_hard,
    learned_prior,
    load_lists,
    opener_table,
    play,
    play_boards,
    rank_openers,
    rate,
    with_hard_mode,
    without_past,
    wordle_game,
)
from sleuth.words import feedback as fb

SMALL = WORDLE_SAMPLE
EXTRA = ["salet", "crane", "slate", "trace", "roate", "soare", "arise", "irate"]



@pytest.fixture(scope="session")
def original(wordle_dir: Path) -> tuple[list[str], list[str]]:
    answers = (wordle_dir / "answers-original.txt").read_text().split()
    guesses = (wordle_dir / "allowed-original.txt").read_text().split()
    return answers, guesses


def small_game(**options):
    return wordle_game(SMALL, SMALL + EXTRA, **options)


def ref_code(guess: str, secret: str) -> int:
    return fb.reference_code(guess, secret)


# --------------------------------------------------------------------------- lists


def test_lists_from_files_include_answers_among_guesses(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Crane\nslate\n\ncrane\n")
    (tmp_path / "g.txt").write_text("trace\nslate\n")
    lists = load_lists(tmp_path / "a.txt", tmp_path / "g.txt")
    assert lists.answers == ("crane", "slate")
    assert set(lists.guesses) == {"trace", "slate", "crane"}
    assert "a.txt" in lists.source


def test_missing_list_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not found"):
        load_lists(tmp_path / "nope.txt", tmp_path / "nope.txt")


def test_default_lists_are_the_current_games() -> None:
    lists = default_lists()
    assert (len(lists.answers), len(lists.guesses)) == (3158, 14855)
    assert lists.source == "wordle-nyt-2023-07-01"
    assert {"salet", "tarse", "soare", "rates"} <= set(lists.guesses)


def test_a_file_replaces_one_list_of_the_named_one(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("CRANE\nslate\n")
    lists = load_lists(tmp_path / "a.txt", list_name="wordle-original")
    assert lists.answers == ("crane", "slate") and len(lists.guesses) == 12972
    assert "wordle-original" in lists.source and "a.txt" in lists.source


def test_an_unknown_list_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no list named 'nope'; the lists are"):
        load_lists(list_name="nope")


def test_builtin_lists_stand_in() -> None:
    lists = builtin_lists(5, 300)
    assert len(lists.answers) == 300 and not BLOCKLIST & set(lists.answers)
    assert set(lists.answers) <= set(lists.guesses) and len(lists.guesses) > 5000
    assert all(len(w) == 5 for w in lists.guesses)
    assert "about" in lists.answers  # the commonest words come first
    assert len(builtin_lists(6, 50).answers) == 50


def test_shipped_original_lists_equal_the_shared_files(wordle_dir: Path) -> None:
    lists = load_lists(list_name="wordle-original")
    assert lists.answers == tuple((wordle_dir / "answers-original.txt").read_text().split())
    assert set(lists.guesses) == set((wordle_dir / "allowed-original.txt").read_text().split())


# --------------------------------------------------------------------------- priors


def test_priors() -> None:
    assert answer_prior(SMALL) is None
    freq = answer_prior(SMALL, "frequency")
    assert freq.shape == (len(SMALL),) and abs(freq.sum() - 1) < 1e-9
    assert freq[SMALL.index("death")] > freq[SMALL.index("humph")]
    with pytest.raises(ValueError, match="past answers"):
        answer_prior(SMALL, "learned")
    with pytest.raises(ValueError, match="unknown prior"):
        answer_prior(SMALL, "zipf")


def test_learned_prior_prefers_words_like_past_answers() -> None:
    answers = ["crane", "plant", "stick", "cakes", "boats", "ducks", "lamps", "trunk"]
    past = ["crane", "plant", "stick", "trunk"]
    p = learned_prior(answers, past)
    assert abs(p.sum() - 1) < 1e-9 and np.all(p > 0)
    plural = [answers.index(w) for w in ("cakes", "boats", "ducks", "lamps")]
    assert p[plural].max() < p[answers.index("trunk")]


def test_past_answers_excluded() -> None:
    game = game_from(load_lists_small(), past=["cigar", "rebut"], exclude_past=True)
    assert "cigar" not in game.secret_labels and "cigar" in game.guess_labels
    with pytest.raises(ValueError, match="nothing is left"):
        without_past(["cigar"], ["cigar"])
    with pytest.raises(ValueError, match="past answers"):
        game_from(load_lists_small(), exclude_past=True)


def load_lists_small():
    from sleuth.games.wordle.game import Lists

    return Lists(tuple(SMALL), tuple(SMALL + EXTRA), "small")


# --------------------------------------------------------------------------- hard mode


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


# --------------------------------------------------------------------------- hard mode, exactly


def hard_reference(game, cap: int, first: str | None = None) -> tuple[int, int]:
    """(least total within ``cap`` guesses, least worst case) in hard mode, by trying every
    allowed guess (``game.allowed``) everywhere, plainly; nodes are remembered by their
    candidates and the hints of :func:`sleuth.games.wordle.game.hints`."""
    from sleuth.core.game import Position
    from sleuth.games.wordle.game import hints
    from sleuth.solve.search import INF

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
    return len(everything) + sum(solve("total", c, ((g, code),), cap - 1)
                                 for code, c in classes(g, everything)), worst


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
    from sleuth.solve.search import INF, optimal_mean, optimal_worst

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
def test_search_hints_give_the_games_hard_mode_pool(secret: int, words: list[str]) -> None:
    from sleuth.solve.search import _allowed, path_hints, tables_of

    game = small_game(hard=True)
    tab = tables_of(game)
    pos = game.start()
    for word in words:
        if game.allowed(game, pos)[game.guess_index(word)]:
            pos = game.after(pos, game.guess_index(word), ref_code(word, SMALL[secret]))
    pool = _allowed(tab.letters, tab.counts, path_hints(tab.letters, pos.history))
    assert np.array_equal(pool, game.allowed_guesses(pos))


def test_exact_search_in_hard_mode_refuses_what_it_cannot_do() -> None:
    from dataclasses import replace

    from sleuth.solve.search import optimal_mean

    game = small_game(hard=True)
    pos = game.after(game.start(), game.guess_index("crane"), fb.parse("ybybb"))
    with pytest.raises(ValueError, match="not allowed"):
        optimal_mean(game, pos, first_guess="stool", workers=1)
    assert optimal_mean(game, pos, workers=1).total >= pos.candidates.size
    odd = replace(game, allowed=lambda g, p: np.ones(len(g.guesses), dtype=bool))
    with pytest.raises(ValueError, match="hard mode"):
        optimal_mean(odd, workers=1)


# --------------------------------------------------------------------------- games


def test_scoring_and_attempts() -> None:
    lingo = small_game(scoring="lingo", attempts=5)
    result = evaluate(lingo, get("entropy"))
    assert 300 < result.mean_score() <= 400
    with pytest.raises(ValueError, match="scoring"):
        small_game(scoring="points")
    game = small_game()
    assert game.render(fb.parse("gybbb")) == "gybbb"


def test_play_and_opening() -> None:
    game = small_game()
    opener = Opening(game.guess_index("salet"), get("entropy"))
    for secret in range(len(SMALL)):
        pos = play(game, opener, secret)
        assert game.outcome(pos) is True and pos.history[0][0] == game.guess_index("salet")
        assert game.secret_labels[secret] == game.guess_labels[pos.history[-1][0]]


def test_tree_player_replays_a_tree_and_falls_back() -> None:
    game = small_game()
    result = evaluate(game, get("minimax"), keep_tree=True)
    replay = evaluate(game, TreePlayer(result.root))
    assert (replay.cost == result.cost).all()
    pruned = TreePlayer(type(result.root)(result.root.guess, 0))  # only the first guess known
    assert evaluate(game, pruned).failures == 0


# --------------------------------------------------------------------------- ratings


def plain_rating(guess: str, cands: list[str]) -> tuple[float, float, float, int]:
    classes = Counter(ref_code(guess, s) for s in cands)
    n = len(cands)
    solved = fb.solved_code(len(guess))
    expected = sum(c * c for code, c in classes.items() if code != solved) / n
    entropy = -sum(c / n * np.log2(c / n) for c in classes.values())
    return expected, entropy, classes.get(solved, 0) / n, max(classes.values())


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(SMALL), min_size=1, max_size=25, unique=True),
       st.lists(st.sampled_from(SMALL + EXTRA), min_size=1, max_size=6, unique=True))
def test_rate_matches_plain_counting(cands: list[str], guesses: list[str]) -> None:
    game = small_game()
    idx = np.array([SMALL.index(w) for w in cands])
    ratings = rate(game, np.array([game.guess_index(g) for g in guesses]), idx)
    for r, guess in zip(ratings, guesses, strict=True):
        expected, entropy, chance, worst = plain_rating(guess, cands)
        assert r.word == guess and r.worst == worst
        assert r.expected == pytest.approx(expected) and r.entropy == pytest.approx(entropy)
        assert r.chance == pytest.approx(chance) and r.candidate == (guess in cands)


def test_best_guesses_rankings() -> None:
    game = small_game()
    pos = game.start()
    by_expected = best_guesses(game, pos, 5, "expected")
    assert [r.expected for r in by_expected] == sorted(r.expected for r in by_expected)
    every = rate(game, np.arange(len(game.guesses)), pos.candidates)
    assert by_expected[0].expected == pytest.approx(min(r.expected for r in every))
    assert best_guesses(game, pos, 3, "entropy")[0].entropy == pytest.approx(
        max(r.entropy for r in every))
    assert best_guesses(game, pos, 3, "worst")[0].worst == min(r.worst for r in every)
    with pytest.raises(ValueError, match="unknown ranking"):
        best_guesses(game, pos, 3, "luck")


def test_opener_table_agrees_with_rate() -> None:
    game = small_game()
    table = opener_table(game)
    every = {r.word: r for r in rate(game, table["index"], game.start().candidates)}
    for i, g in enumerate(table["index"]):
        r = every[game.guess_labels[g]]
        assert table["expected"][i] == pytest.approx(r.expected)
        assert table["worst"][i] == r.worst and table["entropy"][i] == pytest.approx(r.entropy)
    best = rank_openers(table, "entropy")[0]
    assert table["entropy"][best] == table["entropy"].max()


def test_openers_on_the_original_lists(original) -> None:
    game = wordle_game(*original)
    table = opener_table(game)
    words = [game.guess_labels[table["index"][i]] for i in rank_openers(table, "entropy")[:3]]
    assert words[0] == "soare"  # the known greedy-entropy opener of these lists
    top = game.guess_labels[table["index"][rank_openers(table, "expected")[0]]]
    assert top == "roate"


# --------------------------------------------------------------------------- several boards


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
    turns = [len(play_boards(game, rng.choice(2315, 4, replace=False), player).guesses)
             for _ in range(3)]
    assert max(turns) <= 9


# --------------------------------------------------------------------------- adversarial host


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


# --------------------------------------------------------------------------- whole lists


def test_bench_figures_on_the_original_lists(original) -> None:
    game = wordle_game(*original)
    result = evaluate(game, get("minimax"))
    assert result.failures == 0 and 3.4 < result.mean_cost() < 3.7


def test_exhaustive_small_case_agrees_with_itertools() -> None:
    words = ["ab", "ba", "aa", "bb"]
    game = wordle_game(words)
    pairs = {(g, s): ref_code(g, s) for g, s in itertools.product(words, words)}
    for (g, s), code in pairs.items():
        assert int(game.codes(game.guess_index(g), np.array([words.index(s)]))[0]) == code


@pytest.mark.slow
@pytest.mark.parametrize(("first", "total"), [("salet", 7920), ("slate", 7928),
                                              ("crane", 7930)])
def test_optimal_totals(original, first: str, total: int) -> None:
    from sleuth.solve.search import optimal_mean

    result = optimal_mean(wordle_game(*original), first_guess=first, max_guesses=6)
    assert result.total == total and result.worst <= 6


@pytest.mark.slow
def test_optimal_hard_mode_salet(original) -> None:
    from sleuth.solve.search import optimal_mean

    result = optimal_mean(wordle_game(*original, hard=True), first_guess="salet",
                          max_guesses=6, workers=1)
    assert result.total == 8122 and result.worst <= 6  # the published figure


@pytest.mark.slow
def test_absurdle_on_the_original_lists(original) -> None:
    result = absurdle_solve(wordle_game(*original, attempts=99))
    assert len(result.guesses) == 4 and result.shortest


# --------------------------------------------------------------------------- exact openers


def test_sweep_is_resumable_and_cuts_with_an_upper_bound(tmp_path: Path) -> None:
    from sleuth.games.wordle.game import Sweep, sweep_openers

    game = small_game()
    calls: list[tuple[str, int | None]] = []
    totals = {"salet": 120, "crane": 118, "cigar": 130, "slate": 118}

    class Result:
        def __init__(self, total: int, cut: bool = False) -> None:
            self.total, self.cut = total, cut

    def search(game, *, first_guess: str, max_guesses: int, upper: int | None = None):
        calls.append((first_guess, upper))
        total = totals[first_guess]
        return Result(upper + 2, True) if upper is not None and total >= upper else Result(total)

    path = tmp_path / "sweep.jsonl"
    sweep = sweep_openers(game, ["salet", "crane"], path, search=search)
    assert sweep.best == ("crane", 118) and calls == [("salet", None), ("crane", 121)]
    with path.open("a") as handle:
        handle.write('{"guess": "tor')  # a torn line from an interrupted run
    again = sweep_openers(game, ["salet", "crane", "cigar", "slate"], path, search=search)
    assert calls[2:] == [("cigar", 119), ("slate", 119)]  # ties are searched to the end
    assert again.at_least == {"cigar": 121} and again.totals["slate"] == 118
    assert again.best == ("crane", 118)
    assert Sweep.load(path).totals == {"salet": 120, "crane": 118, "slate": 118}
    assert sweep_openers(game, ["cigar", "salet"], path, search=search).at_least == again.at_least
    assert len(calls) == 4  # nothing searched twice


def test_a_sweep_is_never_appended_to_a_file_of_something_else(tmp_path: Path) -> None:
    from sleuth.games.wordle.game import Sweep, sweep_openers

    def search(game: object, **options: object) -> None:
        raise AssertionError("nothing is searched")

    path = tmp_path / "notes.jsonl"
    path.write_text('{"guess": "salet", "total": 120}\nmy notes\n')
    with pytest.raises(ValueError, match="line 2: not a record of a sweep"):
        sweep_openers(small_game(), ["salet", "crane"], path, search=search)
    assert path.read_text() == '{"guess": "salet", "total": 120}\nmy notes\n'
    if hasattr(os, "mkfifo"):  # read as word lists are: a FIFO is refused, never waited on
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(ValueError, match="named pipe"):
            Sweep.load(tmp_path / "fifo")


@pytest.mark.parametrize("hard", [False, True])
def test_sweep_with_cut_offs_finds_the_full_sweeps_best(tmp_path: Path, hard: bool) -> None:
    from sleuth.games.wordle.game import sweep_openers, sweep_order
    from sleuth.solve.search import optimal_mean

    game = small_game(hard=hard)
    order = sweep_order(game)
    assert sorted(order) == sorted(game.guess_labels) and len(order) == len(game.guesses)
    full = sweep_openers(game, order, tmp_path / "full.jsonl", cut=False, workers=1)
    assert not full.at_least and len(full.totals) == len(order)
    fast = sweep_openers(game, order, tmp_path / "fast.jsonl", workers=1)
    assert fast.best == full.best and fast.at_least
    best = full.best[1]
    for word, total in fast.totals.items():
        assert total == full.totals[word]
    for word, bound in fast.at_least.items():
        assert best < bound <= full.totals[word]
    assert {w for w, t in full.totals.items() if t == best} <= set(fast.totals)
    word = next(iter(fast.at_least))
    assert optimal_mean(game, first_guess=word, max_guesses=6, workers=1).total == \
        full.totals[word]
