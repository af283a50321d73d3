"""Spades bad input (docs/spades-api.md "Errors"), on both engines: strict types
(ArgumentTypeError), card ids out of 0..53 (InvalidCardError), invalid rules and combinations
(InvalidRulesError), bad deals (InvalidDealError), wrong phase / illegal bids, plays and
claims (IllegalMoveError with ``card`` and ``legal``), the engine limits (rule ints within
±1,000,000, totals within ±10**12, seeds in 0..2**64-1 → InvalidArgumentError), None as "the
default", the contract's check order, and "a call that raises leaves the object unchanged".
Pickling is tested on the fast engine only (the reference does not offer it).
Rule ids: B-1, B-2, B-4, B-6, B-7, B-16, B-20, B-27, B.3, B.6.
"""

from __future__ import annotations

import pickle
from functools import partial
from typing import Any, Callable

import pytest

import hearts_fast as hf
from hearts_fast.errors import HeartsFastError, InvalidArgumentError
from tests.helpers import bid_all, bid_kw, checked_copy, raises_unchanged, spades_deal, spades_deck
from tests.helpers import spades_snapshot as snapshot
from tests.strategies import SPADES_OPENSPIEL

FAST_ENGINES = [hf]


LJ, BJ = 52, 53
DEFICIENT = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 15, 38]  # 2C..TC AC 3D 4D AH: no spade, no JQK


GOOD = spades_deal({})
GOOD_JOKERS = spades_deal({}, jokers=True)

#: ``expect(exc, fn, state=None, match=None)``: fn raises exc and leaves ``state`` unchanged.
expect = partial(raises_unchanged, snapshot)


def play_state(engine: Any, **rules: Any) -> Any:
    """A hand in phase "play" after the first card of trick 1."""
    s = engine.SpadesState(engine.SpadesRules(**rules), seed=8, dealer=0)
    bid_all(s)
    s.play(s.legal_plays()[0])
    return s


# ---------------------------------------------------------------- rules (B.1, B.6)

BOOL_PARAMS = [
    "negative_inverse_loses",
    "nil",
    "blind_nil",
    "bags",
    "first_trick_no_spade_lead",
    "spades_broken",
    "face_up_first_four",
    "ten_for_two_hundred",
    "mirror",
    "jokers",
    "fourteen_partnership",
    "bemo",
    "suicide",
    "team_bid_cap",
]
INT_PARAMS = {  # name -> smallest allowed value
    "players": 4,
    "win_score": 1,
    "nil_value": 0,
    "blind_nil_value": 0,
    "blind_nil_min_deficit": 0,
    "bags_limit": 1,
    "bags_penalty": 0,
}
LIMIT = 1_000_000  # [api] engine limit: every int rule parameter is within ±LIMIT
MAX_TOTAL = 10**12  # [api] engine limit of a given team total
MAX_SEED = 2**64 - 1
CHOICE_PARAMS = {
    "nil_tricks": ["bags", "count_for_partner", "team", "ignored"],
    "set_penalty": ["undertricks", "bid", "zero"],
    "first_lead": ["left_of_dealer", "lowest_club"],
    "boston": ["off", "bonus", "wins_game"],
    "deficient_hand": ["off", "no_spades_no_jqk"],
    "renege": ["prevent", "penalize"],
    "tie": ["play_on", "share"],
}
OPT_INT_PARAMS = {"lose_score": None, "max_hands": 1}  # name -> smallest allowed (None = any)


@pytest.mark.parametrize("name", BOOL_PARAMS)
def test_B1_bool_parameters_are_strict(engine: Any, name: str) -> None:
    for bad in (1, 0, "true", None, 1.0):
        expect(engine.ArgumentTypeError, lambda bad=bad: engine.SpadesRules(**{name: bad}))
    assert getattr(engine.SpadesRules(**{name: True, "nil": True}), name) is True


@pytest.mark.parametrize("name", list(INT_PARAMS))
def test_B1_int_parameters_are_strict_and_ranged(engine: Any, name: str) -> None:
    lo = INT_PARAMS[name]
    for bad in (True, False, float(lo), str(lo), None):
        expect(engine.ArgumentTypeError, lambda bad=bad: engine.SpadesRules(**{name: bad}))
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules(**{name: lo - 1}))
    assert getattr(engine.SpadesRules(**{name: lo}), name) == lo
    if name == "players":
        expect(engine.InvalidRulesError, lambda: engine.SpadesRules(players=5))
    else:  # [api] engine limit: 1,000,000
        assert getattr(engine.SpadesRules(**{name: LIMIT}), name) == LIMIT
        for bad in (LIMIT + 1, 2**31, 2**63, 2**64, 10**30, -(10**30)):
            expect(engine.InvalidRulesError, lambda bad=bad: engine.SpadesRules(**{name: bad}))
            expect(
                engine.InvalidRulesError,
                lambda bad=bad: engine.SpadesRules.preset("openspiel", **{name: bad}),
            )


@pytest.mark.parametrize("name", list(CHOICE_PARAMS))
def test_B1_choice_parameters_are_strict(engine: Any, name: str) -> None:
    for bad in (1, True, None, b"off"):
        expect(engine.ArgumentTypeError, lambda bad=bad: engine.SpadesRules(**{name: bad}))
    for bad in ("", "nope", CHOICE_PARAMS[name][0].upper()):
        expect(engine.InvalidRulesError, lambda bad=bad: engine.SpadesRules(**{name: bad}))
    for ok in CHOICE_PARAMS[name]:
        assert getattr(engine.SpadesRules(**{name: ok}), name) == ok


