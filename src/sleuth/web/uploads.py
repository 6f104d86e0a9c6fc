"""Word lists uploaded for the hint and review pages (``/api/uploads``): each kept as a session
of the server (bounded in number, expiring when unused) under a random id, and named
``upload:<id>`` wherever a request names a list. The words are checked by the library
(:func:`sleuth.games.wordle.lists.lists_from_text`); nothing is written to disk."""

from __future__ import annotations

import functools
import threading
import weakref
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field

from sleuth.core.game import Game
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import MAX_TEXT_WORDS, TEXT_LENGTHS, Lists, lists_from_text
from sleuth.web.service import InputError, Service, service
from sleuth.web.sessions import SessionStore

PATH = "/api/uploads"
PREFIX = "upload:"  # a list's name in requests: PREFIX + the upload's id
MAX_LIST_BYTES = 256 * 1024  # bytes of text each list may hold
MAX_BODY = 4 * MAX_LIST_BYTES + 4096  # an upload's body: two lists, each at most doubled by JSON
NAME_CHARS = 60  # characters of a file's name kept to title the list

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


@dataclass(eq=False)
class Upload:
    """An uploaded list: its words, its title, the sessions keeping it, and its games (one per
    mode, made when first asked)."""

    lists: Lists
    title: str
    store: SessionStore = field(repr=False)
    games: dict[bool, Game] = field(default_factory=dict, repr=False)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def game(self, hard: bool = False) -> Game:
        """The Wordle game over the list, in hard mode or not."""
        with self.lock:
            if hard not in self.games:
                self.games[hard] = game_from(self.lists, hard=hard)
            return self.games[hard]

    @functools.cached_property
    def guessable(self) -> frozenset[str]:
        """The words the list accepts as guesses."""
        return frozenset(self.lists.guesses)


#: The uploads alive, by id: held by their sessions only, so gone with them.
_LIVE: weakref.WeakValueDictionary[str, Upload] = weakref.WeakValueDictionary()


class NewUpload(BaseModel):
    answers: str
    guesses: str | None = None
    name: str | None = Field(None, max_length=255)


def is_upload(name: str) -> bool:
    """Whether a list's name stands for an upload."""
    return name.startswith(PREFIX)


def upload_named(name: str) -> Upload:
    """The live upload ``upload:<id>`` names (now marked as used); a 404 when it is gone."""
    key = name.removeprefix(PREFIX)
    upload = _LIVE.get(key)
    entry = None if upload is None else upload.store.get(key)
    if upload is None or entry is None or entry.value is not upload:
        raise InputError("this uploaded list is gone (uploads are kept for an hour unused); "
                         "upload it again", 404)
    return upload


def limits() -> dict[str, Any]:
    """What an upload may hold."""
    return {"max_bytes": MAX_LIST_BYTES, "max_words": MAX_TEXT_WORDS,
            "lengths": [TEXT_LENGTHS[0], TEXT_LENGTHS[-1]]}


def described(key: str, upload: Upload) -> dict[str, Any]:
    """An upload as the pages offer it: its list name, title, sizes and word length."""
    lists = upload.lists
    return {"list": PREFIX + key, "title": upload.title, "answers": len(lists.answers),
            "guesses": len(lists.guesses), "length": len(lists.answers[0])}


def new_upload(body: NewUpload, store: SessionStore) -> dict[str, Any]:
    """Check the texts, keep the lists as a new session, describe it."""
    for what, text in (("answers", body.answers), ("guesses", body.guesses)):
        if text is not None and len(text.encode("utf-8", "replace")) > MAX_LIST_BYTES:
            raise InputError(f"the {what} list is over {MAX_LIST_BYTES // 1024} KB", 413)
    try:
        lists = lists_from_text(body.answers, body.guesses, "upload")
    except ValueError as error:
        raise InputError(str(error)) from None
    upload = Upload(lists, _title(body.name, lists), store)
    upload.game(False)  # made now: the first hint on it waits for less
    key = store.add(upload)
    _LIVE[key] = upload
    return described(key, upload)


def _title(name: str | None, lists: Lists) -> str:
    """The list's title: the file's name as given (shown, never used as a path) and its size."""
    shown = "".join(c for c in (name or "") if c.isprintable()).strip()[:NAME_CHARS]
    size = f"{len(lists.answers):,} answers" + (
        "" if lists.guesses == lists.answers else f", {len(lists.guesses):,} guesses")
    return f"{shown or 'uploaded list'} ({size}; {len(lists.answers[0])} letters)"


@router.get(PATH)
def upload_limits() -> dict[str, Any]:
    return limits()


@router.post(PATH, status_code=201)
async def upload_list(body: NewUpload, shared: Shared) -> dict[str, Any]:
    return await shared.run(lambda: new_upload(body, shared.store))


@router.get(PATH + "/{key}")
async def upload_state(key: str, shared: Shared) -> dict[str, Any]:
    return await shared.run(lambda: described(key, upload_named(PREFIX + key)))
