"""How often the exact search's screen of small classes (hard mode, under a cap) shows at once
that an opener cannot always win: openers drawn at random from the published hard ranking of a
list generation, each screened, beside the published verdict.

Run: ``python -m bench.hard_screen [--lists wordle-nyt-2023-07-01] [--openers 300] [--seed 1]``.
Writes ``bench/results/hard-screen.md`` (``--quick``: 8 openers, written nowhere). One core;
the screen's memo is kept across openers, as in a sweep's worker.
"""

from __future__ import annotations

import argparse
import random
import time

from bench.common import SHARED, command_line, header, kept_unless
from bench.sweep import PUBLISHED
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.ranking import read_published
from sleuth.solve.search import SCREENED, _a_class_cannot_fit, _classes
from sleuth.solve.solver import solver_for
from sleuth.solve.tables import tables_of

TABLE = ("| lists | openers drawn | cannot win (published) | shown by the screen | left to the "
         "full search | wrong | time, 1 core |\n|---|---|---|---|---|---|---|\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-nyt-2023-07-01",
                        choices=sorted({lists for lists, _ in PUBLISHED}))
    parser.add_argument("--openers", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="8 openers; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.openers = 8
    game = game_from(shipped_lists(args.lists), hard=True)
    tab = tables_of(game)
    solver = solver_for(tab)
    published = read_published(SHARED / "wordle" / "published" / PUBLISHED[(args.lists, True)])
    words = random.Random(args.seed).sample(sorted(published), args.openers)
    cands = game.start().candidates
    caught = missed = wrong = 0
    slowest, started = 0.0, time.perf_counter()
    for word in words:
        guess = game.guess_index(word)
        began = time.perf_counter()
        refused = _a_class_cannot_fit(solver, _classes(tab, guess, cands), game.max_cost - 1,
                                      (guess,))
        slowest = max(slowest, time.perf_counter() - began)
        cannot = published[word] is None
        caught += refused and cannot
        missed += cannot and not refused
        wrong += refused and not cannot
    seconds = time.perf_counter() - started
    command = command_line("hard_screen", argv)
    row = (f"| {args.lists} | {args.openers} (seed {args.seed}) | {caught + missed} | {caught} | "
           f"{missed} | {wrong} | {seconds:.0f} s ({seconds / args.openers:.2f} s each, "
           f"slowest {slowest:.1f} s) |")
    text = header("Hard mode: openers that cannot win, shown by the screen of small classes",
                  command)
    text += (f"\nThe screen (`sleuth.solve.search._a_class_cannot_fit`): each class of 2 to "
             f"{SCREENED} answers a first guess leaves is tested, smallest first, for fitting in "
             "the guesses left; one that cannot refuses the opener before the mean search. "
             "*Wrong* counts openers refused that the published ranking says can win (must be "
             "0). Times include compiling the kernels once.\n\n"
             + TABLE + row + "\n")
    kept_unless(args.quick, "hard-screen.md", text)
    print(TABLE + row)


if __name__ == "__main__":
    main()
