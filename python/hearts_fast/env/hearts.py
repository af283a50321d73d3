"""PettingZoo environments of Hearts, every seat a learner. Actions are card ids 0..51 (a
play, or one card of a pass at a time) and 52 = FORWARD; each agent's reward is minus its
hand score (A-21), at the hand's end (``reward="hand"``) or trick by trick (``"trick"``).

- ``env(rules=None, **options)``: the AEC environment, wrapped as PettingZoo's classic games
  are (actions checked against the action space, calls in order).
- ``raw_env(...)``: the same, unwrapped.
- ``parallel_env(...)``: the parallel environment; one agent acts at a time.

Options: ``reward`` (``"hand"``, ``"trick"``), ``episode`` (``"hand"``, ``"game"``),
``max_hands``, ``kind``, ``layout``, ``render_mode`` (``"ansi"``, ``"human"``). See
`hearts_fast.env._pettingzoo` for the observations, masks and rewards.
"""

from __future__ import annotations

from typing import Any

from ._pettingzoo import _AECEnv, _ParallelEnv, metadata, wrapped
from ._vector import HeartsVectorEnv

__all__ = ["HeartsAECEnv", "HeartsParallelEnv", "env", "parallel_env", "raw_env"]

_METADATA = metadata("hearts_v0")


class HeartsAECEnv(_AECEnv):
    """Hearts as a PettingZoo AEC environment (every seat an agent)."""

    metadata = _METADATA
    _vector_class = HeartsVectorEnv


class HeartsParallelEnv(_ParallelEnv):
    """Hearts as a PettingZoo parallel environment (every seat an agent; one acts at a
    time)."""

    metadata = _METADATA
    _vector_class = HeartsVectorEnv


def raw_env(rules: Any = None, **options: Any) -> HeartsAECEnv:
    """The AEC environment, unwrapped."""
    return HeartsAECEnv(rules, **options)


def env(rules: Any = None, **options: Any) -> Any:
    """The AEC environment wrapped as PettingZoo recommends (see ``_pettingzoo.wrapped``):
    out-of-space actions refused, calls in order; illegal actions raise IllegalMoveError."""
    return wrapped(raw_env(rules, **options))


def parallel_env(rules: Any = None, **options: Any) -> HeartsParallelEnv:
    """The parallel environment."""
    return HeartsParallelEnv(rules, **options)
