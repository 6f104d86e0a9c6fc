"""Hard mode's refutations: how long the worst-case search takes to show that a large class of
answers cannot be finished within the guesses left, and the sweep's screen of small classes
over openers drawn from the published ranking; on this checkout and, with ``--before``, on
another (``git worktree add /tmp/before COMMIT``), side by side.

Run: ``python -m bench.hard_refute [--before DIR] [--openers 20] [--seed 3]`` (writes
bench/results/hard-refute.md). Each measure runs in a fresh process on each tree (numba's cache
of that tree warmed first, untimed), one run each, the trees taken in turn; the machine is
shared, so read the ratios. Both trees must agree on every verdict. ``--quick``: one small
class and 3 openers, written nowhere.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from bench.common import ROOT, SHARED, command_line, commit, header, kept_unless, printed_on
from bench.sweep import PUBLISHED
from sleuth.games.wordle.ranking import read_published

LISTS = "wordle-nyt-2023-07-01"

#: (opener, size of one of its classes): classes that cannot be finished within 5 more guesses
#: in hard mode (the openers cannot win), and one that can (TARSE's largest).
CLASSES = (("eyers", 321), ("inane", 235), ("curer", 140), ("beads", 95), ("tarse", 249))

#: One class tested for fitting in 5 more guesses: prints the verdict, nodes and seconds.
CLASS = """
import sys, time
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import load_lists
from sleuth.solve.search import _classes
from sleuth.solve.solver import Solver
from sleuth.solve.tables import tables_of
lists, opener, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = game_from(load_lists(list_name=lists), hard=True)
tab, cands = tables_of(game), game.start().candidates
warm = game.guess_index("tarse")
Solver(tab).fits_within(_classes(tab, warm, cands)[-3][1], 5, (warm,))
guess = game.guess_index(opener)
members = next(m for _, m in _classes(tab, guess, cands) if m.size == size)
solver = Solver(tab)
start = time.perf_counter()
fits = solver.fits_within(members, 5, (guess,))
print(fits, int(solver.stats[0]), time.perf_counter() - start)
"""

#: The search's screen over some openers, one solver for all (as a sweep's worker): prints the
#: openers refused and the seconds.
SCREEN = """
import sys, time
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import load_lists
from sleuth.solve.search import _a_class_cannot_fit, _classes
from sleuth.solve.solver import Solver
from sleuth.solve.tables import tables_of
lists, words = sys.argv[1], sys.argv[2].split(",")
game = game_from(load_lists(list_name=lists), hard=True)
tab, cands = tables_of(game), game.start().candidates
warm = game.guess_index("tarse")
Solver(tab).fits_within(_classes(tab, warm, cands)[-3][1], 5, (warm,))
solver = Solver(tab)
start = time.perf_counter()
refused = [w for w in words for g in [game.guess_index(w)]
           if _a_class_cannot_fit(solver, _classes(tab, g, cands), 5, (g,))]
print(len(refused), time.perf_counter() - start)
"""


def side_by_side(before: Path | None, code: str, *args: str) -> tuple[list[str], list[str]]:
    """A measure on ``before`` (when given) and then on this checkout; the verdicts (all but
    the seconds) must agree."""
    old = printed_on(before / "src", code, *args) if before else []
    now = printed_on(ROOT / "src", code, *args)
    if old and old[0] != now[0]:
        sys.exit(f"{' '.join(args)}: {now[0]} here, {old[0]} before")
    return now, old


def ratio(now: list[str], old: list[str]) -> str:
    """Before's seconds and before / now (dashes without a before)."""
    if not old:
        return "- | -"
    return f"{float(old[-1]):.2f} | {float(old[-1]) / float(now[-1]):.2f}x"


def classes_table(before: Path | None, chosen: tuple[tuple[str, int], ...]) -> str:
    lines = ["| opener | class | fits in 5 | nodes | seconds | nodes before | seconds before "
             "| before / now |", "|---|---|---|---|---|---|---|---|"]
    for opener, size in chosen:
        now, old = side_by_side(before, CLASS, LISTS, opener, str(size))
        lines.append(f"| {opener} | {size} | {now[0]} | {int(now[1]):,} | {float(now[2]):.2f} | "
                     f"{f'{int(old[1]):,}' if old else '-'} | {ratio(now, old)} |")
        print(lines[-1], file=sys.stderr)
    return "\n".join(lines) + "\n"


def screen_table(before: Path | None, words: list[str], seed: int, cannot: int) -> str:
    now, old = side_by_side(before, SCREEN, LISTS, ",".join(words))
    return ("| openers drawn | cannot win (published) | refused by the screen | seconds | "
            "seconds before | before / now |\n|---|---|---|---|---|---|\n"
            f"| {len(words)} (seed {seed}) | {cannot} | {now[0]} | {float(now[1]):.1f} | "
            f"{ratio(now, old)} |\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="another checkout measured beside this one")
    parser.add_argument("--openers", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one class, 3 openers; no file")
    args = parser.parse_args(argv)
    if args.before and not (args.before / "src" / "sleuth").is_dir():
        parser.error(f"--before {args.before}: no src/sleuth there")
    if args.openers < 1:
        parser.error("--openers takes 1 or more")
    if args.quick:
        args.openers = 3
    published = read_published(SHARED / "wordle" / "published" / PUBLISHED[(LISTS, True)])
    words = random.Random(args.seed).sample(sorted(published), args.openers)
    cannot = sum(published[w] is None for w in words)
    rows = classes_table(args.before, (("beads", 95),) if args.quick else CLASSES)
    screen = screen_table(args.before, words, args.seed, cannot)
    text = (header("Hard mode: refuting large classes, and the screen of small ones",
                   command_line("hard_refute", argv))
            + f"\nLists {LISTS}, hard mode. Before: "
            + (f"{args.before} (commit {commit(args.before)})" if args.before else "not run")
            + ". Each measure in a fresh process on each tree, before first, one run each; "
            "the kernels compiled first, untimed.\n\n"
            "Each class an opener leaves, tested for fitting in the 5 guesses left "
            "(`Solver.fits_within`, a solver of its own); the nodes are those the search "
            "entered.\n\n" + rows
            + "\nThe search's screen (`sleuth.solve.search._a_class_cannot_fit`, as "
            "`SCREENED` says) over openers drawn from the published hard ranking "
            "(`random.Random(seed).sample` of its sorted openers), one solver for all, as "
            "in a sweep's worker.\n\n" + screen)
    print(text)
    kept_unless(args.quick, "hard-refute.md", text)


if __name__ == "__main__":
    main()
