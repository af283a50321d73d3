//! `RummyGame`: a whole game, delegating play to its current hand.

use super::action::{card_ids, hand_ids, hand_ints, int_list, legal_actions, parse, refused};
use super::rules::PyRummyRules;
use super::state::{extract_totals, PyRummyState};
use crate::convert::{given, seq};
use crate::errors::{type_error, InvalidDealError};
use crate::protocol::protocol_class;
use crate::protocol::HandArgs;
use hearts_engine::rummy::{check_deal, RummyDeal, RummyGame, RummyHandRecord, RummyRules};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

#[doc = crate::docs::stub_doc!("RummyGame")]
#[pyclass(name = "RummyGame", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyRummyGame(RummyGame);

/// `deals=`: (hands, stock) pairs for the first hands.
fn extract_deals(rules: &RummyRules, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<RummyDeal>> {
    let Some(ds) = given(obj) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (i, d) in seq(ds, "deals")?.iter().enumerate() {
        let pair = seq(d, &format!("deals[{i}]"))?;
        let [hands, stock] = pair.as_slice() else {
            return Err(type_error(format!(
                "deals[{i}] must be a (hands, stock) pair, got {} items",
                pair.len()
            )));
        };
        let hands = hand_ints(hands, &format!("deals[{i}] "))?;
        let stock = int_list(stock, &format!("deals[{i}] stock"))?;
        let hands = hand_ids(&hands, &format!("deals[{i}] "))?;
        let stock = card_ids(&stock, &format!("deals[{i}] stock"))?;
        check_deal(rules, &hands, &stock, &[])
            .map_err(|e| InvalidDealError::new_err(format!("deals[{i}]: {}", e.0)))?;
        out.push((hands, stock));
    }
    Ok(out)
}

/// One entry of `hand_history`.
fn history_entry<'py>(py: Python<'py>, h: &RummyHandRecord) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("dealer", h.dealer)?;
    d.set_item("hand_scores", &h.hand_scores)?;
    d.set_item("totals", &h.totals)?;
    d.set_item("went_out", h.went_out)?;
    Ok(d)
}

protocol_class! {
    game PyRummyGame(RummyGame) as "RummyGame",
    hand: state => PyRummyRules,
    history: |_g, py, h| history_entry(py, h),
    new(rules; seed, first_dealer, deals, totals)
        "(rules, *, seed=None, first_dealer=None, deals=None, totals=None)" {
        let HandArgs { rules: r, dealer: first_dealer, seed, .. } = HandArgs::game(rules, first_dealer, seed)?;
        let deals = extract_deals(&r, deals)?;
        let totals = extract_totals(&r, totals)?;
        Ok(PyRummyGame(RummyGame::new(&r, Rng::new(seed), first_dealer, deals, totals)))
    };

    #[doc = crate::docs::stub_doc!("RummyGame", "state")]
    #[getter]
    fn state(&self) -> PyRummyState {
        PyRummyState(self.0.state().clone())
    }
    #[doc = crate::docs::stub_doc!("RummyGame", "legal_actions")]
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_actions(py, self.0.state())
    }
    #[doc = crate::docs::stub_doc!("RummyGame", "apply")]
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let (parsed, card) = parse(action)?;
        // try_apply leaves the game unchanged when it refuses.
        if parsed.is_some_and(|a| self.0.try_apply(&a).is_ok()) {
            return Ok(());
        }
        let why = " (see legal_actions())";
        Err(refused(action, card, why, legal_actions(py, self.0.state())?)?)
    }
    #[doc = crate::docs::stub_doc!("RummyGame", "totals")]
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals().to_vec()
    }
    #[doc = crate::docs::stub_doc!("RummyGame", "winners")]
    #[getter]
    fn winners(&self) -> Vec<u32> {
        self.0.winners().iter().map(|&w| u32::from(w)).collect()
    }
}
