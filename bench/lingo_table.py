"""Lingo bounds two guesses deep: codes read from a table against codes computed.

Run: ``python -m bench.lingo_table [--length 9] [--openers 10] [--seed 0]`` (writes
bench/results/lingo-table.md). Draws ``--openers`` first guesses (numpy's default_rng(seed))
among those whose depth-1 bound is above the prepared tree's total and bounds each two guesses
deep only until it is at or below that total, as ``bench.lingo_settle`` does, once computing
every word's codes on each class and once reading them from the table of every word on every
secret (:func:`endgame.code_table`, built once: its time is given), one after the other for
each opener; the two bounds must agree. A second table times the table's every-word pass
alone on every class of those openers, counting every guess's codes or dropping a guess once it
cannot beat the best so far (:func:`endgame.table_best`), and the kernel before it counted the
rows as they lie (:func:`transposed_best`). ``--quick``: 2,000 words of length
10, 3 openers, no file.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

import numpy as np
from numba import njit

from bench.common import command_line, drawn, header, kept_unless, lingo_list
from sleuth.games.lingo import endgame
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.prepare import load_tree
from sleuth.games.lingo.scoring import Bounder
from sleuth.words.wordlist import load_words

TABLE = ("| first guess | depth 1 | bound | computed (s) | table (s) | computed / table | "
         "candidates' pass: computed (s) | read (s) |\n|---|---|---|---|---|---|---|---|\n")
DROP = ("| first guess | classes | every guess counted (s) | dropped early (s) | ratio | "
        "before: a copy on its side, dropped early (s) | before / now |\n"
        "|---|---|---|---|---|---|---|\n")

#: Guesses :func:`transposed_best` copies at a time.
TRANSPOSED_BLOCK = 256


@njit(cache=True, nogil=True)
def transposed_best(ctx: endgame.Context, table: np.ndarray, ids: np.ndarray, best: float,
                    pa: float, pb: float, pc: float, abandon: bool = True) -> float:
    """:func:`endgame.table_best` as it was up to commit 3902968, for the ratio: a block of
    256 guesses' codes copied from the table's rows turned on its side, then counted guess by
    guess with one stamp per code (the same answer, the copy costing about half)."""
    n = ids.shape[0]
    block = np.empty((TRANSPOSED_BLOCK, n), table.dtype)
    stamp, solved = ctx.stamp, ctx.solved
    spare, last = n, np.nan  # secrets that may repeat a code before a guess is dropped
    for start in range(0, table.shape[1], TRANSPOSED_BLOCK):
        if best >= pb * n - endgame.EPS:
            break
        width = min(TRANSPOSED_BLOCK, table.shape[1] - start)
        for k in range(n):
            row = table[ids[k]]
            for t in range(width):
                block[t, k] = row[start + t]
        for t in range(width):
            if abandon and best != last:
                spare, last = n - endgame._classes_needed(n, best, pa, pb, pc), best
            if spare < 0:  # no guess can beat it
                return best
            gen = stamp[-1] + 1
            stamp[-1] = gen
            classes = hit = repeats = 0
            for k in range(n):
                c = block[t, k]
                if stamp[c] != gen:
                    stamp[c] = gen
                    classes += 1
                    if c == solved:
                        hit = 1
                else:
                    repeats += 1
                    if repeats > spare:
                        break
            if repeats <= spare:
                best = max(best, endgame._split_value(classes, hit, n, pa, pb, pc))
    return best




def dropping(bounder: Bounder, table: np.ndarray, guess: int) -> tuple[int, list[float]]:
    """The table's every-word pass (:func:`endgame.table_best`) on each class of ``guess``
    too big for a candidate to split into singletons, from the candidates' best: counting every
    guess's codes, dropping a guess once it cannot win, and the same before
    (:func:`transposed_best`): classes, the three times in seconds."""
    ctx, pts = bounder.ctx, np.zeros(3)
    pts[:min(3, len(bounder.points) - 1)] = bounder.points[1:4]
    _, parts, _ = endgame.class_bounds(ctx, bounder.secrets, bounder.own, bounder.points, guess)
    times, used = [0.0, 0.0, 0.0], 0
    passes = [partial(endgame.table_best, abandon=False), partial(endgame.table_best, abandon=True),
              transposed_best]
    for part in parts:
        own = np.ascontiguousarray(bounder.own[part], dtype=np.int64)
        best, _, perfect = endgame.best_split(ctx, bounder.secrets[part], own, *pts, False)
        if part.size <= 2 or perfect:
            continue
        used, answers = used + 1, []
        for k, run in enumerate(passes):
            began = time.perf_counter()
            answers.append(run(ctx, table, part.astype(np.int64), best, *pts))
            times[k] += time.perf_counter() - began
        if len(set(answers)) > 1:
            raise SystemExit(f"{bounder.game.guess_labels[guess]}: the every-word passes "
                             f"disagree: {answers}")
    return used, times


def candidates_pass(bounder: Bounder, table: np.ndarray, guess: int) -> tuple[float, float]:
    """Seconds of the candidates' pass on every class of ``guess`` (:func:`endgame.class_bounds`
    without ``exact``), its codes computed, then read from ``table`` (only whether a candidate
    splits the rest into singletons); the bounds must agree."""
    times, caps = [], []
    for read in (None, table):
        began = time.perf_counter()
        caps.append(endgame.class_bounds(
            bounder.ctx, bounder.secrets, bounder.own, bounder.points, guess, table=read,
            ids=None if read is None else np.arange(len(bounder.secrets)))[2])
        times.append(time.perf_counter() - began)
    if not np.array_equal(*caps):
        raise SystemExit(f"{bounder.game.guess_labels[guess]}: the candidates' pass read from "
                         "the table gives other bounds")
    return times[0], times[1]


def rows(length: int, openers: int, seed: int, size: int | None = None
         ) -> tuple[str, str, str]:
    """The table's rows, a summary line (the table's build time, the ratio in all) and the rows
    of guesses dropped early or not (:func:`dropping`)."""
    words = drawn(list(load_words(lingo_list(length)).words), size)
    game = lingo_game(words)
    start = game.start()
    tree = load_tree(words)
    plain = Bounder(game, start)
    first = plain.first_bounds(game.allowed_guesses(start))
    target = float(tree.total) if tree is not None else float(np.quantile(first, 0.5))
    began = time.perf_counter()
    table = endgame.code_table(game.guesses, game.secrets)
    built = time.perf_counter() - began
    read = Bounder(game, start, table)
    above = np.flatnonzero(first > target)
    picked = np.random.default_rng(seed).choice(above, min(openers, above.size), replace=False)
    for bounder in (plain, read):  # compiled (or loaded from numba's cache) before timing
        bounder.two_deep(int(picked[0]), exact=True, target=target)
        bounder.classes.clear()
    for drop in (False, True):
        endgame.table_best(read.ctx, table, np.arange(3), 0.0, 3.0, 2.0, 1.0, drop)
    transposed_best(read.ctx, table, np.arange(3), 0.0, 3.0, 2.0, 1.0)
    candidates_pass(read, table, int(picked[0]))
    out, sums, drops, dropped = [], [0.0, 0.0, 0.0, 0.0], [], [0.0, 0.0, 0.0]
    for i in sorted(int(i) for i in picked):
        times, bounds = [], []
        for bounder in (plain, read):
            began = time.perf_counter()
            bounds.append(bounder.two_deep(i, exact=True, target=target))
            times.append(time.perf_counter() - began)
            bounder.classes.pop(i, None)
        if bounds[0] != bounds[1]:
            raise SystemExit(f"{game.guess_labels[i]}: the table's bound {bounds[1]} is not "
                             f"the computed {bounds[0]}")
        times.extend(candidates_pass(read, table, i))
        sums = [total + t for total, t in zip(sums, times, strict=True)]
        out.append(f"| {game.guess_labels[i]} | {first[i] / len(words):.2f} | "
                   f"{bounds[0] / len(words):.2f} | {times[0]:.2f} | {times[1]:.2f} | "
                   f"{times[0] / times[1]:.1f} | {times[2]:.2f} | {times[3]:.2f} |")
        print(out[-1], flush=True)
        used, (counted, early, before) = dropping(read, table, i)
        dropped = [dropped[0] + counted, dropped[1] + early, dropped[2] + before]
        drops.append(f"| {game.guess_labels[i]} | {used} | {counted:.2f} | {early:.2f} | "
                     f"{counted / max(early, 1e-9):.2f} | {before:.2f} | "
                     f"{before / max(early, 1e-9):.2f} |")
        print(drops[-1], flush=True)
    summary = (f"- length {length}, {len(words):,} words, target {target / len(words):.2f} "
               f"({'the prepared tree' if tree is not None else 'the median depth-1 bound'}); "
               f"{above.size:,} first guesses above it at depth 1; the table "
               f"({table.nbytes / 1e9:.2f} GB) built in {built:.1f} s; these {len(out)}: "
               f"{sums[0]:.1f} s computed, {sums[1]:.1f} s read, "
               f"{sums[0] / max(sums[1], 1e-9):.1f}x; the candidates' pass on all their classes: "
               f"{sums[2]:.1f} s computed, {sums[3]:.1f} s read, "
               f"{sums[2] / max(sums[3], 1e-9):.1f}x; the table's every-word pass on all their "
               f"classes: {dropped[0]:.1f} s counting every guess, {dropped[1]:.1f} s dropping "
               f"a guess once it cannot win, {dropped[0] / max(dropped[1], 1e-9):.2f}x; "
               f"before (a copy on its side): {dropped[2]:.1f} s, "
               f"{dropped[2] / max(dropped[1], 1e-9):.2f}x")
    return "\n".join(out) + "\n", summary, "\n".join(drops) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=9)
    parser.add_argument("--openers", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="2,000 words of length 10; no file")
    args = parser.parse_args(argv)
    if not 4 <= args.length <= endgame.TABLE_LETTERS:
        parser.error(f"--length takes 4..{endgame.TABLE_LETTERS} (the table holds codes of up "
                     f"to {endgame.TABLE_LETTERS} letters)")
    if args.openers < 1:
        parser.error("--openers takes 1 or more")
    length, openers, size = (10, 3, 2000) if args.quick else (args.length, args.openers, None)
    body, summary, drops = rows(length, openers, args.seed, size)
    print(summary)
    text = header("Lingo bounds two guesses deep: codes read from a table, or computed",
                  command_line("lingo_table", argv)) + (
        f"\nSeed {args.seed} (numpy default_rng) draws the first guesses. Each is bounded two "
        "guesses deep only until its bound is at or below the target (as `bench.lingo_settle` "
        "settles them), once computing every word's codes on each class and once reading them "
        "from the table of every word on every secret (`endgame.code_table`), one after the "
        "other; both bounds agree (the run stops if not). Then the candidates' pass alone on "
        "every class (the bound before any other word is tried): the candidates' codes "
        "computed and their best split found, or only whether one of them splits the rest "
        "into singletons read from the table (the same bounds). Seconds per first guess, wall "
        "clock, on a machine that may be shared: the ratios are the figures.\n\n"
        f"{summary}\n\n" + TABLE + body + "\nThe table's every-word pass alone "
        "(`endgame.table_best`) on every class of each first guess that no candidate splits "
        "into singletons, from the candidates' best: counting every guess's codes on the "
        "class, or dropping a guess once so many of its secrets repeat a code that it cannot "
        "beat the best so far; and, for the ratio, the kernel up to commit 3902968, which "
        "copied a block of guesses' codes from the table's rows turned on its side before "
        "counting them guess by guess (every pass gives the same bound; the run stops if "
        "not).\n\n"
        + DROP + drops)
    kept_unless(args.quick, "lingo-table.md", text)
    if args.quick:
        print(TABLE + body + "\n" + DROP + drops)


if __name__ == "__main__":
    main()
