//! The batch simulator against stepping `HeartsState` with the same policy table: same
//! deals, same draws, same results, for random rules and every thread split.

mod common;

use common::{policies, random_rules};
use hearts_engine::batch::Columns;
use hearts_engine::batch::Stop;
use hearts_engine::hearts::sim::{batch_hand, outcome_of, Batch, HandsOut, Policy, TablePolicy};
use hearts_engine::policy_rng;
use hearts_engine::Rng;

fn stepped(b: &Batch<'_>, i: u64) -> hearts_engine::hearts::sim::FastOutcome {
    let mut s = batch_hand(b, i);
    let mut rng = policy_rng(b.seed, i);
    while b.policy.act(&mut s, &mut rng) {}
    outcome_of(&s)
}

/// A batch of random rules, policies and seed.
fn random_batch(rng: &mut Rng, case: usize) -> Batch<'static> {
    let rules = random_rules(rng);
    let policy = TablePolicy(policies(rng, case, &Policy::ALL, Policy::Random));
    let seed = u64::from(rng.below(1 << 30));
    Batch {
        rules,
        seed,
        policy,
        deals: None,
        first: 0,
    }
}

#[test]
fn batch_equals_stepping_for_random_rules_and_policies() {
    let mut rng = Rng::new(99);
    for case in 0..400 {
        let b = random_batch(&mut rng, case);
        let (n, p) = (7, usize::from(b.rules.players));
        // Blocks of 3 and of 7 hands: the interleaved kernels take 2 to 4 hands at a time.
        let mut out = HandsOut::new(n, p);
        hearts_engine::batch::fill(
            &b,
            out.rows(5),
            if case % 2 == 0 { 3 } else { 7 },
            &Stop::new(),
        );
        for j in 0..n {
            let o = stepped(&b, 5 + j as u64);
            let rows = j * p..(j + 1) * p;
            assert_eq!(
                &out.points[rows.clone()],
                &o.points[..p],
                "case {case} {b:?}"
            );
            assert_eq!(
                &out.hand_scores[rows.clone()],
                &o.hand_scores[..p],
                "case {case}"
            );
            assert_eq!(&out.tricks[rows], &o.tricks[..p], "case {case}");
            assert_eq!(out.moon_shooter[j], o.moon, "case {case}");
            assert_eq!(out.queen_taker[j], o.queen, "case {case}");
        }
    }
}

/// The 4-player all-random and all-heuristic kernels with early end: hands mode plays
/// every lane's 13 tricks in lockstep, an ended lane capturing nothing more, and must give
/// exactly the results of stepping each hand to its early end.
#[test]
fn lockstep_early_end_equals_stepping() {
    let mut rng = Rng::new(2026);
    let (mut checked, mut ended_early) = (0, 0);
    for case in 0..240 {
        let mut rules = random_rules(&mut rng);
        rules.players = 4;
        rules.early_end = true;
        if rules.validate().is_err() {
            continue;
        }
        let policy = if case % 2 == 0 {
            Policy::Random
        } else {
            Policy::Heuristic
        };
        let b = Batch {
            rules,
            seed: u64::from(rng.below(1 << 30)),
            policy: TablePolicy::uniform(policy),
            deals: None,
            first: 0,
        };
        let n = 13;
        let mut out = HandsOut::new(n, 4);
        hearts_engine::batch::fill(&b, out.rows(3), 8, &Stop::new());
        for j in 0..n {
            let o = stepped(&b, 3 + j as u64);
            let rows = j * 4..(j + 1) * 4;
            assert_eq!(
                &out.points[rows.clone()],
                &o.points[..4],
                "case {case} {b:?}"
            );
            assert_eq!(
                &out.hand_scores[rows.clone()],
                &o.hand_scores[..4],
                "case {case}"
            );
            assert_eq!(&out.tricks[rows.clone()], &o.tricks[..4], "case {case}");
            assert_eq!(out.moon_shooter[j], o.moon, "case {case}");
            assert_eq!(out.queen_taker[j], o.queen, "case {case}");
            let tricks: u32 = out.tricks[rows].iter().map(|&t| u32::from(t)).sum();
            ended_early += usize::from(tricks < 13);
            checked += 1;
        }
    }
    // The comparison must have seen many hands that ended early.
    assert!(
        checked > 2000 && ended_early > checked / 20,
        "{ended_early} of {checked}"
    );
}

