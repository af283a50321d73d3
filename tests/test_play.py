"""``hearts-fast play`` (docs/play.md), driven headless by Textual's pilot."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from hearts_fast import Bid, HeartsGame, HeartsRules, RummyGame, SpadesGame, SpadesRules
from hearts_fast.cli import main
from hearts_fast.errors import InvalidRulesError
from hearts_fast.play import PlayApp, card_label, policy_name, sort_hand

#: A Python list of numbers as ``str(list)`` prints it (``[0, 0, 0, 0]``).
PY_LIST = re.compile(r"\[-?\d+(, -?\d+)+\]")

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


def keys(app: PlayApp) -> set[str]:
    """The keys the footer offers now (the others are hidden and do nothing)."""
    return set(app.screen.active_bindings)


def actions_line(app: PlayApp) -> list[str]:
    """The ``actions`` line of the current hand in the game's text form."""
    lines = app.game.to_text().splitlines()
    return next(ln for ln in reversed(lines) if ln.startswith("actions")).split()[1:]


def test_hearts_forward_by_key() -> None:
    """A-11: f declares FORWARD instead of a pass; the hand stays as dealt; undo takes it
    back."""
    app = PlayApp("hearts", seed=3, hint="heuristic")

    async def script(pilot: Any) -> None:
        assert app.game.phase == "pass" and app.game.rules.pass_through
        dealt = app.hand()
        assert "f" in keys(app) and "FORWARD" in str(app.choices_text())
        before = app.game.to_text()
        await pilot.press("f")
        game = app.game
        assert isinstance(game, HeartsGame) and game.phase == "play"
        assert "forward:0" in actions_line(app)
        assert app.hand() == dealt  # the bots pass and play up to your turn
        assert game.observation(0).forwarded == [0]
        assert any("FORWARD" in line for line in app.log_lines)
        assert any("the one you were dealt" in line for line in app.log_lines)
        await pilot.press("u")
        assert app.game.to_text() == before and app.log_lines == []
        assert "f" in keys(app)
        await take_hint(app, pilot)  # a pass instead: the cards received are logged
        assert "forward:0" not in actions_line(app)
        assert any(line.startswith("You receive ") for line in app.log_lines)
        assert "f" not in keys(app)

    drive(app, script)


def test_no_forward_without_pass_through() -> None:
    app = PlayApp("hearts", seed=3, rules=HeartsRules(pass_through=False))

    async def script(pilot: Any) -> None:
        assert app.game.phase == "pass"
        assert "f" not in keys(app) and "p" in keys(app)
        assert "FORWARD" not in str(app.choices_text())
        before = app.game.to_text()
        await pilot.press("f")
        assert app.game.to_text() == before

    drive(app, script)


def test_spades_blind_nil_and_bemo_by_keys() -> None:
    """B.3: at the bidding turn the cards are face down while a blind nil is open; m picks
    the bemo, b bids blind nil; undo; v looks (no blind nil then) and Enter bids with a
    bemo."""
    rules = SpadesRules(blind_nil=True, bemo=True)
    app = PlayApp("spades", seed=3, rules=rules)

    async def script(pilot: Any) -> None:
        game = app.game
        assert isinstance(game, SpadesGame) and app.bidding()
        assert game.can_bid_blind() and game.legal_bemos() == ["little", "big"]
        assert app.cards_hidden() and "face down" in str(app.hand_text())
        assert {"b", "v", "m"} <= keys(app) and "r" not in keys(app)
        assert "blind nil" in str(app.choices_text()) and "LITTLE" in str(app.choices_text())
        await pilot.press("h")  # no hint from cards not looked at
        assert "face down" in app.message and app.cursor == 0
        before = game.to_text()
        await pilot.press("m")
        assert app.bemo == "little" and "LITTLE" in app.message
        await pilot.press("b")
        bids = app.game.state.bids
        assert bids[0] == Bid(0, True, True, "little")
        assert "bid:blind:little" in actions_line(app)
        assert "You bid blind nil + LITTLE bemo" in app.log_lines
        assert "You blind nil + LITTLE bemo" in str(app.table_text())
        assert not app.cards_hidden()
        await pilot.press("u")
        assert app.game.to_text() == before and app.bemo is None and app.cards_hidden()
        await pilot.press("v")  # look: the cards show, the blind nil is gone
        assert not app.cards_hidden() and "face down" not in str(app.hand_text())
        assert "b" not in keys(app) and "v" not in keys(app) and "m" in keys(app)
        await pilot.press("b")
        assert app.game.to_text() == before
        await pilot.press("m", "m")
        assert app.bemo == "big"
        await pilot.press("4")  # the digit is the bid: 4 tricks
        assert app.game.state.bids[0] == Bid(4, False, False, "big")
        assert "bid:4:big" in actions_line(app)
        await pilot.press("u", "v")  # looked at stays looked at across undo
        assert not app.cards_hidden()

    drive(app, script)


