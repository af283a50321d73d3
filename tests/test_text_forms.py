"""The text forms of docs/text-format.md: every state and game class of the three games
round-trips through ``to_text()``/``from_text()``, ``repr`` and pickle at every step of
random play, plays on identically after a round trip (future deals, redeals and C-19
reshuffles included), and refuses malformed or unreachable texts with
``InvalidArgumentError`` (a non-str with ``ArgumentTypeError``) and nothing else.

The tests are parametrized over the engines in ``ENGINES`` (the fast engine and the
pure-Python reference); ``test_engines_write_the_same_text_and_read_each_other`` plays both in
lockstep from the same deals and compares their texts.
"""

from __future__ import annotations

import pickle
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref
from tests.helpers import examples
from tests.strategies import deal_hands, random_spades_deal, rule_params, spades_rule_params

DOC = Path(__file__).resolve().parents[1] / "docs" / "text-format.md"


@dataclass(frozen=True)
class Engine:
    """An engine under test: its module, the generator kind its texts name (§3.4), and how
    often the random-play test round-trips its text (every ``stride``-th step: a reference
    reader replays the whole history, so a check at every step of a 600-step rummy hand
    would cost minutes)."""

    name: str
    module: Any
    generator: str
    stride: int = 1


ENGINES = [
    pytest.param(Engine("fast", hf, "wyrand"), id="fast"),
    pytest.param(Engine("reference", ref, "mt19937", stride=20), id="reference"),
]

