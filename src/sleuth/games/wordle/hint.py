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

import contextlib
import multiprocessing
import re
import threading
import time
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.games.wordle.game import RANKINGS, Rating, best_guesses, hard_violation, hints, obeys
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
    """What the hinter says after a line."""

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


@dataclass(frozen=True)
class Optimal:
    """The exact best next guess, from the branch-and-bound search: ``mean`` guesses from
    here (this one included) over the answers left, each counted once."""

    word: str
    mean: float
    worst: int
    capped: bool


EXACT_SECONDS = 1.0  # the exact look-ahead's time limit per answer; then the heuristic's ranking
SMALL_SEARCH = 20_000  # guesses x answers left searched in this process: quick, not timed
RAN_OUT = "ran out"  # memo entry of a position whose exact search ran out of time


def exact_next(game: Game, position: Position) -> Optimal | None:
    """The exact best next guess at ``position``: within the attempts left if possible, else
    with no cap; None if the exact search does not apply."""
    from sleuth.solve.search import optimal_mean

    for cap in (game.max_cost, None):
        if cap is not None and cap <= position.cost:
            continue
        try:
            result = optimal_mean(game, position, max_guesses=cap, workers=1)
        except ValueError:
            continue
        return Optimal(result.first_guess, result.mean, result.worst, cap is not None)
    return None


def _among(game: Game, secrets: np.ndarray, guesses: np.ndarray | None = None) -> Game:
    """The game cut down to some secrets (and guesses), without its text helpers: small, and
    picklable for the look-ahead worker."""
    picked = game if guesses is None else replace(
        game, guesses=game.guesses[guesses], guess_labels=[game.guess_labels[i] for i in guesses],
        allowed=None, named_by=None)
    return replace(picked, secrets=game.secrets[secrets],
                   secret_labels=[game.secret_labels[i] for i in secrets], weights=None,
                   named_by=None if picked.named_by is None else picked.named_by[secrets],
                   render=str, reader=None, points=None)


def _warm(game: Game, n: int = 30) -> None:
    """Search a small part of the game (same arrays, ``n`` words spread over the lists) once,
    so that the first real search finds the compiled search loaded."""
    from sleuth.solve.search import optimal_mean

    secrets = np.linspace(0, len(game.secrets) - 1, min(n, len(game.secrets))).astype(np.int64)
    named = game.guess_of_secret(secrets)
    spread = np.linspace(0, len(game.guesses) - 1, min(n, len(game.guesses))).astype(np.int64)
    small = _among(game, secrets[named >= 0], np.union1d(named[named >= 0], spread))
    with contextlib.suppress(ValueError):  # no strategy within the cap: loaded all the same
        optimal_mean(small, max_guesses=small.max_cost, workers=1)


def _send(conn: Connection, message: object) -> bool:
    """Send to the look-ahead worker; False if it is gone."""
    try:
        conn.send(message)
    except OSError:
        return False
    return True


def _serve(conn: Connection) -> None:
    """The look-ahead worker: reads the game, then (key, answers left, guesses made) requests,
    each answered with (key, the :class:`Optimal` or None, or the error raised)."""
    from sleuth.solve.search import ignore_sigint

    ignore_sigint()
    try:
        game = conn.recv()
        with contextlib.suppress(Exception):  # only a head start: a real fault shows below
            _warm(game)
        while True:
            key, cands, turns = conn.recv()
            try:
                value: object = exact_next(_among(game, cands), Position(
                    np.arange(cands.size, dtype=np.int64), cost=turns))
            except Exception as error:  # sent back: the session raises it
                value = error
            conn.send((key, value))
    except (EOFError, OSError):
        return  # the session ended


class _Lookahead:
    """The exact search in a worker process, so that it can have a time limit: a search still
    running when its time is up is ended with its worker, and a fresh worker warms up for the
    next one. Answers land in ``memo`` (key -> Optimal or None)."""

    def __init__(self, game: Game, memo: dict) -> None:
        self.game = _among(game, np.arange(len(game.secrets)))
        self.memo = memo
        self.pending: tuple[object, float] | None = None  # the key asked for, and its deadline
        self._start()

    def _start(self) -> None:
        from sleuth.solve.search import sigint_blocked

        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True,
                                       name="sleuth-hint-lookahead")
        with sigint_blocked():
            self.process.start()
        theirs.close()
        self.sender = threading.Thread(target=_send, args=(self.conn, self.game), daemon=True)
        self.sender.start()  # the game goes over while this process goes on

    def ask(self, key: object, cands: np.ndarray, turns: int, seconds: float) -> None:
        """Start the search for ``key`` (unless it is the one running); answer within
        ``seconds``."""
        if self.pending is not None:
            if self.pending[0] == key:
                return
            self._restart()  # an earlier search nobody waits for any more
        for _ in range(2):
            self.sender.join()
            if _send(self.conn, (key, cands, turns)):
                self.pending = (key, time.monotonic() + seconds)
                return
            self._restart()

    def wait(self, key: object) -> None:
        """Wait for ``key``'s answer until its deadline; past it, end the search."""
        while self.pending is not None and self.pending[0] == key:
            left = self.pending[1] - time.monotonic()
            try:
                if left <= 0 or not self.conn.poll(left):
                    break
                got, value = self.conn.recv()
            except (EOFError, OSError):
                break
            if got == key:
                self.pending = None
            if isinstance(value, BaseException):
                raise value
            self.memo[got] = value
        if self.pending is not None and self.pending[0] == key:
            self._restart()

    def _restart(self) -> None:
        self.close()
        self._start()

    def close(self) -> None:
        """End the worker now."""
        self.pending = None
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        self.sender.join(timeout=5)  # its send fails at once now that the worker is gone
        self.conn.close()


