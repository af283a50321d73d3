//! `SpadesRules`, `SpadesState` and `SpadesGame`: conversion, validation and error mapping
//! for the engine's Spades (docs/spades-api.md).

use crate::convert::{
    choice, extract_bool, extract_int, extract_seed, extract_str, int_in, opt_hand_index,
    opt_int_in, opt_seat, opt_seed, seq, type_name, widen,
};
use crate::errors::{
    ids, illegal, illegal_with, text_error, type_error, InvalidCardError, InvalidDealError,
};
use crate::errors::{rules_error, InvalidRulesError};
use hearts_engine::hearts::policy::Policy as HeartsPolicy;
use hearts_engine::spades::policy::{self as spades_policy, Policy};
use hearts_engine::spades::sim;
use hearts_engine::spades::{
    check_deal, deal_random, param_text, Bemo, Boston, Deal, DeficientHand, FirstLead, NilTricks,
    Phase, RedealSource, Renege, SetPenalty, SpadesGame, SpadesPreset, SpadesRules, SpadesState,
    MAX_PARAM, PARAMS,
};
use hearts_engine::{Card, CardSet, Portable, Rng};
use hearts_engine::{RulesError, Tie};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyType};
use std::collections::VecDeque;

// ---------------------------------------------------------------- cards

/// A Spades card id 0..=53 (jokers 52 and 53).
pub fn extract_spades_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    let id = extract_int(obj, "a card")?;
    u8::try_from(id)
        .ok()
        .and_then(Card::try_new_with_jokers)
        .ok_or_else(|| {
            InvalidCardError::new_err(format!(
                "a Spades card id must be 0..53 (suit*13 + rank; 52 = Little Joker, \
                 53 = Big Joker), got {id}"
            ))
        })
}

// ---------------------------------------------------------------- rules

#[pyclass(name = "SpadesRules", module = "hearts_fast._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySpadesRules(pub SpadesRules);

fn set_param(r: &mut SpadesRules, k: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let m = MAX_PARAM;
    match k {
        "players" => {
            extract_int(v, k)?;
            let x = int_in(v, k, i64::MIN, i64::MAX).unwrap_or(0);
            if x != 4 {
                return Err(InvalidRulesError::new_err(format!(
                    "players must be 4 (Spades is two fixed partnerships, B-1), got {x}"
                )));
            }
        }
        "win_score" => r.win_score = int_in(v, k, 1, m)?,
        "lose_score" => r.lose_score = opt_int_in(v, k, -m, m)?,
        "negative_inverse_loses" => r.negative_inverse_loses = extract_bool(v, k)?,
        "nil" => r.nil = extract_bool(v, k)?,
        "nil_value" => r.nil_value = int_in(v, k, 0, m)?,
        "blind_nil" => r.blind_nil = extract_bool(v, k)?,
        "blind_nil_value" => r.blind_nil_value = int_in(v, k, 0, m)?,
        "blind_nil_min_deficit" => r.blind_nil_min_deficit = int_in(v, k, 0, m)?,
        "nil_tricks" => {
            r.nil_tricks = choice(v, k, NilTricks::from_name, &NilTricks::allowed())?;
        }
        "set_penalty" => {
            r.set_penalty = choice(v, k, SetPenalty::from_name, &SetPenalty::allowed())?;
        }
        "bags" => r.bags = extract_bool(v, k)?,
        "bags_limit" => r.bags_limit = int_in(v, k, 1, m)?,
        "bags_penalty" => r.bags_penalty = int_in(v, k, 0, m)?,
        "first_trick_no_spade_lead" => r.first_trick_no_spade_lead = extract_bool(v, k)?,
        "spades_broken" => r.spades_broken = extract_bool(v, k)?,
        "first_lead" => r.first_lead = choice(v, k, FirstLead::from_name, &FirstLead::allowed())?,
        "face_up_first_four" => r.face_up_first_four = extract_bool(v, k)?,
        "ten_for_two_hundred" => r.ten_for_two_hundred = extract_bool(v, k)?,
        "mirror" => r.mirror = extract_bool(v, k)?,
        "jokers" => r.jokers = extract_bool(v, k)?,
        "fourteen_partnership" => r.fourteen_partnership = extract_bool(v, k)?,
        "boston" => r.boston = choice(v, k, Boston::from_name, &Boston::allowed())?,
        "bemo" => r.bemo = extract_bool(v, k)?,
        "suicide" => r.suicide = extract_bool(v, k)?,
        "deficient_hand" => {
            r.deficient_hand = choice(v, k, DeficientHand::from_name, &DeficientHand::allowed())?;
        }
        "renege" => r.renege = choice(v, k, Renege::from_name, &Renege::allowed())?,
        "tie" => r.tie = choice(v, k, Tie::from_name, &Tie::allowed())?,
        "max_hands" => r.max_hands = opt_int_in(v, k, 1, m)?.map(|x| x as u32),
        "team_bid_cap" => r.team_bid_cap = extract_bool(v, k)?,
        _ => {
            return Err(InvalidRulesError::new_err(format!(
                "unknown SpadesRules parameter {k:?}; allowed: {}",
                PARAMS.join(", ")
            )))
        }
    }
    Ok(())
}

