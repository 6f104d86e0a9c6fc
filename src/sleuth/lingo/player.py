"""The Lingo player program: reads the word list from its directory and guesses over stdin/stdout.

Protocol (SPEC section 1): write a guess and a newline, flush, read one feedback line of
``O``/``?``/``X``; stop on all ``O``, after five attempts, or at the end of input. The player
writes no file; the first guess of each (list, length, strategy) is computed ahead of the games
by ``sleuth lingo pit`` into a small cache, and on the fly when it is not there.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from sleuth.lingo.quick import play_tree
from sleuth.paths import cache_dir

if TYPE_CHECKING:  # the quick path must not pay for numpy and numba: imported where used
    from sleuth import strategies
    from sleuth.game import Game, Position
    from sleuth.words import WordList

ATTEMPTS = 5


def player_words(length: int, directory: Path) -> WordList:
    """The words of one length: ``wordlistN.txt``, else ``wordlist.txt``, else the built-in list."""
    from sleuth.words import WordList, default_words, load_words

    for name in (f"wordlist{length}.txt", "wordlist.txt"):
        path = directory / name
        if path.exists():
            return load_words(path, length=length)
    words = default_words()
    return WordList(words.of_length(length), source="built-in")


def _book_path() -> Path:
    return cache_dir() / "lingo-openers.json"


def _book_key(words: WordList, strategy: str) -> str:
    return f"{words.sha256}:{len(words)}:{strategy}"


def opening_guess(game: Game, words: WordList, strategy: strategies.Strategy, *,
                  remember: bool = False) -> int:
    """The strategy's first guess for this list: from the cache, else computed (and cached
    when ``remember``: the pit does so before its games; a player writes no file)."""
    path = _book_path()
    key = _book_key(words, strategy.name)
    try:
        book = json.loads(path.read_text())
        return game.guess_index(book[key])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    guess = strategy.choose(game, game.start())
    if remember:
        _remember(path, key, game.guess_labels[guess])
    return guess


def rehearsal_secrets(game: Game, opener: int) -> list[int]:
    """Secrets whose games take every path a game can: one in the opener's largest class (a
    shortlist search with four attempts left) and one in its largest class small enough to be
    searched whole with four attempts left (see :data:`sleuth.lingo.prepare.ON_THE_FLY`)."""
    import numpy as np

    from sleuth.lingo.prepare import ON_THE_FLY

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
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".openers")
        with os.fdopen(fd, "w") as f:
            json.dump(book, f, indent=0, sort_keys=True)
        os.replace(tmp, path)
    except OSError:
        pass


def play(length: int, strategy_name: str = "prepared", *, directory: Path | None = None,
         stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    """Play one game over the protocol; returns the exit status (0 normally).

    With the ``prepared`` strategy a complete prepared tree is played without loading the
    search (:mod:`sleuth.lingo.quick`); the full player takes over from the same history when
    there is no tree or the game leaves it."""
    directory = directory or Path.cwd()
    history: list[tuple[str, str]] = []
    if strategy_name == "prepared":
        finished, history = play_tree(length, directory, stdin, stdout)
        if finished:
            return 0
    from sleuth import strategies
    from sleuth.feedback import FeedbackError
    from sleuth.game import word_game

    words = player_words(length, directory)
    if not len(words):
        print(f"no words of length {length} in the word list", file=stderr)
        return 2
    try:
        strategy = strategies.get(strategy_name)
    except ValueError as err:
        print(err, file=stderr)
        return 2
    game = word_game(list(words), max_attempts=ATTEMPTS)
    position = game.start()
    for word, line in history:
        try:
            guess, code = game.guess_index(word), game.parse(line)
        except (ValueError, FeedbackError) as err:
            print(f"unreadable feedback: {err}", file=stderr)
            return 1
        position = _narrow(game, position, guess, code, stderr)
    guess = opening_guess(game, words, strategy) if not history and not _has_tree(
        strategy, game) else strategy.choose(game, position)
    while position.cost < ATTEMPTS:
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


def _has_tree(strategy: strategies.Strategy, game: Game) -> bool:
    """Whether the strategy plays a prepared tree of this game (its own first guess then)."""
    prepared = getattr(strategy, "prepared", None)
    return prepared is not None and prepared(game)[0] is not None


def _narrow(game: Game, position: Position, guess: int, code: int, stderr: TextIO) -> Position:
    """The position after an answer; on a contradiction (a secret not in our list), spend the
    attempt and keep the candidates, so that the game goes on."""
    from sleuth.game import Contradiction, Position

    try:
        return game.after(position, guess, code)
    except Contradiction as err:
        print(f"warning: {err}", file=stderr)
        rest = position.candidates[game.guess_of_secret(position.candidates) != guess]
        return Position(rest if rest.size else position.candidates, position.cost + 1,
                        (*position.history, (guess, code)))


def main(argv: list[str] | None = None) -> int:
    """``python -m sleuth.lingo.player [--strategy NAME] N``: the player without the CLI's
    start-up cost (the pit runs built-in players this way; ``sleuth lingo player`` is the same)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m sleuth.lingo.player")
    parser.add_argument("--strategy", default="prepared", help="a built-in strategy name")
    parser.add_argument("length", type=int)
    args = parser.parse_args(argv)
    return play(args.length, args.strategy)


if __name__ == "__main__":
    sys.exit(main())
