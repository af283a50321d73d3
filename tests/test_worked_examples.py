"""docs/rules/hearts.md.5 worked examples EA-1 … EA-8, run against both engines.

Every example is reached by real play through the public API (docs/hearts-api.md): a deal is
built with ``HeartsState.from_deal`` (or given to ``HeartsGame(deals=[...])``), and a play line
written trick by trick produces exactly the captures the example states. While replaying a line
the helpers also check the engine's legal set against docs/rules/hearts.md A-16 and each trick's
winner
(A-17). Scores are then read from ``points()``, ``hand_scores()``, ``moon_shooter()`` and, for the
game-level numbers, from a ``HeartsGame`` resumed from the example's score sheet
(``totals=`` / ``pot=``) replaying the same line.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tests.helpers import (
    cards,
    cards_in_order,
    deal,
    names,
    play_all,
    play_first_legal_to_end,
    play_line,
)


def flat(engine, line) -> list[int]:
    return [c for _, text in line for c in cards_in_order(engine, text)]


def captured_text(engine, state) -> list[str]:
    return [names(engine, x) for x in state.captured]


def finish_hand_in_game(game, seq) -> None:
    """Replay ``seq`` as the current hand of ``game`` and check that exactly it was scored."""
    before = game.hands_played
    play_all(game, seq)
    assert game.hands_played == before + 1, "the line did not complete the hand in HeartsGame"


# =============================================================================================
# EA-1 (4 pl., defaults: positive, subtract_self): P0 none; P1 Q♠ ♥2 ♥7 ♥K (16);
# P2 ♥3 ♥4 ♥5 ♥9 ♥J (5); P3 ♥6 ♥8 ♥10 ♥Q ♥A (5). Σ = 26, no moon.
# =============================================================================================

# P0 holds only hearts and sloughs one on every trick (A-13; in trick 1 the A-15 ban is lifted
# because he has nothing else). Dealer 0, so P1 leads trick 1.
EA1_DEAL = [
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "AC KC QC 2C 3C 4C 5C 2D 2S 3S 4S 5S 6S",
    "6C 7C 8C 9C TC JC AD KD QD JD TD 7S 8S",
    "AS KS QS JS TS 9S 3D 4D 5D 6D 7D 8D 9D",
]
EA1_DEALER = 0
EA1_LINE = [
    (1, "AC 6C 3D 2H"),  # trick 1: P3 may not discard Q♠, P0 must slough a heart
    (1, "KC 7C QS 7H"),
    (1, "QC 8C 4D KH"),  # P1: Q♠ ♥2 ♥7 ♥K
    (2, "2D AD 5D 3H"),
    (2, "KD 6D 4H 2C"),
    (2, "QD 7D 5H 3C"),
    (2, "JD 8D 9H 4C"),
    (2, "TD 9D JH 5C"),  # P2: ♥3 ♥4 ♥5 ♥9 ♥J
    (3, "7S AS 6H 2S"),
    (3, "KS 8H 3S 8S"),
    (3, "JS TH 4S 9C"),
    (3, "TS QH 5S TC"),
    (3, "9S AH 6S JC"),  # P3: ♥6 ♥8 ♥10 ♥Q ♥A
]
EA1_CAPTURED = ["", "2H 7H KH QS", "3H 4H 5H 9H JH", "6H 8H TH QH AH"]


def ea1_state(engine, **rules):
    r = engine.HeartsRules(pass_direction="hold", **rules)
    return engine.HeartsState.from_deal(r, deal(engine, EA1_DEAL), dealer=EA1_DEALER)


def test_EA1_A20_A21_captures_points_no_moon(engine):
    st = ea1_state(engine)
    assert st.phase == "play"
    assert st.current_player == 1  # eldest hand leads
    play_line(engine, st, EA1_LINE)
    assert st.phase == "over"
    assert captured_text(engine, st) == EA1_CAPTURED
    assert st.points() == [0, 16, 5, 5]
    assert sum(st.points()) == 26  # A-20 invariant Σ pen_i = V
    assert st.moon_shooter() is None  # no moon
    assert st.hand_scores() == [0, 16, 5, 5]  # A-21 "none / no moon": h_i = pen_i


def test_EA1_A22_positive_totals(engine):
    rules = engine.HeartsRules(pass_direction="hold")
    game = engine.HeartsGame(
        rules, deals=[deal(engine, EA1_DEAL)], first_dealer=EA1_DEALER, totals=[40, 12, 30, 55]
    )
    assert game.totals == [40, 12, 30, 55]
    finish_hand_in_game(game, flat(engine, EA1_LINE))
    assert game.totals == [40, 28, 35, 60]
    assert game.hand_history == [
        {"points": [0, 16, 5, 5], "hand_scores": [0, 16, 5, 5], "moon_shooter": None}
    ]
    assert not game.is_over  # no total >= 100
    assert game.winners == []
    assert game.phase == "play"  # the next hand was dealt (hold: no pass phase)
    assert game.pot == 0


def test_EA1_A23_negative_totals(engine):
    rules = engine.HeartsRules(pass_direction="hold", scoring="negative")
    game = engine.HeartsGame(
        rules, deals=[deal(engine, EA1_DEAL)], first_dealer=EA1_DEALER, totals=[-40, -12, -30, -55]
    )
    finish_hand_in_game(game, flat(engine, EA1_LINE))
    assert game.totals == [-40, -28, -35, -60]
    assert not game.is_over  # no total <= -100


def test_EA1_A24_chips_clean_player_takes_pot(engine):
    rules = engine.HeartsRules(pass_direction="hold", scoring="chips")
    game = engine.HeartsGame(rules, deals=[deal(engine, EA1_DEAL)], first_dealer=EA1_DEALER)
    assert game.totals == [100, 100, 100, 100]
    assert game.pot == 0
    finish_hand_in_game(game, flat(engine, EA1_LINE))
    # pot 26 -> P0 alone is clean and takes it
    assert game.totals == [126, 84, 95, 95]
    assert all(isinstance(x, Fraction) for x in game.totals)
    assert game.pot == 0
    assert isinstance(game.pot, Fraction)
    assert sum(game.totals) + game.pot == 400
    assert not game.is_over  # A-24 bust: no stack <= 0


# =============================================================================================
# EA-2 moon: P2 captures all 13 ♥ and Q♠ (V = 26).
# =============================================================================================

# P2 (eldest: dealer 1) holds the top of every suit, so he wins every trick whatever anyone
# plays: every card played, hence every penalty card, ends with him.
EA2_DEAL = [
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 2C 3C",
    "4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
    "AC KC QC JC AD KD QD AS KS AH KH QH JH",
    "8D 9D TD JD 2H 3H 4H 5H 6H 7H 8H 9H TH",
]
EA2_DEALER = 1


def ea2_line(engine) -> list[int]:
    """Lowest legal card at every turn (any line gives P2 every trick)."""
    st = engine.HeartsState.from_deal(
        engine.HeartsRules(pass_direction="hold"), deal(engine, EA2_DEAL), dealer=EA2_DEALER
    )
    seq = play_first_legal_to_end(st)
    assert st.trick_winners == [2] * len(st.trick_winners)
    return seq


def ea2_played_state(engine, **rules):
    r = engine.HeartsRules(pass_direction="hold", **rules)
    st = engine.HeartsState.from_deal(r, deal(engine, EA2_DEAL), dealer=EA2_DEALER)
    play_all(st, ea2_line(engine))
    assert st.phase == "over"
    all_penalties = sorted(cards(engine, "QS") + [engine.card(r + "H") for r in "23456789TJQKA"])
    assert st.captured == [[], [], all_penalties, []]
    assert st.points() == [0, 0, 26, 0]
    return st


def test_EA2_A21_subtract_self_moon(engine):
    st = ea2_played_state(engine, moon="subtract_self")
    assert st.moon_shooter() == 2
    assert st.hand_scores() == [0, 0, -26, 0]


def test_EA2_A21_add_others_moon(engine):
    st = ea2_played_state(engine, moon="add_others")
    assert st.moon_shooter() == 2
    assert st.hand_scores() == [26, 26, 0, 26]


def test_EA2_A21_moon_none_scores_plain_points(engine):
    st = ea2_played_state(engine, moon="none")
    assert st.moon_shooter() is None
    assert st.hand_scores() == [0, 0, 26, 0]


def test_EA2_A23_negative_subtract_self_moon_adds_26(engine):
    rules = engine.HeartsRules(pass_direction="hold", scoring="negative", moon="subtract_self")
    game = engine.HeartsGame(rules, deals=[deal(engine, EA2_DEAL)], first_dealer=EA2_DEALER)
    finish_hand_in_game(game, ea2_line(engine))
    assert game.totals == [0, 0, 26, 0]
    assert game.hand_history[0]["moon_shooter"] == 2


def test_EA2_A24_chip_moon_keeps_carried_pot(engine):
    rules = engine.HeartsRules(pass_direction="hold", scoring="chips")
    game = engine.HeartsGame(rules, deals=[deal(engine, EA2_DEAL)], first_dealer=EA2_DEALER, pot=10)
    assert game.pot == 10
    finish_hand_in_game(game, ea2_line(engine))
    # every other player pays V=26 to P2; P2's own 26 come back; the carried pot stays
    assert game.totals == [74, 74, 178, 74]
    assert game.pot == 10
    assert isinstance(game.pot, Fraction)
    assert sum(game.totals) + game.pot == 410


# =============================================================================================
# EA-3 (6 pl., chips, deck without 2♣ 2♦ 2♥ 3♣, V = 25).
#   Hand 1: all six take >= 1 penalty card -> pot 25 carries.
#   Hand 2: P0..P2 pay 13, 7, 5; P3, P4, P5 clean -> pot 50 -> each receives 50/3.
# =============================================================================================

EA3_RULES = {"players": 6, "pass_direction": "hold", "scoring": "chips"}
EA3_FIRST_DEALER = 5  # hand 1 dealer 5 (P0 leads), hand 2 dealer 0 (P1 leads)

# Hand 1: P5 holds only hearts and sloughs ♥3..♥9 one per trick on tricks won by P0, P1, P2,
# P3 and three times P4; the last trick is a heart lead that P5 wins with ♥A.
EA3_HAND1 = [
    "AC 3D QS 2S 3S 4S 5S 6S",
    "4C 5C AD TH 7S 8S 9S TS",
    "QC KC 4D 5D 9D JH JS KS",
    "6C 7C 8C 6D TD KD QH AS",
    "9C TC JC 7D 8D JD QD KH",
    "AH 3H 4H 5H 6H 7H 8H 9H",
]
EA3_LINE1 = [
    (0, "AC 4C KC 6C 9C 3H"),  # trick 1: P5 has only hearts, so the A-15 ban is lifted
    (1, "3D AD 4D 6D 7D 4H"),
    (2, "5C QC 7C TC 5H 2S"),
    (3, "5D KD 8D 6H 3S 7S"),
    (4, "8C JC 7H 4S 8S JS"),
    (4, "QD 8H 5S 9S 9D TD"),
    (4, "JD 9H 6S TS KS AS"),
    (5, "KH AH QS TH JH QH"),
]
EA3_CAPTURED1 = ["3H", "4H", "5H", "6H", "7H 8H 9H", "TH JH QH KH AH QS"]

# Hand 2: P1 wins a diamond trick on which P5 sloughs ♥Q, then leads ♥A (all six follow) and
# a low heart that P2 wins with ♥K; P2 then leads a spade won by P0's ♠A over the forced Q♠.
EA3_HAND2 = [
    "5H 6H AS 4C 5C 3D 4D 5D",
    "AH 3H AC AD 2S 3S 4S 5S",
    "KH 4H 6S 7S 8S 9S TS JS",
    "7H 8H QS JC 6D 7D 8D 9D",
    "9H TH QC KC TD JD QD KD",
    "JH QH KS 6C 7C 8C 9C TC",
]
EA3_LINE2 = [
    (1, "AC 6S JC QC 6C 4C"),
    (1, "AD 7S 6D TD QH 3D"),
    (1, "AH 4H 7H 9H JH 5H"),
    (2, "3H KH 8H TH 7C 6H"),
    (0, "8S QS QD KS AS 2S"),  # A-19 early end: the last value card is taken
]
EA3_CAPTURED2 = ["QS", "4H 5H 7H 9H JH QH AH", "3H 6H 8H TH KH", "", "", ""]


def test_EA3_A3_A4_six_player_deck_v25(engine):
    st = engine.HeartsState.from_deal(
        engine.HeartsRules(**EA3_RULES), deal(engine, EA3_HAND1), dealer=5
    )
    deck = sorted(c for h in st.hands for c in h)
    assert len(deck) == 48
    assert not set(cards(engine, "2C 2D 2H 3C")) & set(deck)  # A-3 removals for 6 players
    assert all(len(h) == 8 for h in st.hands)
    play_line(engine, st, EA3_LINE1)
    assert st.phase == "over"
    assert captured_text(engine, st) == EA3_CAPTURED1
    assert sum(st.points()) == 25  # V = 25 (2♥ removed)
    assert all(p >= 1 for p in st.points())  # all six took a penalty card
    assert st.moon_shooter() is None


def test_EA3_A24_pot_carries_then_splits_in_thirds(engine):
    rules = engine.HeartsRules(**EA3_RULES)
    game = engine.HeartsGame(
        rules,
        deals=[deal(engine, EA3_HAND1), deal(engine, EA3_HAND2)],
        first_dealer=EA3_FIRST_DEALER,
    )
    assert game.totals == [100] * 6
    # hand 1: nobody is clean -> each pays pen_i, the pot (25) carries
    finish_hand_in_game(game, flat(engine, EA3_LINE1))
    assert game.hand_history[0]["points"] == [1, 1, 1, 1, 3, 18]
    assert game.totals == [99, 99, 99, 99, 97, 82]
    assert game.pot == 25
    assert not game.is_over
    # hand 2 (dealer 0, P1 leads): P0..P2 pay 13, 7, 5; P3..P5 clean share pot 50
    st = game.state
    assert st.dealer == 0
    assert st.hand_index == 1
    assert st.current_player == 1
    finish_hand_in_game(game, flat(engine, EA3_LINE2))
    assert game.hand_history[1]["points"] == [13, 7, 5, 0, 0, 0]
    third = Fraction(50, 3)
    assert game.totals == [86, 92, 94, 99 + third, 97 + third, 82 + third]
    assert all(isinstance(x, Fraction) for x in game.totals)
    assert game.pot == 0
    assert sum(game.totals) + game.pot == 600


def test_EA3_A24_hand2_captures(engine):
    st = engine.HeartsState.from_deal(
        engine.HeartsRules(**EA3_RULES), deal(engine, EA3_HAND2), dealer=0, hand_index=1
    )
    play_line(engine, st, EA3_LINE2)
    assert st.phase == "over"  # ended after trick 5
    assert len(st.trick_winners) == 5
    assert captured_text(engine, st) == EA3_CAPTURED2
    assert st.points() == [13, 7, 5, 0, 0, 0]


def test_EA3_A24_resumed_pot_25_splits_50_over_3(engine):
    """Hand 2 alone, resumed from the sheet after hand 1 (stacks and carried pot 25)."""
    rules = engine.HeartsRules(**EA3_RULES)
    game = engine.HeartsGame(
        rules,
        deals=[deal(engine, EA3_HAND2)],
        first_dealer=0,
        totals=[99, 99, 99, 99, 97, 82],
        pot=25,
    )
    finish_hand_in_game(game, flat(engine, EA3_LINE2))
    third = Fraction(50, 3)
    assert game.totals == [86, 92, 94, 99 + third, 97 + third, 82 + third]
    assert game.pot == 0


# =============================================================================================
# EA-4 Francesa (V = 43): P1 Q♠ A♠ ♥2 ♥3 = 22; P3 K♠ + ♥4..♥A (11) = 21; Σ 43.
# =============================================================================================

# francesa = corazones (rotate, 2♣ leads) + french_spades; hand_index 3 -> rotate gives hold.
EA4_DEAL = [
    "2C 3C 4C 5C 6C 6D 7D 8D 2H 4H 5H 6H 7H",
    "AS 2S 3S 4S 5S 6S 7S 8S 9S 2D 3D 4D 5D",
    "7C 8C 9C TC JC QC KC 9D TD 3H 8H 9H TH",
    "AC JD QD KD AD TS JS QS KS AH KH QH JH",
]
EA4_LINE = [
    (3, "2C 2D 7C AC"),  # V-A1: 2♣ leads; A-15 bans A♠ (a penalty card in Francesa) for P1
    (1, "QS 2H AS 3H"),  # P1: Q♠ A♠ ♥2 ♥3
    (3, "2S 8H KS 4H"),
    (3, "AH 5H 3D 9H"),
    (3, "KH 6H 4D TH"),
    (3, "QH 7H 5D 8C"),
    (3, "JH 3C 3S 9C"),  # P3: K♠ ♥4..♥A; A-19 early end
]


def test_EA4_VA2_A20_francesa_points_v43(engine):
    rules = engine.HeartsRules.preset("francesa")
    assert rules.french_spades is True
    assert rules.pass_direction == "rotate"
    st = engine.HeartsState.from_deal(rules, deal(engine, EA4_DEAL), dealer=0, hand_index=3)
    assert st.pass_direction == "hold"  # A-8 rotate, 4 players, h = 3
    assert st.phase == "play"
    assert st.current_player == 0  # holder of 2♣ (V-A1 first_lead two_of_clubs)
    play_line(engine, st, EA4_LINE)
    assert st.phase == "over"
    assert captured_text(engine, st) == [
        "",
        "2H 3H QS AS",
        "",
        "4H 5H 6H 7H 8H 9H TH JH QH KH AH KS",
    ]
    assert st.points() == [0, 22, 0, 21]
    assert sum(st.points()) == 43
    assert st.moon_shooter() is None
    assert st.hand_scores() == [0, 22, 0, 21]


# =============================================================================================
# EA-5 Jota (positive): P0 J♦ ♥2 ♥3 ♥4 -> h = 3 - 10 = -7; P1 Q♠ + ♥5..♥A (10) -> 23; P2, P3 -> 0.
#   Moon variant: P1 takes all ♥, Q♠ and J♦ -> subtract_self P1 -36, others 0;
#   add_others P1 -10, others +26.
# =============================================================================================

EA5_DEAL = [
    "3D 4D 5D 6D 7D 8D 9D TD KD AD 2S 2C 3C",
    "JD 2H JH QH KH AH AS 3S 4S 5S 6S 7S 8S",
    "QD 3H 5H 6H 7H QS 4C 5C 6C 7C 8C 9C TC",
    "2D 4H 8H 9H TH 9S TS JS KS JC QC KC AC",
]
EA5_DEALER = 3  # P0 leads
EA5_LINE = [
    (0, "AD JD QD 2D"),  # V-A3: J♦ is no penalty card, so it may fall on trick 1
    (0, "KD 2H 3H 4H"),  # P0: J♦ ♥2 ♥3 ♥4
    (1, "2S AS QS 9S"),
    (1, "AH 5H 8H 3D"),
    (1, "KH 6H 9H 4D"),
    (1, "QH 7H TH 5D"),
    (1, "JH 4C JC 6D"),  # P1: Q♠ ♥5..♥A; A-19 early end
]


def ea5_rules(engine, **overrides):
    return engine.HeartsRules.preset("jota_diamantes", pass_direction="hold", **overrides)


def test_EA5_VA3_A21_jack_of_diamonds_bonus(engine):
    rules = ea5_rules(engine)
    assert rules.jack_of_diamonds is True
    st = engine.HeartsState.from_deal(rules, deal(engine, EA5_DEAL), dealer=EA5_DEALER)
    play_line(engine, st, EA5_LINE)
    assert st.phase == "over"
    assert captured_text(engine, st) == ["JD 2H 3H 4H", "5H 6H 7H 8H 9H TH JH QH KH AH QS", "", ""]
    assert st.points() == [3, 23, 0, 0]  # pen_i: J♦ is not a penalty
    assert st.moon_shooter() is None
    assert st.hand_scores() == [-7, 23, 0, 0]


def test_EA5_A22_jota_positive_totals(engine):
    rules = ea5_rules(engine)
    game = engine.HeartsGame(rules, deals=[deal(engine, EA5_DEAL)], first_dealer=EA5_DEALER)
    finish_hand_in_game(game, flat(engine, EA5_LINE))
    assert game.totals == [-7, 23, 0, 0]
    assert game.hand_history == [
        {"points": [3, 23, 0, 0], "hand_scores": [-7, 23, 0, 0], "moon_shooter": None}
    ]


# Moon variant: P1 (eldest, dealer 0) holds the top of every suit and wins every trick.
EA5_MOON_DEAL = [
    "8D 9D TD JD 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "AC KC QC JC AD KD QD AS KS AH KH QH JH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 2C 3C",
    "4C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
]


def ea5_moon_state(engine, moon):
    st = engine.HeartsState.from_deal(
        ea5_rules(engine, moon=moon), deal(engine, EA5_MOON_DEAL), dealer=0
    )
    play_first_legal_to_end(st)
    assert st.phase == "over"
    assert set(st.trick_winners) == {1}
    assert captured_text(engine, st) == ["", "JD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS", "", ""]
    assert st.points() == [0, 26, 0, 0]
    assert st.moon_shooter() == 1
    return st


def test_EA5_A21_jota_moon_subtract_self(engine):
    assert ea5_moon_state(engine, "subtract_self").hand_scores() == [0, -36, 0, 0]


def test_EA5_A21_jota_moon_add_others(engine):
    assert ea5_moon_state(engine, "add_others").hand_scores() == [26, -10, 26, 26]


# =============================================================================================
# EA-6 legal moves (trick 1, first_lead = left_of_dealer). A 13-card hand cannot be the
# example's 3- or 4-card hand, so each example hand is padded with hearts (and, where it
# changes nothing, diamonds): the padding never adds a candidate the example would not allow.
# =============================================================================================


def _deal_with(engine, seat_cards: dict[int, str], n=4):
    """A 4-player deal where the given seats hold exactly the given cards and the remaining
    cards are dealt in id order to the other seats."""
    fixed = {s: cards(engine, t) for s, t in seat_cards.items()}
    used = {c for v in fixed.values() for c in v}
    rest = [c for c in range(52) if c not in used]
    hands = []
    for s in range(n):
        if s in fixed:
            hands.append(fixed[s])
        else:
            hands.append(rest[:13])
            rest = rest[13:]
    assert not rest
    return hands


def _trick1_state(engine, seat_cards):
    rules = engine.HeartsRules(pass_direction="hold")  # first_lead left_of_dealer (default)
    st = engine.HeartsState.from_deal(rules, _deal_with(engine, seat_cards), dealer=0)
    assert st.phase == "play"
    assert st.trick_number == 1
    assert st.current_player == 1
    return st


def _assert_refused(engine, st, bad_card, legal):
    before = st.copy()
    with pytest.raises(engine.IllegalMoveError) as info:
        st.play(bad_card)
    assert info.value.card == bad_card
    assert info.value.legal == legal
    assert st == before  # a call that raises leaves the object unchanged


def test_EA6_A16_leader_non_heart_non_penalty(engine):
    # {♥A ♥2 Q♠ 3♣} -> {3♣}
    st = _trick1_state(engine, {1: "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QS 3C"})
    assert st.legal_plays() == cards(engine, "3C")
    _assert_refused(engine, st, engine.card("QS"), cards(engine, "3C"))
    _assert_refused(engine, st, engine.card("AH"), cards(engine, "3C"))


def test_EA6_A15_A16_leader_only_penalties_leads_queen(engine):
    # {♥A ♥2 Q♠} -> {Q♠}: non-hearts first; the penalty filter would empty the set, so lifted
    st = _trick1_state(engine, {1: "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH QS"})
    assert st.legal_plays() == cards(engine, "QS")
    _assert_refused(engine, st, engine.card("2H"), cards(engine, "QS"))
    st.play(engine.card("QS"))
    assert st.trick == [(1, engine.card("QS"))]


def test_EA6_A16_club_led_void_follower_discards_non_penalty(engine):
    # ♣ led, follower {♥5 Q♠ 9♦} -> {9♦}
    st = _trick1_state(
        engine,
        {1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 2: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH QS 9D"},
    )
    st.play(engine.card("2C"))
    assert st.current_player == 2
    assert st.legal_plays() == cards(engine, "9D")
    _assert_refused(engine, st, engine.card("5H"), cards(engine, "9D"))


def test_EA6_A15_A16_club_led_follower_only_penalties_all_legal(engine):
    # ♣ led, follower {♥5 Q♠} -> {♥5, Q♠} (here: his whole hand of penalty cards)
    hand = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS"
    st = _trick1_state(engine, {1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 2: hand})
    st.play(engine.card("2C"))
    assert st.legal_plays() == cards(engine, hand)
    assert {engine.card("5H"), engine.card("QS")} <= set(st.legal_plays())


def test_EA6_A15_A16_spade_led_queen_must_follow(engine):
    # ♠ led, follower {Q♠ ♥5 4♦} -> {Q♠}: following suit beats the first-trick ban
    st = _trick1_state(
        engine,
        {1: "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2C", 2: "QS 4D 5D 2H 3H 4H 5H 6H 7H 8H 9H TH JH"},
    )
    st.play(engine.card("2S"))
    assert st.legal_plays() == cards(engine, "QS")
    _assert_refused(engine, st, engine.card("4D"), cards(engine, "QS"))


def _trick5_state(engine, leader_hand):
    """P1 (eldest) holds ♣A ♣K ♣Q ♣J plus ``leader_hand``; he cashes the four clubs, nobody
    plays a heart, and he leads trick 5 with hearts unbroken."""
    rows = {1: "AC KC QC JC " + leader_hand}
    hands = _deal_with(engine, rows)
    rules = engine.HeartsRules(pass_direction="hold")
    st = engine.HeartsState.from_deal(rules, hands, dealer=0)
    for lead in ("AC", "KC", "QC", "JC"):
        assert st.current_player == 1
        st.play(engine.card(lead))
        for _ in range(3):  # followers: lowest legal non-heart
            legal = st.legal_plays()
            non_hearts = [c for c in legal if c // 13 != 2]
            st.play(non_hearts[0])
        assert st.trick_winners[-1] == 1
    assert st.trick_number == 5
    assert st.current_player == 1
    assert st.hearts_broken is False
    return st


def test_EA6_A14_trick5_unbroken_leader_only_hearts_may_lead_them(engine):
    # trick 5, hearts unbroken: leader {♥4 ♥9} -> both (here: all nine hearts he holds)
    st = _trick5_state(engine, "2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert st.hands[1] == cards(engine, "2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert st.legal_plays() == cards(engine, "2H 3H 4H 5H 6H 7H 8H 9H TH")
    assert {engine.card("4H"), engine.card("9H")} <= set(st.legal_plays())


def test_EA6_A14_trick5_unbroken_leader_with_club_must_lead_it(engine):
    # trick 5, hearts unbroken: leader {♥4 2♣} -> {2♣}
    st = _trick5_state(engine, "2C 3H 4H 5H 6H 7H 8H 9H TH")
    assert st.hands[1] == cards(engine, "2C 3H 4H 5H 6H 7H 8H 9H TH")
    assert st.legal_plays() == cards(engine, "2C")
    _assert_refused(engine, st, engine.card("4H"), cards(engine, "2C"))


# =============================================================================================
# EA-7 pass-through (4 pl., left, k = 4): P0 picks S0, P1 FORWARD, P2 picks S2, P3 picks S3.
# Result: P2 gets S0, P3 gets S2, P0 gets S3, and P1 keeps his dealt hand.
# =============================================================================================

EA7_DEAL = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]
EA7_PASSES = {0: "AC KC QC JC", 2: "AH KH QH 2H", 3: "QS KS AS 2S"}  # S0, S2, S3


@pytest.mark.parametrize(
    "order", list(itertools.permutations(range(4))), ids=lambda o: "".join(map(str, o))
)
def test_EA7_A8_A11_pass_through_chain(engine, order):
    rules = engine.HeartsRules()  # left, k = auto = 4, pass_through
    hands = deal(engine, EA7_DEAL)
    st = engine.HeartsState.from_deal(rules, hands, dealer=0)
    assert st.phase == "pass"
    assert st.pass_direction == "left"
    assert st.pass_count == 4
    s = {p: cards(engine, t) for p, t in EA7_PASSES.items()}
    for seat in order:  # simultaneous passes, any order
        assert seat in st.pending_passes()
        if seat == 1:
            st.forward(1)
        else:
            st.pass_cards(seat, s[seat])
    assert st.pending_passes() == []
    assert st.phase == "play"

    def minus(h, x):
        return sorted(set(h) - set(x))

    assert st.hands[2] == sorted(minus(hands[2], s[2]) + s[0])  # P2 gets S0 (through P1)
    assert st.hands[3] == sorted(minus(hands[3], s[3]) + s[2])  # P3 gets S2
    assert st.hands[0] == sorted(minus(hands[0], s[0]) + s[3])  # P0 gets S3
    assert st.hands[1] == hands[1]  # the forwarder keeps his dealt hand


# =============================================================================================
# EA-8 rotate with 3 players: hands 0..5 pass L, R, hold, L, R, hold.
# =============================================================================================

EA8_EXPECTED = ["left", "right", "hold", "left", "right", "hold"]


@pytest.mark.parametrize("h", range(6))
def test_EA8_A8_rotate_three_players_direction(engine, h):
    rules = engine.HeartsRules(players=3, pass_direction="rotate")
    st = engine.HeartsState(rules, seed=h, hand_index=h, dealer=h % 3)
    assert st.hand_index == h
    assert st.pass_direction == EA8_EXPECTED[h]
    if EA8_EXPECTED[h] == "hold":
        assert st.pass_count == 0
        assert st.phase == "play"
        return
    assert st.pass_count == 4  # 3 players pass 4
    assert st.phase == "pass"
    dealt = [list(x) for x in st.hands]
    packets = {p: dealt[p][:4] for p in range(3)}
    for p in range(3):
        st.pass_cards(p, packets[p])
    offset = 1 if EA8_EXPECTED[h] == "left" else -1
    for p in range(3):
        sender = (p - offset) % 3
        assert st.hands[p] == sorted(dealt[p][4:] + packets[sender])


def test_EA8_A8_rotate_three_players_in_game(engine):
    """The same cycle through HeartsGame: hand h has hand_index h (contract)."""
    rules = engine.HeartsRules(players=3, pass_direction="rotate", target=10_000)
    game = engine.HeartsGame(rules, seed=7)
    seen = []
    for h in range(6):
        st = game.state
        assert st.hand_index == h
        assert st.dealer == h % 3
        seen.append(st.pass_direction)
        for p in list(game.pending_passes()):
            game.pass_cards(p, game.state.hands[p][: game.state.pass_count])
        while game.hands_played == h:
            game.play(game.legal_plays()[0])
    assert seen == EA8_EXPECTED
