//! `simulate_hearts` and the Hearts moves of `Policy`.

use super::state::PyHeartsState;
use crate::batch::{
    deck_orders, games_dict, put, put_moments, simulate_function, Dict, Run, Simulate,
};
use crate::convert::ids;
use crate::errors::deck_order_error;
use crate::policy::PolicySpec;
use crate::policy::Settings;
use hearts_engine::batch::Games;
use hearts_engine::hearts::sim::{check_deals, Batch, Policy, TablePolicy};
use hearts_engine::hearts::{Action, HeartsRules, Scoring, CHIP_UNIT};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Hands per GIL round trip (signal check, progress callback).
const HANDS_PER_CHUNK: usize = 1 << 18;
/// Hands per parallel work item.
const BLOCK: usize = 4096;

/// The Hearts policies of a `players`-seat table (`random` by default).
fn table(spec: &PolicySpec, players: u8) -> PyResult<TablePolicy> {
    let seats = spec.seats(
        players,
        "Hearts",
        Policy::from_name,
        "\"random\", \"heuristic\", \"pimc\", \"ismcts\"",
        Policy::Random,
    )?;
    let mut out = TablePolicy::uniform(Policy::Random);
    out.0[..seats.len()].copy_from_slice(&seats);
    Ok(out)
}

/// A Hearts policy with the search settings of `settings`.
pub fn with_settings(p: Policy, settings: &Settings) -> Policy {
    match p {
        Policy::Pimc(_) => Policy::Pimc(settings.pimc),
        Policy::Ismcts(_) => Policy::Ismcts(settings.ismcts),
        p => p,
    }
}

/// The Hearts policies of `spec` with the search seats' settings.
fn table_with(spec: &PolicySpec, settings: &Settings, players: u8) -> PyResult<TablePolicy> {
    let mut t = table(spec, players)?;
    for p in &mut t.0 {
        *p = with_settings(*p, settings);
    }
    Ok(t)
}

/// The next move of `spec` on a Hearts hand (the lowest pending seat's pass, or a play),
/// without making it; None once the hand is over.
pub fn choose(
    spec: &PolicySpec,
    settings: &Settings,
    s: &PyHeartsState,
    rng: &mut Rng,
) -> PyResult<Option<Action>> {
    Ok(table_with(spec, settings, s.state.num_players())?.choose(&s.log, &s.state, rng))
}

/// A Hearts action as `Policy.choose` returns it: a card id, `("pass", seat, cards)` or
/// `("forward", seat)`, None for no action.
pub fn py_action(py: Python<'_>, a: Option<Action>) -> PyResult<Bound<'_, PyAny>> {
    Ok(match a {
        None => py.None().into_bound(py),
        Some(Action::Play(c)) => c.id().into_pyobject(py)?.into_any(),
        Some(Action::Pass(seat, cards)) => ("pass", seat, ids(cards)).into_pyobject(py)?.into_any(),
        Some(Action::Forward(seat)) => ("forward", seat).into_pyobject(py)?.into_any(),
    })
}

/// The Hearts batch.
pub struct Hearts;

impl Simulate for Hearts {
    type Batch<'a> = Batch<'a>;
    /// Games per GIL round trip, and per work item.
    const GAMES: (usize, usize) = (1 << 12, 64);

    fn batch<'a>(run: &'a Run<'_, '_, Self>) -> Batch<'a> {
        Batch {
            rules: run.rules,
            seed: run.seed,
            policy: run.policies,
            deals: run.deals.as_deref(),
            first: run.start,
        }
    }

    type Rules = HeartsRules;
    type Policies = TablePolicy;
    /// Deck orders, 52 ids a row.
    type Deals = Vec<u8>;

    fn policies(spec: &PolicySpec, rules: &HeartsRules) -> PyResult<TablePolicy> {
        table(spec, rules.players)
    }

    fn deals(
        _rules: &HeartsRules,
        obj: &Bound<'_, PyAny>,
        _start: u64,
    ) -> PyResult<(Vec<u8>, usize)> {
        let orders = deck_orders(obj, 51)?;
        check_deals(&orders).map_err(|e| deck_order_error(&e))?;
        let rows = orders.len() / 52;
        Ok((orders, rows))
    }

    fn hands<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let b = Self::batch(run);
        let p = usize::from(b.rules.players);
        let out = run.fill(&b, n, HANDS_PER_CHUNK, BLOCK)?;
        let d = PyDict::new(run.py);
        put(&d, "points", out.points, &[n, p])?;
        // int32 as in every game (docs/protocol.md); the engine keeps Hearts scores as i16.
        let scores = out.hand_scores.iter().map(|&x| i32::from(x)).collect();
        put::<i32>(&d, "hand_scores", scores, &[n, p])?;
        put(&d, "tricks", out.tricks, &[n, p])?;
        put(&d, "moon_shooter", out.moon_shooter, &[n])?;
        put(&d, "queen_taker", out.queen_taker, &[n])?;
        Ok(d)
    }

    fn stream<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let b = Self::batch(run);
        let (d, st) = run.stream(&b, n, HANDS_PER_CHUNK, BLOCK)?;
        let (p, v) = (st.players, st.v);
        d.set_item("hands", st.hands)?;
        put_moments(&d, "points", &st.points, true)?;
        put_moments(&d, "tricks", &st.tricks, false)?;
        put(&d, "moons", st.moons, &[p])?;
        put(&d, "queens", st.queens, &[p])?;
        put(&d, "points_hist", st.points_hist, &[p, v + 1])?;
        Ok(d)
    }

    fn games<'py>(run: &Run<'_, 'py, Self>, n: usize, hand_limit: usize) -> Dict<'py> {
        let b = Self::batch(run);
        let p = usize::from(b.rules.players);
        let games = Games {
            batch: &b,
            hand_limit,
        };
        let out = run.fill(&games, n, Self::GAMES.0, Self::GAMES.1)?;
        let chips =
            (b.rules.scoring == Scoring::Chips).then(|| (out.totals.clone(), out.pot.clone()));
        let d = games_dict!(run.py, out, n, p);
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
    #[doc = crate::docs::stub_doc!("simulate_hearts")]
    simulate_hearts,
    Hearts,
    (hands, games, seed, policy, threads, deals, stream, progress, hand_limit, start)
);
