//! Batch play of rummy with in-engine policies: `random` (uniform over the legal actions)
//! and `greedy` (docs/rummy-api.md, Batch). Hand (or game) `i` of a batch run with `seed`
//! is dealt from `Rng::for_game(seed, i)` and its policies draw from `policy_rng(seed, i)`,
//! so results never depend on the thread count.

use super::game::RummyGame;
use super::meld::{card_usable, card_value, meld_value, usable_cards_with, Multiset, JOKER};
use super::rules::RummyRules;
use super::state::{Action, Phase, RummyState};
use crate::option_enum;
use crate::rng::Rng;
use crate::sim::policy_rng;

option_enum! {
    /// A rummy policy.
    RummyPolicy { Random = "random", Greedy = "greedy" }
}

/// The value of what an action puts on the table (melds, or the laid-off card).
fn placed_value(r: &RummyRules, a: &Action) -> i64 {
    match a {
        Action::TakePile(ms) | Action::Open(ms) => ms.iter().map(|m| meld_value(r, m)).sum(),
        Action::Meld(m) => meld_value(r, m),
        Action::LayOff(_, c, _) => card_value(r, *c),
        _ => 0,
    }
}

/// The order of `legal_actions()` in Python (tuples compared element by element) for the
/// actions of one kind: melds and meld lists lexicographically, lay-offs by (index, card,
/// end name).
fn sort_key(a: &Action) -> (Vec<Vec<u8>>, usize, u8, &'static str) {
    match a {
        Action::TakePile(ms) | Action::Open(ms) => (ms.clone(), 0, 0, ""),
        Action::Meld(m) => (vec![m.clone()], 0, 0, ""),
        Action::LayOff(i, c, e) => (Vec::new(), *i, *c, e.name()),
        _ => (Vec::new(), 0, 0, ""),
    }
}

/// An upper bound on the value of any natural melds from `hand`: the C-5 values of every
/// card (with its copies) that some natural meld could use.
fn bound(r: &RummyRules, hand: &Multiset, usable: u64) -> i64 {
    (0..52u8)
        .filter(|&c| usable >> c & 1 != 0)
        .map(|c| i64::from(hand.count(c)) * card_value(r, c))
        .sum()
}

/// The greedy policy's action:
/// - draw phase: take the pile with the melds of most value when that value exceeds the
///   value of the other pile cards it brings into the hand, else draw;
/// - meld phase: open with the most valuable opening as soon as one is legal; once opened,
///   lay down the most valuable new meld, then lay off the most valuable card; then end;
/// - discard phase: the highest-value card (then the highest id) that is in no meld the
///   hand could form and fits none of the player's melds; if every card is usable, the
///   highest-value legal discard. Jokers count as usable.
pub fn greedy_action(s: &RummyState) -> Action {
    let r = s.rules();
    let p = usize::from(s.current_player().unwrap_or(0));
    // The most valuable action; on a tie the first in the sorted order of legal_actions()
    // (so the choice does not depend on the engine's enumeration order).
    let best = |acts: Vec<Action>| -> Option<Action> {
        let mut best: Option<(i64, Action)> = None;
        for a in acts {
            let v = placed_value(r, &a);
            let better = best.as_ref().map_or(true, |(bv, b)| {
                v > *bv || (v == *bv && sort_key(&a) < sort_key(b))
            });
            if better {
                best = Some((v, a));
            }
        }
        best.map(|(_, a)| a)
    };
    match s.phase() {
        Phase::Over => Action::End,
        Phase::Draw => {
            if s.blocked()[p] {
                return Action::Draw;
            }
            let pile = s.pile();
            // Exact shortcuts: no pickup is possible when the top card is in no meld of the
            // hand plus it, or (unopened) when all natural meld cards together cannot reach
            // the opening minimum.
            let Some(&top) = pile.last() else {
                return Action::Draw;
            };
            let mut with_top = s.hands()[p];
            with_top.add(top);
            let opened = s.opened()[p];
            if top != JOKER && !card_usable(r, &with_top, opened, top) {
                return Action::Draw;
            }
            if !opened
                && bound(r, &with_top, usable_cards_with(r, &with_top, false)) < r.opening_min
            {
                return Action::Draw;
            }
            let inherited: i64 = pile[..pile.len().saturating_sub(1)]
                .iter()
                .map(|&c| card_value(r, c))
                .sum();
            let takes = s
                .take_pile_actions()
                .into_iter()
                .map(Action::TakePile)
                .collect();
            match best(takes) {
                Some(a) if placed_value(r, &a) > inherited => a,
                _ => Action::Draw,
            }
        }
        Phase::Meld => {
            let hand = &s.hands()[p];
            if !s.opened()[p] && bound(r, hand, usable_cards_with(r, hand, false)) < r.opening_min {
                return Action::End; // no opening can reach the minimum
            }
            if s.opened()[p] {
                // No new meld (every meld has two usable naturals) and no lay-off: end.
                let jokers = !s.flags().0;
                let lay_off = s.melds()[p].iter().any(|m| {
                    let (cands, n) = super::lay_off_candidates(r, m);
                    cands[..n].iter().any(|&(c, e)| {
                        hand.count(c) > 0
                            && (c != JOKER || jokers)
                            && super::candidate_fits(r, m, c, e)
                    })
                });
                if !lay_off && usable_cards_with(r, hand, jokers) == 0 {
                    return Action::End;
                }
            }
            let legal = s.legal_actions();
            let pick = |kind: fn(&Action) -> bool| {
                best(legal.iter().filter(|a| kind(a)).cloned().collect())
            };
            pick(|a| matches!(a, Action::Open(_)))
                .or_else(|| pick(|a| matches!(a, Action::Meld(_))))
                .or_else(|| pick(|a| matches!(a, Action::LayOff(..))))
                .unwrap_or(Action::End)
        }
        Phase::Discard => {
            let hand = &s.hands()[p];
            // Lay-off targets count as usable.
            let mut fits = 1u64 << JOKER;
            for m in &s.melds()[p] {
                let (cands, n) = super::lay_off_candidates(r, m);
                for &(c, e) in &cands[..n] {
                    if hand.count(c) > 0 && super::candidate_fits(r, m, c, e) {
                        fits |= 1 << c;
                    }
                }
            }
            // Legal discards from the highest (value, id) down: the first unusable one,
            // else the highest.
            let mut legal: Vec<(i64, u8)> = s
                .legal_actions()
                .iter()
                .filter_map(|a| match a {
                    Action::Discard(c) => Some((card_value(r, *c), *c)),
                    _ => None,
                })
                .collect();
            legal.sort_unstable_by(|a, b| b.cmp(a));
            let free = legal
                .iter()
                .map(|&(_, c)| c)
                .find(|&c| fits >> c & 1 == 0 && !card_usable(r, hand, true, c));
            match free.or_else(|| legal.first().map(|&(_, c)| c)) {
                Some(c) => Action::Discard(c),
                None => Action::End,
            }
        }
    }
}

