"""PettingZoo environments of Spades, every seat a learner (partners are two agents of one
team). Actions: card ids 0..53, bid ``n`` = 54 + n, blind nil 68, redeal claim 69, bid ``n``
with LITTLE 70 + n and with BIG 84 + n; each agent's reward is its team's hand score (B-21),
at the hand's end or trick by trick. With ``episode="game"`` give ``max_hands``: random
players may never reach the game's end (B-22).

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
from ._vector import SpadesVectorEnv

__all__ = ["SpadesAECEnv", "SpadesParallelEnv", "env", "parallel_env", "raw_env"]

_METADATA = metadata("spades_v0")


class SpadesAECEnv(_AECEnv):
    """Spades as a PettingZoo AEC environment (every seat an agent)."""

    metadata = _METADATA
    _vector_class = SpadesVectorEnv


class SpadesParallelEnv(_ParallelEnv):
    """Spades as a PettingZoo parallel environment (every seat an agent; one acts at a
    time)."""

    metadata = _METADATA
    _vector_class = SpadesVectorEnv


def raw_env(rules: Any = None, **options: Any) -> SpadesAECEnv:
    """The AEC environment, unwrapped."""
    return SpadesAECEnv(rules, **options)


def env(rules: Any = None, **options: Any) -> Any:
    """The AEC environment wrapped as PettingZoo recommends (see ``_pettingzoo.wrapped``):
    out-of-space actions refused, calls in order; illegal actions raise IllegalMoveError."""
    return wrapped(raw_env(rules, **options))


def parallel_env(rules: Any = None, **options: Any) -> SpadesParallelEnv:
    """The parallel environment."""
    return SpadesParallelEnv(rules, **options)
