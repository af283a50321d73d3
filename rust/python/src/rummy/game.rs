//! `RummyGame`: a whole game, delegating play to its current hand.

use super::action::{card_ids, hand_ids, hand_ints, int_list, legal_actions, parse, refused};
use super::rules::PyRummyRules;
use super::state::{extract_totals, PyRummyState};
use crate::convert::{given, opt_seat, opt_seed, seq};
use crate::errors::{type_error, InvalidDealError};
use crate::protocol::{past, protocol_class};
use hearts_engine::rummy::{check_deal, RummyDeal, RummyGame, RummyRules};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

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

protocol_class! {
    PyRummyGame as "RummyGame",
    text: |g| g.0.to_text(),
    read: |t| RummyGame::from_text(t).map(PyRummyGame),
    same: |a, b| past(&a.to_text()) == past(&b.to_text());

    #[new]
    #[pyo3(signature = (rules, *, seed = None, first_dealer = None, deals = None, totals = None))]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        deals: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let r = PyRummyRules::extract(rules)?;
        let rng = Rng::new(opt_seed(seed)?);
        let first_dealer = opt_seat(first_dealer, r.players, "first_dealer")?;
        let deals = extract_deals(&r, deals)?;
        let totals = extract_totals(&r, totals)?;
        Ok(PyRummyGame(RummyGame::new(&r, rng, first_dealer, deals, totals)))
    }

    #[getter]
    fn rules(&self) -> PyRummyRules {
        PyRummyRules(*self.0.rules())
    }
    #[getter]
    fn num_players(&self) -> u8 {
        self.0.rules().players
    }
    #[getter]
    fn state(&self) -> PyRummyState {
        PyRummyState(self.0.state().clone())
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.0.state().phase().name()
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.0.state().current_player()
    }
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_actions(py, self.0.state())
    }
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let (parsed, card) = parse(action)?;
        // try_apply leaves the game unchanged when it refuses.
        if parsed.is_some_and(|a| self.0.try_apply(&a).is_ok()) {
            return Ok(());
        }
        let why = " (see legal_actions())";
        Err(refused(action, card, why, legal_actions(py, self.0.state())?)?)
    }
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals().to_vec()
    }
    #[getter]
    fn hands_played(&self) -> usize {
        self.0.history().len()
    }
    #[getter]
    fn hand_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for h in self.0.history() {
            let d = PyDict::new(py);
            d.set_item("dealer", h.dealer)?;
            d.set_item("hand_scores", &h.hand_scores)?;
            d.set_item("totals", &h.totals)?;
            d.set_item("went_out", h.went_out)?;
            list.append(d)?;
        }
        Ok(list)
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    #[getter]
    fn winners(&self) -> Vec<u32> {
        self.0.winners().iter().map(|&w| u32::from(w)).collect()
    }
}
