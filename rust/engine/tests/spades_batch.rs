//! The Spades batch simulator against stepping `SpadesState` with the same policies: same
//! deals, same draws, same results, for random rules (every option), policies and splits.

mod common;

use common::{policies, random_spades_rules};
use hearts_engine::batch::{simulate, PlayGames, Stop};
use hearts_engine::policy_rng;
use hearts_engine::spades::policy::{play_out, Policy};
use hearts_engine::spades::sim::{
    batch_state, outcome_of, play_game, Dealt, SpadesBatch, SpadesHandsOut, SpadesOutcome,
};
use hearts_engine::spades::{deal_random, Bemo, Phase, SpadesRules, SpadesState};
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

/// `out` row `j` is the outcome `o`, every column.
fn assert_row(out: &SpadesHandsOut, j: usize, o: &SpadesOutcome, what: &str) {
    for k in 0..4 {
        let bid = o.bids[k];
        assert_eq!(out.bids[j * 4 + k], bid.value as i8, "{what} row {j}");
        assert_eq!(out.nil[j * 4 + k], bid.nil, "{what} row {j}");
        assert_eq!(out.blind[j * 4 + k], bid.blind, "{what} row {j}");
        let bemo = match bid.bemo {
            None => 0,
            Some(Bemo::Little) => 1,
            Some(Bemo::Big) => 2,
        };
        assert_eq!(out.bemo[j * 4 + k], bemo, "{what} row {j}");
        assert_eq!(out.tricks[j * 4 + k], o.tricks[k], "{what} row {j}");
    }
    for t in 0..2 {
        let score = i64::from(out.hand_scores[j * 2 + t]);
        assert_eq!(score, o.score.scores[t], "{what} row {j}");
        let bags = i64::from(out.hand_bags[j * 2 + t]);
        assert_eq!(bags, o.score.bags[t], "{what} row {j}");
    }
}

/// A table of `random` and `heuristic` seats: all heuristic, all random, or mixed.
fn kernel_table(rng: &mut Rng, case: usize) -> [Policy; 4] {
    match case % 3 {
        0 => [Policy::Heuristic; 4],
        1 => [Policy::Random; 4],
        _ => [0, 1, 2, 3].map(|_| {
            if rng.below(2) == 0 {
                Policy::Random
            } else {
                Policy::Heuristic
            }
        }),
    }
}

/// The hand kernel (heuristic and mixed tables) against stepping, for many seeds and
/// random rules (every option), from any start.
#[test]
fn kernel_hands_equal_stepping_for_many_seeds_and_rules() {
    let mut rng = Rng::new(21);
    for case in 0..600 {
        let rules = random_spades_rules(&mut rng);
        let b = SpadesBatch {
            rules,
            seed: rng.next_u64(),
            policies: kernel_table(&mut rng, case),
        };
        let start = if case % 5 == 0 {
            u64::MAX - 40
        } else {
            rng.next_u64() >> 8
        };
        let n = 37;
        let out = simulate(&b, start, n, 1 + case % 16).unwrap();
        for j in 0..n {
            let o = stepped(&b, start + j as u64);
            assert_row(
                &out,
                j,
                &o,
                &format!("case {case} {rules:?} {:?}", b.policies),
            );
        }
    }
}

/// Caller deals on the hand kernel against stepping `SpadesState::new` with the policies.
#[test]
fn kernel_dealt_hands_equal_stepping() {
    let mut rng = Rng::new(8);
    for case in 0..300 {
        let rules = random_spades_rules(&mut rng);
        let b = SpadesBatch {
            rules,
            seed: rng.next_u64(),
            policies: kernel_table(&mut rng, case),
        };
        let first = rng.next_u64() >> 4;
        let deals: Vec<_> = (0..19u64)
            .map(|i| deal_random(&rules, ((first + i) % 4) as u8, &mut rng))
            .collect();
        let dealt = Dealt {
            batch: &b,
            deals: Some(&deals),
            first,
        };
        let out = simulate(&dealt, first, deals.len(), 1 + case % 7).unwrap();
        for (j, deal) in deals.iter().enumerate() {
            let index = first + j as u64;
            let dealer = (index % 4) as u8;
            let mut s = SpadesState::new(&rules, *deal, dealer, index, [0, 0], [0, 0]);
            play_out(&b.policies, &mut s, &mut policy_rng(b.seed, index));
            assert_row(&out, j, &outcome_of(&s), &format!("case {case} {rules:?}"));
        }
    }
}

/// Whole games on the hand kernel against `SpadesGame` stepped with the policies
/// ([`play_game`]): totals, winners, hands played and the end, for random rules (every end
/// rule), tables and hand limits.
#[test]
fn kernel_games_equal_stepped_games() {
    let mut rng = Rng::new(5);
    let stop = Stop::new();
    for case in 0..400 {
        let mut rules = random_spades_rules(&mut rng);
        if case % 2 == 0 {
            rules.max_hands = None;
        }
        let b = SpadesBatch {
            rules,
            seed: rng.next_u64(),
            policies: kernel_table(&mut rng, case),
        };
        let limit = [0, 1, 3, 40, 200][case % 5];
        for index in [0, 1, rng.next_u64(), u64::MAX] {
            let end = b.play_game(index, limit, &stop);
            let g = play_game(&b, index, limit, &stop);
            let what = format!("case {case} game {index} {rules:?} {:?}", b.policies);
            assert_eq!(end.totals, g.totals().to_vec(), "{what}");
            assert_eq!(end.winners, u64::from(g.winners()), "{what}");
            assert_eq!(end.hands_played, g.history().len(), "{what}");
            assert_eq!(end.finished, g.is_over(), "{what}");
        }
    }
}
