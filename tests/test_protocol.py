"""The one Python game protocol of the three games (docs/protocol.md, issue 9), checked for
{Hearts, Spades, rummy} x {fast, reference}: member names and kinds (property or method by
the page's one rule), keyword-only options, return types, copies, the state/turn invariants,
the rules classes, card names, index arguments, IllegalMoveError.legal in every phase, and
the fast engine's batch surface (simulate_* keywords and TypedDict dtypes, from_batch +
Policy replay).

Rule ids touched: A-8, A-10, A-16 (Hearts passes and plays), B-6, B-7, B.3 (Spades bids,
deficient hands), C-10..C-18 (rummy actions); 0.7 (max_hands ends the games used here).
"""

from __future__ import annotations

import copy
import inspect
import pickle
import random
import types
import typing
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import pytest

import hearts_fast as hf
import hearts_fast.reference as ref

ENGINES = {"fast": hf, "reference": ref}


@dataclass(frozen=True)
class Game:
    """What the protocol says about one game (docs/protocol.md, Members)."""

    name: str
    prefix: str
    #: Keyword-only options of the state constructor (besides seed, dealer, hand_index).
    state_options: tuple[str, ...]
    #: Keyword-only options of the game constructor (besides seed, first_dealer, deals, totals).
    game_options: tuple[str, ...]
    state_properties: tuple[str, ...]
    state_methods: tuple[str, ...]
    game_properties: tuple[str, ...]
    game_methods: tuple[str, ...]
    #: Members of the fast engine only.
    fast_state_methods: tuple[str, ...] = ()
    rules_methods: tuple[str, ...] = ("deck",)
    deck_size: int = 52
    #: Keyword-only options of ``simulate_<name>``: a trick game's (every game's, and deck
    #: orders to deal, and the hand cap of every games mode) unless given.
    simulate_keywords: tuple[str, ...] = (
        "hands",
        "games",
        "seed",
        "policy",
        "threads",
        "stream",
        "progress",
        "deals",
        "hand_limit",
        "start",
    )
    #: The policy names the game takes, and one it refuses (another game's): a trick game's
    #: unless given.
    policies: tuple[str, ...] = ("random", "heuristic")
    other_policy: str = "greedy"

    def rules(self, engine: Any, **params: Any) -> Any:
        return getattr(engine, f"{self.prefix}Rules")(**params)

    def state_class(self, engine: Any) -> Any:
        return getattr(engine, f"{self.prefix}State")

    def game_class(self, engine: Any) -> Any:
        return getattr(engine, f"{self.prefix}Game")


COMMON_STATE_PROPERTIES = (
    "rules",
    "num_players",
    "dealer",
    "hand_index",
    "phase",
    "current_player",
    "is_over",
    "hands",
)
COMMON_GAME_PROPERTIES = (
    "rules",
    "num_players",
    "state",
    "phase",
    "current_player",
    "is_over",
    "totals",
    "hands_played",
    "hand_history",
    "winners",
)
TRICK_PROPERTIES = ("trick", "trick_number", "trick_winners", "tricks_taken")
COMMON_SIMULATE = ("hands", "games", "seed", "policy", "threads", "stream", "progress", "start")

