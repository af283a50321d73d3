//! Cards as multisets, melds (docs/rules/rummy.md C-6..C-9) and their generation from a hand.
//!
//! Card ids are the 52 French faces of the other games (`suit * 13 + rank`, rank 0 = "2"
//! … 12 = "A") and 52 for a joker (all four jokers are the same card). A hand is a
//! [`Multiset`] of per-id counts: two decks give at most two of each face.
//!
//! A meld is a canonical sequence of card ids: a set lists its natural cards in ascending
//! id order, then its jokers; a run lists its cards by position from low to high, a joker
//! at the position it stands for, the ace first when low (A-2-3) and last when high
//! (Q-K-A). A run position `p` is 0 for the low ace, 1..=12 for "2".."K" and 13 for the
//! high ace.

use super::rules::RummyRules;

/// The joker's card id.
pub const JOKER: u8 = 52;
/// Q♠.
pub const QUEEN_OF_SPADES: u8 = 49;
/// Number of distinct card ids (52 faces and the joker).
pub const IDS: usize = 53;

/// A multiset of cards: the count of each id.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Multiset(pub [u8; IDS]);

impl Default for Multiset {
    fn default() -> Self {
        Multiset::EMPTY
    }
}

impl Multiset {
    /// No card.
    pub const EMPTY: Multiset = Multiset([0; IDS]);

    /// The multiset of a list of ids (each < 53) the engine holds: at most the deck's
    /// copies of each, so that no one-byte count can wrap. Cards from outside the engine go
    /// through [`Multiset::within_deck`].
    pub fn from_ids(ids: &[u8]) -> Multiset {
        let mut m = Multiset::EMPTY;
        for &c in ids {
            m.0[usize::from(c)] += 1;
        }
        m
    }

    /// The multiset of cards given from outside the engine (ids < 53), counted in a type
    /// that cannot wrap: `Err((id, copies))` for the first id held more often than the
    /// 108-card deck holds it (C-2).
    ///
    /// ```
    /// use hearts_engine::rummy::{Multiset, JOKER};
    /// assert_eq!(Multiset::within_deck(&[5, 5, JOKER]).map(|m| m.len()), Ok(3));
    /// assert_eq!(Multiset::within_deck(&[5; 258]), Err((5, 258)));
    /// ```
    pub fn within_deck(ids: &[u8]) -> Result<Multiset, (u8, usize)> {
        let mut copies = [0usize; IDS];
        for &c in ids {
            copies[usize::from(c)] += 1;
        }
        let deck = Multiset::deck();
        let mut m = Multiset::EMPTY;
        for (id, (&n, slot)) in copies.iter().zip(m.0.iter_mut()).enumerate() {
            let id = id as u8;
            match u8::try_from(n) {
                Ok(k) if k <= deck.count(id) => *slot = k,
                _ => return Err((id, n)),
            }
        }
        Ok(m)
    }

    /// The 108-card deck: two of each face, four jokers.
    pub fn deck() -> Multiset {
        let mut m = Multiset([2; IDS]);
        m.0[usize::from(JOKER)] = 4;
        m
    }

    /// Copies of `id`.
    #[inline]
    pub fn count(&self, id: u8) -> u8 {
        self.0[usize::from(id)]
    }

    /// Number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        const LANES: u64 = 0x00ff_00ff_00ff_00ff;
        let mut n = 0usize;
        for chunk in self.0[..48].chunks_exact(8) {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            let x = u64::from_le_bytes(b);
            // Four 16-bit sums of byte pairs (each <= 510), then their sum (<= 2040).
            let pairs = (x & LANES) + (x >> 8 & LANES);
            n += (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
        }
        n + self.0[48..].iter().map(|&c| usize::from(c)).sum::<usize>()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// Adds one copy of `id`.
    #[inline]
    pub fn add(&mut self, id: u8) {
        self.0[usize::from(id)] += 1;
    }

    /// Removes one copy of `id` (which must be there).
    #[inline]
    pub fn remove(&mut self, id: u8) {
        debug_assert!(self.0[usize::from(id)] > 0);
        self.0[usize::from(id)] -= 1;
    }

    /// Whether `other` is contained in `self` (counts included).
    pub fn contains_all(&self, other: &Multiset) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// `self` minus `other` (which it must contain).
    pub fn minus(&self, other: &Multiset) -> Multiset {
        let mut m = *self;
        for (a, b) in m.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
        m
    }

    /// `self` plus `other`.
    pub fn plus(&self, other: &Multiset) -> Multiset {
        let mut m = *self;
        for (a, b) in m.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
        m
    }

    /// Bit `id` set for each face id (0..52) held at least `k` (1..=127) times (jokers
    /// left out), from eight counts at a time.
    #[inline]
    pub fn faces_held(&self, k: u8) -> u64 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let add = u64::from_le_bytes([0x80 - k; 8]);
        // Bit i of the result: byte i of `x` is at least k (its high bit, or its low 7 bits
        // plus 128 - k reach 128 without a carry into the next byte).
        let at_least = |x: u64| -> u64 {
            let high = (((x & LOW7) + add) | x) & !LOW7;
            (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
        };
        let mut m = 0u64;
        for (i, chunk) in self.0[..48].chunks_exact(8).enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            m |= at_least(u64::from_le_bytes(b)) << (8 * i);
        }
        let tail = [self.0[48], self.0[49], self.0[50], self.0[51], 0, 0, 0, 0];
        m | at_least(u64::from_le_bytes(tail)) << 48
    }

    /// The ids in ascending order, repeated by count.
    pub fn to_vec(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(self.len());
        for (id, &c) in self.0.iter().enumerate() {
            for _ in 0..c {
                v.push(id as u8);
            }
        }
        v
    }
}

/// `id / 13` and `id % 13` for every byte (a table read instead of a division).
const DIV13: [[u8; 256]; 2] = {
    let mut t = [[0u8; 256]; 2];
    let mut i = 0;
    while i < 256 {
        t[0][i] = (i / 13) as u8;
        t[1][i] = (i % 13) as u8;
        i += 1;
    }
    t
};

/// The suit (0..=3) of a face id (`id / 13`).
#[inline]
pub const fn suit_of(id: u8) -> u8 {
    DIV13[0][id as usize]
}

