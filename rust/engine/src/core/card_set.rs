//! [`CardSet`]: a set of cards as a `u64` bitboard, bit `i` = card id `i` (dense layout).

use super::bits::BitOps;
use super::card::{Card, Suit};
use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

/// A set of cards: bit `i` is card id `i`. The same layout is used for card ints,
/// `int(CardSet)` in Python and numpy masks.
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct CardSet(pub u64);

const SUIT_BITS: u64 = 0x1fff;

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);
    /// The 13 clubs.
    pub const CLUBS: CardSet = CardSet(SUIT_BITS);
    /// The 13 diamonds.
    pub const DIAMONDS: CardSet = CardSet(SUIT_BITS << 13);
    /// The 13 hearts.
    ///
    /// ```
    /// use hearts_engine::CardSet;
    /// assert_eq!(CardSet::HEARTS.count(), 13);
    /// assert_eq!(CardSet::HEARTS.0, 0x0000_007f_fc00_0000);
    /// ```
    pub const HEARTS: CardSet = CardSet(SUIT_BITS << 26);
    /// The 13 spades.
    pub const SPADES: CardSet = CardSet(SUIT_BITS << 39);
    /// The two jokers (ids 52 and 53, Spades B.3 #5).
    pub const JOKERS: CardSet = CardSet(0b11 << 52);
    /// The spade suit of Spades with jokers: the 13 spades and both jokers.
    pub const SPADE_SUIT: CardSet = CardSet(0x7fff << 39);

    /// The 13 cards of a suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_BITS << (13 * suit as u32))
    }

    /// The set holding one card.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.id())
    }

    /// Whether the card is in the set.
    ///
    /// ```
    /// use hearts_engine::{Card, CardSet};
    /// assert!(CardSet::SPADES.contains(Card::QUEEN_OF_SPADES));
    /// ```
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.id() & 1 != 0
    }

    /// The set with the card added.
    #[must_use = "with returns a new set"]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.id())
    }

    /// The set with the card removed.
    #[must_use = "without returns a new set"]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.id()))
    }

    /// Adds a card.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.id();
    }

    /// Removes a card.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.id());
    }

    /// Number of cards.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest card (smallest id).
    ///
    /// ```
    /// use hearts_engine::{Card, CardSet};
    /// assert_eq!(CardSet::SPADES.first(), Card::try_new(39));
    /// ```
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest card (largest id).
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::new_unchecked(63 - self.0.leading_zeros() as u8))
        }
    }

    /// Removes and returns the lowest card.
    pub fn pop_front(&mut self) -> Option<Card> {
        let c = self.first();
        self.0 &= self.0.wrapping_sub(1);
        c
    }

    /// The `n`-th lowest card (0-based), if the set has more than `n` cards.
    ///
    /// ```
    /// use hearts_engine::CardSet;
    /// assert_eq!(CardSet::HEARTS.nth(2).unwrap().to_string(), "4H");
    /// ```
    pub fn nth(self, n: u32) -> Option<Card> {
        let mut m = self.0;
        for _ in 0..n {
            m &= m.wrapping_sub(1);
        }
        CardSet(m).first()
    }

    /// The `n`-th lowest card as a one-card set (empty if the set has `n` or fewer cards),
    /// found with `bits` ([`Portable`](crate::Portable) anywhere, or a detected
    /// [`Bmi2`](crate::Bmi2)'s `pdep`); every [`BitOps`] gives the same answer.
    ///
    /// ```
    /// use hearts_engine::{CardSet, Portable};
    /// assert_eq!(CardSet(0b1101).nth_bit(Portable, 1), CardSet(0b0100));
    /// assert_eq!(CardSet(0b1101).nth_bit(Portable, 3), CardSet::EMPTY);
    /// ```
    #[inline(always)]
    pub fn nth_bit<B: BitOps>(self, bits: B, n: u32) -> CardSet {
        CardSet(bits.nth_bit(self.0, n))
    }

    /// Calls `f` on every card in ascending order (the `m & (m - 1)` loop).
    #[inline]
    pub fn for_each(self, mut f: impl FnMut(Card)) {
        let mut m = self.0;
        while m != 0 {
            f(Card::new_unchecked(m.trailing_zeros() as u8));
            m &= m.wrapping_sub(1);
        }
    }

    /// Every subset of `self` (Carry-Rippler trick), the empty set first.
    ///
    /// ```
    /// use hearts_engine::CardSet;
    /// assert_eq!(CardSet(0b1011).subsets().count(), 8);
    /// ```
    pub fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: Some(0),
        }
    }

    /// Every subset of `self` with exactly `k` cards.
    ///
    /// ```
    /// use hearts_engine::CardSet;
    /// assert_eq!(CardSet::HEARTS.choose(3).count(), 286);
    /// ```
    pub fn choose(self, k: u32) -> impl Iterator<Item = CardSet> {
        self.subsets().filter(move |s| s.count() == k)
    }
}