# The hypothesis budget of the active profile (tests/conftest.py); a text round trip at
# every step of a whole game costs far more than one example of the cheap tests.
EXAMPLES = settings().max_examples
GAME_EXAMPLES = max(3, EXAMPLES // 30)


@pytest.fixture(params=ENGINES, scope="session")
def text_engine(request: pytest.FixtureRequest) -> Engine:
    """The engines with text forms, with the generator kind their texts name."""
    e: Engine = request.param
    return e


# ---------------------------------------------------------------- random play


def trick_step(
    x: Any, rng: random.Random, before_play: Callable[[Any, random.Random], None]
) -> bool:
    """One random legal move on a state or game of a trick game: a play, or before the play
    the move ``before_play`` makes (a Hearts pass, a Spades bid or claim); False once over."""
    if x.is_over:
        return False
    if x.phase == "play":
        x.play(rng.choice(x.legal_plays()))
    else:
        before_play(x, rng)
    return True


def hearts_pass(x: Any, rng: random.Random) -> None:
    """A random pass or forward of a pending seat (A-8, A-10, A-11)."""
    state = x.state if hasattr(x, "state") else x  # a game of either engine
    seat = rng.choice(x.pending_passes())
    if x.rules.pass_through and rng.random() < 0.25:
        x.forward(seat)
    else:
        x.pass_cards(seat, rng.sample(sorted(state.hands[seat]), state.pass_count))


def spades_bid(x: Any, rng: random.Random) -> None:
    """A random redeal claim of a deficient seat (B.3), else a random legal bid (B-7)."""
    deficient = x.deficient_seats()
    if deficient and rng.random() < 0.4:
        x.claim_redeal(rng.choice(deficient))
        return
    options = [(n, False) for n in x.legal_bids()]
    if x.can_bid_blind():
        options.append((0, True))
    n, blind = rng.choice(options)
    bemos = x.legal_bemos()
    bemo = rng.choice([None, *bemos]) if bemos else None
    x.bid(n, blind=blind or None, bemo=bemo)


def hearts_step(x: Any, rng: random.Random) -> bool:
    """One random legal move on a HeartsState or HeartsGame; False once over."""
    return trick_step(x, rng, hearts_pass)


def spades_step(x: Any, rng: random.Random) -> bool:
    """One random legal move on a SpadesState or SpadesGame (claims, bids, plays)."""
    return trick_step(x, rng, spades_bid)


def rummy_step(x: Any, rng: random.Random) -> bool:
    """One random legal action on a RummyState or RummyGame."""
    if x.is_over:
        return False
    x.apply(rng.choice(x.legal_actions()))
    return True


def rummy_deck() -> list[int]:
    return [c for c in range(52) for _ in range(2)] + [52] * 4


def reshuffle_count(text: str) -> int:
    return text.count(" reshuffle:")


def reshuffled_rummy_hand(m: Any, stock: int) -> Any:
    """A two-player rummy hand (hands of 5 cards, ``stock`` cards in the stock, the rest of
    a shuffled deck in the pile) played at random until the engine has reshuffled the pile
    into a new stock once (C-19)."""
    rules = m.RummyRules(players=2, hand_size=5, stock_exhausted="reshuffle")
    deck = rummy_deck()
    random.Random(4).shuffle(deck)
    hands, rest = [deck[:5], deck[5:10]], deck[10:]
    s = m.RummyState.from_deal(rules, hands, rest[:stock], pile=rest[stock:], seed=3)
    rng = random.Random(5)
    while reshuffle_count(s.to_text()) < 1:
        assert rummy_step(s, rng)
    return s


def read_back_plays_on(x: Any, step: Callable[[Any, random.Random], bool], seed: int) -> Any:
    """``x`` read back from its text, then both played on with the same random moves to the
    end, equal after every move; the copy read back."""
    y = type(x).from_text(x.to_text())
    ra, rb = random.Random(seed), random.Random(seed)
    while step(x, ra):
        assert step(y, rb)
        assert y == x
    return y


@st.composite
def rummy_params(draw: st.DrawFn, *, for_games: bool = False) -> dict[str, Any]:
    """RummyRules parameters (docs/rules/rummy.md C.1), small enough that hands and games end
    soon."""
    players = draw(st.integers(2, 4))
    return {
        "players": players,
        "hand_size": draw(st.integers(1, 10)),
        "opening_min": draw(st.sampled_from([0, 15, 30, 51])),
        "joker_value": draw(st.sampled_from([0, 25, 50])),
        "max_jokers_per_meld": draw(st.sampled_from([1, "unlimited"])),
        "initial_upcard": draw(st.booleans()),
        "stock_exhausted": draw(st.sampled_from(["reshuffle", "end_hand"])),
        "max_turns_per_hand": draw(
            st.sampled_from([4, 12, 40]) if for_games else st.sampled_from([4, 30, 120, 300])
        ),
        "target": draw(st.sampled_from([1, 100, 1000])),
        "tie": draw(st.sampled_from(["play_on", "share"])),
        "max_hands": draw(st.sampled_from([1, 2]) if for_games else st.none()),
    }


@dataclass(frozen=True)
class Kind:
    """One class of objects with a text form: how to draw one and how to move it."""

    name: str
    cls: str
    new: Callable[[Any, st.DataObject], Any]
    step: Callable[[Any, random.Random], bool]


def new_hearts_state(m: Any, data: st.DataObject) -> Any:
    rules = m.HeartsRules(**data.draw(rule_params()))
    seed = data.draw(st.integers(0, 2**64 - 1))
    dealer = data.draw(st.integers(0, rules.players - 1))
    index = data.draw(st.sampled_from([0, 1, 2, 3, 2**64 - 1]))
    return m.HeartsState(rules, seed=seed, dealer=dealer, hand_index=index)


def new_hearts_game(m: Any, data: st.DataObject) -> Any:
    p = data.draw(rule_params(for_games=True))
    p["max_hands"] = min(p["max_hands"] or 3, 3)
    rules = m.HeartsRules(**p)
    first = data.draw(st.integers(0, rules.players - 1))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    deals = []
    for h in range(data.draw(st.integers(0, 4))):  # queued deals, some never used
        order = list(range(len(rules.deck())))
        rng.shuffle(order)
        deals.append(deal_hands(rules, (first + h) % rules.players, order))
    directions = None
    if p["pass_direction"] == "random":
        directions = data.draw(st.lists(st.sampled_from(["left", "right", "hold"]), max_size=4))
    return m.HeartsGame(
        rules,
        seed=data.draw(st.integers(0, 2**64 - 1)),
        first_dealer=first,
        deals=deals,
        pass_directions=directions,
    )


def new_spades_state(m: Any, data: st.DataObject) -> Any:
    p = data.draw(spades_rule_params())
    rules = m.SpadesRules(**p)
    dealer = data.draw(st.integers(0, 3))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    redeals = [random_spades_deal(rng, p["jokers"], dealer) for _ in range(rng.randrange(3))]
    limit = p["bags_limit"]
    return m.SpadesState(
        rules,
        seed=data.draw(st.integers(0, 2**64 - 1)),
        dealer=dealer,
        hand_index=data.draw(st.integers(0, 40)),
        totals=[data.draw(st.integers(-500, 500)), data.draw(st.integers(-500, 500))],
        bags=[rng.randrange(limit), rng.randrange(limit)],
        redeals=redeals,
    )


def new_spades_game(m: Any, data: st.DataObject) -> Any:
    p = data.draw(spades_rule_params(for_games=True))
    p["max_hands"] = min(p["max_hands"] or 3, 3)
    rules = m.SpadesRules(**p)
    first = data.draw(st.integers(0, 3))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    deals = [random_spades_deal(rng, p["jokers"], first) for _ in range(rng.randrange(4))]
    return m.SpadesGame(
        rules, seed=data.draw(st.integers(0, 2**64 - 1)), first_dealer=first, deals=deals
    )


def new_rummy_state(m: Any, data: st.DataObject) -> Any:
    rules = m.RummyRules(**data.draw(rummy_params()))
    seed = data.draw(st.integers(0, 2**64 - 1))
    dealer = data.draw(st.integers(0, rules.players - 1))
    if data.draw(st.booleans()):
        return m.RummyState(
            rules, seed=seed, dealer=dealer, hand_index=data.draw(st.integers(0, 9))
        )
    # An explicit deal with a short stock and a long pile: C-19 comes early.
    deck = rummy_deck()
    random.Random(seed).shuffle(deck)
    n = rules.hand_size
    hands = [deck[i * n : (i + 1) * n] for i in range(rules.players)]
    rest = deck[rules.players * n :]
    k = data.draw(st.integers(0, 6))
    return m.RummyState.from_deal(
        rules, hands, rest[:k], pile=rest[k:], dealer=dealer, seed=seed, totals=None
    )


def new_rummy_game(m: Any, data: st.DataObject) -> Any:
    rules = m.RummyRules(**data.draw(rummy_params(for_games=True)))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    deals = []
    for _ in range(rng.randrange(3)):
        deck = rummy_deck()
        rng.shuffle(deck)
        n = rules.hand_size
        deals.append(
            ([deck[i * n : (i + 1) * n] for i in range(rules.players)], deck[rules.players * n :])
        )
    return m.RummyGame(
        rules,
        seed=data.draw(st.integers(0, 2**64 - 1)),
        first_dealer=data.draw(st.integers(0, rules.players - 1)),
        deals=deals,
        totals=[data.draw(st.integers(-50, 50)) for _ in range(rules.players)],
    )


KINDS = [
    Kind("hearts-state", "HeartsState", new_hearts_state, hearts_step),
    Kind("hearts-game", "HeartsGame", new_hearts_game, hearts_step),
    Kind("spades-state", "SpadesState", new_spades_state, spades_step),
    Kind("spades-game", "SpadesGame", new_spades_game, spades_step),
    Kind("rummy-state", "RummyState", new_rummy_state, rummy_step),
    Kind("rummy-game", "RummyGame", new_rummy_game, rummy_step),
]
KIND_IDS = [k.name for k in KINDS]
STEP_CAP = 600


def assert_round_trips(engine: Engine, kind: Kind, x: Any) -> None:
    """from_text(to_text(x)) == x, eval(repr(x)) == x, pickle, and the same text back."""
    cls = getattr(engine.module, kind.cls)
    text = x.to_text()
    assert text.startswith(f"hearts-fast/1 {kind.name}\n")
    y = cls.from_text(text)
    assert y == x and not (y != x)
    assert y.to_text() == text
    assert eval(repr(x), {kind.cls: cls}) == x
    assert pickle.loads(pickle.dumps(x)) == x


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
@examples(0.03)
@given(data=st.data())
def test_round_trip_at_every_step_and_play_continues_identically(
    text_engine: Engine, kind: Kind, data: st.DataObject
) -> None:
    """docs/text-format.md §5: the text of every position reached by random play reads back
    as an equal object (repr and pickle too); a copy read back at a drawn step plays on
    exactly like the original, through the next deals (A-6, B-3, C-3), redeals (B.3) and
    reshuffles (C-19) drawn from the restored generators."""
    engine = text_engine
    x = kind.new(engine.module, data)
    fork_at = data.draw(st.integers(0, 120))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    cls = getattr(engine.module, kind.cls)
    y, ry = None, random.Random()
    for steps in range(STEP_CAP):
        if steps % engine.stride == 0 or steps == fork_at:
            assert_round_trips(engine, kind, x)
        if steps == fork_at:
            y = cls.from_text(x.to_text())
            ry.setstate(rng.getstate())
        moved = kind.step(x, rng)
        if y is not None:
            assert kind.step(y, ry) == moved
            assert y == x
        if not moved:
            break
    assert_round_trips(engine, kind, x)  # the last position (the end, or the step cap)
    if y is not None:
        assert y.to_text() == x.to_text()


# ---------------------------------------------------------------- continuation, pinned


def test_A6_future_deals_of_a_game_come_from_the_restored_generator(text_engine: Engine) -> None:
    """A Hearts game read back in its first hand deals the same later hands (A-6)."""
    engine = text_engine
    m = engine.module
    rules = m.HeartsRules(pass_direction="random", max_hands=4)
    g = m.HeartsGame(rules, seed=99, pass_directions=["left", "hold", "right"])
    rng = random.Random(1)
    for _ in range(10):
        hearts_step(g, rng)
    h = read_back_plays_on(g, hearts_step, 2)
    assert g.hands_played == h.hands_played == 4 and h.state == g.state


def test_B3_redeals_come_from_the_restored_queue_then_generator(text_engine: Engine) -> None:
    """A SpadesState read back keeps its queued redeals and its generator (B.3)."""
    engine = text_engine
    m = engine.module
    rules = m.SpadesRules(deficient_hand="no_spades_no_jqk")
    # Seat 1's hand has no spade and no J, Q or K: it may claim a redeal.
    poor = [c for c in range(39) if c % 13 < 9][:13]
    rest = [c for c in range(52) if c not in poor]
    deal = [rest[0:13], poor, rest[13:26], rest[26:39]]
    s = m.SpadesState.from_deal(rules, deal, redeals=[deal], seed=5)
    t = m.SpadesState.from_text(s.to_text())
    for x in (s, t):
        x.claim_redeal(1)  # the queued deal: seat 1 is deficient again
        x.claim_redeal(1)  # the generator's deal
    assert t == s and t.hands == s.hands and t.redeal_claims == [1, 1]


def test_C19_reshuffles_after_a_round_trip_are_the_same(text_engine: Engine) -> None:
    """A rummy hand read back reshuffles the pile (C-19) exactly as the original would."""
    m = text_engine.module
    s = reshuffled_rummy_hand(m, 2)
    t = m.RummyState.from_text(s.to_text())
    ra, rb = random.Random(6), random.Random(6)
    while reshuffle_count(s.to_text()) < 2 and rummy_step(s, ra):
        assert rummy_step(t, rb)
        assert t == s and t.stock == s.stock
    assert reshuffle_count(t.to_text()) == 2 and t == s


def test_C19_a_rummy_game_reshuffles_and_deals_on_identically(text_engine: Engine) -> None:
    """A rummy game read back mid-hand reshuffles with the hand's generator and deals the
    next hands from the game's (C-3, C-19)."""
    engine = text_engine
    m = engine.module
    rules = m.RummyRules(
        players=4, hand_size=20, stock_exhausted="reshuffle", max_turns_per_hand=80, max_hands=3
    )
    g = m.RummyGame(rules, seed=17)
    rng = random.Random(8)
    for _ in range(5):
        rummy_step(g, rng)
    h = read_back_plays_on(g, rummy_step, 9)
    assert h.hands_played == 3 and reshuffle_count(h.to_text()) >= 1


# ---------------------------------------------------------------- refusals


def sample_texts(engine: Engine) -> dict[str, str]:
    """One text of each kind, with some play in it."""
    m = engine.module
    rng = random.Random(3)
    objs: dict[str, Any] = {
        "hearts-state": m.HeartsState(m.HeartsRules(pass_direction="right", pass_count=3), seed=1),
        "hearts-game": m.HeartsGame(m.HeartsRules(max_hands=2, pass_direction="hold"), seed=1),
        "spades-state": m.SpadesState(m.SpadesRules(), seed=1),
        "spades-game": m.SpadesGame(m.SpadesRules(max_hands=2), seed=1),
        "rummy-state": m.RummyState(m.RummyRules(players=2), seed=1),
        "rummy-game": m.RummyGame(m.RummyRules(players=2, max_turns_per_hand=6), seed=1),
    }
    steps = {"hearts": hearts_step, "spades": spades_step, "rummy": rummy_step}
    for name, x in objs.items():
        for _ in range(20):
            steps[name.split("-")[0]](x, rng)
    return {k: x.to_text() for k, x in objs.items()}


def cls_of(engine: Engine, kind: str) -> Any:
    return getattr(engine.module, next(k.cls for k in KINDS if k.name == kind))


def refuse(engine: Engine, kind: str, text: Any, match: str | None = None) -> str:
    with pytest.raises(hf.InvalidArgumentError, match=match) as info:
        cls_of(engine, kind).from_text(text)
    return str(info.value)


@pytest.mark.parametrize("kind", KIND_IDS)
def test_another_version_is_refused(text_engine: Engine, kind: str) -> None:
    engine = text_engine
    text = sample_texts(engine)[kind]
    refuse(engine, kind, text.replace("hearts-fast/1", "hearts-fast/2", 1), "version")
    refuse(engine, kind, text.replace("hearts-fast/1", "hearts-fast/1.0", 1), "version")
    refuse(engine, kind, text.replace("hearts-fast/1 ", "hearts/1 ", 1), "not a hearts-fast")


@pytest.mark.parametrize("kind", KIND_IDS)
def test_another_kind_is_refused(text_engine: Engine, kind: str) -> None:
    engine = text_engine
    texts = sample_texts(engine)
    for other, text in texts.items():
        if other != kind:
            refuse(engine, kind, text, f"{other} text")


@pytest.mark.parametrize("kind", KIND_IDS)
def test_a_non_str_is_an_argument_type_error(text_engine: Engine, kind: str) -> None:
    engine = text_engine
    for bad in (None, 5, b"hearts-fast/1", ["hearts-fast/1"]):
        with pytest.raises(hf.ArgumentTypeError):
            cls_of(engine, kind).from_text(bad)


@pytest.mark.parametrize("kind", KIND_IDS)
@given(garbage=st.text(max_size=60))
def test_garbage_is_refused(text_engine: Engine, kind: str, garbage: str) -> None:
    engine = text_engine
    refuse(engine, kind, garbage)
    refuse(engine, kind, f"hearts-fast/1 {kind}\n{garbage}")


MUTATIONS = ["delete", "duplicate", "swap", "replace", "truncate"]


@pytest.mark.parametrize("kind", KIND_IDS)
@examples(0.1)
@given(data=st.data())
def test_a_mutated_text_reads_back_equal_or_is_refused(
    text_engine: Engine, kind: str, data: st.DataObject
) -> None:
    """Any edit of a valid text (a token deleted, repeated, swapped, replaced, the text
    cut) is either still a valid text that round-trips, or InvalidArgumentError."""
    engine = text_engine
    text = sample_texts(engine)[kind]
    tokens = re.split(r"( |\n)", text)
    words = [i for i, t in enumerate(tokens) if t not in (" ", "\n", "")]
    how = data.draw(st.sampled_from(MUTATIONS))
    i, j = data.draw(st.sampled_from(words)), data.draw(st.sampled_from(words))
    if how == "delete":
        tokens[i] = ""
    elif how == "duplicate":
        tokens[i] = tokens[i] + " " + tokens[i]
    elif how == "swap":
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif how == "replace":
        tokens[i] = data.draw(
            st.sampled_from(["-", "0", "-1", "01", "x=1", "QS", "JK", "bid:0", "draw", "a=b=c"])
        )
    mutated = "".join(tokens)
    if how == "truncate":
        mutated = text[: data.draw(st.integers(0, len(text) - 1))]
    cls = cls_of(engine, kind)
    try:
        x = cls.from_text(mutated)
    except hf.InvalidArgumentError:
        return  # anything else (another class, a panic) fails the test
    assert cls.from_text(x.to_text()) == x


def replace_line(text: str, keyword: str, new: str) -> str:
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.split(" ")[0] == keyword)
    lines[i] = new
    return "\n".join(lines) + "\n"


