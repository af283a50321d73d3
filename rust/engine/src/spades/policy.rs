//! In-engine Spades policies: `random` and the rule-based `heuristic` (documented in
//! docs/spades-api.md). Stepping a [`SpadesState`] with [`play_out`] makes exactly the
//! choices (and random draws) the batch simulator makes.

use super::info::SpadesInfo;
use super::rules::{Bemo, SpadesRules};
use super::solve::{SpadesPosition, SpadesProblem};
use super::state::{Bid, Phase, SpadesState};
use crate::core::kernel::{self, SPADE_SUIT};
use crate::core::{BitOps, Card, CardSet, Portable, Rng};
use crate::info::Hidden;
use crate::search::{self, Ismcts, Pimc, SearchGame};

/// A policy that bids and plays inside the engine.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Policy {
    /// Uniform among the legal bids and plays.
    Random,
    /// Rule-based (docs/spades-api.md).
    Heuristic,
    /// Perfect-information Monte Carlo over the worlds the seat's observation allows
    /// ([`pimc_play`]); bids as `heuristic`.
    Pimc(Pimc),
    /// Single-observer information-set MCTS over the worlds the seat's observation allows
    /// ([`ismcts_play`]); bids as `heuristic`.
    Ismcts(Ismcts),
}

impl Policy {
    /// The policies without settings.
    pub const ALL: &'static [Policy] = &[Policy::Random, Policy::Heuristic];

    /// The policy's name.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Heuristic => "heuristic",
            Policy::Pimc(_) => "pimc",
            Policy::Ismcts(_) => "ismcts",
        }
    }

    /// The policy of this name (`pimc` with its default settings).
    pub fn from_name(s: &str) -> Option<Policy> {
        match s {
            "pimc" => return Some(Policy::Pimc(Pimc::default())),
            "ismcts" => return Some(Policy::Ismcts(Ismcts::default())),
            _ => {}
        }
        Policy::ALL.iter().copied().find(|p| p.name() == s)
    }

    /// The names, quoted and joined by commas.
    pub fn allowed() -> String {
        "\"random\", \"heuristic\", \"pimc\", \"ismcts\"".to_string()
    }
}

/// The random policy's bid: a uniform choice among the legal values and, when allowed, the
/// blind nil (one draw over all of them); then, when the team may still declare a bemo, a
/// uniform choice among none, little and big (a second draw).
#[inline(always)]
pub fn random_bid<B: BitOps>(
    bits: B,
    rules: &SpadesRules,
    legal: u16,
    blind_ok: bool,
    bemo_ok: bool,
    rng: &mut Rng,
) -> Bid {
    let n = legal.count_ones();
    let k = rng.below(n + u32::from(blind_ok));
    let (value, blind) = if k < n {
        // The k-th set bit of `legal`.
        let bit = CardSet(u64::from(legal)).nth_bit(bits, k);
        (bit.0.trailing_zeros() as u8, false)
    } else {
        (0, true)
    };
    let bemo = if bemo_ok {
        match rng.below(3) {
            0 => None,
            1 => Some(Bemo::Little),
            _ => Some(Bemo::Big),
        }
    } else {
        None
    };
    Bid {
        value,
        nil: rules.nil && value == 0,
        blind,
        bemo,
    }
}

/// The heuristic's target number of tricks for a hand (documented in docs/spades-api.md):
/// every ace, Big and Little Joker; a king with at least one more card of its suit; in the
/// spade suit also a queen with at least two more spades, and every spade beyond the fourth.
///
/// On masks: the aces and jokers by one popcount, each king by its suit's length.
#[inline(always)]
pub fn sure_tricks(hand: CardSet) -> u32 {
    const ACES: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;
    const JOKERS: u64 = 3 << 52;
    let h = hand.0;
    let mut n = (h & (ACES | JOKERS)).count_ones();
    for suit in 0..3u32 {
        let cards = h >> (13 * suit) & 0x1fff;
        n += (cards >> 11 & 1) as u32 & u32::from(cards.count_ones() >= 2);
    }
    let spades = h & SPADE_SUIT;
    let len = spades.count_ones();
    n += (h >> 50 & 1) as u32 & u32::from(len >= 2);
    n += (h >> 49 & 1) as u32 & u32::from(len >= 3);
    n + len.saturating_sub(4)
}

