"""Reference engine: what a seat knows (``observe``) and the hidden-hand worlds consistent with
it (``consistent_worlds`` / ``count_worlds``), python/hearts_fast/reference/info.py.

Rule ids in the test names: A-11 pass-through, A-12/V-A1 first lead, A-13 following suit,
A-14 hearts broken, A-15 first trick without points (Hearts); B-10 opening lead, B-12
following suit, B.3 #2 face up, B.3 #4 mirror, B.3 #5 jokers, B-27 renege (Spades).
Runs on the pure-Python reference only (no compiled extension).
"""

from __future__ import annotations

import itertools

import pytest

from hearts_fast.reference import (
    BIG_JOKER,
    LITTLE_JOKER,
    HeartsRules,
    HeartsState,
    SpadesRules,
    SpadesState,
    card,
)
from hearts_fast.reference.info import (
    Observation,
    consistent_worlds,
    count_worlds,
    is_consistent,
    iter_worlds,
    observe,
    random_endgame,
)


def cs(text: str) -> list[int]:
    """'2C QS TH' -> sorted card ids."""
    return sorted(card(t) for t in text.split())


def suit_cards(suit: str, ranks: str = "23456789TJQKA") -> list[int]:
    return [card(r + suit) for r in ranks]


HEARTS13 = set(suit_cards("H"))
SPADES13 = set(suit_cards("S"))
QS = card("QS")

# (name, rules, tricks_left): positions of at most ~90 candidate worlds per seat.
RULESETS = [
    ("hearts-default", HeartsRules(early_end=False), 2),  # left pass of 4, pass_through
    ("hearts-early-end", HeartsRules(), 2),
    ("corazones", HeartsRules.preset("corazones", early_end=False), 2),  # rotate, 2C lead
    ("hearts-3p", HeartsRules(players=3, early_end=False), 3),
    ("hearts-5p-deal-all", HeartsRules(players=5, deck_adjust="deal_all", early_end=False), 1),
    ("hearts-openspiel", HeartsRules.preset("openspiel"), 2),  # random direction, QS breaks
    (
        "hearts-lead-options",
        HeartsRules.preset(
            "corazones",
            can_lead_any_club=True,
            can_lead_hearts_instead_of_qs=True,
            early_end=False,
        ),
        2,
    ),
    ("spades-default", SpadesRules(), 2),
    ("spades-broken-jokers", SpadesRules(spades_broken=True, jokers=True), 2),
    ("spades-lowest-club", SpadesRules(first_lead="lowest_club"), 2),
    ("spades-face-up", SpadesRules(face_up_first_four=True), 2),
    ("spades-mirror", SpadesRules(mirror=True), 2),
    ("spades-penalize", SpadesRules(renege="penalize"), 2),
]
IDS = [r[0] for r in RULESETS]


def real_world(state) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(h) for h in state.hands)


def played_by(state) -> list[set[int]]:
    out: list[set[int]] = [set() for _ in range(state.num_players)]
    for s, c in state._plays:
        out[s].add(c)
    return out


def raw_assignments(real, seat: int):
    """Every way to deal the cards the other seats hold now back to them with the same counts
    (no rule applied at all)."""
    others = [s for s in range(len(real)) if s != seat]
    pool = sorted(frozenset().union(*(real[s] for s in others)))

    def rec(i, pool, acc):
        if i == len(others):
            w = dict(zip(others, acc))
            w[seat] = real[seat]
            yield tuple(w[s] for s in range(len(real)))
            return
        for combo in itertools.combinations(pool, len(real[others[i]])):
            rest = [c for c in pool if c not in combo]
            yield from rec(i + 1, rest, [*acc, frozenset(combo)])

    yield from rec(0, pool, [])


# ---------------------------------------------------------------- rebuilding a world