class HintSession:
    """An interactive hinter over a Wordle :class:`game.Game` (its answers and guesses).

    ``top`` suggestions are ranked by ``rank`` (``expected`` answers left, ``entropy`` or
    ``worst`` class); the answers themselves are listed when at most ``show`` are left. With
    at most ``exact`` answers left the exact best next guess is searched too, for at most
    ``exact_seconds`` (None: no limit); :meth:`close` ends the worker process it runs in.
    """

    def __init__(self, game: Game, *, hard: bool = False, top: int = 10, show: int = 20,
                 rank: str = "expected", exact: int = 0,
                 exact_seconds: float | None = EXACT_SECONDS) -> None:
        if rank not in RANKINGS:
            raise ValueError(f"unknown ranking {rank!r}; choose one of {', '.join(RANKINGS)}")
        if exact_seconds is not None and not exact_seconds > 0:
            raise ValueError("the exact search's time limit must be above 0 seconds")
        self.game = game
        self.length = int(game.guesses.shape[1])
        self.hard = hard
        self.top, self.show, self.rank = top, show, rank
        self.exact, self.exact_seconds = exact, exact_seconds
        self._exact_memo: dict[tuple[bytes, int], Optimal | str | None] = {}
        self._worker: _Lookahead | None = None
        if exact > 2 and exact_seconds is not None and not hard and not self._small(exact):
            self._worker = _Lookahead(game, self._exact_memo)  # warms up while the user types
        self.turns: list[Turn] = []
        self.candidates: list[np.ndarray] = [game.start().candidates]
        self.words: list[str] = []
        self.codes: list[int] = []
        self._memo: dict[tuple[bytes, bytes], list[Rating]] = {}
        self._known = set(game.guess_labels) | set(game.secret_labels)

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
        """The guesses to propose: all, or those hard mode allows after the turns so far."""
        if not self.hard:
            return np.arange(len(self.game.guesses))
        fixed, least = hints(((fb.encode([t.word])[0], t.code) for t in self.turns),
                             self.length)
        return np.flatnonzero(obeys(self.game.guesses, fixed, least))

    def suggestions(self) -> list[Rating]:
        """The best next guesses (memoised per position and mode)."""
        cands = self.remaining
        if self.solved:
            return []
        pool = self.pool()
        key = (cands.tobytes(), pool.tobytes() if self.hard else b"")
        if key not in self._memo:
            self._memo[key] = best_guesses(self.game, Position(cands), self.top, self.rank,
                                           pool=pool)
        return self._memo[key]

    def optimal(self) -> Optimal | None:
        """The exact best next guess when at most ``exact`` answers are left (not in hard
        mode, where the exact search does not apply yet); ``None`` otherwise."""
        found = self._lookahead()
        return found if isinstance(found, Optimal) else None

    def _small(self, answers: int) -> bool:
        """Whether an exact search over this many answers is quick enough to run here."""
        return len(self.game.guesses) * answers <= SMALL_SEARCH

    def _lookahead(self, *, wait: bool = True) -> Optimal | str | None:
        """:meth:`optimal`, or a note when the search ran out of its time limit (a large one
        runs in a worker process, ended when time is up: the answer never waits longer).
        ``wait=False`` only starts that search."""
        cands = self.remaining
        if self.solved or self.hard or not 2 < cands.size <= self.exact:
            return None
        key = (cands.tobytes(), len(self.turns))
        if key not in self._exact_memo:
            if self.exact_seconds is None or self._small(cands.size):
                if not wait:
                    return None
                self._exact_memo[key] = exact_next(self.game, Position(cands,
                                                                      cost=len(self.turns)))
            else:
                if self._worker is None:
                    self._worker = _Lookahead(self.game, self._exact_memo)
                self._worker.ask(key, cands, len(self.turns), self.exact_seconds)
                if not wait:
                    return None
                self._worker.wait(key)
        found = self._exact_memo.get(key, RAN_OUT)
        if isinstance(found, str):
            self._exact_memo[key] = RAN_OUT  # the same search would run out again
            return (f"The exact search over {cands.size} answers ran out of its "
                    f"{self.exact_seconds:g} s; the guesses below are ranked by the heuristic "
                    "(--exact-time allows more).")
        return found

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
        return Report(int(cands.size), answers, suggestions, list(self.turns),
                      self.hard, notes, error, waiting, self.solved,
                      optimal=found if isinstance(found, Optimal) else None)


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
                     "guesses on average from here")
    if report.suggestions:
        lines.append(f"  {'guess':<{length + 2}} {'expected':>8} {'bits':>5} {'answer':>7}")
        for r in report.suggestions:
            lines.append(f"  {r.word.upper():<{length + 2}} {r.expected:8.2f} {r.entropy:5.2f} "
                         f"{100 * r.chance:6.1f}%")
    return "\n".join(lines)
