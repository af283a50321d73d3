//! `HeartsGame`: a whole game, delegating play to its current hand.

use crate::convert::{extract_card, extract_seed, extract_str, seats_of_mask, type_name};
use crate::errors::{ids, pass_error, play_error, text_error, type_error, InvalidRulesError};
use crate::rules::PyHeartsRules;
use crate::state::{
    extract_deal, extract_direction, extract_rules, extract_seat, forward_choices, pass_action,
    pass_choices, PyHeartsState,
};
use hearts_engine::hearts::{
    Action, HandDirection, HeartsGame, PassDirection, Phase, Scoring, CHIP_UNIT, MAX_PLAYERS,
};
use hearts_engine::CardSet;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};

#[pyclass(name = "HeartsGame", module = "hearts_fast._core")]
#[derive(Clone)]
pub struct PyHeartsGame(HeartsGame);

fn chips(py: Python<'_>, units: i64) -> PyResult<Bound<'_, PyAny>> {
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((units, CHIP_UNIT))
}

/// A score as engine units: an int for points; for chips an int or Fraction, times 60.
fn score_units(v: &Bound<'_, PyAny>, chips: bool, what: &str) -> PyResult<i64> {
    let bad_type = || {
        type_error(format!(
            "{what} must hold ints (or Fractions for chips), got {}",
            type_name(v)
        ))
    };
    if v.is_instance_of::<pyo3::types::PyBool>() {
        return Err(bad_type());
    }
    let limit = i64::from(hearts_engine::hearts::MAX_PARAM) * 1000;
    if let Ok(i) = v.extract::<i64>() {
        if i.abs() > limit {
            return Err(InvalidRulesError::new_err(format!(
                "{what} values must be within ±{limit}, got {i}"
            )));
        }
        return Ok(if chips { i * CHIP_UNIT } else { i });
    }
    if !chips {
        return Err(bad_type());
    }
    let fraction = v.py().import("fractions")?.getattr("Fraction")?;
    if !v.is_instance(&fraction)? {
        return Err(bad_type());
    }
    let scaled = v.mul(CHIP_UNIT)?;
    let den: i64 = scaled.getattr("denominator")?.extract()?;
    let num: i64 = scaled
        .getattr("numerator")?
        .extract()
        .map_err(|_| bad_type())?;
    if den != 1 {
        return Err(InvalidRulesError::new_err(format!(
            "{what}: chip amounts must be multiples of 1/60, got {}",
            v.str()?
        )));
    }
    if num.abs() > limit * CHIP_UNIT {
        return Err(InvalidRulesError::new_err(format!(
            "{what} values are out of range"
        )));
    }
    Ok(num)
}

#[pymethods]
impl PyHeartsGame {
    #[new]
    #[pyo3(signature = (rules, *, seed = None, first_dealer = None, deals = None, pass_directions = None, totals = None, pot = None))]
    fn new(
        rules: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        deals: Option<&Bound<'_, PyAny>>,
        pass_directions: Option<&Bound<'_, PyAny>>,
        totals: Option<&Bound<'_, PyAny>>,
        pot: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let r = extract_rules(rules)?;
        let seed = seed.map(extract_seed).transpose()?.unwrap_or(0);
        let first_dealer = first_dealer
            .map(|d| crate::state::extract_dealer(d, r.players))
            .transpose()?
            .unwrap_or(0);
        let mut dirs: Vec<HandDirection> = Vec::new();
        if let Some(pd) = pass_directions.filter(|p| !p.is_none()) {
            if r.pass_direction != PassDirection::Random {
                return Err(InvalidRulesError::new_err(format!(
                    "pass_directions can only be given when the rules' pass_direction is \"random\"; here it is \"{}\"",
                    r.pass_direction
                )));
            }
            let it = pd.try_iter().map_err(|_| {
                type_error(format!(
                    "pass_directions must be a sequence of str, got {}",
                    type_name(pd)
                ))
            })?;
            for d in it {
                if let Some(d) = extract_direction(Some(&d?))? {
                    dirs.push(d);
                }
            }
        }
        let mut hands_list: Vec<[CardSet; MAX_PLAYERS]> = Vec::new();
        if let Some(ds) = deals.filter(|d| !d.is_none()) {
            let it = ds.try_iter().map_err(|_| {
                type_error(format!(
                    "deals must be a sequence of deals, got {}",
                    type_name(ds)
                ))
            })?;
            for (h, deal) in it.enumerate() {
                let dealer = ((usize::from(first_dealer) + h) % usize::from(r.players)) as u8;
                let s = extract_deal(&r, &deal?, dealer, h as u64, HandDirection::Hold)?;
                let mut arr = [CardSet::EMPTY; MAX_PLAYERS];
                arr[..s.dealt().len()].copy_from_slice(s.dealt());
                hands_list.push(arr);
            }
        }
        let is_chips = r.scoring == Scoring::Chips;
        let mut game = HeartsGame::new(&r, seed, first_dealer, hands_list, dirs);
        let mut sheet: Vec<i64> = game.totals().to_vec();
        if let Some(t) = totals.filter(|t| !t.is_none()) {
            let it = t.try_iter().map_err(|_| {
                type_error(format!(
                    "totals must be a sequence of numbers, got {}",
                    type_name(t)
                ))
            })?;
            sheet.clear();
            for v in it {
                sheet.push(score_units(&v?, is_chips, "totals")?);
            }
            if sheet.len() != usize::from(r.players) {
                return Err(InvalidRulesError::new_err(format!(
                    "totals must have one number per player ({}), got {}",
                    r.players,
                    sheet.len()
                )));
            }
        }
        let mut pot_units = 0;
        if let Some(p) = pot.filter(|p| !p.is_none()) {
            pot_units = score_units(p, true, "pot")?;
            if pot_units < 0 || (pot_units != 0 && !is_chips) {
                return Err(InvalidRulesError::new_err(
                    "pot must be >= 0, and non-zero only with scoring=\"chips\"".to_string(),
                ));
            }
        }
        game.set_scores(&sheet, pot_units);
        Ok(PyHeartsGame(game))
    }

    #[getter]
    fn rules(&self) -> PyHeartsRules {
        PyHeartsRules(*self.0.rules())
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
    fn state(&self) -> PyHeartsState {
        let log = self.0.log().clone();
        PyHeartsState::from_log(log, *self.0.current())
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.0.phase().name()
    }
    #[getter]
    fn current_player(&self) -> Option<u8> {
        if self.0.is_over() {
            None
        } else {
            self.0.current().current_player()
        }
    }
    fn legal_plays(&self) -> Vec<u32> {
        if self.0.is_over() {
            return Vec::new();
        }
        ids(self.0.current().legal_plays())
    }
    fn pending_passes(&self) -> Vec<u32> {
        if self.0.phase() != Phase::Pass {
            return Vec::new();
        }
        seats_of_mask(self.0.current().pending_passes(), self.0.rules().players)
    }
    fn play(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = extract_card(card)?;
        let legal = if self.0.is_over() {
            CardSet::EMPTY
        } else {
            self.0.current().legal_plays()
        };
        self.0.try_play(c).map_err(|e| play_error(e, legal))
    }
    fn pass_cards(&mut self, seat: &Bound<'_, PyAny>, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Action::Pass(seat, set) = pass_action(self.0.current(), seat, cards)? {
            let legal = pass_choices(self.0.current(), seat);
            self.0
                .pass_cards(seat, set)
                .map_err(|e| pass_error(&e, legal))?;
        }
        Ok(())
    }
    fn forward(&mut self, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let legal = forward_choices(self.0.current());
        let seat = extract_seat(seat, self.0.rules().players, "seat", legal.clone())?;
        self.0.forward(seat).map_err(|e| pass_error(&e, legal))
    }
    #[getter]
    fn hands_played(&self) -> usize {
        self.0.hands_played()
    }
    #[getter]
    fn hand_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let n = usize::from(self.0.rules().players);
        let out = PyList::empty(py);
        for h in self.0.history() {
            let d = PyDict::new(py);
            d.set_item("points", h.points[..n].to_vec())?;
            d.set_item("hand_scores", h.hand_scores[..n].to_vec())?;
            d.set_item("moon_shooter", h.moon_shooter)?;
            out.append(d)?;
        }
        Ok(out)
    }
    #[getter]
    fn totals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        let is_chips = self.0.rules().scoring == Scoring::Chips;
        for &t in self.0.totals() {
            if is_chips {
                out.append(chips(py, t)?)?;
            } else {
                out.append(t)?;
            }
        }
        Ok(out)
    }
    #[getter]
    fn pot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        chips(py, self.0.pot())
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    #[getter]
    fn winners(&self) -> Vec<u32> {
        seats_of_mask(self.0.winners(), self.0.rules().players)
    }
    fn to_text(&self) -> String {
        self.0.to_text()
    }
    #[classmethod]
    fn from_text(_cls: &Bound<'_, PyType>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let t = extract_str(text, "text")?;
        HeartsGame::from_text(&t)
            .map(PyHeartsGame)
            .map_err(|e| text_error(&e))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        crate::text::repr(py, "HeartsGame", &self.0.to_text())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().0.to_text();
        crate::text::reduce(slf.as_any(), text)
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyHeartsGame>().is_ok_and(|o| {
            crate::text::past(&o.borrow().0.to_text()) == crate::text::past(&self.0.to_text())
        })
    }
}