@pytest.mark.parametrize("name", list(OPT_INT_PARAMS))
def test_B1_0_7_optional_int_parameters(engine: Any, name: str) -> None:
    for bad in (True, 1.5, "3"):
        expect(engine.ArgumentTypeError, lambda bad=bad: engine.SpadesRules(**{name: bad}))
    assert getattr(engine.SpadesRules(**{name: None}), name) is None
    lo = OPT_INT_PARAMS[name]
    if lo is None:
        assert engine.SpadesRules(lose_score=-LIMIT).lose_score == -LIMIT
        assert engine.SpadesRules(lose_score=0).lose_score == 0
        lo = -LIMIT
    else:
        assert getattr(engine.SpadesRules(**{name: lo}), name) == lo
    # [api] engine limits: lose_score -1,000,000..=1,000,000, max_hands 1..=1,000,000.
    assert getattr(engine.SpadesRules(**{name: LIMIT}), name) == LIMIT
    for bad in (lo - 1, LIMIT + 1, 2**63, 2**64, -(2**64), 10**30):
        expect(engine.InvalidRulesError, lambda bad=bad: engine.SpadesRules(**{name: bad}))


def test_B1_unknown_names_and_positional_arguments(engine: Any) -> None:
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules(target=100))
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules(pass_direction="left"))
    expect(engine.ArgumentTypeError, lambda: engine.SpadesRules(4))
    expect(engine.ArgumentTypeError, lambda: engine.SpadesRules({"nil": True}))


@pytest.mark.parametrize(
    "flags",
    [
        {"mirror": True, "fourteen_partnership": True},
        {"mirror": True, "suicide": True},
        {"fourteen_partnership": True, "suicide": True},
        {"mirror": True, "fourteen_partnership": True, "suicide": True},
        {"suicide": True, "nil": False},
        {"blind_nil": True, "nil": False},
    ],
)
def test_B1_invalid_combinations(engine: Any, flags: dict[str, bool]) -> None:
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules(**flags))
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules.preset("default", **flags))


@pytest.mark.parametrize("variant", ["mirror", "fourteen_partnership", "suicide"])
def test_B1_blind_nil_accepted_and_ignored_under_variants(engine: Any, variant: str) -> None:
    r = engine.SpadesRules(**{variant: True, "blind_nil": True})
    s = engine.SpadesState(r, seed=3)
    assert r.blind_nil is True and not s.can_bid_blind()
    expect(engine.IllegalMoveError, lambda: s.bid(0, blind=True), s)


def test_B6_presets(engine: Any) -> None:
    assert engine.SpadesRules.preset("default") == engine.SpadesRules()
    o = engine.SpadesRules.preset("openspiel")
    # The B.6 table as the tests write it from docs/spades-api.md (not the engines' own).
    assert o.to_dict() == {**engine.SpadesRules().to_dict(), **SPADES_OPENSPIEL}
    assert engine.SpadesRules.preset("openspiel", win_score=300).win_score == 300
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules.preset("whiz"))
    expect(engine.InvalidRulesError, lambda: engine.SpadesRules.preset("openspiel", target=1))
    expect(engine.ArgumentTypeError, lambda: engine.SpadesRules.preset(1))
    expect(engine.ArgumentTypeError, lambda: engine.SpadesRules.preset("default", nil=1))


def test_B1_rules_are_read_only_values(engine: Any) -> None:
    r = engine.SpadesRules(win_score=300, jokers=True)
    with pytest.raises(AttributeError):
        r.win_score = 3
    assert r.win_score == 300
    assert r == engine.SpadesRules(jokers=True, win_score=300) != engine.SpadesRules()
    assert hash(r) == hash(engine.SpadesRules(**r.to_dict()))
    assert eval(repr(r), {"SpadesRules": engine.SpadesRules}) == r
    assert list(r.to_dict())[:3] == ["players", "win_score", "lose_score"]
    assert list(r.to_dict())[-1] == "team_bid_cap" and len(r.to_dict()) == 30


# ---------------------------------------------------------------- cards (B-2, B.3 #5)


def test_B2_B3_5_card_names_and_ids(engine: Any) -> None:
    assert engine.LITTLE_JOKER == 52 and engine.BIG_JOKER == 53
    assert [engine.spades_card_name(x) for x in (0, 13, 34, 49, 51, 52, 53)] == [
        "2C",
        "2D",
        "TH",
        "QS",
        "AS",
        "LJ",
        "BJ",
    ]
    for bad in (-1, 54, 2**64):
        expect(engine.InvalidCardError, lambda bad=bad: engine.spades_card_name(bad))
    for bad in (True, 1.0, "QS", None):
        expect(engine.ArgumentTypeError, lambda bad=bad: engine.spades_card_name(bad))


# ---------------------------------------------------------------- constructors (B-4, B-20)


