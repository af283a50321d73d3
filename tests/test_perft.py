"""The perft table in rust/engine/tests/data (checked against the Rust engine by cargo test)
must be what the reference engine counts: recompute the cheap levels here (A-16, A-7)."""

from __future__ import annotations

import hearts_fast.reference as ref
from tests.perft_table import CASES, DATA, case_line, perft


def test_A16_perft_table_first_levels() -> None:
    lines = [x for x in DATA.read_text().splitlines() if not x.startswith("#")]
    assert len(lines) == len(CASES)
    for line, (overrides, seed, dealer, _depth) in zip(lines, CASES):
        cheap = case_line(overrides, seed, dealer, 4)
        # Same rules, dealer and deal, and the first levels agree.
        assert line.rsplit("|", 1)[0] == cheap.rsplit("|", 1)[0]
        assert line.rsplit("|", 1)[1].split()[:4] == cheap.rsplit("|", 1)[1].split()


def test_A16_perft_table_full_regeneration() -> None:
    lines = [x for x in DATA.read_text().splitlines() if not x.startswith("#")]
    for line, case in zip(lines, CASES):
        assert line == case_line(*case)


def test_perft_counts_leaves_not_nodes() -> None:
    s = ref.HeartsState.from_deal(
        ref.HeartsRules(pass_direction="hold"), [list(range(i * 13, i * 13 + 13)) for i in range(4)]
    )
    assert perft(s, 1) == len(s.legal_plays())