/// The rank (0 = "2" … 12 = "A") of a face id (`id % 13`).
#[inline]
pub const fn rank_of(id: u8) -> u8 {
    DIV13[1][id as usize]
}

/// The face id at run position `p` (0 and 13: the ace) of suit `s`.
#[inline]
pub const fn card_at(s: u8, p: u8) -> u8 {
    if p == 0 || p == 13 {
        s * 13 + 12
    } else {
        s * 13 + p - 1
    }
}

/// The kind of a meld.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum MeldKind {
    /// Same rank (C-6).
    Set,
    /// Consecutive positions of one suit (C-7): `suit` and the position of the first card.
    Run {
        /// The suit.
        suit: u8,
        /// The position of the first card (0 = low ace).
        start: u8,
    },
}

/// C-5 value of a card in hand (and of a natural card in a set or in a run away from the
/// low-ace position): A 11, 2–10 face, J/Q/K 10, Q♠ `q_spades_value`, joker `joker_value`.
pub fn card_value(rules: &RummyRules, id: u8) -> i64 {
    if id == JOKER {
        return rules.joker_value;
    }
    if id == QUEEN_OF_SPADES {
        return rules.q_spades_value;
    }
    i64::from(FACE_VALUE[usize::from(id)])
}

/// The C-5 value of face `id` (< 52) by its rank (A 11, 2–10 face, J/Q/K 10): [`card_value`]
/// but for Q♠, whose value the rules set.
#[inline]
pub(super) fn face_value(id: u8) -> i64 {
    i64::from(FACE_VALUE[usize::from(id)])
}

/// The C-5 value of every byte read as a face id, by its rank [`rank_of`] (A 11, 2–10 face,
/// J/Q/K 10): [`card_value`] but for the joker and Q♠, from a table.
const FACE_VALUE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let r = DIV13[1][i];
        t[i] = match r {
            12 => 11,
            0..=8 => r + 2,
            _ => 10,
        };
        i += 1;
    }
    t
};

/// Why a card sequence is not a meld, or what meld it is.
pub fn meld_kind(rules: &RummyRules, meld: &[u8]) -> Option<MeldKind> {
    let len = meld.len();
    if len < 3 || meld.iter().any(|&c| usize::from(c) >= IDS) {
        return None;
    }
    let jokers = meld.iter().fold(0, |n, &c| n + usize::from(c == JOKER));
    let naturals = len - jokers;
    if naturals < 2
        || (rules
            .max_jokers_per_meld
            .is_some_and(|m| jokers > usize::from(m)))
    {
        return None;
    }
    // Set: naturals of one rank in ascending order, then the jokers (C-6: at most 8).
    let nat = &meld[..naturals];
    if meld[naturals..].iter().all(|&c| c == JOKER)
        && nat
            .iter()
            .all(|&c| c != JOKER && rank_of(c) == rank_of(nat[0]))
        && nat.windows(2).all(|w| w[0] <= w[1])
    {
        return (len <= 8).then_some(MeldKind::Set);
    }
    // Run: positions start.. of one suit (C-7), at most 14 cards.
    if len > 14 {
        return None;
    }
    let (k, &first) = meld.iter().enumerate().find(|(_, &c)| c != JOKER)?;
    let suit = suit_of(first);
    let pos = |c: u8| -> [Option<u8>; 2] {
        match rank_of(c) {
            12 => [Some(0), Some(13)],
            r => [Some(r + 1), None],
        }
    };
    'start: for p in pos(first).into_iter().flatten() {
        let Some(start) = p.checked_sub(k as u8) else {
            continue;
        };
        if usize::from(start) + len > 14 {
            continue;
        }
        for (i, &c) in meld.iter().enumerate() {
            if c != JOKER && c != card_at(suit, start + i as u8) {
                continue 'start;
            }
        }
        return Some(MeldKind::Run { suit, start });
    }
    None
}

/// The kind of a meld already known to be valid, read off its first two natural cards
/// (cheaper than [`meld_kind`], which validates).
pub fn known_kind(meld: &[u8]) -> MeldKind {
    let mut nat = meld.iter().enumerate().filter(|(_, &c)| c != JOKER);
    let (i1, &c1) = nat.next().unwrap_or((0, &0));
    let c2 = nat.next().map_or(c1, |(_, &c)| c);
    if rank_of(c1) == rank_of(c2) {
        return MeldKind::Set;
    }
    let p1 = match rank_of(c1) {
        12 if i1 == 0 => 0,
        12 => 13,
        r => r + 1,
    };
    MeldKind::Run {
        suit: suit_of(c1),
        start: p1 - i1 as u8,
    }
}

/// Whether `meld` is a valid canonical meld under `rules` (C-6..C-8).
pub fn is_valid_meld(rules: &RummyRules, meld: &[u8]) -> bool {
    meld_kind(rules, meld).is_some()
}

/// Whether `meld` is a valid canonical meld under `rules` (C-6..C-8) made of card ids
/// (0..=52) the 108-card deck can hold (C-2): what a meld given from outside the engine must
/// be.
///
/// ```
/// use hearts_engine::rummy::{is_deck_meld, RummyRules, JOKER};
/// let r = RummyRules { max_jokers_per_meld: None, ..Default::default() };
/// assert!(is_deck_meld(&r, &[0, 1, JOKER]));
/// assert!(!is_deck_meld(&r, &[0, 1, 60]));
/// ```
pub fn is_deck_meld(rules: &RummyRules, meld: &[u8]) -> bool {
    meld.iter().all(|&c| usize::from(c) < IDS)
        && Multiset::within_deck(meld).is_ok()
        && is_valid_meld(rules, meld)
}

/// The C-9 value of a valid meld: C-5 values, the ace 1 in the low position of a run.
pub fn meld_value(rules: &RummyRules, meld: &[u8]) -> i64 {
    // In a valid canonical meld a natural ace comes first either in a set of aces (all its
    // naturals aces) or as the low ace of a run (another natural rank follows).
    let low_ace = meld
        .first()
        .is_some_and(|&c| c != JOKER && rank_of(c) == 12)
        && meld.iter().any(|&c| c != JOKER && rank_of(c) != 12);
    // A joker standing for the low ace keeps its own value (C-5: "wherever it is"), so
    // only a natural low ace counts 1.
    debug_assert!(
        !is_valid_meld(rules, meld)
            || low_ace
                == (meld.first() != Some(&JOKER)
                    && matches!(meld_kind(rules, meld), Some(MeldKind::Run { start: 0, .. })))
    );
    meld.iter()
        .enumerate()
        .map(|(i, &c)| {
            if i == 0 && low_ace && c != JOKER {
                1
            } else {
                card_value(rules, c)
            }
        })
        .sum()
}

