"""Lingo games with nothing prepared: how long the slowest game takes when the player starts cold.

Run: ``python -m bench.lingo_cold [--lengths 4-13] [--games 5] [--seed 2014]`` (writes
bench/results/lingo-cold.md). Each game is one fresh player process (the default ``prepared``
strategy) through the referee, process start included, with an empty cache folder of its own: no
prepared tree and no cached first guess, so the player computes its first guess and every later
one during the game. The first game of each length also gets an empty numba cache, so it pays
the compilation of the kernels, as the first game after an install does when a player is run
on its own (``sleuth lingo pit`` compiles them before its games, in a rehearsal game). Issue 3
asks that no game take over 10 seconds without a prepared tree. ``--quick``: one game of 4
letters, numba's own cache kept, written nowhere.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from bench.common import header, kept_unless, lingo_list
from sleuth.games.lingo.pit import builtin_command, builtin_env, parse_lengths, write_wordlists
from sleuth.games.lingo.protocol import GameResult
from sleuth.games.lingo.referee import play_game
from sleuth.words.wordlist import load_words

LIMIT = 10.0  # seconds a game may take without a prepared tree (issue 3)


def cold_game(secret: str, words: list[str], workdir: Path, compile_too: bool) -> GameResult:
    """One game of the built-in player with empty caches (and an empty numba cache if asked)."""
    with tempfile.TemporaryDirectory() as cache:
        env = builtin_env() | {"SLEUTH_CACHE_DIR": cache}
        if compile_too:
            env["NUMBA_CACHE_DIR"] = os.path.join(cache, "numba")
        return play_game(builtin_command("prepared"), secret, set(words), workdir=workdir,
                         timeout=60.0, env=env)


def length_row(length: int, games: int, rng: random.Random, workdir: Path, compile_too: bool
               ) -> tuple[str, float, float]:
    """The table row of one length, its compiling game's seconds and its slowest other's."""
    words = list(load_words(lingo_list(length)).words)
    results = [cold_game(secret, words, workdir, compile_too=compile_too and index == 0)
               for index, secret in enumerate(rng.sample(words, games))]
    first, rest = results[0], results[1:] or results
    slowest = max(r.seconds for r in rest)
    faults = sum(r.reason is not None for r in results)
    mean = sum(r.seconds for r in rest) / len(rest)
    row = (f"| {length} | {len(words)} | {games} | {first.seconds:.2f} s | {mean:.2f} s | "
           f"{slowest:.2f} s | {sum(r.score for r in results) / games:.0f} | {faults} |")
    return row, first.seconds, slowest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="4-13")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--quick", action="store_true",
                        help="one game of 4 letters, numba's cache kept; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.lengths, args.games = "4", 1
    rng = random.Random(args.seed)
    lengths = parse_lengths(args.lengths)
    rows, compiling, slowest = [], 0.0, 0.0
    begin = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = write_wordlists(Path(tmp), load_words(lingo_list()).words, lengths)
        for length in lengths:
            row, first, worst = length_row(length, args.games, rng, workdir, not args.quick)
            rows.append(row)
            compiling, slowest = max(compiling, first), max(slowest, worst)
            print(row, flush=True)
    command = (f"python -m bench.lingo_cold --lengths {args.lengths} --games {args.games} "
               f"--seed {args.seed}")
    text = header("Lingo: games without a prepared tree (cold player)", command)
    text += (f"\n{args.games} words per length drawn with seed {args.seed} from the official "
             "list; each game one fresh process of the built-in player (default strategy) "
             "through the referee, process start included, with an empty cache folder: no "
             "prepared tree, no cached first guess. The first game of each length also starts "
             "with an empty numba cache (kernels compiled during the game). Games one at a time; "
             f"{(time.perf_counter() - begin) / 60:.1f} minutes in all.\n\n")
    text += ("| length | words | games | first game (compiling) | mean of the others | "
             "slowest of the others | mean score | faults |\n|---|---|---|---|---|---|---|---|\n")
    text += "\n".join(rows) + "\n"
    verdict = "within" if slowest <= LIMIT else "over"
    text += (f"\nSlowest game once the kernels are compiled: {slowest:.2f} s, {verdict} issue 3's "
             f"limit of {LIMIT:g} s a game without a prepared tree. Run on its own, a player's "
             f"first game after an install also compiles the numba kernels (once, kept in "
             f"numba's cache): up to {compiling:.2f} s; `sleuth lingo pit` compiles them before "
             "its games.\n")
    kept_unless(args.quick, "lingo-cold.md", text)
    print(text)


if __name__ == "__main__":
    main()
