"""What the web page shows, as JSON-ready dicts: the lists on offer, a hint session's state,
a review. Every figure comes from the library; this module only arranges it."""

from __future__ import annotations

import contextlib
import functools
import threading
from typing import Any

from sleuth.core.game import Game
from sleuth.games.wordle.book import read_opener_tree
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.hint import HintSession, Report, Shared, Split
from sleuth.games.wordle.lists import LENGTH, shipped_lists
from sleuth.games.wordle.ratings import Rating
from sleuth.games.wordle.review import TurnReview
from sleuth.web import uploads
from sleuth.web.service import InputError
from sleuth.words import feedback as fb
from sleuth.words import lists as shipped

HINT_EXACT = 30  # answers left up to which a hint shows the exact expected guesses
SHOW_ANSWERS = 200  # answers left up to which a hint lists them (the likeliest, always)
TOP = 10
SPLIT_BARS = 40  # feedback classes a split shows one by one (the largest)
CLASS_WORDS = 12  # answers a split names in each class
WARM_LISTS = 4  # lists whose opening is worked out when the server starts
WARMED: set[str] = set()  # lists whose opening is worked out
WARM_DONE = threading.Event()  # set once the warm-up at start is over
UPLOADS_SHARED = 16  # uploads whose sessions' shared parts are kept
UPLOAD_MEMO = 256  # positions kept for each of them


def wordle_lists() -> list[dict[str, Any]]:
    """The shipped Wordle lists, the current game's first (each visitor's uploads are named
    by their own ids: see :mod:`sleuth.web.uploads`)."""
    names = [n for n in shipped.names() if "answers" in shipped.get(n).roles]
    names.sort(key=lambda n: n != shipped.WORDLE)
    return [{"name": n, "title": shipped.get(n).title, "answers": shipped.get(n).count("answers"),
             "length": LENGTH, "default": n == shipped.WORDLE} for n in names]


def check_list(name: str | None) -> str:
    """The list's name (default: the current game's), if a shipped Wordle list or a live
    upload has it."""
    name = name or shipped.WORDLE
    if uploads.is_upload(name):
        uploads.upload_named(name)
        return name
    known = [entry["name"] for entry in wordle_lists()]
    if name not in known:
        raise InputError(f"unknown list {name[:40]!r}; choose one of {', '.join(known)}")
    return name


def game_of(name: str, hard: bool = False) -> Game:
    """The Wordle game over a list: a shipped one's shared by all sessions (one per list and
    mode), an upload's kept with the upload (and gone with it)."""
    if uploads.is_upload(name):
        return uploads.upload_named(name).game(hard)
    return _shipped_game(check_list(name), hard)


@functools.lru_cache(maxsize=8)
def _shipped_game(name: str, hard: bool) -> Game:
    return game_from(shipped_lists(name), hard=hard)


def guessable(name: str) -> frozenset[str]:
    """The words a list accepts as guesses."""
    if uploads.is_upload(name):
        return uploads.upload_named(name).guessable
    return _shipped_guessable(name)


@functools.lru_cache(maxsize=8)
def _shipped_guessable(name: str) -> frozenset[str]:
    return frozenset(game_of(name).guess_labels)


def shared_of(name: str) -> Shared:
    """What every hint session over a list shares: the opening report (the same for all),
    the positions seen, the optimal trees searched (the opener's from the user cache). Made
    once per list, whichever thread asks first (the others wait for it); an upload's are
    kept for the last few uploads used."""
    with _SHARING:
        if not uploads.is_upload(name):
            return _shipped_shared(name)
        game = game_of(name)
        kept = _UPLOADED.pop(id(game), None)
        if kept is None or kept.game is not game:
            kept = Shared(game, limit=UPLOAD_MEMO)
        _UPLOADED[id(game)] = kept  # the last used last
        while len(_UPLOADED) > UPLOADS_SHARED:
            _UPLOADED.pop(next(iter(_UPLOADED)))
        return kept


_SHARING = threading.Lock()
_UPLOADED: dict[int, Shared] = {}  # by id of the upload's game, least recently used first


