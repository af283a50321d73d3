//! `RummyState`: one hand.

use super::action::{card_ids, hand_ids, hand_ints, int_list, legal_actions, parse, refused};
use super::rules::PyRummyRules;
use crate::convert::{extract_int, given, seq};
use crate::errors::{illegal, InvalidDealError, InvalidRulesError};
use crate::protocol::protocol_class;
use crate::protocol::HandArgs;
use hearts_engine::rummy::sim::batch_state;
use hearts_engine::rummy::{check_deal, RummyRules, RummyState, MAX_TOTAL};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// `totals=`: one int per seat within the engine's limit (None or absent: zeros).
pub fn extract_totals(rules: &RummyRules, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<i64>> {
    let p = usize::from(rules.players);
    let Some(obj) = given(obj) else {
        return Ok(vec![0; p]);
    };
    let items = seq(obj, "totals")?;
    if items.len() != p {
        return Err(InvalidRulesError::new_err(format!(
            "totals must have {p} entries (one per seat), got {}",
            items.len()
        )));
    }
    items
        .iter()
        .map(|x| {
            let v = extract_int(x, "totals")?;
            v.within((-MAX_TOTAL).into()..=MAX_TOTAL.into(), || {
                InvalidRulesError::new_err(format!(
                    "totals entries must be within ±{MAX_TOTAL} (an engine limit), got {v}"
                ))
            })
        })
        .collect()
}

#[doc = crate::docs::stub_doc!("RummyState")]
#[pyclass(name = "RummyState", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyRummyState(pub RummyState);

protocol_class! {
    PyRummyState as "RummyState",
    text: |s| s.0.to_text(),
    read: |t| RummyState::from_text(t).map(PyRummyState),
    same: |a, b| a.0 == b.0,
    hand: |s| s.0 => PyRummyRules,
    from_batch: PyRummyRules => |rules, seed, index| PyRummyState(batch_state(&rules, seed, index).with_log()),
    new(rules; seed, dealer, hand_index, totals)
        "(rules, *, seed=None, dealer=None, hand_index=None, totals=None)" {
        let HandArgs { rules: r, dealer, hand_index, seed } =
            HandArgs::<RummyRules>::extract(rules, dealer, hand_index, seed)?;
        let totals = extract_totals(&r, totals)?;
        let rng = Rng::new(seed);
        Ok(PyRummyState(
            RummyState::deal(&r, dealer, hand_index, totals, rng).with_log(),
        ))
    },
    from_deal(rules, hands, stock; pile, dealer, hand_index, totals, seed)
        "($cls, rules, hands, stock, *, pile=None, dealer=None, hand_index=None, totals=None, seed=None)" {
        let HandArgs { rules: r, dealer, hand_index, seed } =
            HandArgs::<RummyRules>::extract(rules, dealer, hand_index, seed)?;
        let totals = extract_totals(&r, totals)?;
        let rng = Rng::new(seed);
        let hands = hand_ints(hands, "")?;
        let stock = int_list(stock, "stock")?;
        let pile = given(pile).map(|p| int_list(p, "pile")).transpose()?;
        let hands = hand_ids(&hands, "")?;
        let stock = card_ids(&stock, "stock")?;
        let pile = pile.map(|p| card_ids(&p, "pile")).transpose()?;
        check_deal(&r, &hands, &stock, pile.as_deref().unwrap_or(&[]))
            .map_err(|e| InvalidDealError::new_err(e.0))?;
        Ok(PyRummyState(RummyState::new(
            &r,
            &hands,
            &stock,
            pile.as_deref(),
            dealer,
            hand_index,
            totals,
            rng,
            true,
        )))
    };

    #[doc = crate::docs::stub_doc!("RummyState", "legal_actions")]
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_actions(py, &self.0)
    }

    #[doc = crate::docs::stub_doc!("RummyState", "legal_action_count")]
    fn legal_action_count(&self) -> usize {
        self.0.legal_actions().len()
    }

    #[doc = crate::docs::stub_doc!("RummyState", "apply_index")]
    fn apply_index(&mut self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = extract_int(i, "i")?;
        let legal = self.0.sorted_legal_actions();
        let Some(a) = usize::try_from(i.value()).ok().and_then(|k| legal.get(k)) else {
            let allowed = if legal.is_empty() {
                "there is no legal action now".to_string()
            } else {
                format!("it must be 0..{} (an index into legal_actions())", legal.len() - 1)
            };
            return Err(illegal(
                format!("action index {i} is out of range: {allowed}"),
                None,
                legal_actions(py, &self.0)?.unbind(),
            ));
        };
        self.0.apply_unchecked(a);
        Ok(())
    }

    #[doc = crate::docs::stub_doc!("RummyState", "apply")]
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let (parsed, card) = parse(action)?;
        let why = format!(" (phase {:?}; see legal_actions())", self.0.phase().name());
        // try_apply leaves the state unchanged when it refuses.
        if parsed.is_some_and(|a| self.0.try_apply(&a).is_ok()) {
            return Ok(());
        }
        Err(refused(action, card, &why, legal_actions(py, &self.0)?)?)
    }

    #[doc = crate::docs::stub_doc!("RummyState", "totals")]
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals().to_vec()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "hands")]
    #[getter]
    fn hands(&self) -> Vec<Vec<u32>> {
        self.0
            .hands()
            .iter()
            .map(|h| h.to_vec().into_iter().map(u32::from).collect())
            .collect()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "melds")]
    #[getter]
    fn melds<'py>(&self, py: Python<'py>) -> PyResult<Vec<Vec<Bound<'py, PyTuple>>>> {
        self.0
            .melds()
            .iter()
            .map(|ms| ms.iter().map(|m| PyTuple::new(py, m)).collect())
            .collect()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "opened")]
    #[getter]
    fn opened(&self) -> Vec<bool> {
        self.0.opened().to_vec()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "blocked")]
    #[getter]
    fn blocked(&self) -> Vec<bool> {
        self.0.blocked().to_vec()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "stock_size")]
    #[getter]
    fn stock_size(&self) -> usize {
        self.0.stock_size()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "stock")]
    #[getter]
    fn stock(&self) -> Vec<u32> {
        self.0.stock().into_iter().map(u32::from).collect()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "pile")]
    #[getter]
    fn pile(&self) -> Vec<u32> {
        self.0.pile().iter().map(|&c| u32::from(c)).collect()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "turn")]
    #[getter]
    fn turn(&self) -> u32 {
        self.0.turn()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "went_out")]
    #[getter]
    fn went_out(&self) -> Option<u8> {
        self.0.went_out()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "hand_scores")]
    fn hand_scores(&self) -> Vec<i64> {
        self.0.hand_scores()
    }
    #[doc = crate::docs::stub_doc!("RummyState", "totals_after")]
    fn totals_after(&self) -> Vec<i64> {
        self.0.totals_after()
    }
}
