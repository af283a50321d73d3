//! `card()`, `card_name()` and the `CardSet` class.
//!
//! One naming for the three games (docs/protocol.md, Cards): ids 0..51 are `QS`, `TH`, `2C`
//! …, 52 is `LJ` (the Little Joker of Spades, and rummy's joker) and 53 is `BJ` (the Big
//! Joker). `card()` also reads `10H`, lower case, suit symbols and `JK` (= `LJ`).

use crate::convert::{card_id, extract_card, extract_cards, extract_int, extract_str, type_name};
use crate::errors::{type_error, InvalidCardError};
use hearts_engine::{Card, CardSet};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A card name, canonical or an accepted spelling, else `InvalidCardError`.
pub fn parse_card(s: &str) -> PyResult<Card> {
    if s.trim().eq_ignore_ascii_case("JK") {
        return Ok(Card::LITTLE_JOKER);
    }
    s.parse::<Card>().map_err(|e| {
        InvalidCardError::new_err(format!(
            "{e}, or a joker (LJ = 52, BJ = 53; JK is read as LJ); got {s:?}"
        ))
    })
}

#[doc = crate::docs::stub_doc!("card")]
#[pyfunction]
pub fn card(text: &Bound<'_, PyAny>) -> PyResult<u8> {
    if !text.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "card() takes a str such as \"QS\", got {}",
            type_name(text)
        )));
    }
    parse_card(&extract_str(text, "card() argument")?).map(Card::id)
}

#[doc = crate::docs::stub_doc!("card_name")]
#[pyfunction]
pub fn card_name(id: &Bound<'_, PyAny>) -> PyResult<String> {
    let id = card_id(id, 53, "card_name() argument")?;
    Ok(Card::new_unchecked(id).to_string())
}

#[doc = crate::docs::stub_doc!("CardSet")]
#[pyclass(name = "CardSet", module = "hearts_fast._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCardSet(pub CardSet);

fn other_set(obj: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    if let Ok(s) = obj.cast::<PyCardSet>() {
        return Ok(s.get().0);
    }
    Ok(extract_cards(obj, "the other operand")?.0)
}

#[pymethods]
impl PyCardSet {
    #[new]
    #[pyo3(signature = (cards = None))]
    fn new(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let Some(obj) = cards else {
            return Ok(PyCardSet(CardSet::EMPTY));
        };
        if let Ok(s) = obj.cast::<PyCardSet>() {
            return Ok(*s.get());
        }
        if obj.is_instance_of::<pyo3::types::PyInt>()
            && !obj.is_instance_of::<pyo3::types::PyBool>()
        {
            let mask = extract_int(obj, "mask")?;
            return mask
                .within(0..=CardSet::FULL.0.into(), || {
                    InvalidCardError::new_err(format!(
                        "a CardSet mask must be 0..2**52, got {mask}"
                    ))
                })
                .map(|m| PyCardSet(CardSet(m)));
        }
        Ok(PyCardSet(extract_cards(obj, "cards")?.0))
    }

    #[doc = crate::docs::stub_doc!("CardSet", "from_names")]
    #[staticmethod]
    fn from_names(names: &Bound<'_, PyAny>) -> PyResult<Self> {
        if !names.is_instance_of::<PyString>() {
            return Err(type_error(format!(
                "from_names takes a str, got {}",
                type_name(names)
            )));
        }
        let text = extract_str(names, "from_names() argument")?;
        let mut set = CardSet::EMPTY;
        for t in text.split(|c: char| c.is_whitespace() || c == ',') {
            if t.is_empty() {
                continue;
            }
            let c = parse_card(t)?;
            if c.is_joker() {
                return Err(InvalidCardError::new_err(format!(
                    "a CardSet holds the cards 0..51, not jokers; got {t:?}"
                )));
            }
            set.insert(c);
        }
        Ok(PyCardSet(set))
    }

    #[doc = crate::docs::stub_doc!("CardSet", "suit")]
    #[staticmethod]
    fn suit(suit: &Bound<'_, PyAny>) -> PyResult<Self> {
        let s = extract_int(suit, "suit")?;
        let refuse = || {
            InvalidCardError::new_err(format!(
                "suit must be 0..3 (clubs, diamonds, hearts, spades), got {s}"
            ))
        };
        let suit = hearts_engine::Suit::try_new(s.within(0..=3, refuse)?).ok_or_else(refuse)?;
        Ok(PyCardSet(CardSet::suit(suit)))
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        extract_card(item).is_ok_and(|c| self.0.contains(c))
    }
    fn __len__(&self) -> usize {
        self.0.count() as usize
    }
    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }
    fn __int__(&self) -> u64 {
        self.0 .0
    }
    fn __index__(&self) -> u64 {
        self.0 .0
    }
    fn __iter__(&self) -> CardSetIter {
        CardSetIter(self.0)
    }
    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 | other_set(other)?))
    }
    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 & other_set(other)?))
    }
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 - other_set(other)?))
    }
    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 ^ other_set(other)?))
    }
    #[doc = crate::docs::stub_doc!("CardSet", "issubset")]
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_subset(other_set(other)?))
    }
    #[doc = crate::docs::stub_doc!("CardSet", "issuperset")]
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(other_set(other)?.is_subset(self.0))
    }
    #[doc = crate::docs::stub_doc!("CardSet", "isdisjoint")]
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok((self.0 & other_set(other)?).is_empty())
    }
    #[doc = crate::docs::stub_doc!("CardSet", "names")]
    fn names(&self) -> Vec<String> {
        self.0.into_iter().map(|c| c.to_string()).collect()
    }
    fn __repr__(&self) -> String {
        let h = format!("{:016x}", self.0 .0);
        format!(
            "CardSet(0x{}_{}_{}_{})",
            &h[0..4],
            &h[4..8],
            &h[8..12],
            &h[12..16]
        )
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        Ok((slf.get_type().into_any(), (slf.get().0 .0,)))
    }
}

#[pyclass(module = "hearts_fast._core")]
pub struct CardSetIter(CardSet);

#[pymethods]
impl CardSetIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(&mut self) -> Option<u8> {
        self.0.pop_front().map(Card::id)
    }
}
