"""Helpers shared by the Gymnasium and PettingZoo adapters (numpy only)."""

from __future__ import annotations

import operator
from typing import Any, Optional

import numpy as np

from ..errors import ArgumentTypeError, InvalidArgumentError


def action_index(action: Any, what: str = "action") -> int:
    """``action`` as a Python int: an int, a numpy integer or a 0-d integer array (what
    ``Discrete.sample()`` and policies return); ArgumentTypeError for anything else (bools,
    floats, arrays with more than one entry)."""
    if not isinstance(action, (bool, np.bool_)):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise ArgumentTypeError(f"{what} must be an int, got {type(action).__name__}")


def fresh_seed() -> int:
    """A seed for the engine from the operating system's entropy: an adapter reset without
    a seed before any seeded reset starts from it, as Gymnasium and PettingZoo expect of an
    unseeded environment (the vector environment's own default is the fixed seed 0)."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0])


def no_options(options: Optional[dict[str, Any]]) -> None:
    """Refuses reset options: the adapters take none."""
    if options:
        raise InvalidArgumentError(f"reset takes no options, got {sorted(options)}")


def render_text(state: Any, render_mode: Optional[str]) -> Optional[str]:
    """The ``render()`` of an adapter: the hand's text for ``"ansi"``, printed for
    ``"human"``."""
    if render_mode == "ansi":
        return str(state)
    if render_mode == "human":
        print(state)
    return None


def check_render_mode(render_mode: Optional[str], allowed: list[str]) -> None:
    if render_mode is not None and render_mode not in allowed:
        raise InvalidArgumentError(
            f"unknown render_mode {render_mode!r}; allowed: None, "
            + ", ".join(repr(m) for m in allowed)
        )
