//! The Hearts family (*la dame de pic*, Corazones, Francesa, Jota de diamantes): the rules
//! of `docs/rules/hearts.md` (§A).

pub mod env;
mod game;
pub mod info;
pub mod openspiel;
pub mod policy;
mod rules;
pub mod sim;
pub mod solve;
mod state;
pub mod tensor;
mod text;

pub use crate::core::text::TextError;
pub use game::{hand_dealer, HandResult, HeartsGame, ScoresError, CHIP_UNIT, MAX_AMOUNT};
pub use rules::{
    ChipsEnd, DeckAdjust, FirstLead, HandDirection, HeartsPreset, HeartsRules, Moon, PassCount,
    PassDirection, PassTable, Scoring, MAX_AVOID_BONUS, MAX_PARAM,
};
pub(crate) use state::RANDOM_DIRECTIONS;
pub use state::{
    deal_random, deal_random_with, resolve_direction, ActionError, DealError, HeartsState,
    PassError, Phase, PlayError, MAX_PLAYERS, MAX_TRICKS,
};
pub use text::{rules_from_text, rules_to_text, Action, HandLog};
