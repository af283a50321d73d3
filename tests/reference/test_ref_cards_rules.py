"""Reference engine: cards and HeartsRules (docs/hearts-api.md; docs/rules/hearts.md A.1, A.6)."""

from __future__ import annotations

import pytest
from tests.helpers import assert_preset_refusals

from hearts_fast.reference import (
    ArgumentTypeError,
    HeartsRules,
    InvalidCardError,
    InvalidRulesError,
    card,
    card_name,
)

# ---------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2C", 0),
        ("QS", 49),
        ("qs", 49),
        ("Q♠", 49),
        ("AS", 51),
        ("JD", 22),
        ("TH", 34),
        ("10H", 34),
        ("10♥", 34),
        ("th", 34),
        ("3♣", 1),
        ("K♦", 24),
    ],
)
def test_card_parse(text: str, expected: int) -> None:
    assert card(text) == expected


@pytest.mark.parametrize(
    "text", ["", "Q", "QX", "1H", "11H", "ZS", " QS", "QS ", "Q♤", "QSS", "100H"]
)
def test_card_parse_invalid(text: str) -> None:
    with pytest.raises(InvalidCardError):
        card(text)


def test_card_parse_type() -> None:
    with pytest.raises(ArgumentTypeError):
        card(49)  # type: ignore[arg-type]


def test_card_name_roundtrip() -> None:
    for c in range(54):  # jokers included: one naming for every game (docs/protocol.md)
        assert card(card_name(c)) == c
    assert card_name(49) == "QS"
    assert card_name(34) == "TH"
    assert card_name(0) == "2C"
    assert card_name(52) == "LJ" and card_name(53) == "BJ" and card("JK") == 52


@pytest.mark.parametrize("bad", [-1, 54, 100])
def test_card_name_out_of_range(bad: int) -> None:
    with pytest.raises(InvalidCardError):
        card_name(bad)


@pytest.mark.parametrize("bad", [True, False, "QS", 1.0, None])
def test_card_name_type(bad: object) -> None:
    with pytest.raises(ArgumentTypeError):
        card_name(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- rules

DEFAULTS = {
    "players": 4,
    "deck_adjust": "remove_cards",
    "pass_count": "auto",
    "pass_direction": "left",
    "pass_through": True,
    "first_lead": "left_of_dealer",
    "first_trick_no_points": True,
    "hearts_must_be_broken": True,
    "queen_breaks_hearts": False,
    "early_end": True,
    "scoring": "positive",
    "moon": "subtract_self",
    "target": 100,
    "starting_chips": 100,
    "chips_end": "bust",
    "french_spades": False,
    "jack_of_diamonds": False,
    "moon_requires_jack": True,
    "tie": "play_on",
    "max_hands": None,
    "can_lead_any_club": False,
    "can_lead_hearts_instead_of_qs": False,
    "avoid_all_tricks_bonus": 0,
    "pass_table": "dame_de_pic",
}


def test_A1_defaults_and_attributes() -> None:
    r = HeartsRules()
    assert r.to_dict() == DEFAULTS
    assert list(r.to_dict()) == list(DEFAULTS)
    for k, v in DEFAULTS.items():
        assert getattr(r, k) == v


def test_A1_rules_value_semantics() -> None:
    r = HeartsRules(players=5, scoring="chips", max_hands=3, chips_end="max_hands")
    assert HeartsRules(**r.to_dict()) == r
    assert hash(HeartsRules(**r.to_dict())) == hash(r)
    assert eval(repr(r), {"HeartsRules": HeartsRules}) == r
    assert r != HeartsRules()
    assert len({r, HeartsRules(**r.to_dict()), HeartsRules()}) == 2
    d = r.to_dict()
    d["players"] = 6
    assert r.players == 5  # to_dict returns a copy


def test_A1_rules_read_only() -> None:
    r = HeartsRules()
    with pytest.raises(AttributeError):
        r.players = 5  # type: ignore[misc]
    assert r.players == 4


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("players", 2),
        ("players", 8),
        ("pass_count", 5),
        ("pass_count", -1),
        ("pass_count", "AUTO"),
        ("deck_adjust", "remove"),
        ("pass_direction", "up"),
        ("first_lead", "lowest_club"),
        ("scoring", "points"),
        ("moon", "None"),
        ("target", 0),
        ("starting_chips", 0),
        ("chips_end", "never"),
        ("tie", "split"),
        ("max_hands", 0),
        ("avoid_all_tricks_bonus", -1),
        ("pass_table", "francesa"),
    ],
)
def test_A1_rules_out_of_range(name: str, value: object) -> None:
    with pytest.raises(InvalidRulesError):
        HeartsRules(**{name: value})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("players", True),
        ("players", 4.0),
        ("players", "4"),
        ("pass_count", True),
        ("pass_count", 3.0),
        ("pass_through", 1),
        ("pass_through", "true"),
        ("early_end", None),
        ("scoring", 1),
        ("target", False),
        ("max_hands", True),
        ("max_hands", 2.0),
        ("avoid_all_tricks_bonus", True),
        ("queen_breaks_hearts", 0),
    ],
)
def test_A1_rules_strict_types(name: str, value: object) -> None:
    with pytest.raises(ArgumentTypeError):
        HeartsRules(**{name: value})


