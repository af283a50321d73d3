//! The tensors a learner reads (docs/environments.md): the action space of Spades, the
//! legal-action mask, and the encodings of what one seat sees, written from a
//! [`SpadesView`] so that a single position ([`SpadesInfo`]) and the vector environment
//! ([`super::env`]) encode through the same code.

// Tensor elements are small counts and flags; totals beyond 2^24 lose their last digits.
#![allow(clippy::cast_precision_loss)]

use super::info::SpadesInfo;
use super::rules::{Bemo, SpadesRules};
use super::state::{Bid, Phase};
use crate::core::{Card, CardSet};
use crate::env::{relative, Kind, Layout, Writer};

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

/// The first card action: a card id `0..54` (the jokers are 52 and 53).
pub const CARDS: usize = 54;
/// Action `BID + n`: bid `n` tricks (`n` 0..=13; 0 is a nil where the rules have nil).
pub const BID: usize = 54;
/// The action "bid blind nil" (B.3).
pub const BLIND_NIL: usize = 68;
/// The action "show a deficient hand and claim a redeal" (B.3 `deficient_hand`).
pub const CLAIM: usize = 69;
/// Action `LITTLE_BEMO + n`: bid `n` and declare LITTLE (B.3 #9).
pub const LITTLE_BEMO: usize = 70;
/// Action `BIG_BEMO + n`: bid `n` and declare BIG (B.3 #9).
pub const BIG_BEMO: usize = 84;
/// The size of the action space.
pub const ACTIONS: usize = 98;
/// Plays the history of the information-state tensor has room for.
pub const HISTORY: usize = 52;
/// Elements per seat in the `bids` field.
const BID_WIDTH: usize = 19;

/// The fields of the compact tensors: name and width, in order (docs/environments.md).
/// Seat fields are relative: element `i` is the seat `i` places to the observer's left (0
/// the observer, 2 its partner); team fields are the observer's team first.
pub fn fields(kind: Kind) -> Vec<(&'static str, usize)> {
    let mut f = vec![
        ("hand", CARDS),
        ("played", 4 * CARDS),
        ("trick", 4 * CARDS),
        ("leader", 4),
        ("tricks_taken", 4),
        ("showed_out", 4 * 4),
        ("bids", 4 * BID_WIDTH),
        ("face_up", 4 * CARDS),
        ("claimed", 4),
        ("phase", 3),
        ("to_move", 4),
        ("dealer", 4),
        ("totals", 2),
        ("bags", 2),
    ];
    if kind == Kind::InfoState {
        f.push(("history", HISTORY * (CARDS + 4)));
    }
    f
}

/// The length of a compact tensor (the sum of [`fields`]).
pub const fn size(kind: Kind) -> usize {
    let observation = CARDS * (1 + 4 + 4 + 4) + 4 + 4 + 16 + 4 * BID_WIDTH + 4 + 3 + 4 + 4 + 4;
    match kind {
        Kind::Observation => observation,
        Kind::InfoState => observation + HISTORY * (CARDS + 4),
    }
}

/// The length of the tensor `kind`/`layout`, or why there is none.
pub fn tensor_size(kind: Kind, layout: Layout) -> Result<usize, String> {
    match (layout, kind) {
        (Layout::Compact, _) => Ok(size(kind)),
        (Layout::OpenSpiel, Kind::Observation) => Ok(super::openspiel::OBSERVATION_SIZE),
        (Layout::OpenSpiel, Kind::InfoState) => Err(
            "OpenSpiel's spades has an observation tensor only: use kind=\"observation\" \
             with layout=\"openspiel\""
                .into(),
        ),
    }
}

/// The suit index of a card (0 clubs, 1 diamonds, 2 hearts, 3 spades; the jokers are
/// spades, B.3 #5).
#[inline]
fn suit_of(c: Card) -> usize {
    usize::from(c.id() / 13).min(3)
}