/// The 4-player all-heuristic kernel (its branch-free pass, lead and follow) against
/// stepping with `Policy::Heuristic`: random 4-player rules (pass counts 0 to 4 and auto,
/// every direction, first-lead, first-trick, hearts-broken, moon, J♦, Francesa and
/// early-end rules), many hands each, blocks that split the 4-hand groups unevenly.
#[test]
fn all_heuristic_kernel_equals_stepping_for_random_4_player_rules() {
    let mut rng = Rng::new(2026);
    let mut cases = 0;
    while cases < 300 {
        let rules = hearts_engine::hearts::HeartsRules {
            players: 4,
            ..random_rules(&mut rng)
        };
        if rules.validate().is_err() {
            continue;
        }
        cases += 1;
        let b = Batch {
            rules,
            seed: u64::from(rng.below(1 << 30)) << (cases % 3 * 12),
            policy: TablePolicy::uniform(Policy::Heuristic),
            deals: None,
            first: 0,
        };
        let (start, n) = (u64::from(rng.below(1000)), 37);
        let mut out = HandsOut::new(n, 4);
        hearts_engine::batch::fill(&b, out.rows(start), [5, 8, 37][cases % 3], &Stop::new());
        for j in 0..n {
            let o = stepped(&b, start + j as u64);
            let rows = j * 4..(j + 1) * 4;
            assert_eq!(
                &out.points[rows.clone()],
                &o.points[..4],
                "case {cases} {b:?}"
            );
            assert_eq!(
                &out.hand_scores[rows.clone()],
                &o.hand_scores[..4],
                "case {cases}"
            );
            assert_eq!(&out.tricks[rows], &o.tricks[..4], "case {cases}");
            assert_eq!(out.moon_shooter[j], o.moon, "case {cases}");
            assert_eq!(out.queen_taker[j], o.queen, "case {cases}");
        }
    }
}

/// The all-heuristic hand kernel compiled without BMI2 (`Portable`, the path of CPUs that
/// lack it) and with it, against stepping: the same hands for random 4-player rules.
#[test]
fn all_heuristic_kernel_portable_and_bmi2_equal_stepping() {
    use hearts_engine::core::{Bmi2, Portable};
    use hearts_engine::hearts::sim::{FastOutcome4, FastRules, MixedSeeds};
    let mut rng = Rng::new(16);
    let mut cases = 0;
    while cases < 200 {
        let rules = hearts_engine::hearts::HeartsRules {
            players: 4,
            ..random_rules(&mut rng)
        };
        let policy = TablePolicy::uniform(Policy::Heuristic);
        let Some(f) = rules.validate().ok().and(FastRules::new(&rules, &policy)) else {
            continue;
        };
        cases += 1;
        let b = Batch {
            rules,
            seed: u64::from(rng.below(1 << 30)),
            policy,
            deals: None,
            first: 0,
        };
        let seeds = MixedSeeds::new(b.seed);
        for start in (0..24u64).step_by(4) {
            let idx = [start, start + 1, start + 2, start + 3];
            let mut runs: Vec<[FastOutcome4; 4]> =
                vec![f.play4::<Portable, 4, true>(Portable, seeds, idx)];
            if let Some(bits) = Bmi2::detect() {
                runs.push(f.play4::<Bmi2, 4, true>(bits, seeds, idx));
            }
            for out in runs {
                for (g, &i) in idx.iter().enumerate() {
                    let o = stepped(&b, i);
                    let k = &out[g];
                    assert_eq!(k.points[..], o.points[..4], "case {cases} hand {i} {b:?}");
                    assert_eq!(
                        k.hand_scores[..],
                        o.hand_scores[..4],
                        "case {cases} hand {i}"
                    );
                    assert_eq!(k.tricks[..], o.tricks[..4], "case {cases} hand {i}");
                    assert_eq!(
                        (k.moon, k.queen),
                        (o.moon, o.queen),
                        "case {cases} hand {i}"
                    );
                }
            }
        }
    }
}
