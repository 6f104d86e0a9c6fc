"""The web app of ``sleuth serve``: each page is a module with its router (hints, review, ...);
this module puts them together with what they share.

Every request has a deadline (its work runs in a small pool of threads, answered with 503 when
it takes too long), bodies are limited in size, sessions are bounded in number and expire, and
nothing a user sends becomes a file path. Bad input gets a 4xx with a JSON ``{"error": ...}``;
no traceback reaches a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sleuth.web import hint, pit, play_hangman, play_mastermind, play_wordle, review, uploads, views
from sleuth.web.service import DEADLINE, HERE, InputError, Service, new_service

MAX_BODY = 16 * 1024  # bytes a request body may hold
ROUTERS = (hint.router, review.router, pit.router, uploads.router, play_mastermind.router,
           play_hangman.router, play_wordle.router)
#: The few paths whose POST bodies may hold more: the uploads of files.
WIDER = {pit.PATH: pit.MAX_FILE, uploads.PATH: uploads.MAX_BODY}


class TooLarge(Exception):
    """A request body over :data:`MAX_BODY`."""


class BodyLimit:
    """ASGI middleware ending a request whose body is over ``limit`` bytes with a 413 (over
    ``wider[path]`` for a POST to one of those exact paths)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY,
                 wider: Mapping[str, int] | None = None) -> None:
        self.app, self.limit, self.wider = app, limit, dict(wider or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.wider.get(scope["path"], self.limit) if scope["method"] == "POST" \
            else self.limit
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > limit:
            await _too_large(scope, receive, send, limit)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise TooLarge
            return message

        await self.app(scope, counted, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse({"error": f"the request is over {limit // 1024} KB"}, 413)
    await response(scope, receive, send)


def create_app(*, sessions: int = 200, idle: float = 3600.0, deadline: float = DEADLINE,
               max_body: int = MAX_BODY) -> FastAPI:
    """The app: the pages' routers, the API under ``/api``, static files under ``/static``."""
    app = FastAPI(title="sleuth", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(BodyLimit, limit=max_body, wider=WIDER)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.state.service = new_service(sessions, idle, deadline)
    _handlers(app, app.state.service)

    @app.get("/api/lists")
    def lists() -> list[dict[str, Any]]:
        return views.wordle_lists()

    for router in ROUTERS:
        app.include_router(router)
    return app


def _handlers(app: FastAPI, shared: Service) -> None:
    """Errors as a JSON reason for the API, a short page otherwise; never a traceback."""

    def answer(request: Request, status: int, message: str, **extra: Any) -> Response:
        if request.url.path.startswith("/api/") or request.method != "GET":
            return JSONResponse({"error": message, **extra}, status)
        response = shared.page(request, "error.html", message=message)
        response.status_code = status
        return response

    @app.exception_handler(InputError)
    def _input(request: Request, error: InputError) -> Response:
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
