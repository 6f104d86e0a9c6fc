"""Kernel contexts: named tuples of arrays handed to compiled kernels, typed once each."""

from __future__ import annotations

from typing import Any

from numba.extending import typeof_impl

_KNOWN_TYPES: dict[int, tuple[object, Any]] = {}


def typed_once(*classes: type) -> None:
    """Let numba type each instance of these named tuples once and remember it: numba would
    otherwise type every field at every call from Python, which costs more than many a small
    search (a context's fields, hence its type, never change)."""
    for cls in classes:
        typeof_impl.register(cls)(_known_type)


def _known_type(value: tuple, context: object) -> Any:
    """The numba type of ``value``, worked out on its first call (at most 256 kept)."""
    known = _KNOWN_TYPES.get(id(value))
    if known is None or known[0] is not value:
        if len(_KNOWN_TYPES) >= 256:
            _KNOWN_TYPES.clear()
        known = (value, typeof_impl.dispatch(tuple)(value, context))
        _KNOWN_TYPES[id(value)] = known
    return known[1]
