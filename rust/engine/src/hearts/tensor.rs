//! The tensors a learner reads (docs/environments.md): the action space of Hearts, the
//! legal-action mask, and the encodings of what one seat sees, written from a
//! [`HeartsView`] so that a single position ([`HeartsInfo`]) and the vector environment
//! ([`super::env`]) encode through the same code.

use super::info::HeartsInfo;
use super::rules::{HandDirection, HeartsRules};
use super::state::{Phase, MAX_PLAYERS};
use crate::core::{Card, CardSet};

/// What one seat sees of a Hearts hand: the input of every encoding. Everything in it is
/// known to `seat`.
#[derive(Clone, Copy, Debug)]
pub struct HeartsView<'a> {
    /// The rules.
    pub rules: &'a HeartsRules,
    /// The observing seat.
    pub seat: u8,
    /// The dealer.
    pub dealer: u8,
    /// The hand's pass direction.
    pub direction: HandDirection,
    /// Where the hand is.
    pub phase: Phase,
    /// The seat to act, `None` once the hand is over.
    pub to_move: Option<u8>,
    /// Cards each seat passes this hand.
    pub pass_count: u8,
    /// The seat's hand as dealt.
    pub dealt: CardSet,
    /// The seat's hand now (before the pass is made: the dealt hand).
    pub hand: CardSet,
    /// The cards chosen so far for a pass made one card at a time (the environments;
    /// empty for a single position).
    pub selected: CardSet,
    /// The cards the seat passed, once it has passed.
    pub passed: CardSet,
    /// The seat that received them, once every pass is made.
    pub passed_to: Option<u8>,
    /// The cards the seat received, once every pass is made.
    pub received: CardSet,
    /// The seat they came from.
    pub received_from: Option<u8>,
    /// Bit `s`: seat `s` has made its pass-phase decision.
    pub decided: u8,
    /// Bit `s`: seat `s` declared FORWARD.
    pub forwarded: u8,
    /// Every card played this hand, in order, with its seat.
    pub plays: &'a [(u8, Card)],
    /// Penalty points taken per seat.
    pub points: [u32; MAX_PLAYERS],
    /// Tricks taken per seat.
    pub tricks_taken: [u8; MAX_PLAYERS],
    /// The game's totals before the hand, per seat (empty for a hand on its own).
    pub totals: &'a [i64],
    /// Whether hearts are broken.
    pub broken: bool,
}

impl<'a> HeartsView<'a> {
    /// The view of an observation.
    pub fn of_info(info: &'a HeartsInfo) -> HeartsView<'a> {
        let n = usize::from(info.rules.players);
        let mut tricks_taken = [0u8; MAX_PLAYERS];
        for &w in &info.trick_winners {
            tricks_taken[usize::from(w)] += 1;
        }
        // Hearts are broken once a completed trick holds a heart (or Q♠ under
        // `queen_breaks_hearts`).
        let done = info.plays.len() - info.trick.len();
        let mut breakers = CardSet::HEARTS;
        if info.rules.queen_breaks_hearts {
            breakers.insert(Card::QUEEN_OF_SPADES);
        }
        let broken = info.plays[..done].iter().any(|&(_, c)| breakers.contains(c));
        let _ = n;
        HeartsView {
            rules: &info.rules,
            seat: info.seat,
            dealer: info.dealer,
            direction: info.direction,
            phase: info.phase,
            to_move: info.to_move,
            pass_count: info.pass_count,
            dealt: info.dealt,
            hand: info.hand(),
            selected: CardSet::EMPTY,
            passed: info.passed,
            passed_to: info.passed_to,
            received: info.received,
            received_from: info.received_from,
            decided: info.decided,
            forwarded: info.forwarded,
            plays: &info.plays,
            points: info.points,
            tricks_taken,
            totals: &info.totals,
            broken,
        }
    }
}
