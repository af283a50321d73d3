"""Command line: ``hearts-fast simulate …`` runs a batch and prints a result table."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from hearts_fast import HeartsRules, simulate_hearts
from hearts_fast.errors import HeartsFastError


def _parse_value(text: str) -> object:
    if text in ("true", "True"):
        return True
    if text in ("false", "False"):
        return False
    if text in ("none", "None"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _rules(preset: str, overrides: Sequence[str]) -> HeartsRules:
    params: dict[str, object] = {}
    for item in overrides:
        name, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--rule takes name=value, got {item!r}")
        params[name] = _parse_value(value)
    return HeartsRules.preset(preset, **params)


def simulate(args: argparse.Namespace) -> int:
    rules = _rules(args.preset, args.rule)
    start = time.perf_counter()
    res = simulate_hearts(rules, hands=args.hands, seed=args.seed, policy=args.policy)
    elapsed = time.perf_counter() - start
    points = res["points"]
    scores = res["hand_scores"]
    moons = res["moon_shooter"]
    n = points.shape[0]
    rate = n / elapsed if elapsed > 0 else float("inf")
    print(
        f"hearts-fast simulate: preset {args.preset}, {rules.players} players, "
        f"policy {args.policy}, seed {args.seed}"
    )
    print(f"{n:,} hands in {elapsed:.3f} s = {rate:,.0f} hands/s")
    print()
    print(f"{'seat':>4} | {'mean points':>11} | {'mean hand score':>15} | {'moons':>8}")
    print(f"{'-' * 4}-+-{'-' * 11}-+-{'-' * 15}-+-{'-' * 8}")
    for seat in range(points.shape[1]):
        mp = float(points[:, seat].mean()) if n else 0.0
        ms = float(scores[:, seat].mean()) if n else 0.0
        mc = int(np.count_nonzero(moons == seat))
        print(f"{seat:>4} | {mp:>11.3f} | {ms:>15.3f} | {mc:>8}")
    moon_rate = float(np.count_nonzero(moons >= 0)) / n if n else 0.0
    print()
    print(f"moon rate: {moon_rate:.4%}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hearts-fast", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="simulate a batch of hands and print a table")
    sim.add_argument("--hands", type=int, default=1_000_000, help="number of hands")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--preset", default="dame_de_pic", help=", ".join(HeartsRules.presets))
    sim.add_argument("--policy", default="random")
    sim.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override one rule parameter (repeatable)",
    )
    args = parser.parse_args(argv)
    try:
        return simulate(args)
    except HeartsFastError as e:
        print(f"hearts-fast: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"hearts-fast: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
