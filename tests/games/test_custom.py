"""User-defined games from a plain Python feedback function."""

from __future__ import annotations

import ast
import functools
import itertools
import subprocess
import sys
import textwrap
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.split import CLASSES, HIT, LARGEST
from sleuth.core.strategies import Strategy
from sleuth.core.tree import evaluate
from sleuth.games.custom import (
    custom_game,
    feedback_table,
    matrix_game,
    read_game_file,
    symbol_rows,
    typed_label,
)
from sleuth.games.mastermind import mastermind, peg_code, pegs
from sleuth.games.twod import twod
from sleuth.solve.greedy import Greedy
from sleuth.solve.search import optimal_mean, optimal_worst
from sleuth.solve.tables import tables_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def compare(g: tuple[int, int], s: tuple[int, int]) -> tuple[bool, bool]:
    return (g[0] <= s[0] and g[1] <= s[1], g[0] >= s[0] and g[1] >= s[1])


POINTS = [(x, y) for x in range(5) for y in range(5)]


def test_twod_by_hand_matches_the_built_in() -> None:
    mine, built_in = custom_game(POINTS, POINTS, compare), twod(5)
    assert mine.n_codes == 4 and mine.render(mine.solved) == "(True, True)"
    codes = mine.feedback(mine.guesses, mine.secrets)  # values sorted: (False, True) = 1
    relabel = np.array([0, 2, 1, 3])  # the built-in codes "<= in both" as 1, ">=" as 2
    assert np.array_equal(relabel[codes], built_in.feedback(built_in.guesses, built_in.secrets))
    assert evaluate(mine, Greedy("entropy")).worst == 5
    assert optimal_worst(mine, workers=1).worst == 4
    assert optimal_mean(mine, workers=1).total == optimal_mean(built_in, workers=1).total


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), st.integers(1, 3))
def test_mastermind_by_hand_matches_the_kernel(colours: int, holes: int) -> None:
    built_in = mastermind(colours, holes)
    codes = [tuple(int(c) for c in row) for row in built_in.guesses]
    mine = custom_game(codes, codes, lambda g, s: pegs(g, s))
    expected = built_in.feedback(built_in.guesses, built_in.secrets)
    got = mine.feedback(mine.guesses, mine.secrets)
    # both number (black, white) in increasing order of black then white
    assert np.array_equal(np.argsort(np.unique(expected)), np.argsort(np.unique(got)))
    assert optimal_mean(mine, workers=1).total == optimal_mean(built_in, workers=1).total


def test_reading_and_playing() -> None:
    game = custom_game(POINTS, POINTS, compare)
    assert game.parse("(True, False)") == game.parse("(True,False)")
    with pytest.raises(FeedbackError, match="not one of"):
        game.parse("maybe")
    pos = game.after(game.start(), game.guess_index("(2, 2)"), game.parse("(True, False)"))
    assert {game.secret_labels[i] for i in pos.candidates} == {
        str((x, y)) for x in range(2, 5) for y in range(2, 5) if (x, y) != (2, 2)}
    with pytest.raises(Contradiction):
        game.after(pos, game.guess_index("(4, 4)"), game.parse("(True, False)"))


def test_guesses_are_the_ones_given_and_errors() -> None:
    game = custom_game(["a"], ["a", "b"], lambda g, s: g == s)
    assert game.guess_labels == ["a"]  # a secret that is not a guess is not made one
    assert game.guess_of_secret(np.arange(2)).tolist() == [0, -1]
    with pytest.raises(ValueError, match="no guess ends the game on 'b'"):
        optimal_mean(game, workers=1)
    with pytest.raises(ValueError, match="pass solved= or ends="):
        custom_game([1, 2], [1, 2], lambda g, s: (g == s, g))
    with pytest.raises(ValueError, match="print alike"):
        custom_game([1, "1"], [1], lambda g, s: g == s)
    with pytest.raises(ValueError, match="at least one secret"):
        custom_game([1], [], lambda g, s: g == s)
    with pytest.raises(ValueError, match="never occurs"):
        custom_game([1, 2], [1, 2], lambda g, s: g == s, ends=[True, "won"])
    with pytest.raises(ValueError, match="not both"):
        custom_game([1, 2], [1, 2], lambda g, s: g == s, solved=True, ends=[True])
    unsorted = feedback_table([1, 2], [1, 2], lambda g, s: 1 if g == s else "x")[1]
    assert unsorted == [1, "x"]  # values that cannot be sorted keep their first appearance


