//! `SpadesGame`: a whole game, delegating play to its current hand.

use super::rules::PySpadesRules;
use super::state::{
    checked_claim, deficient_seats, extract_deals, extract_scores, extract_spades_card, py_bid,
    refused_play, PySpadesState,
};
use crate::convert::{ids, widen};
use crate::errors::illegal;
use crate::protocol::HandArgs;

use hearts_engine::spades::{HandRecord, SpadesGame};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[doc = crate::docs::stub_doc!("SpadesGame")]
#[pyclass(name = "SpadesGame", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PySpadesGame(SpadesGame);

/// One entry of `hand_history`.
fn history_entry<'py>(py: Python<'py>, h: &HandRecord) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("dealer", h.dealer)?;
    let bids = h
        .bids
        .iter()
        .map(|b| py_bid(py, Some(*b)))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("bids", bids)?;
    d.set_item("tricks_taken", widen(&h.tricks_taken))?;
    d.set_item("hand_scores", h.score.scores)?;
    d.set_item("hand_bags", h.score.bags)?;
    let reneges: Vec<(usize, u8, u8)> = h.reneges.iter().map(|&(t, s, c)| (t, s, c.id())).collect();
    d.set_item("reneges", reneges)?;
    d.set_item("boston", h.score.boston)?;
    d.set_item("totals", h.totals)?;
    d.set_item("bags", h.score.bags_after)?;
    Ok(d)
}

spades_class! {
    hand: |g| g.0.state(),
    act: |g, f| g.0.act(f);
    game PySpadesGame(SpadesGame) as "SpadesGame",
    hand: state => PySpadesRules,
    history: |_g, py, h| history_entry(py, h),
    new(rules; seed, first_dealer, deals, totals, bags)
        "(rules, *, seed=None, first_dealer=None, deals=None, totals=None, bags=None)" {
        let HandArgs { rules, dealer: first_dealer, seed, .. } = HandArgs::game(rules, first_dealer, seed)?;
        let deals = extract_deals(&rules, deals, "deals")?;
        let (totals, bags) = extract_scores(&rules, totals, bags)?;
        let rng = Rng::new(seed);
        Ok(PySpadesGame(SpadesGame::new(&rules, rng, first_dealer, deals, totals, bags)))
    };

    #[doc = crate::docs::stub_doc!("SpadesGame", "state")]
    #[getter]
    fn state(&self) -> PySpadesState {
        PySpadesState::wrap(self.0.state().clone())
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "observation")]
    fn observation(&self, seat: &Bound<'_, PyAny>) -> PyResult<crate::info::PySpadesInfo> {
        let seat = crate::info::extract_observer(seat, 4)?;
        hearts_engine::spades::info::SpadesInfo::observe(self.0.state(), seat)
            .map(crate::info::PySpadesInfo)
            .ok_or_else(|| crate::errors::InvalidArgumentError::new_err("no such seat"))
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "claim_redeal")]
    fn claim_redeal(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = checked_claim(self.0.state(), seat)?;
        self.0
            .claim_redeal(seat)
            .map_err(|e| illegal(e.to_string(), None, deficient_seats(self.0.state())))
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "legal_plays")]
    fn legal_plays(&self) -> Vec<u32> {
        ids(self.0.state().legal_plays())
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "play")]
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = extract_spades_card(card)?;
        self.0
            .act(|s| s.try_play(c))
            .map_err(|e| refused_play(self.0.state(), c, e))
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "totals")]
    #[getter]
    fn totals(&self) -> [i64; 2] {
        self.0.totals()
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "bags")]
    #[getter]
    fn bags(&self) -> [i64; 2] {
        self.0.bags()
    }
    #[doc = crate::docs::stub_doc!("SpadesGame", "winners")]
    #[getter]
    fn winners(&self) -> Vec<u32> {
        (0..2).filter(|t| self.0.winners() >> t & 1 != 0).collect()
    }
}