/// Every valid canonical meld that can be formed from `hand` (jokers only if
/// `allow_jokers`), each once, in ascending lexicographic order.
pub fn all_melds(rules: &RummyRules, hand: &Multiset, allow_jokers: bool) -> Vec<Vec<u8>> {
    let mut out = melds_with(rules, hand, allow_jokers, None);
    out.sort_unstable();
    out
}

/// [`all_melds`] restricted to the melds holding the face card `must` (`None`: all), each
/// once, in generation order (not sorted). Only the rank of `must` is searched for sets,
/// and only the windows of its suit that cover its position for runs.
pub fn melds_with(
    rules: &RummyRules,
    hand: &Multiset,
    allow_jokers: bool,
    must: Option<u8>,
) -> Vec<Vec<u8>> {
    let mut out = Vec::with_capacity(32);
    for_each_meld(rules, hand, allow_jokers, must, &mut |m: &[u8]| {
        out.push(m.to_vec());
    });
    out
}

/// A set of `rank` (C-6): `nat[s]` copies of the card of suit `s`, suit by suit, then jokers
/// up to 8 cards (the caller keeps as many as the meld has).
#[inline(always)]
fn set_cards(rank: u8, nat: [u8; 4]) -> [u8; 8] {
    let mut m = [JOKER; 8];
    let mut k = 0;
    for (s, &copies) in nat.iter().enumerate() {
        for _ in 0..copies {
            m[k] = s as u8 * 13 + rank;
            k += 1;
        }
    }
    m
}

/// Calls `f` with each meld [`melds_with`] lists, in the same order, each built in a stack
/// buffer (nothing is allocated).
pub(super) fn for_each_meld(
    rules: &RummyRules,
    hand: &Multiset,
    allow_jokers: bool,
    must: Option<u8>,
    f: &mut impl FnMut(&[u8]),
) {
    let have_j = if allow_jokers { hand.count(JOKER) } else { 0 };
    let max_j = rules.max_jokers_per_meld.map_or(have_j, |m| m.min(have_j));
    // Sets (C-6): per rank, every choice of 0..=count copies per suit, plus jokers.
    for rank in 0..13u8 {
        if must.is_some_and(|c| rank_of(c) != rank) {
            continue;
        }
        let counts: [u8; 4] = std::array::from_fn(|s| hand.count(s as u8 * 13 + rank));
        if counts.iter().sum::<u8>() < 2 {
            continue;
        }
        for c0 in 0..=counts[0] {
            for c1 in 0..=counts[1] {
                for c2 in 0..=counts[2] {
                    for c3 in 0..=counts[3] {
                        let nat = [c0, c1, c2, c3];
                        let n: u8 = nat.iter().sum();
                        if n < 2 {
                            continue;
                        }
                        for j in 0..=max_j {
                            let len = n + j;
                            if !(3..=8).contains(&len) {
                                continue;
                            }
                            f(&set_cards(rank, nat)[..usize::from(len)]);
                        }
                    }
                }
            }
        }
    }
    // Runs (C-7): per suit and window of positions, every placement of at most `max_j`
    // jokers leaving >= 2 naturals the hand holds (both aces of a 14-card run need 2).
    // The run positions of `must` (an ace has two).
    let must_pos: u32 = must.map_or(!0, |c| match rank_of(c) {
        12 => 1 | 1 << 13,
        r => 1 << (r + 1),
    });
    for suit in 0..4u8 {
        if must.is_some_and(|c| suit_of(c) != suit) {
            continue;
        }
        // Bit p: the hand holds the card of position p (0 and 13: the ace).
        let held: u32 = (0..14u8).fold(0, |m, p| {
            m | u32::from(hand.count(card_at(suit, p)) > 0) << p
        });
        if !two_or_more(held) {
            continue;
        }
        // A start whose 3-card window already misses more than max_j positions yields
        // nothing (the loop below would stop at once): only the others are visited.
        let (a, b, c) = (held, held >> 1, held >> 2);
        let mut starts = match max_j {
            0 => a & b & c,
            1 => (a & b) | (a & c) | (b & c),
            _ => !0,
        } & 0xfff;
        while starts != 0 {
            let start = starts.trailing_zeros() as u8;
            starts &= starts - 1;
            for len in 3..=(14 - start) {
                // Quick rejection on the masks: too many missing positions, or < 2 held.
                let window = ((1u32 << len) - 1) << start;
                if window & must_pos == 0 {
                    continue;
                }
                // Longer windows only miss more: stop at the first one missing too many.
                if more_than(window & !held, u32::from(max_j)) {
                    break;
                }
                if !two_or_more(window & held) {
                    continue;
                }
                run_window_melds(hand, suit, start, len, max_j, f);
            }
        }
    }
}

