"""Checks of the pure-Python functions' integer arguments, with the package's errors."""

from __future__ import annotations

import numpy as np

from hearts_fast.errors import ArgumentTypeError, InvalidArgumentError


def int_arg(value: object, name: str, minimum: int, maximum: int | None = None) -> int:
    """``value`` as an int (a Python or NumPy integer, not a bool) in ``minimum..=maximum``
    (no upper bound when ``maximum`` is None), else the package's error naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ArgumentTypeError(f"{name} must be an int, got {type(value).__name__}")
    if maximum is None and value < minimum:
        raise InvalidArgumentError(f"{name} must be at least {minimum}, got {value}")
    if maximum is not None and not minimum <= value <= maximum:
        raise InvalidArgumentError(f"{name} must be {minimum}..={maximum}, got {value}")
    return int(value)
