//! What one seat knows and the hidden hands that agree with it, for every trick-taking game
//! of the crate.
//!
//! - [`shown_by_play`]: the cards a play shows its player does not hold (a void when it did
//!   not follow suit; only hearts when it led a heart unbroken; …), read off the game's own
//!   legality ([`TrickTaking::legal_plays_with`]), so no game's rules are written twice.
//! - [`Hidden`]: where the cards a seat cannot see may be: how many each seat holds, the
//!   cards known to be with a seat (a pass it made, face-up cards), and the cards each seat
//!   has shown it lacks.
//! - [`Worlds`]: every assignment of the hidden cards that [`Hidden`] allows, counted
//!   exactly and sampled exactly uniformly.
//!
//! # How the sampler is exact
//! Hidden cards are grouped by the set of seats that may hold them (a card's *mask*). A world
//! is then a table: how many cards of each group each seat gets (rows sum to the group
//! sizes, columns to what each seat still needs), times the ways to choose which cards.
//! `W(g, need)` counts the worlds of the groups `g..` that fill `need` exactly:
//! `W(g, need) = Σ_a multinomial(k_g; a) · W(g + 1, need − a)`, over the splits `a` of
//! group `g`'s `k_g` cards among the seats of its mask. Counts are exact integers (`u128`:
//! the largest, 45 cards among 6 seats, is below 10^32). A sample draws each group's split
//! with probability `multinomial · W(g + 1, …) / W(g, …)` by an exact integer draw, then
//! which cards go where by a uniform shuffle: every world has probability exactly
//! `1 / W(0, need)`.

use crate::core::{Card, CardSet, Rng, TrickTaking};
use std::collections::HashMap;

pub mod text;

/// Most seats at any table of the crate (Hearts: 7).
pub const MAX_SEATS: usize = 7;

/// The cards that playing `card` from `before` (a position with a player to move) shows the
/// player does not hold: each `x` of `deck` such that the play would have been illegal had
/// the player held `x` beside it.
///
/// Probed with the two-card hand `{card, x}` under the position's public state, so the
/// answer depends on nothing hidden. It equals "illegal with the player's real hand plus
/// `x`" because in every game of the crate a card is legal exactly when the hand avoids a set
/// of cards the public state fixes (checked against an enumerating oracle in the tests).
pub fn shown_by_play<G: TrickTaking>(before: &G, card: Card, deck: CardSet) -> CardSet {
    let mut shown = CardSet::EMPTY;
    for x in deck.without(card) {
        let probe = CardSet::single(card).with(x);
        if !before.legal_plays_with(probe).contains(card) {
            shown.insert(x);
        }
    }
    shown
}

/// Why no world agrees with what a seat knows, or why the description is malformed.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum WorldsError {
    /// More seats than any table has.
    #[error("a table has 2..={MAX_SEATS} seats, got {0}")]
    Seats(usize),
    /// A seat is known to hold more cards than it holds.
    #[error("seat {seat} holds {size} cards but {known} are known to be in its hand")]
    KnownTooMany {
        /// The seat.
        seat: u8,
        /// The cards it holds.
        size: u8,
        /// The cards known to be there.
        known: u32,
    },
    /// A card is placed twice (known in two hands, or known and hidden).
    #[error("{0} is placed in two places")]
    Twice(Card),
    /// The hidden cards do not fill the hands.
    #[error("{hidden} hidden cards do not fill the {needed} places left in the other hands")]
    Count {
        /// Hidden cards.
        hidden: u32,
        /// Places in the hands not known.
        needed: u32,
    },
    /// A hidden card no seat may hold.
    #[error("no seat may hold {0}: every seat that still needs cards has shown it lacks it")]
    Nowhere(Card),
    /// The constraints admit no deal.
    #[error("no deal agrees with this observation: the cards each seat has shown it lacks leave no way to fill the hands")]
    Impossible,
}

/// Where the cards a seat cannot see may be.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub struct Hidden {
    /// Seats at the table.
    pub seats: u8,
    /// Cards each seat holds now.
    pub sizes: [u8; MAX_SEATS],
    /// Cards known to be in each seat's hand now (the observer's own hand, what it passed
    /// and has not been played, face-up cards).
    pub known: [CardSet; MAX_SEATS],
    /// Cards each seat has shown it does not hold.
    pub lacks: [CardSet; MAX_SEATS],
    /// The cards whose holder is not known: every card not played and not known.
    pub hidden: CardSet,
    /// A set of cards whose count in some hands is known (Spades `mirror`: a bid is the
    /// number of spades held) ...
    pub quota: CardSet,
    /// ... and that count per seat: how many of the hidden cards of `quota` the seat holds.
    pub quotas: [Option<u8>; MAX_SEATS],
}