/// The heuristic bid: a nil when the hand has no sure trick, at most two spade-suit cards
/// and no card above a jack; otherwise the legal value nearest [`sure_tricks`] (at least 1;
/// the lower one on a tie). Never blind, never a bemo. Inlined into its callers (as are
/// [`sure_tricks`] and [`nearest_bid`]) so that the BMI2 batch kernels count with POPCNT:
/// called out of line from them it cost about 135 instructions a bid (portable popcount).
#[inline(always)]
pub fn heuristic_bid(rules: &SpadesRules, hand: CardSet, legal: u16) -> Bid {
    /// Every queen, king and ace, and the jokers.
    const HIGH: u64 = (0x1c00 * (1 | 1 << 13 | 1 << 26 | 1 << 39)) | (3 << 52);
    let sure = sure_tricks(hand);
    let spades = (hand.0 & SPADE_SUIT).count_ones();
    let high = hand.0 & HIGH != 0;
    let value = if rules.nil && legal & 1 != 0 && sure == 0 && spades <= 2 && !high {
        0
    } else {
        nearest_bid(legal, sure.max(1))
    };
    Bid {
        value,
        nil: rules.nil && value == 0,
        blind: false,
        bemo: None,
    }
}

/// The legal bid nearest `target` (bit n of `legal` = bid n, bids 0..=13), the lower one on
/// a tie; 0 when none is legal. On masks: the highest legal bid at or below the target
/// against the lowest above it.
#[inline(always)]
pub fn nearest_bid(legal: u16, target: u32) -> u8 {
    let legal = u32::from(legal) & 0x3fff;
    let at_or_below = if target >= 30 {
        legal
    } else {
        legal & ((2u32 << target) - 1)
    };
    let above = legal & !at_or_below;
    let lo = at_or_below.checked_ilog2();
    let hi = (above != 0).then(|| above.trailing_zeros());
    let v = match (lo, hi) {
        (Some(lo), Some(hi)) => {
            if target - lo <= hi - target {
                lo
            } else {
                hi
            }
        }
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => 0,
    };
    v as u8
}

/// Whether `card` would take the trick from the current winner `best` (led suit `led`).
#[inline(always)]
fn beats(card: u64, best: u64, led: u64) -> bool {
    kernel::beats(card, best, led, SPADE_SUIT)
}

/// The heuristic play (documented in docs/spades-api.md):
/// - a nil bidder plays his highest legal card that does not take the trick (when leading:
///   his lowest card); if every card takes it, his highest;
/// - the partner of a nil bidder who is winning the trick overtakes with his lowest card
///   that beats it, if he can;
/// - otherwise, while his team or the opponents still need tricks for their contracts, a
///   player leads his highest legal card, and when following plays low if his partner is
///   winning, else his lowest card that takes the trick, else his lowest card;
/// - once both contracts are made or beyond reach it avoids bags: the highest card that
///   does not take the trick, else the lowest.
pub fn heuristic_play(s: &SpadesState) -> Card {
    let legal = s.legal_plays().0;
    let seat = s.current_player().unwrap_or(0);
    let bids = s.bids();
    let lowest = 1u64 << legal.trailing_zeros();
    let highest = 1u64 << legal.checked_ilog2().unwrap_or(0);
    let trick = s.trick();
    let card = |bit: u64| Card::new_unchecked(bit.trailing_zeros() as u8);
    let is_nil = |p: u8| bids[usize::from(p)].is_some_and(|b| b.nil);
    let (best, best_seat, led) = match trick.plays().next() {
        None => (0, 0, 0),
        Some((_, first)) => {
            let led = kernel::led_mask(1 << first.id());
            let best = kernel::winner_bit(trick.cards().0, led, SPADE_SUIT);
            let seat = trick.seat_of(card(best)).unwrap_or(0);
            (best, seat, led)
        }
    };
    let bits = || {
        (0..64u32)
            .map(|i| 1u64 << i)
            .filter(move |b| legal & b != 0)
    };
    let ducks = bits().rfind(|&b| !beats(b, best, led));
    let cheapest_win = bits().find(|&b| beats(b, best, led));
    if is_nil(seat) {
        if best == 0 {
            return card(lowest);
        }
        return card(ducks.unwrap_or(highest));
    }
    let partner = seat ^ 2;
    if best != 0 && best_seat == partner && is_nil(partner) {
        if let Some(w) = cheapest_win {
            return card(w);
        }
    }
    let contracts = s.contracts();
    let taken = s.tricks_taken();
    let team = usize::from(seat & 1);
    let left = 13 - s.trick_winners().len() as i64;
    let needs = |t: usize| {
        let got: i64 = [t, t + 2]
            .iter()
            .filter(|&&p| !is_nil(p as u8))
            .map(|&p| i64::from(taken[p]))
            .sum();
        let need = contracts[t] - got;
        need > 0 && need <= left
    };
    if needs(team) || needs(1 - team) {
        if best == 0 {
            return card(highest);
        }
        if best_seat == partner {
            return card(lowest);
        }
        return card(cheapest_win.unwrap_or(lowest));
    }
    if best == 0 {
        return card(lowest);
    }
    card(ducks.unwrap_or(lowest))
}

