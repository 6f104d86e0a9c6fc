"""How likely each answer is: uniform, by English frequency, or learned from past answers; and
the answers left once the past ones are taken out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

PRIORS = ("uniform", "frequency", "learned")


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
