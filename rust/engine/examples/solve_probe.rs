//! Times the open-hand solver position by position, in the engine alone:
//! `cargo run --release --example solve_probe -- GAME TRICKS N [MEMORY_BYTES]`.
//!
//! GAME is `hearts` (default rules, the first cards of each hand passed, random play) or
//! `spades` (every seat bids 3, `first_trick_no_spade_lead` off, random play); positions are
//! at a trick boundary with TRICKS tricks left (13: the whole hand from the first lead). Each
//! position is solved by one `Solver` (64 MiB unless MEMORY_BYTES), cleared first; its time
//! is printed as it finishes (to standard error), then the median, the 90th percentile, the
//! maximum and the mean nodes. `benchmarks/solve_speed.py` is the same through Python, with
//! DDS beside it.
#![allow(clippy::print_stdout)]

use hearts_engine::batch::Stop;
use hearts_engine::hearts::{solve::HeartsProblem, HeartsRules, HeartsState, Phase};
use hearts_engine::solve::{Solver, DEFAULT_MEMORY};
use hearts_engine::spades::solve::{SpadesPosition, SpadesProblem};
use hearts_engine::spades::{sim::batch_state, Phase as SpadesPhase, SpadesRules};
use hearts_engine::{CardSet, Rng};
use std::time::Instant;

fn random(set: CardSet, rng: &mut Rng) -> hearts_engine::Card {
    set.into_iter()
        .nth(rng.below(set.count()) as usize)
        .unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("hearts", String::as_str).to_owned();
    let tricks: u32 = args.get(2).map_or(8, |a| a.parse().expect("TRICKS"));
    let n: u64 = args.get(3).map_or(20, |a| a.parse().expect("N"));
    let memory = args
        .get(4)
        .map_or(DEFAULT_MEMORY, |a| a.parse().expect("MEMORY_BYTES"));
    let mut rng = Rng::new(1);
    let mut times = Vec::new();
    let mut nodes = 0u64;
    let mut solver = Solver::new(memory);
    let stop = Stop::new();
    for i in 0..n {
        let (t0, sol) = if game == "hearts" {
            let rules = HeartsRules::default();
            let mut s = HeartsState::deal(&rules, 0, i, &mut rng);
            while s.phase() == Phase::Pass {
                let seat = s.current_player().unwrap();
                let k = usize::from(s.pass_count());
                let cards = s.hands()[usize::from(seat)].into_iter().take(k).collect();
                s.pass_cards(seat, cards).unwrap();
            }
            while s.phase() == Phase::Play
                && (s.hands()[0].count() > tricks || !s.trick().is_empty())
            {
                s.play_unchecked(random(s.legal_plays(), &mut rng));
            }
            if s.phase() != Phase::Play {
                continue;
            }
            let p = HeartsProblem::new(&s, None, None).unwrap();
            solver.clear();
            let t0 = Instant::now();
            (t0, solver.solve(&p, &s, &stop).unwrap())
        } else {
            let rules = SpadesRules {
                first_trick_no_spade_lead: false,
                ..SpadesRules::default()
            };
            let mut s = batch_state(&rules, 7, i);
            while s.phase() == SpadesPhase::Bid {
                s.try_bid(3, false, None).unwrap();
            }
            while s.hands().iter().map(|h| h.count()).sum::<u32>() > 4 * tricks {
                s.try_play(random(s.legal_plays(), &mut rng)).unwrap();
            }
            let p = SpadesProblem::new(&s, None, None).unwrap();
            let pos = SpadesPosition::of(&s);
            solver.clear();
            let t0 = Instant::now();
            (t0, solver.solve(&p, &pos, &stop).unwrap())
        };
        let t = t0.elapsed().as_secs_f64();
        eprintln!("position {i}: {t:.3} s");
        nodes += sol.nodes;
        times.push(t);
    }
    times.sort_by(f64::total_cmp);
    let k = times.len().max(1);
    let at = |q: usize| times.get(q).copied().unwrap_or(0.0) * 1e3;
    println!(
        "{game}, {tricks} tricks left: {} positions, median {:.3} ms, p90 {:.3} ms, max {:.3} ms, mean nodes {}",
        times.len(),
        at(k / 2),
        at(k * 9 / 10),
        at(k - 1),
        nodes / k as u64
    );
}
