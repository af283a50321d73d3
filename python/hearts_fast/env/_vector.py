"""The vector environments: many Hearts or Spades episodes stepped together in Rust, with
Gymnasium's vector-environment API (docs/environments.md)."""

from __future__ import annotations

from typing import Any, Literal, Optional, Union

import numpy as np
import numpy.typing as npt

from .. import _core

Seed = Optional[int]

try:  # Gymnasium is optional (extra "rl"): without it the classes work the same,
    # but have no spaces.
    import gymnasium as _gym
    from gymnasium.vector import AutoresetMode as _AutoresetMode
    from gymnasium.vector import VectorEnv as _Base

    _HAVE_GYM = True
except ImportError:  # pragma: no cover - exercised without the extra
    _Base = object  # type: ignore[assignment,misc]
    _HAVE_GYM = False

PolicyArg = Union[str, "_core.Policy", None]
Kind = Literal["observation", "info_state"]
RewardMode = Literal["hand", "trick"]
EpisodeMode = Literal["hand", "game"]
Layout = Literal["compact", "openspiel"]

#: The version of the compact layouts; raised whenever a field moves.
LAYOUT_VERSION: int = _core.LAYOUT_VERSION


def observation_fields(
    rules: Union[_core.HeartsRules, _core.SpadesRules], kind: Kind = "observation"
) -> dict[str, slice]:
    """The fields of the compact tensor ``kind`` under ``rules``: name → slice of the tensor,
    in order (docs/environments.md)."""
    return {name: slice(a, b) for name, a, b in _core._tensor_fields(rules, kind)}


