"""The fuzzers of tests/fuzz (issue 10), each in a child process, in their short profile (the
long one in ``make test-long``): a crash of the interpreter fails the test with the call
that caused it, and every finding
(an exception that is not the package's, a failed call that changed its object, a text read
back that play cannot continue) fails it with its first example. ``make fuzz`` runs the long
profile and records the result in tests/fuzz/RESULTS.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import by_tier

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("fuzzer", ["calls", "texts"])
def test_fuzzer_finds_nothing(fuzzer: str, tmp_path: Path) -> None:
    trace = tmp_path / "trace.txt"
    seed = os.environ.get("FUZZ_SEED", "0")
    profile = by_tier("short", "long")
    cmd = [sys.executable, "-m", "tests.fuzz", "--fuzzer", fuzzer, "--seed", seed]
    cmd += ["--profile", profile]
    done = subprocess.run(
        [*cmd, "--trace", str(trace)], cwd=ROOT, capture_output=True, text=True, timeout=1200
    )
    if done.returncode != 0:
        last = trace.read_text(encoding="utf-8") if trace.exists() else "(none)"
        pytest.fail(
            f"the fuzzer's process ended with {done.returncode} during\n{last}\n"
            f"{done.stderr[-3000:]}"
        )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["calls"] > 0
    found = "\n".join(
        f"{f['target']}: {f['what']}\n    {f['example'][:400]}" for f in report["findings"]
    )
    assert not report["findings"], f"{len(report['findings'])} findings:\n{found}"
