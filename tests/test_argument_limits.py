"""Numbers and strings a caller passes (issue #10): every int becomes an engine integer
without clipping or wrapping, out-of-range totals and pots are refused with the value given
and the allowed range, chip amounts are exact multiples of 1/60 and a chip pot is conserved
(A-24), strings must be valid text, and a call of the wrong shape is the package's
``ArgumentTypeError``, in both engines alike."""

from __future__ import annotations

import inspect
import pickle
import re
from fractions import Fraction
from types import ModuleType
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
from tests.helpers import examples

#: Largest magnitude of a Hearts total or pot (points or chips; HeartsGame docs).
MAX_AMOUNT = 10**9
#: Largest magnitude of a Spades or rummy total.
MAX_TOTAL = 10**12

SURROGATE = "\ud800"


def refused(exc: type[BaseException], fn: Callable[[], Any], *shown: str) -> str:
    """``fn()`` raises ``exc`` whose message holds every string of ``shown``."""
    with pytest.raises(exc) as info:
        fn()
    message = str(info.value)
    for s in shown:
        assert s in message, (s, message)
    return message


# ------------------------------------------------------------------ totals and pot


@pytest.mark.parametrize(
    ("scoring", "total"),
    [
        ("positive", -(2**63)),
        ("negative", -(2**63)),
        ("positive", 2**70),
        ("chips", -(2**63)),
        ("chips", Fraction(-(2**63), 60)),
        ("chips", 2**200),
        ("positive", MAX_AMOUNT + 1),
        ("chips", -MAX_AMOUNT - Fraction(1, 60)),
    ],
)
def test_A22_A24_hearts_totals_out_of_range_are_refused(
    engine: ModuleType, scoring: str, total: int | Fraction
) -> None:
    rules = engine.HeartsRules(scoring=scoring)
    refused(
        engine.InvalidRulesError,
        lambda: engine.HeartsGame(rules, totals=[total, 0, 0, 0]),
        str(total),
        str(MAX_AMOUNT),
    )


@pytest.mark.parametrize("scoring", ["positive", "negative", "chips"])
def test_A22_A24_hearts_totals_at_the_limit_are_kept_exactly(
    engine: ModuleType, scoring: str
) -> None:
    rules = engine.HeartsRules(scoring=scoring, max_hands=1)
    totals = [MAX_AMOUNT, -MAX_AMOUNT, 0, 7]
    g = engine.HeartsGame(rules, totals=totals)
    assert g.totals == totals
    assert type(g).from_text(g.to_text()).totals == totals


def test_A23_a_negative_total_never_wraps(engine: ModuleType) -> None:
    rules = engine.HeartsRules(scoring="negative", max_hands=1)
    g = engine.HeartsGame(rules, seed=3, totals=[-MAX_AMOUNT] * 4)
    while not g.is_over:
        g.play(g.legal_plays()[0]) if g.phase == "play" else pass_first(g)
    assert all(t <= -MAX_AMOUNT for t in g.totals)


def pass_first(g: Any) -> None:
    """The first pending seat passes its lowest cards."""
    seat = g.pending_passes()[0]
    g.pass_cards(seat, sorted(g.state.hands[seat])[: g.state.pass_count])


@pytest.mark.parametrize(
    "pot",
    [
        -1,
        MAX_AMOUNT + 1,
        2**64,
        -(2**63),
        Fraction(1, 60),
        Fraction(1, 2),
        Fraction(1, 10**30),
        Fraction(10**30, 7),
        Fraction(2**70),
    ],
)
def test_A24_a_pot_is_whole_chips_within_the_limit(engine: ModuleType, pot: int | Fraction) -> None:
    rules = engine.HeartsRules(scoring="chips")
    refused(engine.InvalidRulesError, lambda: engine.HeartsGame(rules, pot=pot), "pot", str(pot))


