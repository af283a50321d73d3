//! `simulate_spades` and the Spades moves of `Policy`.

use super::state::PySpadesState;
use crate::batch::{deck_orders, put, put_moments, simulate_function, Dict, Run, Simulate};
use crate::errors::{InvalidArgumentError, InvalidDealError};
use crate::policy::PolicySpec;
use crate::policy::Settings;
use hearts_engine::spades::policy::{self, Policy};
use hearts_engine::spades::sim::{deal_from_order, Dealt, SpadesBatch};
use hearts_engine::spades::{Deal, Phase as SpadesPhase, SpadesRules};
use hearts_engine::Rng;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Hands per GIL round trip (signal check, progress callback).
const HANDS_PER_CHUNK: usize = 1 << 18;
/// Hands per parallel work item.
const BLOCK: usize = 4096;

/// The Spades policies of the four seats (`random` by default).
fn policies(spec: &PolicySpec) -> PyResult<[Policy; 4]> {
    let seats = spec.seats(
        4,
        "Spades",
        Policy::from_name,
        &Policy::allowed(),
        Policy::Random,
    )?;
    <[Policy; 4]>::try_from(seats)
        .map_err(|_| InvalidArgumentError::new_err("a Spades table has four seats"))
}

/// A Spades policy with the search settings of `settings`.
pub fn with_settings(p: Policy, settings: &Settings) -> Policy {
    match p {
        Policy::Pimc(_) => Policy::Pimc(settings.pimc),
        Policy::Ismcts(_) => Policy::Ismcts(settings.ismcts),
        p => p,
    }
}

/// The Spades policies of `spec` with the search seats' settings.
fn policies_with(spec: &PolicySpec, settings: &Settings) -> PyResult<[Policy; 4]> {
    let mut t = policies(spec)?;
    for p in &mut t {
        *p = with_settings(*p, settings);
    }
    Ok(t)
}

/// One move of `spec` on a Spades hand (a bid or a play); false once the hand is over.
pub fn act(
    spec: &PolicySpec,
    settings: &Settings,
    s: &mut PySpadesState,
    rng: &mut Rng,
) -> PyResult<bool> {
    Ok(policy::act(
        &policies_with(spec, settings)?,
        &mut s.state,
        rng,
    ))
}

/// The bid (a `Bid`) or card (an id) `act` would make, without making it; None once the
/// hand is over.
pub fn choose<'py>(
    py: Python<'py>,
    spec: &PolicySpec,
    settings: &Settings,
    s: &PySpadesState,
    rng: &mut Rng,
) -> PyResult<Bound<'py, PyAny>> {
    let table = policies_with(spec, settings)?;
    let Some(seat) = s.state.current_player() else {
        return Ok(py.None().into_bound(py));
    };
    let p = table[usize::from(seat)];
    if s.state.phase() == SpadesPhase::Bid {
        let b = policy::policy_bid(p, &s.state, rng);
        return crate::spades::state::py_bid(py, Some(b));
    }
    let c = policy::policy_play(hearts_engine::Portable, p, &s.state, rng);
    Ok(c.id().into_pyobject(py)?.into_any())
}

/// The Spades batch.
pub struct Spades;

impl Spades {
    /// The batch of the caller's deals, if any (hand `start + k` dealt `deals[k]`).
    fn dealt<'a>(run: &'a Run<'_, '_, Self>, b: &'a SpadesBatch) -> Dealt<'a> {
        Dealt {
            batch: b,
            deals: run.deals.as_deref(),
            first: run.start,
        }
    }
}

impl Simulate for Spades {
    type Rules = SpadesRules;
    type Policies = [Policy; 4];
    type Deals = Vec<Deal>;
    type Batch<'a> = SpadesBatch;
    /// Games per GIL round trip, and per work item.
    const GAMES: (usize, usize) = (1 << 12, 64);

    fn batch(run: &Run<'_, '_, Self>) -> SpadesBatch {
        SpadesBatch {
            rules: run.rules,
            seed: run.seed,
            policies: run.policies,
        }
    }

    fn policies(spec: &PolicySpec, _rules: &SpadesRules) -> PyResult<[Policy; 4]> {
        policies(spec)
    }

    /// Rows of 52 ids, each the rules' 52 cards in the order they are dealt (row `k` is hand
    /// `start + k`, dealer `(start + k) % 4`).
    fn deals(
        rules: &SpadesRules,
        obj: &Bound<'_, PyAny>,
        start: u64,
    ) -> PyResult<(Vec<Deal>, usize)> {
        let deals = deck_orders(obj, 53)?
            .chunks_exact(52)
            .enumerate()
            .map(|(i, row)| {
                // Computed mod 4 term by term: `start + i` may pass the last index, which
                // `simulate` refuses once it knows the rows.
                let dealer = ((start % 4 + i as u64 % 4) % 4) as u8;
                deal_from_order(rules, dealer, row)
                    .map_err(|e| InvalidDealError::new_err(format!("deals[{i}]: {e}")))
            })
            .collect::<PyResult<Vec<Deal>>>()?;
        let rows = deals.len();
        Ok((deals, rows))
    }

    fn hands<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let b = Self::batch(run);
        let out = run.fill(&Self::dealt(run, &b), n, HANDS_PER_CHUNK, BLOCK)?;
        let d = PyDict::new(run.py);
        put(&d, "bids", out.bids, &[n, 4])?;
        put(&d, "nil", out.nil, &[n, 4])?;
        put(&d, "blind", out.blind, &[n, 4])?;
        put(&d, "bemo", out.bemo, &[n, 4])?;
        put(&d, "tricks", out.tricks, &[n, 4])?;
        put(&d, "hand_scores", out.hand_scores, &[n, 2])?;
        put(&d, "hand_bags", out.hand_bags, &[n, 2])?;
        Ok(d)
    }

    fn stream<'py>(run: &Run<'_, 'py, Self>, n: usize) -> Dict<'py> {
        let b = Self::batch(run);
        let (d, st) = run.stream(&Self::dealt(run, &b), n, HANDS_PER_CHUNK, BLOCK)?;
        d.set_item("hands", st.hands)?;
        put_moments(&d, "hand_bags", &st.bags, false)?;
        put(&d, "contracts_made", st.made.to_vec(), &[2])?;
        put_moments(&d, "tricks", &st.tricks, true)?;
        put_moments(&d, "bids", &st.bids, false)?;
        put(&d, "nil_bids", st.nil_bids.to_vec(), &[4])?;
        put(&d, "nils_made", st.nil_made.to_vec(), &[4])?;
        let hist: Vec<i64> = st.tricks_hist.iter().flatten().copied().collect();
        put(&d, "tricks_hist", hist, &[4, 14])?;
        Ok(d)
    }
}

simulate_function!(
    #[doc = crate::docs::stub_doc!("simulate_spades")]
    simulate_spades,
    Spades,
    (hands, games, seed, policy, threads, deals, stream, progress, hand_limit, start)
);
