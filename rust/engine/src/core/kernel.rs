//! The trick kernel: the follow-suit filter, the lead filters and the trick winner as small
//! functions over `u64` card masks (bit `i` = card id `i`). Every trick-taking path of the
//! crate calls these: the stepping states' `legal_plays`, [`Trick`](crate::Trick), the
//! batch kernels and the policies. Written once, so the fast paths and the stepping engine
//! cannot disagree on a rule.
//!
//! ```
//! use hearts_engine::core::kernel::{follow, led_mask, prefer, winner_bit};
//! use hearts_engine::CardSet;
//! let hand = CardSet::HEARTS.0 | 1; // every heart and 2♣
//! let led = led_mask(1 << 30); // a heart was led
//! assert_eq!(follow(hand, led), CardSet::HEARTS.0);
//! assert_eq!(follow(1, led), 1); // void: anything
//! assert_eq!(prefer(hand, !CardSet::HEARTS.0), 1); // keep non-hearts if there are any
//! let trick = (1 << 30) | (1 << 38) | (1 << 40); // 6♥, A♥, 3♠
//! assert_eq!(winner_bit(trick, led, 0), 1 << 38); // no trumps: A♥
//! assert_eq!(winner_bit(trick, led, CardSet::SPADE_SUIT.0), 1 << 40); // spades trump
//! ```

/// Every card of the spade suit, the jokers (ids 52 and 53) included.
pub const SPADE_SUIT: u64 = 0x7fff << 39;

use crate::core::{BitOps, Rng};

/// The cards of the suit of each card id (bit index): 13 cards per suit, and the spade suit
/// with its jokers for ids 39..=53. Ids 54..=64 map to 0; 65 entries so that any
/// `trailing_zeros` indexes it without a bounds check.
pub const SUIT_MASK: [u64; 65] = {
    let mut t = [0u64; 65];
    let mut i = 0;
    while i < 54 {
        t[i] = if i >= 39 {
            SPADE_SUIT
        } else {
            0x1fff << (13 * (i / 13))
        };
        i += 1;
    }
    t
};

/// The cards of the suit of `card` (a one-bit mask; 0 gives 0), the jokers counting as
/// spades.
#[inline(always)]
pub const fn led_mask(card: u64) -> u64 {
    SUIT_MASK[card.trailing_zeros() as usize]
}

/// The follow-suit filter: the cards of `hand` in the led suit `led` if it holds any, else
/// the whole hand.
#[inline(always)]
pub const fn follow(hand: u64, led: u64) -> u64 {
    prefer(hand, led)
}

/// A lead or play filter that gives way when it would leave nothing: `cards & keep` if that
/// is not empty, else `cards` (hearts not yet broken, no points on the first trick, no spade
/// lead before spades are broken).
#[inline(always)]
pub const fn prefer(cards: u64, keep: u64) -> u64 {
    let x = cards & keep;
    if x == 0 {
        cards
    } else {
        x
    }
}

/// The highest card of `cards` as a one-bit mask (0 for none).
#[inline(always)]
pub const fn top(cards: u64) -> u64 {
    if cards == 0 {
        0
    } else {
        1 << cards.ilog2()
    }
}

/// The winning card of a complete or partial `trick` whose led suit is `led`: the highest
/// trump if `trumps` has a card in it, else the highest card of the led suit. The trumps
/// must rank above every other card id (no trumps, or the spade suit with its jokers), so
/// both cases are the highest card of `trick & (led | trumps)`.
#[inline(always)]
pub const fn winner_bit(trick: u64, led: u64, trumps: u64) -> u64 {
    top(trick & (led | trumps))
}

/// Whether `card` takes the trick from the card `best` that is winning it so far (led suit
/// `led`, trumps as in [`winner_bit`]): the incremental form of [`winner_bit`], so that
/// `winner_bit(best | card, led, trumps) == card` exactly when this is true (tested).
#[inline(always)]
pub const fn beats(card: u64, best: u64, led: u64, trumps: u64) -> bool {
    // Branch-free: a card outside the led suit and the trumps masks to 0, which never beats
    // a card. (A short-circuit `&&` here made the Hearts lanes 30% slower.)
    card & (led | trumps) > best
}

/// [`winner_bit`] as the number of leading zeros of the winning card's bit (for kernels that
/// read the winner's seat from bit planes).
#[inline(always)]
pub const fn winner_lz(trick: u64, led: u64, trumps: u64) -> u32 {
    (trick & (led | trumps)).leading_zeros()
}