@pytest.mark.parametrize("total", [Fraction(1, 10**30), Fraction(1, 7), Fraction(10**40, 3)])
def test_A24_chip_totals_are_multiples_of_a_sixtieth(engine: ModuleType, total: Fraction) -> None:
    rules = engine.HeartsRules(scoring="chips")
    refused(engine.InvalidRulesError, lambda: engine.HeartsGame(rules, totals=[total, 0, 0, 0]))


def test_A24_the_largest_pot_and_totals_are_accepted(engine: ModuleType) -> None:
    rules = engine.HeartsRules(scoring="chips", max_hands=1)
    g = engine.HeartsGame(
        rules, pot=MAX_AMOUNT, totals=[-MAX_AMOUNT + Fraction(1, 60), MAX_AMOUNT, 0, 0]
    )
    assert g.pot == MAX_AMOUNT
    assert g.totals[0] == -MAX_AMOUNT + Fraction(1, 60)


@pytest.mark.parametrize(
    ("cls", "seats"),
    [("RummyState", 4), ("RummyGame", 4), ("SpadesState", 2), ("SpadesGame", 2)],
)
@pytest.mark.parametrize("total", [-(2**200), -(2**127), -(2**63), 2**64, MAX_TOTAL + 1])
def test_B20_C21_totals_out_of_range_show_the_value_given(
    engine: ModuleType, cls: str, seats: int, total: int
) -> None:
    make = getattr(engine, cls)
    rules = getattr(engine, cls.replace("State", "Rules").replace("Game", "Rules"))()
    message = refused(
        engine.InvalidRulesError,
        lambda: make(rules, totals=[total] + [0] * (seats - 1)),
        str(total),
    )
    assert re.search(r"10\*\*12|1000000000000", message)


@pytest.mark.parametrize("cls", ["RummyState", "RummyGame"])
def test_C21_rummy_totals_at_the_limit(engine: ModuleType, cls: str) -> None:
    totals = [-MAX_TOTAL, MAX_TOTAL, 0, 0]
    assert getattr(engine, cls)(engine.RummyRules(), totals=totals).totals == totals


def test_B20_spades_bags_beyond_any_int64_show_the_value_given(engine: ModuleType) -> None:
    refused(
        engine.InvalidRulesError,
        lambda: engine.SpadesState(engine.SpadesRules(), bags=[2**100, 0]),
        str(2**100),
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda: hf.HeartsState(hf.HeartsRules(), seed=2**200),
        lambda: hf.HeartsState(hf.HeartsRules(), hand_index=-(2**200)),
        lambda: hf.HeartsState(hf.HeartsRules(), dealer=2**200),
        lambda: hf.card_name(2**200),
        lambda: hf.CardSet(2**200),
        lambda: hf.CardSet.suit(-(2**200)),
        lambda: hf.simulate_hearts(hf.HeartsRules(), hands=2**200),
        lambda: hf.HeartsRules(target=2**200),
        lambda: hf.RummyState.from_deal(hf.RummyRules(), [[2**200]], []),
    ],
)
def test_every_int_argument_shows_the_value_given(call: Callable[[], Any]) -> None:
    """An int beyond 128 bits is refused with its own digits, never a clipped number."""
    refused(hf.HeartsFastError, call, str(2**200))


# ------------------------------------------------------------------ chip conservation


def play_out(g: Any, seed: int) -> None:
    """Plays the current hand of ``g`` to its end with seeded choices."""
    hands = g.hands_played
    k = seed
    while g.hands_played == hands and not g.is_over:
        if g.phase == "pass":
            pass_first(g)
        else:
            legal = g.legal_plays()
            k = (k * 1103515245 + 12345) % 2**31
            g.play(legal[k % len(legal)])


