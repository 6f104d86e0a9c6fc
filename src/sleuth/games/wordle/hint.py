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
from dataclasses import dataclass, field

import numpy as np

from sleuth.core.game import Game, Position
from sleuth.games.wordle.hardmode import hard_pool, hard_violation
from sleuth.games.wordle.lookahead import Lookahead, Optimal, exact_among
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


class HintSession:
    """An interactive hinter over a Wordle :class:`game.Game` (its answers and guesses).

    ``top`` suggestions are ranked by ``rank`` (:data:`ratings.RANKINGS`), among the answers
    left only with ``candidates_only``; the answers themselves are listed when at most ``show``
    are left. The optimal next guess comes first: before any guess, the published best opener
    of the shipped lists; with at most ``exact`` answers left, the exact search's, for at most
    ``exact_seconds`` (None: no limit); :meth:`close` ends the worker process it runs in.
    """

    def __init__(self, game: Game, *, hard: bool = False, top: int = 10, show: int = 20,
                 rank: str = "expected", exact: int = 0,
                 exact_seconds: float | None = EXACT_SECONDS,
                 candidates_only: bool = False) -> None:
        check_ranking(rank)
        if exact_seconds is not None and not exact_seconds > 0:
            raise ValueError("the exact search's time limit must be above 0 seconds")
        self.game = game
        self.length = int(game.guesses.shape[1])
        self.hard = hard
        self.top, self.show, self.rank = top, show, rank
        self.exact, self.exact_seconds = exact, exact_seconds
        self.candidates_only = candidates_only
        self._openers: dict[bool, FirstGuess | None] = {}
        self._exact_memo: dict[tuple[bytes, int], Optimal | str | None] = {}
        self._worker: Lookahead | None = None
        if exact > 2 and exact_seconds is not None and not hard and not self._small(exact):
            self._worker = Lookahead(game, self._exact_memo)  # warms up while the user types
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
        """The guesses to propose: all, or those hard mode allows after the turns so far;
        with ``candidates_only``, only the answers left among them."""
        pool = np.arange(len(self.game.guesses))
        if self.hard:
            pool = hard_pool(self.game.guesses,
                             ((fb.encode([t.word])[0], t.code) for t in self.turns))
        if self.candidates_only:
            pool = pool[np.isin(pool, self._named())]
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
        key = (cands.tobytes(), pool.tobytes() if self.hard else b"")
        if key not in self._memo:
            self._memo[key] = best_guesses(self.game, Position(cands), self.top + 1, self.rank,
                                           pool=pool)
        return self._memo[key]

    def optimal(self) -> Optimal | None:
        """The optimal next guess: before any guess the published best opener (None for
        other lists, and with ``candidates_only``); then the exact search's when at most
        ``exact`` answers are left (not in hard mode, where it does not apply yet)."""
        found = self._lookahead()
        return found if isinstance(found, Optimal) else None

    def opener(self) -> FirstGuess | None:
        """The published best opener of these lists in the current mode, if there is one."""
        if self.hard not in self._openers:
            self._openers[self.hard] = proven_opener(self.game, self.hard)
        return self._openers[self.hard]

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
            return self._first_guess()
        if self.solved or self.hard or not 2 < cands.size <= self.exact:
            return None
        key = (cands.tobytes(), len(self.turns))
        if key not in self._exact_memo and not self._search(key, cands, wait=wait):
            return None
        found = self._exact_memo.get(key, RAN_OUT)
        if isinstance(found, str):
            self._exact_memo[key] = RAN_OUT  # the same search would run out again
            return (f"The exact search over {cands.size} answers ran out of its "
                    f"{self.exact_seconds:g} s; the guesses below are ranked by the heuristic "
                    "(--exact-time allows more).")
        return found

    def _search(self, key: tuple[bytes, int], cands: np.ndarray, *, wait: bool) -> bool:
        """Run the exact search for ``key``: here when quick or untimed, else in the worker
        until its time is up. Returns ``wait``: without it the search is only started."""
        turns = len(self.turns)
        among = self._named() if self.candidates_only else None
        if self.exact_seconds is None or self._small(cands.size):
            if wait:
                self._exact_memo[key] = exact_among(self.game, cands, turns, among)
            return wait
        if self._worker is None:
            self._worker = Lookahead(self.game, self._exact_memo)
        self._worker.ask(key, cands, turns, self.exact_seconds, among)
        if wait:
            self._worker.wait(key)
        return wait

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
            row = rate(self.game, np.array([self.game.guess_index(best.word)]), cands)[0]
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
