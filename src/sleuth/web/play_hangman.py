"""The Hangman page (``/play/hangman``) and its API (``/api/play/hangman``): sleuth sets a word
from a list it ships, you guess its letters (as ``sleuth hangman play``); at the end, the word
and how hard it is (:func:`sleuth.games.hangman.difficulty.word_difficulty`).

The word stays on the server until the round is over."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from sleuth.games.hangman.difficulty import WordDifficulty, word_difficulty
from sleuth.games.hangman.play import (
    BUILT_IN,
    MAX_LIVES,
    PlayList,
    Round,
    parts_drawn,
    play_lists,
    play_words,
    set_word,
)
from sleuth.web.service import InputError, Service, service
from sleuth.web.sessions import Entry

SOLVER = "misses"  # the seed's greedy rule: a word is as hard as the misses it makes on it

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


@dataclass
class Hanging:
    """A round and the list its word comes from; the word's difficulty once worked out."""

    name: str
    round: Round
    difficulty: WordDifficulty | None = None


class NewRound(BaseModel):
    name: str = Field(BUILT_IN, alias="list", max_length=64)
    length: int | None = Field(None, ge=1, le=64)
    lives: int = Field(6, ge=0, le=MAX_LIVES)
    seed: int | None = Field(None, ge=0, le=2**53)


class Letter(BaseModel):
    letter: str = Field(max_length=8)


def _list(offered: PlayList) -> dict[str, Any]:
    return {
        "name": offered.name,
        "title": offered.title,
        "lengths": {str(n): c for n, c in offered.lengths.items()},
        "default": offered.name == BUILT_IN,
    }


@router.get("/play/hangman", response_class=HTMLResponse)
async def hangman_page(request: Request, shared: Shared) -> Response:
    offered = await shared.run(play_lists)
    return shared.page(
        request, "play_hangman.html", lists=[_list(o) for o in offered], lives=range(MAX_LIVES + 1)
    )


@router.get("/api/play/hangman/lists")
async def hangman_lists(shared: Shared) -> list[dict[str, Any]]:
    return [_list(o) for o in await shared.run(play_lists)]


@router.post("/api/play/hangman", status_code=201)
async def new_round(body: NewRound, shared: Shared) -> dict[str, Any]:
    hanging = await shared.run(lambda: _new(body))
    key = shared.store.add(hanging)
    return _state(key, hanging)


@router.get("/api/play/hangman/{key}")
async def round_state(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hanging)
    return await _answered(shared, key, entry)


@router.post("/api/play/hangman/{key}/guess")
async def guess(key: str, body: Letter, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hanging)
    await shared.run(lambda: _guess(entry, body.letter))
    return await _answered(shared, key, entry)


@router.post("/api/play/hangman/{key}/resign")
async def resign(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, Hanging)
    await shared.run(lambda: _resign(entry))
    return await _answered(shared, key, entry)


def _new(body: NewRound) -> Hanging:
    try:
        word = set_word(body.name, body.length, random.Random(body.seed))
    except ValueError as error:
        raise InputError(str(error)) from None
    return Hanging(body.name, Round(word, body.lives))


def _guess(entry: Entry, letter: str) -> None:
    with entry.lock:
        played: Round = entry.value.round
        again = played.over or letter.strip().lower() in played.tried
        try:
            played.guess(letter)
        except ValueError as error:
            raise InputError(str(error), 409 if again else 422) from None


def _resign(entry: Entry) -> None:
    with entry.lock:
        played: Round = entry.value.round
        if played.over:
            raise InputError("the round is over already", 409)
        played.resigned = True


async def _answered(shared: Shared, key: str, entry: Entry) -> dict[str, Any]:
    """The round's state, with the word's difficulty once it is over (worked out within the
    request's deadline; past it, the state says so and a later look shows it)."""
    hanging: Hanging = entry.value
    note = None
    if hanging.round.over and hanging.difficulty is None:
        try:
            rated = await shared.run(lambda: _difficulty(hanging))
        except InputError as error:  # out of time: the round is over all the same
            note = f"the word's difficulty was not worked out in time ({error}); look again"
        else:
            with entry.lock:
                hanging.difficulty = rated
    with entry.lock:
        state = _state(key, hanging)
    if note is not None:
        state["difficulty_note"] = note
    return state


def _difficulty(hanging: Hanging) -> WordDifficulty:
    words = play_words(hanging.name, len(hanging.round.secret))
    return word_difficulty(words, hanging.round.secret, SOLVER)


def _state(key: str, hanging: Hanging) -> dict[str, Any]:
    """A round as the page shows it (the word only once the round is over)."""
    played = hanging.round
    over = played.over
    return {
        "session": key,
        "list": hanging.name,
        "length": len(played.secret),
        "lives": played.lives,
        "pattern": played.pattern,
        "tried": [{"letter": c, "hit": c in played.secret} for c in played.tried],
        "misses": played.misses,
        "left": max(0, played.lives - played.misses),
        "parts": parts_drawn(played.misses, played.lives),
        "over": over,
        "outcome": None if not over else "won" if played.won else "lost",
        "resigned": played.resigned,
        "word": played.secret if over else None,
        "difficulty": None if hanging.difficulty is None else asdict(hanging.difficulty),
    }
