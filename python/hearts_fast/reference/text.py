"""The hearts-fast text format, version 1 (docs/text-format.md), for the reference engine.

Written from docs/text-format.md alone. The six classes call ``<kind>_to_text`` and
``<kind>_from_text`` below; this module holds the whole grammar: the lines and tokens (§1),
the header (§2), the values (§3: ints, chips, cards, card lists, rule pairs, generators),
the action tokens of each game and the reader of each kind (§4, §5).

A reader parses the whole text first (syntax, §1-§4), then builds the object through the
engine's public constructors and **replays** every redeal and action through the engine's
own checked moves (§5), so a text is accepted only if play can reach it. Every error is an
``InvalidArgumentError`` naming the line (number and keyword), the token and what was
expected; a text that is not a ``str`` is an ``ArgumentTypeError``. A reader builds new
objects only, so a failed call changes nothing.

Readings of points the document leaves open (each also noted where it is implemented):

1. Empty lines and comments are ignored everywhere, before the header too; line numbers in
   messages count every physical line.
2. The reference writes its own generator kind, ``mt19937`` (the 625 ints of
   ``random.Random.getstate()[1]``). Another engine's generator (``wyrand:`` or any other
   ``KIND:`` of §3.4) is read by seeding a fresh ``random.Random(N)`` (N = its first 16 hex
   digits, as ``seed=N`` seeds the constructors' generator before they draw anything), so
   such a text is written back with an ``mt19937`` generator: the rest of the text is
   unchanged.
3. Rummy hands (deal and queued lines) are multisets: a reader accepts any order (as it
   does for Hearts sets); melds, the stock and the pile keep their order.
4. A Hearts ``direction`` is the *resolved* direction: ``across`` with 3 players (which
   behaves as ``hold``, A-8) is refused rather than silently read as ``hold``.
5. An int has at most 40 characters (beyond any value the format can hold), so a huge
   number is refused with a clear message instead of overflowing Python's int parser.
6. A Hearts ``index`` is 0..2**64-1 as the document says (the reference's constructors
   accept larger ints; such a state writes a text that no reader accepts).
7. A rule VALUE is read by the parameter's type: ``none`` is None only where None is a
   value (``max_hands``, ``lose_score``); Hearts ``moon=none`` is the str ``"none"``.
8. §3.4 refuses a ``wyrand:`` without exactly 16 digits but says nothing of a malformed
   ``mt19937:``: the reference implements that kind, and an ``mt19937:`` without exactly
   5000 digits (or not a valid ``random.Random`` state) cannot be restored exactly, so it is
   refused rather than re-seeded from its first 16 digits.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable

from hearts_fast.errors import ArgumentTypeError, HeartsFastError, InvalidArgumentError

from ._common import check_text

if TYPE_CHECKING:
    from .game import HeartsGame
    from .rummy import RummyGame, RummyState
    from .spades import SpadesGame, SpadesState
    from .state import HeartsState

__all__ = [
    "FORMAT",
    "KINDS",
    "READERS",
    "VERSION",
    "WRITERS",
    "game_past",
    "hearts_game_from_text",
    "hearts_game_to_text",
    "hearts_state_from_text",
    "hearts_state_to_text",
    "rummy_game_from_text",
    "rummy_game_to_text",
    "rummy_state_from_text",
    "rummy_state_to_text",
    "spades_game_from_text",
    "spades_game_to_text",
    "spades_state_from_text",
    "spades_state_to_text",
]

FORMAT = "hearts-fast"
VERSION = 1
KINDS = {
    "hearts-state": "HeartsState",
    "hearts-game": "HeartsGame",
    "spades-state": "SpadesState",
    "spades-game": "SpadesGame",
    "rummy-state": "RummyState",
    "rummy-game": "RummyGame",
}
_KEYWORDS = ("rules", "game", "hand", "deal", "redeal", "actions", "future", "queued")
_MAX_INT_CHARS = 40  # reading 5: longer than any value a text can hold
_MAX_INDEX = 2**64 - 1
_DIRECTIONS = ("left", "right", "across", "hold")

# ---------------------------------------------------------------- §1 lines and tokens


class Line:
    """One line of a text: its physical number (1-based), keyword and other tokens."""

    __slots__ = ("fields", "keyword", "number")

    def __init__(self, number: int, keyword: str, fields: list[str]) -> None:
        self.number = number
        self.keyword = keyword
        self.fields = fields

    def where(self, token: str | None = None) -> str:
        place = f"line {self.number} ({self.keyword})"
        return place if token is None else f"{place}, token {token!r}"

    def error(self, what: str, token: str | None = None) -> InvalidArgumentError:
        return InvalidArgumentError(f"{self.where(token)}: {what}")


def _split(text: str) -> list[Line]:
    """§1: LF (or CRLF) lines of printable ASCII; spaces separate tokens; empty lines and
    ``#`` comments are skipped (reading 1: before the header too)."""
    lines: list[Line] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        if raw.endswith("\r"):
            raw = raw[:-1]
        bad = next((ch for ch in raw if not " " <= ch <= "~"), None)
        if bad is not None:
            raise InvalidArgumentError(
                f"line {number}: character {bad!r} is not allowed: a text holds printable "
                "ASCII only, with tokens separated by spaces (no tabs)"
            )
        body = raw.strip(" ")
        if not body or body.startswith("#"):
            continue
        tokens = [t for t in body.split(" ") if t]
        lines.append(Line(number, tokens[0], tokens[1:]))
    return lines


def _header_text(kind: str) -> str:
    return f"{FORMAT}/{VERSION} {kind}"


