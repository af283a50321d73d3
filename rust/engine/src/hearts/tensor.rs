//! The tensors a learner reads (docs/environments.md): the action space of Hearts, the
//! legal-action mask, and the encodings of what one seat sees, written from a
//! [`HeartsView`] so that a single position ([`HeartsInfo`]) and the vector environment
//! ([`super::env`]) encode through the same code.

// Tensor elements are small counts and flags; totals beyond 2^24 lose their last digits.
#![allow(clippy::cast_precision_loss)]

use super::info::HeartsInfo;
use super::rules::{HandDirection, HeartsRules};
use super::state::{Phase, MAX_PLAYERS};
use crate::core::{Card, CardSet};
use crate::env::{relative, Kind, Layout, Writer};

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
        let broken = info.plays[..done]
            .iter()
            .any(|&(_, c)| breakers.contains(c));
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

/// The size of the action space: a card id (a play, or in the pass phase one card chosen
/// for the pass), or [`FORWARD`].
pub const ACTIONS: usize = 53;
/// The action "declare FORWARD".
pub const FORWARD: usize = 52;
/// Plays the history of the information-state tensor has room for (the whole deck).
pub const HISTORY: usize = 52;

/// The fields of the compact tensors at a table of `n` seats: name and width, in order
/// (docs/environments.md). Seat fields are relative: element `i` of a seat field is the
/// seat `i` places to the observer's left (0 is the observer).
pub fn fields(n: u8, kind: Kind) -> Vec<(&'static str, usize)> {
    let n = usize::from(n);
    let mut f = vec![
        ("hand", 52),
        ("selected", 52),
        ("passed", 52),
        ("received", 52),
        ("played", n * 52),
        ("trick", n * 52),
        ("leader", n),
        ("points", n),
        ("tricks_taken", n),
        ("showed_out", n * 4),
        ("direction", 4),
        ("pass_count", 1),
        ("passed_to", n),
        ("received_from", n),
        ("decided", n),
        ("forwarded", n),
        ("phase", 3),
        ("to_move", n),
        ("dealer", n),
        ("hearts_broken", 1),
        ("tricks_done", 1),
        ("totals", n),
    ];
    if kind == Kind::InfoState {
        f.push(("history", HISTORY * (52 + n)));
    }
    f
}

/// The length of a compact tensor at a table of `n` seats (the sum of [`fields`]).
pub const fn size(n: u8, kind: Kind) -> usize {
    let n = n as usize;
    let observation = 4 * 52 + 4 + 1 + 3 + 1 + 1 + n * (2 * 52 + 4 + 10);
    match kind {
        Kind::Observation => observation,
        Kind::InfoState => observation + HISTORY * (52 + n),
    }
}

/// The length of the tensor `kind`/`layout` under `rules`, or why there is none.
pub fn tensor_size(rules: &HeartsRules, kind: Kind, layout: Layout) -> Result<usize, String> {
    match (layout, kind) {
        (Layout::Compact, _) => Ok(size(rules.players, kind)),
        (Layout::OpenSpiel, Kind::InfoState) => Ok(super::openspiel::INFO_STATE_SIZE),
        (Layout::OpenSpiel, Kind::Observation) => Err(
            "OpenSpiel's hearts has an information-state tensor only: use \
             kind=\"info_state\" with layout=\"openspiel\""
                .into(),
        ),
    }
}

/// The suit index of a card (0 clubs, 1 diamonds, 2 hearts, 3 spades).
#[inline]
fn suit_of(c: Card) -> usize {
    usize::from(c.id() / 13).min(3)
}

