"""Reinforcement-learning environments for Hearts and Spades (docs/environments.md).

- :class:`HeartsVectorEnv`, :class:`SpadesVectorEnv`: many episodes stepped in Rust with
  Gymnasium's vector API (numpy only; Gymnasium adds the spaces).
- ``hearts_fast/Hearts-v0`` and ``hearts_fast/Spades-v0``: Gymnasium single-agent
  environments, registered when this module is imported with Gymnasium installed (extra
  ``rl``).
- :mod:`hearts_fast.env.hearts`, :mod:`hearts_fast.env.spades`: PettingZoo environments,
  every seat a learner (``env()`` and ``parallel_env()``).
"""

from __future__ import annotations

from ._vector import (
    LAYOUT_VERSION,
    HeartsVectorEnv,
    SpadesVectorEnv,
    observation_fields,
)

__all__ = [
    "LAYOUT_VERSION",
    "HeartsVectorEnv",
    "SpadesVectorEnv",
    "observation_fields",
]
