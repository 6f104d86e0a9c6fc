"""The Mastermind page (``/play/mastermind``) and its API (``/api/play/mastermind``): you break
sleuth's hidden code (``play``, as ``sleuth game play mastermind``), or sleuth breaks yours
(``solve``, as ``sleuth game solve mastermind``: a strategy of the registry walks its tree).

The hidden code of a ``play`` game stays on the server until the game is over."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import numpy as np
from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from sleuth.core.errors import FeedbackError
from sleuth.core.game import Contradiction, Game, Position
from sleuth.core.strategies import GREEDY_METRICS, STRATEGIES, get
from sleuth.core.tree import LazyTree
from sleuth.games.mastermind import MASTERMIND_SYMBOLS, mastermind, peg_counts
from sleuth.web.service import InputError, Service, service
from sleuth.web.sessions import Entry

COLOURS = range(2, 9)  # colours a game may have: 8**5 codes keep every guess under a second
HOLES = range(2, 6)
MAX_GUESSES = 20
SHOW_CODES = 24  # codes left up to which a solve game lists them
#: The strategies on offer: the greedy ones (``sleuth game solve``'s default is entropy);
#: the exact searches take minutes on the larger games.
PLAYERS = tuple(name for name in STRATEGIES if name.split("-")[0] in GREEDY_METRICS)

router = APIRouter()
Shared = Annotated[Service, Depends(service)]


@dataclass
class CodeGame:
    """A Mastermind game of the page, of either kind."""

    game: Game
    colours: int
    holes: int

    def played(self) -> list[Position]:
        """The position before the first guess and after each one."""
        raise NotImplementedError

    def outcome(self) -> str | None:
        """The outcome once the game is over ("won" or "lost"), else None."""
        won = self.game.outcome(self.played()[-1])
        return None if won is None else "won" if won else "lost"


@dataclass
class Breaking(CodeGame):
    """A game where the user breaks sleuth's hidden code: the positions after each guess."""

    secret: int = 0
    positions: list[Position] = field(default_factory=list)
    resigned: bool = False

    def played(self) -> list[Position]:
        return self.positions

    def outcome(self) -> str | None:
        return "lost" if self.resigned else super().outcome()


@dataclass
class Solving(CodeGame):
    """A game where sleuth breaks the user's code: its path through the strategy's tree, and
    the code itself when the user gave it for automatic scoring."""

    strategy: str = "entropy"
    path: list[LazyTree] = field(default_factory=list)
    secret: int | None = None

    def played(self) -> list[Position]:
        return [node.position for node in self.path]


class NewGame(BaseModel):
    mode: Literal["play", "solve"] = "play"
    colours: int = Field(6, ge=COLOURS.start, le=COLOURS.stop - 1)
    holes: int = Field(4, ge=HOLES.start, le=HOLES.stop - 1)
    max_guesses: int = Field(10, ge=1, le=MAX_GUESSES)
    seed: int | None = Field(None, ge=0, le=2**53)
    strategy: str = Field("entropy", max_length=40)
    secret: str | None = Field(None, max_length=20)


class Guess(BaseModel):
    code: list[int] = Field(max_length=HOLES.stop)


class Pegs(BaseModel):
    black: int = Field(ge=0, le=HOLES.stop)
    white: int = Field(ge=0, le=HOLES.stop)


@functools.lru_cache(maxsize=32)
def game_of(colours: int, holes: int, max_guesses: int) -> Game:
    """The Mastermind game of that size and guess limit (shared by every session)."""
    return mastermind(colours, holes, max_guesses=max_guesses)


@functools.lru_cache(maxsize=8)
def tree_of(colours: int, holes: int, max_guesses: int, strategy: str) -> LazyTree:
    """A strategy's tree of a game, grown as sessions walk it (shared: each answer given once
    is computed once; it holds at most every code once per guess made)."""
    return LazyTree(game_of(colours, holes, max_guesses), get(strategy))


@router.get("/play/mastermind", response_class=HTMLResponse)
def mastermind_page(request: Request, shared: Shared) -> Response:
    return shared.page(
        request,
        "play_mastermind.html",
        colours=COLOURS,
        holes=HOLES,
        max_guesses=MAX_GUESSES,
        strategies=PLAYERS,
        symbols=MASTERMIND_SYMBOLS,
    )


