"""Spades differential tests: the Rust engine (``hearts_fast``) against the pure-Python
reference (``hearts_fast.reference``), over random rules (every parameter of the SpadesRules
table of docs/spades-api.md), random deals (jokers decks and face-up order included), random
deficient-hand redeals and random legal bids, blind nils, bemos and plays (reneges too),
with illegal-move probes, whole games included (docs/rules/spades.md, B-1..B-27).

After every step the two engines must agree on every observable member of the contract.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref
from tests.helpers import assert_engines_agree, bid_kw, examples, norm_bid, spades_deck
from tests.helpers import spades_snapshot as snapshot
from tests.strategies import (
    SPADES_DEFAULTS,
    random_spades_deal,
    spades_deals,
    spades_is_spade,
    spades_rule_params,
)


def call(s: Any, method: str, args: tuple[Any, ...]) -> None:
    """``s.<method>(*args)``, a bid's options by keyword."""
    if method == "bid":
        bid_kw(s, *args)
    else:
        getattr(s, method)(*args)


# ---------------------------------------------------------------- snapshots

assert_same = partial(assert_engines_agree, snapshot)


def norm_history(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            **h,
            "bids": [norm_bid(b) for b in h["bids"]],
            "reneges": [tuple(x) for x in h["reneges"]],
        }
        for h in history
    ]


def game_snapshot(g: Any) -> dict[str, Any]:
    return {
        "hands_played": g.hands_played,
        "totals": g.totals,
        "bags": g.bags,
        "is_over": g.is_over,
        "winners": g.winners,
        "phase": g.phase,
        "hand_history": norm_history(g.hand_history),
    }


def game_moves_snapshot(g: Any) -> dict[str, Any]:
    """The delegating members of SpadesGame (valid only while both games use given deals)."""
    return {
        "current_player": g.current_player,
        "legal_bids": g.legal_bids(),
        "can_bid_blind": g.can_bid_blind(),
        "legal_bemos": g.legal_bemos(),
        "deficient_seats": g.deficient_seats(),
        "legal_plays": g.legal_plays(),
    }


# ---------------------------------------------------------------- actions


def bid_guess(hand: list[int], legal: list[int], rng: random.Random) -> int:
    """A legal bid: uniform half the time, else the one nearest a rough trick estimate."""
    if rng.random() < 0.5:
        return rng.choice(legal)
    estimate = sum(1 for c in hand if spades_is_spade(c) and (c >= 52 or c % 13 >= 8))
    estimate += sum(1 for c in hand if not spades_is_spade(c) and c % 13 >= 11)
    return min(legal, key=lambda v: (abs(v - estimate), v))


def choose_action(s: Any, rng: random.Random, redeals_left: int) -> tuple[str, Any]:
    """A random legal action for a SpadesState or SpadesGame: a deficient-hand claim (only
    while injected deals remain, so neither engine shuffles), a bid (blind nil and bemo now and
    then) or a play (under renege="penalize" sometimes any held card)."""
    if s.phase == "bid":
        claimers = s.deficient_seats()
        if claimers and redeals_left > 0 and rng.random() < 0.8:
            return ("claim", rng.choice(claimers))
        bemos = s.legal_bemos()
        bemo = rng.choice([None, *bemos]) if bemos and rng.random() < 0.5 else None
        if s.can_bid_blind() and rng.random() < 0.3:
            return ("bid", (0, True, bemo))
        hand = hands_of(s)[s.current_player]
        blind = None if rng.random() < 0.25 else False  # [api] None = False
        return ("bid", (bid_guess(hand, s.legal_bids(), rng), blind, bemo))
    legal = s.legal_plays()
    if s.rules.renege == "penalize" and rng.random() < 0.15:
        return ("play", rng.choice(hands_of(s)[s.current_player]))
    return ("play", rng.choice(legal))


def hands_of(s: Any) -> list[list[int]]:
    return s.state.hands if hasattr(s, "state") else s.hands


def apply(s: Any, action: tuple[str, Any]) -> None:
    kind, arg = action
    if kind == "claim":
        s.claim_redeal(arg)
    elif kind == "bid":
        bid_kw(s, *arg)
    else:
        s.play(arg)