/// Calls `f` with each meld of the run window of `suit` from position `start`, `len`
/// cards, in [`for_each_meld`]'s order: every placement of at most `max_j` jokers (the
/// positions `hand` cannot supply among them) leaving >= 2 naturals. The window misses at
/// most `max_j` positions and holds >= 2.
fn run_window_melds(
    hand: &Multiset,
    suit: u8,
    start: u8,
    len: u8,
    max_j: u8,
    f: &mut impl FnMut(&[u8]),
) {
    let mut buf = [0u8; 14];
    for (slot, p) in buf.iter_mut().zip(start..start + len) {
        *slot = card_at(suit, p);
    }
    let cards = &buf[..usize::from(len)];
    // Positions whose card the hand cannot supply must be jokers. Only the ace of a
    // 14-card run is needed twice: with one ace held, either end may be the joker, so
    // there are two forced sets.
    let mut forced = 0u32;
    for (i, &c) in cards.iter().enumerate() {
        if hand.count(c) == 0 {
            forced |= 1 << i;
        }
    }
    // (forced positions, positions never a joker): the second variant leaves the low ace
    // natural, so no mask is produced twice.
    let mut variants = [(forced, 0u32), (0, 0)];
    let mut count = 1;
    if len == 14 && hand.count(cards[0]) == 1 {
        variants = [(forced | 1, 0), (forced | 1 << 13, 1)];
        count = 2;
    }
    for &(forced, keep) in &variants[..count] {
        if more_than(forced, u32::from(max_j)) {
            continue;
        }
        // Every joker mask containing `forced` with at most max_j jokers.
        let mut free_buf = [0usize; 14];
        let mut nfree = 0;
        for i in 0..usize::from(len) {
            if (forced | keep) >> i & 1 == 0 {
                free_buf[nfree] = i;
                nfree += 1;
            }
        }
        let free = &free_buf[..nfree];
        let extra = u32::from(max_j) - few_ones(forced);
        for_subsets(free, extra as usize, &mut |sub: u32| {
            let mask = forced | sub;
            if u32::from(len) - few_ones(mask) < 2 {
                return;
            }
            let mut m = [0u8; 14];
            for (i, (slot, &c)) in m.iter_mut().zip(cards).enumerate() {
                *slot = if mask >> i & 1 != 0 { JOKER } else { c };
            }
            f(&m[..usize::from(len)]);
        });
    }
}

/// A number ordered as card sequences are (lexicographically, a prefix first): the cards
/// plus one, big-endian, then zeros (a meld has at most 14 cards).
#[inline]
pub(super) fn meld_key(m: &[u8]) -> u128 {
    let mut b = [0u8; 16];
    for (slot, &c) in b.iter_mut().zip(m) {
        *slot = c + 1;
    }
    u128::from_be_bytes(b)
}

/// The card sequence of a [`meld_key`]: the cards and their number.
pub(super) fn key_cards(key: u128) -> ([u8; 14], usize) {
    let b = key.to_be_bytes();
    let mut cards = [0u8; 14];
    let mut n = 0;
    while n < 14 && b[n] != 0 {
        cards[n] = b[n] - 1;
        n += 1;
    }
    (cards, n)
}

/// The C-5 value of a natural card by run position (the low ace 1, "2".."K", the high ace),
/// Q♠ apart; position `r + 1` is rank `r`'s value.
const POS_VALUE: [i64; 14] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11];

