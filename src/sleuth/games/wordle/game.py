"""Wordle and its variants on the one game model.

The daily answers (the secrets) and the accepted guesses are two lists. By default they are the
current game's lists, shipped with sleuth (:mod:`sleuth.words.lists`); at other word lengths the
built-in stand-ins: the most common words of the built-in dictionary as answers (a short
blocklist of slurs and crude words removed) and all its words of that length as guesses.

Variants share the engine: any word length and attempt limit, Lingo-style points, hard mode
(the ``Game.allowed`` hook), several boards at once (Dordle, Quordle: one position per board),
and an adversarial host (Absurdle) with a solver for the fewest guesses that force a win.

>>> g = wordle_game(["crane", "crate", "caper"], ["crane", "crate", "caper", "trace"])
>>> p = g.after(g.start(), g.guess_index("trace"), g.parse("bggyg"))
>>> g.secret_words(p.candidates)
['crane']
>>> hard = wordle_game(["crane", "crate", "caper"], ["crane", "crate", "caper", "trace"],
...                    hard=True)
>>> p = hard.after(hard.start(), hard.guess_index("crane"), hard.parse("gggbg"))
>>> [hard.guess_labels[i] for i in hard.allowed_guesses(p)]
['crane', 'crate']
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from sleuth.core.game import Game, Position, lingo_points, word_game
from sleuth.core.strategies import METRICS, Strategy, best_index
from sleuth.core.tree import Node
from sleuth.solve.search import HINT_RULE
from sleuth.words import feedback as fb

LENGTH = 5
ATTEMPTS = 6
N_ANSWERS = 2315
PRIORS = ("uniform", "frequency", "learned")

#: Words never proposed as built-in answers (the real game's editors drop such words too).
BLOCKLIST = frozenset((
    "bitch", "whore", "negro", "nigga", "niger", "pussy", "dildo", "penis", "fagot", "titty",
    "horny", "semen", "sexed", "honky", "kikes", "dykes", "sluts", "cunts", "fucks", "shits",
    "porno", "boobs", "lynch", "slave", "wench", "spick", "chink", "gooks",
))


# --------------------------------------------------------------------------- word lists


@dataclass(frozen=True)
class Lists:
    """The answers (possible secrets) and the accepted guesses of a game, and where from."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    source: str


def builtin_lists(length: int = LENGTH, n_answers: int = N_ANSWERS) -> Lists:
    """The stand-in lists: the commonest words of the built-in dictionary as answers, minus
    the blocklist, and every built-in word of that length as a guess."""
    from sleuth.words.wordlist import common_words, default_words

    answers = tuple(w for w in common_words(length, n_answers + len(BLOCKLIST))
                    if w not in BLOCKLIST)[:n_answers]
    if not answers:
        raise ValueError(f"the built-in dictionary has no words of {length} letters")
    guesses = tuple(sorted(set(default_words().of_length(length)) | set(answers)))
    return Lists(answers, guesses, f"built-in: {len(answers)} common {length}-letter words")


def read_list(path: str | os.PathLike[str], length: int) -> tuple[str, ...]:
    """One word list file, cleaned by :func:`wordlist.load_words`, cut to one length."""
    from sleuth.words.wordlist import load_words

    return tuple(load_words(path, length=length).words)


def load_lists(answers: str | os.PathLike[str] | None = None,
               guesses: str | os.PathLike[str] | None = None, *, list_name: str | None = None,
               length: int = LENGTH) -> Lists:
    """Lists from files, each missing one taken from the shipped list ``list_name`` (default:
    see :func:`default_lists`).

    The guesses always include the answers. Raises :class:`sleuth.words.wordlist.WordListError` or
    :class:`sleuth.words.lists.ListError` (both ``ValueError``) for an unusable file or name.
    """
    base = None
    if answers is None or guesses is None:
        base = shipped_lists(list_name, length) if list_name else default_lists(length)
    elif list_name is not None:
        from sleuth.words.lists import ListError

        raise ListError(f"give --list {list_name} or both --answers and --guesses, not all "
                        "three (the list would not be used)")
    answer_words = read_list(answers, length) if answers is not None else base.answers
    guess_words = read_list(guesses, length) if guesses is not None else base.guesses
    extra = sorted(set(answer_words) - set(guess_words))
    source = base.source if base is not None else ""
    if answers is not None or guesses is not None:
        named = [f"answers {answers}" if answers is not None else "",
                 f"guesses {guesses}" if guesses is not None else ""]
        source = "; ".join(s for s in (*named, source) if s)
    return Lists(answer_words, (*guess_words, *extra), source)