def random_probe(s: Any, rng: random.Random) -> tuple[str, Any]:
    """A random move, legal or not, of any kind (bad types included now and then)."""
    k = rng.random()
    if k < 0.05:
        return rng.choice(
            [
                ("bid", ("3", False, None)),
                ("bid", (True, False, None)),
                ("bid", (0, 1, None)),
                ("bid", (2, False, 1)),
                ("play", (1.0,)),
                ("play", (True,)),
                ("claim", ("1",)),
                ("claim", (None,)),
            ]
        )
    if k < 0.45:
        n = rng.choice([rng.randint(-2, 15), *s.legal_bids()] if s.legal_bids() else [0, 5, 14])
        blind = rng.choice([False, False, True, None])
        bemo = rng.choice([None, None, "little", "big", "huge"])
        return ("bid", (n, blind, bemo))
    if k < 0.85:
        seat = s.current_player if s.current_player is not None else 0
        pool = [rng.randint(-1, 54), rng.choice(spades_deck(True))]
        if s.hands[seat]:
            pool.append(rng.choice(s.hands[seat]))
        return ("play", (rng.choice(pool),))
    return ("claim", (rng.randint(-1, 4),))


def outcome(fn: Callable[[], None]) -> tuple[Any, ...] | None:
    """None if the call succeeded, else the error class (with card and legal for moves)."""
    try:
        fn()
    except hf.IllegalMoveError as e:
        return (type(e), e.card, e.legal)
    except hf.HeartsFastError as e:
        return (type(e),)
    return None


def probe_illegal(fast: Any, slow: Any, rng: random.Random) -> None:
    """A random move the reference refuses is refused by the fast engine with the same error
    class (IllegalMoveError: same card and legal set), and neither state changes."""
    kind, args = random_probe(slow, rng)
    method = {"bid": "bid", "play": "play", "claim": "claim_redeal"}[kind]
    trial = slow.copy()
    if outcome(lambda: call(trial, method, args)) is None:
        return  # a legal move: not a probe
    before_fast, before_slow = snapshot(fast), snapshot(slow)
    copy_fast, copy_slow = fast.copy(), slow.copy()
    got_slow = outcome(lambda: call(slow, method, args))
    got_fast = outcome(lambda: call(fast, method, args))
    assert got_fast == got_slow, f"{method}{args}: rust {got_fast} vs reference {got_slow}"
    event(f"probe refused: {method} {got_slow[0].__name__}")
    assert snapshot(slow) == before_slow and slow == copy_slow
    assert snapshot(fast) == before_fast and fast == copy_fast, f"{method}{args} changed state"


# ---------------------------------------------------------------- hands


# [api] a given team total is within -10**12..=10**12; the bounds are drawn now and then.
TOTALS = st.one_of(st.integers(-700, 700), st.sampled_from([-(10**12), 10**12, 10**12 - 1]))


@st.composite
def hand_setups(draw: st.DrawFn) -> tuple[dict[str, Any], list[list[int]], dict[str, Any], int]:
    params = draw(spades_rule_params())
    dealer = draw(st.integers(0, 3))
    hands = draw(spades_deals(params["jokers"], dealer))
    kw: dict[str, Any] = {
        "dealer": dealer,
        "hand_index": draw(st.integers(0, 30)),
        "seed": draw(st.one_of(st.integers(0, 2**64 - 1), st.sampled_from([0, 2**64 - 1]))),
    }
    # [api] None means the default (dealer 0, hand_index 0, seed 0).
    if dealer == 0 and draw(st.booleans()):
        kw["dealer"] = None
    if kw["hand_index"] == 0 and draw(st.booleans()):
        kw["hand_index"] = None
    if draw(st.integers(0, 5)) == 0:
        kw["seed"] = None
    if draw(st.booleans()):
        kw["totals"] = [draw(TOTALS), draw(TOTALS)]
    if draw(st.booleans()):
        limit = params["bags_limit"]
        kw["bags"] = [draw(st.integers(0, limit - 1)), draw(st.integers(0, limit - 1))]
    if params["deficient_hand"] != "off":
        n_redeals = draw(st.sampled_from([0, 1, 1, 2, 3]))
        kw["redeals"] = [draw(spades_deals(params["jokers"], dealer)) for _ in range(n_redeals)]
    elif draw(st.integers(0, 9)) == 0:  # validated, then ignored
        kw["redeals"] = [draw(spades_deals(params["jokers"], dealer))]
    return params, hands, kw, draw(st.integers(0, 2**32))


