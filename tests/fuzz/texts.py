"""The text fuzzer: the text forms of the six classes of both engines, mutated.

Each example writes a state or game at a random point of play, mutates its text (lines
deleted, repeated or swapped, numbers and words replaced by others of the text or by
adversarial ones, characters inserted or removed, the text cut short) and reads it back in
both engines. Reading may raise a ``HeartsFastError``; a text that is read must describe a
position play can reach: its text round-trips, and random legal moves play it on to its end
(a game: for a few hundred moves) with every card conserved at every step.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hearts_fast.errors import HeartsFastError
from tests.fuzz.calls import Findings
from tests.fuzz.objects import ENGINES, GAMES, check_conserved, make, step
from tests.fuzz.values import EDGE_INTS, EDGE_STRINGS

#: Moves a read-back state must end within (rummy's default turn cap is 500 turns, each at
#: most three actions), and moves a read-back game is followed for.
STATE_MOVES, GAME_MOVES = 4000, 300

TOKEN = re.compile(r"-?\d+|[A-Za-z_]+|\S")


def mutate(text: str, data: st.DataObject) -> str:
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(
            st.sampled_from(["delete", "repeat", "swap", "number", "word", "char", "cut", "drop"])
        )
        i = data.draw(st.integers(0, max(len(lines) - 1, 0)))
        if not lines:
            break
        if op == "delete":
            del lines[i]
        elif op == "repeat":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op in ("number", "word"):
            tokens = [
                m
                for m in TOKEN.finditer(lines[i])
                if m.group().lstrip("-").isdigit() == (op == "number")
            ]
            if tokens:
                m = data.draw(st.sampled_from(tokens))
                if op == "number":
                    new = str(data.draw(st.sampled_from(EDGE_INTS) | st.integers(-3, 120)))
                else:
                    pool = TOKEN.findall(text) + EDGE_STRINGS
                    new = data.draw(st.sampled_from(pool))
                lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]
        elif op == "char" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i])))
            c = data.draw(st.sampled_from([" ", ",", ":", "=", "/", "-", "0", "x", "\ud800", "\t"]))
            lines[i] = lines[i][:k] + c + lines[i][k:]
        elif op == "drop" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + lines[i][k + 1 :]
        elif op == "cut":
            lines = lines[: i + 1]
    return "\n".join(lines)


def check_playable(x: Any, is_game: bool, rng: random.Random) -> str | None:
    """Why `x` is not a reachable position, or None."""
    cls = type(x)
    back = cls.from_text(x.to_text())
    if back != x or back.to_text() != x.to_text():
        return "its text does not round-trip"
    for _ in range(GAME_MOVES if is_game else STATE_MOVES):
        check_conserved(x.state if is_game else x)
        if not step(x, rng):
            return None
    return None if is_game else f"not over after {STATE_MOVES} moves"


def run(findings: Findings, examples: Callable[[Callable[..., None]], Callable[..., None]]) -> None:
    @examples
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        source = data.draw(st.sampled_from(ENGINES))
        game = data.draw(st.sampled_from(GAMES))
        kind = data.draw(st.sampled_from(["state", "game"]))
        x = make(
            source, game, kind, data.draw(st.integers(0, 2**16)), data.draw(st.integers(0, 90))
        )
        text = mutate(x.to_text(), data)
        for m in ENGINES:
            cls = game.state_class(m) if kind == "state" else game.game_class(m)
            label = f"{m.__name__}.{cls.__name__}.from_text"
            example = f"{label}({text!r:.2000})"
            findings.trace(example)
            findings.calls += 1
            try:
                y = cls.from_text(text)
            except HeartsFastError:
                continue
            except Exception as e:
                findings.add(label, f"{type(e).__name__}: {str(e)[:120]}", example)
                continue
            try:
                why = check_playable(y, kind == "game", random.Random(0))
            except Exception as e:
                why = f"playing it on raised {type(e).__name__}: {str(e)[:120]}"
            if why:
                findings.add(label, f"accepted a text that {why}", example)

    fuzz()
