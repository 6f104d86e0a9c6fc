"""How setters choose words: the prior a solver assumes over the secret.

A setter is described by one distribution over the words. :func:`setter_distribution` gives
the fixed ones by name (:data:`SETTER_KINDS`: any word alike, common words likelier, words of
rare letters likelier), used both to simulate a setter and as a prior the solver may assume;
:class:`SetterModel` learns one setter from the words they set (:func:`read_picks` reads them
from a file, a word set twice counted twice). :func:`word_prior` is the one entry point that
picks between them.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from sleuth.games.hangman.game import LETTERS
from sleuth.words.wordlist import PRIOR_KINDS, load_words, prior, raw_frequencies

#: The fixed setters by name: wordlist priors (uniform, frequency), and rare letters.
SETTER_KINDS = (*PRIOR_KINDS, "rare-letters")
RARE_TILT = 4.0  # a rare-letters setter weighs a word exp(RARE_TILT x its letters' rarity)
#: What the learned model sees in a word besides the letters a-z it holds.
TRAITS = ("repeated letters", "letter rarity", "word frequency")
FEATURES = (*LETTERS, *TRAITS)
MIN_VARIANCE, MAX_VARIANCE = 1e-4, 100.0  # the bounds of a feature's prior variance
POOLING = 4.0  # a feature's prior variance is pulled to its kind's as if by so many weights
MIN_CONCENTRATION = 1.0  # a word never set keeps at least the chance of one pseudo-pick
FLOOR = 1e-6  # no word weighs less than this share of the mean word
NEWTON_STEPS = 100
EVIDENCE_STEPS = 30
TOLERANCE = 1e-9


def zipf_values(words: Sequence[str]) -> np.ndarray:
    """Each word's Zipf frequency in English (log10 of uses per billion words, by wordfreq),
    0 for words it does not know.

    >>> zipf_values(["the", "qxzv"]).round(1).tolist()
    [7.7, 0.0]
    """
    raw = raw_frequencies(list(words))
    out = np.zeros(raw.size)
    known = raw > 0
    out[known] = np.log10(raw[known]) + 9.0
    return out


def letter_presence(words: Sequence[str]) -> np.ndarray:
    """Which letters a-z each word holds: an (n, 26) boolean table.

    >>> letter_presence(["eel"])[0, [4, 11, 0]].tolist()
    [True, True, False]
    """
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    letters = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8) - ord("a")
    out = np.zeros((len(words), len(LETTERS)), dtype=bool)
    out[np.repeat(np.arange(len(words)), lengths), letters] = True
    return out


def letter_shares(words: Sequence[str]) -> np.ndarray:
    """For each letter a-z, the share of the words holding it.

    >>> letter_shares(["eel", "tee"])[[4, 11, 0]].tolist()
    [1.0, 0.5, 0.0]
    """
    return letter_presence(words).sum(axis=0) / max(1, len(words))


def letter_rarity(words: Sequence[str], shares: np.ndarray | None = None) -> np.ndarray:
    """Mean rarity of each word's distinct letters: -log(share of list words holding it)."""
    shares = letter_shares(words) if shares is None else shares
    held = letter_presence(words)
    return held @ -np.log(np.maximum(shares, 1e-6)) / np.maximum(held.sum(axis=1), 1)


def word_features(words: Sequence[str], shares: np.ndarray) -> np.ndarray:
    """The :data:`FEATURES` of each word: its letters (0/1), its share of repeated letters, the
    mean rarity of its letters (``shares``: of the dictionary) and its Zipf frequency."""
    held = letter_presence(words)
    lengths = np.fromiter(map(len, words), dtype=np.float64, count=len(words))
    repeated = 1 - held.sum(axis=1) / np.maximum(lengths, 1)
    return np.column_stack([held, repeated, letter_rarity(words, shares), zipf_values(words)])


def setter_distribution(words: Sequence[str], kind: str) -> np.ndarray:
    """How a fixed setter picks among ``words`` (sums to one): ``uniform``, ``frequency`` (in
    proportion to English frequency) or ``rare-letters`` (favouring words of rare letters).

    >>> int(setter_distribution(["jazz", "tent", "note"], "rare-letters").argmax())
    0
    """
    if kind == "rare-letters":
        rarity = letter_rarity(words)
        p = np.exp(RARE_TILT * (rarity - rarity.max()))
        return p / p.sum()
    if kind not in PRIOR_KINDS:
        raise ValueError(f"unknown setter {kind!r}; choose one of {', '.join(SETTER_KINDS)}")
    return prior(words, kind)


