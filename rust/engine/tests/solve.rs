//! The open-hand solver (docs/solver.md) against the plain minimax of `solve::minimax`, which
//! plays the game's own states with no pruning, bound, table or move merging: the same value
//! and the same value for every legal play, on random positions of every rule set of both
//! games (Hearts A.1/A.6 with 3–7 players, every deck adjustment, `deal_all` double plays,
//! early end, moon options, J♦, first-trick rules; Spades B.1/B.3, jokers, bemo, nil, reneges
//! under `penalize`), a trick under way or not. Also the invariants: the value is the best of
//! the move values; playing a best move and solving again gives the same value; a solver
//! that keeps its table across many problems gives what a fresh one gives.
//!
//! The CI profile solves endgames of 1–4 tricks. The soak (`SOLVE_SOAK=cases`, with
//! `SOLVE_TRICKS=max tricks`, in release: `cargo test --release --test solve -- --nocapture`)
//! is recorded in benchmarks/RESULTS.md.

mod common;

use common::{random_rules, random_spades_rules};
use hearts_engine::batch::Stop;
use hearts_engine::hearts::{HeartsRules, HeartsState, Phase as HeartsPhase};
use hearts_engine::solve::{minimax, Problem, Solution, Solver};
use hearts_engine::spades::solve::{SpadesPosition, SpadesProblem};
use hearts_engine::spades::{sim::batch_state, Bemo, Phase as SpadesPhase, Renege, SpadesState};
use hearts_engine::{hearts::solve::HeartsProblem, CardSet, Rng, TrickTaking};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn nth(set: CardSet, rng: &mut Rng) -> hearts_engine::Card {
    set.into_iter()
        .nth(rng.below(set.count()) as usize)
        .unwrap()
}

/// A random Hearts position in play with at most `tricks` tricks left (cards in the largest
/// hand), possibly with a trick under way; `None` if the hand ended early first.
fn hearts_position(rules: &HeartsRules, tricks: u32, rng: &mut Rng) -> Option<HeartsState> {
    let dealer = rng.below(u32::from(rules.players)) as u8;
    let mut s = HeartsState::deal(rules, dealer, u64::from(rng.below(4)), rng);
    while s.phase() == HeartsPhase::Pass {
        let seat = s.current_player().unwrap();
        let k = u32::from(s.pass_count());
        let cards = s.hands()[usize::from(seat)]
            .into_iter()
            .take(k as usize)
            .collect();
        s.pass_cards(seat, cards).unwrap();
    }
    let largest = |s: &HeartsState| s.hands().iter().map(|h| h.count()).max().unwrap_or(0);
    // Half the time one seat takes every trick it can (its highest card, the others their
    // lowest), so that moon positions come up.
    let shooter = (rng.below(2) == 0).then(|| rng.below(u32::from(rules.players)) as u8);
    while s.phase() == HeartsPhase::Play && largest(&s) > tricks {
        let legal = s.legal_plays();
        let card = match shooter {
            Some(x) if s.current_player() == Some(x) => legal.into_iter().next_back().unwrap(),
            Some(_) => legal.first().unwrap(),
            None => nth(legal, rng),
        };
        s.play_unchecked(card);
    }
    // Sometimes stop with a trick under way.
    for _ in 0..rng.below(u32::from(rules.players)) {
        if s.phase() == HeartsPhase::Play {
            s.play_unchecked(nth(s.legal_plays(), rng));
        }
    }
    (s.phase() == HeartsPhase::Play).then_some(s)
}

/// A random Spades position in play with at most `tricks` tricks left, with random bids
/// (blind nils and bemos included) and, under `renege = "penalize"`, an occasional renege on
/// the way. With `strong`, that team plays its highest cards and the other its lowest, so
/// that bemos (B.3 #9) are still open.
fn spades_position(
    rules: &hearts_engine::spades::SpadesRules,
    tricks: u32,
    strong: Option<u8>,
    rng: &mut Rng,
) -> SpadesState {
    let mut s = batch_state(rules, u64::from(rng.below(1000)), u64::from(rng.below(4)));
    while s.phase() == SpadesPhase::Bid {
        let mask = s.legal_bids();
        let value = (0..16)
            .filter(|v| mask >> v & 1 != 0)
            .nth(rng.below(mask.count_ones()) as usize)
            .unwrap() as u8;
        // Blind nils and bemos (B.3 #9) where the rules allow them, else a plain bid.
        let bemo = [None, Some(Bemo::Little), Some(Bemo::Big)][rng.below(3) as usize];
        let blind = rng.below(4) == 0;
        if (!blind || s.try_bid(0, true, None).is_err()) && s.try_bid(value, false, bemo).is_err() {
            s.try_bid(value, false, None).unwrap();
        }
    }
    let limit = 4 * tricks as usize;
    loop {
        let left: usize = s.hands().iter().map(|h| h.count() as usize).sum();
        if left <= limit - (rng.below(4) as usize).min(limit - 1) || s.phase() != SpadesPhase::Play
        {
            break;
        }
        let seat = usize::from(s.current_player().unwrap());
        let held = s.hands()[seat];
        let illegal = held - s.legal_plays();
        if let Some(team) = strong {
            let legal = s.legal_plays();
            let card = if seat % 2 == usize::from(team) {
                legal.into_iter().next_back()
            } else {
                legal.first()
            };
            s.try_play(card.unwrap()).unwrap();
        } else if rules.renege == Renege::Penalize && !illegal.is_empty() && rng.below(20) == 0 {
            s.try_play(nth(illegal, rng)).unwrap();
        } else {
            s.try_play(nth(s.legal_plays(), rng)).unwrap();
        }
    }
    s
}