def new_pair(params: dict[str, Any], hands: list[list[int]], kw: dict[str, Any]) -> Any:
    fast = hf.SpadesState.from_deal(hf.SpadesRules(**params), hands, **kw)
    slow = ref.SpadesState.from_deal(ref.SpadesRules(**params), hands, **kw)
    assert_same(fast, slow, "after the deal")
    return fast, slow


def play_pair(fast: Any, slow: Any, kw: dict[str, Any], rng: random.Random, probes: float) -> None:
    n_redeals = len(kw.get("redeals") or [])
    steps = 0
    while fast.phase != "over":
        if rng.random() < probes:
            probe_illegal(fast, slow, rng)
        action = choose_action(fast, rng, n_redeals - len(fast.redeal_claims))
        apply(fast, action)
        apply(slow, action)
        steps += 1
        assert_same(fast, slow, f"step {steps} {action}")
        assert steps < 80
    assert fast == fast.copy()
    event(f"redeal claims: {len(fast.redeal_claims)}")
    event(f"reneges: {min(len(fast.reneges), 2)}")
    event(f"blind nils: {sum(1 for b in fast.bids if b[2])}")
    event(f"bemos: {sum(1 for b in fast.bids if b[3])}")
    event(f"boston made: {fast.boston_made()}")


@given(hand_setups())
def test_B4_B27_random_hands_match_reference(setup: Any) -> None:
    """B-4..B-21, B.3 variants and B-27: deal, redeals, bids, legal sets, trick winners,
    scores and bags after every step, with illegal moves probed along the way."""
    params, hands, kw, seed = setup
    fast, slow = new_pair(params, hands, kw)
    play_pair(fast, slow, kw, random.Random(seed), probes=0.2)
    # the invariants (D) of docs/rules/: Σ tricks = 13; bag counters stay in range.
    assert sum(fast.tricks_taken) == 13
    if params["bags"]:
        assert all(0 <= b < params["bags_limit"] for b in fast.bags_after())


@examples(0.5)
@given(hand_setups())
def test_B6_B8_B3_bidding_and_illegal_bids_match_reference(setup: Any) -> None:
    """B-6..B-8 with mirror / fourteen_partnership / suicide / team_bid_cap / blind nil / bemo /
    deficient-hand claims: an illegal probe before every bid and claim."""
    params, hands, kw, seed = setup
    fast, slow = new_pair(params, hands, kw)
    rng = random.Random(seed)
    n_redeals = len(kw.get("redeals") or [])
    while fast.phase == "bid":
        for _ in range(2):
            probe_illegal(fast, slow, rng)
        action = choose_action(fast, rng, n_redeals - len(fast.redeal_claims))
        apply(fast, action)
        apply(slow, action)
        assert_same(fast, slow, f"after {action}")
    for _ in range(3):
        probe_illegal(fast, slow, rng)


@examples(0.5)
@given(hand_setups())
def test_B16_B27_copies_are_independent_and_equal(setup: Any) -> None:
    """copy() gives an equal, independent state in both engines; equality follows history."""
    params, hands, kw, seed = setup
    fast, slow = new_pair(params, hands, kw)
    rng = random.Random(seed)
    n_redeals = len(kw.get("redeals") or [])
    cut = rng.randint(0, 40)
    for _ in range(cut):
        if fast.phase == "over":
            break
        action = choose_action(fast, rng, n_redeals - len(fast.redeal_claims))
        apply(fast, action)
        apply(slow, action)
    cf, cs = fast.copy(), slow.copy()
    assert cf == fast and cs == slow
    assert_same(cf, cs, "copies")
    if fast.phase != "over":
        action = choose_action(cf, rng, n_redeals - len(cf.redeal_claims))
        apply(cf, action)
        apply(cs, action)
        assert cf != fast and cs != slow
        assert_same(cf, cs, "copies after a move")
    assert_same(fast, slow, "originals after the copies moved")


# ---------------------------------------------------------------- games (B-22)


