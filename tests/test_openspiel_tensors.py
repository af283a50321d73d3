"""The ``openspiel`` tensor layout against OpenSpiel itself (optional ``compare`` extra,
docs/openspiel-layout.md): random hands of OpenSpiel's ``hearts`` and ``spades`` games (default
parameters) are replayed in the fast engine under the ``openspiel`` presets (docs/rules/hearts.md
A.6, docs/rules/spades.md B.6), and at every decision point and at the end, every player's
OpenSpiel tensor (Hearts: ``information_state_tensor``; Spades: ``observation_tensor``) must
equal ours element for element.

Mapping (docs/openspiel-layout.md). Hearts: OpenSpiel's card ``rank*4 + suit`` is our
``suit*13 + rank``; its players are our seats; its pass direction ``d`` (0 hold, 1 left,
2 across, 3 right) is ours (A-8: left +1, across +2, right -1). Spades: the card number is ours;
OpenSpiel's player ``p`` is our seat ``(p + dealer + 1) % 4`` (its player 0 bids and leads
first); its bid ``52 + n`` is ``bid(n)``.

OpenSpiel passes one card at a time; our hands pass three at once, so the pass-phase positions
compared are those where every seat has passed all of its cards or none (the environments' one
card at a time selection is checked by the Rust unit tests of ``hearts/openspiel.rs``).
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np
import pytest

import hearts_fast as hf

pyspiel = pytest.importorskip("pyspiel")

HEARTS_HANDS = 300
SPADES_HANDS = 500
BID_BASE = 52  # OpenSpiel's kBiddingActionBase
# OpenSpiel's PassDir 0..3
DIRECTIONS: list[Literal["hold", "left", "across", "right"]] = ["hold", "left", "across", "right"]


def hearts_card(os_card: int) -> int:
    """Our id of OpenSpiel's Hearts card ``rank*4 + suit``."""
    return (os_card % 4) * 13 + os_card // 4


def os_hearts_card(card: int) -> int:
    """OpenSpiel's Hearts number of our card id."""
    return (card % 13) * 4 + card // 13


def hearts_tensor(state: Any, seat: int) -> np.ndarray:
    t = state.observation(seat).tensor(kind="info_state", layout="openspiel")
    assert isinstance(t, np.ndarray) and t.dtype == np.float32
    return t


def spades_tensor(state: Any, seat: int) -> np.ndarray:
    t = state.observation(seat).tensor(kind="observation", layout="openspiel")
    assert isinstance(t, np.ndarray) and t.dtype == np.float32
    return t


def assert_same(ours: np.ndarray, theirs: list[float], where: str) -> None:
    want = np.asarray(theirs, dtype=np.float32)
    assert ours.shape == want.shape, f"{where}: shape {ours.shape} != {want.shape}"
    diff = np.flatnonzero(ours != want)
    assert diff.size == 0, (
        f"{where}: {diff.size} elements differ, first at {diff[:10].tolist()}: "
        f"ours {ours[diff[:10]].tolist()}, OpenSpiel {want[diff[:10]].tolist()}"
    )


class HeartsPair:
    """An OpenSpiel Hearts hand and ours, stepped together."""

    def __init__(self, direction: int, hands: list[list[int]]) -> None:
        self.game = pyspiel.load_game("hearts")
        self.os = self.game.new_initial_state()
        self.os.apply_action(direction)
        # OpenSpiel deals its i-th chance card to player i % 4.
        for i in range(13):
            for p in range(4):
                self.os.apply_action(os_hearts_card(hands[p][i]))
        rules = hf.HeartsRules.preset("openspiel")
        self.ours = hf.HeartsState.from_deal(
            rules, hands, dealer=0, pass_direction=DIRECTIONS[direction]
        )
        self.picks: list[int] = []  # our ids of the pass being made by OpenSpiel's player
        self.compared = 0

    def compare(self, where: str) -> None:
        for p in range(4):
            theirs = self.os.information_state_tensor(p)
            assert_same(hearts_tensor(self.ours, p), theirs, f"{where}, player {p}")
            self.compared += 1

    def step(self, os_action: int) -> None:
        seat = self.os.current_player()
        passing = self.ours.phase == "pass"
        self.os.apply_action(os_action)
        if passing:
            self.picks.append(hearts_card(os_action))
            if len(self.picks) == 3:
                self.ours.pass_cards(seat, self.picks)
                self.picks = []
        else:
            assert self.ours.current_player == seat
            self.ours.play(hearts_card(os_action))

    def run(self, choose: Any, label: str) -> None:
        while not self.os.is_terminal():
            if not self.picks:
                self.compare(f"{label}, move {len(self.os.history())}")
            self.step(choose(self.os))
        assert self.ours.phase == "over"
        self.compare(f"{label}, end")


def random_hearts_deal(rng: random.Random) -> list[list[int]]:
    deck = list(range(52))
    rng.shuffle(deck)
    return [sorted(deck[13 * p : 13 * p + 13]) for p in range(4)]


def test_A6_hearts_info_state_tensor_equals_openspiel() -> None:
    """A.6: on random OpenSpiel hands (random pass direction chance, random passes and plays)
    every player's information-state tensor equals OpenSpiel's at every decision point."""
    rng = random.Random(20250101)
    compared = 0
    directions = set()
    for h in range(HEARTS_HANDS):
        direction = rng.randrange(4)
        directions.add(direction)
        pair = HeartsPair(direction, random_hearts_deal(rng))
        pair.run(lambda s: rng.choice(s.legal_actions()), f"hearts hand {h}")
        compared += pair.compared
    assert directions == {0, 1, 2, 3}
    assert compared > 50_000