fn build(mut r: SpadesRules, params: Option<&Bound<'_, PyDict>>) -> PyResult<PySpadesRules> {
    if let Some(d) = params {
        for (k, v) in d.iter() {
            let k: String = k.extract()?;
            set_param(&mut r, &k, &v)?;
        }
    }
    r.validate().map_err(|e: RulesError| rules_error(&e))?;
    Ok(PySpadesRules(r))
}

fn value<'py>(py: Python<'py>, r: &SpadesRules, k: &str) -> PyResult<Bound<'py, PyAny>> {
    let text = param_text(r, k).ok_or_else(|| {
        pyo3::exceptions::PyAttributeError::new_err(format!(
            "'SpadesRules' object has no attribute {k:?}"
        ))
    })?;
    let b = |x: bool| x.into_pyobject(py).map(|o| o.to_owned().into_any());
    Ok(match k {
        "players" => r.players.into_pyobject(py)?.into_any(),
        "win_score" => r.win_score.into_pyobject(py)?.into_any(),
        "lose_score" => r.lose_score.into_pyobject(py)?.into_any(),
        "nil_value" => r.nil_value.into_pyobject(py)?.into_any(),
        "blind_nil_value" => r.blind_nil_value.into_pyobject(py)?.into_any(),
        "blind_nil_min_deficit" => r.blind_nil_min_deficit.into_pyobject(py)?.into_any(),
        "bags_limit" => r.bags_limit.into_pyobject(py)?.into_any(),
        "bags_penalty" => r.bags_penalty.into_pyobject(py)?.into_any(),
        "max_hands" => r.max_hands.into_pyobject(py)?.into_any(),
        _ if text == "true" => b(true)?,
        _ if text == "false" => b(false)?,
        _ => text.into_pyobject(py)?.into_any(),
    })
}

#[pymethods]
impl PySpadesRules {
    #[new]
    #[pyo3(signature = (*args, **params))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if !args.is_empty() {
            return Err(type_error(format!(
                "SpadesRules takes keyword arguments only (name=value, as in B.1 of docs/rules/spades.md), \
                 got {} positional",
                args.len()
            )));
        }
        build(SpadesRules::default(), params)
    }

    #[classmethod]
    #[pyo3(signature = (name, **overrides))]
    fn preset(
        _cls: &Bound<'_, PyType>,
        name: &Bound<'_, PyAny>,
        overrides: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let n = extract_str(name, "preset name")?;
        let p = SpadesPreset::from_name(&n).ok_or_else(|| {
            InvalidRulesError::new_err(format!(
                "unknown Spades preset {n:?}; allowed: {}",
                SpadesPreset::allowed()
            ))
        })?;
        build(SpadesRules::preset(p), overrides)
    }

    #[classattr]
    fn presets() -> Vec<&'static str> {
        SpadesPreset::ALL.iter().map(|p| p.name()).collect()
    }

    #[classattr]
    fn parameters() -> Vec<&'static str> {
        PARAMS.to_vec()
    }

    #[pyo3(signature = (**overrides))]
    fn replace(&self, overrides: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        build(self.0, overrides)
    }

    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        value(py, &self.0, name)
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::convert::params_dict(py, &self.0, PARAMS, value)
    }

    /// Derived: the 52 cards in play (B-2, B.3 #5).
    fn deck(&self) -> Vec<u32> {
        ids(self.0.deck())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let default = SpadesRules::default();
        crate::convert::params_repr(py, "SpadesRules", &self.0, &default, PARAMS, value)
    }

    #[staticmethod]
    fn _from_dict(params: &Bound<'_, PyDict>) -> PyResult<Self> {
        build(SpadesRules::default(), Some(params))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        Ok((
            slf.get_type().getattr("_from_dict")?,
            (slf.get().to_dict(slf.py())?,),
        ))
    }
}

