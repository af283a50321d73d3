//! Card vocabulary shared by every game: [`Suit`], [`Rank`] and [`Card`].
//!
//! The public card id is `suit * 13 + rank`, with clubs = 0, diamonds = 1, hearts = 2,
//! spades = 3 and rank 0 = "2" … 12 = "A". So Q♠ is 49 and 2♣ is 0. Spades with jokers
//! (docs/rules/spades.md B.3 #5) adds the Little Joker as 52 and the Big Joker as 53: both belong
//! to the spade suit, above A♠, so "higher id = higher card" still holds within a suit.

use std::fmt;
use std::str::FromStr;

/// The four French suits, in id order ♣ ♦ ♥ ♠ (docs/rules/README.md 0.2).
#[repr(u8)]
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub enum Suit {
    /// ♣, id 0.
    Clubs = 0,
    /// ♦, id 1.
    Diamonds = 1,
    /// ♥, id 2.
    Hearts = 2,
    /// ♠, id 3.
    Spades = 3,
}

impl Suit {
    /// Every suit in id order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// Number of suits.
    pub const NUM: usize = 4;

    /// The suit with this id (0..=3), if any.
    ///
    /// ```
    /// use hearts_engine::Suit;
    /// assert_eq!(Suit::try_new(2), Some(Suit::Hearts));
    /// assert_eq!(Suit::try_new(4), None);
    /// ```
    pub const fn try_new(id: u8) -> Option<Suit> {
        match id {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The letter used in card names: `C`, `D`, `H` or `S`.
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit symbol: ♣ ♦ ♥ ♠.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// Parses `C D H S` (any case) or a symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A rank, 0 = "2" … 12 = "A" (aces high, docs/rules/README.md 0.2).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The deuce.
    pub const TWO: Rank = Rank(0);
    /// The ten.
    pub const TEN: Rank = Rank(8);
    /// The jack.
    pub const JACK: Rank = Rank(9);
    /// The queen.
    pub const QUEEN: Rank = Rank(10);
    /// The king.
    pub const KING: Rank = Rank(11);
    /// The ace.
    pub const ACE: Rank = Rank(12);
    /// Number of ranks.
    pub const NUM: usize = 13;

    const CHARS: [char; 13] = [
        '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
    ];

    /// The rank with this index (0..=12), if any.
    ///
    /// ```
    /// use hearts_engine::Rank;
    /// assert_eq!(Rank::try_new(12), Some(Rank::ACE));
    /// assert_eq!(Rank::try_new(13), None);
    /// ```
    pub const fn try_new(index: u8) -> Option<Rank> {
        if index < 13 {
            Some(Rank(index))
        } else {
            None
        }
    }

    /// The index 0..=12.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The character used in card names (`T` for the ten).
    pub const fn char(self) -> char {
        Self::CHARS[self.0 as usize]
    }
}

/// One of the 52 cards of a French deck (id `suit * 13 + rank`), or a joker (52 = Little,
/// 53 = Big; spade suit).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards.
    pub const NUM: usize = 52;
    /// 2♣, the lowest club.
    pub const TWO_OF_CLUBS: Card = Card(0);
    /// J♦, the bonus card of the Jota variant (docs/rules/hearts.md V-A3).
    pub const JACK_OF_DIAMONDS: Card = Card(22);
    /// Q♠, the black lady.
    pub const QUEEN_OF_SPADES: Card = Card(49);
    /// K♠.
    pub const KING_OF_SPADES: Card = Card(50);
    /// A♠.
    pub const ACE_OF_SPADES: Card = Card(51);
    /// The Little (monochrome) Joker, id 52 (Spades B.3 #5).
    pub const LITTLE_JOKER: Card = Card(52);
    /// The Big (colour) Joker, id 53 (Spades B.3 #5).
    pub const BIG_JOKER: Card = Card(53);
    /// Number of card ids including the two jokers.
    pub const NUM_WITH_JOKERS: usize = 54;

    /// The card of this rank and suit.
    ///
    /// ```
    /// use hearts_engine::{Card, Rank, Suit};
    /// assert_eq!(Card::new(Rank::QUEEN, Suit::Spades), Card::QUEEN_OF_SPADES);
    /// ```
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    /// The card with this id, if it is in 0..=51.
    ///
    /// ```
    /// use hearts_engine::Card;
    /// assert_eq!(Card::try_new(49), Some(Card::QUEEN_OF_SPADES));
    /// assert_eq!(Card::try_new(52), None);
    /// ```
    pub const fn try_new(id: u8) -> Option<Card> {
        if id < 52 {
            Some(Card(id))
        } else {
            None
        }
    }

    /// The card or joker with this id, if it is in 0..=53.
    ///
    /// ```
    /// use hearts_engine::Card;
    /// assert_eq!(Card::try_new_with_jokers(53), Some(Card::BIG_JOKER));
    /// assert_eq!(Card::try_new_with_jokers(54), None);
    /// ```
    pub const fn try_new_with_jokers(id: u8) -> Option<Card> {
        if id < 54 {
            Some(Card(id))
        } else {
            None
        }
    }

    /// The card with this id; the caller guarantees `id < 54`.
    pub const fn new_unchecked(id: u8) -> Card {
        debug_assert!(id < 54);
        Card(id)
    }

    /// Whether this is one of the two jokers.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The id `suit * 13 + rank`.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        SUIT_OF[self.0 as usize]
    }