def shipped_lists(name: str, length: int = LENGTH) -> Lists:
    """A list shipped with sleuth (see ``sleuth lists``), cut to one word length.

    >>> lists = shipped_lists("wordle-original")
    >>> len(lists.answers), len(lists.guesses), lists.source
    (2315, 12972, 'wordle-original')
    """
    from sleuth.words import lists

    answers = tuple(w for w in lists.read(name, "answers") if len(w) == length)
    guesses = tuple(w for w in lists.read(name, "guesses") if len(w) == length)
    if not answers:
        raise lists.ListError(f"list {name} has no words of {length} letters")
    extra = sorted(set(answers) - set(guesses))
    return Lists(answers, (*guesses, *extra), name)


def default_lists(length: int = LENGTH) -> Lists:
    """The current game's lists (five letters), else the built-in stand-ins."""
    from sleuth.words.lists import WORDLE

    return shipped_lists(WORDLE, length) if length == LENGTH else builtin_lists(length)


# --------------------------------------------------------------------------- priors


def _features(words: Sequence[str]) -> dict[str, np.ndarray]:
    """What a setter's choice may depend on: commonness (in frequency bands), a final ``s``
    (plurals are rarely answers), a repeated letter, a final ``ed``."""
    from sleuth.words.wordlist import raw_frequencies

    freq = raw_frequencies(list(words))
    band = np.where(freq > 0, np.clip(np.floor(np.log10(np.maximum(freq, 1e-12)) + 9), 0, 8), 0)
    return {
        "band": band.astype(np.int64),
        "final_s": np.array([w.endswith("s") and not w.endswith("ss") for w in words], np.int64),
        "repeat": np.array([len(set(w)) < len(w) for w in words], np.int64),
        "final_ed": np.array([w.endswith("ed") for w in words], np.int64),
    }


def learned_prior(answers: Sequence[str], past: Iterable[str]) -> np.ndarray:
    """A prior over ``answers`` learned from past answers (naive Bayes over word features).

    Each feature value's weight is how much more often it occurs among the past answers than
    among all ``answers`` (add-one smoothing), so words like the ones the setter picked before
    come first. Normalised to sum to 1.

    >>> p = learned_prior(["cakes", "crane", "plant", "boats"], ["crane", "plant"])
    >>> bool(p[1] > p[0] and p[2] > p[3])
    True
    """
    words = list(answers)
    seen = [w for w in dict.fromkeys(past) if len(w) == len(words[0])]
    if not seen:
        raise ValueError("no past answer of the right length to learn from")
    mine, theirs = _features(words), _features(seen)
    log_w = np.zeros(len(words))
    for name, values in mine.items():
        size = int(max(values.max(), theirs[name].max())) + 1
        here = (np.bincount(values, minlength=size) + 1) / (len(words) + size)
        there = (np.bincount(theirs[name], minlength=size) + 1) / (len(seen) + size)
        log_w += np.log(there / here)[values]
    p = np.exp(log_w - log_w.max())
    return p / p.sum()


def answer_prior(answers: Sequence[str], kind: str = "uniform",
                 past: Iterable[str] | None = None) -> np.ndarray | None:
    """Prior weights over ``answers``: ``uniform`` (``None``), by English ``frequency``, or
    ``learned`` from ``past`` answers."""
    if kind not in PRIORS:
        raise ValueError(f"unknown prior {kind!r}; choose one of {', '.join(PRIORS)}")
    if kind == "uniform":
        return None
    if kind == "frequency":
        from sleuth.words.wordlist import frequencies

        return frequencies(answers)
    if past is None:
        raise ValueError("the learned prior needs a file of past answers (--past FILE)")
    return learned_prior(answers, past)


def without_past(answers: Sequence[str], past: Iterable[str]) -> tuple[str, ...]:
    """The answers minus those already used (the real game does not repeat them)."""
    used = set(past)
    left = tuple(w for w in answers if w not in used)
    if not left:
        raise ValueError("every answer is a past answer: nothing is left to guess")
    return left


# --------------------------------------------------------------------------- hard mode