/// The best meld [`for_each_meld`] lists (with `must`, only those holding the card `must`)
/// that `accept(cards, Q♠ among them)` admits: the most valuable ([`meld_value`]), on a tie
/// the smallest card sequence, as (value, [`meld_key`]); `None` when there is none.
/// `held` holds the masks of `hand`.
///
/// The same choice as visiting every meld, without visiting them: a set's copies and
/// jokers are chosen by value, and a run window's best joker placement is derived directly
/// (a joker goes where it gains most over the natural card it replaces, the latest such
/// position on a tie, as a natural card sorts before the joker). Only a window whose best
/// meld `accept` refuses, and the 14-card window, have every meld visited.
#[inline(never)]
pub(super) fn best_meld(
    rules: &RummyRules,
    hand: &Multiset,
    held: &Held,
    allow_jokers: bool,
    must: Option<u8>,
    accept: &impl Fn(usize, usize) -> bool,
) -> Option<(i64, u128)> {
    debug_assert_eq!(*held, Held::of(hand));
    let have_j = if allow_jokers { hand.count(JOKER) } else { 0 };
    let max_j = rules.max_jokers_per_meld.map_or(have_j, |m| m.min(have_j));
    let jv = rules.joker_value;
    let mut best: Option<(i64, u128)> = None;
    let better = |best: &Option<(i64, u128)>, v: i64, key: u128| {
        best.map_or(true, |(bv, bk)| v > bv || (v == bv && key < bk))
    };
    // Whether a meld of value `v` may be as good as the best so far.
    let may = |best: &Option<(i64, u128)>, v: i64| best.map_or(true, |(bv, _)| v >= bv);
    // Every meld of a group, one by one (the groups whose best meld is refused).
    let visit = |best: &mut Option<(i64, u128)>, m: &[u8]| {
        if must.is_some_and(|c| !m.contains(&c)) {
            return;
        }
        let q = m
            .iter()
            .fold(0, |n, &c| n + usize::from(c == QUEEN_OF_SPADES));
        if !accept(m.len(), q) {
            return;
        }
        let (v, key) = (meld_value(rules, m), meld_key(m));
        if better(best, v, key) {
            *best = Some((v, key));
        }
    };
    // Sets (C-6): per rank of >= 2 naturals, every choice of copies per suit and jokers,
    // valued from counts.
    let (three, two) = set_ranks(held);
    let mut ranks = three | two;
    if let Some(c) = must {
        ranks &= 1 << rank_of(c);
    }
    while ranks != 0 {
        let rank = ranks.trailing_zeros() as u8;
        ranks &= ranks - 1;
        let counts: [u8; 4] = std::array::from_fn(|s| hand.count(s as u8 * 13 + rank));
        let mut vals = [POS_VALUE[usize::from(rank) + 1]; 4];
        if rank == rank_of(QUEEN_OF_SPADES) {
            vals[usize::from(suit_of(QUEEN_OF_SPADES))] = rules.q_spades_value;
        }
        let top: i64 = (0..4).map(|s| i64::from(counts[s]) * vals[s]).sum();
        if !may(&best, top + i64::from(max_j) * jv) {
            continue;
        }
        let total = counts.iter().sum::<u8>();
        if rank != rank_of(QUEEN_OF_SPADES) && total <= 8 {
            // Every natural is worth the same: the best n naturals are the n smallest
            // copies (with `must`: the n - 1 smallest and `must`, when not among them).
            let copies = set_cards(rank, counts);
            for n in 2..=total {
                let mut m = copies;
                let k = usize::from(n);
                if let Some(c) = must {
                    if !m[..k].contains(&c) {
                        m[k - 1] = c;
                    }
                }
                for j in 0..=max_j {
                    let len = n + j;
                    if !(3..=8).contains(&len) {
                        continue;
                    }
                    let v = i64::from(n) * vals[0] + i64::from(j) * jv;
                    if !may(&best, v) || !accept(usize::from(len), 0) {
                        continue;
                    }
                    let mut mj = m;
                    mj[k..].fill(JOKER);
                    let key = meld_key(&mj[..usize::from(len)]);
                    if better(&best, v, key) {
                        best = Some((v, key));
                    }
                }
            }
            continue;
        }
        let must_suit = must.map(suit_of);
        for c0 in 0..=counts[0] {
            for c1 in 0..=counts[1] {
                for c2 in 0..=counts[2] {
                    for c3 in 0..=counts[3] {
                        let nat = [c0, c1, c2, c3];
                        if must_suit.is_some_and(|s| nat[usize::from(s)] == 0) {
                            continue;
                        }
                        let n: u8 = nat.iter().sum();
                        if n < 2 {
                            continue;
                        }
                        let nv: i64 = (0..4).map(|s| i64::from(nat[s]) * vals[s]).sum();
                        let q = if rank == 10 { usize::from(c3) } else { 0 };
                        for j in 0..=max_j {
                            let len = n + j;
                            if !(3..=8).contains(&len) {
                                continue;
                            }
                            let v = nv + i64::from(j) * jv;
                            if !may(&best, v) || !accept(usize::from(len), q) {
                                continue;
                            }
                            let key = meld_key(&set_cards(rank, nat)[..usize::from(len)]);
                            if better(&best, v, key) {
                                best = Some((v, key));
                            }
                        }
                    }
                }
            }
        }
    }
    // Runs (C-7): the windows for_each_meld visits.
    let must_pos: u32 = must.map_or(!0, |c| match rank_of(c) {
        12 => 1 | 1 << 13,
        r => 1 << (r + 1),
    });
    for suit in 0..4u8 {
        if must.is_some_and(|c| suit_of(c) != suit) {
            continue;
        }
        // Bit p: the hand holds the card of position p (0 and 13: the ace).
        let faces = (held.one >> (13 * suit)) as u32 & 0x1fff;
        let held = (faces << 1) | (faces >> 12 & 1);
        if !two_or_more(held) {
            continue;
        }
        // The value of the natural card at each position, and Q♠'s position.
        let mut val = POS_VALUE;
        let mut queen = 0u32;
        if suit == suit_of(QUEEN_OF_SPADES) {
            let p = rank_of(QUEEN_OF_SPADES) + 1;
            val[usize::from(p)] = rules.q_spades_value;
            queen = 1 << p;
        }
        let (a, b, c) = (held, held >> 1, held >> 2);
        let mut starts = match max_j {
            0 => a & b & c,
            1 => (a & b) | (a & c) | (b & c),
            _ => !0,
        } & 0xfff;
        while starts != 0 {
            let start = starts.trailing_zeros() as u8;
            starts &= starts - 1;
            // The value of the window with every held position natural, the others jokers.
            let mut base = 0i64;
            for len in 3..=(14 - start) {
                let window = ((1u32 << len) - 1) << start;
                if len == 3 {
                    for p in start..start + 3 {
                        base += if held >> p & 1 != 0 {
                            val[usize::from(p)]
                        } else {
                            jv
                        };
                    }
                } else {
                    let p = start + len - 1;
                    base += if held >> p & 1 != 0 {
                        val[usize::from(p)]
                    } else {
                        jv
                    };
                }
                if window & must_pos == 0 {
                    continue;
                }
                let forced = window & !held;
                if more_than(forced, u32::from(max_j)) {
                    break;
                }
                let nat = window & held;
                if !two_or_more(nat) {
                    continue;
                }
                if len == 14 {
                    // Both ends are the ace: every meld, one by one.
                    run_window_melds(hand, suit, start, len, max_j, &mut |m: &[u8]| {
                        visit(&mut best, m);
                    });
                    continue;
                }
                // At most `extra` more jokers, keeping 2 naturals and `must` natural.
                let extra = (u32::from(max_j) - few_ones(forced)).min(few_ones(nat) - 2);
                if !may(&best, base + i64::from(extra) * jv) {
                    continue;
                }
                let mut free = nat & !(must_pos & if must.is_some() { !0 } else { 0 });
                let mut jokers = forced;
                let mut v = base;
                for _ in 0..extra {
                    // The position gaining most, the latest on a tie; none if no gain.
                    let (mut gain, mut at) = (0i64, None);
                    let mut left = free;
                    while left != 0 {
                        let p = left.trailing_zeros();
                        left &= left - 1;
                        let g = jv - val[p as usize];
                        if g > 0 && g >= gain {
                            (gain, at) = (g, Some(p));
                        }
                    }
                    let Some(p) = at else { break };
                    v += gain;
                    jokers |= 1 << p;
                    free &= !(1 << p);
                }
                if !may(&best, v) {
                    continue;
                }
                let q = usize::from(nat & !jokers & queen != 0);
                if !accept(usize::from(len), q) {
                    run_window_melds(hand, suit, start, len, max_j, &mut |m: &[u8]| {
                        visit(&mut best, m);
                    });
                    continue;
                }
                let mut m = [0u8; 14];
                for (slot, p) in m.iter_mut().zip(start..start + len) {
                    *slot = if jokers >> p & 1 != 0 {
                        JOKER
                    } else {
                        card_at(suit, p)
                    };
                }
                let key = meld_key(&m[..usize::from(len)]);
                if better(&best, v, key) {
                    best = Some((v, key));
                }
            }
        }
    }
    best
}

