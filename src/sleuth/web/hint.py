"""The Wordle hint page (``/``) and its API (``/api/hint``): a session per game being hinted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from sleuth.games.wordle.hardmode import hard_violation
from sleuth.games.wordle.hint import HintSession
from sleuth.web import views
from sleuth.web.service import InputError, Service, service
from sleuth.web.sessions import Entry
from sleuth.words import feedback as fb

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


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


@router.get("/", response_class=HTMLResponse)
def hint_page(request: Request, shared: Shared) -> Response:
    return shared.page(request, "hint.html", lists=views.wordle_lists())


@router.post("/api/hint", status_code=201)
async def new_hint(body: NewHint, shared: Shared) -> dict[str, Any]:
    name = views.check_list(body.name)
    hinting = Hinting(name, await shared.run(lambda: views.new_session(name, body.hard)))
    key = shared.store.add(hinting)
    return await shared.run(
        lambda: views.hint_state(key, name, hinting.session, hinting.session.report()))


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
