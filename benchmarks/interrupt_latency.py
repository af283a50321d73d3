"""How soon Ctrl-C stops each long call: the time from SIGINT to the KeyboardInterrupt the
call raises, measured on the system-wide monotonic clock (the parent reads it just before
sending the signal, the child in its ``except KeyboardInterrupt``). The goal is about 50 ms;
tests/test_interrupt.py only checks that the interrupt arrives, with a limit a loaded machine
meets.

    python benchmarks/interrupt_latency.py [--repeats N] [--only NAME]

Prints the median and the largest latency of each call over the repeats, in milliseconds.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import time

CALLS = {
    "hearts hands streamed": "hf.simulate_hearts(hf.HeartsRules(), hands=10**10, stream=True)",
    "hearts hands, one batch": "hf.simulate_hearts(hf.HeartsRules(), hands=10**9)",
    "spades games": "hf.simulate_spades(hf.SpadesRules(), games=10**8)",
    "hearts games to 10**6 points": (
        "hf.simulate_hearts(hf.HeartsRules(target=10**6), games=64, hand_limit=10**6)"
    ),
    "rummy hands of 10**6 turns": (
        "hf.simulate_rummy(hf.RummyRules(max_turns_per_hand=10**6), hands=10**4, policy='random')"
    ),
    "open-hand solve of a whole hand": (
        "hf.solve(hf.HeartsState(hf.HeartsRules(pass_direction='hold'), seed=3))"
    ),
    "a batch of open-hand solves": (
        "hf.solve_batch([hf.HeartsState(hf.HeartsRules(pass_direction='hold'), seed=i) "
        "for i in range(64)])"
    ),
}
# Not here yet: calls whose seats search (pimc, ismcts) do not poll within a decision
# (issue 31); they are to be added once they do.

CHILD = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import hearts_fast as hf
try:
    print("started", flush=True)
    {call}
except KeyboardInterrupt:
    print(time.monotonic(), flush=True)
    sys.exit(0)
sys.exit(1)
"""


def latency(call: str, warm: float) -> float:
    """Seconds from SIGINT to the child's KeyboardInterrupt."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(call=call)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    if child.stdout.readline().strip() != "started":
        raise SystemExit("the child did not start")
    time.sleep(warm)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    if child.returncode != 0:
        raise SystemExit(f"the call ended by itself or failed: {call}")
    return float(out.strip()) - sent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--warm", type=float, default=1.0, help="seconds the call runs before SIGINT")
    p.add_argument("--only", choices=list(CALLS), help="measure one call")
    a = p.parse_args()
    print(f"{'call':36} {'median ms':>10} {'max ms':>10}")
    for name, call in CALLS.items():
        if a.only and name != a.only:
            continue
        ms = [1000 * latency(call, a.warm) for _ in range(a.repeats)]
        print(f"{name:36} {statistics.median(ms):10.1f} {max(ms):10.1f}", flush=True)


if __name__ == "__main__":
    main()