@pytest.mark.parametrize("limit", [0, -1])
def test_a_limit_without_guesses_is_refused(limit: int) -> None:
    with pytest.raises(ValueError, match="at least one guess"):
        custom_game(POINTS, POINTS, compare, max_guesses=limit)
    with pytest.raises(ValueError, match="at least one guess"):
        matrix_game(np.array([[1, 0], [0, 1]]), solved=1, max_guesses=limit)


def test_twod_with_reversed_guesses_is_the_same_game() -> None:
    plain, backwards = custom_game(POINTS, POINTS, compare), custom_game(POINTS[::-1], POINTS,
                                                                         compare)
    flip = np.arange(len(POINTS))[::-1]
    assert np.array_equal(backwards.feedback(backwards.guesses, backwards.secrets),
                          plain.feedback(plain.guesses[flip], plain.secrets))
    assert evaluate(backwards, Greedy("entropy")).failures == 0
    assert optimal_worst(backwards, workers=1).worst == 4  # the README's figures
    best = optimal_mean(backwards, workers=1)
    assert (best.total, best.distribution()) == (83, {1: 1, 2: 3, 3: 8, 4: 13})
    mixed = custom_game(POINTS[::2] + POINTS[1::2], POINTS[::-1], compare)
    assert optimal_mean(mixed, workers=1).total == 83


def seed_mastermind(colours: int, holes: int) -> Game:
    """Seed 001's Mastermind: any code may be guessed, secrets have distinct colours."""
    codes = sorted(itertools.product(range(colours), repeat=holes))
    secrets = sorted(itertools.permutations(range(colours), holes))
    return custom_game(codes, secrets, pegs)


def test_seed_mastermind_builds_and_plays_like_the_built_in() -> None:
    mine, built_in = seed_mastermind(6, 4), mastermind(6, 4, distinct=True)
    assert (len(mine.guesses), len(mine.secrets)) == (1296, 360)
    as_pegs = np.array([peg_code(*ast.literal_eval(mine.render(c)), 4)
                        for c in range(mine.n_codes)])
    assert np.array_equal(as_pegs[mine.feedback(mine.guesses, mine.secrets)],
                          built_in.feedback(built_in.guesses, built_in.secrets))
    greedy = evaluate(mine, Greedy("entropy"))
    assert greedy.distribution() == {2: 7, 3: 55, 4: 229, 5: 69}  # the seed's figures
    assert greedy.distribution() == evaluate(built_in, Greedy("entropy")).distribution()
    assert optimal_worst(mine, workers=1).worst == 5  # and 5 is optimal


def test_seed_mastermind_solves_exactly_like_the_built_in() -> None:
    mine, built_in = seed_mastermind(6, 3), mastermind(6, 3, distinct=True)
    assert optimal_worst(mine, workers=1).worst == optimal_worst(built_in, workers=1).worst
    assert optimal_mean(mine, workers=1).total == optimal_mean(built_in, workers=1).total


def near(guess: int, secret: int) -> str:
    """Guess an odd number with even guesses: one either side of it ends the game."""
    if abs(guess - secret) == 1:
        return "just above" if guess > secret else "just below"
    return "higher" if guess > secret else "lower"


