//! The Hearts family (*la dame de pic*, Corazones, Francesa, Jota de diamantes): RULES.md §A.

mod game;
mod rules;
mod state;
mod text;

pub use crate::text_common::TextError;
pub use game::{HandResult, HeartsGame, CHIP_UNIT};
pub use rules::{
    ChipsEnd, DeckAdjust, FirstLead, HandDirection, HeartsPreset, HeartsRules, Moon, PassCount,
    PassDirection, PassTable, RulesError, Scoring, Tie, MAX_AVOID_BONUS, MAX_PARAM,
};
pub(crate) use state::RANDOM_DIRECTIONS;
pub use state::{
    deal_random, deal_random_with, resolve_direction, DealError, HeartsState, PassError, Phase,
    PlayError, MAX_PLAYERS, MAX_TRICKS,
};
pub use text::{rules_from_text, rules_to_text, Action, HandLog};