/// Calls `f` with each natural meld (no joker) of `hand`: the melds
/// [`for_each_meld`] lists with `allow_jokers` false, in another order (sets, then runs by
/// suit, start and length), each built in a stack buffer.
pub(super) fn for_each_natural_meld(hand: &Held, f: &mut impl FnMut(&[u8])) {
    // Sets (C-6): per rank of >= 3 naturals, every choice of 0..=count copies per suit,
    // 3..=8 cards.
    let mut ranks = set_ranks(hand).0;
    while ranks != 0 {
        let rank = ranks.trailing_zeros() as u8;
        ranks &= ranks - 1;
        let counts: [u8; 4] = std::array::from_fn(|s| hand.count(s as u8 * 13 + rank));
        for c0 in 0..=counts[0] {
            for c1 in 0..=counts[1] {
                for c2 in 0..=counts[2] {
                    for c3 in 0..=counts[3] {
                        let nat = [c0, c1, c2, c3];
                        let n: u8 = nat.iter().sum();
                        if !(3..=8).contains(&n) {
                            continue;
                        }
                        f(&set_cards(rank, nat)[..usize::from(n)]);
                    }
                }
            }
        }
    }
    // Runs (C-7): every window of >= 3 held positions; the 14-card run needs both aces.
    for suit in 0..4u8 {
        let faces = (hand.one >> (13 * suit)) as u32 & 0x1fff;
        // Bit p: position p held (0 and 13: the ace).
        let held = (faces << 1) | (faces >> 12 & 1);
        let mut buf = [0u8; 14];
        for (p, slot) in buf.iter_mut().enumerate() {
            *slot = card_at(suit, p as u8);
        }
        // Only the starts of three held positions begin a natural run.
        let mut starts = held & held >> 1 & held >> 2 & 0xfff;
        while starts != 0 {
            let start = starts.trailing_zeros() as u8;
            starts &= starts - 1;
            for len in 3..=(14 - start) {
                let window = ((1u32 << len) - 1) << start;
                if window & !held != 0 {
                    break; // longer windows miss that position too
                }
                if len == 14 && hand.count(card_at(suit, 0)) < 2 {
                    continue;
                }
                f(&buf[usize::from(start)..usize::from(start + len)]);
            }
        }
    }
}

/// Whether `x` has at least two bits set (without a population count: the target has no
/// such instruction).
#[inline]
fn two_or_more(x: u32) -> bool {
    x & x.wrapping_sub(1) != 0
}

/// Whether `x` has more than `k` bits set, clearing at most `k` of them (`k` is a joker
/// limit: small).
#[inline]
fn more_than(mut x: u32, k: u32) -> bool {
    for _ in 0..k {
        if x == 0 {
            return false;
        }
        x &= x - 1;
    }
    x != 0
}

/// The bits set in `x`, one at a time (for masks of a few bits).
#[inline]
fn few_ones(mut x: u32) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// Calls `f` with every subset (as a bit mask over the positions in `items`) of at most `k`
/// elements of `items`.
fn for_subsets(items: &[usize], k: usize, f: &mut impl FnMut(u32)) {
    fn rec(items: &[usize], k: usize, acc: u32, f: &mut impl FnMut(u32)) {
        f(acc);
        if k == 0 {
            return;
        }
        for (i, &p) in items.iter().enumerate() {
            rec(&items[i + 1..], k - 1, acc | 1 << p, f);
        }
    }
    rec(items, k, 0, f);
}

/// The face cards of `hand` that belong to at least one meld [`all_melds`] could form from
/// it (jokers allowed), as a bit mask over face ids, computed from per-suit masks without
/// listing the melds. (Jokers are not reported.)
pub fn usable_cards(rules: &RummyRules, hand: &Multiset) -> u64 {
    usable_cards_with(rules, hand, true)
}

/// [`usable_cards`], with jokers only if `allow_jokers`.
pub fn usable_cards_with(rules: &RummyRules, hand: &Multiset, allow_jokers: bool) -> u64 {
    usable_from_held(rules, &Held::of(hand), allow_jokers)
}

/// A hand's per-face "held at least k times" masks (bit `id` for each face id 0..52) and
/// its jokers: what [`usable_from_held`] and [`card_usable_held`] read, kept up to date
/// card by card by the state (so that they need not be recomputed from the 53 counts).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub(super) struct Held {
    /// Faces held at least once.
    pub one: u64,
    /// Faces held at least twice.
    pub two: u64,
    /// Faces held at least three times (never in a hand the engine plays: the deck has two).
    pub three: u64,
    /// Jokers held.
    pub jokers: u8,
}

impl Held {
    /// The masks of `hand`, from its counts.
    #[inline]
    pub fn of(hand: &Multiset) -> Held {
        Held {
            one: hand.faces_held(1),
            two: hand.faces_held(2),
            three: hand.faces_held(3),
            jokers: hand.count(JOKER),
        }
    }

    /// Records that card `id` is now held `n` times.
    #[inline]
    pub fn set(&mut self, id: u8, n: u8) {
        if id == JOKER {
            self.jokers = n;
            return;
        }
        let bit = 1u64 << id;
        let put = |m: &mut u64, on: bool| *m = (*m & !bit) | if on { bit } else { 0 };
        put(&mut self.one, n >= 1);
        put(&mut self.two, n >= 2);
        put(&mut self.three, n >= 3);
    }

    /// Records one more copy of `id` (a count of at most 3 faces: the thermometer bits
    /// shift up).
    #[inline]
    pub fn add(&mut self, id: u8) {
        if id == JOKER {
            self.jokers = self.jokers.saturating_add(1);
            return;
        }
        let bit = 1u64 << id;
        self.three |= self.two & bit;
        self.two |= self.one & bit;
        self.one |= bit;
    }

    /// Records one copy fewer of `id` (held): the thermometer bits shift down.
    #[inline]
    pub fn remove(&mut self, id: u8) {
        if id == JOKER {
            self.jokers = self.jokers.saturating_sub(1);
            return;
        }
        let bit = 1u64 << id;
        self.one &= !bit | self.two;
        self.two &= !bit | self.three;
        self.three &= !bit;
    }

    /// Whether no card is held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.one == 0 && self.jokers == 0
    }

    /// Whether the only card held is a single Q♠.
    #[inline]
    pub fn is_lone_queen(&self) -> bool {
        self.one == 1 << QUEEN_OF_SPADES && self.two == 0 && self.jokers == 0
    }

    /// Copies of `id` held, counted up to 3 (jokers exactly).
    #[inline]
    pub fn count(&self, id: u8) -> u8 {
        if id == JOKER {
            return self.jokers;
        }
        (((self.one >> id) & 1) + ((self.two >> id) & 1) + ((self.three >> id) & 1)) as u8
    }
}

/// [`usable_cards_with`] from a hand's [`Held`] masks.
#[inline]
pub(super) fn usable_from_held(rules: &RummyRules, hand: &Held, allow_jokers: bool) -> u64 {
    let jokers = if allow_jokers { hand.jokers } else { 0 };
    let max_j = rules.max_jokers_per_meld.map_or(jokers, |m| m.min(jokers));
    usable_from_masks(&Held {
        jokers: max_j,
        ..*hand
    })
}