def hints(history: Iterable[tuple[np.ndarray, int]], length: int) -> tuple[np.ndarray,
                                                                          np.ndarray]:
    """What hard mode requires after some (guess letters, code) pairs: the letter fixed at
    each position (-1 if none) and how many of each letter a guess must contain.

    >>> fixed, least = hints([(fb.encode(["eerie"])[0], fb.parse("gybbb"))], 5)
    >>> fixed.tolist(), int(least[4])
    ([4, -1, -1, -1, -1], 2)
    """
    fixed = np.full(length, -1, dtype=np.int64)
    least = np.zeros(26, dtype=np.int64)
    for letters, code in history:
        marks = np.array(fb.digits(int(code), length))
        fixed[marks == fb.RIGHT] = letters[marks == fb.RIGHT]
        shown = np.bincount(letters[marks != fb.ABSENT], minlength=26)
        least = np.maximum(least, shown)
    return fixed, least


def obeys(letters: np.ndarray, fixed: np.ndarray, least: np.ndarray,
          counts: np.ndarray | None = None) -> np.ndarray:
    """Which guesses (rows of letters) keep every green in place and use every yellow."""
    rows = np.atleast_2d(letters)
    if counts is None:
        counts = letter_counts(rows)
    ok = np.ones(rows.shape[0], dtype=bool)
    for pos in np.flatnonzero(fixed >= 0):
        ok &= rows[:, pos] == fixed[pos]
    for letter in np.flatnonzero(least):
        ok &= counts[:, letter] >= least[letter]
    return ok


def letter_counts(rows: np.ndarray) -> np.ndarray:
    """How many times each letter occurs in each word: an (n, 26) array."""
    counts = np.zeros((rows.shape[0], 26), dtype=np.uint8)
    for pos in range(rows.shape[1]):
        np.add.at(counts, (np.arange(rows.shape[0]), rows[:, pos].astype(np.int64)), 1)
    return counts


def hard_violation(word: str, history: Iterable[tuple[str, int]]) -> str | None:
    """Why ``word`` breaks hard mode after ``history`` (words and codes), or ``None``.

    >>> hard_violation("moist", [("crane", fb.parse("gybbb"))])
    'hard mode: the 1st letter must be C; the guess must contain R'
    >>> hard_violation("cross", [("crane", fb.parse("gybbb"))]) is None
    True
    """
    length = len(word)
    fixed, least = hints(((fb.encode([w])[0], c) for w, c in history), length)
    letters = fb.encode([word])[0]
    problems = [f"the {_ordinal(pos + 1)} letter must be {fb.ALPHABET[fixed[pos]].upper()}"
                for pos in np.flatnonzero(fixed >= 0) if letters[pos] != fixed[pos]]
    have = np.bincount(letters, minlength=26)
    unfixed = np.bincount(fixed[(fixed >= 0) & (letters != fixed)], minlength=26)
    missing = [fb.ALPHABET[c].upper() + ("" if least[c] == 1 else f" {least[c]} times")
               for c in np.flatnonzero(least) if have[c] + unfixed[c] < least[c]]
    if missing:
        problems.append("the guess must contain " + ", ".join(missing))
    return "hard mode: " + "; ".join(problems) if problems else None


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th... (11th-13th included)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, eq=False)
class HardMode:
    """The ``Game.allowed`` hook of hard mode (NYT's rule): greens stay in place, yellows are
    used somewhere (as often as they were revealed). The exact search follows the same rule
    in compiled code (:data:`sleuth.solve.search.HINT_RULE`)."""

    counts: np.ndarray
    search_rule: ClassVar[str] = HINT_RULE

    def __call__(self, game: Game, position: Position) -> np.ndarray:
        fixed, least = hints(((game.guesses[g], c) for g, c in position.history),
                             game.guesses.shape[1])
        return obeys(game.guesses, fixed, least, self.counts)


# --------------------------------------------------------------------------- games


def wordle_game(answers: Sequence[str], guesses: Sequence[str] | None = None, *,
                attempts: int = ATTEMPTS, weights: np.ndarray | None = None,
                hard: bool = False, scoring: str = "guesses") -> Game:
    """A Wordle game: score = guesses used (``scoring="lingo"``: Lingo's points instead)."""
    if scoring not in ("guesses", "lingo"):
        raise ValueError(f"unknown scoring {scoring!r}; choose guesses or lingo")
    game = word_game(list(answers), None if guesses is None else list(guesses),
                     max_attempts=attempts, weights=weights,
                     points=lingo_points if scoring == "lingo" else None, name="wordle")
    length = game.guesses.shape[1]
    game = replace(game, render=lambda code: fb.to_text(code, length, "wordle"))
    return with_hard_mode(game) if hard else game