class _Reader:
    """The lines of a text after its header, read in the fixed order of §4; ``rules`` is the
    line that comes first in every kind."""

    def __init__(self, text: object, kind: str) -> None:
        name = KINDS[kind]
        if not isinstance(text, str):
            raise ArgumentTypeError(
                f"{name}.from_text takes a str (a {kind} text), got {type(text).__name__}"
            )
        check_text(text, "text")
        self.lines = _split(text)
        self.pos = 1
        if not self.lines:
            raise InvalidArgumentError(
                f"not a hearts-fast text: it is empty; the first line must be "
                f"{_header_text(kind)!r}"
            )
        first = self.lines[0]
        shown = " ".join([first.keyword, *first.fields])
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        fmt, slash, version = first.keyword.partition("/")
        if fmt != FORMAT or not slash:
            raise InvalidArgumentError(
                f"line {first.number}: not a hearts-fast text: the first line must be "
                f"{_header_text(kind)!r}, got {shown!r}"
            )
        if version != str(VERSION):
            raise InvalidArgumentError(
                f"line {first.number}: format version {version!r} ({first.keyword}) is not "
                f"known: this reader knows version {VERSION} only ({FORMAT}/{VERSION})"
            )
        if len(first.fields) != 1 or first.fields[0] not in KINDS:
            raise InvalidArgumentError(
                f"line {first.number}: the header is '{FORMAT}/{VERSION} KIND' with KIND one of "
                f"{', '.join(KINDS)}; got {shown!r}"
            )
        got = first.fields[0]
        if got != kind:
            raise InvalidArgumentError(
                f"line {first.number}: {name}.from_text reads {kind} texts, got a {got} text "
                f"(read it with {KINDS[got]}.from_text)"
            )
        self.rules = self.take("rules")

    def peek(self) -> str | None:
        return self.lines[self.pos].keyword if self.pos < len(self.lines) else None

    def take(self, keyword: str) -> Line:
        if self.pos >= len(self.lines):
            last = self.lines[-1]
            raise InvalidArgumentError(
                f"the text ends after line {last.number} ({last.keyword}): expected a "
                f"{keyword!r} line"
            )
        line = self.lines[self.pos]
        if line.keyword != keyword:
            unknown = "" if line.keyword in _KEYWORDS else "unknown line keyword; "
            raise line.error(
                f"{unknown}expected a {keyword!r} line here (the line order of "
                "docs/text-format.md §4)"
            )
        self.pos += 1
        return line

    def take_game(self, sheet: Sequence[str]) -> tuple[Line, int, list[tuple[str, str]]]:
        """A game's ``game`` line (§4.4): the line, the first dealer and the (token, value)
        of each field of the starting ``sheet``."""
        game = self.take("game")
        (token, value), *fields = _fields(game, ("first_dealer", *sheet))
        return game, _int(game, token, value), fields

    def take_all(self, keyword: str) -> list[Line]:
        out = []
        while self.peek() == keyword:
            out.append(self.take(keyword))
        return out

    def end(self) -> None:
        if self.pos < len(self.lines):
            line = self.lines[self.pos]
            unknown = "unknown line keyword" if line.keyword not in _KEYWORDS else "out of place"
            raise line.error(
                f"{unknown}: expected the end of the text here (the line order of "
                "docs/text-format.md §4)"
            )


def _head(kind: str, rules: Any) -> list[str]:
    """The first two lines of every text: the header and the rules (§2, §3.3)."""
    return [_header_text(kind), _rules_line(rules)]


def _game_lines(
    g: Any, kind: str, sheet: str, block_lines: Callable[[Any], list[str]]
) -> list[str]:
    """A game's text up to its ``future`` line (§4.4): the head, the ``game`` line (the first
    dealer and the starting ``sheet``) and a block for every hand started."""
    lines = [*_head(kind, g.rules), f"game first_dealer={g._first_dealer} {sheet}"]
    for st in list(g._text_done) if g._over else [*g._text_done, g._state]:
        lines += block_lines(st)
    return lines


def _line(keyword: str, tokens: Sequence[str]) -> str:
    return " ".join([keyword, *tokens])


def _join(lines: Sequence[str]) -> str:
    """§1: every line, the last one included, ends with one LF."""
    return "".join(line + "\n" for line in lines)


def _fields(
    line: Line, names: Sequence[str], tokens: Sequence[str] | None = None
) -> list[tuple[str, str]]:
    """The ``name=value`` fields ``names``, exactly these and in this order:
    ``[(token, value), …]``."""
    toks = line.fields if tokens is None else tokens
    shape = " ".join(f"{n}=…" for n in names)
    out = []
    for i, name in enumerate(names):
        if i >= len(toks):
            raise line.error(f"missing field {name}=…; expected the fields {shape}")
        tok = toks[i]
        key, eq, value = tok.partition("=")
        if not eq or key != name:
            raise line.error(f"expected the field {name}=… here (fields in order: {shape})", tok)
        if not value:
            raise line.error(f"the field {name}= has an empty value", tok)
        out.append((tok, value))
    if len(toks) > len(names):
        raise line.error(f"unexpected token; expected only {shape}", toks[len(names)])
    return out


@contextmanager
def _engine(line: Line, token: str | None = None, what: str = "") -> Iterator[None]:
    """Turn an engine error into an InvalidArgumentError naming the line and token."""
    try:
        yield
    except HeartsFastError as e:
        raise line.error(f"{what}{e}", token) from e


# ---------------------------------------------------------------- §3.1 numbers

_INT = re.compile(r"0|-?[1-9][0-9]*")


def _int(line: Line, token: str, s: str) -> int:
    if not _INT.fullmatch(s):
        raise line.error(
            f"{s!r} is not an int: expected 0, or an optional - then a digit 1-9 then digits",
            token,
        )
    if len(s) > _MAX_INT_CHARS:  # reading 5
        raise line.error(f"an int of {len(s)} characters is out of range", token)
    return int(s)


def _int_list(line: Line, token: str, s: str) -> list[int]:
    return [_int(line, token, part) for part in s.split(",")]


def _ints_text(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)


def _chips(line: Line, token: str, s: str) -> int | Fraction:
    """§3.1 chips: an int, or N/D in lowest terms with D >= 2 dividing 60."""
    num, slash, den = s.partition("/")
    n = _int(line, token, num)
    if not slash:
        return n
    d = _int(line, token, den)
    if d < 2 or 60 % d:
        raise line.error(f"in {s!r} the denominator must be >= 2 and divide 60", token)
    if math.gcd(n, d) != 1:
        raise line.error(f"{s!r} is not in lowest terms", token)
    return Fraction(n, d)


def _chips_text(value: int | Fraction) -> str:
    f = Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


# ---------------------------------------------------------------- §3.2 cards

