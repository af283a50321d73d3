//! The trick: cards played in order, the led suit, and the winner. Shared by every
//! trick-taking game of the crate.

use crate::card::{Card, Suit};
use crate::card_set::CardSet;

/// Most cards one trick can hold: 7 players with 3 double plays (docs/rules/hearts.md A-7) is 10.
pub const MAX_TRICK_CARDS: usize = 12;

/// The cards of one trick in play order, with the seat that played each.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Default)]
pub struct Trick {
    cards: [u8; MAX_TRICK_CARDS],
    seats: [u8; MAX_TRICK_CARDS],
    len: u8,
    /// The highest card of the led suit so far and who played it (no trumps).
    best: u8,
    best_seat: u8,
    set: CardSet,
}

impl Trick {
    /// An empty trick.
    pub const fn new() -> Trick {
        Trick {
            cards: [0; MAX_TRICK_CARDS],
            seats: [0; MAX_TRICK_CARDS],
            len: 0,
            best: 0,
            best_seat: 0,
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
        let id = card.id();
        if self.len == 0
            || (id > self.best && card.suit() == Card::new_unchecked(self.cards[0]).suit())
        {
            self.best = id;
            self.best_seat = seat;
        }
        self.cards[self.len as usize] = id;
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
    /// highest card of the led suit (A-17, B-13 in docs/rules/). Within one suit a higher id is a
    /// higher rank. `None` for an empty trick.
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
        let trumped = self.set & trumps;
        if trumped.is_empty() {
            Some(Card::new_unchecked(self.best))
        } else {
            trumped.last()
        }
    }

    /// The seat that played the winning card.
    #[inline]
    pub fn winner(&self, trumps: CardSet) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        if (self.set & trumps).is_empty() {
            Some(self.best_seat)
        } else {
            self.winning_card(trumps).and_then(|c| self.seat_of(c))
        }
    }
}
