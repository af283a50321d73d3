"""Reference engine: Rummy "La Dame de Pique" (docs/rules/rummy.md; docs/rummy-api.md).

Rule ids in the test names. Scenario states that need melds already on the table are built by
``make_state``, which sets the reference state's fields directly (cards still conserved).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from tests.helpers import card_id as c
from tests.helpers import card_ids as cs
from tests.helpers import meld_ids as m

from hearts_fast.reference import (
    JOKER,
    ArgumentTypeError,
    IllegalMoveError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
    RummyGame,
    RummyRules,
    RummyState,
    all_melds_bruteforce,
    card,
    is_valid_meld,
    meld_value,
    rummy_card_name,
)
from hearts_fast.reference.rummy import full_deck

QS = 49
JK = JOKER
R = RummyRules()


def make_state(
    rules: RummyRules,
    hands: list[list[int]],
    *,
    melds: list[list[tuple[int, ...]]] | None = None,
    pile: list[int] | None = None,
    stock_top: list[int] | None = None,
    current: int = 0,
    phase: str = "draw",
    opened: list[bool] | None = None,
    blocked: list[bool] | None = None,
    totals: list[int] | None = None,
    leftovers_to: str = "stock",
) -> RummyState:
    """A state with the given hands/melds/pile; the stock is ``stock_top`` then every other
    card of the 108 (or those go to the bottom of the pile, ``leftovers_to="pile"``)."""
    n = rules.players
    melds = melds or [[] for _ in range(n)]
    pile = list(pile or [])
    stock_top = list(stock_top or [])
    used = Counter(stock_top + pile)
    for h in hands:
        used.update(h)
    for ms in melds:
        for mm in ms:
            used.update(mm)
    rest = Counter(full_deck())
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), "scenario uses a card too often"
    leftovers = sorted(rest.elements())
    base = RummyState(rules, totals=totals)
    base._hands = [sorted(h) for h in hands]
    base._melds = [list(x) for x in melds]
    base._opened = list(opened) if opened is not None else [bool(x) for x in melds]
    base._blocked = list(blocked) if blocked is not None else [False] * n
    if leftovers_to == "stock":
        base._stock, base._pile = stock_top + leftovers, pile
    else:
        base._stock, base._pile = stock_top, leftovers + pile
    base._current = current
    base._phase = phase
    check_invariants(base)
    return base


def check_invariants(st: RummyState) -> None:
    """§D C: 108 cards conserved, every meld valid (C-6/C-7/C-8)."""
    everything = Counter(st.stock + st.pile)
    for h in st.hands:
        everything.update(h)
    for ms in st.melds:
        for mm in ms:
            everything.update(mm)
            assert is_valid_meld(st.rules, mm), mm
    assert everything == Counter(full_deck())
    assert (
        sum(len(h) for h in st.hands)
        + st.stock_size
        + len(st.pile)
        + sum(len(mm) for ms in st.melds for mm in ms)
        == 108
    )


def ints(action: Any) -> list[int]:
    """Every int inside a (nested) action tuple."""
    if isinstance(action, tuple):
        return [x for part in action for x in ints(part)]
    return [action] if isinstance(action, int) else []


def simple_turn(st: RummyState) -> None:
    """Draw, end, discard the first legal card."""
    st.apply(("draw",))
    if st.phase == "meld":
        st.apply(("end",))
    st.apply(st.legal_actions()[0])


# ---------------------------------------------------------------- rules (C.1)


def test_rules_defaults_and_roundtrip() -> None:
    r = RummyRules()
    assert r.to_dict() == {
        "players": 4,
        "hand_size": 14,
        "opening_min": 30,
        "q_spades_value": 150,
        "joker_value": 50,
        "max_jokers_per_meld": 1,
        "initial_upcard": True,
        "stock_exhausted": "reshuffle",
        "max_turns_per_hand": 1000,
        "target": 1000,
        "tie": "play_on",
        "max_hands": None,
    }
    assert RummyRules(**r.to_dict()) == r == RummyRules.preset("default")
    assert hash(r) == hash(RummyRules())
    assert eval(repr(r)) == r
    r2 = RummyRules(max_jokers_per_meld="unlimited", players=6, hand_size=17)
    assert RummyRules(**r2.to_dict()) == r2 != r
    with pytest.raises(AttributeError):
        r.players = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("params", "error"),
    [
        ({"players": 1}, InvalidRulesError),
        ({"players": 7}, InvalidRulesError),
        ({"players": True}, ArgumentTypeError),
        ({"hand_size": 0}, InvalidRulesError),
        ({"hand_size": 21}, InvalidRulesError),
        ({"players": 6, "hand_size": 18}, InvalidRulesError),  # 6*18+1 > 108
        ({"opening_min": -1}, InvalidRulesError),
        ({"q_spades_value": 1_000_001}, InvalidRulesError),
        ({"max_jokers_per_meld": 2}, InvalidRulesError),
        ({"max_jokers_per_meld": "many"}, InvalidRulesError),
        ({"max_jokers_per_meld": True}, ArgumentTypeError),
        ({"max_jokers_per_meld": None}, ArgumentTypeError),
        ({"initial_upcard": 1}, ArgumentTypeError),
        ({"stock_exhausted": "stop"}, InvalidRulesError),
        ({"max_turns_per_hand": 0}, InvalidRulesError),
        ({"target": 1.5}, ArgumentTypeError),
        ({"tie": "coin"}, InvalidRulesError),
        ({"max_hands": 0}, InvalidRulesError),
        ({"bogus": 1}, InvalidRulesError),
    ],
)
def test_rules_bad_values(params: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        RummyRules(**params)


def test_rules_positional_and_preset_errors() -> None:
    with pytest.raises(ArgumentTypeError):
        RummyRules(4)  # type: ignore[call-arg]
    with pytest.raises(InvalidRulesError):
        RummyRules.preset("openspiel")
    with pytest.raises(ArgumentTypeError):
        RummyRules.preset(3)  # type: ignore[arg-type]
    assert RummyRules(players=6, hand_size=17).hand_size == 17


# ---------------------------------------------------------------- EC-1 melds and opening


def test_EC_1_meld_validity_and_values() -> None:
    assert meld_value(R, m("TH JH QH")) == 30
    assert meld_value(R, m("7C 7D 7H")) + meld_value(R, m("AS 2S 3S")) == 27
    assert meld_value(R, m("QD KD AD")) == 31
    assert meld_value(R, m("JS QS KS")) == 170
    assert is_valid_meld(R, m("5H 5H 5S")) and meld_value(R, m("5H 5H 5S")) == 15
    assert not is_valid_meld(R, m("KC AC 2C"))  # no wrap (C-7)
    full = m("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert is_valid_meld(R, full) and meld_value(R, full) == 96
    assert is_valid_meld(R, m("JK 9C TC")) and meld_value(R, m("JK 9C TC")) == 69
    assert not is_valid_meld(R, m("9C JK JK"))  # one natural
    assert not is_valid_meld(R, m("JK JK 9C TC"))  # two jokers, default max 1
    unlimited = RummyRules(max_jokers_per_meld="unlimited")
    assert is_valid_meld(unlimited, m("JK JK 9C TC"))
    assert not is_valid_meld(unlimited, m("9C JK JK"))  # >= 2 naturals always


def test_EC_1_canonical_form_only() -> None:
    assert is_valid_meld(R, m("AH 2H 3H")) and meld_value(R, m("AH 2H 3H")) == 6
    assert not is_valid_meld(R, m("2H 3H AH"))  # A after 3 is not a position
    assert not is_valid_meld(R, m("3H 2H 4H"))
    assert not is_valid_meld(R, m("5S 5H 5H"))  # set not sorted
    assert not is_valid_meld(R, m("5H JK 5S"))  # joker not at the end of a set
    assert is_valid_meld(R, m("5H 5S JK"))
    assert is_valid_meld(R, m("JK 2H 3H"))  # the joker is the low ace
    assert not is_valid_meld(R, m("JK AH 2H"))  # below the low ace
    assert not is_valid_meld(R, m("QH KH AH JK"))  # above the high ace
    assert not is_valid_meld(R, m("5H 5H 5H"))  # only two 5H in the deck
    assert not is_valid_meld(R, (7, 7, 7, 7, 20, 20, 33, 33, 46))  # 9 cards
    assert is_valid_meld(R, (7, 7, 20, 20, 33, 33, 46, 46))  # 8 cards (C-6)
    assert not is_valid_meld(R, m("2H 3H"))
    assert not is_valid_meld(R, m("2H 3D 4H"))
    with pytest.raises(ArgumentTypeError):
        is_valid_meld(R, [1, 2, 3])  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        is_valid_meld(R, (1, 2, 53))
    with pytest.raises(ArgumentTypeError):
        meld_value(R, (1, True, 3))


def test_EC_1_opening_refused_below_opening_min() -> None:
    hand = cs("7C 7D 7H AS 2S 3S 9D 4C")
    st = make_state(RummyRules(players=2, hand_size=8), [hand, cs("2D 3D 4D 6C 8C TC QC KC")])
    st.apply(("draw",))
    opening = ("open", tuple(sorted([m("7C 7D 7H"), m("AS 2S 3S")])))
    assert opening not in st.legal_actions()
    assert [a for a in st.legal_actions() if a[0] == "open"] == []
    with pytest.raises(IllegalMoveError):
        st.apply(opening)
    low = make_state(
        RummyRules(players=2, hand_size=8, opening_min=27),
        [hand, cs("2D 3D 4D 6C 8C TC QC KC")],
        phase="meld",
    )
    assert opening in low.legal_actions()


@pytest.mark.parametrize("meld_text", ["TH JH QH", "QD KD AD", "JS QS KS"])
def test_EC_1_valid_openings(meld_text: str) -> None:
    meld = m(meld_text)
    st = make_state(R, [[*meld, c("2C"), c("9D")], [], [], []], phase="meld")
    assert ("open", (meld,)) in st.legal_actions()
    st.apply(("open", (meld,)))
    assert st.opened[0] and st.melds[0] == [meld]


def test_EC_1_joker_meld_only_after_the_opening_turn() -> None:
    hand = [*m("TH JH QH"), *m("9C TC"), JK, c("2D")]
    st = make_state(R, [hand, [], [], []], phase="meld")
    assert not any(JK in ints(a) and a[0] == "open" for a in st.legal_actions())
    st.apply(("open", (m("TH JH QH"),)))
    acts = st.legal_actions()
    assert ("meld", m("JK 9C TC")) not in acts  # C-11: no jokers in the opening turn
    assert not any(a[0] == "lay_off" and a[2] == JK for a in acts)
    later = make_state(R, [hand[3:], [], [], []], melds=[[m("TH JH QH")], [], [], []], phase="meld")
    assert ("meld", m("JK 9C TC")) in later.legal_actions()
    assert ("meld", m("9C TC JK")) in later.legal_actions()  # the joker as J♣
    assert ("lay_off", 0, JK, "high") in later.legal_actions()


# ---------------------------------------------------------------- EC-2 pile pickup (C-12)

EC2_PILE = cs("3C") + cs("KD") + cs("9S") + cs("7H")  # bottom -> top


def test_EC_2_opened_player_takes_the_pile() -> None:
    st = make_state(
        R,
        [cs("5H 6H 2C 4D 9C"), [], [], []],
        melds=[[m("2S 3S 4S")], [], [], []],
        pile=EC2_PILE,
    )
    action = ("take_pile", (m("5H 6H 7H"),))
    assert action in st.legal_actions()
    st.apply(action)
    assert st.melds[0] == [m("2S 3S 4S"), m("5H 6H 7H")]
    assert st.hands[0] == cs("2C 4D 9C 3C KD 9S")
    assert st.pile == [] and st.phase == "meld"
    check_invariants(st)


def test_EC_2_unopened_pickup_is_a_full_opening() -> None:
    st = make_state(R, [cs("5H 6H KC KS KH 2D"), [], [], []], pile=EC2_PILE)
    action = ("take_pile", (m("5H 6H 7H"), m("KC KH KS")))
    acts = st.legal_actions()
    assert action in acts
    assert ("take_pile", (m("5H 6H 7H"),)) not in acts  # 18 < 30
    st.apply(action)
    assert st.opened[0] and st.melds[0] == [m("5H 6H 7H"), m("KC KH KS")]
    assert st.hands[0] == cs("2D 3C KD 9S")
    # C-11: the pickup turn is the opening turn: natural melds only afterwards
    assert all(JK not in ints(a[1:]) for a in st.legal_actions() if a[0] != "lay_off")


def test_EC_2_unopened_below_opening_min_cannot_take() -> None:
    st = make_state(R, [cs("5H 6H 2D 9C JD"), [], [], []], pile=EC2_PILE)
    assert st.legal_actions() == [("draw",)]


def test_EC_2_top_card_fitting_only_an_existing_meld() -> None:
    st = make_state(
        R,
        [cs("2D 9C JD KS"), [], [], []],
        melds=[[m("8H 9H TH")], [], [], []],
        pile=EC2_PILE,
    )
    assert st.legal_actions() == [("draw",)]


# ---------------------------------------------------------------- EC-3 blocked (C-16, C-17)


def _ec3_state(extra_meld: bool) -> RummyState:
    melds = [m("4D 5D 6D"), m("9C 9H 9S")]
    if extra_meld:
        melds.append(m("9S TS JS"))
    return make_state(
        RummyRules(players=3),
        [cs("2H 3H 4H 5H"), cs("2S 3S 4S 5S"), [QS, c("3C")]],
        melds=[[], [], melds],
        current=2,
        phase="discard",
        stock_top=[c("6H"), c("6S"), c("3C"), c("7H"), c("7S"), QS],
    )


def test_EC_3_blocked_player() -> None:
    st = _ec3_state(extra_meld=False)
    assert st.legal_actions() == [("discard", c("3C"))]  # never Q♠
    st.apply(("discard", c("3C")))
    assert st.blocked == [False, False, True] and st.hands[2] == [QS]
    simple_turn(st)
    simple_turn(st)
    assert st.current_player == 2
    assert st.legal_actions() == [("draw",)]  # no pile pickup, no meld
    st.apply(("draw",))
    assert st.phase == "discard"
    assert st.legal_actions() == [("discard", c("3C"))]
    st.apply(("discard", c("3C")))
    simple_turn(st)
    simple_turn(st)
    st.apply(("draw",))  # the second Q♠
    assert st.hands[2] == [QS, QS]
    assert st.legal_actions() == [("discard", QS)]  # C-16 exception
    st.apply(("discard", QS))
    assert st.hands[2] == [QS] and st.blocked[2] and st.pile[-1] == QS
    check_invariants(st)


def test_EC_3_not_blocked_when_queen_can_be_laid_off() -> None:
    st = _ec3_state(extra_meld=True)
    st._stock[2] = c("4H")
    st._stock[3:] = [x for x in st._stock[3:] if x != c("4H")] + [c("3C")]
    st.apply(("discard", c("3C")))
    assert st.blocked == [False, False, False] and st.hands[2] == [QS]
    simple_turn(st)
    simple_turn(st)
    st.apply(("draw",))
    assert st.hands[2] == [c("4H"), QS]
    assert ("lay_off", 2, QS, "high") in st.legal_actions()
    st.apply(("lay_off", 2, QS, "high"))
    assert st.melds[2][2] == m("9S TS JS QS")
    st.apply(("end",))
    assert st.legal_actions() == [("discard", c("4H"))]
    st.apply(("discard", c("4H")))
    assert st.is_over and st.went_out == 2 and st.current_player is None
    assert st.pile[-1] == c("4H")
    check_invariants(st)


# ---------------------------------------------------------------- EC-4 scoring (C-20, C-21)


def _ec4_state() -> RummyState:
    rules = RummyRules(players=3)
    return make_state(
        rules,
        [cs("6D"), cs("QS AC 9H"), cs("JK 2C 3C 7H KC")],
        melds=[
            [m("TH JH QH"), m("8C 8C 8D 8S"), m("AS 2S 3S 4S")],
            [m("KD KH KS"), m("5D 6D JK")],
            [],
        ],
        totals=[950, 400, -30],
        phase="discard",
    )


def test_EC_4_end_of_hand_scoring() -> None:
    st = _ec4_state()
    assert st.hand_scores() == [72 - 6, -79, -72]  # before going out the 6♦ is in hand
    st.apply(("discard", c("6D")))
    assert st.went_out == 0 and st.is_over
    assert st.hand_scores() == [72, -79, -72]
    assert st.totals_after() == [1022, 321, -102]


def test_EC_4_game_ends_at_target() -> None:
    game = RummyGame(RummyRules(players=3), totals=[950, 400, -30])
    game._state = _ec4_state()
    game.apply(("discard", c("6D")))
    assert game.is_over and game.winners == [0] and game.phase == "over"
    assert game.totals == [1022, 321, -102]
    assert game.hand_history == [
        {"dealer": 0, "hand_scores": [72, -79, -72], "totals": [1022, 321, -102], "went_out": 0}
    ]
    assert game.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        game.apply(("draw",))


# ---------------------------------------------------------------- C-11 opening


def test_C_11_unopened_cannot_meld_or_lay_off_and_open_is_natural() -> None:
    hand = cs("TH JH QH KH JK 2C 2D 2S")
    st = make_state(R, [hand, [], [], []], phase="meld")
    acts = st.legal_actions()
    assert {a[0] for a in acts} == {"end", "open"}
    opens = [a[1] for a in acts if a[0] == "open"]
    assert all(JK not in mm for melds in opens for mm in melds)
    assert (m("TH JH QH KH"),) in opens
    assert (m("2C 2D 2S"), m("TH JH QH KH")) in opens
    assert (m("2C 2D 2S"),) not in opens  # 6 < 30
    for melds in opens:
        assert list(melds) == sorted(melds)
        assert sum(meld_value(R, mm) for mm in melds) >= 30


def test_C_11_opening_min_zero_and_duplicate_sets() -> None:
    rules = RummyRules(players=2, hand_size=8, opening_min=0)
    st = make_state(rules, [cs("2C 2C 2D 2D 2H 2H 9S"), []], phase="meld")
    opens = [a[1] for a in st.legal_actions() if a[0] == "open"]
    assert (m("2C 2D 2H"), m("2C 2D 2H")) in opens
    assert (m("2C 2C 2D 2D 2H 2H"),) in opens


# ---------------------------------------------------------------- C-12 pile


def test_C_12_joker_on_top_only_for_opened_player() -> None:
    hand = cs("9C TC 2D 5S")
    unopened = make_state(R, [hand, [], [], []], pile=[c("3D"), JK])
    assert unopened.legal_actions() == [("draw",)]
    opened = make_state(R, [hand, [], [], []], melds=[[m("2H 3H 4H")], [], [], []], pile=[JK])
    takes = [a for a in opened.legal_actions() if a[0] == "take_pile"]
    assert takes == sorted([("take_pile", (m("JK 9C TC"),)), ("take_pile", (m("9C TC JK"),))])


def test_C_12_opened_pickup_uses_hand_joker_and_exactly_one_meld() -> None:
    st = make_state(
        R,
        [cs("9C JK 5H 5D 2S"), [], [], []],
        melds=[[m("2H 3H 4H")], [], [], []],
        pile=[c("8D"), c("5C")],
    )
    takes = [a for a in st.legal_actions() if a[0] == "take_pile"]
    assert ("take_pile", (m("5C 5D 5H"),)) in takes
    assert ("take_pile", (m("5C 5D JK"),)) in takes
    assert all(len(a[1]) == 1 for a in takes)


# ---------------------------------------------------------------- C-15, C-16


def test_C_15_melding_must_leave_a_legal_discard() -> None:
    melds = [[m("2H 3H 4H")], [], [], []]
    whole = make_state(R, [cs("TH JH QH"), [], [], []], melds=melds, phase="meld")
    assert ("meld", m("TH JH QH")) not in whole.legal_actions()
    only_qs = make_state(R, [cs("TH JH QH QS"), [], [], []], melds=melds, phase="meld")
    assert ("meld", m("TH JH QH")) not in only_qs.legal_actions()
    ok = make_state(R, [cs("TH JH QH QS 2C"), [], [], []], melds=melds, phase="meld")
    assert ("meld", m("TH JH QH")) in ok.legal_actions()
    # a lay-off of the last non-Q♠ card is refused too (C-18: never go out with a Q♠)
    lay = make_state(R, [cs("5H QS"), [], [], []], melds=melds, phase="meld")
    assert lay.legal_actions() == [("end",)]
    # the unopened pickup: the cards it brings in count for the discard
    pick = make_state(R, [cs("TH JH QS"), [], [], []], pile=[QS, c("QH")])
    assert pick.legal_actions() == [("draw",)]  # would hold only [QS QS]
    pick2 = make_state(R, [cs("TH JH 2C"), [], [], []], pile=[QS, c("QH")])
    assert ("take_pile", (m("TH JH QH"),)) in pick2.legal_actions()


def test_C_16_queen_of_spades_discards() -> None:
    st = make_state(R, [cs("QS 2C 7D"), [], [], []], phase="discard")
    assert st.legal_actions() == [("discard", c("2C")), ("discard", c("7D"))]
    with pytest.raises(IllegalMoveError) as err:
        st.apply(("discard", QS))
    assert err.value.card == QS and err.value.legal == st.legal_actions()
    # The exception: began the turn with exactly [Q♠] (not blocked: it fits the set) and drew
    # the other Q♠; laying one off would leave a lone Q♠ (no legal discard, C-15).
    ex = make_state(
        R,
        [[QS], [], [], []],
        melds=[[m("QC QD QH")], [], [], []],
        stock_top=[QS],
    )
    ex.apply(("draw",))
    assert ex.legal_actions() == [("end",)]
    ex.apply(("end",))
    assert ex.legal_actions() == [("discard", QS)]
    ex.apply(("discard", QS))
    assert ex.hands[0] == [QS] and not ex.blocked[0]
    # without the exception a second Q♠ stays in hand
    no_ex = make_state(R, [cs("QS 2C"), [], [], []], stock_top=[QS])
    no_ex.apply(("draw",))
    no_ex.apply(("end",))
    assert no_ex.legal_actions() == [("discard", c("2C"))]


# ---------------------------------------------------------------- C-17, C-19, C-20


def test_C_17_blocked_is_permanent_and_skips_melding() -> None:
    st = make_state(
        RummyRules(players=2, hand_size=5),
        [[QS], cs("2C 3C 4C 5C 6C")],
        melds=[[m("2H 3H 4H")], []],
        blocked=[True, False],
        stock_top=[c("5H")],
        pile=[c("8D"), c("8S")],
    )
    assert st.legal_actions() == [("draw",)]
    st.apply(("draw",))
    assert st.phase == "discard"
    assert st.legal_actions() == [("discard", c("5H"))]  # not the lay-off of 5H


def test_C_19_reshuffle_keeps_the_top_card() -> None:
    rules = RummyRules(players=2, hand_size=3)
    st = make_state(rules, [cs("2C 5D 9S"), cs("3C 4C 8H")], phase="discard", leftovers_to="pile")
    assert st.stock_size == 0
    size = len(st.pile)
    st.apply(("discard", c("2C")))
    assert st.pile == [c("2C")] and st.stock_size == size and st.phase == "draw"
    check_invariants(st)
    ended = make_state(
        RummyRules(players=2, hand_size=3, stock_exhausted="end_hand"),
        [cs("2C 5D 9S"), cs("3C 4C 8H")],
        phase="discard",
        leftovers_to="pile",
    )
    ended.apply(("discard", c("2C")))
    assert ended.is_over and ended.went_out is None and ended.current_player is None
    assert ended.hand_scores() == [-14, -15]


def test_C_19_reshuffle_with_a_single_pile_card_ends_the_hand() -> None:
    rules = RummyRules(players=2, hand_size=3)
    st = make_state(rules, [cs("2C 5D 9S"), cs("3C 4C 8H")], phase="discard")
    st._hands[1] += st._stock  # every other card held, stock and pile empty
    st._hands[1].sort()
    st._stock = []
    st.apply(("discard", c("2C")))
    assert st.is_over and st.went_out is None and st.pile == [c("2C")]
    check_invariants(st)


def test_C_19_from_deal_empty_stock_and_turn_cap() -> None:
    rules = RummyRules(players=2, hand_size=3, max_turns_per_hand=3)
    deck = full_deck()
    hands = [deck[0:3], deck[3:6]]
    st = RummyState.from_deal(rules, hands, deck[6:])
    assert st.pile == [deck[6]] and st.stock == deck[7:]  # initial upcard
    for _ in range(3):
        assert not st.is_over
        simple_turn(st)
    assert st.is_over and st.turn == 3 and st.went_out is None
    empty = RummyState.from_deal(rules, hands, [], pile=deck[6:])
    assert empty.phase == "draw" and empty.pile == [deck[-1]]
    assert empty.stock_size == len(deck) - 7
    no_up = RummyState.from_deal(
        RummyRules(players=2, hand_size=3, initial_upcard=False), hands, deck[6:]
    )
    assert no_up.pile == [] and no_up.legal_actions() == [("draw",)]


def test_C_20_hand_scores_in_every_phase() -> None:
    st = RummyState(RummyRules(players=3, hand_size=5), seed=3, dealer=2, totals=[1, 2, 3])
    assert st.current_player == 0
    values = {c(x): v for x, v in [("AH", 11), ("QS", 150), ("JK", 50), ("QH", 10), ("7D", 7)]}
    for k, v in values.items():
        assert make_state(R, [[k], [], [], []]).hand_scores()[0] == -v
    expected = [
        -sum(
            11 if x % 13 == 12 else 150 if x == QS else 50 if x == JK else min(x % 13 + 2, 10)
            for x in h
        )
        for h in st.hands
    ]
    assert st.hand_scores() == expected
    assert st.totals_after() == [t + s for t, s in zip([1, 2, 3], expected)]


# ---------------------------------------------------------------- constructors, errors


def test_deal_order_and_defaults() -> None:
    rules = RummyRules(players=3, hand_size=4)
    a = RummyState(rules, seed=7, dealer=1)
    b = RummyState(rules, seed=7, dealer=1, hand_index=None, totals=None)
    assert a == b and a.current_player == 2 and a.totals == [0, 0, 0]
    assert [len(h) for h in a.hands] == [4, 4, 4]
    assert a.stock_size == 108 - 12 - 1 and len(a.pile) == 1
    assert RummyState(rules, seed=None) == RummyState(rules)
    copy = a.copy()
    assert copy == a
    copy.apply(("draw",))
    assert copy != a and a.phase == "draw"


def test_from_deal_errors() -> None:
    rules = RummyRules(players=2, hand_size=3)
    deck = full_deck()
    hands, stock = [deck[0:3], deck[3:6]], deck[6:]
    with pytest.raises(InvalidDealError):
        RummyState.from_deal(rules, [deck[0:3]], deck[3:])
    with pytest.raises(InvalidDealError):
        RummyState.from_deal(rules, [deck[0:4], deck[4:6]], stock)
    with pytest.raises(InvalidDealError):
        RummyState.from_deal(rules, hands, stock[1:])
    with pytest.raises(InvalidDealError):
        RummyState.from_deal(rules, hands, [*stock, 0])
    with pytest.raises(InvalidCardError):
        RummyState.from_deal(rules, hands, [*stock[1:], 53])
    with pytest.raises(ArgumentTypeError):
        RummyState.from_deal(rules, hands, [*stock[1:], "x"])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError):
        RummyState.from_deal(rules, hands, stock, pile=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError):
        RummyState.from_deal(rules, hands, stock, dealer=2)
    with pytest.raises(InvalidRulesError):
        RummyState.from_deal(rules, hands, stock, totals=[1])
    with pytest.raises(InvalidRulesError):
        RummyState.from_deal(rules, hands, stock, totals=[10**12 + 1, 0])
    with pytest.raises(ArgumentTypeError):
        RummyState(rules, seed="1")  # type: ignore[arg-type]


def test_apply_errors_change_nothing() -> None:
    st = RummyState(R, seed=1)
    before = st.copy()
    bad: list[tuple[Any, type[Exception]]] = [
        (["draw"], ArgumentTypeError),
        ((), ArgumentTypeError),
        ((1,), ArgumentTypeError),
        (("draw", 1), ArgumentTypeError),
        (("discard", True), ArgumentTypeError),
        (("meld", [1, 2, 3]), ArgumentTypeError),
        (("open", ([1, 2, 3],)), ArgumentTypeError),
        (("lay_off", 0, 1, 2), ArgumentTypeError),
        (("discard", 53), InvalidCardError),
        (("meld", (1, 2, -1)), InvalidCardError),
        (("fly",), IllegalMoveError),
        (("discard", 0), IllegalMoveError),
        (("end",), IllegalMoveError),
    ]
    for action, error in bad:
        with pytest.raises(error):
            st.apply(action)
        assert st == before
    with pytest.raises(IllegalMoveError) as err:
        st.apply(("lay_off", 0, 5, "low"))
    assert err.value.card == 5 and err.value.legal == st.legal_actions()


def test_card_names() -> None:
    # One naming for every game (docs/protocol.md, Cards): the joker 52 is "LJ", and "JK" is
    # read as it; rummy_card_name is a deprecated alias of card_name.
    assert rummy_card_name(49) == "QS" and rummy_card_name(52) == "LJ"
    assert rummy_card_name(34) == "TH" and card("JK") == 52 == card("LJ")
    with pytest.raises(InvalidCardError):
        rummy_card_name(54)


# ---------------------------------------------------------------- meld enumerator


def _slow_melds(rules: RummyRules, hand: list[int]) -> set[tuple[int, ...]]:
    """Every valid tuple among all orderings of all sub-multisets of ``hand``."""
    found = set()
    for k in range(3, len(hand) + 1):
        for sub in set(itertools.combinations(sorted(hand), k)):
            for perm in set(itertools.permutations(sub)):
                if is_valid_meld(rules, perm):
                    found.add(perm)
    return found


@pytest.mark.parametrize("unlimited", [False, True])
def test_all_melds_bruteforce_matches_permutation_search(unlimited: bool) -> None:
    rules = RummyRules(max_jokers_per_meld="unlimited" if unlimited else 1)
    rng = random.Random(11)
    # meld-rich pools: few ranks / one suit, jokers, duplicates, aces
    pools = [
        cs("AH 2H 3H 4H QH KH AH JK JK"),
        cs("5C 5D 5H 5S 5C 6C 7C JK"),
        cs("QS QS QC KS JS TS AS JK JK"),
    ]
    for _ in range(18):
        pool = pools[rng.randrange(3)]
        hand = rng.sample(pool, rng.randint(3, 6))
        assert all_melds_bruteforce(rules, hand, True) == sorted(_slow_melds(rules, hand))
        natural = sorted(x for x in _slow_melds(rules, hand) if JK not in x)
        assert all_melds_bruteforce(rules, hand, False) == natural


def test_all_melds_bruteforce_long_runs() -> None:
    hand = cs("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    melds = all_melds_bruteforce(R, hand, True)
    assert m("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH") in melds
    assert len(melds) == sum(15 - n for n in range(3, 15))  # every window of 3..14
    assert all(is_valid_meld(R, x) for x in melds)


# ---------------------------------------------------------------- §D invariants, games


def _random_hand(rules: RummyRules, seed: int) -> RummyState:
    rng = random.Random(seed)
    st = RummyState(rules, seed=seed, dealer=seed % rules.players)
    while not st.is_over:
        p = st.current_player
        acts = st.legal_actions()
        assert acts == sorted(set(acts)) and acts
        if seed % 3 == 0 and rng.random() < 0.02:  # sometimes check an illegal move
            before = st.copy()
            with pytest.raises(IllegalMoveError):
                st.apply(("discard", 0) if ("discard", 0) not in acts else ("fly",))
            assert st == before
        # prefer melding and pickups so that melds and lay-offs happen
        rich = [a for a in acts if a[0] not in ("end", "draw")]
        action = rng.choice(rich if rich and rng.random() < 0.7 else acts)
        discarding = action[0] == "discard"
        st.apply(action)
        check_invariants(st)
        if discarding and st.went_out is not None:
            assert st.pile[-1] != QS  # §D: never a Q♠ going out
        if discarding and p is not None and st.blocked[p] and st.went_out is None:
            assert st.hands[p] == [QS]  # §D: a blocked hand is [Q♠] after his turn
    assert st.current_player is None and st.legal_actions() == []
    return st


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"players": 2, "hand_size": 10},
        {"players": 6, "hand_size": 17, "max_jokers_per_meld": "unlimited"},
        {"players": 3, "hand_size": 7, "stock_exhausted": "end_hand", "opening_min": 0},
        {"players": 5, "hand_size": 9, "initial_upcard": False, "max_turns_per_hand": 40},
        {"players": 2, "hand_size": 1, "max_turns_per_hand": 300},
    ],
)
def test_D_invariants_random_hands(params: dict[str, Any]) -> None:
    rules = RummyRules(**params)
    for seed in range(3):
        st = _random_hand(rules, seed)
        assert st.turn <= rules.max_turns_per_hand


def test_C_21_game_random_play_accumulates_totals() -> None:
    rules = RummyRules(players=3, hand_size=7, max_turns_per_hand=30, target=150, max_hands=4)
    game = RummyGame(rules, seed=5, first_dealer=1)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    hist = game.hand_history
    assert 1 <= game.hands_played == len(hist) <= 4
    assert [h["dealer"] for h in hist] == [(1 + i) % 3 for i in range(len(hist))]
    running = [0, 0, 0]
    for h in hist:
        running = [t + s for t, s in zip(running, h["hand_scores"])]
        assert h["totals"] == running
    assert game.totals == running
    best = max(running)
    assert game.winners == [s for s in range(3) if running[s] == best]
    assert len(hist) == 4 or best >= 150


def _tie_deals(n: int) -> list[tuple[list[list[int]], list[int]]]:
    """2 players, 1 card each (4♣ both), both draw 7♣: equal hand scores."""
    rest = Counter(full_deck())
    rest.subtract([2, 2, 5, 5])
    stock = [5, 5, *sorted(rest.elements())]
    return [([[2], [2]], stock) for _ in range(n)]


def test_C_21_ties_share_play_on_and_max_hands() -> None:
    base = {"players": 2, "hand_size": 1, "max_turns_per_hand": 2, "target": 1}
    for tie, max_hands, expect_hands in [("share", None, 1), ("play_on", 1, 1)]:
        rules = RummyRules(**base, tie=tie, max_hands=max_hands, initial_upcard=False)
        game = RummyGame(rules, deals=_tie_deals(3), totals=[100, 100])
        for _ in range(2):
            game.apply(("draw",))
            game.apply(("end",))
            game.apply(("discard", 5))
        assert game.is_over and game.winners == [0, 1]
        assert game.hands_played == expect_hands and game.totals == [96, 96]
    rules = RummyRules(**base, initial_upcard=False)
    game = RummyGame(rules, deals=_tie_deals(1), totals=[100, 100], seed=2)
    for _ in range(2):
        game.apply(("draw",))
        game.apply(("end",))
        game.apply(("discard", 5))
    assert not game.is_over and game.hands_played == 1  # play_on: another hand
    assert game.state.hand_index == 1 and game.state.dealer == 1


def test_game_constructor_errors() -> None:
    with pytest.raises(ArgumentTypeError):
        RummyGame("rules")  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError):
        RummyGame(R, first_dealer=4)
    with pytest.raises(InvalidDealError):
        RummyGame(R, deals=[([[0]], [1])])
    with pytest.raises(InvalidRulesError):
        RummyGame(R, totals=[0, 0])
