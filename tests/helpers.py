"""Shared helpers for the tests: the hypothesis sizing rule (``examples``, see
tests/conftest.py), card ids written out (``card_id``), the Hearts worked-example helpers
(docs/rules/hearts.md A.5), the Spades scripted hands (docs/rules/spades.md EB-1..EB-6) and
the hand-built endgames of the open-hand solvers (``blocks_then``, docs/solver.md).

Everything goes through the public API of an engine module (``hearts_fast`` or
``hearts_fast.reference``), passed in as ``hf``. Card ids follow docs/hearts-api.md:
``suit*13 + rank``; clubs 0, diamonds 1, hearts 2, spades 3; rank 0 = "2" … 12 = "A".

A *line* is the play of a hand written trick by trick: a list of ``(winner, "c1 c2 ...")``
with the cards in play order (the leader first). ``play_line`` replays it on a HeartsState,
checking at every step that the engine offers exactly the A-16 legal set computed here from
docs/rules/hearts.md, and that each trick goes to the seat written in the line (A-17).
"""

from __future__ import annotations

import _thread
import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any, Union

import pytest
from hypothesis import settings

from hearts_fast.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidCardError,
    InvalidDealError,
    InvalidRulesError,
)

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
QS = SPADES * 13 + 10
KS = SPADES * 13 + 11
AS = SPADES * 13 + 12


def suit(c: int) -> int:
    return c // 13


def rank(c: int) -> int:
    return c % 13


# --- card ids written out, independently of both engines' parsers ----------------------------

RANKS, SUITS = "23456789TJQKA", "CDHS"
#: The jokers: Spades' Little and Big Joker (B.3 #5, docs/spades-api.md) and rummy's joker
#: (C-2, docs/rummy-api.md).
JOKER_IDS = {"LJ": 52, "BJ": 53, "JK": 52}


def card_id(text: str) -> int:
    """``"QS"`` -> 49, ``"TH"`` -> 34, ``"LJ"`` -> 52, ``"BJ"`` -> 53, ``"JK"`` -> 52."""
    text = text.upper()
    if text in JOKER_IDS:
        return JOKER_IDS[text]
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def card_ids(text: str) -> list[int]:
    """``"QS 2H LJ"`` -> the sorted ids (``card_id``)."""
    return sorted(card_id(t) for t in text.split())


# --- endgames for the open-hand solvers (docs/solver.md) -------------------------------------


