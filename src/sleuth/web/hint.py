"""The Wordle hint page (``/``) and its API (``/api/hint``): a session per game being hinted."""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from sleuth.games.wordle.hardmode import hard_violation
from sleuth.games.wordle.hint import HintSession, read_grid
from sleuth.web import views
from sleuth.web.jobs import Job, Jobs, job_key
from sleuth.web.service import InputError, Service, service
from sleuth.web.sessions import Entry
from sleuth.words import feedback as fb

MAX_ROWS = 12  # rows a pasted grid may hold


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """At start, the lists' openings worked out in a background thread (startup does not
    wait for it); at the end, that thread stopped (a compiled kernel left running as the
    process ends would abort it) and every exact search ended."""
    names = [entry["name"] for entry in views.wordle_lists()][: views.WARM_LISTS]
    stop = threading.Event()
    warming = threading.Thread(target=_warm, args=(names, stop), daemon=True,
                               name="sleuth-warm")
    warming.start()
    yield
    stop.set()
    _jobs(app).close()
    warming.join(timeout=30)


def _warm(names: list[str], stop: threading.Event) -> None:
    try:
        views.warm(names, stop)
        gc.collect()
        gc.freeze()  # what start-up made lives as long as the server: no collection walks it
    except Exception:  # only a head start: the requests work it out themselves
        logging.getLogger("sleuth.web").exception("warming the hint caches failed")
    finally:
        views.WARM_DONE.set()


def _jobs(app: FastAPI) -> Jobs:
    """The app's exact searches (made when first asked for)."""
    jobs = getattr(app.state, "jobs", None)
    if jobs is None:
        jobs = app.state.jobs = Jobs()
    return jobs


async def jobs(request: Request) -> Jobs:
    """The app's exact searches, for a route (``Depends(jobs)``)."""
    return _jobs(request.app)


async def shared_parts(request: Request) -> Service:
    """:func:`service`, as a coroutine: FastAPI calls it on the event loop, where a plain
    function dependency would cost every request a hop to a thread."""
    return service(request)


router = APIRouter(lifespan=_lifespan)
Shared = Annotated[Service, Depends(shared_parts)]
Searches = Annotated[Jobs, Depends(jobs)]


@dataclass
class Hinting:
    """A hint session and the list it is over."""

    name: str
    session: HintSession


class NewHint(BaseModel):
    name: str | None = Field(None, alias="list", max_length=64)
    hard: bool = False


class Guess(BaseModel):
    word: str = Field(max_length=64)
    feedback: str = Field(max_length=64)


class Hard(BaseModel):
    on: bool


class Paste(BaseModel):
    text: str = Field(max_length=4000)
    words: list[str] | None = Field(None, max_length=MAX_ROWS)


@router.get("/", response_class=HTMLResponse)
def hint_page(request: Request, shared: Shared) -> Response:
    return shared.page(request, "hint.html", lists=views.wordle_lists())


@router.post("/api/hint", status_code=201)
async def new_hint(body: NewHint, shared: Shared) -> dict[str, Any]:
    name = views.check_list(body.name)

    def opened() -> dict[str, Any]:
        hinting = Hinting(name, views.new_session(name, body.hard))
        key = shared.store.add(hinting)
        return views.hint_state(key, name, hinting.session, hinting.session.report())

    return await shared.run(opened)


@router.get("/api/hint/warmed")
def warmed() -> dict[str, Any]:
    """The lists whose opening is worked out (the server warms them as it starts), and whether
    the warm-up is over."""
    return {"lists": sorted(views.WARMED), "done": views.WARM_DONE.is_set()}


@router.get("/api/hint/{key}")
async def hint_state(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _state(key, entry))


@router.post("/api/hint/{key}/guess")
async def hint_guess(key: str, body: Guess, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _guess(key, entry, body.word, body.feedback))


@router.post("/api/hint/{key}/undo")
async def hint_undo(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _command(key, entry, "undo"))


@router.post("/api/hint/{key}/hard")
async def hint_hard(key: str, body: Hard, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _command(key, entry, "hard on" if body.on else "hard off"))


@router.get("/api/hint/{key}/split")
async def hint_split(key: str, shared: Shared,
                     word: Annotated[str, Query(max_length=64)]) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _split(entry, word))


@router.post("/api/hint/{key}/paste")
async def hint_paste(key: str, body: Paste, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _paste(key, entry, body.text, body.words or []))


@router.post("/api/hint/{key}/exact", status_code=202)
async def exact_start(key: str, shared: Shared, searches: Searches) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    return await shared.run(lambda: _exact_start(entry, searches).status())


@router.get("/api/hint/{key}/exact")
async def exact_status(key: str, shared: Shared, searches: Searches) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    job = searches.get(_position(entry))
    return {"state": "none"} if job is None else job.status()


