//! `simulate_spades`: the Spades batch with the GIL released between signal checks, results
//! as numpy arrays moved out of Rust.

use crate::convert::extract_seed;
use crate::errors::InvalidArgumentError;
use crate::sim::{
    extract_count, extract_deck_orders, extract_hand_limit, extract_policy, extract_progress,
    extract_stream, extract_threads, run_job, run_stream_job, BLOCK, GAMES_PER_CHUNK, GAME_BLOCK,
    HANDS_PER_CHUNK,
};
use crate::spades::extract_spades_rules;
use hearts_engine::batch::Pool;
use hearts_engine::spades::sim::{
    deal_from_order, Dealt, Games, SpadesBatch, SpadesGamesOut, SpadesStats,
};
use hearts_engine::spades::Deal;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Caller deck orders: rows of 52 ids, each the rules' 52 cards in the order they are dealt
/// (hand `i` has dealer `i % 4`).
fn extract_spades_deals(
    rules: &hearts_engine::spades::SpadesRules,
    obj: &Bound<'_, PyAny>,
) -> PyResult<Vec<Deal>> {
    let flat = extract_deck_orders(obj, 53)?;
    flat.chunks_exact(52)
        .enumerate()
        .map(|(i, row)| {
            deal_from_order(rules, (i % 4) as u8, row)
                .map_err(|e| crate::errors::InvalidDealError::new_err(format!("deals[{i}]: {e}")))
        })
        .collect()
}

#[pyfunction]
#[pyo3(signature = (rules, *, hands = None, games = None, seed = None, policy = None, threads = None, deals = None, stream = None, progress = None, hand_limit = None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_spades<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hands: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    policy: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    deals: Option<&Bound<'py, PyAny>>,
    stream: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
    hand_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = extract_spades_rules(rules)?;
    let stream = extract_stream(stream)?;
    let hand_limit = extract_hand_limit(hand_limit)?;
    let seed = seed.map(extract_seed).transpose()?.unwrap_or(0);
    let table = extract_policy(policy, 4, "Spades")?;
    let policies = crate::spades::spades_policies(&table.0[..4]);
    let threads = extract_threads(threads)?;
    let progress = extract_progress(progress)?;
    let hands = hands
        .filter(|h| !h.is_none())
        .map(|h| extract_count(h, "hands"))
        .transpose()?;
    let games = games
        .filter(|g| !g.is_none())
        .map(|g| extract_count(g, "games"))
        .transpose()?;
    let deals = deals
        .filter(|d| !d.is_none())
        .map(|d| extract_spades_deals(&rules, d))
        .transpose()?;
    let b = SpadesBatch {
        rules,
        seed,
        policies,
    };
    let pool = Pool::new(threads).map_err(|e| InvalidArgumentError::new_err(e.0))?;
    match (hands, games) {
        (Some(_), Some(_)) => Err(InvalidArgumentError::new_err(
            "give either hands= or games=, not both",
        )),
        (None, Some(_)) if stream || deals.is_some() => Err(InvalidArgumentError::new_err(
            "deals= and stream=True work with hands=, not games=",
        )),
        (None, Some(n)) => run_games(py, &b, &pool, n, progress, hand_limit),
        (h, None) => {
            let n = match (h, &deals) {
                (Some(n), Some(d)) if n != d.len() => {
                    return Err(InvalidArgumentError::new_err(format!(
                        "hands={n} but deals has {} rows; omit hands= or make them agree",
                        d.len()
                    )))
                }
                (Some(n), _) => n,
                (None, Some(d)) => d.len(),
                (None, None) => {
                    return Err(InvalidArgumentError::new_err(
                        "give hands= (a number of hands) or games=",
                    ))
                }
            };
            let deals = deals.as_deref();
            if stream {
                run_stream(py, &b, &pool, n, deals, progress)
            } else {
                run_hands(py, &b, &pool, n, deals, progress)
            }
        }
    }
}

