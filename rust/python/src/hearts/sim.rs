//! `simulate_hearts` and the Hearts moves of `Policy`.

use super::rules::PyHeartsRules;
use super::state::PyHeartsState;
use crate::batch::{put, put_moments, simulate_function, Dict, GameColumns, Job, Simulate};
use crate::errors::deck_order_error;
use crate::policy::PolicySpec;
use hearts_engine::hearts::sim::{
    check_deals, simulate_chunk, simulate_games, stream_hands, Batch, HandStats, HandsOut, Policy,
    TablePolicy,
};
use hearts_engine::hearts::{HeartsRules, Scoring, CHIP_UNIT};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Hands per GIL round trip (signal check, progress callback).
const HANDS_PER_CHUNK: usize = 1 << 18;
/// Hands per parallel work item.
const BLOCK: usize = 4096;
/// Games per GIL round trip and per work item.
const GAMES_PER_CHUNK: usize = 1 << 12;
const GAME_BLOCK: usize = 64;

/// The Hearts policies of a `players`-seat table (`random` by default).
fn table(spec: &PolicySpec, players: u8) -> PyResult<TablePolicy> {
    let seats = spec.seats(
        players,
        "Hearts",
        Policy::from_name,
        "\"random\", \"heuristic\"",
        Policy::Random,
    )?;
    let mut out = TablePolicy::uniform(Policy::Random);
    out.0[..seats.len()].copy_from_slice(&seats);
    Ok(out)
}

/// One move of `spec` on a Hearts hand (the lowest pending seat's pass, or a play); false
/// once the hand is over.
pub fn act(spec: &PolicySpec, s: &mut PyHeartsState, rng: &mut Rng) -> PyResult<bool> {
    let Some(action) = table(spec, s.state.num_players())?.choose(&s.state, rng) else {
        return Ok(false);
    };
    s.apply(action)?;
    Ok(true)
}

/// The Hearts batch.
pub struct Hearts;

impl Hearts {
    fn batch<'a>(job: &'a Job<'_, '_, Self>) -> Batch<'a> {
        Batch {
            rules: job.rules,
            seed: job.seed,
            policy: job.policies,
            deals: job.deals.as_deref(),
        }
    }
}

impl Simulate for Hearts {
    type Rules = HeartsRules;
    type Policies = TablePolicy;
    /// Deck orders, 52 ids a row.
    type Deals = Vec<u8>;

    fn rules(obj: &Bound<'_, PyAny>) -> PyResult<HeartsRules> {
        PyHeartsRules::extract(obj)
    }

    fn policies(spec: &PolicySpec, rules: &HeartsRules) -> PyResult<TablePolicy> {
        table(spec, rules.players)
    }

    fn deals(_rules: &HeartsRules, obj: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, usize)> {
        let orders = crate::batch::deck_orders(obj, 51)?;
        check_deals(&orders).map_err(|e| deck_order_error(&e))?;
        let rows = orders.len() / 52;
        Ok((orders, rows))
    }

    fn hands<'py>(job: &Job<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let b = Self::batch(job);
        let p = usize::from(b.rules.players);
        let mut out = HandsOut::new(n, p);
        job.run(
            n,
            HANDS_PER_CHUNK,
            |s, e| simulate_chunk(&b, out.chunk(0, s, e), p, BLOCK),
            |()| {},
        )?;
        let d = PyDict::new(job.py);
        put(&d, "points", out.points, &[n, p])?;
        // int32 as in every game (docs/protocol.md); the engine keeps Hearts scores as i16.
        let scores = out.hand_scores.iter().map(|&x| i32::from(x)).collect();
        put::<i32>(&d, "hand_scores", scores, &[n, p])?;
        put(&d, "tricks", out.tricks, &[n, p])?;
        put(&d, "moon_shooter", out.moon_shooter, &[n])?;
        put(&d, "queen_taker", out.queen_taker, &[n])?;
        Ok(d)
    }

    fn stream<'py>(job: &Job<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let b = Self::batch(job);
        let p = usize::from(b.rules.players);
        let v = b.rules.total_penalty() as usize;
        let mut st = HandStats::new(p, v);
        job.run(
            n,
            HANDS_PER_CHUNK,
            |s, e| stream_hands(&b, s as u64, (e - s) as u64, BLOCK as u64),
            |part| st.merge(&part),
        )?;
        let d = PyDict::new(job.py);
        d.set_item("hands", st.hands)?;
        put_moments(&d, "points", &st.points, true)?;
        put_moments(&d, "hand_scores", &st.scores, true)?;
        put_moments(&d, "tricks", &st.tricks, false)?;
        put(&d, "moons", st.moons, &[p])?;
        put(&d, "queens", st.queens, &[p])?;
        put(&d, "points_hist", st.points_hist, &[p, v + 1])?;
        Ok(d)
    }

    fn games<'py>(job: &Job<'_, 'py, Self>, n: usize, _hand_limit: usize) -> Dict<'py> {
        let b = Self::batch(job);
        let cols = job.games(n, GAMES_PER_CHUNK, |start, len| {
            let g = simulate_games(&b, start, len, GAME_BLOCK);
            GameColumns {
                totals: g.totals,
                winners: g.winners,
                hands_played: g.hands_played,
                // Every Hearts game is played to its end rule: there is no hand limit.
                finished: vec![true; len],
                pot: g.pot,
            }
        })?;
        let p = usize::from(b.rules.players);
        let chips =
            (b.rules.scoring == Scoring::Chips).then(|| (cols.totals.clone(), cols.pot.clone()));
        let d = cols.into_dict(job.py, p)?;
        if let Some((units, pot)) = chips {
            #[allow(clippy::cast_precision_loss)]
            let whole = |units: &[i64]| -> Vec<f64> {
                units.iter().map(|&u| u as f64 / CHIP_UNIT as f64).collect()
            };
            // Chips are kept in 1/60 units; `totals` and `pot` are whole chips.
            put(&d, "totals", whole(&units), &[n, p])?;
            put(&d, "chips_sixtieths", units, &[n, p])?;
            put(&d, "pot", whole(&pot), &[n])?;
        }
        Ok(d)
    }
}

simulate_function!(
    simulate_hearts,
    Hearts,
    (hands, games, seed, policy, threads, deals, stream, progress)
);