/// The last answer of [`usable_from_held`], kept by whoever asks for the same hand again
/// (the greedy policy asks in the meld phase and again for the discard of a turn).
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct UsableMemo {
    /// The masks, with the jokers one meld may use (the empty hand to begin with).
    key: Held,
    /// [`usable_from_masks`] of `key`.
    mask: u64,
}

impl UsableMemo {
    /// [`usable_from_held`], from the memo when the hand and joker allowance are the last.
    #[inline]
    pub fn usable(&mut self, rules: &RummyRules, hand: &Held, allow_jokers: bool) -> u64 {
        let jokers = if allow_jokers { hand.jokers } else { 0 };
        let key = Held {
            jokers: rules.max_jokers_per_meld.map_or(jokers, |m| m.min(jokers)),
            ..*hand
        };
        if key != self.key {
            *self = UsableMemo {
                key,
                mask: usable_from_masks(&key),
            };
        }
        self.mask
    }
}

/// [`usable_from_held`], `hand.jokers` being the jokers one meld may use
/// (at most the hand's, at most the rules' limit; 0 when jokers may not be placed).
pub(super) fn usable_from_masks(hand: &Held) -> u64 {
    let max_j = u32::from(hand.jokers);
    let held = hand.one;
    // Sets: >= 3 naturals of a rank, or 2 and a joker.
    let (at_least_3, exactly_2) = set_ranks(hand);
    let ranks = u64::from(at_least_3 | if max_j >= 1 { exactly_2 } else { 0 });
    let mut out = held & (ranks | ranks << 13 | ranks << 26 | ranks << 39);
    // Runs: a window of >= 3 positions with >= 2 held cards and at most max_j missing
    // (the 14-card window needs both aces).
    if max_j <= 1 {
        // `suit_covered` for the four suits at once, one 16-bit lane per suit: bit p of a
        // lane is run position p (0 and 13: the ace).
        const LANES: u64 = 0x0001_0001_0001_0001;
        // The suits' 13-bit rows moved to 16-bit lanes (rank r at lane bit r), then each
        // rank at its position r + 1, and the ace also at 0.
        let lanes = to_lanes(held);
        let pos = lanes << 1 | (lanes >> 12 & LANES);
        let (a, b, c) = (pos, pos >> 1, pos >> 2);
        let starts = if max_j == 0 {
            a & b & c
        } else {
            (a & b) | (a & c) | (b & c)
        } & (LANES * 0xfff);
        let covered = (starts | starts << 1 | starts << 2) & pos;
        let ranks = (covered >> 1 & (LANES * 0x1fff)) | (covered & LANES) << 12;
        return out | from_lanes(ranks);
    }
    for suit in 0..4u8 {
        let faces = (held >> (13 * suit)) as u32 & 0x1fff;
        if !two_or_more(faces) && max_j < 12 {
            continue; // no run holds two naturals of this suit
        }
        let aces = hand.count(suit * 13 + 12);
        let covered = suit_covered(faces, aces, max_j);
        // Position p >= 1 is rank p - 1; position 0 is the ace (rank 12).
        let ranks = (covered >> 1) | (covered & 1) << 12;
        out |= u64::from(ranks) << (13 * suit);
    }
    out
}

/// The four 13-bit suit rows of a face mask (bit `suit * 13 + rank`) moved to 16-bit
/// lanes (bit `suit * 16 + rank`).
#[inline]
const fn to_lanes(faces: u64) -> u64 {
    const ROW: u64 = 0x1fff;
    (faces & ROW) | (faces & ROW << 13) << 3 | (faces & ROW << 26) << 6 | (faces & ROW << 39) << 9
}

/// [`to_lanes`] undone: the low 13 bits of each 16-bit lane back to its suit's row.
#[inline]
const fn from_lanes(lanes: u64) -> u64 {
    const ROW: u64 = 0x1fff;
    (lanes & ROW) | (lanes >> 3 & ROW << 13) | (lanes >> 6 & ROW << 26) | (lanes >> 9 & ROW << 39)
}

/// The ranks (bit r) of which `hand` holds at least 3 naturals, and exactly 2.
#[inline(always)]
pub(super) fn set_ranks(hand: &Held) -> (u32, u32) {
    let held = hand.one;
    let (two, three) = (hand.two, hand.three);
    let row = |m: u64, s: u32| m >> (13 * s) & 0x1fff;
    if three == 0 {
        // Per rank: x suits held, y of them twice (y <= x); x + y copies.
        let [a0, a1, a2, a3] = [0, 1, 2, 3].map(|s| row(held, s));
        let [b0, b1, b2, b3] = [0, 1, 2, 3].map(|s| row(two, s));
        let (alo, ahi) = (a0 | a1, a2 | a3);
        let (alo2, ahi2) = (a0 & a1, a2 & a3);
        let x1 = alo | ahi;
        let x2 = alo2 | ahi2 | (alo & ahi);
        let x3 = (alo2 & ahi) | (ahi2 & alo);
        let y1 = b0 | b1 | b2 | b3;
        (
            (x3 | (x2 & y1)) as u32,
            ((x2 & !x3 & !y1) | (x1 & !x2 & y1)) as u32,
        )
    } else {
        // Per rank, the copies of each suit counted up to 3 (enough to tell 2 from >= 3),
        // added bit-sliced over the 13 ranks.
        let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
        for mask in [held, two, three] {
            for s in 0..4 {
                let bit = row(mask, s);
                let carry = ones & bit;
                ones ^= bit;
                fours |= twos & carry;
                twos ^= carry;
            }
        }
        (
            (fours | (twos & ones)) as u32,
            (twos & !ones & !fours) as u32,
        )
    }
}