def test_A1_rules_unknown_name_and_positional() -> None:
    with pytest.raises(InvalidRulesError, match="allowed"):
        HeartsRules(player=4)
    with pytest.raises(ArgumentTypeError):
        HeartsRules(4)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "params",
    [
        {"jack_of_diamonds": True, "scoring": "chips"},
        {"chips_end": "max_hands"},
        {"chips_end": "max_hands", "scoring": "chips"},
        {"can_lead_any_club": True},
    ],
)
def test_A1_invalid_combinations(params: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        HeartsRules(**params)


def test_A1_valid_combinations() -> None:
    HeartsRules(jack_of_diamonds=True, scoring="negative")
    HeartsRules(chips_end="max_hands", max_hands=5, scoring="chips")
    HeartsRules(can_lead_any_club=True, first_lead="two_of_clubs")


def test_A1_presets() -> None:
    assert HeartsRules.preset("dame_de_pic") == HeartsRules()
    cor = HeartsRules.preset("corazones")
    assert (cor.pass_direction, cor.pass_table, cor.first_lead) == (
        "rotate",
        "corazones",
        "two_of_clubs",
    )
    fr = HeartsRules.preset("francesa")
    assert fr == HeartsRules(**{**cor.to_dict(), "french_spades": True})
    assert HeartsRules.preset("jota_diamantes") == HeartsRules(jack_of_diamonds=True)
    os_ = HeartsRules.preset("openspiel")
    expected = dict(
        DEFAULTS,
        players=4,
        pass_count=3,
        pass_direction="random",
        pass_through=False,
        first_lead="two_of_clubs",
        queen_breaks_hearts=True,
        early_end=False,
        moon="add_others",
        moon_requires_jack=False,
        max_hands=1,
    )
    assert os_.to_dict() == expected
    assert HeartsRules.preset("corazones", players=5).players == 5
    assert_preset_refusals(HeartsRules, "hearts", "jota_diamantes", {"scoring": "chips"})
    with pytest.raises(InvalidRulesError):
        HeartsRules.preset("corazones", bogus=1)


@pytest.mark.parametrize(
    ("players", "removed", "size", "v"),
    [
        (3, [0], 17, 26),
        (4, [], 13, 26),
        (5, [0, 13], 10, 26),
        (6, [0, 13, 26, 1], 8, 25),
        (7, [0, 13, 26], 7, 25),
    ],
)
def test_A3_A4_deck_and_V(players: int, removed: list[int], size: int, v: int) -> None:
    r = HeartsRules(players=players)
    deck = r._deck()
    assert sorted(set(range(52)) - deck) == sorted(removed)
    assert len(deck) == players * size
    assert r._total_penalty() == v
    fr = HeartsRules(players=players, french_spades=True)
    assert fr._total_penalty() == v + 17  # A.4 #1 / V-A2: 43 / 42
    assert HeartsRules(players=players, deck_adjust="deal_all")._deck() == frozenset(range(52))


@pytest.mark.parametrize(
    ("players", "low"),
    [(3, card("3C")), (4, card("2C")), (5, card("3C")), (6, card("4C")), (7, card("3C"))],
)
def test_VA1_lowest_club(players: int, low: int) -> None:
    assert HeartsRules(players=players)._lowest_club() == low
    assert HeartsRules(players=players, deck_adjust="deal_all")._lowest_club() == 0
