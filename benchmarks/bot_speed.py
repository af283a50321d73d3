"""Search bot decision time (docs/bots.md): ``Policy.choose`` timed decision by decision.

    python benchmarks/bot_speed.py [--game hearts|spades] [--bot pimc|ismcts] [--hands 20]
        [--worlds 64] [--evaluator rollout|solve] [--iterations 1000] [--json]

Seat 0 is the bot; the other seats play ``heuristic``. Hands ``0..hands`` of the batch
seed 1 (``from_batch``), passes and bids by the heuristic. Every play decision of seat 0
with at least two legal cards is timed with ``time.perf_counter`` around
``Policy.choose`` (one thread: the bots search on the calling thread), and the median, p90
and max are printed (a single legal card returns at once and is left out).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import hearts_fast as hf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["hearts", "spades"], default="hearts")
    ap.add_argument("--bot", choices=["pimc", "ismcts"], default="pimc")
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--worlds", type=int, default=64)
    ap.add_argument("--evaluator", choices=["rollout", "solve"], default="rollout")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rules: Any = hf.HeartsRules() if a.game == "hearts" else hf.SpadesRules()
    cls: Any = hf.HeartsState if a.game == "hearts" else hf.SpadesState
    settings = (
        {"worlds": a.worlds, "evaluator": a.evaluator}
        if a.bot == "pimc"
        else {"iterations": a.iterations}
    )
    times = []
    for i in range(a.hands):
        s = cls.from_batch(rules, 1, i)
        bot = hf.Policy(a.bot, seed=1, index=i, **settings)
        other = hf.Policy("heuristic")
        while not s.is_over:
            if s.phase == "play" and s.current_player == 0:
                multi = len(s.legal_plays()) > 1
                t = time.perf_counter()
                card = bot.choose(s)
                dt = time.perf_counter() - t
                if multi:
                    times.append(dt)
                s.play(card)
            else:
                other.act(s)
    times.sort()
    out = {
        "decisions": len(times),
        "median_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * times[int(0.9 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
    }
    if a.json:
        print(json.dumps(out))
    else:
        print(
            f"{a.game} {a.bot} {settings}: {out['decisions']} decisions, median "
            f"{out['median_ms']:.3f} ms, p90 {out['p90_ms']:.3f} ms, max {out['max_ms']:.3f} ms"
        )


if __name__ == "__main__":
    main()