def test_B4_state_constructor_argument_errors(engine: Any) -> None:
    r = engine.SpadesRules()
    S = engine.SpadesState
    expect(engine.ArgumentTypeError, lambda: S(r.to_dict()))
    expect(engine.ArgumentTypeError, lambda: S(None))
    expect(engine.ArgumentTypeError, lambda: S(engine.HeartsRules()))
    expect(TypeError, lambda: S(r, 0))  # keyword-only
    for bad in (1.0, True, "0", [0]):  # None is the default (test_none_means_the_default)
        expect(engine.ArgumentTypeError, lambda bad=bad: S(r, dealer=bad))
        expect(engine.ArgumentTypeError, lambda bad=bad: S(r, hand_index=bad))
    for bad in (1.0, True, "0", [0], 2.0**70):
        expect(engine.ArgumentTypeError, lambda bad=bad: S(r, seed=bad))
    for bad in (4, -1, 100):
        expect(engine.InvalidDealError, lambda bad=bad: S(r, dealer=bad))
    # An index outside 0..2**64-1 is an InvalidArgumentError everywhere (docs/protocol.md).
    expect(InvalidArgumentError, lambda: S(r, hand_index=-1))
    assert S(r, hand_index=10**6).hand_index == 10**6
    # totals: ints in -10**12..=10**12; bags: ints in 0..bags_limit-1 (B-20), even with
    # bags=False.
    expect(engine.InvalidRulesError, lambda: S(r, totals=[0, 0, 0]))
    expect(engine.InvalidRulesError, lambda: S(r, totals=[0]))
    expect(engine.ArgumentTypeError, lambda: S(r, totals=[0, 1.5]))
    expect(engine.ArgumentTypeError, lambda: S(r, totals=[True, 0]))
    expect(engine.ArgumentTypeError, lambda: S(r, totals="00"))
    expect(engine.ArgumentTypeError, lambda: S(r, totals=5))
    expect(engine.InvalidRulesError, lambda: S(r, bags=[10, 0]))
    expect(engine.InvalidRulesError, lambda: S(r, bags=[0, -1]))
    expect(engine.InvalidRulesError, lambda: S(r, bags=[0, 0, 0]))
    expect(engine.ArgumentTypeError, lambda: S(r, bags=[0, None]))
    no_bags = engine.SpadesRules(bags=False, bags_limit=3)
    expect(engine.InvalidRulesError, lambda: S(no_bags, bags=[3, 0]))
    assert S(no_bags, bags=[2, 0]).bags == [2, 0]
    s = S(r, totals=[-40, 10**6], bags=[9, 0], seed=5)
    assert s.totals == [-40, 10**6] and s.bags == [9, 0]
    assert S(r, totals=(1, 2), bags=(3, 4)).totals == [1, 2]


def test_B4_check_order_of_state_constructors(engine: Any) -> None:
    """The shared order (rules type; dealer (type, range); hand_index (type, < 0); seed),
    then totals; bags; hands; redeals."""
    r = engine.SpadesRules()
    S = engine.SpadesState
    expect(engine.ArgumentTypeError, lambda: S("rules", dealer=9))
    expect(engine.InvalidDealError, lambda: S(r, dealer=9, hand_index="x"))
    expect(InvalidArgumentError, lambda: S(r, hand_index=-1, seed="x"))
    expect(engine.ArgumentTypeError, lambda: S(r, seed="x", totals=[1.5, 0]))
    expect(InvalidArgumentError, lambda: S(r, seed=-1, bags=[99, 0]))
    expect(engine.InvalidRulesError, lambda: S(r, totals=[0, 0, 0], bags=[0, "x"]))
    expect(engine.ArgumentTypeError, lambda: S.from_deal(r, GOOD[:3], seed="x"))
    expect(engine.InvalidDealError, lambda: S.from_deal(r, GOOD[:3], redeals="x"))
    expect(engine.ArgumentTypeError, lambda: S.from_deal(r, GOOD, redeals="x"))
    expect(engine.InvalidDealError, lambda: S.from_deal(r, GOOD, redeals=[GOOD, GOOD[:3]]))
    expect(engine.InvalidDealError, lambda: S(r, redeals=[GOOD_JOKERS]))


def _broken(change: Callable[[list[Any]], Any]) -> Any:
    d: list[Any] = [list(h) for h in GOOD]
    out = change(d)
    return d if out is None else out


def _set(d: list[Any], seat: int, i: int, value: Any) -> None:
    d[seat][i] = value


BAD_DEALS: list[tuple[str, Callable[[list[Any]], Any], type[BaseException]]] = [
    ("not a sequence", lambda d: 5, hf.ArgumentTypeError),
    ("a string", lambda d: "2C 3C", hf.ArgumentTypeError),
    ("a seat not a sequence", lambda d: [d[0], d[1], d[2], 7], hf.ArgumentTypeError),
    ("a bool card", lambda d: _set(d, 1, 0, True), hf.ArgumentTypeError),
    ("a float card", lambda d: _set(d, 2, 5, 3.0), hf.ArgumentTypeError),
    ("a str card", lambda d: _set(d, 0, 0, "2C"), hf.ArgumentTypeError),
    ("id 54", lambda d: _set(d, 3, 12, 54), hf.InvalidCardError),
    ("id -1", lambda d: _set(d, 0, 0, -1), hf.InvalidCardError),
    ("3 seats", lambda d: d[:3], hf.InvalidDealError),
    ("5 seats", lambda d: [*d, []], hf.InvalidDealError),
    ("joker without jokers", lambda d: _set(d, 0, 0, LJ), hf.InvalidDealError),
    ("duplicate", lambda d: _set(d, 1, 0, d[0][0]), hf.InvalidDealError),
    ("missing", lambda d: [d[0], d[1], d[2], d[3][:12]], hf.InvalidDealError),
    ("12 and 14", lambda d: [d[0][:12], [*d[1], d[0][12]], d[2], d[3]], hf.InvalidDealError),
    # Check order within a deal: types, ids, seat count, not-in-deck, duplicate, missing, sizes.
    ("type before id", lambda d: (_set(d, 0, 0, None), _set(d, 1, 0, 60)), hf.ArgumentTypeError),
    ("id before seat count", lambda d: (_set(d, 0, 0, 60), d[:3])[1], hf.InvalidCardError),
    ("seat count before deck", lambda d: (_set(d, 0, 0, LJ), d[:3])[1], hf.InvalidDealError),
]


