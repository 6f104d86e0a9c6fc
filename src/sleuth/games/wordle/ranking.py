"""Openers ranked from a sweep of the exact search (:func:`openers.sweep_openers`): exact
totals best first, then the openers only bounded below them, then those that cannot win; and
the ranking compared line by line with a published one (alex1770/wordle's result files)."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from sleuth.games.wordle.openers import Sweep
from sleuth.words.wordlist import read_file

#: The kinds of a ranking's rows: an exact total, a proven lower bound, no win in time.
TOTAL, BOUND, FAILS = "exact", "at least", "cannot win"

#: The verdicts of a comparison, one an opener.
AGREE, DIFFER = "agree", "differ"
CONSISTENT, CONTRADICTED = "consistent", "contradicted"
BOTH_FAIL, FAIL_DIFFER = "both cannot win", "cannot win: differ"
ONLY_OURS, ONLY_THEIRS = "only here", "only published"
VERDICTS = (AGREE, DIFFER, CONSISTENT, CONTRADICTED, BOTH_FAIL, FAIL_DIFFER, ONLY_OURS,
            ONLY_THEIRS)
#: The verdicts where the two rankings cannot both be right.
DIFFERENCES = frozenset({DIFFER, CONTRADICTED, FAIL_DIFFER})


@dataclass(frozen=True)
class Row:
    """One opener of a ranking: its rank among the openers swept when proven (an exact total
    that no bound undercuts; ties share the rank), its exact total or proven lower bound (None
    when it cannot win) and which of the three that is."""

    rank: int | None
    guess: str
    total: int | None
    kind: str


def ranking(sweep: Sweep) -> list[Row]:
    """The sweep's openers best first: exact totals ascending, then bounds ascending, then the
    openers that cannot win (ties by word, so the order never depends on the search's)."""
    exact = sorted(sweep.totals.items(), key=lambda item: (item[1], item[0]))
    values = [total for _, total in exact]
    floor = min(sweep.at_least.values(), default=None)
    rows = [Row(1 + bisect_left(values, total) if floor is None or total <= floor else None,
                word, total, TOTAL) for word, total in exact]
    bounds = sorted(sweep.at_least.items(), key=lambda item: (item[1], item[0]))
    rows += [Row(None, word, bound, BOUND) for word, bound in bounds]
    return rows + [Row(None, word, None, FAILS) for word in sorted(sweep.fails)]


def figure(row: Row, attempts: int, per: int | None = None) -> str:
    """A row's total as a reader takes it (``7920``, ``>= 7950``, ``cannot win within 6``), or
    with ``per`` (the answers) its mean per answer."""
    if row.total is None:
        return f"cannot win within {attempts}"
    value = str(row.total) if per is None else f"{row.total / per:.4f}"
    return f"{'>= ' * (row.kind == BOUND)}{value}"


def ranking_text(rows: Sequence[Row], title: str, answers: int, attempts: int) -> str:
    """The ranking as a Markdown file: a heading, what it holds, and a table of every row."""
    exact = sum(row.kind == TOTAL for row in rows)
    bounds = sum(row.kind == BOUND for row in rows)
    fails = len(rows) - exact - bounds
    lines = [f"# {title}", "",
             f"{len(rows)} openers over {answers} answers: {exact} exact totals (the best "
             f"first), {bounds} proven lower bounds (each opener worse than the best ones), "
             f"{fails} that cannot win within {attempts} guesses. A rank is given where "
             "proven.", "",
             "| rank | guess | total | mean | kind |", "|---:|---|---:|---:|---|"]
    for row in rows:
        mean = "" if row.total is None else figure(row, attempts, answers)
        lines.append(f"| {row.rank or ''} | {row.guess} | {figure(row, attempts)} | {mean} "
                     f"| {row.kind} |")
    return "\n".join(lines) + "\n"


def read_published(path: Path) -> dict[str, int | None]:
    """A published ranking: lines ``word total`` or ``word mean total`` (``Infinity`` as the
    mean of an opener that cannot win, read as None); ValueError naming a line of anything
    else."""
    text = read_file(path, "published ranking").decode("utf-8", errors="replace")
    published: dict[str, int | None] = {}
    for number, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) not in (2, 3) or not parts[0].isalpha() or not parts[-1].isdigit():
            raise ValueError(f"{path} line {number}: not 'word total' or 'word mean total': "
                             f"{line.strip()[:40]!r}")
        fails = len(parts) == 3 and parts[1] == "Infinity"
        published[parts[0].lower()] = None if fails else int(parts[-1])
    if not published:
        raise ValueError(f"{path}: no openers in it")
    return published


@dataclass(frozen=True)
class Entry:
    """One opener compared: our row (None if only published), the published total (None if it
    cannot win there or is not published) and the verdict (one of :data:`VERDICTS`)."""

    guess: str
    ours: Row | None
    theirs: int | None
    verdict: str


def _verdict(row: Row, theirs: int | None) -> str:
    """What the published figure says of our row (the opener in both)."""
    if row.kind == FAILS:
        return BOTH_FAIL if theirs is None else FAIL_DIFFER
    if row.kind == TOTAL:
        return FAIL_DIFFER if theirs is None else AGREE if row.total == theirs else DIFFER
    above = theirs is not None and row.total is not None and row.total > theirs
    return CONTRADICTED if above else CONSISTENT


def compare(rows: Iterable[Row], published: Mapping[str, int | None]) -> list[Entry]:
    """Each opener of either ranking with its verdict: ours in our order, then those only
    published in their order. A bound agrees with any total at or above it (and with an opener
    that cannot win); a bound above the published total contradicts it."""
    entries, seen = [], set()
    for row in rows:
        seen.add(row.guess)
        if row.guess in published:
            theirs = published[row.guess]
            entries.append(Entry(row.guess, row, theirs, _verdict(row, theirs)))
        else:
            entries.append(Entry(row.guess, row, None, ONLY_OURS))
    return entries + [Entry(word, None, total, ONLY_THEIRS)
                      for word, total in published.items() if word not in seen]


def tally(entries: Iterable[Entry]) -> dict[str, int]:
    """How many openers got each verdict (every verdict named, zeros too)."""
    counts = Counter(entry.verdict for entry in entries)
    return {verdict: counts[verdict] for verdict in VERDICTS}


def describe(entry: Entry, attempts: int) -> str:
    """One compared opener in a line: ``SALET: here 7920, published 7921 (differ)``."""
    here = "-" if entry.ours is None else figure(entry.ours, attempts)
    there = "-" if entry.verdict == ONLY_OURS else (
        f"cannot win within {attempts}" if entry.theirs is None else str(entry.theirs))
    return f"{entry.guess.upper()}: here {here}, published {there} ({entry.verdict})"
