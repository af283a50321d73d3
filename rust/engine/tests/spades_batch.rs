//! The Spades batch simulator against stepping `SpadesState` with the same policies: same
//! deals, same draws, same results, for random rules (every option), policies and splits.

mod common;

use common::{policies, random_spades_rules};
use hearts_engine::batch::simulate;
use hearts_engine::policy_rng;
use hearts_engine::spades::policy::{play_out, Policy};
use hearts_engine::spades::sim::{batch_state, outcome_of, SpadesBatch, SpadesOutcome};
use hearts_engine::spades::{Phase, SpadesRules};
use hearts_engine::{CardSet, Rng};

fn stepped(b: &SpadesBatch, i: u64) -> SpadesOutcome {
    let mut s = batch_state(&b.rules, b.seed, i);
    play_out(&b.policies, &mut s, &mut policy_rng(b.seed, i));
    assert_eq!(s.phase(), Phase::Over);
    outcome_of(&s)
}

#[test]
fn batch_equals_stepping_for_random_rules_and_policies() {
    let mut rng = Rng::new(7);
    for case in 0..400 {
        let rules = random_spades_rules(&mut rng);
        let b = SpadesBatch {
            rules,
            seed: u64::from(rng.below(1 << 30)),
            policies: policies(&mut rng, case, Policy::ALL, Policy::Random),
        };
        let n = 9;
        let out = simulate(&b, 0, n, if case % 2 == 0 { 3 } else { 9 }).unwrap();
        for j in 0..n {
            let o = stepped(&b, j as u64);
            for k in 0..4 {
                let bid = o.bids[k];
                assert_eq!(
                    out.bids[j * 4 + k],
                    bid.value as i8,
                    "case {case} {rules:?}"
                );
                assert_eq!(out.nil[j * 4 + k], bid.nil, "case {case}");
                assert_eq!(out.blind[j * 4 + k], bid.blind, "case {case}");
                assert_eq!(out.tricks[j * 4 + k], o.tricks[k], "case {case} {rules:?}");
            }
            for t in 0..2 {
                assert_eq!(
                    i64::from(out.hand_scores[j * 2 + t]),
                    o.score.scores[t],
                    "case {case}"
                );
                assert_eq!(
                    i64::from(out.hand_bags[j * 2 + t]),
                    o.score.bags[t],
                    "case {case}"
                );
            }
        }
    }
}

#[test]
fn batch_deal_is_a_deal_of_the_rules_deck() {
    let mut rng = Rng::new(3);
    for case in 0..200 {
        let rules = random_spades_rules(&mut rng);
        let s = batch_state(&rules, 11, case);
        let all = s.hands().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        assert_eq!(all, rules.deck());
        assert!(s.hands().iter().all(|h| h.count() == 13));
        assert_eq!(u64::from(s.dealer()), case % 4);
    }
}

#[test]
fn block_size_does_not_change_results() {
    let b = SpadesBatch {
        rules: SpadesRules::default(),
        seed: 5,
        policies: [
            Policy::Random,
            Policy::Heuristic,
            Policy::Random,
            Policy::Random,
        ],
    };
    let a = simulate(&b, 0, 101, 1).unwrap();
    let c = simulate(&b, 0, 101, 64).unwrap();
    assert_eq!(a.tricks, c.tricks);
    assert_eq!(a.hand_scores, c.hand_scores);
    assert_eq!(a.bids, c.bids);
}
