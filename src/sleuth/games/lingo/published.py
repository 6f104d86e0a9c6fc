"""What the 2014 challenge's entries published (SPEC section 1): sums over 100 words a length.

>>> scaled("C++ minimax", {4: 10, 5: 10})
2700.0
"""

from __future__ import annotations

from collections.abc import Mapping

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
