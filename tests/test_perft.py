"""The perft tables in rust/engine/tests/data (checked against the Rust engine by cargo test)
must be what the reference engine counts: recompute the cheap levels here (Hearts A-16, A-7;
Spades B-10, B-16, B.3). Format: tests/perft_table.py."""

from __future__ import annotations

from typing import Any

import pytest

import hearts_fast as fast
import hearts_fast.reference as ref
from tests.helpers import by_tier
from tests.perft_table import (
    CASES,
    DATA,
    SPADES_CASES,
    SPADES_DATA,
    case_line,
    perft,
    spades_case_line,
    spades_position,
    table_lines,
)


def test_A16_perft_table_first_levels() -> None:
    lines = table_lines(DATA)
    assert len(lines) == len(CASES)
    for line, (overrides, seed, dealer, _depth) in zip(lines, CASES):
        cheap = case_line(overrides, seed, dealer, 4)
        # Same rules, dealer and deal, and the first levels agree.
        assert line.rsplit("|", 1)[0] == cheap.rsplit("|", 1)[0]
        assert line.rsplit("|", 1)[1].split()[:4] == cheap.rsplit("|", 1)[1].split()


#: The cases regenerated to full depth. The everyday tier takes the seven cheapest (31 s of
#: the 100: two-of-clubs leads, any-club leads, 3, 5, 6 and 7 players, deal_all, J♦); the
#: first levels of every case are checked above, and cargo test checks the whole table
#: against the fast engine. The long tier regenerates all twelve.
FULL_CASES = by_tier([2, 3, 4, 6, 8, 9, 11], range(len(CASES)))


@pytest.mark.parametrize("index", FULL_CASES)
def test_A16_perft_table_full_regeneration(index: int) -> None:
    assert table_lines(DATA)[index] == case_line(*CASES[index])


def test_perft_counts_leaves_not_nodes() -> None:
    s = ref.HeartsState.from_deal(
        ref.HeartsRules(pass_direction="hold"), [list(range(i * 13, i * 13 + 13)) for i in range(4)]
    )
    assert perft(s, 1) == len(s.legal_plays())


def test_B16_spades_perft_table_first_levels() -> None:
    lines = table_lines(SPADES_DATA)
    assert len(lines) == len(SPADES_CASES)
    for line, (spec, seed, dealer, bids, _depth) in zip(lines, SPADES_CASES):
        cheap = spades_case_line(spec, seed, dealer, bids, 4)
        # Same rules, dealer, deal and bids, and the first levels agree.
        assert line.rsplit(" | ", 1)[0] == cheap.rsplit(" | ", 1)[0]
        assert line.rsplit(" | ", 1)[1].split()[:4] == cheap.rsplit(" | ", 1)[1].split()
        assert len(line.rsplit(" | ", 1)[1].split()) >= 6  # the table reaches trick 2


def test_B3_spades_perft_table_depends_on_spades_broken() -> None:
    """B.3 #1: the seeds let trick 1 break spades, so every spades_broken line's perft(5) (the
    trick-2 lead) differs from the same position without spades_broken."""
    checked = 0
    for line, (spec, seed, dealer, bids, _depth) in zip(table_lines(SPADES_DATA), SPADES_CASES):
        rules, _, _ = spades_position(spec, seed, dealer, bids)
        if not rules.spades_broken:
            continue
        off = {**rules.to_dict(), "spades_broken": False}
        _, _, s = spades_position(off, seed, dealer, bids)
        assert perft(s, 5) != int(line.rsplit(" | ", 1)[1].split()[4]), line
        checked += 1
    assert checked >= 5


def parse_word(value: str) -> Any:
    """A rules word's value as the format defines it: true/false, a decimal int, else a str."""
    if value in ("true", "false"):
        return value == "true"
    try:
        return int(value)
    except ValueError:
        return value


def test_B16_spades_perft_table_rebuilds_in_fast_engine() -> None:
    """The documented recipe rebuilds each position from the line alone: the fast engine's
    first levels agree with the table (the Rust cargo test checks every level)."""
    card_ids = {ref.spades_card_name(i): i for i in range(54)}
    for line in table_lines(SPADES_DATA):
        words, dealer, hands, bids, counts = line.split(" | ")
        rules = fast.SpadesRules(
            **{k: parse_word(v) for k, v in (w.split("=") for w in words.split())}
        )
        deal = [[card_ids[c] for c in h.split()] for h in hands.split(" / ")]
        s = fast.SpadesState.from_deal(rules, deal, dealer=int(dealer.removeprefix("dealer=")))
        by_seat = [0 if b == "nil" else int(b) for b in bids.split()]
        while s.phase == "bid":
            s.bid(by_seat[s.current_player])
        assert s.phase == "play"
        assert [perft(s, d) for d in (1, 2, 3, 4)] == [int(x) for x in counts.split()[:4]], line
