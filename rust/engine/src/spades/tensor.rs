//! The tensors a learner reads (docs/environments.md): the action space of Spades, the
//! legal-action mask, and the encodings of what one seat sees, written from a
//! [`SpadesView`] so that a single position ([`SpadesInfo`]) and the vector environment
//! ([`super::env`]) encode through the same code.

use super::info::SpadesInfo;
use super::rules::SpadesRules;
use super::state::{Bid, Phase};
use crate::core::{Card, CardSet};

/// What one seat sees of a Spades hand: the input of every encoding. Everything in it is
/// known to `seat`.
#[derive(Clone, Copy, Debug)]
pub struct SpadesView<'a> {
    /// The rules.
    pub rules: &'a SpadesRules,
    /// The observing seat.
    pub seat: u8,
    /// The dealer.
    pub dealer: u8,
    /// Where the hand is.
    pub phase: Phase,
    /// The seat to act, `None` once the hand is over.
    pub to_move: Option<u8>,
    /// The seat's hand now.
    pub hand: CardSet,
    /// Each seat's face-up cards as dealt (`face_up_first_four`; empty otherwise).
    pub face_up: [CardSet; 4],
    /// The bids made so far.
    pub bids: [Option<Bid>; 4],
    /// Bit `s`: seat `s` claimed a redeal of a deficient hand this hand (B.3).
    pub claimed: u8,
    /// Every card played this hand, in order, with its seat.
    pub plays: &'a [(u8, Card)],
    /// Tricks taken per seat.
    pub tricks_taken: [u8; 4],
    /// Team totals before the hand.
    pub totals: [i64; 2],
    /// Team bag counters before the hand.
    pub bags: [i64; 2],
}

impl<'a> SpadesView<'a> {
    /// The view of an observation.
    pub fn of_info(info: &'a SpadesInfo) -> SpadesView<'a> {
        SpadesView {
            rules: &info.rules,
            seat: info.seat,
            dealer: info.dealer,
            phase: info.phase,
            to_move: info.to_move,
            hand: info.hidden.known[usize::from(info.seat)],
            face_up: info.face_up,
            bids: info.bids,
            claimed: info.claims.iter().fold(0, |m, &(s, _)| m | 1 << s),
            plays: &info.plays,
            tricks_taken: info.tricks_taken,
            totals: info.totals,
            bags: info.bags,
        }
    }
}
