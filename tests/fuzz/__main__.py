"""``python -m tests.fuzz``: runs the fuzzers in this process and prints their findings as
one JSON object (``{"calls": n, "findings": [...]}``) on the last line of stdout. The
example about to be called is written to ``--trace`` first, so that the parent process can
name the call that crashed the interpreter."""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

from hypothesis import seed as hypothesis_seed

from tests.fuzz import calls, texts
from tests.helpers import fuzz_settings

FUZZERS = {"calls": calls.run, "texts": texts.run}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--profile", choices=["short", "long"], default="short")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--fuzzer", choices=sorted(FUZZERS), action="append")
    p.add_argument("--trace", type=Path, help="file holding the example being called")
    p.add_argument("--record", type=Path, help="a Markdown table to add this run's row to")
    a = p.parse_args()
    started = time.monotonic()

    def trace(example: str) -> None:
        if a.trace is not None:
            a.trace.write_text(example, encoding="utf-8", errors="backslashreplace")

    findings = calls.Findings(trace)
    for name in a.fuzzer or sorted(FUZZERS):

        def sized(f, name=name):  # type: ignore[no-untyped-def]
            return hypothesis_seed(a.seed)(fuzz_settings(a.profile, name)(f))

        FUZZERS[name](findings, sized)
    report = {
        "calls": findings.calls,
        "findings": [
            {"target": label, "what": what, "example": example}
            for (label, what), example in sorted(findings.seen.items())
        ],
    }
    if a.record is not None:
        day = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
        fuzzers = ",".join(a.fuzzer or sorted(FUZZERS))
        with a.record.open("a", encoding="utf-8") as out:
            out.write(
                f"| {day} | {a.profile} | {fuzzers} | {a.seed} | {findings.calls} | "
                f"{len(report['findings'])} | {time.monotonic() - started:.0f} s |\n"
            )
        for f in report["findings"]:
            sys.stderr.write(f"{f['target']}: {f['what']}\n    {f['example'][:500]}\n")
    sys.stdout.write(json.dumps(report) + "\n")


if __name__ == "__main__":
    main()