fn run_hands<'py>(
    py: Python<'py>,
    b: &SpadesBatch,
    pool: &Pool,
    n: usize,
    deals: Option<&[Deal]>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let out = match deals {
        Some(deals) => {
            let job = Dealt {
                batch: b,
                deals,
                first: 0,
            };
            run_job(py, pool, &job, n, HANDS_PER_CHUNK, BLOCK, progress)?
        }
        None => run_job(py, pool, b, n, HANDS_PER_CHUNK, BLOCK, progress)?,
    };
    let d = PyDict::new(py);
    d.set_item("bids", out.bids.into_pyarray(py).reshape([n, 4])?)?;
    d.set_item("nil", out.nil.into_pyarray(py).reshape([n, 4])?)?;
    d.set_item("blind", out.blind.into_pyarray(py).reshape([n, 4])?)?;
    d.set_item("bemo", out.bemo.into_pyarray(py).reshape([n, 4])?)?;
    d.set_item("tricks", out.tricks.into_pyarray(py).reshape([n, 4])?)?;
    d.set_item(
        "hand_scores",
        out.hand_scores.into_pyarray(py).reshape([n, 2])?,
    )?;
    d.set_item("hand_bags", out.hand_bags.into_pyarray(py).reshape([n, 2])?)?;
    Ok(d)
}

fn run_stream<'py>(
    py: Python<'py>,
    b: &SpadesBatch,
    pool: &Pool,
    n: usize,
    deals: Option<&[Deal]>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let total = match deals {
        Some(deals) => {
            let job = Dealt {
                batch: b,
                deals,
                first: 0,
            };
            run_stream_job(py, pool, &job, n, HANDS_PER_CHUNK, BLOCK, progress)?
        }
        None => run_stream_job(py, pool, b, n, HANDS_PER_CHUNK, BLOCK, progress)?,
    };
    stats_dict(py, &total)
}

fn stats_dict<'py>(py: Python<'py>, st: &SpadesStats) -> PyResult<Bound<'py, PyDict>> {
    use crate::sim::{means, variances};
    let d = PyDict::new(py);
    d.set_item("hands", st.hands)?;
    d.set_item("mean_hand_scores", means(&st.score).into_pyarray(py))?;
    d.set_item("var_hand_scores", variances(&st.score).into_pyarray(py))?;
    d.set_item("mean_hand_bags", means(&st.bags).into_pyarray(py))?;
    d.set_item("contracts_made", st.made.to_vec().into_pyarray(py))?;
    d.set_item("mean_tricks", means(&st.tricks).into_pyarray(py))?;
    d.set_item("var_tricks", variances(&st.tricks).into_pyarray(py))?;
    d.set_item("mean_bids", means(&st.bids).into_pyarray(py))?;
    d.set_item("nil_bids", st.nil_bids.to_vec().into_pyarray(py))?;
    d.set_item("nils_made", st.nil_made.to_vec().into_pyarray(py))?;
    let hist: Vec<i64> = st.tricks_hist.iter().flatten().copied().collect();
    d.set_item("tricks_hist", hist.into_pyarray(py).reshape([4, 14])?)?;
    Ok(d)
}

fn run_games<'py>(
    py: Python<'py>,
    b: &SpadesBatch,
    pool: &Pool,
    n: usize,
    progress: Option<&Bound<'py, PyAny>>,
    hand_limit: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let job = Games {
        batch: b,
        hand_limit,
    };
    let SpadesGamesOut {
        totals,
        winners,
        hands_played,
        finished,
        ..
    } = run_job(py, pool, &job, n, GAMES_PER_CHUNK, GAME_BLOCK, progress)?;
    let d = PyDict::new(py);
    d.set_item("totals", totals.into_pyarray(py).reshape([n, 2])?)?;
    d.set_item("winners", winners.into_pyarray(py).reshape([n, 2])?)?;
    d.set_item("hands_played", hands_played.into_pyarray(py))?;
    d.set_item("finished", finished.into_pyarray(py))?;
    Ok(d)
}