def with_hard_mode(game: Game, on: bool = True) -> Game:
    """The same game with hard mode switched on (or off)."""
    if not on:
        return replace(game, allowed=None)
    return replace(game, allowed=HardMode(letter_counts(game.guesses)))


def is_hard(game: Game) -> bool:
    return isinstance(game.allowed, HardMode)


def game_from(lists: Lists, *, attempts: int = ATTEMPTS, prior: str = "uniform",
              past: Sequence[str] | None = None, exclude_past: bool = False,
              hard: bool = False, scoring: str = "guesses") -> Game:
    """A Wordle game from lists and options (prior kind, past answers, hard mode, scoring)."""
    answers = lists.answers
    if exclude_past:
        if not past:
            raise ValueError("excluding past answers needs a file of them (--past FILE)")
        answers = without_past(answers, past)
    weights = answer_prior(answers, prior, past)
    return wordle_game(answers, lists.guesses, attempts=attempts, weights=weights, hard=hard,
                       scoring=scoring)


@dataclass(frozen=True)
class Opening:
    """Play ``first`` as the first guess, then follow ``then``."""

    first: int
    then: Strategy

    @property
    def name(self) -> str:
        return self.then.name

    def choose(self, game: Game, position: Position) -> int:
        return self.first if not position.history else self.then.choose(game, position)


@dataclass(frozen=True)
class TreePlayer:
    """Play by a decision tree (a :class:`tree.Node` per position reached); off the tree,
    fall back to ``fallback`` (greedy entropy by default)."""

    root: Node
    name: str = "tree"
    fallback: Strategy | None = None

    def choose(self, game: Game, position: Position) -> int:
        node: Node | None = self.root
        for guess, code in position.history:
            if node is None or node.guess != guess:
                node = None
                break
            node = node.children.get(code)
        if node is not None:
            return node.guess
        from sleuth.core.strategies import Greedy

        return (self.fallback or Greedy("entropy")).choose(game, position)


def game_key(game: Game, *parts: object) -> str:
    """A short digest naming a game (lists, prior, limits, mode) and anything else given."""
    import hashlib

    h = hashlib.sha256()
    for block in (game.guesses, game.secrets):
        h.update(np.ascontiguousarray(block).tobytes())
        h.update(b"|")
    if game.weights is not None:
        h.update(np.asarray(game.weights, dtype=np.float64).tobytes())
    h.update(repr((game.max_cost, is_hard(game), *parts)).encode())
    return h.hexdigest()[:24]


def cached_first(game: Game, strategy: Strategy) -> int:
    """The strategy's first guess, remembered on disk (the one slow choice of a game)."""
    import json

    from sleuth.words.wordlist import cache_dir

    path = cache_dir() / "wordle-first-guesses.json"
    key = game_key(game, strategy.name)
    try:
        known = json.loads(path.read_text())
    except (OSError, ValueError):
        known = {}
    word = known.get(key) if isinstance(known, dict) else None
    if isinstance(word, str) and word in game.guess_labels:
        return game.guess_index(word)
    guess = strategy.choose(game, game.start())
    known = known if isinstance(known, dict) else {}
    known[key] = game.guess_labels[guess]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(known))
        tmp.replace(path)
    except OSError:
        pass  # an unwritable cache only costs the choice next time
    return guess


def play(game: Game, strategy: Strategy, secret: int,
         position: Position | None = None) -> Position:
    """Play one game against the secret with that index; the final position holds the path."""
    pos = game.start() if position is None else position
    while game.outcome(pos) is None:
        guess = strategy.choose(game, pos)
        code = int(game.codes(guess, np.array([secret]))[0])
        pos = game.after(pos, guess, code)
    return pos


# --------------------------------------------------------------------------- rating guesses


@dataclass(frozen=True)
class Rating:
    """How one guess splits the candidates: ``expected`` answers left after it (0 if it is
    the answer), ``entropy`` in bits, ``chance`` it is the answer, ``worst`` class size."""

    word: str
    expected: float
    entropy: float
    chance: float
    worst: int
    classes: int

    @property
    def candidate(self) -> bool:
        return self.chance > 0


