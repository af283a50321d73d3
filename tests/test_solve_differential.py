"""Differential tests of the fast open-hand solver (docs/solver.md) against the reference
solver ``hearts_fast.reference.solve``, on random positions: random rules (every parameter
the strategies of tests/strategies.py draw), random deals, random play to an endgame of 1–3
tricks (4 now and then in 4-player Hearts), a trick under way or not, a random seat and every
objective. ``hf.solve`` and ``ref.solve`` (the reference state read from the fast one's text
form) must give the same ``value``, ``moves`` and ``best``. An endgame whose whole tree is
too large for the reference is played on until it is not (``BUDGET``), and most of the time
on to a position where the play matters (the values differ, or the moon decides one).

What the random positions cover, by rule id (docs/rules/hearts.md, docs/rules/spades.md):

- Hearts ``"points"``: the A-16 legal plays (A-13, A-14 with ``queen_breaks_hearts``, A-15,
  the A.6 lead options ``can_lead_any_club`` and ``can_lead_hearts_instead_of_qs``), trick
  winners (A-17), the early end (A-19), pen_i and the J♦ bonus (A-20), the moon under each
  ``moon`` option with ``moon_requires_jack`` (A-21) and ``avoid_all_tricks_bonus`` (A.6), for
  3–7 players and both deck adjustments (A-3; A-7 ``deal_all``, whose endgames are past the
  first trick's double plays: a ``deal_all`` hand has 7 tricks or more, too many for the
  reference). Half the hands are dealt a shooter with strong cards, who takes every trick
  he can, so that moons are still open in the endgame.
- Spades ``"tricks"`` and ``"score"``: the B-16 legal plays (``spades_broken``,
  ``first_lead``, jokers B.3 #5), contracts and set penalties (B-17), nil and blind nil
  (B-18, B-19), bags (B-20), the hand score with 10-for-200, Boston and bemo (B-21, B.3 #3,
  #8, #9), and reneges already made under ``renege="penalize"`` (B-27), which the search
  never plays. Half the hands are dealt a strong team, which wins every trick it can.
- An open bemo (B.3 #9: the declaring team has won every trick so far) needs 5 or more tricks
  left, too many for the reference: ``test_B3_9_open_bemos`` checks the fast solver there
  against a minimax of the reference engine that stops when the bemo's tricks are over,
  its leaves valued by the fast solver (checked against the reference above).

Also: ``solve_batch`` equals ``solve`` state by state on such positions; one ``hf.Solver``
kept across all the examples of a test gives what a fresh ``solve`` gives, and the value of
a play is the value of the position after it; and a derandomized sample shows that the
biased play really reaches open moons, moons and J♦ deciding values, reneges, bemos and the
other interesting cases.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, TypeVar, Union

import numpy as np
import pytest
from hypothesis import assume, event, given, note
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref
from tests.helpers import blocks_then, examples, fixed_sample, play_blocks
from tests.strategies import deal_hands, rule_params, spades_deals, spades_rule_params

State = Union[hf.HeartsState, hf.SpadesState]
S = TypeVar("S", hf.HeartsState, hf.SpadesState)

#: The most positions the reference may visit in one solve (about 25 µs each): endgames
#: whose whole tree is larger are played on until it is not.
BUDGET = 10000

#: Hand-by-hand pass directions a ``pass_direction="random"`` hand may be given (A.6).
DIRECTIONS = ["left", "right", "across", "hold"]


# --- positions ----------------------------------------------------------------------------


def tree_size(s: State, cap: int, *, leaf: Callable[[State], bool] | None = None) -> int:
    """The positions an exhaustive search from ``s`` visits, ``s`` included (the reference's
    ``nodes``), counted with the fast engine up to ``cap + 1``. ``leaf`` stops the search
    at other positions than the end of the hand."""
    count, stack = 0, [s]
    while stack and count <= cap:
        x = stack.pop()
        count += 1
        if x.phase == "play" and not (leaf and leaf(x)):
            for c in x.legal_plays():
                child = x.copy()
                child.play(c)
                stack.append(child)
    return count


def endgame(
    s: S,
    choose: Callable[[S], int],
    tricks: int,
    rng: random.Random,
    wanted: Callable[[S], bool],
) -> S | None:
    """Play ``choose(s)`` until at most ``tricks`` tricks are left, then up to
    ``players - 1`` plays more so that a trick may be under way, then on while the whole
    tree is larger than ``BUDGET`` or the player to move has one legal play but more cards
    (a forced play); and most of the time on to a ``wanted`` position, if one comes. None
    if the hand ended first (A-19)."""
    while s.phase == "play" and max(len(h) for h in s.hands) > tricks:
        s.play(choose(s))
    for _ in range(rng.randrange(s.num_players)):
        if s.phase == "play":
            s.play(choose(s))
    while s.phase == "play" and (forced(s) or tree_size(s, BUDGET) > BUDGET):
        s.play(choose(s))
    if s.phase != "play" or rng.random() < 0.25:
        return s if s.phase == "play" else None
    found = s.copy()
    while found.phase == "play" and not wanted(found):
        found.play(choose(found))
    return found if found.phase == "play" else s


def forced(s: State) -> bool:
    """The player to move has one legal play and more than one card."""
    return len(s.legal_plays()) == 1 < len(s.hands[valued(s, None)])


def valued(s: State, seat: int | None) -> int:
    """The seat whose objective ``solve`` values: ``seat``, or the player to move."""
    if seat is not None:
        return seat
    mover = s.current_player
    assert mover is not None
    return mover


def rank(c: int) -> int:
    return c % 13


@dataclass(frozen=True)
class Setup:
    """A hand (rules, deal, ``from_deal`` options) and how to play it: ``seed`` drives the
    random choices, ``tricks`` the endgame's size, ``favoured`` the Hearts seat (a shooter)
    or the Spades team that takes every trick it can (None: random play), and ``seat`` the
    seat solved for (None: the mover)."""

    params: dict[str, Any]
    hands: list[list[int]]
    kw: dict[str, Any]
    seed: int
    tricks: int
    favoured: int | None
    seat: int | None


@st.composite
def hearts_setups(draw: st.DrawFn) -> Setup:
    params = draw(rule_params())
    rules = hf.HeartsRules(**params)
    n = rules.players
    dealer = draw(st.integers(0, n - 1))
    order = draw(st.permutations(range(len(rules.deck()))))
    kw: dict[str, Any] = {"dealer": dealer, "hand_index": draw(st.integers(0, 11))}
    if params["pass_direction"] == "random":
        kw["pass_direction"] = draw(st.sampled_from(DIRECTIONS))
    hands = deal_hands(rules, dealer, list(order))
    shooter = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    around: list[int | None] = [None]
    if shooter is not None:
        hands = strengthened(hands, shooter, key=rank)
        around = [shooter, (shooter + 1) % n]
    return Setup(
        params=params,
        hands=hands,
        kw=kw,
        seed=draw(st.integers(0, 2**32)),
        tricks=draw(st.sampled_from([1, 2, 2, 3, 3, 3, 4] if n == 4 else [1, 2, 2, 3, 3, 3])),
        favoured=shooter,
        # the shooter (his own moon) or another seat (another's moon), or any seat
        seat=draw(st.one_of(st.none(), st.sampled_from(around), st.integers(0, n - 1))),
    )


def strengthened(hands: list[list[int]], seat: int, key: Callable[[int], Any]) -> list[list[int]]:
    """``hands`` with ``seat``'s weakest cards swapped for the strongest ones by ``key``
    held by the others, so that three quarters of his hand are among the deck's strongest
    (every hand keeps its size: still a deal of the same dealer)."""
    size = len(hands[seat])
    top = sorted((c for h in hands for c in h), key=key)[-(size * 3 // 4) :]
    mine = sorted(hands[seat], key=key)
    given = [c for c in top if c not in mine]
    taken = [c for c in mine if c not in top][: len(given)]
    swap = dict(zip(given, taken)) | dict(zip(taken, given))
    return [[swap.get(c, c) for c in h] for h in hands]


def hearts_choice(s: hf.HeartsState, rng: random.Random, shooter: int | None) -> int:
    """A random legal play, or (mostly, when there is a shooter) a play that helps the
    shooter take every penalty card: leading or following, the shooter plays his highest
    card and everybody else his lowest; a void player discards his highest penalty card on
    a trick the shooter is winning, else his lowest other card. The others keep J♦ to the
    last, so that a moon that needs it (A-21 ``moon_requires_jack``) is still open."""
    legal = s.legal_plays()
    if shooter is None or rng.random() < 0.1:
        return rng.choice(legal)
    me = s.current_player
    if me == shooter:
        low: Callable[[int], Any] = rank
    else:
        low = lambda c: (c == hf.JD, rank(c))  # noqa: E731
    led = s.trick[0][1] // 13 if s.trick else None
    if led is None or any(c // 13 == led for c in legal):
        return max(legal, key=rank) if me == shooter else min(legal, key=low)
    winner = max((x for x in s.trick if x[1] // 13 == led), key=lambda x: rank(x[1]))[0]
    dump = me != shooter and winner == shooter
    penalty = set(s.rules.penalty_cards())
    pool = [c for c in legal if (c in penalty) == dump] or legal
    return max(pool, key=rank) if dump else min(pool, key=low)


def hearts_position(setup: Setup) -> hf.HeartsState | None:
    """The setup's hand passed at random (A-8..A-11) and played to its endgame."""
    s = hf.HeartsState.from_deal(hf.HeartsRules(**setup.params), setup.hands, **setup.kw)
    rng = random.Random(setup.seed)
    while s.phase == "pass":
        seat = rng.choice(s.pending_passes())
        if s.rules.pass_through and rng.random() < 0.2:
            s.forward(seat)
        else:
            s.pass_cards(seat, rng.sample(s.hands[seat], s.pass_count))

    def wanted(x: hf.HeartsState) -> bool:
        """With a shooter, the moon or J♦'s part in it decides a play's value for the
        seat; else the plays differ in value."""
        if setup.favoured is not None:
            return moon_matters(x, setup.seat) or jack_matters(x, setup.seat)
        return len(set(hf.solve(x, seat=setup.seat).moves.values())) > 1

    choose = partial(hearts_choice, rng=rng, shooter=setup.favoured)
    return endgame(s, choose, setup.tricks, rng, wanted)


