"""The shipped trees (the opening book): each replayed against every word of its length by a plain
evaluator finds the mean recorded inside it, and they record how they were built."""

from __future__ import annotations

from collections import defaultdict

import pytest

from sleuth.games.lingo.quick import list_key, shipped_tree
from sleuth.words import lists

ATTEMPTS = 5
#: The shortest length whose shipped tree is proven optimal after its first guess (and every
#: longer one).
OPTIMAL_AFTER_OPENING = 6
#: The mean scores of the shipped trees when they were prepared (lengths 4 to 13).
MEANS = dict(zip(range(4, 14), ["133.98", "196.00", "235.32", "265.78", "289.92", "306.86",
                                "321.84", "336.34", "351.48", "363.80"], strict=True))


def marks(guess: str, secret: str) -> int:
    """Lingo's feedback as a base-3 number (O = 2, ? = 1, X = 0, first letter most significant),
    by the rules' own words: exact matches first, then the rest left to right."""
    left: dict[str, int] = defaultdict(int)
    for g, s in zip(guess, secret, strict=True):
        if g != s:
            left[s] += 1
    code = 0
    for g, s in zip(guess, secret, strict=True):
        if g == s:
            mark = 2
        elif left[g] > 0:
            left[g] -= 1
            mark = 1
        else:
            mark = 0
        code = 3 * code + mark
    return code


def replay(tree: dict, words: list[str]) -> tuple[int, int]:
    """Total score and games lost of a tree file's ``tree`` over ``words``, one node at a time
    (a feedback the game goes on after must have its node)."""
    total = lost = 0
    solved = 3 ** len(words[0]) - 1
    stack: list[tuple[dict, list[str], int]] = [(tree, words, 1)]
    while stack:
        node, candidates, attempt = stack.pop()
        classes: dict[int, list[str]] = defaultdict(list)
        for secret in candidates:
            classes[marks(node["guess"], secret)].append(secret)
        for code, part in classes.items():
            if code == solved:
                total += 100 * (6 - attempt)
            elif attempt == ATTEMPTS:
                lost += len(part)
            else:
                stack.append((node["next"][str(code)], part, attempt + 1))
    return total, lost


def test_marks_follow_the_rules_examples() -> None:
    def as_marks(guess: str, secret: str) -> str:
        code, out = marks(guess, secret), ""
        for _ in guess:
            code, digit = divmod(code, 3)
            out = "X?O"[digit] + out
        return out

    assert as_marks("dozes", "dents") == "OXX?O"
    assert as_marks("tosses", "cozies") == "XOXXOO"
    assert as_marks("zrzeeeee", "elephant") == "XXX??XXX"
    assert as_marks("pedestaling", "essentially") == "X?XO?O????X"


@pytest.mark.parametrize("length", range(4, 14))
def test_shipped_tree_scores_its_recorded_mean(length: int) -> None:
    words = sorted({w for w in lists.read(lists.LINGO) if len(w) == length})
    tree = shipped_tree(length, list_key(words))
    assert tree is not None and tree["complete"] and tree["secrets"] == len(words)
    assert (tree["format"], tree["game"], tree["measure"]) == ("sleuth-tree", "lingo", "points")
    total, _ = replay(tree["tree"], words)
    assert total == tree["total"] and total / len(words) == pytest.approx(tree["mean"])
    assert f"{tree['mean']:.2f}" == MEANS[length]
    assert tree.get("opening", total) >= total  # a bound after the opening, when proven
    if length >= OPTIMAL_AFTER_OPENING:  # as the README says: no better play after its opening
        assert tree["opening"] == total
    assert {"command", "commit", "list"} <= set(tree["book"])
    assert "sleuth lingo prepare" in tree["book"]["command"]
