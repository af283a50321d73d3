"""Gymnasium single-agent environments (docs/environments.md): `HeartsEnv` and
`SpadesEnv`, the learner at one seat against policies, stepped in Rust by the vector
environment (one episode, no autoreset).

Registered as ``hearts_fast/Hearts-v0`` and ``hearts_fast/Spades-v0`` when
`hearts_fast.env` is imported (``gymnasium.make("hearts_fast.env:hearts_fast/Hearts-v0")``
imports it itself).

Observations are dicts ``{"observation": float32 (size,), "action_mask": int8 (actions,)}``
(the convention of PettingZoo's card games; ``action_mask`` is 1 for a legal action), and
``action_masks()`` returns the mask as bools (sb3-contrib's ``MaskablePPO``).
"""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..errors import InvalidArgumentError
from ._common import action_index, check_render_mode, fresh_seed, no_options, render_text
from ._vector import (
    EpisodeMode,
    HeartsVectorEnv,
    Kind,
    Layout,
    PolicyArg,
    RewardMode,
    SpadesVectorEnv,
    _VectorEnv,
)

__all__ = ["HeartsEnv", "SpadesEnv"]

Obs = dict[str, npt.NDArray[Any]]

_ILLEGAL = ("raise", "random")


class _SingleEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Shared implementation of `HeartsEnv` and `SpadesEnv`.

    Arguments: ``rules`` (the game's rules class; default rules), ``seat`` (the learner's),
    ``opponents``, ``reward``, ``episode``, ``max_hands``, ``kind``, ``layout`` (as the
    vector environment), ``illegal`` (``"raise"``: IllegalMoveError; ``"random"``: a random
    legal action is played instead, for learners without masks and Gymnasium's
    ``check_env``), ``render_mode`` (``"ansi"``, ``"human"``)."""

    # A class attribute, as Gymnasium declares it (make() reads it before construction).
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012
    _vector_class: type[_VectorEnv] = _VectorEnv

    def __init__(
        self,
        rules: Any = None,
        *,
        seat: int = 0,
        opponents: Union[PolicyArg, list[PolicyArg]] = "random",
        reward: RewardMode = "hand",
        episode: EpisodeMode = "hand",
        max_hands: Optional[int] = None,
        kind: Kind = "observation",
        layout: Layout = "compact",
        illegal: str = "raise",
        render_mode: Optional[str] = None,
    ) -> None:
        check_render_mode(render_mode, self.metadata["render_modes"])
        if illegal not in _ILLEGAL:
            raise InvalidArgumentError(
                f"unknown illegal {illegal!r}; allowed: " + ", ".join(map(repr, _ILLEGAL))
            )
        self._vec = self._vector_class(
            1,
            rules,
            seats=action_index(seat, "seat"),  # one seat (several: the vector environment)
            opponents=opponents,
            reward=reward,
            episode=episode,
            max_hands=max_hands,
            autoreset=False,
            kind=kind,
            layout=layout,
            copy=False,
        )
        self.rules = self._vec.rules
        self.seat = int(self._vec.seats[0])
        self.illegal = illegal
        self.render_mode = render_mode
        n = self._vec.num_actions
        size = int(self._vec._env.size)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(n)
        self._seeded = False
        self._over = True
        self._mask: npt.NDArray[np.bool_] = np.zeros(n, dtype=bool)

    @property
    def vector_env(self) -> _VectorEnv:
        """The underlying vector environment (one environment; its ``state(0)`` is the hand
        now)."""
        return self._vec

    def _observe(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Obs:
        self._mask = mask[0].copy()
        return {
            "observation": obs[0].copy(),
            "action_mask": self._mask.astype(np.int8),
        }

    def _info(self, extra: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat, "action_mask": self._mask.copy()}
        if extra:
            info.update(extra)
        return info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Starts a new episode (a hand, or a game with ``episode="game"``): from ``seed``
        when given, else the next episode of the stream (the first one from fresh entropy
        when no seed was ever given). Returns ``(obs, info)``; the opponents seated before
        the learner have already moved."""
        super().reset(seed=seed)
        no_options(options)
        if seed is None and not self._seeded:
            seed = fresh_seed()
        if seed is not None:
            self._seeded = True
        obs, info = self._vec.reset(seed=seed)
        self._over = False
        return self._observe(obs, info["action_mask"]), self._info()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Plays the learner's ``action`` (a legal action id, see ``action_masks()``), then
        the opponents up to the learner's next move or the episode's end. An illegal action
        raises IllegalMoveError and changes nothing (``illegal="raise"``), or is replaced by
        a uniformly random legal action (``illegal="random"``; then ``info`` holds the
        refused ``"illegal_action"``). ``info["seat_rewards"]`` holds every seat's reward
        of the step."""
        if self._over:
            raise InvalidArgumentError("the episode is over (or not started): call reset()")
        a = action_index(action)
        extra: dict[str, Any] = {}
        n = self._mask.shape[0]
        if self.illegal == "random" and 0 <= a < n and not self._mask[a]:
            extra["illegal_action"] = a
            a = int(self.np_random.choice(np.flatnonzero(self._mask)))
        obs, rewards, terminated, truncated, info = self._vec.step([a])
        term, trunc = bool(terminated[0]), bool(truncated[0])
        self._over = term or trunc
        extra["seat_rewards"] = info["seat_rewards"][0].copy()
        return (
            self._observe(obs, info["action_mask"]),
            float(rewards[0]),
            term,
            trunc,
            self._info(extra),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as bools (all False once the episode is over)."""
        return self._mask.copy()

    def state(self) -> Any:
        """The hand now (a copy of the engine's state: a HeartsState or a SpadesState)."""
        return self._vec.state(0)

    def render(self) -> Optional[str]:
        """``render_mode="ansi"``: the hand's text (the state's ``str()``); ``"human"``:
        printed."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        return render_text(self.state(), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
        self._vec.close()


class HeartsEnv(_SingleEnv):
    """Hearts for one learner (``seat``, default 0) against ``opponents`` (a policy name,
    a `hearts_fast.Policy`, or one per seat; default ``"random"``). Actions: card
    ids 0..51 (a play, or one card of a pass at a time) and 52 = FORWARD. The reward is
    minus the learner's hand score (A-21), at the hand's end (``reward="hand"``) or trick
    by trick (``"trick"``). Episodes are hands, or games with ``episode="game"`` (cut after
    ``max_hands``: truncated)."""

    _vector_class = HeartsVectorEnv


class SpadesEnv(_SingleEnv):
    """Spades for one learner (``seat``, default 0) against ``opponents`` (the partner
    included). Actions: card ids 0..53, bid ``n`` = 54 + n, blind nil 68, redeal claim 69,
    bid ``n`` with LITTLE 70 + n and with BIG 84 + n. The reward is the learner's team's
    hand score (B-21), at the hand's end or trick by trick. With ``episode="game"`` give
    ``max_hands``: random players may never reach the game's end (B-22)."""

    _vector_class = SpadesVectorEnv
