//! Hearts whole games on the hand kernel (`PlayGames::fill_games` of a Hearts `Batch`) end
//! exactly as a `HeartsGame` stepped action by action with the batch's policies (deal stream
//! `Rng::for_game(seed, i)`, first dealer its first draw, policy stream `policy_rng(seed,
//! i)`), and as the per-game path `play_game`, for many seeds, rule variants, policies,
//! hand limits, starts and block sizes.

use hearts_engine::batch::{self, GameEnd, Games, GamesOut, PlayGames, Stop};
use hearts_engine::core::policy_rng;
use hearts_engine::hearts::sim::{Batch, Policy, TablePolicy};
use hearts_engine::hearts::{
    ChipsEnd, DeckAdjust, FirstLead, HeartsGame, HeartsPreset, HeartsRules, Moon, PassCount,
    PassDirection, Scoring, MAX_PLAYERS,
};
use hearts_engine::{Rng, Tie};

/// Game `index` of a batch stepped action by action on a `HeartsGame`.
fn stepped(b: &Batch<'_>, index: u64, hand_limit: usize) -> GameEnd {
    let mut deal = Rng::for_game(b.seed, index);
    let first = deal.below(u32::from(b.rules.players)) as u8;
    let mut g = HeartsGame::with_rng(&b.rules, deal, first);
    let mut rng = policy_rng(b.seed, index);
    while !g.is_over() && g.hands_played() < hand_limit {
        let a = b
            .policy
            .choose(g.log(), g.state(), &mut rng)
            .expect("a move");
        g.try_apply(a).expect("a legal move");
    }
    GameEnd::from(&g)
}

fn row(out: &GamesOut, j: usize) -> GameEnd {
    let p = out.players;
    GameEnd {
        totals: out.totals[j * p..(j + 1) * p].to_vec(),
        winners: (0..p)
            .filter(|&k| out.winners[j * p + k])
            .fold(0, |m, k| m | 1 << k),
        hands_played: out.hands_played[j] as usize,
        finished: out.finished[j],
        pot: out.pot[j],
    }
}

fn variants() -> Vec<(&'static str, HeartsRules)> {
    let d = HeartsRules::default();
    let chips = HeartsRules {
        scoring: Scoring::Chips,
        starting_chips: 30,
        ..d
    };
    vec![
        ("default", d),
        ("openspiel", HeartsRules::preset(HeartsPreset::OpenSpiel)),
        ("jota", HeartsRules::preset(HeartsPreset::JotaDiamantes)),
        ("francesa", HeartsRules::preset(HeartsPreset::Francesa)),
        ("corazones", HeartsRules::preset(HeartsPreset::Corazones)),
        ("three", HeartsRules { players: 3, ..d }),
        ("five", HeartsRules { players: 5, ..d }),
        (
            "six-random",
            HeartsRules {
                players: 6,
                pass_direction: PassDirection::Random,
                ..d
            },
        ),
        (
            "seven",
            HeartsRules {
                players: 7,
                target: 40,
                ..d
            },
        ),
        ("chips-bust", chips),
        (
            "chips-max-hands",
            HeartsRules {
                chips_end: ChipsEnd::MaxHands,
                max_hands: Some(7),
                moon: Moon::AddOthers,
                ..chips
            },
        ),
        (
            "negative-share",
            HeartsRules {
                scoring: Scoring::Negative,
                target: 50,
                tie: Tie::Share,
                ..d
            },
        ),
        (
            "no-early-end",
            HeartsRules {
                early_end: false,
                first_lead: FirstLead::TwoOfClubs,
                ..d
            },
        ),
        (
            "no-early-end-random-pass",
            HeartsRules {
                early_end: false,
                pass_direction: PassDirection::Random,
                pass_count: PassCount::Fixed(2),
                moon: Moon::None,
                ..d
            },
        ),
        (
            "odd",
            HeartsRules {
                pass_direction: PassDirection::Rotate,
                first_trick_no_points: false,
                hearts_must_be_broken: false,
                queen_breaks_hearts: true,
                can_lead_any_club: true,
                can_lead_hearts_instead_of_qs: true,
                avoid_all_tricks_bonus: 5,
                target: 60,
                max_hands: Some(9),
                ..d
            },
        ),
        (
            "hold",
            HeartsRules {
                pass_direction: PassDirection::Hold,
                target: 1,
                ..d
            },
        ),
        (
            "deal-all",
            HeartsRules {
                players: 5,
                deck_adjust: DeckAdjust::DealAll,
                ..d
            },
        ),
    ]
}

