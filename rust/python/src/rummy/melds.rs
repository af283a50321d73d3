//! `is_valid_meld`, `meld_value` and `all_melds`.

use super::action::{card_ids, int_list, meld_ints};
use super::rules::PyRummyRules;
use crate::convert::{extract_bool, given};
use crate::errors::{InvalidArgumentError, InvalidDealError};
use hearts_engine::rummy::{is_deck_meld, Multiset};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

#[doc = crate::docs::stub_doc!("all_melds")]
#[pyfunction]
#[pyo3(signature = (rules, hand, allow_jokers = None))]
pub fn all_melds<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hand: &Bound<'py, PyAny>,
    allow_jokers: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let r = PyRummyRules::extract(rules)?;
    let ints = int_list(hand, "hand")?;
    let allow = given(allow_jokers)
        .map(|a| extract_bool(a, "allow_jokers"))
        .transpose()?
        .unwrap_or(true);
    let hand = Multiset::within_deck(&card_ids(&ints, "hand")?).map_err(|(id, n)| {
        InvalidDealError::new_err(format!(
            "hand holds card {id} {n} times, more often than the 108-card deck (two of each \
             face, four jokers; C-2)"
        ))
    })?;
    hearts_engine::rummy::all_melds(&r, &hand, allow)
        .iter()
        .map(|m| PyTuple::new(py, m))
        .collect()
}

#[doc = crate::docs::stub_doc!("is_valid_meld")]
#[pyfunction]
pub fn is_valid_meld(rules: &Bound<'_, PyAny>, meld: &Bound<'_, PyAny>) -> PyResult<bool> {
    let r = PyRummyRules::extract(rules)?;
    let m = card_ids(&meld_ints(meld, "meld")?, "meld")?;
    Ok(is_deck_meld(&r, &m))
}

#[doc = crate::docs::stub_doc!("meld_value")]
#[pyfunction]
pub fn meld_value(rules: &Bound<'_, PyAny>, meld: &Bound<'_, PyAny>) -> PyResult<i64> {
    let r = PyRummyRules::extract(rules)?;
    let m = card_ids(&meld_ints(meld, "meld")?, "meld")?;
    if !is_deck_meld(&r, &m) {
        return Err(InvalidArgumentError::new_err(format!(
            "{m:?} is not a valid canonical meld (C-6..C-8)"
        )));
    }
    Ok(hearts_engine::rummy::meld_value(&r, &m))
}
