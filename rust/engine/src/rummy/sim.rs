//! Batch play of rummy with in-engine policies: `random` (uniform over the legal actions)
//! and `greedy` (docs/rummy-api.md, Batch). Hand (or game) `i` of a batch run with `seed`
//! is dealt from `Rng::for_game(seed, i)` and its policies draw from `policy_rng(seed, i)`,
//! so results never depend on the thread count.

use super::policy::{act_with, policy_action_with};
pub use super::policy::{
    greedy_action, greedy_action_with, play_out, policy_action, GreedyCache, NoLegalAction,
    RummyPolicy,
};

use super::game::RummyGame;
use super::rules::RummyRules;
use super::state::RummyState;
use crate::batch::{
    add_by_seat, merge_by_seat, GameEnd, Job, Moments, PlayGames, Rows, Stats, Stop, StreamJob,
};
use crate::core::policy_rng;
use crate::core::Rng;

/// Hand `index` of a batch: dealer `index % players`, zero totals, dealt from
/// `Rng::for_game(seed, index)`.
pub fn batch_state(rules: &RummyRules, seed: u64, index: u64) -> RummyState {
    let dealer = (index % u64::from(rules.players)) as u8;
    let zeros = vec![0; usize::from(rules.players)];
    RummyState::deal(rules, dealer, index, zeros, Rng::for_game(seed, index))
}

/// [`batch_state`] dealt again in place into `s` (a state of any earlier hand), keeping its
/// buffers.
pub fn batch_redeal(s: &mut RummyState, rules: &RummyRules, seed: u64, index: u64) {
    /// Zero totals for up to 255 seats.
    const ZEROS: [i64; 256] = [0; 256];
    let dealer = (index % u64::from(rules.players)) as u8;
    let zeros = &ZEROS[..usize::from(rules.players)];
    s.redeal(rules, dealer, index, zeros, Rng::for_game(seed, index));
}

/// What a batch plays: rules, seed and per-seat policies.
#[derive(Clone, Copy, Debug)]
pub struct RummyBatch<'a> {
    /// The rules.
    pub rules: RummyRules,
    /// The batch seed.
    pub seed: u64,
    /// Per-seat policies (one per player).
    pub policies: &'a [RummyPolicy],
}

crate::columns! {
    /// Per-hand results of a batch, row-major `(hands, players)`.
    pub struct RummyHandsOut, RummyHandsRows {
        /// C-20 scores.
        hand_scores: i32 [seats] = 0,
        /// Who opened.
        opened: bool [seats] = false,
        /// The seat that went out, or -1.
        went_out: i8 [1] = -1,
        /// Completed turns.
        turns: u32 [1] = 0,
    }
}

impl Job for RummyBatch<'_> {
    type Out = RummyHandsOut;

    fn players(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn fill(&self, rows: &mut RummyHandsRows<'_>, stop: &Stop) {
        let p = rows.players;
        // One state and one policy cache for the chunk, the state dealt again for each hand.
        let mut state: Option<RummyState> = None;
        let mut cache = GreedyCache::default();
        for j in 0..rows.rows() {
            let i = rows.start + j as u64;
            let s = match &mut state {
                Some(s) => {
                    batch_redeal(s, &self.rules, self.seed, i);
                    s
                }
                None => state.insert(batch_state(&self.rules, self.seed, i)),
            };
            let mut rng = policy_rng(self.seed, i);
            // A hand may take up to `max_turns_per_hand` turns: `stop` is checked at each. A
            // dealt hand always has a legal action until it is over; were one missing, the
            // row would hold the hand where it stopped.
            let mut more = Ok(true);
            while more == Ok(true) && !stop.requested() {
                more = act_with(self.policies, s, &mut rng, &mut cache);
            }
            debug_assert!(more.is_ok(), "{more:?}");
            for k in 0..p {
                rows.hand_scores[j * p + k] = s.hand_score(k) as i32;
                rows.opened[j * p + k] = s.opened()[k];
            }
            rows.went_out[j] = s.went_out().map_or(-1, |w| w as i8);
            rows.turns[j] = s.turn();
        }
    }
}

impl StreamJob for RummyBatch<'_> {
    type Stats = RummyStats;

    fn stats(&self) -> RummyStats {
        RummyStats::new(usize::from(self.rules.players))
    }
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
}

impl Stats<RummyHandsOut> for RummyStats {
    fn add(&mut self, out: &RummyHandsOut) {
        add_by_seat(&mut self.score, &out.hand_scores);
        for row in out.opened.chunks_exact(out.players) {
            for (opens, &opened) in self.opens.iter_mut().zip(row) {
                *opens += i64::from(opened);
            }
        }
        for (&went, &turns) in out.went_out.iter().zip(&out.turns) {
            match usize::try_from(went) {
                Ok(w) => self.outs[w] += 1,
                Err(_) => self.nobody_out += 1,
            }
            self.turns.add(i64::from(turns));
        }
        self.hands += out.went_out.len() as u64;
    }

    fn merge(&mut self, o: &RummyStats) {
        self.hands += o.hands;
        merge_by_seat(&mut self.score, &o.score);
        for k in 0..self.score.len() {
            self.opens[k] += o.opens[k];
            self.outs[k] += o.outs[k];
        }
        self.nobody_out += o.nobody_out;
        self.turns.merge(&o.turns);
    }

    fn hand_scores(&self) -> &[Moments] {
        &self.score
    }
}

impl PlayGames for RummyBatch<'_> {
    fn sides(&self) -> usize {
        usize::from(self.rules.players)
    }

    /// First dealer drawn from the game's deal stream, policies from its policy stream.
    fn play_game(&self, index: u64, hand_limit: usize, stop: &Stop) -> GameEnd {
        let mut rng = Rng::for_game(self.seed, index);
        let first = rng.below(u32::from(self.rules.players)) as u8;
        let zeros = vec![0; self.sides()];
        let mut g = RummyGame::new(&self.rules, rng, first, Vec::new(), zeros);
        let mut prng = policy_rng(self.seed, index);
        let mut cache = GreedyCache::default();
        while !g.is_over() && g.history().len() < hand_limit && !stop.requested() {
            let s = g.state();
            let seat = usize::from(s.current_player().unwrap_or(0));
            // A game's hand always has a legal action (see `fill`): were one missing, the
            // game would be reported unfinished.
            let a = policy_action_with(self.policies[seat], s, &mut prng, &mut cache);
            debug_assert!(a.is_ok(), "{a:?}");
            let Ok(a) = a else { break };
            g.apply(a);
        }
        GameEnd {
            totals: g.totals().to_vec(),
            winners: g.winners().iter().fold(0, |m, &w| m | 1 << w),
            hands_played: g.history().len(),
            finished: g.is_over(),
            pot: 0,
        }
    }
}
