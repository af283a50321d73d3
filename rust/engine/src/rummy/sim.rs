//! Batch play of rummy with in-engine policies: `random` (uniform over the legal actions)
//! and `greedy` (docs/rummy-api.md, Batch). Hand (or game) `i` of a batch run with `seed`
//! is dealt from `Rng::for_game(seed, i)` and its policies draw from `policy_rng(seed, i)`,
//! so results never depend on the thread count.

pub use super::policy::{greedy_action, play_out, policy_action, RummyPolicy};

use super::game::RummyGame;
use super::rules::RummyRules;
use super::state::RummyState;
use crate::batch::Moments;
use crate::core::policy_rng;
use crate::core::Rng;

/// Hand `index` of a batch: dealer `index % players`, zero totals, dealt from
/// `Rng::for_game(seed, index)`.
pub fn batch_state(rules: &RummyRules, seed: u64, index: u64) -> RummyState {
    let dealer = (index % u64::from(rules.players)) as u8;
    let zeros = vec![0; usize::from(rules.players)];
    RummyState::deal(rules, dealer, index, zeros, Rng::for_game(seed, index))
}

/// Per-hand results of a batch, row-major `(hands, players)`.
#[derive(Clone, Debug, Default)]
pub struct RummyHandsOut {
    /// Players per hand.
    pub players: usize,
    /// C-20 scores.
    pub hand_scores: Vec<i32>,
    /// Who opened.
    pub opened: Vec<bool>,
    /// The seat that went out, or -1.
    pub went_out: Vec<i8>,
    /// Completed turns.
    pub turns: Vec<u32>,
}

/// Plays hands `start..start + n`; `policies` per seat.
pub fn simulate_hands(
    rules: &RummyRules,
    seed: u64,
    policies: &[RummyPolicy],
    start: u64,
    n: usize,
) -> RummyHandsOut {
    let p = usize::from(rules.players);
    let mut out = RummyHandsOut {
        players: p,
        hand_scores: vec![0; n * p],
        opened: vec![false; n * p],
        went_out: vec![-1; n],
        turns: vec![0; n],
    };
    let work: Vec<_> = out
        .hand_scores
        .chunks_mut(p * 64)
        .zip(out.opened.chunks_mut(p * 64))
        .zip(out.went_out.chunks_mut(64))
        .zip(out.turns.chunks_mut(64))
        .enumerate()
        .collect();
    crate::batch::run_all(work, |(b, (((scores, opened), went), turns))| {
        for j in 0..went.len() {
            let i = start + (b * 64 + j) as u64;
            let mut s = batch_state(rules, seed, i);
            play_out(policies, &mut s, &mut policy_rng(seed, i));
            for (k, v) in s.hand_scores().iter().enumerate() {
                scores[j * p + k] = *v as i32;
                opened[j * p + k] = s.opened()[k];
            }
            went[j] = s.went_out().map_or(-1, |w| w as i8);
            turns[j] = s.turn();
        }
    });
    out
}

/// Constant-memory aggregates of rummy hands, exact integers (merge order does not matter).
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct RummyStats {
    /// Hands accumulated.
    pub hands: u64,
    /// Hand score per seat.
    pub score: Vec<Moments>,
    /// Hands in which the seat opened.
    pub opens: Vec<i64>,
    /// Hands in which the seat went out.
    pub outs: Vec<i64>,
    /// Hands that ended with nobody out.
    pub nobody_out: i64,
    /// Completed turns.
    pub turns: Moments,
}

impl RummyStats {
    /// Empty statistics for `players` seats.
    pub fn new(players: usize) -> RummyStats {
        RummyStats {
            score: vec![Moments::default(); players],
            opens: vec![0; players],
            outs: vec![0; players],
            ..RummyStats::default()
        }
    }

    /// Adds every hand of `out`.
    pub fn add(&mut self, out: &RummyHandsOut) {
        let p = out.players;
        for (j, &went) in out.went_out.iter().enumerate() {
            for k in 0..p {
                let s = i64::from(out.hand_scores[j * p + k]);
                self.score[k].add(s);
                self.opens[k] += i64::from(out.opened[j * p + k]);
            }
            match usize::try_from(went) {
                Ok(w) => self.outs[w] += 1,
                Err(_) => self.nobody_out += 1,
            }
            self.turns.add(i64::from(out.turns[j]));
        }
        self.hands += out.went_out.len() as u64;
    }
}

/// Per-game results of a batch.
#[derive(Clone, Debug, Default)]
pub struct RummyGamesOut {
    /// Players per game.
    pub players: usize,
    /// Final totals `(n, players)`.
    pub totals: Vec<i64>,
    /// Winners `(n, players)`.
    pub winners: Vec<bool>,
    /// Hands played.
    pub hands_played: Vec<u32>,
    /// Whether the game reached its end rule (false: stopped at the hand limit).
    pub finished: Vec<bool>,
}

/// Plays games `start..start + n` to their end, or until `hand_limit` hands are played
/// (first dealer drawn from the game's stream).
pub fn simulate_games(
    rules: &RummyRules,
    seed: u64,
    policies: &[RummyPolicy],
    start: u64,
    n: usize,
    hand_limit: usize,
) -> RummyGamesOut {
    let p = usize::from(rules.players);
    let mut out = RummyGamesOut {
        players: p,
        totals: vec![0; n * p],
        winners: vec![false; n * p],
        hands_played: vec![0; n],
        finished: vec![false; n],
    };
    let work: Vec<_> = out
        .totals
        .chunks_mut(p * 8)
        .zip(out.winners.chunks_mut(p * 8))
        .zip(out.hands_played.chunks_mut(8))
        .zip(out.finished.chunks_mut(8))
        .enumerate()
        .collect();
    crate::batch::run_all(work, |(b, (((totals, winners), played), finished))| {
        for j in 0..played.len() {
            let i = start + (b * 8 + j) as u64;
            let mut rng = Rng::for_game(seed, i);
            let first = rng.below(u32::from(rules.players)) as u8;
            let mut g = RummyGame::new(rules, rng, first, Vec::new(), vec![0; p]);
            let mut prng = policy_rng(seed, i);
            while !g.is_over() && g.history().len() < hand_limit {
                let s = g.state();
                let a = policy_action(
                    policies[usize::from(s.current_player().unwrap_or(0))],
                    s,
                    &mut prng,
                );
                g.apply_unchecked(&a);
            }
            totals[j * p..(j + 1) * p].copy_from_slice(g.totals());
            for &w in g.winners() {
                winners[j * p + usize::from(w)] = true;
            }
            played[j] = g.history().len() as u32;
            finished[j] = g.is_over();
        }
    });
    out
}