@given(
    seed=st.integers(0, 2**64 - 1),
    pot_sixtieths=st.integers(0, 1000).map(lambda chips: 60 * chips) | st.integers(0, 60_000),
    players=st.integers(3, 7),
    extra=st.lists(st.integers(0, 59), min_size=7, max_size=7),
)
@examples(0.1)
def test_A24_chips_are_conserved_exactly(
    seed: int, pot_sixtieths: int, players: int, extra: list[int]
) -> None:
    """Outside a moon chips only move between the players and the pot, in exact shares; a
    moon moves them between players. The sum of totals and pot never changes, and both
    engines agree hand by hand. A pot holds whole chips: another is refused by both."""
    import hearts_fast.reference as ref

    totals = [Fraction(100 * 60 + e, 60) for e in extra[:players]]
    pot = Fraction(pot_sixtieths, 60)
    params = {"scoring": "chips", "players": players, "pass_direction": "hold", "max_hands": 3}
    rules = hf.HeartsRules(**params)
    deals = [
        hf.HeartsState(rules, seed=seed, dealer=h % players, hand_index=h).hands for h in range(3)
    ]

    def game(m: ModuleType) -> Any:
        return m.HeartsGame(m.HeartsRules(**params), deals=deals, totals=totals, pot=pot)

    if pot.denominator != 1:
        for m in (hf, ref):
            refused(m.InvalidRulesError, lambda m=m: game(m), "whole number of chips")
        return
    games = [game(hf), game(ref)]
    chips = sum(totals) + pot
    while not games[0].is_over:
        for g in games:
            play_out(g, seed)
            assert sum(g.totals) + g.pot == chips
            assert all((t * 60).denominator == 1 for t in g.totals)
        assert games[0].totals == games[1].totals
        assert games[0].pot == games[1].pot


def test_A24_a_resumed_pot_is_shared_exactly(engine: ModuleType) -> None:
    """The repro of issue #10: a resumed pot of 1/60 chip lost that chip in 17 of 40 seeds.
    A pot is whole chips (the only pots play reaches), and whole pots are shared exactly."""
    rules = engine.HeartsRules(scoring="chips", pass_direction="hold")
    refused(
        engine.InvalidRulesError,
        lambda: engine.HeartsGame(rules, seed=0, pot=Fraction(1, 60)),
        "whole number of chips",
        "1/60",
    )
    for seed in range(40):
        g = engine.HeartsGame(rules, seed=seed, pot=1)
        chips = sum(g.totals) + g.pot
        play_out(g, seed)
        assert sum(g.totals) + g.pot == chips


# ------------------------------------------------------------------ strings


def text_calls(m: ModuleType) -> list[Callable[[], Any]]:
    """A call per string argument of both engines, each given a lone surrogate."""
    s = SURROGATE
    hearts, spades, rummy = m.HeartsRules(), m.SpadesRules(), m.RummyRules()
    calls: list[Callable[[], Any]] = [
        lambda: m.card(s),
        lambda: m.card("Q" + s),
        lambda: m.HeartsRules(scoring=s),
        lambda: m.HeartsRules(pass_count=s),
        lambda: m.RummyRules(max_jokers_per_meld=s),
        lambda: m.HeartsRules.preset(s),
        lambda: m.HeartsState(m.HeartsRules(pass_direction="random"), pass_direction=s),
        lambda: m.HeartsGame(m.HeartsRules(pass_direction="random"), pass_directions=[s]),
        lambda: m.SpadesState(m.SpadesRules(bemo=True), seed=1).bid(3, bemo=s),
        lambda: m.RummyState(rummy, seed=1).apply((s,)),
        lambda: m.RummyState(rummy, seed=1).apply(("lay_off", 0, 0, s)),
    ]
    for cls in ("HeartsState", "HeartsGame", "SpadesState", "SpadesGame"):
        rules = {"H": hearts, "S": spades}[cls[0]]
        text = getattr(m, cls)(rules, seed=1).to_text()
        calls.append(lambda cls=cls, text=text: getattr(m, cls).from_text(text + s))
    for cls in ("RummyState", "RummyGame"):
        text = getattr(m, cls)(rummy, seed=1).to_text()
        calls.append(lambda cls=cls, text=text: getattr(m, cls).from_text(s + text))
    return calls


