"""The package's objects as the fuzzers meet them: every game's rules, states and games of
both engines at random points of play, stepped by random legal moves through the public API
alone, and the invariant every reachable position keeps: every card of the deck is in
exactly one place."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import hearts_fast
import hearts_fast.reference

ENGINES: tuple[ModuleType, ...] = (hearts_fast, hearts_fast.reference)


@dataclass(frozen=True)
class Game:
    """One game of the package: its class name prefix and its number of seats."""

    name: str
    prefix: str

    def rules(self, m: ModuleType) -> Any:
        return getattr(m, f"{self.prefix}Rules")()

    def state_class(self, m: ModuleType) -> Any:
        return getattr(m, f"{self.prefix}State")

    def game_class(self, m: ModuleType) -> Any:
        return getattr(m, f"{self.prefix}Game")


GAMES = (Game("hearts", "Hearts"), Game("spades", "Spades"), Game("rummy", "Rummy"))


def step(x: Any, rng: random.Random) -> bool:
    """One random legal move of a state or game of any game and engine; False once over."""
    if x.is_over:
        return False
    phase = x.phase
    if phase == "pass":  # Hearts: the lowest pending seat passes its first cards
        state = getattr(x, "state", x)
        seat = x.current_player
        x.pass_cards(seat, state.hands[seat][: state.pass_count])
    elif phase == "bid":  # Spades
        x.bid(rng.choice(x.legal_bids()))
    elif hasattr(x, "legal_actions"):  # rummy
        x.apply(rng.choice(x.legal_actions()))
    else:
        x.play(rng.choice(x.legal_plays()))
    return True


def make(m: ModuleType, game: Game, kind: str, seed: int, moves: int) -> Any:
    """A rules object, or a state or game of `game` in engine `m` after `moves` random moves
    from seed `seed`."""
    if kind == "rules":
        return game.rules(m)
    cls = game.state_class(m) if kind == "state" else game.game_class(m)
    x = cls(game.rules(m), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if not step(x, rng):
            break
    return x


def check_conserved(state: Any) -> None:
    """Every card is in at most one place and comes from the rules' deck (A-3, B-2, C-2); in
    Spades and rummy, where the API shows every place, each deck card is in exactly one. (A
    Hearts hand shows the cards held, the trick and the value cards won, not the rest of the
    tricks taken.)"""
    deck = Counter(state.rules.deck())
    held: Counter[int] = Counter(c for h in state.hands for c in h)
    if hasattr(state, "stock"):  # rummy: hands, stock, discard pile, melds
        held.update(state.stock)
        held.update(state.pile)
        held.update(c for seat in state.melds for meld in seat for c in meld)
    elif hasattr(state, "captured"):  # Hearts
        held.update(c for _, c in state.trick)
        held.update(c for won in state.captured for c in won)
        assert not held - deck, f"cards held twice or not in the deck: {held - deck}"
        return
    else:  # Spades: hands and every card played
        held.update(c for _, c in state.plays)
    assert held == deck, f"cards not conserved: extra {held - deck}, missing {deck - held}"