HEARTS = Game(
    name="hearts",
    prefix="Hearts",
    state_options=("pass_direction",),
    game_options=("pass_directions", "pot"),
    state_properties=COMMON_STATE_PROPERTIES
    + TRICK_PROPERTIES
    + ("pass_direction", "pass_count", "captured", "hearts_broken"),
    state_methods=(
        "copy",
        "pending_passes",
        "pass_cards",
        "forward",
        "legal_plays",
        "play",
        "points",
        "moon_shooter",
        "hand_scores",
    ),
    game_properties=(*COMMON_GAME_PROPERTIES, "pot"),
    game_methods=("copy", "legal_plays", "pending_passes", "play", "pass_cards", "forward"),
    rules_methods=("deck", "penalty_cards", "total_penalty"),
)
SPADES = Game(
    name="spades",
    prefix="Spades",
    state_options=("totals", "bags", "redeals"),
    game_options=("bags",),
    state_properties=COMMON_STATE_PROPERTIES
    + TRICK_PROPERTIES
    + ("totals", "bags", "face_up", "bids", "redeal_claims", "plays", "spades_broken", "reneges"),
    state_methods=(
        "copy",
        "legal_bids",
        "can_bid_blind",
        "legal_bemos",
        "bid",
        "contracts",
        "deficient_seats",
        "claim_redeal",
        "legal_plays",
        "play",
        "hand_scores",
        "hand_bags",
        "bags_after",
        "totals_after",
        "boston_made",
    ),
    game_properties=(*COMMON_GAME_PROPERTIES, "bags"),
    game_methods=(
        "copy",
        "legal_bids",
        "can_bid_blind",
        "legal_bemos",
        "bid",
        "deficient_seats",
        "claim_redeal",
        "legal_plays",
        "play",
    ),
)
RUMMY = Game(
    name="rummy",
    prefix="Rummy",
    state_options=("totals",),
    game_options=(),
    state_properties=(
        *COMMON_STATE_PROPERTIES,
        "totals",
        "melds",
        "opened",
        "blocked",
        "stock_size",
        "stock",
        "pile",
        "turn",
        "went_out",
    ),
    state_methods=("copy", "legal_actions", "apply", "hand_scores", "totals_after"),
    fast_state_methods=("legal_action_count", "apply_index"),
    game_properties=COMMON_GAME_PROPERTIES,
    game_methods=("copy", "legal_actions", "apply"),
    deck_size=108,
    simulate_keywords=(*COMMON_SIMULATE, "hand_limit"),
    policies=("random", "greedy"),
    other_policy="heuristic",
)
GAMES = [HEARTS, SPADES, RUMMY]
CASES = [(g, e) for g in GAMES for e in ENGINES]
CASE_IDS = [f"{g.name}-{e}" for g, e in CASES]


@pytest.fixture(params=CASES, ids=CASE_IDS)
def case(request: pytest.FixtureRequest) -> tuple[Game, Any]:
    game, engine = request.param
    return game, ENGINES[engine]


@pytest.fixture(params=GAMES, ids=[g.name for g in GAMES])
def game(request: pytest.FixtureRequest) -> Game:
    return request.param  # type: ignore[no-any-return]


# ---------------------------------------------------------------- helpers


def kind(cls: type, name: str) -> str:
    """How ``cls`` defines ``name``: property, method, classmethod or staticmethod (the
    fast engine's getters are getset descriptors, its methods method descriptors)."""
    attr = inspect.getattr_static(cls, name)
    if isinstance(attr, (property, types.GetSetDescriptorType, types.MemberDescriptorType)):
        return "property"
    if isinstance(attr, (classmethod, types.ClassMethodDescriptorType)):
        return "classmethod"
    if isinstance(attr, staticmethod):
        return "staticmethod"
    if callable(attr):
        return "method"
    return "attribute"


def keyword_only(fn: Any, names: tuple[str, ...]) -> None:
    """Every name in ``names`` is a keyword-only parameter of ``fn``, defaulting to None."""
    params = inspect.signature(fn).parameters
    for n in names:
        assert n in params, f"{fn!r} has no option {n}"
        assert params[n].kind is inspect.Parameter.KEYWORD_ONLY, f"{fn!r}: {n} not keyword-only"
        assert params[n].default is None, f"{fn!r}: {n} does not default to None"


def rules_for_play(game: Game, engine: Any) -> Any:
    """Rules whose games end after one hand (0.7 max_hands), the rest defaults."""
    return game.rules(engine, max_hands=1)


