"""sleuth: play, referee and analyse guessing games with feedback.

The main names are importable from here (``sleuth.word_game``, ``sleuth.evaluate``, ...); each is
loaded on first use, so that ``import sleuth`` alone loads neither numpy nor numba (the Lingo
player's fast path relies on it). ``__version__`` is read from the package metadata, also on
first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sleuth.core.game import Game, Position, attempt_points
    from sleuth.core.strategies import STRATEGIES, Strategy
    from sleuth.core.strategies import get as strategy
    from sleuth.core.tree import Evaluation, evaluate
    from sleuth.games.custom import custom_game, matrix_game
    from sleuth.games.hangman.game import hangman as hangman_game
    from sleuth.games.lingo.game import lingo_game
    from sleuth.games.mastermind import bulls_cows, mastermind
    from sleuth.games.twod import twod
    from sleuth.games.wordle.game import wordle_game
    from sleuth.solve.export import write_tree
    from sleuth.solve.results import SearchResult
    from sleuth.solve.search import optimal_mean, optimal_worst
    from sleuth.words.game import word_game
    from sleuth.words.wordlist import WordList, choose_words, load_words, shipped_words

__version__: str  # read on first use (see __getattr__)

#: Each public name: (module, name there).
_LAZY: dict[str, tuple[str, str]] = {
    "Game": ("sleuth.core.game", "Game"),
    "Position": ("sleuth.core.game", "Position"),
    "word_game": ("sleuth.words.game", "word_game"),
    "lingo_game": ("sleuth.games.lingo.game", "lingo_game"),
    "attempt_points": ("sleuth.core.game", "attempt_points"),
    "wordle_game": ("sleuth.games.wordle.game", "wordle_game"),
    "mastermind": ("sleuth.games.mastermind", "mastermind"),
    "bulls_cows": ("sleuth.games.mastermind", "bulls_cows"),
    "twod": ("sleuth.games.twod", "twod"),
    "hangman_game": ("sleuth.games.hangman.game", "hangman"),  # the solvers: hangman.solvers
    "custom_game": ("sleuth.games.custom", "custom_game"),
    "matrix_game": ("sleuth.games.custom", "matrix_game"),
    "Strategy": ("sleuth.core.strategies", "Strategy"),
    "STRATEGIES": ("sleuth.core.strategies", "STRATEGIES"),
    "strategy": ("sleuth.core.strategies", "get"),
    "Evaluation": ("sleuth.core.tree", "Evaluation"),
    "evaluate": ("sleuth.core.tree", "evaluate"),
    "SearchResult": ("sleuth.solve.results", "SearchResult"),
    "optimal_mean": ("sleuth.solve.search", "optimal_mean"),
    "optimal_worst": ("sleuth.solve.search", "optimal_worst"),
    "write_tree": ("sleuth.solve.export", "write_tree"),
    "WordList": ("sleuth.words.wordlist", "WordList"),
    "load_words": ("sleuth.words.wordlist", "load_words"),
    "shipped_words": ("sleuth.words.wordlist", "shipped_words"),
    "choose_words": ("sleuth.words.wordlist", "choose_words"),
}

__all__ = [
    "STRATEGIES",
    "Evaluation",
    "Game",
    "Position",
    "SearchResult",
    "Strategy",
    "WordList",
    "__version__",
    "attempt_points",
    "bulls_cows",
    "choose_words",
    "custom_game",
    "evaluate",
    "hangman_game",
    "lingo_game",
    "load_words",
    "mastermind",
    "matrix_game",
    "optimal_mean",
    "optimal_worst",
    "shipped_words",
    "strategy",
    "twod",
    "word_game",
    "wordle_game",
    "write_tree",
]


def _version() -> str:
    """The installed distribution's version, or "0+unknown" when sleuth is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sleuth")
    except PackageNotFoundError:
        return "0+unknown"


def __getattr__(name: str) -> Any:
    """Import a public name on first use and keep it in the module."""
    if name == "__version__":
        value: Any = _version()
    elif name in _LAZY:
        module, attribute = _LAZY[name]
        value = getattr(import_module(module), attribute)
    else:
        raise AttributeError(f"module 'sleuth' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names with the lazy ones, for completion."""
    return sorted({*globals(), *__all__})
