"""docs/rules/rummy.md.4 worked examples EC-1 … EC-4 (rummy "La Dame de Pique"), run against both
engines through the public API of docs/rummy-api.md.

Every position is reached by real play: a scripted deal built with ``RummyState.from_deal``
(explicit hands, stock top first, and an explicit ``pile=`` bottom → top), then only actions
that ``legal_actions()`` offers. Meld validity and values come from ``is_valid_meld`` /
``meld_value``; the opening totals (C-11) from the legality of the ``open`` and ``take_pile``
actions; EC-4's scores from ``hand_scores()`` / ``totals_after()`` and a ``RummyGame``.

The ``engine`` fixture gives the module namespace: ``hearts_fast`` (Rust) and
``hearts_fast.reference`` (pure Python).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from hearts_fast.errors import IllegalMoveError, InvalidArgumentError
from tests.helpers import card_id as c
from tests.helpers import card_ids as cs
from tests.helpers import meld_ids as m


def game_engine(engine: Any) -> Any:
    return engine


JK, QS = 52, 49
Meld = tuple[int, ...]


def full_deck() -> list[int]:
    """C-2: two of each id 0..51 and four jokers."""
    return sorted([*range(52), *range(52), JK, JK, JK, JK])


def value(card: int) -> int:
    """C-5 value of a card in hand under the default rules."""
    if card == JK:
        return 50
    if card == QS:
        return 150
    rank = card % 13
    return 11 if rank == 12 else 10 if rank >= 9 else rank + 2


def build(
    engine: Any,
    rules: Any,
    hands: dict[int, list[int]],
    stock_top: list[int],
    pile: list[int] | None,
    **kw: Any,
) -> Any:
    """A ``from_deal`` state: the given hands (other seats and short hands filled with the
    lowest unused ids, Q♠ and jokers last), the stock ``stock_top`` then every unused card."""
    used = Counter(stock_top + (pile or []))
    for h in hands.values():
        used.update(h)
    rest = Counter(full_deck())
    rest.subtract(used)
    assert min(rest.values()) >= 0, "the scenario uses a card too often"
    spare = sorted(rest.elements(), key=lambda x: (x in (QS, JK), x))
    deal = []
    for seat in range(rules.players):
        h = list(hands.get(seat, []))
        while len(h) < rules.hand_size:
            h.append(spare.pop(0))
        deal.append(h)
    return engine.RummyState.from_deal(rules, deal, stock_top + spare, pile=pile, **kw)


def play(s: Any, *actions: tuple[Any, ...]) -> None:
    """Apply each action, demanding first that legal_actions() offers it."""
    for a in actions:
        assert a in s.legal_actions(), (a, s.legal_actions())
        s.apply(a)


def refuse(engine: Any, s: Any, action: tuple[Any, ...], card: int | None = None) -> None:
    """An illegal action: not offered, IllegalMoveError (card, legal = legal_actions()),
    state unchanged."""
    legal = s.legal_actions()
    assert action not in legal
    before = s.copy()
    with pytest.raises(IllegalMoveError) as info:
        s.apply(action)
    assert info.value.card == card and info.value.legal == legal
    assert s == before


def draw_discard(s: Any) -> None:
    """The current player draws the stock's top card and discards it."""
    p = s.current_player
    top = s.stock[0]
    play(s, ("draw",))
    if s.phase == "meld":
        play(s, ("end",))
    play(s, ("discard", top))
    assert s.pile[-1] == top and s.went_out is None and s.current_player != p


# ---------------------------------------------------------------- EC-1 (C-5..C-9, C-11)

EC1_MELDS = [
    # (meld, valid under the default rules, C-9 value)
    ("TH JH QH", True, 30),
    ("7C 7D 7H", True, 21),
    ("AS 2S 3S", True, 6),
    ("QD KD AD", True, 31),
    ("JS QS KS", True, 170),
    ("5H 5H 5S", True, 15),
    ("KC AC 2C", False, None),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", True, 96),
    ("JK 9C TC", True, 69),
    ("9C JK JK", False, None),
]


@pytest.mark.parametrize(("text", "valid", "points"), EC1_MELDS, ids=[e[0] for e in EC1_MELDS])
def test_EC1_C5_C9_meld_validity_and_values(
    engine: Any, text: str, valid: bool, points: int | None
) -> None:
    r = engine.RummyRules()
    meld = m(text)
    assert engine.is_valid_meld(r, meld) is valid
    if valid:
        assert engine.meld_value(r, meld) == points
    else:
        with pytest.raises(InvalidArgumentError):
            engine.meld_value(r, meld)