def blocks_then(endgame: list[str], lead_suits: str) -> tuple[list[list[int]], list[list[int]]]:
    """A deal whose first tricks are blocks of four consecutive ranks of one suit, each led
    by seat 0 with the block's top card and followed in seat order with the lower ones (so
    seat 0 wins them all), in the suit order ``lead_suits``; then the cards ``endgame[seat]``.
    Returns the deal and the blocks (each the four cards in seat order)."""
    rest = set(range(52)) - {x for hand in endgame for x in card_ids(hand)}
    blocks = []
    for suit in (" CDHS".index(x) - 1 for x in lead_suits):
        ranks = sorted((x for x in rest if x // 13 == suit), reverse=True)
        assert len(ranks) % 4 == 0
        blocks += [ranks[i : i + 4] for i in range(0, len(ranks), 4)]
    assert len(blocks) == 13 - len(endgame[0].split())
    hands = [[b[seat] for b in blocks] + card_ids(endgame[seat]) for seat in range(4)]
    return hands, blocks


def play_blocks(s: Any, blocks: list[list[int]]) -> None:
    for block in blocks:
        for x in block:
            assert x in s.legal_plays()
            s.play(x)


#: Two tricks left; seat 0 has won the first 11 (every heart but 2♥: 12 points) and leads.
HEARTS_ENDGAME = ["AD 2D", "QS 3D", "2H 2C", "4D 5D"]

#: ``(moon, values)``: seat 0's two plays in ``hearts_worked`` and their values, derived by
#: hand from the rules.
HEARTS_WORKED_MOVES = [
    # A♦ (A-13, A-17): 3♦ and 4♦/5♦ follow, seat 2 (void) discards; seat 0 wins. Then
    # 2♦: seat 3's diamond beats it and takes Q♠. Seat 2 discards 2♥ under A♦ (13 for
    # seat 0) rather than keep it for seat 3 (12): 13.
    # 2♦: seat 3's diamond wins trick 12, seat 0's A♦ wins trick 13 and Q♠ with it. If
    # seat 2 keeps 2♥ for that trick, seat 0 takes all 26 (A-21): under subtract_self
    # that is -26, so seat 2 discards 2♥ to seat 3 first: 12 + 13 = 25.
    ("subtract_self", {"AD": 13, "2D": 25}),
    # No moon: keeping 2♥ for trick 13 gives seat 0 26 points, the most.
    ("none", {"AD": 13, "2D": 26}),
    # add_others: a moon would score seat 0 0 (A-21), so seat 2 discards 2♥: 25.
    ("add_others", {"AD": 13, "2D": 25}),
]


def hearts_worked(hf, moon: str) -> Any:
    """The ``HEARTS_ENDGAME`` of engine module ``hf`` under the rules' ``moon`` option."""
    # hearts_must_be_broken off: seat 0 leads the heart blocks (A-14 would forbid it).
    rules = hf.HeartsRules(pass_direction="hold", hearts_must_be_broken=False, moon=moon)
    hands, blocks = blocks_then(HEARTS_ENDGAME, "CDHS")
    s = hf.HeartsState.from_deal(rules, hands, dealer=3)
    play_blocks(s, blocks)
    assert s.points() == [12, 0, 0, 0] and s.current_player == 0
    return s


def meld_ids(text: str) -> tuple[int, ...]:
    """A rummy meld in the written order: ``"QD KD AD"`` -> (23, 24, 25)."""
    return tuple(card_id(t) for t in text.split())


def cards(hf, text: str) -> list[int]:
    """``"QS 2H 7H"`` -> sorted card ids, parsed with the engine's own ``card``."""
    return sorted(hf.card(t) for t in text.split())


def deal(hf, rows: list[str]) -> list[list[int]]:
    """One text row per seat, seat 0 first."""
    return [cards(hf, row) for row in rows]


def names(hf, ids) -> str:
    return " ".join(hf.card_name(c) for c in ids)


# --- docs/rules/hearts.md A-16, written independently of both engines
# --------------------------------


def penalty_cards(rules) -> set[int]:
    """A-4: every heart, Q♠; A♠ and K♠ with french_spades."""
    pen = {HEARTS * 13 + r for r in range(13)} | {QS}
    if rules.french_spades:
        pen |= {AS, KS}
    return pen


def a16_legal(rules, hand, trick, trick_no: int, broken: bool, lowest_club: int) -> list[int]:
    """docs/rules/hearts.md A-16 (without the A.6 options, which these examples do not use)."""
    hand = set(hand)
    if not trick:
        if trick_no == 1 and rules.first_lead == "two_of_clubs":
            return [lowest_club]
        c = set(hand)
        non_hearts = {x for x in c if suit(x) != HEARTS}
        if rules.hearts_must_be_broken and not broken and non_hearts:
            c = non_hearts
    else:
        led = suit(trick[0][1])
        c = {x for x in hand if suit(x) == led} or set(hand)
    if trick_no == 1 and rules.first_trick_no_points:
        pen = penalty_cards(rules)
        if c - pen:
            c = c - pen
    return sorted(c)


def play_line(hf, state, line, *, check_legal: bool = True) -> list[int]:
    """Replay ``line`` on ``state`` (phase "play"); return the flat list of cards played.

    Before every card it asserts that the current legal set equals A-16 (when
    ``check_legal``); after every trick it asserts the winner written in the line.
    """
    rules = state.rules
    assert rules.deck_adjust == "remove_cards" or rules.players == 4  # no A-7 double plays here
    assert not (rules.can_lead_any_club or rules.can_lead_hearts_instead_of_qs)
    deck = sorted(c for h in state.hands for c in h)
    lowest_club = min(c for c in deck if suit(c) == CLUBS)
    broken = state.hearts_broken
    played: list[int] = []
    for t, (winner, text) in enumerate(line):
        trick: list[tuple[int, int]] = []
        heart_seen = False
        for c in cards_in_order(hf, text):
            seat = state.current_player
            if check_legal:
                expect = a16_legal(
                    rules, state.hands[seat], trick, state.trick_number, broken, lowest_club
                )
                assert state.legal_plays() == expect, (
                    f"trick {state.trick_number}, seat {seat}, "
                    f"hand {names(hf, state.hands[seat])}, "
                    f"trick so far {names(hf, [x for _, x in trick])}: engine legal "
                    f"{names(hf, state.legal_plays())} != A-16 {names(hf, expect)}"
                )
            state.play(c)
            trick.append((seat, c))
            played.append(c)
            if suit(c) == HEARTS or (rules.queen_breaks_hearts and c == QS):
                heart_seen = True
        assert state.trick == [], f"line trick {t + 1} ({text}) did not complete a trick"
        assert state.trick_winners[-1] == winner, (
            f"trick {t + 1} ({text}) won by {state.trick_winners[-1]}, line says {winner}"
        )
        broken = broken or heart_seen
    return played


def cards_in_order(hf, text: str) -> list[int]:
    return [hf.card(t) for t in text.split()]


def play_all(target, seq) -> None:
    """Play ``seq`` on a HeartsState or HeartsGame (each card for the current player)."""
    for c in seq:
        target.play(c)


def play_first_legal_to_end(state) -> list[int]:
    """Play the lowest legal card until the hand is over; return the cards played.

    Every legal set offered on the way is checked against A-16.
    """
    rules = state.rules
    deck = sorted(c for h in state.hands for c in h)
    lowest_club = min(c for c in deck if suit(c) == CLUBS)
    broken = state.hearts_broken
    seq: list[int] = []
    heart_seen = False
    while state.phase == "play":
        if not state.trick:
            broken = broken or heart_seen
        seat = state.current_player
        expect = a16_legal(
            rules, state.hands[seat], state.trick, state.trick_number, broken, lowest_club
        )
        legal = state.legal_plays()
        assert legal == expect, f"trick {state.trick_number}, seat {seat}: {legal} != A-16 {expect}"
        c = legal[0]
        state.play(c)
        seq.append(c)
        heart_seen = heart_seen or suit(c) == HEARTS or (rules.queen_breaks_hearts and c == QS)
    return seq


# --- snapshots: every observable member of a hand ------------------------------------------------
#
# Lists become tuples where the two engines' types differ (the reference returns named tuples,
# the fast engine plain tuples), so that snapshots of the two engines compare equal.


def observe(s, members: str, **normalize) -> dict:
    """The members of ``s`` named in ``members`` (space separated; ``name()`` calls a method),
    each passed through ``normalize[name]`` where one is given."""
    snap = {}
    for word in members.split():
        name = word.removesuffix("()")
        value = getattr(s, name)
        if word.endswith("()"):
            value = value()
        snap[name] = normalize[name](value) if name in normalize else value
    return snap


def tuples(xs) -> list[tuple]:
    return [tuple(x) for x in xs]


def norm_bid(b):
    """The reference returns ``Bid`` named tuples, the fast engine plain 4-tuples."""
    return None if b is None else tuple(b)


#: Every observable member the API contract promises for a hand (docs/hearts-api.md,
#: docs/spades-api.md, docs/rummy-api.md).
HEARTS_MEMBERS = (
    "phase num_players dealer hand_index pass_direction pass_count hands current_player"
    " pending_passes() legal_plays() trick trick_number trick_winners tricks_taken captured"
    " hearts_broken points() moon_shooter() hand_scores()"
)
SPADES_MEMBERS = (
    "rules num_players dealer hand_index totals bags phase current_player hands face_up bids"
    " legal_bids() can_bid_blind() legal_bemos() deficient_seats() redeal_claims contracts()"
    " legal_plays() trick trick_number trick_winners tricks_taken plays spades_broken reneges"
    " hand_scores() hand_bags() bags_after() totals_after() boston_made()"
)
RUMMY_MEMBERS = (
    "dealer hand_index totals phase current_player hands melds opened blocked stock stock_size"
    " pile turn went_out legal_actions() hand_scores() totals_after() is_over"
)


def hearts_snapshot(s) -> dict:
    return observe(s, HEARTS_MEMBERS, trick=tuples)


def spades_snapshot(s) -> dict:
    return observe(
        s,
        SPADES_MEMBERS,
        rules=lambda r: r.to_dict(),
        bids=lambda bids: [norm_bid(b) for b in bids],
        trick=tuples,
        plays=tuples,
        reneges=tuples,
    )


def rummy_snapshot(s) -> dict:
    return observe(s, RUMMY_MEMBERS, melds=lambda melds: [tuples(ms) for ms in melds])


def assert_engines_agree(snapshot, fast, slow, where: str) -> None:
    """The two engines' states agree in every member of ``snapshot``."""
    a, b = snapshot(fast), snapshot(slow)
    diff = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
    assert not diff, f"{where}: rust vs reference differ: {diff}"


def raises_unchanged(snapshot, exc, fn, state=None, match: str | None = None):
    """Call ``fn``, demand ``exc`` (matching ``match``), and check that ``state`` (if any) is
    unchanged: equal to a copy taken before, and the same in every member of ``snapshot``.
    Returns the exception."""
    if state is not None:
        copy, before = state.copy(), snapshot(state)
    with pytest.raises(exc, match=match) as info:
        fn()
    if state is not None:
        assert state == copy, "a failed call changed the state"
        assert snapshot(state) == before, "a failed call changed the state"
    return info.value


# --- refusals every engine makes, whatever the game -----------------------------------------------


def assert_deal_refusals(from_deal, good: list[list[int]], off_deck_id: int) -> None:
    """``from_deal(hands)`` refuses (A-3, B-4) three hands of the four-seat deal ``good``, a card
    dealt twice, a seat holding one card too few or too many, a card missing, a card id beyond
    the ids (``off_deck_id``), a bool for a card and a string for the hands."""
    with pytest.raises(InvalidDealError, match="4 hands"):
        from_deal(good[:3])
    dup = [list(h) for h in good]
    dup[1][0] = dup[0][0]
    with pytest.raises(InvalidDealError, match="more than once"):
        from_deal(dup)
    moved = [list(h) for h in good]
    moved[1].append(moved[0].pop())
    with pytest.raises(InvalidDealError, match="seat 0 holds 12"):
        from_deal(moved)
    short = [list(h) for h in good]
    short[3].pop()
    with pytest.raises(InvalidDealError, match="missing"):
        from_deal(short)
    with pytest.raises(InvalidCardError):
        from_deal([[*good[0][:-1], off_deck_id], *good[1:]])
    with pytest.raises(ArgumentTypeError):
        from_deal([[*good[0][:-1], True], *good[1:]])
    with pytest.raises(ArgumentTypeError):
        from_deal("2C 3C")


def assert_constructor_refusals(state_cls, rules) -> None:
    """``state_cls(rules, ...)`` refuses rules given as a dict, a bool or a str seed, a float
    dealer (ArgumentTypeError), a dealer beyond the seats (InvalidDealError) and a negative
    hand index (InvalidArgumentError)."""
    with pytest.raises(ArgumentTypeError):
        state_cls(rules.to_dict())
    with pytest.raises(ArgumentTypeError):
        state_cls(rules, seed=True)
    with pytest.raises(ArgumentTypeError):
        state_cls(rules, seed="1")
    with pytest.raises(ArgumentTypeError):
        state_cls(rules, dealer=1.0)
    with pytest.raises(InvalidDealError):
        state_cls(rules, dealer=rules.players)
    with pytest.raises(InvalidArgumentError):
        state_cls(rules, hand_index=-1)


def assert_preset_refusals(rules_cls, unknown: str, preset: str, clash: dict) -> None:
    """``rules_cls.preset`` refuses an ``unknown`` name and a name not a str, an unknown
    parameter, and overrides that ``clash`` with the preset ``preset`` (an invalid
    combination)."""
    with pytest.raises(InvalidRulesError):
        rules_cls.preset(unknown)
    with pytest.raises(ArgumentTypeError):
        rules_cls.preset(3)
    with pytest.raises(InvalidRulesError):
        rules_cls.preset(preset, bogus=1)
    with pytest.raises(InvalidRulesError):
        rules_cls.preset(preset, **clash)


def checked_copy(s):
    """``s.copy()``: equal to ``s`` but not ``s``; a state is mutable, so unhashable."""
    t = s.copy()
    assert s == t and s is not t
    with pytest.raises(TypeError):
        hash(s)
    return t


# --- batch simulation (docs/protocol.md) ---------------------------------------------------------

#: ``(kwargs, error, part of its message)``: arguments every ``simulate_<game>(rules, **kwargs)``
#: refuses, whatever the game.
SIMULATE_BAD_ARGUMENTS = [
    ({"hands": -1}, InvalidArgumentError, "hands must be"),
    ({"hands": 2**41}, InvalidArgumentError, "hands must be"),
    ({"hands": 1.5}, ArgumentTypeError, "int"),
    ({"games": -2}, InvalidArgumentError, "games must be"),
    ({"hands": 5, "games": 5}, InvalidArgumentError, "not both"),
    ({}, InvalidArgumentError, "hands="),
    ({"hands": 5, "policy": "smart"}, InvalidArgumentError, "unknown policy"),
    ({"hands": 5, "policy": ["random"] * 3}, InvalidArgumentError, "one name per seat"),
    ({"hands": 5, "policy": 7}, ArgumentTypeError, "policy"),
    ({"hands": 5, "threads": 0}, InvalidArgumentError, "threads"),
    ({"hands": 5, "seed": -1}, InvalidArgumentError, "seed"),
    ({"hands": 5, "seed": "1"}, ArgumentTypeError, "seed"),
    ({"hands": 5, "progress": 3}, ArgumentTypeError, "callable"),
]
#: Likewise for ``hand_limit``, in the games that take one (Spades, rummy).
HAND_LIMIT_BAD_ARGUMENTS = [
    ({"games": 5, "hand_limit": 0}, InvalidArgumentError, "hand_limit"),
    ({"games": 5, "hand_limit": "9"}, ArgumentTypeError, "hand_limit"),
]


#: The line a child process runs first when a test will send it SIGINT: Python's own
#: Ctrl-C handler, set explicitly. A process started in the background (``make test &``,
#: ``nohup``, a job runner) inherits SIGINT as ignored, and Python then installs no handler,
#: so without this line the signal would do nothing.
CHILD_SIGINT_HANDLER = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler)"

#: Seconds a call may take to stop after Ctrl-C in a test: a hang check that a loaded
#: machine meets (the calls stop within milliseconds; benchmarks/interrupt_latency.py
#: measures that), far below the minutes the calls ran for when they ignored the signal.
STOP_WITHIN = 20.0


@contextlib.contextmanager
def python_sigint_handler() -> Iterator[None]:
    """Python's own Ctrl-C handler in this process for the duration, whatever the test run
    inherited (an ignored SIGINT in a background job; a worker that ignores it), restored
    afterwards."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def assert_interrupt_stops(simulate, rules) -> None:
    """An interrupt of the main thread (Ctrl-C) stops a streamed simulation far too long to
    finish: ``simulate`` raises KeyboardInterrupt soon after it."""
    timer = threading.Timer(0.3, _thread.interrupt_main)
    with python_sigint_handler():
        start = time.perf_counter()
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                simulate(rules, hands=10**11, threads=1, stream=True)
        finally:
            timer.cancel()
    assert time.perf_counter() - start < STOP_WITHIN


def assert_batch_refusals(simulate, state_cls, rules, foreign_rules) -> None:
    """``simulate`` refuses another game's rules; ``state_cls.from_batch(rules, seed, index)``
    refuses an index that is not an int or is negative."""
    with pytest.raises(ArgumentTypeError, match=type(rules).__name__):
        simulate(foreign_rules, hands=2)
    with pytest.raises(ArgumentTypeError):
        state_cls.from_batch(rules, 1, 1.0)
    with pytest.raises(InvalidArgumentError, match="index"):
        state_cls.from_batch(rules, 1, -1)


# --- Spades hands (docs/rules/spades.md, docs/spades-api.md) ------------------------------------
#
# Written from docs/rules/spades.md only, independently of both engines. A *bid spec* is a bid
# ``n`` or a tuple ``(n, blind, bemo)``.

BidSpec = Union[int, tuple[int, bool, Any]]


def spades_deck(jokers: bool = False) -> list[int]:
    """B-2; B.3 #5: with jokers 2♣ (0) and 2♦ (13) leave, LJ (52) and BJ (53) join."""
    if jokers:
        return [c for c in range(54) if c not in (0, 13)]
    return list(range(52))


def spades_deal(fixed: dict[int, list[int]], jokers: bool = False) -> list[list[int]]:
    """A valid deal giving each seat its ``fixed`` cards first (in that order), the rest of the
    deck filled in id order."""
    hands = [list(fixed.get(s, [])) for s in range(4)]
    used = {x for h in hands for x in h}
    rest = [x for x in spades_deck(jokers) if x not in used]
    for s in range(4):
        while len(hands[s]) < 13:
            hands[s].append(rest.pop(0))
    assert not rest
    return hands


def scripted(winners: list[int]) -> tuple[list[list[int]], list[dict[int, int]]]:
    """A 52-card deal and its 13 tricks (seat -> card) in which trick k is won by winners[k].

    Tricks 1-3 are clubs, 4-6 diamonds, 7-9 hearts, 10-12 spades; in each, all four follow
    suit and the winner holds the top card of a 4-rank block (B-12, B-13). Trick 13 is the four
    aces: winners[12] holds A♠, which wins it whoever leads (B-13)."""
    assert len(winners) == 13
    hands: list[list[int]] = [[] for _ in range(4)]
    tricks: list[dict[int, int]] = []
    for k in range(12):
        suit, j = divmod(k, 3)
        w = winners[k]
        cards = {w: suit * 13 + 4 * j + 3}
        for s, r in zip([s for s in range(4) if s != w], range(4 * j, 4 * j + 3)):
            cards[s] = suit * 13 + r
        tricks.append(cards)
    w = winners[12]
    aces = {w: AS}
    for s, suit in zip([s for s in range(4) if s != w], (CLUBS, DIAMONDS, HEARTS)):
        aces[s] = suit * 13 + 12
    tricks.append(aces)
    for t in tricks:
        for s, x in t.items():
            hands[s].append(x)
    return hands, tricks


def winners_for(counts: dict[int, int], order: list[int] | None = None) -> list[int]:
    """A winners list with the given per-seat trick counts, in ``order`` (default by seat): the
    last seat in ``order`` also wins trick 13."""
    seq: list[int] = []
    for s in order or sorted(counts):
        seq += [s] * counts[s]
    assert len(seq) == 13
    return seq


def bid_kw(s: Any, *args: Any) -> None:
    """``s.bid(n, blind, bemo)`` with the options by keyword (they are keyword-only)."""
    s.bid(args[0], **dict(zip(("blind", "bemo"), args[1:])))


def do_bid(s: Any, spec: BidSpec) -> None:
    """Bid a bid spec on a SpadesState or SpadesGame."""
    if isinstance(spec, int):
        s.bid(spec)
    else:
        s.bid(spec[0], blind=spec[1], bemo=spec[2])


def bid_all(s: Any, value: int = 3) -> None:
    """Every seat bids ``value`` (or its highest legal bid when ``value`` is not legal)."""
    while s.phase == "bid":
        legal = s.legal_bids()
        s.bid(value if value in legal else legal[-1])


def play_scripted(s: Any, tricks: list[dict[int, int]]) -> None:
    """Play ``tricks`` (seat -> card) on a SpadesState or SpadesGame, each card for the current
    player, demanding first that it is a legal play."""
    for t in tricks:
        for _ in range(4):
            p = s.current_player
            assert p is not None
            assert t[p] in s.legal_plays()
            s.play(t[p])


def play_game_hand(g: Any, bids: dict[int, BidSpec], tricks: list[dict[int, int]]) -> None:
    """Bid ``bids`` (by seat) and play ``tricks`` on a SpadesGame."""
    while g.phase == "bid":
        assert g.current_player is not None
        do_bid(g, bids[g.current_player])
    play_scripted(g, tricks)


def scripted_state(
    state_cls: Any,
    rules: Any,
    winners: list[int],
    bids: dict[int, BidSpec],
    *,
    dealer: int = 3,
    **kw: Any,
) -> Any:
    """``state_cls.from_deal`` of the ``scripted(winners)`` deal, bid ``bids`` (by seat) and
    played to the end: trick k goes to winners[k]."""
    hands, tricks = scripted(winners)
    s = state_cls.from_deal(rules, hands, dealer=dealer, **kw)
    play_game_hand(s, bids, tricks)
    assert s.phase == "over"
    assert s.trick_winners == winners
    return s


#: EB-1 (docs/rules/spades.md, default rules): dealer P3; bids P0 4, P1 nil, P2 3, P3 5; tricks
#: 5, 0, 3, 5.
EB1_WINNERS = winners_for({0: 5, 2: 3, 3: 5})
EB1_BIDS: dict[int, BidSpec] = {0: 4, 1: 0, 2: 3, 3: 5}


def check_eb1(s: Any) -> None:
    """The EB-1 hand played out (B-17, B-18, B-19): Team A C=7, T=8 -> +71, 1 bag. Team B: nil
    made +100, C=5, T=5 -> +50 -> +150."""
    assert s.tricks_taken == [5, 0, 3, 5]
    assert [tuple(b) for b in s.bids] == [
        (4, False, False, None),
        (0, True, False, None),
        (3, False, False, None),
        (5, False, False, None),
    ]
    assert s.contracts() == [7, 5]
    assert s.hand_scores() == [71, 150]
    assert s.hand_bags() == [1, 0] and s.bags_after() == [1, 0]
    assert s.totals_after() == [71, 150]
    assert s.boston_made() is None


# --- the two tiers ---------------------------------------------------------------------------

#: ``short`` in ``make test`` (the everyday suite), ``long`` in ``make test-long`` (soaks and
#: the slow hypothesis profile); chosen by ``HEARTS_FAST_TEST_TIER``. tests/README.md lists
#: what each tier runs.
TIERS = ("short", "long")
TIER = os.environ.get("HEARTS_FAST_TEST_TIER", "short")
if TIER not in TIERS:
    raise ValueError(f"HEARTS_FAST_TEST_TIER must be one of {TIERS}, got {TIER!r}")


def by_tier(short: Any, long: Any) -> Any:
    """``short`` in the everyday suite, ``long`` in ``make test-long``: the size of a soak
    (hands played, cases regenerated) that the long tier runs in full."""
    return long if TIER == "long" else short


# --- hypothesis sizing ---------------------------------------------------------------------

#: The fewest examples a scaled-down test runs, whatever the profile.
MIN_EXAMPLES = 5


def examples(fraction: float) -> settings:
    """``@examples(fraction)``: the active profile's ``max_examples`` × ``fraction``, at least
    ``MIN_EXAMPLES``, for a test whose examples are costly (see tests/conftest.py)."""
    if not 0 < fraction <= 1:
        raise ValueError(f"fraction must be in (0, 1], got {fraction}")
    return settings(max_examples=max(MIN_EXAMPLES, round(settings().max_examples * fraction)))


#: The size of the fixed, derandomized samples whose make-up some tests check (how often the
#: setups of tests/test_solve_differential.py reach a feature): a property of the sample,
#: not of a test's thoroughness, so it does not follow the profile.
FEATURE_SAMPLE = 600


def fixed_sample() -> settings:
    """Settings that draw the same ``FEATURE_SAMPLE`` examples in every profile and run."""
    return settings(
        settings.get_profile("ci"), max_examples=FEATURE_SAMPLE, derandomize=True, database=None
    )


#: Examples each fuzzer of tests/fuzz runs per profile: "short" in ``make test``
#: (tests/test_fuzz.py), "long" in ``make fuzz``.
FUZZ_EXAMPLES = {
    "short": {"calls": 1000, "texts": 150},
    "long": {"calls": 20_000, "texts": 2_000},
}


def fuzz_settings(profile: str, fuzzer: str) -> settings:
    """The hypothesis settings of one fuzzer in one profile (no example database: a run is
    reproduced by its seed)."""
    from hypothesis import HealthCheck

    return settings(
        max_examples=FUZZ_EXAMPLES[profile][fuzzer],
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