@functools.lru_cache(maxsize=8)
def _shipped_shared(name: str) -> Shared:
    shared = Shared(game_of(name), full_tables=True)
    opener = shared.opener(False)
    tree = None if opener is None else read_opener_tree(shared.game, opener.word)
    if opener is not None and tree is not None:
        with contextlib.suppress(ValueError):  # a tree of other lists: left out
            shared.book.add(shared.game.start().candidates, 0, tree,
                            f"the optimal tree after {opener.word.upper()}, searched here")
    return shared


def new_session(name: str | None, hard: bool) -> HintSession:
    """A hint session over a list; exact figures only where they are quick (or on a tree)."""
    name = check_list(name)
    return HintSession(game_of(name), hard=hard, top=TOP, show=SHOW_ANSWERS,
                       exact=HINT_EXACT, exact_seconds=None, shared=shared_of(name))


def warm(names: list[str], stop: threading.Event | None = None) -> None:
    """Work out what every session on these lists starts with (the opening report in both
    modes, the likelihood of the answers), then play one first guess to a position where the
    exact search runs, so that its tables are built and its compiled code loaded: the first
    visitor waits for none of it. Stops between two steps once ``stop`` is set."""
    stop = stop or threading.Event()
    for name in names:
        for hard in (True, False):
            if stop.is_set():
                return
            session = new_session(name, hard)
            report = session.report()
            hint_state("", name, session, report)
        opening = report.optimal_rating or report.suggestions[0]
        classes = session.split(opening.word).classes
        code = next((c for c, m in classes if 2 < m.size <= HINT_EXACT), None)
        if code is not None and not stop.is_set():
            session.replay([(opening.word, code)])
        WARMED.add(name)


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
    likely = [] if report.solved else session.likely(SHOW_ANSWERS)
    return {
        "session": key, "list": name, "hard": report.hard, "length": length,
        "turns": [{"word": t.word, "marks": fb.digits(t.code, length),
                   "feedback": fb.to_text(t.code, length, "digits")} for t in report.turns],
        "remaining": report.remaining, "answers": report.answers,
        "answers_listed": bool(report.answers) or report.remaining == 0,
        "likely": [{"word": w, "chance": p} for w, p in likely],
        "likely_by": "the prior" if session.game.weights is not None else "word frequency",
        "exact": exact_offer(session, report),
        "suggestions": [_rating(r, r is report.optimal_rating) for r in _rows(report)],
        "optimal": None if optimal is None else {
            "word": optimal.word, "mean": optimal.mean, "worst": optimal.worst,
            "capped": optimal.capped, "source": optimal.source},
        "ranked_by": report.ranked_by,
        "solved": report.solved, "keyboard": keyboard(report), "notes": report.notes,
    }


def exact_offer(session: HintSession, report: Report) -> dict[str, Any] | None:
    """The exact search the page may offer to run in the background here, or None: where no
    exact figure is shown yet (and before the first guess, the tree after the published
    opener, when it is not searched yet)."""
    if report.solved or report.hard or report.remaining <= 2 or session.candidates_only:
        return None
    turns = len(report.turns)
    opener = session.opener()
    if turns == 0 and opener is not None:
        if session.shared.book.has(session.remaining, 0):
            return None
        return {"first": opener.word, "answers": report.remaining,
                "what": f"the optimal tree after {opener.word.upper()}: exact figures for "
                        "every position it leads to"}
    if report.optimal is not None:
        return None
    return {"first": None, "answers": report.remaining,
            "what": f"the exact expected guesses from here ({report.remaining} answers left)"}


def split_state(split: Split, session: HintSession) -> dict[str, Any]:
    """How a guess splits the answers left, as the page's chart shows it: each feedback
    class (the largest first) with its size and some of its answers."""
    length, r = session.length, split.rating
    shown = split.classes[:SPLIT_BARS]
    rest = split.classes[SPLIT_BARS:]
    return {
        "word": r.word, "remaining": session.remaining.size, "expected": r.expected,
        "bits": r.entropy, "worst": r.worst, "chance": r.chance, "count": len(split.classes),
        "classes": [{"feedback": fb.to_text(code, length, "digits"),
                     "marks": fb.digits(code, length), "size": int(members.size),
                     "solved": code == session.game.solved,
                     "answers": session.game.secret_words(members[:CLASS_WORDS])}
                    for code, members in shown],
        "more_classes": len(rest), "more_answers": int(sum(m.size for _, m in rest)),
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