def test_several_end_feedbacks_and_secrets_that_are_not_guesses() -> None:
    game = custom_game(range(0, 11, 2), [1, 5, 9], near, ends={"just above", "just below"})
    assert len(game.ends) == 2 and game.guess_of_secret(np.arange(3)).tolist() == [0, 2, 4]
    pos = game.after(game.start(), game.guess_index("6"), game.parse("just above"))
    assert game.secret_words(pos.candidates) == ["5"] and game.outcome(pos) is True
    pos = game.after(game.start(), game.guess_index("6"), game.parse("lower"))
    assert game.outcome(pos) is None
    assert evaluate(game, Greedy("entropy")).distribution() == {1: 1, 2: 2}
    assert optimal_worst(game, workers=1).worst == 2
    assert optimal_mean(game, workers=1).total == 5
    crowded = custom_game(range(0, 11, 2), [1, 3, 5, 7, 9], near,
                          ends={"just above", "just below"})  # 2 ends the game on 1 and on 3
    assert evaluate(crowded, Greedy("entropy")).failures == 0
    with pytest.raises(ValueError, match="'2' ends the game on both '1' and '3'"):
        optimal_mean(crowded, workers=1)


def test_matrix_game_rejects_too_few_guesses() -> None:
    with pytest.raises(ValueError, match="at least as many guesses"):
        matrix_game(np.zeros((1, 2), dtype=int), solved=1)


# -- a brute-force reference over random small games, in any order ------------------------------

INF = 10**9


@dataclass(frozen=True)
class Plain:
    """A game as plain Python: the items, the feedback function and the end feedbacks."""

    guesses: tuple[int, ...]
    secrets: tuple[int, ...]
    values: tuple[str, ...]  # feedback of guess item g on secret item s: values[10 * g + s]
    near: frozenset[tuple[int, int]]  # (guess, secret) items that get "~"
    ends: frozenset[str] | None  # None: the game's default (a secret against itself)
    limit: int

    def feedback(self, guess: int, secret: int) -> str:
        if guess == secret:
            return "="
        return "~" if (guess, secret) in self.near else self.values[10 * guess + secret]

    @property
    def end_values(self) -> frozenset[str]:
        return frozenset({"="}) if self.ends is None else self.ends

    def ends_on(self, guess: int, secret: int) -> bool:
        return self.feedback(guess, secret) in self.end_values


@st.composite
def plain_games(draw: st.DrawFn) -> Plain:
    """Random guesses and secrets out of 0..9 (secrets among the guesses or not), shuffled; some
    secrets that are not guesses get "~" from one guess each, and one more pair may."""
    guesses = draw(st.lists(st.integers(0, 9), min_size=1, max_size=7, unique=True))
    shared = draw(st.lists(st.sampled_from(guesses), max_size=4, unique=True))
    free = draw(st.permutations([g for g in guesses if g not in shared]))
    unused = [x for x in range(10) if x not in guesses]
    others = draw(st.lists(st.sampled_from(unused), max_size=min(3, len(free)), unique=True)
                  if unused else st.just([]))
    secrets = draw(st.permutations(shared + others or guesses[:1]))
    values = tuple(draw(st.lists(st.sampled_from("abcd"[:draw(st.integers(1, 4))]),
                                 min_size=100, max_size=100)))
    every = draw(st.booleans())
    near = {(g, s) for g, s in zip(free, others, strict=False) if every or draw(st.booleans())}
    near |= set(draw(st.lists(st.tuples(st.sampled_from(guesses), st.sampled_from(secrets)),
                              max_size=1)))  # which may make a guess end two games
    ends = draw(st.sampled_from([None, frozenset("="), frozenset("~"), frozenset("=~")]))
    return Plain(tuple(guesses), tuple(secrets), values, frozenset(near), ends,
                 draw(st.integers(1, 6)))


@dataclass(frozen=True)
class Splitter:
    """The guess making the most feedbacks over the candidates (by the plain game), ties to
    one that may end the game, then the first."""

    plain: Plain
    name: str = "splitter"

    def choose(self, game: Game, position: Position) -> int:
        p = self.plain
        cands = [p.secrets[i] for i in position.candidates]

        def merit(i: int) -> tuple[int, bool, int]:
            found = {p.feedback(p.guesses[i], s) for s in cands}
            return len(found), bool(found & p.end_values), -i

        return max(range(len(p.guesses)), key=merit)


