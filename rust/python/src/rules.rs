//! `HeartsRules`: the keyword parameters of docs/rules/hearts.md A.1/A.6, validated into rules.

use crate::convert::{choice, extract_bool, extract_int, extract_str, type_name};
use crate::errors::{rules_error, InvalidRulesError};
use hearts_engine::hearts::{
    ChipsEnd, DeckAdjust, FirstLead, HeartsPreset, HeartsRules, Moon, PassCount, PassDirection,
    PassTable, Scoring, MAX_AVOID_BONUS, MAX_PARAM,
};
use hearts_engine::Tie;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

pub const PARAMS: &[&str] = HeartsRules::PARAM_NAMES;

#[pyclass(name = "HeartsRules", module = "hearts_fast._core", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyHeartsRules(pub HeartsRules);

fn bounded(v: &Bound<'_, PyAny>, k: &str, min: i128, max: i128) -> PyResult<u32> {
    let x = extract_int(v, k)?;
    if x < min || x > max {
        return Err(InvalidRulesError::new_err(format!(
            "{k} must be {min}..={max}, got {x}"
        )));
    }
    Ok(x as u32)
}

fn set_param(r: &mut HeartsRules, k: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let big = i128::from(MAX_PARAM);
    match k {
        "players" => r.players = bounded(v, k, 3, 7)? as u8,
        "deck_adjust" => {
            r.deck_adjust = choice(v, k, DeckAdjust::from_name, &DeckAdjust::allowed())?;
        }
        "pass_count" => {
            r.pass_count = if v.is_instance_of::<PyString>() {
                let s = extract_str(v, k)?;
                if s != "auto" {
                    return Err(InvalidRulesError::new_err(format!(
                        "pass_count must be \"auto\" or an int 0..=4, got {s:?}"
                    )));
                }
                PassCount::Auto
            } else {
                if extract_int(v, k).is_err() {
                    return Err(crate::errors::type_error(format!(
                        "pass_count must be \"auto\" or an int 0..=4, got {}",
                        type_name(v)
                    )));
                }
                PassCount::Fixed(bounded(v, k, 0, 4)? as u8)
            }
        }
        "pass_direction" => {
            r.pass_direction = choice(v, k, PassDirection::from_name, &PassDirection::allowed())?;
        }
        "pass_through" => r.pass_through = extract_bool(v, k)?,
        "first_lead" => r.first_lead = choice(v, k, FirstLead::from_name, &FirstLead::allowed())?,
        "first_trick_no_points" => r.first_trick_no_points = extract_bool(v, k)?,
        "hearts_must_be_broken" => r.hearts_must_be_broken = extract_bool(v, k)?,
        "queen_breaks_hearts" => r.queen_breaks_hearts = extract_bool(v, k)?,
        "early_end" => r.early_end = extract_bool(v, k)?,
        "scoring" => r.scoring = choice(v, k, Scoring::from_name, &Scoring::allowed())?,
        "moon" => r.moon = choice(v, k, Moon::from_name, &Moon::allowed())?,
        "target" => r.target = bounded(v, k, 1, big)?,
        "starting_chips" => r.starting_chips = bounded(v, k, 1, big)?,
        "chips_end" => r.chips_end = choice(v, k, ChipsEnd::from_name, &ChipsEnd::allowed())?,
        "french_spades" => r.french_spades = extract_bool(v, k)?,
        "jack_of_diamonds" => r.jack_of_diamonds = extract_bool(v, k)?,
        "moon_requires_jack" => r.moon_requires_jack = extract_bool(v, k)?,
        "tie" => r.tie = choice(v, k, Tie::from_name, &Tie::allowed())?,
        "max_hands" => {
            r.max_hands = if v.is_none() {
                None
            } else {
                Some(bounded(v, k, 1, big)?)
            }
        }
        "can_lead_any_club" => r.can_lead_any_club = extract_bool(v, k)?,
        "can_lead_hearts_instead_of_qs" => r.can_lead_hearts_instead_of_qs = extract_bool(v, k)?,
        "avoid_all_tricks_bonus" => {
            r.avoid_all_tricks_bonus = bounded(v, k, 0, i128::from(MAX_AVOID_BONUS))?;
        }
        "pass_table" => r.pass_table = choice(v, k, PassTable::from_name, &PassTable::allowed())?,
        _ => {
            return Err(InvalidRulesError::new_err(format!(
                "unknown HeartsRules parameter {k:?}; allowed: {}",
                PARAMS.join(", ")
            )))
        }
    }
    Ok(())
}

