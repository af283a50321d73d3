"""Rummy bad input (docs/rummy-api.md "Errors", "RummyRules", "RummyState", "apply() errors"),
on both engines: strict types (ArgumentTypeError), card ids outside 0..52 (InvalidCardError),
invalid rules and combinations (InvalidRulesError, C.1), bad deals (InvalidDealError, C-2,
C-3), illegal / unknown / wrong-phase actions (IllegalMoveError with ``card`` and ``legal ==
legal_actions()``), seeds outside 0..2**64-1 (InvalidArgumentError), None as "the default",
the contract's check order, and "a call that raises leaves the object unchanged".
Rule ids: C-1, C-2, C-3, C-4, C-8, C-16, C-19, C.1.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from hearts_fast.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
)
from tests.helpers import card_id as c
from tests.helpers import card_ids as cs
from tests.helpers import checked_copy, raises_unchanged
from tests.helpers import rummy_snapshot as snapshot


def game_engine(engine: Any) -> Any:
    return engine


JK, QS = 52, 49
LIMIT = 1_000_000
MAX_TOTAL = 10**12
MAX_SEED = 2**64 - 1
DECK = sorted([*range(52), *range(52), JK, JK, JK, JK])  # C-2
GOOD_HANDS = [DECK[14 * i : 14 * (i + 1)] for i in range(4)]
GOOD_STOCK = DECK[56:]

#: ``expect(exc, fn, state=None)``: fn raises exc and leaves ``state`` unchanged.
expect = partial(raises_unchanged, snapshot)


def illegal(s: Any, action: Any, card: int | None = None) -> None:
    """IllegalMoveError with .card per the contract and .legal == legal_actions() (what is
    legal now, docs/protocol.md), state unchanged."""
    legal = s.legal_actions()
    err = expect(IllegalMoveError, lambda: s.apply(action), s)
    assert err.card == card and err.legal == legal


def two_player_deal(seat1: list[int], stock_top: list[int], hand_size: int = 8) -> Any:
    """(rules kwargs, hands, stock): seat 1 holds ``seat1``; seat 0 and the stock the rest."""
    rest = list(DECK)
    for x in seat1 + stock_top:
        rest.remove(x)
    rest.sort(key=lambda x: (x in (QS, JK), x))
    hands = [rest[:hand_size], seat1]
    return hands, stock_top + rest[hand_size:]


def opened_state(engine: Any) -> Any:
    """Seat 1 (2 players, 8 cards) has drawn 3♥ and opened [10♥ J♥ Q♥]: phase meld."""
    r = engine.RummyRules(players=2, hand_size=8)
    hands, stock = two_player_deal(cs("TH JH QH 2C 4D 6S 8C QS"), cs("3H"))
    s = engine.RummyState.from_deal(r, hands, stock, pile=[])
    s.apply(("draw",))
    s.apply(("open", (tuple(cs("TH JH QH")),)))
    assert s.phase == "meld" and s.opened[1] and s.current_player == 1
    return s


# ---------------------------------------------------------------- RummyRules (C.1)

INT_PARAMS = {  # name -> (lowest, highest) allowed
    "players": (2, 6),
    "hand_size": (1, 20),
    "opening_min": (0, LIMIT),
    "q_spades_value": (0, LIMIT),
    "joker_value": (0, LIMIT),
    "max_turns_per_hand": (1, LIMIT),
    "target": (1, LIMIT),
}
CHOICE_PARAMS = {"stock_exhausted": ["reshuffle", "end_hand"], "tie": ["play_on", "share"]}


def test_C1_bool_parameter_is_strict(engine: Any) -> None:
    for bad in (1, 0, "true", None, 1.0):
        expect(ArgumentTypeError, lambda bad=bad: engine.RummyRules(initial_upcard=bad))
    assert engine.RummyRules(initial_upcard=False).initial_upcard is False


@pytest.mark.parametrize("name", list(INT_PARAMS))
def test_C1_int_parameters_are_strict_and_ranged(engine: Any, name: str) -> None:
    lo, hi = INT_PARAMS[name]
    for bad in (True, False, float(lo), str(lo), None, [lo]):
        expect(ArgumentTypeError, lambda bad=bad: engine.RummyRules(**{name: bad}))
    other = {"players": 2} if name == "hand_size" else {}
    assert getattr(engine.RummyRules(**{name: lo}), name) == lo
    assert getattr(engine.RummyRules(**{name: hi}, **other), name) == hi
    for bad in (lo - 1, hi + 1, -(2**64), 2**63, 2**64, 10**30):
        expect(InvalidRulesError, lambda bad=bad: engine.RummyRules(**{name: bad}, **other))
        expect(
            InvalidRulesError, lambda bad=bad: engine.RummyRules.preset("default", **{name: bad})
        )


@pytest.mark.parametrize("name", list(CHOICE_PARAMS))
def test_C1_choice_parameters_are_strict(engine: Any, name: str) -> None:
    for bad in (1, True, None, b"share"):
        expect(ArgumentTypeError, lambda bad=bad: engine.RummyRules(**{name: bad}))
    for bad in ("", "nope", CHOICE_PARAMS[name][0].upper()):
        expect(InvalidRulesError, lambda bad=bad: engine.RummyRules(**{name: bad}))
    for ok in CHOICE_PARAMS[name]:
        assert getattr(engine.RummyRules(**{name: ok}), name) == ok


def test_C1_0_7_max_hands(engine: Any) -> None:
    assert engine.RummyRules(max_hands=None).max_hands is None
    assert engine.RummyRules(max_hands=1).max_hands == 1
    assert engine.RummyRules(max_hands=LIMIT).max_hands == LIMIT
    for bad in (True, 1.0, "3"):
        expect(ArgumentTypeError, lambda bad=bad: engine.RummyRules(max_hands=bad))
    for bad in (0, -1, LIMIT + 1, 2**64):
        expect(InvalidRulesError, lambda bad=bad: engine.RummyRules(max_hands=bad))


def test_C8_max_jokers_per_meld(engine: Any) -> None:
    assert engine.RummyRules().max_jokers_per_meld == 1
    assert engine.RummyRules(max_jokers_per_meld=1).max_jokers_per_meld == 1
    u = engine.RummyRules(max_jokers_per_meld="unlimited")
    assert u.max_jokers_per_meld == "unlimited"
    for bad in (0, 2, 4, -1, 2**64):  # another int
        expect(InvalidRulesError, lambda bad=bad: engine.RummyRules(max_jokers_per_meld=bad))
    for bad in ("", "Unlimited", "1", "none"):  # another str
        expect(InvalidRulesError, lambda bad=bad: engine.RummyRules(max_jokers_per_meld=bad))
    for bad in (True, False, None, 1.0, b"unlimited", [1]):  # another type
        expect(ArgumentTypeError, lambda bad=bad: engine.RummyRules(max_jokers_per_meld=bad))
    # "unlimited" still requires two naturals (C-8).
    assert not engine.is_valid_meld(u, (7, JK, JK))
    assert engine.is_valid_meld(u, (7, 20, JK, JK))
    assert not engine.is_valid_meld(engine.RummyRules(), (7, 20, JK, JK))


@pytest.mark.parametrize(("players", "most"), [(2, 20), (3, 20), (4, 20), (5, 20), (6, 17)])
def test_C1_C3_deal_needs_a_stock_card(engine: Any, players: int, most: int) -> None:
    """players * hand_size + 1 > 108 is an invalid combination."""
    assert engine.RummyRules(players=players, hand_size=most).hand_size == most
    if most < 20:
        expect(InvalidRulesError, lambda: engine.RummyRules(players=players, hand_size=most + 1))
        expect(
            InvalidRulesError,
            lambda: engine.RummyRules.preset("default", players=players, hand_size=most + 1),
        )


def test_C1_unknown_names_positional_and_presets(engine: Any) -> None:
    R = engine.RummyRules
    expect(InvalidRulesError, lambda: R(nil=True))
    expect(InvalidRulesError, lambda: R(max_jokers=1))
    expect(ArgumentTypeError, lambda: R(4))
    expect(ArgumentTypeError, lambda: R({"players": 4}))
    assert R.preset("default") == R()
    assert R.preset("default", players=3, tie="share") == R(tie="share", players=3)
    expect(InvalidRulesError, lambda: R.preset("openspiel"))
    expect(InvalidRulesError, lambda: R.preset("Default"))
    expect(ArgumentTypeError, lambda: R.preset(1))
    expect(ArgumentTypeError, lambda: R.preset(None))
    expect(ArgumentTypeError, lambda: R.preset("default", players="3"))
    expect(InvalidRulesError, lambda: R.preset("default", target=0))
    expect(InvalidRulesError, lambda: R.preset("default", pass_direction="left"))


def test_C1_rules_are_read_only_values(engine: Any) -> None:
    r = engine.RummyRules(players=3, max_jokers_per_meld="unlimited", max_hands=7)
    with pytest.raises(AttributeError):
        r.players = 5
    assert r.players == 3
    assert r == engine.RummyRules(max_hands=7, players=3, max_jokers_per_meld="unlimited")
    assert r != engine.RummyRules()
    assert hash(r) == hash(engine.RummyRules(**r.to_dict()))
    assert engine.RummyRules(**r.to_dict()) == r
    assert eval(repr(r), {"RummyRules": engine.RummyRules}) == r
    assert list(engine.RummyRules().to_dict()) == [
        "players",
        "hand_size",
        "opening_min",
        "q_spades_value",
        "joker_value",
        "max_jokers_per_meld",
        "initial_upcard",
        "stock_exhausted",
        "max_turns_per_hand",
        "target",
        "tie",
        "max_hands",
    ]


# ---------------------------------------------------------------- meld helpers (C-6..C-9)


def test_C6_C9_meld_helper_argument_errors(engine: Any) -> None:
    r = engine.RummyRules()
    for fn in (engine.is_valid_meld, engine.meld_value):
        for bad_rules in (None, r.to_dict(), engine.SpadesRules(), "default"):
            expect(ArgumentTypeError, lambda fn=fn, b=bad_rules: fn(b, (34, 35, 36)))
        for bad in ([34, 35, 36], "TH JH QH", None, 34, (34, 35, True), (34, 35, 36.0)):
            expect(ArgumentTypeError, lambda fn=fn, bad=bad: fn(r, bad))
        expect(ArgumentTypeError, lambda fn=fn: fn(r, (34, 35, None)))
        expect(ArgumentTypeError, lambda fn=fn: fn(r, ((34,), 35, 36)))
        for bad in ((34, 35, 53), (-1, 0, 1), (2**70, 1, 2)):
            expect(InvalidCardError, lambda fn=fn, bad=bad: fn(r, bad))
        expect(ArgumentTypeError, lambda fn=fn: fn(None, (60, 61, 62)))  # rules first
    for bad in ((), (34,), (34, 35), (36, 35, 34), (34, 35, 37), (29, 29, 29), (JK, JK, JK)):
        assert engine.is_valid_meld(r, bad) is False
        expect(InvalidArgumentError, lambda bad=bad: engine.meld_value(r, bad))
    assert engine.meld_value(r, (34, 35, 36)) == 30


@pytest.mark.parametrize("meld", [(60, 35, "x"), (35, 60, None), (-1, 1.5)])
@pytest.mark.parametrize("fn", ["is_valid_meld", "meld_value"])
def test_api_meld_helpers_check_every_type_before_any_id(engine: Any, fn: str, meld: Any) -> None:
    """Check order [api]: argument types, then card-id ranges — over the whole meld."""
    expect(ArgumentTypeError, lambda: getattr(engine, fn)(engine.RummyRules(), meld))


# ---------------------------------------------------------------- constructors (C-2, C-3)


def test_C3_state_constructor_argument_errors(engine: Any) -> None:
    r = engine.RummyRules()
    S = engine.RummyState
    expect(ArgumentTypeError, lambda: S(r.to_dict()))
    expect(ArgumentTypeError, lambda: S(None))
    expect(ArgumentTypeError, lambda: S(engine.SpadesRules()))
    expect(TypeError, lambda: S(r, 0))  # keyword-only
    for bad in (1.0, True, "0", [0]):
        expect(ArgumentTypeError, lambda bad=bad: S(r, dealer=bad))
        expect(ArgumentTypeError, lambda bad=bad: S(r, hand_index=bad))
        expect(ArgumentTypeError, lambda bad=bad: S(r, seed=bad))
    for bad in (4, -1, 100, 2**64):
        expect(InvalidDealError, lambda bad=bad: S(r, dealer=bad))
    assert S(engine.RummyRules(players=6), dealer=5).dealer == 5
    expect(InvalidDealError, lambda: S(engine.RummyRules(players=2), dealer=2))
    # An index outside 0..2**64-1 is an InvalidArgumentError everywhere (docs/protocol.md).
    for bad in (-1, MAX_SEED + 1, 2**70):
        expect(InvalidArgumentError, lambda bad=bad: S(r, hand_index=bad))
    assert S(r, hand_index=MAX_SEED).hand_index == MAX_SEED
    for bad in (-1, MAX_SEED + 1, -(2**70)):
        expect(InvalidArgumentError, lambda bad=bad: S(r, seed=bad))
    assert S(r, seed=MAX_SEED).phase == "draw"
    # totals: players ints within ±10**12.
    expect(InvalidRulesError, lambda: S(r, totals=[0, 0, 0]))
    expect(InvalidRulesError, lambda: S(r, totals=[0, 0, 0, 0, 0]))
    expect(InvalidRulesError, lambda: S(r, totals=[MAX_TOTAL + 1, 0, 0, 0]))
    expect(InvalidRulesError, lambda: S(r, totals=[0, 0, 0, -MAX_TOTAL - 1]))
    expect(ArgumentTypeError, lambda: S(r, totals=[0, 1.5, 0, 0]))
    expect(ArgumentTypeError, lambda: S(r, totals=[True, 0, 0, 0]))
    expect(ArgumentTypeError, lambda: S(r, totals=[None, 0, 0, 0]))
    expect(ArgumentTypeError, lambda: S(r, totals=5))
    s = S(r, totals=(MAX_TOTAL, -MAX_TOTAL, 0, 7))
    assert s.totals == [MAX_TOTAL, -MAX_TOTAL, 0, 7]


def test_C3_check_order_of_state_constructors(engine: Any) -> None:
    """The shared order (rules, dealer, hand_index, seed), then totals, then
    hands/stock/pile."""
    r = engine.RummyRules()
    S = engine.RummyState
    expect(ArgumentTypeError, lambda: S("rules", dealer=9))
    expect(ArgumentTypeError, lambda: S(r, dealer="x", hand_index=-1))
    expect(InvalidDealError, lambda: S(r, dealer=9, hand_index="x"))
    expect(InvalidArgumentError, lambda: S(r, hand_index=-1, seed="x"))
    expect(ArgumentTypeError, lambda: S(r, seed="x", totals=[0]))
    expect(InvalidArgumentError, lambda: S(r, seed=-1, totals=[0, 0, 0, "x"]))
    expect(InvalidRulesError, lambda: S(r, totals=[0]))
    F = S.from_deal
    expect(ArgumentTypeError, lambda: F("rules", 5, 5))
    expect(InvalidDealError, lambda: F(r, 5, 5, dealer=4))
    expect(InvalidRulesError, lambda: F(r, 5, 5, totals=[0]))
    expect(InvalidArgumentError, lambda: F(r, 5, 5, seed=-1))
    expect(ArgumentTypeError, lambda: F(r, 5, GOOD_STOCK))
    expect(TypeError, lambda: F(r, GOOD_HANDS, GOOD_STOCK, None))  # pile is keyword-only


def _set(seq: list[Any], i: int, value: Any) -> list[Any]:
    seq = list(seq)
    seq[i] = value
    return seq


def _hand(i: int, hand: list[Any]) -> list[list[Any]]:
    return [hand if j == i else h for j, h in enumerate(GOOD_HANDS)]


# name, hands, stock, pile, error
BAD_DEALS: list[tuple[str, Any, Any, Any, type[BaseException]]] = [
    ("hands not a sequence", 5, GOOD_STOCK, None, ArgumentTypeError),
    ("hands None", None, GOOD_STOCK, None, ArgumentTypeError),
    ("a seat not a sequence", [*GOOD_HANDS[:3], 7], GOOD_STOCK, None, ArgumentTypeError),
    ("a bool card", _hand(1, _set(GOOD_HANDS[1], 0, True)), GOOD_STOCK, None, ArgumentTypeError),
    ("a float card", _hand(2, _set(GOOD_HANDS[2], 3, 3.0)), GOOD_STOCK, None, ArgumentTypeError),
    ("a str card", _hand(0, _set(GOOD_HANDS[0], 0, "2C")), GOOD_STOCK, None, ArgumentTypeError),
    ("stock not a sequence", GOOD_HANDS, 5, None, ArgumentTypeError),
    ("stock None", GOOD_HANDS, None, None, ArgumentTypeError),
    ("a bool in the stock", GOOD_HANDS, _set(GOOD_STOCK, 0, False), None, ArgumentTypeError),
    ("pile not a sequence", GOOD_HANDS, GOOD_STOCK[1:], 5, ArgumentTypeError),
    ("a str in the pile", GOOD_HANDS, GOOD_STOCK[1:], ["x"], ArgumentTypeError),
    ("id 53", _hand(3, _set(GOOD_HANDS[3], 13, 53)), GOOD_STOCK, None, InvalidCardError),
    ("id -1", _hand(0, _set(GOOD_HANDS[0], 0, -1)), GOOD_STOCK, None, InvalidCardError),
    ("id 53 in the stock", GOOD_HANDS, _set(GOOD_STOCK, 5, 53), None, InvalidCardError),
    ("id 2**70 in the pile", GOOD_HANDS, GOOD_STOCK[1:], [2**70], InvalidCardError),
    ("3 seats", GOOD_HANDS[:3], GOOD_STOCK, None, InvalidDealError),
    ("5 seats", [*GOOD_HANDS, []], GOOD_STOCK, None, InvalidDealError),
    ("13 cards", _hand(0, GOOD_HANDS[0][:13]), GOOD_STOCK, None, InvalidDealError),
    ("15 cards", _hand(0, [*GOOD_HANDS[0], 0]), GOOD_STOCK, None, InvalidDealError),
    ("a card thrice", _hand(0, _set(GOOD_HANDS[0], 13, 0)), GOOD_STOCK, None, InvalidDealError),
    ("five jokers", GOOD_HANDS, _set(GOOD_STOCK, 0, JK), None, InvalidDealError),
    ("a card missing", GOOD_HANDS, GOOD_STOCK[1:], None, InvalidDealError),
    ("a card missing (pile)", GOOD_HANDS, GOOD_STOCK[2:], GOOD_STOCK[1:2], InvalidDealError),
    ("an extra card", GOOD_HANDS, [*GOOD_STOCK, 0], None, InvalidDealError),
    ("pile duplicates", GOOD_HANDS, GOOD_STOCK, GOOD_STOCK[:1], InvalidDealError),
    # Check order: types, ids, seat count, hand size, multiset — over hands, stock, pile.
    (
        "type in pile before id",
        _hand(0, _set(GOOD_HANDS[0], 0, 60)),
        GOOD_STOCK[1:],
        [None],
        ArgumentTypeError,
    ),
    ("id in stock before seats", GOOD_HANDS[:3], _set(GOOD_STOCK, 0, 60), None, InvalidCardError),
    ("seats before size", [GOOD_HANDS[0][:3]] * 3, GOOD_STOCK, None, InvalidDealError),
    ("id in pile before size", _hand(0, GOOD_HANDS[0][:13]), GOOD_STOCK, [99], InvalidCardError),
]


@pytest.mark.parametrize(
    ("what", "hands", "stock", "pile", "exc"), BAD_DEALS, ids=[b[0] for b in BAD_DEALS]
)
def test_C2_C3_bad_deals(
    engine: Any, what: str, hands: Any, stock: Any, pile: Any, exc: type[BaseException]
) -> None:
    r = engine.RummyRules()
    expect(exc, lambda: engine.RummyState.from_deal(r, hands, stock, pile=pile))
    if hasattr(engine, "RummyGame") and pile is None:
        expect(exc, lambda: engine.RummyGame(r, deals=[(GOOD_HANDS, GOOD_STOCK), (hands, stock)]))


def test_C2_C4_good_deals_pile_and_tuples(engine: Any) -> None:
    r = engine.RummyRules()
    F = engine.RummyState.from_deal
    s = F(r, [list(reversed(h)) for h in GOOD_HANDS], GOOD_STOCK)
    assert s.hands == GOOD_HANDS and s.pile == GOOD_STOCK[:1] and s.stock == GOOD_STOCK[1:]
    t = F(r, tuple(tuple(h) for h in GOOD_HANDS), tuple(GOOD_STOCK), pile=())
    assert t.pile == [] and t.stock == GOOD_STOCK and t.stock_size == 52
    u = F(r, GOOD_HANDS, GOOD_STOCK[3:], pile=GOOD_STOCK[:3])
    assert u.pile == GOOD_STOCK[:3] and u.stock_size == 49
    no_up = F(engine.RummyRules(initial_upcard=False), GOOD_HANDS, GOOD_STOCK)
    assert no_up.pile == [] and no_up.stock == GOOD_STOCK
    assert F(r, GOOD_HANDS, GOOD_STOCK, seed=5) == F(r, GOOD_HANDS, GOOD_STOCK)  # seed ignored


def test_C19_empty_stock_at_the_start(engine: Any) -> None:
    """Only from_deal can start with an empty stock: C-19 is applied at once."""
    r = engine.RummyRules()
    s = engine.RummyState.from_deal(r, GOOD_HANDS, [], pile=GOOD_STOCK)
    assert s.phase == "draw" and s.pile == GOOD_STOCK[-1:] and s.stock_size == 51
    assert sorted(s.stock) == sorted(GOOD_STOCK[:-1])
    e = engine.RummyState.from_deal(
        engine.RummyRules(stock_exhausted="end_hand"), GOOD_HANDS, [], pile=GOOD_STOCK
    )
    assert e.is_over and e.went_out is None and e.current_player is None
    assert e.legal_actions() == [] and e.pile == GOOD_STOCK
    illegal(e, ("draw",))


def test_api_none_means_the_default(engine: Any) -> None:
    r = engine.RummyRules()
    S = engine.RummyState
    s = S(r, seed=None, dealer=None, hand_index=None, totals=None)
    assert s == S(r) and snapshot(s) == snapshot(S(r, seed=0))
    assert s.dealer == 0 and s.hand_index == 0 and s.totals == [0, 0, 0, 0]
    assert s.current_player == 1
    f = S.from_deal(r, GOOD_HANDS, GOOD_STOCK, pile=None, dealer=None, hand_index=None, seed=None)
    assert f == S.from_deal(r, GOOD_HANDS, GOOD_STOCK) and f.pile == GOOD_STOCK[:1]
    # Everywhere else None is a wrong type.
    expect(ArgumentTypeError, lambda: S(None))
    expect(ArgumentTypeError, lambda: engine.RummyRules(players=None))
    expect(ArgumentTypeError, lambda: engine.RummyRules(initial_upcard=None))
    expect(ArgumentTypeError, lambda: s.apply(None), s)
    expect(ArgumentTypeError, lambda: s.apply(("discard", None)), s)


# ---------------------------------------------------------------- apply() errors


TYPE_ERRORS = [
    ["draw"],
    "draw",
    5,
    (),
    (1,),
    (None,),
    (b"draw",),
    ("draw", 1),
    ("draw", None),
    ("end", 0),
    ("discard",),
    ("discard", 1, 2),
    ("discard", True),
    ("discard", 1.0),
    ("discard", "QS"),
    ("take_pile",),
    ("take_pile", [(34, 35, 36)]),
    ("take_pile", ([34, 35, 36],)),
    ("take_pile", (34, 35, 36)),
    ("take_pile", ((34, 35, True),)),
    ("take_pile", ((34, 35, 36),), 1),
    ("open", [(34, 35, 36)]),
    ("open", ((34, 35, 36.0),)),
    ("open",),
    ("meld", [34, 35, 36]),
    ("meld", (34, 35, "QH")),
    ("meld", ((34, 35, 36),)),
    ("meld", (34, 35, 36), (1, 2, 3)),
    ("lay_off", 0, 33),
    ("lay_off", "0", 33, "low"),
    ("lay_off", True, 33, "low"),
    ("lay_off", 0.0, 33, "low"),
    ("lay_off", 0, 33.0, "low"),
    ("lay_off", 0, False, "low"),
    ("lay_off", 0, 33, 1),
    ("lay_off", 0, 33, None),
    ("lay_off", 0, 33, "low", 1),
    ("lay_off", "0", 60, "low"),  # types before ids
]
ORDER_ERRORS = [  # a bad id first, a wrong type later in the same action
    ("meld", (60, 35, "x")),
    ("open", ((34, 35, 60), (1, 2, None))),
    ("take_pile", ((60,), [1])),
    ("take_pile", ((-1, 35, 36), (0, 1, 2.0))),
]
CARD_ERRORS = [
    ("discard", 53),
    ("discard", -1),
    ("discard", 2**70),
    ("take_pile", ((34, 35, 53),)),
    ("take_pile", ((34, 35, 36), (-1, 0, 1))),
    ("open", ((53, 53, 53),)),
    ("meld", (34, 35, 53)),
    ("lay_off", 0, 53, "low"),
    ("lay_off", 99, -5, "nowhere"),  # ids before legality
]


@pytest.mark.parametrize("phase", ["draw", "meld", "discard", "over"])
def test_apply_type_and_card_errors_in_every_phase(engine: Any, phase: str) -> None:
    if phase == "meld":
        s = opened_state(engine)
    elif phase == "over":
        e = engine.RummyRules(stock_exhausted="end_hand")
        s = engine.RummyState.from_deal(e, GOOD_HANDS, [], pile=GOOD_STOCK)
    else:
        s = engine.RummyState(engine.RummyRules(), seed=3)
        if phase == "discard":
            s.apply(("draw",))
            s.apply(("end",))
    assert s.phase == phase
    for bad in TYPE_ERRORS:
        err = expect(ArgumentTypeError, lambda bad=bad: s.apply(bad), s)
        assert isinstance(err, TypeError)
    for bad in CARD_ERRORS:
        err = expect(InvalidCardError, lambda bad=bad: s.apply(bad), s)
        assert isinstance(err, ValueError)
    for bad in [("pass",), ("pass", 1.5), ("DRAW",), ("Discard", 3), ("", None)]:
        illegal(s, bad)  # an unknown name: no arity or type check


@pytest.mark.parametrize("action", ORDER_ERRORS, ids=[repr(a) for a in ORDER_ERRORS])
def test_api_apply_checks_every_type_before_any_id(engine: Any, action: Any) -> None:
    """Check order [api]: argument types (the whole action), then card-id ranges."""
    for s in (engine.RummyState(engine.RummyRules(), seed=3), opened_state(engine)):
        expect(ArgumentTypeError, lambda s=s: s.apply(action), s)


def test_apply_wrong_phase(engine: Any) -> None:
    s = engine.RummyState(engine.RummyRules(), seed=3)
    p = s.current_player
    held = s.hands[p][0]
    top = s.pile[-1]
    assert s.phase == "draw"
    illegal(s, ("end",))
    illegal(s, ("discard", held), card=held)
    illegal(s, ("meld", tuple(s.hands[p][:3])))
    illegal(s, ("open", (tuple(s.hands[p][:3]),)))
    illegal(s, ("lay_off", 0, held, "low"), card=held)
    s.apply(("draw",))
    assert s.phase == "meld"
    illegal(s, ("draw",))
    illegal(s, ("take_pile", ((top, top, JK),)))
    s.apply(("end",))
    assert s.phase == "discard"
    for bad in [("draw",), ("end",), ("open", ((0, 13, 26),)), ("meld", (0, 13, 26))]:
        illegal(s, bad)
    illegal(s, ("lay_off", 0, held, "set"), card=held)
    assert s.legal_actions() == [("discard", x) for x in sorted(set(s.hands[p]) - {QS})]


MELD_PHASE_ILLEGAL: list[tuple[Any, int | None]] = [
    (("lay_off", 1, c("2C"), "low"), c("2C")),  # no meld 1
    (("lay_off", -1, c("2C"), "low"), c("2C")),
    (("lay_off", 2**70, c("2C"), "low"), c("2C")),
    (("lay_off", 0, c("9H"), "low"), c("9H")),  # not held
    (("lay_off", 0, c("KH"), "high"), c("KH")),
    (("lay_off", 0, c("2C"), "high"), c("2C")),  # wrong card
    (("lay_off", 0, QS, "set"), QS),  # a run takes "low"/"high"
    (("lay_off", 0, QS, "middle"), QS),  # unknown end
    (("lay_off", 0, QS, ""), QS),
    (("lay_off", 0, JK, "low"), JK),  # not held, and the opening turn
    (("meld", (36, 35, 34)), None),  # not canonical, not held
    (("meld", tuple(cs("2C 4D 6S"))), None),  # not a meld
    (("meld", ()), None),
    (("open", (tuple(cs("2C 3C 4C")),)), None),  # already opened
    (("open", ()), None),
    (("take_pile", ()), None),  # phase meld
    (("take_pile", (tuple(cs("2C 3C 4C")),)), None),
    (("discard", c("2C")), c("2C")),  # phase meld
    (("discard", QS), QS),
]


@pytest.mark.parametrize(
    ("action", "card"), MELD_PHASE_ILLEGAL, ids=[repr(a[0]) for a in MELD_PHASE_ILLEGAL]
)
def test_apply_illegal_moves_in_phase_meld(engine: Any, action: Any, card: int | None) -> None:
    s = opened_state(engine)
    assert s.hands[1] == cs("2C 4D 6S 8C QS 3H") and s.melds[1] == [tuple(cs("TH JH QH"))]
    illegal(s, action, card)


@pytest.mark.parametrize("index", [-1, 1, 2**64, 2**70])
@pytest.mark.parametrize("end", ["low", "middle"])
def test_apply_lay_off_refusal_carries_its_card_in_every_phase(
    engine: Any, index: int, end: str
) -> None:
    """.card is the card for lay_off, whatever makes it illegal."""
    s = engine.RummyState(engine.RummyRules(), seed=3)
    held = s.hands[s.current_player][0]
    illegal(s, ("lay_off", index, held, end), held)
    illegal(s, ("lay_off", 0, held, end), held)


def test_C16_queen_of_spades_and_unheld_discards(engine: Any) -> None:
    r = engine.RummyRules(players=2, hand_size=8)
    hands, stock = two_player_deal(cs("TH JH QH 2C 4D 6S 8C QS"), cs("3H"))
    s = engine.RummyState.from_deal(r, hands, stock, pile=[])
    s.apply(("draw",))
    s.apply(("end",))
    illegal(s, ("discard", QS), card=QS)
    illegal(s, ("discard", c("9D")), card=c("9D"))
    illegal(s, ("discard", JK), card=JK)
    assert ("discard", c("3H")) in s.legal_actions()


def test_moves_after_the_hand(engine: Any) -> None:
    t = engine.RummyState.from_deal(
        engine.RummyRules(stock_exhausted="end_hand"), GOOD_HANDS, [], pile=GOOD_STOCK
    )
    for x in (0, 51, QS):
        illegal(t, ("discard", x), card=x)
        illegal(t, ("lay_off", 0, x, "low"), card=x)
    for a in [("draw",), ("end",), ("take_pile", ((0, 1, 2),)), ("meld", (0, 1, 2))]:
        illegal(t, a)
    expect(InvalidCardError, lambda: t.apply(("discard", 99)), t)
    expect(ArgumentTypeError, lambda: t.apply(("discard", "x")), t)


# ---------------------------------------------------------------- copy, equality


def test_copy_equality_and_unhashable(engine: Any) -> None:
    s = engine.RummyState(engine.RummyRules(), seed=8)
    t = checked_copy(s)
    t.apply(("draw",))
    assert s != t and s.phase == "draw" and t.phase == "meld"
    assert s != engine.RummyState(engine.RummyRules(), seed=8, hand_index=1)
    assert s != engine.RummyState(engine.RummyRules(), seed=8, totals=[1, 0, 0, 0])


# ---------------------------------------------------------------- RummyGame


def test_C21_game_constructor_errors_and_order(engine: Any) -> None:
    engine = game_engine(engine)
    r = engine.RummyRules()
    G = engine.RummyGame
    good = (GOOD_HANDS, GOOD_STOCK)
    expect(ArgumentTypeError, lambda: G(r.to_dict()))
    expect(ArgumentTypeError, lambda: G(None))
    expect(TypeError, lambda: G(r, 0))  # keyword-only
    for bad in (1.5, True, "0", [0]):
        expect(ArgumentTypeError, lambda bad=bad: G(r, seed=bad))
        expect(ArgumentTypeError, lambda bad=bad: G(r, first_dealer=bad))
    for bad in (-1, MAX_SEED + 1):
        expect(InvalidArgumentError, lambda bad=bad: G(r, seed=bad))
    for bad in (4, -1):
        expect(InvalidDealError, lambda bad=bad: G(r, first_dealer=bad))
    expect(ArgumentTypeError, lambda: G(r, deals=5))
    expect(InvalidDealError, lambda: G(r, deals=[good, (GOOD_HANDS[:3], GOOD_STOCK)]))
    expect(InvalidRulesError, lambda: G(r, totals=[0]))
    expect(InvalidRulesError, lambda: G(r, totals=[MAX_TOTAL + 1, 0, 0, 0]))
    expect(ArgumentTypeError, lambda: G(r, totals=[0, 0, 0, True]))
    g = G(r, seed=None, first_dealer=None, deals=None, totals=None)
    assert g.state == G(r).state and g.totals == [0, 0, 0, 0] and g.state.dealer == 0
    h = G(r, first_dealer=3, deals=[good], totals=[5, 0, 0, -5])
    assert h.state.hands == GOOD_HANDS and h.state.dealer == 3 and h.current_player == 0
    assert h.totals == [5, 0, 0, -5] and h.hands_played == 0 and not h.is_over
    before = h.state
    illegal_game = [("end",), ("discard", GOOD_HANDS[0][0]), ("pass",)]
    for a in illegal_game:
        with pytest.raises(IllegalMoveError):
            h.apply(a)
    expect(ArgumentTypeError, lambda: h.apply(["draw"]))
    expect(InvalidCardError, lambda: h.apply(("discard", 53)))
    assert h.state == before and h.hands_played == 0