@pytest.mark.parametrize(("totals", "open_"), [([0, 0], False), ([0, 150], True)])
def test_spades_blind_nil_only_when_the_rules_allow_it(totals: list[int], open_: bool) -> None:
    """blind_nil_min_deficit=100: a blind nil only for a team trailing by 100 or more."""
    behind = SpadesRules(blind_nil=True, blind_nil_min_deficit=100)
    app = PlayApp("spades", load_text=SpadesGame(behind, seed=3, totals=totals).to_text())

    async def script(pilot: Any) -> None:
        assert app.bidding()
        assert app.cards_hidden() is open_ and ("b" in keys(app)) is open_
        assert "m" not in keys(app)  # no bemo in these rules
        if not open_:
            await pilot.press("b")
            assert app.game.state.bids[0] is None

    drive(app, script)


def deficient_game(first_dealer: int, **rules: Any) -> SpadesGame:
    """A Spades game whose first deal gives seat 0 no spade and no J, Q or K (B.3)."""
    mine = [*range(0, 9), 12, 13, 14, 15]  # 2C..TC, AC, 2D, 3D, 4D
    rest = [c for c in range(52) if c not in mine]
    deal = [mine, rest[0:13], rest[13:26], rest[26:39]]
    spades_rules = SpadesRules(deficient_hand="no_spades_no_jqk", **rules)
    return SpadesGame(spades_rules, deals=[deal], first_dealer=first_dealer, seed=1)


def test_spades_redeal_claim_before_the_bots_bid() -> None:
    """B.3: a deficient hand stops the bots before the first bid: k keeps it, r shows it
    and the same dealer deals again; undo takes either back."""
    start = deficient_game(first_dealer=0)  # West bids first
    app = PlayApp("spades", load_text=start.to_text())

    async def script(pilot: Any) -> None:
        assert app.claim_pause() and not app.my_turn()
        assert {"r", "k"} <= keys(app) and "b" not in keys(app)
        assert "claim a redeal" in str(app.status_text())
        assert "claim a redeal" in str(app.choices_text())
        await pilot.press("enter")  # not a bid: the choice is r or k
        assert app.game.to_text() == start.to_text() and "r to claim" in app.message
        await pilot.press("k")
        assert app.game.state.redeal_claims == [] and app.game.state.bids[1] is not None
        assert app.my_turn() and "r" not in keys(app)
        assert "You keep your hand (no redeal claim)" in app.log_lines
        await pilot.press("u")
        assert app.game.to_text() == start.to_text() and app.claim_pause()
        await pilot.press("r")
        state = app.game.state
        assert state.redeal_claims == [0] and state.dealer == 0
        assert any(ln.startswith("redeal 0 ") for ln in app.game.to_text().splitlines())
        assert any(ln.startswith("You show 2♣ 3♣") for ln in app.log_lines)
        assert "Redeals claimed this hand: You" in str(app.table_text())
        assert app.my_turn() or app.claim_pause()
        await pilot.press("u")
        assert app.game.to_text() == start.to_text() and app.claim_pause()

    drive(app, script)


def test_spades_redeal_claim_at_your_own_bid() -> None:
    start = deficient_game(first_dealer=3)  # you bid first
    app = PlayApp("spades", load_text=start.to_text())

    async def script(pilot: Any) -> None:
        assert app.bidding() and app.claim_open() and not app.claim_pause()
        assert "r" in keys(app) and "k" not in keys(app)
        assert "claim a redeal" in str(app.choices_text())
        await pilot.press("r")
        assert app.game.state.redeal_claims == [0]

    drive(app, script)