    /// The rank. Jokers have none: for them this is [`Rank::ACE`].
    pub const fn rank(self) -> Rank {
        if self.0 >= 52 {
            Rank::ACE
        } else {
            Rank(self.0 % 13)
        }
    }
}

impl fmt::Display for Card {
    /// `QS`, `TH`, `2C`; the jokers are `LJ` and `BJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            52 => f.write_str("LJ"),
            53 => f.write_str("BJ"),
            _ => write!(f, "{}{}", self.rank().char(), self.suit().char()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            return fmt::Display::fmt(self, f);
        }
        write!(f, "{}{}", self.rank().char(), self.suit().symbol())
    }
}

/// The suit of each card id (a table: cheaper than a division and a match). The jokers
/// (52, 53) are spades (B.3 #5).
const SUIT_OF: [Suit; 54] = {
    let mut t = [Suit::Clubs; 54];
    let mut i = 13;
    while i < 54 {
        t[i] = if i < 26 {
            Suit::Diamonds
        } else if i < 39 {
            Suit::Hearts
        } else {
            Suit::Spades
        };
        i += 1;
    }
    t
};

/// A text that names no card.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error(
    "invalid card text: expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit \
     (C, D, H, S or ♣ ♦ ♥ ♠), e.g. \"QS\", \"10H\", \"2♣\""
)]
pub struct ParseCardError;

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses `QS`, `TH`, `10H`, `qs`, `Q♠`.
    ///
    /// ```
    /// use hearts_engine::Card;
    /// assert_eq!("10h".parse::<Card>().unwrap().to_string(), "TH");
    /// assert!("1H".parse::<Card>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let s = s.trim();
        match s.to_ascii_uppercase().as_str() {
            "LJ" => return Ok(Card::LITTLE_JOKER),
            "BJ" => return Ok(Card::BIG_JOKER),
            _ => {}
        }
        let mut chars = s.chars();
        let suit_char = chars.next_back().ok_or(ParseCardError)?;
        let suit = Suit::from_char(suit_char).ok_or(ParseCardError)?;
        let rank = match chars.as_str().to_ascii_uppercase().as_str() {
            "2" => 0,
            "3" => 1,
            "4" => 2,
            "5" => 3,
            "6" => 4,
            "7" => 5,
            "8" => 6,
            "9" => 7,
            "T" | "10" => 8,
            "J" => 9,
            "Q" => 10,
            "K" => 11,
            "A" => 12,
            _ => return Err(ParseCardError),
        };
        Ok(Card::new(Rank(rank), suit))
    }
}

impl TryFrom<u8> for Card {
    type Error = ParseCardError;
    fn try_from(id: u8) -> Result<Card, ParseCardError> {
        Card::try_new(id).ok_or(ParseCardError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_round_trip() {
        for id in 0..52u8 {
            let c = Card::try_new(id).unwrap();
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(Card::new(c.rank(), c.suit()), c);
        }
        assert_eq!("QS".parse::<Card>().unwrap().id(), 49);
        assert_eq!("2C".parse::<Card>().unwrap().id(), 0);
        assert_eq!("A♠".parse::<Card>().unwrap().id(), 51);
        assert_eq!("10♥".parse::<Card>().unwrap().to_string(), "TH");
    }

    #[test]
    fn bad_texts_are_refused() {
        for t in ["", "Q", "S", "1S", "11S", "QX", "QSS", "ZZ"] {
            assert!(t.parse::<Card>().is_err(), "{t}");
        }
    }
}
