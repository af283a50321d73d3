//! A whole game of rummy: hands dealt in turn, running totals, the C-21 end at the target,
//! ties (0.6) and `max_hands` (0.7).

use super::rules::RummyRules;
use super::state::{Action, RummyState};
use crate::core::Rng;
use crate::core::Tie;

/// A caller-given deal: the hands and the stock (top first).
pub type RummyDeal = (Vec<Vec<u8>>, Vec<u8>);

/// One completed hand.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct RummyHandRecord {
    /// The dealer.
    pub dealer: u8,
    /// C-20 scores.
    pub hand_scores: Vec<i64>,
    /// Totals after the hand.
    pub totals: Vec<i64>,
    /// Who went out.
    pub went_out: Option<u8>,
}

/// A game of rummy.
#[derive(Clone, Debug)]
pub struct RummyGame {
    rules: RummyRules,
    rng: Rng,
    first_dealer: u8,
    deals: Vec<RummyDeal>,
    totals: Vec<i64>,
    history: Vec<RummyHandRecord>,
    state: RummyState,
    over: bool,
    winners: Vec<u8>,
}

impl RummyGame {
    /// A new game; `deals` (checked) are used by the first hands in order, then shuffles.
    /// Every hand's own seed (for C-19 reshuffles and its shuffle) comes from `rng`.
    pub fn new(
        rules: &RummyRules,
        mut rng: Rng,
        first_dealer: u8,
        deals: Vec<RummyDeal>,
        totals: Vec<i64>,
    ) -> RummyGame {
        let state = Self::deal_hand(rules, &mut rng, first_dealer, 0, &deals, &totals);
        let mut g = RummyGame {
            rules: *rules,
            rng,
            first_dealer,
            deals,
            totals,
            history: Vec::new(),
            state,
            over: false,
            winners: Vec::new(),
        };
        g.settle();
        g
    }

    fn deal_hand(
        rules: &RummyRules,
        rng: &mut Rng,
        first_dealer: u8,
        h: u64,
        deals: &[RummyDeal],
        totals: &[i64],
    ) -> RummyState {
        let dealer = ((u64::from(first_dealer) + h) % u64::from(rules.players)) as u8;
        let hand_rng = Rng::new(rng.next_u64());
        match deals.get(h as usize) {
            Some((hands, stock)) => RummyState::new(
                rules,
                hands,
                stock,
                None,
                dealer,
                h,
                totals.to_vec(),
                hand_rng,
            ),
            None => RummyState::deal(rules, dealer, h, totals.to_vec(), hand_rng),
        }
    }

    /// Scores every finished hand and deals the next until a hand is in play or the game is
    /// over (a hand can end at once by C-19).
    fn settle(&mut self) {
        while !self.over && self.state.current_player().is_none() {
            let st = &self.state;
            let scores = st.hand_scores();
            for (t, s) in self.totals.iter_mut().zip(&scores) {
                *t += s;
            }
            self.history.push(RummyHandRecord {
                dealer: st.dealer(),
                hand_scores: scores,
                totals: self.totals.clone(),
                went_out: st.went_out(),
            });
            let r = &self.rules;
            let hard_stop = r
                .max_hands
                .is_some_and(|m| self.history.len() >= m as usize);
            if hard_stop || self.totals.iter().any(|&t| t >= r.target) {
                let best = self.totals.iter().copied().max().unwrap_or(0);
                let tied: Vec<u8> = (0..r.players)
                    .filter(|&s| self.totals[usize::from(s)] == best)
                    .collect();
                if tied.len() == 1 || r.tie == Tie::Share || hard_stop {
                    self.over = true;
                    self.winners = tied;
                    return;
                }
            }
            let h = self.history.len() as u64;
            self.state = Self::deal_hand(
                &self.rules,
                &mut self.rng,
                self.first_dealer,
                h,
                &self.deals,
                &self.totals,
            );
        }
    }

    /// Applies a legal action to the current hand.
    pub fn try_apply(&mut self, a: &Action) -> Result<(), String> {
        if self.over {
            return Err("the game is over".into());
        }
        self.state.try_apply(a)?;
        self.settle();
        Ok(())
    }

    /// Applies an action known to be legal.
    pub fn apply_unchecked(&mut self, a: &Action) {
        self.state.apply_unchecked(a);
        self.settle();
    }

    /// The rules.
    pub const fn rules(&self) -> &RummyRules {
        &self.rules
    }
    /// The current hand (the last one once over).
    pub const fn state(&self) -> &RummyState {
        &self.state
    }
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.over
    }
    /// Running totals.
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }
    /// Completed hands.
    pub fn history(&self) -> &[RummyHandRecord] {
        &self.history
    }
    /// The winners (empty while not over).
    pub fn winners(&self) -> &[u8] {
        &self.winners
    }
}
