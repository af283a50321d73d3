"""``hearts-fast play``: play Hearts, Spades or rummy in the terminal against the package's
bots, with a keyboard-only Textual interface (docs/play.md).

You sit at seat 0 ("You"); the bots (``Policy``) play every other seat. The whole game
(a ``HeartsGame``, ``SpadesGame`` or ``RummyGame``) is played hand after hand to its end.
Textual is an optional dependency (the ``play`` extra: ``pip install "textual>=0.80"``);
this module is imported only by the ``play`` command, never by ``import hearts_fast``."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Union

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Static

from hearts_fast import (
    HeartsGame,
    HeartsRules,
    HeartsState,
    Policy,
    RummyGame,
    RummyRules,
    SpadesGame,
    SpadesRules,
    SpadesState,
)
from hearts_fast.cli import DEFAULT_PRESET

GAMES = ("hearts", "spades", "rummy")
SUITS = "♣♦♥♠"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# The hand is shown by suit in this order (colours alternate), jokers last.
SUIT_ORDER = (3, 2, 0, 1)

AnyGame = Union[HeartsGame, SpadesGame, RummyGame]
AnyRules = Union[HeartsRules, SpadesRules, RummyRules]
RULES_CLASSES: dict[str, type[AnyRules]] = {
    "hearts": HeartsRules,
    "spades": SpadesRules,
    "rummy": RummyRules,
}
BEMO_TRICKS = {"little": 6, "big": 9}
BEMO_POINTS = {"little": 60, "big": 90}


def card_label(card: int) -> str:
    """A card as rank and suit symbol: ``Q♠``, ``10♥``; jokers ``Jk`` (rummy, Spades' 52
    little joker) and ``BJ`` (Spades' big joker)."""
    if card >= 52:
        return "Jk" if card == 52 else "BJ"
    return RANKS[card % 13] + SUITS[card // 13]


def card_text(card: int, style: str = "") -> Text:
    """A card label coloured by suit (red hearts and diamonds)."""
    colour = "red" if card < 52 and card // 13 in (1, 2) else "bold"
    return Text(card_label(card), style=f"{colour} {style}".strip())


def sort_hand(cards: list[int]) -> list[int]:
    """A hand sorted by suit (♠ ♥ ♣ ♦, jokers last) and rank within a suit."""

    def key(c: int) -> tuple[int, int]:
        if c >= 52:
            return (4, c)
        return (SUIT_ORDER.index(c // 13), c % 13)

    return sorted(cards, key=key)


def seat_names(players: int) -> list[str]:
    if players == 4:
        return ["You", "West", "North", "East"]
    return ["You"] + [f"Bot {i}" for i in range(1, players)]


def new_game(kind: str, seed: int | None, rules: AnyRules | None = None) -> AnyGame:
    """A new game of ``kind`` under ``rules`` (default: the game's default preset)."""
    if kind not in GAMES:
        raise ValueError(f"unknown game {kind!r}; choose one of {', '.join(GAMES)}")
    if rules is None:
        rules = RULES_CLASSES[kind].preset(DEFAULT_PRESET[kind])
    if not isinstance(rules, RULES_CLASSES[kind]):
        raise TypeError(f"a {kind} game takes {RULES_CLASSES[kind].__name__}, got {rules!r}")
    if isinstance(rules, HeartsRules):
        return HeartsGame(rules, seed=seed)
    if isinstance(rules, SpadesRules):
        return SpadesGame(rules, seed=seed)
    return RummyGame(rules, seed=seed)


def rules_changes(rules: AnyRules, preset: str) -> dict[str, Any]:
    """The parameters of ``rules`` that differ from the preset's."""
    base = type(rules).preset(preset).to_dict()
    return {k: v for k, v in rules.to_dict().items() if base[k] != v}


def closest_preset(kind: str, rules: AnyRules) -> str:
    """The preset ``rules`` differ least from (the game's default preset on a tie): how a
    loaded game's rules are named."""
    presets = [DEFAULT_PRESET[kind], *type(rules).presets]
    return min(presets, key=lambda p: len(rules_changes(rules, p)))


def bemo_text(bemo: str) -> str:
    """A bemo in words: the tricks the team must all win and what it scores (B.3 #9)."""
    return (
        f"{bemo.upper()} bemo (your team wins tricks 1-{BEMO_TRICKS[bemo]}: ±{BEMO_POINTS[bemo]})"
    )


def bid_label(value: int, blind: bool, bemo: str | None, nil: bool) -> str:
    """A Spades bid in words: ``4``, ``nil``, ``blind nil``, ``4 + LITTLE bemo``."""
    said = "blind nil" if blind else "nil" if value == 0 and nil else str(value)
    return said + (f" + {bemo.upper()} bemo" if bemo else "")


def load_game(text: str) -> tuple[str, AnyGame]:
    """A game read from its text form (docs/text-format.md); its kind from the header."""
    header = text.lstrip().split("\n", 1)[0]
    for kind, cls in (("hearts", HeartsGame), ("spades", SpadesGame), ("rummy", RummyGame)):
        if f"{kind}-game" in header:
            return kind, cls.from_text(text)
    raise ValueError(f"not the text form of a game: {header!r}")


def action_label(action: tuple[Any, ...]) -> str:
    """A rummy action in words."""

    def meld(m: tuple[int, ...]) -> str:
        return " ".join(card_label(c) for c in m)

    name = action[0]
    if name == "draw":
        return "draw from the stock"
    if name == "take_pile":
        return "take the pile: " + " | ".join(meld(m) for m in action[1])
    if name == "open":
        return "open: " + " | ".join(meld(m) for m in action[1])
    if name == "meld":
        return "meld " + meld(action[1])
    if name == "lay_off":
        return f"lay off {card_label(action[2])} on meld #{action[1]} ({action[3]})"
    if name == "end":
        return "end melding"
    if name == "discard":
        return f"discard {card_label(action[1])}"
    return repr(action)


TRICK_BOTS = ("heuristic", "pimc", "ismcts", "random")
RUMMY_BOTS = ("greedy", "random")


def policy_name(kind: str, name: str) -> str:
    """The bot or hint policy for ``kind``: rummy's "heuristic" (the command's default) is
    its greedy bot; a policy the game lacks is a ValueError (a usage error)."""
    if kind == "rummy" and name == "heuristic":
        return "greedy"
    allowed = RUMMY_BOTS if kind == "rummy" else TRICK_BOTS
    if name not in allowed:
        raise ValueError(f"{kind} bots are {', '.join(allowed)}; got {name!r}")
    return name


@dataclass
class Snapshot:
    """What undo brings back: the game before the human's move, the bots' random stream,
    the log's length, the last trick and the deals whose redeal claim the human declined."""

    text: str
    bot: Policy
    n_log: int
    last_trick: list[tuple[int, int]]
    last_winner: int | None
    kept: set[tuple[int, int]]


class PlayApp(App[None]):
    """One game against the bots; the human at seat 0."""

    TITLE = "hearts-fast play"
    CSS = """
    #rules { height: auto; padding: 0 1; background: $panel; }
    #status { height: auto; padding: 0 1; background: $boost; }
    #table { height: auto; min-height: 7; padding: 0 1; border: round $primary; }
    #hand { height: auto; padding: 0 1; border: round $secondary; }
    #choices { height: auto; padding: 0 1; }
    #log { height: 1fr; min-height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "prev", show=False),
        Binding("right", "move(1)", "next", show=False),
        Binding("up", "move(-1)", "prev", show=False),
        Binding("down", "move(1)", "next", show=False),
        Binding("enter", "choose", "play/select"),
        Binding("p", "send_pass", "pass"),
        Binding("f", "forward", "forward"),
        Binding("b", "blind_nil", "blind nil"),
        Binding("v", "look", "look at cards"),
        Binding("m", "bemo", "bemo"),
        Binding("r", "claim", "claim redeal"),
        Binding("k", "keep", "keep hand"),
        Binding("n", "nil", "nil"),
        Binding("h", "hint", "hint"),
        Binding("u", "undo", "undo"),
        Binding("l", "last_trick", "last trick"),
        Binding("s", "save", "save"),
        Binding("q", "quit", "quit"),
        *[Binding(str(d), f"digit({d})", show=False) for d in range(10)],
    ]

    def __init__(
        self,
        kind: str = "hearts",
        *,
        seed: int | None = 0,
        bot: str = "heuristic",
        hint: str | None = None,
        save_path: str | Path = "hearts-fast-game.txt",
        load_text: str | None = None,
        rules: AnyRules | None = None,
        preset: str | None = None,
    ) -> None:
        super().__init__()
        if load_text is not None:
            if rules is not None or preset is not None:
                raise ValueError("a loaded game is played under its own rules")
            kind, self.game = load_game(load_text)
        else:
            if kind not in GAMES:
                raise ValueError(f"unknown game {kind!r}; choose one of {', '.join(GAMES)}")
            if rules is None:
                rules = RULES_CLASSES[kind].preset(preset or DEFAULT_PRESET[kind])
            self.game = new_game(kind, seed, rules)
        self.kind = kind
        #: The preset the rules are shown against (a loaded game's: the closest one).
        self.preset = preset or closest_preset(kind, self.game.rules)
        bot = policy_name(kind, bot)
        hint = policy_name(kind, hint or ("greedy" if kind == "rummy" else "pimc"))
        self.bot = Policy(bot, seed=seed, index=0)
        self.hinter = Policy(hint, seed=seed, index=1)
        self.save_path = Path(save_path)
        self.names = seat_names(self.game.num_players)
        self.cursor = 0
        self.selected: set[int] = set()  # Hearts: the cards chosen to pass
        self.bemo: str | None = None  # Spades: the bemo to declare with the next bid
        self.typed_one = False  # Spades: "1" typed at the bid, waiting for 0-3 (10-13) or Enter
        # Spades deals (see deal_key) whose cards the human has looked at, and those whose
        # redeal claim the human declined.
        self.looked: set[tuple[int, int]] = set()
        self.kept: set[tuple[int, int]] = set()
        self.undo_stack: list[Snapshot] = []
        self.last_trick: list[tuple[int, int]] = []
        self.last_winner: int | None = None
        self.show_last = False
        self.log_lines: list[str] = []
        self.message = ""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="rules")
            yield Static(id="status")
            yield Static(id="table")
            yield Static(id="hand")
            yield Static(id="choices")
            yield Static(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.run_bots()
        self.refresh_view()

    # ------------------------------------------------------------------ the game

    def my_turn(self) -> bool:
        g = self.game
        if g.is_over:
            return False
        if isinstance(g, HeartsGame) and g.phase == "pass":
            return 0 in g.pending_passes()
        return g.current_player == 0

    def waiting(self) -> bool:
        """The human has something to decide: a move, or a redeal claim before the bids."""
        return self.my_turn() or self.claim_pause()

    def passing(self) -> bool:
        """Hearts: the human's pass is due."""
        return isinstance(self.game, HeartsGame) and self.game.phase == "pass" and self.my_turn()

    def can_forward(self) -> bool:
        """Hearts: the human may declare FORWARD instead of passing (A-11, pass_through)."""
        g = self.game
        return isinstance(g, HeartsGame) and self.passing() and g.rules.pass_through

    def bidding(self) -> bool:
        """Spades: it is the human's turn to bid."""
        return isinstance(self.game, SpadesGame) and self.game.phase == "bid" and self.my_turn()

    def deal_key(self) -> tuple[int, int]:
        """The current deal: the number of hands played and, in Spades, the redeals so far
        in this hand (a redeal claim deals new cards)."""
        g = self.game
        claims = len(g.state.redeal_claims) if isinstance(g, SpadesGame) else 0
        return (g.hands_played, claims)

    def blind_open(self) -> bool:
        """Spades: a blind nil is open to the human in this deal (B.3): rules ``blind_nil``,
        the human has not bid, and at the human's turn ``can_bid_blind()``; before it, the
        same conditions read from the rules, the redeal claims and the totals."""
        g = self.game
        if not isinstance(g, SpadesGame) or g.phase != "bid":
            return False
        state = g.state
        if state.bids[0] is not None:
            return False
        if g.current_player == 0:
            return g.can_bid_blind()
        r = g.rules
        if not (r.blind_nil and r.nil) or r.mirror or r.fourteen_partnership or r.suicide:
            return False
        if 0 in state.redeal_claims:
            return False
        deficit = state.totals[1] - state.totals[0]
        return r.blind_nil_min_deficit == 0 or deficit >= r.blind_nil_min_deficit

    def cards_hidden(self) -> bool:
        """Spades: the human's cards are face down: a blind nil is open and the human has
        not looked at them (a blind nil is bid before looking, B.3)."""
        return self.blind_open() and self.deal_key() not in self.looked

    def blind_allowed(self) -> bool:
        """Spades: the human may bid blind nil now (its turn, cards not yet looked at)."""
        return self.bidding() and self.cards_hidden()

    def bemos(self) -> list[str]:
        """Spades: the bemos the human may declare with its bid now (``legal_bemos()``)."""
        g = self.game
        return list(g.legal_bemos()) if isinstance(g, SpadesGame) and self.bidding() else []

    def claim_open(self) -> bool:
        """Spades: the human may show a deficient hand and claim a redeal (B.3: before the
        first bid; ``deficient_seats()``), its cards being face up."""
        g = self.game
        return (
            isinstance(g, SpadesGame)
            and g.phase == "bid"
            and 0 in g.deficient_seats()
            and not self.cards_hidden()
        )

    def claim_pause(self) -> bool:
        """Spades: the bots wait before the first bid for the human to claim a redeal or
        keep its deficient hand."""
        g = self.game
        return self.claim_open() and g.current_player != 0 and self.deal_key() not in self.kept

    def hand(self) -> list[int]:
        return sort_hand(self.game.state.hands[0])

    def options(self) -> list[Any]:
        """What the cursor moves over: the hand's cards, the legal bids or rummy actions."""
        g = self.game
        if isinstance(g, SpadesGame) and g.phase == "bid":
            return list(g.legal_bids()) if self.my_turn() else []
        if isinstance(g, RummyGame):
            return list(g.legal_actions()) if self.my_turn() else []
        return list(self.hand())

    def legal_cards(self) -> list[int]:
        g = self.game
        if not self.my_turn() or isinstance(g, RummyGame):
            return []
        if isinstance(g, HeartsGame) and g.phase == "pass":
            return self.hand()
        return list(g.legal_plays())

    def note(self, line: str) -> None:
        self.log_lines.append(line)

    def apply(self, seat: int, move: Any) -> None:
        """Make ``move`` for ``seat``: a card; a Hearts ``("pass", seat, cards)`` or
        ``("forward", seat)``; a Spades bid (its value, or ``(value, blind, bemo)``),
        ``("claim", seat)`` or ``("keep", seat)`` (no claim); a rummy action."""
        g = self.game
        name = self.names[seat]
        hands_before = g.hands_played
        passing = isinstance(g, HeartsGame) and g.phase == "pass"
        tag = move[0] if isinstance(move, tuple) and move and isinstance(move[0], str) else None
        if isinstance(g, RummyGame):
            g.apply(tuple(move))
            self.note(f"{name}: {action_label(tuple(move))}")
        elif tag == "pass":
            assert isinstance(g, HeartsGame)
            g.pass_cards(move[1], move[2])
            if seat == 0:
                self.note("You pass " + " ".join(card_label(c) for c in move[2]))
        elif tag == "forward":
            assert isinstance(g, HeartsGame)
            g.forward(move[1])
            if seat == 0:
                self.note("You declare FORWARD: the cards passed to you go on unseen (A-11)")
            else:
                self.note(f"{name} declares FORWARD")
        elif tag == "claim":
            assert isinstance(g, SpadesGame)
            shown = " ".join(card_label(c) for c in sort_hand(g.state.hands[seat]))
            g.claim_redeal(seat)
            verbs = ("show", "claim") if seat == 0 else ("shows", "claims")
            self.note(f"{name} {verbs[0]} {shown} and {verbs[1]} a redeal")
            self.note("The same dealer deals again (B.3)")
        elif tag == "keep":
            self.kept.add(self.deal_key())
            self.note("You keep your hand (no redeal claim)")
        elif isinstance(g, SpadesGame) and g.phase == "bid":
            value, blind, bemo = (move, False, None) if isinstance(move, int) else move
            g.bid(value, blind=blind or None, bemo=bemo)
            said = bid_label(value, blind, bemo, g.rules.nil)
            self.note(f"{name} {'bid' if seat == 0 else 'bids'} {said}")
        else:
            assert isinstance(g, (HeartsGame, SpadesGame))
            before = g.state
            trick = [*before.trick, (seat, move)]
            before.play(move)
            g.play(move)
            self.note(f"{name} {'play' if seat == 0 else 'plays'} {card_label(move)}")
            if not before.trick:  # the trick is complete
                self.last_trick = trick
                self.last_winner = before.trick_winners[-1]
                winner = self.names[self.last_winner]
                self.note(f"{winner} {'take' if winner == 'You' else 'takes'} the trick")
        if passing and isinstance(g, HeartsGame) and g.phase != "pass":
            self.note_received()
        if g.hands_played > hands_before:
            scores = list(g.hand_history[-1]["hand_scores"])
            if isinstance(g, SpadesGame):
                shown = f"You+North {scores[0]}, West+East {scores[1]}"
            else:
                shown = ", ".join(f"{n} {v}" for n, v in zip(self.names, scores))
            after = "" if isinstance(g, RummyGame) else " (l: its last trick)"
            self.message = f"Hand {g.hands_played} over: hand scores {shown}{after}"

    def note_received(self) -> None:
        """Hearts, once every pass is made: what the human received, or that it kept its
        dealt hand by forwarding."""
        g = self.game
        assert isinstance(g, HeartsGame)
        seen = g.observation(0)
        if 0 in seen.forwarded:
            self.note("You forwarded: your hand is the one you were dealt")
        elif seen.received and seen.received_from not in (None, 0):
            cards = " ".join(card_label(c) for c in seen.received)
            self.note(f"You receive {cards} from {self.names[seen.received_from]}")
        else:
            self.note("Your own cards came back to you through the forwarders")

    def run_bots(self) -> None:
        """Let the bots move until the human has something to decide or the game is over."""
        g = self.game
        while not g.is_over and not self.waiting():
            if isinstance(g, HeartsGame) and g.phase == "pass":
                # The human (seat 0) passes first; the bot then passes for the lowest seat
                # still to pass.
                move = self.bot.choose(g.state)
                self.apply(move[1], move)
                continue
            seat = g.current_player
            assert seat is not None
            move = self.bot.choose(g.state)
            if isinstance(g, SpadesGame) and g.phase == "bid":
                self.apply(seat, (move.value, move.blind, move.bemo))
            else:
                self.apply(seat, move)
        self.cursor = min(self.cursor, max(0, len(self.options()) - 1))

    def human(self, move: Any) -> None:
        self.undo_stack.append(
            Snapshot(
                self.game.to_text(),
                copy.copy(self.bot),
                len(self.log_lines),
                self.last_trick,
                self.last_winner,
                set(self.kept),
            )
        )
        self.message = ""
        self.show_last = False
        self.apply(0, move)
        self.selected.clear()
        self.bemo = None
        self.run_bots()
        self.refresh_view()

    # ------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of moves that are not legal now are hidden (and do nothing)."""
        if not hasattr(self, "game"):
            return True
        checks = {
            "send_pass": self.passing,
            "forward": self.can_forward,
            "blind_nil": self.blind_allowed,
            "look": self.blind_allowed,
            "bemo": lambda: bool(self.bemos()),
            "claim": self.claim_open,
            "keep": self.claim_pause,
            "nil": self.nil_allowed,
        }
        check = checks.get(action)
        return True if check is None else check()

    def action_move(self, step: int) -> None:
        self.typed_one = False
        n = len(self.options())
        if n:
            self.cursor = (self.cursor + step) % n
        self.refresh_view()

    def action_digit(self, d: int) -> None:
        """Number keys: at a Spades bid, the bid itself (``4`` bids 4; ``1`` then ``0``-``3``
        bids 10-13, ``1`` then Enter bids 1; ``0`` a bid of 0, nil where the rules have it);
        elsewhere the n-th choice (1 = the first, 0 = the tenth)."""
        if self.bidding():
            self.type_bid(d)
            return
        i = 9 if d == 0 else d - 1
        if i < len(self.options()):
            self.cursor = i
            self.action_choose()

    def type_bid(self, d: int) -> None:
        """A digit typed at the human's Spades bid (``action_digit``)."""
        legal = self.options()
        if self.typed_one:
            self.typed_one = False
            if d > 3:
                self.message = f"No bid of 1{d}: after 1, type 0-3 for 10-13, or Enter for 1."
                self.refresh_view()
                return
            value = 10 + d
        elif d == 1 and any(v >= 10 for v in legal):
            self.typed_one = True
            self.cursor = legal.index(1) if 1 in legal else self.cursor
            self.message = "1…: Enter bids 1; 0, 1, 2 or 3 bids 10, 11, 12 or 13."
            self.refresh_view()
            return
        else:
            value = d
        if value not in legal:
            self.message = f"You cannot bid {value} now."
            self.refresh_view()
            return
        self.cursor = legal.index(value)
        self.action_choose()

    def nil_allowed(self) -> bool:
        """Spades: the human may bid nil now (n)."""
        g = self.game
        return isinstance(g, SpadesGame) and self.bidding() and g.rules.nil and 0 in self.options()

    def action_nil(self) -> None:
        """Spades: bid nil (with the bemo chosen by m, if any)."""
        g = self.game
        if not (isinstance(g, SpadesGame) and self.bidding()):
            return
        if not g.rules.nil or 0 not in self.options():
            self.message = "No nil in these rules."
            self.refresh_view()
            return
        self.typed_one = False
        self.cursor = self.options().index(0)
        self.action_choose()

    def action_choose(self) -> None:
        if not self.my_turn():
            if self.claim_pause():
                self.message = "Before the first bid: r to claim a redeal, k to keep your hand."
            else:
                self.message = "The game is over." if self.game.is_over else "Not your turn."
            self.refresh_view()
            return
        options = self.options()
        if not options:
            return
        choice = options[min(self.cursor, len(options) - 1)]
        g = self.game
        if isinstance(g, HeartsGame) and g.phase == "pass":
            self.selected ^= {choice}
            self.message = f"{len(self.selected)}/{g.state.pass_count} cards chosen; p to pass them"
            self.refresh_view()
            return
        if isinstance(g, SpadesGame) and g.phase == "bid":
            self.typed_one = False
            self.human((choice, False, self.bemo))
            return
        if isinstance(g, RummyGame):
            self.human(choice)
            return
        if choice not in g.legal_plays():
            self.message = f"{card_label(choice)} is not a legal play."
            self.refresh_view()
            return
        self.human(choice)

    def action_send_pass(self) -> None:
        g = self.game
        if not (isinstance(g, HeartsGame) and self.passing()):
            return
        need = g.state.pass_count
        if len(self.selected) != need:
            self.message = f"Choose exactly {need} cards to pass (Enter on each)."
            self.refresh_view()
            return
        self.human(("pass", 0, sorted(self.selected)))

    def action_forward(self) -> None:
        """Hearts: declare FORWARD instead of passing (A-11)."""
        if self.can_forward():
            self.human(("forward", 0))

    def action_blind_nil(self) -> None:
        """Spades: bid blind nil (with the bemo chosen by m, if any)."""
        if self.blind_allowed():
            self.human((0, True, self.bemo))

    def action_look(self) -> None:
        """Spades: turn your cards face up (a blind nil is then closed for this deal)."""
        if self.blind_allowed():
            self.looked.add(self.deal_key())
            self.message = "You look at your cards: no blind nil in this deal."
            self.refresh_view()

    def action_bemo(self) -> None:
        """Spades: the bemo declared with your bid, in turn none, LITTLE, BIG."""
        choices: list[str | None] = [None, *self.bemos()]
        if len(choices) == 1:
            return
        i = choices.index(self.bemo) if self.bemo in choices else 0
        self.bemo = choices[(i + 1) % len(choices)]
        if self.bemo is None:
            self.message = "No bemo with your bid."
        else:
            self.message = f"Your bid will declare a {bemo_text(self.bemo)}."
        self.refresh_view()

    def action_claim(self) -> None:
        """Spades: show your deficient hand and claim a redeal (B.3)."""
        if self.claim_open():
            self.human(("claim", 0))

    def action_keep(self) -> None:
        """Spades: keep your deficient hand; the bidding begins."""
        if self.claim_pause():
            self.human(("keep", 0))

    def action_hint(self) -> None:
        """The hint bot's choice for the human, put under the cursor (not played)."""
        if not self.my_turn():
            return
        g = self.game
        if self.cards_hidden():
            # The hint bot would read the cards the human has not looked at.
            self.message = "No hint while your cards are face down: v to look at them."
            self.refresh_view()
            return
        move = self.hinter.choose(g.state)
        options = self.options()
        if isinstance(g, HeartsGame) and g.phase == "pass":
            if move[0] == "forward":
                self.message = "Hint: declare FORWARD (f)"
            else:
                self.selected = set(move[2])
                self.message = "Hint: pass " + " ".join(card_label(c) for c in move[2]) + " (p)"
        elif isinstance(g, SpadesGame) and g.phase == "bid":
            self.cursor = options.index(move.value)
            self.bemo = move.bemo
            said = bid_label(move.value, False, move.bemo, g.rules.nil)
            if move.blind:
                self.message = f"Hint: {said} (the bot's choice is a blind nil, closed to you now)"
            else:
                self.message = f"Hint: bid {said}"
        elif isinstance(g, RummyGame):
            self.cursor = options.index(tuple(move))
            self.message = "Hint: " + action_label(tuple(move))
        else:
            self.cursor = options.index(move)
            self.message = f"Hint: play {card_label(move)}"
        self.refresh_view()

    def action_undo(self) -> None:
        """Back to before the human's last move (the bots' random stream too). The cards the
        human has looked at stay looked at."""
        if not self.undo_stack:
            self.message = "Nothing to undo."
        else:
            snap = self.undo_stack.pop()
            self.game = type(self.game).from_text(snap.text)
            self.bot = snap.bot
            del self.log_lines[snap.n_log :]
            self.last_trick, self.last_winner = snap.last_trick, snap.last_winner
            self.kept = snap.kept
            self.selected.clear()
            self.bemo = None
            self.message = "Undone."
        self.refresh_view()

    def action_last_trick(self) -> None:
        self.show_last = not self.show_last
        self.refresh_view()

    def action_save(self) -> None:
        self.save_path.write_text(self.game.to_text(), encoding="utf-8")
        self.message = f"Saved to {self.save_path}"
        self.refresh_view()

    # ------------------------------------------------------------------ drawing

    def refresh_view(self) -> None:
        self.query_one("#rules", Static).update(self.rules_text())
        self.query_one("#status", Static).update(self.status_text())
        self.query_one("#table", Static).update(self.table_text())
        self.query_one("#hand", Static).update(self.hand_text())
        self.query_one("#choices", Static).update(self.choices_text())
        # The log takes the rows left on the screen (an 80x24 terminal too): its latest
        # lines that fit, then the message.
        log = self.query_one("#log", Static)
        room = log.content_size.height or 8
        keep = max(room - (1 if self.message else 0), 0)
        lines = self.log_lines[-keep:] if keep else []
        lines = [*lines, *([self.message] if self.message else [])]
        log.update("\n".join(lines))
        self.refresh_bindings()

    def on_resize(self) -> None:
        """A resized terminal shows as many log lines as now fit."""
        self.refresh_view()

    def rules_text(self) -> Text:
        """The header: the game, its preset and the rules changed from it."""
        changed = rules_changes(self.game.rules, self.preset)
        shown = ", ".join(f"{k}={v}" for k, v in changed.items()) or "none"
        t = Text()
        t.append(f"{self.kind.capitalize()}, preset {self.preset}", style="bold")
        t.append(f"; rules changed from it: {shown}")
        return t

    def status_text(self) -> Text:
        g = self.game
        t = Text()
        t.append(f"{self.kind.capitalize()}  hand {g.hands_played + 1}  ", style="bold")
        totals = list(g.totals)
        if isinstance(g, SpadesGame):
            t.append(f"Totals: You+North {totals[0]}  West+East {totals[1]}  ")
            t.append(f"bags You+North {g.bags[0]}, West+East {g.bags[1]}  ")
        else:
            t.append("Totals: " + "  ".join(f"{n} {v}" for n, v in zip(self.names, totals)))
            t.append("  ")
        if g.is_over:
            t.append("Game over: winner " + ", ".join(self.names[w] for w in g.winners))
        elif self.my_turn():
            t.append(f"Your turn ({g.phase})", style="bold green")
        elif self.claim_pause():
            t.append("Your choice: claim a redeal (r) or keep your hand (k)", style="bold green")
        else:
            t.append(f"{self.names[g.current_player or 0]} to act")
        return t

    def table_text(self) -> Text:
        g = self.game
        state = g.state
        t = Text()
        if isinstance(g, RummyGame):
            assert not isinstance(state, (HeartsGame, SpadesGame))
            pile = list(getattr(state, "pile", []))
            t.append(f"Stock {getattr(state, 'stock_size', 0)}   Pile: ")
            t.append_text(card_text(pile[-1]) if pile else Text("empty"))
            t.append(f" ({len(pile)} cards)\n")
            melds = getattr(state, "melds", [])
            hands = state.hands
            for seat, name in enumerate(self.names):
                t.append(f"{name:6} {len(hands[seat]):2} cards  ")
                for m in melds[seat]:
                    t.append("[")
                    t.append(" ".join(card_label(c) for c in m))
                    t.append("] ")
                t.append("\n")
            return t
        if self.show_last and self.last_trick:
            t.append("Last trick:\n", style="bold")
            trick = self.last_trick
        else:
            trick = list(getattr(state, "trick", []))
            t.append(f"Trick {getattr(state, 'trick_number', 1)}:\n", style="bold")
        if not trick and self.my_turn() and g.phase == "play":
            t.append("  (your lead)\n")
        for seat, card in trick:
            t.append(f"  {self.names[seat]:6} ")
            t.append_text(card_text(card))
            t.append("\n")
        if self.show_last and self.last_winner is not None:
            t.append(f"  won by {self.names[self.last_winner]}\n")
        taken = list(getattr(state, "tricks_taken", []))
        if isinstance(state, SpadesState):
            bids = state.bids
            t.append(
                "Bids: "
                + "  ".join(
                    f"{n} {'-' if b is None else bid_label(b.value, b.blind, b.bemo, b.nil)}"
                    for n, b in zip(self.names, bids)
                )
                + "\n"
            )
            if state.redeal_claims:
                claimed = ", ".join(self.names[s] for s in state.redeal_claims)
                t.append(f"Redeals claimed this hand: {claimed}\n")
        elif isinstance(state, HeartsState):
            t.append(f"Passing {state.pass_direction}   ")
            points = state.hand_scores()
            t.append("Points this hand: ")
            t.append("  ".join(f"{n} {p}" for n, p in zip(self.names, points)) + "\n")
        if taken:
            t.append("Tricks: " + "  ".join(f"{n} {k}" for n, k in zip(self.names, taken)))
        return t

    def hand_text(self) -> Text:
        t = Text()
        t.append("Your hand: ", style="bold")
        g = self.game
        if self.cards_hidden():
            assert isinstance(g, SpadesGame)
            state = g.state
            up = list(state.face_up[0]) if g.rules.face_up_first_four else []
            t.append(f"{len(state.hands[0]) - len(up)} cards face down")
            for card in up:
                t.append("  ")
                t.append_text(card_text(card))
            t.append("\n(a blind nil is bid before looking at them; v to look)")
            return t
        legal = set(self.legal_cards())
        cardwise = not isinstance(g, RummyGame) and not (
            isinstance(g, SpadesGame) and g.phase == "bid"
        )
        for i, card in enumerate(self.hand()):
            style = "" if card in legal or not legal else "dim"
            if card in legal:
                style += " underline"
            if card in self.selected:
                style += " reverse"
            if cardwise and i == self.cursor and self.my_turn():
                t.append(" ▶")
            else:
                t.append("  ")
            t.append_text(card_text(card, style))
        t.append("\n(bright, underlined: legal; dim: not legal now; ▶ cursor)" if legal else "")
        return t

    def choices_text(self) -> Text:
        g = self.game
        t = Text()
        if isinstance(g, SpadesGame) and self.claim_pause():
            t.append("Your hand has no spade and no J, Q or K: before the first bid you may ")
            t.append("show it and the same dealer deals again (B.3).\n")
            t.append("r", style="bold")
            t.append(": claim a redeal   ")
            t.append("k", style="bold")
            t.append(": keep your hand")
            return t
        if not self.my_turn():
            return t
        options = self.options()
        if isinstance(g, HeartsGame) and g.phase == "pass":
            k = g.state.pass_count
            t.append(f"Pass {k} cards {g.state.pass_direction}: Enter (or 1-9) chooses or ")
            t.append(f"unchooses a card ({len(self.selected)}/{k} chosen); ")
            t.append("p", style="bold")
            t.append(" passes them")
            if self.can_forward():
                t.append("\n")
                t.append("f", style="bold")
                t.append(": FORWARD instead (A-11): the cards passed to you go on, unseen, ")
                t.append("and you keep the hand you were dealt")
        elif isinstance(g, SpadesGame) and g.phase == "bid":
            t.append("Your bid (type it: 0-9, 1 then 0-3 for 10-13")
            t.append(", n nil" if g.rules.nil else "")
            t.append("; or ←/→, Enter): ")
            for i, b in enumerate(options):
                label = "nil" if b == 0 and g.rules.nil else str(b)
                t.append(f" {label} ", style="reverse" if i == self.cursor else "")
            if self.blind_allowed():
                t.append("\n")
                t.append("b", style="bold")
                t.append(f": blind nil, without looking at your cards (±{g.rules.blind_nil_value})")
                t.append("   ")
                t.append("v", style="bold")
                t.append(": look at your cards (no blind nil then)")
            bemos = self.bemos()
            if bemos:
                t.append("\n")
                t.append("m", style="bold")
                t.append(": bemo with your bid: ")
                for choice in [None, *bemos]:
                    label = "none" if choice is None else bemo_text(choice)
                    t.append(f" {label} ", style="reverse" if choice == self.bemo else "")
            if self.claim_open():
                t.append("\n")
                t.append("r", style="bold")
                t.append(": show your hand (no spade, no J, Q or K) and claim a redeal (B.3)")
        elif isinstance(g, RummyGame):
            t.append("Your actions (↑/↓ or 1-9, Enter):\n")
            lo = max(0, min(self.cursor - 5, len(options) - 12))
            for i in range(lo, min(len(options), lo + 12)):
                mark = "▶" if i == self.cursor else " "
                t.append(
                    f"{mark}{i + 1:3}. {action_label(options[i])}\n",
                    style="reverse" if i == self.cursor else "",
                )
        return t


def run(
    kind: str,
    *,
    seed: int | None = 0,
    bot: str = "heuristic",
    hint: str | None = None,
    save: str = "hearts-fast-game.txt",
    load: str | None = None,
    rules: AnyRules | None = None,
    preset: str | None = None,
) -> int:
    """Play a game of ``kind`` under ``rules`` (shown against ``preset``), or the game saved
    in ``load`` under its own rules."""
    text = Path(load).read_text(encoding="utf-8") if load else None
    app = PlayApp(
        kind,
        seed=seed,
        bot=bot,
        hint=hint,
        save_path=save,
        load_text=text,
        rules=rules,
        preset=preset,
    )
    app.run()
    return 0
