//! Argument conversion and validation, one helper per kind of argument, shared by every
//! class and function of the three games.

use crate::errors::{type_error, InvalidArgumentError, InvalidCardError, InvalidDealError};
use hearts_engine::{Card, CardSet};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use pyo3::PyTypeCheck;

pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// `str(obj)` for a message (its type name when Python cannot write it, as for an int of
/// more than 4300 digits).
pub fn shown(obj: &Bound<'_, PyAny>) -> String {
    obj.str().map_or_else(
        |_| format!("a {} too large to write", type_name(obj)),
        |s| s.to_string(),
    )
}

/// An optional argument: `None` when absent or given as Python `None`.
pub fn given<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|o| !o.is_none())
}

/// `obj` as the Python type `T` (`a` names it: "a bool", "a str"), else
/// `ArgumentTypeError`.
fn exact<'a, 'py, T: PyTypeCheck>(
    obj: &'a Bound<'py, PyAny>,
    what: &str,
    a: &str,
) -> PyResult<&'a Bound<'py, T>> {
    obj.cast::<T>()
        .map_err(|_| type_error(format!("{what} must be {a}, got {}", type_name(obj))))
}

/// An `int` argument as given: its value, and how to write it in a message. Ints beyond
/// the `i128` range hold the nearest `i128` as their value (outside every range the package
/// accepts, so every range check refuses them) but are written exactly as given: no message
/// shows a clipped number.
#[derive(Clone, Debug)]
pub struct Int {
    value: i128,
    /// The decimal text of an int beyond the `i128` range.
    text: Option<String>,
}

impl Int {
    /// The value (the nearest `i128` beyond that range).
    pub const fn value(&self) -> i128 {
        self.value
    }

    /// The value as a `T` when it is in `range`, else `refuse` given the value as written.
    pub fn within<T: TryFrom<i128>>(
        &self,
        range: std::ops::RangeInclusive<i128>,
        refuse: impl FnOnce() -> PyErr,
    ) -> PyResult<T> {
        Some(self.value)
            .filter(|v| self.text.is_none() && range.contains(v))
            .and_then(|v| T::try_from(v).ok())
            .ok_or_else(refuse)
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.text {
            Some(t) => f.write_str(t),
            None => write!(f, "{}", self.value),
        }
    }
}

/// An `int` (not a `bool`), or an integer that converts to one exactly through
/// `__index__` (numpy's integer scalars), else `ArgumentTypeError`.
pub fn extract_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Int> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(format!("{what} must be an int, got bool")));
    }
    let index;
    let int = if let Ok(i) = obj.cast::<PyInt>() {
        i
    } else {
        // numpy's bool_ refuses `__index__`, as do floats and everything else.
        index = obj
            .call_method0("__index__")
            .map_err(|_| type_error(format!("{what} must be an int, got {}", type_name(obj))))?;
        exact::<PyInt>(&index, what, "an int")?
    };
    if let Ok(value) = int.extract::<i128>() {
        return Ok(Int { value, text: None });
    }
    Ok(Int {
        value: if int.lt(0i32)? { i128::MIN } else { i128::MAX },
        text: Some(shown(obj)),
    })
}

/// A `bool` (not an int).
pub fn extract_bool(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    Ok(exact::<PyBool>(obj, what, "a bool")?.is_true())
}

/// A `str` that is valid text, else `ArgumentTypeError` (a str holding a lone surrogate
/// such as `'\ud800'` has no UTF-8 form).
pub fn extract_str(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let s = exact::<PyString>(obj, what, "a str")?;
    s.to_cow().map(std::borrow::Cow::into_owned).map_err(|_| {
        type_error(format!(
            "{what} must be valid text (a str without lone surrogates), got {}",
            s.repr()
                .map_or_else(|_| "a str".to_string(), |r| r.to_string())
        ))
    })
}