# --------------------------------------------------------------------------- the learned setter


def expected_distinct(concentration: float, picks: int) -> float:
    """How many distinct words ``picks`` picks hold on average when each pick is a new word
    with chance concentration / (concentration + picks so far): sum of a / (a + i), i < picks.

    >>> expected_distinct(1.0, 3), expected_distinct(math.inf, 3)
    (1.8333333333333333, 3.0)
    """
    if math.isinf(concentration):
        return float(picks)
    return float(sum(concentration / (concentration + i) for i in range(picks)))


def concentration_estimate(counts: Sequence[int]) -> float:
    """The most likely concentration of a setter who set each word ``counts`` times: the one
    under which the picks hold as many distinct words on average as they do (inf when no word
    came twice), at least :data:`MIN_CONCENTRATION`."""
    picks, distinct = int(sum(counts)), len(counts)
    if distinct == picks:
        return math.inf
    if expected_distinct(MIN_CONCENTRATION, picks) >= distinct:
        return MIN_CONCENTRATION
    low, high = MIN_CONCENTRATION, 2 * MIN_CONCENTRATION
    while expected_distinct(high, picks) < distinct:
        low, high = high, 2 * high
    for _ in range(60):  # the expectation grows with the concentration: bisect
        middle = (low + high) / 2
        low, high = (middle, high) if expected_distinct(middle, picks) < distinct else \
            (low, middle)
    return (low + high) / 2


Groups = Sequence[tuple[np.ndarray, np.ndarray]]


