"""``hearts-fast play``: play Hearts, Spades or rummy in the terminal against the package's
bots, with a keyboard-only Textual interface (docs/play.md).

You sit at seat 0 ("You"); the bots (``Policy``) play every other seat. The whole game
(a ``HeartsGame``, ``SpadesGame`` or ``RummyGame``) is played hand after hand to its end.
Textual is an optional dependency (``pip install "hearts-fast[play]"``); this module is
imported only by the ``play`` command, never by ``import hearts_fast``."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Static

from hearts_fast import (
    HeartsGame,
    HeartsRules,
    Policy,
    RummyGame,
    RummyRules,
    SpadesGame,
    SpadesRules,
)
from hearts_fast.cli import DEFAULT_PRESET

GAMES = ("hearts", "spades", "rummy")
SUITS = "♣♦♥♠"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
# The hand is shown by suit in this order (colours alternate), jokers last.
SUIT_ORDER = (3, 2, 0, 1)

AnyGame = HeartsGame | SpadesGame | RummyGame
AnyRules = HeartsRules | SpadesRules | RummyRules
RULES_CLASSES: dict[str, type[AnyRules]] = {
    "hearts": HeartsRules,
    "spades": SpadesRules,
    "rummy": RummyRules,
}


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


class PlayApp(App[None]):
    """One game against the bots; the human at seat 0."""

    TITLE = "hearts-fast play"
    CSS = """
    #rules { height: auto; padding: 0 1; background: $panel; }
    #status { height: auto; padding: 0 1; background: $boost; }
    #table { height: auto; min-height: 7; padding: 0 1; border: round $primary; }
    #hand { height: auto; padding: 0 1; border: round $secondary; }
    #choices { height: auto; padding: 0 1; }
    #log { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "prev", show=False),
        Binding("right", "move(1)", "next", show=False),
        Binding("up", "move(-1)", "prev", show=False),
        Binding("down", "move(1)", "next", show=False),
        Binding("enter", "choose", "play/select"),
        Binding("p", "send_pass", "pass"),
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
        self.undo_stack: list[tuple[str, Policy, int, list[tuple[int, int]], int | None]] = []
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
        """Make ``move`` (a card, a pass, a Bid or a rummy action) for ``seat``."""
        g = self.game
        name = self.names[seat]
        hands_before = g.hands_played
        if isinstance(g, RummyGame):
            g.apply(tuple(move))
            self.note(f"{name}: {action_label(tuple(move))}")
        elif isinstance(move, tuple) and move and move[0] == "pass":
            assert isinstance(g, HeartsGame)
            g.pass_cards(move[1], move[2])
            if seat == 0:
                self.note("You pass " + " ".join(card_label(c) for c in move[2]))
        elif isinstance(g, SpadesGame) and g.phase == "bid":
            value, blind, bemo = (move, False, None) if isinstance(move, int) else move
            g.bid(value, blind=blind or None, bemo=bemo)
            said = "blind nil" if blind else "nil" if value == 0 and g.rules.nil else value
            self.note(f"{name} {'bid' if seat == 0 else 'bids'} {said}")
        else:
            assert isinstance(g, HeartsGame | SpadesGame)
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
        if g.hands_played > hands_before:
            scores = g.hand_history[-1]["hand_scores"]
            self.message = f"Hand {g.hands_played} over: hand scores {scores} (l: its last trick)"

    def run_bots(self) -> None:
        """Let the bots move until it is the human's turn or the game is over."""
        g = self.game
        while not g.is_over and not self.my_turn():
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
            (
                self.game.to_text(),
                copy.copy(self.bot),
                len(self.log_lines),
                self.last_trick,
                self.last_winner,
            )
        )
        self.message = ""
        self.show_last = False
        self.apply(0, move)
        self.selected.clear()
        self.run_bots()
        self.refresh_view()

    # ------------------------------------------------------------------ keys

    def action_move(self, step: int) -> None:
        n = len(self.options())
        if n:
            self.cursor = (self.cursor + step) % n
        self.refresh_view()

    def action_digit(self, d: int) -> None:
        """Number keys pick the n-th choice (1 = the first, 0 = the tenth)."""
        i = 9 if d == 0 else d - 1
        if i < len(self.options()):
            self.cursor = i
            self.action_choose()

    def action_choose(self) -> None:
        if not self.my_turn():
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
        if isinstance(g, RummyGame) or (isinstance(g, SpadesGame) and g.phase == "bid"):
            self.human(choice)
            return
        if choice not in g.legal_plays():
            self.message = f"{card_label(choice)} is not a legal play."
            self.refresh_view()
            return
        self.human(choice)

    def action_send_pass(self) -> None:
        g = self.game
        if not (isinstance(g, HeartsGame) and g.phase == "pass" and self.my_turn()):
            return
        need = g.state.pass_count
        if len(self.selected) != need:
            self.message = f"Choose exactly {need} cards to pass (Enter on each)."
            self.refresh_view()
            return
        self.human(("pass", 0, sorted(self.selected)))

    def action_hint(self) -> None:
        """The hint bot's choice for the human, put under the cursor (not played)."""
        if not self.my_turn():
            return
        g = self.game
        move = self.hinter.choose(g.state)
        options = self.options()
        if isinstance(g, HeartsGame) and g.phase == "pass":
            self.selected = set(move[2])
            self.message = "Hint: pass " + " ".join(card_label(c) for c in move[2]) + " (p)"
        elif isinstance(g, SpadesGame) and g.phase == "bid":
            self.cursor = options.index(move.value)
            self.message = f"Hint: bid {move.value}"
        elif isinstance(g, RummyGame):
            self.cursor = options.index(tuple(move))
            self.message = "Hint: " + action_label(tuple(move))
        else:
            self.cursor = options.index(move)
            self.message = f"Hint: play {card_label(move)}"
        self.refresh_view()

    def action_undo(self) -> None:
        """Back to before the human's last move (the bots' random stream too)."""
        if not self.undo_stack:
            self.message = "Nothing to undo."
        else:
            text, bot, n_log, self.last_trick, self.last_winner = self.undo_stack.pop()
            self.game = type(self.game).from_text(text)
            self.bot = bot
            del self.log_lines[n_log:]
            self.selected.clear()
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
        lines = [*self.log_lines[-8:], *([self.message] if self.message else [])]
        self.query_one("#log", Static).update("\n".join(lines))

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
            t.append(f"bags {list(g.bags)}  ")
        else:
            t.append("Totals: " + "  ".join(f"{n} {v}" for n, v in zip(self.names, totals)))
            t.append("  ")
        if g.is_over:
            t.append("Game over: winner " + ", ".join(self.names[w] for w in g.winners))
        elif self.my_turn():
            t.append(f"Your turn ({g.phase})", style="bold green")
        else:
            t.append(f"{self.names[g.current_player or 0]} to act")
        return t

    def table_text(self) -> Text:
        g = self.game
        state = g.state
        t = Text()
        if isinstance(g, RummyGame):
            assert not isinstance(state, HeartsGame | SpadesGame)
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
        if isinstance(g, SpadesGame):
            bids = getattr(state, "bids", [])
            t.append(
                "Bids: "
                + "  ".join(
                    f"{n} {'-' if b is None else ('nil' if b.nil else b.value)}"
                    for n, b in zip(self.names, bids)
                )
                + "\n"
            )
        elif isinstance(g, HeartsGame):
            t.append(f"Passing {getattr(state, 'pass_direction', '')}   ")
            t.append("Points this hand: " + str(list(state.hand_scores())) + "\n")
        if taken:
            t.append("Tricks: " + "  ".join(f"{n} {k}" for n, k in zip(self.names, taken)))
        return t

    def hand_text(self) -> Text:
        t = Text()
        t.append("Your hand: ", style="bold")
        legal = set(self.legal_cards())
        cardwise = not isinstance(self.game, RummyGame) and not (
            isinstance(self.game, SpadesGame) and self.game.phase == "bid"
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
        if not self.my_turn():
            return t
        options = self.options()
        if isinstance(g, SpadesGame) and g.phase == "bid":
            t.append("Your bid (←/→, Enter): ")
            for i, b in enumerate(options):
                label = "nil" if b == 0 and g.rules.nil else str(b)
                t.append(f" {label} ", style="reverse" if i == self.cursor else "")
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
