"""Reference engine: the text format of docs/text-format.md (issue 9), for the six classes.

Round trips at every step of random play (hypothesis), ``eval(repr(x)) == x``, pickling,
play going on identically after a round trip (future deals, redeals, reshuffles), the
examples of docs/text-format.md §6 (read from the document), and malformed or unreachable
texts, each naming what is wrong. Reference only: no compiled extension. Rule ids in the
test names: A-5/A-8/A-10/A-11/A-25 (Hearts), B-3/B-6/B.3 (Spades), C-3/C-4/C-19/C-21 (rummy).
"""

from __future__ import annotations

import itertools
import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st
from tests.helpers import examples

from hearts_fast.errors import InvalidArgumentError
from hearts_fast.reference import (
    ArgumentTypeError,
    HeartsGame,
    HeartsRules,
    HeartsState,
    InvalidRulesError,
    RummyGame,
    RummyRules,
    RummyState,
    SpadesGame,
    SpadesRules,
    SpadesState,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "text-format.md"
CLASSES: dict[str, Any] = {
    "hearts-state": HeartsState,
    "hearts-game": HeartsGame,
    "spades-state": SpadesState,
    "spades-game": SpadesGame,
    "rummy-state": RummyState,
    "rummy-game": RummyGame,
}


# ---------------------------------------------------------------- the round-trip check


def check_text_shape(text: str) -> None:
    """§1 for a writer: LF lines, each ending with one LF, printable ASCII, single spaces,
    no comment and no empty line; §2: the header first."""
    assert text.endswith("\n") and "\r" not in text
    lines = text[:-1].split("\n")
    assert re.fullmatch(r"hearts-fast/1 [a-z]+-(state|game)", lines[0])
    for line in lines:
        assert line and all(" " <= ch <= "~" for ch in line), line
        assert line == line.strip(" ") and "  " not in line and not line.startswith("#")


def roundtrip(x: Any) -> Any:
    """``from_text(to_text())`` gives an equal object with the same text; ``repr`` evals back;
    pickling goes through the text (docs/text-format.md, introduction)."""
    cls = type(x)
    text = x.to_text()
    check_text_shape(text)
    y = cls.from_text(text)
    assert type(y) is cls and y == x and y.to_text() == text
    assert x.__reduce__() == (cls.from_text, (text,))
    assert repr(x) == f"{cls.__name__}.from_text({text!r})"
    assert eval(repr(x), {cls.__name__: cls}) == x
    assert pickle.loads(pickle.dumps(x)) == x
    assert x.copy() == x
    return y


def same_members(x: Any, y: Any, names: list[str]) -> None:
    for name in names:
        a, b = getattr(x, name), getattr(y, name)
        if callable(a):
            a, b = a(), b()
        assert a == b, name


HEARTS_MEMBERS = ["phase", "current_player", "hands", "legal_plays", "pending_passes", "trick"]
HEARTS_MEMBERS += ["trick_winners", "captured", "hearts_broken", "points", "hand_scores"]
HEARTS_MEMBERS += ["pass_direction", "pass_count", "dealer", "hand_index", "rules"]
SPADES_MEMBERS = ["phase", "current_player", "hands", "face_up", "bids", "legal_bids"]
SPADES_MEMBERS += ["can_bid_blind", "legal_bemos", "deficient_seats", "redeal_claims", "trick"]
SPADES_MEMBERS += ["trick_winners", "plays", "reneges", "hand_scores", "bags_after", "totals"]
RUMMY_MEMBERS = ["phase", "current_player", "hands", "melds", "opened", "blocked", "stock"]
RUMMY_MEMBERS += ["pile", "turn", "went_out", "legal_actions", "hand_scores", "totals"]
GAME_MEMBERS = ["phase", "current_player", "hands_played", "hand_history", "totals"]
GAME_MEMBERS += ["is_over", "winners", "state"]


# ---------------------------------------------------------------- rules strategies


@st.composite
def rules_of(draw: st.DrawFn, cls: Any, table: dict[str, Any]) -> Any:
    """A rules object with a random subset of its parameters drawn from ``table``; invalid
    combinations are rejected (they are tested elsewhere)."""
    names = draw(st.sets(st.sampled_from(sorted(table))))
    params = {name: draw(table[name]) for name in sorted(names)}
    try:
        return cls(**params)
    except InvalidRulesError:
        reject()


HEARTS_TABLE = {
    "players": st.integers(3, 7),
    "deck_adjust": st.sampled_from(["remove_cards", "deal_all"]),
    "pass_count": st.sampled_from(["auto", 0, 1, 2, 3, 4]),
    "pass_direction": st.sampled_from(["left", "right", "across", "hold", "rotate", "random"]),
    "pass_through": st.booleans(),
    "first_lead": st.sampled_from(["left_of_dealer", "two_of_clubs"]),
    "first_trick_no_points": st.booleans(),
    "hearts_must_be_broken": st.booleans(),
    "queen_breaks_hearts": st.booleans(),
    "early_end": st.booleans(),
    "scoring": st.sampled_from(["chips", "positive", "negative"]),
    "moon": st.sampled_from(["subtract_self", "add_others", "none"]),
    "target": st.integers(1, 40),
    "starting_chips": st.integers(1, 40),
    "chips_end": st.sampled_from(["bust", "max_hands"]),
    "french_spades": st.booleans(),
    "jack_of_diamonds": st.booleans(),
    "moon_requires_jack": st.booleans(),
    "tie": st.sampled_from(["play_on", "share"]),
    "max_hands": st.one_of(st.none(), st.integers(1, 3)),
    "can_lead_any_club": st.booleans(),
    "can_lead_hearts_instead_of_qs": st.booleans(),
    "avoid_all_tricks_bonus": st.sampled_from([0, 5]),
    "pass_table": st.sampled_from(["dame_de_pic", "corazones"]),
}
SPADES_TABLE = {
    "win_score": st.integers(1, 200),
    "lose_score": st.one_of(st.none(), st.integers(-200, 0)),
    "negative_inverse_loses": st.booleans(),
    "nil": st.booleans(),
    "nil_value": st.sampled_from([0, 50, 100]),
    "blind_nil": st.booleans(),
    "blind_nil_value": st.sampled_from([0, 100, 200]),
    "blind_nil_min_deficit": st.sampled_from([0, 0, 100]),
    "nil_tricks": st.sampled_from(["bags", "count_for_partner", "team", "ignored"]),
    "set_penalty": st.sampled_from(["undertricks", "bid", "zero"]),
    "bags": st.booleans(),
    "bags_limit": st.integers(1, 10),
    "bags_penalty": st.sampled_from([0, 100]),
    "first_trick_no_spade_lead": st.booleans(),
    "spades_broken": st.booleans(),
    "first_lead": st.sampled_from(["left_of_dealer", "lowest_club"]),
    "face_up_first_four": st.booleans(),
    "ten_for_two_hundred": st.booleans(),
    "mirror": st.booleans(),
    "jokers": st.booleans(),
    "fourteen_partnership": st.booleans(),
    "boston": st.sampled_from(["off", "bonus", "wins_game"]),
    "bemo": st.booleans(),
    "suicide": st.booleans(),
    "deficient_hand": st.sampled_from(["off", "no_spades_no_jqk"]),
    "renege": st.sampled_from(["prevent", "penalize"]),
    "tie": st.sampled_from(["play_on", "share"]),
    "max_hands": st.one_of(st.none(), st.integers(1, 3)),
    "team_bid_cap": st.booleans(),
}
RUMMY_TABLE = {
    "opening_min": st.sampled_from([0, 10, 30]),
    "q_spades_value": st.sampled_from([0, 150]),
    "joker_value": st.sampled_from([0, 50]),
    "max_jokers_per_meld": st.sampled_from([1, "unlimited"]),
    "initial_upcard": st.booleans(),
    "stock_exhausted": st.sampled_from(["reshuffle", "end_hand"]),
    "target": st.integers(1, 300),
    "tie": st.sampled_from(["play_on", "share"]),
}
# (players, hand_size): small stocks, so that C-19 reshuffles come within a few turns.
RUMMY_SHAPES = [(2, 5), (3, 8), (6, 16), (6, 17), (5, 20), (4, 20)]


@st.composite
def rummy_rules(draw: st.DrawFn, *, max_turns: int) -> RummyRules:
    base = draw(rules_of(RummyRules, RUMMY_TABLE)).to_dict()
    base["players"], base["hand_size"] = draw(st.sampled_from(RUMMY_SHAPES))
    base["max_turns_per_hand"] = draw(st.integers(1, max_turns))
    return RummyRules(**base)


def with_max_hands(rules: Any, most: int) -> Any:
    """The same rules with a hard stop after at most ``most`` hands (0.7), so games end."""
    params = rules.to_dict()
    if params["max_hands"] is None or params["max_hands"] > most:
        params["max_hands"] = most
    return type(rules)(**params)


# ---------------------------------------------------------------- random play


def hearts_step(x: Any, rng: random.Random) -> None:
    """One random legal action: a pass or FORWARD (A-8, A-10, A-11) or a play."""
    if x.phase == "pass":
        st_ = x if isinstance(x, HeartsState) else x.state
        seat = rng.choice(x.pending_passes())
        if st_.rules.pass_through and rng.random() < 0.25:
            x.forward(seat)
        else:
            x.pass_cards(seat, rng.sample(st_.hands[seat], st_.pass_count))
    else:
        x.play(rng.choice(x.legal_plays()))


def spades_step(x: Any, rng: random.Random) -> None:
    """One random legal action: a redeal claim (B.3), a bid (B-6, blind nils and bemos) or a
    play (reneges too under renege='penalize', B-27)."""
    st_ = x if isinstance(x, SpadesState) else x.state
    seats = x.deficient_seats()
    if seats and rng.random() < 0.6:
        x.claim_redeal(rng.choice(seats))
    elif x.phase == "bid":
        bemos = x.legal_bemos()
        bemo = rng.choice(bemos) if bemos and rng.random() < 0.3 else None
        if x.can_bid_blind() and rng.random() < 0.3:
            x.bid(0, blind=True, bemo=bemo)
        else:
            x.bid(rng.choice(x.legal_bids()), bemo=bemo)
    elif st_.rules.renege == "penalize" and rng.random() < 0.1:
        x.play(rng.choice(st_.hands[x.current_player]))
    else:
        x.play(rng.choice(x.legal_plays()))


def rummy_step(x: Any, rng: random.Random) -> None:
    x.apply(rng.choice(x.legal_actions()))


def deficient_deal(rng: random.Random, jokers: bool, seats: list[int]) -> list[list[int]]:
    """A Spades deal where each of ``seats`` (at most 2) holds no spade, joker, J, Q or K
    (B.3 deficient hand), in a random dealt order."""
    deck = [c for c in range(52) if not (jokers and c in (0, 13))] + ([52, 53] if jokers else [])
    plain = [c for c in deck if c < 39 and c % 13 not in (9, 10, 11)]
    rng.shuffle(plain)
    hands: list[list[int]] = [[] for _ in range(4)]
    for s in seats:
        hands[s] = [plain.pop() for _ in range(13)]
    rest = [c for c in deck if all(c not in h for h in hands)]
    rng.shuffle(rest)
    for s in range(4):
        while len(hands[s]) < 13:
            hands[s].append(rest.pop())
    return hands


def play_to_end(x: Any, step: Callable[[Any, random.Random], None], seed: int, limit: int) -> int:
    rng = random.Random(seed)
    n = 0
    while x.phase != "over" and n < limit:
        step(x, rng)
        n += 1
    return n


# ---------------------------------------------------------------- round trips at every step


def round_trip_every_step(
    x: Any,
    members: list[str],
    step: Callable[[Any, random.Random], None],
    rng: random.Random,
    limit: int | None = None,
) -> None:
    """``roundtrip`` at every step of a random play of ``x``, with the same ``members``
    after each, until it is over (or ``limit`` steps are checked)."""
    for _ in itertools.count() if limit is None else range(limit):
        same_members(x, roundtrip(x), members)
        if x.phase == "over":
            break
        step(x, rng)


@examples(0.2)
@given(rules_of(HeartsRules, HEARTS_TABLE), st.integers(0, 2**32), st.integers(0, 7))
def test_A8_A10_A11_hearts_state_round_trip_at_every_step(
    rules: HeartsRules, seed: int, dealer: int
) -> None:
    s = HeartsState(rules, seed=seed, dealer=dealer % rules.players, hand_index=seed % 9)
    round_trip_every_step(s, HEARTS_MEMBERS, hearts_step, random.Random(seed))


@examples(0.03)
@given(rules_of(HeartsRules, HEARTS_TABLE), st.integers(0, 2**32), st.data())
def test_A5_A25_hearts_game_round_trip_at_every_step(
    rules: HeartsRules, seed: int, data: st.DataObject
) -> None:
    rules = with_max_hands(rules, 2)
    kw: dict[str, Any] = {"first_dealer": seed % rules.players}
    if rules.pass_direction == "random" and seed % 2:
        kw["pass_directions"] = data.draw(
            st.lists(st.sampled_from(["left", "right", "across", "hold"]), max_size=4)
        )
    if seed % 3 == 0:  # an injected first deal, and a queued one for later
        kw["deals"] = [
            HeartsState(rules, seed=seed + i, dealer=(kw["first_dealer"] + i) % rules.players).hands
            for i in (0, 1)
        ]
    g = HeartsGame(rules, seed=seed, **kw)
    members = [*GAME_MEMBERS, "pot", "legal_plays", "pending_passes"]
    round_trip_every_step(g, members, hearts_step, random.Random(seed))


@examples(0.1)
@given(rules_of(SpadesRules, SPADES_TABLE), st.integers(0, 2**32), st.integers(0, 3))
def test_B3_B6_spades_state_round_trip_at_every_step(
    rules: SpadesRules, seed: int, variant: int
) -> None:
    rng = random.Random(seed)
    kw: dict[str, Any] = {"dealer": seed % 4, "hand_index": seed % 7, "seed": seed}
    kw["totals"] = [rng.randint(-300, 300), rng.randint(-300, 300)]
    kw["bags"] = [rng.randrange(rules.bags_limit), rng.randrange(rules.bags_limit)]
    if variant == 0:
        s = SpadesState(rules, **kw)
    else:  # B.3 deficient hands, and queued redeals (some deficient again)
        first = deficient_deal(rng, rules.jokers, [rng.randrange(4)])
        redeals = [
            deficient_deal(rng, rules.jokers, [rng.randrange(4)]) for _ in range(variant - 1)
        ]
        s = SpadesState.from_deal(rules, first, redeals=redeals, **kw)
    round_trip_every_step(s, SPADES_MEMBERS, spades_step, rng)


@examples(0.03)
@given(rules_of(SpadesRules, SPADES_TABLE), st.integers(0, 2**32), st.booleans())
def test_B3_B22_spades_game_round_trip_at_every_step(
    rules: SpadesRules, seed: int, injected: bool
) -> None:
    rules = with_max_hands(rules, 2)
    rng = random.Random(seed)
    kw: dict[str, Any] = {"first_dealer": seed % 4}
    if injected:  # deals for hands and redeals, consumed in order
        kw["deals"] = [deficient_deal(rng, rules.jokers, [rng.randrange(4)]) for _ in range(3)]
    g = SpadesGame(rules, seed=seed, totals=[rng.randint(-50, 50), 0], **kw)
    round_trip_every_step(g, [*GAME_MEMBERS, "bags", "legal_plays", "legal_bids"], spades_step, rng)


@examples(0.01)
@given(rummy_rules(max_turns=8), st.integers(0, 2**32))
def test_C4_C19_rummy_state_round_trip_at_every_step(rules: RummyRules, seed: int) -> None:
    s = RummyState(rules, seed=seed, dealer=seed % rules.players, totals=None)
    round_trip_every_step(s, RUMMY_MEMBERS, rummy_step, random.Random(seed), limit=30)


@examples(0.01)
@given(rummy_rules(max_turns=3), st.integers(0, 2**32))
def test_C3_C21_rummy_game_round_trip_at_every_step(rules: RummyRules, seed: int) -> None:
    rules = with_max_hands(rules, 3)
    g = RummyGame(rules, seed=seed, first_dealer=seed % rules.players)
    members = [*GAME_MEMBERS, "legal_actions"]
    round_trip_every_step(g, members, rummy_step, random.Random(seed), limit=30)


# ---------------------------------------------------------------- play goes on identically


def continue_both(
    x: Any, step: Callable[[Any, random.Random], None], seed: int, limit: int = 2000
) -> Any:
    """Round-trip ``x``, then play the same random policy on both to the end: every move,
    every future deal, redeal and reshuffle must agree."""
    y = type(x).from_text(x.to_text())
    play_to_end(x, step, seed, limit)
    play_to_end(y, step, seed, limit)
    assert y == x and y.to_text() == x.to_text()
    return y


@examples(0.05)
@given(rules_of(HeartsRules, HEARTS_TABLE), st.integers(0, 2**32), st.integers(0, 150))
def test_A5_hearts_game_plays_on_identically(rules: HeartsRules, seed: int, cut: int) -> None:
    """Future hands are dealt (and, with pass_direction='random', their directions drawn)
    from the restored generator."""
    g = HeartsGame(with_max_hands(rules, 4), seed=seed)
    play_to_end(g, hearts_step, seed, cut)
    y = continue_both(g, hearts_step, seed + 1)
    same_members(g, y, [*GAME_MEMBERS, "pot"])


@examples(0.05)
@given(rules_of(SpadesRules, SPADES_TABLE), st.integers(0, 2**32), st.integers(0, 120))
def test_B3_spades_game_plays_on_identically(rules: SpadesRules, seed: int, cut: int) -> None:
    """Future hands and redeals come from the one restored generator (§4.4)."""
    params = with_max_hands(rules, 3).to_dict()
    params["deficient_hand"] = "no_spades_no_jqk"
    g = SpadesGame(SpadesRules(**params), seed=seed)
    play_to_end(g, spades_step, seed, cut)
    y = continue_both(g, spades_step, seed + 1)
    same_members(g, y, [*GAME_MEMBERS, "bags"])


@pytest.mark.parametrize("queued", [0, 1])
def test_B3_spades_state_redeals_come_from_the_restored_generator(queued: int) -> None:
    """A redeal claimed after a round trip takes the queued deal, then the generator's next
    shuffle: the same as without the round trip (B.3, §4.2 future/queued)."""
    rng = random.Random(5)
    rules = SpadesRules(deficient_hand="no_spades_no_jqk")
    first = deficient_deal(rng, False, [1, 3])
    redeals = [deficient_deal(rng, False, [0]) for _ in range(queued)]
    s = SpadesState.from_deal(rules, first, dealer=2, seed=77, redeals=redeals)
    t = SpadesState.from_text(s.to_text())
    for x in (s, t):
        x.claim_redeal(1)
        while x.deficient_seats():
            x.claim_redeal(x.deficient_seats()[0])
    assert t == s and t.hands == s.hands and len(s.redeal_claims) > queued


@examples(0.02)
@given(rummy_rules(max_turns=60), st.integers(0, 2**32), st.integers(0, 40))
def test_C19_rummy_state_reshuffles_identically(rules: RummyRules, seed: int, cut: int) -> None:
    """Later C-19 reshuffles draw from the restored generator."""
    s = RummyState(rules, seed=seed)
    play_to_end(s, rummy_step, seed, cut)
    continue_both(s, rummy_step, seed + 1, limit=60)


@examples(0.01)
@given(rummy_rules(max_turns=6), st.integers(0, 2**32), st.integers(0, 20))
def test_C3_C19_rummy_game_plays_on_identically(rules: RummyRules, seed: int, cut: int) -> None:
    """The game's generator deals the next hands and their own reshuffle generators; the
    current hand's reshuffle generator is restored too (§4.4 future rng= hand_rng=)."""
    g = RummyGame(with_max_hands(rules, 3), seed=seed)
    play_to_end(g, rummy_step, seed, cut)
    y = continue_both(g, rummy_step, seed + 1, limit=60)
    same_members(g, y, GAME_MEMBERS)


def test_C19_a_reshuffle_record_is_kept_in_the_text() -> None:
    """A hand with a 5-card stock: after the stock runs out the text holds the stock the
    reshuffle made, top first, right after the discard that ended the turn (§4.3)."""
    rules = RummyRules(players=6, hand_size=17, opening_min=10**6)
    s = RummyState(rules, seed=3)
    rng = random.Random(0)
    while "reshuffle:" not in s.to_text():
        rummy_step(s, rng)
    actions = s.to_text().split("\nactions ")[1].split("\n")[0].split(" ")
    i = next(i for i, t in enumerate(actions) if t.startswith("reshuffle:"))
    assert actions[i - 1].startswith("discard:")
    assert actions[i] == "reshuffle:" + ",".join(rummy_name(c) for c in s.stock)
    continue_both(s, rummy_step, 9, limit=30)


def rummy_name(c: int) -> str:
    return "JK" if c == 52 else "23456789TJQKA"[c % 13] + "CDHS"[c // 13]


# ---------------------------------------------------------------- equality (introduction)


def test_A10_equality_is_the_text_passes_in_any_order() -> None:
    """Passes are simultaneous (A-10): the order they were made in is not in the text."""
    a, b = HeartsState(HeartsRules(), seed=4), HeartsState(HeartsRules(), seed=4)
    hands = a.hands
    for seat in (0, 1, 2, 3):
        a.pass_cards(seat, hands[seat][:4])
    for seat in (3, 1, 0, 2):
        b.pass_cards(seat, list(reversed(hands[seat][:4])))
    assert a == b and a.to_text() == b.to_text()
    assert "pass:0:" in a.to_text().split("actions ")[1].split(" ")[0]


def test_equality_never_looks_at_the_future() -> None:
    """Introduction: a state compares as its API page says (not the seed or generator); a
    game compares its texts without the ``future`` and ``queued`` lines."""
    deal = SpadesState(SpadesRules(), seed=1).hands
    s = SpadesState.from_deal(SpadesRules(), deal, seed=1)
    other_seed = SpadesState.from_deal(SpadesRules(), deal, seed=2)
    assert s.to_text() != other_seed.to_text()  # the generator of later redeals (§4.2)
    assert s == other_seed  # docs/spades-api.md: == compares the history, not the seed
    s.bid(3)
    assert s != other_seed and s != s.to_text()
    r = RummyRules(players=2)
    assert RummyState(r, seed=5) != RummyState(r, seed=6)  # another deal
    hands = RummyState(r, seed=5).hands
    stock = RummyState(r, seed=5).stock
    pile = RummyState(r, seed=5).pile
    a = RummyState.from_deal(r, hands, stock, pile=pile, seed=1)
    assert a == RummyState.from_deal(r, hands, stock, pile=pile, seed=2)
    # Games: the same past with another generator and another queue are equal; another past
    # is not.
    deals = [HeartsState(HeartsRules(), seed=k).hands for k in range(3)]
    g1 = HeartsGame(HeartsRules(), seed=1, deals=deals[:1])
    g2 = HeartsGame(HeartsRules(), seed=2, deals=deals)
    assert g1.to_text() != g2.to_text() and g1 == g2
    g3 = HeartsGame(HeartsRules(), seed=1, deals=deals[1:])
    assert g1 != g3
    g2.pass_cards(0, g2.state.hands[0][: g2.state.pass_count])
    assert g1 != g2
    sg1, sg2 = SpadesGame(SpadesRules(), seed=3), SpadesGame(SpadesRules(), seed=4)
    assert sg1 != sg2  # different first deals
    assert SpadesGame.from_text(sg1.to_text().replace(gen_of(sg1), gen_of(sg2))) == sg1
    assert HeartsGame(HeartsRules()).state != HeartsGame(HeartsRules())
    for x in (s, g1, RummyState(r), RummyGame(r), SpadesGame(SpadesRules())):
        with pytest.raises(TypeError):
            hash(x)  # mutable objects stay unhashable


def gen_of(x: Any) -> str:
    """The first generator of x's text (its ``future rng=`` value)."""
    found = re.search(r"rng=(\S+)", x.to_text())
    assert found
    return found.group(1)


def test_reader_accepts_crlf_comments_and_extra_spaces() -> None:
    """§1: CRLF, empty lines, comments (also before the header) and runs of spaces."""
    s = HeartsState(HeartsRules(), seed=2)
    s.pass_cards(2, s.hands[2][:4])
    text = s.to_text()
    loose = "# a comment\n\n" + "\r\n".join(
        "  " + line.replace(" ", "   ") + "  \r\n   # note" for line in text.split("\n")
    )
    assert HeartsState.from_text(loose) == s


def test_A10_reader_accepts_any_order_of_passes_and_set_cards() -> None:
    """§3.2/§4.1: a set is read in any order; pass tokens in any seat order."""
    s = HeartsState(HeartsRules(), seed=6)
    for seat in (2, 0):
        s.pass_cards(seat, s.hands[seat][-4:])
    lines = s.to_text().split("\n")
    deal = lines[3].split(" ")
    lines[3] = " ".join([deal[0]] + [",".join(reversed(h.split(","))) for h in deal[1:]])
    acts = lines[4].split(" ")
    lines[4] = " ".join([acts[0], acts[2], acts[1]])
    assert HeartsState.from_text("\n".join(lines)) == s


@pytest.mark.parametrize(
    "foreign",
    ["wyrand:0123456789abcdef", "pcg64:0123456789abcdef0011223344556677", "x1:0123456789abcdef"],
)
def test_another_kind_of_generator_seeds_the_reference_generator(foreign: str) -> None:
    """§3.4: another kind (``wyrand`` or any KIND:HEX with 16 or more hex digits) is accepted
    and seeds ours as seed=N does, N the first 16 digits; the position is the same, and the
    reference writes its own kind back."""
    s = SpadesState(SpadesRules(), seed=8)
    text = s.to_text()
    n = 0x0123456789ABCDEF
    t = SpadesState.from_text(re.sub(r"rng=mt19937:[0-9a-f]+", "rng=" + foreign, text))
    assert t.to_text() == re.sub(r"rng=mt19937:[0-9a-f]+", "rng=" + mt_text(random.Random(n)), text)
    assert t == s and t.hands == s.hands and t.legal_bids() == s.legal_bids()


@pytest.mark.parametrize(
    "bad",
    [
        "wyrand:0123456789abcde",  # 15 digits
        "wyrand:0123456789abcdef0",  # wyrand is exactly 16
        "mt19937:0123456789abcdef",  # ours: exactly 5000 digits
        "pcg64:0123456789ABCDEF",  # upper case
        "PCG64:0123456789abcdef",
        "pcg-64:0123456789abcdef",
        ":0123456789abcdef",
        "0123456789abcdef",
    ],
)
def test_malformed_generators_are_refused(bad: str) -> None:
    """§3.4: any other form is refused, naming the line and the token."""
    text = SpadesState(SpadesRules(), seed=8).to_text()
    foreign = re.sub(r"rng=mt19937:[0-9a-f]+", "rng=" + bad, text)
    with pytest.raises(InvalidArgumentError, match=r"line 6 \(future\), token 'rng="):
        SpadesState.from_text(foreign)


def mt_text(rng: random.Random) -> str:
    """§3.4: the 625 ints of getstate()[1] as 8 lower-case hex digits each."""
    return "mt19937:" + "".join(f"{x:08x}" for x in rng.getstate()[1])


def test_rules_line_lists_the_non_defaults_in_table_order() -> None:
    """§3.3: only non-defaults, in the order of to_dict(), with true/false/none/str/int."""
    r = RummyRules(max_turns_per_hand=40, max_jokers_per_meld="unlimited", players=3)
    assert RummyState(r).to_text().split("\n")[1] == (
        "rules players=3 max_jokers_per_meld=unlimited max_turns_per_hand=40"
    )
    sr = SpadesRules(lose_score=-200, bags=False, renege="penalize")
    assert SpadesState(sr).to_text().split("\n")[1] == (
        "rules lose_score=-200 bags=false renege=penalize"
    )
    hr = HeartsRules.preset("openspiel")
    line = HeartsState(hr).to_text().split("\n")[1]
    assert line.startswith("rules pass_count=3 pass_direction=random pass_through=false")
    assert HeartsState(HeartsRules()).to_text().split("\n")[1] == "rules"
    # VALUE by the parameter's type: none is None where None is a value, else the str.
    moon = HeartsState(HeartsRules(moon="none"))
    assert moon.to_text().split("\n")[1] == "rules moon=none"
    assert HeartsState.from_text(moon.to_text()).rules.moon == "none"
    capped = HeartsState(HeartsRules(max_hands=3)).to_text()
    assert HeartsState.from_text(capped.replace("max_hands=3", "max_hands=none")) == HeartsState(
        HeartsRules()
    )
    uncapped = SpadesState(sr).to_text().replace("lose_score=-200", "lose_score=none")
    assert SpadesState.from_text(uncapped).rules.lose_score is None
    # A reader takes the pairs in any order (§3.3).
    shuffled = "rules renege=penalize bags=false lose_score=-200"
    text = (
        SpadesState(sr)
        .to_text()
        .replace("rules lose_score=-200 bags=false renege=penalize", shuffled)
    )
    assert SpadesState.from_text(text) == SpadesState(sr)


def test_A24_chips_in_lowest_terms() -> None:
    """§3.1 chips: a Hearts chip sheet writes N/D in lowest terms."""
    from fractions import Fraction

    rules = HeartsRules(scoring="chips")
    g = HeartsGame(rules, totals=[Fraction(-13, 3), 100, Fraction(7, 60), 5], pot=Fraction(2))
    line = g.to_text().split("\n")[2]
    assert line == "game first_dealer=0 totals=-13/3,100,7/60,5 pot=2"
    assert HeartsGame.from_text(g.to_text()).totals == g.totals


# ---------------------------------------------------------------- §6 examples


def doc_examples() -> list[tuple[str, str]]:
    """Every ``text`` block of §6, with the kind of its ``### kind`` heading."""
    section = DOC.read_text(encoding="utf-8").split("## 6. Examples", 1)[1]
    found = re.findall(r"^### ([a-z-]+)\n(?:(?!^### ).)*?```text\n(.*?)```", section, re.S | re.M)
    assert found, "no example in docs/text-format.md §6"
    return found


@pytest.mark.parametrize(("kind", "text"), doc_examples(), ids=[k for k, _ in doc_examples()])
def test_section6_examples_parse_and_round_trip(kind: str, text: str) -> None:
    """§6 (written by the fast engine): each example parses in the reference, round-trips,
    and ``to_text()`` gives it back unchanged but for its generators, which the reference
    re-seeds from the ``wyrand`` digits and writes as its own kind (§3.4)."""
    cls = CLASSES[kind]
    x = cls.from_text(text)
    roundtrip(x)

    def own(m: re.Match[str]) -> str:
        return mt_text(random.Random(int(m.group(1)[:16], 16)))

    assert "wyrand:" in text or kind == "hearts-state"
    assert x.to_text() == re.sub(r"(?<==)wyrand:([0-9a-f]{16})", own, text)


def test_section6_every_kind_has_an_example() -> None:
    assert sorted(k for k, _ in doc_examples()) == sorted(CLASSES)


def test_section6_hearts_state_example_is_the_position_described() -> None:
    """The §6 hearts-state hand: every seat passed 3 cards left (A-8, A-9), seat 1 led 7C
    (the eldest hand, A-12) and seat 0 won the trick with KC (A-17), a card seat 3 passed."""
    s = HeartsState.from_text(dict(doc_examples())["hearts-state"])
    assert s.trick_winners == [0] and s.current_player == 0 and s.phase == "play"
    assert s.pass_count == 3 and s.pass_direction == "left"


# ---------------------------------------------------------------- malformed and unreachable


def bad(cls: Any, text: str, *fragments: str) -> None:
    """``from_text`` refuses ``text`` with an InvalidArgumentError naming each fragment."""
    with pytest.raises(InvalidArgumentError) as info:
        cls.from_text(text)
    for fragment in fragments:
        assert fragment in str(info.value), (fragment, str(info.value))


def hearts_text() -> str:
    s = HeartsState(HeartsRules(), seed=11)
    for seat in range(4):
        s.pass_cards(seat, s.hands[seat][:4])
    s.play(s.legal_plays()[0])
    return str(s.to_text())


def test_header_errors() -> None:
    """§2: version, format name and kind."""
    text = hearts_text()
    with pytest.raises(ArgumentTypeError):
        HeartsState.from_text(text.encode())  # type: ignore[arg-type]
    bad(HeartsState, "", "not a hearts-fast text", "empty")
    bad(HeartsState, "# only a comment\n", "not a hearts-fast text")
    bad(HeartsState, text.replace("hearts-fast/1", "hearts-fast/2"), "version '2'", "version 1")
    bad(HeartsState, text.replace("hearts-fast/1", "hearts-fast/01"), "version '01'")
    bad(HeartsState, text.replace("hearts-fast/1", "hearts-slow/1"), "line 1", "not a hearts-fast")
    bad(HeartsState, text.replace("hearts-state", "hearts-hand"), "KIND one of")
    bad(HeartsState, text.replace("hearts-state", "hearts-state x"), "KIND one of")
    bad(SpadesState, text, "SpadesState.from_text reads spades-state", "HeartsState.from_text")
    bad(HeartsGame, text, "HeartsGame.from_text reads hearts-game")


def test_line_and_token_errors() -> None:
    """§1: characters, order of the lines, missing/extra/unknown lines; §3.1 ints."""
    text = hearts_text()
    lines = text.split("\n")
    bad(HeartsState, text.replace(" ", "\t", 1), "line 1", "'\\t' is not allowed")
    bad(HeartsState, text.replace("QS", "Q♠"), "'♠' is not allowed")
    bad(HeartsState, "\n".join(lines[:4]), "ends after line 4 (deal)", "'actions' line")
    bad(HeartsState, "\n".join([lines[0], lines[2], lines[1], *lines[3:]]), "line 2 (hand)")
    bad(HeartsState, text + "actions\n", "line 6 (actions)", "out of place")
    bad(HeartsState, text + "bogus 1\n", "line 6 (bogus)", "unknown line keyword")
    bad(HeartsState, text.replace("\nrules\n", "\nrules\nrules\n"), "line 3 (rules)")
    for value in ("01", "+1", "-0", "1_0", "x"):
        bad(HeartsState, text.replace("dealer=0", f"dealer={value}"), f"'{value}' is not an int")
    bad(HeartsState, text.replace("dealer=0 index=0", "index=0 dealer=0"), "dealer=…")
    bad(HeartsState, text.replace(" direction=left", ""), "missing field direction")
    bad(HeartsState, text.replace("direction=left", "direction=left x=1"), "'x=1'")
    bad(HeartsState, text.replace("direction=left", "direction="), "empty value")
    bad(HeartsState, text.replace("index=0", "index=" + "9" * 41), "out of range")
    bad(HeartsState, text.replace("index=0", f"index={2**64}"), "0..2**64-1")


def test_rules_line_errors() -> None:
    """§3.3: unknown or repeated names, bad values, invalid combinations."""
    text = hearts_text()
    for line, *expected in [
        ("rules colour=red", "unknown rule 'colour'"),
        ("rules tie=share tie=share", "line 2 (rules), token 'tie=share'", "given twice"),
        ("rules target", "NAME=VALUE"),
        ("rules target=big", "invalid rules", "target"),
        ("rules early_end=True", "early_end"),
        ("rules scoring=chips jack_of_diamonds=true", "invalid rules", "jack_of_diamonds"),
    ]:
        bad(HeartsState, text.replace("\nrules\n", f"\n{line}\n"), *expected)


def test_A8_A10_hearts_deal_and_action_errors() -> None:
    """§3.2 cards, §4.1 deal and actions: the deal as from_deal checks it, the resolved
    direction, and every move replayed through the engine (A-8 … A-16)."""
    text = hearts_text()
    lines = text.split("\n")
    deal = lines[3]
    first = deal.split(" ")[1].split(",")[0]
    for form in ("10H", "qs", "Q", "-", "QS,"):
        bad(HeartsState, text.replace(f"deal {first}", f"deal {form},{first}"), "not a card")
    bad(HeartsState, text.replace(f"deal {first}", f"deal {first},{first}"), "repeated")
    bad(HeartsState, text.replace(f"deal {first},", "deal "), "line 4 (deal)", "invalid deal")
    bad(HeartsState, text.replace(deal, deal.rsplit(" ", 1)[0]), "invalid deal", "needs 4 hands")
    bad(HeartsState, text.replace("direction=left", "direction=right"), "direction must be left")
    bad(HeartsState, text.replace("direction=left", "direction=up"), "direction is one of")
    acts = lines[4].split(" ")
    swapped = " ".join([acts[0], acts[-1], *acts[1:-1]])  # the play before the passes
    bad(HeartsState, text.replace(lines[4], swapped), f"token '{acts[-1]}'", "illegal move")
    bad(HeartsState, text.replace(lines[4], lines[4] + " " + acts[1]), "illegal move")
    three = acts[1].rsplit(",", 1)[0]
    bad(HeartsState, text.replace(acts[1], three), "exactly 4 cards")
    no_through = text.replace("\nrules\n", "\nrules pass_through=false\n")
    bad(HeartsState, no_through.replace(acts[1], "forward:0"), "'forward:0'", "pass_through")
    bad(HeartsState, text.replace(acts[1], "pass:0"), "expected pass:SEAT:CARDS")
    bad(HeartsState, text.replace(acts[1], "jump:0"), "expected pass:SEAT:CARDS, forward:SEAT")
    # across with 3 players is resolved as hold; a random direction must say hold.
    r3 = HeartsRules(players=3, pass_direction="random")
    s3 = HeartsState(r3, pass_direction="across")
    assert s3.pass_direction == "hold"
    bad(HeartsState, s3.to_text().replace("direction=hold", "direction=across"), "'hold'")


def hearts_game_text(max_hands: int = 2, scoring: str = "positive") -> tuple[HeartsGame, str]:
    g = HeartsGame(HeartsRules(max_hands=max_hands, scoring=scoring), seed=3)
    play_to_end(g, hearts_step, 3, 10**6)
    return g, str(g.to_text())


def test_A5_A25_hearts_game_errors() -> None:
    """§4.4: the values a game determines, the blocks ending where the game says, the sheet,
    the future and queued lines."""
    g, text = hearts_game_text()
    assert g.is_over and g.hands_played == 2
    lines = text.split("\n")
    hand1 = lines.index(next(line for line in lines if line.startswith("hand dealer=1")))
    bad(HeartsGame, text.replace("hand dealer=1 index=1", "hand dealer=2 index=1"), "(A-5)")
    bad(
        HeartsGame,
        text.replace("hand dealer=1 index=1", "hand dealer=1 index=2"),
        "index must be 1",
    )
    # Hand 0 is over and the game goes on (max_hands=2): its block must be followed.
    bad(
        HeartsGame,
        "\n".join(lines[:hand1] + lines[hand1 + 3 :]),
        "hand 0 is over and the game goes on",
    )
    # The game is over after hand 0 with max_hands=1: no block may follow (A-25, 0.7).
    bad(HeartsGame, text.replace("\nrules max_hands=2\n", "\nrules max_hands=1\n"), "game is over")
    # Hand 0 not played to its end before hand 1 starts.
    actions0 = lines[hand1 - 1]
    bad(HeartsGame, text.replace(actions0, actions0.rsplit(" ", 1)[0]), "hand 0 is not over")
    bad(HeartsGame, text.replace(actions0, actions0 + " 2C"), "hand 0 is over: no action")
    bad(HeartsGame, text.replace(" pot=0", " pot=1"), "line 3 (game)", "pot")
    bad(HeartsGame, text.replace("totals=0,0,0,0", "totals=1/2,0,0,0"), "line 3 (game)")
    bad(HeartsGame, text.replace("totals=0,0,0,0", "totals=0,0,0"), "4 values")
    for chips in ("2/4", "1/7", "1/1", "1/0"):
        bad(HeartsGame, text.replace("totals=0,0,0,0", f"totals={chips},0,0,0"), chips)
    future = next(line for line in lines if line.startswith("future"))
    bad(HeartsGame, text.replace(future, future + " directions=left"), "pass_direction=random")
    bad(HeartsGame, text.replace(future, future.replace("rng=", "seed=")), "rng=…")
    queued = "queued " + " ".join(lines[4].split(" ")[1:4])  # 3 hands
    bad(HeartsGame, text + queued + "\n", "line 11 (queued)", "invalid queued deal", "4 hands")
    bad(HeartsGame, text.replace(future, "future"), "missing field rng")


def spades_text() -> str:
    rules = SpadesRules(deficient_hand="no_spades_no_jqk", bemo=True)
    rng = random.Random(2)
    s = SpadesState.from_deal(rules, deficient_deal(rng, False, [1]), redeals=[], seed=4)
    s.claim_redeal(1)
    s.bid(3)
    s.bid(4, bemo="little")
    return str(s.to_text())


def test_B3_B6_spades_errors() -> None:
    """§4.2: hand values as the constructor takes them, the deals (dealt order), redeal
    claims, bid and card tokens, the generator and queued deals."""
    text = spades_text()
    lines = text.split("\n")
    assert lines[4].startswith("redeal 1 ") and lines[5] == "actions bid:3 bid:4:little"
    bad(SpadesState, text.replace("totals=0,0", "totals=0,0,0"), "line 3 (hand)", "2 values")
    bad(SpadesState, text.replace("bags=0,0", "bags=0,10"), "bags[1]")
    bad(SpadesState, text.replace("dealer=0", "dealer=4"), "line 3 (hand)", "dealer")
    bad(
        SpadesState,
        text.replace(lines[4], "redeal 2" + lines[4][len("redeal 1") :]),
        "not deficient",
    )
    bad(SpadesState, text.replace(lines[4], "redeal"), "expected redeal SEAT")
    bad(SpadesState, text.replace("bid:4:little", "bid:4:huge"), "expected bid:N")
    bad(SpadesState, text.replace("bid:4:little", "bid:14"), "token 'bid:14'", "not a legal bid")
    bad(SpadesState, text.replace("bid:4:little", "bid:blind"), "blind nil")
    bad(SpadesState, text.replace("bid:4:little", "bid:4:little 2C"), "illegal move", "phase")
    bad(SpadesState, text.replace("bid:4:little", "bid:4:little bid:1 bid:1:big"), "bemo")
    bad(SpadesState, text.replace("deal ", "deal LJ,", 1), "invalid deal")
    bad(SpadesState, text.replace(lines[3], lines[3] + ",2C"), "invalid deal")
    rng_line = next(line for line in lines if line.startswith("future"))
    short = rng_line[:-8]
    bad(SpadesState, text.replace(rng_line, short), "5000 lower-case hex digits")
    upper = "future rng=mt19937:" + rng_line.split(":", 1)[1].upper()
    bad(SpadesState, text.replace(rng_line, upper), "lower-case hex")
    bad(SpadesState, text.replace("rng=mt19937:", "rng=xor_shift:"), "expected a generator")
    # Another engine's kind is re-seeded from its first 16 digits (§3.4), any length >= 16.
    assert SpadesState.from_text(
        text.replace("rng=mt19937:", "rng=xorshift:")
    ) == SpadesState.from_text(text)
    bad(SpadesState, text.replace(rng_line, "future rng=wyrand:123"), "16 lower-case hex")
    invalid_index = rng_line[:-8] + "ffffffff"  # the MT index word must be 0..624
    bad(SpadesState, text.replace(rng_line, invalid_index), "not a valid mt19937 state")
    bad(SpadesState, text.replace(rng_line + "\n", ""), "'future' line")
    bad(SpadesState, text + "queued " + lines[3][5:] + ",3C\n", "invalid queued deal")


def spades_game_text() -> str:
    g = SpadesGame(SpadesRules(max_hands=2), seed=5, totals=[10, -20], bags=[1, 2])
    play_to_end(g, spades_step, 5, 10**6)
    return str(g.to_text())


def test_B20_B22_spades_game_errors() -> None:
    """§4.4: a block's totals and bags are the game's running values before the hand."""
    text = spades_game_text()
    lines = text.split("\n")
    hand1 = next(line for line in lines if line.startswith("hand dealer=1"))
    totals = hand1.split(" ")[3]
    bad(SpadesGame, text.replace(hand1, hand1.replace(totals, "totals=0,0")), "running totals")
    if totals == "totals=0,0":
        totals = "totals=1,1"
    bags = hand1.split(" ")[4]
    other = "bags=3,3" if bags != "bags=3,3" else "bags=4,4"
    bad(SpadesGame, text.replace(hand1, hand1.replace(bags, other)), "running bag counters")
    bad(
        SpadesGame,
        text.replace("hand dealer=0 index=0 totals=10,-20", "hand dealer=0 index=0 totals=0,0"),
        "totals must be 10,-20",
    )
    bad(SpadesGame, text.replace("game first_dealer=0", "game first_dealer=7"), "first_dealer")
    bad(SpadesGame, text.replace("bags=1,2", "bags=1"), "line 3 (game)", "2 values")


def rummy_text_with_reshuffle() -> tuple[RummyState, str]:
    rules = RummyRules(players=6, hand_size=17, opening_min=10**6)
    s = RummyState(rules, seed=3)
    rng = random.Random(0)
    while "reshuffle:" not in s.to_text():
        rummy_step(s, rng)
    rummy_step(s, rng)
    return s, str(s.to_text())


def test_C19_rummy_reshuffle_errors() -> None:
    """§4.3/§5 step 4: a reshuffle record stands exactly where the engine reshuffles, with an
    ordering of exactly the cards reshuffled."""
    s, text = rummy_text_with_reshuffle()
    lines = text.split("\n")
    acts = lines[4].split(" ")
    i = next(i for i, t in enumerate(acts) if t.startswith("reshuffle:"))
    record = acts[i]
    cards = record[len("reshuffle:") :].split(",")
    # Missing record: the engine reshuffles after the discard before it.
    missing = " ".join(acts[:i] + acts[i + 1 :])
    bad(RummyState, text.replace(lines[4], missing), f"token '{acts[i - 1]}'", "reshuffle:CARDS")
    # Out of place: one action too late, or first.
    late = " ".join([*acts[:i], acts[i + 1], record, *acts[i + 2 :]])
    bad(RummyState, text.replace(lines[4], late), f"token '{acts[i - 1]}'", "C-19")
    first = " ".join([acts[0], record, *acts[1:]])
    bad(RummyState, text.replace(lines[4], first), "does not rebuild the stock", "C-19")
    bad(RummyState, text.replace(lines[4], "actions " + record + " " + lines[4][8:]), "this deal")
    twice = " ".join([*acts[: i + 1], record, *acts[i + 1 :]])
    bad(RummyState, text.replace(lines[4], twice), "out of place")
    # Not the cards reshuffled: one card changed, or one card dropped.
    swapped = "reshuffle:" + ",".join(["JK" if cards[0] != "JK" else "2C", *cards[1:]])
    bad(RummyState, text.replace(record, swapped), "not an ordering of exactly the cards")
    bad(RummyState, text.replace(record, "reshuffle:" + ",".join(cards[1:])), "not an ordering")
    # Another order of the same cards is accepted: the engine then uses it.
    other = "reshuffle:" + ",".join(reversed(cards))
    t = RummyState.from_text(text.replace(record, other))
    assert t.to_text() == text.replace(record, other) and t != s


def test_C2_C4_rummy_deal_and_action_errors() -> None:
    """§4.3: the deal holds the 108 cards, hands of hand_size; action token forms; moves
    replayed through the engine."""
    s = RummyState(RummyRules(players=2, hand_size=7), seed=4)
    rng = random.Random(1)
    for _ in range(6):
        rummy_step(s, rng)
    text = s.to_text()
    lines = text.split("\n")
    deal = lines[3]
    bad(RummyState, text.replace(" stock=", " stock=2C,", 1), "invalid deal", "appears 3 times")
    bad(RummyState, text.replace(" pile=", " x="), "expected the field pile=")
    head = deal.split(" ")
    reordered = " ".join([head[0], head[-2], *head[1:-2], head[-1]])
    bad(RummyState, text.replace(deal, reordered), "come last")
    bad(RummyState, text.replace(deal, " ".join([head[0], head[1], *head[3:]])), "needs 2 hands")
    bad(RummyState, text.replace("deal ", "deal XX,", 1), "not a card", "JK")
    bad(RummyState, text.replace("hand dealer=0", "hand dealer=2"), "line 3 (hand)", "dealer")
    bad(RummyState, text.replace("totals=0,0", "totals=0"), "2 values")
    acts = lines[4]
    for token, what in [
        ("draw:1", "expected an action token"),
        ("meld:-", "non-empty list of cards"),
        ("open:", "non-empty list of cards"),
        ("lay_off:0:QS:middle", "END low, high or set"),
        ("discard:ZZ", "not a card"),
        ("discard:QS", "illegal move"),
        ("meld:5H,4H,3H", "illegal move"),
    ]:
        bad(RummyState, text.replace(acts, acts + " " + token), f"'{token}'", what)
    bad(RummyState, text.replace("\nfuture ", "\nfuture hand_rng=x "), "expected the field rng=")


def rummy_game_text() -> str:
    rules = RummyRules(players=3, hand_size=9, max_turns_per_hand=4, max_hands=2)
    g = RummyGame(rules, seed=6, totals=[5, 0, -5])
    play_to_end(g, rummy_step, 6, 10**6)
    return str(g.to_text())


def test_C3_C4_C21_rummy_game_errors() -> None:
    """§4.4: a game hand's pile is the C-4 upcard alone; its totals are the running totals;
    the future line holds both generators."""
    text = rummy_game_text()
    lines = text.split("\n")
    deal0 = lines[4]
    stock, pile = deal0.split(" ")[-2:]
    top = stock.split(",")[0][len("stock=") :]
    moved = deal0.replace(stock, "stock=" + stock[len("stock=") + len(top) + 1 :]).replace(
        pile, pile + "," + top
    )
    bad(RummyGame, text.replace(deal0, moved), "pile holds 1 card(s)", "C-4")
    hand1 = next(line for line in lines if line.startswith("hand dealer=1"))
    bad(RummyGame, text.replace(hand1, hand1.rsplit(" ", 1)[0] + " totals=0,0,0"), "running totals")
    future = next(line for line in lines if line.startswith("future"))
    bad(RummyGame, text.replace(future, future.split(" hand_rng")[0]), "missing field hand_rng")
    bad(RummyGame, text.replace("totals=5,0,-5", "totals=5,0"), "line 3 (game)", "3 values")
    queued = "queued " + " ".join(deal0.split(" ")[1:-2]) + f" stock={top}"
    bad(RummyGame, text + queued + "\n", "invalid queued deal")


# ---------------------------------------------------------------- robustness


def mutate(text: str, rng: random.Random) -> str:
    """A small random edit of a text: drop, repeat or swap a token, or change a character."""
    tokens = text.split(" ")
    kind = rng.randrange(4)
    i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
    if kind == 0:
        del tokens[i]
    elif kind == 1:
        tokens.insert(j, tokens[i])
    elif kind == 2:
        tokens[i], tokens[j] = tokens[j], tokens[i]
    else:
        k = rng.randrange(len(text))
        return text[:k] + rng.choice("0123456789ACDHJKLQST-,:=/ \nabcdefz") + text[k + 1 :]
    return " ".join(tokens)


def make_samples() -> list[Any]:
    return [
        HeartsState.from_text(hearts_text()),
        SpadesState.from_text(spades_text()),
        rummy_text_with_reshuffle()[0],
        HeartsGame.from_text(hearts_game_text()[1]),
        SpadesGame.from_text(spades_game_text()),
        RummyGame.from_text(rummy_game_text()),
    ]


SAMPLES = make_samples()


@examples(0.2)
@given(st.sampled_from(range(len(SAMPLES))), st.integers(0, 2**32))
def test_mutated_texts_raise_only_invalid_argument(which: int, seed: int) -> None:
    """§5: whatever is wrong raises InvalidArgumentError and nothing else; a text that is
    still valid reads into an object that round-trips."""
    x = SAMPLES[which]
    rng = random.Random(seed)
    text = x.to_text()
    for _ in range(rng.randint(1, 3)):
        text = mutate(text, rng)
    try:
        y = type(x).from_text(text)
    except InvalidArgumentError:
        return
    assert type(x).from_text(y.to_text()) == y