@njit(cache=True, nogil=True)
def second_moment(x: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The sum over rows i of p[i] x[i] x[i]^T (one thread: a busy BLAS can crawl here)."""
    n, d = x.shape
    out = np.zeros((d, d))
    for i in range(n):
        for a in range(d):
            weighted = p[i] * x[i, a]
            for b in range(a + 1):
                out[a, b] += weighted * x[i, b]
    for a in range(d):
        for b in range(a):
            out[b, a] = out[a, b]
    return out


def log_posterior(theta: np.ndarray, groups: Groups, variance: np.ndarray
                  ) -> tuple[float, np.ndarray, np.ndarray]:
    """The log posterior of feature weights ``theta`` (up to a constant), its gradient and its
    Hessian. Each group is (features of the words one choice was among, times each was chosen);
    a word is chosen with chance exp(theta . features) over its group's sum; each weight has a
    Gaussian prior of mean 0 and its ``variance``."""
    value = -theta @ (theta / variance) / 2
    gradient = -theta / variance
    hessian = -np.diag(1 / variance)
    for x, draws in groups:
        score = x @ theta
        top = score.max()
        p = np.exp(score - top)
        total, norm = draws.sum(), p.sum()
        p /= norm
        mean = p @ x
        value += draws @ score - total * (top + math.log(norm))
        gradient += draws @ x - total * mean
        hessian -= total * (second_moment(x, p) - np.outer(mean, mean))
    return value, gradient, hessian


def fit_tilt(groups: Groups, variance: np.ndarray, start: np.ndarray | None = None
             ) -> np.ndarray:
    """The most probable feature weights (see :func:`log_posterior`) by Newton's method from
    ``start`` (zero), a step halved while it would lower the posterior (concave: it converges)."""
    theta = np.zeros(variance.size) if start is None else start
    value, gradient, hessian = log_posterior(theta, groups, variance)
    for _ in range(NEWTON_STEPS):
        step = np.linalg.solve(-hessian, gradient)
        while True:
            new = log_posterior(theta + step, groups, variance)
            if new[0] >= value or np.abs(step).max() < TOLERANCE:
                break
            step /= 2
        theta = theta + step
        value, gradient, hessian = new
        if np.abs(step).max() < TOLERANCE:
            break
    return theta


def evidence_fit(groups: Groups, kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(feature weights, prior variances): each feature's prior variance is the likeliest by
    MacKay's evidence approximation (its weight squared over how far the picks determine it),
    pulled to the variance of its kind of feature (same number in ``kinds``) by
    :data:`POOLING` pseudo-weights: a letter stands out only when the picks show it."""
    variance, theta = np.ones(kinds.size), None
    for _ in range(EVIDENCE_STEPS):
        theta = fit_tilt(groups, variance, theta)
        uncertain = np.diag(np.linalg.inv(-log_posterior(theta, groups, variance)[2]))
        determined = 1 - uncertain / variance  # 0: the prior's alone, 1: the picks' alone
        new = variance.copy()
        for kind in np.unique(kinds):
            k = kinds == kind
            pooled = theta[k] @ theta[k] / max(determined[k].sum(), TOLERANCE)
            new[k] = (theta[k] ** 2 + POOLING * pooled) / (determined[k] + POOLING)
        new = np.clip(new, MIN_VARIANCE, MAX_VARIANCE)
        done = np.abs(np.log(new / variance)).max() < 1e-3
        variance = new
        if done:
            break
    return fit_tilt(groups, variance, theta), variance


@dataclass
class SetterModel:
    """How one setter picks words, learned from the words they set (Bayesian, in two layers).

    A new word is drawn from the dictionary's words of its length (the player sees the length)
    with chance proportional to exp(theta . features): the letters it holds (0/1: theta is the
    log of the factor a letter puts on a word's chance), and standardised, its repeated letters,
    the rarity of its letters and its English frequency (:data:`FEATURES`). theta has a Gaussian
    prior and is fitted to the distinct words set, each against every word of its length not
    set (so what a setter avoids counts too); the prior variance of each weight is the likeliest
    (:func:`evidence_fit`) unless ``variance`` is given. Over that,
    after N picks the setter sets again a word set n times with chance n / (N + a), a new word
    with a / (N + a): the concentration a is given, or the likeliest (infinite when no word
    came twice). With no picks the prior is uniform; it sharpens with each game.

    >>> m = SetterModel(["jazz", "fizz", "buzz", "cats", "dogs", "mats", "hats", "rats"])
    >>> m.observe(["jazz", "fizz"])
    >>> w = m.weights(["buzz", "cats"])
    >>> bool(w[0] > w[1])
    True
    """

    dictionary: Sequence[str]
    concentration: float | None = None
    variance: float | None = None
    picks: dict[str, int] = field(default_factory=dict, init=False)
    _shares: np.ndarray = field(init=False, repr=False)
    _fit: tuple[np.ndarray, np.ndarray, np.ndarray] | None = field(default=None, init=False,
                                                                    repr=False)

    def __post_init__(self) -> None:
        if not self.dictionary:
            raise ValueError("a setter model needs a dictionary of at least one word")
        if self.concentration is not None and not self.concentration > 0:
            raise ValueError("concentration must be positive")
        if self.variance is not None and not self.variance > 0:
            raise ValueError("variance must be positive")
        self._shares = letter_shares(list(self.dictionary))

    @property
    def seen(self) -> int:
        """How many words this setter set (a word set twice counts twice)."""
        return sum(self.picks.values())

    def observe(self, words: Iterable[str] | Mapping[str, int]) -> None:
        """Count the words this setter set: one game each, or a mapping word -> games."""
        pairs = words.items() if isinstance(words, Mapping) else ((w, 1) for w in words)
        for raw, times in pairs:
            word = raw.strip().lower()
            if not (word.isascii() and word.isalpha()) or times < 1:
                raise ValueError(f"{raw!r} set {times} times: give plain a-z words, set at "
                                 "least once")
            self.picks[word] = self.picks.get(word, 0) + int(times)
        self._fit = None

    def alpha(self) -> float:
        """The concentration: given, or the most likely one (:func:`concentration_estimate`)."""
        if self.concentration is not None:
            return self.concentration
        return concentration_estimate(list(self.picks.values()))

    def choices(self, length: int) -> list[str]:
        """The words a setter chose among when setting a word of ``length`` letters: those of
        the dictionary and those they set."""
        words = [w for w in self.dictionary if len(w) == length]
        return list(dict.fromkeys([*words, *(w for w in self.picks if len(w) == length)]))

    def tilt(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(theta, the features' means, their spreads): the fitted weight of each feature of a
        word, standardised as (features - means) / spreads."""
        if self._fit is None:
            self._fit = self._fitted()
        return self._fit

    def _fitted(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if not self.picks:
            return np.zeros(len(FEATURES)), np.zeros(len(FEATURES)), np.ones(len(FEATURES))
        chosen = [self.choices(n) for n in sorted({len(w) for w in self.picks})]
        raw = [word_features(words, self._shares) for words in chosen]
        stacked = np.vstack(raw)
        mean, spread = stacked.mean(axis=0), stacked.std(axis=0)
        spread[spread == 0] = 1.0
        spread[:len(LETTERS)] = 1.0  # a letter's weight: the log of its factor
        groups = [((x - mean) / spread, np.array([float(w in self.picks) for w in words]))
                  for x, words in zip(raw, chosen, strict=True)]
        if self.variance is not None:
            return fit_tilt(groups, np.full(len(FEATURES), self.variance)), mean, spread
        kinds = np.array([0] * len(LETTERS) + [1] * len(TRAITS))
        return evidence_fit(groups, kinds)[0], mean, spread

    def weights(self, words: Sequence[str]) -> np.ndarray:
        """The prior over ``words`` (sums to one): the chance that the setter's next word is
        each of them, given it is one of them."""
        if not self.picks:
            return np.full(len(words), 1 / len(words))
        theta, mean, spread = self.tilt()
        score = ((word_features(words, self._shares) - mean) / spread) @ theta
        p = np.exp(score - score.max())
        p /= p.sum()
        alpha = self.alpha()
        if not math.isinf(alpha):
            p = np.array([self.picks.get(w, 0) for w in words]) + alpha * p
        p = np.maximum(p / p.sum(), FLOOR / len(words))
        return p / p.sum()

    def describe(self) -> list[str]:
        """Plain sentences on this setter: the games seen, how often they set a word again, and
        what makes a word likelier (x: the factor on its chance)."""
        picks, distinct = self.seen, len(self.picks)
        lines = [f"learned from {picks} game{'' if picks == 1 else 's'}"
                 + (f" ({distinct} different words)" if distinct < picks else "")]
        if not picks:
            return [*lines, "any word alike so far"]
        alpha = self.alpha()
        if not math.isinf(alpha):
            again = 100 * picks / (picks + alpha)
            lines.append(f"sets again a word set before with chance {again:.3g}%")
        theta = self.tilt()[0]
        lines.append(letter_sentence(np.exp(theta[:len(LETTERS)])))
        lines.append("per standard deviation more: " + ", ".join(
            f"{name} x{math.exp(w):.2g}" for name, w in zip(TRAITS, theta[len(LETTERS):],
                                                            strict=True)))
        return lines


def letter_sentence(factors: np.ndarray, shown: int = 3, clear: float = 1.5) -> str:
    """The letters that most raise and lower a word's chance, from each letter's factor.

    >>> letter_sentence(np.array([1.0] * 4 + [0.2] + [1.0] * 19 + [6.0, 1.0]))
    'letters: favours y x6; avoids e x0.2'
    """
    order = np.argsort(-np.log(factors), kind="stable")
    up = [f"{LETTERS[i]} x{factors[i]:.2g}" for i in order[:shown] if factors[i] > clear]
    down = [f"{LETTERS[i]} x{factors[i]:.2g}" for i in order[::-1][:shown]
            if factors[i] < 1 / clear]
    parts = [f"favours {', '.join(up)}"] * bool(up) + [f"avoids {', '.join(down)}"] * bool(down)
    return "letters: " + ("; ".join(parts) or "no letter stands out")


def read_picks(path: str | os.PathLike[str]) -> dict[str, int]:
    """The words a setter set, read from a word list file, with how many lines held each (a
    word set again is written again)."""
    words = load_words(path)
    return dict(zip(words.words, words.occurrences, strict=True))


def word_prior(words: Sequence[str], kind: str = "uniform",
               setter: SetterModel | None = None) -> np.ndarray | None:
    """The prior a solver assumes over ``words``: the learned ``setter``'s when given, else the
    fixed setter ``kind`` (None for uniform: the game then needs no weights)."""
    if setter is not None:
        return setter.weights(words)
    if kind == "uniform":
        return None
    return setter_distribution(words, kind)