/// The solver's answer equals minimax's, and the invariants hold.
fn check<P: Problem, G: TrickTaking>(
    solver: &mut Solver,
    problem: &P,
    pos: &P::Pos,
    state: &G,
    leaf: &dyn Fn(&G) -> i32,
    what: &str,
) -> Solution {
    let stop = Stop::new();
    let got = solver.solve(problem, pos, &stop).unwrap();
    let fresh = Solver::new(1 << 16).solve(problem, pos, &stop).unwrap();
    let maximizes = |m: u8| problem.maximizes(m);
    let (value, moves) = minimax(state, leaf, &maximizes);
    assert_eq!(got.value, value, "value of {what}");
    assert_eq!(got.moves, moves, "move values of {what}");
    assert_eq!(
        (fresh.value, &fresh.moves),
        (value, &moves),
        "fresh solver on {what}"
    );
    got
}

#[test]
fn hearts_solver_equals_minimax() {
    let cases = env("SOLVE_SOAK", 300);
    let max_tricks = env("SOLVE_TRICKS", 3) as u32;
    let mut rng = Rng::new(2026);
    let mut solver = Solver::new(1 << 20);
    let mut solved = 0;
    while solved < cases {
        let rules = random_rules(&mut rng);
        let tricks = 1 + rng.below(max_tricks);
        let Some(s) = hearts_position(&rules, tricks, &mut rng) else {
            continue;
        };
        let seat = rng.below(u32::from(rules.players)) as u8;
        let problem = HeartsProblem::new(&s, Some(seat), None).unwrap();
        let leaf = |g: &HeartsState| g.hand_scores()[usize::from(seat)];
        let what = format!("{s:?} seat {seat}");
        let sol = check(&mut solver, &problem, &s, &s, &leaf, &what);
        // Playing a best move keeps the value.
        let best = sol.best().first().unwrap();
        let mut next = s;
        next.play_unchecked(best);
        if next.phase() == HeartsPhase::Play {
            let again = solver.solve(&problem, &next, &Stop::new()).unwrap();
            assert_eq!(again.value, sol.value, "after a best move in {what}");
        }
        solved += 1;
    }
}

#[test]
fn spades_solver_equals_minimax() {
    let cases = env("SOLVE_SOAK", 200);
    let max_tricks = env("SOLVE_TRICKS", 3) as u32;
    let mut rng = Rng::new(2027);
    let mut solver = Solver::new(1 << 20);
    for case in 0..cases {
        let rules = random_spades_rules(&mut rng);
        let s = spades_position(&rules, 1 + rng.below(max_tricks), None, &mut rng);
        if s.phase() != SpadesPhase::Play {
            continue;
        }
        check_spades(&mut solver, &s, rng.below(4) as u8, case % 2 == 1);
    }
}

/// Solves `s` for `seat` (the score objective or the tricks) and checks it against minimax.
fn check_spades(solver: &mut Solver, s: &SpadesState, seat: u8, score: bool) {
    let objective = if score { "score" } else { "tricks" };
    let problem = SpadesProblem::new(s, Some(seat), Some(objective)).unwrap();
    let team = usize::from(seat % 2);
    let leaf = |g: &SpadesState| {
        if score {
            g.score().scores[team] as i32
        } else {
            let t = g.tricks_taken();
            i32::from(t[team] + t[team + 2])
        }
    };
    let pos = SpadesPosition::of(s);
    let what = format!("{s:?} seat {seat} {objective}");
    let sol = check(solver, &problem, &pos, s, &leaf, &what);
    let mut next = pos;
    hearts_engine::solve::Position::play(&mut next, sol.best().first().unwrap());
    if !hearts_engine::solve::Position::is_over(&next) {
        let again = solver.solve(&problem, &next, &Stop::new()).unwrap();
        assert_eq!(again.value, sol.value, "after a best move in {what}");
    }
}

/// Bemo (B.3 #9) is decided by the first 6 or 9 tricks: endgames of 5 tricks from trick 9,
/// with a BIG bemo of the team still open, for the score objective.
#[test]
fn spades_bemo_endgames_equal_minimax() {
    let mut rng = Rng::new(2028);
    let mut solver = Solver::new(1 << 20);
    let mut solved = 0;
    let mut tries = [0; 4];
    while solved < 3 {
        tries[0] += 1;
        assert!(tries[0] < 5000, "no bemo endgame found: {tries:?}");
        let rules = hearts_engine::spades::SpadesRules {
            bemo: true,
            ..random_spades_rules(&mut rng)
        };
        let s = spades_position(&rules, 5, Some(0), &mut rng);
        let open = s.bids()[0].is_some_and(|b| b.bemo == Some(Bemo::Big));
        let won_all = s.trick_winners().iter().all(|&w| w % 2 == 0);
        tries[1] += usize::from(open);
        tries[2] += usize::from(won_all);
        tries[3] += usize::from(s.trick_number() == 9);
        if s.phase() != SpadesPhase::Play || !open || !won_all || s.trick_number() != 9 {
            continue;
        }
        check_spades(&mut solver, &s, rng.below(4) as u8, true);
        solved += 1;
    }
}