/// One seat's bid under `policy` at the current state.
pub fn policy_bid(policy: Policy, s: &SpadesState, rng: &mut Rng) -> Bid {
    let seat = usize::from(s.current_player().unwrap_or(0));
    match policy {
        Policy::Random => random_bid(
            Portable,
            s.rules(),
            s.legal_bids(),
            s.can_bid_blind(),
            s.can_bemo(),
            rng,
        ),
        Policy::Heuristic | Policy::Pimc(_) | Policy::Ismcts(_) => {
            heuristic_bid(s.rules(), s.hands()[seat], s.legal_bids())
        }
    }
}

/// One play under `policy` at the current state (the random policy: the `n`-th legal card
/// for a uniform `n`).
#[inline(always)]
pub fn policy_play<B: BitOps>(bits: B, policy: Policy, s: &SpadesState, rng: &mut Rng) -> Card {
    match policy {
        Policy::Random => {
            let legal = s.legal_plays();
            let bit = legal.nth_bit(bits, rng.below(legal.count())).0;
            Card::new_unchecked(bit.trailing_zeros() as u8)
        }
        Policy::Heuristic => heuristic_play(s),
        Policy::Pimc(params) => s
            .current_player()
            .and_then(|seat| SpadesInfo::observe(s, seat))
            .and_then(|info| pimc_play(&info, &params, rng))
            .unwrap_or_else(|| heuristic_play(s)),
        Policy::Ismcts(params) => s
            .current_player()
            .and_then(|seat| SpadesInfo::observe(s, seat))
            .and_then(|info| ismcts_play(&info, &params, rng))
            .unwrap_or_else(|| heuristic_play(s)),
    }
}

/// Makes the next move of a hand with per-seat policies (the current seat's bid or play);
/// false once the hand is over. Stepping a hand with it makes exactly the choices (and
/// random draws) of [`play_out`].
///
/// ```
/// use hearts_engine::{Rng, spades::{deal_random, policy::{act, Policy}, SpadesRules, SpadesState}};
/// let rules = SpadesRules::default();
/// let deal = deal_random(&rules, 0, &mut Rng::new(3));
/// let mut s = SpadesState::new(&rules, deal, 0, 0, [0, 0], [0, 0]);
/// let mut moves = 0;
/// while act(&[Policy::Heuristic; 4], &mut s, &mut Rng::new(moves)) {
///     moves += 1;
/// }
/// assert_eq!(moves, 4 + 52);
/// ```
#[inline(always)]
pub fn act_with<B: BitOps>(
    bits: B,
    policies: &[Policy; 4],
    s: &mut SpadesState,
    rng: &mut Rng,
) -> bool {
    let Some(seat) = s.current_player() else {
        return false;
    };
    let p = policies[usize::from(seat)];
    if s.phase() == Phase::Bid {
        let b = policy_bid(p, s, rng);
        s.bid_unchecked(b.value, b.blind, b.bemo);
    } else {
        let c = policy_play(bits, p, s, rng);
        s.play_unchecked(c);
    }
    true
}

/// [`act_with`] without BMI2.
pub fn act(policies: &[Policy; 4], s: &mut SpadesState, rng: &mut Rng) -> bool {
    act_with(Portable, policies, s, rng)
}

/// Bids and plays a hand to its end with per-seat policies.
pub fn play_out_with<B: BitOps>(
    bits: B,
    policies: &[Policy; 4],
    s: &mut SpadesState,
    rng: &mut Rng,
) {
    while act_with(bits, policies, s, rng) {}
}

/// [`play_out_with`] without BMI2.
pub fn play_out(policies: &[Policy; 4], s: &mut SpadesState, rng: &mut Rng) {
    play_out_with(Portable, policies, s, rng);
}

impl SearchGame for SpadesState {
    type Info = SpadesInfo;
    type Problem = SpadesProblem;
    /// The team's hand score (the solver's `"score"`), which it raises.
    const MAXIMIZE: bool = true;

    fn observer(info: &SpadesInfo) -> (u8, Hidden) {
        (info.seat, info.hidden)
    }

    fn world(info: &SpadesInfo, hands: &[CardSet]) -> Option<SpadesState> {
        info.world(hands).ok()
    }