@pytest.mark.parametrize(("what", "change", "exc"), BAD_DEALS, ids=[b[0] for b in BAD_DEALS])
def test_B4_bad_deals(
    engine: Any, what: str, change: Callable[[list[Any]], Any], exc: type[BaseException]
) -> None:
    r = engine.SpadesRules()
    bad = _broken(change)
    expect(exc, lambda: engine.SpadesState.from_deal(r, bad))
    expect(exc, lambda: engine.SpadesState.from_deal(r, GOOD, redeals=[GOOD, bad]))
    expect(exc, lambda: engine.SpadesGame(r, deals=[GOOD, bad]))


def test_B3_5_jokers_deck_deals(engine: Any) -> None:
    rj = engine.SpadesRules(jokers=True)
    expect(engine.InvalidDealError, lambda: engine.SpadesState.from_deal(rj, GOOD))  # 2C, 2D
    s = engine.SpadesState.from_deal(rj, GOOD_JOKERS)
    assert sorted(x for h in s.hands for x in h) == spades_deck(True)
    expect(
        engine.InvalidDealError,
        lambda: engine.SpadesState.from_deal(engine.SpadesRules(), GOOD_JOKERS),
    )


def test_B3_2_B4_from_deal_keeps_dealt_order_for_face_up(engine: Any) -> None:
    r = engine.SpadesRules(face_up_first_four=True)
    deal = [list(reversed(h)) for h in GOOD]
    s = engine.SpadesState.from_deal(r, deal, dealer=2)
    assert s.face_up == [sorted(h[:4]) for h in deal]
    assert s.hands == [sorted(h) for h in deal]
    assert engine.SpadesState.from_deal(r, GOOD) != s  # a different dealt order
    assert engine.SpadesState.from_deal(r, deal, dealer=2, seed=99) == s  # seed not compared


def test_B22_game_constructor_errors_and_order(engine: Any) -> None:
    r = engine.SpadesRules()
    G = engine.SpadesGame
    expect(engine.ArgumentTypeError, lambda: G(r.to_dict()))
    expect(engine.ArgumentTypeError, lambda: G(r, seed=1.5))
    expect(engine.ArgumentTypeError, lambda: G(r, first_dealer=True))
    expect(engine.InvalidDealError, lambda: G(r, first_dealer=4))
    expect(engine.InvalidDealError, lambda: G(r, deals=[GOOD, GOOD[:3]]))
    expect(engine.ArgumentTypeError, lambda: G(r, deals=5))
    expect(engine.InvalidRulesError, lambda: G(r, bags=[0, 10]))
    expect(engine.InvalidRulesError, lambda: G(r, totals=[0]))
    expect(engine.ArgumentTypeError, lambda: G(r, totals=[0, True]))
    expect(engine.ArgumentTypeError, lambda: G(r, first_dealer="0"))
    expect(engine.ArgumentTypeError, lambda: G(r, seed=True))
    expect(TypeError, lambda: G(r, 0))  # keyword-only
    # Order: rules, first_dealer, seed, deals, totals, bags.
    expect(engine.ArgumentTypeError, lambda: G("r", seed="x"))
    expect(engine.InvalidDealError, lambda: G(r, seed="x", first_dealer=9))
    expect(engine.InvalidDealError, lambda: G(r, first_dealer=9, deals=5))
    expect(engine.InvalidDealError, lambda: G(r, deals=[GOOD[:3]], totals=[0]))
    expect(engine.InvalidRulesError, lambda: G(r, totals=[0], bags=[0, "x"]))
    g = G(r, totals=[-10, 490], bags=[9, 9], first_dealer=2, deals=[GOOD])
    assert g.totals == [-10, 490] and g.bags == [9, 9] and not g.is_over
    assert g.state.dealer == 2 and g.state.hands == GOOD and g.hands_played == 0


# ---------------------------------------------------------------- engine limits and None [api]


