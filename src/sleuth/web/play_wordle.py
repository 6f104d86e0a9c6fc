"""The pages where the user plays (``/play/wordle``, ``/play/absurdle``) and their API
(``/api/play/wordle``, ``/api/play/absurdle``): a session per round, the rules those of
:mod:`sleuth.games.wordle.play`. A Wordle answer stays on the server until the round ends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from sleuth.games.wordle.play import AbsurdleRound, RoundOver, Turn, WordleRound, letter_marks
from sleuth.games.wordle.review import Play, review
from sleuth.web import views
from sleuth.web.service import InputError, Service, service
from sleuth.web.sessions import Entry
from sleuth.words import feedback as fb

SHOW_LEFT = 100  # answers left a page lists (the count is always given)

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


@dataclass
class Playing:
    """A Wordle round and the list it is played on."""

    name: str
    hard: bool
    round: WordleRound


@dataclass
class Outwitting:
    """An Absurdle round and the list it is played on."""

    name: str
    hard: bool
    round: AbsurdleRound


class NewWordle(BaseModel):
    name: str | None = Field(None, alias="list", max_length=64)
    hard: bool = False
    number: int | None = None


class NewAbsurdle(BaseModel):
    name: str | None = Field(None, alias="list", max_length=64)
    hard: bool = False


class Word(BaseModel):
    word: str = Field(max_length=64)


@router.get("/play/wordle", response_class=HTMLResponse)
def wordle_page(request: Request, shared: Shared) -> Response:
    return shared.page(request, "play_wordle.html", lists=views.wordle_lists())


@router.get("/play/absurdle", response_class=HTMLResponse)
def absurdle_page(request: Request, shared: Shared) -> Response:
    return shared.page(request, "play_absurdle.html", lists=views.wordle_lists())


@router.post("/api/play/wordle", status_code=201)
async def new_wordle(body: NewWordle, shared: Shared) -> dict[str, Any]:
    name = views.check_list(body.name)
    playing = await shared.run(lambda: Playing(name, body.hard, _round(name, body)))
    key = shared.store.add(playing)
    return await shared.run(lambda: _wordle_state(key, playing))


@router.get("/api/play/wordle/{key}")
async def wordle_state(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Playing)
    return await shared.run(lambda: _locked(entry, lambda p: _wordle_state(key, p)))


@router.post("/api/play/wordle/{key}/guess")
async def wordle_guess(key: str, body: Word, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Playing)
    return await shared.run(lambda: _played(entry, body.word, lambda p: _wordle_state(key, p)))


@router.get("/api/play/wordle/{key}/left")
async def wordle_left(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Playing)
    return await shared.run(lambda: _locked(entry, lambda p: _left(p.round.left())))


@router.get("/api/play/wordle/{key}/review")
async def wordle_review(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Playing)
    return await shared.run(lambda: _review(entry))


@router.post("/api/play/absurdle", status_code=201)
async def new_absurdle(body: NewAbsurdle, shared: Shared) -> dict[str, Any]:
    name = views.check_list(body.name)
    game = await shared.run(lambda: views.game_of(name, body.hard))
    outwitting = Outwitting(name, body.hard, AbsurdleRound(game))
    key = shared.store.add(outwitting)
    return await shared.run(lambda: _absurdle_state(key, outwitting))


@router.get("/api/play/absurdle/{key}")
async def absurdle_state(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Outwitting)
    return await shared.run(lambda: _locked(entry, lambda o: _absurdle_state(key, o)))


@router.post("/api/play/absurdle/{key}/guess")
async def absurdle_guess(key: str, body: Word, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Outwitting)
    return await shared.run(lambda: _played(entry, body.word, lambda o: _absurdle_state(key, o)))


def _round(name: str, body: NewWordle) -> WordleRound:
    try:
        return WordleRound.new(views.game_of(name, body.hard), body.number)
    except ValueError as error:
        raise InputError(str(error)) from None


def _locked(entry: Entry, state: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """What ``state`` makes of the session's value, under its lock."""
    with entry.lock:
        return state(entry.value)


def _played(entry: Entry, word: str, state: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """``word`` played in the session's round, then its state; a 409 once the round is over,
    a 422 saying why for a word it cannot play."""
    with entry.lock:
        try:
            entry.value.round.guess(word)
        except RoundOver as error:
            raise InputError(str(error), 409) from None
        except ValueError as error:
            raise InputError(str(error)) from None
        return state(entry.value)


def _turns(turns: list[Turn]) -> list[dict[str, Any]]:
    return [
        {
            "word": t.word,
            "marks": fb.digits(t.code, len(t.word)),
            "feedback": fb.to_text(t.code, len(t.word), "digits"),
            "left": t.left,
        }
        for t in turns
    ]


def _wordle_state(key: str, playing: Playing) -> dict[str, Any]:
    """The round as the page shows it; the answer (and its number) only once it is over."""
    r = playing.round
    turns = [{k: v for k, v in t.items() if k != "left"} for t in _turns(r.turns)]
    return {
        "session": key,
        "list": playing.name,
        "hard": playing.hard,
        "length": int(r.game.guesses.shape[1]),
        "attempts": r.game.max_cost,
        "attempts_left": r.attempts_left,
        "turns": turns,
        "keyboard": letter_marks(r.turns),
        "over": r.over,
        "won": r.won,
        "answer": r.answer_word if r.over else None,
        "number": r.answer if r.over else None,
    }


def _absurdle_state(key: str, outwitting: Outwitting) -> dict[str, Any]:
    """The round as the page shows it: every turn with the answers it left."""
    r = outwitting.round
    return {
        "session": key,
        "list": outwitting.name,
        "hard": outwitting.hard,
        "length": int(r.game.guesses.shape[1]),
        "limit": r.limit,
        "turns": _turns(r.turns),
        "keyboard": letter_marks(r.turns),
        "over": r.over,
        "won": r.won,
        "answer": r.turns[-1].word if r.won else None,
        **_left(r.left()),
    }


def _left(words: list[str]) -> dict[str, Any]:
    return {
        "remaining": len(words),
        "answers": words[:SHOW_LEFT],
        "more": max(0, len(words) - SHOW_LEFT),
    }


def _review(entry: Entry) -> dict[str, Any]:
    """The finished round reviewed turn by turn, as ``/api/review`` reviews a game; a lost
    round with the answer as one more turn, not played (``unplayed``), which finishes it."""
    with entry.lock:
        playing: Playing = entry.value
        r = playing.round
        if not r.over:
            raise InputError("the game is not over yet: the review comes after it", 409)
        plays = [Play(t.word, r.game.guess_index(t.word), t.code) for t in r.turns]
        if not r.won:  # the answer as the next guess: what the last turn left to find
            plays.append(
                Play(r.answer_word, r.game.guess_index(r.answer_word), r.game.solved_code())
            )
        turns = review(r.game, plays)
        return {
            "list": playing.name,
            "hard": playing.hard,
            "turns": views.review_rows(turns),
            "guesses": len(r.turns),
            "won": r.won,
            "answer": r.answer_word,
            "unplayed": len(turns) - len(r.turns),
        }
