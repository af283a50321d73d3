//! `_arena_scores`: the engine's duplicate arena (docs/arena.md) for `hearts_fast.arena`,
//! which reads the arguments' meaning and the statistics in Python. Here: the types and
//! values of the arguments, the deals in parallel with the GIL released, Ctrl-C honoured,
//! the same scores for any thread count.

use crate::batch::{check_range, detached, extract_start, extract_threads, pool};
use crate::convert::{extract_int, opt_seed, seq, type_name};
use crate::errors::{type_error, InvalidArgumentError};
use crate::hearts::rules::PyHeartsRules;
use crate::policy::PyPolicy;
use crate::spades::rules::PySpadesRules;
use hearts_engine::arena::{hearts_deal, hearts_game, spades_deal, spades_game, MAX_POLICIES};
use hearts_engine::batch::map_all;
use hearts_engine::hearts::policy::Policy as HeartsPolicy;
use hearts_engine::spades::policy::Policy as SpadesPolicy;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;

/// Deals per parallel work item: the split never depends on the thread count.
const CHUNK: u64 = 16;
/// The most deals of one call.
const MAX_DEALS: i128 = 1 << 32;

#[doc = crate::docs::stub_doc!("_arena_scores")]
#[pyfunction]
#[pyo3(signature = (rules, policies, deals, seed = None, threads = None, start = None, games = false, hand_limit = None))]
#[allow(clippy::too_many_arguments)]
pub fn _arena_scores<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    policies: &Bound<'py, PyAny>,
    deals: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    start: Option<&Bound<'py, PyAny>>,
    games: bool,
    hand_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hand_limit: usize = match crate::convert::given(hand_limit) {
        None => 1000,
        Some(h) => extract_int(h, "hand_limit")?.within(1..=1_000_000, || {
            InvalidArgumentError::new_err("hand_limit must be 1..=1000000")
        })?,
    };
    let list = seq(policies, "policies")?;
    let bots = list
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.cast::<PyPolicy>()
                .map(|p| p.borrow().single())
                .map_err(|_| {
                    type_error(format!(
                        "policies[{i}] must be a hearts_fast.Policy, got {}",
                        type_name(p)
                    ))
                })?
        })
        .collect::<PyResult<Vec<_>>>()?;
    let n: u64 = extract_int(deals, "deals")?.within(1..=MAX_DEALS, || {
        InvalidArgumentError::new_err(format!("deals must be 1..={MAX_DEALS}"))
    })?;
    let seed = opt_seed(seed)?;
    let start = extract_start(start)?;
    check_range(start, n as usize, if games { "games" } else { "deals" })?;
    let threads = extract_threads(threads)?;
    if bots.is_empty() || bots.len() > MAX_POLICIES {
        return Err(InvalidArgumentError::new_err(format!(
            "an arena takes 1..={MAX_POLICIES} policies, got {}",
            bots.len()
        )));
    }
    let p = bots.len();
    let chunks: Vec<u64> = (0..n).step_by(CHUNK as usize).collect();
    let pool = pool(threads)?;
    let play: Box<dyn Fn(u64) -> Vec<f64> + Sync + Send> = if let Ok(r) =
        rules.cast::<PyHeartsRules>()
    {
        let rules = r.get().0;
        if p > usize::from(rules.players) {
            return Err(InvalidArgumentError::new_err(format!(
                "{p} policies at a table of {} players: at most one policy a seat",
                rules.players
            )));
        }
        let table = bots
            .iter()
            .map(|(name, settings)| match HeartsPolicy::from_name(name) {
                Some(x) => Ok(crate::hearts::sim::with_settings(x, settings)),
                None => Err(InvalidArgumentError::new_err(format!(
                    "{name:?} is not a Hearts policy; Hearts policies: \"random\", \"heuristic\", \"pimc\", \"ismcts\""
                ))),
            })
            .collect::<PyResult<Vec<_>>>()?;
        if games {
            Box::new(move |d| hearts_game(&rules, seed, start + d, &table, hand_limit))
        } else {
            Box::new(move |d| hearts_deal(&rules, seed, start + d, &table))
        }
    } else if let Ok(r) = rules.cast::<PySpadesRules>() {
        let rules = r.get().0;
        if p > 2 {
            return Err(InvalidArgumentError::new_err(format!(
                "a Spades arena seats one policy per team: 1 or 2 policies, got {p}"
            )));
        }
        let table = bots
            .iter()
            .map(|(name, settings)| match SpadesPolicy::from_name(name) {
                Some(x) => Ok(crate::spades::sim::with_settings(x, settings)),
                None => Err(InvalidArgumentError::new_err(format!(
                    "{name:?} is not a Spades policy; Spades policies: {}",
                    SpadesPolicy::allowed()
                ))),
            })
            .collect::<PyResult<Vec<_>>>()?;
        if games {
            Box::new(move |d| spades_game(&rules, seed, start + d, &table, hand_limit))
        } else {
            Box::new(move |d| spades_deal(&rules, seed, start + d, &table))
        }
    } else {
        return Err(type_error(format!(
            "rules must be a HeartsRules or SpadesRules, got {}",
            type_name(rules)
        )));
    };

    let parts = detached(py, |stop| {
        pool.install(|| {
            map_all(chunks, |first| {
                let mut rows = Vec::new();
                for d in first..(first + CHUNK).min(n) {
                    if stop.requested() {
                        break;
                    }
                    rows.extend(play(d));
                }
                rows
            })
        })
    })?;
    let scores: Vec<f64> = parts.into_iter().flatten().collect();
    if scores.len() != n as usize * p {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
            "interrupted",
        ));
    }
    Ok(scores.into_pyarray(py).reshape([n as usize, p])?.into_any())
}