@st.composite
def spades_setups(draw: st.DrawFn, *, bemo: bool = False) -> Setup:
    """A random Spades hand, half the time with a strong team dealt the eight highest
    spades; with ``bemo``, always, under rules with bemos (B.3 #9), and the strong team
    declares one."""
    params = draw(spades_rule_params())
    dealer = draw(st.integers(0, 3))
    hands = draw(spades_deals(params["jokers"], dealer))
    strong = draw(st.integers(0, 1) if bemo else st.one_of(st.none(), st.integers(0, 1)))
    if bemo:
        params["bemo"] = True
    if strong is not None:
        hands = strong_deal(hands, strong)
    limit = params["bags_limit"]
    kw: dict[str, Any] = {
        "dealer": dealer,
        "totals": [draw(st.integers(-300, 300)) for _ in range(2)],
        # a counter one bag short of the limit now and then: the B-20 penalty in the search
        "bags": [draw(st.sampled_from([0, limit // 2, limit - 1])) for _ in range(2)],
    }
    return Setup(
        params=params,
        hands=hands,
        kw=kw,
        seed=draw(st.integers(0, 2**32)),
        tricks=draw(st.sampled_from([1, 2, 2, 3, 3, 3])),
        favoured=strong,
        seat=draw(st.one_of(st.none(), st.integers(0, 3))),
    )


def power(c: int) -> tuple[bool, int]:
    """How strong a Spades card is: spades (jokers included, BJ > LJ > A♠) above the rest
    (B.3 #5, B-13), then by rank."""
    spade = c >= 52 or c // 13 == 3
    return spade, c if c >= 52 else rank(c)


def strong_deal(hands: list[list[int]], strong: int) -> list[list[int]]:
    """``hands`` dealt again so that the two seats of team ``strong`` hold the eight highest
    spades (four each) and the rest keeps its order."""
    cards = [c for h in hands for c in h]
    top = sorted(cards, key=power)[-8:]
    rest = [c for c in cards if c not in top]
    dealt: list[list[int]] = [[] for _ in range(4)]
    for seat in (strong, strong + 2):
        dealt[seat] = top[seat // 2 :: 2] + rest[:9]
        rest = rest[9:]
    for seat in (1 - strong, 3 - strong):
        dealt[seat], rest = rest[:13], rest[13:]
    return dealt


def spades_bid(s: hf.SpadesState, rng: random.Random, setup: Setup) -> None:
    """A random legal bid, a blind nil or a bemo now and then (B-6, B-18, B.3 #9). The
    strong team aims at a contract of 10 or 13 (B.3 #3, #8); with a bemo setup its first
    bidder declares a bemo."""
    seat = s.current_player
    assert seat is not None
    team = seat % 2
    bemos = s.legal_bemos()
    bemo = rng.choice([None, *bemos]) if bemos and rng.random() < 0.5 else None
    if setup.params["bemo"] and team == setup.favoured and bemos:
        bemo = rng.choice(bemos)
    if s.can_bid_blind() and rng.random() < 0.4:
        s.bid(0, blind=True, bemo=bemo)
        return
    legal = s.legal_bids()
    n = rng.choice(legal)
    partner = s.bids[(seat + 2) % 4]
    if team == setup.favoured and partner is not None:
        want = rng.choice([10, 13]) - partner[0]
        n = want if want in legal else n
    s.bid(n, bemo=bemo)


def spades_choice(
    s: hf.SpadesState, rng: random.Random, strong: int | None, noise: float = 0.1
) -> int:
    """A random legal play, or (but for a share ``noise`` of random plays, when there is a
    strong team) the strong team's highest card and the other team's lowest; under
    ``renege="penalize"`` now and then a held card that is not a legal play, a renege
    (B-27)."""
    seat = s.current_player
    assert seat is not None
    legal = s.legal_plays()
    if s.rules.renege == "penalize" and rng.random() < 0.03:
        reneges = [c for c in s.hands[seat] if c not in legal]
        if reneges:
            return rng.choice(reneges)
    if strong is None or rng.random() < noise:
        return rng.choice(legal)
    return (max if seat % 2 == strong else min)(legal, key=power)


def spades_bid_and_play(setup: Setup) -> tuple[hf.SpadesState, random.Random]:
    """The setup's hand, bid; and the generator that drives the rest of its play."""
    s = hf.SpadesState.from_deal(hf.SpadesRules(**setup.params), setup.hands, **setup.kw)
    rng = random.Random(setup.seed)
    while s.phase == "bid":
        spades_bid(s, rng, setup)
    return s, rng


def spades_position(setup: Setup) -> hf.SpadesState | None:
    """The setup's hand bid and played to its endgame."""
    s, rng = spades_bid_and_play(setup)

    def wanted(x: hf.SpadesState) -> bool:
        """The plays differ in score for the seat's team."""
        return len(set(hf.solve(x, seat=setup.seat, objective="score").moves.values())) > 1

    choose = partial(spades_choice, rng=rng, strong=setup.favoured)
    return endgame(s, choose, setup.tricks, rng, wanted)


# --- what a position holds ---------------------------------------------------------------


def variant(s: hf.HeartsState, **changes: Any) -> hf.HeartsState:
    """``s`` replayed under its rules with ``changes`` (rules that leave its plays legal)."""
    rules = s.rules.replace(**changes)
    lines = s.to_text().split("\n")
    lines[1] = hf.HeartsState(rules).to_text().split("\n")[1]
    return hf.HeartsState.from_text("\n".join(lines))


def moon_matters(s: hf.HeartsState, seat: int | None) -> bool:
    """A moon decides the value of a play for ``seat``: the values differ without the moon
    (A-21, ``moon="none"``)."""
    if s.rules.moon == "none":
        return False
    return hf.solve(s, seat=seat).moves != hf.solve(variant(s, moon="none"), seat=seat).moves


def jack_matters(s: hf.HeartsState, seat: int | None) -> bool:
    """Whether the moon needs J♦ decides the value of a play for ``seat`` (A-21,
    ``moon_requires_jack``)."""
    rules = s.rules
    if not rules.jack_of_diamonds or rules.moon == "none":
        return False
    flipped = variant(s, moon_requires_jack=not rules.moon_requires_jack)
    return hf.solve(s, seat=seat).moves != hf.solve(flipped, seat=seat).moves


def early_end_matters(s: hf.HeartsState, seat: int | None) -> bool:
    """The early end decides the value of a play for ``seat`` (A-19: the values differ
    when the hand is played to its last trick)."""
    if not s.rules.early_end:
        return False
    return hf.solve(s, seat=seat).moves != hf.solve(variant(s, early_end=False), seat=seat).moves


def hearts_features(s: hf.HeartsState, seat: int | None, sol: hf.Solution) -> list[str]:
    """The interesting cases the position ``s`` (solved for ``seat``: ``sol``) reaches."""
    rules = s.rules
    points = s.points()
    takers = [p for p in range(s.num_players) if points[p] > 0]
    found = [f"{s.num_players} players", f"{len(s.hands[0])} cards in hand 0"]
    if len(takers) == 1 and sum(points) < rules.total_penalty():
        found.append("moon open: one seat took every penalty card so far")
        if rules.jack_of_diamonds and rules.moon_requires_jack:
            found.append("moon open, J♦ required")
    if moon_matters(s, seat):
        found.append("the moon decides a value")
    if jack_matters(s, seat):
        found.append("moon_requires_jack decides a value")
    if early_end_matters(s, seat):
        found.append("early_end decides a value")
    if s.trick:
        found.append("trick under way")
    if rules.deck_adjust == "deal_all":
        found.append("deal_all")
    if rules.early_end:
        found.append("early_end")
    if rules.avoid_all_tricks_bonus and 0 in s.tricks_taken:
        found.append("a trickless seat with avoid_all_tricks_bonus")
    if len(sol.best) > 1:
        found.append("several best plays")
    return found


def spades_features(s: hf.SpadesState, seat: int | None, sol: hf.Solution) -> list[str]:
    """The interesting cases the position ``s`` (solved for ``seat``: ``sol``) reaches."""
    rules = s.rules
    bids = [b for b in s.bids if b is not None]
    winners = s.trick_winners
    found = [f"{len(s.hands[0])} cards in hand 0"]
    if s.reneges:
        found.append("a renege made")
        team = valued(s, seat) % 2
        mine = any(x[1] % 2 == team for x in s.reneges)
        found.append(f"a renege made by the {'seat' if mine else 'other'}'s team")
    if any(b[2] for b in bids):
        found.append("blind nil")
    elif any(b[1] for b in bids):
        found.append("nil")
    if any(b[3] for b in bids):
        found.append("bemo declared")
    if winners and len({w % 2 for w in winners}) == 1:
        found.append("one team won every trick so far")
    contracts = s.contracts()
    if rules.boston != "off" and 13 in contracts:
        found.append("Boston contract")
    if rules.ten_for_two_hundred and 10 in contracts:
        found.append("10-for-200 contract")
    if rules.jokers:
        found.append("jokers")
    if rules.spades_broken and not s.spades_broken:
        found.append("spades not broken yet")
    if s.trick:
        found.append("trick under way")
    if len(set(sol.moves.values())) > 1:
        found.append("the plays differ in value")
    return found


# --- checks -------------------------------------------------------------------------------


def to_reference(s: State) -> Any:
    """The reference engine's copy of ``s``, through the text form."""
    return getattr(ref, type(s).__name__).from_text(s.to_text())


def same(fast: hf.Solution, reference: hf.Solution) -> None:
    """Equal values, moves and best plays (``nodes`` counts each engine's own search)."""
    assert (fast.value, fast.moves, fast.best) == (reference.value, reference.moves, reference.best)


def objective_value(s: Any, seat: int, objective: str) -> int:
    """The objective of docs/solver.md read off a finished hand of either engine."""
    if objective == "tricks":
        return int(s.tricks_taken[seat] + s.tricks_taken[(seat + 2) % 4])
    if objective == "score":
        return int(s.hand_scores()[seat % 2])
    return int(s.hand_scores()[seat])


def check_against_reference(
    s: State, seat: int | None, objective: str | None, kept: hf.Solver, rng: random.Random
) -> hf.Solution:
    """``hf.solve`` equals ``ref.solve``; the kept solver gives the same; the value of a
    random play is the value of the position after it (solved with the kept table)."""
    before = s.copy()
    sol = hf.solve(s, seat=seat, objective=objective)
    note(f"position: {s.to_text()!r}, seat={seat}, objective={objective}")
    assert s == before
    assert sorted(sol.moves) == s.legal_plays()  # A-16, B-16: never a renege
    same(sol, ref.solve(to_reference(s), seat=seat, objective=objective))
    same(kept.solve(s, seat=seat, objective=objective), sol)
    card = rng.choice(sorted(sol.moves))
    child = s.copy()
    child.play(card)
    name = objective or ("points" if isinstance(s, hf.HeartsState) else "tricks")
    after = (
        kept.solve(child, seat=valued(s, seat), objective=name).value
        if child.phase == "play"
        else objective_value(child, valued(s, seat), name)
    )
    assert sol.moves[card] == after
    return sol


HEARTS_KEPT = hf.Solver(memory_mb=4)
SPADES_KEPT = hf.Solver(memory_mb=4)
BEMO_KEPT = hf.Solver(memory_mb=4)


@examples(0.4)
@given(hearts_setups(), st.sampled_from([None, "points"]))
def test_A16_A21_hearts_endgames_equal_the_reference(setup: Setup, objective: str | None) -> None:
    """A-16 (A-13..A-15, A.6 leads), A-17, A-19, A-20, A-21 (every ``moon`` option,
    ``moon_requires_jack``), A.6 ``avoid_all_tricks_bonus``, 3–7 players, A-3 and A-7
    decks: the values, moves and best plays of ``"points"`` for a random seat."""
    s = hearts_position(setup)
    assume(s is not None)
    assert s is not None
    sol = check_against_reference(s, setup.seat, objective, HEARTS_KEPT, random.Random(setup.seed))
    for name in hearts_features(s, setup.seat, sol):
        event(name)


@st.composite
def sweeps(draw: st.DrawFn) -> tuple[hf.HeartsState, int | None]:
    """A 4-player hand in which seat 0 has won every trick so far, with 2 or 3 tricks left
    (a trick maybe under way), and a seat to solve for (None: the mover). The tricks so far
    are ``blocks_then``'s blocks (tests/helpers.py): every penalty card played is his, and
    the three others have taken no trick. The rules are random but for the ones the blocks
    need (no passing, seat 0 leads, hearts may be led)."""
    params = draw(rule_params())
    params.update(
        players=4,
        pass_direction="hold",
        first_lead="left_of_dealer",
        can_lead_any_club=False,
        hearts_must_be_broken=False,
    )
    tricks = draw(st.sampled_from([2, 3]))
    # The cards each suit keeps for the endgame: 13 minus a multiple of 4 (whole blocks).
    counts = draw(st.sampled_from([[5, 1, 1, 1]] if tricks == 2 else [[9, 1, 1, 1], [5, 5, 1, 1]]))
    cards: list[int] = []
    for suit, k in enumerate(draw(st.permutations(counts))):
        ranks = draw(st.lists(st.integers(0, 12), min_size=k, max_size=k, unique=True))
        cards += [13 * suit + r for r in ranks]
    cards = draw(st.permutations(cards))
    endgame = [" ".join(hf.card_name(c) for c in cards[i::4]) for i in range(4)]
    first = draw(st.sampled_from("CD"))  # no penalty card in the first trick
    suits = first + "".join(draw(st.permutations([x for x in "CDHS" if x != first])))
    hands, blocks = blocks_then(endgame, suits)
    s = hf.HeartsState.from_deal(hf.HeartsRules(**params), hands, dealer=3)
    play_blocks(s, blocks)
    for _ in range(draw(st.integers(0, 3))):
        s.play(draw(st.sampled_from(s.legal_plays())))
    return s, draw(st.one_of(st.none(), st.integers(0, 3)))


@examples(0.3)
@given(sweeps())
def test_A19_A21_A6_after_one_seat_took_every_trick(
    position: tuple[hf.HeartsState, int | None],
) -> None:
    """Seat 0 has won every trick so far: his moon is open (A-21, with ``moon_requires_jack``
    when J♦ is still out) and three seats are trickless (A.6 ``avoid_all_tricks_bonus``),
    so that the early end (A-19), which may stop the hand before a trickless seat must take
    a trick, decides values too."""
    s, seat = position
    sol = check_against_reference(s, seat, None, HEARTS_KEPT, random.Random(len(s.trick)))
    for name in hearts_features(s, seat, sol):
        event(name)


#: A sweep (``sweeps()``) found by search where the early end decides a value: seat 0 has
#: taken ten tricks and 25 points, 2♥ (seat 2's) is the last value card out, and the other
#: three seats have taken no trick (A.6 ``avoid_all_tricks_bonus=5``).
EARLY_END = (
    "hearts-fast/1 hearts-state\n"
    "rules pass_direction=hold hearts_must_be_broken=false avoid_all_tricks_bonus=5\n"
    "hand dealer=3 index=0 direction=hold\n"
    "deal 2C,TC,AC,6D,TD,AD,6H,TH,AH,3S,5S,TS,AS 3C,9C,KC,2D,5D,9D,KD,5H,9H,KH,4S,9S,KS"
    " 4C,6C,8C,QC,4D,8D,QD,2H,4H,8H,QH,8S,QS 5C,7C,JC,3D,7D,JD,3H,7H,JH,2S,6S,7S,JS\n"
    "actions AC KC QC JC TC 9C 8C 7C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D AH KH QH JH TH 9H"
    " 8H 7H 6H 5H 4H 3H AS KS QS JS TS 9S 8S 7S\n"
)


def test_A19_the_early_end_keeps_a_trickless_seat_trickless() -> None:
    """A-19 with A.6: after seat 0 leads 3♠, seat 2 (void in spades) can throw 2♥, the last
    value card, so that the hand ends before he takes a trick: -5 for seat 2 with
    ``early_end``, 0 when the hand is played out. The values of both rule sets equal the
    reference's. (The random sweeps reach such positions only a few times in a thousand.)"""
    s = hf.HeartsState.from_text(EARLY_END)
    late = variant(s, early_end=False)
    for x in (s, late):
        same(hf.solve(x, seat=2), ref.solve(to_reference(x), seat=2))
    two_c, three_s, five_s = hf.card("2C"), hf.card("3S"), hf.card("5S")
    assert hf.solve(s, seat=2).moves == {two_c: -5, three_s: -5, five_s: 0}
    assert hf.solve(late, seat=2).moves == {two_c: -5, three_s: 0, five_s: 0}


#: A sweep found by search where ``moon_requires_jack`` decides a value: seat 0 has taken
#: eleven tricks and every penalty card but 2♥, which seat 1 holds with J♦ (Jota rules).
JACK_MOON = (
    "hearts-fast/1 hearts-state\n"
    "rules pass_direction=hold first_trick_no_points=false hearts_must_be_broken=false"
    " early_end=false jack_of_diamonds=true moon_requires_jack=false\n"
    "hand dealer=3 index=0 direction=hold\n"
    "deal 2C,6C,TC,AC,5D,9D,AD,6H,TH,AH,6S,TS,AS 9C,KC,4D,8D,JD,KD,2H,5H,9H,KH,5S,9S,KS"
    " 3C,4C,8C,QC,3D,7D,QD,4H,8H,QH,4S,8S,QS 5C,7C,JC,2D,6D,TD,3H,7H,JH,2S,3S,7S,JS\n"
    "actions AC KC QC JC TC 9C 8C 7C AD KD QD TD 9D 8D 7D 6D 5D 4D 3D 2D AH KH QH JH TH 9H"
    " 8H 7H 6H 5H 4H 3H AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S\n"
)


def test_A21_A20_the_moon_with_or_without_the_jack() -> None:
    """A-21 ``moon_requires_jack`` with A-20's J♦ bonus, for seat 0 (25 points, to lead
    2♣ or 6♣; seat 1 holds J♦ and 2♥, void in clubs, and discards one on trick 12). 2♣:
    seat 3's 5♣ takes trick 12 and the 2♠ trick 13, with both red cards: 25. 6♣ wins
    trick 12: seat 1 throws J♦ to it (25 - 10 = 15) rather than 2♥, which would give seat 0
    the moon (-26); when the moon needs J♦, 2♥ makes 26 (J♦ goes to seat 3 on trick 13),
    more than 15. The values of both rule sets equal the reference's."""
    s = hf.HeartsState.from_text(JACK_MOON)
    needs_jack = variant(s, moon_requires_jack=True)
    for x in (s, needs_jack):
        same(hf.solve(x), ref.solve(to_reference(x)))
    two_c, six_c = hf.card("2C"), hf.card("6C")
    assert hf.solve(s).moves == {two_c: 25, six_c: 15}
    assert hf.solve(needs_jack).moves == {two_c: 25, six_c: 26}


@examples(0.3)
@given(spades_setups())
def test_B16_B27_spades_endgames_equal_the_reference(setup: Setup) -> None:
    """B-16 (``spades_broken``, ``first_lead``, jokers B.3 #5), B-17 set penalties, B-18,
    B-19 nil and blind nil, B-20 bags, B-21 with 10-for-200, Boston and bemo (B.3 #3, #8,
    #9), B-27 reneges already made: ``"tricks"`` and ``"score"`` (and the default) for a
    random seat."""
    s = spades_position(setup)
    assert s is not None  # all 13 tricks are played (B-14)
    rng = random.Random(setup.seed)
    for objective in (None, "score"):
        sol = check_against_reference(s, setup.seat, objective, SPADES_KEPT, rng)
    seat = valued(s, setup.seat)
    # "tricks" is zero-sum (docs/solver.md): the other team's value is 13 minus this one.
    other = hf.solve(s, seat=(seat + 1) % 4, objective="tricks")
    assert other.value == 13 - hf.solve(s, seat=seat, objective="tricks").value
    for name in spades_features(s, setup.seat, sol):
        event(name)


# --- open bemos (B.3 #9) ------------------------------------------------------------------


def bemo_over(s: Any, tricks: int) -> bool:
    """Whether a bemo of ``tricks`` tricks is decided: they are all played (or the hand is
    over)."""
    return s.phase != "play" or len(s.trick_winners) >= tricks


def bemo_tricks(s: hf.SpadesState) -> int:
    """The tricks of the strongest bemo declared (B.3 #9: little 6, big 9)."""
    kinds = {b[3] for b in s.bids if b is not None}
    return 9 if "big" in kinds else 6


#: The most positions a minimax of the bemo's last trick visits (each where the bemo is
#: decided is solved by the fast solver).
BEMO_LEAVES = 100

#: The fast solver of the bemo positions and of those where the bemo is decided: one
#: problem per example, so its table is reused.
BEMO_LEAF_SOLVER = hf.Solver(memory_mb=16)


def bemo_start(setup: Setup) -> hf.SpadesState | None:
    """The setup's hand bid, the strong team winning every trick it can until the last
    trick of the bemo declared begins. None if the hand has no declared bemo."""
    s, rng = spades_bid_and_play(setup)
    if not any(b is not None and b[3] for b in s.bids):
        return None
    while len(s.trick_winners) < bemo_tricks(s) - 1:
        s.play(spades_choice(s, rng, setup.favoured, noise=0.02))
    return s


def bemo_position(setup: Setup) -> hf.SpadesState | None:
    """``bemo_start`` with the bemo still open, then random plays of the bemo's last trick
    to the first position whose plays differ in score for the seat, else to its last play,
    among those with at most ``BEMO_LEAVES`` positions where the bemo is decided. None if
    the hand has no open bemo."""
    s = bemo_start(setup)
    if s is None or not bemo_open(s):
        return None
    rng = random.Random(setup.seed)
    tricks = bemo_tricks(s)

    def leaf(x: State) -> bool:
        return bemo_over(x, tricks)

    while True:
        last = len(s.trick) == 3
        if tree_size(s, BEMO_LEAVES, leaf=leaf) <= BEMO_LEAVES:
            sol = BEMO_LEAF_SOLVER.solve(s, seat=setup.seat, objective="score")
            if last or len(set(sol.moves.values())) > 1:
                return s
        s.play(rng.choice(s.legal_plays()))


def bemo_open(s: hf.SpadesState) -> bool:
    """A declared bemo still open: its team won every trick so far, and its tricks are not
    all played (B.3 #9)."""
    for seat, b in enumerate(s.bids):
        if b is not None and b[3] and not bemo_over(s, 9 if b[3] == "big" else 6):
            if all(w % 2 == seat % 2 for w in s.trick_winners):
                return True
    return False


def minimax_to(r: Any, seat: int, objective: str, over: Callable[[Any], bool]) -> dict[int, int]:
    """The value of every legal play of the reference state ``r`` for ``seat``'s team under
    ``objective``: a plain minimax over the reference engine down to the positions where
    ``over`` holds, each valued there by the fast solver."""

    def value(x: Any) -> int:
        if x.phase != "play":
            return objective_value(x, seat, objective)
        if over(x):
            fast = hf.SpadesState.from_text(x.to_text())
            return BEMO_LEAF_SOLVER.solve(fast, seat=seat, objective=objective).value
        values = children(x).values()
        return max(values) if x.current_player % 2 == seat % 2 else min(values)

    def children(x: Any) -> dict[int, int]:
        moves = {}
        for c in x.legal_plays():
            child = x.copy()
            child.play(c)
            moves[c] = value(child)
        return moves

    return children(r)


@examples(0.1)
@given(spades_setups(bemo=True), st.sampled_from(["score", "tricks"]))
def test_B3_9_open_bemos(setup: Setup, objective: str) -> None:
    """B.3 #9 with a bemo still open (its team has won every trick so far) and its last
    trick to play or under way, under ``"score"`` (the bemo's ±60 or ±90) and ``"tricks"``:
    the fast solver's values equal those of a minimax of the reference engine through that
    trick (the bemo then decided, each position valued by the fast solver, which the tests
    above check on decided bemos)."""
    s = bemo_position(setup)
    assume(s is not None)
    assert s is not None
    seat, mover = valued(s, setup.seat), valued(s, None)
    tricks = bemo_tricks(s)
    note(f"position: {s.to_text()!r}, seat={seat}, objective={objective}")
    sol = hf.solve(s, seat=seat, objective=objective)
    moves = minimax_to(to_reference(s), seat, objective, lambda x: bemo_over(x, tricks))
    assert sol.moves == moves
    best = (max if mover % 2 == seat % 2 else min)(moves.values())
    assert (sol.value, sol.best) == (best, sorted(c for c, v in moves.items() if v == best))
    same(BEMO_KEPT.solve(s, seat=seat, objective=objective), sol)
    assert bemo_open(s)
    event(f"{tricks} tricks")
    event(f"the plays differ in value: {len(set(moves.values())) > 1}")


# --- the batch ----------------------------------------------------------------------------


@examples(0.05)
@pytest.mark.parametrize("game", ["hearts", "spades"])
@given(data=st.data())
def test_solve_batch_equals_solve(game: str, data: st.DataObject) -> None:
    """``solve_batch`` of random endgames (several rule sets in one batch, so problems
    change within a chunk of 8) gives each state's ``solve``: one seat per state or the
    movers, one objective for all."""
    if game == "hearts":
        hearts = data.draw(st.lists(hearts_setups(), min_size=1, max_size=12))
        states: list[Any] = [hearts_position(x) for x in hearts]
        objective = data.draw(st.sampled_from([None, "points"]))
    else:
        spades = data.draw(st.lists(spades_setups(), min_size=1, max_size=12))
        states = [spades_position(x) for x in spades]
        objective = data.draw(st.sampled_from([None, "tricks", "score"]))
    states = [s for s in states if s is not None]
    assume(states)
    seats: list[int] | None = None
    if data.draw(st.booleans()):
        seats = [data.draw(st.integers(0, s.num_players - 1)) for s in states]
    res = hf.solve_batch(states, seat=seats, objective=objective, threads=2)
    for i, s in enumerate(states):
        sol = hf.solve(s, seat=None if seats is None else seats[i], objective=objective)
        assert res.values[i] == sol.value
        assert np.array_equal(res.moves[i], sol.array)


# --- the cases are reached ------------------------------------------------------------------


def reached(setups: st.SearchStrategy[Any], features: Callable[[Any], list[str]]) -> Counter[str]:
    """How often each feature occurs in a fixed sample: ``FEATURE_SAMPLE`` setups drawn
    derandomized, whatever the active profile (positions only: nothing is solved by the
    reference)."""
    seen: Counter[str] = Counter()

    @fixed_sample()
    @given(setups)
    def sample(setup: Any) -> None:
        seen["setups"] += 1
        seen.update(features(setup))

    sample()
    return seen


def hearts_sample_features(setup: Setup) -> list[str]:
    s = hearts_position(setup)
    if s is None:
        return ["hand over before the endgame"]
    return hearts_features(s, setup.seat, hf.solve(s, seat=setup.seat))


def spades_sample_features(setup: Setup) -> list[str]:
    s = spades_position(setup)
    assert s is not None  # all 13 tricks are played (B-14)
    return spades_features(s, setup.seat, hf.solve(s, seat=setup.seat, objective="score"))


def bemo_sample_features(setup: Setup) -> list[str]:
    s = bemo_start(setup)  # as open as at any play of the bemo's last trick
    if s is None:
        return []
    return ["bemo declared"] + (["bemo open"] if bemo_open(s) else [])


def at_least(seen: Counter[str], share: dict[str, float]) -> None:
    """Each feature occurs in at least ``share`` of the setups. The shares are about half
    of those observed, so that another sample (hypothesis draws another one when the code
    changes) still passes; the cases rarer than that (J♦ or the early end deciding a
    value) have their fixed positions above."""
    low = {k: seen[k] for k, v in share.items() if seen[k] < v * seen["setups"]}
    assert not low, f"rare in {seen['setups']} setups: {low}; all: {dict(seen)}"


def test_the_hearts_sample_reaches_moons_and_every_table() -> None:
    seen = reached(hearts_setups(), hearts_sample_features)
    at_least(
        seen,
        {
            "moon open: one seat took every penalty card so far": 0.15,
            "the moon decides a value": 0.04,
            "trick under way": 0.3,
            "deal_all": 0.2,
            "a trickless seat with avoid_all_tricks_bonus": 0.1,
            **{f"{n} players": 0.05 for n in range(3, 8)},
            **{f"{k} cards in hand 0": 0.05 for k in (1, 2, 3)},
        },
    )
    assert seen["hand over before the endgame"] < 0.2 * seen["setups"]


def test_the_sweep_sample_reaches_moons_and_trickless_seats() -> None:
    def features(position: tuple[hf.HeartsState, int | None]) -> list[str]:
        s, seat = position
        return hearts_features(s, seat, hf.solve(s, seat=seat))

    seen = reached(sweeps(), features)
    at_least(
        seen,
        {
            "the moon decides a value": 0.15,
            "a trickless seat with avoid_all_tricks_bonus": 0.15,
        },
    )


def test_the_spades_sample_reaches_reneges_bemos_and_contracts() -> None:
    seen = reached(spades_setups(), spades_sample_features)
    at_least(
        seen,
        {
            "a renege made by the seat's team": 0.03,
            "a renege made by the other's team": 0.03,
            "nil": 0.1,
            "blind nil": 0.03,
            "bemo declared": 0.1,
            "one team won every trick so far": 0.03,
            "Boston contract": 0.02,
            "10-for-200 contract": 0.02,
            "trick under way": 0.3,
            "the plays differ in value": 0.04,
        },
    )


def test_the_bemo_sample_reaches_open_bemos() -> None:
    seen = reached(spades_setups(bemo=True), bemo_sample_features)
    at_least(seen, {"bemo declared": 0.9, "bemo open": 0.2})