pub fn extract_spades_rules(obj: &Bound<'_, PyAny>) -> PyResult<SpadesRules> {
    obj.cast::<PySpadesRules>().map(|r| r.get().0).map_err(|_| {
        type_error(format!(
            "rules must be a SpadesRules, got {}",
            type_name(obj)
        ))
    })
}

// ---------------------------------------------------------------- arguments

/// A deal: 4 sequences of 13 Spades card ids in dealt order (types, ids, then the deal).
pub fn extract_spades_deal(
    rules: &SpadesRules,
    obj: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<Deal> {
    let mut hands = Vec::new();
    for (seat, h) in seq(obj, what)?.iter().enumerate() {
        let mut cards = Vec::new();
        for c in seq(h, &format!("{what}[{seat}]"))? {
            cards.push(extract_spades_card(&c)?.id());
        }
        hands.push(cards);
    }
    check_deal(rules, &hands).map_err(|e| InvalidDealError::new_err(format!("{what}: {e}")))
}

fn extract_deals(
    rules: &SpadesRules,
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
) -> PyResult<Vec<Deal>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Vec::new());
    };
    seq(obj, what)?
        .iter()
        .enumerate()
        .map(|(i, d)| extract_spades_deal(rules, d, &format!("{what}[{i}]")))
        .collect()
}

fn extract_pair(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<[i64; 2]> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok([0, 0]);
    };
    let items = seq(obj, what)?;
    if items.len() != 2 {
        return Err(InvalidRulesError::new_err(format!(
            "{what} must have 2 entries (team 0, team 1), got {}",
            items.len()
        )));
    }
    let mut out = [0i64; 2];
    for (slot, x) in out.iter_mut().zip(&items) {
        let v = extract_int(x, what)?;
        *slot = i64::try_from(v).map_err(|_| {
            InvalidRulesError::new_err(format!("{what} entries are out of range, got {v}"))
        })?;
    }
    Ok(out)
}

fn scores(
    rules: &SpadesRules,
    totals: Option<&Bound<'_, PyAny>>,
    bags: Option<&Bound<'_, PyAny>>,
) -> PyResult<([i64; 2], [i64; 2])> {
    let t = extract_pair(totals, "totals")?;
    SpadesState::check_scores(rules, t, [0, 0]).map_err(crate::errors::scores_error)?;
    let b = extract_pair(bags, "bags")?;
    SpadesState::check_scores(rules, t, b).map_err(crate::errors::scores_error)?;
    Ok((t, b))
}

// ---------------------------------------------------------------- actions shared with the game