_RANKS = "23456789TJQKA"
_SUITS = "CDHS"
_CARDS = {r + s: 13 * si + ri for si, s in enumerate(_SUITS) for ri, r in enumerate(_RANKS)}
_JOKERS: dict[str, dict[str, int]] = {
    "hearts": {},
    "spades": {"LJ": 52, "BJ": 53},
    "rummy": {"JK": 52},
}
_NAMES = {
    game: {**{c: n for n, c in _CARDS.items()}, **{c: n for n, c in jokers.items()}}
    for game, jokers in _JOKERS.items()
}


def _card_text(game: str, c: int) -> str:
    return _NAMES[game][c]


def _card(line: Line, token: str, s: str, game: str) -> int:
    c = _CARDS.get(s, _JOKERS[game].get(s))
    if c is None:
        extra = {"hearts": "", "spades": ", or LJ / BJ", "rummy": ", or JK"}[game]
        raise line.error(
            f"{s!r} is not a card: expected a rank 2-9 T J Q K A then a suit C D H S "
            f"(e.g. QS, TH){extra}",
            token,
        )
    return c


def _cards_text(game: str, cards: Sequence[int]) -> str:
    return ",".join(_card_text(game, c) for c in cards) if cards else "-"


def _cards(line: Line, token: str, s: str, game: str, *, distinct: bool = False) -> list[int]:
    """§3.2 card list: cards joined by ``,``, ``-`` when empty. ``distinct``: a set (a
    repeated card is refused)."""
    if s == "-":
        return []
    cards = [_card(line, token, part, game) for part in s.split(",")]
    if distinct:
        repeated = [c for c, k in Counter(cards).items() if k > 1]
        if repeated:
            raise line.error(
                f"card {_card_text(game, repeated[0])} is repeated; this list is a set", token
            )
    return cards


# ---------------------------------------------------------------- §3.3 rules


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def _rules_line(rules: Any) -> str:
    """The pairs that differ from the defaults, in the order of ``to_dict()``."""
    default = type(rules)().to_dict()
    pairs = [
        f"{name}={_value_text(value)}"
        for name, value in rules.to_dict().items()
        if not (value == default[name] and type(value) is type(default[name]))
    ]
    return _line("rules", pairs)


def _rule_value(line: Line, token: str, s: str, kind: str) -> object:
    """A VALUE as the Python value of a parameter of ``kind`` (the rules class's table):
    ``true``/``false`` for a bool, ``none`` for None, an int, else the str itself.

    Reading 7: ``none`` is None only for a parameter that may be None (Hearts ``max_hands``,
    Spades ``lose_score`` …); elsewhere it is the str, as in Hearts ``moon=none``."""
    if kind == "bool" and s in ("true", "false"):
        return s == "true"
    if kind == "opt_int" and s == "none":
        return None
    if kind != "choice" and _INT.fullmatch(s):
        return _int(line, token, s)
    return s


def _read_rules(line: Line, cls: Callable[..., Any], table: dict[str, tuple[str, Any, Any]]) -> Any:
    """§3.3: any order, no unknown or repeated name; validated by the rules constructor.
    ``table``: the rules module's parameter table (name -> (kind, spec, default))."""
    params: dict[str, object] = {}
    for tok in line.fields:
        name, eq, value = tok.partition("=")
        if not eq:
            raise line.error("expected a rule pair NAME=VALUE", tok)
        if name not in table:
            raise line.error(f"unknown rule {name!r}; rules: {', '.join(table)}", tok)
        if name in params:
            raise line.error(f"rule {name!r} is given twice", tok)
        if not value:
            raise line.error(f"rule {name!r} has an empty value", tok)
        params[name] = _rule_value(line, tok, value, table[name][0])
    with _engine(line, None, "invalid rules: "):
        return cls(**params)


def game_past(text: str) -> str:
    """A game's text without its ``future`` and ``queued`` lines: what ``==`` compares (the
    rules, the starting sheet and every hand's deal and actions)."""
    keep = [ln for ln in text.split("\n") if ln.split(" ", 1)[0] not in ("future", "queued")]
    return "\n".join(keep)


# ---------------------------------------------------------------- §3.4 generators

_HEX = re.compile(r"[0-9a-f]*")
_MT_WORDS = 625


def _gen_text(rng: random.Random) -> str:
    """Reading 2: the reference writes its own generator, ``mt19937``."""
    internal = rng.getstate()[1]
    return "mt19937:" + "".join(f"{x:08x}" for x in internal)


_OTHER_GEN = re.compile(r"([a-z0-9]+):([0-9a-f]{16,})")


def _gen(line: Line, token: str, s: str) -> random.Random:
    """§3.4: ``mt19937:`` (ours) is restored exactly; ``wyrand:`` with exactly 16 digits, or
    any other ``KIND:`` (lower-case letters and digits) with at least 16 lower-case hex
    digits, is another engine's generator: ours is seeded as ``seed=N`` seeds it
    (``random.Random(N)``), N the value of the first 16 digits."""
    kind, colon, digits = s.partition(":")
    if kind == "mt19937":
        size = 8 * _MT_WORDS
        if len(digits) != size or not _HEX.fullmatch(digits):
            raise line.error(f"an mt19937 generator is {size} lower-case hex digits", token)
        words = tuple(int(digits[i : i + 8], 16) for i in range(0, size, 8))
        rng = random.Random()
        try:
            rng.setstate((3, words, None))
        except (ValueError, TypeError) as e:
            raise line.error(f"not a valid mt19937 state ({e})", token) from e
        return rng
    if kind == "wyrand" and (len(digits) != 16 or not _HEX.fullmatch(digits)):
        raise line.error("a wyrand generator is exactly 16 lower-case hex digits", token)
    if not colon or not _OTHER_GEN.fullmatch(s):
        raise line.error(
            "expected a generator KIND:HEX (mt19937: and 5000 hex digits, or another "
            "engine's kind of lower-case letters and digits and at least 16 lower-case hex "
            "digits)",
            token,
        )
    return random.Random(int(digits[:16], 16))


# ---------------------------------------------------------------- blocks (one hand each)


