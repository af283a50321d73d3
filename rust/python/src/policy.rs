//! The `policy=` argument of every batch, and `Policy`: the in-engine policies stepping a
//! hand of any game with the random stream of one batch hand.

use crate::convert::{
    extract_index, extract_int, extract_str, given, iterable, opt_index, opt_seed, type_name,
};
use crate::errors::{type_error, InvalidArgumentError};
use hearts_engine::rummy::policy::GreedyCache;
use hearts_engine::search::{Evaluator, Ismcts, Pimc};
use hearts_engine::{policy_rng, Rng};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The policy names of the three games.
const NAMES: [&str; 5] = ["random", "heuristic", "greedy", "pimc", "ismcts"];
const ALLOWED: &str = "Hearts and Spades: \"random\", \"heuristic\", \"pimc\", \"ismcts\"; rummy: \"random\", \"greedy\"";
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

#[doc = crate::docs::stub_doc!("Policy")]
#[pyclass(name = "Policy", module = "hearts_fast._core")]
pub struct PyPolicy {
    spec: PolicySpec,
    rng: Rng,
    /// The settings of the search seats.
    settings: Settings,
    /// What the rummy `greedy` policy keeps between its decisions (buffers, the last hand's
    /// usable cards): it changes no choice, so a copy starts with a fresh one.
    rummy_cache: GreedyCache,
}

/// The settings of the search bots of a `Policy`.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Of the `pimc` seats.
    pub pimc: Pimc,
    /// Of the `ismcts` seats.
    pub ismcts: Ismcts,
}

/// An int setting within `range`, or its default.
fn setting(
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
    range: std::ops::RangeInclusive<i128>,
    default: i128,
) -> PyResult<i128> {
    let Some(o) = given(obj) else {
        return Ok(default);
    };
    let v = extract_int(o, what)?;
    v.within(range.clone(), || {
        InvalidArgumentError::new_err(format!(
            "{what} must be {}..={}, got {v}",
            range.start(),
            range.end()
        ))
    })
}

/// The `pimc` settings of `Policy(...)`.
fn pimc_settings(
    worlds: Option<&Bound<'_, PyAny>>,
    evaluator: Option<&Bound<'_, PyAny>>,
    rollouts: Option<&Bound<'_, PyAny>>,
    solve_tricks: Option<&Bound<'_, PyAny>>,
) -> PyResult<Pimc> {
    let d = Pimc::default();
    let evaluator = match given(evaluator) {
        None => d.evaluator,
        Some(e) => {
            let name = extract_str(e, "evaluator")?;
            Evaluator::from_name(&name).ok_or_else(|| {
                InvalidArgumentError::new_err(format!(
                    "unknown evaluator {name:?}; allowed: \"rollout\", \"solve\""
                ))
            })?
        }
    };
    Ok(Pimc {
        worlds: setting(worlds, "worlds", 1..=4096, i128::from(d.worlds))? as u16,
        evaluator,
        rollouts: setting(rollouts, "rollouts", 1..=256, i128::from(d.rollouts))? as u16,
        solve_tricks: setting(
            solve_tricks,
            "solve_tricks",
            0..=13,
            i128::from(d.solve_tricks),
        )? as u8,
    })
}

impl PyPolicy {
    /// The one policy name of this policy (the game's default: `None`) and its `pimc`
    /// settings, for an arena seat; a list of names per seat is refused.
    pub fn single(&self) -> PyResult<(&'static str, Settings)> {
        match &self.spec {
            PolicySpec::Uniform(name) => Ok((name, self.settings)),
            PolicySpec::Default => Err(InvalidArgumentError::new_err(
                "an arena policy must name one policy (Policy(\"pimc\"), not Policy())",
            )),
            PolicySpec::PerSeat(_) => Err(InvalidArgumentError::new_err(
                "an arena policy must name one policy, not one per seat: the arena seats it",
            )),
        }
    }
}

