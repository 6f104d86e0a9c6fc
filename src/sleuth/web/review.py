"""The post-game review page (``/review``) and its API (``/api/review``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from sleuth.games.wordle.review import EXACT_LIMIT, played, review
from sleuth.web import views
from sleuth.web.service import InputError, Service, service

MAX_TURNS = 12  # guesses a review may hold

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


class Review(BaseModel):
    name: str | None = Field(None, alias="list", max_length=64)
    hard: bool = False
    words: list[str] = Field(max_length=MAX_TURNS)
    answer: str | None = Field(None, max_length=64)
    feedback: list[str] | None = Field(None, max_length=MAX_TURNS)


@router.get("/review", response_class=HTMLResponse)
def review_page(request: Request, shared: Shared) -> Response:
    return shared.page(request, "review.html", lists=views.wordle_lists())


@router.post("/api/review")
async def review_game(body: Review, shared: Shared) -> dict[str, Any]:
    return await shared.run(lambda: _review(body))


def _review(body: Review) -> dict[str, Any]:
    name = views.check_list(body.name)
    game = views.game_of(name, body.hard)
    try:
        plays = played(game, body.words, answer=body.answer or None, codes=body.feedback,
                       hard=body.hard)
        turns = review(game, plays, exact_limit=EXACT_LIMIT)
    except ValueError as error:
        raise InputError(str(error)) from None
    return {"list": name, "hard": body.hard, "turns": views.review_rows(turns),
            "guesses": len(turns)}