class _Block:
    """The parsed lines of one hand: ``hand``, ``deal``, ``redeal``s and ``actions``."""

    def __init__(self, hand: Line, values: dict[str, Any], deal: Line) -> None:
        self.hand = hand
        self.values = values  # the hand line's values by field name
        self.deal = deal
        self.hands: list[list[int]] = []
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.redeals: list[tuple[Line, int, list[list[int]]]] = []
        self.actions = deal
        self.moves: list[tuple[str, tuple[Any, ...]]] = []


def _check_value(block: _Block, name: str, actual: object, why: str) -> None:
    """A value of the ``hand`` line that the game determines must be what it gives."""
    value = block.values[name]
    if value != actual:
        token = next(t for t in block.hand.fields if t.startswith(name + "="))
        shown = _ints_text(actual) if isinstance(actual, list) else actual
        raise block.hand.error(f"{name} must be {shown} here: {why}", token)


def _play_blocks(
    game: Any,
    blocks: Sequence[_Block],
    check: Callable[[Any, _Block, int], None],
    play: Callable[[Any, _Block, int], None],
) -> None:
    """§5 steps 3-5 for a game: each block is the hand the game deals next; every block but
    the last must end its hand, and the last one is the current hand (or, once the game is
    over, the last hand played)."""
    for h, block in enumerate(blocks):
        done = game._text_done
        if h < len(done):
            state = done[h]  # a hand over at its deal (rummy C-19)
        elif game._over:
            raise block.hand.error(
                f"the game is over after hand {h - 1} (its end test holds): no further "
                "hand may follow"
            )
        else:
            state = game._state
        check(state, block, h)
        play(state, block, h)
        finished = h < len(game._text_done)
        if h + 1 < len(blocks) and not finished:
            raise blocks[h + 1].hand.error(
                f"hand {h} is not over after its actions: its block must play it to its end "
                f"before hand {h + 1} starts"
            )
        if h + 1 == len(blocks) and finished and not game._over:
            raise block.actions.error(
                f"hand {h} is over and the game goes on: the block of hand {h + 1} must follow"
            )


def _not_over(state_over: bool, block: _Block, token: str, h: int) -> None:
    if state_over:
        raise block.actions.error(f"hand {h} is over: no action may follow", token)


def _apply(block: _Block, token: str, move: Callable[..., None], *args: Any) -> None:
    with _engine(block.actions, token, "illegal move: "):
        move(*args)


def _read_blocks(r: _Reader, read_block: Callable[[_Reader], _Block]) -> list[_Block]:
    """A game's hand blocks (§4.4: one for every hand started, at least one)."""
    blocks = [read_block(r)]
    while r.peek() == "hand":
        blocks.append(read_block(r))
    return blocks


def _read_rng(r: _Reader) -> random.Random:
    """A ``future`` line that holds only the generator (``rng=``)."""
    future = r.take("future")
    ((gt, gv),) = _fields(future, ("rng",))
    return _gen(future, gt, gv)


def _check_in_turn(block: _Block, h: int, first: int, n: int, rule: str) -> None:
    """The ``hand`` line of a game's hand h: index h, dealt by (first_dealer + h) % n as the
    deal passes left (``rule``)."""
    why = f"hand {h} is dealt by (first_dealer + {h}) % {n} ({rule})"
    _check_value(block, "dealer", (first + h) % n, why)
    _check_value(block, "index", h, f"it is hand {h} of the game")


def _read_queued(r: _Reader, game: str) -> list[tuple[Line, list[list[int]]]]:
    distinct = game == "hearts"
    return [
        (q, [_cards(q, t, t, game, distinct=distinct) for t in q.fields])
        for q in r.take_all("queued")
    ]


# ---------------------------------------------------------------- §4.1 Hearts


def _hearts_block_lines(st: HeartsState) -> list[str]:
    tokens = [
        f"forward:{seat}" if packet is None else f"pass:{seat}:{_cards_text('hearts', packet)}"
        for seat, packet in sorted(st._passes.items())  # ascending seat order
    ]
    tokens += [_card_text("hearts", c) for _, c in st._plays]
    return [
        f"hand dealer={st._dealer} index={st._hand_index} direction={st._direction}",
        _line("deal", [_cards_text("hearts", sorted(h)) for h in st._dealt]),
        _line("actions", tokens),
    ]


def _hearts_move(line: Line, tok: str) -> tuple[Any, ...]:
    name = tok.split(":", 1)[0]
    if name == "pass":
        parts = tok.split(":")
        if len(parts) != 3:
            raise line.error("expected pass:SEAT:CARDS", tok)
        return (
            "pass",
            _int(line, tok, parts[1]),
            _cards(line, tok, parts[2], "hearts", distinct=True),
        )
    if name == "forward":
        parts = tok.split(":")
        if len(parts) != 2:
            raise line.error("expected forward:SEAT", tok)
        return ("forward", _int(line, tok, parts[1]))
    if tok not in _CARDS:
        raise line.error("expected pass:SEAT:CARDS, forward:SEAT or a card such as QS", tok)
    return ("play", _CARDS[tok])


def _read_hearts_block(r: _Reader) -> _Block:
    hand = r.take("hand")
    (dt, dv), (it, iv), (rt, rv) = _fields(hand, ("dealer", "index", "direction"))
    index = _int(hand, it, iv)
    values = {"dealer": _int(hand, dt, dv), "index": index, "direction": rv}
    if not 0 <= index <= _MAX_INDEX:  # reading 6
        raise hand.error("the hand index is 0..2**64-1", it)
    if rv not in _DIRECTIONS:
        raise hand.error(f"the direction is one of {', '.join(_DIRECTIONS)}", rt)
    block = _Block(hand, values, r.take("deal"))
    block.hands = [_cards(block.deal, t, t, "hearts", distinct=True) for t in block.deal.fields]
    block.actions = r.take("actions")
    block.moves = [(t, _hearts_move(block.actions, t)) for t in block.actions.fields]
    return block


def _hearts_check_direction(st: HeartsState, block: _Block) -> None:
    """The ``direction`` is the resolved one (reading 4); with fixed rules, the rules' own."""
    if st.pass_direction != block.values["direction"]:
        rules = st.rules
        why = (
            f"with {rules.players} players 'across' is resolved as 'hold' (A-8)"
            if rules.pass_direction == "random"
            else f"the rules (pass_direction={rules.pass_direction!r}) give it for hand "
            f"index {st.hand_index} (A-8)"
        )
        _check_value(block, "direction", st.pass_direction, why)


