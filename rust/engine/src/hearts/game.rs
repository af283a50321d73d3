//! [`HeartsGame`]: a sequence of hands scored under the rules' system until the end rule
//! (docs/rules/hearts.md A-22..A-25, docs/rules/README.md 0.6, 0.7).

use super::rules::{ChipsEnd, HandDirection, HeartsRules, Moon, Scoring};
use super::state::{resolve_direction, HeartsState, PassError, Phase, PlayError, MAX_PLAYERS};
use super::text::{Action, HandLog};
use crate::core::Card;
use crate::core::CardSet;
use crate::core::Rng;
use crate::core::Tie;

/// Chips are kept exactly in units of 1/60 chip: every split of A-24 divides a whole pot
/// by at most 6 players, and 60 is divisible by 1..=6.
pub const CHIP_UNIT: i64 = 60;

/// What one completed hand contributed.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct HandResult {
    /// pen_i per seat.
    pub points: [u32; MAX_PLAYERS],
    /// h_i per seat (A-21 and `avoid_all_tricks_bonus`).
    pub hand_scores: [i32; MAX_PLAYERS],
    /// The moon shooter, if any.
    pub moon_shooter: Option<u8>,
}

/// A whole game of the Hearts family.
#[derive(Clone, Debug)]
pub struct HeartsGame {
    rules: HeartsRules,
    first_dealer: u8,
    rng: Rng,
    deals: Vec<[CardSet; MAX_PLAYERS]>,
    directions: Vec<HandDirection>,
    totals: [i64; MAX_PLAYERS],
    pot: i64,
    history: Vec<HandResult>,
    winners: u8,
    over: bool,
    current: HeartsState,
    log: HandLog,
}

impl HeartsGame {
    /// A new game; hand `h` uses `deals[h]` and `directions[h]` when given (the deals
    /// must be valid: see [`HeartsState::from_deal`]), else draws from `seed`.
    pub fn new(
        rules: &HeartsRules,
        seed: u64,
        first_dealer: u8,
        deals: Vec<[CardSet; MAX_PLAYERS]>,
        directions: Vec<HandDirection>,
    ) -> HeartsGame {
        let start = if rules.scoring == Scoring::Chips {
            i64::from(rules.starting_chips) * CHIP_UNIT
        } else {
            0
        };
        let mut g = HeartsGame {
            rules: *rules,
            first_dealer: first_dealer % rules.players,
            rng: Rng::new(seed),
            deals,
            directions,
            totals: [start; MAX_PLAYERS],
            pot: 0,
            history: Vec::new(),
            winners: 0,
            over: false,
            current: HeartsState::deal(rules, 0, 0, &mut Rng::new(0)),
            log: HandLog::new(HeartsState::deal(rules, 0, 0, &mut Rng::new(0))),
        };
        g.current = g.deal_hand(0);
        g.log = HandLog::new(g.current);
        g
    }

    fn deal_hand(&mut self, h: usize) -> HeartsState {
        let r = &self.rules;
        let dealer = ((usize::from(self.first_dealer) + h) % usize::from(r.players)) as u8;
        let given = self.directions.get(h).copied();
        let direction = resolve_direction(r, h as u64, given, &mut self.rng)
            .or_else(|_| resolve_direction(r, h as u64, None, &mut self.rng))
            .unwrap_or(HandDirection::Hold);
        match self.deals.get(h) {
            Some(hands) => HeartsState::new_unchecked(r, *hands, dealer, h as u64, direction),
            None => {
                let hands = super::state::deal_random(r, dealer, &mut self.rng);
                HeartsState::new_unchecked(r, hands, dealer, h as u64, direction)
            }
        }
    }

    /// A new game dealing every hand from `rng`, with no injected deals.
    pub fn with_rng(rules: &HeartsRules, rng: Rng, first_dealer: u8) -> HeartsGame {
        let mut g = HeartsGame::new(rules, 0, first_dealer, Vec::new(), Vec::new());
        g.rng = rng;
        g.current = g.deal_hand(0);
        g.log = HandLog::new(g.current);
        g
    }

    /// Plays the current hand to its end with `play` (which must leave it over), then scores
    /// it and deals the next. The hand's actions are not logged.
    pub fn complete_hand(&mut self, play: impl FnOnce(&mut HeartsState)) {
        if self.over {
            return;
        }
        play(&mut self.current);
        if self.current.phase() == Phase::Over {
            self.finish_hand();
        }
    }

    /// Resumes from a score sheet: totals per seat (points, or chips in 1/60 units) and the
    /// chips in the pot (1/60 units). Only before the first hand is scored.
    pub fn set_scores(&mut self, totals: &[i64], pot: i64) {
        for (t, v) in self.totals.iter_mut().zip(totals) {
            *t = *v;
        }
        self.pot = pot;
    }

