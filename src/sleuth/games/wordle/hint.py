"""The Wordle hinter's session: read what the user played and saw, narrow the answers, and
propose the best next guesses. The command line only prints; everything else lives here.

A line may hold a word and its colours in any notation (``crane 01200``, ``crane bygbb``,
``CRANE:OX?XX``, ``crane 🟩⬛🟨⬛⬛``), a word alone (its colours come on the next line), colours
alone (a pasted grid without the words: the words come next, paired in order), several pairs,
a shared result's header (ignored), or a command: ``undo``, ``new``, ``hard [on|off]``,
``all``, ``help``. A line that cannot be used, or that contradicts the earlier ones, gets a
message and changes nothing.

>>> from sleuth.games.wordle.game import wordle_game
>>> s = HintSession(wordle_game(["crane", "crate", "craze", "trace"]))
>>> s.feed("crane 22202").remaining
2
>>> s.feed("crate 22212").error.split(":")[0]
'no answer fits CRATE 🟩🟩🟩🟨🟩'
>>> s.feed("undo").remaining
4
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.games.wordle.book import Book, digest
from sleuth.games.wordle.hardmode import hard_pool, hard_violation
from sleuth.games.wordle.lookahead import Lookahead, Optimal, exact_among, exact_next
from sleuth.games.wordle.openers import FirstGuess, proven_opener
from sleuth.games.wordle.ratings import OBJECTIVES, Rating, best_guesses, check_ranking, rate
from sleuth.words import feedback as fb

SQUARES = "\u2b1c\u2b1b\U0001f7e8\U0001f7e9\U0001f7e6\U0001f7e7\ufe0f"
_MARK_LETTERS = set("bgyox")
_HEADER = re.compile(r"^\s*\S*(wordle|dordle|quordle|absurdle)\S*\s+.*?[\dx?]+\s*/\s*\d+",
                     re.IGNORECASE)
_GLUE = re.compile(f"(?<=[{SQUARES}])\\s+(?=[{SQUARES}])")
_SPLIT = re.compile(r"[\s:=,;]+")
COMMANDS = ("undo", "new", "hard", "all", "help", "quit")
HELP = """\
Type what you played and what the game showed, one guess a line:
  crane 01200      digits: 2 green, 1 yellow, 0 grey
  crane bygbb      letters: g green, y yellow, b (or x, .) grey;  also O ? X
  crane            then the colours on the next line
  a pasted grid of squares, with or without the words (without: type the words after)
Commands: undo (take back the last guess), new (start over), hard on|off (hard mode),
  all (list every answer left), help, quit.
