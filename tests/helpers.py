"""Shared helpers for the tests: the hypothesis sizing rule (``examples``, see
tests/conftest.py) and the worked-example helpers (docs/rules/hearts.md A.5).

Everything goes through the public API of an engine module (``hearts_fast`` or
``hearts_fast.reference``), passed in as ``hf``. Card ids follow docs/hearts-api.md:
``suit*13 + rank``; clubs 0, diamonds 1, hearts 2, spades 3; rank 0 = "2" … 12 = "A".

A *line* is the play of a hand written trick by trick: a list of ``(winner, "c1 c2 ...")``
with the cards in play order (the leader first). ``play_line`` replays it on a HeartsState,
checking at every step that the engine offers exactly the A-16 legal set computed here from
docs/rules/hearts.md, and that each trick goes to the seat written in the line (A-17).
"""

from __future__ import annotations

from hypothesis import settings

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


# --- hypothesis sizing ---------------------------------------------------------------------

#: The fewest examples a scaled-down test runs, whatever the profile.
MIN_EXAMPLES = 5


def examples(fraction: float) -> settings:
    """``@examples(fraction)``: the active profile's ``max_examples`` × ``fraction``, at least
    ``MIN_EXAMPLES``, for a test whose examples are costly (see tests/conftest.py)."""
    if not 0 < fraction <= 1:
        raise ValueError(f"fraction must be in (0, 1], got {fraction}")
    return settings(max_examples=max(MIN_EXAMPLES, round(settings().max_examples * fraction)))