def rebuild(state, seat: int, world) -> HeartsState | SpadesState:
    """A state whose current hands are ``world`` and whose every public action (and everything
    ``seat`` saw) is the same as ``state``'s: a deal built backwards from the world's post-pass
    hands, then the same passes (for the seats other than ``seat``: any packet of the
    destination's post-pass hand), bids and plays."""
    n = state.num_players
    post = [set(world[s]) | p for s, p in enumerate(played_by(state))]
    obs = observe(state, seat)
    if isinstance(state, HeartsState):
        rules = state.rules
        k = state.pass_count
        fixed_dir = state.pass_direction if rules.pass_direction == "random" else None
        packets: dict[int, tuple[int, ...] | None] = {}
        dealt = [set(h) for h in post]
        if k:
            off = {"left": 1, "right": n - 1, "across": n // 2, "hold": 0}[state.pass_direction]
            fwd = set(obs.forwarded)
            dest = {}
            for j in range(n):
                if j in fwd:
                    packets[j] = None
                    continue
                d = (j + off) % n
                while d in fwd:
                    d = (d + off) % n
                dest[j] = d
            for j, d in dest.items():
                if j == seat:
                    packets[j] = obs.passed
                elif d == seat:
                    packets[j] = obs.received
                else:
                    packets[j] = tuple(sorted(post[d])[:k])
            for j, d in dest.items():  # d's dealt hand = post-pass minus what it got plus its own
                dealt[d] -= set(packets[j])
            for j in dest:
                dealt[j] |= set(packets[j])
        alt = HeartsState.from_deal(
            rules,
            [sorted(h) for h in dealt],
            dealer=state.dealer,
            hand_index=state.hand_index,
            pass_direction=fixed_dir,
        )
        for j, p in packets.items():
            if p is None:
                alt.forward(j)
            else:
                alt.pass_cards(j, p)
    else:
        # B.3 #2: the first four dealt (face up) stay first; they are with their owner.
        deal = [sorted(state._face_up[s]) + sorted(post[s] - state._face_up[s]) for s in range(4)]
        alt = SpadesState.from_deal(
            state.rules,
            deal,
            dealer=state.dealer,
            hand_index=state.hand_index,
            totals=state.totals,
            bags=state.bags,
        )
        for i in range(4):
            b = state.bids[(state.dealer + 1 + i) % 4]
            if b is None:
                break
            alt.bid(b.value, blind=b.blind, bemo=b.bemo)
    for _, c in state._plays:
        alt.play(c)
    return alt


# ---------------------------------------------------------------- properties on random endgames


@pytest.mark.parametrize(("name", "rules", "tricks_left"), RULESETS, ids=IDS)
def test_real_world_is_consistent_and_worlds_are_well_formed(name, rules, tricks_left) -> None:
    """The real world is among the consistent worlds of every seat; every world gives the
    observer its real hand, each seat its current count, and deals exactly the unplayed cards;
    the list is sorted without repeats; A-11: the observer's passed, unplayed cards are with
    the seat that ended up with them; B.3 #2: unplayed face-up cards are with their owner."""
    for seed in range(3):
        state = random_endgame(rules, seed, tricks_left, mid_trick=seed == 1)
        real = real_world(state)
        unplayed = frozenset().union(*real)
        n = state.num_players
        for seat in range(n):
            worlds = consistent_worlds(state, seat)
            assert real in worlds, (name, seed, seat)
            keys = [tuple(tuple(sorted(h)) for h in w) for w in worlds]
            assert keys == sorted(set(keys))
            assert count_worlds(state, seat) == len(worlds)
            obs = observe(state, seat)
            for w in worlds:
                assert w[seat] == real[seat]
                assert tuple(len(h) for h in w) == obs.hand_sizes
                assert sum(len(h) for h in w) == len(unplayed)
                assert frozenset().union(*w) == unplayed
                if obs.passed_to is not None:
                    assert set(obs.passed) & unplayed <= w[obs.passed_to]
                for s, f in enumerate(obs.face_up):
                    assert set(f) <= w[s]
                # Nothing in a world contradicts ``forbidden`` (the converse need not hold:
                # forbidden is a per-card summary, the worlds are the exact set).
                for s in range(n):
                    assert not (w[s] & set(obs.forbidden[s])), (name, seed, seat, s)
            if seat == seed % n:
                # ``is_consistent`` agrees with the enumeration on every raw assignment.
                members = set(worlds)
                for w in raw_assignments(real, seat):
                    assert is_consistent(state, seat, w) == (w in members)


@pytest.mark.parametrize(("name", "rules", "tricks_left"), RULESETS, ids=IDS)
def test_observation_is_the_same_in_every_consistent_world(name, rules, tricks_left) -> None:
    """Two states that differ only in cards hidden from the seat (rebuilt from another deal by
    replaying the same public actions, e.g. two hidden cards swapped between two other seats)
    give equal ``observe(...)``; and every consistent world is realizable that way."""
    others = 0
    for seed in (3, 4):
        state = random_endgame(rules, seed, tricks_left, mid_trick=seed == 4)
        others += check_invariance(state, seed % state.num_players)
    assert others, name  # some rebuilt state really differs from the real one


def check_invariance(state, seat: int, samples: int = 8) -> int:
    """Rebuild about ``samples`` consistent worlds of ``state`` for ``seat`` and check each
    has the same observation; return how many of them differ from the real world."""
    expected = observe(state, seat)
    worlds = consistent_worlds(state, seat)
    differing = 0
    for w in worlds[:: max(1, len(worlds) // samples)]:
        alt = rebuild(state, seat, w)
        assert real_world(alt) == w
        assert observe(alt, seat) == expected, w
        differing += w != real_world(state)
    return differing


def test_a11_forwarding_positions() -> None:
    """A-11 with many FORWARD declarations (4 and 5 players): the real world is consistent,
    the observer's unplayed passed cards are with ``passed_to`` in every world, and the
    observation is the same in every rebuilt world."""
    seen_forward = seen_chain = 0
    for players, tricks_left in ((4, 2), (5, 1)):
        rules = HeartsRules(players=players, early_end=False)
        for seed in range(4):
            state = random_endgame(rules, seed, tricks_left, forward_chance=0.5)
            for seat in range(players):
                obs = observe(state, seat)
                worlds = consistent_worlds(state, seat)
                assert real_world(state) in worlds
                if obs.passed_to is not None:
                    for w in worlds:
                        assert set(obs.passed) - {c for _, c in obs.plays} <= w[obs.passed_to]
                    seen_chain += obs.passed_to != (seat + 1) % players  # skipped a forwarder
                seen_forward += seat in obs.forwarded
            check_invariance(state, seed % players, samples=4)
    assert seen_forward and seen_chain


def test_observe_hides_other_hands_and_is_frozen() -> None:
    """An observation is a frozen, hashable value; it holds the observer's hand only."""
    state = random_endgame(HeartsRules(early_end=False), 7, 3)
    obs = observe(state, 1)
    assert isinstance(obs, Observation)
    assert hash(obs) == hash(observe(state, 1))
    with pytest.raises(AttributeError):
        obs.hand = ()  # type: ignore[misc]
    assert obs.hand == tuple(state.hands[1])
    assert obs.hand_sizes == tuple(len(h) for h in state.hands)
    assert obs.plays == tuple(state._plays)
    assert obs.taken == tuple(state.points())
    assert observe(state, 1) != observe(state, 2)


def test_random_endgame_is_deterministic() -> None:
    for rules in (HeartsRules(), SpadesRules(renege="penalize")):
        a = random_endgame(rules, 11, 3, mid_trick=True)
        b = random_endgame(rules, 11, 3, mid_trick=True)
        assert a == b
        assert a.to_text() == b.to_text()


# ---------------------------------------------------------------- hand-built Hearts positions


def suit_blocks(rules: HeartsRules) -> HeartsState:
    """Seat 0 holds the 13 clubs, seat 1 the diamonds, seat 2 the hearts, seat 3 the spades;
    dealer 3 (seat 0 leads, A-12), no pass. Seat 0 leads a club every trick and wins it.
    Trick t: seat 0 plays the t-th club, seat 1 the t-th diamond, seat 2 the t-th heart,
    seat 3 its spades in the order 2..J, K (Q♠ kept). After 11 tricks: seat 0 {KC AC},
    seat 1 {KD AD}, seat 2 {KH AH}, seat 3 {QS AS}."""
    deal = [suit_cards(s) for s in "CDHS"]
    st = HeartsState.from_deal(rules, deal, dealer=3)
    spades = suit_cards("S", "23456789TJK")
    for t in range(11):
        for c in (suit_cards("C")[t], suit_cards("D")[t], suit_cards("H")[t], spades[t]):
            st.play(c)
    assert [set(h) for h in st.hands] == [
        set(cs("KC AC")),
        set(cs("KD AD")),
        set(cs("KH AH")),
        set(cs("QS AS")),
    ]
    return st


HOLD = HeartsRules(pass_direction="hold", early_end=False)


def test_a13_a15_forbidden_and_voids_suit_blocks() -> None:
    """A-13: seats 1..3 discarded on club leads, so every club is forbidden to them.
    A-15: seat 2 played 2H in trick 1 (void in clubs): legal only because it held no card
    without points, so every card but the hearts and Q♠ is forbidden to it. Seat 0 only led
    (2C in trick 1 is legal whatever else it holds; hearts are broken from trick 2 on)."""
    obs = observe(suit_blocks(HOLD), 0)
    clubs = set(suit_cards("C"))
    assert obs.forbidden[0] == ()
    assert set(obs.forbidden[1]) == clubs
    assert set(obs.forbidden[3]) == clubs
    assert set(obs.forbidden[2]) == set(range(52)) - HEARTS13 - {QS}
    assert obs.voids == ((), (0,), (0, 1), (0,))
    # The same for every observer: forbidden is public.
    for seat in (1, 2, 3):
        assert observe(suit_blocks(HOLD), seat).forbidden == obs.forbidden


def test_a15_cuts_worlds_count_by_hand() -> None:
    """count_worlds on the suit-blocks position, by hand.

    Seat 0 sees the hidden cards {KD AD KH AH QS AS}, two to each of seats 1, 2, 3: without
    constraints 6!/(2!2!2!) = 90 worlds. A-15: seat 2's 2H in trick 1 was legal only if its
    whole hand was hearts or Q♠, so seat 2 takes 2 of {KH AH QS} (3 ways) and seats 1 and 3
    split the other 4 cards (C(4,2) = 6): 3 * 6 = 18. With first_trick_no_points=False that
    play tells nothing (seats 1..3 are only void in clubs, and no club is hidden): 90.

    Seat 1 sees {KC AC KH AH QS AS} for seats 0, 2, 3: seats 2 and 3 are void in clubs (A-13),
    so seat 0 holds {KC AC}; seat 2 takes 2 of {KH AH QS} (3 ways), seat 3 the rest: 3.
    Seat 2 sees {KC AC KD AD QS AS}: seat 0 holds {KC AC}; seats 1 and 3 split 4 cards: 6.
    Seat 3 sees {KC AC KD AD KH AH}: seat 0 {KC AC}, seat 2 {KH AH} (A-15, Q♠ is seat 3's
    own), seat 1 {KD AD}: 1.
    """
    st = suit_blocks(HOLD)
    assert [count_worlds(st, s) for s in range(4)] == [18, 3, 6, 1]
    assert all(w[2] <= HEARTS13 | {QS} for w in consistent_worlds(st, 0))
    lax = suit_blocks(HOLD.replace(first_trick_no_points=False))
    assert count_worlds(lax, 0) == 90


def test_a15_lax_counts_literal() -> None:
    """Without A-15 (first_trick_no_points=False) the suit-blocks position constrains seats
    1..3 by their club voids only: seat 3 sees {KC AC KD AD KH AH}; seat 0 must hold {KC AC}
    (seats 1 and 2 are void in clubs), seats 1 and 2 split {KD AD KH AH}: C(4,2) = 6."""
    lax = suit_blocks(HOLD.replace(first_trick_no_points=False))
    assert count_worlds(lax, 3) == 6
    assert observe(lax, 0).forbidden[2] == tuple(sorted(suit_cards("C")))


def hearts_only_lead(rules: HeartsRules = HOLD, endgame: bool = False) -> HeartsState:
    """A-14: seat 2 wins trick 1 with AD and leads 2H while hearts are unbroken, so it held
    only hearts. Deal (dealer 3, seat 0 leads): seat 0 2D KD 4C..AC; seat 1 3D..QD AH KS AS;
    seat 2 AD 2H..KH; seat 3 2S..QS 2C 3C. Trick 1: 2D 3D AD 2S (seat 2). Trick 2: 2H 3S 4C AH
    (seat 1). Trick 3: 4D 3H 4S KD (seat 0). With ``endgame``, tricks 4..11: seat 0 leads
    5C..QC and wins them; seat 1 discards 5D..QD, seat 2 4H..JH, seat 3 plays 2C 3C then
    5S..TS. Left: seat 0 {KC AC}, seat 1 {KS AS}, seat 2 {QH KH}, seat 3 {JS QS}; no spade
    was led after trick 1."""
    deal = [
        cs("2D KD") + suit_cards("C", "456789TJQKA"),
        suit_cards("D", "3456789TJQ") + cs("AH KS AS"),
        cs("AD") + suit_cards("H", "23456789TJQK"),
        suit_cards("S", "23456789TJQ") + cs("2C 3C"),
    ]
    st = HeartsState.from_deal(rules, deal, dealer=3)
    line = "2D 3D AD 2S  2H 3S 4C AH  4D 3H 4S KD".split()
    if endgame:
        s0, s1, s2 = "56789TJQ", "56789TJQ", "456789TJ"
        s3 = ["2C", "3C"] + [r + "S" for r in "56789T"]
        for t in range(8):
            line += [s0[t] + "C", s1[t] + "D", s2[t] + "H", s3[t]]
    for c in line:
        st.play(card(c))
    return st


def test_a14_hearts_only_lead_forbidden() -> None:
    obs = observe(hearts_only_lead(), 0)
    assert obs.trick_winners == (2, 1, 0)
    assert set(obs.forbidden[2]) == set(range(52)) - HEARTS13
    assert obs.voids[2] == (0, 1, 3)
    assert set(obs.forbidden[3]) == set(suit_cards("D")) | HEARTS13  # A-13 twice
    assert obs.voids[3] == (1, 2)
    assert set(obs.forbidden[0]) == HEARTS13  # its own void, computed the same way
    assert obs.forbidden[1] == ()


def test_a14_hearts_only_lead_cuts_worlds() -> None:
    """The A-14 position played on to 2 tricks left; count_worlds for seat 0, by hand.

    Seat 0 sees {KS AS QH KH JS QS} for seats 1, 2, 3. Seat 3 is void in diamonds (trick 1)
    and hearts (trick 2) and holds no club (KC AC are seat 0's): 2 of the 4 spades. Seat 1:
    anything. Seat 2, A-14: only hearts, so {QH KH}; seat 3 C(4,2) = 6 ways; seat 1 the rest:
    6. With hearts_must_be_broken=False the 2H lead tells nothing and seat 2 is void only in
    clubs and diamonds (no spade was led to it): seat 2 takes 0 spades (1 way, then seat 3 6)
    + 1 spade and 1 heart (4*2, then seat 3 C(3,2) = 3: 24) + 2 spades (6, then seat 3 the
    other two: 6) = 36."""
    st = hearts_only_lead(endgame=True)
    assert [set(h) for h in st.hands] == [
        set(cs("KC AC")),
        set(cs("KS AS")),
        set(cs("QH KH")),
        set(cs("JS QS")),
    ]
    assert count_worlds(st, 0) == 6
    assert all(w[2] == frozenset(cs("QH KH")) for w in consistent_worlds(st, 0))
    lax = hearts_only_lead(HOLD.replace(hearts_must_be_broken=False), endgame=True)
    assert count_worlds(lax, 0) == 36
    assert set(consistent_worlds(st, 0)) < set(consistent_worlds(lax, 0))


def swapped(world, a: int, b: int, ca: int, cb: int) -> tuple[frozenset[int], ...]:
    """``world`` with card ``ca`` of seat ``a`` and card ``cb`` of seat ``b`` exchanged."""
    w = list(world)
    w[a], w[b] = (w[a] - {ca}) | {cb}, (w[b] - {cb}) | {ca}
    return tuple(w)


def test_v_a1_first_lead_reveals_the_lowest_club() -> None:
    """V-A1 (first_lead two_of_clubs): before the first card, the current player is public and
    holds 2C: a world that gives 2C to another seat is not consistent (``is_consistent``:
    the replay's current player differs)."""
    st = HeartsState(HeartsRules.preset("corazones"), seed=5, hand_index=3)  # rotate: hold
    assert st.phase == "play" and not st._plays
    leader = st.current_player
    seat = (leader + 1) % 4
    other = (leader + 2) % 4
    assert observe(st, seat).current_player == leader
    real = real_world(st)
    assert is_consistent(st, seat, real)
    moved = swapped(real, leader, other, card("2C"), min(real[other]))
    assert not is_consistent(st, seat, moved)
    # The same swap between two seats that hold no special card is fine (nothing played).
    third = (leader + 3) % 4
    assert is_consistent(st, seat, swapped(real, other, third, max(real[other]), max(real[third])))


# ---------------------------------------------------------------- passing (A-8..A-11)


def ea7_state(forward_all_but_0: bool = False) -> tuple[HeartsState, dict[int, list[int]]]:
    """EA-7 (4 players, left, k=4): P0 passes S0, P1 FORWARD, P2 S2, P3 S3: P2 gets S0, P3
    gets S2, P0 gets S3, P1 keeps its hand. With ``forward_all_but_0`` P1..P3 forward and
    P0's packet comes back to P0 (A-11)."""
    rules = HeartsRules(early_end=False)
    st = HeartsState(rules, seed=21, dealer=3, hand_index=0)
    dealt = [sorted(h) for h in st.hands]
    packets = {0: dealt[0][:4], 2: dealt[2][:4], 3: dealt[3][:4]}
    st.pass_cards(0, packets[0])
    for s in (1, 2, 3):
        if forward_all_but_0 or s == 1:
            st.forward(s)
        else:
            st.pass_cards(s, packets[s])
    return st, packets


def test_a11_pass_through_observation_follows_the_chain() -> None:
    st, packets = ea7_state()
    o0, o1, o2, o3 = (observe(st, s) for s in range(4))
    assert (o0.passed, o0.passed_to, o0.received, o0.received_from) == (
        tuple(packets[0]),
        2,
        tuple(packets[3]),
        3,
    )
    assert (o1.passed, o1.passed_to, o1.received, o1.received_from) == ((), None, (), None)
    assert (o2.passed_to, o2.received_from, o2.received) == (3, 0, tuple(packets[0]))
    assert (o3.passed_to, o3.received_from, o3.received) == (0, 2, tuple(packets[2]))
    assert o0.forwarded == o1.forwarded == (1,)
    # Worlds right after the pass are far too many to list: the first ones put S0 with P2,
    # and moving one of S0's cards from P2 to P3 is inconsistent for P0 but not for P1.
    for w in itertools.islice(iter_worlds(st, 0), 20):
        assert set(packets[0]) <= w[2]
    real = real_world(st)
    assert is_consistent(st, 0, real) and is_consistent(st, 1, real)
    moved = swapped(real, 2, 3, packets[0][0], min(real[3]))
    assert not is_consistent(st, 0, moved)
    assert is_consistent(st, 1, moved)


def test_a11_packet_back_to_its_sender() -> None:
    st, packets = ea7_state(forward_all_but_0=True)
    o0 = observe(st, 0)
    assert (o0.passed, o0.passed_to, o0.received, o0.received_from) == (
        tuple(packets[0]),
        0,
        tuple(packets[0]),
        0,
    )
    assert o0.forwarded == (1, 2, 3)
    assert set(packets[0]) <= set(o0.hand)


def test_a10_pass_phase_shows_own_dealt_hand_and_own_pass_only() -> None:
    rules = HeartsRules(early_end=False)
    st = HeartsState(rules, seed=21, dealer=3, hand_index=0)
    dealt = [tuple(sorted(h)) for h in st.hands]
    st.pass_cards(2, dealt[2][:4])
    st.forward(1)
    o2 = observe(st, 2)
    assert o2.phase == "pass" and o2.hand == dealt[2]
    assert o2.passed == dealt[2][:4] and o2.passed_to is None and o2.received == ()
    assert o2.forwarded == (1,)
    assert observe(st, 0).passed == ()
    assert all(f == () for f in o2.forbidden) and o2.plays == ()
    # Any assignment of the dealt hands with the right sizes is a world (nothing played).
    first = next(iter_worlds(st, 2))
    assert first[2] == frozenset(dealt[2]) and [len(h) for h in first] == [13] * 4
    # Another deal with the same seat-2 hand and the same public actions: same observation.
    other = [list(h) for h in dealt]
    other[0][0], other[1][0] = other[1][0], other[0][0]
    alt = HeartsState.from_deal(rules, other, dealer=3, hand_index=0)
    alt.pass_cards(2, dealt[2][:4])
    alt.forward(1)
    assert observe(alt, 2) == o2


# ---------------------------------------------------------------- hand-built Spades positions


def spades_blocks(rules: SpadesRules) -> SpadesState:
    """Seat 0 the 13 spades, seat 1 the hearts, seat 2 the diamonds, seat 3 the clubs; dealer 3,
    every seat bids 3; seat 0 leads 2S (B-10: legal, it holds only spades) and a spade every
    trick (each rank in turn), the others discard theirs in rank order; 11 tricks."""
    deal = [suit_cards(s) for s in "SHDC"]
    st = SpadesState.from_deal(rules, deal, dealer=3)
    for _ in range(4):
        st.bid(3)
    for t in range(11):
        for s in "SHDC":
            st.play(suit_cards(s)[t])
    return st


def test_b10_b12_spades_forbidden_and_count() -> None:
    """B-10: seat 0 led a spade in trick 1, legal only with a hand of spades: every other
    card is forbidden to it. B-12: seats 1..3 discarded on spade leads: void in spades.

    Count for seat 1, by hand: it sees {KS AS KD AD KC AC} for seats 0, 2, 3. Seat 0 holds
    only spades (B-10; also seats 2 and 3 are void in spades): {KS AS}. Seats 2 and 3 split
    {KD AD KC AC}: C(4,2) = 6."""
    st = spades_blocks(SpadesRules())
    obs = observe(st, 1)
    assert set(obs.forbidden[0]) == set(range(52)) - SPADES13
    assert obs.voids[0] == (0, 1, 2)
    for s in (1, 2, 3):
        assert set(obs.forbidden[s]) == SPADES13 and obs.voids[s] == (3,)
    assert count_worlds(st, 1) == 6
    assert all(w[0] == frozenset(cs("KS AS")) for w in consistent_worlds(st, 1))
    assert obs.bids == tuple(st.bids) and obs.taken == (11, 0, 0, 0)


def test_b35_jokers_are_spades_for_voids() -> None:
    """B.3 #5: the jokers belong to the spade suit. Seat 1 discarded 2H on a spade lead, so
    both jokers are forbidden to it and its spade void covers them; seat 2 had to follow the
    spade lead with LJ (B-12), seat 3 with BJ."""
    rules = SpadesRules(jokers=True)
    deal = [
        suit_cards("S"),
        suit_cards("H"),
        [*suit_cards("D", "3456789TJQKA"), LITTLE_JOKER],
        [*suit_cards("C", "3456789TJQKA"), BIG_JOKER],
    ]
    st = SpadesState.from_deal(rules, deal, dealer=3)
    for _ in range(4):
        st.bid(3)
    for c in [card("2S"), card("2H"), LITTLE_JOKER, BIG_JOKER]:  # seat 3 wins with BJ
        st.play(c)
    for c in [card("3C"), card("3S"), card("3H"), card("3D")]:  # seat 0 trumps
        st.play(c)
    obs = observe(st, 2)
    deck = set(rules.deck())
    spade_suit = SPADES13 | {LITTLE_JOKER, BIG_JOKER}
    clubs = {c for c in deck if c // 13 == 0 and c < 52}
    assert set(obs.forbidden[1]) == spade_suit | clubs
    assert obs.voids[1] == (0, 3)
    assert set(obs.forbidden[0]) == deck - spade_suit  # B-10 (and void in clubs, B-12)
    assert obs.voids[0] == (0, 1, 2)
    assert set(obs.forbidden[2]) == clubs and obs.voids[2] == (0,)
    assert obs.forbidden[3] == ()


def test_b27_penalize_forbids_nothing() -> None:
    """B-27 renege='penalize': the reference accepts any held card, so a discard while holding
    the led suit is accepted and nothing is ever forbidden."""
    rules = SpadesRules(renege="penalize")
    st = SpadesState(rules, seed=3, dealer=3)
    for _ in range(4):
        st.bid(3)
    lead = st.legal_plays()[0]
    st.play(lead)
    hand = st.hands[st.current_player]
    off = [c for c in hand if c // 13 != lead // 13]
    assert off and len(off) < len(hand)  # holds the led suit, plays another
    st.play(off[0])
    assert st.reneges
    while max(len(h) for h in st.hands) > 2 or st.trick:
        st.play(st.legal_plays()[0])
    obs = observe(st, 0)
    assert all(f == () for f in obs.forbidden) and all(v == () for v in obs.voids)
    assert real_world(st) in consistent_worlds(st, 0)


def test_b32_face_up_cards_stay_with_their_owner() -> None:
    """B.3 #2: each seat's unplayed face-up cards are public and fixed in every world."""
    state = random_endgame(SpadesRules(face_up_first_four=True), 8, 3)
    obs = observe(state, 0)
    assert obs.face_up == tuple(tuple(f) for f in state.face_up)
    assert any(obs.face_up[s] for s in (1, 2, 3))
    for w in consistent_worlds(state, 0):
        for s in range(4):
            assert set(obs.face_up[s]) <= w[s]


def test_b34_mirror_bids_are_replayed() -> None:
    """B.3 #4 mirror: a bid is the bidder's spade count, and the bids are replayed on the
    reference: in the bid phase, moving a spade away from a seat that has bid is inconsistent;
    in an endgame, every world gives each seat (post-pass hand) exactly its bid in spades."""
    st = SpadesState(SpadesRules(mirror=True), seed=9, dealer=3)
    st.bid(st.legal_bids()[0])  # seat 0
    st.bid(st.legal_bids()[0])  # seat 1
    real = real_world(st)
    assert is_consistent(st, 2, real)
    spade0 = next(c for c in real[0] if c // 13 == 3)
    other3 = next(c for c in real[3] if c // 13 != 3)
    assert not is_consistent(st, 2, swapped(real, 0, 3, spade0, other3))
    non_spade0 = next(c for c in real[0] if c // 13 != 3)
    assert is_consistent(st, 2, swapped(real, 0, 3, non_spade0, other3))

    end = random_endgame(SpadesRules(mirror=True), 2, 2)
    post = played_by(end)
    for w in consistent_worlds(end, 1):
        counts = [sum(1 for c in w[s] | post[s] if c // 13 == 3) for s in range(4)]
        assert counts == [b.value for b in end.bids]
