"""Lingo strength: exact mean score per game over whole official lists, strategies side by side.

Run: ``python -m bench.lingo [--lengths 4-13] [--strategies entropy,minimax,tournament]
[--games 20]`` (writes bench/results/lingo.md). Every mean is exact: each strategy's decision
tree is evaluated over every word of the length (no sampling). The ``prepared`` column is the
best-score tree of ``sleuth lingo prepare`` (prepared here unless the cache already holds it;
its own preparation time is reported either way). The upper bound is sound and looks two guesses
deep (:func:`scoring.deep_bound`): after any first guess, each class is worth at most what
its best second guess could reach if every class that one leaves named one secret at once and the
rest on the attempt after; the search for the best first guess by that bound stops after
``--bound-seconds`` with a bound that is still sound, only looser. The same bound for the
tree's own first guess, tightened by ``sleuth lingo prepare`` and recorded in the tree (or
proven here for ``--opening-seconds`` when the tree has none), says how far the tree is from
the best play after that opening. Time per game:
``--games`` words per length drawn with seed 2014, each played by the player program through the
referee, process start included. ``--quick``: length 4, greedy entropy, one game, one second
for each bound, written nowhere.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from bench.common import RESULTS, earlier_lines, earlier_runs, header, kept_unless, lingo_list
from bench.lingo_settle import journaled_proof
from sleuth.core.game import Game
from sleuth.core.storage import published
from sleuth.core.strategies import get
from sleuth.core.tree import Evaluation, evaluate
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.pit import parse_lengths
from sleuth.games.lingo.prepare import Prepared, Settings, load_tree, prepare
from sleuth.games.lingo.referee import play_game
from sleuth.games.lingo.scoring import class_totals, deep_bound, opening_proof
from sleuth.words.wordlist import load_words

CPP_MEANS = {n: published(f"lingo-cpp-mean-{n}") for n in range(4, 14)}
FLOORS = {4: 137, 5: 200, 6: 236, 7: 268, 8: 291, 9: 308.5, 10: 323, 11: 337.5, 12: 352.5,
          13: 364}
PLAYER = [sys.executable, "-m", "sleuth.games.lingo.player", "--strategy", "prepared"]


def game_seconds(words: list[str], games: int, workdir: Path) -> float:
    """Mean wall time of a game of the prepared player, process start included."""
    chosen = random.Random(2014).sample(words, min(games, len(words)))
    start = time.perf_counter()
    for word in chosen:
        play_game(PLAYER, word, set(words), workdir=workdir, timeout=60)
    return (time.perf_counter() - start) / len(chosen)


def strategy_cells(length: int, names: list[str]) -> list[str]:
    """The strategies' exact means over the whole list of one length, with their times."""
    words = list(load_words(lingo_list(length)).words)
    game = lingo_game(words)
    cells = [str(length), str(len(words)), f"{CPP_MEANS[length]:.2f}", f"{FLOORS[length]}"]
    for name in names:
        start = time.perf_counter()
        result = evaluate(game, get(name))
        seconds = time.perf_counter() - start
        cells.append(f"{result.mean_score():.2f} ({result.failures} lost, {seconds:.0f} s)")
        print(f"length {length} {name}: {cells[-1]}", flush=True)
    return cells


def gap_percent(bound: float, reached: float) -> float:
    """How far below a bound a score stays, in per cent of the bound."""
    return 100 * (bound - reached) / bound


def prepared_cells(length: int, games: int, wait: bool, bound_seconds: float,
                   opening_seconds: float) -> list[str]:
    """The prepared tree (prepared here, or waited for when another process prepares it), checked
    by playing it against every word; the bound, the gap and the times."""
    words = list(load_words(lingo_list(length)).words)
    game = lingo_game(words)
    tree = load_tree(words)
    while tree is None and wait:
        time.sleep(30)
        tree = load_tree(words)
    tree = tree or prepare(words, Settings.for_length(length))
    played = evaluate(game, get("prepared"))
    assert abs(played.mean_score() - tree.mean) < 1e-6, "the tree must score what it recorded"
    start = time.perf_counter()
    settled = journaled_proof(game, float(played.scores().sum()), length)
    if settled is not None:
        total, seconds, runs = settled
        bound, gap = total / len(words), gap_percent(total, tree.total)
        how = f"optimal over every first guess: lingo-settle.md, {runs} run{'s' * (runs > 1)}"
        bound_time = seconds
    else:
        proof = deep_bound(game, seconds=bound_seconds)
        bound_time = time.perf_counter() - start
        bound, gap = proof.total / len(words), gap_percent(proof.total, tree.total)
        if abs(proof.total - tree.total) < 1e-6:
            how = "optimal: the tree reaches it"
        elif proof.exact:
            how = f"best first guess by it: {game.guess_labels[proof.guess]}"
        else:
            how = "time limit reached"
    opening, optimum, opening_time = opening_cell_figures(game, tree, played, opening_seconds)
    reach = "optimal" if optimum else f"gap {gap_percent(opening, tree.total):.3f}%"
    per_game = game_seconds(words, games, lingo_list(length).parent)
    cells = [f"{tree.mean:.2f} ({played.failures} lost)",
             f"{bound:.2f} ({how}, {bound_time:.0f} s)",
             f"{opening / len(words):.2f} ({reach}, {opening_time:.0f} s)", f"{gap:.3f}%",
             f"{tree.seconds:.0f} s", f"{per_game:.2f} s",
             f"{tree.first} (best of {len(tree.screened)} screened)"]
    print(f"length {length}: {cells}", flush=True)
    return cells