@router.post("/api/play/mastermind", status_code=201)
async def new_game(body: NewGame, shared: Shared) -> dict[str, Any]:
    if body.mode == "play" and body.secret is not None:
        raise InputError(
            "a code to break is drawn by sleuth: give secret only to let sleuth "
            "break it (mode solve)"
        )
    if body.strategy not in PLAYERS:
        raise InputError(
            f"unknown strategy {body.strategy[:40]!r}; choose one of {', '.join(PLAYERS)}"
        )
    value = await shared.run(lambda: _new(body))
    key = shared.store.add(value)
    return await shared.run(lambda: _state(key, value))


@router.get("/api/play/mastermind/{key}")
async def game_state(key: str, shared: Shared) -> dict[str, Any]:
    entry = shared.entry(key, CodeGame)
    return await shared.run(lambda: _locked(key, entry, _state))


@router.post("/api/play/mastermind/{key}/guess")
async def guess(key: str, body: Guess, shared: Shared) -> dict[str, Any]:
    entry = _entry(shared, key, Breaking)
    return await shared.run(lambda: _locked(key, entry, lambda k, v: _guess(k, v, body.code)))


@router.post("/api/play/mastermind/{key}/resign")
async def resign(key: str, shared: Shared) -> dict[str, Any]:
    entry = _entry(shared, key, Breaking)
    return await shared.run(lambda: _locked(key, entry, _resign))


@router.post("/api/play/mastermind/{key}/answer")
async def answer(key: str, body: Pegs, shared: Shared) -> dict[str, Any]:
    entry = _entry(shared, key, Solving)
    return await shared.run(lambda: _locked(key, entry, lambda k, v: _answer(k, v, body)))


@router.post("/api/play/mastermind/{key}/score")
async def score(key: str, shared: Shared) -> dict[str, Any]:
    entry = _entry(shared, key, Solving)
    return await shared.run(lambda: _locked(key, entry, _score))


@router.post("/api/play/mastermind/{key}/undo")
async def undo(key: str, shared: Shared) -> dict[str, Any]:
    entry = _entry(shared, key, Solving)
    return await shared.run(lambda: _locked(key, entry, _undo))


def _entry(shared: Service, key: str, kind: type[CodeGame]) -> Entry:
    """The session's game if it is of ``kind``; a 409 saying who guesses in it otherwise."""
    entry = shared.entry(key, CodeGame)
    if not isinstance(entry.value, kind):
        who = "you guess sleuth's code" if kind is Solving else "sleuth guesses your code"
        raise InputError(f"in this game {who}: that move belongs to the other mode", 409)
    return entry


def _locked(key: str, entry: Entry, work: Callable[[str, Any], dict[str, Any]]) -> dict[str, Any]:
    """``work`` on the session's game, one request at a time."""
    with entry.lock:
        return work(key, entry.value)


def _new(body: NewGame) -> Breaking | Solving:
    game = game_of(body.colours, body.holes, body.max_guesses)
    if body.mode == "play":
        secret = random.Random(body.seed).randrange(len(game.secrets))
        return Breaking(game, body.colours, body.holes, secret, [game.start()])
    tree = tree_of(body.colours, body.holes, body.max_guesses, body.strategy)
    mine = None if body.secret is None else _typed_code(game, body.secret, body.colours)
    return Solving(game, body.colours, body.holes, body.strategy, [tree], mine)


def _typed_code(game: Game, text: str, colours: int) -> int:
    """The index of a code the user typed (``1234``, ``1 2 3 4`` or ``1,2,3,4``)."""
    label = "".join(c for c in text if c not in " ,;-")
    try:
        return game.guess_index(label)
    except ValueError:
        holes = game.guesses.shape[1]
        raise InputError(
            f"{text.strip()[:20]!r} is not a code of {holes} pegs, each a digit 1-{colours}"
        ) from None


def _guess(key: str, breaking: Breaking, code: list[int]) -> dict[str, Any]:
    game, colours, holes = breaking.game, breaking.colours, breaking.holes
    if breaking.outcome() is not None:
        raise InputError("the game is over: start a new one", 409)
    if len(code) != holes or not all(0 <= c < colours for c in code):
        raise InputError(
            f"a guess is {holes} pegs, each one of the {colours} colours (0 to {colours - 1})"
        )
    index = game.guess_index("".join(MASTERMIND_SYMBOLS[c] for c in code))
    pegs = int(game.codes(index, np.array([breaking.secret]))[0])
    breaking.positions.append(game.after(breaking.positions[-1], index, pegs))
    return _state(key, breaking)


