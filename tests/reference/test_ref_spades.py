"""Reference engine: Spades (docs/rules/spades.md; docs/spades-api.md). Rule ids in the test
names."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.helpers import (
    EB1_BIDS,
    EB1_WINNERS,
    BidSpec,
    assert_constructor_refusals,
    assert_deal_refusals,
    assert_preset_refusals,
    bid_all,
    bid_kw,
    check_eb1,
    do_bid,
    play_game_hand,
    play_scripted,
    scripted,
    scripted_state,
    spades_deal,
    winners_for,
)
from tests.helpers import card_id as c
from tests.helpers import card_ids as cs
from tests.helpers import spades_snapshot as snapshot

from hearts_fast.reference import (
    BIG_JOKER,
    LITTLE_JOKER,
    ArgumentTypeError,
    Bid,
    IllegalMoveError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    SpadesGame,
    SpadesRules,
    SpadesState,
    spades_card_name,
)
from hearts_fast.reference.spades import legal_cards, trick_winner

LJ, BJ = LITTLE_JOKER, BIG_JOKER


def run_scripted(
    rules: SpadesRules, winners: list[int], bids: dict[int, BidSpec], **kw: Any
) -> SpadesState:
    """Bid ``bids`` (by seat) and play the scripted hand in which trick k goes to winners[k]."""
    return scripted_state(SpadesState, rules, winners, bids, **kw)


# ---------------------------------------------------------------- rules (B.1, B.6)


def test_B1_defaults_and_to_dict_roundtrip() -> None:
    r = SpadesRules()
    d = r.to_dict()
    assert d["players"] == 4 and d["win_score"] == 500 and d["lose_score"] is None
    assert d["nil"] is True and d["nil_tricks"] == "bags" and d["set_penalty"] == "undertricks"
    assert d["spades_broken"] is False and d["first_trick_no_spade_lead"] is True
    assert d["boston"] == "off" and d["renege"] == "prevent" and d["team_bid_cap"] is False
    assert SpadesRules(**d) == r and hash(SpadesRules(**d)) == hash(r)
    assert eval(repr(r), {"SpadesRules": SpadesRules}) == r
    assert r.win_score == 500 and r.boston == "off"
    with pytest.raises(AttributeError):
        r.win_score = 3
    with pytest.raises(AttributeError):
        _ = r.no_such_param


def test_B1_strict_types_and_ranges() -> None:
    with pytest.raises(ArgumentTypeError):
        SpadesRules(nil=1)
    with pytest.raises(ArgumentTypeError):
        SpadesRules(win_score=True)
    with pytest.raises(ArgumentTypeError):
        SpadesRules(win_score=500.0)
    with pytest.raises(ArgumentTypeError):
        SpadesRules(boston=True)
    with pytest.raises(ArgumentTypeError):
        SpadesRules(lose_score="-200")
    with pytest.raises(ArgumentTypeError):
        SpadesRules(4)
    with pytest.raises(InvalidRulesError):
        SpadesRules(players=5)
    with pytest.raises(InvalidRulesError):
        SpadesRules(win_score=0)
    with pytest.raises(InvalidRulesError):
        SpadesRules(bags_limit=0)
    with pytest.raises(InvalidRulesError):
        SpadesRules(max_hands=0)
    with pytest.raises(InvalidRulesError):
        SpadesRules(boston="yes")
    with pytest.raises(InvalidRulesError, match="unknown rule parameter"):
        SpadesRules(target=100)
    assert SpadesRules(lose_score=-200).lose_score == -200
    assert SpadesRules(max_hands=3).max_hands == 3


@pytest.mark.parametrize(
    "pair",
    [
        ("mirror", "fourteen_partnership"),
        ("mirror", "suicide"),
        ("fourteen_partnership", "suicide"),
    ],
)
def test_B1_invalid_combinations(pair: tuple[str, str]) -> None:
    with pytest.raises(InvalidRulesError):
        SpadesRules(**{pair[0]: True, pair[1]: True})
    SpadesRules(**{pair[0]: True})
    SpadesRules(**{pair[1]: True})


def test_B1_api_combinations_need_nil() -> None:
    with pytest.raises(InvalidRulesError):
        SpadesRules(suicide=True, nil=False)
    with pytest.raises(InvalidRulesError):
        SpadesRules(blind_nil=True, nil=False)
    # B.1: blind_nil is accepted and ignored under mirror / fourteen / suicide.
    SpadesRules(blind_nil=True, mirror=True)


def test_B6_presets() -> None:
    assert SpadesRules.preset("default") == SpadesRules()
    o = SpadesRules.preset("openspiel")
    assert o.set_penalty == "bid" and o.spades_broken is True
    assert o.first_trick_no_spade_lead is False and o.max_hands == 1 and o.team_bid_cap is True
    assert o.nil is True and o.bags_limit == 10 and o.bags_penalty == 100
    assert o.nil_tricks == "team" and o.nil_value == 100 and o.bags is True  # B.6, B-19
    assert SpadesRules.preset("openspiel", win_score=300).win_score == 300
    assert_preset_refusals(SpadesRules, "whiz", "default", {"mirror": True, "suicide": True})


# ---------------------------------------------------------------- cards, deal (B-2..B-4)


def test_B2_jokers_card_ids_and_deck() -> None:
    assert spades_card_name(52) == "LJ" and spades_card_name(53) == "BJ"
    assert spades_card_name(49) == "QS" and spades_card_name(0) == "2C"
    with pytest.raises(InvalidCardError):
        spades_card_name(54)
    assert SpadesRules()._deck() == frozenset(range(52))
    jk = SpadesRules(jokers=True)._deck()
    assert len(jk) == 52 and 0 not in jk and 13 not in jk and {52, 53} <= jk
    assert SpadesRules(jokers=True)._lowest_club() == c("3C")


def test_B4_shuffled_deal_and_seed() -> None:
    for jokers in (False, True):
        r = SpadesRules(jokers=jokers)
        s = SpadesState(r, seed=7, dealer=2)
        assert sorted(x for h in s.hands for x in h) == sorted(r._deck())
        assert all(len(h) == 13 for h in s.hands)
        assert s.phase == "bid" and s.current_player == 3  # B-6: left of the dealer
    r = SpadesRules()
    assert SpadesState(r, seed=5).hands == SpadesState(r, seed=5).hands
    assert SpadesState(r, seed=5).hands != SpadesState(r, seed=6).hands


def test_B4_from_deal_errors() -> None:
    r = SpadesRules()
    good = spades_deal({})
    assert_deal_refusals(lambda hands: SpadesState.from_deal(r, hands), good, 54)
    with pytest.raises(InvalidDealError, match="not in the deck"):
        SpadesState.from_deal(r, [[*good[0][:-1], LJ], *good[1:]])
    with pytest.raises(InvalidDealError, match="not in the deck"):
        SpadesState.from_deal(SpadesRules(jokers=True), good)  # holds 2C and 2D
    jr = SpadesRules(jokers=True)
    SpadesState.from_deal(jr, spades_deal({0: [LJ, BJ]}, jokers=True))


def test_constructor_argument_errors() -> None:
    r = SpadesRules()
    assert_constructor_refusals(SpadesState, r)
    with pytest.raises(InvalidRulesError):
        SpadesState(r, totals=[0, 0, 0])
    with pytest.raises(ArgumentTypeError):
        SpadesState(r, totals=[0, 1.5])  # type: ignore[list-item]
    with pytest.raises(InvalidRulesError):
        SpadesState(r, bags=[10, 0])  # B-20: a counter is in 0..bags_limit-1
    with pytest.raises(InvalidRulesError):
        SpadesState(r, bags=[-1, 0])
    with pytest.raises(InvalidDealError):
        SpadesState(r, redeals=[spades_deal({})[:3]])
    assert SpadesState(r, totals=[-40, 120], bags=[9, 0]).totals == [-40, 120]


# ---------------------------------------------------------------- B-16 legality


def test_EB6_legal_function_literal() -> None:
    r = SpadesRules()
    # Trick 1 leader {A♠ 3♠ 2♥} -> {2♥}; {A♠ 3♠} -> both.
    assert legal_cards(r, cs("AS 3S 2H"), [], 1, False) == cs("2H")
    assert legal_cards(r, cs("AS 3S"), [], 1, False) == cs("AS 3S")
    # Trick 2 leader {A♠ 2♥}: default -> both; spades_broken, no spade yet -> {2♥}.
    assert legal_cards(r, cs("AS 2H"), [], 2, False) == cs("AS 2H")
    rb = SpadesRules(spades_broken=True)
    assert legal_cards(rb, cs("AS 2H"), [], 2, False) == cs("2H")
    assert legal_cards(rb, cs("AS 2H"), [], 2, True) == cs("AS 2H")
    # ♥ led, follower {K♦ 3♠} -> {K♦, 3♠}.
    assert legal_cards(r, cs("KD 3S"), [c("5H")], 3, False) == cs("KD 3S")
    # jokers: ♠ led, follower {BigJoker 4♥} -> {BigJoker}.
    rj = SpadesRules(jokers=True)
    assert legal_cards(rj, [BJ, c("4H")], [c("9S")], 3, False) == [BJ]


def test_EB6_trick1_leader_in_play() -> None:
    # Dealer 3 -> P0 (eldest) leads trick 1 (B-10).
    spades = cs("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")
    deal = spades_deal({0: [*spades[1:], c("2H")]})
    s = SpadesState.from_deal(SpadesRules(), deal, dealer=3)
    bid_all(s)
    assert s.current_player == 0 and s.legal_plays() == cs("2H")
    with pytest.raises(IllegalMoveError) as e:
        s.play(c("AS"))
    assert e.value.card == c("AS") and e.value.legal == cs("2H")
    # A leader holding only spades may lead one.
    only = SpadesState.from_deal(SpadesRules(), spades_deal({0: spades}), dealer=3)
    bid_all(only)
    assert only.legal_plays() == spades
    # first_trick_no_spade_lead=False lifts the restriction.
    free = SpadesState.from_deal(SpadesRules(first_trick_no_spade_lead=False), deal, dealer=3)
    bid_all(free)
    assert free.legal_plays() == sorted(deal[0])


def _trick2_state(rules: SpadesRules) -> SpadesState:
    """P0 wins a clubs trick 1 and leads trick 2 holding A♠, 2♥ and ten diamonds."""
    p0 = [c("AC"), c("2H"), c("AS"), *range(13, 23)]
    deal = spades_deal({0: p0, 1: cs("2C 3C 4C"), 2: cs("5C 6C 7C"), 3: cs("8C 9C TC")})
    s = SpadesState.from_deal(rules, deal, dealer=3)
    bid_all(s)
    for x in ("AC", "2C", "5C", "8C"):
        s.play(c(x))
    assert s.trick_winners == [0] and s.current_player == 0
    return s


def test_EB6_B11_trick2_lead() -> None:
    s = _trick2_state(SpadesRules())
    assert c("AS") in s.legal_plays() and len(s.legal_plays()) == 12  # B-11: any card
    b = _trick2_state(SpadesRules(spades_broken=True))
    assert c("AS") not in b.legal_plays() and c("2H") in b.legal_plays()  # B.3 #1
    assert not b.spades_broken
    with pytest.raises(IllegalMoveError, match="spades are not broken"):
        b.play(c("AS"))


def test_B16_follow_suit_and_void() -> None:
    p1 = cs("KD 3S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")  # void in hearts
    deal = spades_deal({0: cs("5H AC"), 1: p1, 2: cs("2H 3H")})
    s = SpadesState.from_deal(SpadesRules(), deal, dealer=3)
    bid_all(s)
    s.play(c("5H"))
    assert s.legal_plays() == s.hands[1]  # void in hearts: anything, spades included
    s.play(c("3S"))
    assert s.legal_plays() == [x for x in s.hands[2] if x // 13 == 2]  # must follow
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        s.play(next(x for x in s.hands[2] if x // 13 != 2))


def test_B13_trick_winner() -> None:
    assert trick_winner([(0, c("5H")), (1, c("AH")), (2, c("2S")), (3, c("KH"))]) == 2
    assert trick_winner([(0, c("5H")), (1, c("AH")), (2, c("AD")), (3, c("KH"))]) == 1
    assert trick_winner([(0, c("AS")), (1, LJ), (2, BJ), (3, c("KS"))]) == 2
    assert trick_winner([(0, c("2C")), (1, c("AS")), (2, LJ), (3, c("KC"))]) == 2
    assert trick_winner([(0, LJ), (1, c("AS")), (2, c("3S")), (3, c("KC"))]) == 0


def test_B3_5_jokers_are_spades_in_play() -> None:
    rj = SpadesRules(jokers=True, first_trick_no_spade_lead=False)
    deal = spades_deal({0: [BJ, c("4S")], 1: [LJ, c("5H")], 2: cs("6S 7H")}, jokers=True)
    s = SpadesState.from_deal(rj, deal, dealer=3)
    bid_all(s)
    s.play(BJ)  # a led joker leads spades
    assert s.legal_plays() == [x for x in s.hands[1] if x // 13 == 3 or x >= 52]
    assert LJ in s.legal_plays()
    s.play(LJ)
    s.play(c("6S"))
    s.play(s.legal_plays()[0])
    assert s.trick_winners == [0] and s.spades_broken


def test_B3_7_lowest_club_leads() -> None:
    r = SpadesRules(first_lead="lowest_club")
    deal = spades_deal({2: cs("2C AS"), 0: cs("3C")})
    s = SpadesState.from_deal(r, deal, dealer=3)
    bid_all(s)
    assert s.current_player == 2 and s.legal_plays() == cs("2C")
    rj = SpadesRules(first_lead="lowest_club", jokers=True)
    dj = spades_deal({1: cs("3C")}, jokers=True)
    sj = SpadesState.from_deal(rj, dj, dealer=0)
    assert sj.current_player == 1  # bidding starts left of the dealer
    bid_all(sj)
    assert sj.current_player == 1 and sj.legal_plays() == cs("3C")


def test_B3_1_spades_broken_by_discard_and_forced_lead() -> None:
    r = SpadesRules(spades_broken=True)
    # P0 leads clubs, P1 is void in clubs and discards a spade: spades broken after trick 1.
    deal = spades_deal(
        {
            0: cs("AC 2D 3S"),
            1: cs("2S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
            2: cs("2C 3C"),
            3: cs("4C 5C"),
        }
    )
    s = SpadesState.from_deal(r, deal, dealer=3)
    bid_all(s)
    s.play(c("AC"))
    s.play(c("2S"))
    assert not s.spades_broken  # only counted once the trick is complete
    s.play(c("2C"))
    s.play(c("4C"))
    assert s.trick_winners == [1] and s.spades_broken
    # A forced all-spade lead also breaks spades.
    spades = cs("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")
    s2 = SpadesState.from_deal(SpadesRules(spades_broken=True), spades_deal({0: spades}), dealer=3)
    bid_all(s2)
    assert s2.legal_plays() == spades
    for _ in range(4):
        s2.play(s2.legal_plays()[0])
    assert s2.spades_broken


# ---------------------------------------------------------------- bidding (B-6..B-8, B.3)


def test_B6_bid_order_and_representation() -> None:
    s = SpadesState(SpadesRules(), seed=1, dealer=1)
    order = []
    for value in (4, 0, 3, 13):
        order.append(s.current_player)
        s.bid(value)
    assert order == [2, 3, 0, 1]
    assert s.bids == [
        (3, False, False, None),
        (13, False, False, None),
        (4, False, False, None),
        (0, True, False, None),
    ]
    assert isinstance(s.bids[0], Bid) and s.bids[3].nil  # type: ignore[union-attr]
    assert s.contracts() == [7, 13]  # B-8: a nil bid is not part of C
    assert s.phase == "play" and s.current_player == 2  # eldest leads
    assert s.legal_bids() == [] and not s.can_bid_blind() and s.legal_bemos() == []


def test_B7_nil_false_zero_is_a_plain_bid() -> None:
    s = SpadesState(SpadesRules(nil=False), seed=1)
    s.bid(0)
    assert s.bids[1] == (0, False, False, None)


def test_B3_4_mirror() -> None:
    r = SpadesRules(mirror=True, blind_nil=True)
    deal = spades_deal({1: cs("2S 3S 4S"), 2: cs("5S"), 3: [], 0: cs("6S 7S")})
    # make_deal fills the rest (spades included) in id order; count what each seat got.
    s = SpadesState.from_deal(r, deal, dealer=0)
    for _ in range(4):
        p = s.current_player
        assert p is not None
        n = sum(1 for x in s.hands[p] if x // 13 == 3)
        assert s.legal_bids() == [n] and not s.can_bid_blind()
        with pytest.raises(IllegalMoveError):
            s.bid((n + 1) % 14)
        s.bid(n)
        assert s.bids[p] == (n, n == 0, False, None)  # B.4 #12: a forced 0 is a nil
    # Jokers count as spades; with nil=False a forced 0 is a plain zero.
    rj = SpadesRules(mirror=True, jokers=True, nil=False)
    no_spades = cs("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D")
    dj = spades_deal({0: [LJ, BJ, c("AS")], 1: no_spades}, jokers=True)
    sj = SpadesState.from_deal(rj, dj, dealer=3)
    assert sj.legal_bids() == [3]
    sj.bid(3)
    assert sj.legal_bids() == [0]
    sj.bid(0)
    assert sj.bids[1] == (0, False, False, None)


def test_B3_6_fourteen_partnership() -> None:
    s = SpadesState(SpadesRules(fourteen_partnership=True, blind_nil=True), seed=2, dealer=3)
    assert s.legal_bids() == [2, 3, 4, 5] and not s.can_bid_blind()
    s.bid(2)  # P0
    assert s.legal_bids() == [2, 3, 4, 5]  # P1, first of team 1
    s.bid(5)
    assert s.legal_bids() == [5]  # P2 = 7 - 2
    with pytest.raises(IllegalMoveError):
        s.bid(0)
    s.bid(5)
    assert s.legal_bids() == [2]
    s.bid(2)
    assert s.contracts() == [7, 7]
    assert all(b is not None and not b.nil for b in s.bids)


def test_B3_suicide() -> None:
    s = SpadesState(SpadesRules(suicide=True, blind_nil=True), seed=2, dealer=3)
    assert s.legal_bids() == [0, *range(4, 14)] and not s.can_bid_blind()
    s.bid(0)  # P0 nil
    assert s.legal_bids() == [0, *range(4, 14)]
    s.bid(6)  # P1
    assert s.legal_bids() == list(range(4, 14))  # P2: partner nil -> >= 4
    with pytest.raises(IllegalMoveError):
        s.bid(3)
    s.bid(4)
    assert s.legal_bids() == [0]  # P3: partner bid 6 -> must nil
    s.bid(0)
    assert [b.nil for b in s.bids if b is not None] == [True, False, False, True]


def test_B6_openspiel_team_bid_cap() -> None:
    s = SpadesState(SpadesRules.preset("openspiel"), seed=2, dealer=3)
    assert s.current_player == 0  # B.6: seat 0 bids first with dealer 3
    s.bid(9)
    s.bid(0)
    assert s.legal_bids() == [0, 1, 2, 3, 4]  # partners total <= 13
    s.bid(4)
    assert s.legal_bids() == list(range(14))  # partner nil counts 0
    # Without the cap a team may bid more than 13 (B-8).
    t = SpadesState(SpadesRules(), seed=2, dealer=3)
    t.bid(9)
    t.bid(0)
    assert t.legal_bids() == list(range(14))


def test_B3_blind_nil_eligibility() -> None:
    assert not SpadesState(SpadesRules(), seed=1).can_bid_blind()  # blind_nil off
    r = SpadesRules(blind_nil=True)
    s = SpadesState(r, seed=1, dealer=3)
    assert s.can_bid_blind()  # min_deficit 0: no condition, even when ahead
    ahead = SpadesState(r, seed=1, dealer=3, totals=[300, 0])
    assert ahead.can_bid_blind()
    s.bid(0, blind=True)
    assert s.bids[0] == (0, True, True, None)
    with pytest.raises(IllegalMoveError, match="needs n=0"):
        s.bid(3, blind=True)
    # blind_nil_min_deficit: the bidder's team must trail by at least that much.
    rd = SpadesRules(blind_nil=True, blind_nil_min_deficit=100)
    behind = SpadesState(rd, seed=1, dealer=3, totals=[50, 150])  # P0, team 0 trails by 100
    assert behind.can_bid_blind()
    behind.bid(3)
    assert not behind.can_bid_blind()  # P1, team 1 leads
    with pytest.raises(IllegalMoveError, match="blind nil"):
        behind.bid(0, blind=True)
    assert not SpadesState(rd, seed=1, dealer=3, totals=[51, 150]).can_bid_blind()


def test_B3_9_bemo_declarations() -> None:
    s = SpadesState(SpadesRules(bemo=True), seed=3, dealer=3)
    assert s.legal_bemos() == ["little", "big"]
    s.bid(4, bemo="little")  # P0, team 0
    assert s.legal_bemos() == ["little", "big"]  # P1, team 1
    s.bid(0, bemo="big")
    assert s.legal_bemos() == []  # P2: team 0 already declared
    with pytest.raises(IllegalMoveError, match="bemo"):
        s.bid(3, bemo="big")
    s.bid(3)
    assert s.bids[0] == (4, False, False, "little") and s.bids[1] == (0, True, False, "big")
    with pytest.raises(IllegalMoveError):
        SpadesState(SpadesRules(), seed=3).bid(3, bemo="little")  # bemo off
    with pytest.raises(IllegalMoveError):
        SpadesState(SpadesRules(bemo=True), seed=3).bid(3, bemo="medium")


def test_bad_bids_leave_state_unchanged() -> None:
    s = SpadesState(SpadesRules(bemo=True, blind_nil=True, blind_nil_min_deficit=50), seed=4)
    s.bid(2)
    before = snapshot(s)
    for args, exc in [
        ((14,), IllegalMoveError),
        ((-1,), IllegalMoveError),
        ((True,), ArgumentTypeError),
        (("3",), ArgumentTypeError),
        ((3, 1), ArgumentTypeError),
        ((3, False, 1), ArgumentTypeError),
        ((0, True), IllegalMoveError),
        ((3, False, "huge"), IllegalMoveError),
    ]:
        with pytest.raises(exc):
            bid_kw(s, *args)
        assert snapshot(s) == before
    with pytest.raises(IllegalMoveError) as e:
        s.play(0)  # phase "bid"
    assert e.value.legal == []
    assert snapshot(s) == before


# ---------------------------------------------------------------- deficient hand (B.3)

DEFICIENT = cs("2C 3C 4C 5C 6C 7C 8C 9C TC AC 2D 3D AH")  # no spade, no J/Q/K


def test_B3_deficient_hand_claim_and_injected_redeal() -> None:
    r = SpadesRules(deficient_hand="no_spades_no_jqk", blind_nil=True)
    first = spades_deal({2: DEFICIENT})
    second = spades_deal({0: DEFICIENT})
    third = [list(reversed(h)) for h in spades_deal({})]
    s = SpadesState.from_deal(r, first, dealer=1, redeals=[second, third], seed=9)
    assert s.deficient_seats() == [2]
    with pytest.raises(IllegalMoveError, match="not deficient"):
        s.claim_redeal(0)
    s.claim_redeal(2)
    assert s.hands == [sorted(h) for h in second] and s.dealer == 1
    assert s.redeal_claims == [2] and s.phase == "bid" and s.current_player == 2
    assert s.deficient_seats() == [0]
    assert not s.can_bid_blind()  # P2 looked at (and showed) his hand: no blind nil
    s.claim_redeal(0)
    assert s.hands == [sorted(h) for h in third] and s.redeal_claims == [2, 0]
    assert not s.can_bid_blind()
    s.bid(3)  # P2
    assert s.can_bid_blind()  # P3 never claimed
    s.bid(3)
    assert not s.can_bid_blind()  # P0 claimed
    assert s.deficient_seats() == []
    # A redeal past the injected deals comes from the hand's own seed.
    t = SpadesState.from_deal(r, first, dealer=1, seed=9)
    u = SpadesState.from_deal(r, first, dealer=1, seed=9)
    t.claim_redeal(2)
    u.claim_redeal(2)
    assert t.hands == u.hands and t.hands != [sorted(h) for h in first]


def test_B3_deficient_hand_refusals_leave_state_unchanged() -> None:
    first = spades_deal({2: DEFICIENT})
    off = SpadesState.from_deal(SpadesRules(), first)
    before = snapshot(off)
    assert off.deficient_seats() == []
    with pytest.raises(IllegalMoveError, match="deficient_hand='off'"):
        off.claim_redeal(2)
    assert snapshot(off) == before
    r = SpadesRules(deficient_hand="no_spades_no_jqk")
    s = SpadesState.from_deal(r, first, dealer=0)
    with pytest.raises(ArgumentTypeError):
        s.claim_redeal("2")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        s.claim_redeal(4)
    s.bid(3)
    before = snapshot(s)
    assert s.deficient_seats() == []
    with pytest.raises(IllegalMoveError, match="bidding has started"):
        s.claim_redeal(2)
    assert snapshot(s) == before
    # A joker counts as a spade: not deficient.
    rj = SpadesRules(deficient_hand="no_spades_no_jqk", jokers=True)
    hand = [LJ, *cs("3C 4C 5C 6C 7C 8C 9C TC AC 3D 4D AH")]
    assert SpadesState.from_deal(rj, spades_deal({1: hand}, jokers=True)).deficient_seats() == []


# ---------------------------------------------------------------- face-up first four (B.3 #2)


def test_B3_2_face_up_first_four() -> None:
    r = SpadesRules(face_up_first_four=True)
    deal = spades_deal({0: cs("AC KC QC JC")})  # dealt order: these four clubs first
    s = SpadesState.from_deal(r, deal, dealer=3)
    assert s.face_up[0] == cs("AC KC QC JC")
    assert all(s.face_up[p] == sorted(deal[p][:4]) for p in range(4))
    bid_all(s)
    s.play(c("AC"))
    assert s.face_up[0] == cs("KC QC JC")  # public only until played
    assert SpadesState.from_deal(SpadesRules(), deal).face_up == [[], [], [], []]
    # Shuffled: the first 16 cards dealt, four per seat, are face up.
    t = SpadesState(r, seed=3)
    assert all(len(f) == 4 and set(f) <= set(h) for f, h in zip(t.face_up, t.hands))


# ---------------------------------------------------------------- scoring (EB-1..EB-4, B-17..B-21)


def test_EB1_defaults() -> None:
    check_eb1(run_scripted(SpadesRules(), EB1_WINNERS, EB1_BIDS, dealer=3))


@pytest.mark.parametrize(("penalty", "team_a"), [("undertricks", -20), ("bid", -60), ("zero", 0)])
def test_EB2_set_and_bag_penalty(penalty: str, team_a: int) -> None:
    w = winners_for({0: 3, 2: 1, 1: 4, 3: 5})
    r = SpadesRules(set_penalty=penalty)
    s = run_scripted(r, w, {0: 4, 2: 2, 1: 2, 3: 3}, bags=[0, 7])
    assert s.tricks_taken == [3, 4, 1, 5]
    assert s.hand_scores() == [team_a, -46]
    assert s.hand_bags() == [0, 4] and s.bags_after() == [0, 1]


@pytest.mark.parametrize(("penalty", "team_b"), [("undertricks", -108), ("bid", -138)])
def test_EB3_failed_nil(penalty: str, team_b: int) -> None:
    w = winners_for({1: 2, 3: 3, 0: 5, 2: 3})
    s = run_scripted(SpadesRules(set_penalty=penalty), w, {1: 0, 3: 4, 0: 3, 2: 3})
    assert s.tricks_taken == [5, 2, 3, 3]
    assert s.hand_scores() == [62, team_b]
    assert s.hand_bags() == [2, 2]


def test_EB4_ten_for_two_hundred() -> None:
    r = SpadesRules(ten_for_two_hundred=True)
    bids: dict[int, BidSpec] = {0: 6, 2: 4, 1: 1, 3: 1}
    made = run_scripted(r, winners_for({0: 6, 2: 5, 1: 1, 3: 1}), bids)
    assert made.hand_scores()[0] == 201 and made.hand_bags()[0] == 1
    failed = run_scripted(r, winners_for({0: 6, 2: 3, 1: 2, 3: 2}), bids)
    assert failed.hand_scores()[0] == -200 and failed.hand_bags()[0] == 0
    # Without the variant it is an ordinary contract of 10.
    plain = run_scripted(SpadesRules(), winners_for({0: 6, 2: 5, 1: 1, 3: 1}), bids)
    assert plain.hand_scores()[0] == 101


@pytest.mark.parametrize("boston", ["bonus", "wins_game"])
def test_EB4_boston(boston: str) -> None:
    r = SpadesRules(boston=boston)
    bids: dict[int, BidSpec] = {0: 7, 2: 6, 1: 2, 3: 2}
    made = run_scripted(r, winners_for({0: 7, 2: 6}), bids)
    assert made.hand_scores() == [200, -40] and made.boston_made() == 0
    failed = run_scripted(r, winners_for({0: 7, 2: 5, 1: 1}), bids)
    assert failed.hand_scores()[0] == -200 and failed.boston_made() is None
    off = run_scripted(SpadesRules(), winners_for({0: 7, 2: 6}), bids)
    assert off.hand_scores()[0] == 130 and off.boston_made() is None


def test_EB4_bemo() -> None:
    r = SpadesRules(bemo=True)
    bids: dict[int, BidSpec] = {0: (4, False, "little"), 1: 3, 2: 3, 3: 3}
    won = [0, 2, 0, 2, 0, 0, 1, 1, 1, 3, 3, 3, 2]  # team 0 wins tricks 1..6
    s = run_scripted(r, won, bids)
    assert s.tricks_taken == [4, 3, 3, 3]
    assert s.hand_scores() == [70 + 60, 60]
    lost = [0, 2, 0, 1, 0, 2, 1, 1, 0, 3, 3, 3, 2]  # trick 4 lost
    s2 = run_scripted(r, lost, bids)
    assert s2.tricks_taken == [4, 3, 3, 3]
    assert s2.hand_scores() == [70 - 60, 60]
    big = run_scripted(r, [0, 2] * 4 + [0, 1, 1, 3, 3], {**bids, 0: (4, False, "big")})
    assert big.tricks_taken == [5, 2, 4, 2]
    assert big.hand_scores()[0] == 70 + 2 + 90
    # Before the end a bemo whose tricks are not all played counts as failed [api].
    hands, tricks = scripted(won)
    p = SpadesState.from_deal(r, hands, dealer=3)
    for seat in (0, 1, 2, 3):
        do_bid(p, bids[seat])
    play_scripted(p, tricks[:5])
    # Team 0: C=7, T=5 -> -20, bemo not (yet) won -> -60. Team 1: C=6, T=0 -> -60.
    assert p.trick_winners == won[:5] and p.hand_scores() == [-80, -60]


@pytest.mark.parametrize(("value", "score"), [(100, 100), (200, 200)])
def test_EB4_blind_nil_value(value: int, score: int) -> None:
    r = SpadesRules(blind_nil=True, blind_nil_value=value)
    w = winners_for({0: 4, 1: 4, 3: 5})
    s = run_scripted(r, w, {0: 4, 1: 4, 2: (0, True, None), 3: 4})
    assert s.bids[2] == (0, True, True, None)
    assert s.hand_scores()[0] == 40 + score
    lost = run_scripted(
        r, winners_for({0: 3, 2: 1, 1: 4, 3: 5}), {0: 4, 1: 4, 2: (0, True, None), 3: 4}
    )
    assert lost.hand_scores()[0] == -10 - score + 1


def test_B19_nil_tricks_options() -> None:
    w = winners_for({1: 2, 3: 3, 0: 5, 2: 3})  # EB-3 tricks: P1 nil took 2, P3 bid 4 took 3
    bids: dict[int, BidSpec] = {1: 0, 3: 4, 0: 3, 2: 3}
    partner = run_scripted(SpadesRules(nil_tricks="count_for_partner"), w, bids)
    assert partner.hand_scores()[1] == 40 + 1 - 100 and partner.hand_bags()[1] == 1
    ignored = run_scripted(SpadesRules(nil_tricks="ignored"), w, bids)
    assert ignored.hand_scores()[1] == -10 - 100 and ignored.hand_bags()[1] == 0
    # Two nils in a team: no contract part; nil tricks still bag.
    both = run_scripted(SpadesRules(), winners_for({1: 2, 0: 6, 2: 5}), {0: 3, 1: 0, 2: 3, 3: 0})
    assert both.hand_scores()[1] == -100 + 100 + 2 and both.hand_bags()[1] == 2


@pytest.mark.parametrize(("penalty", "set_score"), [("undertricks", -10 - 100), ("bid", -50 - 100)])
def test_B19_nil_tricks_team_one_nil_partner(penalty: str, set_score: int) -> None:
    # EB-3 tricks: P1 nil took 2, P3 bid 4 took 3 -> T + N = 5 >= C = 4: made.
    w = winners_for({1: 2, 3: 3, 0: 5, 2: 3})
    bids: dict[int, BidSpec] = {1: 0, 3: 4, 0: 3, 2: 3}
    r = SpadesRules(nil_tricks="team", set_penalty=penalty)
    s = run_scripted(r, w, bids)
    # Team 1: 40 + 1 overtrick, nil failed -100; team 0: C=6, T=8 -> 62.
    assert s.hand_scores() == [62, 40 + 1 - 100] and s.hand_bags() == [2, 1]
    # Under the default "bags" the nil's tricks do not help: set (-10 or -40) -100 +2.
    bags = run_scripted(SpadesRules(set_penalty=penalty), w, bids)
    assert bags.hand_scores()[1] == {"undertricks": -10, "bid": -40}[penalty] - 100 + 2
    # P1 nil took 1, P3 bid 5 took 3: T + N = 4 < 5 -> set; the nil's trick is no bag.
    w2 = winners_for({1: 1, 3: 3, 0: 5, 2: 4})
    s2 = run_scripted(r, w2, {1: 0, 3: 5, 0: 3, 2: 3})
    assert s2.hand_scores()[1] == set_score and s2.hand_bags()[1] == 0


def test_B19_nil_tricks_team_both_partners_nil() -> None:
    r = SpadesRules(nil_tricks="team")
    bids: dict[int, BidSpec] = {0: 3, 1: 0, 2: 3, 3: 0}
    # P1 nil took 2, P3 nil took 0: C = 0, 2 overtricks (+2, 2 bags), nils -100 and +100.
    s = run_scripted(r, winners_for({1: 2, 0: 6, 2: 5}), bids)
    assert s.hand_scores() == [60 + 5, 2] and s.hand_bags() == [5, 2]
    # count_for_partner: a team of two nils has no contract part, so no overtricks.
    p = run_scripted(
        SpadesRules(nil_tricks="count_for_partner"), winners_for({1: 2, 0: 6, 2: 5}), bids
    )
    assert p.hand_scores()[1] == 0 and p.hand_bags()[1] == 0
    # Both nils took tricks (2 and 1), bags 8 before: +3 -100 -100, bags 8 + 3 = 11 -> -100, 1.
    both = run_scripted(r, winners_for({1: 2, 3: 1, 0: 5, 2: 5}), bids, bags=[0, 8])
    assert both.hand_scores()[1] == 3 - 200 - 100
    assert both.hand_bags()[1] == 3 and both.bags_after()[1] == 1


def test_B6_openspiel_preset_scores_team_tricks() -> None:
    # B.6 + B-19 team: P1 nil took 2 rescues P3's 4 (T + N = 5): +41 -100; set_penalty bid
    # for team 0 (bid 4 + 5 = 9, took 8): -90.
    # (spades_broken off only so that the scripted deal's spade leads are legal.)
    r = SpadesRules.preset("openspiel", spades_broken=False)
    assert r.nil_tricks == "team"
    w = winners_for({1: 2, 3: 3, 0: 5, 2: 3})
    s = run_scripted(r, w, {0: 4, 1: 0, 2: 5, 3: 4})
    assert s.hand_scores() == [-90, 41 - 100] and s.hand_bags() == [0, 1]


def test_B20_bags_carry_and_multiple_penalties() -> None:
    w = winners_for({0: 13})
    bids: dict[int, BidSpec] = {0: 1, 1: 1, 2: 1, 3: 1}
    s = run_scripted(SpadesRules(), w, bids, bags=[9, 0])
    # Team 0: C=2, T=13 -> 20 + 11 = 31; bags 9 + 11 = 20 -> two penalties, 0 left.
    assert s.hand_scores() == [31 - 200, -20] and s.hand_bags() == [11, 0]
    assert s.bags_after() == [0, 0]
    small = run_scripted(SpadesRules(bags_limit=3, bags_penalty=50), w, bids, bags=[2, 1])
    assert small.bags_after() == [(2 + 11) % 3, 1] and small.hand_scores()[0] == 31 - 4 * 50
    off = run_scripted(SpadesRules(bags=False), w, bids, bags=[9, 0])
    assert off.hand_scores()[0] == 31 and off.hand_bags() == [0, 0] and off.bags_after() == [9, 0]


def test_B17_contract_above_13_is_unmakeable() -> None:
    w = winners_for({0: 7, 2: 6})
    s = run_scripted(SpadesRules(), w, {0: 8, 2: 7, 1: 0, 3: 0})
    assert s.contracts()[0] == 15 and s.hand_scores()[0] == -20


def test_hand_scores_by_phase() -> None:
    s = SpadesState(SpadesRules(), seed=5, totals=[10, 20], bags=[3, 4])
    assert s.hand_scores() == [0, 0] and s.bags_after() == [3, 4] and s.totals_after() == [10, 20]
    bid_all(s)
    assert s.phase == "play"
    # As if the hand ended now: no tricks yet, every contract set.
    c0, c1 = s.contracts()
    assert s.hand_scores() == [-10 * c0, -10 * c1]


# ---------------------------------------------------------------- renege (B-27)


def _renege_state(mode: str) -> SpadesState:
    w = winners_for({0: 5, 2: 3, 3: 5})
    hands, _ = scripted(w)
    s = SpadesState.from_deal(SpadesRules(renege=mode), hands, dealer=3)
    for v in (4, 0, 3, 5):
        s.bid(v)
    return s


def test_B27_prevent_refuses_illegal_play() -> None:
    s = _renege_state("prevent")
    s.play(s.legal_plays()[0])
    off_suit = next(x for x in s.hands[1] if x // 13 != 0)
    before = snapshot(s)
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        s.play(off_suit)
    assert snapshot(s) == before and s.reneges == []


def test_B27_penalize_allows_flags_and_scores() -> None:
    s = _renege_state("penalize")
    s.play(s.legal_plays()[0])  # P0 leads a club
    off_suit = next(x for x in s.hands[1] if x // 13 != 0)
    assert off_suit not in s.legal_plays()
    s.play(off_suit)  # P1 reneges
    assert s.reneges == [(1, 1, off_suit)]
    with pytest.raises(IllegalMoveError, match="does not hold"):
        s.play(s.hands[1][0])  # even under penalize the card must be held (P2 to play)
    while s.phase == "play":
        s.play(s.legal_plays()[0])
    assert s.reneges == [(1, 1, off_suit)]
    # Team 1 bid nil + 5: C = 5 -> exactly -50, no nil or bag points, bags unchanged.
    scores, bags = s.hand_scores(), s.hand_bags()
    assert scores[1] == -50 and bags[1] == 0 and s.bags_after()[1] == 0
    assert s.hand_scores()[0] == _team0_score_for(s)


def _team0_score_for(s: SpadesState) -> int:
    """Team 0 is scored normally: 10·C + overtricks, or the undertrick penalty."""
    c0 = s.contracts()[0]
    t = s.tricks_taken[0] + s.tricks_taken[2]
    return 10 * c0 + (t - c0) if t >= c0 else -10 * (c0 - t)


# ---------------------------------------------------------------- play errors


def test_bad_plays_leave_state_unchanged() -> None:
    s = SpadesState(SpadesRules(), seed=8, dealer=0)
    bid_all(s)
    s.play(s.legal_plays()[0])
    before = snapshot(s)
    p = s.current_player
    assert p is not None
    other = next(x for x in range(52) if x not in s.hands[p])
    for bad, exc in [
        (True, ArgumentTypeError),
        ("AS", ArgumentTypeError),
        (54, InvalidCardError),
        (-1, InvalidCardError),
        (LJ, IllegalMoveError),  # not in the deck / not held
        (other, IllegalMoveError),
    ]:
        with pytest.raises(exc):
            s.play(bad)  # type: ignore[arg-type]
        assert snapshot(s) == before
    with pytest.raises(IllegalMoveError):
        s.bid(3)  # phase "play"
    assert snapshot(s) == before


def test_copy_and_equality() -> None:
    s = SpadesState(SpadesRules(), seed=8)
    t = s.copy()
    assert s == t
    bid_all(t)
    assert s != t and s.phase == "bid"
    bid_all(s)
    assert s == t


# ---------------------------------------------------------------- game end (B-22, EB-5)


def test_EB5_win_threshold() -> None:
    hands, tricks = scripted(EB1_WINNERS)
    g = SpadesGame(SpadesRules(), first_dealer=3, deals=[hands], totals=[480, 374])
    play_game_hand(g, EB1_BIDS, tricks)  # A +71, B +150
    assert g.totals == [551, 524] and g.is_over and g.winners == [0] and g.phase == "over"
    assert g.hand_history[0]["hand_scores"] == [71, 150]
    assert g.hand_history[0]["totals"] == [551, 524] and g.hands_played == 1
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play(0)
    with pytest.raises(IllegalMoveError):
        g.bid(3)
    assert g.legal_plays() == [] and g.legal_bids() == []


def test_EB5_tie_plays_on_then_ends() -> None:
    hands, tricks = scripted(EB1_WINNERS)
    g = SpadesGame(SpadesRules(), first_dealer=3, deals=[hands, hands], totals=[480, 401])
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.totals == [551, 551] and not g.is_over and g.phase == "bid"
    assert g.state.dealer == 0 and g.state.hand_index == 1 and g.state.totals == [551, 551]
    # Hand 2 (dealer 0, P1 bids first): the same cards, team 1 makes more.
    # P1 leads trick 1 now; all four follow clubs, so the scripted tricks still hold.
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.totals == [622, 701] and g.is_over and g.winners == [1] and g.hands_played == 2


def test_EB5_tie_share_and_max_hands_hard_stop() -> None:
    hands, tricks = scripted(EB1_WINNERS)
    g = SpadesGame(SpadesRules(tie="share"), first_dealer=3, deals=[hands], totals=[480, 401])
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.is_over and g.winners == [0, 1]
    h = SpadesGame(SpadesRules(max_hands=1), first_dealer=3, deals=[hands], totals=[0, -79])
    play_game_hand(h, EB1_BIDS, tricks)
    assert h.totals == [71, 71] and h.is_over and h.winners == [0, 1]  # 0.7 hard stop


def test_EB5_lose_score() -> None:
    # Team 1 bids 4 + 2 and takes 3 + 1 with set_penalty "bid": -60 (EB-2 mirrored).
    w = winners_for({1: 3, 3: 1, 0: 4, 2: 5})
    hands, tricks = scripted(w)
    rules = SpadesRules(lose_score=-200, set_penalty="bid")
    g = SpadesGame(rules, first_dealer=3, deals=[hands], totals=[100, -150])
    play_game_hand(g, {0: 2, 1: 4, 2: 3, 3: 2}, tricks)
    assert g.hand_history[0]["hand_scores"] == [54, -60]
    assert g.totals == [154, -210] and g.is_over and g.winners == [0]
    # Without lose_score the game goes on.
    g2 = SpadesGame(
        SpadesRules(set_penalty="bid"), first_dealer=3, deals=[hands], totals=[100, -150]
    )
    play_game_hand(g2, {0: 2, 1: 4, 2: 3, 3: 2}, tricks)
    assert not g2.is_over


def test_B3_10_negative_inverse_loses() -> None:
    w = winners_for({1: 3, 3: 1, 0: 4, 2: 5})
    hands, tricks = scripted(w)
    for flag, over in ((True, True), (False, False)):
        rules = SpadesRules(negative_inverse_loses=flag, win_score=300, set_penalty="bid")
        g = SpadesGame(rules, first_dealer=3, deals=[hands], totals=[0, -250])
        play_game_hand(g, {0: 2, 1: 4, 2: 3, 3: 2}, tricks)
        assert g.totals == [54, -310] and g.is_over is over
        assert g.winners == ([0] if over else [])


def test_B3_8_boston_wins_game() -> None:
    hands, tricks = scripted(winners_for({0: 7, 2: 6}))
    bids: dict[int, BidSpec] = {0: 7, 2: 6, 1: 2, 3: 2}
    g = SpadesGame(
        SpadesRules(boston="wins_game"), first_dealer=3, deals=[hands], totals=[-300, 400]
    )
    play_game_hand(g, bids, tricks)
    assert g.is_over and g.winners == [0] and g.totals == [-100, 360]
    assert g.hand_history[0]["boston"] == 0
    b = SpadesGame(SpadesRules(boston="bonus"), first_dealer=3, deals=[hands], totals=[-300, 400])
    play_game_hand(b, bids, tricks)
    assert not b.is_over and b.totals == [-100, 360]


def test_B20_bags_carry_across_game_hands() -> None:
    hands, tricks = scripted(EB1_WINNERS)  # team 0 gets 1 bag per hand
    g = SpadesGame(SpadesRules(), first_dealer=3, deals=[hands] * 3, bags=[8, 0])
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.bags == [9, 0] and g.totals == [71, 150]
    play_game_hand(g, EB1_BIDS, tricks)
    assert g.bags == [0, 0] and g.totals == [71 + 71 - 100, 300]
    assert g.state.bags == [0, 0]


def test_game_deals_consumed_by_redeals() -> None:
    r = SpadesRules(deficient_hand="no_spades_no_jqk")
    d0, d1, d2 = spades_deal({2: DEFICIENT}), spades_deal({}), spades_deal({1: DEFICIENT})
    g = SpadesGame(r, first_dealer=1, deals=[d0, d1, d2], seed=4)
    assert g.deficient_seats() == [2]
    g.claim_redeal(2)
    assert g.state.hands == [sorted(h) for h in d1] and g.state.dealer == 1
    rng = random.Random(0)
    while g.hands_played == 0:
        if g.phase == "bid":
            g.bid(rng.choice(g.legal_bids()))
        else:
            g.play(rng.choice(g.legal_plays()))
    assert g.state.hands == [sorted(h) for h in d2] and g.state.dealer == 2


def test_game_argument_errors() -> None:
    r = SpadesRules()
    with pytest.raises(ArgumentTypeError):
        SpadesGame(r, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError):
        SpadesGame(r, first_dealer=4)
    with pytest.raises(InvalidDealError):
        SpadesGame(r, deals=[spades_deal({}), spades_deal({})[:3]])
    with pytest.raises(InvalidRulesError):
        SpadesGame(r, bags=[0, 10])
    with pytest.raises(InvalidRulesError):
        SpadesGame(r, totals=[0])
    with pytest.raises(ArgumentTypeError):
        SpadesGame(r, totals=[0, True])


# ---------------------------------------------------------------- random play invariants (D)

RANDOM_OPTIONS: dict[str, list[Any]] = {
    "nil": [True, False],
    "nil_tricks": ["bags", "count_for_partner", "team", "ignored"],
    "set_penalty": ["undertricks", "bid", "zero"],
    "bags": [True, False],
    "bags_limit": [1, 3, 10],
    "first_trick_no_spade_lead": [True, False],
    "spades_broken": [True, False],
    "first_lead": ["left_of_dealer", "lowest_club"],
    "face_up_first_four": [True, False],
    "ten_for_two_hundred": [True, False],
    "jokers": [True, False],
    "boston": ["off", "bonus", "wins_game"],
    "bemo": [True, False],
    "deficient_hand": ["off", "no_spades_no_jqk"],
    "renege": ["prevent", "penalize"],
    "team_bid_cap": [True, False],
}


def random_rules(rng: random.Random) -> SpadesRules:
    params = {k: rng.choice(v) for k, v in RANDOM_OPTIONS.items()}
    params["blind_nil"] = params["nil"] and rng.random() < 0.5
    variant = rng.choice([None, "mirror", "fourteen_partnership", "suicide"])
    if variant == "suicide":
        params["nil"] = True
    if variant is not None:
        params[variant] = True
    return SpadesRules(**params)


def random_hand(rules: SpadesRules, rng: random.Random, seed: int) -> SpadesState:
    s = SpadesState(rules, seed=seed, dealer=seed % 4, bags=[rng.randrange(rules.bags_limit), 0])
    while s.phase == "bid":
        if s.deficient_seats() and rng.random() < 0.5:
            s.claim_redeal(rng.choice(s.deficient_seats()))
            continue
        blind = s.can_bid_blind() and rng.random() < 0.1
        bemos = s.legal_bemos()
        bemo = rng.choice([None, *bemos]) if bemos else None
        s.bid(0 if blind else rng.choice(s.legal_bids()), blind=blind, bemo=bemo)
    while s.phase == "play":
        p = s.current_player
        assert p is not None
        legal = s.legal_plays()
        assert legal and set(legal) <= set(s.hands[p])
        if rules.renege == "penalize" and rng.random() < 0.05:
            s.play(rng.choice(s.hands[p]))
        else:
            s.play(rng.choice(legal))
    return s


def test_D_random_hands_invariants() -> None:
    rng = random.Random(2024)
    for i in range(300):
        rules = random_rules(rng)
        s = random_hand(rules, rng, i)
        assert sum(s.tricks_taken) == 13 and len(s.plays) == 52  # D: Σ tricks = 13
        assert sorted(x for _, x in s.plays) == sorted(rules._deck())
        assert all(h == [] for h in s.hands) and s.face_up == [[], [], [], []]
        assert all(0 <= b < rules.bags_limit for b in s.bags_after())  # D: bag counter range
        assert s.totals_after() == [t + h for t, h in zip(s.totals, s.hand_scores())]
        bids = [b for b in s.bids if b is not None]
        assert len(bids) == 4
        for team in (0, 1):  # D: bids obey the variant constraints
            pair = bids[team], bids[team + 2]
            if rules.fourteen_partnership:
                assert pair[0].value + pair[1].value == 7 and min(b.value for b in pair) >= 2
            if rules.suicide:
                assert sorted(b.nil for b in pair) == [False, True]
                assert max(b.value for b in pair) >= 4
            if rules.team_bid_cap and not rules.mirror:
                assert pair[0].value + pair[1].value <= 13
            assert sum(1 for b in pair if b.bemo) <= 1
        if rules.mirror:
            dealt = s._deals[-1]
            for p in range(4):
                assert bids[p].value == sum(1 for x in dealt[p] if x // 13 == 3 or x >= 52)
        if rules.renege == "prevent":
            assert s.reneges == []
        for team in (0, 1):
            if any(seat % 2 == team for _, seat, _ in s.reneges):
                assert s.hand_scores()[team] == -10 * s.contracts()[team]
                assert s.bags_after()[team] == s.bags[team]


def test_D_random_games_terminate() -> None:
    rng = random.Random(7)
    for i in range(20):
        rules = SpadesRules(win_score=200, lose_score=-200, max_hands=30, bemo=True)
        g = SpadesGame(rules, seed=i, first_dealer=i % 4)
        while not g.is_over:
            if g.phase == "bid":
                p = g.current_player
                assert p is not None
                spades = sum(1 for x in g.state.hands[p] if x // 13 == 3)
                legal = g.legal_bids()
                g.bid(min(legal, key=lambda v: abs(v - spades)))
            else:
                g.play(rng.choice(g.legal_plays()))
        assert g.winners and g.hands_played == len(g.hand_history) <= 30
        last = g.hand_history[-1]
        assert last["totals"] == g.totals and last["bags"] == g.bags