/// The seat holding the card whose bit has `z` leading zeros, read from the two bit planes
/// of a 4-player deal (`planes[0]` holds bit 0 of each card's seat, `planes[1]` bit 1): with
/// [`winner_lz`], the winner of a trick in two shifts.
#[inline(always)]
pub const fn seat_at(planes: [u64; 2], z: u32) -> usize {
    ((planes[0] << z) >> 63 | ((planes[1] << z) >> 63) << 1) as usize
}

/// The bit planes of a 4-player deal for [`seat_at`]: bit `c` of `planes[k]` is bit `k` of
/// the seat holding card `c`.
#[inline(always)]
pub const fn seat_planes(hands: &[u64; 4]) -> [u64; 2] {
    [hands[1] | hands[3], hands[2] | hands[3]]
}

/// The random policy's card among the legal cards `legal` (not empty): the n-th lowest with
/// n drawn uniformly from `rng`, as `CardSet::nth` of a stepping state draws it. (Written
/// through `CardSet::nth_bit`: calling `BitOps::nth_bit` directly here measured 4% slower in
/// the 4-player Hearts kernel as built in the extension.)
#[inline(always)]
pub fn pick<B: BitOps>(bits: B, legal: u64, rng: &mut Rng) -> u64 {
    crate::core::CardSet(legal)
        .nth_bit(bits, rng.below(legal.count_ones()))
        .0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Card, CardSet, Suit};

    #[test]
    fn suit_masks_match_the_card_vocabulary() {
        for id in 0..52u8 {
            let c = Card::new_unchecked(id);
            let expect = if c.suit() == Suit::Spades {
                SPADE_SUIT
            } else {
                CardSet::suit(c.suit()).0
            };
            assert_eq!(led_mask(1 << id), expect, "card {c}");
        }
        assert_eq!(led_mask(1 << 52), SPADE_SUIT);
        assert_eq!(led_mask(1 << 53), SPADE_SUIT);
        assert_eq!(CardSet::SPADE_SUIT.0, SPADE_SUIT);
    }

    #[test]
    fn seat_at_reads_the_holder_of_a_card() {
        let hands = [0b0001u64 | 1 << 63, 0b0010, 0b0100 | 1 << 40, 0b1000];
        let planes = seat_planes(&hands);
        for (seat, &h) in hands.iter().enumerate() {
            let mut m = h;
            while m != 0 {
                let card = m & m.wrapping_neg();
                assert_eq!(seat_at(planes, card.leading_zeros()), seat);
                m &= m - 1;
            }
        }
    }

    #[test]
    fn beats_is_winner_bit_one_card_at_a_time() {
        let pool = [0u8, 5, 12, 13, 20, 26, 30, 38, 39, 45, 49, 51, 52, 53];
        for &lead in &pool {
            let led = led_mask(1 << lead);
            for trumps in [0, SPADE_SUIT] {
                for &b in &pool {
                    for &c in &pool {
                        let trick = (1u64 << lead) | (1 << b);
                        let best = winner_bit(trick, led, trumps);
                        let card = 1u64 << c;
                        if trick & card != 0 {
                            continue;
                        }
                        assert_eq!(
                            beats(card, best, led, trumps),
                            winner_bit(best | card, led, trumps) == card
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn winner_is_the_highest_trump_else_the_highest_of_the_led_suit() {
        // Brute force over every 4-card trick from a small pool of cards, against the rule
        // as written: highest trump if any was played, else highest card of the led suit.
        let pool = [0u8, 5, 12, 13, 20, 26, 30, 38, 39, 45, 49, 51, 52, 53];
        for &a in &pool {
            for &b in &pool {
                for &c in &pool {
                    for &d in &pool {
                        let ids = [a, b, c, d];
                        let trick = ids.iter().fold(0u64, |m, &i| m | 1 << i);
                        let led = led_mask(1 << a);
                        for trumps in [0, SPADE_SUIT] {
                            let trumped: Vec<u8> = ids
                                .iter()
                                .copied()
                                .filter(|&i| trumps >> i & 1 != 0)
                                .collect();
                            let expect = if trumped.is_empty() {
                                ids.iter().copied().filter(|&i| led >> i & 1 != 0).max()
                            } else {
                                trumped.iter().copied().max()
                            };
                            assert_eq!(winner_bit(trick, led, trumps), 1 << expect.unwrap());
                        }
                    }
                }
            }
        }
    }
}