def _resign(key: str, breaking: Breaking) -> dict[str, Any]:
    if breaking.outcome() is not None:
        raise InputError("the game is over already", 409)
    breaking.resigned = True
    return _state(key, breaking)


def _answer(key: str, solving: Solving, pegs: Pegs) -> dict[str, Any]:
    game = solving.game
    try:
        code = game.parse(f"{pegs.black}B{pegs.white}W")
    except FeedbackError as error:
        raise InputError(str(error)) from None
    return _follow(key, solving, code)


def _score(key: str, solving: Solving) -> dict[str, Any]:
    if solving.secret is None:
        raise InputError(
            "sleuth does not know your code: answer with the pegs (or start a "
            "game giving your code)",
            409,
        )
    node = _current(solving)
    return _follow(key, solving, int(solving.game.codes(node.guess, np.array([solving.secret]))[0]))


def _follow(key: str, solving: Solving, code: int) -> dict[str, Any]:
    node = _current(solving)
    try:
        solving.path.append(node.child(code))
    except Contradiction:
        black, white = peg_counts(code, solving.holes)
        raise InputError(
            f"no code fits {black} black and {white} white for "
            f"{node.label} together with your earlier answers: check this "
            "answer, or undo an earlier one (nothing was changed)",
            409,
            undo=len(solving.path) > 1,
        ) from None
    return _state(key, solving)


def _undo(key: str, solving: Solving) -> dict[str, Any]:
    if len(solving.path) == 1:
        raise InputError("nothing to undo", 409)
    solving.path.pop()
    return _state(key, solving)


def _current(solving: Solving) -> LazyTree:
    """The node where sleuth guesses next; 409 once the game is over."""
    node = solving.path[-1]
    if node.outcome is not None:
        raise InputError(
            "the game is over: undo the last answer or start a new one", 409, undo=True
        )
    return node


# -- what the page shows -----------------------------------------------------------------------


def _code(game: Game, index: int) -> list[int]:
    code: list[int] = game.guesses[index].tolist()
    return code


def _turn(game: Game, holes: int, after: Position) -> dict[str, Any]:
    """One guess, its pegs, and the codes that fit every answer up to it."""
    guess, pegs = after.history[-1]
    black, white = peg_counts(pegs, holes)
    return {
        "code": _code(game, guess),
        "label": game.guess_labels[guess],
        "black": black,
        "white": white,
        "remaining": int(after.candidates.size),
    }


def _state(key: str, value: CodeGame) -> dict[str, Any]:
    """A game as the page shows it (a hidden code only once the game is over)."""
    game = value.game
    positions = value.played()
    outcome = value.outcome()
    state: dict[str, Any] = {
        "session": key,
        "mode": "play" if isinstance(value, Breaking) else "solve",
        "colours": value.colours,
        "holes": value.holes,
        "max_guesses": game.max_cost,
        "codes": len(game.secrets),
        "turns": [_turn(game, value.holes, p) for p in positions[1:]],
        "remaining": int(positions[-1].candidates.size),
        "guesses_left": game.max_cost - positions[-1].guesses_made,
        "over": outcome is not None,
        "outcome": outcome,
    }
    if isinstance(value, Breaking):
        state["secret"] = None if outcome is None else _code(game, value.secret)
    elif isinstance(value, Solving):
        state.update(_solving(value, outcome))
    return state


def _solving(solving: Solving, outcome: str | None) -> dict[str, Any]:
    """What a solve game adds: the strategy, its next guess, the codes left when few."""
    game, node = solving.game, solving.path[-1]
    left = node.candidates
    return {
        "strategy": solving.strategy,
        "auto": solving.secret is not None,
        "proposal": None
        if outcome is not None
        else {"code": _code(game, node.guess), "label": node.label},
        "left": game.secret_words(left) if left.size <= SHOW_CODES else None,
        "secret": None if solving.secret is None else _code(game, solving.secret),
    }
