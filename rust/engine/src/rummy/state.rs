//! One hand of rummy: deal, draw / take the pile, open, meld, lay off, discard, the Q♠
//! rules, blocked players, stock exhaustion and the C-20 score (docs/rummy-api.md).

use super::meld::{
    all_melds, card_value, is_valid_meld, meld_kind, meld_value, melds_with, MeldKind,
};
use super::meld::{Held, Multiset, JOKER, QUEEN_OF_SPADES as QS};
use super::rules::{RummyRules, StockExhausted, MAX_TOTAL};
use super::text::{Event, RummyLog};
use crate::core::Rng;
use std::cmp::Ordering;

/// The 108 cards of the deck in ascending id order (`Multiset::deck().to_vec()`): each
/// face twice, then the four jokers.
const DECK_IDS: [u8; 108] = {
    let mut t = [JOKER; 108];
    let mut i = 0;
    while i < 104 {
        t[i] = (i / 2) as u8;
        i += 1;
    }
    t
};

/// A canonical meld.
pub type Meld = Vec<u8>;

/// The step of a turn.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Phase {
    /// Draw from the stock or take the pile.
    Draw,
    /// Open, meld, lay off, or end.
    Meld,
    /// Discard.
    Discard,
    /// The hand has ended.
    Over,
}

impl Phase {
    /// `"draw"`, `"meld"`, `"discard"` or `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Meld => "meld",
            Phase::Discard => "discard",
            Phase::Over => "over",
        }
    }
}

/// Where a laid-off card goes.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub enum End {
    /// Below the lowest card of a run.
    Low,
    /// Above the highest card of a run.
    High,
    /// Into a set.
    Set,
}

impl End {
    /// `"low"`, `"high"` or `"set"`.
    pub const fn name(self) -> &'static str {
        match self {
            End::Low => "low",
            End::High => "high",
            End::Set => "set",
        }
    }
}

/// A move (docs/rummy-api.md, Actions).
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub enum Action {
    /// The top stock card.
    Draw,
    /// The pile, with the melds it requires (the first holds the top card).
    TakePile(Vec<Meld>),
    /// An unopened player's opening.
    Open(Vec<Meld>),
    /// A new meld.
    Meld(Meld),
    /// One card onto one of the player's melds.
    LayOff(usize, u8, End),
    /// End melding.
    End,
    /// The discard that ends the turn.
    Discard(u8),
}

impl Action {
    /// The action's name, the first element of its tuple in the Python API: `"draw"`,
    /// `"take_pile"`, `"open"`, `"meld"`, `"lay_off"`, `"end"` or `"discard"`.
    pub const fn name(&self) -> &'static str {
        match self {
            Action::Draw => "draw",
            Action::TakePile(_) => "take_pile",
            Action::Open(_) => "open",
            Action::Meld(_) => "meld",
            Action::LayOff(..) => "lay_off",
            Action::End => "end",
            Action::Discard(_) => "discard",
        }
    }
}

/// Actions are ordered as their Python tuples compare (docs/rummy-api.md, Actions): by
/// name, then element by element (melds and meld lists lexicographically, a lay-off by
/// meld index, card and end name).
///
/// ```
/// use hearts_engine::rummy::{Action, End};
/// let mut v = vec![Action::Draw, Action::Discard(5), Action::LayOff(0, 3, End::Low),
///                  Action::LayOff(0, 3, End::High), Action::End];
/// v.sort();
/// assert_eq!(v, [Action::Discard(5), Action::Draw, Action::End,
///                Action::LayOff(0, 3, End::High), Action::LayOff(0, 3, End::Low)]);
/// ```
impl Ord for Action {
    fn cmp(&self, other: &Action) -> Ordering {
        self.name()
            .cmp(other.name())
            .then_with(|| match (self, other) {
                (Action::TakePile(a), Action::TakePile(b)) | (Action::Open(a), Action::Open(b)) => {
                    a.cmp(b)
                }
                (Action::Meld(a), Action::Meld(b)) => a.cmp(b),
                (Action::LayOff(i, c, e), Action::LayOff(j, d, f)) => {
                    (i, c, e.name()).cmp(&(j, d, f.name()))
                }
                (Action::Discard(a), Action::Discard(b)) => a.cmp(b),
                _ => Ordering::Equal,
            })
    }
}

