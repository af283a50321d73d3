//! The game-agnostic core every game of the crate is built on: the card vocabulary
//! ([`Card`], [`Suit`], [`Rank`], [`CardSet`]), seats ([`Seat`], [`BySeat`]), the trick
//! ([`Trick`] and the mask kernel of [`kernel`]), the random number generator with batch
//! seeding, bit instructions chosen soundly at run time ([`BitOps`]), the shared rule
//! option [`Tie`], and the typed errors.
//!
//! Nothing here knows a game: the games (`hearts`, `spades`, `rummy`) are siblings that use
//! this module and never each other.

mod bits;
mod card;
mod card_set;
mod error;
mod game;
pub mod kernel;
pub(crate) mod options;
mod rng;
pub mod rules;
mod seat;
pub mod text;
mod trick;

pub use bits::{BitOps, Bmi2, Portable};
pub use card::{Card, ParseCardError, Rank, Suit};
pub use card_set::{CardSet, IntoIter, Subsets};
pub use error::{RulesError, Tie};
pub use game::TrickTaking;
pub use rng::{mix64, policy_rng, policy_seed, Rng};
pub use seat::{BySeat, Seat};
pub use text::TextError;
pub use trick::{Trick, MAX_TRICK_CARDS};