class _VectorEnv(_Base):
    """Shared implementation of `HeartsVectorEnv` and `SpadesVectorEnv`."""

    _game = ""
    _rules_class: Any = None

    def __init__(
        self,
        num_envs: int = 1,
        rules: Any = None,
        *,
        seats: Union[int, list[int]] = 0,
        opponents: Union[PolicyArg, list[PolicyArg]] = "random",
        reward: RewardMode = "hand",
        episode: EpisodeMode = "hand",
        max_hands: Optional[int] = None,
        seed: Seed = None,
        autoreset: bool = True,
        kind: Kind = "observation",
        layout: Layout = "compact",
        copy: bool = True,
    ) -> None:
        if rules is None:
            rules = self._rules_class()
        elif not isinstance(rules, self._rules_class):
            from ..errors import ArgumentTypeError

            raise ArgumentTypeError(
                f"rules must be a {self._rules_class.__name__}, got {type(rules).__name__}"
            )
        if not isinstance(copy, bool):
            from ..errors import ArgumentTypeError

            raise ArgumentTypeError(f"copy must be a bool, got {type(copy).__name__}")
        self._env = _core._VectorEnv(
            rules,
            num_envs,
            seats=seats,
            opponents=opponents,
            reward=reward,
            episode=episode,
            max_hands=max_hands,
            seed=seed,
            autoreset=autoreset,
            kind=kind,
            layout=layout,
        )
        self.rules = rules
        self.num_envs = self._env.num_envs
        self.seats: list[int] = list(self._env.seats)
        self.kind = kind
        self.layout = layout
        self.copy = copy
        self.num_actions: int = self._env.num_actions
        self.render_mode = None
        self.closed = False
        self._reset_done = False
        if _HAVE_GYM:
            self.metadata = {
                "autoreset_mode": (
                    _AutoresetMode.SAME_STEP if autoreset else _AutoresetMode.DISABLED
                ),
            }
            size = self._env.size
            self.single_observation_space = _gym.spaces.Box(
                low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
            )
            self.single_action_space = _gym.spaces.Discrete(self.num_actions)
            self.observation_space = _gym.spaces.Box(
                low=-np.inf, high=np.inf, shape=(self.num_envs, size), dtype=np.float32
            )
            self.action_space = _gym.spaces.MultiDiscrete(
                np.full(self.num_envs, self.num_actions, dtype=np.int64)
            )

    @property
    def fields(self) -> dict[str, slice]:
        """The fields of the observation (compact layout): name → slice."""
        return observation_fields(self.rules, self.kind)

    def _out(self, a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.copy() if self.copy else a

    def _info(self, done: Optional[npt.NDArray[np.bool_]] = None) -> dict[str, Any]:
        e = self._env
        info: dict[str, Any] = {
            "action_mask": self._out(e.mask),
            "seat": self._out(e.seat),
        }
        if done is not None:
            info["seat_rewards"] = self._out(e.seat_rewards)
            if done.any():
                # Gymnasium's convention: an object array holding the last observation of
                # each finished environment (None elsewhere), marked by "_final_obs".
                final = np.full(self.num_envs, None, dtype=object)
                idx = np.flatnonzero(done)
                rows = e.final_obs[idx]  # one copy of the finished rows
                list(map(final.__setitem__, idx.tolist(), rows))
                info["final_obs"] = final
                info["_final_obs"] = done
        return info

    def reset(
        self, *, seed: Seed = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a new episode in every environment (from ``seed`` when given: then every
        environment's episodes restart their streams), or with ``options={"reset_mask":
        mask}`` in the marked ones only, and returns ``(obs, info)``;
        ``info["action_mask"]`` holds the legal actions, ``info["seat"]`` the seat whose
        observation each row is."""
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        if options:
            from ..errors import InvalidArgumentError

            raise InvalidArgumentError(f"reset's only option is reset_mask, got {sorted(options)}")
        if isinstance(mask, np.ndarray):
            mask = mask.tolist()
        self._env.reset(seed, mask)
        self._reset_done = True
        return self._out(self._env.obs), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One step of every environment with the learner's ``actions`` (one integer per
        environment): returns ``(obs, rewards, terminations, truncations, info)``. Finished
        episodes restart within the step (``autoreset``): their last observation is
        ``info["final_obs"]`` (rows marked by ``info["_final_obs"]``). An illegal or
        malformed action raises and changes no environment."""
        e = self._env
        e.step(actions)
        done = e.terminated | e.truncated
        return (
            self._out(e.obs),
            self._out(e.rewards),
            self._out(e.terminated),
            self._out(e.truncated),
            self._info(done),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every environment now, ``(num_envs, actions)``."""
        mask: npt.NDArray[np.bool_] = self._env.mask.copy()
        return mask

    def observe(
        self, env: int, seat: int, kind: Optional[Kind] = None, layout: Optional[Layout] = None
    ) -> npt.NDArray[np.float32]:
        """What ``seat`` sees in environment ``env`` now, as ``kind``/``layout`` (default:
        the environment's own)."""
        kind = kind or self.kind
        layout = layout or self.layout
        out: npt.NDArray[np.float32] = self._env.observe(env, seat, kind, layout)
        return out

    def state(self, env: int) -> Any:
        """The hand of environment ``env`` now, as a state of its game (a copy)."""
        return self._env.state(env)

    def close(self, **kwargs: Any) -> None:
        """Nothing to release; marks the environment closed."""
        self.closed = True

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(num_envs={self.num_envs}, seats={self.seats}, "
            f"kind={self.kind!r}, layout={self.layout!r})"
        )


class HeartsVectorEnv(_VectorEnv):
    """``num_envs`` Hearts episodes (hands, or whole games with ``episode="game"``) stepped
    together in Rust: the learner plays ``seats`` (default seat 0), ``opponents`` (a policy
    name, a `hearts_fast.Policy`, or one per seat; default ``"random"``) the others.
    Actions are card ids 0..51 (a play, or one card of a pass) and 52 = FORWARD. Rewards
    are minus the hand score (A-21), per hand (``reward="hand"``) or per trick
    (``"trick"``; a hand's rewards add up to the same)."""

    _game = "hearts"
    _rules_class = _core.HeartsRules


class SpadesVectorEnv(_VectorEnv):
    """``num_envs`` Spades episodes (hands, or whole games with ``episode="game"``)
    stepped together in Rust: the learner plays ``seats`` (default seat 0), ``opponents``
    the others. Actions: card ids 0..53, bid ``n`` = 54 + n, blind nil 68, redeal claim 69,
    bid ``n`` with LITTLE 70 + n and with BIG 84 + n. Rewards are the team's hand score,
    per hand or per trick (10 a trick, the rest at the hand's end)."""

    _game = "spades"
    _rules_class = _core.SpadesRules