impl PartialOrd for Action {
    fn partial_cmp(&self, other: &Action) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Why the totals a hand or game resumes from were refused.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
pub enum TotalsError {
    /// Not one total per seat.
    #[error("expected {expected} totals (one per seat), got {got}")]
    Count {
        /// The players.
        expected: u8,
        /// The totals given.
        got: usize,
    },
    /// A total beyond ±[`MAX_TOTAL`] (an engine limit).
    #[error("each total must be within ±{MAX_TOTAL} (an engine limit), got {0}")]
    Range(i64),
}

/// Checks the totals a hand or game resumes from: one per seat, each within ±[`MAX_TOTAL`].
///
/// ```
/// use hearts_engine::rummy::{check_totals, RummyRules, TotalsError};
/// let r = RummyRules { players: 2, ..Default::default() };
/// assert!(check_totals(&r, &[-40, 310]).is_ok());
/// assert_eq!(check_totals(&r, &[0]), Err(TotalsError::Count { expected: 2, got: 1 }));
/// ```
pub fn check_totals(rules: &RummyRules, totals: &[i64]) -> Result<(), TotalsError> {
    if totals.len() != usize::from(rules.players) {
        return Err(TotalsError::Count {
            expected: rules.players,
            got: totals.len(),
        });
    }
    match totals
        .iter()
        .find(|t| t.unsigned_abs() > MAX_TOTAL.unsigned_abs())
    {
        Some(&t) => Err(TotalsError::Range(t)),
        None => Ok(()),
    }
}

/// Why a deal was refused.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct DealError(pub String);

/// Why an action was refused.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
pub enum ActionError {
    /// The action is not one of [`RummyState::legal_actions`]; the hand's phase then.
    #[error("{}", not_legal(*.0))]
    NotLegal(Phase),
    /// The game is over (no hand is in play).
    #[error("the game is over")]
    GameOver,
}

/// The message of [`ActionError::NotLegal`]: in the `over` phase no action is left at all.
fn not_legal(phase: Phase) -> String {
    match phase {
        Phase::Over => "the hand is over".to_owned(),
        p => format!("not one of the legal actions of the {} phase", p.name()),
    }
}

/// One hand of rummy.
#[derive(Clone, Debug)]
pub struct RummyState {
    rules: RummyRules,
    dealer: u8,
    hand_index: u64,
    totals: Vec<i64>,
    hands: Vec<Multiset>,
    melds: Vec<Vec<Meld>>,
    opened: Vec<bool>,
    blocked: Vec<bool>,
    /// The stock, top last.
    stock: Vec<u8>,
    /// The pile, bottom first.
    pile: Vec<u8>,
    phase: Phase,
    current: u8,
    turn: u32,
    went_out: Option<u8>,
    /// This turn is the current player's opening turn (no jokers placed).
    opening_turn: bool,
    /// The current player began the turn holding exactly [Q♠].
    lone_queen: bool,
    /// ... and drew the other Q♠ from the stock: he may discard a Q♠ (C-16).
    queen_exception: bool,
    /// The card a blocked player drew this turn.
    drawn: Option<u8>,
    rng: Rng,
    /// The deal and every action and reshuffle since, when the hand keeps a log (the text
    /// form needs it; batch simulations do without).
    log: Option<Box<RummyLog>>,
    /// Per seat: the [`Held`] masks of its hand (kept in step with `hands`).
    held: Vec<Held>,
    /// Per seat: [`lay_off_mask`] of its melds (kept in step with `melds`).
    lay_off: Vec<u64>,
    /// Per seat and meld: the meld's [`lay_off_mask`] (kept in step with `melds`).
    lay_off_by_meld: Vec<Vec<u64>>,
}

impl PartialEq for RummyState {
    /// Everything but the random generator and the log: the position.
    fn eq(&self, o: &Self) -> bool {
        self.rules == o.rules
            && self.dealer == o.dealer
            && self.hand_index == o.hand_index
            && self.totals == o.totals
            && self.hands == o.hands
            && self.melds == o.melds
            && self.opened == o.opened
            && self.blocked == o.blocked
            && self.stock == o.stock
            && self.pile == o.pile
            && self.phase == o.phase
            && self.current == o.current
            && self.turn == o.turn
            && self.went_out == o.went_out
            && self.opening_turn == o.opening_turn
            && self.lone_queen == o.lone_queen
            && self.queen_exception == o.queen_exception
            && self.drawn == o.drawn
    }
}

impl Eq for RummyState {}

/// Checks a deal: `players` hands of `hand_size`, and hands + stock + pile = the 108 cards.
pub fn check_deal(
    rules: &RummyRules,
    hands: &[Vec<u8>],
    stock: &[u8],
    pile: &[u8],
) -> Result<(), DealError> {
    let p = usize::from(rules.players);
    if hands.len() != p {
        return Err(DealError(format!(
            "expected {p} hands (one per seat), got {}",
            hands.len()
        )));
    }
    for (s, h) in hands.iter().enumerate() {
        if h.len() != usize::from(rules.hand_size) {
            return Err(DealError(format!(
                "hands[{s}] must hold hand_size = {} cards, got {}",
                rules.hand_size,
                h.len()
            )));
        }
    }
    let cards: Vec<u8> = hands
        .iter()
        .flatten()
        .chain(stock)
        .chain(pile)
        .copied()
        .collect();
    let deck = Multiset::deck();
    let all = Multiset::within_deck(&cards).map_err(|(id, got)| {
        DealError(format!(
            "card {id} appears {got} times; the 108-card deck holds it {} times (C-2)",
            deck.count(id)
        ))
    })?;
    for id in 0..53u8 {
        let (got, want) = (all.count(id), deck.count(id));
        if got < want {
            return Err(DealError(format!(
                "card {id} appears {got} times; the 108-card deck holds it {want} times \
                 (hands + stock + pile must be the whole deck)"
            )));
        }
    }
    Ok(())
}

/// Whether a hand of `len` cards, `queens` of them Q♠, keeps a legal discard (C-15, C-16):
/// a card other than Q♠, or with the Q♠ exception a Q♠ while holding at least 2 cards.
pub(super) fn has_discard_after(len: usize, queens: usize, exception: bool) -> bool {
    len > queens || (exception && queens > 0 && len >= 2)
}

/// [`has_discard`] for `hand` minus the cards `removed` (which it holds), from the hand's
/// size and Q♠ count, without building the difference.
pub(super) fn keeps_discard(len: usize, queens: usize, removed: &[u8], exception: bool) -> bool {
    let q = removed.iter().fold(0, |n, &c| n + usize::from(c == QS));
    has_discard_after(len - removed.len(), queens - q, exception)
}

/// Whether `hand` keeps a legal discard (C-15, C-16).
fn has_discard(hand: &Multiset, exception: bool) -> bool {
    has_discard_after(hand.len(), usize::from(hand.count(QS)), exception)
}

/// The meld after laying `card` at `end`, if valid.
pub fn lay_off_result(rules: &RummyRules, meld: &[u8], card: u8, end: End) -> Option<Meld> {
    let kind = meld_kind(rules, meld)?;
    let m: Meld = match (kind, end) {
        (MeldKind::Run { .. }, End::Low) => {
            std::iter::once(card).chain(meld.iter().copied()).collect()
        }
        (MeldKind::Run { .. }, End::High) => {
            meld.iter().copied().chain(std::iter::once(card)).collect()
        }
        (MeldKind::Set, End::Set) => {
            let mut v: Vec<u8> = meld.iter().copied().filter(|&c| c != JOKER).collect();
            if card != JOKER {
                v.push(card);
            }
            v.sort_unstable();
            let jokers = meld.iter().fold(usize::from(card == JOKER), |n, &c| {
                n + usize::from(c == JOKER)
            });
            v.extend(std::iter::repeat(JOKER).take(jokers));
            v
        }
        _ => return None,
    };
    is_valid_meld(rules, &m).then_some(m)
}

/// The only cards that could extend a valid meld, and where: the set's rank in any suit or
/// a joker; a run's card (or a joker) just below or above it. (Each still needs
/// [`lay_off_result`] for the size and joker limits.) At most 5, in a fixed array.
pub fn lay_off_candidates(rules: &RummyRules, meld: &[u8]) -> ([(u8, End); 5], usize) {
    debug_assert!(is_valid_meld(rules, meld));
    let mut out = [(0u8, End::Set); 5];
    let mut n = 0;
    let mut push = |c: u8, e: End| {
        out[n] = (c, e);
        n += 1;
    };
    match super::meld::known_kind(meld) {
        MeldKind::Set => {
            let rank = meld[0] % 13;
            for suit in 0..4u8 {
                push(suit * 13 + rank, End::Set);
            }
            push(JOKER, End::Set);
        }
        MeldKind::Run { suit, start } => {
            if start > 0 {
                push(super::meld::card_at(suit, start - 1), End::Low);
                push(JOKER, End::Low);
            }
            let next = usize::from(start) + meld.len();
            if next <= 13 {
                push(super::meld::card_at(suit, next as u8), End::High);
                push(JOKER, End::High);
            }
        }
    }
    (out, n)
}

/// Whether a candidate of [`lay_off_candidates`] fits: a set stays within 8 cards, and a
/// joker stays within `max_jokers_per_meld` (the same answer as [`lay_off_result`] for a
/// candidate, without building the meld).
pub fn candidate_fits(rules: &RummyRules, meld: &[u8], card: u8, end: End) -> bool {
    if end == End::Set && meld.len() >= 8 {
        return false;
    }
    if card != JOKER {
        return true;
    }
    let jokers = meld.iter().fold(0u8, |n, &c| n + u8::from(c == JOKER));
    rules.max_jokers_per_meld.map_or(true, |m| jokers < m)
}

/// The cards (bit `id`, the joker at 52) that some candidate of [`lay_off_candidates`]
/// lays off on one of `melds` ([`candidate_fits`]), whether held or not.
pub(super) fn lay_off_mask(rules: &RummyRules, melds: &[Meld]) -> u64 {
    melds
        .iter()
        .fold(0, |mask, m| mask | meld_lay_off_mask(rules, m))
}

/// [`lay_off_mask`] of one valid meld, read off its kind ([`super::meld::known_kind`]), its
/// length and its jokers (the mask of [`meld_lay_off_mask_by_candidates`]).
fn meld_lay_off_mask(rules: &RummyRules, meld: &[u8]) -> u64 {
    let jokers = meld.iter().fold(0u8, |n, &c| n + u8::from(c == JOKER));
    let mask = mask_of_kind(rules, super::meld::known_kind(meld), meld, jokers);
    debug_assert_eq!(mask, meld_lay_off_mask_by_candidates(rules, meld));
    mask
}

/// The lay-off mask of a valid meld of kind `kind` holding `jokers` jokers: the cards of
/// [`lay_off_candidates`] that fit ([`candidate_fits`]).
#[inline]
fn mask_of_kind(rules: &RummyRules, kind: MeldKind, meld: &[u8], jokers: u8) -> u64 {
    let joker = if rules.max_jokers_per_meld.map_or(true, |m| jokers < m) {
        1u64 << JOKER
    } else {
        0
    };
    let len = meld.len();
    match kind {
        MeldKind::Set if len >= 8 => 0,
        MeldKind::Set => {
            // The rank in the four suits (ids rank, rank + 13, rank + 26, rank + 39).
            let four = 1u64 | 1 << 13 | 1 << 26 | 1 << 39;
            four << super::meld::rank_of(meld[0]) | joker
        }
        MeldKind::Run { suit, start } => {
            let mut mask = 0;
            if start > 0 {
                mask |= 1 << super::meld::card_at(suit, start - 1) | joker;
            }
            let next = usize::from(start) + len;
            if next <= 13 {
                mask |= 1 << super::meld::card_at(suit, next as u8) | joker;
            }
            mask
        }
    }
}

/// Lays `card` off at `end` of the valid meld `meld` in place when it is a candidate that
/// fits ([`lay_off_candidates`], [`candidate_fits`]), making the meld [`lay_off_result`]
/// builds, and returns the new meld's lay-off mask; otherwise (`None`, as
/// [`lay_off_result`]) leaves `meld` alone.
fn lay_off_in_place(rules: &RummyRules, meld: &mut Meld, card: u8, end: End) -> Option<u64> {
    #[cfg(debug_assertions)]
    let expected = lay_off_result(rules, meld, card, end);
    let mask = extend_meld(rules, meld, card, end);
    #[cfg(debug_assertions)]
    debug_assert_eq!(expected.as_deref(), mask.map(|_| &meld[..]));
    debug_assert!(mask.map_or(true, |m| m == meld_lay_off_mask_by_candidates(rules, meld)));
    mask
}

/// [`lay_off_in_place`] without its checks.
#[inline]
fn extend_meld(rules: &RummyRules, meld: &mut Meld, card: u8, end: End) -> Option<u64> {
    debug_assert!(is_valid_meld(rules, meld));
    let kind = super::meld::known_kind(meld);
    let jokers = meld.iter().fold(0u8, |n, &c| n + u8::from(c == JOKER));
    let joker = card == JOKER;
    if joker && !rules.max_jokers_per_meld.map_or(true, |m| jokers < m) {
        return None;
    }
    let len = meld.len();
    let new_kind = match (kind, end) {
        (MeldKind::Set, End::Set) => {
            let rank = super::meld::rank_of(meld[0]);
            if len >= 8 || !(joker || (card < JOKER && super::meld::rank_of(card) == rank)) {
                return None;
            }
            // The naturals stay in ascending order, the jokers last.
            let at = meld
                .iter()
                .position(|&c| c == JOKER || c > card)
                .unwrap_or(len);
            meld.insert(at, card);
            kind
        }
        (MeldKind::Run { suit, start }, End::Low) => {
            if start == 0 || !(joker || card == super::meld::card_at(suit, start - 1)) {
                return None;
            }
            meld.insert(0, card);
            MeldKind::Run {
                suit,
                start: start - 1,
            }
        }
        (MeldKind::Run { suit, start }, End::High) => {
            let next = usize::from(start) + len;
            if next > 13 || !(joker || card == super::meld::card_at(suit, next as u8)) {
                return None;
            }
            meld.push(card);
            kind
        }
        _ => return None,
    };
    Some(mask_of_kind(
        rules,
        new_kind,
        meld,
        jokers + u8::from(joker),
    ))
}

/// [`lay_off_mask`] of one meld, from its candidates (the reference of
/// [`meld_lay_off_mask`]).
fn meld_lay_off_mask_by_candidates(rules: &RummyRules, meld: &[u8]) -> u64 {
    let (cands, n) = lay_off_candidates(rules, meld);
    let mut mask = 0u64;
    for &(card, end) in &cands[..n] {
        if candidate_fits(rules, meld, card, end) {
            mask |= 1 << card;
        }
    }
    mask
}

/// The ways to lay off each card of `hand` on `melds`: `(meld index, card, end)`.
fn lay_offs(
    rules: &RummyRules,
    melds: &[Meld],
    hand: &Multiset,
    jokers: bool,
) -> Vec<(usize, u8, End)> {
    let mut out = Vec::new();
    for (i, m) in melds.iter().enumerate() {
        let (cands, n) = lay_off_candidates(rules, m);
        for &(card, end) in &cands[..n] {
            if hand.count(card) == 0 || (card == JOKER && !jokers) {
                continue;
            }
            if candidate_fits(rules, m, card, end) {
                out.push((i, card, end));
            }
        }
    }
    out
}

/// Every opening: multisets of >= 1 natural melds from `candidates` (sorted), fitting in
/// `hand`, total >= `min`, sorted ascending; each with the cards it uses.
fn openings(
    rules: &RummyRules,
    candidates: &[Meld],
    hand: &Multiset,
    min: i64,
) -> Vec<(Vec<Meld>, Multiset)> {
    /// Whether the cards of `m` (with repeats) are all in `left`.
    fn fits(left: &Multiset, m: &[u8]) -> bool {
        m.iter().enumerate().all(|(i, &c)| {
            let k = m[..=i].iter().fold(0u8, |n, &x| n + u8::from(x == c));
            left.count(c) >= k
        })
    }
    #[allow(clippy::too_many_arguments)]
    fn rec(
        cands: &[(Meld, i64)],
        from: usize,
        left: &Multiset,
        used: &Multiset,
        cur: &mut Vec<Meld>,
        value: i64,
        min: i64,
        out: &mut Vec<(Vec<Meld>, Multiset)>,
    ) {
        if !cur.is_empty() && value >= min {
            out.push((cur.clone(), *used));
        }
        for (i, (m, v)) in cands.iter().enumerate().skip(from) {
            if fits(left, m) {
                let (mut l2, mut u2) = (*left, *used);
                for &c in m {
                    l2.remove(c);
                    u2.add(c);
                }
                cur.push(m.clone());
                rec(cands, i, &l2, &u2, cur, value + v, min, out);
                cur.pop();
            }
        }
    }
    let cands: Vec<(Meld, i64)> = candidates
        .iter()
        .map(|m| (m.clone(), meld_value(rules, m)))
        .collect();
    let mut out = Vec::new();
    rec(
        &cands,
        0,
        hand,
        &Multiset::EMPTY,
        &mut Vec::new(),
        0,
        min,
        &mut out,
    );
    out
}

impl RummyState {
    /// A hand from a checked deal (`stock` top first; `pile` bottom first, or `None` for
    /// the C-4 upcard when `initial_upcard`). With `logged`, the hand keeps a log of the
    /// deal, the actions and the reshuffles (for the text form) from before its first turn
    /// starts (so a reshuffle at that start is logged too).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: &RummyRules,
        hands: &[Vec<u8>],
        stock: &[u8],
        pile: Option<&[u8]>,
        dealer: u8,
        hand_index: u64,
        totals: Vec<i64>,
        rng: Rng,
        logged: bool,
    ) -> RummyState {
        let p = usize::from(rules.players);
        let mut stock: Vec<u8> = stock.iter().rev().copied().collect();
        let pile = match pile {
            Some(p) => p.to_vec(),
            None if rules.initial_upcard => stock.pop().into_iter().collect(),
            None => Vec::new(),
        };
        let mut s = RummyState {
            rules: *rules,
            dealer,
            hand_index,
            totals,
            hands: hands.iter().map(|h| Multiset::from_ids(h)).collect(),
            melds: vec![Vec::new(); p],
            opened: vec![false; p],
            blocked: vec![false; p],
            stock,
            pile,
            phase: Phase::Draw,
            current: (dealer + 1) % rules.players,
            turn: 0,
            went_out: None,
            opening_turn: false,
            lone_queen: false,
            queen_exception: false,
            drawn: None,
            rng,
            log: None,
            held: Vec::new(),
            lay_off: vec![0; p],
            lay_off_by_meld: vec![Vec::new(); p],
        };
        s.held = s.hands.iter().map(Held::of).collect();
        if logged {
            s.log = Some(Box::new(RummyLog::new(&s)));
        }
        s.start_turn();
        s
    }