#[pymethods]
impl PyPolicy {
    #[new]
    #[pyo3(signature = (policy = None, *, seed = None, index = None, worlds = None, evaluator = None, rollouts = None, solve_tricks = None, iterations = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        policy: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        index: Option<&Bound<'_, PyAny>>,
        worlds: Option<&Bound<'_, PyAny>>,
        evaluator: Option<&Bound<'_, PyAny>>,
        rollouts: Option<&Bound<'_, PyAny>>,
        solve_tricks: Option<&Bound<'_, PyAny>>,
        iterations: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let spec = PolicySpec::extract(policy)?;
        let pimc = pimc_settings(worlds, evaluator, rollouts, solve_tricks)?;
        let iterations = setting(
            iterations,
            "iterations",
            1..=1_000_000,
            i128::from(Ismcts::default().iterations),
        )? as u32;
        let settings = Settings {
            pimc,
            ismcts: Ismcts { iterations },
        };
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
            settings,
            rummy_cache: GreedyCache::default(),
        })
    }

    #[doc = crate::docs::stub_doc!("Policy", "act")]
    fn act(&mut self, state: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(s) = state.cast::<crate::hearts::state::PyHeartsState>() {
            let mut s = s.borrow_mut();
            let Some(a) =
                crate::hearts::sim::choose(&self.spec, &self.settings, &s, &mut self.rng)?
            else {
                return Ok(false);
            };
            s.apply(a)?;
            return Ok(true);
        }
        if let Ok(s) = state.cast::<crate::spades::state::PySpadesState>() {
            return crate::spades::sim::act(
                &self.spec,
                &self.settings,
                &mut s.borrow_mut(),
                &mut self.rng,
            );
        }
        if let Ok(s) = state.cast::<crate::rummy::state::PyRummyState>() {
            return crate::rummy::sim::act(
                &self.spec,
                &mut s.borrow_mut(),
                &mut self.rng,
                &mut self.rummy_cache,
            );
        }
        Err(type_error(format!(
            "state must be a HeartsState, SpadesState or RummyState, got {}",
            type_name(state)
        )))
    }

    #[doc = crate::docs::stub_doc!("Policy", "choose")]
    fn choose<'py>(
        &mut self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(s) = state.cast::<crate::hearts::state::PyHeartsState>() {
            let s = s.borrow();
            let a = crate::hearts::sim::choose(&self.spec, &self.settings, &s, &mut self.rng)?;
            return crate::hearts::sim::py_action(py, a);
        }
        if let Ok(s) = state.cast::<crate::spades::state::PySpadesState>() {
            return crate::spades::sim::choose(
                py,
                &self.spec,
                &self.settings,
                &s.borrow(),
                &mut self.rng,
            );
        }
        if let Ok(s) = state.cast::<crate::rummy::state::PyRummyState>() {
            return crate::rummy::sim::choose(
                py,
                &self.spec,
                &s.borrow(),
                &mut self.rng,
                &mut self.rummy_cache,
            );
        }
        Err(type_error(format!(
            "state must be a HeartsState, SpadesState or RummyState, got {}",
            type_name(state)
        )))
    }

    fn __copy__(&self) -> Self {
        PyPolicy {
            spec: self.spec.clone(),
            rng: self.rng,
            settings: self.settings,
            rummy_cache: GreedyCache::default(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.__copy__()
    }

    /// Pickled as its names, its search settings and the position of its random stream, so
    /// an unpickled policy makes the choices this one would (it can be sent to another
    /// process, as `hearts_fast.distributed.arena` does).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (Bound<'py, PyAny>, u16, &'static str, u16, u8, u32, u64),
    )> {
        let names = match &self.spec {
            PolicySpec::Default => py.None().into_bound(py),
            PolicySpec::Uniform(p) => PyString::new(py, p).into_any(),
            PolicySpec::PerSeat(v) => pyo3::types::PyList::new(py, v)?.into_any(),
        };
        let p = &self.settings.pimc;
        Ok((
            py.get_type::<PyPolicy>().getattr("_unpickle")?,
            (
                names,
                p.worlds,
                p.evaluator.name(),
                p.rollouts,
                p.solve_tricks,
                self.settings.ismcts.iterations,
                self.rng.state(),
            ),
        ))
    }

    /// The reconstructor of `__reduce__`: a policy at the given position of its stream.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _unpickle(
        policy: Option<&Bound<'_, PyAny>>,
        worlds: &Bound<'_, PyAny>,
        evaluator: &Bound<'_, PyAny>,
        rollouts: &Bound<'_, PyAny>,
        solve_tricks: &Bound<'_, PyAny>,
        iterations: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let mut policy = Self::new(
            policy,
            None,
            None,
            Some(worlds),
            Some(evaluator),
            Some(rollouts),
            Some(solve_tricks),
            Some(iterations),
        )?;
        policy.rng = Rng::from_state(extract_index(state, "state")?);
        Ok(policy)
    }

    #[doc = crate::docs::stub_doc!("Policy", "play_out")]
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
