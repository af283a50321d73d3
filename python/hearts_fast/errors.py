"""Exception classes shared by the fast engine and the pure-Python reference engine.

Every error raised by hearts-fast for bad input is one of these. Each is also a subclass of
the matching built-in (``ValueError`` or ``TypeError``), so ``except ValueError`` keeps
working. A call that raises leaves the object it was called on unchanged.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ArgumentTypeError",
    "HeartsFastError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRulesError",
    "ResultTooLargeError",
]


class HeartsFastError(Exception):
    """Base class of every hearts-fast error."""


class InvalidCardError(HeartsFastError, ValueError):
    """A card text or card id that names no card."""


class InvalidRulesError(HeartsFastError, ValueError):
    """An unknown rule parameter or preset, a value out of range, or an invalid combination."""


class InvalidDealError(HeartsFastError, ValueError):
    """Hands given to ``from_deal`` that are not a valid deal for the rules."""


class IllegalMoveError(HeartsFastError, ValueError):
    """A move that is not legal now: wrong card, out of turn, or wrong phase.

    Attributes:
        card: the card id that was refused (a play, a rummy discard or lay-off), or ``None``.
        legal: what the legality query matching the refused call returns at that moment, so
            that any entry can be tried instead (docs/protocol.md, Errors): ``legal_plays()``
            for a play, ``legal_bids()`` for a Spades bid, ``deficient_seats()`` for a redeal
            claim, the seat's dealt hand for a Hearts pass (empty when that seat may not pass
            now), ``pending_passes()`` for a forward (empty without ``pass_through``), and
            ``legal_actions()`` for a rummy action. Possibly empty.
    """

    def __init__(self, message: str, card: int | None = None, legal: list[Any] | None = None):
        super().__init__(message)
        self.card = card
        self.legal: list[Any] = [] if legal is None else list(legal)


class InvalidArgumentError(HeartsFastError, ValueError):
    """An argument of the right type with a value outside what is allowed: a negative or huge
    count, a seed outside 0..2**64-1, a thread count, an unknown policy name, conflicting
    options, or a text form that cannot be read."""


class ResultTooLargeError(InvalidArgumentError, MemoryError):
    """A batch whose result arrays cannot be held in memory (``hands=`` or ``games=`` too
    large for this machine); also a ``MemoryError``. Nothing was simulated. Use
    ``stream=True`` for statistics in constant memory, or simulate in parts."""


class ArgumentTypeError(HeartsFastError, TypeError):
    """An argument of the wrong type."""
