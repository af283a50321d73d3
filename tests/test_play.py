"""``hearts-fast play`` (docs/play.md), driven headless by Textual's pilot."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from hearts_fast import HeartsGame, HeartsRules, RummyGame, SpadesGame, SpadesRules
from hearts_fast.cli import main
from hearts_fast.errors import InvalidRulesError
from hearts_fast.play import PlayApp, card_label, policy_name, sort_hand

GAME_CLASSES: dict[str, Any] = {"hearts": HeartsGame, "spades": SpadesGame, "rummy": RummyGame}


def drive(app: PlayApp, script: Callable[[Any], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await script(pilot)

    asyncio.run(go())


async def take_hint(app: PlayApp, pilot: Any) -> None:
    """One move of the human: the hint, then Enter (p for a Hearts pass)."""
    await pilot.press("h")
    if isinstance(app.game, HeartsGame) and app.game.phase == "pass":
        await pilot.press("p")
    else:
        await pilot.press("enter")


@pytest.mark.parametrize("kind", ["hearts", "spades", "rummy"])
def test_a_whole_hand_by_keys(kind: str) -> None:
    app = PlayApp(kind, seed=3, hint="heuristic")

    async def script(pilot: Any) -> None:
        assert app.my_turn() or app.game.is_over
        for _ in range(2000):
            if app.game.hands_played:
                break
            await take_hint(app, pilot)
        game = app.game
        assert game.hands_played == 1
        last = game.hand_history[-1]["hand_scores"]
        assert list(game.totals) == list(last)  # the first hand's scores are the totals
        # The game the keys made is a game of the engine: its text form reads back equal.
        assert GAME_CLASSES[kind].from_text(game.to_text()) == game
        status = str(app.status_text())
        assert all(str(v) in status for v in game.totals)
        assert "Hand 1 over" in app.message

    drive(app, script)


def test_keys_undo_and_last_trick() -> None:
    app = PlayApp("hearts", seed=5, hint="heuristic")

    async def script(pilot: Any) -> None:
        await take_hint(app, pilot)  # the pass
        assert app.game.phase == "play"
        before = app.game.to_text()
        hand = app.hand()
        legal = app.legal_cards()
        await pilot.press("right", "left")
        illegal = [c for c in hand if c not in legal]
        if illegal:  # Enter on an illegal card plays nothing
            app.cursor = hand.index(illegal[0])
            await pilot.press("enter")
            assert app.game.to_text() == before
            assert "not a legal play" in app.message
        app.cursor = hand.index(legal[0])
        await pilot.press("enter")
        assert app.game.to_text() != before
        after = app.game.to_text()
        await pilot.press("u")
        assert app.game.to_text() == before
        await pilot.press("enter")  # the same move again: the bots answer the same way
        assert app.game.to_text() == after
        for _ in range(3):
            await take_hint(app, pilot)
        await pilot.press("l")
        assert app.show_last and len(app.last_trick) == 4
        assert "Last trick" in str(app.table_text())
        await pilot.press("u", "u", "u", "u", "u")  # back to the pass
        assert app.game.phase == "pass"

    drive(app, script)


def test_spades_bid_by_arrows() -> None:
    app = PlayApp("spades", seed=1)

    async def script(pilot: Any) -> None:
        assert app.game.phase == "bid"
        await pilot.press("right", "right", "right")
        choice = app.options()[3]
        await pilot.press("enter")
        bids = app.game.state.bids
        assert bids[0] is not None and bids[0].value == choice

    drive(app, script)


@pytest.mark.parametrize("kind", ["hearts", "spades", "rummy"])
def test_save_then_load(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    app = PlayApp(kind, seed=7, hint="heuristic", save_path=path)

    async def script(pilot: Any) -> None:
        for _ in range(3):
            await take_hint(app, pilot)
        await pilot.press("s")

    drive(app, script)
    text = path.read_text(encoding="utf-8")
    assert text == app.game.to_text()
    again = PlayApp("hearts", seed=0, load_text=text)  # the kind is read from the text
    assert again.kind == kind
    assert again.game.to_text() == text


def test_cards_and_hand_order() -> None:
    assert card_label(49) == "Q♠" and card_label(8 + 26) == "10♥" and card_label(52) == "Jk"
    hand = [0, 13, 26, 39, 12, 52]
    assert sort_hand(hand) == [39, 26, 0, 12, 13, 52]


def test_cli_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--game", "nope"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["play", "--bot", "nobody"])
    assert e.value.code == 2
    assert main(["play", "--load", "/nonexistent/game.txt"]) == 2
    assert "hearts-fast:" in capsys.readouterr().err


def test_play_help_explains_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for option in ("--game", "--seed", "--preset", "--rule", "--bot", "--hint", "--save", "--load"):
        assert option in out


def test_import_never_imports_textual() -> None:
    code = "import sys, hearts_fast, hearts_fast.cli; assert 'textual' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_file_that_is_not_a_game_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("hello\n", encoding="utf-8")
    assert main(["play", "--load", str(path)]) == 2


def test_the_end_of_the_game_is_shown() -> None:
    near_end = HeartsGame(HeartsRules(), seed=4, totals=[0, 99, 99, 99]).to_text()
    app = PlayApp("hearts", hint="heuristic", load_text=near_end)

    async def script(pilot: Any) -> None:
        for _ in range(200):
            if app.game.is_over:
                break
            await take_hint(app, pilot)
        assert app.game.is_over
        assert "Game over" in str(app.status_text())
        before = app.game.to_text()
        await pilot.press("enter")
        assert app.game.to_text() == before and "over" in app.message

    drive(app, script)


def test_bots_the_game_lacks_are_usage_errors() -> None:
    assert main(["play", "--game", "hearts", "--bot", "greedy"]) == 2
    assert main(["play", "--game", "rummy", "--bot", "pimc"]) == 2
    assert policy_name("rummy", "heuristic") == "greedy"


def test_rules_header_and_presets() -> None:
    app = PlayApp("hearts", seed=1, rules=HeartsRules.preset("corazones", pass_through=False))
    assert app.preset == "corazones"
    assert str(app.rules_text()) == (
        "Hearts, preset corazones; rules changed from it: pass_through=False"
    )
    plain = PlayApp("spades", seed=1)
    assert str(plain.rules_text()) == "Spades, preset default; rules changed from it: none"
    loaded = PlayApp(load_text=HeartsGame(HeartsRules.preset("openspiel")).to_text())
    assert loaded.preset == "openspiel" and "none" in str(loaded.rules_text())
    assert PlayApp("hearts", preset="francesa").game.rules == HeartsRules.preset("francesa")
    with pytest.raises(InvalidRulesError, match="unknown HeartsRules preset"):
        PlayApp("hearts", preset="nope")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--preset", "nope"], 'unknown HeartsRules preset "nope"; allowed: "default"'),
        (["--game", "spades", "--rule", "blind=1"], 'unknown SpadesRules parameter "blind"'),
        (["--rule", "pass_through=maybe"], "pass_through must be a bool"),
        (["--game", "spades", "--rule", "blind_nil=true", "--rule", "nil=false"], "needs nil"),
    ],
)
def test_cli_bad_rules_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--preset and --rule as simulate reads them: a refused one exits with 2 with the same
    message, saying what is allowed, before any screen is shown."""
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts-fast: ") and message in err
    assert main(["simulate", "--hands", "1", "--no-progress", *argv]) == 2
    assert capsys.readouterr().err == err