def _hearts_play(target: Any, st: HeartsState, block: _Block, h: int) -> None:
    for token, move in block.moves:
        _not_over(st.phase == "over", block, token, h)
        if move[0] == "pass":
            _apply(block, token, target.pass_cards, move[1], move[2])
        elif move[0] == "forward":
            _apply(block, token, target.forward, move[1])
        else:
            _apply(block, token, target.play, move[1])


def hearts_state_to_text(st: HeartsState) -> str:
    return _join([*_head("hearts-state", st.rules), *_hearts_block_lines(st)])


def hearts_state_from_text(text: object) -> HeartsState:
    from .rules import _PARAMS, HeartsRules
    from .state import HeartsState, validate_deal

    r = _Reader(text, "hearts-state")
    block = _read_hearts_block(r)
    r.end()
    rules = _read_rules(r.rules, HeartsRules, _PARAMS)
    v = block.values
    fixed = v["direction"] if rules.pass_direction == "random" else None
    with _engine(block.hand):
        HeartsState._check_args(rules, v["dealer"], v["index"], None, fixed)
    with _engine(block.deal, None, "invalid deal: "):
        validate_deal(rules, block.hands, v["dealer"])
    st = HeartsState.from_deal(
        rules, block.hands, dealer=v["dealer"], hand_index=v["index"], pass_direction=fixed
    )
    _hearts_check_direction(st, block)
    _hearts_play(st, st, block, 0)
    return st


def hearts_game_to_text(g: HeartsGame) -> str:
    totals, pot = g._text_sheet
    current = g._state.hand_index
    sheet = f"totals={','.join(_chips_text(t) for t in totals)} pot={_chips_text(pot)}"
    lines = _game_lines(g, "hearts-game", sheet, _hearts_block_lines)
    future = f"future rng={_gen_text(g._rng)}"
    directions = g._directions[current + 1 :]
    if directions:
        future += " directions=" + ",".join(directions)
    lines.append(future)
    lines += [
        _line("queued", [_cards_text("hearts", sorted(h)) for h in deal])
        for deal in g._deals[current + 1 :]
    ]
    return _join(lines)


def hearts_game_from_text(text: object) -> HeartsGame:
    from ._common import check_seat
    from .game import HeartsGame, _check_score_sheet
    from .rules import _PARAMS, HeartsRules
    from .state import validate_deal

    r = _Reader(text, "hearts-game")
    game, first, ((tt, tv), (pt, pv)) = r.take_game(("totals", "pot"))
    totals = [_chips(game, tt, s) for s in tv.split(",")]
    pot = _chips(game, pt, pv)
    blocks = _read_blocks(r, _read_hearts_block)
    future = r.take("future")
    if len(future.fields) > 1:
        (gt, gv), (dt, dv) = _fields(future, ("rng", "directions"))
        directions = dv.split(",")
        for d in directions:
            if d not in _DIRECTIONS:
                raise future.error(f"{d!r} is not a direction: {', '.join(_DIRECTIONS)}", dt)
    else:
        ((gt, gv),) = _fields(future, ("rng",))
        directions = []
    rng = _gen(future, gt, gv)
    queued = _read_queued(r, "hearts")
    r.end()

    rules = _read_rules(r.rules, HeartsRules, _PARAMS)
    n = rules.players
    with _engine(game):
        first = check_seat(first, n, "first_dealer")
        _check_score_sheet(rules, totals, pot)
    for h, block in enumerate(blocks):
        _check_in_turn(block, h, first, n, "A-5")
        with _engine(block.deal, None, "invalid deal: "):
            validate_deal(rules, block.hands, (first + h) % n)
    random_rules = rules.pass_direction == "random"
    if directions and not random_rules:
        raise future.error(
            "directions= needs rules pass_direction=random (the constructor's pass_directions=)", dt
        )
    for i, (q, hands) in enumerate(queued):
        with _engine(q, None, "invalid queued deal: "):
            validate_deal(rules, hands, (first + len(blocks) + i) % n)
    g = HeartsGame(
        rules,
        first_dealer=first,
        deals=[b.hands for b in blocks] + [hands for _, hands in queued],
        pass_directions=[b.values["direction"] for b in blocks] + directions
        if random_rules
        else None,
        totals=totals,
        pot=pot,
    )

    def check(st: HeartsState, block: _Block, h: int) -> None:
        _hearts_check_direction(st, block)

    def play(st: HeartsState, block: _Block, h: int) -> None:
        _hearts_play(g, st, block, h)

    _play_blocks(g, blocks, check, play)
    g._rng = rng
    return g


# ---------------------------------------------------------------- §4.2 Spades


def _spades_block_lines(st: SpadesState) -> list[str]:
    def deal(hands: Sequence[Sequence[int]]) -> list[str]:
        return [_cards_text("spades", h) for h in hands]  # in dealt order

    lines = [
        f"hand dealer={st._dealer} index={st._hand_index} totals={_ints_text(st._totals)} "
        f"bags={_ints_text(st._bags)}",
        _line("deal", deal(st._deals[0])),
    ]
    lines += [
        _line("redeal", [str(seat), *deal(hands)]) for seat, hands in zip(st._claims, st._deals[1:])
    ]
    tokens = []
    for i in range(st._nbids):  # bids in bidding order, from the dealer's left (B-6)
        bid = st._bids[(st._dealer + 1 + i) % 4]
        assert bid is not None
        token = "bid:blind" if bid.blind else f"bid:{bid.value}"
        tokens.append(token if bid.bemo is None else f"{token}:{bid.bemo}")
    tokens += [_card_text("spades", c) for _, c in st._plays]
    lines.append(_line("actions", tokens))
    return lines


