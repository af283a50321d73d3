"""Reference engine: hand scores and HeartsGame (docs/rules/hearts.md A-20..A-25, 0.6, 0.7;
EA-1..EA-5)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from hearts_fast.reference import (
    ArgumentTypeError,
    HeartsGame,
    HeartsRules,
    HeartsState,
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
    card,
)

QS, AS, KS, JD = card("QS"), card("AS"), card("KS"), card("JD")
H = {r: card(r + "H") for r in "23456789TJQKA"}
ALL_HEARTS = sorted(H.values())


def cs(text: str) -> list[int]:
    return sorted(card(t) for t in text.split())


def hearts(ranks: str) -> list[int]:
    return [H[r] for r in ranks.split()]


# ---------------------------------------------------------------- scripted hands

# EA-1 through real play (4 players, dealer 3 so P0 leads; everyone forwards the pass).
EA1_DEAL = [
    cs("2C 3H 5H TH 7H 6H 5C 6C 7C 8C 9C TC JC"),
    cs("3C 3D 9H 8H KH 2S QC KC 4D 5D 6D 7D 8D"),
    cs("4C AD JH QH QS 3S 9D TD JD QD KD 4S 5S"),
    cs("AC 2D 4H AH 2H AS 6S 7S 8S 9S TS JS KS"),
]
EA1_SCRIPT = [
    "2C 3C 4C AC",  # P0 leads; P3 wins
    "2D 3H 3D AD",  # P3 leads; P0 void discards 3H; P2 wins
    "JH 4H 5H 9H",  # P2 wins
    "QH AH TH 8H",  # P3 wins
    "2H 7H KH QS",  # P1 wins; P2 void in hearts discards QS
    "2S 3S AS 6H",  # P3 wins; P0 void in spades discards 6H -> all value cards out
]
EA1_CAPTURED = [[], sorted([QS, *hearts("2 7 K")]), hearts("3 4 5 9 J"), hearts("6 8 T Q A")]


def forward_all(g: HeartsGame | HeartsState) -> None:
    while g.phase == "pass":
        g.forward(g.current_player)  # type: ignore[arg-type]


def play_script(g: HeartsGame | HeartsState, script: list[str]) -> None:
    for trick in script:
        for c in trick.split():
            g.play(card(c))


def test_A20_ea1_scripted_hand() -> None:
    s = HeartsState.from_deal(HeartsRules(), EA1_DEAL, dealer=3)
    forward_all(s)
    play_script(s, EA1_SCRIPT)
    assert s.phase == "over"
    assert s.trick_winners == [3, 2, 2, 3, 1, 3]
    assert s.tricks_taken == [0, 1, 2, 3]
    assert [sorted(c) for c in s.captured] == [sorted(c) for c in EA1_CAPTURED]
    assert s.points() == [0, 16, 5, 5]
    assert s.hand_scores() == [0, 16, 5, 5]
    assert s.moon_shooter() is None
    assert s.hearts_broken


def test_A22_ea1_positive() -> None:
    g = HeartsGame(HeartsRules(), deals=[EA1_DEAL], first_dealer=3, totals=[40, 12, 30, 55])
    forward_all(g)
    play_script(g, EA1_SCRIPT)
    assert g.totals == [40, 28, 35, 60]
    assert g.hand_history == [
        {"points": [0, 16, 5, 5], "hand_scores": [0, 16, 5, 5], "moon_shooter": None}
    ]
    assert not g.is_over
    assert g.hands_played == 1
    assert g.winners == []
    assert g.phase == "pass"
    assert g.state.dealer == 0
    assert g.state.hand_index == 1


def test_A22_ea1_positive_from_zero() -> None:
    g = HeartsGame(HeartsRules(), deals=[EA1_DEAL], first_dealer=3)
    forward_all(g)
    play_script(g, EA1_SCRIPT)
    assert g.totals == [0, 16, 5, 5]
    assert g.pot == 0


def test_A23_ea1_negative() -> None:
    g = HeartsGame(
        HeartsRules(scoring="negative"),
        deals=[EA1_DEAL],
        first_dealer=3,
        totals=[-40, -12, -30, -55],
    )
    forward_all(g)
    play_script(g, EA1_SCRIPT)
    assert g.totals == [-40, -28, -35, -60]


def test_A24_ea1_chips() -> None:
    g = HeartsGame(HeartsRules(scoring="chips"), deals=[EA1_DEAL], first_dealer=3)
    assert g.totals == [Fraction(100)] * 4
    assert g.pot == Fraction(0)
    forward_all(g)
    play_script(g, EA1_SCRIPT)
    assert g.totals == [126, 84, 95, 95]
    assert all(isinstance(t, Fraction) for t in g.totals)
    assert sum(g.totals) == 400
    assert g.pot == 0


# EA-2 through real play: P2 holds every heart and leads (dealer 1); P0 discards QS in trick 2.
def ea2_deal() -> list[list[int]]:
    others = [c for c in range(52) if c not in ALL_HEARTS and c != QS]
    return [sorted([QS, *others[:12]]), others[12:25], ALL_HEARTS, others[25:]]


def play_moon(g: HeartsGame | HeartsState) -> None:
    forward_all(g)
    for t in range(13):
        g.play(ALL_HEARTS[12 - t])  # P2 leads hearts from the top
        for _ in range(3):
            legal = g.legal_plays()
            g.play(QS if QS in legal and t == 1 else legal[0])


@pytest.mark.parametrize(
    ("moon", "scores"),
    [("subtract_self", [0, 0, -26, 0]), ("add_others", [26, 26, 0, 26]), ("none", [0, 0, 26, 0])],
)
def test_A21_ea2_moon(moon: str, scores: list[int]) -> None:
    s = HeartsState.from_deal(
        HeartsRules(moon=moon, avoid_all_tricks_bonus=5), ea2_deal(), dealer=1
    )
    play_moon(s)
    assert s.phase == "over"
    assert s.trick_winners == [2] * 13
    assert s.points() == [0, 0, 26, 0]
    assert s.moon_shooter() == (None if moon == "none" else 2)
    # avoid_all_tricks_bonus is not applied in a moon hand (A.6)
    expected = scores if moon != "none" else [-5, -5, 26, -5]
    assert s.hand_scores() == expected


def test_A23_ea2_negative_moon() -> None:
    g = HeartsGame(HeartsRules(scoring="negative"), deals=[ea2_deal()], first_dealer=1)
    play_moon(g)
    assert g.totals == [0, 0, 26, 0]


def test_A24_ea2_chips_moon_keeps_pot() -> None:
    g = HeartsGame(HeartsRules(scoring="chips"), deals=[ea2_deal()], first_dealer=1, pot=10)
    assert g.pot == 10
    assert g.totals == [100] * 4
    play_moon(g)
    assert g.totals == [74, 74, 178, 74]
    assert g.pot == 10
    assert g.hand_history[0]["moon_shooter"] == 2


def test_A24_chips_moon_none_is_not_a_moon() -> None:
    g = HeartsGame(HeartsRules(scoring="chips", moon="none"), deals=[ea2_deal()], first_dealer=1)
    play_moon(g)
    share = 100 + Fraction(26, 3)  # P2 pays 26; the three clean seats split the pot
    assert g.totals == [share, share, 74, share]
    assert g.pot == 0


# ------------------------------------------ injected finished hands (white-box)


def finished(
    rules: HeartsRules, won: dict[int, list[int]], tricks: list[int] | None = None
) -> HeartsState:
    """A HeartsState in phase 'over' whose seats captured ``won`` (white-box)."""
    s = HeartsState(rules, seed=0)
    n = rules.players
    s._won = [set(won.get(i, [])) for i in range(n)]
    s._tricks_taken = list(tricks) if tricks is not None else [1] * n
    s._phase = "over"
    s._current = None
    return s


def finish_with(g: HeartsGame, won: dict[int, list[int]], tricks: list[int] | None = None) -> None:
    g._state = finished(g.rules, won, tricks)
    g._finish_hand()


def test_A24_ea3_six_players_pot_carry_and_split() -> None:
    r = HeartsRules(players=6, scoring="chips")
    assert r._total_penalty() == 25
    g = HeartsGame(r)
    # hand 1: every seat takes a penalty card (hearts 3H..AH are 12 cards + QS)
    h1 = {
        0: [QS],
        1: hearts("3 4"),
        2: hearts("5 6"),
        3: hearts("7 8"),
        4: hearts("9 T"),
        5: hearts("J Q K A"),
    }
    finish_with(g, h1)
    assert g.pot == 25
    assert not g.is_over
    assert g.totals == [87, 98, 98, 98, 98, 96]
    # hand 2: P0..P2 pay 13, 7, 5; P3..P5 clean -> each gets 50/3
    finish_with(g, {0: [QS], 1: hearts("3 4 5 6 7 8 9"), 2: hearts("T J Q K A")})
    third = Fraction(50, 3)
    assert g.pot == 0
    assert g.totals == [74, 91, 93, 98 + third, 98 + third, 96 + third]
    assert g.totals[3] == Fraction(344, 3)  # 98 + 16 2/3
    assert sum(g.totals) + g.pot == 600
    assert all(t.denominator in (1, 3) for t in g.totals)


def test_A20_ea4_francesa() -> None:
    r = HeartsRules.preset("francesa")
    assert r._total_penalty() == 43
    s = finished(r, {1: [QS, AS, *hearts("2 3")], 3: [KS, *hearts("4 5 6 7 8 9 T J Q K A")]})
    assert s.points() == [0, 22, 0, 21]
    assert sum(s.points()) == 43
    assert s.hand_scores() == [0, 22, 0, 21]
    assert s.moon_shooter() is None
    moon = finished(r, {2: [QS, AS, KS, *ALL_HEARTS]})
    assert moon.moon_shooter() == 2
    assert moon.hand_scores() == [0, 0, -43, 0]
    no_moon = finished(r, {2: [QS, AS, *ALL_HEARTS], 0: [KS]})
    assert no_moon.moon_shooter() is None
    assert no_moon.hand_scores() == [10, 0, 33, 0]


def test_A21_ea5_jota() -> None:
    r = HeartsRules.preset("jota_diamantes")
    s = finished(r, {0: [JD, *hearts("2 3 4")], 1: [QS, *hearts("5 6 7 8 9 T J Q K A")]})
    assert s.points() == [3, 23, 0, 0]
    assert s.hand_scores() == [-7, 23, 0, 0]
    assert s.captured[0] == sorted([JD, *hearts("2 3 4")])
    moon = finished(r, {1: [QS, JD, *ALL_HEARTS]})
    assert moon.moon_shooter() == 1
    assert moon.hand_scores() == [0, -36, 0, 0]
    add = finished(
        HeartsRules(jack_of_diamonds=True, moon="add_others"), {1: [QS, JD, *ALL_HEARTS]}
    )
    assert add.hand_scores() == [26, -10, 26, 26]
    # moon_requires_jack: without JD it is no moon ...
    no_jack = finished(r, {1: [QS, *ALL_HEARTS], 3: [JD]})
    assert no_jack.moon_shooter() is None
    assert no_jack.hand_scores() == [0, 26, 0, -10]
    # ... unless the option is off
    loose = finished(
        HeartsRules(jack_of_diamonds=True, moon_requires_jack=False),
        {1: [QS, *ALL_HEARTS], 3: [JD]},
    )
    assert loose.moon_shooter() == 1
    assert loose.hand_scores() == [0, -26, 0, -10]


def test_A21_moon_six_players_v25() -> None:
    r = HeartsRules(players=6)
    hs = [c for c in ALL_HEARTS if c != card("2H")]
    s = finished(r, {4: [QS, *hs]})
    assert s.moon_shooter() == 4
    assert s.hand_scores() == [0, 0, 0, 0, -25, 0]


def test_A6_avoid_all_tricks_bonus() -> None:
    r = HeartsRules(avoid_all_tricks_bonus=5)
    s = finished(r, {1: [QS], 2: ALL_HEARTS}, tricks=[0, 6, 7, 0])
    assert s.hand_scores() == [-5, 13, 13, -5]
    g = HeartsGame(r)
    finish_with(g, {1: [QS], 2: ALL_HEARTS}, tricks=[0, 6, 7, 0])
    assert g.totals == [-5, 13, 13, -5]
    gc = HeartsGame(HeartsRules(avoid_all_tricks_bonus=5, scoring="chips"))
    finish_with(gc, {1: [QS], 2: ALL_HEARTS}, tricks=[0, 6, 7, 0])
    assert gc.totals == [113, 87, 87, 113]  # chips ignore the bonus


# ---------------------------------------------------------------- game end (A-22..A-25, 0.6, 0.7)


def test_A25_positive_end_unique_winner() -> None:
    g = HeartsGame(HeartsRules(), totals=[90, 50, 50, 50])
    finish_with(g, {0: hearts("2 3 4 5 6 7 8 9 T J"), 1: hearts("Q K A"), 2: [QS]})
    assert g.totals == [100, 53, 63, 50]
    assert g.is_over
    assert g.winners == [3]
    assert g.phase == "over"
    assert g.current_player is None
    assert g.legal_plays() == []
    assert g.pending_passes() == []
    with pytest.raises(IllegalMoveError):
        g.play(0)
    with pytest.raises(IllegalMoveError):
        g.forward(0)
    with pytest.raises(IllegalMoveError):
        g.pass_cards(0, [0, 1, 2, 3])
    assert g.totals == [100, 53, 63, 50]
    assert g.hands_played == 1


def test_A25_below_target_continues() -> None:
    g = HeartsGame(HeartsRules(), totals=[90, 50, 50, 50])
    finish_with(g, {0: hearts("2 3 4 5 6 7 8 9 T"), 1: hearts("J Q K A"), 2: [QS]})
    assert g.totals == [99, 54, 63, 50]
    assert not g.is_over


def test_06_tie_play_on_then_unique() -> None:
    g = HeartsGame(HeartsRules(), totals=[90, 50, 50, 60])
    finish_with(g, {0: ALL_HEARTS, 3: [QS]})
    assert g.totals == [103, 50, 50, 73]
    assert not g.is_over
    assert g.winners == []
    assert g.hands_played == 1
    assert g.phase == "pass"
    finish_with(g, {1: [H["2"]], 0: [QS, *[c for c in ALL_HEARTS if c != H["2"]]]})
    assert g.totals == [128, 51, 50, 73]
    assert g.is_over
    assert g.winners == [2]


def test_06_tie_share() -> None:
    g = HeartsGame(HeartsRules(tie="share"), totals=[90, 50, 50, 60])
    finish_with(g, {0: ALL_HEARTS, 3: [QS]})
    assert g.is_over
    assert g.winners == [1, 2]


def test_07_max_hands_hard_stop_shares() -> None:
    g = HeartsGame(HeartsRules(max_hands=2))
    finish_with(g, {0: ALL_HEARTS, 3: [QS]})
    assert not g.is_over
    finish_with(g, {0: ALL_HEARTS, 3: [QS]})
    assert g.is_over
    assert g.winners == [1, 2]
    assert g.hands_played == 2


def test_A23_negative_end() -> None:
    g = HeartsGame(HeartsRules(scoring="negative", target=20))
    finish_with(g, {0: ALL_HEARTS, 3: [QS]})
    assert g.totals == [-13, 0, 0, -13]
    assert not g.is_over
    finish_with(g, {0: [QS], 1: ALL_HEARTS})
    assert g.totals == [-26, -13, 0, -13]
    assert g.is_over
    assert g.winners == [2]


def test_A24_chips_bust() -> None:
    g = HeartsGame(HeartsRules(scoring="chips", starting_chips=20))
    finish_with(g, {0: [QS, *hearts("2 3 4 5 6 7 8")], 1: hearts("9 T J Q K A")})
    # P0 pays 20 -> 0 (bust); P2, P3 clean share 26
    assert g.totals == [0, 14, 33, 33]
    assert g.pot == 0
    # the best (33) is shared by P2 and P3: play_on -> the game continues
    assert not g.is_over
    finish_with(g, {2: [H["2"]], 0: [QS, *[c for c in ALL_HEARTS if c != H["2"]]]})
    assert g.totals == [-25, 14 + Fraction(26, 2), 32, 33 + Fraction(26, 2)]
    assert g.is_over
    assert g.winners == [3]


def test_A24_chips_end_max_hands_ignores_bust() -> None:
    g = HeartsGame(
        HeartsRules(scoring="chips", starting_chips=5, chips_end="max_hands", max_hands=2)
    )
    finish_with(g, {0: [QS], 1: ALL_HEARTS})
    assert g.totals == [-8, -8, 18, 18]
    assert not g.is_over
    finish_with(g, {0: [QS], 1: ALL_HEARTS})
    assert g.is_over
    assert g.winners == [2, 3]


def test_A24_chips_pot_carries_when_nobody_clean() -> None:
    g = HeartsGame(HeartsRules(scoring="chips"))
    finish_with(g, {0: [QS], 1: hearts("2 3 4"), 2: hearts("5 6 7 8 9"), 3: hearts("T J Q K A")})
    assert g.pot == 26
    assert g.totals == [87, 97, 95, 95]
    finish_with(g, {0: [QS], 1: ALL_HEARTS})
    assert g.pot == 0
    assert g.totals == [74, 84, 95 + 26, 95 + 26]


# ---------------------------------------------------------------- game construction and delegation


def test_game_deals_dealers_and_hand_index() -> None:
    r = HeartsRules(players=3, deck_adjust="deal_all", pass_direction="rotate")
    s0 = HeartsState(r, seed=1, dealer=2)
    s1 = HeartsState(r, seed=2, dealer=0)
    g = HeartsGame(r, seed=9, first_dealer=2, deals=[s0.hands, s1.hands])
    assert g.state.hands == s0.hands
    assert g.state.dealer == 2
    assert g.state.hand_index == 0
    rng = random.Random(0)
    seen = []
    while g.hands_played < 4:
        st = g.state
        if (st.hand_index, st.phase) not in [(x[0], "pass") for x in seen] and g.phase in (
            "pass",
            "play",
        ):
            seen.append((st.hand_index, st.dealer, st.pass_direction, st.hands))
        if g.phase == "pass":
            p = g.current_player
            g.pass_cards(p, rng.sample(st.hands[p], st.pass_count))  # type: ignore[arg-type]
        else:
            g.play(rng.choice(g.legal_plays()))
    first = {}
    for h, d, pd, hands in seen:
        first.setdefault(h, (d, pd, hands))
    assert [first[h][0] for h in range(4)] == [2, 0, 1, 2]  # the deal passes left
    assert [first[h][1] for h in range(4)] == ["left", "right", "hold", "left"]  # EA-8
    assert first[1][2] == s1.hands


def test_game_validates_deals_up_front() -> None:
    r = HeartsRules(players=3, deck_adjust="deal_all")
    ok = HeartsState(r, dealer=0).hands  # seat 1 holds 18
    HeartsGame(r, first_dealer=0, deals=[ok])
    with pytest.raises(InvalidDealError):
        HeartsGame(r, first_dealer=0, deals=[ok, ok])  # hand 1 has dealer 1
    with pytest.raises(ArgumentTypeError):
        HeartsGame(r, deals="x")  # type: ignore[arg-type]
    assert HeartsGame(r, seed=None).state == HeartsGame(r, seed=0).state  # None = the default
    with pytest.raises(InvalidDealError):
        HeartsGame(r, first_dealer=3)
    with pytest.raises(ArgumentTypeError):
        HeartsGame({"players": 4})  # type: ignore[arg-type]


def test_A6_game_pass_directions() -> None:
    r = HeartsRules(pass_direction="random")
    g = HeartsGame(r, pass_directions=["hold", "across"])
    assert g.state.pass_direction == "hold"
    assert g.phase == "play"
    with pytest.raises(InvalidRulesError):
        HeartsGame(HeartsRules(), pass_directions=["left"])
    with pytest.raises(InvalidRulesError):
        HeartsGame(r, pass_directions=["rotate"])
    with pytest.raises(ArgumentTypeError):
        HeartsGame(r, pass_directions=[1])  # type: ignore[list-item]


def test_game_state_is_a_copy_and_errors_leave_game_unchanged() -> None:
    g = HeartsGame(HeartsRules(pass_direction="hold"), seed=4)
    st = g.state
    st.play(st.legal_plays()[0])
    assert g.state.trick == []
    assert g.state != st
    legal = g.legal_plays()
    bad = next(c for c in range(52) if c not in legal)
    before = (g.state, g.totals, g.phase, g.current_player)
    with pytest.raises(IllegalMoveError) as info:
        g.play(bad)
    assert info.value.legal == legal
    with pytest.raises(ArgumentTypeError):
        g.play(True)
    assert (g.state, g.totals, g.phase, g.current_player) == before


def test_openspiel_single_hand_game() -> None:
    r = HeartsRules.preset("openspiel")
    rng = random.Random(1)
    for seed in range(10):
        g = HeartsGame(r, seed=seed)
        assert g.state.pass_count in (0, 3)
        while not g.is_over:
            if g.phase == "pass":
                p = g.current_player
                g.pass_cards(p, rng.sample(g.state.hands[p], 3))  # type: ignore[arg-type]
            else:
                g.play(rng.choice(g.legal_plays()))
        assert g.hands_played == 1
        scores = g.hand_history[0]["hand_scores"]
        assert g.totals == scores
        assert g.winners == [i for i in range(4) if scores[i] == min(scores)]
        assert len(g.state.trick_winners) == 13  # early_end False


def test_api_totals_and_pot_resume() -> None:
    r = HeartsRules(scoring="chips")
    g = HeartsGame(r, totals=[100, Fraction(301, 3), Fraction(1, 60), -5], pot=Fraction(7))
    assert g.totals == [100, Fraction(301, 3), Fraction(1, 60), -5]
    assert all(isinstance(t, Fraction) for t in g.totals)
    assert g.pot == Fraction(7)
    assert isinstance(g.pot, Fraction)
    finish_with(g, {0: [QS], 1: ALL_HEARTS})
    share = Fraction(26 + 7, 2)
    assert g.totals == [87, Fraction(301, 3) - 13, Fraction(1, 60) + share, -5 + share]
    assert g.pot == 0
    g2 = HeartsGame(HeartsRules(), totals=(1, 2, 3, 4), pot=0)
    assert g2.totals == [1, 2, 3, 4]
    assert g2.pot == 0
    HeartsGame(HeartsRules(), pot=Fraction(0))


@pytest.mark.parametrize(
    ("rules", "kwargs", "exc"),
    [
        (HeartsRules(), {"totals": [0, 0, 0]}, InvalidRulesError),
        (HeartsRules(), {"totals": [0, 0, 0, Fraction(1, 2)]}, ArgumentTypeError),
        (HeartsRules(), {"totals": [0, 0, 0, 1.0]}, ArgumentTypeError),
        (HeartsRules(), {"totals": [0, 0, 0, True]}, ArgumentTypeError),
        (HeartsRules(), {"totals": 5}, ArgumentTypeError),
        (HeartsRules(), {"pot": 3}, InvalidRulesError),
        (HeartsRules(scoring="chips"), {"totals": [0, 0, 0, Fraction(1, 7)]}, InvalidRulesError),
        (HeartsRules(scoring="chips"), {"totals": [0, 0, 0, 0.5]}, ArgumentTypeError),
        (HeartsRules(scoring="chips"), {"pot": -1}, InvalidRulesError),
        (HeartsRules(scoring="chips"), {"pot": Fraction(1, 120)}, InvalidRulesError),
        (HeartsRules(scoring="chips"), {"pot": Fraction(1, 2)}, InvalidRulesError),
        (HeartsRules(scoring="chips"), {"pot": 1.5}, ArgumentTypeError),
        (HeartsRules(scoring="chips"), {"pot": "1"}, ArgumentTypeError),
    ],
)
def test_api_totals_and_pot_validation(
    rules: HeartsRules, kwargs: dict[str, object], exc: type[Exception]
) -> None:
    with pytest.raises(exc):
        HeartsGame(rules, **kwargs)  # type: ignore[arg-type]