A word that is also a command is typed with its colours on one line."""


@dataclass(frozen=True)
class Turn:
    """One guess and the colours it got."""

    word: str
    code: int

    def squares(self) -> str:
        return fb.to_text(self.code, len(self.word), "squares")


@dataclass
class Report:
    """What the hinter says after a line: ``suggestions`` are ranked by the objective
    ``ranked_by`` and leave out the ``optimal`` next guess, whose row is ``optimal_rating``."""

    remaining: int
    answers: list[str]
    suggestions: list[Rating]
    turns: list[Turn]
    hard: bool
    notes: list[str] = field(default_factory=list)
    error: str | None = None
    waiting: str | None = None
    solved: str | None = None
    quit: bool = False
    optimal: Optimal | None = None
    optimal_rating: Rating | None = None
    ranked_by: str = OBJECTIVES["expected"]


EXACT_SECONDS = 1.0  # the exact look-ahead's time limit per answer; then the heuristic's ranking
SMALL_SEARCH = 20_000  # guesses x answers left searched in this process: quick, not timed
RAN_OUT = "ran out"  # memo entry of a position whose exact search ran out of time
MEMO = 4096  # positions a shared memo keeps


class Memo(MutableMapping[Hashable, Any]):
    """A bounded memo that threads may share: past ``limit`` entries, the least recently
    used goes.

    >>> m = Memo(limit=2)
    >>> m["a"], m["b"] = 1, 2
    >>> m.get("a"); m["c"] = 3
    1
    >>> "b" in m, "a" in m, len(m)
    (False, True, 2)
    """

    def __init__(self, limit: int = MEMO) -> None:
        self.limit = limit
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Hashable, threading.Lock] = {}

    def get_or_make(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The value of ``key``, made by ``make()`` if it is missing; threads asking for a
        key being made wait for it rather than make it again."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
            making = self._making.get(key)
            mine = making is None
            if making is None:
                making = self._making[key] = threading.Lock()
                making.acquire()
        if not mine:
            with making:  # until the maker is done (or failed: then this thread tries)
                pass
            return self.get_or_make(key, make)
        try:
            value = make()
            self[key] = value
            return value
        finally:
            with self._lock:
                del self._making[key]
            making.release()

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            if key not in self._items:
                return default
            self._items.move_to_end(key)
            return self._items[key]

    def __getitem__(self, key: Hashable) -> Any:
        with self._lock:
            return self._items[key]

    def __delitem__(self, key: Hashable) -> None:
        with self._lock:
            del self._items[key]

    def __iter__(self) -> Iterator[Hashable]:
        with self._lock:
            return iter(list(self._items))

    def __setitem__(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._items

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


class Shared:
    """What every hint session over one game shares: the suggestions and exact figures of the
    positions seen (the opening's among them, the same for every session), the published
    openers, the words known, the answers' likelihood, and the :class:`book.Book` of optimal
    trees searched. Safe to share between threads; each part is made once, when first asked.
    With ``full_tables`` the exact searches here run on the game's own tables (every guess
    against every answer, built once: 47 MB for the current lists), a few times quicker than
    on tables cut to each position's answers: worth it where many positions are searched."""

    def __init__(self, game: Game, limit: int = MEMO, *, full_tables: bool = False) -> None:
        self.game, self.full_tables = game, full_tables
        self.suggestions, self.exact = Memo(limit), Memo(limit)
        self.book = Book(game)
        self._openers: dict[bool, FirstGuess | None] = {}
        self._known: frozenset[str] | None = None
        self._rank: np.ndarray | None = None
        self._lock = threading.Lock()

    def opener(self, hard: bool) -> FirstGuess | None:
        """The published best opener of the game's lists in that mode, if there is one."""
        with self._lock:
            if hard not in self._openers:
                self._openers[hard] = proven_opener(self.game, hard)
            return self._openers[hard]

    def known(self) -> frozenset[str]:
        """Every guess and answer of the game."""
        with self._lock:
            if self._known is None:
                self._known = frozenset(self.game.guess_labels) | frozenset(
                    self.game.secret_labels)
            return self._known

    def likelihood(self) -> np.ndarray:
        """How likely each answer is: the game's prior, else English word frequency (what
        makes a word a likely choice of the setter); sums to 1."""
        with self._lock:
            if self._rank is None:
                if self.game.weights is not None:
                    weights = np.asarray(self.game.weights, dtype=np.float64)
                    self._rank = weights / weights.sum()
                else:
                    from sleuth.words.wordlist import frequencies

                    self._rank = frequencies(self.game.secret_labels)
            return self._rank


@dataclass(frozen=True)
class GridRow:
    """A row of a pasted result: its number in the grid (from 1), the word if given, and the
    colours."""

    number: int
    word: str | None
    code: int


def read_grid(text: str, length: int) -> list[GridRow]:
    """The rows of a pasted result, one a line: the colours (squares or any notation), with
    or without the word before or after them; blank lines and a shared result's header
    (``Wordle 1,234 4/6``) are left out. A line that is no row: ValueError naming it.

    >>> rows = read_grid("Wordle 1,234 3/6\\n\\n⬛🟨⬛⬛⬛\\nmoist 🟩🟩🟩🟩🟩", 5)
    >>> [(r.number, r.word, fb.to_text(r.code, 5, "digits")) for r in rows]
    [(1, None, '01000'), (2, 'moist', '22222')]
    """
    rows: list[GridRow] = []
    for line in text.splitlines():
        if not line.strip() or _HEADER.match(line):
            continue
        number = len(rows) + 1
        try:
            word, code = _grid_line(line, length)
        except ValueError as error:
            raise ValueError(f"row {number} ({line.strip()[:40]}): {error}") from None
        rows.append(GridRow(number, word, code))
    if not rows:
        raise ValueError("no row of colours found: paste the grid of squares, one row a line")
    return rows


