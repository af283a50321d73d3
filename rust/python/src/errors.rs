//! The Python exception classes (defined in `hearts_fast/errors.py`, shared with the
//! reference engine) and the mapping of the engine's typed errors onto them, in the words of
//! the Python API.

use crate::convert::ids;
use hearts_engine::batch::TooLarge;
use hearts_engine::hearts::sim::DeckOrderError;
use hearts_engine::CardSet;
use hearts_engine::{RulesError, TextError};
use pyo3::prelude::*;
use std::fmt::Display;

pyo3::import_exception!(hearts_fast.errors, InvalidCardError);
pyo3::import_exception!(hearts_fast.errors, InvalidRulesError);
pyo3::import_exception!(hearts_fast.errors, InvalidDealError);
pyo3::import_exception!(hearts_fast.errors, IllegalMoveError);
pyo3::import_exception!(hearts_fast.errors, ArgumentTypeError);
pyo3::import_exception!(hearts_fast.errors, InvalidArgumentError);
pyo3::import_exception!(hearts_fast.errors, ResultTooLargeError);

/// A batch result that cannot be allocated: the bytes it needs, and what to do instead.
pub fn too_large(e: TooLarge) -> PyErr {
    let need = match e.bytes {
        #[allow(clippy::cast_precision_loss)]
        Some(b) => format!("{b} bytes ({:.1} GB)", b as f64 / 1e9),
        None => "more bytes than this machine can address".to_string(),
    };
    ResultTooLargeError::new_err(format!(
        "the result arrays of {} rows need {need}, more than can be allocated; use stream=True \
         for statistics in constant memory, or simulate in parts",
        e.rows
    ))
}

/// An `IllegalMoveError` whose `.legal` is `legal` (cards, bid values, seats or actions):
/// what the matching legality query returns at that moment (docs/protocol.md, Errors).
pub fn illegal<T>(msg: String, card: Option<u8>, legal: T) -> PyErr
where
    T: for<'py> IntoPyObject<'py> + Send + Sync + 'static,
{
    IllegalMoveError::new_err((msg, card, legal))
}

/// A refused card play: the engine's reason and the legal plays, which `.legal` holds.
pub fn play_error(e: impl Display, card: Option<u8>, legal: CardSet) -> PyErr {
    let names: Vec<String> = legal.into_iter().map(|c| c.to_string()).collect();
    let msg = if names.is_empty() {
        format!("{e}; there is no legal play now")
    } else {
        format!("{e}; legal plays: {}", names.join(" "))
    };
    illegal(msg, card, ids(legal))
}

/// Refused caller deck orders (`deals=` of `simulate_hearts`).
pub fn deck_order_error(e: &DeckOrderError) -> PyErr {
    InvalidDealError::new_err(match *e {
        DeckOrderError::Length(n) => format!("deals must have 52 columns, got {n} values"),
        DeckOrderError::NotACard { row, id } => {
            format!("deals[{row}] holds {id}; card ids are 0..51")
        }
        DeckOrderError::Repeated { row, card } => format!(
            "deals[{row}] is not a permutation of 0..51: card {} appears twice",
            card.id()
        ),
    })
}

pub fn deal_error(e: impl Display) -> PyErr {
    InvalidDealError::new_err(e.to_string())
}

pub fn rules_error(e: RulesError) -> PyErr {
    InvalidRulesError::new_err(e.0)
}

pub fn text_error(e: TextError) -> PyErr {
    InvalidArgumentError::new_err(e.to_string())
}

pub fn type_error(msg: String) -> PyErr {
    ArgumentTypeError::new_err(msg)
}