def step(target: Any, game: Game, rng: random.Random) -> None:
    """One random legal move on a state or game of ``game``."""
    if game is RUMMY:
        target.apply(rng.choice(target.legal_actions()))
    elif game is SPADES and target.phase == "bid":
        target.bid(rng.choice(target.legal_bids()))
    elif game is HEARTS and target.phase == "pass":
        seat = target.pending_passes()[0]
        hand = target.state.hands[seat] if hasattr(target, "state") else target.hands[seat]
        k = target.state.pass_count if hasattr(target, "state") else target.pass_count
        target.pass_cards(seat, rng.sample(hand, k))
    else:
        target.play(rng.choice(target.legal_plays()))


def snapshot(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {n: repr(getattr(obj, n)) for n in names if n not in ("rules", "state")}


def play_to_end(target: Any, game: Game, rng: random.Random, check: Callable[[Any], None]) -> int:
    moves = 0
    check(target)
    while not target.is_over:
        step(target, game, rng)
        moves += 1
        check(target)
    return moves


def check_turn_invariants(target: Any) -> None:
    """is_over, phase and current_player agree; current_player is a seat or None."""
    over = target.is_over
    assert isinstance(over, bool)
    assert over == (target.phase == "over") == (target.current_player is None)
    n = target.num_players
    assert isinstance(n, int) and n == target.rules.players
    if not over:
        assert isinstance(target.current_player, int) and 0 <= target.current_player < n


# ---------------------------------------------------------------- rules classes


def test_rules_class_is_uniform(case: tuple[Game, Any]) -> None:
    game, engine = case
    R = getattr(engine, f"{game.prefix}Rules")
    # Keyword-only: a positional argument is the package's ArgumentTypeError.
    with pytest.raises(hf.ArgumentTypeError, match="keyword"):
        R(4)
    params = inspect.signature(R).parameters.values()
    assert not [p for p in params if p.kind is not p.VAR_POSITIONAL and p.kind is not p.VAR_KEYWORD]
    r = R()
    # presets / parameters class attributes; "default" first and equal to R().
    assert isinstance(R.presets, list) and R.presets[0] == "default"
    assert kind(R, "preset") == "classmethod"
    assert R.preset("default") == r
    for name in R.presets:
        assert isinstance(R.preset(name), R)
    with pytest.raises(hf.InvalidRulesError):
        R.preset("no such preset")
    with pytest.raises(hf.ArgumentTypeError):
        R.preset(5)
    d = r.to_dict()
    assert list(d) == list(R.parameters) and "players" in d and "max_hands" in d
    for name, value in d.items():
        assert getattr(r, name) == value and not callable(getattr(r, name))
    assert R(**d) == r and hash(R(**d)) == hash(r)
    assert r.replace(players=r.players) == r
    assert pickle.loads(pickle.dumps(r)) == r
    assert eval(repr(r), {R.__name__: R}) == r
    with pytest.raises(hf.InvalidRulesError):
        R(no_such_parameter=1)
    # Derived facts are methods on every rules class where the idea applies.
    for m in game.rules_methods:
        assert kind(R, m) == "method", m
    deck = r.deck()
    assert isinstance(deck, list) and deck == sorted(deck) and len(deck) == game.deck_size
    assert all(isinstance(c, int) and not isinstance(c, bool) for c in deck)


def test_derived_rules_facts_agree_across_engines() -> None:
    for a, b in [
        (hf.HeartsRules(players=5), ref.HeartsRules(players=5)),
        (
            hf.HeartsRules(players=6, french_spades=True),
            ref.HeartsRules(players=6, french_spades=True),
        ),
        (hf.SpadesRules(jokers=True), ref.SpadesRules(jokers=True)),
        (hf.RummyRules(players=3), ref.RummyRules(players=3)),
    ]:
        assert a.deck() == b.deck()
    assert hf.HeartsRules().penalty_cards() == ref.HeartsRules().penalty_cards()
    assert hf.HeartsRules().total_penalty() == ref.HeartsRules().total_penalty() == 26
    r = hf.HeartsRules(french_spades=True)
    assert r.total_penalty() == ref.HeartsRules(french_spades=True).total_penalty() == 43
    jokers = hf.SpadesRules(jokers=True).deck()
    assert 52 in jokers and 53 in jokers and 0 not in jokers and 13 not in jokers  # B.3 #5
    counts = Counter(hf.RummyRules().deck())
    assert counts[52] == 4 and all(counts[c] == 2 for c in range(52))  # C-2


# ---------------------------------------------------------------- states


def test_state_members_have_the_protocol_kinds(case: tuple[Game, Any]) -> None:
    game, engine = case
    S = game.state_class(engine)
    for name in game.state_properties:
        assert kind(S, name) == "property", f"{S.__name__}.{name}"
    methods = game.state_methods + (game.fast_state_methods if engine is hf else ())
    for name in methods:
        assert kind(S, name) == "method", f"{S.__name__}.{name}"
    assert kind(S, "from_deal") == "classmethod"
    if engine is hf:
        assert kind(S, "from_batch") == "classmethod"
    keyword_only(S, ("seed", "dealer", "hand_index", *game.state_options))
    keyword_only(S.from_deal, ("seed", "dealer", "hand_index", *game.state_options))


def test_state_options_are_keyword_only_and_none_is_the_default(case: tuple[Game, Any]) -> None:
    game, engine = case
    S = game.state_class(engine)
    r = game.rules(engine)
    with pytest.raises(TypeError):
        S(r, 0)
    base = S(r)
    for option in ("seed", "dealer", "hand_index", *game.state_options):
        assert S(r, **{option: None}) == base, option


def test_state_copy_is_independent_and_turns_are_consistent(case: tuple[Game, Any]) -> None:
    game, engine = case
    rng = random.Random(11)
    s = game.state_class(engine)(rules_for_play(game, engine), seed=5, dealer=1)
    moves = 0
    check_turn_invariants(s)
    while not s.is_over:
        c = s.copy()
        assert type(c) is type(s) and c == s and c is not s
        before = snapshot(s, game.state_properties)
        step(c, game, rng)
        assert snapshot(s, game.state_properties) == before, "a copy's move changed the original"
        assert c != s
        for dup in (copy.copy(s), copy.deepcopy(s)):
            assert dup == s and dup is not s
        step(s, game, rng)
        moves += 1
        check_turn_invariants(s)
        assert len(s.hands) == s.num_players
    assert moves > 0
    scores = s.hand_scores()
    assert isinstance(scores, list) and all(isinstance(x, int) for x in scores)
    # One entry per seat, per team in Spades (B-1).
    assert len(scores) == (2 if game is SPADES else s.num_players)
    assert s.legal_actions() == [] if game is RUMMY else s.legal_plays() == []


def test_from_deal_rebuilds_the_deal(case: tuple[Game, Any]) -> None:
    game, engine = case
    r = game.rules(engine)
    S = game.state_class(engine)
    s = S(r, seed=3, dealer=2)
    if game is RUMMY:
        t = S.from_deal(r, s.hands, s.stock, pile=s.pile, dealer=2)
    else:
        t = S.from_deal(r, s.hands, dealer=2)
    assert t.hands == s.hands and t.dealer == 2 and t.current_player == s.current_player


# ---------------------------------------------------------------- games


def test_game_members_have_the_protocol_kinds(case: tuple[Game, Any]) -> None:
    game, engine = case
    G = game.game_class(engine)
    for name in game.game_properties:
        assert kind(G, name) == "property", f"{G.__name__}.{name}"
    for name in game.game_methods:
        assert kind(G, name) == "method", f"{G.__name__}.{name}"
    keyword_only(G, ("seed", "first_dealer", "deals", "totals", *game.game_options))
    with pytest.raises(TypeError):
        G(game.rules(engine), 0)


def test_game_copy_is_independent_and_turns_are_consistent(case: tuple[Game, Any]) -> None:
    game, engine = case
    rng = random.Random(4)
    r = rules_for_play(game, engine)
    g = game.game_class(engine)(r, seed=2, first_dealer=None)
    assert g.num_players == r.players and g.hands_played == 0 and g.winners == []
    assert game.state_class(engine) is type(g.state)
    check_turn_invariants(g)
    c = g.copy()
    before = snapshot(g, game.game_properties)
    step(c, game, rng)
    assert snapshot(g, game.game_properties) == before, "a copy's move changed the game"
    assert snapshot(copy.deepcopy(g), game.game_properties) == before
    play_to_end(g, game, rng, check_turn_invariants)
    assert g.hands_played == 1 and g.winners and len(g.hand_history) == 1  # 0.7 max_hands
    assert not c.is_over  # the copy did not follow


# ---------------------------------------------------------------- IllegalMoveError.legal


def refused(call: Callable[[], Any]) -> Any:
    with pytest.raises(hf.IllegalMoveError) as info:
        call()
    assert isinstance(info.value, ValueError)
    return info.value.legal


def test_illegal_move_error_holds_what_is_legal_now(case: tuple[Game, Any]) -> None:
    """IllegalMoveError.legal is what the legality query matching the refused call returns
    at that moment, in every phase (docs/protocol.md, Errors)."""
    game, engine = case
    rng = random.Random(8)
    r = rules_for_play(game, engine)
    for target in (game.state_class(engine)(r, seed=9), game.game_class(engine)(r, seed=9)):
        phases = set()
        while True:
            phases.add(target.phase)
            if game is RUMMY:
                legal = target.legal_actions()
                bad = ("meld", (0, 1))  # never legal: not a valid meld
                assert refused(lambda t=target, b=bad: t.apply(b)) == legal
                if engine is hf and not hasattr(target, "state"):
                    n = target.legal_action_count()
                    assert refused(lambda t=target, n=n: t.apply_index(n)) == legal
            else:
                legal_plays = target.legal_plays()
                held = target.state.hands if hasattr(target, "state") else target.hands
                seat = target.current_player if target.current_player is not None else 0
                unheld = next(c for c in range(52) if c not in held[seat])
                assert refused(lambda t=target, c=unheld: t.play(c)) == legal_plays
                if game is SPADES:
                    assert refused(lambda t=target: t.bid(14)) == target.legal_bids()
                    assert refused(lambda t=target: t.claim_redeal(0)) == target.deficient_seats()
                if game is HEARTS:
                    pending = target.pending_passes()
                    hands = target.state.hands if hasattr(target, "state") else target.hands
                    expect = hands[pending[0]] if pending else []
                    p0 = pending[0] if pending else 0
                    assert refused(lambda t=target, p=p0: t.pass_cards(p, [])) == expect
                    forward = pending if target.rules.pass_through else []
                    assert refused(lambda t=target: t.forward(9)) == forward
            if target.is_over:
                break
            step(target, game, rng)
        assert "over" in phases and len(phases) >= 2


# ---------------------------------------------------------------- cards


CANONICAL = [r + s for s in "CDHS" for r in "23456789TJQKA"] + ["LJ", "BJ"]


def test_one_card_naming_round_trips_for_every_id(engine: Any) -> None:
    """card_name(card(x)) == x for every canonical name, card(card_name(i)) == i for every id
    0..53, jokers included; the other accepted spellings read as their canonical name."""
    assert [engine.card_name(i) for i in range(54)] == CANONICAL
    for i, name in enumerate(CANONICAL):
        assert engine.card(name) == i and engine.card_name(engine.card(name)) == name
    for alias, name in [("10H", "TH"), ("qs", "QS"), ("Q♠", "QS"), ("jk", "LJ"), ("lj", "LJ")]:
        assert engine.card_name(engine.card(alias)) == name
    assert (
        engine.spades_card_name is engine.card_name
        or [engine.spades_card_name(i) for i in range(54)] == CANONICAL
    )
    for bad in (-1, 54, 2**70):
        with pytest.raises(hf.InvalidCardError):
            engine.card_name(bad)
    with pytest.raises(hf.ArgumentTypeError):
        engine.card_name(True)
    with pytest.raises(hf.InvalidCardError):
        engine.card("XX")


def test_fast_card_set_holds_no_jokers() -> None:
    assert hf.spades_card_name is hf.card_name
    with pytest.raises(hf.InvalidCardError):
        hf.CardSet.from_names("QS LJ")


# ---------------------------------------------------------------- index arguments


def test_every_index_has_one_range_and_one_error_class(case: tuple[Game, Any]) -> None:
    """hand_index= (and, in the fast engine, from_batch's index and Policy's index) is an int
    0..2**64-1; outside it InvalidArgumentError, whose message shows that range."""
    game, engine = case
    r = game.rules(engine)
    S = game.state_class(engine)
    top = 2**64 - 1
    assert S(r, hand_index=top).hand_index == top
    calls: list[Callable[[int], Any]] = [lambda i: S(r, hand_index=i)]
    if engine is hf:
        calls += [lambda i: S.from_batch(r, 0, i), lambda i: hf.Policy(index=i)]
        assert S.from_batch(r, 0, top).hand_index == top
    for call in calls:
        for bad in (-1, top + 1):
            with pytest.raises(hf.InvalidArgumentError, match=r"0\.\.2\*\*64-1"):
                call(bad)
        with pytest.raises(hf.ArgumentTypeError):
            call(1.0)  # type: ignore[arg-type]


def test_every_seed_has_one_range(case: tuple[Game, Any]) -> None:
    """A seed is None (= 0) or an int 0..2**64-1 in every constructor; outside it
    InvalidArgumentError."""
    game, engine = case
    r = game.rules(engine)
    for make in (game.state_class(engine), game.game_class(engine)):
        assert make(r, seed=2**64 - 1).num_players == r.players
        for bad in (-1, 2**64):
            with pytest.raises(hf.InvalidArgumentError, match="seed"):
                make(r, seed=bad)


def test_hand_constructors_check_the_shared_arguments_in_one_order(
    case: tuple[Game, Any],
) -> None:
    """Every hand constructor checks rules, dealer, hand_index, seed in that order, before
    any argument of its own game; each step's error wins over every later one."""
    game, engine = case
    r = game.rules(engine)
    S = game.state_class(engine)
    bad_own = {"hearts": {"pass_direction": 7}, "spades": {"totals": 5}, "rummy": {"totals": 5}}
    own = bad_own[game.name]
    deal = ("x", "x") if game.name == "rummy" else ("x",)  # hands (and stock): checked last
    for make in (S, lambda rules, **k: S.from_deal(rules, *deal, **k)):
        with pytest.raises(hf.ArgumentTypeError, match="rules"):
            make("x", dealer=99, hand_index=-1, seed=-1, **own)
        with pytest.raises(hf.InvalidDealError, match="dealer"):
            make(r, dealer=99, hand_index=-1, seed=-1, **own)
        with pytest.raises(hf.InvalidArgumentError, match="hand_index"):
            make(r, hand_index=-1, seed=-1, **own)
        with pytest.raises(hf.InvalidArgumentError, match="seed"):
            make(r, seed=-1, **own)
        with pytest.raises((hf.ArgumentTypeError, hf.InvalidRulesError)):
            make(r, **own)


def test_game_constructors_check_the_shared_arguments_in_one_order(
    case: tuple[Game, Any],
) -> None:
    """Every game constructor checks rules, first_dealer, seed in that order (the hands'
    order), before any argument of its own game."""
    game, engine = case
    r = game.rules(engine)
    G = game.game_class(engine)
    with pytest.raises(hf.ArgumentTypeError, match="rules"):
        G("x", first_dealer=99, seed=-1, totals=5)
    with pytest.raises(hf.InvalidDealError, match="first_dealer"):
        G(r, first_dealer=99, seed=-1, totals=5)
    with pytest.raises(hf.InvalidArgumentError, match="seed"):
        G(r, seed=-1, totals=5)
    with pytest.raises(hf.ArgumentTypeError, match="totals"):
        G(r, totals=5)


# ---------------------------------------------------------------- Spades bids


def test_bids_are_bid_named_tuples_in_both_engines(engine: Any) -> None:
    s = engine.SpadesState(engine.SpadesRules(bemo=True), seed=1)
    s.bid(3, bemo="little")
    b = s.bids[s.dealer + 1]
    assert type(b).__name__ == "Bid" and b._fields == ("value", "nil", "blind", "bemo")
    assert b == (3, False, False, "little") and b.value == 3 and b.bemo == "little"
    keyword_only(engine.SpadesState.bid, ("blind", "bemo"))
    with pytest.raises(TypeError):
        s.bid(2, False)


# ---------------------------------------------------------------- batch (fast engine)


def resolve(annotation: Any) -> set[Any]:
    """The numpy dtypes (or Python types) of a TypedDict annotation (a string: the module
    defining the TypedDicts postpones annotations)."""
    text = getattr(annotation, "__forward_arg__", annotation)
    out = set()
    for part in text.split("|"):
        part = part.strip()
        if part.startswith("npt.NDArray["):
            out.add(np.dtype(getattr(np, part[len("npt.NDArray[np.") : -1])))
        elif part == "list[int]":  # the exact sums of a stream: Python ints
            out.add(list)
        else:
            out.add({"int": int, "float": float}[part])
    return out


def check_columns(result: dict[str, Any], spec: Any) -> None:
    """Every column is declared in the TypedDict, with the declared dtype."""
    ann = spec.__annotations__
    for key, value in result.items():
        assert key in ann, f"{key} is not declared in {spec.__name__}"
        allowed = resolve(ann[key])
        got = value.dtype if isinstance(value, np.ndarray) else type(value)
        assert got in allowed, f"{spec.__name__}[{key!r}]: {got} not in {allowed}"


def test_simulate_keywords_and_typed_results(game: Game) -> None:
    sim = getattr(hf, f"simulate_{game.name}")
    spec = getattr(hf, f"{game.prefix}Simulation")
    keyword_only(sim, game.simulate_keywords)
    r = game.rules(hf)
    hands = sim(r, hands=40, seed=1, threads=1)
    games = sim(r, games=3, seed=1, threads=1)
    stream = sim(r, hands=40, seed=1, threads=1, stream=True)
    for result in (hands, games, stream):
        assert isinstance(result, dict)
        check_columns(result, spec)
    assert hands["hand_scores"].dtype == np.int32
    assert games["finished"].dtype == np.bool_ and games["finished"].shape == (3,)
    assert stream["hands"] == 40
    if "deals" in game.simulate_keywords:
        decks = np.stack([np.random.default_rng(i).permutation(52) for i in range(5)])
        assert sim(r, deals=decks, seed=1)["tricks"].shape == (5, 4)
    if "hand_limit" in game.simulate_keywords:
        cut = sim(r, games=2, seed=1, hand_limit=1)
        assert (cut["hands_played"] <= 1).all()


def test_the_same_column_has_the_same_dtype_in_every_game() -> None:
    specs = [hf.HeartsSimulation, hf.SpadesSimulation, hf.RummySimulation]
    seen: dict[str, set[Any]] = {}
    for spec in specs:
        for key, ann in spec.__annotations__.items():
            types_ = resolve(ann)
            if key in seen and key != "totals":  # Hearts chips totals may also be float64
                assert seen[key] == types_, key
            seen.setdefault(key, types_)
    for key in ("hand_scores", "totals", "winners", "hands_played", "finished", "hands"):
        assert all(key in s.__annotations__ for s in specs), key


def test_batch_replay_is_from_batch_plus_policy(game: Game) -> None:
    """Hand i of simulate_* is from_batch(rules, seed, i) played by Policy(policy, seed=seed,
    index=i), with the same policy argument (None: the game's default)."""
    sim = getattr(hf, f"simulate_{game.name}")
    S = game.state_class(hf)
    r = game.rules(hf)
    for policy in (None, *game.policies):
        out = sim(r, hands=3, seed=21, policy=policy, threads=1)
        for i in range(3):
            s = S.from_batch(r, 21, i)
            assert s.dealer == i % r.players and s.hand_index == i
            bot = hf.Policy(policy, seed=21, index=i)
            assert bot.act(s) is True
            bot.play_out(s)
            assert s.is_over and bot.act(s) is False
            assert s.hand_scores() == out["hand_scores"][i].tolist()
    with pytest.raises(hf.InvalidArgumentError, match="policies"):
        hf.Policy(game.other_policy).act(S.from_batch(r, 21, 0))
    with pytest.raises(hf.InvalidArgumentError, match="policies"):
        sim(r, hands=1, policy=game.other_policy)


def test_a_policy_reused_across_hands_chooses_as_a_fresh_copy(game: Game) -> None:
    """One Policy asked about two hands in turn, all the way through (the rummy greedy policy
    keeps a cache between its decisions), chooses at every step what a fresh copy at the same
    point of its stream chooses: what it remembers never changes a choice."""
    S = game.state_class(hf)
    r = game.rules(hf)
    for policy in (None, *game.policies):
        bot = hf.Policy(policy, seed=5, index=0)
        hands = [S.from_batch(r, 5, 0), S.from_batch(r, 5, 1)]
        steps = 0
        while not all(h.is_over for h in hands) and steps < 4000:
            for h in hands:
                if h.is_over:
                    continue
                mover, fresh = copy.copy(bot), copy.copy(bot)
                assert bot.choose(h) == fresh.choose(h), (policy, steps)
                assert mover.act(h) is True
                steps += 1
        assert all(h.is_over for h in hands), policy


def test_simulation_typed_dicts_are_importable() -> None:
    for spec in (hf.HeartsSimulation, hf.SpadesSimulation, hf.RummySimulation):
        assert typing.is_typeddict(spec)
    assert hf.SimulationResult is hf.HeartsSimulation


# ---------------------------------------------------------------- text forms (branch textform)


class TestTextMembers:
    """to_text()/from_text() in one versioned grammar, an eval-able repr, pickling and == for
    every state and game of both engines (docs/protocol.md, Text forms)."""

    @staticmethod
    def check_text_members(x: Any, game: Game) -> None:
        """At six steps of a random play of ``x``: ``to_text`` is a method and ``from_text``
        a classmethod, and the text, the repr, a pickle and a copy give an equal object."""
        cls = type(x)
        rng = random.Random(3)
        for _ in range(6):
            assert kind(cls, "to_text") == "method" and kind(cls, "from_text") == "classmethod"
            text = x.to_text()
            assert isinstance(text, str) and cls.from_text(text) == x
            assert x.copy() == x
            assert eval(repr(x), {cls.__name__: cls}) == x
            assert pickle.loads(pickle.dumps(x)) == x
            step(x, game, rng)

    def test_states(self, case: tuple[Game, Any]) -> None:
        game, engine = case
        self.check_text_members(game.state_class(engine)(game.rules(engine), seed=4), game)

    def test_games(self, case: tuple[Game, Any]) -> None:
        game, engine = case
        G = game.game_class(engine)
        self.check_text_members(G(rules_for_play(game, engine), seed=4), game)

    def test_one_versioned_grammar(self, case: tuple[Game, Any]) -> None:
        game, engine = case
        S = game.state_class(engine)
        first = S(game.rules(engine)).to_text().splitlines()[0]
        assert "version" in first or first.split()[0].lower().startswith("hearts-fast")
