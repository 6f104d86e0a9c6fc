"""How often the exact search's screen of small classes (hard mode, under a cap) shows at once
that an opener cannot always win: openers drawn at random from the published hard ranking of a
list generation, each screened, beside the published verdict.

Run: ``python -m bench.hard_screen [--lists wordle-nyt-2023-07-01] [--openers 300] [--seed 1]
[--largest 400] [--nodes 20000]``: the screen of small classes beside one that also tries
larger classes within a budget of nodes each (by default the search's). Writes
``bench/results/hard-screen.md`` (``--quick``: 8 openers, 2,000 nodes, written nowhere). One
core; each screen's memo is kept across openers, as in a sweep's worker.
"""

from __future__ import annotations

import argparse
import random
import time

from bench.common import SHARED, command_line, header, kept_unless
from bench.sweep import PUBLISHED
from sleuth.core.game import Game
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.ranking import read_published
from sleuth.solve.search import SCREENED, Screen, _a_class_cannot_fit, _classes
from sleuth.solve.solver import Solver
from sleuth.solve.tables import tables_of

TABLE = ("| lists | openers drawn | screen | cannot win (published) | shown by the screen | "
         "left to the full search | wrong | time, 1 core |\n|---|---|---|---|---|---|---|---|\n")


def screened(game: Game, words: list[str], published: dict[str, int | None],
             screen: Screen) -> tuple[int, int, int, float, float]:
    """Openers the screen refuses that cannot win, those it misses, those it refuses wrongly,
    its seconds in all and at most (a solver of its own)."""
    tab = tables_of(game)
    solver = Solver(tab)
    cands = game.start().candidates
    caught = missed = wrong = 0
    slowest, started = 0.0, time.perf_counter()
    for word in words:
        guess = game.guess_index(word)
        began = time.perf_counter()
        refused = _a_class_cannot_fit(solver, _classes(tab, guess, cands), game.max_cost - 1,
                                      (guess,), screen)
        slowest = max(slowest, time.perf_counter() - began)
        cannot = published[word] is None
        caught += refused and cannot
        missed += cannot and not refused
        wrong += refused and not cannot
    return caught, missed, wrong, time.perf_counter() - started, slowest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-nyt-2023-07-01",
                        choices=sorted({lists for lists, _ in PUBLISHED}))
    parser.add_argument("--openers", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--largest", type=int, default=SCREENED.largest,
                        help="the budgeted screen's largest class")
    parser.add_argument("--nodes", type=int, default=SCREENED.nodes,
                        help="the budgeted screen's nodes for each class")
    parser.add_argument("--quick", action="store_true", help="8 openers; write nothing")
    args = parser.parse_args(argv)
    if args.largest <= SCREENED.whole or args.nodes < 1:
        parser.error(f"--largest takes more than {SCREENED.whole}, --nodes 1 or more")
    if args.quick:
        args.openers, args.nodes = 8, min(args.nodes, 2000)
    game = game_from(shipped_lists(args.lists), hard=True)
    published = read_published(SHARED / "wordle" / "published" / PUBLISHED[(args.lists, True)])
    words = random.Random(args.seed).sample(sorted(published), args.openers)
    budgeted = Screen(SCREENED.whole, args.largest, args.nodes)
    screened(game, words[:1], published, budgeted)  # compiled before timing
    rows = ""
    for name, screen in (
            (f"classes of up to {SCREENED.whole}", Screen(SCREENED.whole)),
            (f"and up to {args.largest}, {args.nodes:,} nodes each"
             + (" (the search's)" if budgeted == SCREENED else ""), budgeted)):
        caught, missed, wrong, seconds, slowest = screened(game, words, published, screen)
        rows += (f"| {args.lists} | {args.openers} (seed {args.seed}) | {name} | "
                 f"{caught + missed} | {caught} | {missed} | {wrong} | {seconds:.0f} s "
                 f"({seconds / args.openers:.2f} s each, slowest {slowest:.1f} s) |\n")
        print(rows.splitlines()[-1], flush=True)
    command = command_line("hard_screen", argv)
    text = header("Hard mode: openers that cannot win, shown by the screen of small classes",
                  command)
    text += ("\nThe screen (`sleuth.solve.search._a_class_cannot_fit`): each class of 2 to "
             f"{SCREENED.whole} answers a first guess leaves is tested, smallest first, for "
             "fitting in the guesses left, and in the second row then the classes up to "
             "`--largest` answers, each given up after `--nodes` nodes of the search "
             "(`Solver.fits_within`: nothing unfinished is remembered); a class that cannot "
             "fit refuses the opener before the mean search. *Wrong* counts openers refused "
             "that the published ranking says can win (must be 0). Each row with a solver of "
             "its own, on one core, after compiling the kernels.\n\n"
             + TABLE + rows)
    kept_unless(args.quick, "hard-screen.md", text)
    print(TABLE + rows)


if __name__ == "__main__":
    main()