def test_spades_no_claim_pause_while_a_blind_nil_is_open() -> None:
    """The cards are face down while a blind nil is open: the human cannot know the hand is
    deficient, so the bots do not wait (docs/play.md)."""
    app = PlayApp("spades", load_text=deficient_game(0, blind_nil=True).to_text())

    async def script(pilot: Any) -> None:
        assert app.bidding() and app.cards_hidden() and not app.claim_open()
        assert app.game.state.bids[1] is not None

    drive(app, script)


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
    """Spades under --rule blind_nil=true --rule bemo=true: a blind nil with a BIG bemo made
    by keys, then a whole hand played."""
    argv = ["--game", "spades", "--preset", "openspiel", "--seed", "3", "--hint", "heuristic"]
    app = captured_app(monkeypatch, [*argv, "--rule", "blind_nil=true", "--rule", "bemo=true"])
    assert app.game.rules == SpadesRules.preset("openspiel", blind_nil=True, bemo=True)
    assert str(app.rules_text()).endswith("changed from it: blind_nil=True, bemo=True")

    async def script(pilot: Any) -> None:
        assert app.blind_allowed()
        await pilot.press("m", "m", "b")
        assert app.game.state.bids[0] == Bid(0, True, True, "big")
        for _ in range(100):
            if app.game.hands_played:
                break
            await take_hint(app, pilot)
        assert app.game.hands_played == 1
        assert SpadesGame.from_text(app.game.to_text()) == app.game
        assert "bid:blind:big" in app.game.to_text()  # the first hand's, in the game's text

    drive(app, script)


def test_cli_play_hearts_with_a_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    app = captured_app(monkeypatch, ["--preset", "corazones", "--rule", "pass_through=false"])
    assert app.game.rules == HeartsRules.preset("corazones", pass_through=False)
    assert app.preset == "corazones"
    again = captured_app(monkeypatch, ["--game", "hearts", "--seed", "3"])
    assert again.game.rules == HeartsRules.preset("dame_de_pic")

    async def script(pilot: Any) -> None:
        await pilot.press("f")
        assert "forward:0" in actions_line(again)

    drive(again, script)


def test_the_log_follows_packets_through_forwarders() -> None:
    """A-11: with every other seat forwarding, the human's own packet comes back to it."""
    app = PlayApp("hearts", seed=3)

    async def script(pilot: Any) -> None:
        for seat in (1, 2, 3):  # as a bot's ("forward", seat) move would be made
            app.apply(seat, ("forward", seat))
        assert app.log_lines == [
            "West declares FORWARD",
            "North declares FORWARD",
            "East declares FORWARD",
        ]
        dealt = app.hand()
        await pilot.press("1", "2", "3", "4", "p")
        assert app.game.phase == "play" and app.hand() == dealt
        assert "Your own cards came back to you through the forwarders" in app.log_lines

    drive(app, script)


@pytest.mark.parametrize(
    ("typed", "bid"),
    [
        (["4"], 4),
        (["9"], 9),
        (["1", "enter"], 1),
        (["1", "0"], 10),
        (["1", "3"], 13),
        (["n"], 0),
        (["0"], 0),
    ],
)
def test_B6_spades_bids_are_typed_as_numbers(typed: list[str], bid: int) -> None:
    """B-6: the digits typed are the bid (two digits for 10-13, n for nil), at 80x24."""
    app = PlayApp("spades", seed=3, rules=SpadesRules())

    async def script(pilot: Any) -> None:
        assert app.bidding() and "n" in keys(app)
        await pilot.press(*typed)
        placed = app.game.state.bids[0]
        assert placed is not None and placed.value == bid and not placed.blind
        assert placed.nil == (bid == 0)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(go())


def test_B6_a_bid_that_cannot_be_typed_says_so() -> None:
    app = PlayApp("spades", seed=3, rules=SpadesRules())

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1", "7")
            assert app.game.state.bids[0] is None and "No bid of 17" in app.message
            await pilot.press("1")
            assert "Enter bids 1" in app.message and app.game.state.bids[0] is None
            await pilot.press("left")  # moving the cursor forgets the typed 1
            assert not app.typed_one

    asyncio.run(go())


@pytest.mark.parametrize("kind", ["hearts", "spades", "rummy"])
def test_the_screens_fit_80x24_and_speak_words(kind: str) -> None:
    """At 80x24 every part of the screen, the log included, ends above the footer, through a
    whole hand; the status shows names with numbers, never a Python list; the rummy hand's
    end speaks of no trick."""
    app = PlayApp(kind, seed=3, hint="heuristic")

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(2000):
                if app.game.hands_played:
                    break
                await take_hint(app, pilot)
                if _ % 25 == 0:
                    await pilot.pause()
                    for part in ("rules", "status", "table", "hand", "choices", "log"):
                        assert app.query_one(f"#{part}").region.bottom <= 23, part
                    shown = str(app.status_text()) + str(app.table_text())
                    assert not PY_LIST.search(shown), shown
            assert app.game.hands_played == 1
            assert "Hand 1 over: hand scores " in app.message
            assert not PY_LIST.search(app.message), app.message
            assert ("trick" in app.message) == (kind != "rummy")

    asyncio.run(go())
