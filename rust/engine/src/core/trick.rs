//! The trick: cards played in order, the led suit, and the winner. Shared by every
//! trick-taking game of the crate.

use super::kernel;
use super::{Card, CardSet, Suit};

/// Most cards one trick can hold: 7 players with 3 double plays (A-7 of docs/rules/hearts.md).
pub const MAX_TRICK_CARDS: usize = 10;

/// The cards of one trick in play order, with the seat that played each.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Default)]
pub struct Trick {
    cards: [u8; MAX_TRICK_CARDS],
    seats: [u8; MAX_TRICK_CARDS],
    len: u8,
    set: CardSet,
}

impl Trick {
    /// An empty trick.
    pub const fn new() -> Trick {
        Trick {
            cards: [0; MAX_TRICK_CARDS],
            seats: [0; MAX_TRICK_CARDS],
            len: 0,
            set: CardSet::EMPTY,
        }
    }

    /// Number of cards played so far.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card has been played.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards played, as a set.
    pub const fn cards(&self) -> CardSet {
        self.set
    }

    /// The suit of the first card, if any.
    pub fn led_suit(&self) -> Option<Suit> {
        if self.len == 0 {
            None
        } else {
            Some(Card::new_unchecked(self.cards[0]).suit())
        }
    }

    /// Adds a card played by `seat`.
    #[inline]
    pub fn push(&mut self, seat: u8, card: Card) {
        debug_assert!((self.len as usize) < MAX_TRICK_CARDS);
        self.cards[self.len as usize] = card.id();
        self.seats[self.len as usize] = seat;
        self.len += 1;
        self.set.insert(card);
    }

    /// `(seat, card)` pairs in play order.
    pub fn plays(&self) -> impl Iterator<Item = (u8, Card)> + '_ {
        (0..self.len as usize).map(|i| (self.seats[i], Card::new_unchecked(self.cards[i])))
    }

    /// The seat that played `card`, if it is in the trick.
    pub fn seat_of(&self, card: Card) -> Option<u8> {
        self.plays().find(|&(_, c)| c == card).map(|(s, _)| s)
    }

    /// The winning card: the highest trump if `trumps` has a card in the trick, else the
    /// highest card of the led suit (A-17 and B-13 of docs/rules/). Within one suit a higher
    /// id is a higher rank; `trumps` must rank above every other card (no trumps, or the spade
    /// suit with its jokers: see [`kernel::winner_bit`]). `None` for an empty trick.
    ///
    /// ```
    /// use hearts_engine::{Card, CardSet, Trick};
    /// let mut t = Trick::new();
    /// for (seat, name) in [(0, "5H"), (1, "KH"), (2, "AS"), (3, "9H")] {
    ///     t.push(seat, name.parse().unwrap());
    /// }
    /// assert_eq!(t.winning_card(CardSet::EMPTY).unwrap().to_string(), "KH");
    /// assert_eq!(t.winning_card(CardSet::SPADES).unwrap().to_string(), "AS");
    /// ```
    #[inline]
    pub fn winning_card(&self, trumps: CardSet) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        let led = kernel::led_mask(1 << self.cards[0]);
        let w = kernel::winner_bit(self.set.0, led, trumps.0);
        Some(Card::new_unchecked(w.trailing_zeros() as u8))
    }

    /// The seat that played the winning card.
    #[inline]
    pub fn winner(&self, trumps: CardSet) -> Option<u8> {
        self.winning_card(trumps).and_then(|c| self.seat_of(c))
    }
}