def test_EC1_C6_C7_canonical_forms_and_aces(engine: Any) -> None:
    r = engine.RummyRules()
    ok, bad = engine.is_valid_meld, lambda meld: not engine.is_valid_meld(r, meld)
    assert ok(r, m("AC 2C 3C")) and engine.meld_value(r, m("AC 2C 3C")) == 6  # ace low = 1
    assert engine.meld_value(r, m("QC KC AC")) == 31  # ace high = 11
    assert engine.meld_value(r, m("AC AD AS")) == 33  # ace in a set = 11
    assert bad(m("2C AC 3C")) and bad(m("3C 2C AC")) and bad(m("KC AC 2C 3C"))
    assert bad(m("5S 5H 5H")) and bad(m("TH QH JH")) and bad(tuple(reversed(m("TH JH QH"))))
    assert bad(m("5H JK 5S")) and ok(r, m("5H 5S JK")) and bad(m("JK 5H 5S"))
    assert bad(m("5H 6H 7S")) and bad(m("5H 6H"))  # mixed suits; too short
    assert ok(r, tuple(cs("5H 5H 5S 5S 5C 5C 5D 5D")))  # 8 cards, duplicates (C-6)
    assert bad(tuple(cs("5H 5H 5S 5S 5C 5C 5D 5D JK")))  # 9 cards
    assert bad(tuple(cs("5H 5H 5H 5S")))  # a third 5♥ is not in the 108-card deck
    assert bad(m("QC KC AC 2C"))  # K-A-2 wraps (C-7)
    assert bad(m("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C"))
    # C-8: ≥ 2 naturals always; max_jokers_per_meld.
    unlimited = engine.RummyRules(max_jokers_per_meld="unlimited")
    assert bad(m("9C TC JK JK")) and engine.is_valid_meld(unlimited, m("9C 9D JK JK"))
    assert engine.is_valid_meld(unlimited, m("JK 9C TC JK"))
    assert not engine.is_valid_meld(unlimited, m("9C JK JK"))
    assert engine.meld_value(unlimited, m("JK 9C TC JK")) == 119


def opening_state(engine: Any, cards: list[int], **rules: Any) -> Any:
    """Seat 1 (eldest, 2 players, 8 cards) holds ``cards`` plus filler, has drawn, and is in
    phase meld of his first turn; the pile is empty (no take_pile)."""
    filler = [x for x in cs("2C 4D 6S 8C TD QC") if x not in cards]
    hand = (cards + filler)[:8]
    r = engine.RummyRules(players=2, hand_size=8, **rules)
    s = build(engine, r, {1: hand}, cs("3H"), pile=[])
    assert s.current_player == 1 and s.phase == "draw"
    play(s, ("draw",))
    assert s.phase == "meld" and not s.opened[1]
    return s


@pytest.mark.parametrize(
    ("text", "points"),
    [("TH JH QH", 30), ("QD KD AD", 31), ("JS QS KS", 170)],
)
def test_EC1_C11_valid_openings(engine: Any, text: str, points: int) -> None:
    meld = m(text)
    s = opening_state(engine, list(meld))
    play(s, ("open", (meld,)))
    assert s.opened[1] and s.melds[1] == [meld] and s.phase == "meld"
    held = s.hands[1]
    assert s.hand_scores()[1] == points - sum(value(x) for x in held)
    # One point more is refused.
    t = opening_state(engine, list(meld), opening_min=points + 1)
    refuse(engine, t, ("open", (meld,)))


def test_EC1_C11_opening_of_27_is_refused(engine: Any) -> None:
    sevens, spades = m("7C 7D 7H"), m("AS 2S 3S")
    s = opening_state(engine, [*sevens, *spades])
    both = tuple(sorted([sevens, spades]))
    refuse(engine, s, ("open", both))
    refuse(engine, s, ("open", (sevens,)))
    refuse(engine, s, ("open", (spades, sevens)))  # not sorted either
    assert not any(a[0] == "open" for a in s.legal_actions())
    t = opening_state(engine, [*sevens, *spades], opening_min=27)
    play(t, ("open", both))
    assert t.melds[1] == list(both) and t.opened[1]