def test_api_seed_limits(engine: Any) -> None:
    """A seed is an int 0..2**64-1; outside it InvalidArgumentError (a ValueError), in
    SpadesState, from_deal and SpadesGame, checked where the contract's order puts it."""
    r = engine.SpadesRules()
    S, G = engine.SpadesState, engine.SpadesGame
    assert InvalidArgumentError is hf.InvalidArgumentError
    for bad in (-1, -(2**63), MAX_SEED + 1, 2**70, -(2**70)):
        for fn in (
            lambda bad=bad: S(r, seed=bad),
            lambda bad=bad: S.from_deal(r, GOOD, seed=bad),
            lambda bad=bad: G(r, seed=bad),
        ):
            err = expect(InvalidArgumentError, fn)
            assert isinstance(err, ValueError) and isinstance(err, HeartsFastError)
            assert not isinstance(err, engine.InvalidRulesError)
    for ok in (0, 1, 2**32, 2**63, MAX_SEED):
        s = S(r, seed=ok)
        assert s == S(r, seed=ok) and s.hands == S(r, seed=ok).hands  # deterministic
        assert S.from_deal(r, GOOD, seed=ok).hands == [sorted(h) for h in GOOD]
        assert G(r, seed=ok).state.hands == G(r, seed=ok).state.hands
    # Order, SpadesState: ... hand_index; seed (type, range); totals; bags; hands; redeals.
    expect(InvalidArgumentError, lambda: S(r, bags=[0, 10], seed=-1))
    expect(InvalidArgumentError, lambda: S(r, totals=[MAX_TOTAL + 1, 0], seed=-1))
    expect(InvalidArgumentError, lambda: S(r, hand_index=-1, seed=-1))
    expect(InvalidArgumentError, lambda: S.from_deal(r, GOOD[:3], seed=-1))
    expect(InvalidArgumentError, lambda: S(r, seed=MAX_SEED + 1, redeals=[GOOD[:3]]))
    # SpadesGame: rules, first_dealer, seed, deals, totals, bags.
    expect(engine.ArgumentTypeError, lambda: G("rules", seed=-1))
    expect(engine.InvalidDealError, lambda: G(r, seed=-1, first_dealer=9))
    expect(InvalidArgumentError, lambda: G(r, seed=2**64, deals=[GOOD[:3]], totals=[0]))


def test_api_totals_limits(engine: Any) -> None:
    """Given team totals are within -10**12..=10**12 (InvalidRulesError otherwise), checked
    after their type and length and before bags and seed."""
    r = engine.SpadesRules()
    S, G = engine.SpadesState, engine.SpadesGame
    for ok in ([MAX_TOTAL, -MAX_TOTAL], [-MAX_TOTAL, 0], [0, MAX_TOTAL]):
        assert S(r, totals=ok).totals == ok
        assert S.from_deal(r, GOOD, totals=ok).totals_after() == ok
        g = G(r, totals=ok)
        assert g.totals == ok and g.state.totals == ok and not g.is_over
    for bad in (MAX_TOTAL + 1, -MAX_TOTAL - 1, 2**63, -(2**63), 2**64, 10**30):
        for pair in ([bad, 0], [0, bad]):
            expect(engine.InvalidRulesError, lambda pair=pair: S(r, totals=pair))
            expect(engine.InvalidRulesError, lambda pair=pair: S.from_deal(r, GOOD, totals=pair))
            expect(engine.InvalidRulesError, lambda pair=pair: G(r, totals=pair))
    expect(engine.ArgumentTypeError, lambda: S(r, totals=[MAX_TOTAL + 1, 1.5]))  # types first
    expect(engine.InvalidRulesError, lambda: S(r, totals=[MAX_TOTAL + 1, 0], bags=[0, "x"]))
    expect(engine.InvalidRulesError, lambda: G(r, totals=[-MAX_TOTAL - 1, 0], bags=[99, 0]))
    expect(engine.InvalidDealError, lambda: G(r, deals=[GOOD[:3]], totals=[MAX_TOTAL + 1, 0]))


def test_api_game_running_totals_may_pass_the_limit(engine: Any) -> None:
    """Only the given totals are checked: a game resumed at the limit plays on past it."""
    rules = engine.SpadesRules(max_hands=2, bags_limit=1, bags_penalty=LIMIT)
    g = engine.SpadesGame(rules, totals=[-MAX_TOTAL, -MAX_TOTAL], deals=[GOOD, GOOD], seed=2)
    while not g.is_over:
        if g.phase == "bid":
            g.bid(g.legal_bids()[0])
        else:
            g.play(g.legal_plays()[-1])
    assert g.hands_played == 2 and min(g.totals) < -MAX_TOTAL
    assert g.hand_history[0]["totals"] == g.state.totals


def test_api_huge_hand_index(engine: Any) -> None:
    """hand_index is an int 0..2**64-1 (docs/protocol.md, the range of every index); beyond
    it InvalidArgumentError, as for a negative one."""
    r = engine.SpadesRules()
    for big in (2**63, MAX_SEED):
        assert engine.SpadesState(r, hand_index=big).hand_index == big
        assert engine.SpadesState.from_deal(r, GOOD, hand_index=big).hand_index == big
    for bad in (MAX_SEED + 1, 2**70, -1):
        with pytest.raises(InvalidArgumentError, match="hand_index"):
            engine.SpadesState(r, hand_index=bad)
        with pytest.raises(InvalidArgumentError, match="hand_index"):
            engine.SpadesState.from_deal(r, GOOD, hand_index=bad)


