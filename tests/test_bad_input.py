"""Bad input: every public entry point refuses it with a clear hearts-fast exception, leaves
the object unchanged, and never lets a Rust panic reach Python (issue #2)."""

from __future__ import annotations

import pickle
from fractions import Fraction
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf

RULES = hf.HeartsRules(pass_direction="hold")


def fresh_play_state() -> hf.HeartsState:
    return hf.HeartsState(RULES, seed=11)


def fresh_pass_state() -> hf.HeartsState:
    return hf.HeartsState(hf.HeartsRules(), seed=11)


def expect(
    exc: type[BaseException], fn: Callable[[], Any], state: Any = None, match: str | None = None
) -> BaseException:
    """Call fn, demand exc, and check the state is unchanged."""
    before = state.to_text() if state is not None else None
    with pytest.raises(exc, match=match) as info:
        fn()
    if state is not None:
        assert state.to_text() == before, "a failed call changed the state"
    return info.value


def test_A16_illegal_play_names_card_and_legal_set() -> None:
    s = fresh_play_state()
    legal = s.legal_plays()
    hand = s.hands[s.current_player or 0]
    bad = next(c for c in hand if c not in legal)
    err = expect(hf.IllegalMoveError, lambda: s.play(bad), s, match=hf.card_name(bad))
    assert isinstance(err, hf.IllegalMoveError)
    assert err.card == bad and err.legal == legal
    assert "legal plays" in str(err)
    assert isinstance(err, ValueError)


def test_A13_must_follow_suit_message() -> None:
    s = fresh_play_state()
    s.play(s.legal_plays()[0])
    follower = s.current_player
    assert follower is not None
    legal = s.legal_plays()
    off = [c for c in s.hands[follower] if c not in legal]
    if off:
        expect(hf.IllegalMoveError, lambda: s.play(off[0]), s, match="follow suit|penalty")


def test_card_not_in_hand_and_unknown_card() -> None:
    s = fresh_play_state()
    other = s.hands[((s.current_player or 0) + 1) % 4][0]
    expect(hf.IllegalMoveError, lambda: s.play(other), s, match="not in the player's hand")
    expect(hf.InvalidCardError, lambda: s.play(52), s, match=r"0\.\.51")
    expect(hf.InvalidCardError, lambda: s.play(-1), s)
    expect(hf.ArgumentTypeError, lambda: s.play("QS"), s)  # type: ignore[arg-type]
    expect(hf.ArgumentTypeError, lambda: s.play(True), s)
    expect(hf.ArgumentTypeError, lambda: s.play(None), s)  # type: ignore[arg-type]
    expect(hf.ArgumentTypeError, lambda: s.play(1.0), s)  # type: ignore[arg-type]


def test_A8_wrong_phase_and_pass_errors() -> None:
    s = fresh_pass_state()
    assert s.phase == "pass"
    hand0 = s.hands[0]
    expect(hf.IllegalMoveError, lambda: s.play(hand0[0]), s, match="phase")
    expect(hf.IllegalMoveError, lambda: s.pass_cards(0, hand0[:3]), s, match="exactly 4")
    expect(hf.IllegalMoveError, lambda: s.pass_cards(0, [*hand0[:3], hand0[0]]), s, match="twice")
    expect(hf.IllegalMoveError, lambda: s.pass_cards(0, s.hands[1][:4]), s, match="not in seat 0")
    expect(hf.IllegalMoveError, lambda: s.pass_cards(4, hand0[:4]), s, match="seat")
    expect(hf.IllegalMoveError, lambda: s.pass_cards(-1, hand0[:4]), s, match="seat")
    expect(hf.ArgumentTypeError, lambda: s.pass_cards(0, "2C 3C"), s)  # type: ignore[arg-type]
    expect(hf.ArgumentTypeError, lambda: s.pass_cards(0, 5), s)  # type: ignore[arg-type]
    s.pass_cards(0, hand0[:4])
    expect(hf.IllegalMoveError, lambda: s.pass_cards(0, hand0[4:8]), s, match="already")
    expect(hf.IllegalMoveError, lambda: s.forward(0), s, match="already")
    nofwd = hf.HeartsState(hf.HeartsRules(pass_through=False), seed=1)
    expect(hf.IllegalMoveError, lambda: nofwd.forward(1), nofwd, match="pass_through")
    play = fresh_play_state()
    expect(hf.IllegalMoveError, lambda: play.pass_cards(0, play.hands[0][:4]), play, match="phase")
    expect(hf.IllegalMoveError, lambda: play.forward(0), play, match="phase")


