//! The `policy=` argument of every batch, and `Policy`: the in-engine policies stepping a
//! hand of any game with the random stream of one batch hand.

use crate::convert::{extract_str, given, iterable, opt_index, opt_seed, type_name};
use crate::errors::{type_error, InvalidArgumentError};
use hearts_engine::{policy_rng, Rng};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The policy names of the three games.
const NAMES: [&str; 3] = ["random", "heuristic", "greedy"];
const ALLOWED: &str = "Hearts and Spades: \"random\", \"heuristic\"; rummy: \"random\", \"greedy\"";
/// The fewest and the most seats of any game (rummy: 2..=6, Spades: 4, Hearts: 3..=7).
const SEATS: std::ops::RangeInclusive<usize> = 2..=7;

/// The `policy=` argument: None (the game's default policy at every seat), one name for
/// every seat, or one name per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolicySpec {
    Default,
    Uniform(&'static str),
    PerSeat(Vec<&'static str>),
}

fn one_name(obj: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let name = extract_str(obj, "policy")?;
    NAMES.into_iter().find(|&n| n == name).ok_or_else(|| {
        InvalidArgumentError::new_err(format!("unknown policy {name:?}; allowed: {ALLOWED}"))
    })
}

impl PolicySpec {
    /// Reads `policy=`: types (`ArgumentTypeError`) and names (`InvalidArgumentError`).
    pub fn extract(obj: Option<&Bound<'_, PyAny>>) -> PyResult<PolicySpec> {
        let Some(obj) = given(obj) else {
            return Ok(PolicySpec::Default);
        };
        if obj.is_instance_of::<PyString>() {
            return Ok(PolicySpec::Uniform(one_name(obj)?));
        }
        let names = iterable(obj, "policy", "a str or a sequence of str")?;
        Ok(PolicySpec::PerSeat(
            names.iter().map(one_name).collect::<PyResult<_>>()?,
        ))
    }

    /// One policy per seat of a `players`-seat hand of `game`: `parse` reads the game's
    /// policy names (`allowed`), and seats without a name get `default`.
    pub fn seats<P: Copy>(
        &self,
        players: u8,
        game: &str,
        parse: fn(&str) -> Option<P>,
        allowed: &str,
        default: P,
    ) -> PyResult<Vec<P>> {
        let n = usize::from(players);
        let names = match self {
            PolicySpec::Default => return Ok(vec![default; n]),
            PolicySpec::Uniform(name) => vec![*name; n],
            PolicySpec::PerSeat(v) if v.len() == n => v.clone(),
            PolicySpec::PerSeat(v) => {
                return Err(InvalidArgumentError::new_err(format!(
                    "policy names {} seats but a {game} hand here has {players} players; give \
                     one name, or one name per seat",
                    v.len()
                )))
            }
        };
        names
            .into_iter()
            .map(|name| {
                parse(name).ok_or_else(|| {
                    InvalidArgumentError::new_err(format!(
                        "policy {name:?} is not a {game} policy; {game} policies: {allowed}"
                    ))
                })
            })
            .collect()
    }
}

/// In-engine policies, one per seat, with the random stream of one batch hand: stepping a
/// `from_batch(rules, seed, index)` state of any game with `Policy(policy, seed=seed,
/// index=index)` makes exactly the choices the game's `simulate_*` makes for that hand.
#[pyclass(name = "Policy", module = "hearts_fast._core")]
pub struct PyPolicy {
    spec: PolicySpec,
    rng: Rng,
}

#[pymethods]
impl PyPolicy {
    #[new]
    #[pyo3(signature = (policy = None, *, seed = None, index = None))]
    fn new(
        policy: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        index: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let spec = PolicySpec::extract(policy)?;
        let seed = opt_seed(seed)?;
        let index = opt_index(index, "index")?;
        if let PolicySpec::PerSeat(v) = &spec {
            if !SEATS.contains(&v.len()) {
                return Err(InvalidArgumentError::new_err(format!(
                    "policy lists one name per seat ({}..={} seats), got {}",
                    SEATS.start(),
                    SEATS.end(),
                    v.len()
                )));
            }
        }
        Ok(PyPolicy {
            spec,
            rng: policy_rng(seed, index),
        })
    }

    /// Makes the next move on `state` (a Hearts pass for the lowest pending seat or a play,
    /// a Spades bid or play, a rummy action); returns False when the hand is over.
    fn act(&mut self, state: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(s) = state.cast::<crate::hearts::state::PyHeartsState>() {
            return crate::hearts::sim::act(&self.spec, &mut s.borrow_mut(), &mut self.rng);
        }
        if let Ok(s) = state.cast::<crate::spades::state::PySpadesState>() {
            return crate::spades::sim::act(&self.spec, &mut s.borrow_mut(), &mut self.rng);
        }
        if let Ok(s) = state.cast::<crate::rummy::state::PyRummyState>() {
            return crate::rummy::sim::act(&self.spec, &mut s.borrow_mut(), &mut self.rng);
        }
        Err(type_error(format!(
            "state must be a HeartsState, SpadesState or RummyState, got {}",
            type_name(state)
        )))
    }

    /// Plays `state` to the end of the hand.
    fn play_out(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        while self.act(state)? {}
        Ok(())
    }

    fn __repr__(&self) -> String {
        match &self.spec {
            PolicySpec::Default => "Policy()".to_string(),
            PolicySpec::Uniform(p) => format!("Policy('{p}')"),
            PolicySpec::PerSeat(v) => {
                let names: Vec<String> = v.iter().map(|p| format!("'{p}'")).collect();
                format!("Policy([{}])", names.join(", "))
            }
        }
    }
}