/// Writes the tensor `kind`/`layout` of `view` into `out` (exactly [`tensor_size`] long).
pub fn encode(
    view: &HeartsView<'_>,
    kind: Kind,
    layout: Layout,
    out: &mut [f32],
) -> Result<(), String> {
    let expected = tensor_size(view.rules, kind, layout)?;
    if out.len() != expected {
        return Err(format!(
            "the tensor needs {expected} elements, the buffer has {}",
            out.len()
        ));
    }
    if layout == Layout::OpenSpiel {
        return super::openspiel::info_state_tensor(view, out);
    }
    let n = view.rules.players;
    let nu = usize::from(n);
    let me = view.seat;
    let mut rel_of = [0usize; MAX_PLAYERS];
    for (s, r) in rel_of.iter_mut().enumerate().take(nu) {
        *r = relative(s as u8, me, n);
    }
    let rel = |s: u8| rel_of[usize::from(s) % MAX_PLAYERS];
    // One pass over the plays: the cards each seat played, the trick in progress and who
    // did not follow the led suit.
    let mut played = [CardSet::EMPTY; MAX_PLAYERS];
    let mut trick = [CardSet::EMPTY; MAX_PLAYERS];
    let mut showed = [0u8; MAX_PLAYERS];
    let first = nu + (view.rules.deck().count() as usize) % nu;
    let mut start = 0usize;
    let mut len = first;
    let mut leader = None;
    let mut led = 0usize;
    for (i, &(p, c)) in view.plays.iter().enumerate() {
        if i == start + len {
            start = i;
            len = nu;
        }
        let r = rel(p);
        played[r].insert(c);
        let suit = suit_of(c);
        if i == start {
            leader = Some(r);
            led = suit;
        } else if suit != led {
            showed[r] |= 1 << led;
        }
    }
    let in_trick = if view.plays.len() == start + len {
        leader = None;
        &view.plays[view.plays.len()..]
    } else {
        &view.plays[start..]
    };
    for &(p, c) in in_trick {
        trick[rel(p)].insert(c);
    }
    let by_rel = |x: &[u32; MAX_PLAYERS], r: usize| x[usize::from((me as usize + r) as u8 % n)];
    let mut w = Writer::new(out);
    w.cards(view.hand - view.selected, 52);
    w.cards(view.selected, 52);
    w.cards(view.passed, 52);
    w.cards(view.received, 52);
    for set in &played[..nu] {
        w.cards(*set, 52);
    }
    for set in &trick[..nu] {
        w.cards(*set, 52);
    }
    w.one_hot(leader, nu);
    for r in 0..nu {
        w.value(by_rel(&view.points, r) as f32);
    }
    for r in 0..nu {
        w.value(f32::from(view.tricks_taken[(usize::from(me) + r) % nu]));
    }
    for s in &showed[..nu] {
        w.bits(u64::from(*s), 4);
    }
    let d = match view.direction {
        HandDirection::Left => 0,
        HandDirection::Right => 1,
        HandDirection::Across => 2,
        HandDirection::Hold => 3,
    };
    w.one_hot(Some(d), 4);
    w.value(f32::from(view.pass_count));
    w.one_hot(view.passed_to.map(rel), nu);
    w.one_hot(view.received_from.map(rel), nu);
    let rotate = |bits: u8| {
        (0..nu).fold(0u64, |m, r| {
            m | u64::from(bits >> ((usize::from(me) + r) % nu) & 1) << r
        })
    };
    w.bits(rotate(view.decided), nu);
    w.bits(rotate(view.forwarded), nu);
    let phase = match view.phase {
        Phase::Pass => 0,
        Phase::Play => 1,
        Phase::Over => 2,
    };
    w.one_hot(Some(phase), 3);
    w.one_hot(view.to_move.map(rel), nu);
    w.one_hot(Some(rel(view.dealer)), nu);
    w.value(f32::from(u8::from(view.broken)));
    w.value(view.tricks_taken[..nu].iter().map(|&t| f32::from(t)).sum());
    for r in 0..nu {
        let t = view
            .totals
            .get((usize::from(me) + r) % nu)
            .copied()
            .unwrap_or(0);
        w.value(t as f32);
    }
    if kind == Kind::InfoState {
        for i in 0..HISTORY {
            match view.plays.get(i) {
                Some(&(p, c)) => {
                    w.one_hot(Some(usize::from(c.id())), 52);
                    w.one_hot(Some(rel(p)), nu);
                }
                None => w.zeros(52 + nu),
            }
        }
    }
    w.finish()
}

/// The legal actions of the seat to act in `s`, bit `a` for action `a`: in the pass phase
/// the cards it may still choose (its hand without the `selected` ones) and FORWARD before
/// it chose any; in the play phase its legal plays.
pub fn legal_mask(s: &super::HeartsState, selected: CardSet) -> u128 {
    match (s.phase(), s.current_player()) {
        (Phase::Pass, Some(seat)) => {
            let mut m = u128::from((s.pass_options(seat) - selected).0);
            if selected.is_empty() && s.forward_options() >> seat & 1 != 0 {
                m |= 1 << FORWARD;
            }
            m
        }
        (Phase::Play, Some(_)) => u128::from(s.legal_plays().0),
        _ => 0,
    }
}

impl HeartsInfo {
    /// The tensor `kind`/`layout` of this observation.
    pub fn tensor(&self, kind: Kind, layout: Layout) -> Result<Vec<f32>, String> {
        let mut out = vec![0.0; tensor_size(&self.rules, kind, layout)?];
        encode(&HeartsView::of_info(self), kind, layout, &mut out)?;
        Ok(out)
    }
}
