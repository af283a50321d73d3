//! `HeartsGame`: a whole game, delegating play to its current hand.

use super::rules::PyHeartsRules;
use super::state::{
    action_error, extract_deal, extract_direction, forward_action, pass_action, PyHeartsState,
};
use crate::convert::{
    extract_card, extract_int, given, ids, iterable, seats_of_mask, seq, shown, type_name,
};
use crate::errors::{type_error, InvalidRulesError};
use crate::protocol::protocol_class;
use crate::protocol::HandArgs;
use hearts_engine::hearts::{
    hand_dealer, Action, HandDirection, HandResult, HeartsGame, HeartsRules, PassDirection,
    ScoresError, Scoring, CHIP_UNIT, MAX_AMOUNT, MAX_PLAYERS,
};
use hearts_engine::CardSet;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList};

#[doc = crate::docs::stub_doc!("HeartsGame")]
#[pyclass(name = "HeartsGame", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyHeartsGame(HeartsGame);

/// A chip amount in 1/60 units as a `Fraction` of chips.
pub fn chips(py: Python<'_>, units: i64) -> PyResult<Bound<'_, PyAny>> {
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((units, CHIP_UNIT))
}

/// A score as engine units: an int for points; for chips an int or a `Fraction` that is a
/// multiple of 1/60, times 60 ([`CHIP_UNIT`]). Within ±[`MAX_AMOUNT`] points or chips
/// (`InvalidRulesError` past it, naming the value given).
fn score_units(v: &Bound<'_, PyAny>, chips: bool, what: &str) -> PyResult<i64> {
    let unit = if chips { CHIP_UNIT } else { 1 };
    let units = if v.is_instance_of::<PyInt>() && !v.is_instance_of::<PyBool>() {
        v.mul(unit)?
    } else if chips && v.is_instance(&v.py().import("fractions")?.getattr("Fraction")?)? {
        let units = v.mul(CHIP_UNIT)?;
        if !units.getattr("denominator")?.eq(1)? {
            return Err(InvalidRulesError::new_err(format!(
                "{what}: chip amounts must be multiples of 1/60, got {}",
                shown(v)
            )));
        }
        units.getattr("numerator")?
    } else {
        return Err(type_error(format!(
            "{what} must hold ints (or Fractions for chips), got {}",
            type_name(v)
        )));
    };
    let limit = MAX_AMOUNT * unit;
    extract_int(&units, what)?.within(i128::from(-limit)..=limit.into(), || {
        let kind = if chips { "chips" } else { "points" };
        InvalidRulesError::new_err(format!(
            "{what} values must be within ±{MAX_AMOUNT} {kind} (an engine limit), got {}",
            shown(v)
        ))
    })
}

/// `pass_directions=`: one direction per hand, given only under `pass_direction="random"`.
fn extract_directions(
    rules: &HeartsRules,
    obj: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<HandDirection>> {
    let Some(pd) = given(obj) else {
        return Ok(Vec::new());
    };
    if rules.pass_direction != PassDirection::Random {
        return Err(InvalidRulesError::new_err(format!(
            "pass_directions can only be given when the rules' pass_direction is \"random\"; here it is \"{}\"",
            rules.pass_direction
        )));
    }
    let mut dirs = Vec::new();
    for d in iterable(pd, "pass_directions", "a sequence of str")? {
        dirs.extend(extract_direction(Some(&d))?);
    }
    Ok(dirs)
}

/// `deals=`: hand `h` dealt by the dealer of hand `h`.
fn extract_deals(
    rules: &HeartsRules,
    first_dealer: u8,
    obj: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<[CardSet; MAX_PLAYERS]>> {
    let Some(ds) = given(obj) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (h, deal) in iterable(ds, "deals", "a sequence of deals")?
        .iter()
        .enumerate()
    {
        let dealer = hand_dealer(rules, first_dealer, h as u64);
        let s = extract_deal(rules, deal, dealer, h as u64, HandDirection::Hold)?;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..s.dealt().len()].copy_from_slice(s.dealt());
        out.push(hands);
    }
    Ok(out)
}

/// `totals=` and `pot=` in engine units.
fn extract_scores(
    rules: &HeartsRules,
    totals: Option<&Bound<'_, PyAny>>,
    pot: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<(Vec<i64>, i64)>> {
    if given(totals).is_none() && given(pot).is_none() {
        return Ok(None);
    }
    let is_chips = rules.scoring == Scoring::Chips;
    let start = if is_chips {
        i64::from(rules.starting_chips) * CHIP_UNIT
    } else {
        0
    };
    let sheet = match given(totals) {
        Some(t) => seq(t, "totals")?
            .iter()
            .map(|v| score_units(v, is_chips, "totals"))
            .collect::<PyResult<Vec<i64>>>()?,
        None => vec![start; usize::from(rules.players)],
    };
    let pot_units = given(pot)
        .map(|p| score_units(p, true, "pot"))
        .transpose()?
        .unwrap_or(0);
    HeartsGame::check_scores(rules, &sheet, pot_units).map_err(|e| {
        InvalidRulesError::new_err(match e {
            ScoresError::Count { expected, got } => {
                format!("totals must have one number per player ({expected}), got {got}")
            }
            ScoresError::Pot(_) => format!(
                "pot must be a whole number of chips 0..={MAX_AMOUNT} (A-24: the pot only ever \
                 holds whole penalty chips), and non-zero only with scoring=\"chips\"; got {}",
                given(pot).map_or_else(|| "0".to_string(), shown)
            ),
        })
    })?;
    Ok(Some((sheet, pot_units)))
}

/// One entry of `hand_history` (the first `players` seats of a hand's results).
fn history_entry<'py>(
    py: Python<'py>,
    h: &HandResult,
    players: u8,
) -> PyResult<Bound<'py, PyDict>> {
    let n = usize::from(players);
    let d = PyDict::new(py);
    d.set_item("points", &h.points[..n])?;
    d.set_item("hand_scores", &h.hand_scores[..n])?;
    d.set_item("moon_shooter", h.moon_shooter)?;
    Ok(d)
}

impl PyHeartsGame {
    /// Makes `action` in the current hand with the engine's checks.
    fn apply(&mut self, action: Action) -> PyResult<()> {
        let before = *self.0.state();
        self.0
            .try_apply(action)
            .map_err(|e| action_error(&before, action, e))
    }
}

protocol_class! {
    game PyHeartsGame(HeartsGame) as "HeartsGame",
    hand: state => PyHeartsRules,
    history: |g, py, h| history_entry(py, h, g.0.rules().players),
    new(rules; seed, first_dealer, deals, pass_directions, totals, pot)
        "(rules, *, seed=None, first_dealer=None, deals=None, pass_directions=None, totals=None, pot=None)" {
        let HandArgs { rules: r, dealer: first_dealer, seed, .. } = HandArgs::game(rules, first_dealer, seed)?;
        let dirs = extract_directions(&r, pass_directions)?;
        let hands = extract_deals(&r, first_dealer, deals)?;
        let scores = extract_scores(&r, totals, pot)?;
        let mut game = HeartsGame::new(&r, seed, first_dealer, hands, dirs);
        if let Some((sheet, pot)) = scores {
            game.set_scores(&sheet, pot);
        }
        Ok(PyHeartsGame(game))
    };

    #[doc = crate::docs::stub_doc!("HeartsGame", "state")]
    #[getter]
    fn state(&self) -> PyHeartsState {
        PyHeartsState {
            log: self.0.log().clone(),
            state: *self.0.state(),
        }
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "observation")]
    fn observation(&self, seat: &Bound<'_, PyAny>) -> PyResult<crate::info::PyHeartsInfo> {
        let seat = crate::info::extract_observer(seat, self.0.rules().players)?;
        hearts_engine::hearts::info::HeartsInfo::observe_in_game(self.0.log(), seat, self.0.totals())
            .map(crate::info::PyHeartsInfo)
            .ok_or_else(|| crate::errors::InvalidArgumentError::new_err("no such seat"))
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "legal_plays")]
    fn legal_plays(&self) -> Vec<u32> {
        ids(self.0.state().legal_plays())
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "pending_passes")]
    fn pending_passes(&self) -> Vec<u32> {
        seats_of_mask(self.0.state().pending_passes(), self.0.rules().players)
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "play")]
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply(Action::Play(extract_card(card)?))
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "pass_cards")]
    fn pass_cards(&mut self, seat: &Bound<'_, PyAny>, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = pass_action(self.0.state(), seat, cards)?;
        self.apply(action)
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "forward")]
    fn forward(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = forward_action(self.0.state(), seat)?;
        self.apply(action)
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "totals")]
    #[getter]
    fn totals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for &t in self.0.totals() {
            if self.0.rules().scoring == Scoring::Chips {
                out.append(chips(py, t)?)?;
            } else {
                out.append(t)?;
            }
        }
        Ok(out)
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "pot")]
    #[getter]
    fn pot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        chips(py, self.0.pot())
    }
    #[doc = crate::docs::stub_doc!("HeartsGame", "winners")]
    #[getter]
    fn winners(&self) -> Vec<u32> {
        seats_of_mask(self.0.winners(), self.0.rules().players)
    }
}