    /// Starts the log of a hand that has not moved yet (see [`RummyState::new`]).
    pub fn with_log(mut self) -> RummyState {
        debug_assert!(self.turn == 0 && self.melds.iter().all(Vec::is_empty));
        self.log = Some(Box::new(RummyLog::new(&self)));
        self
    }

    /// The log, if the hand keeps one.
    pub fn log(&self) -> Option<&RummyLog> {
        self.log.as_deref()
    }

    /// Takes the log away.
    pub(super) fn take_log(&mut self) -> Option<Box<RummyLog>> {
        self.log.take()
    }

    /// Replaces the generator of the future reshuffles.
    pub(super) fn set_rng(&mut self, rng: Rng) {
        self.rng = rng;
    }

    /// Replaces the order of the stock the last reshuffle made (text replay): `top_first`
    /// must hold the same cards.
    pub(super) fn set_reshuffled_stock(&mut self, top_first: &[u8]) -> bool {
        let same = Multiset::within_deck(top_first) == Ok(Multiset::from_ids(&self.stock));
        if same {
            self.stock = top_first.iter().rev().copied().collect();
            if let Some(Event::Reshuffle(s)) = self.log.as_mut().and_then(|l| l.events.last_mut()) {
                *s = top_first.to_vec();
            }
        }
        same
    }