    fn problem(&self, seat: u8) -> Option<SpadesProblem> {
        SpadesProblem::new(self, Some(seat), Some("score")).ok()
    }

    fn position(&self) -> SpadesPosition {
        SpadesPosition::of(self)
    }

    fn heuristic(&self) -> Option<Card> {
        Some(heuristic_play(self))
    }

    /// `0.5 + s / 800` per seat, `s` its team's hand score.
    fn rewards(&self) -> [f64; 8] {
        let score = self.score();
        let mut r = [0.0; 8];
        for (seat, x) in r.iter_mut().enumerate().take(4) {
            #[allow(clippy::cast_precision_loss)]
            let v = score.scores[seat % 2] as f64;
            *x = (0.5 + v / 800.0).clamp(0.0, 1.0);
        }
        r
    }
}

/// The `pimc` bot's play (docs/bots.md): [`search::pimc_play`] on Spades, the team's hand
/// score as the objective.
pub fn pimc_play(info: &SpadesInfo, params: &Pimc, rng: &mut Rng) -> Option<Card> {
    search::pimc_play::<SpadesState>(info, params, rng)
}

/// The `ismcts` bot's play (docs/bots.md): [`search::ismcts_play`] on Spades.
pub fn ismcts_play(info: &SpadesInfo, params: &Ismcts, rng: &mut Rng) -> Option<Card> {
    search::ismcts_play::<SpadesState>(info, params, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`sure_tricks`] as first written, suit by suit (the reference of the mask form).
    fn sure_tricks_by_suit(hand: CardSet) -> u32 {
        let mut n = 0;
        for suit in 0..4u8 {
            let mask = if suit == 3 {
                SPADE_SUIT
            } else {
                0x1fff << (13 * suit)
            };
            let cards = hand.0 & mask;
            let len = cards.count_ones();
            let base = 13 * u32::from(suit);
            let has = |rank: u32| cards >> (base + rank) & 1 != 0;
            n += u32::from(has(12));
            n += u32::from(has(11) && len >= 2);
            if suit == 3 {
                n += (cards >> 52).count_ones();
                n += u32::from(has(10) && len >= 3);
                n += len.saturating_sub(4);
            }
        }
        n
    }

    /// The mask forms of the bid against the suit-by-suit reference, on random 13-card
    /// hands of both decks and on every single-suit holding.
    #[test]
    fn sure_tricks_and_high_cards_match_the_reference() {
        let mut rng = Rng::new(4);
        for jokers in [false, true] {
            let r = crate::spades::SpadesRules {
                jokers,
                ..Default::default()
            };
            for _ in 0..20_000 {
                let d = crate::spades::deal_random(&r, 0, &mut rng);
                for cards in d {
                    let hand: CardSet = cards.iter().map(|&c| Card::new_unchecked(c)).collect();
                    assert_eq!(sure_tricks(hand), sure_tricks_by_suit(hand), "{hand:?}");
                    let high = (0..4u32).any(|s| hand.0 >> (13 * s + 10) & 0b111 != 0)
                        || hand.0 >> 52 != 0;
                    let nil = heuristic_bid(&r, hand, 0x3fff).nil;
                    let spades = (hand.0 & SPADE_SUIT).count_ones();
                    assert_eq!(nil, sure_tricks_by_suit(hand) == 0 && spades <= 2 && !high);
                }
            }
        }
        for suit in 0..4u32 {
            let mask = if suit == 3 {
                SPADE_SUIT
            } else {
                0x1fff << (13 * suit)
            };
            let width = mask.count_ones();
            for k in 0..(1u64 << width) {
                let hand = CardSet(pdep(k, mask));
                assert_eq!(sure_tricks(hand), sure_tricks_by_suit(hand));
            }
        }
    }

    /// Bits of `x` deposited into the set bits of `mask`, lowest first.
    fn pdep(mut x: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        while mask != 0 {
            let b = mask & mask.wrapping_neg();
            if x & 1 != 0 {
                out |= b;
            }
            x >>= 1;
            mask &= mask - 1;
        }
        out
    }

    /// [`nearest_bid`] is the nearest legal value by search (the lower on a tie), for every
    /// legal mask and target.
    #[test]
    fn nearest_bid_is_the_nearest_legal_value() {
        for legal in 0..(1u16 << 14) {
            for target in 0..40u32 {
                let expect = (0..14i64)
                    .filter(|v| legal >> v & 1 != 0)
                    .min_by_key(|&v| ((v - i64::from(target)).abs(), v))
                    .unwrap_or(0) as u8;
                assert_eq!(nearest_bid(legal, target), expect, "{legal:b} {target}");
            }
        }
    }
}