@router.delete("/api/hint/{key}/exact")
async def exact_cancel(key: str, shared: Shared, searches: Searches) -> dict[str, Any]:
    entry = shared.entry(key, Hinting)
    job = await shared.run(lambda: searches.cancel(_position(entry)))
    return {"state": "none"} if job is None else job.status()


def _position(entry: Entry) -> tuple[str, bytes, int]:
    """The job key of the session's position."""
    with entry.lock:
        hinting: Hinting = entry.value
        session = hinting.session
        return job_key(hinting.name, session.remaining, len(session.turns))


def _exact_start(entry: Entry, searches: Jobs) -> Job:
    """The exact search the page offers at the session's position, started (or joined)."""
    with entry.lock:
        hinting: Hinting = entry.value
        session = hinting.session
        offer = views.exact_offer(session, session.report())
        if offer is None:
            raise InputError("no exact search to run here: the exact figure is shown already, "
                             "or the game is over, or hard mode is on (not searched here)", 409)
        cands, turns = session.remaining, len(session.turns)
        return searches.start(job_key(hinting.name, cands, turns), session.shared, cands,
                              turns, offer["first"])


def _split(entry: Entry, word: str) -> dict[str, Any]:
    with entry.lock:
        hinting: Hinting = entry.value
        session = hinting.session
        low = _word(hinting.name, session, word)
        state = views.split_state(session.split(low), session)
        if session.hard:
            state["note"] = hard_violation(low, [(t.word, t.code) for t in session.turns])
        return state


def _paste(key: str, entry: Entry, text: str, words: list[str]) -> dict[str, Any]:
    """A pasted result played from the start, or (some rows without their word) the rows for
    the page to ask their words."""
    with entry.lock:
        hinting: Hinting = entry.value
        session = hinting.session
        try:
            rows = read_grid(text, session.length)
        except ValueError as error:
            raise InputError(str(error)) from None
        if len(rows) > MAX_ROWS:
            raise InputError(f"{len(rows)} rows: a grid here has at most {MAX_ROWS}")
        given = [(words[i].strip() if i < len(words) else "") or (row.word or "")
                 for i, row in enumerate(rows)]
        if not all(given):
            return {"need_words": True, "rows": [
                {"row": row.number, "word": word, "marks": fb.digits(row.code, session.length)}
                for row, word in zip(rows, given, strict=True)]}
        played = [(_row_word(hinting.name, session, row.number, word), row.code)
                  for row, word in zip(rows, given, strict=True)]
        report = session.replay(played)
        if report.error:
            raise InputError(report.error, 409)
        return {**views.hint_state(key, hinting.name, session, report), "pasted": len(rows)}


def _row_word(name: str, session: HintSession, number: int, word: str) -> str:
    """A pasted row's word, checked (the error names the row)."""
    try:
        return _word(name, session, word)
    except InputError as error:
        raise InputError(f"row {number}: {error}") from None


def _state(key: str, entry: Entry) -> dict[str, Any]:
    with entry.lock:
        hinting: Hinting = entry.value
        return views.hint_state(key, hinting.name, hinting.session, hinting.session.report())


def _command(key: str, entry: Entry, command: str) -> dict[str, Any]:
    with entry.lock:
        hinting: Hinting = entry.value
        report = hinting.session.feed(command)
        if report.error:
            raise InputError(report.error, 409)
        return views.hint_state(key, hinting.name, hinting.session, report)


def _guess(key: str, entry: Entry, word: str, feedback: str) -> dict[str, Any]:
    with entry.lock:
        hinting: Hinting = entry.value
        session = hinting.session
        low = _word(hinting.name, session, word)
        code = _feedback(feedback, session.length)
        if session.solved:
            raise InputError(f"already solved ({session.solved.upper()}): undo, or start "
                             "a new game", 409, undo=True)
        if session.hard:
            why = hard_violation(low, [(t.word, t.code) for t in session.turns])
            if why is not None:
                raise InputError(f"{low.upper()} is not allowed in {why}")
        report = session.feed(f"{low} {fb.to_text(code, session.length, 'digits')}")
        if report.error:  # what is left: colours no answer fits
            raise InputError(report.error, 409, undo=bool(session.turns))
        return views.hint_state(key, hinting.name, session, report)


def _word(name: str, session: HintSession, word: str) -> str:
    """The word in lower case, if it is a guess of the session's list."""
    low = word.strip().lower()
    if not (low.isascii() and low.isalpha()) or len(low) != session.length:
        raise InputError(f"{word.strip()[:20]!r} is not a word of {session.length} letters")
    if low not in views.guessable(name):
        raise InputError(f"{low.upper()} is not in the guess list")
    return low


def _feedback(text: str, length: int) -> int:
    try:
        return fb.parse(text, length)
    except fb.FeedbackError as error:
        raise InputError(f"colours {text[:20]!r}: {error}") from None