/// One split of a group: cards per seat.
type Split = [u8; MAX_SEATS];

/// The exact counter and uniform sampler of the worlds a [`Hidden`] allows.
#[derive(Clone, Debug)]
pub struct Worlds {
    hidden: Hidden,
    /// The groups: cards sharing a mask of seats and membership of `quota`, the `quota`
    /// groups first, each part in order of its first card.
    groups: Vec<(Vec<Card>, u8)>,
    /// The number of `quota` groups: after them each quota must be met.
    boundary: usize,
    /// What each seat still needs, packed 5 bits a seat.
    need: u64,
    /// `W(g, need)`, keyed by `g << 40 | need`.
    counts: HashMap<u64, u128>,
    /// For the splits drawn so far: `(g, need)` → the cumulative weights and the splits.
    splits: HashMap<u64, Vec<(u128, Split)>>,
    /// Binomials up to 54.
    binomial: Vec<[u128; 55]>,
}

fn unpack(need: u64, seat: usize) -> u8 {
    ((need >> (5 * seat)) & 31) as u8
}

fn pack(needs: &[u8; MAX_SEATS]) -> u64 {
    needs
        .iter()
        .enumerate()
        .fold(0, |p, (s, &n)| p | u64::from(n) << (5 * s))
}

/// A uniform integer in `0..n` (`n > 0`), exact: 128 random bits masked to `n`'s width, drawn
/// again when too large.
fn below_u128(rng: &mut Rng, n: u128) -> u128 {
    let bits = 128 - (n - 1).leading_zeros();
    let mask = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    loop {
        let r = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) & mask;
        if r < n {
            return r;
        }
    }
}

