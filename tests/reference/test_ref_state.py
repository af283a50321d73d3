"""Reference engine: HeartsState deal, passing and play (docs/rules/hearts.md A-3..A-19, A.6)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.helpers import assert_constructor_refusals, assert_deal_refusals
from tests.helpers import hearts_snapshot as snapshot

from hearts_fast.reference import (
    ArgumentTypeError,
    HeartsRules,
    HeartsState,
    IllegalMoveError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    card,
)

HEARTS = [card(r + "H") for r in "23456789TJQKA"]
QS = card("QS")


def cs(text: str) -> list[int]:
    """'2C QS 10H' -> sorted card ids."""
    return sorted(card(t) for t in text.split())


def make_deal(rules: HeartsRules, fixed: dict[int, list[int]], dealer: int = 0) -> list[list[int]]:
    """A valid deal giving each seat its ``fixed`` cards, the rest filled in id order."""
    n = rules.players
    deck = sorted(rules._deck())
    base, extra = divmod(len(deck), n)
    sizes = [base] * n
    for i in range(extra):
        sizes[(dealer + 1 + i) % n] += 1
    hands = [list(fixed.get(s, [])) for s in range(n)]
    used = {c for h in hands for c in h}
    rest = [c for c in deck if c not in used]
    for s in range(n):
        while len(hands[s]) < sizes[s]:
            hands[s].append(rest.pop(0))
    assert not rest
    return hands


def skip_pass(s: HeartsState) -> None:
    """Everyone forwards (A-11): no card moves."""
    while s.phase == "pass":
        s.forward(s.current_player)  # type: ignore[arg-type]


def play_out(s: HeartsState, rng: random.Random) -> None:
    while s.phase == "pass":
        p = s.current_player
        assert p is not None
        s.pass_cards(p, rng.sample(s.hands[p], s.pass_count))
    while s.phase == "play":
        s.play(rng.choice(s.legal_plays()))


# ---------------------------------------------------------------- deal


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("deck_adjust", ["remove_cards", "deal_all"])
def test_A6_A7_deal_sizes(players: int, deck_adjust: str) -> None:
    rules = HeartsRules(players=players, deck_adjust=deck_adjust, pass_direction="hold")
    for dealer in range(players):
        s = HeartsState(rules, seed=dealer + 11, dealer=dealer)
        hands = s.hands
        assert sorted(c for h in hands for c in h) == sorted(rules._deck())
        if deck_adjust == "deal_all":
            extra = 52 % players
            for i in range(players):
                seat = (dealer + 1 + i) % players
                assert len(hands[seat]) == 52 // players + (1 if i < extra else 0)
        else:
            assert {len(h) for h in hands} == {len(rules._deck()) // players}
        assert all(h == sorted(h) for h in hands)


def test_A6_seed_determinism() -> None:
    r = HeartsRules()
    assert HeartsState(r, seed=5).hands == HeartsState(r, seed=5).hands
    assert HeartsState(r, seed=5).hands != HeartsState(r, seed=6).hands


def test_A3_from_deal_roundtrip() -> None:
    r = HeartsRules(players=5)
    s = HeartsState(r, seed=3, dealer=2)
    t = HeartsState.from_deal(r, [list(reversed(h)) for h in s.hands], dealer=2)
    assert t.hands == s.hands
    assert t == s


def test_A3_from_deal_errors() -> None:
    r = HeartsRules()
    good = make_deal(r, {})
    assert_deal_refusals(lambda hands: HeartsState.from_deal(r, hands), good, 52)
    with pytest.raises(ArgumentTypeError):
        HeartsState.from_deal(r, [["2C"] * 13] * 4)  # type: ignore[list-item]


def test_A3_from_deal_removed_card() -> None:
    r = HeartsRules(players=3)  # 2C removed
    good = make_deal(r, {})
    bad = [list(h) for h in good]
    bad[0][0] = card("2C")  # replaces some card: 2C is not in the deck
    with pytest.raises(InvalidDealError, match="not in the deck"):
        HeartsState.from_deal(r, bad)


def test_A7_from_deal_extra_cards_depend_on_dealer() -> None:
    r = HeartsRules(players=3, deck_adjust="deal_all")
    deal = make_deal(r, {}, dealer=0)  # seat 1 holds 18
    assert [len(h) for h in deal] == [17, 18, 17]
    HeartsState.from_deal(r, deal, dealer=0)
    with pytest.raises(InvalidDealError, match="seat"):
        HeartsState.from_deal(r, deal, dealer=1)  # seat 2 should hold the 18


def test_constructor_argument_errors() -> None:
    r = HeartsRules()
    assert_constructor_refusals(HeartsState, r)
    with pytest.raises(InvalidRulesError):
        HeartsState(r, pass_direction="left")  # only with random rules [api]
    rr = HeartsRules(pass_direction="random")
    with pytest.raises(InvalidRulesError):
        HeartsState(rr, pass_direction="rotate")
    with pytest.raises(ArgumentTypeError):
        HeartsState(rr, pass_direction=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------- directions (A-8, A-9, A.6)


def destinations(s: HeartsState) -> dict[int, int]:
    """Pass every seat's lowest k cards and report sender -> receiver."""
    dealt = s.hands
    packets = {p: dealt[p][: s.pass_count] for p in range(s.num_players)}
    for p, pk in packets.items():
        s.pass_cards(p, pk)
    after = s.hands
    return {
        p: next(q for q in range(s.num_players) if set(pk) <= set(after[q]))
        for p, pk in packets.items()
    }


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("direction", ["left", "right", "across"])
def test_A8_direction_offsets(players: int, direction: str) -> None:
    s = HeartsState(HeartsRules(players=players, pass_direction=direction), seed=1)
    if direction == "across" and players == 3:
        assert (s.pass_direction, s.pass_count, s.phase) == ("hold", 0, "play")
        return
    off = {"left": 1, "right": players - 1, "across": players // 2}[direction]
    assert s.pass_direction == direction
    assert destinations(s) == {p: (p + off) % players for p in range(players)}
    assert s.phase == "play"


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_A8_hold_starts_in_play(players: int) -> None:
    s = HeartsState(HeartsRules(players=players, pass_direction="hold"))
    assert (s.pass_direction, s.pass_count, s.phase, s.pending_passes()) == ("hold", 0, "play", [])


def test_A8_ea8_rotate_three_players() -> None:
    r = HeartsRules(players=3, pass_direction="rotate")
    got = [HeartsState(r, hand_index=h).pass_direction for h in range(6)]
    assert got == ["left", "right", "hold", "left", "right", "hold"]


def test_A8_rotate_four_or_more() -> None:
    for players in (4, 5, 6, 7):
        r = HeartsRules(players=players, pass_direction="rotate")
        got = [HeartsState(r, hand_index=h).pass_direction for h in range(8)]
        assert got == ["left", "right", "across", "hold"] * 2


def test_A6_random_direction() -> None:
    r = HeartsRules(pass_direction="random")
    seen = {HeartsState(r, seed=i).pass_direction for i in range(100)}
    assert seen == {"left", "right", "across", "hold"}
    for d in ("left", "right", "across", "hold"):
        assert HeartsState(r, pass_direction=d).pass_direction == d
    r3 = HeartsRules(players=3, pass_direction="random")
    assert HeartsState(r3, pass_direction="across").pass_direction == "hold"
    assert {HeartsState(r3, seed=i).pass_direction for i in range(100)} == {"left", "right", "hold"}


@pytest.mark.parametrize(
    ("players", "dame", "corazones"), [(3, 4, 3), (4, 4, 3), (5, 3, 2), (6, 3, 2), (7, 2, 2)]
)
def test_A9_pass_count_auto(players: int, dame: int, corazones: int) -> None:
    assert HeartsState(HeartsRules(players=players)).pass_count == dame
    assert HeartsState(HeartsRules(players=players, pass_table="corazones")).pass_count == corazones
    assert HeartsState(HeartsRules.preset("corazones", players=players)).pass_count == corazones
    assert HeartsState(HeartsRules(players=players, pass_count=1)).pass_count == 1


def test_A9_pass_count_zero() -> None:
    s = HeartsState(HeartsRules(pass_count=0))
    assert (s.phase, s.pass_count, s.pass_direction) == ("play", 0, "left")


# ---------------------------------------------------------------- passing


def test_A11_ea7_chain_forwarding() -> None:
    r = HeartsRules()  # 4 players, left, k=4, pass_through
    s = HeartsState(r, seed=7)
    dealt = s.hands
    picks = {0: dealt[0][:4], 2: dealt[2][1:5], 3: dealt[3][-4:]}
    s.pass_cards(2, picks[2])
    s.forward(1)
    s.pass_cards(0, picks[0])
    assert s.phase == "pass"
    assert s.hands == dealt  # nothing moves before everyone committed
    s.pass_cards(3, picks[3])
    assert s.phase == "play"
    h = s.hands
    assert set(picks[0]) <= set(h[2])  # P2 gets S0 (through P1)
    assert set(picks[2]) <= set(h[3])  # P3 gets S2
    assert set(picks[3]) <= set(h[0])  # P0 gets S3
    assert h[1] == dealt[1]  # P1 keeps his dealt hand
    assert h[0] == sorted(set(dealt[0]) - set(picks[0]) | set(picks[3]))
    assert h[2] == sorted(set(dealt[2]) - set(picks[2]) | set(picks[0]))
    assert h[3] == sorted(set(dealt[3]) - set(picks[3]) | set(picks[2]))


def test_A11_everyone_forwards() -> None:
    s = HeartsState(HeartsRules(players=5), seed=2)
    dealt = s.hands
    for p in range(5):
        s.forward(p)
    assert s.phase == "play"
    assert s.hands == dealt


def test_A11_packet_returns_to_sender() -> None:
    s = HeartsState(HeartsRules(players=3), seed=2)
    dealt = s.hands
    s.forward(1)
    s.pass_cards(0, dealt[0][:4])
    s.forward(2)
    assert s.hands == dealt


def test_A11_across_cycles() -> None:
    # 4 players across: cycles {0,2} and {1,3}. P2 forwards -> P0's packet returns to P0.
    s = HeartsState(HeartsRules(pass_direction="across"), seed=4)
    d = s.hands
    s.pass_cards(0, d[0][:4])
    s.forward(2)
    s.pass_cards(1, d[1][:4])
    s.pass_cards(3, d[3][:4])
    h = s.hands
    assert h[0] == d[0]
    assert h[2] == d[2]
    assert set(d[1][:4]) <= set(h[3])
    assert set(d[3][:4]) <= set(h[1])


def test_A11_seven_players_right_chain() -> None:
    # right = -1; P5, P4 forward: P6's packet goes 5 -> 4 -> lands on P3.
    s = HeartsState(HeartsRules(players=7, pass_direction="right"), seed=9)
    d = s.hands
    for p in range(7):
        if p in (4, 5):
            s.forward(p)
        else:
            s.pass_cards(p, d[p][:2])
    h = s.hands
    assert set(d[6][:2]) <= set(h[3])
    assert set(d[3][:2]) <= set(h[2])
    assert set(d[0][:2]) <= set(h[6])
    assert h[4] == d[4]
    assert h[5] == d[5]


def test_A10_pending_and_current_player() -> None:
    s = HeartsState(HeartsRules(), seed=1)
    assert s.pending_passes() == [0, 1, 2, 3]
    assert s.current_player == 0
    assert s.legal_plays() == []
    s.pass_cards(0, s.hands[0][:4])
    s.forward(2)
    assert s.pending_passes() == [1, 3]
    assert s.current_player == 1


def test_A10_pass_errors_leave_state_unchanged() -> None:
    s = HeartsState(HeartsRules(players=4, pass_through=False), seed=3)
    s.pass_cards(1, s.hands[1][:4])
    before, copy = snapshot(s), s.copy()
    hand0 = s.hands[0]
    other = s.hands[2][0]
    # .legal (docs/protocol.md, Errors): for a refused pass, the cards that seat may pass
    # from when it may pass now, else []; for a forward, the seats that may forward.
    cases: list[tuple[type[Exception], Any, list[int]]] = [
        (IllegalMoveError, lambda: s.pass_cards(0, hand0[:3]), hand0),  # wrong count
        (IllegalMoveError, lambda: s.pass_cards(0, [hand0[0]] * 4), hand0),  # duplicates
        (IllegalMoveError, lambda: s.pass_cards(0, [*hand0[:3], other]), hand0),  # not held
        (IllegalMoveError, lambda: s.pass_cards(1, s.hands[1][:4]), []),  # already passed
        (IllegalMoveError, lambda: s.pass_cards(4, hand0[:4]), []),  # no such seat
        (IllegalMoveError, lambda: s.forward(0), []),  # pass_through=False
        (IllegalMoveError, lambda: s.play(hand0[0]), []),  # wrong phase: no legal play
        (InvalidCardError, lambda: s.pass_cards(0, [*hand0[:3], 52]), []),
        (ArgumentTypeError, lambda: s.pass_cards(0, [*hand0[:3], True]), []),
        (ArgumentTypeError, lambda: s.pass_cards(True, hand0[:4]), []),
        (ArgumentTypeError, lambda: s.pass_cards(0, "2C"), []),
        (ArgumentTypeError, lambda: s.pass_cards(0, 5), []),
    ]
    for exc, call, legal in cases:
        with pytest.raises(exc) as info:
            call()
        if isinstance(info.value, IllegalMoveError):
            assert info.value.legal == legal
        assert snapshot(s) == before
        assert s == copy


def test_A10_forward_errors_after_play_started() -> None:
    s = HeartsState(HeartsRules(pass_direction="hold"), seed=3)
    with pytest.raises(IllegalMoveError) as info:
        s.forward(0)
    assert info.value.card is None
    assert info.value.legal == []  # nobody may forward once play has started
    assert s.legal_plays() != []


# ---------------------------------------------------------------- legal plays (A-13..A-16, A.6)


def state_with_hand(
    rules: HeartsRules,
    hand: list[int],
    *,
    trick: list[int] = (),
    trick_no: int = 1,
    broken: bool = False,
) -> HeartsState:
    """White-box: put ``hand`` into the current player's hand at the given point of the hand."""
    s = HeartsState.from_deal(rules, make_deal(rules, {}), dealer=rules.players - 1)
    skip_pass(s)
    leader = s.current_player
    assert leader is not None
    seat = (leader + len(trick)) % rules.players
    s._trick = [((leader + i) % rules.players, c) for i, c in enumerate(trick)]
    s._current = seat
    s._hands[seat] = set(hand)
    s._trick_winners = [0] * (trick_no - 1)
    s._broken = broken
    return s


@pytest.mark.parametrize(
    ("hand", "trick", "trick_no", "expected"),
    [
        ("AH 2H QS 3C", "", 1, "3C"),
        ("AH 2H QS", "", 1, "QS"),
        ("5H QS 9D", "7C", 1, "9D"),
        ("5H QS", "7C", 1, "5H QS"),
        ("QS 5H 4D", "3S", 1, "QS"),
        ("4H 9H", "", 5, "4H 9H"),
        ("4H 2C", "", 5, "2C"),
    ],
)
def test_A16_ea6_legal_moves(hand: str, trick: str, trick_no: int, expected: str) -> None:
    s = state_with_hand(HeartsRules(), cs(hand), trick=cs(trick), trick_no=trick_no)
    assert s.legal_plays() == cs(expected)


def test_A16_ea6_leader_full_hands() -> None:
    # Same positions as EA-6 through from_deal, with whole 13-card hands.
    r = HeartsRules(pass_direction="hold")  # dealer 3 -> P0 leads
    lead = [*HEARTS[:11], QS, card("3C")]
    s = HeartsState.from_deal(r, make_deal(r, {0: lead}), dealer=3)
    assert s.legal_plays() == [card("3C")]
    lead = [*HEARTS[:12], QS]
    s = HeartsState.from_deal(r, make_deal(r, {0: lead}), dealer=3)
    assert s.legal_plays() == [QS]
    # follower void in clubs with hearts, QS and diamonds -> only diamonds
    f = [*HEARTS[:6], QS, *cs("2D 3D 4D 5D 6D 7D")]
    s = HeartsState.from_deal(r, make_deal(r, {0: cs("2C"), 1: f}), dealer=3)
    s.play(card("2C"))
    assert s.legal_plays() == cs("2D 3D 4D 5D 6D 7D")


def test_A14_hearts_broken_and_only_hearts() -> None:
    r = HeartsRules()
    assert state_with_hand(r, cs("4H 9H 2C"), trick_no=3).legal_plays() == cs("2C")
    assert state_with_hand(r, cs("4H 9H 2C"), trick_no=3, broken=True).legal_plays() == cs(
        "2C 4H 9H"
    )
    assert state_with_hand(r, cs("4H 9H"), trick_no=3).legal_plays() == cs("4H 9H")
    r2 = HeartsRules(hearts_must_be_broken=False)
    assert state_with_hand(r2, cs("4H 9H 2C"), trick_no=3).legal_plays() == cs("2C 4H 9H")
    # a void player is never obliged to play a heart
    assert state_with_hand(r, cs("4H 2C"), trick=cs("5D"), trick_no=3).legal_plays() == cs("2C 4H")


def test_A15_first_trick_no_points() -> None:
    r = HeartsRules()
    assert state_with_hand(r, cs("4H QS 2D"), trick=cs("5C")).legal_plays() == cs("2D")
    off = HeartsRules(first_trick_no_points=False)
    assert state_with_hand(off, cs("4H QS 2D"), trick=cs("5C")).legal_plays() == cs("2D 4H QS")
    # V-A2: with french_spades, AS and KS are penalty cards too
    fr = HeartsRules(french_spades=True)
    assert state_with_hand(fr, cs("AS KS 2D"), trick=cs("5C")).legal_plays() == cs("2D")
    assert state_with_hand(r, cs("AS KS 2D"), trick=cs("5C")).legal_plays() == cs("2D AS KS")
    # V-A3: JD is not a penalty card
    jd = HeartsRules(jack_of_diamonds=True)
    assert state_with_hand(jd, cs("4H JD"), trick=cs("5C")).legal_plays() == cs("JD")


def test_A14_can_lead_hearts_instead_of_qs() -> None:
    r = HeartsRules(can_lead_hearts_instead_of_qs=True)
    assert state_with_hand(r, cs("4H 9H QS"), trick_no=3).legal_plays() == cs("4H 9H QS")
    assert state_with_hand(r, cs("4H 9H QS 2C"), trick_no=3).legal_plays() == cs("2C QS")
    assert state_with_hand(HeartsRules(), cs("4H 9H QS"), trick_no=3).legal_plays() == cs("QS")
    assert state_with_hand(r, cs("4H 9H QS"), trick_no=1).legal_plays() == cs("4H 9H QS")


def test_VA1_two_of_clubs_lead() -> None:
    for players, low in ((4, "2C"), (3, "3C"), (5, "3C"), (6, "4C"), (7, "3C")):
        r = HeartsRules(players=players, first_lead="two_of_clubs", pass_direction="hold")
        for seed in range(3):
            s = HeartsState(r, seed=seed, dealer=seed % players)
            assert card(low) in s.hands[s.current_player]  # type: ignore[index]
            assert s.legal_plays() == [card(low)]


def test_VA1_leader_after_passing_holds_lowest_club() -> None:
    r = HeartsRules.preset("corazones")
    s = HeartsState(r, seed=1)
    holder = next(p for p in range(4) if 0 in s.hands[p])
    for p in range(4):
        packet = [0, *[c for c in s.hands[p] if c != 0][:2]] if p == holder else s.hands[p][-3:]
        s.pass_cards(p, packet)
    assert s.current_player == (holder + 1) % 4  # left pass moved 2C
    assert s.legal_plays() == [0]


def test_A6_can_lead_any_club() -> None:
    r = HeartsRules(first_lead="two_of_clubs", can_lead_any_club=True, pass_direction="hold")
    s = HeartsState.from_deal(r, make_deal(r, {2: cs("2C 5C 9C AH")}), dealer=0)
    assert s.current_player == 2
    assert s.legal_plays() == cs("2C 5C 9C")
    s.play(card("9C"))
    assert s.current_player == 3


def test_A12_eldest_leads() -> None:
    r = HeartsRules(players=5, pass_direction="hold")
    for dealer in range(5):
        assert HeartsState(r, dealer=dealer).current_player == (dealer + 1) % 5


def test_A16_play_errors_leave_state_unchanged() -> None:
    r = HeartsRules(pass_direction="hold")
    hand0 = cs("2C 3C 4H 5H QS 2D 3D 4D 5D 6D 7D 8D 9D")
    s = HeartsState.from_deal(r, make_deal(r, {0: hand0}), dealer=3)
    s.play(card("2C"))
    s.play(s.legal_plays()[0])
    before, copy = snapshot(s), s.copy()
    legal = s.legal_plays()
    not_held = card("3C")
    for bad, exc in (
        (not_held, IllegalMoveError),
        (52, InvalidCardError),
        (-1, InvalidCardError),
        (True, ArgumentTypeError),
        ("2C", ArgumentTypeError),
    ):
        with pytest.raises(exc) as info:
            s.play(bad)  # type: ignore[arg-type]
        if exc is IllegalMoveError:
            assert info.value.card == bad
            assert info.value.legal == legal
        assert snapshot(s) == before
        assert s == copy
    # must follow suit
    hand1 = cs("AC KH TD JD QD KD AD 2S 3S 4S 5S 6S 7S")
    s2 = HeartsState.from_deal(r, make_deal(r, {0: hand0, 1: hand1}), dealer=3)
    s2.play(card("2C"))
    with pytest.raises(IllegalMoveError, match="follow") as info:
        s2.play(card("KH"))
    assert info.value.legal == [card("AC")]
    assert info.value.card == card("KH")
    # hearts not broken
    s3 = state_with_hand(HeartsRules(), cs("4H 2C"), trick_no=3)
    with pytest.raises(IllegalMoveError, match="broken"):
        s3.play(card("4H"))


# ------------------------------------------ double play and winner


def test_A7_deal_all_double_play_leader() -> None:
    r = HeartsRules(players=3, deck_adjust="deal_all", pass_direction="hold")
    # dealer 0: seat 1 holds 18 cards and leads
    s1 = cs("2C AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S")
    s2 = cs("3C 4C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS KS")
    s = HeartsState.from_deal(r, make_deal(r, {1: s1, 2: s2}), dealer=0)
    assert s.current_player == 1
    s.play(card("2C"))
    assert s.current_player == 1
    assert s.trick == [(1, card("2C"))]
    assert s.legal_plays() == cs("AC")  # the second card follows the led suit
    s.play(card("AC"))
    assert s.current_player == 2
    assert s.trick_number == 1
    assert s.legal_plays() == cs("3C 4C")
    s.play(card("4C"))
    s.play(s.legal_plays()[0])
    assert s.trick == []
    assert s.trick_winners == [1]
    assert s.trick_number == 2
    assert s.current_player == 1


def test_A7_A17_second_card_of_follower_can_win() -> None:
    # 5 players deal_all: 52 = 5*10 + 2; dealer 4 -> seats 0 and 1 hold 11 cards.
    r = HeartsRules(players=5, deck_adjust="deal_all", pass_direction="hold")
    deal = make_deal(
        r, {0: cs("3C 2D"), 1: cs("4C AC"), 2: cs("KC"), 3: cs("2C"), 4: cs("QC")}, dealer=4
    )
    s = HeartsState.from_deal(r, deal, dealer=4)
    assert [len(h) for h in s.hands] == [11, 11, 10, 10, 10]
    order = []
    s.play(card("3C"))
    order.append(s.current_player)
    # seat 0 still has another club? -> must follow; else any non-penalty card
    s.play(s.legal_plays()[0])
    order.append(s.current_player)
    s.play(card("4C"))
    order.append(s.current_player)
    s.play(card("AC"))
    order.append(s.current_player)
    assert order == [0, 1, 1, 2]
    s.play(card("KC"))
    s.play(card("2C"))
    s.play(card("QC"))
    assert s.trick_winners == [1]  # AC, the follower's second card, wins
    assert len([c for h in s.hands for c in h]) == 52 - 7


def test_A17_only_led_suit_wins() -> None:
    r = HeartsRules(pass_direction="hold", first_trick_no_points=False)
    deal = make_deal(
        r, {0: cs("5C"), 1: cs("AS AD AH") + HEARTS[:10], 2: cs("6C"), 3: cs("2C")}, dealer=3
    )
    s = HeartsState.from_deal(r, deal, dealer=3)
    for c in ("5C", "AS", "6C", "2C"):
        s.play(card(c))
    assert s.trick_winners == [2]
    assert s.tricks_taken == [0, 0, 1, 0]


# ---------------------------------------------------------------- hearts broken


def test_A14_broken_after_the_trick_completes() -> None:
    r = HeartsRules(pass_direction="hold")
    deal = make_deal(r, {0: cs("2C 3D"), 1: cs("3C"), 2: cs("4C"), 3: cs("5C 2H")}, dealer=3)
    s = HeartsState.from_deal(r, deal, dealer=3)
    for c in ("2C", "3C", "4C", "5C"):
        s.play(card(c))
    assert s.current_player == 3
    assert not s.hearts_broken
    s.play(s.legal_plays()[0])  # P3 leads a non-heart
    assert s.legal_plays() != []


def test_A14_queen_breaks_hearts() -> None:
    for qbh in (False, True):
        r = HeartsRules(pass_direction="hold", queen_breaks_hearts=qbh)
        s = HeartsState.from_deal(
            r,
            make_deal(
                r, {0: cs("2C 3C"), 1: cs("4C KC"), 2: cs("5C QS"), 3: cs("6C 7C")}, dealer=3
            ),
            dealer=3,
        )
        for c in ("2C", "4C", "5C", "6C"):
            s.play(card(c))
        assert s.current_player == 3
        for c in ("7C", "3C", "KC", "QS"):  # P2 void in clubs now? (he holds 5C only) -> QS discard
            s.play(card(c))
        assert s.hearts_broken is qbh
        assert s.captured[1] == [QS]


def test_A14_heart_discard_breaks() -> None:
    r = HeartsRules(pass_direction="hold")
    s = HeartsState.from_deal(
        r,
        make_deal(r, {0: cs("2C 3C"), 1: cs("4C KC"), 2: cs("5C 9H"), 3: cs("6C 7C")}, dealer=3),
        dealer=3,
    )
    for c in ("2C", "4C", "5C", "6C", "7C", "3C", "KC"):
        s.play(card(c))
    s.play(card("9H"))
    assert s.hearts_broken
    assert s.captured[1] == [card("9H")]
    assert s.points() == [0, 1, 0, 0]


# ---------------------------------------------------------------- end of hand


def test_A19_early_end_and_full_hand() -> None:
    for early in (True, False):
        r = HeartsRules(early_end=early)
        rng = random.Random(5)
        for seed in range(30):
            s = HeartsState(r, seed=seed)
            play_out(s, rng)
            assert s.phase == "over"
            assert s.current_player is None
            assert s.legal_plays() == []
            assert sum(s.points()) == 26
            remaining = [c for h in s.hands for c in h]
            assert not set(remaining) & r._value_cards()
            if not early:
                assert remaining == []
                assert len(s.trick_winners) == 13
            assert s.trick_number == len(s.trick_winners) + 1
            assert sum(s.tricks_taken) == len(s.trick_winners)


def test_A19_early_end_waits_for_jack() -> None:
    r = HeartsRules(jack_of_diamonds=True)
    rng = random.Random(3)
    for seed in range(40):
        s = HeartsState(r, seed=seed)
        play_out(s, rng)
        assert card("JD") in {c for cap in s.captured for c in cap}


# ---------------------------------------------------------------- copy / equality


def test_copy_and_equality() -> None:
    r = HeartsRules()
    s = HeartsState(r, seed=8)
    t = s.copy()
    assert s == t
    assert s is not t
    d = s.hands
    s.pass_cards(0, d[0][:4])
    assert s != t
    assert t.pending_passes() == [0, 1, 2, 3]
    t.pass_cards(0, list(reversed(d[0][:4])))
    assert s == t
    u = HeartsState(r, seed=8)
    assert u != s
    assert HeartsState(r, seed=8) == HeartsState(r, seed=8)
    assert HeartsState(r, seed=8) != HeartsState(HeartsRules(early_end=False), seed=8)