/// An optional `bool` (None or absent: false).
pub fn opt_bool(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<bool> {
    given(obj)
        .map(|o| extract_bool(o, what))
        .transpose()
        .map(Option::unwrap_or_default)
}

/// A card id `0..=max` from an int already read: 51 for the 52 cards, 52 with the rummy
/// joker (LJ), 53 with both Spades jokers (LJ, BJ); else `InvalidCardError` saying which ids
/// the game takes.
pub fn card_in(id: &Int, max: u8, what: &str) -> PyResult<u8> {
    id.within(0..=i128::from(max), || {
        let jokers = match max {
            51 => "clubs 0, diamonds 1, hearts 2, spades 3",
            52 => "52 = the joker LJ",
            _ => "52 = Little Joker LJ, 53 = Big Joker BJ",
        };
        InvalidCardError::new_err(format!(
            "{what}: a card id must be 0..{max} (suit*13 + rank; {jokers}), got {id}"
        ))
    })
}

/// A card id `0..=max` (see [`card_in`]).
pub fn card_id(obj: &Bound<'_, PyAny>, max: u8, what: &str) -> PyResult<u8> {
    card_in(&extract_int(obj, what)?, max, what)
}

/// A card of the 52 (id 0..=51).
pub fn extract_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    Ok(Card::new_unchecked(card_id(obj, 51, "card")?))
}

/// The items of an iterable, else `ArgumentTypeError` saying `what` must be `a`.
pub fn iterable<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    a: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    obj.try_iter()
        .map_err(|_| type_error(format!("{what} must be {a}, got {}", type_name(obj))))?
        .collect()
}

/// The items of a sequence (not a str), else `ArgumentTypeError`.
pub fn seq<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!("{what} must be a sequence, got str")));
    }
    iterable(obj, what, "a sequence")
}

/// An iterable of card ids 0..=51 (not a str) as a set, with the first card given twice.
pub fn extract_cards(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(CardSet, Option<Card>)> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what} must be an iterable of int card ids, got str (use hearts_fast.card() to parse names)"
        )));
    }
    let mut set = CardSet::EMPTY;
    let mut dup = None;
    for item in iterable(obj, what, "an iterable of int card ids")? {
        let c = extract_card(&item)?;
        if set.contains(c) && dup.is_none() {
            dup = Some(c);
        }
        set.insert(c);
    }
    Ok((set, dup))
}

/// An int in `0..2**64`, else `InvalidArgumentError` (seeds and indices).
fn extract_u64(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    let v = extract_int(obj, what)?;
    v.within(0..=i128::from(u64::MAX), || {
        InvalidArgumentError::new_err(format!("{what} must be an int 0..2**64-1, got {v}"))
    })
}

/// A seed: an int 0..2**64.
pub fn extract_seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    extract_u64(obj, "seed")
}

/// An optional seed (None or absent: 0).
pub fn opt_seed(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    given(obj)
        .map(extract_seed)
        .transpose()
        .map(Option::unwrap_or_default)
}

/// An index argument (`hand_index=`, a batch `index`): an int `0..2**64`, else
/// `InvalidArgumentError` — the one range and error class of every index
/// (docs/protocol.md, Index arguments).
pub fn extract_index(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    extract_u64(obj, what)
}

/// An optional index (None or absent: 0); see [`extract_index`].
pub fn opt_index(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<u64> {
    given(obj)
        .map(|o| extract_index(o, what))
        .transpose()
        .map(Option::unwrap_or_default)
}

/// An optional seat `0..players` (None or absent: 0), else `InvalidDealError`.
pub fn opt_seat(obj: Option<&Bound<'_, PyAny>>, players: u8, what: &str) -> PyResult<u8> {
    let Some(obj) = given(obj) else {
        return Ok(0);
    };
    let d = extract_int(obj, what)?;
    d.within(0..=i128::from(players) - 1, || {
        InvalidDealError::new_err(format!("{what} must be a seat 0..{}, got {d}", players - 1))
    })
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

/// The ids of a card set, ascending.
pub fn ids(set: CardSet) -> Vec<u32> {
    set.into_iter().map(|c| u32::from(c.id())).collect()
}