def line_of(text: str, keyword: str, nth: int = 0) -> str:
    return [ln for ln in text.splitlines() if ln.split(" ")[0] == keyword][nth]


def test_A16_an_illegal_play_is_refused_with_its_line_and_reason(text_engine: Engine) -> None:
    engine = text_engine
    m = engine.module
    s = m.HeartsState(m.HeartsRules(pass_direction="hold"), seed=2)
    leader = s.current_player
    wrong = next(c for c in s.hands[leader] if c not in s.legal_plays())
    text = s.to_text().rstrip("\n") + " " + hf.card_name(wrong) + "\n"
    msg = refuse(engine, "hearts-state", text, "not legal")
    assert "line 5 (actions)" in msg and hf.card_name(wrong) in msg


def test_A8_a_direction_the_rules_do_not_give_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = sample_texts(engine)["hearts-state"]
    refuse(
        engine, "hearts-state", text.replace(" direction=right", " direction=across"), "direction"
    )


def test_A6_a_card_dealt_twice_or_missing_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = sample_texts(engine)["hearts-state"]
    deal = line_of(text, "deal").split(" ")
    first = deal[1].split(",")[0]
    deal[2] = first + "," + ",".join(deal[2].split(",")[1:])
    refuse(engine, "hearts-state", replace_line(text, "deal", " ".join(deal)), "deal")


