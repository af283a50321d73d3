//! # hearts-engine
//!
//! Bitboard engines for trick-taking card games: the Hearts family (RULES.md §A) and Spades
//! (§B). The crate
//! knows nothing about Python; the `hearts-fast-py` crate binds it.
//!
//! ```
//! use hearts_engine::{Rng, hearts::{HeartsRules, HeartsState, Phase}};
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

mod card;
mod card_set;
pub mod hearts;
mod options;
pub mod perft;
mod rng;
pub mod rummy;
pub mod sim;
pub mod spades;
pub mod text_common;
mod trick;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use card_set::{CardSet, IntoIter, Subsets};
pub use rng::{mix64, Rng};
pub use trick::{Trick, MAX_TRICK_CARDS};