/// [`card_usable`] from a hand's [`Held`] masks.
#[inline]
pub(super) fn card_usable_held(
    rules: &RummyRules,
    hand: &Held,
    allow_jokers: bool,
    card: u8,
) -> bool {
    if card >= JOKER || hand.one >> card & 1 == 0 {
        return false;
    }
    let jokers = if allow_jokers { hand.jokers } else { 0 };
    let max_j = u32::from(rules.max_jokers_per_meld.map_or(jokers, |m| m.min(jokers)));
    let rank = rank_of(card);
    let col = 1u64 | 1 << 13 | 1 << 26 | 1 << 39;
    // The copies per suit (at most 3) in 13-bit fields, then their sum.
    let v = ((hand.one >> rank) & col) + ((hand.two >> rank) & col) + ((hand.three >> rank) & col);
    let n = ((v + (v >> 13) + (v >> 26) + (v >> 39)) & 0x1fff) as u32;
    if n >= 3 || (n == 2 && max_j >= 1) {
        return true;
    }
    let suit = suit_of(card);
    let faces = (hand.one >> (13 * suit)) as u32 & 0x1fff;
    let covered = suit_covered(faces, hand.count(suit * 13 + 12), max_j);
    let pos = if rank == 12 {
        1 | 1 << 13
    } else {
        1 << (rank + 1)
    };
    covered & pos != 0
}

/// The run positions (bit p; the ace at 0 and 13) of a suit whose held card is in some
/// run the hand could form with at most `max_j` jokers per meld, from the suit's held
/// ranks (bit r: rank r) and its aces.
fn suit_covered(faces: u32, aces: u8, max_j: u32) -> u32 {
    let held = (faces << 1) | (faces >> 12 & 1);
    let mut covered = 0u32;
    if max_j <= 1 {
        // A longer valid window holds a 3-window around each of its cards with at most
        // max_j missing, so 3-windows decide: all 3 held, or (one joker) at least 2.
        let (a, b, c) = (held, held >> 1, held >> 2);
        let starts = if max_j == 0 {
            a & b & c
        } else {
            (a & b) | (a & c) | (b & c)
        } & 0xfff;
        covered = (starts | starts << 1 | starts << 2) & held;
    } else {
        for start in 0..12u8 {
            for len in 3..=(14 - start) {
                let window = ((1u32 << len) - 1) << start;
                let double = u32::from(len == 14 && aces == 1);
                let missing = (window & !held).count_ones() + double;
                if missing > max_j {
                    break;
                }
                if (window & held).count_ones() - double >= 2 {
                    covered |= window & held;
                }
            }
        }
    }
    covered
}

/// Whether the face card `card` (< 52) of `hand` belongs to some meld [`all_melds`] could
/// form (jokers only if `allow_jokers`): [`usable_cards_with`] for one card (false for a
/// joker), looking only at the card's rank and suit.
pub fn card_usable(rules: &RummyRules, hand: &Multiset, allow_jokers: bool, card: u8) -> bool {
    card_usable_held(rules, &Held::of(hand), allow_jokers, card)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rng;

    /// [`best_meld`] by visiting every meld [`for_each_meld`] lists.
    fn best_meld_by_listing(
        rules: &RummyRules,
        hand: &Multiset,
        allow_jokers: bool,
        must: Option<u8>,
        accept: &impl Fn(usize, usize) -> bool,
    ) -> Option<(i64, u128)> {
        let mut best: Option<(i64, u128)> = None;
        for_each_meld(rules, hand, allow_jokers, must, &mut |m: &[u8]| {
            if must.is_some_and(|c| !m.contains(&c)) {
                return;
            }
            let q = m
                .iter()
                .fold(0, |n, &c| n + usize::from(c == QUEEN_OF_SPADES));
            if !accept(m.len(), q) {
                return;
            }
            let (v, key) = (meld_value(rules, m), meld_key(m));
            if best.map_or(true, |(bv, bk)| v > bv || (v == bv && key < bk)) {
                best = Some((v, key));
            }
        });
        best
    }

    #[test]
    fn best_meld_is_the_best_listed_meld() {
        let mut rng = Rng::new(16);
        let mut found = 0;
        for case in 0..40_000 {
            let rules = RummyRules {
                max_jokers_per_meld: match rng.below(5) {
                    0 => None,
                    k => Some(k as u8 - 1),
                },
                joker_value: [0, 1, 2, 10, 11, 50][rng.below(6) as usize],
                q_spades_value: [0, 1, 10, 150][rng.below(4) as usize],
                ..RummyRules::default()
            };
            // Random hands of 1..=30 cards (both aces of a suit, many jokers, sometimes).
            let mut deck = Multiset::deck().to_vec();
            rng.shuffle(&mut deck);
            let n = 1 + rng.below(30) as usize;
            let mut hand = Multiset::from_ids(&deck[..n]);
            if case % 5 == 0 {
                let s = rng.below(4) as u8;
                hand.0[usize::from(s * 13 + 12)] = 2;
            }
            if case % 7 == 0 {
                hand.0[usize::from(JOKER)] = rng.below(5) as u8;
            }
            if case % 11 == 0 {
                hand.0[usize::from(QUEEN_OF_SPADES)] = 1 + rng.below(2) as u8;
            }
            let allow = rng.below(4) != 0;
            let faces: Vec<u8> = (0..52).filter(|&c| hand.count(c) > 0).collect();
            let must = (rng.below(2) == 0 && !faces.is_empty())
                .then(|| faces[rng.below(faces.len() as u32) as usize]);
            // Keep a discard after the meld (the policy's rule), or refuse arbitrary
            // (length, Q♠) pairs.
            let (len, queens) = (hand.len(), usize::from(hand.count(QUEEN_OF_SPADES)));
            let extra = rng.below(3) as usize;
            let exc = rng.below(2) == 0;
            let refused = u64::from(rng.below(u32::MAX)) << 32 | u64::from(rng.below(u32::MAX));
            let by_rule = rng.below(2) == 0;
            let accept = |l: usize, q: usize| {
                if by_rule {
                    let (left, lq) = (len + extra - l, queens - q);
                    left > lq || (exc && lq > 0 && left >= 2)
                } else {
                    refused >> ((l * 3 + q) % 64) & 1 == 0
                }
            };
            let want = best_meld_by_listing(&rules, &hand, allow, must, &accept);
            let got = best_meld(&rules, &hand, &Held::of(&hand), allow, must, &accept);
            assert_eq!(got, want, "{rules:?} {hand:?} {allow} {must:?}");
            found += usize::from(got.is_some());
            if let Some((_, key)) = got {
                let (cards, n) = key_cards(key);
                assert_eq!(meld_key(&cards[..n]), key);
            }
        }
        assert!(found > 10_000, "{found}");
        eprintln!("found {found}");
    }
}
