//! `simulate_rummy` and the rummy moves of `Policy`.

use super::rules::PyRummyRules;
use super::state::PyRummyState;
use crate::batch::{game_columns, put, put_moments, simulate_function, Dict, Job, Simulate};
use crate::policy::PolicySpec;
use hearts_engine::rummy::policy::{act as policy_act, RummyPolicy};
use hearts_engine::rummy::sim::{simulate_games, simulate_hands, RummyStats};
use hearts_engine::rummy::RummyRules;
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Hands per GIL round trip (signal check, progress).
const HANDS_PER_CHUNK: usize = 1 << 10;
/// Games per GIL round trip.
const GAMES_PER_CHUNK: usize = HANDS_PER_CHUNK / 16;

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

/// One move of `spec` on a rummy hand; false once the hand is over.
pub fn act(spec: &PolicySpec, s: &mut PyRummyState, rng: &mut Rng) -> PyResult<bool> {
    let seats = policies(spec, s.0.rules().players)?;
    Ok(policy_act(&seats, &mut s.0, rng))
}

/// The rummy batch (no caller deals).
pub struct Rummy;

impl Simulate for Rummy {
    type Rules = RummyRules;
    type Policies = Vec<RummyPolicy>;
    type Deals = std::convert::Infallible;

    fn rules(obj: &Bound<'_, PyAny>) -> PyResult<RummyRules> {
        PyRummyRules::extract(obj)
    }

    fn policies(spec: &PolicySpec, rules: &RummyRules) -> PyResult<Vec<RummyPolicy>> {
        policies(spec, rules.players)
    }

    fn hands<'py>(job: &Job<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let (rules, seed, policies) = (&job.rules, job.seed, &job.policies);
        let (mut scores, mut opened, mut went, mut turns) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        job.run(
            n,
            HANDS_PER_CHUNK,
            |s, e| simulate_hands(rules, seed, policies, s as u64, e - s),
            |part| {
                scores.extend(part.hand_scores);
                opened.extend(part.opened);
                went.extend(part.went_out);
                turns.extend(part.turns);
            },
        )?;
        let p = usize::from(job.rules.players);
        let d = PyDict::new(job.py);
        put(&d, "hand_scores", scores, &[n, p])?;
        put(&d, "opened", opened, &[n, p])?;
        put(&d, "went_out", went, &[n])?;
        put(&d, "turns", turns, &[n])?;
        Ok(d)
    }

    fn stream<'py>(job: &Job<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let (rules, seed, policies) = (&job.rules, job.seed, &job.policies);
        let p = usize::from(rules.players);
        let mut st = RummyStats::new(p);
        job.run(
            n,
            HANDS_PER_CHUNK,
            |s, e| simulate_hands(rules, seed, policies, s as u64, e - s),
            |part| st.add(&part),
        )?;
        let d = PyDict::new(job.py);
        d.set_item("hands", st.hands)?;
        put_moments(&d, "hand_scores", &st.score, true)?;
        put(&d, "opens", st.opens, &[p])?;
        put(&d, "outs", st.outs, &[p])?;
        d.set_item("nobody_out", st.nobody_out)?;
        d.set_item("mean_turns", st.turns.mean())?;
        d.set_item("var_turns", st.turns.variance())?;
        Ok(d)
    }

    fn games<'py>(job: &Job<'_, 'py, Self>, n: usize, hand_limit: usize) -> Dict<'py> {
        let (rules, seed, policies) = (&job.rules, job.seed, &job.policies);
        let cols = job.games(n, GAMES_PER_CHUNK, |start, len| {
            game_columns!(simulate_games(
                rules, seed, policies, start, len, hand_limit
            ))
        })?;
        cols.into_dict(job.py, usize::from(job.rules.players))
    }
}

simulate_function!(
    /// Simulates rummy hands or games with in-engine policies (`greedy`, the default, or
    /// `random`); see docs/rummy-api.md and docs/protocol.md.
    simulate_rummy,
    Rummy,
    (hands, games, seed, policy, threads, stream, progress, hand_limit)
);
