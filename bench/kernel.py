"""Feedback kernel throughput: (guess, secret) pairs per second, sleuth against plain numpy.

Run: ``python -m bench.kernel`` (writes bench/results/kernel.md). Timings are the best of
several repeats, on one thread unless marked; the machine is shared, so read them as ratios.
``--quick``: 5 letters, 40 guesses, one repeat, written nowhere.
"""

from __future__ import annotations

import argparse

import numba
import numpy as np

from bench.common import best_time, header, kept_unless, lingo_list
from sleuth.words import feedback as fb
from sleuth.words.wordlist import load_words


def numpy_codes(guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
    """The same rule in plain vectorised numpy: the naive baseline."""
    g = guesses[:, None, :].astype(np.int64)
    s = secrets[None, :, :].astype(np.int64)
    green = g == s
    spare = np.zeros((*green.shape[:2], 26), dtype=np.int64)
    for k in range(s.shape[2]):  # secret letters not matched exactly
        idx = np.broadcast_to(s[:, :, k], green.shape[:2])
        np.put_along_axis(spare, idx[..., None],
                          np.take_along_axis(spare, idx[..., None], 2) + ~green[:, :, k, None],
                          axis=2)
    code = np.zeros(green.shape[:2], dtype=np.int64)
    for k in range(g.shape[2]):
        letter = np.broadcast_to(g[:, :, k], green.shape[:2])[..., None]
        have = np.take_along_axis(spare, letter, 2)[..., 0]
        yellow = ~green[:, :, k] & (have > 0)
        np.put_along_axis(spare, letter, (have - yellow)[..., None], axis=2)
        code = code * 3 + np.where(green[:, :, k], 2, yellow.astype(np.int64))
    return code


def best_rate(fn, pairs: int, repeats: int = 3) -> float:
    """Pairs per second, best of ``repeats`` runs."""
    return pairs / best_time(fn, repeats)


def measure(length: int, threads: int, count: int = 400, repeats: int = 3
            ) -> tuple[int, int, float, float, float, float]:
    """One row of the table: throughputs for one word length, ``count`` random guesses."""
    words = fb.encode(load_words(lingo_list(length)).words)
    rng = np.random.default_rng(length)
    guesses = words[rng.choice(len(words), count, replace=False)]
    pairs = guesses.shape[0] * words.shape[0]
    assert np.array_equal(numpy_codes(guesses[:3], words[:500]),
                          fb.codes(guesses[:3], words[:500]))
    fb.codes(guesses[:2], words, parallel=False)
    fb.class_stats(guesses[:2], words)
    numba.set_num_threads(1)
    one = best_rate(lambda: fb.codes(guesses, words, parallel=False), pairs, repeats)
    stats_one = best_rate(lambda: fb.class_stats(guesses, words), pairs, repeats)
    numba.set_num_threads(threads)
    many = best_rate(lambda: fb.codes(guesses, words), pairs, repeats)
    small = guesses[:20]
    plain = best_rate(lambda: numpy_codes(small, words), small.shape[0] * words.shape[0], 1)
    print(f"length {length}: {one / 1e6:.1f} M pairs/s on one core", flush=True)
    return length, words.shape[0], one, many, stats_one, plain


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="5 letters, 40 guesses, one repeat; write nothing")
    quick = parser.parse_args(argv).quick
    threads = numba.get_num_threads()
    count = 40 if quick else 400
    rows = [measure(length, threads, count, 1 if quick else 3)
            for length in ((5,) if quick else (5, 9, 13))]
    text = header("Feedback kernel throughput",
                  "python -m bench.kernel" + (" --quick" if quick else ""))
    text += (f"\nPairs per second (millions), {count} random guesses against every word of the "
             "length in the official Lingo list. `codes` fills the feedback matrix; "
             "`class_stats` also counts the classes (entropy, largest class, ...). numpy: the "
             "same rule vectorised "
             f"in plain numpy (20 guesses). All cores = {threads} threads.\n\n"
             "| length | words | codes, 1 core | codes, all cores | class_stats, 1 core "
             "| plain numpy | 1 core / numpy |\n|---|---|---|---|---|---|---|\n")
    for length, n, one, many, stats, plain in rows:
        text += (f"| {length} | {n} | {one / 1e6:.1f} | {many / 1e6:.1f} | {stats / 1e6:.1f} "
                 f"| {plain / 1e6:.2f} | {one / plain:.0f}x |\n")
    kept_unless(quick, "kernel.md", text)
    print(text)


if __name__ == "__main__":
    main()