def opening_cell_figures(game: Game, tree: Prepared, played: Evaluation, seconds: float
                         ) -> tuple[float, bool, float]:
    """The bound after the tree's first guess, whether the tree meets it, and the seconds its
    proof had: as `sleuth lingo prepare` proved and recorded it, else proven here for
    ``seconds`` (:func:`scoring.opening_proof`, each class starting from the tree's total)."""
    if tree.opening is not None and tree.proof_seconds is not None:
        return tree.opening, tree.optimal_after_opening, tree.proof_seconds
    start, first = time.perf_counter(), game.guess_index(tree.first)
    bound = opening_proof(game, first, seconds=seconds, reached=tree.total,
                          known=class_totals(game, first, played.scores()))[0]
    return bound.total, bound.optimum, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="4-13")
    parser.add_argument("--strategies", default="entropy,minimax,tournament")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bound-seconds", type=float, default=120.0,
                        help="time allowed per length to tighten the upper bound")
    parser.add_argument("--opening-seconds", type=float, default=600.0,
                        help="time allowed per length to prove the tree after its first guess, "
                        "when the tree records no proof of its own")
    parser.add_argument("--wait", action="store_true",
                        help="wait for trees that `sleuth lingo prepare` is computing elsewhere")
    parser.add_argument("--quick", action="store_true",
                        help="length 4, entropy, one game, 1 s a bound; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.lengths, args.strategies, args.games, args.bound_seconds = "4", "entropy", 1, 1.0
        args.opening_seconds = 1.0
    names = args.strategies.split(",")
    lengths = parse_lengths(args.lengths)
    rows = [strategy_cells(n, names) for n in lengths]
    rows = [cells + prepared_cells(n, args.games, args.wait, args.bound_seconds,
                                   args.opening_seconds)
            for n, cells in zip(lengths, rows, strict=True)]
    command = (f"python -m bench.lingo --lengths {args.lengths} --strategies {args.strategies} "
               f"--games {args.games} --bound-seconds {args.bound_seconds:g} "
               f"--opening-seconds {args.opening_seconds:g}")
    kept = earlier_lines(RESULTS / "lingo.md", {n: f"| {n} | " for n in range(4, 14)
                                                if n not in lengths})
    text = header("Lingo: exact mean score per game over the whole official lists", command)
    text += ("\nMean score per game (100 x (6 - attempts), 0 when lost) over every word of the "
             "length, from each strategy's full decision tree; in brackets the words lost and "
             "the time to evaluate the tree. C++: the winning 2014 entry's own whole-list means "
             "(SPEC section 1); floor: what issue 3 asks for. prepared: the tree of `sleuth "
             "lingo prepare` (with the settings each tree records), checked by playing it "
             "against every word; bound: a sound upper bound on any strategy's mean, two guesses "
             "deep (after the first guess, every class bounded by its best second guess if each "
             "class that leaves named one secret at once and the rest on the attempt after), "
             "the most promising first guesses then as in the next column, with the time it "
             "took; where it equals the prepared mean the tree is optimal; where "
             "`bench.lingo_settle` has settled every first guess at or below the tree (its "
             "journal in `bench/results/lingo-settle/`, read here), that bound instead, with "
             "the seconds of all its runs; "
             "after its first guess: the same bound for strategies that open with the tree's "
             "first guess, each of its classes starting from what the tree reaches in it: "
             "those short of it that fit the search's table (`endgame.filtered`: up to "
             "5,945 words at length 4, 1,422 at 6, 816 at 8) are searched over every word, "
             "smallest "
             "first, each guess only while it may beat the tree there (first by counting the "
             "games it must lose: every word tried as the next guesses but the last, then by "
             "its exact search), larger ones lowered by counting lost games "
             "(optimal: the tree is the best play after that "
             "opening); each stops at its time limit; as `sleuth lingo prepare` proved it and "
             "recorded it in the tree, with the seconds it was given (a tree without a proof "
             "is proven here for --opening-seconds); with the prepared mean's gap to it; gap: "
             "between the prepared mean and the bound; "
             "prepare: the tree's preparation time on this machine, with its proof after the "
             "opening (as the tree records it); per game: wall time of a "
             "game of the player program through the referee, process start included "
             f"({args.games} words per length, seed 2014; the C++ entry takes 0.1 to 0.4 s)."
             + earlier_runs(RESULTS / "lingo.md", set(kept)) + "\n\n")
    columns = ["length", "words", "C++ entry", "floor", *names, "prepared", "bound",
               "after its first guess", "gap", "prepare", "per game", "first guess"]
    text += "| " + " | ".join(columns) + " |\n" + "|---" * len(columns) + "|\n"
    ran = {int(cells[0]): "| " + " | ".join(cells) + " |" for cells in rows}
    text += "".join(ran.get(n, kept.get(n, "")) + "\n" for n in range(4, 14)
                    if n in ran or n in kept)
    kept_unless(args.quick, "lingo.md", text)
    print(text)


if __name__ == "__main__":
    main()
