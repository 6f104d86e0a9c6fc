"""Strategies: how to choose the next guess in a position, and the registry of named ones.

A strategy is any object with ``choose(game, position) -> guess index``. The registry names each
strategy's maker by module and attribute and imports it only when the strategy is asked for, so
the core knows no game and no analysis.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Protocol

from sleuth.core.game import Game, Position


class Strategy(Protocol):
    """Anything that picks a guess (an index into ``game.guesses``) in a position."""

    @property
    def name(self) -> str:
        """What the strategy is called in tables and on the command line."""
        ...

    def choose(self, game: Game, position: Position) -> int: ...


@dataclass(frozen=True)
class Provider:
    """Where a named strategy is made: ``module:attribute`` called with ``args`` on first use."""

    where: str
    args: tuple[object, ...] = ()

    def __call__(self) -> Strategy:
        module, attribute = self.where.split(":")
        made: Strategy = getattr(import_module(module), attribute)(*self.args)
        return made


#: The greedy metrics (:data:`sleuth.solve.greedy.METRICS`), each also over candidates only.
GREEDY_METRICS = ("entropy", "minimax", "expected", "parts")
_GREEDY = "sleuth.solve.greedy:Greedy"

#: Every named strategy and where it is made.
STRATEGIES: Mapping[str, Provider] = {
    **{metric: Provider(_GREEDY, (metric,)) for metric in GREEDY_METRICS},
    **{f"{metric}-candidates": Provider(_GREEDY, (metric, "candidates"))
       for metric in GREEDY_METRICS},
    "tournament": Provider("sleuth.games.lingo.strategies:tournament"),
    "maxscore": Provider("sleuth.games.lingo.scoring:MaxScore"),
    "prepared": Provider("sleuth.games.lingo.prepare:PreparedStrategy"),
    "letter-frequency": Provider("sleuth.games.lingo.strategies:LetterFrequency"),
    "green-yellow": Provider("sleuth.games.lingo.strategies:GreenYellow"),
}


def get(name: str) -> Strategy:
    """A strategy by name; raises ValueError listing the names when it is unknown.

    >>> get("entropy-candidates").name
    'entropy-candidates'
    """
    try:
        provider = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}") \
            from None
    return provider()
