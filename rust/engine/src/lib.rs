//! # hearts-engine
//!
//! Bitboard engines for card games: the Hearts family (docs/rules/hearts.md), Spades
//! (docs/rules/spades.md) and the rummy "La Dame de Pique" (docs/rules/rummy.md). The crate
//! knows nothing about Python; the `hearts-fast-py` crate binds it.
//!
//! - [`core`]: everything game-agnostic (cards, card sets, seats, the trick and its mask
//!   kernel, the RNG with batch seeding, run-time chosen bit instructions, shared errors).
//! - [`batch`]: the batch framework every game's simulator runs on (thread pool, blocks,
//!   deterministic `(seed, index)` seeding).
//! - [`hearts`], [`spades`], [`rummy`]: one folder per game with the same module set
//!   (`rules`, `state`, `game`, `text`, `policy`, `sim`, and `solve` for the two trick
//!   games); no game uses another.
//! - [`solve`]: the exact open-hand solver of the trick games, on their `solve` problems.
//!
//! ```
//! use hearts_engine::{hearts::{HeartsRules, HeartsState, Phase}, Rng};
//!
//! let rules = HeartsRules::default();
//! let mut rng = Rng::new(42);
//! let mut state = HeartsState::deal(&rules, 0, 0, &mut rng);
//! for seat in 0..4 {
//!     let cards = state.hands()[seat].into_iter().take(4).collect();
//!     state.pass_cards(seat as u8, cards).unwrap();
//! }
//! while state.phase() == Phase::Play {
//!     let legal = state.legal_plays();
//!     state.play_unchecked(legal.nth(rng.below(legal.count())).unwrap());
//! }
//! assert_eq!(state.points().iter().sum::<u32>(), 26);
//! ```
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

pub mod arena;
pub mod batch;
pub mod core;
pub mod env;
pub mod hearts;
pub mod info;
pub mod perft;
pub mod rummy;
pub mod search;
pub mod solve;
pub mod spades;

pub use crate::core::{
    mix64, policy_rng, policy_seed, BitOps, Bmi2, BySeat, Card, CardSet, IntoIter, ParseCardError,
    Portable, Rank, Rng, RulesError, Seat, Subsets, Suit, TextError, Tie, Trick, TrickTaking,
    MAX_TRICK_CARDS,
};
