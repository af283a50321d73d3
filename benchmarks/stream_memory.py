"""Streaming mode keeps resident memory flat: run ``simulate_hearts(..., stream=True)`` for
10^6 … 10^8 hands, each in a fresh process, and report the peak resident set size.

    python benchmarks/stream_memory.py [--max-exp 8]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

CHILD = """
import json, resource, sys, time
import hearts_fast as hf
n = int(sys.argv[1])
t = time.perf_counter()
res = hf.simulate_hearts(hf.HeartsRules.preset("openspiel"), hands=n, seed=1, stream=True)
dt = time.perf_counter() - t
print(json.dumps({"hands": res["hands"], "seconds": dt,
                  "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--max-exp", type=int, default=8)
    a = p.parse_args()
    base = json.loads(
        subprocess.run(
            [sys.executable, "-c", CHILD, "0"], capture_output=True, text=True, check=True
        ).stdout
    )
    print(f"{'hands':>13} {'seconds':>9} {'peak RSS MiB':>13}")
    print(
        f"{0:>13,} {base['seconds']:9.2f} {base['peak_rss_mib']:13.1f}   (import and set-up only)"
    )
    for e in range(6, a.max_exp + 1):
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(10**e)], capture_output=True, text=True, check=True
        ).stdout
        r = json.loads(out)
        assert r["hands"] == 10**e
        print(
            f"{10**e:>13,} {r['seconds']:9.2f} {r['peak_rss_mib']:13.1f}   "
            f"(process {time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