def test_EC1_C8_C11_joker_meld_refused_in_the_opening_turn_valid_later(engine: Any) -> None:
    hearts, joker_run = m("TH JH QH"), m("JK 9C TC")
    s = opening_state(engine, [*hearts, *joker_run])
    refuse(engine, s, ("open", (joker_run,)))  # 69 ≥ 30, but a joker
    refuse(engine, s, ("open", (hearts, joker_run)))
    play(s, ("open", (hearts,)))
    refuse(engine, s, ("meld", joker_run))  # still the opening turn (C-11)
    refuse(engine, s, ("lay_off", 0, JK, "low"), card=JK)
    assert not any(JK in a[1] for a in s.legal_actions() if a[0] == "meld")
    filler = next(x for x in s.hands[1] if x not in joker_run)
    play(s, ("end",), ("discard", filler))
    draw_discard(s)  # seat 0
    play(s, ("draw",), ("meld", joker_run))
    assert s.melds[1] == [hearts, joker_run]
    assert s.hand_scores()[1] == 30 + 69 - sum(value(x) for x in s.hands[1])


# ---------------------------------------------------------------- EC-2 (C-12)

PILE = cs("3C KD 9S")  # bottom → top, then 7♥ on top
SEVEN_H = c("7H")


def test_EC2_C12_opened_player_takes_the_pile(engine: Any) -> None:
    """P1 (seat 1) has opened and holds 5♥ 6♥; the pile is [3♣, K♦, 9♠, 7♥]."""
    r = engine.RummyRules(players=2, hand_size=7)
    hand = [*cs("5H 6H QD KD AD"), *cs("2C JC")]
    s = build(engine, r, {1: hand}, [c("9S"), SEVEN_H], pile=cs("3C KD"))
    play(s, ("draw",), ("open", (m("QD KD AD"),)), ("end",), ("discard", c("9S")))
    draw_discard(s)  # seat 0 draws and discards 7♥
    assert s.pile == [c("3C"), c("KD"), c("9S"), SEVEN_H] and s.current_player == 1
    take = ("take_pile", (m("5H 6H 7H"),))
    play(s, take)
    assert s.melds[1] == [m("QD KD AD"), m("5H 6H 7H")]
    assert s.hands[1] == sorted([*cs("2C JC"), *PILE]) and s.pile == []
    assert s.phase == "meld" and s.current_player == 1


def test_EC2_C11_C12_unopened_pickup_with_a_48_point_opening(engine: Any) -> None:
    r = engine.RummyRules(players=2, hand_size=7)
    hand = cs("5H 6H KC KS KH 2C JD")
    s = build(engine, r, {1: hand}, [], pile=[*PILE, SEVEN_H])
    assert s.current_player == 1 and s.phase == "draw" and not s.opened[1]
    kings = m("KC KH KS")
    refuse(engine, s, ("take_pile", (m("5H 6H 7H"),)))  # 18 < 30
    refuse(engine, s, ("take_pile", (kings, m("5H 6H 7H"))))  # top card not in melds[0]
    play(s, ("take_pile", (m("5H 6H 7H"), kings)))  # 18 + 30 = 48 ≥ 30
    assert s.opened[1] and s.melds[1] == [m("5H 6H 7H"), kings]
    assert s.hands[1] == sorted([*cs("2C JD"), *PILE]) and s.pile == []
    assert s.phase == "meld"


def test_EC2_C12_unopened_pickup_of_18_points_is_illegal(engine: Any) -> None:
    r = engine.RummyRules(players=2, hand_size=7)
    hand = cs("5H 6H 2C 4D JC TS AD")
    s = build(engine, r, {1: hand}, [], pile=[*PILE, SEVEN_H])
    assert s.legal_actions() == [("draw",)]
    refuse(engine, s, ("take_pile", (m("5H 6H 7H"),)))
    # With opening_min 18 the same pickup is an opening.
    r18 = engine.RummyRules(players=2, hand_size=7, opening_min=18)
    t = build(engine, r18, {1: hand}, [], pile=[*PILE, SEVEN_H])
    assert ("take_pile", (m("5H 6H 7H"),)) in t.legal_actions()


