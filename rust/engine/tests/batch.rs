//! The batch simulator against stepping `HeartsState` with the same policy table: same
//! deals, same draws, same results, for random rules and every thread split.

mod common;

use common::{policies, random_rules};
use hearts_engine::batch::Columns;
use hearts_engine::hearts::sim::{batch_hand, outcome_of, Batch, HandsOut, Policy, TablePolicy};
use hearts_engine::hearts::HeartsRules;
use hearts_engine::policy_rng;
use hearts_engine::Rng;

fn stepped(b: &Batch<'_>, i: u64) -> hearts_engine::hearts::sim::FastOutcome {
    let mut s = batch_hand(b, i);
    let mut rng = policy_rng(b.seed, i);
    while b.policy.act(&mut s, &mut rng) {}
    outcome_of(&s)
}

#[test]
fn batch_equals_stepping_for_random_rules_and_policies() {
    let mut rng = Rng::new(99);
    for case in 0..400 {
        let rules = random_rules(&mut rng);
        let seats = policies(&mut rng, case, &Policy::ALL, Policy::Random);
        let b = Batch {
            rules,
            seed: u64::from(rng.below(1 << 30)),
            policy: TablePolicy(seats),
            deals: None,
        };
        let n = 7;
        // Blocks of 3 and of 7 hands: the interleaved kernels take 2 to 4 hands at a time.
        let mut out = HandsOut::new(n, usize::from(rules.players));
        hearts_engine::batch::fill(&b, out.rows(5), if case % 2 == 0 { 3 } else { 7 });
        let p = usize::from(rules.players);
        for j in 0..n {
            let o = stepped(&b, 5 + j as u64);
            assert_eq!(
                &out.points[j * p..(j + 1) * p],
                &o.points[..p],
                "case {case} rules {rules:?}"
            );
            assert_eq!(
                &out.hand_scores[j * p..(j + 1) * p],
                &o.hand_scores[..p],
                "case {case}"
            );
            assert_eq!(
                &out.tricks[j * p..(j + 1) * p],
                &o.tricks[..p],
                "case {case}"
            );
            assert_eq!(out.moon_shooter[j], o.moon, "case {case}");
            assert_eq!(out.queen_taker[j], o.queen, "case {case}");
        }
    }
}

#[test]
fn block_size_does_not_change_results() {
    let rules = HeartsRules::preset(hearts_engine::hearts::HeartsPreset::OpenSpiel);
    let b = Batch {
        rules,
        seed: 3,
        policy: TablePolicy::uniform(Policy::Random),
        deals: None,
    };
    let mut a = HandsOut::new(1000, 4);
    let mut c = HandsOut::new(1000, 4);
    hearts_engine::batch::fill(&b, a.rows(0), 1000);
    hearts_engine::batch::fill(&b, c.rows(0), 7);
    assert_eq!(a.points, c.points);
    assert_eq!(a.tricks, c.tricks);
}
