"""The hook through which a game restricts its guesses by the feedback so far (like Wordle's
hard mode), in the form the exact search follows in compiled code.

A restriction keeps a state at each node, an int64 array: ``after(table, state, guess, code,
out)`` writes the state after ``guess`` got ``code``, and ``allowed(table, state, among)``
gives the indices of the guesses the state allows, in increasing order, of those in ``among``
(increasing; empty: every guess); ``table`` (int64, one row per guess) is what both read about
the guesses. The guesses allowed never grow along a path (as in hard mode): the search looks for
a node's among those of its parent, which at depth are few. Both are numba functions compiled
with the signatures :data:`AFTER` and :data:`ALLOWED`. The search receives them by address
(:class:`Compiled`), so one compiled search serves every restriction.

The search keys its memo by the state too (one set of candidates can be reached with different
states); its lower bounds hold for any guess, hence for the guesses allowed. A restriction must
allow every candidate's guess (a guess that may still be the secret), as hard mode does.

A restriction may also name ``groups``: sets of secrets its guesses are slow to tell apart
(Wordle's words that differ in one letter). The search then refuses a node at once when a group
cannot be cut down to one secret in the guesses left (see ``kernels.group_too_slow``), which
holds since the guesses allowed never grow along a path.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from numba import njit, types
from numba.experimental.function_type import _get_wrapper_address
from numba.extending import typeof_impl

from sleuth.core.game import Game

#: ``after(table, state, guess, code, out)``: the state after a guess and its feedback.
AFTER = types.void(types.int64[:, ::1], types.int64[::1], types.int64, types.int64,
                   types.int64[::1])
#: ``allowed(table, state)``: the guesses a state allows, in increasing order.
ALLOWED = types.int64[::1](types.int64[:, ::1], types.int64[::1], types.int64[::1])
#: ``among`` for every guess.
EVERY = np.empty(0, np.int64)


@dataclass(frozen=True)
class GuessRule:
    """A restriction of the guesses as the exact search follows it (see the module): a game's
    ``allowed`` hook offers one as its ``guess_rule``."""

    table: np.ndarray  # int64 (guesses, k): what ``after`` and ``allowed`` read of each guess
    start: np.ndarray  # int64 (state size,): the state before any guess
    after: Any  # a numba function compiled with the signature AFTER
    allowed: Any  # a numba function compiled with the signature ALLOWED
    groups: np.ndarray | None = None  # int64 (groups, width): secret indices, -1 padded

    def state(self, path: Iterable[tuple[int, int]]) -> np.ndarray:
        """The state after (guess, code) pairs, from the start."""
        state = self.start.copy()
        for guess, code in path:
            out = np.empty_like(state)
            self.after(self.table, state, int(guess), int(code), out)
            state = out
        return state

    def allowed_by(self, state: np.ndarray) -> np.ndarray:
        """Indices of the guesses a state allows."""
        return self.allowed(self.table, state, EVERY)

    def allowed_after(self, path: Iterable[tuple[int, int]]) -> np.ndarray:
        """Indices of the guesses allowed after (guess, code) pairs."""
        return self.allowed_by(self.state(path))


def rule_of(game: Game) -> GuessRule | None:
    """The restriction of a game's guesses as the exact search follows it (None: every guess is
    always allowed); raises ValueError for an ``allowed`` hook that offers no ``guess_rule``."""
    if game.allowed is None:
        return None
    rule = getattr(game.allowed, "guess_rule", None)
    if not isinstance(rule, GuessRule):
        raise ValueError(f"{game.name}: the exact search follows a restriction of the guesses "
                         "only through a guess_rule (see sleuth.solve.restriction)")
    return rule


class Compiled(types.WrapperAddressProtocol):
    """A compiled function that the kernels call by address (numba's first-class functions):
    its type is its signature, so kernels taking it compile once, and are cached, whatever
    function it is."""

    def __init__(self, function: Any, signature: Any) -> None:
        self.function = function
        self.sig = signature
        self.type = types.FunctionType(signature)
        self._address: int | None = None

    def __wrapper_address__(self) -> int:
        if self._address is None:
            self._address = _get_wrapper_address(self.function, self.sig)
        return self._address

    def signature(self) -> Any:
        return self.sig


@typeof_impl.register(Compiled)
def _typeof_compiled(value: Compiled, context: object) -> Any:
    return value.type  # built once: numba types each call's arguments anew


class KernelRule(NamedTuple):
    """A :class:`GuessRule` as the kernels read it (every field empty or unused without one)."""

    table: np.ndarray
    """What the rule's functions read about each guess: int64 (guesses, k)."""
    after: Compiled
    """The state after a guess and its feedback (signature :data:`AFTER`)."""
    allowed: Compiled
    """The guesses a state allows (signature :data:`ALLOWED`)."""
    groups: np.ndarray
    """Sets of secrets slow to tell apart, one a row, -1 padded (no rows: none)."""
    groups_of: np.ndarray
    """The groups (rows of ``groups``) of each secret, -1 padded (no columns: none)."""


@njit(AFTER, cache=True, nogil=True)
def _unchanged(table: np.ndarray, state: np.ndarray, guess: int, code: int,
               out: np.ndarray) -> None:
    """Without a restriction: the state never changes."""
    out[:] = state


@njit(ALLOWED, cache=True, nogil=True)
def _every_guess(table: np.ndarray, state: np.ndarray, among: np.ndarray) -> np.ndarray:
    """Without a restriction: every guess of ``among`` (empty: of the table, a row a guess)."""
    return among.copy() if among.size > 0 else np.arange(table.shape[0])


def kernel_rule(rule: GuessRule | None, n_secrets: int) -> KernelRule:
    """The form the kernels take a restriction in (one of the same type without one)."""
    if rule is None:
        return KernelRule(np.zeros((0, 0), np.int64), Compiled(_unchanged, AFTER),
                          Compiled(_every_guess, ALLOWED), *groups_of(None, n_secrets))
    return KernelRule(np.ascontiguousarray(rule.table, dtype=np.int64),
                      Compiled(rule.after, AFTER), Compiled(rule.allowed, ALLOWED),
                      *groups_of(rule.groups, n_secrets))


def groups_of(groups: np.ndarray | None, n_secrets: int) -> tuple[np.ndarray, np.ndarray]:
    """The groups (rows of secret indices, -1 padded) and each secret's groups (-1 padded).

    >>> g, of = groups_of(np.array([[0, 2, -1], [1, 2, 3]]), 4)
    >>> of.tolist()
    [[0, -1], [1, -1], [0, 1], [1, -1]]
    """
    if groups is None or len(groups) == 0:
        return np.full((0, 0), -1, np.int64), np.full((n_secrets, 0), -1, np.int64)
    groups = np.ascontiguousarray(groups, dtype=np.int64)
    rows, cols = np.nonzero(groups >= 0)
    secrets = groups[rows, cols]
    per_secret = np.bincount(secrets, minlength=n_secrets)
    of = np.full((n_secrets, max(1, int(per_secret.max()))), -1, np.int64)
    order = np.argsort(secrets, kind="stable")
    slot = np.arange(order.size) - np.repeat(np.cumsum(per_secret) - per_secret, per_secret)
    of[secrets[order], slot] = rows[order]
    return groups, of