impl Worlds {
    /// Checks `hidden` and counts its worlds; an error when the description is malformed or
    /// no world agrees with it.
    pub fn new(hidden: Hidden) -> Result<Worlds, WorldsError> {
        let n = usize::from(hidden.seats);
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(WorldsError::Seats(n));
        }
        let mut placed = hidden.hidden;
        let mut needs = [0u8; MAX_SEATS];
        for s in 0..n {
            if let Some(c) = (placed & hidden.known[s]).first() {
                return Err(WorldsError::Twice(c));
            }
            placed |= hidden.known[s];
            let known = hidden.known[s].count();
            if known > u32::from(hidden.sizes[s]) {
                return Err(WorldsError::KnownTooMany {
                    seat: s as u8,
                    size: hidden.sizes[s],
                    known,
                });
            }
            needs[s] = hidden.sizes[s] - known as u8;
        }
        let needed: u32 = needs.iter().map(|&x| u32::from(x)).sum();
        if needed != hidden.hidden.count() {
            return Err(WorldsError::Count {
                hidden: hidden.hidden.count(),
                needed,
            });
        }
        let mut groups: Vec<(Vec<Card>, u8)> = Vec::new();
        let mut boundary = 0;
        for (i, part) in [hidden.hidden & hidden.quota, hidden.hidden - hidden.quota]
            .into_iter()
            .enumerate()
        {
            let start = groups.len();
            for c in part {
                let mask = (0..n)
                    .filter(|&s| needs[s] > 0 && !hidden.lacks[s].contains(c))
                    .fold(0u8, |m, s| m | 1 << s);
                if mask == 0 {
                    return Err(WorldsError::Nowhere(c));
                }
                match groups[start..].iter_mut().find(|(_, m)| *m == mask) {
                    Some((cards, _)) => cards.push(c),
                    None => groups.push((vec![c], mask)),
                }
            }
            if i == 0 {
                boundary = groups.len();
            }
        }
        let mut binomial = vec![[0u128; 55]; 55];
        for i in 0..55 {
            binomial[i][0] = 1;
            for j in 1..=i {
                binomial[i][j] = binomial[i - 1][j - 1] + binomial[i - 1][j];
            }
        }
        let mut w = Worlds {
            hidden,
            groups,
            boundary,
            need: pack(&needs),
            counts: HashMap::new(),
            splits: HashMap::new(),
            binomial,
        };
        if w.count_from(0, w.need) == 0 {
            return Err(WorldsError::Impossible);
        }
        Ok(w)
    }

    /// What the sampler was built from.
    pub const fn hidden(&self) -> &Hidden {
        &self.hidden
    }

    /// How many worlds agree (at least 1).
    pub fn count(&mut self) -> u128 {
        self.count_from(0, self.need)
    }

    /// Every split of group `g` that `need` allows, with its number of card choices
    /// (the multinomial of the split), in a fixed order.
    fn each_split(&self, g: usize, need: u64, f: &mut dyn FnMut(Split, u128)) {
        let (cards, mask) = &self.groups[g];
        let seats: Vec<usize> = (0..MAX_SEATS).filter(|&s| mask >> s & 1 == 1).collect();
        let k = cards.len() as u8;
        let Some((&last, rest)) = seats.split_last() else {
            return;
        };
        // An odometer over the seats but the last, which takes what is left.
        let mut split: Split = [0; MAX_SEATS];
        loop {
            let used: u8 = rest.iter().map(|&s| split[s]).sum();
            if used <= k && k - used <= unpack(need, last) {
                split[last] = k - used;
                let mut ways = 1u128;
                let mut left = usize::from(k);
                for &s in rest {
                    ways *= self.binomial[left][usize::from(split[s])];
                    left -= usize::from(split[s]);
                }
                f(split, ways);
                split[last] = 0;
            }
            // Next: the first seat that can still grow grows, the ones before restart.
            let mut i = 0;
            loop {
                let Some(&s) = rest.get(i) else { return };
                let used: u8 = rest.iter().map(|&t| split[t]).sum();
                if split[s] < unpack(need, s) && used < k {
                    split[s] += 1;
                    break;
                }
                split[s] = 0;
                i += 1;
            }
        }
    }

    fn minus(need: u64, split: &Split) -> u64 {
        let mut n = [0u8; MAX_SEATS];
        for (s, x) in n.iter_mut().enumerate() {
            *x = unpack(need, s) - split[s];
        }
        pack(&n)
    }

    /// Whether `need`, reached after the `quota` groups, gave each seat its quota.
    fn quotas_met(&self, need: u64) -> bool {
        (0..MAX_SEATS).all(|s| {
            self.hidden.quotas[s].map_or(true, |q| {
                unpack(self.need, s).checked_sub(unpack(need, s)) == Some(q)
            })
        })
    }

    /// `W(g, need)`.
    fn count_from(&mut self, g: usize, need: u64) -> u128 {
        if g == self.boundary && !self.quotas_met(need) {
            return 0;
        }
        if g == self.groups.len() {
            return u128::from(need == 0);
        }
        let key = (g as u64) << 40 | need;
        if let Some(&c) = self.counts.get(&key) {
            return c;
        }
        let mut parts = Vec::new();
        self.each_split(g, need, &mut |split, ways| parts.push((split, ways)));
        let mut total = 0u128;
        for (split, ways) in parts {
            let rest = self.count_from(g + 1, Worlds::minus(need, &split));
            total += ways * rest;
        }
        self.counts.insert(key, total);
        total
    }

    /// The splits of group `g` under `need` with their cumulative weights (cached).
    fn splits_of(&mut self, g: usize, need: u64) -> &[(u128, Split)] {
        let key = (g as u64) << 40 | need;
        if !self.splits.contains_key(&key) {
            let mut parts = Vec::new();
            self.each_split(g, need, &mut |split, ways| parts.push((split, ways)));
            let mut cumulative = Vec::new();
            let mut total = 0u128;
            for (split, ways) in parts {
                let rest = self.count_from(g + 1, Worlds::minus(need, &split));
                if rest > 0 {
                    total += ways * rest;
                    cumulative.push((total, split));
                }
            }
            self.splits.insert(key, cumulative);
        }
        &self.splits[&key]
    }

    /// One world drawn exactly uniformly: every seat's hand now.
    pub fn sample(&mut self, rng: &mut Rng) -> [CardSet; MAX_SEATS] {
        let mut hands = self.hidden.known;
        let mut need = self.need;
        let mut buffer: Vec<Card> = Vec::with_capacity(52);
        for g in 0..self.groups.len() {
            let splits = self.splits_of(g, need);
            let total = splits.last().map_or(0, |&(t, _)| t);
            let r = below_u128(rng, total);
            let i = splits.partition_point(|&(t, _)| t <= r);
            let split = splits[i].1;
            buffer.clear();
            buffer.extend_from_slice(&self.groups[g].0);
            let mut left = buffer.len();
            for (s, &take) in split.iter().enumerate() {
                for _ in 0..take {
                    let j = rng.below(left as u32) as usize;
                    hands[s].insert(buffer[j]);
                    buffer.swap(j, left - 1);
                    left -= 1;
                }
            }
            need = Worlds::minus(need, &split);
        }
        hands
    }

    /// Every world, in a fixed order (for tests on small positions: exponential).
    pub fn all(&self) -> Vec<[CardSet; MAX_SEATS]> {
        fn go(
            w: &Worlds,
            cards: &[Card],
            i: usize,
            hands: &mut [CardSet; MAX_SEATS],
            out: &mut Vec<[CardSet; MAX_SEATS]>,
        ) {
            let n = usize::from(w.hidden.seats);
            if i == cards.len() {
                let met = (0..n).all(|s| {
                    w.hidden.quotas[s].map_or(true, |q| {
                        (hands[s] & w.hidden.quota & w.hidden.hidden).count() == u32::from(q)
                    })
                });
                if met {
                    out.push(*hands);
                }
                return;
            }
            for s in 0..n {
                if hands[s].count() < u32::from(w.hidden.sizes[s])
                    && !w.hidden.lacks[s].contains(cards[i])
                {
                    hands[s].insert(cards[i]);
                    go(w, cards, i + 1, hands, out);
                    hands[s].remove(cards[i]);
                }
            }
        }
        let mut out = Vec::new();
        let cards: Vec<Card> = self.hidden.hidden.into_iter().collect();
        let mut hands = self.hidden.known;
        go(self, &cards, 0, &mut hands, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden() -> Hidden {
        // Seat 0 holds 2C 3C; seats 1..3 hold 2, 2 and 1 cards; seat 2 lacks diamonds.
        let c = |s: &str| s.parse::<Card>().unwrap();
        let mut h = Hidden {
            seats: 4,
            sizes: [2, 2, 2, 1, 0, 0, 0],
            known: [CardSet::EMPTY; MAX_SEATS],
            lacks: [CardSet::EMPTY; MAX_SEATS],
            hidden: CardSet::EMPTY,
            quota: CardSet::EMPTY,
            quotas: [None; MAX_SEATS],
        };
        h.known[0] = [c("2C"), c("3C")].into_iter().collect();
        h.hidden = ["4C", "5C", "2D", "3D", "4D"].into_iter().map(c).collect();
        h.lacks[2] = CardSet::DIAMONDS;
        h
    }

    #[test]
    fn counts_and_enumeration_agree() {
        let mut w = Worlds::new(hidden()).unwrap();
        // Seat 2 takes both clubs (the only non-diamonds); seats 1 and 3 split 3 diamonds
        // 2 + 1: 3 ways.
        assert_eq!(w.count(), 3);
        assert_eq!(w.all().len(), 3);
    }

    #[test]
    fn samples_are_worlds_and_cover_them() {
        let mut w = Worlds::new(hidden()).unwrap();
        let all = w.all();
        let mut seen = vec![0u32; all.len()];
        let mut rng = Rng::new(1);
        for _ in 0..3000 {
            let s = w.sample(&mut rng);
            let i = all.iter().position(|x| *x == s).expect("a world");
            seen[i] += 1;
        }
        assert!(seen.iter().all(|&k| k > 800), "{seen:?}");
    }

    #[test]
    fn impossible_and_malformed_are_errors() {
        let mut h = hidden();
        h.lacks[1] = CardSet::DIAMONDS;
        h.lacks[3] = CardSet::DIAMONDS;
        assert!(matches!(Worlds::new(h), Err(WorldsError::Nowhere(_))));
        let mut h = hidden();
        h.lacks[1] = CardSet::DIAMONDS;
        assert_eq!(Worlds::new(h).unwrap_err(), WorldsError::Impossible);
        // Quotas of diamonds: seat 1 must take both of its cards from the three diamonds.
        let mut h = hidden();
        h.quota = CardSet::DIAMONDS;
        h.quotas[1] = Some(1);
        assert_eq!(Worlds::new(h).unwrap_err(), WorldsError::Impossible);
        h.quotas[1] = Some(2);
        let mut w = Worlds::new(h).unwrap();
        assert_eq!((w.count(), w.all().len()), (3, 3));
        h.quotas[3] = Some(0);
        assert_eq!(Worlds::new(h).unwrap_err(), WorldsError::Impossible);
        let mut h = hidden();
        h.sizes[1] = 3;
        assert!(matches!(Worlds::new(h), Err(WorldsError::Count { .. })));
    }
}
