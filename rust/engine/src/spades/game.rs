//! A whole game of Spades: hands dealt in turn, running totals and bags, and the end rules
//! of B-22, 0.6 and 0.7.

use super::rules::{Boston, SpadesRules};
use super::state::{deal_random, Bid, Deal, HandScore, Phase, SpadesState};
use crate::core::Rng;
use crate::core::Tie;
use crate::Card;

/// The record of one completed hand.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HandRecord {
    /// The dealer.
    pub dealer: u8,
    /// The four bids.
    pub bids: [Bid; 4],
    /// Tricks per seat.
    pub tricks_taken: [u8; 4],
    /// The hand's score, bags and Boston.
    pub score: HandScore,
    /// Accepted illegal plays `(trick_number, seat, card)` (B-27).
    pub reneges: Vec<(usize, u8, Card)>,
    /// Team totals after the hand.
    pub totals: [i64; 2],
}

/// A game of Spades. Deals come from the `deals` queue first, then from the game's RNG.
#[derive(Clone, Debug)]
pub struct SpadesGame {
    rules: SpadesRules,
    first_dealer: u8,
    rng: Rng,
    deals: Vec<Deal>,
    next_deal: usize,
    totals: [i64; 2],
    bags: [i64; 2],
    history: Vec<HandRecord>,
    state: SpadesState,
    over: bool,
    winners: u8,
}

impl SpadesGame {
    /// A new game. `deals` (already checked) are used in order by every deal of the game —
    /// each hand and each redeal — then shuffles from `rng` take over. `totals`/`bags` resume
    /// a score sheet (checked with [`SpadesState::check_scores`]).
    pub fn new(
        rules: &SpadesRules,
        rng: Rng,
        first_dealer: u8,
        deals: Vec<Deal>,
        totals: [i64; 2],
        bags: [i64; 2],
    ) -> SpadesGame {
        let placeholder = SpadesState::new(rules, [[0; 13]; 4], first_dealer, 0, totals, bags);
        let mut g = SpadesGame {
            rules: *rules,
            first_dealer,
            rng,
            deals,
            next_deal: 0,
            totals,
            bags,
            history: Vec::new(),
            state: placeholder,
            over: false,
            winners: 0,
        };
        g.start_hand();
        g
    }

    fn next_deal(&mut self, dealer: u8) -> Deal {
        if let Some(d) = self.deals.get(self.next_deal) {
            self.next_deal += 1;
            *d
        } else {
            deal_random(&self.rules, dealer, &mut self.rng)
        }
    }

    fn start_hand(&mut self) {
        let h = self.history.len() as u64;
        let dealer = ((u64::from(self.first_dealer) + h) % 4) as u8;
        let deal = self.next_deal(dealer);
        self.state = SpadesState::new(&self.rules, deal, dealer, h, self.totals, self.bags);
    }

    /// The rules.
    pub const fn rules(&self) -> &SpadesRules {
        &self.rules
    }
    /// The current hand (the last one once the game is over).
    pub const fn state(&self) -> &SpadesState {
        &self.state
    }
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.over
    }
    /// The winning teams as a bit mask (bit t = team t); 0 while not over.
    pub const fn winners(&self) -> u8 {
        self.winners
    }
    /// Running team totals.
    pub const fn totals(&self) -> [i64; 2] {
        self.totals
    }
    /// Running team bag counters.
    pub const fn bags(&self) -> [i64; 2] {
        self.bags
    }
    /// Completed hands.
    pub fn history(&self) -> &[HandRecord] {
        &self.history
    }
    /// The phase: the current hand's, or `Over` once the game is over.
    pub fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else {
            self.state.phase()
        }
    }

    /// Runs `f` on the current hand (if the game is not over), then scores the hand and
    /// deals the next one when it is complete. `f`'s result is returned.
    pub fn act<T>(&mut self, f: impl FnOnce(&mut SpadesState) -> T) -> T {
        let out = f(&mut self.state);
        if !self.over && self.state.phase() == Phase::Over {
            self.finish_hand();
        }
        out
    }

    /// A deficient-hand claim: the next deal of the queue or the RNG replaces the hand.
    pub fn claim_redeal(&mut self, seat: i64) -> Result<(), super::state::ClaimError> {
        self.state.check_claim(seat)?;
        let deal = self.next_deal(self.state.dealer());
        self.state.claim_redeal(seat as u8, deal)
    }

    fn finish_hand(&mut self) {
        let score = self.state.score();
        for t in 0..2 {
            self.totals[t] += score.scores[t];
        }
        self.bags = score.bags_after;
        let bids = self.state.bids().map(|b| {
            b.unwrap_or(Bid {
                value: 0,
                nil: false,
                blind: false,
                bemo: None,
            })
        });
        self.history.push(HandRecord {
            dealer: self.state.dealer(),
            bids,
            tricks_taken: self.state.tricks_taken(),
            score,
            reneges: self.state.reneges(),
            totals: self.totals,
        });
        // B-22, 0.6, 0.7.
        let r = &self.rules;
        if let (Some(t), Boston::WinsGame) = (score.boston, r.boston) {
            self.over = true;
            self.winners = 1 << t;
            return;
        }
        let max_reached = r
            .max_hands
            .is_some_and(|m| self.history.len() >= m as usize);
        let ends = self.totals.iter().any(|&x| {
            x >= r.win_score
                || r.lose_score.is_some_and(|l| x <= l)
                || (r.negative_inverse_loses && x <= -r.win_score)
        }) || max_reached;
        if ends {
            let [a, b] = self.totals;
            if a != b {
                self.over = true;
                self.winners = if a > b { 1 } else { 2 };
                return;
            }
            if r.tie == Tie::Share || max_reached {
                self.over = true;
                self.winners = 3;
                return;
            }
        }
        self.start_hand();
    }
}