fn tables(n: u8) -> Vec<TablePolicy> {
    let mut mixed = TablePolicy::uniform(Policy::Random);
    for s in (1..usize::from(n)).step_by(2) {
        mixed.0[s] = Policy::Heuristic;
    }
    let _ = MAX_PLAYERS;
    vec![
        TablePolicy::uniform(Policy::Random),
        TablePolicy::uniform(Policy::Heuristic),
        mixed,
    ]
}

#[test]
fn kernel_games_equal_stepped_games() {
    for (name, rules) in variants() {
        for policy in tables(rules.players) {
            for seed in [0u64, 7, 1 << 40] {
                let b = Batch {
                    rules,
                    seed,
                    policy,
                    deals: None,
                    first: 0,
                };
                for (limit, start, n) in [(1000, 0, 9), (1000, 123, 6), (3, 5, 5), (0, 2, 3)] {
                    let games = Games {
                        batch: &b,
                        hand_limit: limit,
                    };
                    let whole = batch::simulate(&games, start, n, n).expect("memory");
                    for j in 0..n {
                        let i = start + j as u64;
                        let want = stepped(&b, i, limit);
                        assert_eq!(
                            row(&whole, j),
                            want,
                            "{name} {policy:?} seed {seed} game {i}"
                        );
                        assert_eq!(b.play_game(i, limit, &Stop::new()), want, "{name} per game");
                    }
                    for block in [1, 2, 3, 5] {
                        assert_eq!(
                            batch::simulate(&games, start, n, block).expect("memory"),
                            whole,
                            "{name} {policy:?} seed {seed} block {block}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn many_random_games_equal_the_per_game_path() {
    // The 4-lane all-random routine over many games with refills, against the per-game
    // stepping path, in odd blocks.
    for rules in [
        HeartsRules::default(),
        HeartsRules::preset(HeartsPreset::OpenSpiel),
        HeartsRules {
            early_end: false,
            ..HeartsRules::default()
        },
    ] {
        let b = Batch {
            rules,
            seed: 99,
            policy: TablePolicy::uniform(Policy::Random),
            deals: None,
            first: 0,
        };
        let games = Games {
            batch: &b,
            hand_limit: 1000,
        };
        let n = 300;
        let out = batch::simulate(&games, 17, n, 61).expect("memory");
        for j in 0..n {
            let i = 17 + j as u64;
            assert_eq!(row(&out, j), b.play_game(i, 1000, &Stop::new()), "game {i}");
        }
    }
}

#[test]
fn kernel_hands_equal_stepped_hands() {
    // Hands mode (the 4-lane all-random and all-heuristic routes, the general lanes for the
    // rest) against a hand stepped with `choose`, many seeds and variants.
    use hearts_engine::hearts::sim::{batch_state, outcome_of};
    for (name, rules) in variants() {
        for policy in tables(rules.players) {
            for seed in [3u64, 1 << 33] {
                let b = Batch {
                    rules,
                    seed,
                    policy,
                    deals: None,
                    first: 0,
                };
                let (start, n) = (41u64, 22usize);
                let out = batch::simulate(&b, start, n, 9).expect("memory");
                let p = usize::from(rules.players);
                for j in 0..n {
                    let i = start + j as u64;
                    let mut s = batch_state(&rules, seed, i);
                    let mut log = hearts_engine::hearts::HandLog::new(s);
                    let mut rng = policy_rng(seed, i);
                    while let Some(a) = policy.choose(&log, &s, &mut rng) {
                        s.try_apply(a).expect("a legal move");
                        log.record(a);
                    }
                    let o = outcome_of(&s);
                    let at = |k: usize| j * p + k;
                    for k in 0..p {
                        assert_eq!(out.points[at(k)], o.points[k], "{name} {policy:?} hand {i}");
                        assert_eq!(out.hand_scores[at(k)], o.hand_scores[k], "{name} hand {i}");
                        assert_eq!(out.tricks[at(k)], o.tricks[k], "{name} hand {i}");
                    }
                    assert_eq!(out.moon_shooter[j], o.moon, "{name} hand {i}");
                    assert_eq!(out.queen_taker[j], o.queen, "{name} hand {i}");
                }
            }
        }
    }
}