@pytest.mark.parametrize("i", range(len(text_calls(hf))))
def test_strings_must_be_valid_text(engine: ModuleType, i: int) -> None:
    refused(engine.ArgumentTypeError, text_calls(engine)[i], "valid text")


@pytest.mark.parametrize(
    "call",
    [
        lambda: hf.CardSet.from_names("QS " + SURROGATE),
        lambda: hf.simulate_hearts(hf.HeartsRules(), hands=1, policy=SURROGATE),
        lambda: hf.simulate_rummy(hf.RummyRules(), hands=1, policy=[SURROGATE] * 4),
        lambda: hf.Policy(SURROGATE),
    ],
)
def test_strings_of_the_fast_engine_only_must_be_valid_text(call: Callable[[], Any]) -> None:
    refused(hf.ArgumentTypeError, call, "valid text")


def test_a_rule_name_with_a_surrogate_is_an_unknown_rule(engine: ModuleType) -> None:
    refused(engine.InvalidRulesError, lambda: engine.HeartsRules(**{SURROGATE: 1}), "allowed")


# ------------------------------------------------------------------ call shapes


def shape_calls(m: ModuleType) -> list[Callable[[], Any]]:
    """Calls of a wrong shape to every constructor and reconstructor of both engines."""
    hearts, spades, rummy = m.HeartsRules(), m.SpadesRules(), m.RummyRules()
    deal = m.HeartsState(hearts, seed=1).hands
    calls: list[Callable[[], Any]] = [
        lambda: m.HeartsState.from_deal(hearts, deal, 0),
        lambda: m.HeartsState.from_deal(hearts),
        lambda: m.HeartsState.from_deal(hearts, deal, foo=1),
        lambda: m.HeartsRules.preset(),
        lambda: m.HeartsRules.preset("default", "corazones"),
        lambda: m.HeartsRules().replace(1),
    ]
    for cls, rules in [
        ("HeartsState", hearts),
        ("HeartsGame", hearts),
        ("SpadesState", spades),
        ("SpadesGame", spades),
        ("RummyState", rummy),
        ("RummyGame", rummy),
    ]:
        make = getattr(m, cls)
        calls += [
            lambda make=make, rules=rules: make(rules, 1),
            lambda make=make, rules=rules: make(rules, foo=1),
            lambda make=make: make(),
            lambda make=make, rules=rules: make(rules, rules=rules),
            lambda make=make: make.from_text(),
            lambda make=make: make.from_text("a", "b"),
            lambda make=make: make.from_text(txt="a"),
        ]
    return calls


@pytest.mark.parametrize("i", range(len(shape_calls(hf))))
def test_a_call_of_the_wrong_shape_is_an_argument_type_error(engine: ModuleType, i: int) -> None:
    refused(engine.ArgumentTypeError, shape_calls(engine)[i])


def test_a_wrong_shape_lists_the_keywords(engine: ModuleType) -> None:
    refused(
        engine.ArgumentTypeError,
        lambda: engine.HeartsState(engine.HeartsRules(), foo=1),
        "foo",
        "seed, dealer, hand_index, pass_direction",
    )


@pytest.mark.parametrize("cls", ["HeartsState", "SpadesGame", "RummyState", "HeartsRules"])
@pytest.mark.parametrize("garbage", [(), (1,), (None, None), ({1: 2},), ("x",), ([],)])
def test_pickle_reconstructors_refuse_garbage(
    engine: ModuleType, cls: str, garbage: tuple[Any, ...]
) -> None:
    make = getattr(engine, cls)
    game = cls.replace("State", "").replace("Game", "").replace("Rules", "")
    rules = getattr(engine, game + "Rules")()
    obj = rules if cls.endswith("Rules") else make(rules, seed=1)
    rebuild, args = obj.__reduce__()
    assert pickle.loads(pickle.dumps(obj)) == obj
    if cls.endswith("Rules") and engine is not hf:
        garbage = (args[0], *garbage)  # the reference's reconstructor takes the class first
    with pytest.raises(engine.HeartsFastError):
        rebuild(*garbage)