@examples(0.5)
@given(spades_rule_params(for_games=True), st.data())
def test_B22_random_games_match_reference(params: dict[str, Any], data: st.DataObject) -> None:
    """B-3, B-20, B-22, 0.6, 0.7: dealer rotation, running totals and bags, hand history,
    end of game and winners, with the same injected deals (redeals included)."""
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    first_dealer = data.draw(st.integers(0, 3))
    n_deals = 12
    deals = [
        random_spades_deal(rng, params["jokers"], (first_dealer + h) % 4) for h in range(n_deals)
    ]
    kw: dict[str, Any] = {
        "first_dealer": None if first_dealer == 0 and data.draw(st.booleans()) else first_dealer,
        "deals": deals,
        "seed": data.draw(st.one_of(st.none(), st.integers(0, 2**64 - 1))),
    }
    if data.draw(st.booleans()):
        kw["totals"] = [data.draw(st.integers(-150, 150)) for _ in range(2)]
    if data.draw(st.booleans()):
        kw["bags"] = [data.draw(st.integers(0, params["bags_limit"] - 1)) for _ in range(2)]
    fast = hf.SpadesGame(hf.SpadesRules(**params), **kw)
    slow = ref.SpadesGame(ref.SpadesRules(**params), **kw)
    claims = 0
    assert game_snapshot(fast) == game_snapshot(slow)
    assert_same(fast.state, slow.state, "first hand")
    while not fast.is_over:
        used = fast.hands_played + 1 + claims  # deals taken so far
        action = choose_action(fast, rng, n_deals - used)
        if action[0] == "claim":
            claims += 1
        played = fast.hands_played
        apply(fast, action)
        apply(slow, action)
        a, b = game_snapshot(fast), game_snapshot(slow)
        assert a == b, {k: (a[k], b[k]) for k in a if a[k] != b[k]}
        if fast.is_over:
            break
        if fast.hands_played + 1 + claims > n_deals:
            break  # the next hand was shuffled: each engine shuffles its own
        assert game_moves_snapshot(fast) == game_moves_snapshot(slow)
        if action[0] == "claim" or fast.hands_played != played:
            assert_same(fast.state, slow.state, f"hand {fast.hands_played}")
            assert fast.state.dealer == (first_dealer + fast.hands_played) % 4
            assert fast.state.totals == fast.totals and fast.state.bags == fast.bags
    event(f"game hands: {fast.hands_played}, over: {fast.is_over}, claims: {min(claims, 1)}")
    if fast.is_over:
        assert fast.winners and fast.phase == "over" == slow.phase
        assert_same(fast.state, slow.state, "last hand")
        assert fast.legal_plays() == [] and fast.legal_bids() == []
        last = fast.hand_history[-1]
        assert last["totals"] == fast.totals and last["bags"] == fast.bags


# ---------------------------------------------------------------- rules (B.1, B.6)


@given(spades_rule_params())
def test_B1_rule_parameters_round_trip_in_both_engines(params: dict[str, Any]) -> None:
    fast = hf.SpadesRules(**params)
    slow = ref.SpadesRules(**params)
    assert fast.to_dict() == slow.to_dict() == params
    assert list(fast.to_dict()) == list(SPADES_DEFAULTS)  # the table's order
    assert hf.SpadesRules(**fast.to_dict()) == fast
    assert hash(hf.SpadesRules(**params)) == hash(fast)
    assert eval(repr(fast), {"SpadesRules": hf.SpadesRules}) == fast
    for name, value in params.items():
        assert getattr(fast, name) == value


VALUE_POOL = st.one_of(
    st.integers(-3, 1002),
    st.sampled_from(  # [api] the engine limits and beyond
        [-1_000_001, -1_000_000, 999_999, 1_000_000, 1_000_001, 2**31, 2**63, 2**64, -(2**64)]
    ),
    st.booleans(),
    st.text(max_size=8),
    st.none(),
    st.floats(),
    st.sampled_from(
        [
            "bags",
            "count_for_partner",
            "team",
            "ignored",
            "undertricks",
            "bid",
            "zero",
            "left_of_dealer",
            "lowest_club",
            "off",
            "bonus",
            "wins_game",
            "no_spades_no_jqk",
            "prevent",
            "penalize",
            "play_on",
            "share",
            "Bags",
        ]
    ),
)


def rules_outcome(mod: Any, *args: Any, **params: Any) -> str:
    try:
        mod.SpadesRules(*args, **params)
    except hf.ArgumentTypeError:
        return "type"
    except hf.InvalidRulesError:
        return "value"
    return "ok"