RANKINGS = ("expected", "entropy", "worst")


def rate(game: Game, guesses: np.ndarray, candidates: np.ndarray) -> list[Rating]:
    """Exact ratings of a few guesses (indices) over candidates (weighted by the prior)."""
    n = candidates.size
    weights = game.weights_of(candidates)
    p = np.full(n, 1.0 / n) if weights is None else weights / weights.sum()
    codes = game.feedback(game.guesses[guesses], game.secrets[candidates]).astype(np.int64)
    out = []
    for i, row in enumerate(codes):
        _, inverse, counts = np.unique(row, return_inverse=True, return_counts=True)
        mass = np.bincount(inverse, weights=p)
        solved = row == game.solved
        left = counts[inverse].astype(np.float64)
        left[solved] = 0.0
        mass = mass[mass > 0]
        out.append(Rating(game.guess_labels[int(guesses[i])], float(p @ left),
                          max(0.0, float(-(mass * np.log2(mass)).sum())), float(p[solved].sum()),
                          int(counts.max()), int(counts.size)))
    return out


def _order(stats: np.ndarray, n: float, by: str) -> np.ndarray:
    """Guess order (best first) from class statistics, by one ranking."""
    hit = stats[:, fb.HIT]
    if by == "entropy":
        key = -stats[:, fb.ENTROPY] - 1e-6 * hit
    elif by == "worst":
        key = stats[:, fb.LARGEST] - 1e-6 * hit + 1e-9 * stats[:, fb.SUM_SQ]
    elif by == "expected":
        key = (stats[:, fb.SUM_SQ] - hit * hit) / n
    else:
        raise ValueError(f"unknown ranking {by!r}; choose one of {', '.join(RANKINGS)}")
    return np.argsort(key, kind="stable")


def best_guesses(game: Game, position: Position, n: int = 10, by: str = "expected",
                 pool: np.ndarray | None = None) -> list[Rating]:
    """The ``n`` best next guesses by a ranking, rated exactly (candidates first on ties)."""
    cands = position.candidates
    if pool is None:
        pool = game.allowed_guesses(position)
    own = game.guess_of_secret(cands)
    if cands.size <= 2 and (own >= 0).all():
        return sorted(rate(game, own, cands), key=lambda r: -r.chance)[:n]
    stats = game.stats(pool, cands)
    total = float(cands.size if game.weights is None else game.weights_of(cands).sum())
    order = _order(stats, total, by)
    short = pool[order[: max(5 * n, 50)]]
    ratings = rate(game, short, cands)
    key = {
        "expected": lambda r: (r.expected, -r.chance),
        "entropy": lambda r: (-round(r.entropy, 9), -r.chance),
        "worst": lambda r: (r.worst, -r.chance, r.expected),
    }[by]
    useful = [r for r in ratings if r.classes > 1 or r.candidate]  # a guess that tells nothing
    return sorted(useful, key=key)[:n]


def opener_table(game: Game) -> dict[str, np.ndarray]:
    """Every guess as a first guess: entropy, expected answers left, worst class, classes.

    Exact under a uniform prior; with a prior, ``expected`` is the remaining prior mass times
    the number of answers (exact ratings come from :func:`rate`).
    """
    cands = game.start().candidates
    pool = game.allowed_guesses(game.start())
    stats = game.stats(pool, cands)
    total = float(cands.size if game.weights is None else game.weights.sum())
    counts = stats if game.weights is None else fb.class_stats(game.guesses[pool],
                                                               game.secrets[cands])
    return {
        "index": pool,
        "entropy": stats[:, fb.ENTROPY],
        "expected": (stats[:, fb.SUM_SQ] - stats[:, fb.HIT] ** 2) / total**2 * cands.size,
        "worst": counts[:, fb.LARGEST].astype(np.int64),
        "classes": counts[:, fb.CLASSES].astype(np.int64),
        "chance": stats[:, fb.HIT] / total,
    }


def rank_openers(table: dict[str, np.ndarray], by: str = "entropy") -> np.ndarray:
    """Rows of :func:`opener_table` best first by ``entropy``, ``expected`` or ``worst``."""
    if by == "entropy":
        return np.lexsort((-table["chance"], -table["entropy"]))
    if by == "expected":
        return np.lexsort((-table["chance"], table["expected"]))
    if by == "worst":
        return np.lexsort((table["expected"], table["worst"]))
    raise ValueError(f"unknown ranking {by!r}; choose one of {', '.join(RANKINGS)}")


