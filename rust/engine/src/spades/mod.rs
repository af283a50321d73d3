//! Spades ("Picas"): docs/rules/spades.md, every variant of B.3 and the B.6 preset, on the shared
//! card, card-set and trick core. The jokers are card ids 52 (Little) and 53 (Big).

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

pub use game::{HandRecord, SpadesGame};
pub use rules::{
    Bemo, Boston, DeficientHand, FirstLead, NilTricks, Renege, SetPenalty, SpadesPreset,
    SpadesRules, MAX_PARAM, MAX_TOTAL,
};
pub use state::{
    check_deal, deal_random, is_deficient, legal_bid_mask, score_hand, suit_cards, team_of, Bid,
    BidError, ClaimError, Deal, DealError, HandScore, Phase, PlayError, ScoresError, SpadesState,
    TRICKS,
};
pub use text::RedealSource;