def test_EC2_C12_C14_top_card_only_fitting_an_existing_meld_is_illegal(engine: Any) -> None:
    """P1 has [8♥ 9♥ 10♥] on the table (opened with K♣ K♥ K♠ too); 7♥ would only extend it."""
    r = engine.RummyRules(players=2, hand_size=8)
    hand = cs("8H 9H TH KC KH KS 2C JD")
    s = build(engine, r, {1: hand}, [c("9S"), SEVEN_H, c("3C")], pile=cs("3C KD"))
    opening = (m("KC KH KS"), m("8H 9H TH"))
    play(s, ("draw",), ("open", opening), ("end",), ("discard", c("9S")))
    draw_discard(s)
    assert s.pile == [*PILE, SEVEN_H] and s.current_player == 1 and s.opened[1]
    assert s.legal_actions() == [("draw",)]
    refuse(engine, s, ("take_pile", (m("7H 8H 9H TH"),)))
    play(s, ("draw",))
    assert not any(a[0] == "lay_off" for a in s.legal_actions())  # 7♥ is not his


# ---------------------------------------------------------------- EC-3 (C-16, C-17, C-18)


def test_EC3_C17_C16_blocked_player_draws_and_discards(engine: Any) -> None:
    """P2 (seat 1) opens [4♦ 5♦ 6♦] + [9♣ 9♥ 9♠], discards, and holds [Q♠] → blocked. He then
    draws 3♣ and discards it, draws the second Q♠ and discards that Q♠."""
    r = engine.RummyRules(players=2, hand_size=7)
    hand = cs("4D 5D 6D 9C 9H 9S QS")
    stock = cs("2H") + cs("3H") + cs("3C") + cs("4H") + [QS]
    s = build(engine, r, {1: hand}, stock, pile=[])
    opening = (m("9C 9H 9S"), m("4D 5D 6D"))
    play(s, ("draw",), ("open", opening), ("end",))
    assert s.legal_actions() == [("discard", c("2H"))]  # not the Q♠ (C-16)
    refuse(engine, s, ("discard", QS), card=QS)
    play(s, ("discard", c("2H")))
    assert s.hands[1] == [QS] and s.blocked == [False, True] and s.turn == 1
    draw_discard(s)  # seat 0
    assert s.legal_actions() == [("draw",)]  # no take_pile for a blocked player
    refuse(engine, s, ("take_pile", (m("3H 3H JK"),)))
    play(s, ("draw",))
    assert s.phase == "discard" and s.hands[1] == [c("3C"), QS]
    assert s.legal_actions() == [("discard", c("3C"))]
    refuse(engine, s, ("end",))
    refuse(engine, s, ("discard", QS), card=QS)
    play(s, ("discard", c("3C")))
    assert s.hands[1] == [QS] and s.blocked[1] and s.melds[1] == list(opening)
    draw_discard(s)
    play(s, ("draw",))
    assert s.phase == "discard" and s.hands[1] == [QS, QS]
    assert s.legal_actions() == [("discard", QS)]  # C-16 sole exception
    play(s, ("discard", QS))
    assert s.hands[1] == [QS] and s.blocked[1] and s.pile[-1] == QS and s.turn == 5
    assert s.went_out is None and s.current_player == 0 and s.phase == "draw"


def test_EC3_C17_C18_queen_fitting_own_run_is_not_blocked(engine: Any) -> None:
    """Melds [4♦ 5♦ 6♦] and [9♠ 10♠ J♠]: holding [Q♠] he is not blocked; next turn he draws
    4♥, lays the Q♠ onto the run and discards 4♥ → out."""
    r = engine.RummyRules(players=2, hand_size=7)
    hand = cs("4D 5D 6D 9S TS JS QS")
    s = build(engine, r, {1: hand}, cs("2H") + cs("3H") + cs("4H"), pile=[])
    opening = (m("4D 5D 6D"), m("9S TS JS"))
    play(s, ("draw",), ("open", opening), ("end",), ("discard", c("2H")))
    assert s.hands[1] == [QS] and s.blocked == [False, False]
    draw_discard(s)
    play(s, ("draw",))
    assert s.phase == "meld" and s.hands[1] == [c("4H"), QS]
    refuse(engine, s, ("lay_off", 1, QS, "low"), card=QS)
    refuse(engine, s, ("lay_off", 0, QS, "high"), card=QS)
    play(s, ("lay_off", 1, QS, "high"))
    assert s.melds[1] == [m("4D 5D 6D"), m("9S TS JS QS")]
    play(s, ("end",))
    assert s.legal_actions() == [("discard", c("4H"))]
    play(s, ("discard", c("4H")))
    assert s.went_out == 1 and s.phase == "over" and s.is_over
    assert s.current_player is None and s.legal_actions() == [] and s.hands[1] == []
    assert s.pile[-1] == c("4H") and s.turn == 3
    assert s.hand_scores()[1] == 15 + 9 + 10 + 10 + 150


