"""What hard mode's family bound buys the exact search: openers searched under the cap with
the families known to the search and without, side by side in one run.

Run: ``python -m bench.family_bound [--lists wordle-nyt-2023-07-01] [--openers tarse amies]
[--workers 2]``. Writes ``bench/results/family-bound.md`` (``--quick``: small lists, written
nowhere). Each opener is searched both ways twice, the order swapped the second time (the
first search of a process also warms it up); the table shows the faster of each pair.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace

from bench.common import command_line, header, kept_unless
from sleuth.core.errors import NoStrategy
from sleuth.core.game import Game
from sleuth.games.wordle.game import game_from, wordle_game
from sleuth.games.wordle.hardmode import HardMode, hard_rule
from sleuth.games.wordle.lists import shipped_lists
from sleuth.solve.search import optimal_mean

TABLE = ("| lists | opener | result | with families | without | without / with |\n"
         "|---|---|---|---|---|---|\n")


def without_families(game: Game) -> Game:
    """The same hard-mode game with its rule naming no families to the search."""
    return replace(game, allowed=HardMode(hard_rule(game.guesses)))


def timed(game: Game, opener: str, workers: int) -> tuple[str, float]:
    """The opener's least total under the cap ("cannot win" if there is none) and seconds."""
    started = time.perf_counter()
    try:
        result = str(optimal_mean(game, first_guess=opener, max_guesses=game.max_cost,
                                  workers=workers).total)
    except NoStrategy:
        result = "cannot win"
    return result, time.perf_counter() - started


def compare(game: Game, opener: str, workers: int) -> tuple[str, float, float]:
    """(result, best seconds with families, best seconds without), each way run twice."""
    plain = without_families(game)
    with_, without = [], []
    for first, second, times in ((game, plain, (with_, without)),
                                 (plain, game, (without, with_))):
        one, seconds_one = timed(first, opener, workers)
        two, seconds_two = timed(second, opener, workers)
        if one != two:
            raise SystemExit(f"{opener}: {one} with one rule, {two} with the other")
        times[0].append(seconds_one)
        times[1].append(seconds_two)
    return one, min(with_), min(without)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-nyt-2023-07-01")
    parser.add_argument("--openers", nargs="+", default=["tarse", "amies"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a small made-up list; no file")
    args = parser.parse_args(argv)
    if args.quick:
        family = ["acbde", "adbde", "aebde", "afbde", "agbde", "ahbde", "xyzwv"]
        game = wordle_game(family, [*family, "defgh"], hard=True, attempts=6)
        args.openers, args.lists = ["acbde", "xyzwv"], "made-up"
    else:
        try:
            game = game_from(shipped_lists(args.lists), hard=True)
            for opener in args.openers:
                game.guess_index(opener)
        except ValueError as error:  # an unknown list or opener: one line, before any search
            parser.error(str(error))
    rows = []
    for opener in args.openers:
        result, with_, without = compare(game, opener, args.workers)
        rows.append(f"| {args.lists} | {opener.upper()} | {result} | {with_:.1f} s | "
                    f"{without:.1f} s | {without / with_:.2f} |")
        print(rows[-1], file=sys.stderr, flush=True)
    command = command_line("family_bound", argv)
    text = header("Hard mode: the exact search with and without the family bound", command)
    text += ("\nNo randomness (no seed). Hard mode, 6 guesses, the exact least total after each "
             f"opener on {args.workers} worker(s). The family bound "
             "(`sleuth.solve.kernels.group_too_slow`): a node is refused when some family of "
             "answers (words equal but in one letter, `hardmode.families`) cannot be cut down "
             "to one answer by the guesses left, each guess cutting it by at most the family "
             "members outside its largest class on them. Each opener searched both ways twice "
             "(order swapped); the faster of each pair is shown.\n\n" + TABLE + "\n".join(rows)
             + "\n")
    kept_unless(args.quick, "family-bound.md", text)
    print(TABLE + "\n".join(rows))


if __name__ == "__main__":
    main()