def test_A6_A21_hearts_moon_at_the_end_equals_openspiel() -> None:
    """A-21 ``add_others`` as OpenSpiel applies it at the end: with no pass, player 0 holds the
    top of every suit, always plays its highest card, wins every trick and shoots the moon; its
    points thermometer drops to 0 + 10 and the others' rise to 26 + 10 in the final tensor."""
    rng = random.Random(7)
    mine = [hf.card(n) for n in "AC KC QC JC AS KS QS AH KH AD KD QD JD".split()]
    rest = [c for c in range(52) if c not in mine]
    rng.shuffle(rest)
    hands = [sorted(mine)] + [sorted(rest[13 * i : 13 * i + 13]) for i in range(3)]
    pair = HeartsPair(0, hands)

    def choose(s: Any) -> int:
        legal = s.legal_actions()
        if s.current_player() == 0:
            # Its highest remaining card of a suit is that suit's highest: it wins the trick.
            return int(max(legal, key=lambda a: a // 4))
        return int(rng.choice(legal))

    pair.run(choose, "moon hand")
    assert pair.ours.moon_shooter() == 0
    final = hearts_tensor(pair.ours, 1)
    points = final[212 : 212 + 144].reshape(4, 36).sum(axis=1)
    assert points.tolist() == [10, 36, 36, 36]


def test_hearts_openspiel_layout_refuses_other_rules() -> None:
    """A.6: the layout is OpenSpiel's game only; other rules are refused with the preset named."""
    s = hf.HeartsState(hf.HeartsRules.preset("openspiel", queen_breaks_hearts=False), seed=1)
    with pytest.raises(Exception, match="openspiel"):
        hearts_tensor(s, 0)
    s = hf.HeartsState(hf.HeartsRules(), seed=1)
    with pytest.raises(Exception, match="openspiel"):
        hearts_tensor(s, 0)


class SpadesPair:
    """An OpenSpiel Spades hand and ours (dealer ``dealer``), stepped together."""

    def __init__(self, dealer: int, os_hands: list[list[int]]) -> None:
        self.dealer = dealer
        game = pyspiel.load_game("spades")
        self.os = game.new_initial_state()
        for i in range(13):
            for p in range(4):
                self.os.apply_action(os_hands[p][i])
        hands = [os_hands[self.player(s)] for s in range(4)]
        rules = hf.SpadesRules.preset("openspiel")
        self.ours = hf.SpadesState.from_deal(rules, hands, dealer=dealer)
        self.compared = 0

    def player(self, seat: int) -> int:
        """OpenSpiel's player of our seat: its player 0 is the dealer's left."""
        return (seat + 3 - self.dealer) % 4

    def seat(self, player: int) -> int:
        return (player + self.dealer + 1) % 4

    def compare(self, where: str) -> None:
        for p in range(4):
            theirs = self.os.observation_tensor(p)
            assert_same(spades_tensor(self.ours, self.seat(p)), theirs, f"{where}, player {p}")
            self.compared += 1

    def run(self, choose: Any, label: str) -> None:
        while not self.os.is_terminal():
            self.compare(f"{label}, move {len(self.os.history())}")
            p = self.os.current_player()
            assert self.ours.current_player == self.seat(p)
            action = choose(self.os)
            self.os.apply_action(action)
            if action >= BID_BASE:
                self.ours.bid(action - BID_BASE)
            else:
                self.ours.play(action)
        assert self.ours.phase == "over"
        self.compare(f"{label}, end")


def legal_for_both(pair: SpadesPair) -> list[int]:
    """OpenSpiel's legal actions that are legal here too: OpenSpiel never marks spades broken
    (docs/rules/spades.md B.6), so its leads are a subset of ours and this is all of them."""
    legal: list[int] = pair.os.legal_actions()
    if pair.ours.phase == "play":
        ours = {c for c in pair.ours.legal_plays()}
        assert set(legal) <= ours
    return legal


def test_B6_spades_observation_tensor_equals_openspiel() -> None:
    """B.6: on random OpenSpiel hands (random bids and plays), with every dealer, every
    player's observation tensor equals OpenSpiel's at every decision point and at the end."""
    rng = random.Random(20250202)
    compared = 0
    for h in range(SPADES_HANDS):
        deck = list(range(52))
        rng.shuffle(deck)
        os_hands = [deck[p::4] for p in range(4)]
        pair = SpadesPair(h % 4, os_hands)
        pair.run(lambda s, pair=pair: rng.choice(legal_for_both(pair)), f"spades hand {h}")
        compared += pair.compared
    assert compared > 100_000


def test_B6_spades_thirteen_tricks_equals_openspiel() -> None:
    """B.6: OpenSpiel's player 0 holds every spade, leads them and takes all 13 tricks; the
    final tensors (whose 13-trick mark OpenSpiel writes outside the player's block) agree."""
    rng = random.Random(3)
    spades = list(range(39, 52))
    rest = list(range(39))
    rng.shuffle(rest)
    os_hands = [spades, rest[0:13], rest[13:26], rest[26:39]]
    pair = SpadesPair(3, os_hands)
    pair.run(lambda s: rng.choice(s.legal_actions()), "all spades")
    assert pair.ours.tricks_taken == [13, 0, 0, 0]


def test_spades_openspiel_layout_refuses_other_rules() -> None:
    """B.6: the layout is OpenSpiel's game only; other rules are refused with the preset named."""
    s = hf.SpadesState(hf.SpadesRules(), seed=1)
    with pytest.raises(Exception, match="openspiel"):
        spades_tensor(s, 0)