def test_C17_unopened_player_left_with_the_queen_is_blocked(engine: Any) -> None:
    r = engine.RummyRules(players=2, hand_size=1)
    s = build(engine, r, {0: cs("2C"), 1: [QS]}, cs("3H 4H 5H"), pile=[])
    play(s, ("draw",))
    assert s.legal_actions() == [("end",)]
    play(s, ("end",))
    assert s.legal_actions() == [("discard", c("3H"))]
    play(s, ("discard", c("3H")))
    assert s.blocked == [False, True] and s.hands[1] == [QS]


def test_C15_C16_C18_never_go_out_with_the_queen(engine: Any) -> None:
    """A non-blocked [Q♠] player (Q♠ fits his run) draws the other Q♠: laying one off would
    leave only a Q♠, which can never be the going-out card (C-15, C-18), so he may only end
    and discard a Q♠ under the C-16 exception."""
    r = engine.RummyRules(players=2, hand_size=7)
    hand = cs("4D 5D 6D 9S TS JS QS")
    s = build(engine, r, {1: hand}, [*cs("2H"), *cs("3H"), QS], pile=[])
    play(s, ("draw",), ("open", (m("4D 5D 6D"), m("9S TS JS"))), ("end",))
    play(s, ("discard", c("2H")))
    assert s.hands[1] == [QS] and not s.blocked[1]
    draw_discard(s)
    play(s, ("draw",))
    assert s.hands[1] == [QS, QS] and s.phase == "meld"
    assert s.legal_actions() == [("end",)]
    refuse(engine, s, ("lay_off", 1, QS, "high"), card=QS)
    play(s, ("end",))
    assert s.legal_actions() == [("discard", QS)]
    play(s, ("discard", QS))
    assert s.hands[1] == [QS] and s.went_out is None and s.pile[-1] == QS
    assert not s.blocked[1]  # Q♠ still fits his run


# ---------------------------------------------------------------- EC-4 (C-18, C-20, C-21)

EC4_TOTALS = [950, 400, -30]


def ec4_state(engine: Any) -> Any:
    """EC-4 reached by play (3 players, 5 cards each, dealer 0: seat 1 starts).

    T1 P1 takes the pile [A♣ 9♥ JK 8♣ | K♦] opening [K♦ K♥ K♠], discards 8♣; T2 P2 2♣…;
    T3 P0 draws/discards 6♦; T4 P1 melds [5♦ 6♦ JK]; T5 P2 discards Q♥; T6 P0 takes the
    pile opening [10♥ J♥ Q♥], melds [8♣ 8♦ 8♠], discards 6♦; T7 P1 and T8 P2 discard 8♣, 4♠;
    T9 P0 takes the pile with [A♠ 2♠ 3♠ 4♠], lays 8♣ off on his eights and goes out with 6♦.
    """
    r = engine.RummyRules(players=3, hand_size=5)
    hands = {0: cs("TH JH AS 2S 3S"), 1: cs("KH KS 5D 6D QS"), 2: cs("JK 2C 3C 7H KC")}
    stock = [c(x) for x in "8D 6D 8S QH 8C 4S".split()]
    pile = [c(x) for x in "AC 9H JK 8C KD".split()]
    s = build(engine, r, hands, stock, pile=pile, totals=EC4_TOTALS)
    assert s.current_player == 1 and s.totals == EC4_TOTALS
    play(s, ("take_pile", (m("KD KH KS"),)), ("end",), ("discard", c("8C")))  # T1
    draw_discard(s)  # T2 P2: 8♦
    draw_discard(s)  # T3 P0: 6♦
    play(s, ("draw",), ("meld", m("5D 6D JK")), ("end",), ("discard", c("8S")))  # T4
    draw_discard(s)  # T5 P2: Q♥
    assert s.pile == [c(x) for x in "8C 8D 6D 8S QH".split()]
    play(s, ("take_pile", (m("TH JH QH"),)), ("meld", m("8C 8D 8S")), ("end",))  # T6
    play(s, ("discard", c("6D")))
    assert s.hands[0] == cs("AS 2S 3S") and s.opened[0]
    draw_discard(s)  # T7 P1: 8♣
    draw_discard(s)  # T8 P2: 4♠
    play(s, ("take_pile", (m("AS 2S 3S 4S"),)))  # T9
    assert s.hands[0] == cs("8C 6D")
    play(s, ("lay_off", 1, c("8C"), "set"), ("end",), ("discard", c("6D")))
    return s