def plain_play(p: Plain, game: Game, strategy: Strategy) -> tuple[list[int], list[bool]]:
    """Each secret's cost and result, played one by one on the plain game."""
    costs, wins = [], []
    for secret in p.secrets:
        cands, cost = list(range(len(p.secrets))), 0
        while True:
            g = p.guesses[strategy.choose(game, Position(np.array(cands), cost))]
            value, cost = p.feedback(g, secret), cost + 1
            if value in p.end_values or cost >= p.limit:
                break
            cands = [c for c in cands if p.feedback(g, p.secrets[c]) == value]
        costs.append(cost)
        wins.append(value in p.end_values)
    return costs, wins


@functools.cache
def plain_optimum(p: Plain, cands: frozenset[int], depth: int) -> int:
    """Least total guesses finding every secret of ``cands`` within ``depth`` guesses."""
    if depth == 0:
        return INF
    best = INF
    for g in p.guesses:
        classes: dict[str, set[int]] = {}
        for s in cands:
            classes.setdefault(p.feedback(g, s), set()).add(s)
        if len(classes) == 1 and not set(classes) & p.end_values:
            continue  # learns nothing
        total = len(cands) + sum(plain_optimum(p, frozenset(c), depth - 1)
                                 for v, c in classes.items() if v not in p.end_values)
        best = min(best, total)
    return best


@settings(max_examples=200, deadline=None)
@given(plain_games())
def test_random_games_match_a_brute_force_reference(p: Plain) -> None:
    occurring = {p.feedback(g, s) for g in p.guesses for s in p.secrets}
    if not p.end_values <= occurring:
        with pytest.raises(ValueError, match="never occurs"):
            custom_game(p.guesses, p.secrets, p.feedback, ends=p.ends, max_guesses=p.limit)
        return
    game = custom_game(p.guesses, p.secrets, p.feedback, ends=p.ends, max_guesses=p.limit)
    assert game.guess_labels == [str(g) for g in p.guesses]
    assert game.secret_labels == [str(s) for s in p.secrets]
    shown = np.array([game.render(c) for c in range(game.n_codes)])
    table = shown[game.feedback(game.guesses, game.secrets)]
    assert table.tolist() == [[p.feedback(g, s) for s in p.secrets] for g in p.guesses]
    for i, g in enumerate(p.guesses):
        parts = {game.render(code): game.secret_words(part)
                 for code, part in game.partition(i, game.start().candidates)}
        expected: dict[str, list[str]] = {}
        for s in p.secrets:
            expected.setdefault(p.feedback(g, s), []).append(str(s))
        assert parts == expected
    stats = game.stats(np.arange(len(p.guesses)), game.start().candidates)
    for g, row in zip(p.guesses, stats, strict=True):
        over = [p.feedback(g, s) if not p.ends_on(g, s) else None for s in p.secrets]
        sizes = Counter(over)  # every end feedback makes one class: the game is over
        assert (row[CLASSES], row[LARGEST], row[HIT]) == (
            len(sizes), max(sizes.values()), sizes[None])
    named = game.guess_of_secret(np.arange(len(p.secrets)))
    for s, g in zip(p.secrets, named.tolist(), strict=True):
        assert (g >= 0) == any(p.ends_on(h, s) for h in p.guesses)
        assert g < 0 or p.ends_on(p.guesses[g], s)
    findable = all(g >= 0 for g in named.tolist())
    for strategy in [Splitter(p), Greedy("entropy")] if findable else [Splitter(p)]:
        result = evaluate(game, strategy)
        costs, wins = plain_play(p, game, strategy)
        assert result.cost.tolist() == costs and result.won.tolist() == wins
        assert result.failures == wins.count(False)
        won = [c for c, w in zip(costs, wins, strict=True) if w]
        assert result.distribution() == dict(Counter(won))
        assert result.mean_cost() == pytest.approx(sum(costs) / len(costs))
    if any(sum(p.ends_on(g, s) for s in p.secrets) > 1 for g in p.guesses):
        with pytest.raises(ValueError, match="'the guess is the secret'"):
            optimal_mean(game, workers=1)
        return
    if not findable:
        with pytest.raises(ValueError, match="no strategy finds every candidate"):
            optimal_worst(game, workers=1)
        return
    everyone = frozenset(p.secrets)
    worst = next(k for k in range(1, len(p.secrets) + 1) if plain_optimum(p, everyone, k) < INF)
    assert optimal_worst(game, workers=1).worst == worst
    assert optimal_mean(game, workers=1).total == plain_optimum(p, everyone, len(p.secrets))
    assert optimal_mean(game, workers=1, max_guesses=worst).total == plain_optimum(
        p, everyone, worst)


