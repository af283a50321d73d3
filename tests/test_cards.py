"""Card vocabulary: ids, names and CardSet (the card encoding of issue #2 / docs/rules/README.md
0.2)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearts_fast as hf
import hearts_fast.reference as ref


@pytest.mark.parametrize(
    ("text", "cid"),
    [
        ("2C", 0),
        ("AC", 12),
        ("2D", 13),
        ("JD", 22),
        ("2H", 26),
        ("TH", 34),
        ("10H", 34),
        ("qs", 49),
        ("Q♠", 49),
        ("10♥", 34),
        ("a♣", 12),
        ("KS", 50),
        ("AS", 51),
        ("7d", 18),
    ],
)
def test_card_ids_follow_suit_times_13_plus_rank(text: str, cid: int) -> None:
    assert hf.card(text) == cid
    assert ref.card(text) == cid


@given(st.integers(0, 53))
def test_card_name_round_trips(cid: int) -> None:
    name = hf.card_name(cid)
    assert hf.card(name) == cid
    assert ref.card_name(cid) == name


@pytest.mark.parametrize("text", ["", "1S", "11S", "QX", "QSS", "Q", "S", "ZZ", "0H", "1OH"])
def test_bad_card_texts_raise_invalid_card_error(text: str) -> None:
    with pytest.raises(hf.InvalidCardError, match="rank"):
        hf.card(text)
    with pytest.raises(hf.InvalidCardError):
        ref.card(text)


@pytest.mark.parametrize("bad", [-1, 54, 1000, 2**70])
def test_card_name_out_of_range(bad: int) -> None:
    with pytest.raises(hf.InvalidCardError, match=r"0\.\.53"):
        hf.card_name(bad)
    with pytest.raises(hf.InvalidCardError):
        ref.card_name(bad)


@pytest.mark.parametrize("bad", [None, 1.5, "QS", True, [1]])
def test_card_name_wrong_type(bad: object) -> None:
    with pytest.raises(hf.ArgumentTypeError):
        hf.card_name(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hf.card(bad if not isinstance(bad, str) else 5)  # type: ignore[arg-type]


@given(st.sets(st.integers(0, 51)), st.sets(st.integers(0, 51)))
def test_cardset_behaves_like_a_python_set(a: set[int], b: set[int]) -> None:
    sa, sb = hf.CardSet(a), hf.CardSet(b)
    assert set(sa) == a and list(sa) == sorted(a) and len(sa) == len(a)
    assert set(sa | sb) == a | b
    assert set(sa & sb) == a & b
    assert set(sa - sb) == a - b
    assert set(sa ^ sb) == a ^ b
    assert sa.issubset(sb) == (a <= b)
    assert sa.isdisjoint(b) == a.isdisjoint(b)
    assert all((c in sa) == (c in a) for c in range(52))
    assert int(sa) == sum(1 << c for c in a)
    assert hf.CardSet(int(sa)) == sa
    assert eval(repr(sa), {"CardSet": hf.CardSet}) == sa
    assert pickle.loads(pickle.dumps(sa)) == sa
    assert hash(sa) == hash(hf.CardSet(sorted(a)))


def test_cardset_layout_and_text() -> None:
    hearts = hf.CardSet.suit(2)
    assert int(hearts) == 0x0000_007F_FC00_0000
    assert repr(hearts) == "CardSet(0x0000_007f_fc00_0000)"
    assert hf.CardSet.from_names("QS 2c, 10h") == hf.CardSet([49, 0, 34])
    assert str(hf.CardSet([49, 0])) == "2C QS"
    assert hf.CardSet([0, 49]).names() == ["2C", "QS"]
    assert "QS" not in hf.CardSet([49])  # only int ids are members
    with pytest.raises(hf.InvalidCardError):
        hf.CardSet([52])
    with pytest.raises(hf.InvalidCardError):
        hf.CardSet(1 << 52)
    with pytest.raises(hf.ArgumentTypeError):
        hf.CardSet("QS")  # type: ignore[arg-type]
