//! Criterion benches of the Hearts engine: legal plays, one play, one playout (general
//! stepping and the batch fast path), a batch of hands and one of whole games.
//! `cargo bench -p hearts-engine --bench hearts`.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use hearts_engine::batch::Columns;
use hearts_engine::batch::{Games, GamesOut, Stop};
use hearts_engine::hearts::sim::{batch_hand, Batch, FastRules, HandsOut, Policy, TablePolicy};
use hearts_engine::hearts::{HeartsPreset, HeartsRules, HeartsState, Phase};
use hearts_engine::{policy_rng, Portable, Rng};

fn openspiel() -> Batch<'static> {
    Batch {
        rules: HeartsRules::preset(HeartsPreset::OpenSpiel),
        seed: 1,
        policy: TablePolicy::uniform(Policy::Random),
        deals: None,
        first: 0,
    }
}

/// Mid-hand states (after passing and a few tricks) to measure single operations on.
fn positions() -> Vec<HeartsState> {
    let b = openspiel();
    (0..64)
        .map(|i| {
            let mut s = batch_hand(&b, i);
            let mut rng = policy_rng(1, i);
            while s.phase() == Phase::Pass || (s.phase() == Phase::Play && s.trick_number() < 4) {
                b.policy.act(&mut s, &mut rng);
            }
            s
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let states = positions();
    c.bench_function("legal_plays (64 positions)", |bch| {
        bch.iter(|| {
            states
                .iter()
                .map(|s| black_box(s).legal_plays().0)
                .fold(0, |a, x| a ^ x)
        });
    });
    c.bench_function("play_unchecked (64 positions)", |bch| {
        bch.iter_batched(
            || states.clone(),
            |mut ss| {
                for s in &mut ss {
                    let card = s.legal_plays().first().unwrap();
                    s.play_unchecked(card);
                }
                ss
            },
            BatchSize::SmallInput,
        );
    });
    let b = openspiel();
    let mut g = c.benchmark_group("one random hand (openspiel preset)");
    g.throughput(Throughput::Elements(1));
    let mut i = 0u64;
    g.bench_function("stepping HeartsState", |bch| {
        bch.iter(|| {
            i += 1;
            let mut s = batch_hand(&b, i);
            let mut rng = policy_rng(b.seed, i);
            b.policy.play_out(&mut s, &mut rng);
            s.points()[0]
        });
    });
    let fast = FastRules::new(&b.rules, &b.policy).unwrap();
    g.bench_function("fast path, portable build (no BMI2/POPCNT)", |bch| {
        bch.iter(|| {
            i += 1;
            fast.play(Portable, b.seed, i, None).points[0]
        });
    });
    g.finish();
    let mut g = c.benchmark_group("batch of 100k hands, one thread (openspiel preset)");
    g.throughput(Throughput::Elements(100_000));
    g.sample_size(10);
    for (name, policy) in [("random", Policy::Random), ("heuristic", Policy::Heuristic)] {
        let b = Batch {
            policy: TablePolicy::uniform(policy),
            ..openspiel()
        };
        let mut out = HandsOut::new(100_000, 4);
        g.bench_function(name, |bch| {
            bch.iter(|| hearts_engine::batch::fill(&b, out.rows(0), 100_000, &Stop::new()));
        });
    }
    g.finish();
    // Whole games on the hand kernel, with the games' bookkeeping between hands (default
    // rules: 100 points, early end, the dame_de_pic pass table).
    let mut g = c.benchmark_group("batch of 10k games, one thread (default rules)");
    g.throughput(Throughput::Elements(10_000));
    g.sample_size(10);
    for (name, policy) in [("random", Policy::Random), ("heuristic", Policy::Heuristic)] {
        let b = Batch {
            policy: TablePolicy::uniform(policy),
            rules: HeartsRules::default(),
            ..openspiel()
        };
        let games = Games {
            batch: &b,
            hand_limit: usize::MAX,
        };
        let mut out = GamesOut::new(10_000, 4);
        g.bench_function(name, |bch| {
            bch.iter(|| hearts_engine::batch::fill(&games, out.rows(0), 10_000, &Stop::new()));
        });
    }
    g.finish();
    let _ = Rng::new(0);
}

criterion_group!(benches, bench);
criterion_main!(benches);