# -- items kept as rows of symbols ------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("abc", min_size=3, max_size=3), min_size=1, max_size=12, unique=True),
       st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=12, unique=True),
       st.booleans())
def test_string_items_play_like_their_feedback(guesses: list[str], secrets: list[str],
                                               as_tuples: bool) -> None:
    """Items as rows of symbols: every block of guesses against every block of secrets, in
    any order, gets the feedback the plain function gives."""
    items = (lambda xs: [tuple(x) for x in xs]) if as_tuples else list

    def shared(g: object, s: object) -> int:
        return sum(a == b for a, b in zip(g, s, strict=True))  # type: ignore[call-overload]

    game = custom_game(items(guesses), items(secrets), shared,
                       ends={shared(guesses[0], secrets[0])})  # one that occurs
    assert game.guesses.shape == (len(guesses), 3)  # rows of symbols, not indices
    values = [int(game.render(c)) for c in range(game.n_codes)]
    g_order, s_order = np.arange(len(guesses))[::-1], np.arange(len(secrets))[::-1]
    got = np.array(values)[game.feedback(game.guesses[g_order], game.secrets[s_order])]
    expected = [[shared(guesses[g], secrets[s]) for s in s_order] for g in g_order]
    assert got.tolist() == expected


def test_symbol_rows_only_for_items_of_one_kind_and_length() -> None:
    assert symbol_rows(["ab", "abc"], ["ab"]) is None
    assert symbol_rows([(1, 2)], ["12"]) is None
    assert symbol_rows([1, 2], [1]) is None
    assert symbol_rows([(1, 2), (1.0, 2)], [(1, 2)]) is None  # 1 and 1.0 would be one symbol
    g, s = symbol_rows([(3, 9), (9, 3)], [(5, 5)])
    assert g.tolist() == [[0, 2], [2, 0]] and s.tolist() == [[1, 1]]


def test_mastermind_by_hand_has_the_symmetry_of_the_built_in() -> None:
    codes = ["".join(c) for c in itertools.product("xyz", repeat=3)]
    mine = custom_game(codes, codes, lambda g, s: pegs(tuple(map(ord, g)), tuple(map(ord, s))))
    assert tables_of(mine).symmetry is not None
    assert tables_of(custom_game(POINTS, POINTS, compare)).symmetry is None
    assert optimal_mean(mine, workers=1).total == optimal_mean(mastermind(3, 3), workers=1).total


def test_typed_labels() -> None:
    labels = [str(p) for p in POINTS]
    assert typed_label("(1, 2)", labels) == "(1, 2)"
    assert typed_label(" 1,2 ", labels) == "(1, 2)"
    assert typed_label("1,9", labels) == "1,9"
    assert typed_label("__import__('os')", labels) == "__import__('os')"  # never evaluated


# -- game files -----------------------------------------------------------------------------------