# --------------------------------------------------------------------------- exact openers


@dataclass
class Sweep:
    """A resumable run of the exact search over many first guesses: each opener's exact
    total, or (``at_least``) a proven lower bound when it cannot match the best so far."""

    totals: dict[str, int] = field(default_factory=dict)
    at_least: dict[str, int] = field(default_factory=dict)

    @property
    def best(self) -> tuple[str, int] | None:
        if not self.totals:
            return None
        word = min(self.totals, key=lambda w: (self.totals[w], w))
        return word, self.totals[word]

    def done(self, word: str) -> bool:
        return word in self.totals or word in self.at_least

    @classmethod
    def load(cls, path: Path) -> Sweep:
        """The records of an earlier run (JSON lines; none when ``path`` does not exist). A
        record torn by an interrupted run is skipped; a file of anything else is refused
        (ValueError, naming the line) rather than appended to."""
        import json

        from sleuth.words.wordlist import read_file

        sweep = cls()
        if not path.exists():
            return sweep
        try:
            text = read_file(path, "sweep records").decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{path}: not records of a sweep (not UTF-8 text)") from None
        for number, line in enumerate(text.splitlines(), 1):
            try:
                record = json.loads(line)
                word = str(record["guess"])
                kind = "total" if "total" in record else "at_least"
                value = int(record[kind])
            except (ValueError, KeyError, TypeError):
                if not line.strip() or line.startswith('{"guess"'):  # torn mid-write
                    continue
                raise ValueError(f"{path}, line {number}: not a record of a sweep") from None
            (sweep.totals if kind == "total" else sweep.at_least)[word] = value
        return sweep


def sweep_openers(game: Game, openers: Sequence[str], path: Path, *,
                  search: Callable[..., Any] | None = None,
                  on_result: Callable[[str, int | None, Sweep], None] | None = None,
                  cut: bool = True, **options: object) -> Sweep:
    """Exact totals of ``openers`` (best first is fastest: see :func:`sweep_order`), appended
    to ``path`` as they finish and resumed from it (recorded openers are skipped).

    With ``cut`` (and a search taking ``upper``, like :func:`sleuth.solve.search.optimal_mean`),
    each search is told the best total so far plus one: an opener that cannot match the best
    stops as soon as that is proven and is recorded with the proven bound as ``at_least``;
    openers tying the best are searched to the end, so every best opener is listed.
    """
    import inspect
    import json

    if search is None:
        from sleuth.solve.search import optimal_mean as search
    cut = cut and "upper" in inspect.signature(search).parameters
    sweep = Sweep.load(path)
    torn = path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
    with path.open("a") as out:
        if torn:
            out.write("\n")  # end an interrupted run's torn line: the next record stays whole
        for word in openers:
            if sweep.done(word):
                continue
            best = sweep.best
            extra = {"upper": best[1] + 1} if cut and best is not None else {}
            result = search(game, first_guess=word, max_guesses=game.max_cost, **extra, **options)
            total = int(result.total)
            if getattr(result, "cut", False):
                record = {"guess": word, "at_least": total}
                sweep.at_least[word] = total
            else:
                record = {"guess": word, "total": total}
                sweep.totals[word] = total
            out.write(json.dumps(record) + "\n")
            out.flush()
            if on_result is not None:
                on_result(word, record.get("total"), sweep)
    return sweep


def sweep_order(game: Game) -> list[str]:
    """Every allowed first guess, most promising first: by the exact search's own cheap lower
    bound (how the guess splits the answers; the sum of squared class sizes breaks ties).
    On the original lists SALET, the best, comes first, then SLATE and REAST."""
    from sleuth.solve.search import root_order

    guesses, _ = root_order(game, max_guesses=game.max_cost)
    return [game.guess_labels[int(g)] for g in guesses]


# --------------------------------------------------------------------------- several boards


def boards_attempts(n_boards: int) -> int:
    """The usual attempt limit with n boards: Dordle 7, Quordle 9, Octordle 13."""
    return n_boards + 5


@dataclass(frozen=True)
class Boards:
    """Several boards played with the same guesses: one position per board, and the guess
    number at which each board was solved (0 while open)."""

    positions: tuple[Position, ...]
    solved_at: tuple[int, ...]
    guesses: tuple[int, ...] = ()

    @property
    def open(self) -> list[int]:
        return [b for b, at in enumerate(self.solved_at) if at == 0]

    @property
    def done(self) -> bool:
        return not self.open


