"""The web app of ``sleuth serve``: the Wordle hint and review pages and their JSON API.

Every request has a deadline (its work runs in a small pool of threads, answered with 503 when
it takes too long), bodies are limited in size, hint sessions are bounded in number and expire,
and a list is named, never read from a path the user gives. Bad input gets a 4xx with a JSON
``{"error": ...}``; no traceback reaches a page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from typing import Any, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sleuth.games.wordle.hardmode import hard_violation
from sleuth.games.wordle.hint import HintSession
from sleuth.games.wordle.review import EXACT_LIMIT, played, review
from sleuth.web import views
from sleuth.web.sessions import Entry, SessionStore
from sleuth.words import feedback as fb

MAX_BODY = 16 * 1024  # bytes a request body may hold
DEADLINE = 20.0  # seconds a request may take
WORKERS = 4  # threads doing the requests' work
MAX_TURNS = 12  # guesses a review may hold

T = TypeVar("T")
HERE = files("sleuth.web")


class TooLarge(Exception):
    """A request body over :data:`MAX_BODY`."""


class BodyLimit:
    """ASGI middleware ending a request whose body is over ``limit`` bytes with a 413."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await _too_large(scope, receive, send, self.limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge
            return message

        await self.app(scope, counted, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse({"error": f"the request is over {limit // 1024} KB"}, 413)
    await response(scope, receive, send)


class NewHint(BaseModel):
    name: str | None = Field(None, alias="list", max_length=64)
    hard: bool = False


class Guess(BaseModel):
    word: str = Field(max_length=64)
    feedback: str = Field(max_length=64)


class Hard(BaseModel):
    on: bool


class Review(BaseModel):
    name: str | None = Field(None, alias="list", max_length=64)
    hard: bool = False
    words: list[str] = Field(max_length=MAX_TURNS)
    answer: str | None = Field(None, max_length=64)
    feedback: list[str] | None = Field(None, max_length=MAX_TURNS)


def create_app(*, sessions: int = 200, idle: float = 3600.0, deadline: float = DEADLINE,
               max_body: int = MAX_BODY) -> FastAPI:
    """The app: pages at ``/`` (hints) and ``/review``, the API under ``/api``."""
    app = FastAPI(title="sleuth", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(BodyLimit, limit=max_body)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    store = SessionStore(sessions, idle)
    pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="sleuth-web")

    async def run(work: Callable[[], T]) -> T:
        """``work`` in the pool, within the deadline."""
        future = asyncio.get_running_loop().run_in_executor(pool, work)
        try:
            return await asyncio.wait_for(future, deadline)
        except TimeoutError:
            raise views.InputError(f"this took longer than {deadline:g} s; try again later",
                                   503) from None

    _handlers(app, templates)

    @app.get("/", response_class=HTMLResponse)
    def hint_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "hint.html", {"lists": views.wordle_lists()})

    @app.get("/review", response_class=HTMLResponse)
    def review_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "review.html",
                                          {"lists": views.wordle_lists()})

    @app.get("/api/lists")
    def lists() -> list[dict[str, Any]]:
        return views.wordle_lists()

    @app.post("/api/hint", status_code=201)
    async def new_hint(body: NewHint) -> dict[str, Any]:
        name = views.check_list(body.name)
        session = await run(lambda: views.new_session(name, body.hard))
        key = store.add((name, session))
        return await run(lambda: views.hint_state(key, name, session, session.report()))

    @app.get("/api/hint/{key}")
    async def hint_state(key: str) -> dict[str, Any]:
        entry = _entry(store, key)
        return await run(lambda: _state(key, entry))

    @app.post("/api/hint/{key}/guess")
    async def hint_guess(key: str, body: Guess) -> dict[str, Any]:
        entry = _entry(store, key)
        return await run(lambda: _guess(key, entry, body.word, body.feedback))

    @app.post("/api/hint/{key}/undo")
    async def hint_undo(key: str) -> dict[str, Any]:
        entry = _entry(store, key)
        return await run(lambda: _command(key, entry, "undo"))

    @app.post("/api/hint/{key}/hard")
    async def hint_hard(key: str, body: Hard) -> dict[str, Any]:
        entry = _entry(store, key)
        return await run(lambda: _command(key, entry, "hard on" if body.on else "hard off"))

    @app.post("/api/review")
    async def review_game(body: Review) -> dict[str, Any]:
        return await run(lambda: _review(body))

    return app