def test_play_after_the_hand_is_over() -> None:
    s = fresh_play_state()
    while s.phase == "play":
        s.play(s.legal_plays()[0])
    assert s.legal_plays() == [] and s.current_player is None
    expect(hf.IllegalMoveError, lambda: s.play(0), s, match="over")


def deal4() -> list[list[int]]:
    return [list(range(i * 13, i * 13 + 13)) for i in range(4)]


def test_from_deal_refuses_bad_deals() -> None:
    good = deal4()
    hf.HeartsState.from_deal(RULES, good)
    dup = [list(h) for h in good]
    dup[1][0] = dup[0][0]
    expect(
        hf.InvalidDealError, lambda: hf.HeartsState.from_deal(RULES, dup), match="more than once"
    )
    short = [list(h) for h in good]
    short[3] = short[3][:-1]
    expect(
        hf.InvalidDealError, lambda: hf.HeartsState.from_deal(RULES, short), match="dealt to nobody"
    )
    moved = [list(h) for h in good]
    moved[0].append(moved[1].pop())
    expect(
        hf.InvalidDealError, lambda: hf.HeartsState.from_deal(RULES, moved), match="must hold 13"
    )
    expect(
        hf.InvalidDealError,
        lambda: hf.HeartsState.from_deal(RULES, good[:3]),
        match="expected 4 hands",
    )
    three = hf.HeartsRules(players=3, pass_direction="hold")
    with_2c = [list(range(0, 17)), list(range(17, 34)), list(range(34, 52))]
    expect(
        hf.InvalidDealError,
        lambda: hf.HeartsState.from_deal(three, with_2c),
        match="not in the deck",
    )
    expect(
        hf.InvalidCardError,
        lambda: hf.HeartsState.from_deal(RULES, [[*good[0][:-1], 77], *good[1:]]),
    )
    expect(hf.ArgumentTypeError, lambda: hf.HeartsState.from_deal(RULES, "2C"))  # type: ignore[arg-type]
    expect(
        hf.InvalidDealError, lambda: hf.HeartsState.from_deal(RULES, good, dealer=4), match="dealer"
    )
    expect(hf.InvalidArgumentError, lambda: hf.HeartsState.from_deal(RULES, good, hand_index=-1))
    expect(
        hf.InvalidRulesError,
        lambda: hf.HeartsState.from_deal(RULES, good, pass_direction="left"),
        match="random",
    )
    rnd = hf.HeartsRules(pass_direction="random")
    expect(
        hf.InvalidRulesError, lambda: hf.HeartsState.from_deal(rnd, good, pass_direction="rotate")
    )
    expect(hf.ArgumentTypeError, lambda: hf.HeartsState.from_deal({}, good))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("params", "exc", "match"),
    [
        ({"players": 8}, hf.InvalidRulesError, "3..=7"),
        ({"players": 2}, hf.InvalidRulesError, "3..=7"),
        ({"players": "4"}, hf.ArgumentTypeError, "int"),
        ({"players": True}, hf.ArgumentTypeError, "bool"),
        ({"pass_count": 5}, hf.InvalidRulesError, "0..=4"),
        ({"pass_count": "all"}, hf.InvalidRulesError, "auto"),
        ({"pass_direction": "up"}, hf.InvalidRulesError, "rotate"),
        ({"scoring": "Chips"}, hf.InvalidRulesError, "positive"),
        ({"pass_through": 1}, hf.ArgumentTypeError, "bool"),
        ({"target": 0}, hf.InvalidRulesError, "target"),
        ({"max_hands": 0}, hf.InvalidRulesError, "max_hands"),
        ({"max_hands": 1.5}, hf.ArgumentTypeError, "int"),
        ({"avoid_all_tricks_bonus": -1}, hf.InvalidRulesError, "avoid"),
        ({"jack_of_diamonds": True, "scoring": "chips"}, hf.InvalidRulesError, "jack_of_diamonds"),
        ({"chips_end": "max_hands"}, hf.InvalidRulesError, "max_hands"),
        ({"can_lead_any_club": True}, hf.InvalidRulesError, "two_of_clubs"),
        ({"colour": "red"}, hf.InvalidRulesError, "unknown HeartsRules parameter"),
    ],
)
def test_A1_invalid_rules(params: dict[str, Any], exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        hf.HeartsRules(**params)


def test_presets_and_unknown_preset() -> None:
    assert set(hf.HeartsRules.presets) == {
        "default",
        "dame_de_pic",
        "corazones",
        "francesa",
        "jota_diamantes",
        "openspiel",
    }
    with pytest.raises(hf.InvalidRulesError, match="corazones"):
        hf.HeartsRules.preset("hearts")
    with pytest.raises(hf.InvalidRulesError, match="jack_of_diamonds"):
        hf.HeartsRules.preset("jota_diamantes", scoring="chips")


def test_game_bad_input_leaves_game_unchanged() -> None:
    g = hf.HeartsGame(hf.HeartsRules(), seed=3)
    before = (g.state.to_text(), g.totals, g.hands_played)
    expect(hf.IllegalMoveError, lambda: g.play(g.state.hands[0][0]), match="phase")
    expect(hf.IllegalMoveError, lambda: g.pass_cards(0, [0]), match="exactly 4|not in seat")
    assert (g.state.to_text(), g.totals, g.hands_played) == before
    expect(
        hf.InvalidRulesError,
        lambda: hf.HeartsGame(hf.HeartsRules(), totals=[1, 2, 3]),
        match="one number per player",
    )
    expect(
        hf.ArgumentTypeError, lambda: hf.HeartsGame(hf.HeartsRules(), totals=[Fraction(1, 2)] * 4)
    )
    expect(
        hf.InvalidRulesError,
        lambda: hf.HeartsGame(hf.HeartsRules(scoring="chips"), totals=[Fraction(1, 7)] * 4),
        match="1/60",
    )
    expect(hf.InvalidRulesError, lambda: hf.HeartsGame(hf.HeartsRules(), pot=5), match="pot")
    expect(
        hf.InvalidRulesError,
        lambda: hf.HeartsGame(hf.HeartsRules(scoring="chips"), pot=-1),
        match="pot",
    )
    expect(
        hf.InvalidRulesError,
        lambda: hf.HeartsGame(hf.HeartsRules(), pass_directions=["left"]),
        match="random",
    )
    expect(hf.InvalidDealError, lambda: hf.HeartsGame(hf.HeartsRules(), deals=[[[0]]]))
    expect(hf.InvalidDealError, lambda: hf.HeartsGame(hf.HeartsRules(), first_dealer=9))


def test_simulate_bad_input() -> None:
    with pytest.raises(ValueError, match="hands must be"):
        hf.simulate_hearts(RULES, hands=-1)
    with pytest.raises(ValueError, match="policy"):
        hf.simulate_hearts(RULES, hands=1, policy="smart")
    with pytest.raises(hf.ArgumentTypeError):
        hf.simulate_hearts(RULES, hands=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        hf.simulate_hearts(RULES, hands=1, seed=-5)
    with pytest.raises(hf.ArgumentTypeError):
        hf.simulate_hearts("rules", hands=1)  # type: ignore[arg-type]


def test_text_form_garbage_is_a_value_error() -> None:
    """docs/text-format.md §5: a text that cannot be read is an InvalidArgumentError."""
    s = fresh_play_state()
    text = s.to_text()
    for bad in [
        "",
        "hearts-fast/1",
        text.replace("rules pass_direction=hold", "rules pass_direction=hold players=9"),
        text.rstrip("\n") + " ZZ\n",
        text.replace("dealer=0", "dealer=x"),
        text[: len(text) // 2],
        text.rstrip("\n") + " 2C 2C\n",
    ]:
        with pytest.raises(hf.InvalidArgumentError):
            hf.HeartsState.from_text(bad)


GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.text(max_size=8),
    st.lists(st.integers(-5, 60), max_size=15),
    st.lists(st.lists(st.integers(-1, 53), max_size=14), max_size=8),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.binary(max_size=4),
)


def no_panic(fn: Callable[[], Any]) -> None:
    try:
        fn()
    except (ValueError, TypeError):
        pass
    except BaseException as e:  # PanicException derives from BaseException
        raise AssertionError(f"unexpected {type(e).__name__}: {e}") from e


@given(GARBAGE, GARBAGE, GARBAGE)
def test_no_input_reaches_a_panic(a: Any, b: Any, c: Any) -> None:
    """Every public entry point, fed arbitrary values, raises ValueError/TypeError or works."""
    s = fresh_pass_state()
    p = fresh_play_state()
    before = (s.to_text(), p.to_text())
    no_panic(lambda: hf.card(a))
    no_panic(lambda: hf.card_name(a))
    no_panic(lambda: hf.CardSet(a))
    no_panic(lambda: hf.HeartsRules(players=a))
    no_panic(lambda: hf.HeartsRules(**{"target": a, "max_hands": b}))
    no_panic(lambda: hf.HeartsRules.preset(a))
    no_panic(lambda: hf.HeartsState(RULES, seed=a, dealer=b, hand_index=c))
    no_panic(lambda: hf.HeartsState.from_deal(RULES, a, dealer=b))
    no_panic(lambda: hf.HeartsState.from_text(a))
    no_panic(lambda: hf.HeartsGame(RULES, seed=a, deals=b, totals=c))
    no_panic(lambda: hf.HeartsGame(hf.HeartsRules(scoring="chips"), pot=a, totals=b))
    no_panic(
        lambda: hf.simulate_hearts(
            RULES, hands=a if isinstance(a, int) and 0 <= a < 50 else 1, seed=b
        )
    )
    s2, p2 = s.copy(), p.copy()
    no_panic(lambda: s2.pass_cards(a, b))
    no_panic(lambda: s2.forward(a))
    no_panic(lambda: p2.play(a))
    assert (s.to_text(), p.to_text()) == before


def test_text_and_pickle_round_trip_mid_hand() -> None:
    for seed in range(20):
        s = hf.HeartsState(hf.HeartsRules(pass_through=True), seed=seed)
        s.forward(1)
        for seat in s.pending_passes():
            s.pass_cards(seat, s.hands[seat][:4])
        for _ in range(seed):
            if s.phase != "play":
                break
            s.play(s.legal_plays()[-1])
        t = hf.HeartsState.from_text(s.to_text())
        assert t == s and t.to_text() == s.to_text()
        assert pickle.loads(pickle.dumps(s)) == s
        assert eval(repr(s), {"HeartsState": hf.HeartsState}) == s
        r = s.rules
        assert pickle.loads(pickle.dumps(r)) == r
        assert eval(repr(r), {"HeartsRules": hf.HeartsRules}) == r


def test_game_text_shows_chips_in_chips() -> None:
    g = hf.HeartsGame(
        hf.HeartsRules(scoring="chips"), totals=[100, 100, 100, Fraction(199, 2)], pot=1
    )
    assert "totals=100,100,100,199/2 pot=1" in g.to_text()
    assert eval(repr(g), {"HeartsGame": hf.HeartsGame}) == g
