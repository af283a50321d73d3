//! `simulate_spades`: the Spades batch with the GIL released between signal checks, results
//! as numpy arrays moved out of Rust.

use crate::convert::extract_seed;
use crate::errors::InvalidArgumentError;
use crate::sim::{
    extract_count, extract_policy, extract_progress, extract_threads, report, BLOCK,
    GAMES_PER_CHUNK, GAME_BLOCK, HANDS_PER_CHUNK,
};
use crate::spades::extract_spades_rules;
use hearts_engine::batch::Pool;
use hearts_engine::spades::sim::{
    simulate_chunk, simulate_games, stream_hands, SpadesBatch, SpadesHandsOut, SpadesStats,
};
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Hands after which a batch game that has not ended is stopped (random bids can keep a
/// game without `lose_score` going for ever); `hand_limit=` changes it.
const DEFAULT_HAND_LIMIT: usize = 1000;
const MAX_HAND_LIMIT: usize = 1_000_000;

#[pyfunction]
#[pyo3(signature = (rules, *, hands = None, games = None, seed = None, policy = None, threads = None, stream = None, progress = None, hand_limit = None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_spades<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    hands: Option<&Bound<'py, PyAny>>,
    games: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    policy: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    stream: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
    hand_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = extract_spades_rules(rules)?;
    let stream = stream
        .filter(|s| !s.is_none())
        .map(|s| crate::convert::extract_bool(s, "stream"))
        .transpose()?
        .unwrap_or(false);
    let hand_limit = match hand_limit.filter(|h| !h.is_none()) {
        None => DEFAULT_HAND_LIMIT,
        Some(h) => {
            let x = extract_count(h, "hand_limit")?;
            if x == 0 || x > MAX_HAND_LIMIT {
                return Err(InvalidArgumentError::new_err(format!(
                    "hand_limit must be 1..={MAX_HAND_LIMIT}, got {x}"
                )));
            }
            x
        }
    };
    let seed = seed.map(extract_seed).transpose()?.unwrap_or(0);
    let table = extract_policy(policy, 4)?;
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
        (None, None) => Err(InvalidArgumentError::new_err(
            "give hands= (a number of hands) or games=",
        )),
        (None, Some(_)) if stream => Err(InvalidArgumentError::new_err(
            "stream=True works with hands=, not games=",
        )),
        (None, Some(n)) => run_games(py, &b, &pool, n, progress, hand_limit),
        (Some(n), None) if stream => run_stream(py, &b, &pool, n, progress),
        (Some(n), None) => run_hands(py, &b, &pool, n, progress),
    }
}

fn run_hands<'py>(
    py: Python<'py>,
    b: &SpadesBatch,
    pool: &Pool,
    n: usize,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut out = SpadesHandsOut::new(n);
    let mut done = 0;
    while done < n {
        let end = (done + HANDS_PER_CHUNK).min(n);
        let chunk = out.chunk(0, done, end);
        py.detach(|| pool.install(|| simulate_chunk(b, chunk, BLOCK)));
        done = end;
        py.check_signals()?;
        report(progress, done, n)?;
    }
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
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut total = SpadesStats::default();
    let mut done = 0;
    while done < n {
        let end = (done + HANDS_PER_CHUNK).min(n);
        let part = py.detach(|| {
            pool.install(|| stream_hands(b, done as u64, (end - done) as u64, BLOCK as u64))
        });
        total.merge(&part);
        done = end;
        py.check_signals()?;
        report(progress, done, n)?;
    }
    stats_dict(py, &total)
}

fn stats_dict<'py>(py: Python<'py>, st: &SpadesStats) -> PyResult<Bound<'py, PyDict>> {
    let mean = |s: &[i64]| crate::sim::means(s, st.hands);
    let var = |s: &[i64], q: &[i64]| crate::sim::variances(s, q, st.hands);
    let d = PyDict::new(py);
    d.set_item("hands", st.hands)?;
    d.set_item("mean_hand_scores", mean(&st.score_sum).into_pyarray(py))?;
    d.set_item(
        "var_hand_scores",
        var(&st.score_sum, &st.score_sq).into_pyarray(py),
    )?;
    d.set_item("mean_hand_bags", mean(&st.bags_sum).into_pyarray(py))?;
    d.set_item("contracts_made", st.made.to_vec().into_pyarray(py))?;
    d.set_item("mean_tricks", mean(&st.tricks_sum).into_pyarray(py))?;
    d.set_item(
        "var_tricks",
        var(&st.tricks_sum, &st.tricks_sq).into_pyarray(py),
    )?;
    d.set_item("mean_bids", mean(&st.bid_sum).into_pyarray(py))?;
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
    let mut totals: Vec<i64> = Vec::with_capacity(n * 2);
    let mut finished: Vec<bool> = Vec::with_capacity(n);
    let mut winners: Vec<bool> = Vec::with_capacity(n * 2);
    let mut hands_played: Vec<u32> = Vec::with_capacity(n);
    let mut done = 0;
    while done < n {
        let end = (done + GAMES_PER_CHUNK).min(n);
        let part = py.detach(|| {
            pool.install(|| simulate_games(b, done as u64, end - done, GAME_BLOCK, hand_limit))
        });
        totals.extend(part.totals);
        winners.extend(part.winners);
        hands_played.extend(part.hands_played);
        finished.extend(part.finished);
        done = end;
        py.check_signals()?;
        report(progress, done, n)?;
    }
    let d = PyDict::new(py);
    d.set_item("totals", totals.into_pyarray(py).reshape([n, 2])?)?;
    d.set_item("winners", winners.into_pyarray(py).reshape([n, 2])?)?;
    d.set_item("hands_played", hands_played.into_pyarray(py))?;
    d.set_item("finished", finished.into_pyarray(py))?;
    Ok(d)
}
