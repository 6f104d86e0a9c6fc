"""Lingo: what each step of the settle's level 3 gains, side by side on the same first guesses.

Run: ``python -m bench.lingo_level_three [--length 6] [--sample 40] [--seed 0] [--guesses 6]``
(writes bench/results/lingo-level-three.md). Draws ``--sample`` first guesses as
``bench.lingo_outlook`` does (seed, among those above the prepared tree at depth 1), keeps the
first ``--guesses`` of them still above the tree two guesses deep, and lowers each towards the
tree at level 3 (:meth:`scoring.Bounder.lowered`) with each plan in turn
(:class:`scoring.LossPlan`): each class asked for all of what is above, largest first; asked for
its share by size in sweeps; with its codes read from the settle's code table; with what was
read on a class (its codes, the guesses ranked) kept for its next call. Each step's
seconds (level 3 only, two deep not counted), its ratio to the first, and how many came at or
below the tree. ``--quick``: 2,000 words of length 5, 2 first guesses, no file.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bench.common import command_line, drawn, header, kept_unless, lingo_list
from bench.lingo_outlook import drawn_above
from bench.lingo_settle import tree_total
from sleuth.core.game import Game
from sleuth.games.lingo import endgame
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.scoring import Bounder, LossPlan
from sleuth.words.wordlist import load_words

#: The steps, each with the plan that adds it to the ones before.
STEPS = (
    ("each class asked for all of what is above, largest first; budgets; codes computed",
     LossPlan(sweeps=1, read=False, keep=False)),
    ("asked for its share by size, in sweeps", LossPlan(read=False, keep=False)),
    ("codes read from the code table", LossPlan(keep=False)),
    ("what was read on a class kept for its next call (the settle's plan)", LossPlan()),
)
TABLE = ("| step | seconds, all | each: median, most | x the first step | at or below the tree |"
         "\n|---|---|---|---|---|\n")


def hard_guesses(game: Game, table: np.ndarray, target: float, sample: int, seed: int,
                 count: int) -> list[int]:
    """The first ``count`` of ``sample`` first guesses drawn (``seed``) among those above
    ``target`` at depth 1 that are still above it two guesses deep."""
    _, picked = drawn_above(game, target, sample, seed)
    probe = Bounder(game, game.start(), table)
    hard = [int(g) for g in picked if probe.two_deep(int(g), exact=True, target=target) > target]
    return hard[:count]


def step_seconds(game: Game, table: np.ndarray, plan: LossPlan, guesses: list[int],
                 target: float) -> tuple[list[float], int]:
    """Each guess's level-3 seconds under ``plan`` and how many came at or below ``target``."""
    bounder = Bounder(game, game.start(), table, plan)
    for guess in guesses:
        bounder.two_deep(guess, exact=True, target=target)
    seconds, settled = [], 0
    for guess in guesses:
        began = time.perf_counter()
        settled += bounder.lowered(guess, target) <= target + 1e-6
        seconds.append(time.perf_counter() - began)
        print(f"  {game.guess_labels[guess]}: {seconds[-1]:.1f} s", flush=True)
    return seconds, settled


def steps_table(length: int, sample: int, seed: int, count: int,
                size: int | None = None) -> tuple[str, list[str]]:
    """The table's rows and the first guesses measured."""
    words = drawn(list(load_words(lingo_list(length)).words), size)
    game = lingo_game(words)
    target = tree_total(game, words)
    table = endgame.code_table(game.guesses, game.secrets)
    guesses = hard_guesses(game, table, target, sample, seed, count)
    if guesses:  # compiled before timing
        step_seconds(game, table, STEPS[-1][1], guesses[:1], target)
    rows, first = [], 0.0
    for name, plan in STEPS:
        seconds, settled = step_seconds(game, table, plan, guesses, target)
        total = sum(seconds)
        first = first or total
        median, most = np.quantile(seconds or [0.0], [0.5, 1.0])
        rows.append(f"| {name} | {total:.1f} | {median:.1f}, {most:.1f} | "
                    f"{first / total if total else 1.0:.2f} | {settled} of {len(guesses)} |")
        print(rows[-1], flush=True)
    return "".join(r + "\n" for r in rows), [game.guess_labels[g] for g in guesses]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=6)
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--guesses", type=int, default=6)
    parser.add_argument("--quick", action="store_true", help="2,000 words of length 5; no file")
    args = parser.parse_args(argv)
    if args.sample < 1 or args.guesses < 1:
        parser.error("--sample and --guesses take 1 or more")
    if not 4 <= args.length <= endgame.TABLE_LETTERS:
        parser.error(f"--length takes 4..{endgame.TABLE_LETTERS} (the table holds codes of up "
                     f"to {endgame.TABLE_LETTERS} letters)")
    length, size, count = (5, 2000, 2) if args.quick else (args.length, None, args.guesses)
    body, guesses = steps_table(length, args.sample, args.seed, count, size)
    text = header("Lingo: what each step of level 3 gains",
                  command_line("lingo_level_three", argv)) + (
        f"\nLength {length}, seed {args.seed} (numpy default_rng): of {args.sample} first "
        "guesses drawn among those above the prepared tree at depth 1, the first "
        f"{len(guesses)} still above it two guesses deep ({', '.join(guesses)}), each lowered "
        "towards the tree at level 3 (`Bounder.lowered`) under each plan in turn, in one "
        "process on one thread. Seconds of level 3 alone (two deep not counted), wall clock on "
        "a machine that may be shared; each row adds its step to those above it. Every row "
        "skips a class at once when its budget cannot pay for ranking the guesses. The last "
        "row's memory (an arena a thread) was first touched by the compiling run before, as a "
        "settle's threads touch it on their first first guess.\n\n"
        + TABLE + body)
    kept_unless(args.quick, "lingo-level-three.md", text)
    if args.quick:
        print(TABLE + body)


if __name__ == "__main__":
    main()
