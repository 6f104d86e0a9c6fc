"""How setters choose words: the prior a solver assumes over the secret.

A setter is described by one distribution over the words. :func:`setter_distribution` gives
the fixed ones by name (:data:`SETTER_KINDS`: any word alike, common words likelier, words of
rare letters likelier), used both to simulate a setter and as a prior the solver may assume;
:class:`SetterModel` learns one setter from the words they set. :func:`word_prior` is the one
entry point that picks between them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sleuth.games.hangman.game import LETTERS
from sleuth.words.wordlist import PRIOR_KINDS, prior, raw_frequencies

#: The fixed setters by name: wordlist priors (uniform, frequency), and rare letters.
SETTER_KINDS = (*PRIOR_KINDS, "rare-letters")
RARE_TILT = 4.0  # a rare-letters setter weighs a word exp(RARE_TILT x its letters' rarity)
#: Frequency bands by Zipf value (log10 of occurrences per billion words); 0 = unknown word.
ZIPF_EDGES = (1e-9, 2.0, 3.0, 4.0, 5.0)
FREQUENCY_BANDS = ("unknown", "zipf<2", "zipf 2-3", "zipf 3-4", "zipf 4-5", "zipf>=5")
RARITY_BANDS = ("commonest letters", "common letters", "middling letters", "rarer letters",
                "rarest letters")
RARITY_CUTS = (0.2, 0.4, 0.6, 0.8)  # quantiles of the dictionary's rarity: the rarity bands


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


def letter_shares(words: Sequence[str]) -> np.ndarray:
    """For each letter a-z, the share of the words holding it.

    >>> letter_shares(["eel", "tee"])[[4, 11, 0]].tolist()
    [1.0, 0.5, 0.0]
    """
    shares = np.zeros(len(LETTERS))
    for word in words:
        for c in set(word):
            shares[ord(c) - ord("a")] += 1
    return shares / max(1, len(words))


def letter_rarity(words: Sequence[str], shares: np.ndarray | None = None) -> np.ndarray:
    """Mean rarity of each word's distinct letters: -log(share of list words holding it)."""
    shares = letter_shares(words) if shares is None else shares
    rarity = -np.log(np.maximum(shares, 1e-6))
    out = np.empty(len(words))
    for i, word in enumerate(words):
        letters = np.frombuffer("".join(sorted(set(word))).encode(), dtype=np.uint8) - ord("a")
        out[i] = rarity[letters].mean()
    return out


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


@dataclass
class SetterModel:
    """How one setter picks words, learned from the words they set (Bayesian, per feature).

    Each word falls in one band of three features: its length, its English frequency band
    (:data:`FREQUENCY_BANDS`) and how rare its letters are (:data:`RARITY_BANDS`, quintiles of
    the dictionary). For each feature the setter's band probabilities get a Dirichlet prior
    centred on the dictionary's own shares (``concentration`` pseudo-words: a setter who picks
    uniformly); each word seen adds one count. The prior over words is the uniform one tilted,
    feature by feature, by the posterior mean band probability over the dictionary share, so
    with no words seen it is uniform, and it sharpens with each game.

    >>> m = SetterModel(["jazz", "fizz", "buzz", "cats", "dogs", "mats", "hats", "rats"], 2.0)
    >>> m.observe(["jazz", "fizz"])
    >>> w = m.weights(["buzz", "cats"])
    >>> bool(w[0] > w[1])
    True
    """

    dictionary: Sequence[str]
    concentration: float = 5.0
    seen: int = 0
    _shares: np.ndarray = field(init=False, repr=False)
    _rarity_edges: np.ndarray = field(init=False, repr=False)
    _base: list[dict[int, float]] = field(init=False, repr=False)
    _counts: list[dict[int, float]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        words = list(self.dictionary)
        if not words:
            raise ValueError("a setter model needs a dictionary of at least one word")
        if not self.concentration > 0:
            raise ValueError("concentration must be positive")
        self._shares = letter_shares(words)
        self._rarity_edges = np.quantile(letter_rarity(words, self._shares), RARITY_CUTS)
        features = self.features(words)
        self._base = [_shares_of(column) for column in features]
        self._counts = [{} for _ in features]

    def features(self, words: Sequence[str]) -> list[list[int]]:
        """The band of each word for each feature: lengths, frequency bands, rarity bands."""
        words = list(words)
        frequency = np.searchsorted(np.array(ZIPF_EDGES), zipf_values(words), side="right")
        rarity = np.searchsorted(self._rarity_edges, letter_rarity(words, self._shares),
                                 side="right")
        return [[len(w) for w in words], frequency.tolist(), rarity.tolist()]

    def observe(self, words: Iterable[str]) -> None:
        """Count the words this setter set (one game each)."""
        words = [w.strip().lower() for w in words if w.strip()]
        for counts, column in zip(self._counts, self.features(words), strict=True):
            for band in column:
                counts[band] = counts.get(band, 0.0) + 1
        self.seen += len(words)

    def band_probabilities(self, feature: int) -> dict[int, tuple[float, float]]:
        """For one feature (0 length, 1 frequency, 2 rarity): band -> (posterior mean of the
        setter's probability, the dictionary's share)."""
        base, counts = self._base[feature], self._counts[feature]
        total = self.concentration + self.seen
        return {b: ((self.concentration * base.get(b, 0.0) + counts.get(b, 0.0)) / total,
                    base.get(b, 0.0)) for b in sorted(set(base) | set(counts))}

    def weights(self, words: Sequence[str]) -> np.ndarray:
        """The prior over ``words`` (sums to one): uniform tilted by each feature's posterior."""
        tilt = np.ones(len(words))
        for feature, column in enumerate(self.features(words)):
            probabilities = self.band_probabilities(feature)
            ratio = {b: (p / base if base > 0 else 1.0) for b, (p, base) in probabilities.items()}
            tilt *= np.array([ratio.get(b, 1.0) for b in column])
        tilt = np.maximum(tilt, 1e-12)
        return tilt / tilt.sum()

    def describe(self) -> list[str]:
        """Plain sentences on where this setter differs most from the dictionary."""
        lines = [f"learned from {self.seen} word{'' if self.seen == 1 else 's'}"]
        names = [("length", lambda b: f"{b} letters"), ("frequency", FREQUENCY_BANDS.__getitem__),
                 ("letters", RARITY_BANDS.__getitem__)]
        for feature, (title, label) in enumerate(names):
            probabilities = self.band_probabilities(feature)
            band, (p, base) = max(probabilities.items(),
                                  key=lambda item: item[1][0] / max(item[1][1], 1e-9))
            lines.append(f"{title}: favours {label(band)} ({p:.0%} of their words expected, "
                         f"{base:.0%} of the dictionary)")
        return lines


def _shares_of(column: list[int]) -> dict[int, float]:
    """Each band's share of a column of bands."""
    values, counts = np.unique(np.array(column), return_counts=True)
    return {v: c / len(column) for v, c in zip(values.tolist(), counts.tolist(), strict=True)}


def word_prior(words: Sequence[str], kind: str = "uniform",
               setter: SetterModel | None = None) -> np.ndarray | None:
    """The prior a solver assumes over ``words``: the learned ``setter``'s when given, else the
    fixed setter ``kind`` (None for uniform: the game then needs no weights)."""
    if setter is not None:
        return setter.weights(words)
    if kind == "uniform":
        return None
    return setter_distribution(words, kind)