def test_values_are_strict(text_engine: Engine) -> None:
    """§3: ints without leading zeros or '+', upper-case two-letter card names."""
    engine = text_engine
    text = sample_texts(engine)["hearts-state"]
    for old, new in [("dealer=0", "dealer=00"), ("dealer=0", "dealer=+0"), ("index=0", "index=-0")]:
        refuse(engine, "hearts-state", text.replace(old, new, 1), "expected")
    deal = line_of(text, "deal")
    refuse(engine, "hearts-state", text.replace(deal, deal.replace("T", "10")), "card")
    refuse(engine, "hearts-state", text.replace(deal, deal.lower()), "card")


def test_rules_lines_refuse_unknown_repeated_and_invalid_pairs(text_engine: Engine) -> None:
    engine = text_engine
    text = sample_texts(engine)["hearts-state"]
    rules = line_of(text, "rules")
    refuse(engine, "hearts-state", text.replace(rules, rules + " colour=red"), "unknown")
    refuse(engine, "hearts-state", text.replace(rules, rules + " pass_direction=left"), "twice")
    refuse(engine, "hearts-state", text.replace(rules, rules + " players=9"), "players")
    refuse(engine, "hearts-state", text.replace(rules, rules + " target=many"), "target")


def test_lines_out_of_order_or_extra_are_refused(text_engine: Engine) -> None:
    engine = text_engine
    for kind, text in sample_texts(engine).items():
        lines = text.splitlines()
        swapped = [lines[0], lines[2], lines[1], *lines[3:]]
        refuse(engine, kind, "\n".join(swapped) + "\n", "expected")
        refuse(engine, kind, text + "actions\n", "expected")
        refuse(engine, kind, "\n".join(lines[:-1]) + "\n")