def test_rust_only_constructors_refuse_a_wrong_shape() -> None:
    rules = hf.HeartsRules()
    for call in [
        lambda: hf.HeartsState.from_batch(rules, 1),
        lambda: hf.HeartsState.from_batch(rules, 1, 2, 3),
        lambda: hf.RummyState.from_batch(rules=hf.RummyRules(), seed=1, index=2, x=1),
    ]:
        refused(hf.ArgumentTypeError, call, "positional argument")
    assert hf.SpadesState.from_batch(rules=hf.SpadesRules(), seed=1, index=2) is not None


def test_A11_a_seven_player_forward_names_seats_0_to_6(engine: ModuleType) -> None:
    state = engine.HeartsState(engine.HeartsRules(players=7), seed=1)
    state.forward(2)
    text = state.to_text().replace("forward:2", "forward:7")
    message = refused(engine.InvalidArgumentError, lambda: engine.HeartsState.from_text(text))
    assert "0..7" not in message


@pytest.mark.parametrize(
    ("cls", "method"),
    [
        (cls, method)
        for cls in ("HeartsState", "SpadesState", "RummyState")
        for method in ("__init__", "from_deal", "from_text")
    ]
    + [(cls, "__init__") for cls in ("HeartsGame", "SpadesGame", "RummyGame")],
)
def test_the_signature_names_the_arguments_a_call_takes(
    engine: ModuleType, cls: str, method: str
) -> None:
    """``inspect.signature`` (what the stubs are checked against) and the arguments a call
    reads agree: the wrong-shape message lists exactly the signature's parameters."""
    target = getattr(engine, cls)
    fn = target if method == "__init__" else getattr(target, method)
    params = inspect.signature(fn).parameters.values()
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    keywords = [p.name for p in params if p.kind is p.KEYWORD_ONLY]
    assert all(p.default is None for p in params if p.kind is p.KEYWORD_ONLY)
    with pytest.raises(engine.ArgumentTypeError) as info:
        fn(*range(len(positional) + 1))
    shape = re.search(
        r"arguments? \(([^)]*)\) and the keyword-only arguments ([^;]*);", str(info.value)
    )
    assert shape is not None, str(info.value)
    assert shape.group(1).split(", ") == positional
    assert shape.group(2).split(", ") == (keywords or [""])


@pytest.mark.parametrize(
    ("cls", "rules", "zeros"),
    [
        ("HeartsGame", {}, "totals=0,0,0,0"),
        ("HeartsGame", {"scoring": "chips"}, "totals=100,100,100,100"),
        ("RummyGame", {}, "totals=0,0,0,0"),
        ("RummyState", {}, "totals=0,0,0,0"),
        ("SpadesState", {}, "totals=0,0"),
    ],
)
@pytest.mark.parametrize("total", [-(2**63), 2**63, -(2**64)])
def test_A24_C21_B20_text_totals_beyond_the_limit_are_refused(
    engine: ModuleType, cls: str, rules: dict[str, Any], zeros: str, total: int
) -> None:
    """A text form takes the constructor's ranges: no total wraps when it is read."""
    make = getattr(engine, cls)
    rules_cls = getattr(engine, cls.replace("State", "Rules").replace("Game", "Rules"))
    text = make(rules_cls(**rules)).to_text()
    assert zeros in text
    bad = text.replace(zeros, zeros.replace("=0", f"={total}").replace("=100", f"={total}"))
    refused(engine.InvalidArgumentError, lambda: make.from_text(bad), str(total))
