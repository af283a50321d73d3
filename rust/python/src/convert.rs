//! Argument conversion and validation shared by the classes.

use crate::errors::{type_error, InvalidCardError};
use hearts_engine::{Card, CardSet};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// An `int` (not a `bool`), else `ArgumentTypeError`.
pub fn extract_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i128> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(format!("{what} must be an int, got bool")));
    }
    if !obj.is_instance_of::<pyo3::types::PyInt>() {
        return Err(type_error(format!(
            "{what} must be an int, got {}",
            type_name(obj)
        )));
    }
    // An int beyond i128 saturates: every caller's range check then refuses it with its own
    // error class and the allowed range.
    Ok(obj.extract::<i128>().unwrap_or_else(|_| {
        if obj.lt(0i32).unwrap_or(false) {
            i128::MIN
        } else {
            i128::MAX
        }
    }))
}

/// A card id 0..=51.
pub fn extract_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    let id = extract_int(obj, "a card")?;
    u8::try_from(id).ok().and_then(Card::try_new).ok_or_else(|| {
        InvalidCardError::new_err(format!(
            "card id must be 0..51 (suit*13 + rank; clubs 0, diamonds 1, hearts 2, spades 3), got {id}"
        ))
    })
}

/// An iterable of card ids (not a string); duplicates are reported through `dups`.
pub fn extract_cards(
    obj: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<(CardSet, Option<Card>, usize)> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what} must be an iterable of int card ids, got str (use hearts_fast.card() to parse names)"
        )));
    }
    let iter = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what} must be an iterable of int card ids, got {}",
            type_name(obj)
        ))
    })?;
    let mut set = CardSet::EMPTY;
    let mut dup = None;
    let mut n = 0;
    for item in iter {
        let c = extract_card(&item?)?;
        if set.contains(c) && dup.is_none() {
            dup = Some(c);
        }
        set.insert(c);
        n += 1;
    }
    Ok((set, dup, n))
}

/// A seed: an int 0..2**64.
pub fn extract_seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let v = extract_int(obj, "seed")?;
    u64::try_from(v).map_err(|_| {
        crate::errors::InvalidArgumentError::new_err(format!("seed must be 0..2**64-1, got {v}"))
    })
}

/// A `bool` (not an int).
pub fn extract_bool(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    if !obj.is_instance_of::<PyBool>() {
        return Err(type_error(format!(
            "{what} must be a bool, got {}",
            type_name(obj)
        )));
    }
    obj.extract::<bool>()
}

/// A `str`.
pub fn extract_str(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if !obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what} must be a str, got {}",
            type_name(obj)
        )));
    }
    obj.extract::<String>()
}

/// The seats set in a bit mask, ascending.
pub fn seats_of_mask(mask: u8, players: u8) -> Vec<u32> {
    (0..players)
        .filter(|s| mask & (1 << s) != 0)
        .map(u32::from)
        .collect()
}

/// Per-seat counts as Python ints.
pub fn widen(xs: &[u8]) -> Vec<u32> {
    xs.iter().map(|&x| u32::from(x)).collect()
}