def game_file(tmp_path: Path, text: str, name: str = "game.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_the_example_files_are_the_built_in_games() -> None:
    spec = read_game_file(EXAMPLES / "mastermind_distinct.py")
    assert (len(spec.guesses), len(spec.secrets), spec.max_guesses) == (1296, 360, 20)
    game = spec.game()
    assert evaluate(game, Greedy("entropy")).distribution() == {2: 7, 3: 55, 4: 229, 5: 69}
    twod_file = read_game_file(EXAMPLES / "twod.py").game()
    assert twod_file.name == "twoD 5 x 5" and len(twod_file.ends) == 1
    assert optimal_mean(twod_file, workers=1).total == optimal_mean(twod(5), workers=1).total
    near = read_game_file(EXAMPLES / "close_enough.py").game()
    assert len(near.ends) == 3 and near.max_cost == 10
    assert evaluate(near, Greedy("entropy")).failures == 0
    with pytest.raises(ValueError, match="ends the game on both"):
        optimal_worst(near, workers=1)


def test_a_game_file_defaults_and_sets(tmp_path: Path) -> None:
    game_file(tmp_path, "def sign(x):\n    return (x > 0) - (x < 0)\n", "sign_helper_17.py")
    path = game_file(tmp_path, """
        from sign_helper_17 import sign  # a module beside the file
        guesses = {3, 1, 2}
        secrets = frozenset({2, 1})
        def feedback(g, s):
            return sign(g - s)
        if __name__ == "__main__":
            raise SystemExit("a game file is not run as __main__")
        """, "higher_lower.py")
    spec = read_game_file(path)
    assert spec.guesses == [1, 2, 3] and spec.secrets == [1, 2]  # a set: sorted
    assert (spec.name, spec.max_guesses, spec.ends) == ("higher_lower", 20, None)
    game = spec.game()
    assert game.render(game.solved) == "0" and evaluate(game, Greedy("entropy")).worst <= 2


@pytest.mark.parametrize(("text", "message"), [
    ("guesses = [1]\nsecrets = [1]\n", "does not define feedback"),
    ("feedback = 1\n", "does not define guesses, secrets"),
    ("guesses = 5\nsecrets = [1]\nfeedback = max\n", "guesses must be a collection"),
    ("guesses = []\nsecrets = [1]\nfeedback = max\n", "guesses is empty"),
    ("guesses = secrets = [1]\nfeedback = 'x'\n", "feedback must be a function"),
    ("guesses = secrets = [1]\nfeedback = max\nends = 'won'\n", "ends must be a set"),
    ("guesses = secrets = [1]\nfeedback = max\nends = [[1]]\n", "not hashable"),
    ("guesses = secrets = [1]\nfeedback = max\nmax_guesses = 0\n", "at least 1"),
    ("guesses = secrets = [1]\nfeedback = max\nmax_guesses = True\n", "whole number"),
    ("guesses = secrets = [1]\nfeedback = max\nname = 3\n", "name must be a string"),
    ("guesses = secrets = [1\n", "line 1"),
    ("import no_such_module_here\n", "ModuleNotFoundError"),
    ("raise SystemExit(3)\n", "SystemExit"),
])
def test_bad_game_files_are_refused_in_one_line(tmp_path: Path, text: str,
                                                 message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        read_game_file(game_file(tmp_path, text))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("text", "message"), [
    ("def feedback(g, s):\n    return g == s if (g, s) != (3, 1) else 1 / 0\n",
     r"feedback\(3, 1\) raised ZeroDivisionError"),
    ("def feedback(g, s):\n    return [g == s]\n", r"returned \[True\], which is not hashable"),
    ("def feedback(g, s):\n    return g == s\nends = {(True,)}\n", "never occurs"),
    ("def feedback(g, s):\n    return g == s\nsecrets = [1, 2, 5]\n",
     "no guess ends the game on the secret '5'"),
])
def test_bad_games_are_refused_when_built(tmp_path: Path, text: str, message: str) -> None:
    path = game_file(tmp_path, "guesses = [1, 2, 3]\nsecrets = [1, 2]\n" + text)
    with pytest.raises(ValueError, match=message) as caught:
        read_game_file(path).game()
    assert str(caught.value).startswith("game.py: ") and "\n" not in str(caught.value)


def test_missing_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no such file"):
        read_game_file(tmp_path / "none.py")
    with pytest.raises(ValueError, match="is not a file"):
        read_game_file(tmp_path)


@pytest.mark.processes
def test_a_script_without_a_main_guard_runs_a_search_on_workers(tmp_path: Path) -> None:
    """Spawned workers would run the script again, and it would start workers while they
    start (multiprocessing's 'bootstrapping phase' error); they are told not to."""
    script = game_file(tmp_path, f"""
        import runpy
        from sleuth.games.custom import custom_game
        from sleuth.solve.search import optimal_worst
        names = runpy.run_path({str(EXAMPLES / "mastermind_distinct.py")!r})
        print("started")
        game = custom_game(names["guesses"], names["secrets"], names["feedback"])
        print(optimal_worst(game, workers=2).worst)
        """, "script.py")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["started", "5"]  # the script ran once