def test_api_none_means_the_default(engine: Any) -> None:
    """seed / dealer / hand_index (SpadesState, from_deal), seed / first_dealer (SpadesGame)
    and blind in bid(): None is the same as leaving the argument out (as in the Hearts API)."""
    r = engine.SpadesRules(deficient_hand="no_spades_no_jqk", blind_nil=True, bemo=True)
    S, G = engine.SpadesState, engine.SpadesGame
    s = S(r, seed=None, dealer=None, hand_index=None)
    d = S(r)
    assert s == d and snapshot(s) == snapshot(d) and s.dealer == 0 and s.hand_index == 0
    assert S(r, seed=None, dealer=2) == S(r, seed=0, dealer=2)
    assert S(r, seed=None).hands == S(r, seed=0).hands  # None = seed 0, not a random seed
    first = spades_deal({2: DEFICIENT})
    f = S.from_deal(r, first, dealer=None, hand_index=None, seed=None)
    assert f == S.from_deal(r, first) and f.dealer == 0 and f.current_player == 1
    # The seed (None = 0) drives the shuffled redeal.
    f.claim_redeal(2)
    f0 = S.from_deal(r, first, seed=0)
    f0.claim_redeal(2)
    assert f.hands == f0.hands
    g = G(r, seed=None, first_dealer=None)
    g0 = G(r)
    assert g.state == g0.state and g.state.hands == G(r, seed=0).state.hands
    assert g.state.dealer == 0 and g.state.hand_index == 0
    # bid(n, blind=None) is bid(n, blind=False).
    a, b = S(r, seed=4), S(r, seed=4)
    a.bid(3, blind=None)
    b.bid(3)
    assert a == b and tuple(a.bids[1]) == (3, False, False, None)
    a.bid(0, blind=None, bemo="little")
    b.bid(0, blind=False, bemo="little")
    assert a == b and tuple(a.bids[2]) == (0, True, False, "little")
    a.bid(2, blind=None, bemo=None)
    b.bid(2)
    assert a == b
    expect(engine.IllegalMoveError, lambda: a.bid(14, blind=None), a)  # still validated
    for gm in (g, g0):
        gm.bid(4, blind=None)
    assert g.state == g0.state and tuple(g.state.bids[1]) == (4, False, False, None)
    # None is not a default everywhere: a card, a seat, n and the rules stay strict.
    expect(engine.ArgumentTypeError, lambda: a.bid(None), a)
    expect(engine.ArgumentTypeError, lambda: a.play(None), a)
    expect(engine.ArgumentTypeError, lambda: S(None))


# ---------------------------------------------------------------- moves (B-6, B-7, B-16, B-27)


def test_B6_B7_bid_type_errors_come_before_phase(engine: Any) -> None:
    s = engine.SpadesState(engine.SpadesRules(bemo=True, blind_nil=True), seed=4)
    for args in [("3",), (True,), (2.0,), (None,), (3, 1), (3, 0), (0, "yes"), (3, False, 1)]:
        err = expect(engine.ArgumentTypeError, lambda args=args: bid_kw(s, *args), s)
        assert isinstance(err, TypeError)
    p = play_state(engine)
    expect(engine.ArgumentTypeError, lambda: p.bid("3"), p)
    expect(engine.ArgumentTypeError, lambda: p.bid(3, blind=False, bemo=7), p)


def test_B6_B7_illegal_bids(engine: Any) -> None:
    s = engine.SpadesState(engine.SpadesRules(), seed=4)
    s.bid(2)
    for args in [(14,), (-1,), (100,), (3, True), (0, True), (3, False, "little"), (3, False, "x")]:
        err = expect(engine.IllegalMoveError, lambda args=args: bid_kw(s, *args), s)
        # .legal is what is legal now: the legal bids (docs/protocol.md, Errors).
        assert err.card is None and err.legal == s.legal_bids() == list(range(14))
        assert isinstance(err, ValueError)
    b = engine.SpadesState(engine.SpadesRules(bemo=True, blind_nil=True), seed=4)
    expect(engine.IllegalMoveError, lambda: b.bid(2, blind=True), b)  # blind needs n = 0
    expect(engine.IllegalMoveError, lambda: b.bid(2, blind=False, bemo="medium"), b)
    expect(engine.IllegalMoveError, lambda: b.bid(2, blind=False, bemo="Little"), b)
    b.bid(2, blind=False, bemo="little")  # team of seat 1
    b.bid(4)
    expect(
        engine.IllegalMoveError, lambda: b.bid(2, blind=False, bemo="big"), b
    )  # one bemo per team


def test_B3_4_B3_6_B_suicide_B6_cap_forced_bids(engine: Any) -> None:
    f = engine.SpadesState(engine.SpadesRules(fourteen_partnership=True), seed=1, dealer=3)
    expect(engine.IllegalMoveError, lambda: f.bid(1), f)
    expect(engine.IllegalMoveError, lambda: f.bid(6), f)
    expect(engine.IllegalMoveError, lambda: f.bid(0), f)
    f.bid(3)
    f.bid(5)
    expect(engine.IllegalMoveError, lambda: f.bid(3), f)  # partner must bid 7 - 3
    u = engine.SpadesState(engine.SpadesRules(suicide=True), seed=1, dealer=3)
    for bad in (1, 2, 3):
        expect(engine.IllegalMoveError, lambda bad=bad: u.bid(bad), u)
    u.bid(5)
    u.bid(0)
    expect(engine.IllegalMoveError, lambda: u.bid(4), u)  # partner bid >= 4: must nil
    m = engine.SpadesState(engine.SpadesRules(mirror=True), seed=1, dealer=3)
    forced = m.legal_bids()
    assert len(forced) == 1
    expect(engine.IllegalMoveError, lambda: m.bid((forced[0] + 1) % 14), m)
    o = engine.SpadesState(engine.SpadesRules.preset("openspiel"), seed=1, dealer=3)
    o.bid(10)
    o.bid(2)
    expect(engine.IllegalMoveError, lambda: o.bid(4), o)  # B.6: partners total <= 13
    o.bid(3)