def _spades_move(line: Line, tok: str) -> tuple[Any, ...]:
    if tok.split(":", 1)[0] == "bid":
        parts = tok.split(":")
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] not in ("little", "big")):
            raise line.error(
                "expected bid:N or bid:blind, optionally followed by :little or :big", tok
            )
        bemo = parts[2] if len(parts) == 3 else None
        if parts[1] == "blind":
            return ("bid", 0, True, bemo)
        return ("bid", _int(line, tok, parts[1]), False, bemo)
    c = _CARDS.get(tok, _JOKERS["spades"].get(tok))
    if c is None:
        raise line.error("expected bid:N, bid:blind or a card such as QS (LJ, BJ)", tok)
    return ("play", c)


def _read_spades_block(r: _Reader) -> _Block:
    hand = r.take("hand")
    (dt, dv), (it, iv), (tt, tv), (bt, bv) = _fields(hand, ("dealer", "index", "totals", "bags"))
    values = {
        "dealer": _int(hand, dt, dv),
        "index": _int(hand, it, iv),
        "totals": _int_list(hand, tt, tv),
        "bags": _int_list(hand, bt, bv),
    }
    block = _Block(hand, values, r.take("deal"))
    block.hands = [_cards(block.deal, t, t, "spades") for t in block.deal.fields]
    for line in r.take_all("redeal"):
        if not line.fields:
            raise line.error("expected redeal SEAT then one card list per seat")
        seat = _int(line, line.fields[0], line.fields[0])
        block.redeals.append((line, seat, [_cards(line, t, t, "spades") for t in line.fields[1:]]))
    block.actions = r.take("actions")
    block.moves = [(t, _spades_move(block.actions, t)) for t in block.actions.fields]
    return block


def _spades_validate(rules: Any, block: _Block) -> None:
    from .spades import validate_deal

    with _engine(block.deal, None, "invalid deal: "):
        validate_deal(rules, block.hands)
    for line, _, hands in block.redeals:
        with _engine(line, None, "invalid redeal: "):
            validate_deal(rules, hands)


def _spades_play(target: Any, st: SpadesState, block: _Block, h: int) -> None:
    for line, seat, _ in block.redeals:  # B.3: each claim takes the next queued deal, this one
        with _engine(line, line.fields[0], "illegal redeal claim: "):
            target.claim_redeal(seat)
    for token, move in block.moves:
        _not_over(st.phase == "over", block, token, h)
        if move[0] == "bid":
            _apply(block, token, lambda n, b, m: target.bid(n, blind=b, bemo=m), *move[1:])
        else:
            _apply(block, token, target.play, move[1])


def spades_state_to_text(st: SpadesState) -> str:
    lines = [*_head("spades-state", st.rules), *_spades_block_lines(st)]
    lines.append(f"future rng={_gen_text(st._rng)}")
    lines += [_line("queued", [_cards_text("spades", h) for h in d]) for d in st._queue]
    return _join(lines)


def spades_state_from_text(text: object) -> SpadesState:
    from .spades import _PARAMS, SpadesRules, SpadesState, validate_deal

    r = _Reader(text, "spades-state")
    block = _read_spades_block(r)
    rng = _read_rng(r)
    queued = _read_queued(r, "spades")
    r.end()
    rules = _read_rules(r.rules, SpadesRules, _PARAMS)
    v = block.values
    with _engine(block.hand):
        SpadesState._check_args(rules, v["dealer"], v["index"], v["totals"], v["bags"], None, None)
    _spades_validate(rules, block)
    for q, hands in queued:
        with _engine(q, None, "invalid queued deal: "):
            validate_deal(rules, hands)
    st = SpadesState.from_deal(
        rules,
        block.hands,
        dealer=v["dealer"],
        hand_index=v["index"],
        totals=v["totals"],
        bags=v["bags"],
        redeals=[hands for _, _, hands in block.redeals] + [hands for _, hands in queued],
    )
    _spades_play(st, st, block, 0)
    st._rng = rng
    return st


def spades_game_to_text(g: SpadesGame) -> str:
    totals, bags = g._text_sheet
    sheet = f"totals={_ints_text(totals)} bags={_ints_text(bags)}"
    lines = _game_lines(g, "spades-game", sheet, _spades_block_lines)
    # One generator deals the future hands and the current hand's redeals (§4.4).
    lines.append(f"future rng={_gen_text(g._rng)}")
    lines += [_line("queued", [_cards_text("spades", h) for h in d]) for d in g._state._queue]
    return _join(lines)


def spades_game_from_text(text: object) -> SpadesGame:
    from ._common import check_seat
    from .spades import _PARAMS, SpadesGame, SpadesRules, _check_pair, validate_deal

    r = _Reader(text, "spades-game")
    game, first, ((tt, tv), (bt, bv)) = r.take_game(("totals", "bags"))
    totals = _int_list(game, tt, tv)
    bags = _int_list(game, bt, bv)
    blocks = _read_blocks(r, _read_spades_block)
    rng = _read_rng(r)
    queued = _read_queued(r, "spades")
    r.end()

    rules = _read_rules(r.rules, SpadesRules, _PARAMS)
    with _engine(game):
        first = check_seat(first, 4, "first_dealer")
        _check_pair(rules, totals, "totals")
        _check_pair(rules, bags, "bags")
    deals: list[list[list[int]]] = []  # every deal in the order the game uses them
    for h, block in enumerate(blocks):
        _check_in_turn(block, h, first, 4, "B-3")
        _spades_validate(rules, block)
        deals += [block.hands, *(hands for _, _, hands in block.redeals)]
    for q, hands in queued:
        with _engine(q, None, "invalid queued deal: "):
            validate_deal(rules, hands)
    g = SpadesGame(
        rules,
        first_dealer=first,
        deals=deals + [hands for _, hands in queued],
        totals=totals,
        bags=bags,
    )

    def check(st: SpadesState, block: _Block, h: int) -> None:
        why = f"the game's running {{}} before hand {h} (B-20, B-21)"
        _check_value(block, "totals", list(st._totals), why.format("totals"))
        _check_value(block, "bags", list(st._bags), why.format("bag counters"))

    def play(st: SpadesState, block: _Block, h: int) -> None:
        _spades_play(g, st, block, h)

    _play_blocks(g, blocks, check, play)
    g._rng = rng
    g._state._rng = rng  # the current hand's redeals draw from the game's generator
    return g


# ---------------------------------------------------------------- §4.3 rummy


