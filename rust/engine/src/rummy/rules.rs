//! The rummy parameters (docs/rules/rummy.md C.1) and their validation.

use crate::core::{RulesError, Tie};
use crate::option_enum;

option_enum! {
    /// `stock_exhausted` (C-19).
    StockExhausted { Reshuffle = "reshuffle", EndHand = "end_hand" }
}

/// Largest integer parameter (an engine limit).
pub const MAX_PARAM: i64 = 1_000_000;
/// Largest `hand_size` (an engine limit).
pub const MAX_HAND_SIZE: u8 = 20;

/// Every parameter of docs/rules/rummy.md C.1.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[allow(missing_docs)]
pub struct RummyRules {
    pub players: u8,
    pub hand_size: u8,
    pub opening_min: i64,
    pub q_spades_value: i64,
    pub joker_value: i64,
    /// `None` = `unlimited` (at least 2 naturals always).
    pub max_jokers_per_meld: Option<u8>,
    pub initial_upcard: bool,
    pub stock_exhausted: StockExhausted,
    pub max_turns_per_hand: u32,
    pub target: i64,
    pub tie: Tie,
    pub max_hands: Option<u32>,
}

impl Default for RummyRules {
    fn default() -> Self {
        RummyRules {
            players: 4,
            hand_size: 14,
            opening_min: 30,
            q_spades_value: 150,
            joker_value: 50,
            max_jokers_per_meld: Some(1),
            initial_upcard: true,
            stock_exhausted: StockExhausted::Reshuffle,
            max_turns_per_hand: 1000,
            target: 1000,
            tie: Tie::PlayOn,
            max_hands: None,
        }
    }
}

impl RummyRules {
    /// Checks ranges (C.1 and the engine limits).
    pub fn validate(&self) -> Result<(), RulesError> {
        let err = |s: String| Err(RulesError(s));
        if !(2..=6).contains(&self.players) {
            return err(format!("players must be 2..=6 (C-1), got {}", self.players));
        }
        if self.hand_size < 1 || self.hand_size > MAX_HAND_SIZE {
            return err(format!(
                "hand_size must be 1..={MAX_HAND_SIZE}, got {}",
                self.hand_size
            ));
        }
        if u32::from(self.players) * u32::from(self.hand_size) + 1 > 108 {
            return err(format!(
                "players × hand_size + 1 must be at most 108 (the deck), got {} × {} + 1",
                self.players, self.hand_size
            ));
        }
        for (name, v, min) in [
            ("opening_min", self.opening_min, 0),
            ("q_spades_value", self.q_spades_value, 0),
            ("joker_value", self.joker_value, 0),
            ("target", self.target, 1),
        ] {
            if v < min || v > MAX_PARAM {
                return err(format!("{name} must be {min}..={MAX_PARAM}, got {v}"));
            }
        }
        if self.max_jokers_per_meld.is_some_and(|m| m != 1) {
            return err("max_jokers_per_meld must be 1 or \"unlimited\"".into());
        }
        if self.max_turns_per_hand < 1 || i64::from(self.max_turns_per_hand) > MAX_PARAM {
            return err(format!(
                "max_turns_per_hand must be 1..={MAX_PARAM}, got {}",
                self.max_turns_per_hand
            ));
        }
        if let Some(h) = self.max_hands {
            if h < 1 || i64::from(h) > MAX_PARAM {
                return err(format!(
                    "max_hands must be None or 1..={MAX_PARAM}, got {h}"
                ));
            }
        }
        Ok(())
    }
}
