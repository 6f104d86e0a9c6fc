"""The rules of one Lingo game (SPEC §1) as a state machine over lines: no process, no thread,
no clock.

A :class:`Round` is fed each line the player wrote and answers the feedback line to send; what
a transport sees go wrong (a crash, a timeout, a flood) it reports with
:meth:`Round.player_gone`, so every game ends in this module. :func:`play_with` plays a round
against a player in this process (a function or a generator); :mod:`sleuth.games.lingo.referee`
plays one against a program.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Collection, Generator
from dataclasses import dataclass, field

from sleuth.games.lingo.rules import ATTEMPTS, points
from sleuth.words.feedback import feedback_text

MAX_LINE = 4096  # bytes in a line, its newline (and one carriage return before it) left out
SHOWN_PREFIX = 40  # bytes of an over-long line kept as its guess
FLOOD = "output flood"
STOPPED = "stopped by the referee"

EventCallback = Callable[[str, str], None]
#: An in-process player: given the last feedback (None before the first guess), its next line,
#: or None to quit. A generator's ``send`` is one (``feedback = yield guess``).
PlayerFunction = Callable[[str | None], str | bytes | None]


@dataclass
class GameResult:
    """Outcome of one game: what was guessed, answered and scored, and why it ended."""

    word: str
    length: int
    score: int = 0
    attempts: int = 0
    guesses: list[str] = field(default_factory=list)
    feedbacks: list[str] = field(default_factory=list)
    solved: bool = False
    reason: str | None = None
    seconds: float = 0.0


class PlayerGone(Exception):
    """Raised by a transport's reader when the player can give no more lines; ``reason`` says
    why (see :func:`timeout_reason`, :func:`exit_reason`, :data:`FLOOD`, :data:`STOPPED`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def score_for(solved: bool, attempts: int) -> int:
    """Points for a game: 100 * (6 - attempts) when solved, else 0."""
    return points(attempts) if solved else 0


def signal_name(number: int) -> str:
    """Readable name of a signal number, e.g. ``SIGSEGV``."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def exit_reason(code: int | None, guess_number: int) -> str:
    """Why a player's output closed before the given guess: its exit code (negative: the
    signal that ended it), or None when it had not exited."""
    if code is None:
        return f"player closed stdout before guess {guess_number}"
    if code == 0:
        return f"player quit (exit 0) before guess {guess_number}"
    if code < 0:
        return f"crash ({signal_name(-code)})"
    return f"crash (exit {code})"


def timeout_reason(timeout: float, guess_number: int) -> str:
    """Why a game ended when the player wrote no line within ``timeout`` seconds."""
    return (
        f"timeout after {timeout:g} s waiting for guess {guess_number} "
        "(did the player flush stdout?)"
    )


class Round:
    """One game of ``secret``: :meth:`guess` takes each line the player wrote and returns the
    feedback to send, until :attr:`over`; :attr:`result` holds the game so far."""

    def __init__(
        self,
        secret: str,
        words: Collection[str] | Callable[[str], bool],
        *,
        attempts: int = ATTEMPTS,
        max_line: int = MAX_LINE,
    ) -> None:
        self.result = GameResult(word=secret, length=len(secret))
        self._known = words if callable(words) else words.__contains__
        self._attempts = attempts
        self._max_line = max_line

    @property
    def over(self) -> bool:
        """True once the game has ended: solved, out of attempts, or the player gone."""
        result = self.result
        return result.solved or result.attempts >= self._attempts or result.reason is not None

    @property
    def number(self) -> int:
        """The number of the guess the round waits for (1 to ``attempts``)."""
        return self.result.attempts + 1

    def guess(self, line: bytes) -> str:
        """The feedback line for one line the player wrote (without its newline): all ``X``
        for anything not a word of the list with the secret's length."""
        if self.over:
            raise ValueError("the game is over")
        text, overlong = self._decode(line)
        result = self.result
        valid = not overlong and len(text) == result.length and self._known(text)
        answer = feedback_text(text, result.word) if valid else "X" * result.length
        result.guesses.append(text)
        result.feedbacks.append(answer)
        result.attempts += 1
        if valid and text == result.word:
            result.solved = True
            result.score = score_for(True, result.attempts)
        return answer

    def player_gone(self, reason: str) -> GameResult:
        """End the game without a solve, for ``reason`` (a crash, a timeout, ...)."""
        if not self.over:
            self.result.reason = reason
        return self.result

    def _decode(self, line: bytes) -> tuple[str, bool]:
        """The line as text (one carriage return at its end dropped) and whether it is longer
        than ``max_line`` bytes (then only its first bytes are kept, with ``...``)."""
        line = line.removesuffix(b"\r")
        if len(line) > self._max_line:
            return line[:SHOWN_PREFIX].decode("utf-8", errors="replace") + "...", True
        return line.decode("utf-8", errors="replace"), False


def play_round(
    game: Round,
    read: Callable[[int], bytes],
    send: Callable[[str], object],
    on_event: EventCallback | None = None,
) -> GameResult:
    """Play ``game`` to its end over a transport: ``read(number)`` gives the player's next line
    or raises :class:`PlayerGone`; ``send`` takes each feedback line. ``on_event`` gets
    ``("guess", text)`` and ``("feedback", text)`` as they happen."""
    while not game.over:
        try:
            line = read(game.number)
        except PlayerGone as gone:
            return game.player_gone(gone.reason)
        answer = game.guess(line)
        if on_event is not None:
            on_event("guess", game.result.guesses[-1])
            on_event("feedback", answer)
        send(answer)
    return game.result


def play_with(
    player: PlayerFunction | Generator[str | bytes, str | None, object],
    secret: str,
    words: Collection[str] | Callable[[str], bool],
    *,
    attempts: int = ATTEMPTS,
    max_line: int = MAX_LINE,
    on_event: EventCallback | None = None,
) -> GameResult:
    """Play one game of ``secret`` against a player in this process, by the same rules as a
    program: returning None (or a generator ending) is quitting, an exception a crash."""
    step = player.send if isinstance(player, Generator) else player
    last: list[str | None] = [None]

    def read(number: int) -> bytes:
        try:
            line = step(last[0])
        except StopIteration:
            line = None
        except Exception as error:  # the player's own bug: the game ends as on a crash
            raise PlayerGone(f"crash ({type(error).__name__}: {error})") from error
        if line is None:
            raise PlayerGone(exit_reason(0, number))
        data = line.encode() if isinstance(line, str) else bytes(line)
        return data.removesuffix(b"\n")

    def send(feedback: str) -> None:
        last[0] = feedback

    game = Round(secret, words, attempts=attempts, max_line=max_line)
    return play_round(game, read, send, on_event)
