//! Criterion benches of the open-hand solver (docs/solver.md) on fixed sets of seeded random
//! positions at a trick boundary: Hearts (default rules, after the pass) and Spades (tricks
//! objective, default rules with `first_trick_no_spade_lead` off), 6 and 8 tricks left (whole
//! hands take seconds each: see `examples/solve_probe.rs`). Each iteration solves the whole
//! set, each position with a cleared table. `cargo bench -p hearts-engine --bench solve`;
//! per-position medians and 99th percentiles are `benchmarks/solve_speed.py`'s.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion};
use hearts_engine::batch::Stop;
use hearts_engine::hearts::{solve::HeartsProblem, HeartsRules, HeartsState, Phase};
use hearts_engine::solve::{Problem, Solver};
use hearts_engine::spades::solve::{SpadesPosition, SpadesProblem};
use hearts_engine::spades::{sim::batch_state, Phase as SpadesPhase, SpadesRules};
use hearts_engine::{CardSet, Rng};

fn random(set: CardSet, rng: &mut Rng) -> hearts_engine::Card {
    set.into_iter()
        .nth(rng.below(set.count()) as usize)
        .unwrap()
}

/// `n` Hearts positions with `tricks` tricks left, each with its problem (the player to move).
fn hearts(n: u64, tricks: u32) -> Vec<(HeartsProblem, HeartsState)> {
    let rules = HeartsRules::default();
    let mut rng = Rng::new(1);
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < n as usize {
        i += 1;
        let mut s = HeartsState::deal(&rules, (i % 4) as u8, i, &mut rng);
        while s.phase() == Phase::Pass {
            let seat = s.current_player().unwrap();
            let k = usize::from(s.pass_count());
            let cards = s.hands()[usize::from(seat)].into_iter().take(k).collect();
            s.pass_cards(seat, cards).unwrap();
        }
        while s.phase() == Phase::Play && (s.hands()[0].count() > tricks || !s.trick().is_empty()) {
            s.play_unchecked(random(s.legal_plays(), &mut rng));
        }
        if s.phase() == Phase::Play {
            out.push((HeartsProblem::new(&s, None, None).unwrap(), s));
        }
    }
    out
}

/// `n` Spades positions with `tricks` tricks left (every seat bid 3).
fn spades(n: u64, tricks: u32) -> Vec<(SpadesProblem, SpadesPosition)> {
    let rules = SpadesRules {
        first_trick_no_spade_lead: false,
        ..SpadesRules::default()
    };
    let mut rng = Rng::new(2);
    (0..n)
        .map(|i| {
            let mut s = batch_state(&rules, 3, i);
            while s.phase() == SpadesPhase::Bid {
                s.try_bid(3, false, None).unwrap();
            }
            while s.hands().iter().map(|h| h.count()).sum::<u32>() > 4 * tricks {
                s.try_play(random(s.legal_plays(), &mut rng)).unwrap();
            }
            (
                SpadesProblem::new(&s, None, None).unwrap(),
                SpadesPosition::of(&s),
            )
        })
        .collect()
}

/// Benches solving every position of `set`, each with a cleared table.
fn bench_set<P: Problem>(g: &mut BenchmarkGroup<'_, WallTime>, name: &str, set: &[(P, P::Pos)]) {
    let mut solver = Solver::default();
    let stop = Stop::new();
    g.bench_function(name, |b| {
        b.iter(|| {
            for (p, s) in set {
                solver.clear();
                solver.solve(p, s, &stop).unwrap();
            }
        });
    });
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    for tricks in [6, 8] {
        let name = format!("hearts, {tricks} tricks left (16 positions)");
        bench_set(&mut g, &name, &hearts(16, tricks));
        let name = format!("spades, {tricks} tricks left (16 positions)");
        bench_set(&mut g, &name, &spades(16, tricks));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