    /// The rules.
    pub const fn rules(&self) -> &HeartsRules {
        &self.rules
    }
    /// The hand being played (the last hand once the game is over).
    pub const fn current(&self) -> &HeartsState {
        &self.current
    }
    /// The current hand's deal and actions (its text form).
    pub const fn log(&self) -> &HandLog {
        &self.log
    }
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.over
    }
    /// Completed hands.
    pub fn hands_played(&self) -> usize {
        self.history.len()
    }
    /// Results of the completed hands.
    pub fn history(&self) -> &[HandResult] {
        &self.history
    }
    /// Totals per seat: points, or chips in 1/60 units ([`CHIP_UNIT`]).
    pub fn totals(&self) -> &[i64] {
        &self.totals[..usize::from(self.rules.players)]
    }
    /// The chip pot in 1/60 units (0 outside chips).
    pub const fn pot(&self) -> i64 {
        self.pot
    }
    /// Bit mask of the winners (0 while the game goes on).
    pub const fn winners(&self) -> u8 {
        self.winners
    }
    /// The phase of the current hand, or `Over` when the game is over.
    pub fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else {
            self.current.phase()
        }
    }

    /// Plays a card in the current hand; scores the hand and deals the next when it ends.
    pub fn try_play(&mut self, card: Card) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::WrongPhase(Phase::Over));
        }
        self.current.try_play(card)?;
        self.after_action(Action::Play(card));
        Ok(())
    }

    /// Passes for a seat in the current hand.
    pub fn pass_cards(&mut self, seat: u8, cards: CardSet) -> Result<(), PassError> {
        if self.over {
            return Err(PassError::WrongPhase(Phase::Over));
        }
        self.current.pass_cards(seat, cards)?;
        self.after_action(Action::Pass(seat, cards));
        Ok(())
    }

    /// Forwards for a seat in the current hand.
    pub fn forward(&mut self, seat: u8) -> Result<(), PassError> {
        if self.over {
            return Err(PassError::WrongPhase(Phase::Over));
        }
        self.current.forward(seat)?;
        self.after_action(Action::Forward(seat));
        Ok(())
    }

    fn after_action(&mut self, action: Action) {
        self.log.actions.push(action);
        if self.current.phase() == Phase::Over {
            self.finish_hand();
        }
    }

    /// Scores the finished current hand (A-22..A-24), runs the end test (A-25, 0.6, 0.7)
    /// and deals the next hand unless the game is over.
    fn finish_hand(&mut self) {
        let r = self.rules;
        let n = usize::from(r.players);
        let s = &self.current;
        let result = HandResult {
            points: s.points(),
            hand_scores: s.hand_scores(),
            moon_shooter: s.moon_shooter(),
        };
        match r.scoring {
            Scoring::Positive => {
                (0..n).for_each(|i| self.totals[i] += i64::from(result.hand_scores[i]));
            }
            Scoring::Negative => {
                (0..n).for_each(|i| self.totals[i] -= i64::from(result.hand_scores[i]));
            }
            Scoring::Chips => self.pay_chips(&result),
        }
        self.history.push(result);
        let t = &self.totals[..n];
        let ended = match r.scoring {
            Scoring::Positive => t.iter().any(|&x| x >= i64::from(r.target)),
            Scoring::Negative => t.iter().any(|&x| x <= -i64::from(r.target)),
            Scoring::Chips => r.chips_end == ChipsEnd::Bust && t.iter().any(|&x| x <= 0),
        };
        let capped = r
            .max_hands
            .is_some_and(|m| self.history.len() >= m as usize);
        if ended || capped {
            let best = match r.scoring {
                Scoring::Positive => t.iter().copied().min(),
                _ => t.iter().copied().max(),
            }
            .unwrap_or(0);
            let mask = (0..n)
                .filter(|&i| t[i] == best)
                .fold(0u8, |m, i| m | 1 << i);
            if capped || r.tie == Tie::Share || mask.is_power_of_two() {
                self.over = true;
                self.winners = mask;
                return;
            }
        }
        self.current = self.deal_hand(self.history.len());
        self.log = HandLog::new(self.current);
    }

    /// A-24 with exact 1/60 units.
    fn pay_chips(&mut self, result: &HandResult) {
        let n = usize::from(self.rules.players);
        let v = i64::from(self.rules.total_penalty()) * CHIP_UNIT;
        match result.moon_shooter {
            Some(s) if self.rules.moon != Moon::None => {
                for i in (0..n).filter(|&i| i != usize::from(s)) {
                    self.totals[i] -= v;
                    self.totals[usize::from(s)] += v;
                }
            }
            _ => {
                for i in 0..n {
                    let paid = i64::from(result.points[i]) * CHIP_UNIT;
                    self.totals[i] -= paid;
                    self.pot += paid;
                }
                let clean: Vec<usize> = (0..n).filter(|&i| result.points[i] == 0).collect();
                if !clean.is_empty() {
                    let share = self.pot / clean.len() as i64;
                    for i in clean {
                        self.totals[i] += share;
                    }
                    self.pot = 0;
                }
            }
        }
    }
}
