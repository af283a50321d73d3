//! Argument conversion and validation shared by the classes.

use crate::errors::{type_error, InvalidCardError, InvalidDealError, InvalidRulesError};
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

/// A str naming one of an option's values, else `InvalidRulesError` listing `allowed`.
pub fn choice<T: Copy>(
    v: &Bound<'_, PyAny>,
    k: &str,
    from: fn(&str) -> Option<T>,
    allowed: &str,
) -> PyResult<T> {
    let s = extract_str(v, k)?;
    from(&s).ok_or_else(|| {
        InvalidRulesError::new_err(format!("{k} must be one of {allowed}; got {s:?}"))
    })
}

/// A rule int in `min..=max`, else `InvalidRulesError`.
pub fn int_in(v: &Bound<'_, PyAny>, k: &str, min: i64, max: i64) -> PyResult<i64> {
    let x = extract_int(v, k)?;
    if x < i128::from(min) || x > i128::from(max) {
        return Err(InvalidRulesError::new_err(format!(
            "{k} must be an int {min}..={max}, got {x}"
        )));
    }
    Ok(x as i64)
}

/// None, or a rule int in `min..=max`.
pub fn opt_int_in(v: &Bound<'_, PyAny>, k: &str, min: i64, max: i64) -> PyResult<Option<i64>> {
    if v.is_none() {
        Ok(None)
    } else {
        int_in(v, k, min, max).map(Some)
    }
}

/// The items of a sequence (not a str), else `ArgumentTypeError`.
pub fn seq<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!("{what} must be a sequence, got str")));
    }
    obj.try_iter()
        .map_err(|_| type_error(format!("{what} must be a sequence, got {}", type_name(obj))))?
        .collect()
}

/// An optional seat `0..players` (None or absent: 0), else `InvalidDealError`.
pub fn opt_seat(obj: Option<&Bound<'_, PyAny>>, players: u8, what: &str) -> PyResult<u8> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(0);
    };
    let d = extract_int(obj, what)?;
    u8::try_from(d)
        .ok()
        .filter(|&d| d < players)
        .ok_or_else(|| {
            InvalidDealError::new_err(format!("{what} must be a seat 0..{}, got {d}", players - 1))
        })
}

/// An index argument (`hand_index=`, a batch `index`): an int `0..2**64`, else
/// `InvalidArgumentError` — the one range and error class of every index
/// (docs/protocol.md, Index arguments).
pub fn extract_index(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let h = extract_int(obj, what)?;
    u64::try_from(h).map_err(|_| {
        crate::errors::InvalidArgumentError::new_err(format!(
            "{what} must be an int 0..2**64-1, got {h}"
        ))
    })
}

/// An optional index (None or absent: 0); see [`extract_index`].
pub fn opt_index(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<u64> {
    obj.filter(|o| !o.is_none())
        .map(|o| extract_index(o, what))
        .transpose()
        .map(Option::unwrap_or_default)
}

/// An optional hand index (None or absent: 0); see [`extract_index`].
pub fn opt_hand_index(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    opt_index(obj, "hand_index")
}

/// An optional seed (None or absent: 0).
pub fn opt_seed(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    obj.filter(|o| !o.is_none())
        .map(extract_seed)
        .transpose()
        .map(|s| s.unwrap_or(0))
}

/// Every rule parameter by name, in `params` order (`to_dict()` of the rules classes).
pub fn params_dict<'py, R>(
    py: Python<'py>,
    rules: &R,
    params: &[&str],
    value: impl Fn(Python<'py>, &R, &str) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let d = pyo3::types::PyDict::new(py);
    for k in params {
        d.set_item(k, value(py, rules, k)?)?;
    }
    Ok(d)
}

/// `Class(name=value, …)` listing the parameters that differ from `default` (the eval-able
/// `repr()` of the rules classes).
pub fn params_repr<'py, R>(
    py: Python<'py>,
    class: &str,
    rules: &R,
    default: &R,
    params: &[&str],
    value: impl Fn(Python<'py>, &R, &str) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<String> {
    let mut parts = Vec::new();
    for k in params {
        let v = value(py, rules, k)?;
        if !v.eq(value(py, default, k)?)? {
            parts.push(format!("{k}={}", v.repr()?));
        }
    }
    Ok(format!("{class}({})", parts.join(", ")))
}