def test_B3_blind_nil_deficit(engine: Any) -> None:
    r = engine.SpadesRules(blind_nil=True, blind_nil_min_deficit=100)
    s = engine.SpadesState(r, seed=1, dealer=3, totals=[100, 150])  # team 0 trails by 50
    assert not s.can_bid_blind()
    expect(engine.IllegalMoveError, lambda: s.bid(0, blind=True), s)
    t = engine.SpadesState(r, seed=1, dealer=3, totals=[50, 150])
    assert t.can_bid_blind()
    t.bid(0, blind=True)
    assert tuple(t.bids[0]) == (0, True, True, None)


def test_B16_wrong_phase_and_bad_plays(engine: Any) -> None:
    s = engine.SpadesState(engine.SpadesRules(), seed=8, dealer=0)
    held = s.hands[1][0]
    err = expect(engine.IllegalMoveError, lambda: s.play(held), s)  # phase "bid"
    assert err.card == held and err.legal == []
    expect(engine.InvalidCardError, lambda: s.play(54), s)  # range before phase
    expect(engine.ArgumentTypeError, lambda: s.play("AS"), s)  # type before phase
    p = play_state(engine)
    seat = p.current_player
    legal = p.legal_plays()
    other = next(x for x in range(52) if x not in p.hands[seat])
    for bad, exc in [
        (True, engine.ArgumentTypeError),
        (None, engine.ArgumentTypeError),
        (1.0, engine.ArgumentTypeError),
        (54, engine.InvalidCardError),
        (-1, engine.InvalidCardError),
        (2**70, engine.InvalidCardError),
        (LJ, engine.IllegalMoveError),  # in range, not in this deck
        (other, engine.IllegalMoveError),  # not held
    ]:
        err = expect(exc, lambda bad=bad: p.play(bad), p)
        if exc is engine.IllegalMoveError:
            assert err.card == bad and err.legal == legal
    off = [x for x in p.hands[seat] if x not in legal]
    if off:
        err = expect(engine.IllegalMoveError, lambda: p.play(off[0]), p)
        assert err.card == off[0] and err.legal == legal
    err = expect(engine.IllegalMoveError, lambda: p.bid(3), p)  # phase "play"
    assert err.card is None and err.legal == p.legal_bids() == []  # no bid is legal now


def test_B27_penalize_still_needs_a_held_card(engine: Any) -> None:
    p = play_state(engine, renege="penalize")
    seat = p.current_player
    legal = p.legal_plays()
    not_held = p.hands[(seat + 1) % 4][0]
    err = expect(engine.IllegalMoveError, lambda: p.play(not_held), p)
    assert err.card == not_held and err.legal == legal
    expect(engine.InvalidCardError, lambda: p.play(60), p)
    assert p.reneges == []


def test_B14_moves_after_the_hand(engine: Any) -> None:
    s = engine.SpadesState(engine.SpadesRules(), seed=8)
    bid_all(s)
    while s.phase == "play":
        s.play(s.legal_plays()[0])
    assert s.current_player is None and s.legal_plays() == [] and s.legal_bids() == []
    for x in (0, 51):
        err = expect(engine.IllegalMoveError, lambda x=x: s.play(x), s)
        assert err.card == x and err.legal == []
    err = expect(engine.IllegalMoveError, lambda: s.bid(3), s)
    assert err.card is None and err.legal == []
    expect(engine.InvalidCardError, lambda: s.play(99), s)


# ---------------------------------------------------------------- deficient hand (B.3)


def test_B3_deficient_hand_claim_errors(engine: Any) -> None:
    first = spades_deal({2: DEFICIENT})
    off = engine.SpadesState.from_deal(engine.SpadesRules(), first)
    assert off.deficient_seats() == []
    err = expect(engine.IllegalMoveError, lambda: off.claim_redeal(2), off)
    assert err.card is None and err.legal == []  # .legal = deficient_seats(): nobody may claim
    r = engine.SpadesRules(deficient_hand="no_spades_no_jqk")
    s = engine.SpadesState.from_deal(r, first, dealer=0, redeals=[GOOD])
    assert s.deficient_seats() == [2]
    for bad in ("2", True, 2.0, None):
        expect(engine.ArgumentTypeError, lambda bad=bad: s.claim_redeal(bad), s)
    for bad in (4, -1, 0, 1, 3):  # out of range, or not deficient
        err = expect(engine.IllegalMoveError, lambda bad=bad: s.claim_redeal(bad), s)
        assert err.card is None and err.legal == [2]  # deficient_seats()
    s.bid(3)
    assert s.deficient_seats() == []
    expect(engine.IllegalMoveError, lambda: s.claim_redeal(2), s)  # after the first bid
    bid_all(s)
    err = expect(engine.IllegalMoveError, lambda: s.claim_redeal(2), s)  # phase "play"
    assert err.legal == s.deficient_seats() == []
    expect(engine.ArgumentTypeError, lambda: s.claim_redeal("2"), s)


