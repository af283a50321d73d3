"""What a seat knows (its *observation*, or information state) and the hidden-hand worlds
consistent with it: the slow, obviously-correct oracle for the fast engine's sampler.

Written from the rules pages (docs/rules/hearts.md, docs/rules/spades.md) and the
reference engine in this package only; every legality question is asked of the reference
itself (``legal_plays``, ``play``, ``bid``), never re-derived here.

Public functions, for a reference ``HeartsState`` or ``SpadesState`` ``state`` and a seat:

- ``observe(state, seat) -> Observation``: everything ``seat`` knows, nothing hidden.
- ``iter_worlds(state, seat)``, ``consistent_worlds(state, seat)``, ``count_worlds(state,
  seat)``: the assignments of the current hands that are consistent with what ``seat`` has
  seen, by brute-force enumeration (exponential: meant for endgames with at most ~10 hidden
  cards); ``is_consistent(state, seat, world)``: the same test for one world, at any size.
- ``random_endgame(rules, seed, tricks_left, ...)``: a deterministic random position for
  tests.

Definitions
-----------
*Post-pass hand* of a seat: the cards it holds now plus every card it has played this hand.
In Hearts it is the hand after the A-8..A-11 pass (the dealt hand with ``pass_count`` 0 or
``hold``); in Spades (no passing) it is the dealt hand of the current deal.

*Accepted play*: the reference accepts a play of card c by seat s at a position when s is the
current player, holds c, and c is in ``legal_plays()`` (A-16 Hearts; B-16 Spades), or, under
Spades ``renege="penalize"`` (B-27), whenever s holds c (the reference accepts any held card
and only flags it).

Choices (the rules leave these to us):

1. Pass-through (A-11): FORWARD declarations are public. ``passed_to`` is the seat that ended
   up with this seat's packet (following the chain through forwarders, possibly the seat
   itself); ``received_from`` is the seat whose packet this seat got. A forwarder passed and
   received nothing (its hand is unchanged): ``passed == received == ()`` and both seats are
   None.
2. Pass phase (Hearts) / bid phase (Spades): the seat knows its own dealt hand and its own
   committed pass only; ``passed_to``/``received_from`` stay None until every pass is in
   (the destination depends on the other seats' FORWARD declarations); ``forwarded`` lists
   the FORWARD declarations made so far (public). The worlds are then assignments of the
   dealt hands (what each seat holds now): nothing has been played, so in Hearts every
   assignment with the right sizes is consistent; in Spades the bids made so far are
   replayed (they must be accepted: under ``mirror``, B.3 #4, a bid reveals the spade count).
3. Jokers (Spades B.3 #5): the reference's ``suit_of`` puts both jokers in the spade suit,
   so ``voids[s]`` contains 3 (spades) only when 2♠..A♠ *and* LJ, BJ are all forbidden.
4. ``current_player`` is part of the observation (it is public). Under ``first_lead``
   ``two_of_clubs`` (Hearts) / ``lowest_club`` (Spades) it reveals who holds the lowest club
   before the first card is played, and the worlds respect it.
5. A Spades deficient-hand redeal (B.3) replaces the whole deal; only the current deal is
   observed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Union

from hearts_fast.errors import IllegalMoveError

from . import spades as _spades
from .cards import suit_of as _hearts_suit_of
from .rules import HeartsRules
from .spades import Bid, SpadesRules, SpadesState
from .state import HeartsState

__all__ = [
    "Observation",
    "World",
    "consistent_worlds",
    "count_worlds",
    "is_consistent",
    "iter_worlds",
    "observe",
    "random_endgame",
]

State = Union[HeartsState, SpadesState]
#: One world: per seat, the cards it holds now.
World = tuple[frozenset[int], ...]
Cards = tuple[int, ...]


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` knows about a hand, and nothing hidden from it.

    Common fields:

    - ``game``: ``"hearts"`` or ``"spades"``; ``seat``; ``num_players``; ``dealer``;
      ``hand_index``; ``phase`` (the state's phase string); ``current_player`` (public; None
      once over).
    - ``hand``: the cards ``seat`` holds now, sorted (in the Hearts pass phase: its dealt hand).
    - ``hand_sizes``: per seat, the number of cards it holds now.
    - ``plays``: every (seat, card) played this hand so far, in order (completed tricks and the
      current one); ``trick``: the (seat, card) of the trick in progress; ``trick_winners``:
      the winner of each completed trick.
    - ``taken``: per seat, Hearts: the raw penalty points captured so far (``points()``,
      A-20, public by A-18); Spades: the tricks taken (B-15).
    - ``forbidden``: per seat s, the sorted card ids x of the rules' deck such that, at one of
      s's past plays (seat s played c with hand H), x was not in H and the reference would not
      have accepted c had s held H ∪ {x} (same trick, trick number, broken flags). It is
      computed on the real hands; given that c *was* accepted with H, whether x is forbidden
      depends only on public facts (tests check that ``observe`` is the same in every
      consistent world). It includes cards already played. Under Spades
      ``renege="penalize"`` (B-27) every held card is accepted, so nothing is forbidden.
    - ``voids``: per seat, the sorted suits (0 clubs, 1 diamonds, 2 hearts, 3 spades, as
      ``suit_of`` numbers them) all of whose cards in the rules' deck are in ``forbidden``
      (Spades: the jokers are spades, see choice 3 of the module docstring).

    Hearts only (Spades: ``()`` / None): ``passed``, the sorted cards ``seat`` passed (``()``
    if it forwarded, under hold / ``pass_count`` 0, or before it committed); ``received``,
    the sorted cards it received (``()`` until every pass is in, or if it received none);
    ``passed_to`` / ``received_from`` (A-11 chain, see choice 1); ``forwarded``, the sorted
    seats that declared FORWARD.

    Spades only (Hearts: ``()``): ``bids``, per seat the reference's ``Bid`` or None;
    ``face_up``, per seat the sorted face-up cards (B.3 #2) not yet played (``()`` each
    without ``face_up_first_four``); ``totals`` and ``bags``, by team, before this hand.
    """

    game: str
    seat: int
    num_players: int
    dealer: int
    hand_index: int
    phase: str
    current_player: int | None
    hand: Cards
    hand_sizes: tuple[int, ...]
    passed: Cards
    received: Cards
    passed_to: int | None
    received_from: int | None
    forwarded: tuple[int, ...]
    plays: tuple[tuple[int, int], ...]
    trick: tuple[tuple[int, int], ...]
    trick_winners: tuple[int, ...]
    taken: tuple[int, ...]
    bids: tuple[Bid | None, ...]
    face_up: tuple[Cards, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    forbidden: tuple[Cards, ...]
    voids: tuple[tuple[int, ...], ...]


# ---------------------------------------------------------------- small accessors


def _is_hearts(state: State) -> bool:
    if isinstance(state, HeartsState):
        return True
    if isinstance(state, SpadesState):
        return False
    raise TypeError(f"expected a reference HeartsState or SpadesState, got {type(state).__name__}")


def _check_seat(state: State, seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise ValueError(f"seat must be an int 0..{state.num_players - 1}, got {seat!r}")
    return seat


def _plays(state: State) -> list[tuple[int, int]]:
    """Every (seat, card) played this hand, in order (HeartsState keeps it privately)."""
    return list(state._plays)


def _suit(state: State, c: int) -> int:
    return _hearts_suit_of(c) if _is_hearts(state) else _spades.suit_of(c)


def _deck(state: State) -> frozenset[int]:
    return frozenset(state.rules._deck())


def _offset(state: HeartsState) -> int:
    """A-8: the seat offset of the state's resolved pass direction."""
    n = state.num_players
    return {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}[state.pass_direction]


def _pass_chain(state: HeartsState) -> dict[int, int]:
    """A-11: sender -> the seat its packet was delivered to, once every pass is in (each
    non-forwarder's packet travels in the pass direction through forwarders to the first
    non-forwarder reached). Empty in the pass phase and with no passing."""
    passes = state._passes
    n, off = state.num_players, _offset(state)
    if state.phase == "pass" or not passes:
        return {}
    chain = {}
    for sender in range(n):
        if passes[sender] is None:
            continue
        dest = (sender + off) % n
        while passes[dest] is None:
            dest = (dest + off) % n
        chain[sender] = dest
    return chain


# ---------------------------------------------------------------- replay


def _accepts(replay: State, seat: int, c: int) -> bool:
    """Whether the reference accepts ``seat`` playing ``c`` at ``replay`` (see the module
    docstring, *accepted play*)."""
    hand = replay._hands[seat]
    if c not in hand:
        return False
    if c in replay.legal_plays():
        return True
    return not _is_hearts(replay) and replay.rules.renege == "penalize"  # B-27


def _replay(
    state: State,
    hands: list[set[int]],
    on_play: Callable[[State, int, int], None] | None = None,
) -> State | None:
    """Replay ``state``'s public actions from the post-pass hands ``hands`` on a fresh
    reference state; return it, or None as soon as the reference refuses an action or a
    seat acts out of turn. ``on_play(replay, seat, card)`` runs before each play.

    Hearts: ``HeartsState.from_deal`` with the same rules but ``pass_count=0`` (A-9: no
    passing, play starts at once), dealer and hand index: the post-pass hands have the dealt
    sizes, so A-7's extra-card seats are the same. Spades: ``SpadesState.from_deal`` with the
    same rules, dealer, hand index, totals and bags, then every bid made (B-6 order, with
    its blind/bemo flags), then the plays.
    """
    deal = [sorted(h) for h in hands]
    replay: State
    if isinstance(state, HeartsState):
        replay = HeartsState.from_deal(
            state.rules.replace(pass_count=0),
            deal,
            dealer=state.dealer,
            hand_index=state.hand_index,
        )
    else:
        replay = SpadesState.from_deal(
            state.rules,
            deal,
            dealer=state.dealer,
            hand_index=state.hand_index,
            totals=state.totals,
            bags=state.bags,
        )
        bids = state.bids
        for i in range(4):
            s = (state.dealer + 1 + i) % 4  # B-6: from the dealer's left, clockwise
            b = bids[s]
            if b is None:
                break
            if replay.current_player != s:
                return None
            try:
                replay.bid(b.value, blind=b.blind, bemo=b.bemo)
            except IllegalMoveError:
                return None
    for s, c in _plays(state):
        if replay.phase != "play" or replay.current_player != s:
            return None
        if on_play is not None:
            on_play(replay, s, c)
        try:
            replay.play(c)
        except IllegalMoveError:
            return None
    return replay


def _post_pass_hands(state: State, current: Sequence[Iterable[int]]) -> list[set[int]]:
    hands = [set(h) for h in current]
    for s, c in _plays(state):
        hands[s].add(c)
    return hands


def _forbidden(state: State) -> list[set[int]]:
    """``Observation.forbidden``: replay the real hand and, before each play (s, c), ask the
    reference whether c would be accepted with each extra card x added to s's hand."""
    n = state.num_players
    forbidden: list[set[int]] = [set() for _ in range(n)]
    if not _plays(state):
        return forbidden
    deck = _deck(state)

    def on_play(replay: State, s: int, c: int) -> None:
        hand = replay._hands[s]
        for x in sorted(deck - hand):
            hand.add(x)
            try:
                ok = _accepts(replay, s, c)
            finally:
                hand.discard(x)
            if not ok:
                forbidden[s].add(x)

    replay = _replay(state, _post_pass_hands(state, state.hands), on_play)
    assert replay is not None, "the real hand must replay"
    return forbidden


# ---------------------------------------------------------------- observe


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` knows about ``state`` (see ``Observation`` and the module docstring)."""
    hearts = _is_hearts(state)
    seat = _check_seat(state, seat)
    n = state.num_players
    hands = state.hands
    plays = tuple(_plays(state))
    deck = _deck(state)

    forbidden = _forbidden(state)
    suits: dict[int, set[int]] = {}
    for c in deck:
        suits.setdefault(_suit(state, c), set()).add(c)
    voids = tuple(
        tuple(sorted(su for su, cs in suits.items() if cs <= forbidden[s])) for s in range(n)
    )

    passed: Cards = ()
    received: Cards = ()
    passed_to: int | None = None
    received_from: int | None = None
    forwarded: tuple[int, ...] = ()
    bids: tuple[Bid | None, ...] = ()
    face_up: tuple[Cards, ...] = ()
    totals: tuple[int, ...] = ()
    bags: tuple[int, ...] = ()
    if isinstance(state, HeartsState):
        passes = state._passes
        mine = passes.get(seat)
        passed = tuple(sorted(mine)) if mine else ()
        forwarded = tuple(sorted(s for s, p in passes.items() if p is None))
        chain = _pass_chain(state)
        if seat in chain:
            passed_to = chain[seat]
        for sender, dest in chain.items():
            if dest == seat:
                received_from = sender
                received = tuple(sorted(passes[sender] or ()))
        taken = tuple(state.points())
    else:
        bids = tuple(state.bids)
        face_up = tuple(tuple(f) for f in state.face_up)
        totals = tuple(state.totals)
        bags = tuple(state.bags)
        taken = tuple(state.tricks_taken)

    return Observation(
        game="hearts" if hearts else "spades",
        seat=seat,
        num_players=n,
        dealer=state.dealer,
        hand_index=state.hand_index,
        phase=state.phase,
        current_player=state.current_player,
        hand=tuple(sorted(hands[seat])),
        hand_sizes=tuple(len(h) for h in hands),
        passed=passed,
        received=received,
        passed_to=passed_to,
        received_from=received_from,
        forwarded=forwarded,
        plays=plays,
        trick=tuple(state.trick),
        trick_winners=tuple(state.trick_winners),
        taken=taken,
        bids=bids,
        face_up=face_up,
        totals=totals,
        bags=bags,
        forbidden=tuple(tuple(sorted(f)) for f in forbidden),
        voids=voids,
    )


# ---------------------------------------------------------------- worlds


def _frame(state: State, seat: int) -> tuple[list[set[int]], list[int], list[int]]:
    """The fixed part of every world: (fixed cards per seat, how many more cards each seat
    needs, the free cards to distribute, sorted). Fixed: the observer's whole hand; its
    passed, unplayed cards with the seat that ended up with them (A-11 chain); each seat's
    unplayed face-up cards (Spades B.3 #2)."""
    n = state.num_players
    hands = state.hands
    unplayed = set().union(*map(set, hands))
    fixed: list[set[int]] = [set() for _ in range(n)]
    fixed[seat] = set(hands[seat])
    if isinstance(state, HeartsState):
        dest = _pass_chain(state).get(seat)
        mine = state._passes.get(seat)
        if dest is not None and mine:
            fixed[dest] |= set(mine) & unplayed
    else:
        for s, f in enumerate(state.face_up):
            fixed[s] |= set(f)
    free = unplayed - set().union(*fixed)
    need = [len(hands[s]) - len(fixed[s]) for s in range(n)]
    return fixed, need, sorted(free)


def _consistent(state: State, post: list[set[int]]) -> bool:
    """Whether replaying ``state``'s public actions from the post-pass hands ``post`` is
    accepted at every action and ends in the same phase with the same current player."""
    if _is_hearts(state) and state.phase == "pass":
        return True  # nothing played yet (A-10: passes are hidden)
    replay = _replay(state, post)
    return (
        replay is not None
        and replay.phase == state.phase
        and replay.current_player == state.current_player
    )


def iter_worlds(state: State, seat: int) -> Iterator[World]:
    """The worlds of ``consistent_worlds``, lazily, in enumeration order (seats in increasing
    order, each choosing its free cards with ``itertools.combinations`` over the sorted free
    cards). Usable on positions too large to list (e.g. ``next(...)``)."""
    seat = _check_seat(state, seat)
    n = state.num_players
    fixed, need, free = _frame(state, seat)
    if any(k < 0 for k in need) or sum(need) != len(free):
        return
    others = [s for s in range(n) if s != seat]

    def assign(i: int, pool: list[int], acc: list[frozenset[int]]) -> Iterator[World]:
        if i == len(others):
            world = [frozenset(fixed[seat])] * n
            for s, h in zip(others, acc):
                world[s] = h
            yield tuple(world)
            return
        s = others[i]
        for combo in itertools.combinations(pool, need[s]):
            chosen = set(combo)
            rest = [c for c in pool if c not in chosen]
            yield from assign(i + 1, rest, [*acc, frozenset(fixed[s] | chosen)])

    for world in assign(0, free, []):
        if _consistent(state, _post_pass_hands(state, list(world))):
            yield world


def is_consistent(state: State, seat: int, world: Sequence[Iterable[int]]) -> bool:
    """Whether ``world`` (per seat, the cards it would hold now) is one of
    ``consistent_worlds(state, seat)``, checked directly (conditions 1..3 there) without
    enumerating: usable on positions of any size, e.g. to check a sampler's output."""
    seat = _check_seat(state, seat)
    n = state.num_players
    w = [frozenset(h) for h in world]
    if len(w) != n or sum(len(h) for h in w) != len(set().union(*w)):
        return False
    fixed, need, free = _frame(state, seat)
    if any(not fixed[s] <= w[s] or len(w[s]) != len(fixed[s]) + need[s] for s in range(n)):
        return False
    if set().union(*w) != set().union(*fixed) | set(free):
        return False
    return _consistent(state, _post_pass_hands(state, w))


def consistent_worlds(state: State, seat: int) -> list[World]:
    """Every assignment of current hands (one frozenset per seat: the cards it holds now)
    consistent with what ``seat`` has seen, found by brute-force enumeration. The ORACLE
    definition (it does not use ``Observation.forbidden``); a world W is consistent iff

    1. ``W[seat]`` is ``seat``'s real hand; each seat s holds exactly its current number of
       cards; the W[s] are disjoint and together hold every card not yet played;
    2. (Hearts, after the pass) the cards ``seat`` passed that are not yet played are in the
       hand of the seat that ended up with them (A-11 chain; if the packet came back to
       ``seat`` they are in its own hand); (Spades, ``face_up_first_four``) every unplayed
       face-up card is with its owner (B.3 #2);
    3. replaying the hand's public actions from the post-pass hands (for each seat s:
       ``W[s]`` plus every card s played this hand) on a fresh reference state (see
       ``_replay``: Hearts ``from_deal`` with ``pass_count=0``; Spades ``from_deal`` then the
       bids) is accepted by the reference at every bid and play, each by the seat that
       really acted, and ends in the same phase with the same current player. This applies
       whatever the reference enforces: the first lead (A-12, V-A1 / B-10, B.3 #7), hearts /
       spades breaking (A-14 / B.3 #1), the first-trick point ban (A-15), following suit
       (A-13 / B-12), forced mirror bids (B.3 #4); under Spades ``renege="penalize"`` (B-27)
       every held card is accepted. In the Hearts pass phase nothing is replayed (nothing
       has been played; the passes are hidden, A-10).

    Returned sorted by ``tuple(tuple(sorted(W[s])) for s in seats)``. Exponential: meant for
    endgames with at most ~10 hidden cards.
    """
    return sorted(iter_worlds(state, seat), key=lambda w: tuple(tuple(sorted(h)) for h in w))


def count_worlds(state: State, seat: int) -> int:
    """``len(consistent_worlds(state, seat))``, without keeping the worlds."""
    return sum(1 for _ in iter_worlds(state, seat))


# ---------------------------------------------------------------- random positions


def random_endgame(
    rules: HeartsRules | SpadesRules,
    seed: int,
    tricks_left: int,
    *,
    mid_trick: bool = False,
    dealer: int | None = None,
    hand_index: int | None = None,
    forward_chance: float = 0.25,
    renege_chance: float = 0.2,
) -> State:
    """A reference state dealt and played at random until ``tricks_left`` tricks remain,
    deterministic for ``seed`` (every choice comes from ``random.Random(seed)``).

    Hearts: every pass is random (FORWARD with probability ``forward_chance`` when
    ``pass_through``; else ``pass_count`` random cards of the dealt hand). Spades: random legal
    bids (a blind nil with probability 0.1 when allowed, a random bemo when allowed). Then
    random legal cards (Spades ``renege="penalize"``: with probability ``renege_chance`` any
    held card, B-27) until the current trick is empty and every seat holds at most
    ``tricks_left`` cards. With ``mid_trick``, 1..n-1 more random cards of the next trick are
    played. ``dealer`` and ``hand_index`` are random (from the seed) when None. The hand may
    end sooner (Hearts A-19 early end): the state is then returned over.
    """
    rng = random.Random(seed)
    if isinstance(rules, HeartsRules):
        n = rules.players
        hst = HeartsState(
            rules,
            seed=rng.getrandbits(64),
            dealer=rng.randrange(n) if dealer is None else dealer,
            hand_index=rng.randrange(12) if hand_index is None else hand_index,
        )
        while hst.phase == "pass":
            s = rng.choice(hst.pending_passes())
            if rules.pass_through and rng.random() < forward_chance:
                hst.forward(s)
            else:
                hst.pass_cards(s, rng.sample(sorted(hst.hands[s]), hst.pass_count))
        st: State = hst
    elif isinstance(rules, SpadesRules):
        n = 4
        st = SpadesState(
            rules,
            seed=rng.getrandbits(64),
            dealer=rng.randrange(n) if dealer is None else dealer,
            hand_index=rng.randrange(12) if hand_index is None else hand_index,
        )
        while st.phase == "bid":
            bemo = None
            if st.legal_bemos() and rng.random() < 0.2:
                bemo = rng.choice(st.legal_bemos())
            if st.can_bid_blind() and rng.random() < 0.1:
                st.bid(0, blind=True, bemo=bemo)
            else:
                st.bid(rng.choice(st.legal_bids()), bemo=bemo)
    else:
        raise TypeError(f"rules must be HeartsRules or SpadesRules, got {type(rules).__name__}")

    def play_one() -> None:
        cur = st.current_player
        assert cur is not None
        legal = st.legal_plays()
        if (
            not isinstance(rules, HeartsRules)
            and rules.renege == "penalize"
            and rng.random() < renege_chance
        ):
            legal = st.hands[cur]
        st.play(rng.choice(legal))

    while st.phase == "play" and (st.trick or max(len(h) for h in st.hands) > tricks_left):
        play_one()
    if mid_trick and st.phase == "play":
        for _ in range(rng.randrange(1, n)):
            if st.phase != "play":
                break
            play_one()
    return st
