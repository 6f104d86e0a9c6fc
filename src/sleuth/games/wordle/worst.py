"""The fewest guesses that always suffice, proven over every first guess and resumable: the
first opener is searched to its own worst case, every other only until it is shown to need
more than one guess fewer than the best so far (or found to do better), one journal line an
opener (:func:`worst_openers`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from sleuth.core.errors import NoStrategy
from sleuth.core.game import Game
from sleuth.core.journal import Form, open_journal
from sleuth.games.wordle.openers import (
    OpenerRecords,
    fewest,
    records_in_workers,
    sweep_header,
    sweep_order,
    whole,
    worker_game,
)


def _check_record(record: dict[str, Any]) -> None:
    """A ValueError unless ``record`` is a header, an opener's worst case or its bound."""
    if record.get("type") != "header" and not (
            isinstance(record.get("guess"), str)
            and (whole(record, "worst") or whole(record, "above"))):
        raise ValueError("not a record of a worst-case sweep")


#: A worst-case sweep's journal: a header naming the game, then one line an opener.
WORST_SWEEP = Form("worst-case sweep", lambda record: record.get("type") == "header",
                   _check_record, header="worst-case sweep header")


def worst_header(game: Game) -> dict[str, Any]:
    """The first line of a worst-case sweep's file: the game, which a resume must match."""
    return sweep_header(game, "fewest guesses that always suffice after first guesses")


@dataclass
class WorstSweep(OpenerRecords):
    """What a worst-case sweep knows of its openers: the fewest guesses that always suffice
    after some (``worst``), and for others a number of guesses some answer needs more than
    (``above``)."""

    worst: dict[str, int] = field(default_factory=dict)
    above: dict[str, int] = field(default_factory=dict)
    FORM: ClassVar[Form] = WORST_SWEEP

    @property
    def best(self) -> tuple[str, int] | None:
        """The opener with the fewest guesses that always suffice (first by name on a tie)."""
        return fewest(self.worst)

    def done(self, word: str) -> bool:
        """Whether ``word`` needs no more search: its worst case is known, or shown to be
        no better than the best so far.

        >>> WorstSweep({"salet": 5}, {"qajaq": 4}).done("qajaq")
        True
        """
        best = self.best
        return word in self.worst or (
            best is not None and self.above.get(word, 0) >= best[1] - 1)

    def add(self, record: dict[str, Any]) -> None:
        """Count one opener's record (a header is left out); an exact worst case replaces a
        bound, and of two bounds the higher is kept, whatever order they come in."""
        word = record.get("guess")
        if word is None:
            return
        if "worst" in record:
            self.worst[word] = record["worst"]
            self.above.pop(word, None)
        elif word not in self.worst:
            self.above[word] = max(record["above"], self.above.get(word, 0))


def every_opener(game: Game) -> list[str]:
    """Every allowed first guess: the exact search's order first (:func:`sweep_order`, best
    first), then those it leaves out (learning nothing, or unable to finish in time)."""
    order = sweep_order(game)
    return order + sorted(set(game.guess_labels).difference(order))


def worst_openers(game: Game, openers: Sequence[str], path: Path, *,
                  workers: int | None = None, cluster: str | None = None,
                  on_result: Callable[[str, WorstSweep], None] | None = None) -> WorstSweep:
    """Each of ``openers`` either searched to its worst case (while none better is known) or
    shown to need more than the best so far less one (``above``), appended to ``path`` as
    they finish and resumed from it. When every opener is done, the best's worst case is the
    fewest guesses that always suffice, proven over ``openers``. Openers are searched side by
    side, one per worker process (``workers``, default all cores), or one at a time spread
    over a Dask ``cluster``."""
    from sleuth.core.parallel import cores

    n = 1 if cluster is not None else cores() if workers is None else workers
    with open_journal(path, worst_header(game), WORST_SWEEP) as journal:
        sweep = WorstSweep.of(journal.found.records)

        def limits() -> dict[str, Any]:
            best = sweep.best
            return {"limit": game.max_cost if best is None else best[1] - 1,
                    "cluster": cluster}

        todo = (word for word in openers if not sweep.done(word))
        records = (records_in_workers(game, todo, limits, n, worst_record) if n > 1
                   else (worst_record(word, {**limits(), "workers": workers}, game)
                         for word in todo))
        for record in records:
            sweep.add(record)
            journal.append(record)
            if on_result is not None:
                on_result(record["guess"], sweep)
    return sweep


def worst_record(word: str, options: dict[str, Any], game: Game | None = None) -> dict[str, Any]:
    """The sweep's line for ``word``: its worst case if within ``options["limit"]``, else
    that limit as a bound (in a worker, the game is the one the worker was started with)."""
    from sleuth.solve.search import optimal_worst
    from sleuth.solve.solver import forget_positions

    options = dict(options)
    limit = options.pop("limit")
    try:
        result = optimal_worst(game or worker_game(), first_guess=word, limit=limit, **options)
    except NoStrategy:
        return {"guess": word, "above": limit}
    finally:
        forget_positions(KEPT_POSITIONS)
    return {"guess": word, "worst": result.worst}


#: Positions a worst-case sweep keeps in its memo from one opener to the next (about 200 MB);
#: past them the memo starts afresh, the cores learnt being kept.
KEPT_POSITIONS = 5_000_000