def _rummy_token(a: tuple[Any, ...]) -> str:
    name = a[0]
    if name in ("take_pile", "open"):
        return f"{name}:" + "/".join(_cards_text("rummy", m) for m in a[1])
    if name == "meld":
        return "meld:" + _cards_text("rummy", a[1])
    if name == "lay_off":
        return f"lay_off:{a[1]}:{_card_text('rummy', a[2])}:{a[3]}"
    if name == "discard":
        return "discard:" + _card_text("rummy", a[1])
    if name == "reshuffle":
        return "reshuffle:" + _cards_text("rummy", a[1])
    return str(name)  # draw, end


def _meld(line: Line, tok: str, s: str) -> tuple[int, ...]:
    if s in ("", "-"):
        raise line.error("a meld is a non-empty list of cards joined by ','", tok)
    return tuple(_cards(line, tok, s, "rummy"))


_RUMMY_TOKENS = (
    "draw, take_pile:M/M/…, open:M/M/…, meld:M, lay_off:INT:CARD:END, end, discard:CARD "
    "or reshuffle:CARDS"
)


def _rummy_move(line: Line, tok: str) -> tuple[Any, ...]:
    name, colon, rest = tok.partition(":")
    if name in ("draw", "end") and not colon:
        return (name,)
    if name in ("take_pile", "open") and colon:
        return (name, tuple(_meld(line, tok, m) for m in rest.split("/")))
    if name == "meld" and colon:
        return ("meld", _meld(line, tok, rest))
    if name == "lay_off" and colon:
        parts = rest.split(":")
        if len(parts) != 3 or parts[2] not in ("low", "high", "set"):
            raise line.error("expected lay_off:INT:CARD:END with END low, high or set", tok)
        return ("lay_off", _int(line, tok, parts[0]), _card(line, tok, parts[1], "rummy"), parts[2])
    if name == "discard" and colon:
        return ("discard", _card(line, tok, rest, "rummy"))
    if name == "reshuffle" and colon:
        return ("reshuffle", tuple(_cards(line, tok, rest, "rummy")))
    raise line.error(f"expected an action token: {_RUMMY_TOKENS}", tok)


def _rummy_deal(line: Line, names: Sequence[str]) -> tuple[list[list[int]], list[list[int]]]:
    """Bare hands (multisets, any order: reading 3), then the fields ``names``."""
    k = len(names)
    shape = " ".join(f"{n}=…" for n in names)
    if len(line.fields) < k:
        raise line.error(f"expected one hand per seat, then {shape}")
    for tok in line.fields[:-k]:
        if "=" in tok:
            raise line.error(f"expected a hand (a card list); {shape} come last", tok)
    hands = [_cards(line, t, t, "rummy") for t in line.fields[:-k]]
    named = [
        _cards(line, tok, value, "rummy") for tok, value in _fields(line, names, line.fields[-k:])
    ]
    return hands, named


def _rummy_block_lines(st: RummyState) -> list[str]:
    hands, stock, pile = st._text_deal
    return [
        f"hand dealer={st._dealer} index={st._hand_index} totals={_ints_text(st._totals)}",
        _line(
            "deal",
            [_cards_text("rummy", sorted(h)) for h in hands]
            + [f"stock={_cards_text('rummy', stock)}", f"pile={_cards_text('rummy', pile)}"],
        ),
        _line("actions", [_rummy_token(a) for a in st._text_log]),
    ]


def _read_rummy_block(r: _Reader) -> _Block:
    hand = r.take("hand")
    (dt, dv), (it, iv), (tt, tv) = _fields(hand, ("dealer", "index", "totals"))
    values = {
        "dealer": _int(hand, dt, dv),
        "index": _int(hand, it, iv),
        "totals": _int_list(hand, tt, tv),
    }
    block = _Block(hand, values, r.take("deal"))
    block.hands, (block.stock, block.pile) = _rummy_deal(block.deal, ("stock", "pile"))
    block.actions = r.take("actions")
    block.moves = [(t, _rummy_move(block.actions, t)) for t in block.actions.fields]
    return block


class _Unrecorded(Exception):
    """The engine reshuffled where the text has no ``reshuffle`` record."""


class _Mismatch(Exception):
    def __init__(self, cards: list[int]) -> None:
        super().__init__()
        self.cards = cards


