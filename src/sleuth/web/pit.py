"""The Lingo pit results page (``/pit``) and its API (``/api/pit``): a results file written by
``sleuth lingo pit``, sent as the request's body, shown as the command shows it (the per-length
table, the ranking, the 2014 entries beside them) with each player's points per game by length.
The file is read in memory, never written anywhere."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from sleuth.games.lingo.pit import PitError, PitResults, parse_results, results_of
from sleuth.games.lingo.published import beside_entries
from sleuth.web.service import InputError, Service, service

PATH = "/api/pit"
MAX_FILE = 2 * 1024 * 1024  # bytes a results file may hold
TEXT_CHARS = 200  # characters of a header's free text (where the words came from) shown

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


@router.get("/pit", response_class=HTMLResponse)
def pit_page(request: Request, shared: Shared) -> Response:
    return shared.page(request, "pit.html", max_bytes=MAX_FILE)


@router.post(PATH)
async def pit_results(request: Request, shared: Shared) -> dict[str, Any]:
    data = await request.body()
    return await shared.run(lambda: results_view(data))


def results_view(data: bytes) -> dict[str, Any]:
    """A results file's figures as the page shows them; a 422 saying what is wrong with it."""
    try:
        found = parse_results(data)
    except PitError as error:
        raise InputError(f"{error}; choose a results file written by `sleuth lingo pit` "
                         "(runs/lingo-pit-….jsonl)") from None
    try:
        results = results_of(found)
    except PitError as error:
        raise InputError(str(error)) from None
    header, lengths = results.header, results.lengths
    return {
        "seed": header["seed"], "per_length": header["per_length"],
        "words": str(header.get("words_source") or "")[:TEXT_CHARS],
        "started": str(header.get("started") or "")[:TEXT_CHARS],
        "lengths": lengths, "games": [results.games[n] for n in lengths],
        "standings": _standings(results), "beside": _beside(results), "torn": results.torn,
    }


def _standings(results: PitResults) -> list[dict[str, Any]]:
    """Each player's row of the table, best first, with its rank and mean points by length."""
    lengths = results.lengths
    rows = []
    for rank, s in zip(results.ranks, results.standings, strict=True):
        means = s.mean_points()
        rows.append({"rank": rank, "player": s.player, "total": s.total, "games": s.games,
                     "per_length": [s.per_length.get(n, 0) for n in lengths],
                     "means": [means.get(n) for n in lengths], "seconds": s.mean_seconds,
                     "slowest": s.slowest, "faults": s.faults})
    return rows


def _beside(results: PitResults) -> list[dict[str, Any]]:
    """The players beside the 2014 entries' published sums scaled to these games."""
    count = sum(results.games.values())
    ours = [(s.player, s.total, s.mean_seconds) for s in results.standings]
    return [{"name": row.name, "total": row.total, "per_1000": 1000 * row.total / max(count, 1),
             "seconds": row.seconds, "published": row.published}
            for row in beside_entries(ours, results.games)]