@given(st.sampled_from([*SPADES_DEFAULTS, "target", "jokers_"]), VALUE_POOL)
def test_B1_invalid_values_refused_alike(name: str, value: Any) -> None:
    """Both engines accept or refuse the same single-parameter values, with the same class."""
    assert rules_outcome(hf, **{name: value}) == rules_outcome(ref, **{name: value})


@given(
    st.fixed_dictionaries(
        {k: st.booleans() for k in ("mirror", "fourteen_partnership", "suicide", "blind_nil")}
        | {"nil": st.booleans()}
    ),
    st.sampled_from(["default", "openspiel", "whiz", None]),
)
def test_B1_B6_combinations_and_presets_refused_alike(
    flags: dict[str, bool], preset: str | None
) -> None:
    """B.1 invalid combinations (any two of mirror/fourteen_partnership/suicide; suicide or
    blind_nil without nil) and B.6 presets: same outcome in both engines."""
    expected = "ok"
    if sum(flags[k] for k in ("mirror", "fourteen_partnership", "suicide")) >= 2:
        expected = "value"
    if (flags["suicide"] or flags["blind_nil"]) and not flags["nil"]:
        expected = "value"
    if preset is None:
        assert rules_outcome(hf, **flags) == rules_outcome(ref, **flags) == expected
        return

    def via_preset(mod: Any) -> Any:
        try:
            return mod.SpadesRules.preset(preset, **flags).to_dict()
        except hf.InvalidRulesError:
            return "value"

    if preset == "whiz":
        expected = "value"
    assert via_preset(hf) == via_preset(ref)
    assert (via_preset(ref) == "value") == (expected == "value")


# ---------------------------------------------------------------- cards and deals (B-2..B-4)


def test_B2_B3_5_card_names_and_jokers_match() -> None:
    assert hf.LITTLE_JOKER == ref.LITTLE_JOKER == 52
    assert hf.BIG_JOKER == ref.BIG_JOKER == 53
    for c in range(54):
        assert hf.spades_card_name(c) == ref.spades_card_name(c)
    for bad in (-1, 54, 2**40):
        with pytest.raises(hf.InvalidCardError):
            hf.spades_card_name(bad)


@examples(0.5)
@given(spades_rule_params(), st.integers(0, 2**64 - 1), st.integers(0, 3), st.integers(0, 40))
def test_B4_B3_2_seeded_deals_are_valid_deals(
    params: dict[str, Any], seed: int, dealer: int, hand_index: int
) -> None:
    """A fast-engine shuffle is a valid deal: the reference accepts it (with the face-up cards
    first, B.3 #2) and then agrees on everything; the same seed gives the same deal."""
    rules = hf.SpadesRules(**params)
    fast = hf.SpadesState(rules, seed=seed, dealer=dealer, hand_index=hand_index)
    assert sorted(c for h in fast.hands for c in h) == spades_deck(params["jokers"])
    if params["face_up_first_four"]:
        assert all(len(f) == 4 and set(f) <= set(h) for f, h in zip(fast.face_up, fast.hands))
    dealt = [f + [c for c in h if c not in f] for f, h in zip(fast.face_up, fast.hands)]
    slow = ref.SpadesState.from_deal(
        ref.SpadesRules(**params), dealt, dealer=dealer, hand_index=hand_index
    )
    assert_same(fast, slow, "seeded deal")
    assert hf.SpadesState(rules, seed=seed, dealer=dealer, hand_index=hand_index) == fast


def mutate_deal(hands: list[list[int]], rng: random.Random) -> tuple[Any, bool]:
    """A deal broken in one random way, or (one time in ten) the deal unchanged; and whether
    it was changed."""
    d: list[Any] = [list(h) for h in hands]
    k = rng.randrange(10)
    s, i = rng.randrange(4), rng.randrange(13)
    if k == 0:
        d[s][i] = rng.choice([-1, 54, 55, 52, 53, 0, 13])
    elif k == 1:
        d[s][i] = d[(s + 1) % 4][rng.randrange(13)]  # duplicate
    elif k == 2:
        d[(s + 1) % 4].append(d[s].pop(i))  # 12 and 14
    elif k == 3:
        d[s].pop(i)  # missing card
    elif k == 4:
        d = d[:3]
    elif k == 5:
        d.append([])
    elif k == 6:
        d[s][i] = rng.choice([True, 1.0, "2C", None])
    elif k == 7:
        d[s] = rng.choice([None, 5, "hand"])
    elif k == 8:
        d = rng.choice(["deal", 3, None, [d[0]] * 4])
    return d, k != 9


