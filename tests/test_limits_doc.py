"""docs/limits.md, row by row (issue 10): each limit of the table holds in the fast engine
at its edge and refuses the value just past it with the error class the table names."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import hearts_fast as hf

DOC = Path(__file__).resolve().parents[1] / "docs" / "limits.md"

H, S, R = hf.HeartsRules(), hf.SpadesRules(), hf.RummyRules()
CHIPS = hf.HeartsRules(scoring="chips")


def rummy_deal(extra: list[int]) -> Any:
    s = hf.RummyState(R, seed=1)
    return hf.RummyState.from_deal(R, s.hands, s.stock + extra, pile=s.pile)


def last_trick() -> hf.SpadesState:
    """A Spades hand at its last trick (bids and plays: the first legal ones)."""
    s = hf.SpadesState(S, seed=1)
    while s.phase == "bid":
        s.bid(s.legal_bids()[0])
    while len(s.hands[0]) > 1:
        s.play(s.legal_plays()[0])
    return s


#: Row (the table's first column) -> (a call at the limit, the call just past it).
ROWS: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
    "`hands=`, `games=`": (
        lambda: hf.simulate_hearts(H, hands=0),
        lambda: hf.simulate_hearts(H, hands=2**40 + 1),
    ),
    "result arrays of `hands=` / `games=`": (
        lambda: hf.simulate_hearts(H, hands=1000),
        lambda: hf.simulate_hearts(H, hands=2**40),
    ),
    "`hand_limit=`": (
        lambda: hf.simulate_rummy(R, games=1, hand_limit=1),
        lambda: hf.simulate_rummy(R, games=1, hand_limit=10**6 + 1),
    ),
    "`threads=` (also `solve_batch`)": (
        lambda: hf.simulate_hearts(H, hands=10, threads=1024),
        lambda: hf.simulate_hearts(H, hands=10, threads=1025),
    ),
    "`seed=` (every function and constructor)": (
        lambda: hf.SpadesGame(S, seed=2**64 - 1),
        lambda: hf.SpadesGame(S, seed=2**64),
    ),
    "`hand_index=`, batch `index` (`from_batch`, `Policy`)": (
        lambda: hf.RummyState.from_batch(R, 0, 2**64 - 1),
        lambda: hf.Policy(index=2**64),
    ),
    "`start=` (`simulate_*`, `arena`, `sample_deals`, `info.sample`)": (
        lambda: hf.simulate_rummy(R, games=1, hand_limit=1, start=2**64 - 1),
        lambda: hf.simulate_rummy(R, games=2, hand_limit=1, start=2**64 - 1),
    ),
    "`deals=` card ids": (
        lambda: hf.simulate_spades(S, deals=[list(range(52))]),
        lambda: hf.simulate_spades(S, deals=[[52, *range(1, 52)]]),
    ),
    "`Solver(memory_mb=)`": (
        lambda: hf.Solver(memory_mb=65536),  # allocated at the first solve only
        lambda: hf.Solver(memory_mb=65537),
    ),
    "`solve_batch` states": (
        lambda: hf.solve_batch([last_trick()]),
        lambda: hf.solve_batch([]),
    ),
    "`dealer=`, `first_dealer=`": (
        lambda: hf.HeartsGame(hf.HeartsRules(players=7), first_dealer=6),
        lambda: hf.HeartsGame(hf.HeartsRules(players=7), first_dealer=7),
    ),
    "a card id (`play`, `CardSet`, `card_name`)": (
        lambda: hf.card_name(53),
        lambda: hf.CardSet([52]),
    ),
    "copies of a rummy card in a deal, text or meld search": (
        lambda: hf.all_melds(R, [52, 52, 52, 52]),
        lambda: hf.all_melds(R, [52] * 5),
    ),
    "a target, a score value or a hand cap (`target`, `win_score`, `max_hands`, …)": (
        lambda: hf.SpadesRules(win_score=10**6, max_hands=10**6),
        lambda: hf.HeartsRules(target=10**6 + 1),
    ),
    "Hearts `avoid_all_tricks_bonus`": (
        lambda: hf.HeartsRules(avoid_all_tricks_bonus=1000),
        lambda: hf.HeartsRules(avoid_all_tricks_bonus=1001),
    ),
    "rummy `hand_size`": (
        lambda: hf.RummyRules(hand_size=20, players=2),
        lambda: hf.RummyRules(hand_size=21),
    ),
    "Hearts `totals=`": (
        lambda: hf.HeartsGame(CHIPS, totals=[10**9, -(10**9), Fraction(1, 60), 0]),
        lambda: hf.HeartsGame(H, totals=[-(10**9) - 1, 0, 0, 0]),
    ),
    "Hearts `pot=`": (
        lambda: hf.HeartsGame(CHIPS, pot=10**9),
        lambda: hf.HeartsGame(CHIPS, pot=Fraction(1, 60)),
    ),
    "Spades `totals=`": (
        lambda: hf.SpadesState(S, totals=[10**12, -(10**12)]),
        lambda: hf.SpadesGame(S, totals=[10**12 + 1, 0]),
    ),
    "Spades `bags=`": (
        lambda: hf.SpadesState(S, bags=[S.bags_limit - 1, 0]),
        lambda: hf.SpadesState(S, bags=[S.bags_limit, 0]),
    ),
    "rummy `totals=`": (
        lambda: hf.RummyGame(R, totals=[10**12, -(10**12), 0, 0]),
        lambda: hf.RummyState(R, totals=[-(2**200), 0, 0, 0]),
    ),
    "a `str` argument": (lambda: hf.card("QS"), lambda: hf.card("Q\ud800")),
    "a constructor's call shape": (
        lambda: hf.HeartsState(H, seed=1),
        lambda: hf.HeartsState(H, 1),
    ),
    "a text form's version": (
        lambda: hf.HeartsState.from_text(hf.HeartsState(H).to_text()),
        lambda: hf.HeartsState.from_text("hearts-fast/2 hearts-state"),
    ),
}


def table() -> dict[str, str]:
    """Row -> the error class its "past it" column names."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("limit", "---"):
            rows[cells[0]] = re.sub(r"[`]", "", cells[2])
    return rows


def test_every_row_is_checked() -> None:
    assert set(table()) == set(ROWS)


@pytest.mark.parametrize("row", sorted(ROWS))
def test_limit(row: str) -> None:
    at, past = ROWS[row]
    at()
    error = getattr(hf, table()[row])
    with pytest.raises(error):
        past()