def test_blank_and_comment_lines_are_ignored(text_engine: Engine) -> None:
    engine = text_engine
    for kind, text in sample_texts(engine).items():
        lines = text.splitlines()
        noisy = "\r\n".join(["", lines[0], "# a comment", "", *(f"  {ln}  " for ln in lines[1:])])
        x = cls_of(engine, kind).from_text(noisy)
        assert x.to_text() == text


def test_B3_a_redeal_by_a_seat_that_may_not_claim_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = sample_texts(engine)["spades-state"]
    deal = line_of(text, "deal")
    bad = text.replace(deal, deal + "\nredeal 0" + deal[len("deal") :])
    refuse(engine, "spades-state", bad, r"line 5 \(redeal\)")


def test_B6_a_bid_out_of_range_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = sample_texts(engine)["spades-state"]
    actions = line_of(text, "actions")
    first_bid = actions.split(" ")[1]
    for bad in ("bid:14", "bid:-1", "bid:nil", "bid:3:huge"):
        refuse(engine, "spades-state", text.replace(actions, actions.replace(first_bid, bad, 1)))


def test_C19_reshuffle_tokens_are_checked(text_engine: Engine) -> None:
    engine = text_engine
    s = reshuffled_rummy_hand(engine.module, 1)
    text = s.to_text()
    token = next(t for t in line_of(text, "actions").split(" ") if t.startswith("reshuffle:"))
    refuse(engine, "rummy-state", text.replace(" " + token, ""), "reshuffle")
    cards = token.split(":")[1].split(",")
    cards[0] = "QS" if cards[0] != "QS" else "2C"
    refuse(engine, "rummy-state", text.replace(token, "reshuffle:" + ",".join(cards)), "exactly")
    early = text.replace("actions ", "actions " + token + " ", 1)
    refuse(engine, "rummy-state", early, "reshuffle")
    assert line_of(text, "actions").endswith(token)  # play stopped at the reshuffle
    shuffled = token.split(":")[1].split(",")
    shuffled.reverse()
    other = engine.module.RummyState.from_text(
        text.replace(token, "reshuffle:" + ",".join(shuffled))
    )
    assert other.stock == [card_id(c) for c in shuffled]