def test_cli_rule_syntax_and_load_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "simulate"):
        with pytest.raises(SystemExit) as e:
            main([command, "--rule", "players"])
        assert e.value.code == 2
        assert "argument --rule: takes NAME=VALUE, e.g. players=5" in capsys.readouterr().err
    assert main(["play", "--load", "game.txt", "--preset", "default"]) == 2
    assert "leave out --preset and --rule" in capsys.readouterr().err
    assert main(["play", "--load", "game.txt", "--rule", "players=3"]) == 2


def captured_app(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> PlayApp:
    """The app ``hearts-fast play ARGV`` would run, kept instead of run."""
    apps: list[PlayApp] = []
    monkeypatch.setattr(PlayApp, "run", lambda self, *a, **k: apps.append(self))
    assert main(["play", *argv]) == 0
    (app,) = apps
    return app


def test_cli_play_under_a_preset_and_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spades under --preset openspiel --rule blind_nil=true --rule bemo=true: a whole hand
    played by keys."""
    argv = ["--game", "spades", "--preset", "openspiel", "--seed", "3", "--hint", "heuristic"]
    app = captured_app(monkeypatch, [*argv, "--rule", "blind_nil=true", "--rule", "bemo=true"])
    assert app.game.rules == SpadesRules.preset("openspiel", blind_nil=True, bemo=True)
    assert str(app.rules_text()).endswith("changed from it: blind_nil=True, bemo=True")

    async def script(pilot: Any) -> None:
        for _ in range(100):
            if app.game.hands_played:
                break
            await take_hint(app, pilot)
        assert app.game.hands_played == 1
        assert SpadesGame.from_text(app.game.to_text()) == app.game

    drive(app, script)


def test_cli_play_hearts_with_a_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    app = captured_app(monkeypatch, ["--preset", "corazones", "--rule", "pass_through=false"])
    assert app.game.rules == HeartsRules.preset("corazones", pass_through=False)
    assert app.preset == "corazones"
    again = captured_app(monkeypatch, ["--game", "hearts", "--seed", "3"])
    assert again.game.rules == HeartsRules.preset("dame_de_pic")