def _grid_line(line: str, length: int) -> tuple[str | None, int]:
    """One row of a pasted grid: (the word or None, the colours' code)."""
    tokens = [t for t in _SPLIT.split(_GLUE.sub("", line.strip())) if t]
    if len(tokens) == 1:
        try:
            return None, fb.parse(tokens[0], length)
        except fb.FeedbackError as error:
            if _is_word(tokens[0], length):
                raise ValueError(f"no colours for {tokens[0].upper()}") from None
            raise ValueError(str(error)) from None
    if len(tokens) != 2:
        raise ValueError("a row is the colours, with the word played before or after them")
    problem = f"no word of {length} letters"
    for word, marks in (tokens, tokens[::-1]):
        if _is_word(word, length):
            try:
                return word.lower(), fb.parse(marks, length)
            except fb.FeedbackError as error:
                problem = str(error)
    raise ValueError(problem)


def _is_word(token: str, length: int) -> bool:
    return token.isascii() and token.isalpha() and len(token) == length


@dataclass(frozen=True)
class Split:
    """How a guess splits the answers left: its rating, and each feedback's answers (code,
    answer indices), the largest class first."""

    rating: Rating
    classes: list[tuple[int, np.ndarray]]


class HintSession:
    """An interactive hinter over a Wordle :class:`game.Game` (its answers and guesses).

    ``top`` suggestions are ranked by ``rank`` (:data:`ratings.RANKINGS`), among the answers
    left only with ``candidates_only``; the answers themselves are listed when at most ``show``
    are left. The optimal next guess comes first: before any guess, the published best opener
    of the shipped lists; with at most ``exact`` answers left, the exact search's, for at most
    ``exact_seconds`` (None: no limit); :meth:`close` ends the worker process it runs in.
    A position on a tree of the ``shared`` book gets the tree's figures whatever its size.
    Sessions over one game may pass one :class:`Shared`: what one works out, the others reuse.
    """

    def __init__(self, game: Game, *, hard: bool = False, top: int = 10, show: int = 20,
                 rank: str = "expected", exact: int = 0,
                 exact_seconds: float | None = EXACT_SECONDS,
                 candidates_only: bool = False, shared: Shared | None = None) -> None:
        check_ranking(rank)
        if exact_seconds is not None and not exact_seconds > 0:
            raise ValueError("the exact search's time limit must be above 0 seconds")
        if shared is not None and shared.game is not game:
            raise ValueError("the shared parts belong to another game")
        self.shared = Shared(game) if shared is None else shared
        self.game = game
        self.length = int(game.guesses.shape[1])
        self.hard = hard
        self.top, self.show, self.rank = top, show, rank
        self.exact, self.exact_seconds = exact, exact_seconds
        self.candidates_only = candidates_only
        self._exact_memo = self.shared.exact
        self._worker: Lookahead | None = None
        if exact > 2 and exact_seconds is not None and not hard and not self._small(exact):
            self._worker = Lookahead(game, self._exact_memo)  # warms up while the user types
        self.turns: list[Turn] = []
        self.candidates: list[np.ndarray] = [game.start().candidates]
        self.words: list[str] = []
        self.codes: list[int] = []
        self._memo = self.shared.suggestions
        self._known = self.shared.known()
        self._named_set: tuple[np.ndarray, bytes] | None = None
        self._pool: tuple[tuple, np.ndarray] | None = None

    # -- state -----------------------------------------------------------------------------

    @property
    def remaining(self) -> np.ndarray:
        return self.candidates[-1]

    @property
    def solved(self) -> str | None:
        if self.turns and self.turns[-1].code == fb.solved_code(self.length):
            return self.turns[-1].word
        return None

    def _snapshot(self) -> tuple:
        return (list(self.turns), list(self.candidates), list(self.words), list(self.codes),
                self.hard)

    def _restore(self, snap: tuple) -> None:
        turns, cands, words, codes, hard = snap
        self.turns, self.candidates, self.words, self.codes, self.hard = (
            turns, cands, words, codes, hard)

    # -- input -----------------------------------------------------------------------------

    def feed(self, line: str, *, quiet: bool = False) -> Report:
        """Read one line; on any problem report it and leave the session as it was.
        ``quiet``: a report without the proposals (for a line with more to come)."""
        snap = self._snapshot()
        notes: list[str] = []
        try:
            quit_ = self._read(line, notes)
        except ValueError as error:
            self._restore(snap)
            return self.report(error=str(error), quiet=quiet)
        report = self.report(notes=notes, quiet=quiet)
        report.quit = quit_
        return report

    def _read(self, line: str, notes: list[str]) -> bool:
        text = line.strip()
        if not text:
            return False
        if _HEADER.match(text):
            notes.append("a shared result: paste its grid, then type the words played, in order")
            return False
        tokens = [t for t in _SPLIT.split(_GLUE.sub("", text)) if t]
        command = tokens[0].lower()
        if command in COMMANDS and (len(tokens) == 1 or (command == "hard" and len(tokens) == 2)):
            return self._command(command, tokens[1:], notes)
        for token in tokens:
            self._token(token)
            while self.words and self.codes:
                self._apply(self.words.pop(0), self.codes.pop(0), notes)
        return False

    def _command(self, command: str, args: list[str], notes: list[str]) -> bool:
        if command == "quit":
            return True
        if command == "help":
            notes.append(HELP)
        elif command == "undo":
            self.undo(notes)
        elif command == "new":
            self._restore(([], self.candidates[:1], [], [], self.hard))
            notes.append("new game: every answer is possible again")
        elif command == "all":
            notes.append(" ".join(self.game.secret_words(self.remaining)))
        elif command == "hard":
            setting = args[0].lower() if args else ("off" if self.hard else "on")
            if setting not in ("on", "off"):
                raise ValueError("type `hard on` or `hard off`")
            self.hard = setting == "on"
            notes.append(f"hard mode {setting}")
        return False

    def undo(self, notes: list[str]) -> None:
        """Take back what is waiting for its pair, else the last guess."""
        if self.words:
            notes.append(f"forgot {self.words.pop().upper()}")
        elif self.codes:
            code = self.codes.pop()
            notes.append(f"forgot the row {fb.to_text(code, self.length, 'squares')}")
        elif self.turns:
            turn = self.turns.pop()
            self.candidates.pop()
            notes.append(f"took back {turn.word.upper()} {turn.squares()}")
        else:
            raise ValueError("nothing to undo")

    def _token(self, token: str) -> None:
        low = token.lower()
        if low.isascii() and low.isalpha():
            markish = set(low) <= _MARK_LETTERS and len(low) == self.length
            is_word = low in self._known
            if markish and (self.words or not is_word):
                self.codes.append(fb.parse(low, self.length))
            elif len(low) != self.length:
                raise ValueError(f"{token!r} has {len(low)} letters; the words here have "
                                 f"{self.length}")
            else:
                self.words.append(low)
            return
        try:
            self.codes.append(fb.parse(token, self.length))
        except fb.FeedbackError as error:
            raise ValueError(str(error)) from None

    def _apply(self, word: str, code: int, notes: list[str]) -> None:
        shown = f"{word.upper()} {fb.to_text(code, self.length, 'squares')}"
        if self.solved:
            raise ValueError(f"already solved ({self.solved.upper()}); type `new` or `undo`")
        if self.hard:
            why = hard_violation(word, [(t.word, t.code) for t in self.turns])
            if why is not None:
                raise ValueError(f"{word.upper()} is not allowed in {why}")
        if word not in self._known:
            notes.append(f"{word.upper()} is not in the guess list; used anyway")
        cands = self.remaining
        codes = self.game.feedback(fb.encode([word]), self.game.secrets[cands])[0]
        keep = cands[codes == code]
        if keep.size == 0:
            raise ValueError(self._contradiction(shown, cands.size))
        self.turns.append(Turn(word, code))
        self.candidates.append(keep)

    def replay(self, rows: Sequence[tuple[str, int]]) -> Report:
        """Start over and play ``rows`` (word, colours' code) in order, each word a guess of
        the game: every row, or (when one cannot be played) none, the report's error naming
        that row."""
        snap = self._snapshot()
        self._restore(([], self.candidates[:1], [], [], self.hard))
        notes: list[str] = []
        for number, (word, code) in enumerate(rows, 1):
            try:
                self.game.guess_index(word.lower())
                self._apply(word.lower(), code, notes)
            except ValueError as error:
                self._restore(snap)
                shown = f"{word.upper()} {fb.to_text(code, self.length, 'squares')}"
                reason = str(error).replace(f"{word.lower()!r} is not an allowed guess",
                                            f"{word.upper()} is not in the guess list")
                return self.report(error=f"row {number} ({shown}): {reason}")
        return self.report(notes=notes)

    def split(self, word: str) -> Split:
        """How ``word`` (a guess of the game) splits the answers left; ValueError otherwise."""
        guess = self.game.guess_index(word.lower())
        cands = self.remaining
        classes = sorted(self.game.partition(guess, cands), key=lambda c: (-c[1].size, c[0]))
        return Split(rate(self.game, np.array([guess]), cands)[0], classes)

    def likely(self, n: int) -> list[tuple[str, float]]:
        """The ``n`` likeliest answers left, likeliest first, each with its chance among them
        (:meth:`Shared.likelihood`; ties in the list's order)."""
        cands = self.remaining

        def make() -> list[tuple[str, float]]:
            weights = self.shared.likelihood()[cands]
            order = np.argsort(-weights, kind="stable")[:n]
            total = float(weights.sum())
            return [(self.game.secret_labels[int(cands[i])], float(weights[i]) / total)
                    for i in order]

        if cands.size <= n:  # a quick sort: not worth a place in the memo
            return make()
        return list(self._memo.get_or_make(("likely", self.position_key(), n), make))

    def position_key(self) -> bytes:
        """A short name of the answers left (kept for the last set named)."""
        cands = self.remaining
        if self._named_set is None or self._named_set[0] is not cands:
            self._named_set = (cands, digest(cands))
        return self._named_set[1]

    def _contradiction(self, shown: str, before: int) -> str:
        where = ("no answer in the list" if not self.turns
                 else f"none of the {before} answers left after "
                      + ", ".join(t.word.upper() for t in self.turns))
        hint = ("check the colours; if they are right, the answer is not in this answer list "
                "(see --answers)" if not self.turns else "check the colours of this guess and "
                "the earlier ones (`undo` takes one back)")
        return f"no answer fits {shown}: {where} gives it; {hint}. Nothing was changed."

    # -- output ----------------------------------------------------------------------------

    def pool(self) -> np.ndarray:
        """The guesses to propose: all, or those hard mode allows after the turns so far;
        with ``candidates_only``, only the answers left among them (kept for the last turns
        asked about)."""
        key = (tuple(self.turns), self.hard)
        if self._pool is not None and self._pool[0] == key:
            return self._pool[1]
        pool = np.arange(len(self.game.guesses))
        if self.hard:
            pool = hard_pool(self.game.guesses,
                             ((fb.encode([t.word])[0], t.code) for t in self.turns))
        if self.candidates_only:
            pool = pool[np.isin(pool, self._named())]
        self._pool = (key, pool)
        return pool

    def _named(self) -> np.ndarray:
        """The guesses naming the answers left (the pool of ``candidates_only``)."""
        named = self.game.guess_of_secret(self.remaining)
        return named[named >= 0]

    def suggestions(self) -> list[Rating]:
        """The best next guesses, one more than ``top`` (memoised per position and mode)."""
        cands = self.remaining
        if self.solved:
            return []
        pool = self.pool()
        every = pool.size == len(self.game.guesses)  # then pool is every guess, in order
        key = (self.position_key(), b"every" if every else digest(pool), self.rank, self.top)
        found = self._memo.get_or_make(key, lambda: best_guesses(
            self.game, Position(cands), self.top + 1, self.rank, pool=pool))
        return list(cast(list[Rating], found))

    def optimal(self) -> Optimal | None:
        """The optimal next guess: before any guess the published best opener (None for
        other lists, and with ``candidates_only``); then the exact search's when at most
        ``exact`` answers are left (not in hard mode, where it does not apply yet)."""
        found = self._lookahead()
        return found if isinstance(found, Optimal) else None

    def opener(self) -> FirstGuess | None:
        """The published best opener of these lists in the current mode, if there is one."""
        return self.shared.opener(self.hard)

    def _first_guess(self) -> Optimal | None:
        """The published best opener as the optimal first guess (None if there is none)."""
        opener = None if self.candidates_only else self.opener()
        if opener is None or opener.total is None:
            return None
        return Optimal(opener.word, opener.total / len(self.game.secrets), None, True,
                       f"{opener.objective}: {opener.source}")

    def _small(self, answers: int) -> bool:
        """Whether an exact search over this many answers is quick enough to run here."""
        guesses = answers if self.candidates_only else len(self.game.guesses)
        return guesses * answers <= SMALL_SEARCH

    def _lookahead(self, *, wait: bool = True) -> Optimal | str | None:
        """:meth:`optimal`, or a note when the search ran out of its time limit (a large one
        runs in a worker process, ended when time is up: the answer never waits longer).
        ``wait=False`` only starts that search."""
        cands = self.remaining
        if not self.turns:
            return self._first_guess() or self.from_book()
        if self.solved or self.hard:
            return None
        booked = self.from_book()
        if booked is not None or not 2 < cands.size <= self.exact:
            return booked
        key = (self.position_key(), len(self.turns), self.candidates_only)
        if key not in self._exact_memo and not self._search(key, cands, wait=wait):
            return None
        found = self._exact_memo.get(key, RAN_OUT)
        if isinstance(found, str):
            self._exact_memo[key] = RAN_OUT  # the same search would run out again
            return (f"The exact search over {cands.size} answers ran out of its "
                    f"{self.exact_seconds:g} s; the guesses below are ranked by the heuristic "
                    "(--exact-time allows more).")
        return found

    def history(self) -> list[tuple[int, int]] | None:
        """The turns as (guess index, code); None if a word played is no guess of the game."""
        try:
            return [(self.game.guess_index(t.word), t.code) for t in self.turns]
        except ValueError:
            return None

    def from_book(self) -> Optimal | None:
        """The optimal next guess from a tree of the shared book, when the position is on one
        (normal mode, every guess allowed)."""
        if self.hard or self.candidates_only or self.solved or not len(self.shared.book):
            return None
        history = self.history()
        return None if history is None else self.shared.book.lookup(self.candidates, history)

    def _search(self, key: tuple[bytes, int, bool], cands: np.ndarray, *, wait: bool) -> bool:
        """Run the exact search for ``key``: here when quick or untimed, else in the worker
        until its time is up. Returns ``wait``: without it the search is only started."""
        turns = len(self.turns)
        among = self._named() if self.candidates_only else None
        if self.exact_seconds is None or self._small(cands.size):
            if wait:
                self._exact_memo.get_or_make(key, lambda: self._exact_here(cands, turns, among))
            return wait
        if self._worker is None:
            self._worker = Lookahead(self.game, self._exact_memo)
        self._worker.ask(key, cands, turns, self.exact_seconds, among)
        if wait:
            self._worker.wait(key)
        return wait

    def _rating(self, word: str) -> Rating:
        """The rating of one guess over the answers left (memoised)."""
        guess = np.array([self.game.guess_index(word)])
        return cast(Rating, self._memo.get_or_make(
            ("rating", self.position_key(), word),
            lambda: rate(self.game, guess, self.remaining)[0]))

    def _exact_here(self, cands: np.ndarray, turns: int,
                    among: np.ndarray | None) -> Optimal | None:
        """The exact search in this process: on the game's own tables when they are shared
        (and every guess may be chosen), else on tables cut to the answers left."""
        if self.shared.full_tables and among is None:
            return exact_next(self.game, Position(cands, cost=turns))
        return exact_among(self.game, cands, turns, among)

    def close(self) -> None:
        """End the exact search's worker process, if one was started."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def report(self, *, error: str | None = None, notes: list[str] | None = None,
               quiet: bool = False) -> Report:
        """The state as a :class:`Report` (``quiet``: without the proposals)."""
        cands = self.remaining
        waiting = None
        if self.words:
            waiting = (f"colours for {', '.join(w.upper() for w in self.words)}? "
                       "(e.g. 01200, bygbb or the squares)")
        elif self.codes:
            rows = " ".join(fb.to_text(c, self.length, "squares") for c in self.codes)
            waiting = f"which word gave {rows}? type the words played, in order"
        answers = self.game.secret_words(cands) if cands.size <= self.show else []
        if self.solved:
            answers = [self.solved]
        notes = list(notes or [])
        if not (error or quiet):
            self._lookahead(wait=False)  # the worker searches while the suggestions are rated
        suggestions = [] if quiet else self.suggestions()
        found = None if error or quiet else self._lookahead()
        if isinstance(found, str):
            notes.append(found)
        best = found if isinstance(found, Optimal) and not self.solved else None
        row = None
        if best is not None:
            row = self._rating(best.word)
            suggestions = [r for r in suggestions if r.word != best.word]
        return Report(int(cands.size), answers, suggestions[: self.top], list(self.turns),
                      self.hard, notes, error, waiting, self.solved, optimal=best,
                      optimal_rating=row, ranked_by=OBJECTIVES[self.rank])


def render(report: Report, length: int = 5) -> str:
    """A report as plain text (the command line colours the same content)."""
    lines = [*report.notes]
    if report.error:
        lines.append(f"error: {report.error}")
    for turn in report.turns:
        lines.append(f"  {turn.word.upper()} {turn.squares()}")
    if report.solved:
        lines.append(f"solved in {len(report.turns)}: {report.solved.upper()}")
        return "\n".join(lines)
    if report.waiting:
        lines.append(report.waiting)
    plural = "answer" if report.remaining == 1 else "answers"
    lines.append(f"{report.remaining} {plural} left" + (" (hard mode)" if report.hard else ""))
    if report.answers:
        lines.append("  " + " ".join(report.answers))
    if report.optimal:
        lines.append(f"optimal: {report.optimal.word.upper()}, {report.optimal.mean:.3f} "
                     f"guesses on average from here ({report.optimal.source})")
    rows = [("opt", report.optimal_rating)] if report.optimal_rating else []
    rows += [(str(i), r) for i, r in enumerate(report.suggestions, 1)]
    if rows:
        lines.append(f"  {'#':>3} {'guess':<{length + 2}} {'expected':>8} {'bits':>5} "
                     f"{'g/y':>5} {'answer':>7}   (ranked by {report.ranked_by})")
        for mark, r in rows:
            lines.append(f"  {mark:>3} {r.word.upper():<{length + 2}} {r.expected:8.2f} "
                         f"{r.entropy:5.2f} {r.green_yellow:5.2f} {100 * r.chance:6.1f}%")
    return "\n".join(lines)
