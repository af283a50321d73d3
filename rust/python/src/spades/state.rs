//! `SpadesState`: one hand, with the source of its redeals.

use super::rules::PySpadesRules;
use crate::convert::{card_id, extract_bool, extract_int, extract_str, given, ids, seq, widen};
use crate::errors::{illegal, play_error, InvalidDealError, InvalidRulesError};

use crate::protocol::HandArgs;
use hearts_engine::spades::sim::batch_state;
use hearts_engine::spades::{
    check_deal, Bemo, Bid, Deal, Phase, RedealSource, ScoresError, SpadesRules, SpadesState,
    MAX_TOTAL,
};
use hearts_engine::Card;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// A Spades card: an id 0..=53 (the jokers are 52 and 53).
pub fn extract_spades_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    Ok(Card::new_unchecked(card_id(obj, 53, "card")?))
}

/// A deal: 4 sequences of 13 Spades card ids in dealt order (types, ids, then the deal).
fn extract_deal(rules: &SpadesRules, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Deal> {
    let mut hands = Vec::new();
    for (seat, h) in seq(obj, what)?.iter().enumerate() {
        let cards = seq(h, &format!("{what}[{seat}]"))?
            .iter()
            .map(|c| card_id(c, 53, "card"))
            .collect::<PyResult<Vec<u8>>>()?;
        hands.push(cards);
    }
    check_deal(rules, &hands).map_err(|e| InvalidDealError::new_err(format!("{what}: {e}")))
}

/// `deals=` of a game, `redeals=` of a hand: a sequence of deals.
pub fn extract_deals(
    rules: &SpadesRules,
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
) -> PyResult<Vec<Deal>> {
    let Some(obj) = given(obj) else {
        return Ok(Vec::new());
    };
    seq(obj, what)?
        .iter()
        .enumerate()
        .map(|(i, d)| extract_deal(rules, d, &format!("{what}[{i}]")))
        .collect()
}

/// `totals=` or `bags=`: two ints; one beyond the `i64` range is refused at once, as outside
/// `allowed` (the range [`SpadesState::check_scores`] then checks).
fn extract_pair(obj: Option<&Bound<'_, PyAny>>, what: &str, allowed: &str) -> PyResult<[i64; 2]> {
    let Some(obj) = given(obj) else {
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
        *slot = v.within(i64::MIN.into()..=i64::MAX.into(), || {
            InvalidRulesError::new_err(format!("{what} entries must be {allowed}, got {v}"))
        })?;
    }
    Ok(out)
}

fn scores_error(e: ScoresError) -> PyErr {
    InvalidRulesError::new_err(match e {
        ScoresError::Bags { bags, limit } => format!(
            "each bag counter must be 0..={} (below bags_limit={limit}, B-20), got {bags}",
            limit - 1
        ),
        ScoresError::Total(_) => e.to_string(),
    })
}

/// `totals=` and `bags=`: a score sheet to resume from.
pub fn extract_scores(
    rules: &SpadesRules,
    totals: Option<&Bound<'_, PyAny>>,
    bags: Option<&Bound<'_, PyAny>>,
) -> PyResult<([i64; 2], [i64; 2])> {
    let t = extract_pair(
        totals,
        "totals",
        &format!("-{MAX_TOTAL}..={MAX_TOTAL} (an engine limit)"),
    )?;
    SpadesState::check_scores(rules, t, [0, 0]).map_err(scores_error)?;
    let limit = rules.bags_limit;
    let b = extract_pair(
        bags,
        "bags",
        &format!("0..={} (below bags_limit={limit}, B-20)", limit - 1),
    )?;
    SpadesState::check_scores(rules, t, b).map_err(scores_error)?;
    Ok((t, b))
}

/// The `hearts_fast.Bid` named tuple class (defined in Python, `hearts_fast/_types.py`).
static BID: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A bid as Python sees it: `Bid(value, nil, blind, bemo)`, or None for no bid yet.
pub fn py_bid(py: Python<'_>, b: Option<Bid>) -> PyResult<Bound<'_, PyAny>> {
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

/// `legal_bids()`: the bid values `bid(n)` accepts now.
pub fn legal_bids(s: &SpadesState) -> Vec<u32> {
    let m = s.legal_bids();
    (0..14).filter(|n| m >> n & 1 != 0).collect()
}

/// `deficient_seats()`: the seats that may claim a redeal.
pub fn deficient_seats(s: &SpadesState) -> Vec<u32> {
    (0..4)
        .filter(|t| s.deficient_seats() >> t & 1 != 0)
        .collect()
}

/// Converts and checks `bid(n, blind=, bemo=)` without making it; a refused bid's `.legal`
/// is `legal_bids()`.
pub fn checked_bid(
    s: &SpadesState,
    n: &Bound<'_, PyAny>,
    blind: Option<&Bound<'_, PyAny>>,
    bemo: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u8, bool, Option<Bemo>)> {
    let value = extract_int(n, "n")?;
    let blind = given(blind)
        .map(|b| extract_bool(b, "blind"))
        .transpose()?
        .unwrap_or(false);
    let bemo_name = given(bemo).map(|b| extract_str(b, "bemo")).transpose()?;
    let refuse = |msg: String| illegal(msg, None, legal_bids(s));
    let bemo = bemo_name
        .map(|name| {
            Bemo::from_name(&name).ok_or_else(|| {
                refuse(format!(
                    "bemo must be None, \"little\" or \"big\", got {name:?}"
                ))
            })
        })
        .transpose()?;
    let Ok(v) = u8::try_from(value.value()) else {
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

/// Converts `seat` of `claim_redeal(seat)` and checks the claim; a refused claim's `.legal`
/// is `deficient_seats()`.
pub fn checked_claim(s: &SpadesState, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
    let refused = |e: String| illegal(e, None, deficient_seats(s));
    let seat = extract_int(seat, "seat")?;
    s.claims_open().map_err(|e| refused(e.to_string()))?;
    let seat = seat.within(0..=u8::MAX.into(), || {
        refused(format!("seat must be 0..=3, got {seat}"))
    })?;
    s.check_claim(seat).map_err(|e| refused(e.to_string()))?;
    Ok(seat)
}

/// A refused card play of `s`.
pub fn refused_play(s: &SpadesState, card: Card, e: impl std::fmt::Display) -> PyErr {
    play_error(e, Some(card.id()), s.legal_plays())
}

#[doc = crate::docs::stub_doc!("SpadesState")]
#[pyclass(name = "SpadesState", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PySpadesState {
    pub state: SpadesState,
    /// Where the hand's redeals come from.
    redeals: RedealSource,
}

impl PySpadesState {
    /// A hand whose redeals come from `Rng::new(0)`.
    pub fn wrap(state: SpadesState) -> Self {
        PySpadesState {
            state,
            redeals: RedealSource::new(0, Vec::new()),
        }
    }

    /// A hand from the shared arguments, the scores so far, the redeals' queue and, for
    /// `from_deal`, the deal (else the first deal of the redeals' source).
    fn build(
        a: HandArgs<SpadesRules>,
        hands: Option<&Bound<'_, PyAny>>,
        scores: [Option<&Bound<'_, PyAny>>; 2],
        redeals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let HandArgs {
            rules,
            dealer,
            hand_index,
            seed,
        } = a;
        let (totals, bags) = extract_scores(&rules, scores[0], scores[1])?;
        let deal = hands
            .map(|h| extract_deal(&rules, h, "hands"))
            .transpose()?;
        let queue = extract_deals(&rules, redeals, "redeals")?;
        let mut redeals = RedealSource::new(seed, queue);
        let deal = deal.unwrap_or_else(|| redeals.first_deal(&rules, dealer));
        Ok(PySpadesState {
            state: SpadesState::new(&rules, deal, dealer, hand_index, totals, bags),
            redeals,
        })
    }
}

spades_class! {
    hand: |s| &s.state,
    act: |s, f| f(&mut s.state);
    PySpadesState as "SpadesState",
    text: |s| s.state.to_text(&s.redeals),
    read: |t| SpadesState::from_text(t).map(|(state, redeals)| PySpadesState { state, redeals }),
    same: |a, b| a.state == b.state,
    hand: |s| s.state => PySpadesRules,
    from_batch: PySpadesRules => |rules, seed, index| PySpadesState::wrap(batch_state(&rules, seed, index)),
    trick_taking: |s| &s.state,
    new(rules; seed, dealer, hand_index, totals, bags, redeals)
        "(rules, *, seed=None, dealer=None, hand_index=None, totals=None, bags=None, redeals=None)" {
        let a = HandArgs::extract(rules, dealer, hand_index, seed)?;
        Self::build(a, None, [totals, bags], redeals)
    },
    from_deal(rules, hands; dealer, hand_index, totals, bags, redeals, seed)
        "($cls, rules, hands, *, dealer=None, hand_index=None, totals=None, bags=None, redeals=None, seed=None)" {
        let a = HandArgs::extract(rules, dealer, hand_index, seed)?;
        Self::build(a, Some(hands), [totals, bags], redeals)
    };

    #[doc = crate::docs::stub_doc!("SpadesState", "legal_mask")]
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<bool>> {
        let m = hearts_engine::spades::tensor::legal_mask(&self.state);
        crate::env::mask_array(py, m, hearts_engine::spades::tensor::ACTIONS)
    }

    #[doc = crate::docs::stub_doc!("SpadesState", "totals")]
    #[getter]
    fn totals(&self) -> [i64; 2] {
        self.state.totals()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "bags")]
    #[getter]
    fn bags(&self) -> [i64; 2] {
        self.state.bags()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "face_up")]
    #[getter]
    fn face_up(&self) -> Vec<Vec<u32>> {
        self.state.face_up().iter().map(|h| ids(*h)).collect()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "observation")]
    fn observation(&self, seat: &Bound<'_, PyAny>) -> PyResult<crate::info::PySpadesInfo> {
        let seat = crate::info::extract_observer(seat, 4)?;
        let info = hearts_engine::spades::info::SpadesInfo::observe(&self.state, seat)
            .ok_or_else(|| crate::errors::InvalidArgumentError::new_err("no such seat"))?;
        Ok(crate::info::PySpadesInfo(info))
    }

    #[doc = crate::docs::stub_doc!("SpadesState", "bids")]
    #[getter]
    fn bids<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.state.bids().iter().map(|b| py_bid(py, *b)).collect()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "contracts")]
    fn contracts(&self) -> [i64; 2] {
        self.state.contracts()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "claim_redeal")]
    fn claim_redeal(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = checked_claim(&self.state, seat)?;
        self.state
            .claim_redeal_from(seat, &mut self.redeals)
            .map_err(|e| illegal(e.to_string(), None, deficient_seats(&self.state)))
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "redeal_claims")]
    #[getter]
    fn redeal_claims(&self) -> Vec<u32> {
        widen(self.state.redeal_claims())
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "play")]
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = extract_spades_card(card)?;
        self.state
            .try_play(c)
            .map_err(|e| refused_play(&self.state, c, e))
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "plays")]
    #[getter]
    fn plays(&self) -> Vec<(u8, u8)> {
        self.state.plays().map(|(s, c)| (s, c.id())).collect()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "spades_broken")]
    #[getter]
    fn spades_broken(&self) -> bool {
        self.state.spades_broken()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "reneges")]
    #[getter]
    fn reneges(&self) -> Vec<(usize, u8, u8)> {
        self.state
            .reneges()
            .into_iter()
            .map(|(t, s, c)| (t, s, c.id()))
            .collect()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "hand_scores")]
    fn hand_scores(&self) -> [i64; 2] {
        self.state.score().scores
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "hand_bags")]
    fn hand_bags(&self) -> [i64; 2] {
        self.state.score().bags
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "bags_after")]
    fn bags_after(&self) -> [i64; 2] {
        self.state.score().bags_after
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "totals_after")]
    fn totals_after(&self) -> [i64; 2] {
        self.state.totals_after()
    }
    #[doc = crate::docs::stub_doc!("SpadesState", "boston_made")]
    fn boston_made(&self) -> Option<u8> {
        self.state.boston_made()
    }
}