def deal_outcome(mod: Any, params: dict[str, Any], deal: Any, as_redeal: bool) -> Any:
    rules = mod.SpadesRules(**params)
    try:
        if as_redeal:
            mod.SpadesState(rules, redeals=[deal])
        else:
            mod.SpadesState.from_deal(rules, deal)
    except hf.HeartsFastError as e:
        return type(e)
    return "ok"


@examples(0.5)
@given(
    st.booleans(),
    spades_deals(False, 0),
    spades_deals(True, 0),
    st.integers(0, 2**32),
    st.booleans(),
)
def test_B2_B4_B3_5_bad_deals_refused_alike(
    jokers: bool,
    plain: list[list[int]],
    with_jokers: list[list[int]],
    seed: int,
    as_redeal: bool,
) -> None:
    """A broken deal (types, ids, seat count, not-in-deck, duplicate, missing, sizes) is refused
    with the same error class by both engines, in from_deal and in redeals=."""
    rng = random.Random(seed)
    params = {"jokers": jokers}
    base = rng.choice([plain, with_jokers])  # a jokers deal under plain rules is not-in-deck
    deal, changed = mutate_deal(base, rng)
    expected = deal_outcome(ref, params, deal, as_redeal)
    assert deal_outcome(hf, params, deal, as_redeal) == expected
    if not changed:
        assert expected == ("ok" if (base is with_jokers) == jokers else hf.InvalidDealError)


# ---------------------------------------------------------------- engine limits and None [api]

ARG_POOL = st.one_of(
    st.none(),
    st.integers(-2, 5),
    st.sampled_from([2**63, 2**64 - 1, 2**64, -(2**64), 10**12, 10**12 + 1, -(10**12) - 1]),
    st.sampled_from([True, 1.0, "0"]),
)


def ctor_outcome(mod: Any, kind: str, rules: dict[str, Any], kw: dict[str, Any]) -> Any:
    try:
        r = mod.SpadesRules(**rules)
        if kind == "state":
            return snapshot(mod.SpadesState.from_deal(r, kw.pop("hands"), **kw))
        g = mod.SpadesGame(r, **kw)
        return (game_snapshot(g), snapshot(g.state))
    except hf.HeartsFastError as e:
        return type(e)


@given(
    st.sampled_from(["state", "game"]),
    spades_deals(False, 0),
    st.dictionaries(
        st.sampled_from(["seed", "dealer", "hand_index", "first_dealer", "totals", "bags"]),
        ARG_POOL,
        max_size=4,
    ),
    st.sampled_from([{}, {"bags_limit": 3}, {"max_hands": 1_000_000, "win_score": 1_000_000}]),
)
def test_api_constructor_limits_and_none_refused_or_accepted_alike(
    kind: str, deal: list[list[int]], raw: dict[str, Any], rules: dict[str, Any]
) -> None:
    """Seeds (0..2**64-1, else InvalidArgumentError), totals (±10**12), dealers, hand
    indexes and None as the default: both engines accept or refuse the same constructor
    arguments with the same error class (the contract's check order), and agree after."""
    names = {"state": ("seed", "dealer", "hand_index"), "game": ("seed", "first_dealer")}[kind]
    kw: dict[str, Any] = {}
    for name, value in raw.items():
        if name in ("totals", "bags"):
            kw[name] = [value, 0] if value is not None else None
        elif name in names:
            kw[name] = value
    if kind == "state":
        kw["hands"] = deal
    else:
        kw["deals"] = [deal]
    got_ref = ctor_outcome(ref, kind, rules, dict(kw))
    got_fast = ctor_outcome(hf, kind, rules, dict(kw))
    assert got_fast == got_ref, f"{kind} {kw}: rust {got_fast} vs reference {got_ref}"
    event(f"{kind}: {got_ref.__name__ if isinstance(got_ref, type) else 'ok'}")
