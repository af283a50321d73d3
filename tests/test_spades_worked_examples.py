"""docs/rules/spades.md.5 worked examples EB-1 … EB-6, run against both engines.

Every example is reached by real play through the public API (docs/spades-api.md): a scripted
deal built with ``SpadesState.from_deal`` (or given to ``SpadesGame(deals=[...])``) in which
trick k is won by a chosen seat, so the tricks taken are exactly those of the example. Scores
are then read from ``hand_scores()``, ``hand_bags()``, ``bags_after()`` and, for EB-5, from a
``SpadesGame`` resumed from the example's score sheet (``totals=``).

The ``engine`` fixture gives the module namespace: ``hearts_fast`` (Rust) and
``hearts_fast.reference`` (pure Python).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import (
    EB1_BIDS,
    EB1_WINNERS,
    BidSpec,
    bid_all,
    check_eb1,
    play_game_hand,
    scripted,
    scripted_state,
    spades_deal,
    winners_for,
)
from tests.helpers import card_id as c
from tests.helpers import card_ids as cs

LJ, BJ = 52, 53


def run_scripted(
    engine: Any,
    winners: list[int],
    bids: dict[int, BidSpec],
    *,
    rules: dict[str, Any] | None = None,
    **kw: Any,
) -> Any:
    """Bid ``bids`` (by seat) and play the scripted hand in which trick k goes to winners[k]."""
    return scripted_state(
        engine.SpadesState, engine.SpadesRules(**(rules or {})), winners, bids, **kw
    )


# ---------------------------------------------------------------- EB-1 (defaults)


def test_EB1_B17_B18_B19_defaults(engine: Any) -> None:
    """EB-1 with the defaults (``check_eb1`` states the expected results)."""
    check_eb1(run_scripted(engine, EB1_WINNERS, EB1_BIDS, dealer=3))


# ---------------------------------------------------------------- EB-2 (set, bag penalty)


@pytest.mark.parametrize(("penalty", "team_a"), [("undertricks", -20), ("bid", -60), ("zero", 0)])
def test_EB2_B17_B20_set_and_bag_penalty(engine: Any, penalty: str, team_a: int) -> None:
    """Bids P0 4, P2 2 (C=6); P1 2, P3 3 (C=5). Tricks P0 3, P2 1, P1 4, P3 5.
    Team A: T=4 < 6 -> undertricks -20 | bid -60 | zero 0.
    Team B (prior bags 7): T=9 -> 54, bags 7 -> 11 -> -100, bags 1 -> -46."""
    w = winners_for({0: 3, 2: 1, 1: 4, 3: 5})
    s = run_scripted(
        engine, w, {0: 4, 2: 2, 1: 2, 3: 3}, rules={"set_penalty": penalty}, bags=[0, 7]
    )
    assert s.tricks_taken == [3, 4, 1, 5]
    assert s.hand_scores() == [team_a, -46]
    assert s.hand_bags() == [0, 4] and s.bags_after() == [0, 1]


# ---------------------------------------------------------------- EB-3 (failed nil)


@pytest.mark.parametrize(("penalty", "team_b"), [("undertricks", -108), ("bid", -138)])
def test_EB3_B18_B19_failed_nil(engine: Any, penalty: str, team_b: int) -> None:
    """P1 nil takes 2; P3 bids 4 takes 3; P0 bids 3 takes 5; P2 bids 3 takes 3.
    Team B: C=4, T=3 -> -10; nil -100; nil tricks +2 (2 bags) -> -108 (set_penalty bid: -138).
    Team A: C=6, T=8 -> +62, 2 bags."""
    w = winners_for({1: 2, 3: 3, 0: 5, 2: 3})
    s = run_scripted(engine, w, {1: 0, 3: 4, 0: 3, 2: 3}, rules={"set_penalty": penalty})
    assert s.tricks_taken == [5, 2, 3, 3]
    assert s.hand_scores() == [62, team_b]
    assert s.hand_bags() == [2, 2] and s.bags_after() == [2, 2]


# ---------------------------------------------------------------- EB-4 (variants)


def test_EB4_B3_3_ten_for_two_hundred(engine: Any) -> None:
    """Bids 6 + 4: takes 11 -> +201 (1 bag); takes 9 -> -200."""
    rules = {"ten_for_two_hundred": True}
    bids: dict[int, BidSpec] = {0: 6, 2: 4, 1: 1, 3: 1}
    made = run_scripted(engine, winners_for({0: 6, 2: 5, 1: 1, 3: 1}), bids, rules=rules)
    assert made.hand_scores()[0] == 201 and made.hand_bags()[0] == 1
    failed = run_scripted(engine, winners_for({0: 6, 2: 3, 1: 2, 3: 2}), bids, rules=rules)
    assert failed.tricks_taken[0] + failed.tricks_taken[2] == 9
    assert failed.hand_scores()[0] == -200 and failed.hand_bags()[0] == 0
    # Without the variant it is an ordinary contract of 10 (B-17).
    plain = run_scripted(engine, winners_for({0: 6, 2: 5, 1: 1, 3: 1}), bids)
    assert plain.hand_scores()[0] == 101


def test_EB4_B3_8_boston_bonus(engine: Any) -> None:
    """Bids 7 + 6 = 13: takes 13 -> +200; takes 12 -> -200."""
    rules = {"boston": "bonus"}
    bids: dict[int, BidSpec] = {0: 7, 2: 6, 1: 2, 3: 2}
    made = run_scripted(engine, winners_for({0: 7, 2: 6}), bids, rules=rules)
    assert made.hand_scores() == [200, -40] and made.boston_made() == 0
    failed = run_scripted(engine, winners_for({0: 7, 2: 5, 1: 1}), bids, rules=rules)
    assert failed.hand_scores()[0] == -200 and failed.boston_made() is None
    off = run_scripted(engine, winners_for({0: 7, 2: 6}), bids)
    assert off.hand_scores()[0] == 130 and off.boston_made() is None


def test_EB4_B3_9_bemo(engine: Any) -> None:
    """LITTLE declared: the team won tricks 1-6 -> +60 on top; lost trick 4 -> -60."""
    rules = {"bemo": True}
    bids: dict[int, BidSpec] = {0: (4, False, "little"), 1: 3, 2: 3, 3: 3}
    won = [0, 2, 0, 2, 0, 0, 1, 1, 1, 3, 3, 3, 2]  # team 0 wins tricks 1..6
    s = run_scripted(engine, won, bids, rules=rules)
    assert tuple(s.bids[0]) == (4, False, False, "little")
    assert s.tricks_taken == [4, 3, 3, 3]
    assert s.hand_scores() == [70 + 60, 60]
    lost = [0, 2, 0, 1, 0, 2, 1, 1, 0, 3, 3, 3, 2]  # trick 4 lost
    s2 = run_scripted(engine, lost, bids, rules=rules)
    assert s2.tricks_taken == [4, 3, 3, 3]
    assert s2.hand_scores() == [70 - 60, 60]


@pytest.mark.parametrize("value", [100, 200])
def test_EB4_B18_blind_nil_value(engine: Any, value: int) -> None:
    """blind_nil_value 100 made -> +100 (and 200 -> +200); failed -> minus that value."""
    rules = {"blind_nil": True, "blind_nil_value": value}
    bids: dict[int, BidSpec] = {0: 4, 1: 4, 2: (0, True, None), 3: 4}
    s = run_scripted(engine, winners_for({0: 4, 1: 4, 3: 5}), bids, rules=rules)
    assert tuple(s.bids[2]) == (0, True, True, None)
    assert s.hand_scores()[0] == 40 + value
    lost = run_scripted(engine, winners_for({0: 3, 2: 1, 1: 4, 3: 5}), bids, rules=rules)
    assert lost.hand_scores()[0] == -10 - value + 1


# ---------------------------------------------------------------- EB-5 (end of game)


def test_EB5_B22_win_threshold(engine: Any) -> None:
    """551 vs 524 after the hand -> A wins (B team's prior total chosen so that it ends at 524
    with the EB-1 hand: A +71, B +150)."""
    hands, tricks = scripted(EB1_WINNERS)
    g = engine.SpadesGame(engine.SpadesRules(), first_dealer=3, deals=[hands], totals=[480, 374])
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.totals == [551, 524] and g.is_over and g.winners == [0] and g.phase == "over"
    assert g.hands_played == 1
    h = g.hand_history[0]
    assert h["hand_scores"] == [71, 150] and h["totals"] == [551, 524] and h["dealer"] == 3
    assert h["tricks_taken"] == [5, 0, 3, 5] and h["boston"] is None


def test_EB5_B22_0_6_tie_plays_another_hand(engine: Any) -> None:
    """551 vs 551: another hand is played (tie=play_on); then the best unique score wins."""
    hands, tricks = scripted(EB1_WINNERS)
    g = engine.SpadesGame(
        engine.SpadesRules(), first_dealer=3, deals=[hands, hands], totals=[480, 401]
    )
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.totals == [551, 551] and not g.is_over and g.winners == [] and g.phase == "bid"
    assert g.state.dealer == 0 and g.state.hand_index == 1 and g.state.totals == [551, 551]
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.totals == [622, 701] and g.is_over and g.winners == [1] and g.hands_played == 2


def test_EB5_B22_lose_score(engine: Any) -> None:
    """lose_score -200: B at -150 scores -60 -> -210 -> game over; A wins (higher)."""
    w = winners_for({1: 3, 3: 1, 0: 4, 2: 5})
    hands, tricks = scripted(w)
    rules = engine.SpadesRules(lose_score=-200, set_penalty="bid")
    g = engine.SpadesGame(rules, first_dealer=3, deals=[hands], totals=[100, -150])
    play_game_hand(g, {0: 2, 1: 4, 2: 3, 3: 2}, tricks)
    assert g.hand_history[0]["hand_scores"] == [54, -60]
    assert g.totals == [154, -210] and g.is_over and g.winners == [0]
    # Without lose_score the game goes on.
    g2 = engine.SpadesGame(
        engine.SpadesRules(set_penalty="bid"), first_dealer=3, deals=[hands], totals=[100, -150]
    )
    play_game_hand(g2, {0: 2, 1: 4, 2: 3, 3: 2}, tricks)
    assert not g2.is_over and g2.winners == []


# ---------------------------------------------------------------- EB-6 (legal moves)

ALL_SPADES = cs("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")


def test_EB6_B10_B16_trick1_leader_with_spades_and_a_heart(engine: Any) -> None:
    """Trick 1 leader {A♠ 3♠ 2♥} -> {2♥} (here with ten more spades); {A♠ 3♠ ...} only
    spades -> all of them."""
    hand = [c("AS"), c("3S"), c("2H"), *[x for x in ALL_SPADES if x not in cs("AS 3S 2S")]]
    s = engine.SpadesState.from_deal(engine.SpadesRules(), spades_deal({0: hand}), dealer=3)
    bid_all(s)
    assert s.current_player == 0 and s.legal_plays() == cs("2H")
    with pytest.raises(engine.IllegalMoveError) as e:
        s.play(c("AS"))
    assert e.value.card == c("AS") and e.value.legal == cs("2H")
    only = engine.SpadesState.from_deal(
        engine.SpadesRules(), spades_deal({0: ALL_SPADES}), dealer=3
    )
    bid_all(only)
    assert only.legal_plays() == ALL_SPADES


def _trick2_state(engine: Any, **rules: Any) -> Any:
    """P0 wins a clubs trick 1 and leads trick 2 holding A♠, 2♥ and ten diamonds."""
    p0 = [c("AC"), c("2H"), c("AS"), *range(13, 23)]
    deal = spades_deal({0: p0, 1: cs("2C 3C 4C"), 2: cs("5C 6C 7C"), 3: cs("8C 9C TC")})
    s = engine.SpadesState.from_deal(engine.SpadesRules(**rules), deal, dealer=3)
    bid_all(s)
    for x in ("AC", "2C", "5C", "8C"):
        s.play(c(x))
    assert s.trick_winners == [0] and s.current_player == 0 and not s.spades_broken
    return s


def test_EB6_B11_B3_1_trick2_leader(engine: Any) -> None:
    """Trick 2 leader {A♠ 2♥ ...}: default -> any card, A♠ included; spades_broken with no
    spade played yet -> not A♠."""
    s = _trick2_state(engine)
    assert s.legal_plays() == s.hands[0] and c("AS") in s.legal_plays()
    b = _trick2_state(engine, spades_broken=True)
    assert c("AS") not in b.legal_plays() and b.legal_plays() == [x for x in b.hands[0] if x < 39]
    with pytest.raises(engine.IllegalMoveError):
        b.play(c("AS"))


def test_EB6_B12_void_follower_may_trump(engine: Any) -> None:
    """♥ led, follower {K♦ 3♠} (void in hearts) -> {K♦, 3♠}: any card."""
    p1 = cs("KD 3S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")
    deal = spades_deal({0: cs("5H AC"), 1: p1, 2: cs("2H 3H")})
    s = engine.SpadesState.from_deal(engine.SpadesRules(), deal, dealer=3)
    bid_all(s)
    s.play(c("5H"))
    assert s.legal_plays() == p1
    s.play(c("3S"))
    assert s.legal_plays() == [x for x in s.hands[2] if x // 13 == 2]


def test_EB6_B3_5_joker_must_follow_spades(engine: Any) -> None:
    """jokers: ♠ led, follower {BigJoker 4♥ ...} (no other spade) -> {BigJoker}."""
    p0 = [LJ, *cs("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")]  # only spades: may lead one
    p1 = [BJ, c("4H"), *cs("3C 4C 5C 6C 7C 8C 9C TC JC QC KC")]
    deal = spades_deal({0: p0, 1: p1}, jokers=True)
    s = engine.SpadesState.from_deal(engine.SpadesRules(jokers=True), deal, dealer=3)
    bid_all(s)
    assert s.legal_plays() == sorted(p0)
    s.play(c("2S"))
    assert s.legal_plays() == [BJ]
    with pytest.raises(engine.IllegalMoveError):
        s.play(c("4H"))
    s.play(BJ)
    s.play(s.legal_plays()[0])
    s.play(s.legal_plays()[0])
    assert s.trick_winners == [1] and s.spades_broken  # BJ > every spade (B.3 #5)
