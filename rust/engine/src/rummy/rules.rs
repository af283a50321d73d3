//! The rummy parameters (docs/rules/rummy.md C.1) and their validation.

use crate::core::{RulesError, Tie};
use crate::option_enum;

option_enum! {
    /// `stock_exhausted` (C-19).
    StockExhausted { Reshuffle = "reshuffle", EndHand = "end_hand" }
}

pub use crate::core::rules::{MAX_PARAM, MAX_TOTAL};
/// Largest `hand_size` (an engine limit).
pub const MAX_HAND_SIZE: u8 = 20;

crate::rules! {
    /// Every parameter of docs/rules/rummy.md C.1, in that order, with C.1's defaults.
    pub struct RummyRules {
        /// `players` (C-1).
        players: u8 = 4 => [2, 6],
        /// `hand_size` (C-3).
        hand_size: u8 = 14 => [1, MAX_HAND_SIZE],
        /// `opening_min` (C-11).
        opening_min: i64 = 30 => [0, MAX_PARAM],
        /// `q_spades_value` (C-15).
        q_spades_value: i64 = 150 => [0, MAX_PARAM],
        /// `joker_value` (C-20).
        joker_value: i64 = 50 => [0, MAX_PARAM],
        /// `max_jokers_per_meld` (C-8): 1, or `unlimited` (at least 2 naturals always).
        max_jokers_per_meld: Option<u8> = Some(1) => [1, 1] or "unlimited",
        /// `initial_upcard` (C-4).
        initial_upcard: bool = true,
        /// `stock_exhausted` (C-19).
        stock_exhausted: StockExhausted = StockExhausted::Reshuffle,
        /// `max_turns_per_hand` (an engine limit on a hand's length).
        max_turns_per_hand: u32 = 1000 => [1, MAX_PARAM],
        /// `target` (C-21).
        target: i64 = 1000 => [1, MAX_PARAM],
        /// `tie` (0.6).
        tie: Tie = Tie::PlayOn,
        /// `max_hands`.
        max_hands: Option<u32> = None => [1, MAX_PARAM],
    }
}

impl RummyRules {
    /// Checks ranges (C.1 and the engine limits).
    pub fn validate(&self) -> Result<(), RulesError> {
        let err = |s: String| Err(RulesError(s));
        if !(2..=6).contains(&self.players) {
            return err(format!("players must be 2..=6 (C-1), got {}", self.players));
        }
        self.check_ranges()?;
        if u32::from(self.players) * u32::from(self.hand_size) + 1 > 108 {
            return err(format!(
                "players × hand_size + 1 must be at most 108 (the deck), got {} × {} + 1",
                self.players, self.hand_size
            ));
        }
        Ok(())
    }
}
