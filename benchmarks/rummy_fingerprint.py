"""Digests of ``simulate_rummy`` results (hand arrays, streamed statistics, games) over 14
rule variants, 4 seeds and 3 policy mixes, one JSON line per case: two builds play the same
hands exactly when their outputs are equal.

    PYTHONPATH=/tmp/old python benchmarks/rummy_fingerprint.py > old.json
    PYTHONPATH=python python benchmarks/rummy_fingerprint.py > new.json && cmp old.json new.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import numpy as np

import hearts_fast as hf

VARIANTS: list[dict[str, Any]] = [
    {},
    {"max_jokers_per_meld": "unlimited"},
    {"players": 2},
    {"players": 3},
    {"players": 6, "hand_size": 10},
    {"hand_size": 7},
    {"opening_min": 0},
    {"opening_min": 80},
    {"initial_upcard": False},
    {"stock_exhausted": "end_hand"},
    {"max_turns_per_hand": 30},
    {"players": 2, "max_jokers_per_meld": "unlimited", "opening_min": 0},
    {"hand_size": 20, "players": 5, "max_jokers_per_meld": "unlimited"},
    {"q_spades_value": 0, "joker_value": 0},
]


def digest(obj: object) -> str:
    return hashlib.sha256(repr(obj).encode()).hexdigest()[:16]


def arrays(res: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: np.asarray(res[k]).tolist() for k in keys}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    out: dict[str, str] = {}
    for vi, v in enumerate(VARIANTS):
        r = hf.RummyRules(**v)
        for seed in (0, 1, 7, 12345):
            mixed = ["greedy", "random"] * 3
            for pol in ("greedy", "random", mixed[: r.players]):
                key = f"{vi}/{seed}/{pol}"
                res = hf.simulate_rummy(r, hands=n, seed=seed, policy=pol, threads=1)
                out[key + "/hands"] = digest(
                    arrays(res, ("hand_scores", "opened", "went_out", "turns"))
                )
                st = hf.simulate_rummy(r, hands=n, seed=seed, policy=pol, stream=True, threads=2)
                out[key + "/stream"] = digest(repr(st))
            g = hf.simulate_rummy(
                r, games=max(2, n // 100), seed=seed, policy="greedy", threads=2, hand_limit=5
            )
            out[f"{vi}/{seed}/games"] = digest(
                arrays(g, ("totals", "winners", "hands_played", "finished"))
            )
    json.dump(out, sys.stdout, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()