/// The `hearts_fast.Bid` named tuple class (defined in Python, `hearts_fast/_types.py`).
static BID: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A bid as Python sees it: `Bid(value, nil, blind, bemo)`, or None for no bid yet.
fn py_bid(py: Python<'_>, b: Option<hearts_engine::spades::Bid>) -> PyResult<Bound<'_, PyAny>> {
    match b {
        None => Ok(py.None().into_bound(py)),
        Some(b) => BID.import(py, "hearts_fast._types", "Bid")?.call1((
            b.value,
            b.nil,
            b.blind,
            b.bemo.map(Bemo::name),
        )),
    }
}

fn legal_bid_list(s: &SpadesState) -> Vec<u32> {
    let m = s.legal_bids();
    (0..14).filter(|n| m >> n & 1 != 0).collect()
}

fn seat_list(mask: u8) -> Vec<u32> {
    (0..4).filter(|s| mask >> s & 1 != 0).collect()
}

/// Converts and checks `bid(n, blind=, bemo=)` without applying it; a refused bid's
/// `.legal` is `legal_bids()`.
fn checked_bid(
    s: &SpadesState,
    n: &Bound<'_, PyAny>,
    blind: Option<&Bound<'_, PyAny>>,
    bemo: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u8, bool, Option<Bemo>)> {
    let value = extract_int(n, "n")?;
    let blind = blind
        .filter(|b| !b.is_none())
        .map(|b| extract_bool(b, "blind"))
        .transpose()?
        .unwrap_or(false);
    let bemo_name = match bemo.filter(|b| !b.is_none()) {
        None => None,
        Some(b) => Some(extract_str(b, "bemo")?),
    };
    let refuse = |msg: String| illegal_with(msg, None, legal_bid_list(s));
    let bemo = match bemo_name {
        None => None,
        Some(name) => Some(Bemo::from_name(&name).ok_or_else(|| {
            refuse(format!(
                "bemo must be None, \"little\" or \"big\", got {name:?}"
            ))
        })?),
    };
    let Ok(v) = u8::try_from(value) else {
        if s.phase() != Phase::Bid {
            return Err(refuse(format!(
                "no bid is possible in phase {:?}",
                s.phase().name()
            )));
        }
        return Err(refuse(format!(
            "a bid must be 0..13 tricks (B-7), got {value}"
        )));
    };
    s.check_bid(v, blind, bemo)
        .map_err(|e| refuse(e.to_string()))?;
    Ok((v, blind, bemo))
}

fn checked_play(s: &SpadesState, card: &Bound<'_, PyAny>) -> PyResult<Card> {
    let c = extract_spades_card(card)?;
    let mut probe = s.clone();
    probe.try_play(c).map_err(|e| {
        let legal = s.legal_plays();
        let names: Vec<String> = legal.into_iter().map(|c| c.to_string()).collect();
        let msg = if names.is_empty() {
            format!("{e}; there is no legal play now")
        } else {
            format!("{e}; legal plays: {}", names.join(" "))
        };
        illegal(msg, Some(c.id()), legal)
    })?;
    Ok(c)
}

fn checked_claim(s: &SpadesState, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
    let refused = |e: String| illegal_with(e, None, seat_list(s.deficient_seats()));
    let seat = extract_int(seat, "seat")?;
    s.claims_open().map_err(|e| refused(e.to_string()))?;
    let seat =
        u8::try_from(seat).map_err(|_| refused(format!("seat must be 0..=3, got {seat}")))?;
    s.check_claim(seat).map_err(|e| refused(e.to_string()))?;
    Ok(seat)
}

fn history_entry<'py>(
    py: Python<'py>,
    h: &hearts_engine::spades::HandRecord,
    bags_after: [i64; 2],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("dealer", h.dealer)?;
    let bids = h
        .bids
        .iter()
        .map(|b| py_bid(py, Some(*b)))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("bids", bids)?;
    d.set_item("tricks_taken", widen(&h.tricks_taken))?;
    d.set_item("hand_scores", h.score.scores.to_vec())?;
    d.set_item("hand_bags", h.score.bags.to_vec())?;
    let reneges: Vec<(usize, u8, u8)> = h.reneges.iter().map(|&(t, s, c)| (t, s, c.id())).collect();
    d.set_item("reneges", reneges)?;
    d.set_item("boston", h.score.boston)?;
    d.set_item("totals", h.totals.to_vec())?;
    d.set_item("bags", bags_after.to_vec())?;
    Ok(d)
}

// ---------------------------------------------------------------- state

#[pyclass(name = "SpadesState", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PySpadesState {
    pub state: SpadesState,
    /// Where the hand's redeals come from.
    redeals: RedealSource,
}

impl PySpadesState {
    pub fn wrap(state: SpadesState) -> Self {
        PySpadesState {
            state,
            redeals: RedealSource {
                rng: Rng::new(0),
                queue: VecDeque::new(),
            },
        }
    }
}