def test_EC4_C18_C20_end_of_hand_scoring(engine: Any) -> None:
    s = ec4_state(engine)
    assert s.is_over and s.phase == "over" and s.went_out == 0 and s.turn == 9
    assert s.current_player is None and s.legal_actions() == []
    assert s.melds == [
        [m("TH JH QH"), m("8C 8C 8D 8S"), m("AS 2S 3S 4S")],
        [m("KD KH KS"), m("5D 6D JK")],
        [],
    ]
    assert s.hands == [[], cs("QS AC 9H"), cs("JK 2C 3C 7H KC")]
    assert s.opened == [True, True, False] and s.blocked == [False, False, False]
    assert s.pile[-1] == c("6D")  # the going-out card counts 0 (C-18)
    assert s.hand_scores() == [72, -79, -72]
    assert s.totals_after() == [1022, 321, -102] and s.totals == EC4_TOTALS
    # The C-20 formula through the engine's own meld values.
    r = s.rules
    assert [sum(engine.meld_value(r, x) for x in ms) for ms in s.melds] == [72, 91, 0]
    assert [engine.meld_value(r, x) for x in s.melds[0]] == [30, 32, 10]
    assert [engine.meld_value(r, x) for x in s.melds[1]] == [30, 61]
    assert [sum(value(x) for x in h) for h in s.hands] == [0, 170, 72]
    assert s.copy() == s and s.copy().hand_scores() == s.hand_scores()


def test_EC4_C20_scores_in_every_phase(engine: Any) -> None:
    """hand_scores() is available mid-hand, "as if the hand ended now"."""
    r = engine.RummyRules(players=3, hand_size=5)
    hands = {0: cs("TH JH AS 2S 3S"), 1: cs("KH KS 5D 6D QS"), 2: cs("JK 2C 3C 7H KC")}
    s = build(engine, r, hands, cs("8D"), pile=[c(x) for x in "AC 9H JK 8C KD".split()])
    assert s.hand_scores() == [-(10 + 10 + 11 + 2 + 3), -(10 + 10 + 5 + 6 + 150), -72]
    play(s, ("take_pile", (m("KD KH KS"),)))
    assert s.hand_scores()[1] == 30 - (5 + 6 + 150 + 11 + 9 + 50 + 8)
    assert s.totals_after() == s.hand_scores()


def test_EC4_C21_game_ends_when_a_total_reaches_the_target(engine: Any) -> None:
    """A RummyGame resumed from EC-4's totals: P0 goes out with 60 in hand 0 → 1010 ≥ 1000,
    the game ends and P0 wins."""
    engine = game_engine(engine)
    r = engine.RummyRules(players=3, hand_size=6)
    p0 = cs("TH JH QH KH KS 2C")
    rest = Counter(full_deck())
    rest.subtract([*p0, c("2H"), c("KD")])
    spare = sorted(rest.elements(), key=lambda x: (x in (QS, JK), x))
    hands = [p0, spare[:6], spare[6:12]]
    stock = [c("2H"), c("KD"), *spare[12:]]  # 2♥ is turned up (C-4)
    g = engine.RummyGame(r, totals=EC4_TOTALS, first_dealer=2, deals=[(hands, stock)])
    assert g.current_player == 0 and g.totals == EC4_TOTALS and g.state.pile == [c("2H")]
    for a in [
        ("draw",),
        ("open", (m("KD KH KS"), m("TH JH QH"))),
        ("end",),
        ("discard", c("2C")),
    ]:
        assert a in g.legal_actions()
        g.apply(a)
    scores = [60, -sum(value(x) for x in hands[1]), -sum(value(x) for x in hands[2])]
    assert g.is_over and g.phase == "over" and g.winners == [0] and g.hands_played == 1
    assert g.totals == [950 + 60, 400 + scores[1], -30 + scores[2]]
    assert g.hand_history == [
        {"dealer": 2, "hand_scores": scores, "totals": g.totals, "went_out": 0}
    ]
    assert g.legal_actions() == [] and g.current_player is None