def boards_start(game: Game, n_boards: int) -> Boards:
    """Every board open with every answer possible."""
    start = game.start()
    return Boards((start,) * n_boards, (0,) * n_boards)


def boards_after(game: Game, boards: Boards, guess: int, codes: Sequence[int]) -> Boards:
    """The boards after one guess scored ``codes[b]`` on each open board ``b`` (solved boards'
    entries are ignored); raises :class:`sleuth.core.game.Contradiction` and changes nothing."""
    positions = list(boards.positions)
    solved_at = list(boards.solved_at)
    turn = len(boards.guesses) + 1
    for b in boards.open:
        positions[b] = game.after(positions[b], guess, int(codes[b]))
        if int(codes[b]) == game.solved:
            solved_at[b] = turn
    return Boards(tuple(positions), tuple(solved_at), (*boards.guesses, guess))


@dataclass
class BoardsGreedy:
    """A guess scored on every open board: the per-board statistics summed. A board down to
    one answer is finished first; otherwise the best summed metric, ties to a candidate."""

    metric: str = "entropy"
    hit_bonus: float = 1.0
    _cache: dict[bytes, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return f"boards-{self.metric}"

    def choose(self, game: Game, boards: Boards) -> int:
        open_ = [boards.positions[b] for b in boards.open]
        for pos in sorted(open_, key=lambda p: p.candidates.size):
            if pos.candidates.size == 1 and game.guess_of_secret(pos.candidates)[0] >= 0:
                return int(game.guess_of_secret(pos.candidates)[0])
        pool = np.arange(len(game.guesses))
        score = np.zeros(pool.size)
        hit = np.zeros(pool.size)
        for pos in open_:
            stats = self._stats(game, pool, pos.candidates)
            score += METRICS[self.metric](stats)
            weights = game.weights_of(pos.candidates)
            hit += stats[:, fb.HIT] / (pos.candidates.size if weights is None else weights.sum())
        own = np.concatenate([game.guess_of_secret(p.candidates) for p in open_])
        return best_index(score + self.hit_bonus * hit, pool, own[own >= 0])

    def _stats(self, game: Game, pool: np.ndarray, cands: np.ndarray) -> np.ndarray:
        if cands.size < 200:
            return game.stats(pool, cands)
        key = cands.tobytes()
        if key not in self._cache:
            self._cache[key] = game.stats(pool, cands)
        return self._cache[key]


def play_boards(game: Game, secrets: Sequence[int], strategy: BoardsGreedy,
                attempts: int | None = None) -> Boards:
    """Play one multi-board game against the secrets (indices), to the end or the limit."""
    limit = boards_attempts(len(secrets)) if attempts is None else attempts
    boards = boards_start(game, len(secrets))
    target = np.asarray(secrets)
    while not boards.done and len(boards.guesses) < limit:
        guess = strategy.choose(game, boards)
        codes = game.feedback(game.guesses[guess : guess + 1], game.secrets[target])[0]
        boards = boards_after(game, boards, guess, codes)
    return boards


# --------------------------------------------------------------------------- adversarial host


def _host_key(codes: np.ndarray, sizes: np.ndarray, length: int) -> np.ndarray:
    """Host preference among classes: the largest, then the fewest greens, then yellows."""
    marks = np.array([fb.digits(int(c), length) for c in codes]).reshape(len(codes), length)
    greens = (marks == fb.RIGHT).sum(axis=1)
    yellows = (marks == fb.PRESENT).sum(axis=1)
    return np.lexsort((codes, yellows, greens, -sizes))


def absurdle_reply(game: Game, candidates: np.ndarray, guess: int) -> tuple[int, np.ndarray]:
    """The adversarial host's answer: keep the largest class (ties: fewest greens, then fewest
    yellows, then the lowest code). Returns the code and the candidates kept.

    >>> g = wordle_game(["aa", "ab", "ba", "bb"], attempts=9)
    >>> code, kept = absurdle_reply(g, g.start().candidates, g.guess_index("aa"))
    >>> fb.to_text(code, 2, "wordle"), g.secret_words(kept)
    ('bb', ['bb'])
    """
    row = game.codes(guess, candidates)
    codes, inverse, sizes = np.unique(row, return_inverse=True, return_counts=True)
    pick = _host_key(codes, sizes, game.guesses.shape[1])[0]
    return int(codes[pick]), candidates[inverse == pick]


@dataclass
class AbsurdleResult:
    """A shortest forced win: the guesses, the host's answers, and whether the search proved
    that no shorter win exists (``shortest``)."""

    guesses: list[str]
    codes: list[int]
    kept: list[int]
    shortest: bool
    nodes: int


def absurdle_solve(game: Game, *, first: str | None = None, limit: int = 8,
                   progress: Callable[[int, int], None] | None = None) -> AbsurdleResult | None:
    """The fewest guesses that force a win against the adversarial host (iterative deepening
    with pruning: a set of s answers needs more guesses than any set of at most the number of
    possible feedbacks, and failed (set, depth) pairs are remembered). ``None`` past ``limit``.
    """
    length = game.guesses.shape[1]
    width = 3**length - length  # codes with all right but one present cannot occur
    failed: set[tuple[bytes, int]] = set()
    nodes = [0]
    pool = np.arange(len(game.guesses))

    def cap(k: int) -> float:
        return 0 if k <= 0 else 1 if k == 1 else float(width) ** (k - 1)

    def force(cands: np.ndarray, k: int) -> list[int] | None:
        nodes[0] += 1
        if cands.size == 1:
            own = int(game.guess_of_secret(cands)[0])
            return [own] if k >= 1 and own >= 0 else None
        if k <= 1 or cands.size > cap(k):
            return None
        key = (cands.tobytes(), k)
        if key in failed:
            return None
        largest = fb.class_stats(game.guesses, game.secrets[cands])[:, fb.LARGEST]
        order = np.argsort(largest, kind="stable")
        order = order[largest[order] <= cap(k - 1)]
        seen: set[bytes] = set()
        for i, guess in enumerate(pool[order]):
            if progress is not None and k == depth[0] - int(first is not None):
                progress(i, order.size)
            _, kept = absurdle_reply(game, cands, int(guess))
            tag = kept.tobytes()
            if tag in seen:
                continue
            seen.add(tag)
            rest = force(kept, k - 1)
            if rest is not None:
                return [int(guess), *rest]
        failed.add(key)
        return None

    start = game.start().candidates
    opening: list[int] = []
    if first is not None:
        opening = [game.guess_index(first)]
        _, start = absurdle_reply(game, start, opening[0])
    depth = [0]
    for total in range(len(opening) + 1, limit + 1):
        depth[0] = total
        path = force(start, total - len(opening))
        if path is not None:
            return _replay(game, [*opening, *path], shortest=True, nodes=nodes[0])
    return None


def _replay(game: Game, guesses: list[int], *, shortest: bool, nodes: int) -> AbsurdleResult:
    cands = game.start().candidates
    codes, kept = [], []
    for guess in guesses:
        code, cands = absurdle_reply(game, cands, guess)
        codes.append(code)
        kept.append(int(cands.size))
    return AbsurdleResult([game.guess_labels[g] for g in guesses], codes, kept, shortest, nodes)


def absurdle_play(game: Game, words: Sequence[str]) -> AbsurdleResult:
    """The host's answers to the given guesses (``shortest`` is False: nothing was searched)."""
    return _replay(game, [game.guess_index(w) for w in words], shortest=False, nodes=0)


__all__ = [
    "ATTEMPTS",
    "BLOCKLIST",
    "PRIORS",
    "RANKINGS",
    "AbsurdleResult",
    "Boards",
    "BoardsGreedy",
    "HardMode",
    "Lists",
    "Opening",
    "Rating",
    "Sweep",
    "TreePlayer",
    "absurdle_play",
    "absurdle_reply",
    "absurdle_solve",
    "answer_prior",
    "best_guesses",
    "boards_after",
    "boards_attempts",
    "boards_start",
    "builtin_lists",
    "cached_first",
    "default_lists",
    "game_from",
    "game_key",
    "hard_violation",
    "hints",
    "is_hard",
    "learned_prior",
    "load_lists",
    "obeys",
    "opener_table",
    "play",
    "play_boards",
    "rank_openers",
    "rate",
    "shipped_lists",
    "sweep_openers",
    "sweep_order",
    "with_hard_mode",
    "without_past",
    "wordle_game",
]