#[pymethods]
impl PySpadesState {
    #[new]
    #[pyo3(signature = (rules, *, seed = None, dealer = None, hand_index = None, totals = None, bags = None, redeals = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
        bags: Option<&Bound<'_, PyAny>>,
        redeals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Self::build(rules, None, seed, dealer, hand_index, totals, bags, redeals)
    }

    #[classmethod]
    #[pyo3(signature = (rules, hands, *, dealer = None, hand_index = None, totals = None, bags = None, redeals = None, seed = None))]
    #[allow(clippy::too_many_arguments)]
    fn from_deal(
        _cls: &Bound<'_, PyType>,
        rules: &Bound<'_, PyAny>,
        hands: &Bound<'_, PyAny>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
        bags: Option<&Bound<'_, PyAny>>,
        redeals: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Self::build(
            rules,
            Some(hands),
            seed,
            dealer,
            hand_index,
            totals,
            bags,
            redeals,
        )
    }

    /// The initial state of hand `index` of a `simulate_spades` batch run with `seed`.
    #[classmethod]
    #[pyo3(signature = (rules, seed, index))]
    fn from_batch(
        _cls: &Bound<'_, PyType>,
        rules: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let rules = extract_spades_rules(rules)?;
        let seed = extract_seed(seed)?;
        let i = crate::convert::extract_index(index, "index")?;
        Ok(PySpadesState::wrap(sim::batch_state(&rules, seed, i)))
    }

    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let t = extract_str(text, "text")?;
        let (state, redeals) = SpadesState::from_text(&t).map_err(|e| text_error(&e))?;
        Ok(PySpadesState { state, redeals })
    }

    fn to_text(&self) -> String {
        self.state.to_text(&self.redeals)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        crate::text::repr(py, "SpadesState", &self.to_text())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().to_text();
        crate::text::reduce(slf.as_any(), text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PySpadesState>()
            .is_ok_and(|o| o.borrow().state == self.state)
    }

    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    #[getter]
    fn rules(&self) -> PySpadesRules {
        PySpadesRules(*self.state.rules())
    }
    #[getter]
    fn num_players(&self) -> u8 {
        self.state.rules().players
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.state.dealer()
    }
    #[getter]
    fn hand_index(&self) -> u64 {
        self.state.hand_index()
    }
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.state.totals().to_vec()
    }
    #[getter]
    fn bags(&self) -> Vec<i64> {
        self.state.bags().to_vec()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().name()
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.state.current_player()
    }
    #[getter]
    fn hands(&self) -> Vec<Vec<u32>> {
        self.state.hands().iter().map(|h| ids(*h)).collect()
    }
    #[getter]
    fn face_up(&self) -> Vec<Vec<u32>> {
        self.state.face_up().iter().map(|h| ids(*h)).collect()
    }
    #[getter]
    fn bids<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.state.bids().iter().map(|b| py_bid(py, *b)).collect()
    }
    fn legal_bids(&self) -> Vec<u32> {
        legal_bid_list(&self.state)
    }
    fn can_bid_blind(&self) -> bool {
        self.state.can_bid_blind()
    }
    fn legal_bemos(&self) -> Vec<&'static str> {
        if self.state.can_bemo() {
            vec!["little", "big"]
        } else {
            vec![]
        }
    }
    #[pyo3(signature = (n, *, blind = None, bemo = None))]
    fn bid(
        &mut self,
        n: &Bound<'_, PyAny>,
        blind: Option<&Bound<'_, PyAny>>,
        bemo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let (v, blind, bemo) = checked_bid(&self.state, n, blind, bemo)?;
        self.state.bid_unchecked(v, blind, bemo);
        Ok(())
    }
    fn contracts(&self) -> Vec<i64> {
        self.state.contracts().to_vec()
    }
    fn deficient_seats(&self) -> Vec<u32> {
        seat_list(self.state.deficient_seats())
    }
    fn claim_redeal(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = checked_claim(&self.state, seat)?;
        let deal = self.redeals.next(self.state.rules(), self.state.dealer());
        self.state
            .claim_redeal(seat, deal)
            .map_err(|e| illegal(e.to_string(), None, CardSet::EMPTY))
    }
    #[getter]
    fn redeal_claims(&self) -> Vec<u32> {
        widen(self.state.redeal_claims())
    }
    fn legal_plays(&self) -> Vec<u32> {
        ids(self.state.legal_plays())
    }
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = checked_play(&self.state, card)?;
        self.state
            .try_play(c)
            .map_err(|e| illegal(e.to_string(), Some(c.id()), CardSet::EMPTY))
    }
    #[getter]
    fn trick(&self) -> Vec<(u8, u8)> {
        self.state
            .trick()
            .plays()
            .map(|(s, c)| (s, c.id()))
            .collect()
    }
    #[getter]
    fn trick_number(&self) -> usize {
        self.state.trick_number()
    }
    #[getter]
    fn trick_winners(&self) -> Vec<u32> {
        widen(self.state.trick_winners())
    }
    #[getter]
    fn tricks_taken(&self) -> Vec<u32> {
        widen(&self.state.tricks_taken())
    }
    #[getter]
    fn plays(&self) -> Vec<(u8, u8)> {
        self.state.plays().map(|(s, c)| (s, c.id())).collect()
    }
    #[getter]
    fn spades_broken(&self) -> bool {
        self.state.spades_broken()
    }
    #[getter]
    fn reneges(&self) -> Vec<(usize, u8, u8)> {
        self.state
            .reneges()
            .into_iter()
            .map(|(t, s, c)| (t, s, c.id()))
            .collect()
    }
    fn hand_scores(&self) -> Vec<i64> {
        self.state.score().scores.to_vec()
    }
    fn hand_bags(&self) -> Vec<i64> {
        self.state.score().bags.to_vec()
    }
    fn bags_after(&self) -> Vec<i64> {
        self.state.score().bags_after.to_vec()
    }
    fn totals_after(&self) -> Vec<i64> {
        let s = self.state.score();
        let t = self.state.totals();
        vec![t[0] + s.scores[0], t[1] + s.scores[1]]
    }
    fn boston_made(&self) -> Option<u8> {
        if self.state.phase() == Phase::Over {
            self.state.score().boston
        } else {
            None
        }
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.state.phase() == Phase::Over
    }
}