/// Writes the tensor `kind`/`layout` of `view` into `out` (exactly [`tensor_size`] long).
pub fn encode(
    view: &SpadesView<'_>,
    kind: Kind,
    layout: Layout,
    out: &mut [f32],
) -> Result<(), String> {
    let expected = tensor_size(kind, layout)?;
    if out.len() != expected {
        return Err(format!(
            "the tensor needs {expected} elements, the buffer has {}",
            out.len()
        ));
    }
    if layout == Layout::OpenSpiel {
        return super::openspiel::observation_tensor(view, out);
    }
    let me = view.seat;
    let rel = |s: u8| relative(s, me, 4);
    let abs = |r: usize| (usize::from(me) + r) % 4;
    let mut played = [CardSet::EMPTY; 4];
    let mut trick = [CardSet::EMPTY; 4];
    let mut showed = [0u8; 4];
    let done = view.plays.len() / 4 * 4;
    for (i, &(p, c)) in view.plays.iter().enumerate() {
        let r = rel(p);
        played[r].insert(c);
        let lead = view.plays[i / 4 * 4].1;
        if suit_of(c) != suit_of(lead) {
            showed[r] |= 1 << suit_of(lead);
        }
        if i >= done {
            trick[r].insert(c);
        }
    }
    let leader = view.plays.get(done).map(|&(p, _)| rel(p));
    let mut w = Writer::new(out);
    w.cards(view.hand, CARDS);
    for set in played {
        w.cards(set, CARDS);
    }
    for set in trick {
        w.cards(set, CARDS);
    }
    w.one_hot(leader, 4);
    for r in 0..4 {
        w.value(f32::from(view.tricks_taken[abs(r)]));
    }
    for s in showed {
        w.bits(u64::from(s), 4);
    }
    for r in 0..4 {
        match view.bids[abs(r)] {
            Some(b) => {
                w.value(1.0);
                w.one_hot(Some(usize::from(b.value)), 14);
                w.value(f32::from(u8::from(b.nil)));
                w.value(f32::from(u8::from(b.blind)));
                w.value(f32::from(u8::from(b.bemo == Some(Bemo::Little))));
                w.value(f32::from(u8::from(b.bemo == Some(Bemo::Big))));
            }
            None => w.zeros(BID_WIDTH),
        }
    }
    for r in 0..4 {
        w.cards(view.face_up[abs(r)], CARDS);
    }
    w.bits(
        (0..4).fold(0u64, |m, r| m | u64::from(view.claimed >> abs(r) & 1) << r),
        4,
    );
    let phase = match view.phase {
        Phase::Bid => 0,
        Phase::Play => 1,
        Phase::Over => 2,
    };
    w.one_hot(Some(phase), 3);
    w.one_hot(view.to_move.map(rel), 4);
    w.one_hot(Some(rel(view.dealer)), 4);
    let us = usize::from(me & 1);
    w.value(view.totals[us] as f32);
    w.value(view.totals[1 - us] as f32);
    w.value(view.bags[us] as f32);
    w.value(view.bags[1 - us] as f32);
    if kind == Kind::InfoState {
        for i in 0..HISTORY {
            match view.plays.get(i) {
                Some(&(p, c)) => {
                    w.one_hot(Some(usize::from(c.id())), CARDS);
                    w.one_hot(Some(rel(p)), 4);
                }
                None => w.zeros(CARDS + 4),
            }
        }
    }
    w.finish()
}

/// The legal actions of the seat to act in `s`, bit `a` for action `a`: its bids (with
/// blind nil, a redeal claim and the bemos where allowed) or its legal plays.
pub fn legal_mask(s: &super::SpadesState) -> u128 {
    let Some(seat) = s.current_player() else {
        return 0;
    };
    match s.phase() {
        Phase::Bid => {
            let bids = u128::from(s.legal_bids());
            let mut m = bids << BID;
            if s.can_bid_blind() {
                m |= 1 << BLIND_NIL;
            }
            if s.check_claim(seat).is_ok() {
                m |= 1 << CLAIM;
            }
            if s.can_bemo() {
                m |= bids << LITTLE_BEMO | bids << BIG_BEMO;
            }
            m
        }
        Phase::Play => u128::from(s.legal_plays().0),
        Phase::Over => 0,
    }
}

impl SpadesInfo {
    /// The tensor `kind`/`layout` of this observation.
    pub fn tensor(&self, kind: Kind, layout: Layout) -> Result<Vec<f32>, String> {
        let mut out = vec![0.0; tensor_size(kind, layout)?];
        encode(&SpadesView::of_info(self), kind, layout, &mut out)?;
        Ok(out)
    }
}