def card_id(name: str) -> int:
    """§3.2, independently of the engines: rank then suit, JK = 52."""
    if name == "JK":
        return 52
    return "CDHS".index(name[1]) * 13 + "23456789TJQKA".index(name[0])


def test_C3_a_rummy_deal_without_the_108_cards_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = sample_texts(engine)["rummy-state"]
    deal = line_of(text, "deal")
    head, pile = deal.rsplit(" pile=", 1)
    refuse(engine, "rummy-state", text.replace(deal, head + " pile=-"), "108")
    refuse(engine, "rummy-state", text.replace(deal, head + " pile=" + pile + ",QS"), "108")


def finished_game_text(engine: Engine) -> str:
    m = engine.module
    g = m.SpadesGame(m.SpadesRules(max_hands=2), seed=6)
    rng = random.Random(2)
    while spades_step(g, rng):
        pass
    text: str = g.to_text()
    return text


def test_B22_a_hand_after_the_game_is_over_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = finished_game_text(engine)
    lines = text.splitlines()
    hand = [i for i, ln in enumerate(lines) if ln.startswith("hand ")]
    # The last hand's block again, with the dealer and index a third hand would have.
    block = lines[hand[-1] : hand[-1] + 3]
    block[0] = block[0].replace("dealer=1 index=1", "dealer=2 index=2")
    future = next(i for i, ln in enumerate(lines) if ln.startswith("future "))
    extra = lines[:future] + block + lines[future:]
    refuse(engine, "spades-game", "\n".join(extra) + "\n", "over")


def test_a_finished_hand_needs_the_next_hand_while_the_game_goes_on(text_engine: Engine) -> None:
    engine = text_engine
    text = finished_game_text(engine)
    lines = text.splitlines()
    hand = [i for i, ln in enumerate(lines) if ln.startswith("hand ")]
    future = next(i for i, ln in enumerate(lines) if ln.startswith("future "))
    cut = lines[: hand[1]] + lines[future:]
    refuse(engine, "spades-game", "\n".join(cut) + "\n", "hand 1")


def test_a_game_hand_must_have_the_values_the_game_gives(text_engine: Engine) -> None:
    engine = text_engine
    text = finished_game_text(engine)
    second = line_of(text, "hand", 1)
    refuse(engine, "spades-game", text.replace(second, second.replace("dealer=1", "dealer=2")))
    refuse(engine, "spades-game", text.replace(second, second.replace("index=1", "index=5")))
    hearts = sample_texts(engine)["hearts-game"]
    refuse(engine, "hearts-game", hearts.replace("pot=0", "pot=1"), "pot")


