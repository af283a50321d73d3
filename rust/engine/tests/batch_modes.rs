//! The shared batch drivers (`batch::simulate`, `batch::fill`, `batch::stream`) on every
//! game's jobs: a row depends on its index alone, so any block size and any start give the
//! same rows, and streamed statistics equal the statistics of the simulated rows.

use hearts_engine::batch::{self, Columns, Games, Job, PlayGames, Rows, Stats, Stop, StreamJob};
use hearts_engine::hearts::sim::{Batch, Policy, TablePolicy};
use hearts_engine::hearts::{HeartsPreset, HeartsRules};
use hearts_engine::rummy::sim::{RummyBatch, RummyPolicy};
use hearts_engine::rummy::RummyRules;
use hearts_engine::spades::policy::Policy as SpadesPolicy;
use hearts_engine::spades::sim::{Dealt, SpadesBatch};
use hearts_engine::spades::{deal_random, SpadesPreset, SpadesRules};
use hearts_engine::Rng;

/// Rows `start..start + n` of `job` are the same for every block size, and rows `start + k..`
/// of a later start are the tail of them.
fn rows_do_not_depend_on_the_split<J: Job>(job: &J, start: u64, n: usize)
where
    J::Out: PartialEq + std::fmt::Debug,
{
    let whole = batch::simulate(job, start, n, n).unwrap();
    for block in [1, 3, 7] {
        assert_eq!(
            batch::simulate(job, start, n, block).unwrap(),
            whole,
            "block {block}"
        );
    }
    let mut by_parts = job.try_out(n).unwrap();
    let (a, b) = by_parts.rows(start).split_at(n / 3);
    batch::fill(job, b, 2, &Stop::new());
    batch::fill(job, a, 5, &Stop::new());
    assert_eq!(by_parts, whole, "filled in two parts, back to front");
}

/// `stream` equals the statistics of the simulated rows, for any block size.
fn stream_equals_stats_of_rows<J: StreamJob>(job: &J, start: u64, n: usize)
where
    J::Stats: PartialEq + std::fmt::Debug,
{
    let mut expect = job.stats();
    expect.add(&batch::simulate(job, start, n, n).unwrap());
    for block in [1, 4, 64] {
        assert_eq!(
            batch::stream(job, start, n as u64, block, &Stop::new()).unwrap(),
            expect,
            "block {block}"
        );
    }
}

/// [`rows_do_not_depend_on_the_split`] for the games of `batch`, and the games stop at the
/// hand limit.
fn games_do_not_depend_on_the_split<B: PlayGames>(batch: &B, hand_limit: usize) {
    let games = Games { batch, hand_limit };
    rows_do_not_depend_on_the_split(&games, 1, 4);
    let out = batch::simulate(&games, 1, 4, 4).unwrap();
    for (played, finished) in out.hands_played.iter().zip(&out.finished) {
        assert!(*played as usize <= hand_limit && (*finished || *played as usize == hand_limit));
    }
}

#[test]
fn hearts_hands_and_games() {
    let five = HeartsRules {
        players: 5,
        ..HeartsRules::default()
    };
    for rules in [
        HeartsRules::preset(HeartsPreset::OpenSpiel),
        HeartsRules::preset(HeartsPreset::JotaDiamantes),
        five,
    ] {
        for policy in [Policy::Random, Policy::Heuristic] {
            let b = Batch {
                rules,
                seed: 7,
                policy: TablePolicy::uniform(policy),
                deals: None,
                first: 0,
            };
            // 4-player all-random rows go four at a time: 23 leaves a tail of 3.
            rows_do_not_depend_on_the_split(&b, 5, 23);
            stream_equals_stats_of_rows(&b, 5, 23);
            rows_do_not_depend_on_the_split(
                &Games {
                    batch: &b,
                    hand_limit: 1000,
                },
                3,
                4,
            );
            // Caller deals whose first row is hand 10: every split gives the same rows.
            let mut rng = Rng::new(3);
            let orders: Vec<u8> = (0..20)
                .flat_map(|_| {
                    let mut order: Vec<u8> = (0..52).collect();
                    rng.shuffle(&mut order);
                    order
                })
                .collect();
            let dealt = Batch {
                deals: Some(&orders),
                first: 10,
                ..b
            };
            rows_do_not_depend_on_the_split(&dealt, 10, 20);
            stream_equals_stats_of_rows(&dealt, 10, 20);
        }
    }
}

#[test]
fn hearts_dealt_rows_follow_their_index_not_their_position() {
    // Rows 5.. of deals starting at hand 0 are the rows of the same deals from row 5 on,
    // starting at hand 5: hand `first + k` is dealt row `k`.
    let rules = HeartsRules::preset(HeartsPreset::OpenSpiel);
    let mut rng = Rng::new(9);
    let orders: Vec<u8> = (0..12)
        .flat_map(|_| {
            let mut order: Vec<u8> = (0..52).collect();
            rng.shuffle(&mut order);
            order
        })
        .collect();
    let whole = Batch {
        rules,
        seed: 4,
        policy: TablePolicy::uniform(Policy::Heuristic),
        deals: Some(&orders),
        first: 0,
    };
    let tail = Batch {
        deals: Some(&orders[5 * 52..]),
        first: 5,
        ..whole
    };
    let all = batch::simulate(&whole, 0, 12, 4).unwrap();
    let part = batch::simulate(&tail, 5, 7, 3).unwrap();
    assert_eq!(part.points, all.points[5 * 4..]);
    assert_eq!(part.moon_shooter, all.moon_shooter[5..]);
}

#[test]
fn spades_hands_dealt_hands_and_games() {
    let rules = SpadesRules::preset(SpadesPreset::OpenSpiel);
    for policy in [SpadesPolicy::Random, SpadesPolicy::Heuristic] {
        let b = SpadesBatch {
            rules,
            seed: 11,
            policies: [policy; 4],
        };
        rows_do_not_depend_on_the_split(&b, 2, 21);
        stream_equals_stats_of_rows(&b, 2, 21);
        let mut rng = Rng::new(3);
        let deals: Vec<_> = (0..20u64)
            .map(|i| deal_random(&rules, (i % 4) as u8, &mut rng))
            .collect();
        let dealt = Dealt {
            batch: &b,
            deals: Some(&deals),
            first: 10,
        };
        rows_do_not_depend_on_the_split(&dealt, 10, 20);
        stream_equals_stats_of_rows(&dealt, 10, 20);
        games_do_not_depend_on_the_split(&b, 5);
    }
}

#[test]
fn rummy_hands_and_games() {
    let rules = RummyRules::default();
    for policy in [RummyPolicy::Random, RummyPolicy::Greedy] {
        let policies = vec![policy; usize::from(rules.players)];
        let b = RummyBatch {
            rules,
            seed: 5,
            policies: &policies,
        };
        rows_do_not_depend_on_the_split(&b, 4, 9);
        stream_equals_stats_of_rows(&b, 4, 9);
        games_do_not_depend_on_the_split(&b, 2);
    }
}

#[test]
fn split_cuts_in_order_and_keeps_every_row() {
    let mut out = hearts_engine::hearts::sim::HandsOut::new(10, 4);
    let parts = batch::split(out.rows(100), 4);
    let shape: Vec<(u64, usize)> = parts.iter().map(|r| (r.start(), r.rows())).collect();
    assert_eq!(shape, [(100, 4), (104, 4), (108, 2)]);
    let mut empty = hearts_engine::hearts::sim::HandsOut::new(0, 4);
    assert_eq!(batch::split(empty.rows(0), 4).len(), 1);
}
