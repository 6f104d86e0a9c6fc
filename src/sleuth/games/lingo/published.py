"""What the 2014 challenge's entries published (SPEC section 1): sums over 100 words a length.

>>> scaled("C++ minimax", {4: 10, 5: 10})
2700.0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Each entry's sum over 100 random words of each length 4..13 (at most 50,000 a length).
ENTRIES: dict[str, dict[int, int]] = {
    "C++ minimax": dict(zip(range(4, 14), (10700, 16300, 22000, 25700, 27400, 30300, 32000,
                                           33800, 34700, 34800), strict=True)),
    "Java": dict(zip(range(4, 14), (9400, 14700, 18900, 21000, 26300, 28700, 30300, 32400,
                                    33800, 34200), strict=True)),
    "Perl letter-frequency": dict(zip(range(4, 14), (6700, 12300, 16900, 19200, 23000, 26100,
                                                     28500, 29600, 32100, 33900), strict=True)),
}
#: The C++ entry's mean wall time per game with process start, under the reference engine.
CPP_SECONDS = 0.19
GAMES_PER_LENGTH = 100


def scaled(entry: str, games: Mapping[int, int]) -> float:
    """The entry's published score scaled to ``games`` (games played per length)."""
    sums = ENTRIES[entry]
    return sum(sums[n] * count / GAMES_PER_LENGTH for n, count in games.items() if n in sums)


@dataclass(frozen=True)
class Beside:
    """A row of players beside the 2014 entries: a name (an entry's ends in ``(2014)``), its
    total over the games, its seconds a game (None when not published), whether published."""

    name: str
    total: float
    seconds: float | None
    published: bool = False


def beside_entries(players: Iterable[tuple[str, float, float]],
                   games: Mapping[int, int]) -> list[Beside]:
    """Players (name, total, seconds a game) beside the entries' published sums scaled to
    ``games`` a length, best total first (ties: players first, in their order).

    >>> [(row.name, row.total) for row in beside_entries([("us", 2800, 0.1)], {4: 10, 5: 10})]
    [('us', 2800.0), ('C++ minimax (2014)', 2700.0), ('Java (2014)', 2410.0), \
('Perl letter-frequency (2014)', 1900.0)]
    """
    rows = [Beside(name, float(total), seconds) for name, total, seconds in players]
    rows += [Beside(f"{name} (2014)", scaled(name, games),
                    CPP_SECONDS if "C++" in name else None, True) for name in ENTRIES]
    return sorted(rows, key=lambda row: -row.total)