def test_an_action_after_the_hand_ended_is_refused(text_engine: Engine) -> None:
    engine = text_engine
    text = finished_game_text(engine)
    first = line_of(text, "actions", 0)
    refuse(engine, "spades-game", text.replace(first, first + " 2C"), "over")


def test_generators(text_engine: Engine) -> None:
    """§3.4: another engine's generator is accepted (re-seeded); a malformed one is not."""
    engine = text_engine
    m = engine.module
    text = m.RummyState(m.RummyRules(players=2), seed=1).to_text()
    rng = line_of(text, "future").split("=", 1)[1]
    assert rng.split(":")[0] == engine.generator
    other = "mt19937:" + "0123456789abcdef" * 3 if engine.generator == "wyrand" else None
    for foreign in (other or "wyrand:0123456789abcdef", "pcg64:" + "0123456789abcdef" * 2):
        x = m.RummyState.from_text(text.replace(rng, foreign))
        assert x == m.RummyState.from_text(text) and x.hands == m.RummyState.from_text(text).hands
        again = line_of(x.to_text(), "future").split("=", 1)[1]
        assert again.split(":")[0] == engine.generator  # written back as its own kind
    for bad in ("wyrand:123", "WYRAND:0123456789abcdef", "wyrand", "x:zz"):
        refuse(engine, "rummy-state", text.replace(rng, bad), "generator")


# ---------------------------------------------------------------- the documented examples


def doc_examples() -> list[str]:
    section = DOC.read_text().split("## 6. Examples", 1)[1]
    return re.findall(r"```text\n(.*?)```", section, re.S)


def test_the_documentation_has_an_example_of_every_kind() -> None:
    kinds = [t.split("\n", 1)[0].split(" ")[1] for t in doc_examples()]
    assert sorted(kinds) == sorted(KIND_IDS)


@pytest.mark.parametrize("text", doc_examples(), ids=lambda t: t.split("\n", 1)[0].split()[1])
def test_documented_examples_parse_and_round_trip(text_engine: Engine, text: str) -> None:
    engine = text_engine
    kind = text.split("\n", 1)[0].split(" ")[1]
    x = cls_of(engine, kind).from_text(text)
    assert_round_trips(engine, next(k for k in KINDS if k.name == kind), x)
    if all(g.split(":")[0] == engine.generator for g in re.findall(r"rng=(\S+)", text)):
        assert x.to_text() == text


# ---------------------------------------------------------------- the two engines' texts


def shuffled(rng: random.Random, items: list[int]) -> list[int]:
    out = list(items)
    rng.shuffle(out)
    return out


def hearts_directions(rules: Any, rng: random.Random, n: int) -> list[str]:
    choices = ["left", "right", "hold"] + (["across"] if rules.players == 4 else [])
    return [rng.choice(choices) for _ in range(n)]


def same_hearts_state(data: st.DataObject) -> Callable[[Any], Any]:
    p = data.draw(rule_params())
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    rules = hf.HeartsRules(**p)
    dealer = rng.randrange(rules.players)
    hands = deal_hands(rules, dealer, shuffled(rng, list(range(len(rules.deck())))))
    direction = hearts_directions(rules, rng, 1)[0] if p["pass_direction"] == "random" else None
    index = rng.choice([0, 1, 2, 5])
    return lambda m: m.HeartsState.from_deal(
        m.HeartsRules(**p), hands, dealer=dealer, hand_index=index, pass_direction=direction
    )


def same_hearts_game(data: st.DataObject) -> Callable[[Any], Any]:
    p = data.draw(rule_params(for_games=True))
    p["max_hands"] = min(p["max_hands"] or 3, 3)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    rules = hf.HeartsRules(**p)
    first = rng.randrange(rules.players)
    size = len(rules.deck())
    # One deal more than the game can use: the queue never runs dry, so no hand comes from
    # the generators (which the engines do not share).
    deals = [
        deal_hands(rules, (first + h) % rules.players, shuffled(rng, list(range(size))))
        for h in range(p["max_hands"] + 1)
    ]
    directions = None
    if p["pass_direction"] == "random":
        directions = hearts_directions(rules, rng, p["max_hands"] + 1)
    return lambda m: m.HeartsGame(
        m.HeartsRules(**p), first_dealer=first, deals=deals, pass_directions=directions
    )


def same_spades_state(data: st.DataObject) -> Callable[[Any], Any]:
    p = data.draw(spades_rule_params())
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    dealer = rng.randrange(4)
    deals = [random_spades_deal(rng, p["jokers"], dealer) for _ in range(3)]
    limit = p["bags_limit"]
    totals = [rng.randrange(-300, 300), rng.randrange(-300, 300)]
    bags = [rng.randrange(limit), rng.randrange(limit)]
    return lambda m: m.SpadesState.from_deal(
        m.SpadesRules(**p), deals[0], dealer=dealer, totals=totals, bags=bags, redeals=deals[1:]
    )


