"""The decision-tree evaluator against game-by-game replay; tree files and the tree player."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import replay
from sleuth.core import strategies, treefile
from sleuth.core.game import Contradiction, Game, Position, attempt_points
from sleuth.core.tree import LazyTree, Node, TreePlayer, evaluate, from_labels, to_labels
from sleuth.games.mastermind import mastermind
from sleuth.solve.export import document
from sleuth.words.game import word_game


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text("abcde", min_size=3, max_size=3), min_size=1, max_size=40, unique=True),
       st.sampled_from(["tournament", "entropy", "minimax", "letter-frequency"]),
       st.integers(1, 5))
def test_tree_matches_replay(words: list[str], name: str, attempts: int) -> None:
    game = word_game(words, max_attempts=attempts, points=attempt_points(500, 100))
    strategy = strategies.get(name)
    result = evaluate(game, strategy, keep_tree=True)
    for secret in range(len(words)):
        played = replay(game, strategy, secret)
        assert (int(result.cost[secret]), bool(result.won[secret])) == (
            played.cost, game.outcome(played))
    dist = result.distribution()
    assert sum(dist.values()) + result.failures == len(words)
    expected = sum(100 * (6 - c) * n for c, n in dist.items()) / len(words)
    assert abs(result.mean_score() - expected) < 1e-9
    assert result.root is not None and result.root.size == len(words)


# -- tree files: one format, written and read back --------------------------------------------


def small_games() -> st.SearchStrategy[Game]:
    """Small word games (scored by guesses or by points) and small Mastermind games."""
    words = st.lists(st.text("abcd", min_size=3, max_size=3), min_size=1, max_size=30,
                     unique=True)
    word_games = st.builds(lambda w, a, p: word_game(w, max_attempts=a, points=p), words,
                           st.integers(1, 6), st.sampled_from([None, attempt_points(500, 100)]))
    masterminds = st.builds(mastermind, st.integers(2, 3), st.integers(2, 3))
    return word_games | masterminds


def same_tree(a: Node, b: Node) -> bool:
    """Whether two trees hold the same guesses after the same feedbacks (sizes aside)."""
    kids = lambda n: {c: k for c, k in n.children.items() if k is not None}  # noqa: E731
    left, right = kids(a), kids(b)
    return a.guess == b.guess and left.keys() == right.keys() and all(
        same_tree(left[c], right[c]) for c in left)


@settings(max_examples=30, deadline=None)
@given(small_games(), st.sampled_from(["entropy", "minimax", "parts"]),
       st.sampled_from([".json", ".json.gz"]))
def test_tree_file_round_trip(game: Game, name: str, suffix: str) -> None:
    """Written and read back, a tree file holds the same tree, and played it plays every
    secret as the tree did; its header's mean is the evaluator's."""
    result = evaluate(game, strategies.get(name), keep_tree=True)
    assert result.root is not None
    doc = document(game, result.root)
    with tempfile.TemporaryDirectory() as folder:
        path = treefile.write(Path(folder) / f"tree{suffix}", doc)
        assert (path.read_bytes()[:2] == treefile.GZIP_MAGIC) == suffix.endswith(".gz")
        back = treefile.read(path)
    assert back == json.loads(json.dumps(doc))
    root = from_labels(game, back["tree"])
    assert same_tree(root, result.root) and to_labels(game, root) == back["tree"]
    played = evaluate(game, TreePlayer(root))
    assert (played.cost == result.cost).all() and (played.won == result.won).all()
    assert back["key"] == treefile.list_key(reversed(game.secret_labels))
    if game.points is not None:
        assert back["measure"] == "points" and back["mean"] == pytest.approx(result.mean_score())
    elif result.won.any():
        assert back["mean"] == pytest.approx(result.cost[result.won].mean())


@settings(max_examples=30, deadline=None)
@given(small_games(), st.sampled_from(["entropy", "minimax"]))
def test_stdlib_reader_follows_the_games_of_the_tree_player(game: Game, name: str) -> None:
    """Walking the file's nodes by feedback codes alone (as the stdlib quick path does) makes
    the guesses the tree player makes, game by game, and its flat paths build the same tree."""
    root = evaluate(game, strategies.get(name), keep_tree=True).root
    assert root is not None
    labels = to_labels(game, root)
    player = TreePlayer(root)
    for secret in range(len(game.secrets)):
        position, node = game.start(), labels
        while game.outcome(position) is None:
            assert node is not None
            guess = player.choose(game, position)
            assert node["guess"] == game.guess_labels[guess]
            code = int(game.codes(guess, np.array([secret]))[0])
            position = game.after(position, guess, code)
            node = treefile.follow(node, [code])
    moves: dict[str, str] = {}
    stack = [("", labels)]
    while stack:
        path, node = stack.pop()
        for code, child in node.get("next", {}).items():
            moves[f"{path}.{code}" if path else code] = child["guess"]
            stack.append((f"{path}.{code}" if path else code, child))
    assert treefile.from_paths(labels["guess"], moves) == labels


def test_tree_player_off_the_tree() -> None:
    game = mastermind(3, 2)
    root = evaluate(game, strategies.get("entropy"), keep_tree=True).root
    assert root is not None
    other = (root.guess + 1) % len(game.guesses)
    elsewhere = game.after(game.start(), other, int(game.codes(other, np.array([0]))[0]))
    with pytest.raises(ValueError, match="not in the strategy's tree"):
        TreePlayer(root).choose(game, elsewhere)
    fallback = strategies.get("minimax")
    assert TreePlayer(root, fallback=fallback).choose(game, elsewhere) == \
        fallback.choose(game, elsewhere)
    assert TreePlayer(root, start=1).choose(game, elsewhere) == root.guess


@pytest.mark.parametrize(("content", "says"), [
    (b"", "no JSON"),
    (b"\x1f\x8b not gzip", "no JSON"),
    (b'{"guess": "aa"}' * 2, "no JSON"),
    (b"[1, 2]", "not a tree file"),
    (b'{"guess": "salet", "next": {"bbbbb": {"guess": "crane"}}}', "not a tree file"),
    (b'{"format": "sleuth-tree", "version": 9}', "version 9"),
    (b'{"format": "sleuth-tree", "version": 1, "game": "g", "key": "k", "secrets": 1}',
     "without its guess"),
    (b'{"format": "sleuth-tree", "version": 1, "game": "g", "key": "k", "secrets": 1, '
     b'"tree": {"guess": "aa", "next": {"OX": {"guess": "ab"}}}}', "not codes"),
    (b'{"next": ' * 100_000, "nested too deeply"),
])
def test_a_file_that_is_no_tree_is_refused_in_one_line(content: bytes, says: str) -> None:
    with pytest.raises(treefile.TreeFileError, match=says) as refused:
        treefile.parse(treefile.loads(content))
    assert "\n" not in str(refused.value)


def test_a_tree_over_other_guesses_is_refused() -> None:
    game = mastermind(2, 2)
    with pytest.raises(ValueError, match="'zz' is not an allowed guess"):
        from_labels(game, {"guess": "11", "next": {"0": {"guess": "zz"}}})
    with pytest.raises(ValueError, match="feedback code 99"):
        from_labels(game, {"guess": "11", "next": {"99": {"guess": "12"}}})


# -- the lazy tree ----------------------------------------------------------------------------


class Counting:
    """A strategy that counts the positions it is asked about."""

    def __init__(self, base: strategies.Strategy) -> None:
        self.base, self.asked = base, 0
        self.name = base.name

    def choose(self, game: Game, position: Position) -> int:
        self.asked += 1
        return self.base.choose(game, position)


@settings(max_examples=30, deadline=None)
@given(small_games(), st.sampled_from(["entropy", "minimax", "parts"]))
def test_lazy_tree_is_the_evaluated_tree(game: Game, name: str) -> None:
    """Walked whole, the lazy tree is the evaluator's; walked against one secret, it plays the
    game the referee plays, asking the strategy only about the positions on the way."""
    result = evaluate(game, strategies.get(name), keep_tree=True)
    assert result.root is not None
    whole = LazyTree(game, strategies.get(name))
    assert same_tree(whole.node(), result.root)
    for secret in range(len(game.secrets)):
        counting = Counting(strategies.get(name))
        end = LazyTree(game, counting).against(secret)
        played = replay(game, strategies.get(name), secret)
        assert end.position.history == played.history and end.outcome is game.outcome(played)
        assert counting.asked == len(played.history)


def test_lazy_tree_nodes() -> None:
    game = mastermind(3, 2)
    counting = Counting(strategies.get("entropy"))
    tree = LazyTree(game, counting)
    assert counting.asked == 0 and tree.candidates.size == 9
    sizes = dict(tree.feedbacks())
    assert sum(sizes.values()) == 9 and counting.asked == 1
    code = max(sizes, key=lambda c: sizes[c])
    child = tree.child(code)
    assert child is tree.child(code) and child.candidates.size == sizes[code]
    assert set(child.candidate_labels) == {
        game.secret_labels[s] for s in range(9)
        if int(game.codes(tree.guess, np.array([s]))[0]) == code}
    assert counting.asked == 1  # the child's guess is not chosen until asked for
    impossible = next(c for c in range(game.n_codes) if c not in sizes)
    with pytest.raises(Contradiction):
        tree.child(impossible)
    won = tree.child(game.solved_code())
    assert won.outcome is True
    with pytest.raises(ValueError, match="game is over"):
        _ = won.guess