/// The policy's action (the random policy: a uniform choice among the legal actions in
/// the engine's order).
pub fn policy_action(policy: RummyPolicy, s: &RummyState, rng: &mut Rng) -> Action {
    match policy {
        RummyPolicy::Random => {
            let legal = s.legal_actions();
            legal[rng.below(legal.len() as u32) as usize].clone()
        }
        RummyPolicy::Greedy => greedy_action(s),
    }
}

/// Hand `index` of a batch: dealer `index % players`, zero totals, dealt from
/// `Rng::for_game(seed, index)`.
pub fn batch_state(rules: &RummyRules, seed: u64, index: u64) -> RummyState {
    let dealer = (index % u64::from(rules.players)) as u8;
    let zeros = vec![0; usize::from(rules.players)];
    RummyState::deal(rules, dealer, index, zeros, Rng::for_game(seed, index))
}

/// Plays a hand to its end with per-seat policies.
pub fn play_out(policies: &[RummyPolicy], s: &mut RummyState, rng: &mut Rng) {
    while let Some(p) = s.current_player() {
        let a = policy_action(policies[usize::from(p)], s, rng);
        s.apply_unchecked(&a);
    }
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
    crate::sim::run_all(work, |(b, (((scores, opened), went), turns))| {
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
    /// Σ hand score per seat.
    pub score_sum: Vec<i64>,
    /// Σ hand score² per seat.
    pub score_sq: Vec<i64>,
    /// Hands in which the seat opened.
    pub opens: Vec<i64>,
    /// Hands in which the seat went out.
    pub outs: Vec<i64>,
    /// Hands that ended with nobody out.
    pub nobody_out: i64,
    /// Σ completed turns.
    pub turns_sum: i64,
    /// Σ completed turns².
    pub turns_sq: i64,
}

impl RummyStats {
    /// Empty statistics for `players` seats.
    pub fn new(players: usize) -> RummyStats {
        RummyStats {
            score_sum: vec![0; players],
            score_sq: vec![0; players],
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
                self.score_sum[k] += s;
                self.score_sq[k] += s * s;
                self.opens[k] += i64::from(out.opened[j * p + k]);
            }
            match usize::try_from(went) {
                Ok(w) => self.outs[w] += 1,
                Err(_) => self.nobody_out += 1,
            }
            let t = i64::from(out.turns[j]);
            self.turns_sum += t;
            self.turns_sq += t * t;
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
    crate::sim::run_all(work, |(b, (((totals, winners), played), finished))| {
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