def _handlers(app: FastAPI, templates: Jinja2Templates) -> None:
    """Errors as a JSON reason for the API, a short page otherwise; never a traceback."""

    def answer(request: Request, status: int, message: str, **extra: Any) -> Response:
        if request.url.path.startswith("/api/") or request.method != "GET":
            return JSONResponse({"error": message, **extra}, status)
        return templates.TemplateResponse(request, "error.html", {"message": message}, status)

    @app.exception_handler(views.InputError)
    def _input(request: Request, error: views.InputError) -> Response:
        return answer(request, error.status, str(error), **error.extra)

    @app.exception_handler(RequestValidationError)
    def _invalid(request: Request, error: RequestValidationError) -> Response:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return answer(request, 422, f"{where or 'the request'}: {first.get('msg', 'invalid')}")

    @app.exception_handler(HTTPException)
    def _http(request: Request, error: HTTPException) -> Response:
        return answer(request, error.status_code, str(error.detail).lower())

    @app.exception_handler(TooLarge)
    def _large(request: Request, error: TooLarge) -> Response:
        return answer(request, 413, "the request is too large")

    @app.exception_handler(Exception)
    def _bug(request: Request, error: Exception) -> Response:
        return answer(request, 500, "sleuth failed on this request (a bug); the server goes on")


def _entry(store: SessionStore, key: str) -> Entry:
    entry = store.get(key)
    if entry is None:
        raise views.InputError("no such session (sessions expire after an hour unused); "
                               "start a new one", 404)
    return entry


def _state(key: str, entry: Entry) -> dict[str, Any]:
    with entry.lock:
        name, session = entry.value
        return views.hint_state(key, name, session, session.report())


def _command(key: str, entry: Entry, command: str) -> dict[str, Any]:
    with entry.lock:
        name, session = entry.value
        report = session.feed(command)
        if report.error:
            raise views.InputError(report.error, 409)
        return views.hint_state(key, name, session, report)


def _guess(key: str, entry: Entry, word: str, feedback: str) -> dict[str, Any]:
    with entry.lock:
        name, session = entry.value
        low = _word(name, session, word)
        code = _feedback(feedback, session.length)
        if session.solved:
            raise views.InputError(f"already solved ({session.solved.upper()}): undo, or start "
                                   "a new game", 409, undo=True)
        if session.hard:
            why = hard_violation(low, [(t.word, t.code) for t in session.turns])
            if why is not None:
                raise views.InputError(f"{low.upper()} is not allowed in {why}")
        report = session.feed(f"{low} {fb.to_text(code, session.length, 'digits')}")
        if report.error:  # what is left: colours no answer fits
            raise views.InputError(report.error, 409, undo=bool(session.turns))
        return views.hint_state(key, name, session, report)


def _word(name: str, session: HintSession, word: str) -> str:
    """The word in lower case, if it is a guess of the session's list."""
    low = word.strip().lower()
    if not (low.isascii() and low.isalpha()) or len(low) != session.length:
        raise views.InputError(f"{word.strip()[:20]!r} is not a word of {session.length} letters")
    if low not in views.guessable(name):
        raise views.InputError(f"{low.upper()} is not in the guess list")
    return low


def _feedback(text: str, length: int) -> int:
    try:
        return fb.parse(text, length)
    except fb.FeedbackError as error:
        raise views.InputError(f"colours {text[:20]!r}: {error}") from None


def _review(body: Review) -> dict[str, Any]:
    name = views.check_list(body.name)
    game = views.game_of(name, body.hard)
    try:
        plays = played(game, body.words, answer=body.answer or None, codes=body.feedback,
                       hard=body.hard)
        turns = review(game, plays, exact_limit=EXACT_LIMIT)
    except ValueError as error:
        raise views.InputError(str(error)) from None
    return {"list": name, "hard": body.hard, "turns": views.review_rows(turns),
            "guesses": len(turns)}
