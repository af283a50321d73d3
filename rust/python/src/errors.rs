//! The Python exception classes (defined in `hearts_fast/errors.py`, shared with the
//! reference engine) and the conversions of engine errors into them.

use hearts_engine::hearts::sim::DeckOrderError;
use hearts_engine::hearts::{DealError, PassError, PlayError};
use hearts_engine::spades::ScoresError;
use hearts_engine::CardSet;
use hearts_engine::{RulesError, TextError};
use pyo3::prelude::*;

pyo3::import_exception!(hearts_fast.errors, InvalidCardError);
pyo3::import_exception!(hearts_fast.errors, InvalidRulesError);
pyo3::import_exception!(hearts_fast.errors, InvalidDealError);
pyo3::import_exception!(hearts_fast.errors, IllegalMoveError);
pyo3::import_exception!(hearts_fast.errors, ArgumentTypeError);
pyo3::import_exception!(hearts_fast.errors, InvalidArgumentError);

pub fn ids(set: CardSet) -> Vec<u32> {
    set.into_iter().map(|c| u32::from(c.id())).collect()
}

/// An `IllegalMoveError` whose `.legal` is the legal cards `legal` (sorted ids).
pub fn illegal(msg: String, card: Option<u8>, legal: CardSet) -> PyErr {
    IllegalMoveError::new_err((msg, card, ids(legal)))
}

/// An `IllegalMoveError` whose `.legal` is `legal` (bid values, seats or actions): what the
/// matching legality query returns at that moment (docs/protocol.md, Errors).
pub fn illegal_with<T>(msg: String, card: Option<u8>, legal: T) -> PyErr
where
    T: for<'py> pyo3::IntoPyObject<'py> + Send + Sync + 'static,
{
    IllegalMoveError::new_err((msg, card, legal))
}

pub fn play_error(e: PlayError, legal: CardSet) -> PyErr {
    let card = match e {
        PlayError::WrongPhase(_) => None,
        PlayError::NotInHand(c)
        | PlayError::MustFollowSuit(c, _)
        | PlayError::MustLead(c, _)
        | PlayError::MustLeadClub(c)
        | PlayError::HeartsNotBroken(c)
        | PlayError::PointsOnFirstTrick(c)
        | PlayError::NotLegal(c) => Some(c.id()),
    };
    let names: Vec<String> = legal.into_iter().map(|c| c.to_string()).collect();
    let msg = if names.is_empty() {
        format!("{e}; there is no legal play now")
    } else {
        format!("{e}; legal plays: {}", names.join(" "))
    };
    illegal(msg, card, legal)
}

/// A refused pass or forward; `legal` is what that seat could do instead (see
/// `state::pass_choices` / `state::forward_choices`).
pub fn pass_error(e: &PassError, legal: Vec<u32>) -> PyErr {
    illegal_with(e.to_string(), None, legal)
}

pub fn deal_error(e: &DealError) -> PyErr {
    InvalidDealError::new_err(e.to_string())
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

/// A refused Spades score sheet (`totals=`, `bags=`).
pub fn scores_error(e: ScoresError) -> PyErr {
    InvalidRulesError::new_err(match e {
        ScoresError::Bags { bags, limit } => format!(
            "each bag counter must be 0..={} (below bags_limit={limit}, B-20), got {bags}",
            limit - 1
        ),
        ScoresError::Total(_) => e.to_string(),
    })
}

pub fn rules_error(e: &RulesError) -> PyErr {
    InvalidRulesError::new_err(e.to_string())
}

pub fn text_error(e: &TextError) -> PyErr {
    InvalidArgumentError::new_err(e.to_string())
}

pub fn type_error(msg: String) -> PyErr {
    ArgumentTypeError::new_err(msg)
}
