//! `_VectorEnv`: the engine's vector environment (docs/environments.md) for
//! `hearts_fast.env`, which adds the Gymnasium API in Python. Here: the arguments' types
//! and values, the numpy buffers every step writes in place with the GIL released, and
//! the tensors and legal masks of single positions.

use crate::convert::{extract_bool, extract_int, extract_str, given, opt_seed, seq, type_name};
use crate::errors::{illegal, type_error, InvalidArgumentError};
use crate::hearts::rules::PyHeartsRules;
use crate::policy::PyPolicy;
use crate::spades::rules::PySpadesRules;
use hearts_engine::env::{Buffers, EnvGame, Episode, Kind, Layout, Reward, StepError, VectorEnv};
use hearts_engine::hearts::env::{HeartsConfig, HeartsEnv};
use hearts_engine::hearts::policy::{Policy as HeartsPolicy, TablePolicy};
use hearts_engine::spades::env::{SpadesConfig, SpadesEnv};
use hearts_engine::spades::policy::Policy as SpadesPolicy;
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The most environments of one vector environment.
const MAX_ENVS: i128 = 1 << 20;

/// The kind named by `obj` (default: the observation).
pub fn extract_kind(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Kind> {
    let Some(o) = given(obj) else {
        return Ok(Kind::Observation);
    };
    let name = extract_str(o, "kind")?;
    Kind::from_name(&name).ok_or_else(|| {
        InvalidArgumentError::new_err(format!(
            "unknown kind {name:?}; allowed: \"observation\", \"info_state\""
        ))
    })
}

/// The layout named by `obj` (default: compact).
pub fn extract_layout(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Layout> {
    let Some(o) = given(obj) else {
        return Ok(Layout::Compact);
    };
    let name = extract_str(o, "layout")?;
    Layout::from_name(&name).ok_or_else(|| {
        InvalidArgumentError::new_err(format!(
            "unknown layout {name:?}; allowed: \"compact\", \"openspiel\""
        ))
    })
}

/// A mask of `n` actions as a numpy bool array.
pub fn mask_array(py: Python<'_>, mask: u128, n: usize) -> Bound<'_, PyArray1<bool>> {
    let v: Vec<bool> = (0..n).map(|a| mask >> a & 1 != 0).collect();
    PyArray1::from_vec(py, v)
}

/// The per-seat policies of `opponents=`: None (random), one name or `Policy`, or one per
/// seat (entries at the learner's seats are ignored and may be None).
fn extract_opponents<P: Copy>(
    obj: Option<&Bound<'_, PyAny>>,
    players: u8,
    game: &str,
    parse: impl Fn(&str, &crate::policy::Settings) -> Option<P>,
    allowed: &str,
    default: P,
) -> PyResult<Vec<P>> {
    let n = usize::from(players);
    let one = |o: &Bound<'_, PyAny>, what: &str| -> PyResult<Option<P>> {
        if o.is_none() {
            return Ok(None);
        }
        let (name, settings) = if o.is_instance_of::<PyString>() {
            (
                extract_str(o, what)?,
                crate::policy::Settings {
                    pimc: hearts_engine::search::Pimc::default(),
                    ismcts: hearts_engine::search::Ismcts::default(),
                },
            )
        } else if let Ok(p) = o.cast::<PyPolicy>() {
            let (name, settings) = p.borrow().single()?;
            (name.to_string(), settings)
        } else {
            return Err(type_error(format!(
                "{what} must be a policy name or a hearts_fast.Policy, got {}",
                type_name(o)
            )));
        };
        parse(&name, &settings).map(Some).ok_or_else(|| {
            InvalidArgumentError::new_err(format!(
                "{what}: {name:?} is not a {game} policy; {game} policies: {allowed}"
            ))
        })
    };
    let Some(o) = given(obj) else {
        return Ok(vec![default; n]);
    };
    if o.is_instance_of::<PyString>() || o.cast::<PyPolicy>().is_ok() {
        let p = one(o, "opponents")?.unwrap_or(default);
        return Ok(vec![p; n]);
    }
    let items = seq(o, "opponents")?;
    if items.len() != n {
        return Err(InvalidArgumentError::new_err(format!(
            "opponents names {} seats but the table has {players}; give one policy, or one \
             per seat",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, x)| Ok(one(x, &format!("opponents[{i}]"))?.unwrap_or(default)))
        .collect()
}

/// The learner's seats as a bit mask (default: seat 0).
fn learner_seats(obj: Option<&Bound<'_, PyAny>>, players: u8) -> PyResult<u8> {
    let Some(o) = given(obj) else {
        return Ok(1);
    };
    let items = if extract_int(o, "seats").is_ok() {
        vec![o.clone()]
    } else {
        seq(o, "seats")?
    };
    let mut mask = 0u8;
    for x in &items {
        let s: u8 = extract_int(x, "seats")?.within(0..=i128::from(players) - 1, || {
            InvalidArgumentError::new_err(format!(
                "seats must be seats of the table, 0..{}; got {}",
                players - 1,
                crate::convert::shown(x)
            ))
        })?;
        if mask >> s & 1 != 0 {
            return Err(InvalidArgumentError::new_err(format!(
                "seats names seat {s} twice"
            )));
        }
        mask |= 1 << s;
    }
    if mask == 0 {
        return Err(InvalidArgumentError::new_err(
            "seats must name at least one seat for the learner",
        ));
    }
    Ok(mask)
}

enum AnyEnv {
    Hearts(VectorEnv<HeartsEnv>),
    Spades(VectorEnv<SpadesEnv>),
}

macro_rules! with_env {
    ($env:expr, $e:ident => $body:expr) => {
        match $env {
            AnyEnv::Hearts($e) => $body,
            AnyEnv::Spades($e) => $body,
        }
    };
}

/// The buffers of one vector environment.
struct Arrays {
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray1<f32>>,
    seat_rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    seat: Py<PyArray1<i8>>,
    final_obs: Py<PyArray2<f32>>,
}

#[doc = crate::docs::stub_doc!("_VectorEnv")]
#[pyclass(name = "_VectorEnv", module = "hearts_fast._core")]
pub struct PyVectorEnv {
    env: AnyEnv,
    arrays: Arrays,
    players: u8,
    actions: usize,
    learners: u8,
}

/// Runs `f` on the buffers' slices with the GIL released.
fn with_buffers<R: Send>(
    py: Python<'_>,
    a: &Arrays,
    f: impl FnOnce(&mut Buffers<'_>) -> R + Send,
) -> PyResult<R> {
    let mut obs = a.obs.bind(py).readwrite();
    let mut mask = a.mask.bind(py).readwrite();
    let mut rewards = a.rewards.bind(py).readwrite();
    let mut seat_rewards = a.seat_rewards.bind(py).readwrite();
    let mut terminated = a.terminated.bind(py).readwrite();
    let mut truncated = a.truncated.bind(py).readwrite();
    let mut seat = a.seat.bind(py).readwrite();
    let mut final_obs = a.final_obs.bind(py).readwrite();
    let mut b = Buffers {
        obs: obs.as_slice_mut()?,
        mask: mask.as_slice_mut()?,
        rewards: rewards.as_slice_mut()?,
        seat_rewards: seat_rewards.as_slice_mut()?,
        terminated: terminated.as_slice_mut()?,
        truncated: truncated.as_slice_mut()?,
        seat: seat.as_slice_mut()?,
        final_obs: final_obs.as_slice_mut()?,
    };
    Ok(py.detach(move || f(&mut b)))
}

/// `actions` as int64 values: a 1-D numpy array of integers or a sequence of ints, of
/// length `n`.
fn extract_actions(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    if let Ok(arr) = obj.cast::<PyArray1<i64>>() {
        if arr.len() == n {
            return Ok(arr.to_vec()?);
        }
    }
    if let Ok(arr) = obj.cast::<PyUntypedArray>() {
        let kind = arr.dtype().kind();
        if kind != b'i' && kind != b'u' {
            return Err(type_error(format!(
                "actions must be integers, got an array of dtype {}",
                arr.dtype()
            )));
        }
        if arr.shape() != [n] {
            return Err(InvalidArgumentError::new_err(format!(
                "actions must have shape ({n},), one per environment; got {:?}",
                arr.shape()
            )));
        }
        let as64 = arr.call_method1("astype", ("int64",))?;
        let a = as64.cast::<PyArray1<i64>>()?;
        return Ok(a.to_vec()?);
    }
    let items = seq(obj, "actions")?;
    if items.len() != n {
        return Err(InvalidArgumentError::new_err(format!(
            "actions must hold {n} actions, one per environment; got {}",
            items.len()
        )));
    }
    items
        .iter()
        .map(|x| {
            extract_int(x, "actions")?.within(i128::from(i64::MIN)..=i128::from(i64::MAX), || {
                InvalidArgumentError::new_err("an action is out of range")
            })
        })
        .collect()
}

fn step_error(e: StepError) -> PyErr {
    match e {
        StepError::Illegal { ref legal, .. } => {
            let legal: Vec<u32> = legal.iter().map(|&a| a as u32).collect();
            illegal(e.to_string(), None, legal)
        }
        StepError::Count { .. } | StepError::Range { .. } => {
            InvalidArgumentError::new_err(e.to_string())
        }
        StepError::Over(_) | StepError::NotReset => InvalidArgumentError::new_err(e.to_string()),
    }
}

fn internal(e: String) -> PyErr {
    pyo3::exceptions::PyRuntimeError::new_err(e)
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (rules, num_envs = None, *, seats = None, opponents = None, reward = None, episode = None, max_hands = None, seed = None, autoreset = None, kind = None, layout = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        num_envs: Option<&Bound<'_, PyAny>>,
        seats: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
        reward: Option<&Bound<'_, PyAny>>,
        episode: Option<&Bound<'_, PyAny>>,
        max_hands: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        autoreset: Option<&Bound<'_, PyAny>>,
        kind: Option<&Bound<'_, PyAny>>,
        layout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let num_envs: usize = match given(num_envs) {
            None => 1,
            Some(o) => extract_int(o, "num_envs")?.within(1..=MAX_ENVS, || {
                InvalidArgumentError::new_err(format!("num_envs must be 1..={MAX_ENVS}"))
            })?,
        };
        let reward = match given(reward) {
            None => Reward::Hand,
            Some(o) => {
                let name = extract_str(o, "reward")?;
                Reward::from_name(&name).ok_or_else(|| {
                    InvalidArgumentError::new_err(format!(
                        "unknown reward {name:?}; allowed: \"hand\", \"trick\""
                    ))
                })?
            }
        };
        let max_hands: Option<u32> = match given(max_hands) {
            None => None,
            Some(o) => Some(extract_int(o, "max_hands")?.within(1..=1_000_000, || {
                InvalidArgumentError::new_err("max_hands must be 1..=1000000 or None")
            })?),
        };
        let episode = match given(episode) {
            None => Episode::Hand,
            Some(o) => match extract_str(o, "episode")?.as_str() {
                "hand" => Episode::Hand,
                "game" => Episode::Game { max_hands },
                other => {
                    return Err(InvalidArgumentError::new_err(format!(
                        "unknown episode {other:?}; allowed: \"hand\", \"game\""
                    )))
                }
            },
        };
        if max_hands.is_some() && episode == Episode::Hand {
            return Err(InvalidArgumentError::new_err(
                "max_hands limits whole games: it needs episode=\"game\"",
            ));
        }
        let seed = opt_seed(seed)?;
        let autoreset = match given(autoreset) {
            None => true,
            Some(o) => extract_bool(o, "autoreset")?,
        };
        let kind = extract_kind(kind)?;
        let layout = extract_layout(layout)?;
        let (env, players, actions, learners) = if let Ok(r) = rules.cast::<PyHeartsRules>() {
            let rules = r.get().0;
            let n = rules.players;
            let p = extract_opponents(
                opponents,
                n,
                "Hearts",
                |name, s| {
                    HeartsPolicy::from_name(name).map(|p| crate::hearts::sim::with_settings(p, s))
                },
                "\"random\", \"heuristic\", \"pimc\", \"ismcts\"",
                HeartsPolicy::Random,
            )?;
            let mut table = TablePolicy::uniform(HeartsPolicy::Random);
            table.0[..p.len()].copy_from_slice(&p);
            let cfg = HeartsConfig {
                rules,
                policies: table,
                episode,
                reward,
            };
            let learners = learner_seats(seats, n)?;
            let v = VectorEnv::new(cfg, num_envs, learners, seed, autoreset, kind, layout)
                .map_err(InvalidArgumentError::new_err)?;
            (AnyEnv::Hearts(v), n, HeartsEnv::ACTIONS, learners)
        } else if let Ok(r) = rules.cast::<PySpadesRules>() {
            let rules = r.get().0;
            let p = extract_opponents(
                opponents,
                4,
                "Spades",
                |name, s| {
                    SpadesPolicy::from_name(name).map(|p| crate::spades::sim::with_settings(p, s))
                },
                &SpadesPolicy::allowed(),
                SpadesPolicy::Random,
            )?;
            let cfg = SpadesConfig {
                rules,
                policies: [p[0], p[1], p[2], p[3]],
                episode,
                reward,
            };
            let learners = learner_seats(seats, 4)?;
            let v = VectorEnv::new(cfg, num_envs, learners, seed, autoreset, kind, layout)
                .map_err(InvalidArgumentError::new_err)?;
            (AnyEnv::Spades(v), 4, SpadesEnv::ACTIONS, learners)
        } else {
            return Err(type_error(format!(
                "rules must be a HeartsRules or SpadesRules, got {}",
                type_name(rules)
            )));
        };
        let size = with_env!(&env, e => e.size());
        let n = usize::from(players);
        let arrays = Arrays {
            obs: PyArray2::zeros(py, [num_envs, size], false).unbind(),
            mask: PyArray2::zeros(py, [num_envs, actions], false).unbind(),
            rewards: PyArray1::zeros(py, num_envs, false).unbind(),
            seat_rewards: PyArray2::zeros(py, [num_envs, n], false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::zeros(py, num_envs, false).unbind(),
            seat: PyArray1::zeros(py, num_envs, false).unbind(),
            final_obs: PyArray2::zeros(py, [num_envs, size], false).unbind(),
        };
        Ok(PyVectorEnv {
            env,
            arrays,
            players,
            actions,
            learners,
        })
    }

    #[doc = crate::docs::stub_doc!("_VectorEnv", "num_envs")]
    #[getter]
    fn num_envs(&self) -> usize {
        with_env!(&self.env, e => e.num_envs())
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "size")]
    #[getter]
    fn size(&self) -> usize {
        with_env!(&self.env, e => e.size())
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "num_actions")]
    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "num_players")]
    #[getter]
    fn num_players(&self) -> u8 {
        self.players
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "seats")]
    #[getter]
    fn seats(&self) -> Vec<u32> {
        (0..u32::from(self.players))
            .filter(|&s| self.learners >> s & 1 != 0)
            .collect()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "game")]
    #[getter]
    fn game(&self) -> &'static str {
        match self.env {
            AnyEnv::Hearts(_) => "hearts",
            AnyEnv::Spades(_) => "spades",
        }
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "autoreset")]
    #[getter]
    fn autoreset(&self) -> bool {
        with_env!(&self.env, e => e.autoreset())
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "obs")]
    #[getter]
    fn obs<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.obs.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "mask")]
    #[getter]
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.arrays.mask.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "rewards")]
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.arrays.rewards.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "seat_rewards")]
    #[getter]
    fn seat_rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.seat_rewards.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "terminated")]
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.arrays.terminated.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "truncated")]
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.arrays.truncated.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "seat")]
    #[getter]
    fn seat<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.arrays.seat.bind(py).clone()
    }
    #[doc = crate::docs::stub_doc!("_VectorEnv", "final_obs")]
    #[getter]
    fn final_obs<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.final_obs.bind(py).clone()
    }

    #[doc = crate::docs::stub_doc!("_VectorEnv", "reset")]
    #[pyo3(signature = (seed = None, reset_mask = None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
        reset_mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let seed = match given(seed) {
            None => None,
            Some(s) => Some(crate::convert::extract_seed(s)?),
        };
        let which: Option<Vec<bool>> = match given(reset_mask) {
            None => None,
            Some(m) => Some(
                seq(m, "reset_mask")?
                    .iter()
                    .map(|x| extract_bool(x, "reset_mask"))
                    .collect::<PyResult<_>>()?,
            ),
        };
        let env = &mut self.env;
        with_buffers(
            py,
            &self.arrays,
            move |b| with_env!(env, e => e.reset(seed, which.as_deref(), b)),
        )?
        .map_err(InvalidArgumentError::new_err)
    }

    #[doc = crate::docs::stub_doc!("_VectorEnv", "step")]
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.num_envs();
        let actions = extract_actions(actions, n)?;
        with_env!(&self.env, e => e.check_actions(&actions)).map_err(step_error)?;
        let env = &mut self.env;
        with_buffers(
            py,
            &self.arrays,
            move |b| with_env!(env, e => e.step(&actions, b)),
        )?
        .map_err(internal)
    }

    #[doc = crate::docs::stub_doc!("_VectorEnv", "observe")]
    #[pyo3(signature = (env, seat, kind = None, layout = None))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        env: &Bound<'py, PyAny>,
        seat: &Bound<'py, PyAny>,
        kind: Option<&Bound<'py, PyAny>>,
        layout: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let n = self.num_envs();
        let i: usize = extract_int(env, "env")?.within(0..=n as i128 - 1, || {
            InvalidArgumentError::new_err(format!("env must be 0..{}", n - 1))
        })?;
        let players = self.players;
        let seat: u8 = extract_int(seat, "seat")?.within(0..=i128::from(players) - 1, || {
            InvalidArgumentError::new_err(format!("seat must be 0..{}", players - 1))
        })?;
        let (kind, layout) = (extract_kind(kind)?, extract_layout(layout)?);
        let size = with_env!(&self.env, e => tensor_len(e, kind, layout))
            .map_err(InvalidArgumentError::new_err)?;
        let mut out = vec![0.0f32; size];
        with_env!(&self.env, e => e.observe(i, seat, kind, layout, &mut out))
            .map_err(InvalidArgumentError::new_err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    #[doc = crate::docs::stub_doc!("_VectorEnv", "state")]
    fn state<'py>(&self, py: Python<'py>, env: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        let n = self.num_envs();
        let i: usize = extract_int(env, "env")?.within(0..=n as i128 - 1, || {
            InvalidArgumentError::new_err(format!("env must be 0..{}", n - 1))
        })?;
        let missing = || InvalidArgumentError::new_err("call reset() first");
        match &self.env {
            AnyEnv::Hearts(v) => {
                let e = v.envs().get(i).ok_or_else(missing)?;
                let s = crate::hearts::state::PyHeartsState {
                    log: e.log().clone(),
                    state: *e.state(),
                };
                Ok(Py::new(py, s)?.into_any())
            }
            AnyEnv::Spades(v) => {
                let e = v.envs().get(i).ok_or_else(missing)?;
                let s = crate::spades::state::PySpadesState::wrap(e.state().clone());
                Ok(Py::new(py, s)?.into_any())
            }
        }
    }

    #[doc = crate::docs::stub_doc!("_VectorEnv", "selected")]
    fn selected(&self, env: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let n = self.num_envs();
        let i: usize = extract_int(env, "env")?.within(0..=n as i128 - 1, || {
            InvalidArgumentError::new_err(format!("env must be 0..{}", n - 1))
        })?;
        Ok(match &self.env {
            AnyEnv::Hearts(v) => v
                .envs()
                .get(i)
                .map_or_else(Vec::new, |e| crate::convert::ids(e.selected())),
            AnyEnv::Spades(_) => Vec::new(),
        })
    }
}

/// The tensor length of a vector environment's game for `kind`/`layout`.
fn tensor_len<G: EnvGame>(v: &VectorEnv<G>, kind: Kind, layout: Layout) -> Result<usize, String> {
    G::size(v.config(), kind, layout)
}

#[doc = crate::docs::stub_doc!("_tensor_fields")]
#[pyfunction]
#[pyo3(signature = (rules, kind = None))]
pub fn _tensor_fields(
    rules: &Bound<'_, PyAny>,
    kind: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(&'static str, usize, usize)>> {
    let kind = extract_kind(kind)?;
    let fields = if let Ok(r) = rules.cast::<PyHeartsRules>() {
        hearts_engine::hearts::tensor::fields(r.get().0.players, kind)
    } else if let Ok(_r) = rules.cast::<PySpadesRules>() {
        hearts_engine::spades::tensor::fields(kind)
    } else {
        return Err(type_error(format!(
            "rules must be a HeartsRules or SpadesRules, got {}",
            type_name(rules)
        )));
    };
    let mut start = 0;
    Ok(fields
        .into_iter()
        .map(|(name, w)| {
            start += w;
            (name, start - w, start)
        })
        .collect())
}
