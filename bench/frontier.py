"""The exact frontier: each Wordle list generation and mode proven after its published best
opener (least total and fewest guesses that always suffice), and the fewest guesses that always
suffice where a guess outside the answers matters.

Run: ``python -m bench.frontier [--workers N]`` (writes bench/results/frontier.md). Each row is
``sleuth wordle optimal`` through the library: the least total guesses after the opener, beside
the published figure (``src/sleuth/data/published.toml``); a figure that differs is reported as
measured, never adjusted. ``--quick``: the worst-case rows only (a few seconds), written nowhere.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from bench.common import header, kept_unless
from sleuth.core.storage import published
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.solve.search import optimal_mean, optimal_worst

#: Lists, hard mode, opener, key of the published total (issue 19's table).
MEAN_ROWS = [
    ("wordle-original", False, "salet", "wordle-original-salet"),
    ("wordle-original", True, "salet", "wordle-original-hard-salet"),
    ("wordle-nyt-2022-08-30", False, "tarse", "wordle-nyt-2022-08-30-tarse"),
    ("wordle-nyt-2022-08-30", True, "salet", "wordle-nyt-2022-08-30-hard-salet"),
    ("wordle-nyt-2023-07-01", False, "tarse", "wordle-nyt-2023-07-01-tarse"),
    ("wordle-nyt-2023-07-01", True, "tarse", "wordle-nyt-2023-07-01-hard-tarse"),
]
#: BUMPY, DUMPY, JUMPY: one guess outside them (JIBED) tells them apart.
THREE = ["bumpy", "dumpy", "jumpy"]


def mean_row(name: str, hard: bool, opener: str, key: str, workers: int | None) -> str:
    """One table row: the exact least total after ``opener``, beside the published one."""
    game = game_from(shipped_lists(name), hard=hard)
    result = optimal_mean(game, first_guess=opener, max_guesses=game.max_cost, workers=workers)
    figure = published(key)
    verdict = "agrees" if result.total == figure else "**differs**"
    return (f"| {name} | {'hard' if hard else 'normal'} | {opener.upper()} | {result.total} | "
            f"{result.worst} | {figure} | {verdict} | {result.seconds:.1f} |")


def worst_after_row(name: str, hard: bool, opener: str, workers: int | None) -> str:
    """One table row: the fewest guesses that always suffice after ``opener``, proven."""
    game = game_from(shipped_lists(name), hard=hard)
    result = optimal_worst(game, first_guess=opener, workers=workers)
    return (f"| {name} | {'hard' if hard else 'normal'} | {opener.upper()} | {result.worst} | "
            f"{result.total} | {result.seconds:.1f} |")


def worst_rows(workers: int | None) -> list[str]:
    """The fewest guesses that always suffice for BUMPY, DUMPY, JUMPY, with every guess and with
    the answers only as guesses."""
    lists = shipped_lists("wordle-original")
    rows = []
    for label, guesses in (("every guess", lists.guesses), ("the answers only", THREE)):
        game = game_from(dataclasses.replace(lists, answers=THREE, guesses=guesses))
        result = optimal_worst(game, workers=workers)
        rows.append(f"| {', '.join(w.upper() for w in THREE)} | {label} | {result.worst} | "
                    f"{result.first_guess.upper()} | {result.seconds:.1f} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--quick", action="store_true", help="the worst-case rows; write nothing")
    args = parser.parse_args(argv)
    begin = time.perf_counter()
    worst = worst_rows(args.workers)
    text = header("The exact frontier: Wordle proven after the published openers",
                  "python -m bench.frontier" + (f" --workers {args.workers}"
                                                if args.workers else ""))
    text += ("\nNo randomness (no seed). Answers as secrets, the list's accepted guesses as "
             "guesses, 6 guesses; hard mode: every guess keeps the greens and uses the yellows. "
             "Seconds include starting the worker processes.\n\n## Least total guesses after "
             "the opener (`sleuth wordle optimal [--hard] --list L --first W`)\n\n")
    text += ("| lists | mode | opener | total | worst | published | | seconds |\n"
             "|---|---|---|---|---|---|---|---|\n")
    for row in MEAN_ROWS if not args.quick else []:
        line = mean_row(*row, args.workers)
        print(line, flush=True)
        text += line + "\n"
    text += ("\n## Fewest guesses that always suffice (`sleuth wordle optimal --objective "
             "worst`)\n\nAfter each published opener (`--first W`): no strategy after it "
             "finds every answer within one guess fewer (proven), and the tree found does it "
             "in this many (its total beside, not the least: the search asks only whether "
             "every answer fits). Over every opener: `bench/results/worst-sweep.md` "
             "(`python -m bench.worst_sweep`).\n\n"
             "| lists | mode | opener | worst | total of that tree | seconds |\n"
             "|---|---|---|---|---|---|\n")
    for row in MEAN_ROWS if not args.quick else []:
        line = worst_after_row(*row[:3], args.workers)
        print(line, flush=True)
        text += line + "\n"
    text += ("\nA guess that cannot be the answer can split what the answers cannot: the "
             "published solver's worst-case mode is known to miss this.\n\n"
             "| answers | guesses allowed | worst | a first guess that does it | seconds |\n"
             "|---|---|---|---|---|\n")
    text += "\n".join(worst) + "\n"
    text += f"\n{(time.perf_counter() - begin) / 60:.1f} minutes in all.\n"
    kept_unless(args.quick, "frontier.md", text)
    print(text)


if __name__ == "__main__":
    main()