impl PySpadesState {
    #[allow(clippy::too_many_arguments)]
    fn build(
        rules: &Bound<'_, PyAny>,
        hands: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        dealer: Option<&Bound<'_, PyAny>>,
        hand_index: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
        bags: Option<&Bound<'_, PyAny>>,
        redeals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let rules = extract_spades_rules(rules)?;
        let dealer = opt_seat(dealer, 4, "dealer")?;
        let hand_index = opt_hand_index(hand_index)?;
        let (totals, bags) = scores(&rules, totals, bags)?;
        let seed = opt_seed(seed)?;
        let mut rng = Rng::new(seed);
        let deal = match hands {
            Some(h) => extract_spades_deal(&rules, h, "hands")?,
            None => deal_random(&rules, dealer, &mut rng),
        };
        let queue = extract_deals(&rules, redeals, "redeals")?.into();
        Ok(PySpadesState {
            state: SpadesState::new(&rules, deal, dealer, hand_index, totals, bags),
            redeals: RedealSource { rng, queue },
        })
    }
}

// ---------------------------------------------------------------- game

#[pyclass(name = "SpadesGame", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PySpadesGame(SpadesGame);

#[pymethods]
impl PySpadesGame {
    #[new]
    #[pyo3(signature = (rules, *, seed = None, first_dealer = None, deals = None, totals = None, bags = None))]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        deals: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
        bags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let rules = extract_spades_rules(rules)?;
        let seed = opt_seed(seed)?;
        let first_dealer = opt_seat(first_dealer, 4, "first_dealer")?;
        let deals = extract_deals(&rules, deals, "deals")?;
        let (totals, bags) = scores(&rules, totals, bags)?;
        Ok(PySpadesGame(SpadesGame::new(
            &rules,
            Rng::new(seed),
            first_dealer,
            deals,
            totals,
            bags,
        )))
    }

    #[getter]
    fn rules(&self) -> PySpadesRules {
        PySpadesRules(*self.0.rules())
    }
    #[getter]
    fn num_players(&self) -> u8 {
        self.0.rules().players
    }
    /// An independent copy of the whole game.
    fn copy(&self) -> Self {
        self.clone()
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }
    #[getter]
    fn state(&self) -> PySpadesState {
        PySpadesState::wrap(self.0.state().clone())
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.0.phase().name()
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        self.0.state().current_player()
    }
    fn legal_bids(&self) -> Vec<u32> {
        legal_bid_list(self.0.state())
    }
    fn can_bid_blind(&self) -> bool {
        self.0.state().can_bid_blind()
    }
    fn legal_bemos(&self) -> Vec<&'static str> {
        if self.0.state().can_bemo() {
            vec!["little", "big"]
        } else {
            vec![]
        }
    }
    #[pyo3(signature = (n, *, blind = None, bemo = None))]
    fn bid(
        &mut self,
        n: &Bound<'_, PyAny>,
        blind: Option<&Bound<'_, PyAny>>,
        bemo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let (v, blind, bemo) = checked_bid(self.0.state(), n, blind, bemo)?;
        self.0.act(|s| s.bid_unchecked(v, blind, bemo));
        Ok(())
    }
    fn deficient_seats(&self) -> Vec<u32> {
        seat_list(self.0.state().deficient_seats())
    }
    fn claim_redeal(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = checked_claim(self.0.state(), seat)?;
        self.0
            .claim_redeal(seat)
            .map_err(|e| illegal(e.to_string(), None, CardSet::EMPTY))
    }
    fn legal_plays(&self) -> Vec<u32> {
        ids(self.0.state().legal_plays())
    }
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = checked_play(self.0.state(), card)?;
        self.0
            .act(|s| s.try_play(c))
            .map_err(|e| illegal(e.to_string(), Some(c.id()), CardSet::EMPTY))
    }
    #[getter]
    fn totals(&self) -> Vec<i64> {
        self.0.totals().to_vec()
    }
    #[getter]
    fn bags(&self) -> Vec<i64> {
        self.0.bags().to_vec()
    }
    #[getter]
    fn hands_played(&self) -> usize {
        self.0.history().len()
    }
    #[getter]
    fn hand_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for h in self.0.history() {
            list.append(history_entry(py, h, h.score.bags_after)?)?;
        }
        Ok(list)
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    #[getter]
    fn winners(&self) -> Vec<u32> {
        (0..2).filter(|t| self.0.winners() >> t & 1 != 0).collect()
    }
    fn to_text(&self) -> String {
        self.0.to_text()
    }
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let t = extract_str(text, "text")?;
        SpadesGame::from_text(&t)
            .map(PySpadesGame)
            .map_err(|e| text_error(&e))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        crate::text::repr(py, "SpadesGame", &self.0.to_text())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().0.to_text();
        crate::text::reduce(slf.as_any(), text)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PySpadesGame>().is_ok_and(|o| {
            crate::text::past(&o.borrow().0.to_text()) == crate::text::past(&self.0.to_text())
        })
    }
}

/// The Spades policies of the seats of a parsed policy table (the names are shared).
pub fn spades_policies(table: &[HeartsPolicy]) -> [Policy; 4] {
    std::array::from_fn(|i| match table[i] {
        HeartsPolicy::Random => Policy::Random,
        HeartsPolicy::Heuristic => Policy::Heuristic,
    })
}

/// One move of `policies` on a Spades hand (a bid or a play); false once the hand is over.
pub fn policy_step(st: &mut PySpadesState, policies: &[Policy; 4], rng: &mut Rng) -> bool {
    let s = &mut st.state;
    let Some(seat) = s.current_player() else {
        return false;
    };
    let p = policies[usize::from(seat)];
    if s.phase() == Phase::Bid {
        let b = spades_policy::policy_bid(p, s, rng);
        s.bid_unchecked(b.value, b.blind, b.bemo);
    } else {
        let c = spades_policy::policy_play(Portable, p, s, rng);
        s.play_unchecked(c);
    }
    true
}
