"""Lingo: how much of a length's settle each level does, from a sample of first guesses.

Run: ``python -m bench.lingo_outlook [--lengths 5-8] [--sample 40] [--seed 0] [--seconds 600]``
(writes bench/results/lingo-outlook.md). For each length, draws ``--sample`` first guesses
(numpy's default_rng(seed)) among those whose depth-1 bound is above the prepared tree's total
and bounds each as ``bench.lingo_settle`` does, only until it is at or below that total: two
guesses deep against every word (codes read from the table of every word on every secret), then
those still above at level 3 (lost games counted, classes searched), each for at most
``--seconds``: how many come at or below at each level, their bounds, and the seconds each took,
which times the first guesses above the tree give what the whole settle needs. ``--quick``: 2,000
words of length 10, 5 first guesses, no file.
"""

from __future__ import annotations

import argparse
import re
import time

import numpy as np

from bench.common import RESULTS, command_line, drawn, header, kept_unless, lingo_list
from bench.lingo_settle import tree_total
from sleuth.core.game import Game
from sleuth.games.lingo import endgame
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.pit import parse_lengths
from sleuth.games.lingo.scoring import Bounder
from sleuth.words.wordlist import load_words

TABLE = ("| length | words | tree | first guesses above it at depth 1 | sampled | at or below "
         "the tree two deep | their bounds: least, median, most | seconds each | at or below "
         "at level 3 | level-3 seconds each: median, most | for all, core-hours |\n"
         "|---|---|---|---|---|---|---|---|---|---|---|\n")


def outlook(length: int, sample: int, seed: int, seconds: float,
            size: int | None = None) -> str:
    """One length's row of the table."""
    words = drawn(list(load_words(lingo_list(length)).words), size)
    game = lingo_game(words)
    start = game.start()
    target = tree_total(game, words)
    above, picked = drawn_above(game, target, sample, seed)
    read = Bounder(game, start, endgame.code_table(game.guesses, game.secrets))
    read.two_deep(int(picked[0]), exact=True, target=target)  # compiled before timing
    bounds, began = [], time.perf_counter()
    for guess in picked:
        bounds.append(read.two_deep(int(guess), exact=True, target=target))
        if bounds[-1] <= target:
            read.classes.pop(int(guess), None)
    each = (time.perf_counter() - began) / max(1, picked.size)
    found = np.array(bounds) / len(words)
    low = int((found <= target / len(words) + 1e-9).sum())
    least, median, most = np.quantile(found, [0, 0.5, 1])
    still = [int(g) for g, b in zip(picked, bounds, strict=True) if b > target]
    deeper = _level_three(read, still, target, seconds)
    settled3 = sum(b <= target for b, _ in deeper)
    times = np.array([t for _, t in deeper]) if deeper else np.zeros(1)
    left = picked.size - low
    hours = above * (each + left / picked.size * times.mean()) / 3600
    more = "" if settled3 == left else "+"  # some not settled within the time limit
    return (f"| {length} | {len(words):,} | {target / len(words):.2f} | {above:,} | "
            f"{picked.size} | {low} | {least:.2f}, {median:.2f}, {most:.2f} | {each:.2f} | "
            f"{settled3} of {left} | {np.median(times):.0f}, {times.max():.0f} | "
            f"{hours:.1f}{more} |")


def drawn_above(game: Game, target: float, sample: int, seed: int) -> tuple[int, np.ndarray]:
    """How many first guesses have a depth-1 bound above ``target`` (those a settle must
    bound), and ``sample`` of them drawn with numpy's default_rng(``seed``)."""
    start = game.start()
    pool = game.allowed_guesses(start)
    above = pool[Bounder(game, start).first_bounds(pool) > target]
    return above.size, np.random.default_rng(seed).choice(above, min(sample, above.size),
                                                           replace=False)


def _earlier_rows() -> dict[int, str]:
    """The rows of the results file's earlier runs by length, each given this table's columns
    (the level-3 ones "-" where a run did not measure them)."""
    path = RESULTS / "lingo-outlook.md"
    rows = {}
    for line in path.read_text().splitlines() if path.exists() else []:
        found = re.match(r"\| (\d+) \|", line)
        if found:
            cells = line.strip("|").split("|")
            missing = TABLE.splitlines()[0].count("|") - 1 - len(cells)
            cells[-1:-1] = [" - "] * max(0, missing)
            rows[int(found.group(1))] = "|" + "|".join(cells) + "|"
    return rows


def _level_three(read: Bounder, guesses: list[int], target: float,
                 seconds: float) -> list[tuple[float, float]]:
    """Each first guess's level-3 bound towards ``target`` (for at most ``seconds``) and the
    seconds it took."""
    out = []
    for guess in guesses:
        began = time.perf_counter()
        value = read.lowered(guess, target, began + seconds)
        out.append((value, time.perf_counter() - began))
        print(f"  {read.game.guess_labels[guess]}: {value / len(read.game.secrets):.3f} at "
              f"level 3 in {out[-1][1]:.0f} s", flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=parse_lengths, default=[5, 6, 7, 8])
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=600.0,
                        help="most seconds a first guess is bounded at level 3")
    parser.add_argument("--quick", action="store_true", help="2,000 words of length 10; no file")
    args = parser.parse_args(argv)
    if args.sample < 1:
        parser.error("--sample takes 1 or more")
    if not args.seconds > 0:
        parser.error("--seconds takes a number above 0")
    if any(not 4 <= n <= endgame.TABLE_LETTERS for n in args.lengths):
        parser.error(f"--lengths takes 4..{endgame.TABLE_LETTERS} (the table holds codes of up "
                     f"to {endgame.TABLE_LETTERS} letters)")
    plan = [(10, 5, 2000)] if args.quick else [(n, args.sample, None) for n in args.lengths]
    rows = {} if args.quick else _earlier_rows()
    for length, sample, size in plan:
        rows[length] = outlook(length, sample, args.seed, args.seconds, size)
        print(rows[length], flush=True)
    body = "".join(rows[n] + "\n" for n in sorted(rows))
    text = header("Lingo: how much of each length's settle each level does",
                  command_line("lingo_outlook", argv)) + (
        f"\nSeed {args.seed} (numpy default_rng) draws the first guesses among those whose "
        "depth-1 bound is above the prepared tree's total. Each is bounded as "
        "`bench.lingo_settle` settles them, only until its bound is at or below the tree: two "
        "guesses deep against every word (codes read from the table of every word on every "
        "secret), then, if still above, at level 3 (each class asked only for its share of "
        "what is still above, by counting the games it must lose, with a small budget of work "
        "first and larger ones for the classes that used it up, then by searching the small "
        "classes), "
        f"for at most {args.seconds:.0f} s each. Bounds and the tree as mean points a game; "
        "seconds per first guess on one thread, wall clock, on a machine that may be shared "
        "(the table's build not counted); the last column is what the sample's seconds give "
        "for every first guess above the tree (+: some of the sample were not settled within "
        "the time limit, so more). Rows of lengths this command did not run are kept from the "
        "file's earlier runs (-: not measured then).\n\n"
        + TABLE + body)
    kept_unless(args.quick, "lingo-outlook.md", text)
    if args.quick:
        print(TABLE + body)


if __name__ == "__main__":
    main()