def test_B3_claim_then_redeal_from_injected_deals(engine: Any) -> None:
    r = engine.SpadesRules(deficient_hand="no_spades_no_jqk", blind_nil=True)
    second = spades_deal({0: DEFICIENT})
    s = engine.SpadesState.from_deal(r, spades_deal({2: DEFICIENT}), dealer=1, redeals=[second])
    s.claim_redeal(2)
    assert s.hands == [sorted(h) for h in second] and s.redeal_claims == [2]
    assert s.dealer == 1 and s.current_player == 2 and not s.can_bid_blind()
    t = s.copy()
    assert t == s
    t.claim_redeal(0)  # past the injected deals: the state's own shuffle
    assert t.redeal_claims == [2, 0] and t != s
    assert sorted(x for h in t.hands for x in h) == spades_deck()


# ---------------------------------------------------------------- games


def test_B22_moves_after_the_game(engine: Any) -> None:
    g = engine.SpadesGame(engine.SpadesRules(max_hands=1), seed=3, deals=[GOOD])
    while not g.is_over:
        if g.phase == "bid":
            g.bid(g.legal_bids()[0])
        else:
            g.play(g.legal_plays()[0])
    assert g.phase == "over" and g.current_player is None and g.winners
    for x in (0, 51):  # a refused play carries its card in every phase
        err = expect(engine.IllegalMoveError, lambda x=x: g.play(x))
        assert err.card == x and err.legal == []
    for fn, exc in [
        (lambda: g.play(0), engine.IllegalMoveError),
        (lambda: g.bid(3), engine.IllegalMoveError),
        (lambda: g.claim_redeal(0), engine.IllegalMoveError),
        (lambda: g.play(54), engine.InvalidCardError),
        (lambda: g.play("2C"), engine.ArgumentTypeError),
        (lambda: g.bid("3"), engine.ArgumentTypeError),
    ]:
        before = (g.totals, g.bags, g.hands_played, g.hand_history, g.winners)
        with pytest.raises(exc):
            fn()
        assert (g.totals, g.bags, g.hands_played, g.hand_history, g.winners) == before
    assert g.legal_plays() == [] and g.legal_bids() == [] and g.deficient_seats() == []
    assert not g.can_bid_blind() and g.legal_bemos() == []


def test_B22_game_refusals_leave_the_game_unchanged(engine: Any) -> None:
    g = engine.SpadesGame(engine.SpadesRules(), seed=3, deals=[GOOD])
    before = g.state
    expect(engine.IllegalMoveError, lambda: g.bid(14))
    held = g.state.hands[1][0]
    err = expect(engine.IllegalMoveError, lambda: g.play(held))  # phase "bid"
    assert err.card == held and err.legal == []
    expect(engine.IllegalMoveError, lambda: g.claim_redeal(1))
    assert g.state == before and snapshot(g.state) == snapshot(before)


# ---------------------------------------------------------------- copy, equality, pickling


def test_copy_equality_and_unhashable(engine: Any) -> None:
    s = engine.SpadesState(engine.SpadesRules(), seed=8)
    t = checked_copy(s)
    bid_all(t)
    assert s != t and s.phase == "bid"
    bid_all(s)
    assert s == t


@pytest.mark.parametrize("fast", FAST_ENGINES, ids=[m.__name__ for m in FAST_ENGINES])
@pytest.mark.parametrize("steps", [0, 2, 4, 5, 30, 56])
def test_fast_engine_pickle_round_trip(fast: Any, steps: int) -> None:
    """Pickling is offered by the Rust engine only (docs/spades-api.md)."""
    rules = fast.SpadesRules(
        jokers=True, face_up_first_four=True, renege="penalize", bemo=True, bags_limit=3
    )
    s = fast.SpadesState(rules, seed=5, dealer=2, hand_index=4, totals=[-30, 70], bags=[1, 2])
    for _ in range(steps):
        if s.phase == "bid":
            s.bid(
                s.legal_bids()[-1],
                blind=False,
                bemo=s.legal_bemos()[0] if s.legal_bemos() else None,
            )
        elif s.phase == "play":
            s.play(s.hands[s.current_player][-1])  # sometimes a renege
    t = pickle.loads(pickle.dumps(s))
    assert t == s and snapshot(t) == snapshot(s)
    assert t.totals == s.totals and t.bags == s.bags and t.hand_index == 4
    before = snapshot(s)
    if t.phase == "bid":
        t.bid(t.legal_bids()[0])
    elif t.phase == "play":
        t.play(t.legal_plays()[0])
    assert snapshot(s) == before and (t != s or s.phase == "over")  # independent objects


@pytest.mark.parametrize("fast", FAST_ENGINES, ids=[m.__name__ for m in FAST_ENGINES])
def test_fast_engine_rules_pickle_round_trip(fast: Any) -> None:
    """As HeartsRules does in the Rust engine (not required of the reference)."""
    for rules in (fast.SpadesRules(), fast.SpadesRules.preset("openspiel", jokers=True)):
        assert pickle.loads(pickle.dumps(rules)) == rules
