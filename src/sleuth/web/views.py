"""What the web page shows, as JSON-ready dicts: the lists on offer, a hint session's state,
a review. Every figure comes from the library; this module only arranges it."""

from __future__ import annotations

import functools
from typing import Any

from sleuth.core.game import Game
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.hint import HintSession, Report
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.ratings import Rating
from sleuth.games.wordle.review import TurnReview
from sleuth.web.service import InputError
from sleuth.words import feedback as fb
from sleuth.words import lists as shipped

HINT_EXACT = 30  # answers left up to which a hint shows the exact expected guesses
SHOW_ANSWERS = 200  # answers left up to which a hint lists them
TOP = 10


def wordle_lists() -> list[dict[str, Any]]:
    """The shipped Wordle lists, the current game's first."""
    names = [n for n in shipped.names() if "answers" in shipped.get(n).roles]
    names.sort(key=lambda n: n != shipped.WORDLE)
    return [{"name": n, "title": shipped.get(n).title, "answers": shipped.get(n).count("answers"),
             "default": n == shipped.WORDLE} for n in names]


def check_list(name: str | None) -> str:
    """The list's name (default: the current game's), if a shipped Wordle list has it."""
    name = name or shipped.WORDLE
    known = [entry["name"] for entry in wordle_lists()]
    if name not in known:
        raise InputError(f"unknown list {name[:40]!r}; choose one of {', '.join(known)}")
    return name


@functools.lru_cache(maxsize=8)
def game_of(name: str, hard: bool = False) -> Game:
    """The Wordle game over a shipped list (one per list and mode, shared by all sessions)."""
    return game_from(shipped_lists(check_list(name)), hard=hard)


@functools.lru_cache(maxsize=8)
def guessable(name: str) -> frozenset[str]:
    """The words a list accepts as guesses."""
    return frozenset(game_of(name).guess_labels)


def new_session(name: str | None, hard: bool) -> HintSession:
    """A hint session over a shipped list; exact figures only where they are quick."""
    return HintSession(game_of(check_list(name)), hard=hard, top=TOP, show=SHOW_ANSWERS,
                       exact=HINT_EXACT, exact_seconds=None)


def keyboard(report: Report) -> dict[str, int]:
    """Each letter played and the best colour it has shown (0 grey, 1 yellow, 2 green)."""
    keys: dict[str, int] = {}
    for turn in report.turns:
        for letter, mark in zip(turn.word, fb.digits(turn.code, len(turn.word)), strict=True):
            keys[letter] = max(keys.get(letter, 0), mark)
    return keys


def hint_state(key: str, name: str, session: HintSession, report: Report) -> dict[str, Any]:
    """A hint session's state as the page shows it."""
    length = session.length
    optimal = report.optimal
    return {
        "session": key, "list": name, "hard": report.hard, "length": length,
        "turns": [{"word": t.word, "marks": fb.digits(t.code, length),
                   "feedback": fb.to_text(t.code, length, "digits")} for t in report.turns],
        "remaining": report.remaining, "answers": report.answers,
        "answers_listed": bool(report.answers) or report.remaining == 0,
        "suggestions": [_rating(r, r is report.optimal_rating) for r in _rows(report)],
        "optimal": None if optimal is None else {
            "word": optimal.word, "mean": optimal.mean, "worst": optimal.worst,
            "capped": optimal.capped, "source": optimal.source},
        "ranked_by": report.ranked_by,
        "solved": report.solved, "keyboard": keyboard(report), "notes": report.notes,
    }


def _rows(report: Report) -> list[Rating]:
    """The suggestions, the optimal next guess's row first when there is one."""
    first = [report.optimal_rating] if report.optimal_rating is not None else []
    return [*first, *report.suggestions]


def _rating(r: Rating, optimal: bool) -> dict[str, Any]:
    return {"word": r.word, "expected": r.expected, "bits": r.entropy, "worst": r.worst,
            "chance": r.chance, "optimal": optimal}


def review_rows(turns: list[TurnReview]) -> list[dict[str, Any]]:
    """A review's turns as the page shows them."""
    return [{"word": t.word, "marks": fb.digits(t.code, len(t.word)),
             "feedback": fb.to_text(t.code, len(t.word), "digits"), "before": t.before,
             "after": t.after, "expected_after": t.expected_after, "yours": t.yours,
             "best": t.best, "best_word": t.best_word, "lost": t.lost, "luck": t.luck,
             "luck_guesses": t.luck_guesses, "exact": t.exact} for t in turns]
