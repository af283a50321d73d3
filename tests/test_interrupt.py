"""Ctrl-C stops every batch mode and the open-hand solver promptly (issue 10): the calling
thread waits for the workers with the GIL released and checks for a signal every few
milliseconds, and the workers stop between blocks and within long games, hands and searches.
Each case runs in a child process, which gets SIGINT once the call is under way; it must
raise KeyboardInterrupt, and the package must work normally afterwards. The bound
(``STOP_WITHIN``) is a hang check that a loaded machine meets (before the fix some of these
calls ignored Ctrl-C for minutes), not a speed measurement: benchmarks/interrupt_latency.py
measures how soon each call stops.

The child sets Python's Ctrl-C handler itself (``CHILD_SIGINT_HANDLER``): a test run
started in the background inherits SIGINT as ignored, and so would the child.
``test_ctrl_c_stops_a_child_started_with_sigint_ignored`` checks exactly that case."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from tests.helpers import CHILD_SIGINT_HANDLER, STOP_WITHIN

CALLS = {
    "spades games, 10**8 of them": "hf.simulate_spades(hf.SpadesRules(), games=10**8)",
    "hearts games to a target of 10**6": (
        "hf.simulate_hearts(hf.HeartsRules(target=10**6), games=64, hand_limit=10**6)"
    ),
    "spades games to 10**6 points": (
        "hf.simulate_spades(hf.SpadesRules(win_score=10**6), games=64, hand_limit=10**6)"
    ),
    "rummy hands of 10**6 turns": (
        "hf.simulate_rummy(hf.RummyRules(max_turns_per_hand=10**6), hands=10**4, policy='random')"
    ),
    "hearts hands streamed": "hf.simulate_hearts(hf.HeartsRules(), hands=10**10, stream=True)",
    # Whole hands, one after the other: each is a long search.
    "open-hand solves of whole hands": (
        "for i in range(10**6): hf.solve(hf.HeartsState(hf.HeartsRules(pass_direction='hold'), "
        "seed=i))"
    ),
    "a kept solver": (
        "for i in range(10**6): hf.Solver(memory_mb=1).solve("
        "hf.HeartsState(hf.HeartsRules(pass_direction='hold'), seed=i))"
    ),
    "a batch of open-hand solves": (
        "hf.solve_batch([hf.HeartsState(hf.HeartsRules(pass_direction='hold'), seed=i) "
        "for i in range(64)])"
    ),
}

CHILD = """
{handler}
import sys, hearts_fast as hf
try:
    print("started", flush=True)
    {call}
except KeyboardInterrupt:
    after = hf.simulate_hearts(hf.HeartsRules(), hands=10, seed=1)  # still works
    assert after["points"].shape == (10, 4)
    print("interrupted", flush=True)
    sys.exit(0)
sys.exit(1)
"""


def interrupt_child(call: str, *, ignore_sigint: bool = False) -> None:
    """Run ``call`` in a child, send it SIGINT once it is under way, and check that it stops
    with KeyboardInterrupt within ``STOP_WITHIN`` seconds and works afterwards.
    ``ignore_sigint`` starts the child as a background job would be: SIGINT ignored."""
    code = CHILD.format(handler=CHILD_SIGINT_HANDLER, call=call)
    # An ignored disposition is inherited through exec: ignore SIGINT here while starting it.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if ignore_sigint else None
    try:
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)  # the call is running in the engine now
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=STOP_WITHIN)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        pytest.fail(f"still running {STOP_WITHIN} s after Ctrl-C")
    assert child.returncode == 0 and out.strip() == "interrupted"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
@pytest.mark.parametrize("call", list(CALLS.values()), ids=list(CALLS))
def test_ctrl_c_stops_a_long_batch(call: str) -> None:
    interrupt_child(call)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_stops_a_child_started_with_sigint_ignored() -> None:
    interrupt_child(CALLS["hearts hands streamed"], ignore_sigint=True)
