"""Hangman on the generic model: masks, free hits, lives, no repeated letters, hardest words."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from hangman_plain import SIX, UZZLE, plain_mask
from hypothesis import given
from hypothesis import strategies as st

from helpers import replay
from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.tree import evaluate
from sleuth.games.hangman.game import hangman, letter_masks
from sleuth.solve.greedy import METRICS, Greedy, best_index
from sleuth.words import feedback as fb


@dataclass(frozen=True)
class Letters:
    """Greedy over the letters not yet guessed, by a metric of the strategies module or by the
    seed's rule ``misses`` (fewest candidates lacking the letter); ties to the first letter."""

    metric: str = "entropy"
    name: str = "letters"

    def choose(self, game: Game, position: Position) -> int:
        pool = game.allowed_guesses(position)
        cands = position.candidates
        if self.metric == "misses":
            codes = game.feedback(game.guesses[pool], game.secrets[cands])
            values = -(codes == 0).sum(axis=1).astype(np.float64)
        else:
            values = METRICS[self.metric](game.stats(pool, cands))
        return best_index(values, pool, game.guess_of_secret(cands))


@given(st.lists(st.text("abcde", min_size=5, max_size=5), min_size=1, max_size=8))
def test_masks_match_definition(words: list[str]) -> None:
    letters = np.arange(26, dtype=np.uint8)[:, None]
    expected = [[plain_mask(fb.ALPHABET[i], w) for w in words] for i in range(26)]
    assert letter_masks(letters, fb.encode(words)).tolist() == expected


def test_long_words_up_to_62_letters() -> None:
    """Hangman keeps a bit per position: words of 31 to 62 letters play, longer are refused."""
    word = "dichlorodiphenyltrichloroethane"  # 31 letters, the official list's longest
    for words, first in (([word, word[::-1]], "e"), (["ab" * 31, "ba" * 31], "b")):
        g = hangman(words)
        code = int(g.codes(g.guess_index(first), np.array([0]))[0])
        assert code == plain_mask(first, words[0]) and g.render(code) == "".join(
            "x" if c == first else "_" for c in words[0])
        assert g.parse(g.render(code)) == code
        p = g.after(g.start(), g.guess_index(first), code)
        assert g.secret_words(p.candidates) == [words[0]] and g.outcome(p) is True
    with pytest.raises(ValueError, match="words of 63 letters are too long: at most 62"):
        hangman(["a" * 63])


def test_shape_and_word_handling() -> None:
    g = hangman(["Deed", "dead", "dare", "deed", "dead"], lives=4)
    assert g.secret_labels == ["deed", "dead", "dare"]
    assert (len(g.guesses), g.n_codes, g.solved, g.max_cost) == (26, 16, None, 4)
    assert g.guess_labels[:3] == ["a", "b", "c"]
    mixed = ["cat", "horse", "dog", "mouse"]
    with pytest.raises(ValueError, match="length="):
        hangman(mixed)
    five = hangman(mixed, length=5, weights=np.array([1.0, 2.0, 3.0, 4.0]))
    assert five.secret_labels == ["horse", "mouse"] and five.weights.tolist() == [2.0, 4.0]
    with pytest.raises(ValueError):
        hangman(mixed, length=7)


@pytest.mark.parametrize(("text", "mask"), [
    ("_xx_", 0b0110), (".E.E", 0b1010), ("0110", 0b0110), ("2,3", 0b0110), ("1 4", 0b1001),
    ("miss", 0), ("-", 0), ("", 0), ("4", 0b1000),
])
def test_reader(text: str, mask: int) -> None:
    g = hangman(["deed", "dead"])
    assert g.parse(text) == mask and g.parse(g.render(mask)) == mask


@pytest.mark.parametrize("text", ["5", "_x_", "0,2", "x?"])
def test_reader_rejects(text: str) -> None:
    with pytest.raises(FeedbackError):
        hangman(["deed", "dead"]).parse(text)


def test_hits_free_misses_cost_and_lives() -> None:
    g = hangman(["ab", "ac", "ad"], lives=1)
    p = g.after(g.start(), g.guess_index("z"), g.parse("miss"))
    assert p.cost == 1 and g.outcome(p) is None  # at exactly max_cost a free hit may go on
    p = g.after(p, g.guess_index("a"), g.parse("x_"))
    assert p.cost == 1 and p.candidates.size == 3 and g.outcome(p) is None
    lost = g.after(p, g.guess_index("b"), 0)
    assert lost.cost == 2 and g.outcome(lost) is False  # the miss past the last life loses
    won = g.after(p, g.guess_index("b"), g.parse("_x"))
    assert won.cost == 1 and g.outcome(won) is True  # one candidate left: the rest is free
    with pytest.raises(Contradiction):
        g.after(p, g.guess_index("b"), g.parse("x_"))


def test_letters_cannot_be_repeated() -> None:
    g = hangman(["deed", "dead", "dare"])
    p = g.after(g.start(), g.guess_index("d"), g.parse("x__x"))
    allowed = [g.guess_labels[i] for i in g.allowed_guesses(p)]
    assert "d" not in allowed and len(allowed) == 25
    with pytest.raises(ValueError, match="not allowed"):
        g.after(p, g.guess_index("d"), g.parse("x__x"))
    assert Letters().choose(g, p) != g.guess_index("d")



@pytest.mark.parametrize("metric", ["entropy", "expected", "misses"])
def test_uzzle_words_are_hardest(metric: str) -> None:
    g = hangman(SIX)
    strategy = Letters(metric)
    result = evaluate(g, strategy)
    assert result.failures == 0
    order = np.argsort(-result.cost, kind="stable")
    hardest = [g.secret_labels[i] for i in order[:3]]
    assert set(hardest) <= set(UZZLE), hardest
    assert result.worst == len(UZZLE) - 1  # one miss per -uzzle word ruled out, then free
    for secret in range(len(SIX)):  # the tree's costs are the misses of the real games
        pos = replay(g, strategy, secret)
        assert g.outcome(pos) is True and pos.candidates.tolist() == [secret]
        misses = sum(code == 0 for _, code in pos.history)
        assert misses == pos.cost == result.cost[secret]
        assert len({guess for guess, _ in pos.history}) == len(pos.history)


def test_lives_decide_who_loses() -> None:
    full = evaluate(hangman(SIX), Letters("entropy"))
    short = evaluate(hangman(SIX, lives=full.worst - 1), Letters("entropy"))
    lost = [SIX[i] for i in np.flatnonzero(~short.won)]
    assert lost == [SIX[i] for i in np.flatnonzero(full.cost == full.worst)]
    assert set(lost) <= set(UZZLE)
    assert (short.cost[~short.won] == full.worst).all()  # lost on the miss past the last life


def test_stock_greedy_plays_hangman() -> None:
    game, strategy = hangman(SIX), Greedy("entropy")
    result = evaluate(game, strategy)
    played = [replay(game, strategy, s) for s in range(len(SIX))]  # move by move, as a referee
    assert result.failures == 0 and all(game.outcome(p) is True for p in played)
    assert result.cost.tolist() == [p.cost for p in played]