/// Iterator over the subsets of a set, from [`CardSet::subsets`].
#[derive(Clone, Debug)]
pub struct Subsets {
    set: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = CardSet;
    fn next(&mut self) -> Option<CardSet> {
        let cur = self.next?;
        let nxt = cur.wrapping_sub(self.set) & self.set;
        self.next = if nxt == 0 { None } else { Some(nxt) };
        Some(CardSet(cur))
    }
}

/// Iterator over the cards of a [`CardSet`], ascending.
#[derive(Clone, Debug)]
pub struct IntoIter(u64);

impl Iterator for IntoIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let c = Card::new_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0.wrapping_sub(1);
        Some(c)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl DoubleEndedIterator for IntoIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let id = self.0.ilog2();
        self.0 &= !(1 << id);
        Some(Card::new_unchecked(id as u8))
    }
}

impl ExactSizeIterator for IntoIter {}
impl FusedIterator for IntoIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        s.extend(iter);
        s
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl std::str::FromStr for CardSet {
    type Err = crate::core::ParseCardError;

    /// Card names separated by spaces or commas: `"QS 2C, 10h"`.
    fn from_str(s: &str) -> Result<CardSet, Self::Err> {
        s.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(str::parse::<Card>)
            .collect()
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        CardSet::single(c)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline]
            fn $f(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $atr for CardSet {
            #[inline]
            fn $af(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// Complement within the 52 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::FULL.0)
    }
}

impl fmt::Debug for CardSet {
    /// `♠AKQ ♥T92 ♦- ♣-`, spades first as in a hand diagram; jokers first (`BJ LJ ♠A …`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in (*self & CardSet::JOKERS).into_iter().rev() {
            write!(f, "{c} ")?;
        }
        for (i, suit) in Suit::ALL.iter().rev().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", suit.symbol())?;
            let cards = *self & CardSet::suit(*suit);
            if cards.is_empty() {
                f.write_str("-")?;
            }
            for c in cards.into_iter().rev() {
                write!(f, "{}", c.rank().char())?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for CardSet {
    /// Card names separated by spaces, ascending: `2C 3C QS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_algebra() {
        let s: CardSet = [0u8, 13, 49]
            .iter()
            .map(|&i| Card::try_new(i).unwrap())
            .collect();
        assert_eq!(s.count(), 3);
        assert_eq!(
            s.into_iter().map(Card::id).collect::<Vec<_>>(),
            vec![0, 13, 49]
        );
        assert_eq!(
            s.into_iter().rev().map(Card::id).collect::<Vec<_>>(),
            vec![49, 13, 0]
        );
        assert_eq!((s & CardSet::SPADES).count(), 1);
        assert_eq!((s - CardSet::CLUBS).count(), 2);
        assert_eq!((!s).count(), 49);
        assert_eq!(s.to_string(), "2C 2D QS");
        assert_eq!(format!("{:?}", CardSet::SPADES & s), "♠Q ♥- ♦- ♣-");
        let suits = CardSet::CLUBS | CardSet::DIAMONDS | CardSet::HEARTS | CardSet::SPADES;
        assert_eq!(suits, CardSet::FULL);
    }

    #[test]
    fn subsets_and_choose() {
        let s = CardSet(0b1_0110);
        let all: Vec<_> = s.subsets().collect();
        assert_eq!(all.len(), 8);
        assert!(all.iter().all(|x| x.is_subset(s)));
        assert_eq!(CardSet::CLUBS.choose(2).count(), 78);
        assert_eq!(CardSet::EMPTY.subsets().count(), 1);
    }
}
