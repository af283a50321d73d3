"""Reinforcement-learning environments for Hearts and Spades (docs/environments.md).

- `HeartsVectorEnv`, `SpadesVectorEnv`: many episodes stepped in Rust with
  Gymnasium's vector API (numpy only; Gymnasium adds the spaces).
- ``hearts_fast/Hearts-v0`` and ``hearts_fast/Spades-v0``: Gymnasium single-agent
  environments, registered when this module is imported with Gymnasium installed (extra
  ``rl``).
- `hearts_fast.env.hearts`, `hearts_fast.env.spades`: PettingZoo environments,
  every seat a learner (``env()`` and ``parallel_env()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._vector import (
    LAYOUT_VERSION,
    HeartsVectorEnv,
    SpadesVectorEnv,
    observation_fields,
)

__all__ = [
    "LAYOUT_VERSION",
    "HeartsEnv",
    "HeartsVectorEnv",
    "SpadesEnv",
    "SpadesVectorEnv",
    "observation_fields",
]

if TYPE_CHECKING:
    from .gym import HeartsEnv, SpadesEnv

#: The Gymnasium ids of the single-agent environments: id → (class, vector class), as
#: ``module:attribute`` entry points.
GYM_IDS = {
    "hearts_fast/Hearts-v0": ("hearts_fast.env.gym:HeartsEnv", __name__ + ":HeartsVectorEnv"),
    "hearts_fast/Spades-v0": ("hearts_fast.env.gym:SpadesEnv", __name__ + ":SpadesVectorEnv"),
}


def _register() -> None:
    """Registers :data:`GYM_IDS` with Gymnasium when it is installed (once)."""
    try:
        import gymnasium
    except ImportError:  # pragma: no cover - exercised without the extra
        return
    for env_id, (entry_point, vector_entry_point) in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point=entry_point, vector_entry_point=vector_entry_point
            )


def __getattr__(name: str) -> Any:
    # The Gymnasium classes load on first use: importing this module needs only numpy.
    if name in ("HeartsEnv", "SpadesEnv"):
        from . import gym

        return getattr(gym, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_register()
