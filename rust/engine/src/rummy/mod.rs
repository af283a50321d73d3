//! Rummy "La Dame de Pique" (docs/rules/rummy.md): two decks and four jokers, melds, the pile rule,
//! the Q♠ rules and the blocked player.

mod game;
mod meld;
pub mod policy;
mod position;
mod rules;
pub mod sim;
mod state;
mod text;

pub use game::{RummyDeal, RummyGame, RummyHandRecord};
pub use meld::{
    all_melds, card_at, card_usable, card_value, is_deck_meld, is_valid_meld, meld_kind,
    meld_value, melds_with, rank_of, suit_of, usable_cards, MeldKind, Multiset, IDS, JOKER,
    QUEEN_OF_SPADES,
};
pub use position::{check_position, PositionError};
pub use rules::{RummyRules, StockExhausted, MAX_HAND_SIZE, MAX_PARAM, MAX_TOTAL};
pub use state::{
    candidate_fits, check_deal, check_totals, lay_off_candidates, lay_off_result, Action,
    ActionError, DealError, End, Meld, Phase, RummyState, TotalsError,
};
pub use text::{action_token, event_token, Event, RummyLog};