def same_spades_game(data: st.DataObject) -> Callable[[Any], Any]:
    p = data.draw(spades_rule_params(for_games=True))
    p["max_hands"] = min(p["max_hands"] or 2, 2)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    first = rng.randrange(4)
    # Hands and redeals both take the queued deals (§4.4): enough for two hands and four
    # redeal claims (same_text_step claims only while two deals more than needed remain).
    deals = [random_spades_deal(rng, p["jokers"], first) for _ in range(7)]
    return lambda m: m.SpadesGame(m.SpadesRules(**p), first_dealer=first, deals=deals)


def rummy_deals(rules: Any, rng: random.Random, n: int) -> list[Any]:
    out = []
    for _ in range(n):
        deck = shuffled(rng, rummy_deck())
        k = rules.hand_size
        out.append(
            ([deck[i * k : (i + 1) * k] for i in range(rules.players)], deck[rules.players * k :])
        )
    return out


def same_rummy_state(data: st.DataObject) -> Callable[[Any], Any]:
    p = data.draw(rummy_params())
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    rules = hf.RummyRules(**p)
    ((hands, rest),) = rummy_deals(rules, rng, 1)
    k = rng.randrange(len(rest))
    dealer = rng.randrange(rules.players)
    return lambda m: m.RummyState.from_deal(
        m.RummyRules(**p), hands, rest[:k], pile=rest[k:], dealer=dealer
    )


def same_rummy_game(data: st.DataObject) -> Callable[[Any], Any]:
    p = data.draw(rummy_params(for_games=True))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    rules = hf.RummyRules(**p)
    deals = rummy_deals(rules, rng, (p["max_hands"] or 2) + 1)
    first = rng.randrange(rules.players)
    return lambda m: m.RummyGame(m.RummyRules(**p), first_dealer=first, deals=deals)


SAME_START = {
    "hearts-state": same_hearts_state,
    "hearts-game": same_hearts_game,
    "spades-state": same_spades_state,
    "spades-game": same_spades_game,
    "rummy-state": same_rummy_state,
    "rummy-game": same_rummy_game,
}


def queued_count(text: str) -> int:
    return sum(ln.startswith("queued ") for ln in text.splitlines())


def may_claim(kind: Kind, text: str) -> bool:
    """A Spades redeal claim takes a queued deal only while one is left over, so that no
    deal comes from a generator (the engines' generators differ, §3.4)."""
    if kind.name == "spades-state":
        return queued_count(text) > 0
    if kind.name == "spades-game":
        return queued_count(text) > 2
    return True


def without_future(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if not ln.startswith("future ")]


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
@examples(0.03)
@given(data=st.data())
def test_engines_write_the_same_text_and_read_each_other(kind: Kind, data: st.DataObject) -> None:
    """docs/text-format.md §3.4, §4: the fast engine and the reference, started from the
    same deals (queued deals for every later hand and redeal) and driven by the same random
    choices, write the same text at every step but the ``future`` line (each names its own
    generator kind), and each reads the other's text back to an object equal to its own
    (the generator of the other kind re-seeds its own)."""
    build = SAME_START[kind.name](data)
    fast, slow = build(hf), build(ref)
    fast_cls, ref_cls = getattr(hf, kind.cls), getattr(ref, kind.cls)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for steps in range(STEP_CAP):
        a, b = fast.to_text(), slow.to_text()
        if " reshuffle:" in a or " reshuffle:" in b:
            break  # a C-19 reshuffle is drawn from each engine's own generator
        assert without_future(a) == without_future(b)
        assert all(g.startswith("wyrand:") for g in re.findall(r"rng=(\S+)", a))
        assert all(g.startswith("mt19937:") for g in re.findall(r"rng=(\S+)", b))
        if steps % 20 == 0 or fast.is_over:  # the reference replays the whole history
            from_ref, from_fast = fast_cls.from_text(b), ref_cls.from_text(a)
            assert from_ref == fast and from_fast == slow
            assert without_future(from_ref.to_text()) == without_future(a)
            assert without_future(from_fast.to_text()) == without_future(b)
        state = rng.getstate()
        if not may_claim(kind, a) and kind.name.startswith("spades") and fast.deficient_seats():
            moved = spades_move_without_claim(fast, rng)
            rng.setstate(state)
            assert spades_move_without_claim(slow, rng) == moved
        else:
            moved = kind.step(fast, rng)
            rng.setstate(state)
            assert kind.step(slow, rng) == moved
        if not moved:
            break


def spades_move_without_claim(x: Any, rng: random.Random) -> bool:
    """spades_step without redeal claims (the deficient seats bid or play instead)."""
    if x.is_over:
        return False
    if x.phase == "bid":
        x.bid(rng.choice(x.legal_bids()))
    else:
        x.play(rng.choice(x.legal_plays()))
    return True
