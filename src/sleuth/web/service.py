"""What every page of the web app shares: the templates, the live sessions, and the pool that
runs a request's work within its deadline. Each page module reaches it with :func:`service`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, TypeVar

from fastapi import Request
from fastapi.responses import Response
from fastapi.templating import Jinja2Templates

from sleuth.web.sessions import Entry, SessionStore

DEADLINE = 20.0  # seconds a request may take
WORKERS = 4  # threads doing the requests' work
HERE = files("sleuth.web")

T = TypeVar("T")


class InputError(ValueError):
    """Input the page cannot use; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 422, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


@dataclass
class Service:
    """The app's shared parts: templates, sessions (of every page), the work pool, the deadline."""

    templates: Jinja2Templates
    store: SessionStore
    pool: ThreadPoolExecutor
    deadline: float = DEADLINE

    async def run(self, work: Callable[[], T]) -> T:
        """``work`` in the pool, within the deadline (a 503 past it)."""
        future = asyncio.get_running_loop().run_in_executor(self.pool, work)
        try:
            return await asyncio.wait_for(future, self.deadline)
        except TimeoutError:
            raise InputError(f"this took longer than {self.deadline:g} s; try again later",
                             503) from None

    def page(self, request: Request, template: str, **context: Any) -> Response:
        """A page rendered from ``template``."""
        return self.templates.TemplateResponse(request, template, context)

    def entry(self, key: str, kind: type) -> Entry:
        """The live session ``key`` holding a ``kind``; a 404 when it expired or is another kind."""
        entry = self.store.get(key)
        if entry is None or not isinstance(entry.value, kind):
            raise InputError("no such session (sessions expire after an hour unused); "
                             "start a new one", 404)
        return entry


def new_service(sessions: int, idle: float, deadline: float) -> Service:
    """The shared parts of a new app."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="sleuth-web")
    return Service(templates, SessionStore(sessions, idle), pool, deadline)


def service(request: Request) -> Service:
    """The app's shared parts, for a route (``Depends(service)``)."""
    found: Service = request.app.state.service
    return found
