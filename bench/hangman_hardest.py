"""The hardest words of six letters for Hangman, beside the hardest-word list the seed published.

Run: ``python -m bench.hangman_hardest`` (writes ``bench/results/hangman-hardest.md``). The seed
rated every six-letter word of its system dictionary (15,066 words) by the misses its greedy
rule (the letter the fewest candidates lack, ties a-z) makes on it, and published the ten
hardest (-UZZLE and -UGGER words). Here the same rule and the look-ahead solver (``exact``) rate
every six-letter word of the built-in dictionary (the closest to the seed's: Webster's 2nd and
GCIDE) and of the official Lingo list, lives never running out: the seed's ten words with their
misses and rank under each, and each rating's own ten hardest. ``--quick``: 2,000 words of the
built-in list, the seed's rule only, written nowhere.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np

from bench.common import RESULTS, command_line, header, lingo_list
from sleuth.core.tree import evaluate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.optimal import optimum
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.hangman.solvers import get_solver
from sleuth.words.wordlist import default_words, load_words

OUT = RESULTS / "hangman-hardest.md"
LENGTH = 6
TOP = 10
#: The seed's ten hardest six-letter words and the misses its greedy rule made on each (its
#: system dictionary, 15,066 words).
PUBLISHED = {"buzzer": 12, "cuffer": 12, "jugger": 12, "pugger": 12, "suddle": 12,
             "yucker": 12, "zipper": 12, "tuzzle": 12, "wuzzer": 13, "wuzzle": 13}
SOLVERS = {"misses": "the seed's rule", "exact": "look-ahead (exact)",
           "optimal": "the proven optimum"}
JOURNAL = RESULTS / "hangman-journals" / f"hangman-{LENGTH}-misses.jsonl"  # its search, kept


@dataclass(frozen=True)
class Rated:
    """Every word of one list rated by one solver: the misses on each, and the time it took."""

    source: str
    solver: str
    words: list[str]
    misses: np.ndarray
    seconds: float

    def rank(self, word: str) -> str:
        """The word's rank, hardest first ("-" when the list lacks it); ties share the best."""
        if word not in self.words:
            return "-"
        m = int(self.misses[self.words.index(word)])
        return f"{m} (#{int((self.misses > m).sum()) + 1})"

    def hardest(self) -> list[tuple[str, int]]:
        """The TOP hardest words, most misses first, ties a-z."""
        order = np.lexsort((np.array(self.words), -self.misses))[:TOP]
        return [(self.words[i], int(self.misses[i])) for i in order]


def rated(source: str, words: list[str], solver: str) -> Rated:
    """Every word's misses under ``solver`` from one decision tree, lives never running out."""
    started = time.perf_counter()
    game = hangman(words, lives=UNLIMITED)
    if solver == "optimal":  # the search of bench.hangman_optimal, replayed from its journal
        cost = optimum(game, journal=JOURNAL).cost
    else:
        cost = evaluate(game, get_solver(solver)).cost
    return Rated(source, solver, words, cost, time.perf_counter() - started)


def lists(quick: bool) -> dict[str, list[str]]:
    """The six-letter words of each list rated."""
    builtin = [w for w in default_words().words if len(w) == LENGTH]
    if quick:
        return {"built-in": [w for w in builtin if w in PUBLISHED] + builtin[:2000]}
    return {"built-in": builtin, "lingo": list(load_words(lingo_list(LENGTH)).words)}


def tables(ratings: list[Rated]) -> str:
    """The seed's words under every rating, then each rating's own hardest."""
    heads = [f"{r.source}, {SOLVERS[r.solver]}" for r in ratings]
    out = ["| word | seed: misses | " + " | ".join(f"{h}: misses (rank)" for h in heads) + " |",
           "|---|---|" + "---|" * len(ratings)]
    for word, misses in sorted(PUBLISHED.items(), key=lambda item: (-item[1], item[0])):
        out.append(f"| {word} | {misses} | " + " | ".join(r.rank(word) for r in ratings) + " |")
    out += ["", "| rating | words | mean misses | hardest (misses) | seed's words among them "
            "| seconds |", "|---|---|---|---|---|---|"]
    for head, r in zip(heads, ratings, strict=True):
        top = r.hardest()
        shared = sorted(w for w, _ in top if w in PUBLISHED)
        out.append(f"| {head} | {len(r.words):,} | {r.misses.mean():.4f} | "
                   + ", ".join(f"{w} ({m})" for w, m in top)
                   + f" | {len(shared)}: {', '.join(shared) or '-'} | {r.seconds:.1f} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="2,000 built-in words, the seed's rule; no file")
    args = parser.parse_args(argv)
    ratings = [rated(source, words, solver)
               for source, words in lists(args.quick).items()
               for solver in (["misses"] if args.quick else SOLVERS)
               if solver != "optimal" or source == "lingo"]  # the one whose search is kept
    text = tables(ratings)
    print(text)
    if args.quick:
        return
    command = command_line("hangman_hardest", argv)
    OUT.write_text(
        header("Hangman: the hardest six-letter words beside the seed's list", command)
        + "\nNo randomness (no seed). Misses with lives that never run out, every word of the "
        "list chosen alike, read off one decision tree per list and solver (the solver knows "
        "the list). The seed's figures are for its own system dictionary (15,066 six-letter "
        "words), so the same rule on another list can rate a word differently; rank: 1 + the "
        "words with more misses. The proven optimum (`sleuth hangman optimal --length 6`) "
        "rates the Lingo list: its tree is rebuilt from the journal of its search "
        f"(`{JOURNAL.relative_to(RESULTS)}`, written by bench.hangman_optimal; its time here "
        "is the replay's); the hardest words of the other lengths are in "
        "`hangman-optimal.md`.\n\n" + text)


if __name__ == "__main__":
    main()