    /// A shuffled deal (C-3, C-4): card i of the shuffled deck to seat
    /// `(dealer + 1 + i) % players`, the rest the stock (top first).
    pub fn deal(
        rules: &RummyRules,
        dealer: u8,
        hand_index: u64,
        totals: Vec<i64>,
        mut rng: Rng,
    ) -> RummyState {
        let mut deck = DECK_IDS.to_vec();
        debug_assert_eq!(deck, Multiset::deck().to_vec());
        rng.shuffle(&mut deck);
        let p = usize::from(rules.players);
        let n = p * usize::from(rules.hand_size);
        let mut hands: Vec<Vec<u8>> = (0..p)
            .map(|_| Vec::with_capacity(usize::from(rules.hand_size)))
            .collect();
        for (i, &c) in deck[..n].iter().enumerate() {
            hands[(usize::from(dealer) + 1 + i) % p].push(c);
        }
        RummyState::new(
            rules,
            &hands,
            &deck[n..],
            None,
            dealer,
            hand_index,
            totals,
            rng,
            false,
        )
    }

    /// Deals this state again in place: the hand [`RummyState::deal`] would make with these
    /// arguments (the same position, generator and stock order, no log), in the state's
    /// own buffers (cleared, not freed).
    pub fn redeal(
        &mut self,
        rules: &RummyRules,
        dealer: u8,
        hand_index: u64,
        totals: &[i64],
        mut rng: Rng,
    ) {
        let mut deck = DECK_IDS;
        rng.shuffle(&mut deck);
        let p = usize::from(rules.players);
        let n = p * usize::from(rules.hand_size);
        self.rules = *rules;
        self.dealer = dealer;
        self.hand_index = hand_index;
        self.totals.clear();
        self.totals.extend_from_slice(totals);
        self.hands.clear();
        self.hands.resize(p, Multiset::EMPTY);
        // Card i to seat (dealer + 1 + i) % p.
        let mut seat = (usize::from(dealer) + 1) % p;
        for &c in &deck[..n] {
            self.hands[seat].add(c);
            seat += 1;
            if seat == p {
                seat = 0;
            }
        }
        self.melds.truncate(p);
        self.melds.iter_mut().for_each(Vec::clear);
        self.melds.resize_with(p, Vec::new);
        self.lay_off_by_meld.truncate(p);
        self.lay_off_by_meld.iter_mut().for_each(Vec::clear);
        self.lay_off_by_meld.resize_with(p, Vec::new);
        for v in [&mut self.opened, &mut self.blocked] {
            v.clear();
            v.resize(p, false);
        }
        self.stock.clear();
        self.stock.extend(deck[n..].iter().rev());
        self.pile.clear();
        if rules.initial_upcard {
            self.pile.extend(self.stock.pop());
        }
        self.phase = Phase::Draw;
        self.current = (dealer + 1) % rules.players;
        self.turn = 0;
        self.went_out = None;
        self.opening_turn = false;
        self.lone_queen = false;
        self.queen_exception = false;
        self.drawn = None;
        self.rng = rng;
        self.log = None;
        self.held.clear();
        self.held.extend(self.hands.iter().map(Held::of));
        self.lay_off.clear();
        self.lay_off.resize(p, 0);
        self.start_turn();
    }