fn build(mut r: HeartsRules, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyHeartsRules> {
    if let Some(d) = params {
        for (k, v) in d.iter() {
            let k: String = k.extract()?;
            set_param(&mut r, &k, &v)?;
        }
    }
    r.validate().map_err(|e| rules_error(&e))?;
    Ok(PyHeartsRules(r))
}

fn value<'py>(py: Python<'py>, r: &HeartsRules, k: &str) -> PyResult<Bound<'py, PyAny>> {
    let o = match k {
        "players" => r.players.into_pyobject(py)?.into_any(),
        "deck_adjust" => r.deck_adjust.name().into_pyobject(py)?.into_any(),
        "pass_count" => match r.pass_count {
            PassCount::Auto => "auto".into_pyobject(py)?.into_any(),
            PassCount::Fixed(k) => k.into_pyobject(py)?.into_any(),
        },
        "pass_direction" => r.pass_direction.name().into_pyobject(py)?.into_any(),
        "pass_through" => r.pass_through.into_pyobject(py)?.to_owned().into_any(),
        "first_lead" => r.first_lead.name().into_pyobject(py)?.into_any(),
        "first_trick_no_points" => r
            .first_trick_no_points
            .into_pyobject(py)?
            .to_owned()
            .into_any(),
        "hearts_must_be_broken" => r
            .hearts_must_be_broken
            .into_pyobject(py)?
            .to_owned()
            .into_any(),
        "queen_breaks_hearts" => r
            .queen_breaks_hearts
            .into_pyobject(py)?
            .to_owned()
            .into_any(),
        "early_end" => r.early_end.into_pyobject(py)?.to_owned().into_any(),
        "scoring" => r.scoring.name().into_pyobject(py)?.into_any(),
        "moon" => r.moon.name().into_pyobject(py)?.into_any(),
        "target" => r.target.into_pyobject(py)?.into_any(),
        "starting_chips" => r.starting_chips.into_pyobject(py)?.into_any(),
        "chips_end" => r.chips_end.name().into_pyobject(py)?.into_any(),
        "french_spades" => r.french_spades.into_pyobject(py)?.to_owned().into_any(),
        "jack_of_diamonds" => r.jack_of_diamonds.into_pyobject(py)?.to_owned().into_any(),
        "moon_requires_jack" => r
            .moon_requires_jack
            .into_pyobject(py)?
            .to_owned()
            .into_any(),
        "tie" => r.tie.name().into_pyobject(py)?.into_any(),
        "max_hands" => r.max_hands.into_pyobject(py)?.into_any(),
        "can_lead_any_club" => r.can_lead_any_club.into_pyobject(py)?.to_owned().into_any(),
        "can_lead_hearts_instead_of_qs" => r
            .can_lead_hearts_instead_of_qs
            .into_pyobject(py)?
            .to_owned()
            .into_any(),
        "avoid_all_tricks_bonus" => r.avoid_all_tricks_bonus.into_pyobject(py)?.into_any(),
        "pass_table" => r.pass_table.name().into_pyobject(py)?.into_any(),
        _ => {
            return Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "'HeartsRules' object has no attribute {k:?}"
            )))
        }
    };
    Ok(o)
}

#[pymethods]
impl PyHeartsRules {
    #[new]
    #[pyo3(signature = (*args, **params))]
    fn new(
        args: &Bound<'_, pyo3::types::PyTuple>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if !args.is_empty() {
            return Err(crate::errors::type_error(format!(
                "HeartsRules takes keyword arguments only (name=value, as in docs/rules/hearts.md A.1), \
                 got {} positional",
                args.len()
            )));
        }
        build(HeartsRules::default(), params)
    }

    #[classmethod]
    #[pyo3(signature = (name, **overrides))]
    fn preset(
        _cls: &Bound<'_, pyo3::types::PyType>,
        name: &Bound<'_, PyAny>,
        overrides: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let n = extract_str(name, "preset name")?;
        // Every rules class has "default" (all defaults; for Hearts the same as dame_de_pic).
        if n == "default" {
            return build(HeartsRules::default(), overrides);
        }
        let p = HeartsPreset::from_name(&n).ok_or_else(|| {
            InvalidRulesError::new_err(format!(
                "unknown HeartsRules preset {n:?}; allowed: \"default\", {}",
                HeartsPreset::allowed()
            ))
        })?;
        build(HeartsRules::preset(p), overrides)
    }

    #[classattr]
    fn presets() -> Vec<&'static str> {
        std::iter::once("default")
            .chain(HeartsPreset::ALL.iter().map(|p| p.name()))
            .collect()
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

    /// Derived: the cards in play.
    fn deck(&self) -> Vec<u32> {
        crate::errors::ids(self.0.deck())
    }
    /// Derived: the penalty cards in play.
    fn penalty_cards(&self) -> Vec<u32> {
        crate::errors::ids(self.0.penalty_cards())
    }
    /// Derived: V.
    fn total_penalty(&self) -> u32 {
        self.0.total_penalty()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let default = HeartsRules::default();
        crate::convert::params_repr(py, "HeartsRules", &self.0, &default, PARAMS, value)
    }

    #[staticmethod]
    fn _from_dict(params: &Bound<'_, PyDict>) -> PyResult<Self> {
        build(HeartsRules::default(), Some(params))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        let py = slf.py();
        Ok((
            slf.get_type().getattr("_from_dict")?,
            (slf.get().to_dict(py)?,),
        ))
    }
}
