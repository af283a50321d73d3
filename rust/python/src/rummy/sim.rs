//! `simulate_rummy` and the rummy moves of `Policy`.

use super::state::PyRummyState;
use crate::batch::{put, simulate_function, Dict, Run, Simulate};
use crate::errors::InvalidArgumentError;
use crate::policy::PolicySpec;
use hearts_engine::rummy::policy::{act_with, policy_action_with, GreedyCache, RummyPolicy};
use hearts_engine::rummy::sim::RummyBatch;
use hearts_engine::rummy::RummyRules;
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Hands per GIL round trip (signal check, progress).
const HANDS_PER_CHUNK: usize = 1 << 10;
/// Hands per work item of a thread.
const BLOCK: usize = 64;

/// The rummy policies of a `players`-seat table (`greedy` by default).
fn policies(spec: &PolicySpec, players: u8) -> PyResult<Vec<RummyPolicy>> {
    spec.seats(
        players,
        "rummy",
        RummyPolicy::from_name,
        &RummyPolicy::allowed(),
        RummyPolicy::Greedy,
    )
}

/// One move of `spec` on a rummy hand; false once the hand is over. A hand without a legal
/// action (which the engine never reaches) is an `InvalidArgumentError`, not a panic.
pub fn act(
    spec: &PolicySpec,
    s: &mut PyRummyState,
    rng: &mut Rng,
    cache: &mut GreedyCache,
) -> PyResult<bool> {
    let seats = policies(spec, s.0.rules().players)?;
    act_with(&seats, &mut s.0, rng, cache).map_err(|e| InvalidArgumentError::new_err(e.to_string()))
}

/// The action `act` would make, without making it (None once the hand is over).
pub fn choose<'py>(
    py: Python<'py>,
    spec: &PolicySpec,
    s: &PyRummyState,
    rng: &mut Rng,
    cache: &mut GreedyCache,
) -> PyResult<Bound<'py, PyAny>> {
    let seats = policies(spec, s.0.rules().players)?;
    let Some(p) = s.0.current_player() else {
        return Ok(py.None().into_bound(py));
    };
    let a = policy_action_with(seats[usize::from(p)], &s.0, rng, cache)
        .map_err(|e| InvalidArgumentError::new_err(e.to_string()))?;
    Ok(crate::rummy::action::to_py(py, &a)?.into_any())
}

/// The rummy batch (no caller deals).
pub struct Rummy;

impl Simulate for Rummy {
    type Batch<'a> = RummyBatch<'a>;
    /// Games per GIL round trip, and per work item of a thread.
    const GAMES: (usize, usize) = (HANDS_PER_CHUNK / 16, 8);

    fn batch<'a>(run: &'a Run<'_, '_, Self>) -> RummyBatch<'a> {
        RummyBatch {
            rules: run.rules,
            seed: run.seed,
            policies: &run.policies,
        }
    }

    type Rules = RummyRules;
    type Policies = Vec<RummyPolicy>;
    type Deals = std::convert::Infallible;

    fn policies(spec: &PolicySpec, rules: &RummyRules) -> PyResult<Vec<RummyPolicy>> {
        policies(spec, rules.players)
    }

    fn hands<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let out = run.fill(&Self::batch(run), n, HANDS_PER_CHUNK, BLOCK)?;
        let p = out.players;
        let d = PyDict::new(run.py);
        put(&d, "hand_scores", out.hand_scores, &[n, p])?;
        put(&d, "opened", out.opened, &[n, p])?;
        put(&d, "went_out", out.went_out, &[n])?;
        put(&d, "turns", out.turns, &[n])?;
        Ok(d)
    }

    fn stream<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let (d, st) = run.stream(&Self::batch(run), n, HANDS_PER_CHUNK, BLOCK)?;
        let p = st.opens.len();
        d.set_item("hands", st.hands)?;
        put(&d, "opens", st.opens, &[p])?;
        put(&d, "outs", st.outs, &[p])?;
        d.set_item("nobody_out", st.nobody_out)?;
        d.set_item("mean_turns", st.turns.mean())?;
        d.set_item("var_turns", st.turns.variance())?;
        // The exact integers of the turn statistics, for merging parts (`hearts_fast.merge`).
        d.set_item("sum_turns", st.turns.sum)?;
        d.set_item("sumsq_turns", st.turns.sum_sq)?;
        Ok(d)
    }
}

simulate_function!(
    #[doc = crate::docs::stub_doc!("simulate_rummy")]
    simulate_rummy,
    Rummy,
    (hands, games, seed, policy, threads, stream, progress, hand_limit, start)
);
