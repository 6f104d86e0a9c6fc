"""A finished Wordle game reviewed turn by turn: the answers left before and after each guess,
the expected guesses to finish after it against after the best guess (skill: the guesses
lost), and luck: the answers its feedback left against what the guess could expect.

Expected guesses are exact (the optimal mean of :func:`sleuth.solve.search.optimal_mean`,
every answer left counted once, no attempt limit) when at most ``exact_limit`` answers are
left; otherwise they are estimated from the sizes of the classes a guess makes
(:func:`estimated_finish`), and the turn says so.

>>> from sleuth.games.wordle.game import wordle_game
>>> g = wordle_game(["crane", "crate", "craze", "trace"])
>>> turns = review(g, played(g, ["trace", "crane"], answer="crane"))
>>> [(t.before, t.after, t.exact) for t in turns]
[(4, 2, True), (2, 0, True)]
>>> [(t.yours, t.best, t.lost, t.luck) for t in turns]  # TRACE is as good as the best
[(2.0, 2.0, 0.0, -0.75), (1.5, 1.5, 0.0, 0.5)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.games.wordle.hardmode import hard_violation
from sleuth.games.wordle.ratings import best_guesses, rate
from sleuth.words import feedback as fb

EXACT_LIMIT = 60  # answers left up to which the exact search runs (well under a second)
ESTIMATE_POOL = 10  # guesses rated by the estimate when looking for the best one


@dataclass(frozen=True)
class Play:
    """One guess of the game (its index in the guesses) and the colours it got."""

    word: str
    guess: int
    code: int

    @property
    def squares(self) -> str:
        return fb.to_text(self.code, len(self.word), "squares")


@dataclass(frozen=True)
class TurnReview:
    """One turn: ``before``/``after`` answers left, the answers the guess could expect to
    leave (``expected_after``, 0 counted for the answer itself), the expected guesses to finish
    after playing it (``yours``, it included) and after the best guess (``best``, by
    ``best_word``), and after the feedback seen (``finish_after``, 0 when solved)."""

    word: str
    code: int
    before: int
    after: int
    expected_after: float
    yours: float
    best: float
    best_word: str
    finish_after: float
    exact: bool

    @property
    def lost(self) -> float:
        """Skill: expected guesses lost against the best guess (0 when as good)."""
        return max(0.0, self.yours - self.best)

    @property
    def luck(self) -> float:
        """Answers fewer than the guess could expect to leave (negative: unlucky)."""
        return self.expected_after - self.after

    @property
    def luck_guesses(self) -> float:
        """Expected guesses saved by the feedback: what the guess could expect to need from
        here against what is expected after the feedback seen (negative: unlucky)."""
        return self.yours - 1.0 - self.finish_after

    @property
    def squares(self) -> str:
        return fb.to_text(self.code, len(self.word), "squares")


def played(game: Game, words: Sequence[str], *, answer: str | None = None,
           codes: Sequence[str] | None = None, hard: bool = False) -> list[Play]:
    """A game's guesses with their colours, from the answer or from the colours typed (any
    notation of :func:`sleuth.words.feedback.parse`). Raises ``ValueError`` for a word not in
    the guesses, an answer not in the answers, colours of the wrong length, a hard-mode breach,
    or a game that does not end on a green row."""
    if not words:
        raise ValueError("no guess given")
    if (answer is None) == (codes is None):
        raise ValueError("give the answer or the colours of every guess (one of them)")
    if codes is not None and len(codes) != len(words):
        raise ValueError(f"{len(words)} words but {len(codes)} rows of colours")
    length = int(game.guesses.shape[1])
    words = [_known(w, game.guess_labels, "guess") for w in words]
    if answer is not None:
        answer = _known(answer, game.secret_labels, "answer")
        got = [fb.feedback_code(w, answer) for w in words]
    else:
        got = [_colours(c, length) for c in codes or ()]
    plays = [Play(w, game.guess_index(w), c) for w, c in zip(words, got, strict=True)]
    _check_plays(plays, length, hard)
    return plays


def split_played(items: Sequence[str]) -> tuple[list[str], list[str] | None]:
    """Typed guesses (``crane``, or with colours: ``crane 01200``, ``crane:bygbb``) as the
    words and their colours (None when no guess has colours).

    >>> split_played(["crane:01200", "moist 22222"])
    (['crane', 'moist'], ['01200', '22222'])
    """
    pairs = [re.split(r"[\s:=]+", item.strip(), maxsplit=1) for item in items if item.strip()]
    words = [pair[0] for pair in pairs]
    colours = [pair[1] if len(pair) > 1 else "" for pair in pairs]
    if not any(colours):
        return words, None
    missing = [w.upper() for w, c in zip(words, colours, strict=True) if not c]
    if missing:
        raise ValueError(f"no colours for {', '.join(missing)}: give every guess its colours, "
                         "or give the answer")
    return words, colours


def _known(word: str, labels: Sequence[str], what: str) -> str:
    """The word in lower case, if it is one of ``labels`` (the game's guesses or answers, named
    by ``what``)."""
    low = word.strip().lower()
    if low not in labels:
        raise ValueError(f"{word.strip().upper() or 'an empty word'} is not in the {what} list")
    return low


def _colours(text: str, length: int) -> int:
    """One row of colours as a code; a ValueError saying what is wrong with it."""
    try:
        return fb.parse(text, length)
    except fb.FeedbackError as error:
        raise ValueError(str(error)) from None


def _check_plays(plays: list[Play], length: int, hard: bool) -> None:
    """A ValueError unless the game ends on its first green row (and keeps hard mode)."""
    solved = fb.solved_code(length)
    for turn, play in enumerate(plays):
        if hard:
            why = hard_violation(play.word, [(p.word, p.code) for p in plays[:turn]])
            if why is not None:
                raise ValueError(f"guess {turn + 1}, {play.word.upper()}, breaks {why}")
        if play.code == solved and turn != len(plays) - 1:
            raise ValueError(f"guess {turn + 1}, {play.word.upper()}, already solved the game")
    if plays[-1].code != solved:
        raise ValueError("the game is not finished: the last row is not all green")


def review(game: Game, plays: Sequence[Play], *, exact_limit: int = EXACT_LIMIT,
           hard: bool = False) -> list[TurnReview]:
    """Each turn of a finished game reviewed (see :class:`TurnReview`). ``game`` follows hard
    mode itself when the game was played in it (``hard`` only checks the guesses). Raises
    ``ValueError`` when the colours contradict each other (no answer fits them)."""
    if hard:
        _check_plays(list(plays), int(game.guesses.shape[1]), hard)
    positions = [game.start()]
    for turn, play in enumerate(plays):
        try:
            after = game.after(positions[-1], play.guess, play.code)
        except ValueError:  # the game's contradiction: say which guess
            after = Position(np.empty(0, np.int64))
        if after.candidates.size == 0:
            raise ValueError(f"no answer fits the colours up to guess {turn + 1}, "
                             f"{play.word.upper()} {play.squares}")
        positions.append(after)
    finishes = [_finish(game, pos, exact_limit) for pos in positions[:-1]]
    reviews = []
    for turn, play in enumerate(plays):
        pos, best_mean, best_word, exact = positions[turn], *finishes[turn]
        yours = best_mean if play.word == best_word else \
            _finish_with(game, pos, play.guess, exact, best_mean)
        next_mean = 0.0 if turn + 1 == len(plays) else finishes[turn + 1][0]
        left = positions[turn + 1].candidates.size if play.code != game.solved else 0
        reviews.append(TurnReview(
            play.word, play.code, int(pos.candidates.size), int(left),
            rate(game, np.array([play.guess]), pos.candidates)[0].expected,
            yours, min(best_mean, yours), best_word if best_mean <= yours else play.word,
            next_mean, exact))
    return reviews


def _finish(game: Game, pos: Position, exact_limit: int) -> tuple[float, str, bool]:
    """Expected guesses to finish from ``pos`` with the best next guess, that guess, and
    whether the figure is exact."""
    if pos.candidates.size <= exact_limit:
        from sleuth.solve.search import optimal_mean

        result = optimal_mean(game, pos, workers=1)
        return result.mean, result.first_guess, True
    ratings = best_guesses(game, pos, ESTIMATE_POOL)
    scored = [(_estimate(game, pos, game.guess_index(r.word)), r.word) for r in ratings]
    mean, word = min(scored)
    return mean, word, False


def _finish_with(game: Game, pos: Position, guess: int, exact: bool, best: float) -> float:
    """Expected guesses to finish from ``pos`` after playing ``guess`` (it included); a guess
    that learns nothing costs one guess more than the ``best`` from here."""
    row = game.codes(guess, pos.candidates)
    if (row != game.solved).all() and (row == row[0]).all():
        return 1.0 + best
    if exact:
        from sleuth.solve.search import optimal_mean

        return optimal_mean(game, pos, first_guess=guess, workers=1).mean
    return _estimate(game, pos, guess)


def _estimate(game: Game, pos: Position, guess: int) -> float:
    """The estimated guesses to finish after ``guess``: one, then each class's estimate."""
    cands = pos.candidates
    row = game.codes(guess, cands)
    _, sizes = np.unique(row[row != game.solved], return_counts=True)
    return 1.0 + float(sum(s * estimated_finish(int(s)) for s in sizes.tolist())) / cands.size


def estimated_finish(answers: int) -> float:
    """A rough estimate of the guesses needed to find one of ``answers`` equally likely
    answers with the best play: exact for 1 and 2, then ``1 + 0.635 ln(n) ** 0.653``, a curve
    through 1.5 at two answers and the proven 3.421 of Wordle's 2315 original answers.

    >>> estimated_finish(1), estimated_finish(2), round(estimated_finish(2315), 2)
    (1.0, 1.5, 3.42)
    """
    if answers <= 2:
        return (2 * answers - 1) / answers
    return 1.0 + 0.635 * math.log(answers) ** 0.653
