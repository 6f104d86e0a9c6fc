"""Hangman over whole word lists: the solvers side by side per word length, and the setter.

Run: ``python -m bench.hangman`` (writes bench/results/hangman.md). Part 1 rates every word of
the official Lingo lists (``../shared/data/lingo/wordlistN.txt``) and of the built-in list,
lengths 4..13, with each solver in one decision tree per list: mean misses, win rate with 6
misses allowed (lost on the 7th), the worst word, time. Part 2 pits the solver against
simulated setters and compares the priors it may assume. ``--quick`` runs a small subset (the
greedy solvers on the built-in list's 4 letters, the setters on 100 words) and writes nothing.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from bench.common import RESULTS, header, lingo_list
from sleuth.core.tree import evaluate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.hangman.setter import SetterModel, setter_distribution
from sleuth.games.hangman.solvers import Exact, get_solver
from sleuth.words.wordlist import default_words, frequencies, load_words

LIVES = 6
SEED = 6
SOLVERS = ["misses", "entropy", "exact", "exact-win"]
SETTERS = ["uniform", "frequency", "rare-letters"]
HISTORY = (10, 50, 200)


def solver_row(words: list[str], name: str) -> dict[str, object]:
    """One solver over every word of one list: misses, wins, worst word, seconds."""
    start = time.perf_counter()
    if name == "exact-win":
        result = evaluate(hangman(words, lives=LIVES), get_solver(name))
        won = result.won
    else:
        result = evaluate(hangman(words, lives=UNLIMITED), get_solver(name))
        won = result.cost <= LIVES
    seconds = time.perf_counter() - start
    worst = int(np.argmax(result.cost))
    return {"solver": name, "mean": float(result.cost.mean()), "won": float(won.mean()),
            "worst": (result.game.secret_labels[worst], int(result.cost[worst])),
            "seconds": seconds, "nodes": result.nodes, "lives_game": name == "exact-win"}


def length_rows(source: str, words: list[str], solvers: list[str]) -> list[dict[str, object]]:
    rows = []
    for name in solvers:
        row = solver_row(words, name)
        rows.append(row)
        print(f"{source} {len(words[0])}: {name} mean {row['mean']:.4f} won {row['won']:.4%} "
              f"worst {row['worst']} {row['seconds']:.1f}s", flush=True)
    return rows


def solvers_table(results: dict[tuple[str, int], tuple[int, list[dict[str, object]]]]) -> str:
    lines = ["| list | length | words | solver | mean misses | won (6 misses allowed) "
             "| worst word (misses) | seconds |", "|---|---|---|---|---|---|---|---|"]
    for (source, length), (count, rows) in results.items():
        for row in rows:
            word, misses = row["worst"]
            mean = (f"{row['mean']:.3f}" if not row["lives_game"]
                    else f"({row['mean']:.3f} capped)")
            lines.append(f"| {source} | {length} | {count:,} | {row['solver']} | {mean} "
                         f"| {row['won']:.3%} | {word} ({misses}) | {row['seconds']:.1f} |")
    return "\n".join(lines)


def gains_table(results: dict[tuple[str, int], tuple[int, list[dict[str, object]]]]) -> str:
    lines = ["| list | length | seed's rule (misses) | exact | better by | better by (%) "
             "| wins: seed's rule | wins: exact-win | fewer losses |",
             "|---|---|---|---|---|---|---|---|---|"]
    for (source, length), (count, rows) in results.items():
        by = {row["solver"]: row for row in rows}
        seed, exact, win = by["misses"], by["exact"], by["exact-win"]
        gain = seed["mean"] - exact["mean"]
        lost_seed, lost_win = (1 - seed["won"]) * count, (1 - win["won"]) * count
        lines.append(f"| {source} | {length} | {seed['mean']:.4f} | {exact['mean']:.4f} "
                     f"| {gain:.4f} | {100 * gain / max(seed['mean'], 1e-12):.2f} "
                     f"| {seed['won']:.3%} | {win['won']:.3%} "
                     f"| {lost_seed:.0f} -> {lost_win:.0f} |")
    return "\n".join(lines)


def part_one(lengths: list[int], sources: list[str], solvers: list[str]) -> tuple[str, float]:
    start = time.perf_counter()
    results: dict[tuple[str, int], tuple[int, list[dict[str, object]]]] = {}
    builtin = default_words()
    for source in sources:
        for length in lengths:
            words = (list(load_words(lingo_list(length)).words) if source == "lingo"
                     else list(builtin.of_length(length)))
            results[(source, length)] = (len(words), length_rows(source, words, solvers))
    seconds = time.perf_counter() - start
    solver = Exact()
    text = ("\n## 1. Solvers over whole lists\n\n"
            "Every word of each list is played once, all at once, in one decision tree per "
            "solver (one decision per node for all the words reaching it). `misses` is the "
            "seed's greedy rule (the letter the fewest candidates lack), `entropy` greedy "
            "entropy over letters, `exact` the search for the fewest expected misses (exact "
            f"on sets of at most {solver.exact_size} candidates, {solver.depth} letter of "
            "look-ahead over the better greedy play-out above that), `exact-win` the same "
            "search maximising the chance to win with 6 misses allowed, then minimising "
            "misses. Mean misses are over unlimited lives (the word's difficulty); `won` "
            "counts words found with at most 6 misses. For `exact-win` the mean is over the "
            "game with 6 lives, a lost game counting 7 misses. The solver knows the list (it "
            "plays on the words that agree with every answer), as the seed's solver did.\n\n")
    text += solvers_table(results)
    if set(SOLVERS) - set(solvers):
        return text + "\n", seconds
    text += ("\n\nBy how much the exact search beats the seed's rule (it cannot be worse: "
             "it is exact where it is exact, and above that it is valued by the greedy "
             "play-outs it improves on):\n\n")
    text += gains_table(results)
    text += (f"\n\nPart 1 took {seconds / 60:.1f} minutes. Points of comparison from elsewhere "
             "(other tasks, not this table): a letter-frequency guesser wins about 18% on "
             "unseen words (Trexquant's baseline), a greedy most-common-letter guesser about "
             "86% over 45,402 words.\n")
    return text, seconds


def setter_rows(words: list[str], rng: np.random.Generator, history: tuple[int, ...]
                ) -> list[dict[str, object]]:
    """For each simulated setter: the solver under each prior, scored against the setter."""
    game_uniform = hangman(words, lives=UNLIMITED)
    uniform = evaluate(game_uniform, get_solver("exact")).cost
    wordfreq = evaluate(hangman(words, lives=UNLIMITED, weights=frequencies(words)),
                        get_solver("exact")).cost
    rows = []
    for kind in SETTERS:
        truth = setter_distribution(words, kind)
        scores = {"uniform prior": uniform, "wordfreq prior": wordfreq}
        model = SetterModel(words)
        seen = 0
        for count in history:
            model.observe(rng.choice(words, size=count - seen, p=truth).tolist())
            seen = count
            prior = model.weights(words)
            scores[f"learned, {count} games"] = evaluate(
                hangman(words, lives=UNLIMITED, weights=prior), get_solver("exact")).cost
        scores["true setter (oracle)"] = evaluate(
            hangman(words, lives=UNLIMITED, weights=truth), get_solver("exact")).cost
        for prior_name, cost in scores.items():
            rows.append({"setter": kind, "prior": prior_name,
                         "misses": float(truth @ cost),
                         "won": float(truth @ (cost <= LIVES))})
            print(f"setter {kind}: {prior_name}: misses {rows[-1]['misses']:.4f} "
                  f"won {rows[-1]['won']:.4%}", flush=True)
    return rows


def part_two(length: int, limit: int | None = None, history: tuple[int, ...] = HISTORY
             ) -> tuple[str, float]:
    start = time.perf_counter()
    words = list(load_words(lingo_list(length)).words)[:limit]
    rows = setter_rows(words, np.random.default_rng(SEED), history)
    seconds = time.perf_counter() - start
    text = (f"\n## 2. Modelling the setter (official Lingo list, {length} letters, "
            f"{len(words):,} words)\n\n"
            "Three simulated setters pick the secret: `uniform` (any word alike), `frequency` (in "
            "proportion to English frequency, wordfreq), `rare-letters` (weight exp(4 x the "
            "mean rarity of the word's letters): jazz, fuzz, quiz...). The exact solver plays "
            "under each prior; the numbers are exact expectations over the setter's own "
            "distribution (every word's misses from one tree, weighted by how often the "
            "setter picks it), so only the learned prior depends on the draw: the setter's "
            f"past words, drawn with seed {SEED}, {', '.join(map(str, history))} games (the "
            "same growing history). The learned prior is `SetterModel`: a Dirichlet posterior "
            "per feature (word length, frequency band, letter-rarity band), centred on the "
            "dictionary, tilting the uniform prior. `true setter (oracle)` gives the solver "
            "the setter's exact distribution: the best any prior can do.\n\n"
            "| setter | prior the solver assumes | expected misses | won (6 misses allowed) "
            "| vs uniform prior: misses | wins |\n|---|---|---|---|---|---|\n")
    base = {row["setter"]: row for row in rows if row["prior"] == "uniform prior"}
    for row in rows:
        ref = base[row["setter"]]
        text += (f"| {row['setter']} | {row['prior']} | {row['misses']:.3f} "
                 f"| {row['won']:.2%} | {row['misses'] - ref['misses']:+.3f} "
                 f"| {100 * (row['won'] - ref['won']):+.2f} pts |\n")
    text += f"\nPart 2 took {seconds / 60:.1f} minutes.\n"
    return text, seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true",
                        help="greedy solvers on 4 letters, setters on 100 words; write nothing")
    args = parser.parse_args(argv)
    lengths = [4] if args.quick else list(range(4, 14))
    command = "python -m bench.hangman" + (" --quick" if args.quick else "")
    text = header("Hangman: solvers over whole lists, and the setter", command)
    text += f"- seed: {SEED}\n"
    if args.quick:
        one, first = part_one(lengths, ["built-in"], ["misses", "entropy"])
        two, second = part_two(4, limit=100, history=(10,))
    else:
        one, first = part_one(lengths, ["lingo", "built-in"], SOLVERS)
        two, second = part_two(6)
    text += one + two
    text += f"\nTotal: {(first + second) / 60:.1f} minutes.\n"
    if args.quick:
        print(text)
        return
    out = RESULTS / "hangman.md"
    out.write_text(text)
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
