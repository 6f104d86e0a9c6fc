"""The Lingo player program: reads the word list from its directory and guesses over stdin/stdout.

Protocol (SPEC section 1): write a guess and a newline, flush, read one feedback line of
``O``/``?``/``X``; stop on all ``O``, after five attempts, or at the end of input. On the
official list the shipped tree answers every feedback without numpy or numba. On another list
the first guess of each (list, length, strategy) is computed once and kept in the user cache,
and the first game after an install compiles every kernel a game can need in one go.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from sleuth.core.storage import atomic_write, cache_dir
from sleuth.games.lingo.quick import play_tree
from sleuth.games.lingo.rules import ATTEMPTS

if TYPE_CHECKING:  # the quick path must not pay for numpy and numba: imported where used
    from sleuth.core import strategies
    from sleuth.core.game import Game, Position
    from sleuth.words.wordlist import WordList


#: How the player's own refusals start, as every sleuth command's one error line does.
ERROR = "Error:"


def player_words(length: int, directory: Path) -> WordList:
    """The words of one length: ``wordlistN.txt``, else ``wordlist.txt``, else the official
    list."""
    from sleuth.words.lists import LINGO
    from sleuth.words.wordlist import WordList, load_words, shipped_words

    for name in (f"wordlist{length}.txt", "wordlist.txt"):
        path = directory / name
        if path.exists():
            return load_words(path, length=length)
    words = shipped_words(LINGO)
    return WordList(words.of_length(length), source=words.source)


def _book_path() -> Path:
    return cache_dir() / "lingo-openers.json"


def _book_key(words: WordList, strategy: str) -> str:
    return f"{words.sha256}:{len(words)}:{strategy}"


def opening_guess(game: Game, words: WordList, strategy: strategies.Strategy) -> int:
    """The strategy's first guess for this list: from the cache, else computed and cached, so
    that the next game on the same list starts at once."""
    path = _book_path()
    key = _book_key(words, strategy.name)
    try:
        book = json.loads(path.read_text())
        return game.guess_index(book[key])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    guess = strategy.choose(game, game.start())
    _remember(path, key, game.guess_labels[guess])
    return guess


def rehearsal_secrets(game: Game, opener: int) -> list[int]:
    """Secrets whose games take every path a game can: one in the opener's largest class (a
    shortlist search with four attempts left) and one in its largest class small enough to be
    searched whole with four attempts left (see :data:`sleuth.games.lingo.prepare.ON_THE_FLY`)."""
    import numpy as np

    from sleuth.games.lingo.prepare import ON_THE_FLY

    codes = game.codes(opener, game.start().candidates)
    values, counts = np.unique(codes, return_counts=True)
    small = counts <= ON_THE_FLY
    chosen = [values[np.argmax(counts)]]
    if small.any():
        chosen.append(values[small][np.argmax(counts[small])])
    return [int(np.flatnonzero(codes == value)[0]) for value in dict.fromkeys(chosen)]


def rehearse(game: Game, strategy: strategies.Strategy, opener: int, secret: int) -> int:
    """Play one game in this process, so that every kernel it uses is compiled into numba's
    cache before player processes need it (a player that compiles them spends some 20 s on its
    first game). Returns the attempts made."""
    import numpy as np

    target = np.array([secret])
    position, guess = game.start(), opener
    while True:
        code = int(game.codes(guess, target)[0])
        position = game.after(position, guess, code)
        if code == game.solved or position.cost >= ATTEMPTS:
            return position.cost
        guess = strategy.choose(game, position)


def _marker(strategy: strategies.Strategy) -> Path:
    return cache_dir() / "compiled" / f"{_build()}-{strategy.name}"


def compiled(strategy: strategies.Strategy) -> bool:
    """Whether every kernel a game of this strategy can need was compiled since the install."""
    return _marker(strategy).exists()


def compile_kernels(game: Game, strategy: strategies.Strategy, opener: int) -> bool:
    """Compile every kernel a game of this strategy can need, in one go, once per install
    (rehearsal games, see :func:`rehearsal_secrets`). Returns whether it compiled."""
    marker = _marker(strategy)
    if marker.exists() or _has_tree(strategy, game):  # a prepared tree searches nothing
        return False
    for secret in rehearsal_secrets(game, opener):
        rehearse(game, strategy, opener, secret)
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass
    return True


def _build() -> str:
    """What compiled kernels depend on: sleuth's, numba's and Python's versions."""
    from importlib.metadata import version

    return f"sleuth{version('sleuth')}-numba{version('numba')}-py{sys.version_info[0]}" \
        f"{sys.version_info[1]}"


def _remember(path: Path, key: str, word: str) -> None:
    """Add one opener to the cache file atomically; a cache that cannot be written is skipped."""

    try:
        try:
            book = json.loads(path.read_text())
            if not isinstance(book, dict):
                book = {}
        except (OSError, ValueError):
            book = {}
        book[key] = word
        atomic_write(path, json.dumps(book, indent=0, sort_keys=True).encode())
    except OSError:
        pass