class _Scripted(random.Random):
    """The generator of a hand during a replay: a C-19 reshuffle takes the order of the
    text's ``reshuffle`` record instead of drawing it (§5 step 4)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.order: list[int] | None = None
        self.used = False

    def shuffle(self, x: Any, random: Any = None) -> None:
        if self.order is None:
            raise _Unrecorded
        if Counter(x) != Counter(self.order):
            raise _Mismatch(sorted(x))
        x[:] = self.order
        self.used = True


def _rummy_step(
    line: Line,
    token: str | None,
    record: tuple[str, list[int]] | None,
    actions: Line,
    scripted: _Scripted,
    step: Callable[..., None],
    *args: Any,
) -> None:
    """One step of a replay (the deal, or an action); ``record`` is the reshuffle record
    that follows it in the text, if any."""
    scripted.order = None if record is None else record[1]
    scripted.used = False
    after = "this action" if token is not None else "this deal"
    try:
        step(*args)
    except _Unrecorded:
        raise line.error(
            f"after {after} the engine rebuilds the stock from the pile (C-19): the next "
            "action token must be reshuffle:CARDS, the new stock top card first",
            token,
        ) from None
    except _Mismatch as e:
        assert record is not None
        raise actions.error(
            "not an ordering of exactly the cards reshuffled (the pile but its top card): "
            f"{_cards_text('rummy', e.cards)} (C-19)",
            record[0],
        ) from None
    except HeartsFastError as e:
        raise line.error(f"illegal move: {e}", token) from e
    if record is not None and not scripted.used:
        raise actions.error(
            f"the engine does not rebuild the stock after {after} (C-19): a reshuffle record "
            "may not stand here",
            record[0],
        )


def _reshuffle_at(block: _Block, i: int) -> tuple[str, list[int]] | None:
    if i < len(block.moves) and block.moves[i][1][0] == "reshuffle":
        token, move = block.moves[i]
        return token, list(move[1])
    return None


def _rummy_play(
    apply: Callable[[tuple[Any, ...]], None],
    st: RummyState,
    block: _Block,
    h: int,
    scripted: _Scripted,
    start: int = 0,
) -> None:
    i = start
    while i < len(block.moves):
        token, move = block.moves[i]
        if move[0] == "reshuffle":
            raise block.actions.error(
                "a reshuffle record is out of place: it stands only right after the action "
                "(or the deal) after which the engine rebuilt the stock (C-19)",
                token,
            )
        _not_over(st.is_over, block, token, h)
        record = _reshuffle_at(block, i + 1)
        _rummy_step(block.actions, token, record, block.actions, scripted, apply, move)
        i += 1 if record is None else 2


def _check_reachable(st: RummyState, block: _Block) -> None:
    """A replayed hand must be a position play can reach (C-2 .. C-19)."""
    why = st._unreachable_reason()
    if why is not None:
        raise block.actions.error(f"unreachable position: {why}")


def rummy_state_to_text(st: RummyState) -> str:
    lines = [*_head("rummy-state", st.rules), *_rummy_block_lines(st)]
    lines.append(f"future rng={_gen_text(st._rng)}")
    return _join(lines)


def rummy_state_from_text(text: object) -> RummyState:
    from .rummy import _PARAMS, RummyRules, RummyState, validate_deal

    r = _Reader(text, "rummy-state")
    block = _read_rummy_block(r)
    rng = _read_rng(r)
    r.end()
    rules = _read_rules(r.rules, RummyRules, _PARAMS)
    v = block.values
    with _engine(block.hand):
        _, dealer, index, totals, _ = RummyState._check_args(
            rules, v["dealer"], v["index"], v["totals"], None
        )
    with _engine(block.deal, None, "invalid deal: "):
        seats, stock, pile = validate_deal(rules, block.hands, block.stock, block.pile)
    st = RummyState.__new__(RummyState)
    scripted = _Scripted()
    record = _reshuffle_at(block, 0)  # C-19 may rebuild the stock at once (an empty stock)
    _rummy_step(
        block.deal,
        None,
        record,
        block.actions,
        scripted,
        st._setup,
        *(rules, dealer, index, totals, scripted, seats, stock, pile),
    )
    _rummy_play(st.apply, st, block, 0, scripted, 0 if record is None else 1)
    _check_reachable(st, block)
    st._rng = rng
    return st


def rummy_game_to_text(g: RummyGame) -> str:
    sheet = f"totals={_ints_text(g._text_sheet)}"
    lines = _game_lines(g, "rummy-game", sheet, _rummy_block_lines)
    lines.append(f"future rng={_gen_text(g._rng)} hand_rng={_gen_text(g._state._rng)}")
    lines += [
        _line(
            "queued",
            [_cards_text("rummy", sorted(h)) for h in hands]
            + [f"stock={_cards_text('rummy', stock)}"],
        )
        for hands, stock in g._queue
    ]
    return _join(lines)


def rummy_game_from_text(text: object) -> RummyGame:
    from ._common import check_seat
    from .rummy import _PARAMS, RummyGame, RummyRules, _check_totals, validate_deal

    r = _Reader(text, "rummy-game")
    game, first, ((tt, tv),) = r.take_game(("totals",))
    totals = _int_list(game, tt, tv)
    blocks = _read_blocks(r, _read_rummy_block)
    future = r.take("future")
    (gt, gv), (ht, hv) = _fields(future, ("rng", "hand_rng"))
    rng = _gen(future, gt, gv)
    hand_rng = _gen(future, ht, hv)
    queued = []
    for q in r.take_all("queued"):
        hands, (stock,) = _rummy_deal(q, ("stock",))
        queued.append((q, hands, stock))
    r.end()

    rules = _read_rules(r.rules, RummyRules, _PARAMS)
    n = rules.players
    with _engine(game):
        first = check_seat(first, n, "first_dealer")
        _check_totals(rules, totals)
    upcards = 1 if rules.initial_upcard else 0
    for h, block in enumerate(blocks):
        _check_in_turn(block, h, first, n, "C-3")
        if len(block.pile) != upcards:
            token = block.deal.fields[-1]
            raise block.deal.error(
                f"a game hand's pile holds {upcards} card(s) as dealt: the C-4 upcard with "
                f"initial_upcard={_value_text(rules.initial_upcard)}",
                token,
            )
        with _engine(block.deal, None, "invalid deal: "):
            validate_deal(rules, block.hands, block.stock, block.pile)
    for q, hands, stock in queued:
        with _engine(q, None, "invalid queued deal: "):
            validate_deal(rules, hands, stock, None)
    g = RummyGame(
        rules,
        first_dealer=first,
        deals=[(b.hands, b.pile + b.stock) for b in blocks]  # the upcard is the stock's top
        + [(hands, stock) for _, hands, stock in queued],
        totals=totals,
    )
    scripted = _Scripted()

    def check(st: RummyState, block: _Block, h: int) -> None:
        why = f"the game's running totals before hand {h} (C-20, C-21)"
        _check_value(block, "totals", list(st._totals), why)

    def play(st: RummyState, block: _Block, h: int) -> None:
        if not st.is_over:
            st._rng = scripted
        _rummy_play(g.apply, st, block, h, scripted)

    _play_blocks(g, blocks, check, play)
    _check_reachable(g._state, blocks[-1])
    g._rng = rng
    g._state._rng = hand_rng
    return g


#: The writer and the reader of each kind, for the classes' ``to_text`` and ``from_text``.
WRITERS: dict[str, Callable[[Any], str]] = {
    "hearts-state": hearts_state_to_text,
    "hearts-game": hearts_game_to_text,
    "spades-state": spades_state_to_text,
    "spades-game": spades_game_to_text,
    "rummy-state": rummy_state_to_text,
    "rummy-game": rummy_game_to_text,
}
READERS: dict[str, Callable[[object], Any]] = {
    "hearts-state": hearts_state_from_text,
    "hearts-game": hearts_game_from_text,
    "spades-state": spades_state_from_text,
    "spades-game": spades_game_from_text,
    "rummy-state": rummy_state_from_text,
    "rummy-game": rummy_game_from_text,
}