    // ---- accessors ----

    /// The rules.
    pub const fn rules(&self) -> &RummyRules {
        &self.rules
    }
    /// The dealer.
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The hand's index in its game.
    pub const fn hand_index(&self) -> u64 {
        self.hand_index
    }
    /// Game totals before this hand.
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }
    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The player to act, `None` once over.
    pub fn current_player(&self) -> Option<u8> {
        (!self.is_over()).then_some(self.current)
    }
    /// The hands.
    pub fn hands(&self) -> &[Multiset] {
        &self.hands
    }
    /// Each player's melds in the order laid.
    pub fn melds(&self) -> &[Vec<Meld>] {
        &self.melds
    }
    /// The [`Held`] masks of each seat's hand.
    pub(super) fn held(&self) -> &[Held] {
        debug_assert!(self.masks_in_step());
        &self.held
    }
    /// Each seat's [`lay_off_mask`].
    pub(super) fn lay_off_masks(&self) -> &[u64] {
        &self.lay_off
    }
    /// Per seat, each meld's lay-off mask (in the order of [`RummyState::melds`]).
    pub(super) fn lay_off_by_meld(&self) -> &[Vec<u64>] {
        &self.lay_off_by_meld
    }
    /// Whether the per-seat masks are those of the hands and melds (recomputed).
    pub(super) fn masks_in_step(&self) -> bool {
        self.hands
            .iter()
            .map(Held::of)
            .eq(self.held.iter().copied())
            && self
                .melds
                .iter()
                .map(|m| lay_off_mask(&self.rules, m))
                .eq(self.lay_off.iter().copied())
            && self
                .melds
                .iter()
                .zip(&self.lay_off_by_meld)
                .all(|(ms, by)| {
                    ms.iter()
                        .map(|m| meld_lay_off_mask_by_candidates(&self.rules, m))
                        .eq(by.iter().copied())
                })
    }
    /// Who has opened.
    pub fn opened(&self) -> &[bool] {
        &self.opened
    }
    /// Who is blocked (C-17).
    pub fn blocked(&self) -> &[bool] {
        &self.blocked
    }
    /// The stock, top first.
    pub fn stock(&self) -> Vec<u8> {
        self.stock.iter().rev().copied().collect()
    }
    /// Cards in the stock.
    pub fn stock_size(&self) -> usize {
        self.stock.len()
    }
    /// The pile, bottom first.
    pub fn pile(&self) -> &[u8] {
        &self.pile
    }
    /// The seat whose turn it is (also once over: the last one).
    pub const fn current_raw(&self) -> u8 {
        self.current
    }
    /// The turn flags: opening turn, began with a lone Q♠, Q♠ exception, the card a blocked
    /// player drew.
    pub const fn flags(&self) -> (bool, bool, bool, Option<u8>) {
        (
            self.opening_turn,
            self.lone_queen,
            self.queen_exception,
            self.drawn,
        )
    }
    /// The generator of the C-19 reshuffles.
    pub const fn rng(&self) -> Rng {
        self.rng
    }
    /// Completed turns.
    pub const fn turn(&self) -> u32 {
        self.turn
    }
    /// Who went out.
    pub const fn went_out(&self) -> Option<u8> {
        self.went_out
    }

    /// Whether the hand is over.
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    /// The totals with this hand's C-20 scores so far added, per seat.
    pub fn totals_after(&self) -> Vec<i64> {
        self.hand_scores()
            .iter()
            .zip(&self.totals)
            .map(|(h, t)| h + t)
            .collect()
    }

    /// C-20: melds minus hand, per seat.
    pub fn hand_scores(&self) -> Vec<i64> {
        (0..usize::from(self.rules.players))
            .map(|s| self.hand_score(s))
            .collect()
    }

    /// C-20 of one seat (< players): its melds minus its hand, the hand's value read off its
    /// [`Held`] masks (no card list).
    pub fn hand_score(&self, seat: usize) -> i64 {
        let r = &self.rules;
        let melded: i64 = self.melds[seat].iter().map(|m| meld_value(r, m)).sum();
        let h = &self.held[seat];
        let mut held = i64::from(h.jokers) * r.joker_value;
        for mut bits in [h.one, h.two, h.three] {
            while bits != 0 {
                held += card_value(r, bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
        }
        debug_assert_eq!(
            held,
            self.hands[seat]
                .to_vec()
                .iter()
                .map(|&c| card_value(r, c))
                .sum::<i64>()
        );
        melded - held
    }

    // ---- turn flow ----

    /// The start of a draw phase: C-19 when the stock is empty.
    #[inline]
    fn start_turn(&mut self) {
        self.phase = Phase::Draw;
        self.opening_turn = false;
        self.queen_exception = false;
        self.drawn = None;
        let h = &self.held[usize::from(self.current)];
        debug_assert_eq!(*h, Held::of(&self.hands[usize::from(self.current)]));
        self.lone_queen = h.is_lone_queen();
        if self.stock.is_empty() {
            self.stock_exhausted();
        }
    }

    /// C-19: the empty stock is the pile but its top card reshuffled, or the hand is over.
    #[cold]
    #[inline(never)]
    fn stock_exhausted(&mut self) {
        debug_assert!(self.stock.is_empty());
        if self.rules.stock_exhausted == StockExhausted::Reshuffle && self.pile.len() > 1 {
            let top = self.pile.pop().unwrap_or(0);
            // The rest of the pile becomes the stock (the two buffers swapped: the stock
            // was empty), then the pile is the top card alone.
            std::mem::swap(&mut self.stock, &mut self.pile);
            self.rng.shuffle(&mut self.stock);
            self.pile.push(top);
            if let Some(log) = &mut self.log {
                log.events
                    .push(Event::Reshuffle(self.stock.iter().rev().copied().collect()));
            }
        } else {
            self.phase = Phase::Over;
        }
    }

    fn end_turn(&mut self) {
        let p = usize::from(self.current);
        debug_assert_eq!(self.held[p], Held::of(&self.hands[p]));
        if self.held[p].is_empty() {
            self.went_out = Some(self.current);
            self.phase = Phase::Over;
            self.turn += 1;
            return;
        }
        // C-17: a lone Q♠ that fits none of his melds blocks him for the rest of the hand.
        if self.held[p].is_lone_queen() && self.lay_off[p] >> QS & 1 == 0 {
            self.blocked[p] = true;
        }
        self.turn += 1;
        if self.turn >= self.rules.max_turns_per_hand {
            self.phase = Phase::Over;
            return;
        }
        // The next seat, (current + 1) % players without a division.
        let next = self.current + 1;
        self.current = if next >= self.rules.players { 0 } else { next };
        self.start_turn();
    }

    // ---- legal actions ----

    /// Every legal action, in the engine's order (the one the random policy draws from);
    /// [`RummyState::sorted_legal_actions`] sorts them.
    pub fn legal_actions(&self) -> Vec<Action> {
        let r = &self.rules;
        let p = usize::from(self.current);
        let hand = &self.hands[p];
        let mut out = Vec::with_capacity(32);
        match self.phase {
            Phase::Over => {}
            Phase::Draw => {
                out.push(Action::Draw);
                if !self.blocked[p] {
                    out.extend(self.take_pile_actions().into_iter().map(Action::TakePile));
                }
            }
            Phase::Meld => {
                out.push(Action::End);
                let exc = self.queen_exception;
                if self.opened[p] {
                    let jokers = !self.opening_turn;
                    let (len, queens) = (hand.len(), usize::from(hand.count(QS)));
                    for m in all_melds(r, hand, jokers) {
                        if keeps_discard(len, queens, &m, exc) {
                            out.push(Action::Meld(m));
                        }
                    }
                    for (i, c, e) in lay_offs(r, &self.melds[p], hand, jokers) {
                        if keeps_discard(len, queens, &[c], exc) {
                            out.push(Action::LayOff(i, c, e));
                        }
                    }
                } else {
                    let cands = all_melds(r, hand, false);
                    for (ms, used) in openings(r, &cands, hand, r.opening_min) {
                        if has_discard(&hand.minus(&used), exc) {
                            out.push(Action::Open(ms));
                        }
                    }
                }
            }
            Phase::Discard => {
                if let Some(d) = self.drawn {
                    out.push(Action::Discard(d));
                } else {
                    for c in 0..53u8 {
                        if hand.count(c) > 0
                            && (c != QS || (self.queen_exception && hand.len() >= 2))
                        {
                            out.push(Action::Discard(c));
                        }
                    }
                }
            }
        }
        out
    }

    /// Every legal action in [`Action`]'s order, the order of the Python API's
    /// `legal_actions()` (which `apply_index` counts in).
    pub fn sorted_legal_actions(&self) -> Vec<Action> {
        let mut out = self.legal_actions();
        out.sort_unstable();
        out
    }

    /// Every legal `take_pile` meld list (C-12), in the engine's order.
    pub fn take_pile_actions(&self) -> Vec<Vec<Meld>> {
        let r = &self.rules;
        let p = usize::from(self.current);
        let Some(&top) = self.pile.last() else {
            return Vec::new();
        };
        let opened = self.opened[p];
        if top == JOKER && !opened {
            return Vec::new();
        }
        let hand = &self.hands[p];
        let mut with_top = *hand;
        with_top.add(top);
        let rest_of_pile = Multiset::from_ids(&self.pile[..self.pile.len() - 1]);
        let mut out = Vec::new();
        let must = (top != JOKER).then_some(top);
        for m0 in melds_with(r, &with_top, opened, must) {
            let ms0 = Multiset::from_ids(&m0);
            if ms0.count(top) == 0 {
                continue;
            }
            let mut from_hand = ms0;
            from_hand.remove(top);
            let left = hand.minus(&from_hand);
            if opened {
                if has_discard(&left.plus(&rest_of_pile), false) {
                    out.push(vec![m0]);
                }
                continue;
            }
            // Unopened: m0 plus natural melds from the rest of the hand, ≥ opening_min.
            let v0 = meld_value(r, &m0);
            if v0 >= r.opening_min && has_discard(&left.plus(&rest_of_pile), false) {
                out.push(vec![m0.clone()]);
            }
            let cands = all_melds(r, &left, false);
            for (ms, used) in openings(r, &cands, &left, r.opening_min - v0) {
                if has_discard(&left.minus(&used).plus(&rest_of_pile), false) {
                    let mut all = vec![m0.clone()];
                    all.extend(ms);
                    out.push(all);
                }
            }
        }
        out
    }

    // ---- applying ----

    /// Applies a legal action (checked against [`RummyState::legal_actions`]); a refused
    /// action changes nothing.
    pub fn try_apply(&mut self, a: &Action) -> Result<(), ActionError> {
        if !self.legal_actions().contains(a) {
            return Err(ActionError::NotLegal(self.phase));
        }
        self.apply_unchecked(a);
        Ok(())
    }

    /// Lays `m` down as a new meld of seat `p`, with its lay-off mask.
    #[inline]
    fn push_meld(&mut self, p: usize, m: Meld) {
        let mask = meld_lay_off_mask(&self.rules, &m);
        self.melds[p].push(m);
        self.lay_off_by_meld[p].push(mask);
        self.lay_off[p] |= mask;
    }

    /// Takes the cards of `m` (held) out of seat `p`'s hand and its [`Held`] masks.
    #[inline]
    fn take_meld_from_hand(&mut self, p: usize, m: &[u8]) {
        let (hand, held) = (&mut self.hands[p], &mut self.held[p]);
        for &c in m {
            hand.remove(c);
            held.remove(c);
        }
    }

    /// Applies an action known to be legal.
    pub fn apply_unchecked(&mut self, a: &Action) {
        self.apply(a.clone());
    }

    /// Applies an action known to be legal, its melds moved into the state (no copy).
    pub fn apply(&mut self, a: Action) {
        if let Some(log) = &mut self.log {
            log.events.push(Event::Action(a.clone()));
        }
        let p = usize::from(self.current);
        match a {
            Action::Draw => {
                let c = self.stock.pop().unwrap_or(0);
                self.hands[p].add(c);
                self.held[p].add(c);
                if self.blocked[p] {
                    self.drawn = Some(c);
                    self.phase = Phase::Discard;
                } else {
                    self.phase = Phase::Meld;
                }
                if self.lone_queen && c == QS {
                    self.queen_exception = true;
                    if self.blocked[p] {
                        self.drawn = Some(QS);
                    }
                }
            }
            Action::TakePile(ms) => {
                let top = self.pile.pop().unwrap_or(0);
                let mut hand = self.hands[p];
                hand.add(top);
                for m in ms {
                    hand = hand.minus(&Multiset::from_ids(&m));
                    self.push_meld(p, m);
                }
                for c in self.pile.drain(..) {
                    hand.add(c);
                }
                self.hands[p] = hand;
                self.held[p] = Held::of(&hand);
                if !self.opened[p] {
                    self.opened[p] = true;
                    self.opening_turn = true;
                }
                self.phase = Phase::Meld;
            }
            Action::Open(ms) => {
                for m in ms {
                    self.take_meld_from_hand(p, &m);
                    self.push_meld(p, m);
                }
                self.opened[p] = true;
                self.opening_turn = true;
            }
            Action::Meld(m) => {
                self.take_meld_from_hand(p, &m);
                self.push_meld(p, m);
            }
            Action::LayOff(i, c, e) => {
                let mask = self.melds[p]
                    .get_mut(i)
                    .and_then(|m| lay_off_in_place(&self.rules, m, c, e));
                if let Some(mask) = mask {
                    self.hands[p].remove(c);
                    self.held[p].remove(c);
                    let by = &mut self.lay_off_by_meld[p];
                    by[i] = mask;
                    self.lay_off[p] = by.iter().fold(0, |a, &b| a | b);
                }
            }
            Action::End => self.phase = Phase::Discard,
            Action::Discard(c) => {
                self.hands[p].remove(c);
                self.held[p].remove(c);
                self.pile.push(c);
                self.end_turn();
            }
        }
        debug_assert!(self.masks_in_step());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::meld::all_melds;
    use crate::rummy::sim::{batch_redeal, batch_state, policy_action, RummyPolicy};

    /// Rule variants: players, hand sizes, jokers, upcard and stock end.
    fn variants() -> Vec<RummyRules> {
        vec![
            RummyRules::default(),
            RummyRules {
                max_jokers_per_meld: None,
                initial_upcard: false,
                ..RummyRules::default()
            },
            RummyRules {
                players: 2,
                hand_size: 7,
                opening_min: 0,
                max_jokers_per_meld: None,
                ..RummyRules::default()
            },
            RummyRules {
                players: 5,
                hand_size: 20,
                opening_min: 80,
                stock_exhausted: StockExhausted::EndHand,
                ..RummyRules::default()
            },
            RummyRules {
                players: 6,
                hand_size: 17,
                max_turns_per_hand: 30,
                ..RummyRules::default()
            },
        ]
    }

    /// Plays `s` to its end, greedy but one move in four random (varied positions), checking
    /// the per-seat scores against the card lists on the way.
    fn play(s: &mut RummyState, rng: &mut Rng) {
        while !s.is_over() {
            let policy = if rng.below(4) == 0 {
                RummyPolicy::Random
            } else {
                RummyPolicy::Greedy
            };
            let a = policy_action(policy, s, rng).unwrap();
            s.apply_unchecked(&a);
            assert!(s.masks_in_step());
            let by_lists: Vec<i64> = (0..usize::from(s.rules.players))
                .map(|p| {
                    let melded: i64 = s.melds[p].iter().map(|m| meld_value(&s.rules, m)).sum();
                    let held: i64 = s.hands[p]
                        .to_vec()
                        .iter()
                        .map(|&c| card_value(&s.rules, c))
                        .sum();
                    melded - held
                })
                .collect();
            assert_eq!(s.hand_scores(), by_lists);
        }
    }

    /// Everything of two states: the position, the generator, the masks and the log.
    fn assert_same(a: &RummyState, b: &RummyState) {
        assert_eq!(a, b);
        assert_eq!(a.rng(), b.rng());
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        assert!(a.masks_in_step() && b.masks_in_step());
        assert!(a.log().is_none() && b.log().is_none());
    }

    #[test]
    fn a_redealt_state_is_a_fresh_deal() {
        let rules = variants();
        let mut rng = Rng::new(3);
        // One state dealt again and again, across rule variants (the player count changes).
        let mut s = batch_state(&rules[0], 1, 0);
        for case in 0..150u64 {
            let r = &rules[case as usize % rules.len()];
            let (seed, index) = (rng.next_u64() % 1000, rng.next_u64() % 10_000);
            batch_redeal(&mut s, r, seed, index);
            let fresh = batch_state(r, seed, index);
            assert_same(&s, &fresh);
            // Both play on alike (the same reshuffles) to the end of the hand.
            let mut t = fresh;
            let (mut r1, mut r2) = (Rng::new(case), Rng::new(case));
            play(&mut s, &mut r1);
            play(&mut t, &mut r2);
            assert_same(&s, &t);
        }
        // Given totals and dealer, as `deal`.
        let r = &rules[0];
        let totals = [5, -7, 300, 0];
        for dealer in 0..4 {
            let fresh = RummyState::deal(r, dealer, 9, totals.to_vec(), Rng::new(7));
            s.redeal(r, dealer, 9, &totals, Rng::new(7));
            assert_same(&s, &fresh);
        }
    }

    #[test]
    fn a_lay_off_in_place_is_lay_off_result() {
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for rules in variants() {
            for _ in 0..60 {
                let mut deck = Multiset::deck().to_vec();
                rng.shuffle(&mut deck);
                let n = 8 + rng.below(40) as usize;
                let hand = Multiset::from_ids(&deck[..n]);
                for meld in all_melds(&rules, &hand, true) {
                    assert_eq!(
                        meld_lay_off_mask(&rules, &meld),
                        meld_lay_off_mask_by_candidates(&rules, &meld)
                    );
                    for card in 0..=JOKER {
                        for end in [End::Low, End::High, End::Set] {
                            let want = lay_off_result(&rules, &meld, card, end);
                            let mut m = meld.clone();
                            let mask = lay_off_in_place(&rules, &mut m, card, end);
                            match want {
                                Some(w) => {
                                    assert_eq!(m, w);
                                    let by = meld_lay_off_mask_by_candidates(&rules, &w);
                                    assert_eq!(mask, Some(by));
                                    checked += 1;
                                }
                                None => assert_eq!((mask, &m), (None, &meld)),
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