def play(length: int, strategy_name: str = "prepared", *, directory: Path | None = None,
         stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    """Play one game over the protocol; returns the exit status (0 normally).

    With the ``prepared`` strategy a complete prepared tree is played without loading the
    search (:mod:`sleuth.games.lingo.quick`); the full player takes over from the same history when
    there is no tree or the game leaves it."""
    directory = directory or Path.cwd()
    history: list[tuple[str, str]] = []
    if strategy_name == "prepared":
        finished, history = play_tree(length, directory, stdin, stdout)
        if finished:
            return 0
    from sleuth.core import strategies
    from sleuth.core.errors import FeedbackError
    from sleuth.games.lingo.game import lingo_game

    try:
        strategy = strategies.get(strategy_name)
    except ValueError as err:
        print(f"{ERROR} {err}", file=stderr)
        return 2
    try:
        words = player_words(length, directory)
    except ValueError as err:  # no such file, or no word of this length
        print(f"{ERROR} {err}", file=stderr)
        return 2
    if not len(words):
        print(f"{ERROR} no words of length {length} in the word list", file=stderr)
        return 2
    game = lingo_game(list(words))
    position = game.start()
    for word, line in history:
        try:
            guess, code = game.guess_index(word), game.parse(line)
        except (ValueError, FeedbackError) as err:
            print(f"unreadable feedback: {err}", file=stderr)
            return 1
        position = _narrow(game, position, guess, code, stderr)
    fresh = not history and not _has_tree(strategy, game)
    guess = opening_guess(game, words, strategy) if fresh else strategy.choose(game, position)
    first = guess
    unready = fresh and not compiled(strategy)
    if unready:
        print("sleuth: first game after this install: compiling the search kernels as the game "
              "goes and the rest right after it (some 20 s in all); later games start at once",
              file=stderr, flush=True)
    status = _play_from(game, strategy, position, guess, stdin, stdout, stderr)
    if unready:  # the referee has its answers: each guess stayed within its own time limit
        compile_kernels(game, strategy, first)
    return status


def _play_from(game: Game, strategy: strategies.Strategy, position: Position, guess: int,
               stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Play the rest of the game from ``position`` with ``guess`` next; the exit status."""
    from sleuth.core.errors import FeedbackError

    while position.cost < ATTEMPTS:
        guess = _unplayed(game, position, guess)
        stdout.write(game.guess_labels[guess] + "\n")
        stdout.flush()
        line = stdin.readline()
        if not line:
            return 0
        try:
            code = game.parse(line.strip())
        except FeedbackError as err:
            print(f"unreadable feedback: {err}", file=stderr)
            return 1
        if code == game.solved:
            return 0
        position = _narrow(game, position, guess, code, stderr)
        if position.cost >= ATTEMPTS:
            return 0
        guess = strategy.choose(game, position)
    return 0


def _unplayed(game: Game, position: Position, guess: int) -> int:
    """``guess``, or when it was played already (after answers that contradict the list), the
    first possible secret, else the first word, not played yet."""
    played = {g for g, _ in position.history}
    if guess not in played:
        return guess
    for index in (*game.guess_of_secret(position.candidates).tolist(), *range(len(game.guesses))):
        if index not in played:
            return int(index)
    return guess


def _has_tree(strategy: strategies.Strategy, game: Game) -> bool:
    """Whether the strategy plays a prepared tree of this game (its own first guess then)."""
    prepared = getattr(strategy, "prepared", None)
    return prepared is not None and prepared(game)[0] is not None


def _narrow(game: Game, position: Position, guess: int, code: int, stderr: TextIO) -> Position:
    """The position after an answer; on a contradiction (a secret not in our list), spend the
    attempt and keep the candidates, so that the game goes on."""
    from sleuth.core.game import Contradiction, Position

    try:
        return game.after(position, guess, code)
    except Contradiction as err:
        print(f"warning: the answers contradict the word list ({err}); playing on",
              file=stderr)
        rest = position.candidates[game.guess_of_secret(position.candidates) != guess]
        return Position(rest if rest.size else position.candidates, position.cost + 1,
                        (*position.history, (guess, code)))


def main(argv: list[str] | None = None, prog: str = "python -m sleuth.games.lingo.player") -> int:
    """``python -m sleuth.games.lingo.player [--strategy NAME] N``: the player without the CLI's
    start-up cost (the pit runs built-in players this way; ``sleuth lingo player`` is the same)."""
    import argparse

    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--strategy", default="prepared", help="a built-in strategy name")
    parser.add_argument("length", type=int)
    args = parser.parse_args(argv)
    if args.length < 1:
        parser.exit(2, f"{ERROR} the word length must be a positive number, not {args.length}\n")
    return play(args.length, args.strategy)


if __name__ == "__main__":
    sys.exit(main())
