//! A dedicated all-random hand on plain `u64` masks: deal, pass, play and score with no
//! `HeartsState`, for every rule set but `deal_all` (whose trick-1 double play goes through
//! the general path). It makes exactly the random draws of stepping a `HeartsState` with a
//! random [`super::TablePolicy`], in the same order, so it returns the same results; the
//! tests hold it to that.

use super::policy::{heuristic_pass, highest_rank, lowest_rank};
use super::{Policy, TablePolicy};
use crate::card_set::CardSet;
use crate::hearts::{
    resolve_direction, DeckAdjust, FirstLead, HandDirection, HeartsRules, Moon, MAX_PLAYERS,
};
use crate::rng::Rng;

const HEARTS: u64 = CardSet::HEARTS.0;
const CLUBS: u64 = CardSet::CLUBS.0;
const QS: u64 = 1 << 49;
const KS: u64 = 1 << 50;
const AS: u64 = 1 << 51;
const JD: u64 = 1 << 22;

/// The suit mask of each bit index (bits 52..63 never occur).
const SUIT_OF_BIT: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 52 {
        t[i] = 0x1fff << (13 * (i / 13));
        i += 1;
    }
    t
};

/// Facts of a rule set, computed once per batch.
#[derive(Clone, Copy, Debug)]
pub struct FastRules {
    rules: HeartsRules,
    n: usize,
    penalty: u64,
    value: u64,
    moon_need: u64,
    breakers: u64,
    lowest_club: u64,
    deck: u64,
    v: i32,
    /// Deal draw ranges total, total−1, … and, per batch of ten, its Lemire threshold.
    deal_bounds: [u32; 52],
    deal_draws: usize,
    deal_thresholds: [u64; 6],
    /// Pass draw ranges (cards held, −1, …) and their threshold.
    pass_bounds: [u32; 8],
    pass_threshold: u64,
    /// The seat after each seat.
    next_seat: [u8; MAX_PLAYERS],
    /// The policy of each seat, and the seats playing `heuristic` as a bit mask.
    policy: TablePolicy,
    heuristic: u32,
}

/// The play state of `L` interleaved hands.
#[derive(Debug)]
struct Lanes<const L: usize> {
    hands: [[u64; MAX_PLAYERS]; L],
    leader: [usize; L],
    captured: [[u64; MAX_PLAYERS]; L],
    taken: [[u8; MAX_PLAYERS]; L],
    played: [u64; L],
    broken: [bool; L],
    alive: [bool; L],
}

/// The play state of `L` interleaved 4-player hands.
#[derive(Debug)]
struct Four<const L: usize> {
    hands: [[u64; 4]; L],
    leader: [usize; L],
    captured: [[u64; 4]; L],
    taken: [[u8; 4]; L],
    played: [u64; L],
    broken: [bool; L],
    alive: [bool; L],
}

/// One finished hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct FastOutcome {
    /// pen_i.
    pub points: [i16; MAX_PLAYERS],
    /// h_i.
    pub hand_scores: [i16; MAX_PLAYERS],
    /// Tricks won.
    pub tricks: [u8; MAX_PLAYERS],
    /// Moon shooter or −1.
    pub moon: i8,
    /// Q♠ taker or −1.
    pub queen: i8,
}

impl FastRules {
    /// The facts of `rules` and the seats' policies, or `None` for `deal_all` (not handled
    /// here).
    pub fn new(rules: &HeartsRules, policy: &TablePolicy) -> Option<FastRules> {
        if rules.deck_adjust == DeckAdjust::DealAll {
            return None;
        }
        let mut moon_need = rules.penalty_cards().0;
        if rules.jack_of_diamonds && rules.moon_requires_jack {
            moon_need |= JD;
        }
        let total = rules.deck().count();
        let each = total / u32::from(rules.players);
        let deal_draws = (total - each) as usize;
        let mut deal_bounds = [0u32; 52];
        for (i, b) in deal_bounds.iter_mut().enumerate().take(deal_draws) {
            *b = total - i as u32;
        }
        let mut deal_thresholds = [0u64; 6];
        for (t, chunk) in deal_thresholds
            .iter_mut()
            .zip(deal_bounds[..deal_draws].chunks(10))
        {
            *t = Rng::batch_threshold(chunk);
        }
        let k = usize::from(rules.pass_k());
        let mut pass_bounds = [0u32; 8];
        for (i, b) in pass_bounds.iter_mut().enumerate().take(k) {
            *b = each - i as u32;
        }
        let pass_threshold = if k > 0 {
            Rng::batch_threshold(&pass_bounds[..k])
        } else {
            0
        };
        let mut next_seat = [0u8; MAX_PLAYERS];
        for (s, x) in next_seat
            .iter_mut()
            .enumerate()
            .take(usize::from(rules.players))
        {
            *x = ((s + 1) % usize::from(rules.players)) as u8;
        }
        Some(FastRules {
            rules: *rules,
            n: usize::from(rules.players),
            penalty: rules.penalty_cards().0,
            value: rules.value_cards().0,
            moon_need,
            breakers: if rules.queen_breaks_hearts {
                HEARTS | QS
            } else {
                HEARTS
            },
            lowest_club: CardSet::single(rules.lowest_club()).0,
            deck: rules.deck().0,
            v: rules.total_penalty() as i32,
            deal_bounds,
            deal_draws,
            deal_thresholds,
            pass_bounds,
            pass_threshold,
            next_seat,
            policy: *policy,
            heuristic: (0..usize::from(rules.players))
                .filter(|&s| policy.0[s] == Policy::Heuristic)
                .fold(0, |m, s| m | 1 << s),
        })
    }

    #[inline(always)]
    fn pen(&self, cards: u64) -> i32 {
        let mut p = (cards & HEARTS).count_ones() as i32 + 13 * i32::from(cards & QS != 0);
        if self.rules.french_spades {
            p += 7 * i32::from(cards & AS != 0) + 10 * i32::from(cards & KS != 0);
        }
        p
    }

    /// Plays hand `index` with random policies at every seat: deal from
    /// `Rng::for_game(seed, index)`, choices from the policy stream.
    #[inline(always)]
    pub fn play<const BMI2: bool>(
        &self,
        seed: u64,
        index: u64,
        deal: Option<&[u8]>,
    ) -> FastOutcome {
        match (self.n == 4, self.heuristic != 0 || deal.is_some()) {
            (true, false) => self.play_lanes::<BMI2, 1, 4, false>(seed, [index], [deal])[0],
            (true, true) => self.play_lanes::<BMI2, 1, 4, true>(seed, [index], [deal])[0],
            (false, false) => self.play_lanes::<BMI2, 1, 0, false>(seed, [index], [deal])[0],
            (false, true) => self.play_lanes::<BMI2, 1, 0, true>(seed, [index], [deal])[0],
        }
    }

    /// The all-random 4-player hand as a tight routine over `L` interleaved hands (the
    /// common case, and the benchmark one): the same draws and results as
    /// [`FastRules::play`], with the hands in 4-entry arrays.
    #[inline(always)]
    pub fn play4<const BMI2: bool, const L: usize>(
        &self,
        seed: u64,
        index: [u64; L],
    ) -> [FastOutcome; L] {
        debug_assert!(self.n == 4 && self.heuristic == 0);
        let r = &self.rules;
        let mut hands = [[0u64; 4]; L];
        let mut rng = [Rng::new(0); L];
        let mut dealer = [0usize; L];
        for g in 0..L {
            let mut deal_rng = Rng::for_game(seed, index[g]);
            dealer[g] = (index[g] & 3) as usize;
            let dir =
                resolve_direction(r, index[g], None, &mut deal_rng).unwrap_or(HandDirection::Hold);
            // Deal: 39 draws in batches of ten, seats from the dealer's left.
            let mut draws = [0u32; 40];
            for c in 0..4 {
                let i = c * 10;
                let j = (i + 10).min(39);
                deal_rng.below_batch_fixed(
                    &self.deal_bounds[i..j],
                    self.deal_thresholds[c],
                    &mut draws[i..j],
                );
            }
            let mut remaining = self.deck;
            let mut d = 0;
            for o in 0..3 {
                let seat = (dealer[g] + 1 + o) & 3;
                let mut h = 0;
                for _ in 0..13 {
                    let bit = CardSet(remaining).nth_bit::<BMI2>(draws[d]).0;
                    d += 1;
                    h |= bit;
                    remaining &= !bit;
                }
                hands[g][seat] = h;
            }
            hands[g][dealer[g]] = remaining;
            rng[g] = super::policy_rng(seed, index[g]);
            // Passing.
            let k = if dir == HandDirection::Hold {
                0
            } else {
                usize::from(r.pass_k())
            };
            if k > 0 {
                let off = usize::from(r.offset(dir));
                let mut sel = [0u64; 4];
                for s in 0..4 {
                    let mut dr = [0u32; 8];
                    rng[g].below_batch_fixed(
                        &self.pass_bounds[..k],
                        self.pass_threshold,
                        &mut dr[..k],
                    );
                    let mut left = hands[g][s];
                    for &x in &dr[..k] {
                        let bit = CardSet(left).nth_bit::<BMI2>(x).0;
                        left &= !bit;
                        sel[s] |= bit;
                    }
                }
                let old = hands[g];
                for s in 0..4 {
                    hands[g][s] = (old[s] & !sel[s]) | sel[(s + 4 - off) & 3];
                }
            }
        }
        let mut leader = [0usize; L];
        for g in 0..L {
            leader[g] = if r.first_lead == FirstLead::TwoOfClubs {
                (0..4)
                    .find(|&s| hands[g][s] & self.lowest_club != 0)
                    .unwrap_or(0)
            } else {
                (dealer[g] + 1) & 3
            };
        }
        let mut st = Four::<L> {
            hands,
            leader,
            captured: [[0u64; 4]; L],
            taken: [[0u8; 4]; L],
            played: [0u64; L],
            broken: [false; L],
            alive: [true; L],
        };
        if r.early_end {
            if self.trick4::<BMI2, L, true, true>(&mut st, &mut rng) {
                while self.trick4::<BMI2, L, false, true>(&mut st, &mut rng) {}
            }
        } else {
            // Without early end every hand runs exactly its 13 tricks: no per-lane checks.
            self.trick4::<BMI2, L, true, false>(&mut st, &mut rng);
            for _ in 1..13 {
                self.trick4::<BMI2, L, false, false>(&mut st, &mut rng);
            }
        }
        let (captured, taken) = (st.captured, st.taken);
        let mut out = [FastOutcome::default(); L];
        for g in 0..L {
            let mut cap = [0u64; MAX_PLAYERS];
            let mut tk = [0u8; MAX_PLAYERS];
            cap[..4].copy_from_slice(&captured[g]);
            tk[..4].copy_from_slice(&taken[g]);
            out[g] = self.score(&cap, &tk);
        }
        out
    }

    /// One trick of [`FastRules::play4`] in every live lane; false when all are over.
    /// `FIRST` is trick 1; without `EARLY` (no early end) every lane is live throughout.
    #[inline(always)]
    fn trick4<const BMI2: bool, const L: usize, const FIRST: bool, const EARLY: bool>(
        &self,
        st: &mut Four<L>,
        rng: &mut [Rng; L],
    ) -> bool {
        let r = &self.rules;
        let pick = |c: u64, rng: &mut Rng| CardSet(c).nth_bit::<BMI2>(rng.below(c.count_ones())).0;
        let mut led = [0u64; L];
        let mut trick = [0u64; L];
        let mut best = [0u64; L];
        let mut best_seat = [0usize; L];
        for g in 0..L {
            if EARLY && !st.alive[g] {
                continue;
            }
            let l = st.leader[g];
            let h = st.hands[g][l];
            let mut c = h;
            if FIRST && r.first_lead == FirstLead::TwoOfClubs {
                c = if r.can_lead_any_club {
                    h & CLUBS
                } else {
                    h & self.lowest_club
                };
            } else if r.hearts_must_be_broken && !st.broken[g] {
                let nh = h & !HEARTS;
                if nh != 0 && !(r.can_lead_hearts_instead_of_qs && nh == QS) {
                    c = nh;
                }
            }
            if FIRST && r.first_trick_no_points {
                let x = c & !self.penalty;
                if x != 0 {
                    c = x;
                }
            }
            let lead = pick(c, &mut rng[g]);
            st.hands[g][l] &= !lead;
            led[g] = SUIT_OF_BIT[(lead.trailing_zeros() & 63) as usize];
            trick[g] = lead;
            best[g] = lead;
            best_seat[g] = l;
        }
        for o in 1..4 {
            for g in 0..L {
                if EARLY && !st.alive[g] {
                    continue;
                }
                let q = (st.leader[g] + o) & 3;
                let h = st.hands[g][q];
                let f = h & led[g];
                let mut c = if f == 0 { h } else { f };
                if FIRST && r.first_trick_no_points {
                    let x = c & !self.penalty;
                    if x != 0 {
                        c = x;
                    }
                }
                let b = pick(c, &mut rng[g]);
                st.hands[g][q] &= !b;
                trick[g] |= b;
                let bm = b & led[g];
                if bm > best[g] {
                    best[g] = bm;
                    best_seat[g] = q;
                }
            }
        }
        let mut any = false;
        for g in 0..L {
            if EARLY && !st.alive[g] {
                continue;
            }
            let w = best_seat[g];
            st.captured[g][w] |= trick[g];
            st.taken[g][w] += 1;
            st.played[g] |= trick[g];
            st.broken[g] |= trick[g] & self.breakers != 0;
            st.leader[g] = w;
            if EARLY && (st.hands[g][w] == 0 || self.value & !st.played[g] == 0) {
                st.alive[g] = false;
            } else {
                any = true;
            }
        }
        any
    }

    /// Plays `L` hands interleaved step by step (so their dependency chains overlap); each
    /// makes exactly the draws it would alone. `N` > 0 fixes the number of players at
    /// compile time (it must equal the rules'); 0 reads it from the rules. `MIXED` must be
    /// true when a seat plays `heuristic` or a deal is given (false compiles them out).
    #[inline(always)]
    pub fn play_lanes<const BMI2: bool, const L: usize, const N: usize, const MIXED: bool>(
        &self,
        seed: u64,
        index: [u64; L],
        deals: [Option<&[u8]>; L],
    ) -> [FastOutcome; L] {
        debug_assert!(N == 0 || N == self.n);
        debug_assert!(MIXED || (self.heuristic == 0 && deals.iter().all(Option::is_none)));
        let r = &self.rules;
        let n = if N > 0 { N } else { self.n };
        let total = r.deck().count();
        let each = total / n as u32;
        let extra = total % n as u32;
        let mut dealer = [0usize; L];
        let mut dir = [HandDirection::Hold; L];
        let mut draws = [[0u32; 52]; L];
        let mut rng = [Rng::new(0); L];
        for g in 0..L {
            let mut deal_rng = Rng::for_game(seed, index[g]);
            dealer[g] = (index[g] % n as u64) as usize;
            dir[g] =
                resolve_direction(r, index[g], None, &mut deal_rng).unwrap_or(HandDirection::Hold);
            // The draws of `deal_random_with`: ranges total, total−1, …, ten per batch.
            if MIXED && deals[g].is_some() {
                rng[g] = super::policy_rng(seed, index[g]);
                continue;
            }
            for (c, i) in (0..self.deal_draws).step_by(10).enumerate() {
                let j = (i + 10).min(self.deal_draws);
                deal_rng.below_batch_fixed(
                    &self.deal_bounds[i..j],
                    self.deal_thresholds[c],
                    &mut draws[g][i..j],
                );
            }
            rng[g] = super::policy_rng(seed, index[g]);
        }
        // Deal: seat by seat from the dealer's left, the last seat takes the rest.
        let mut hands = [[0u64; MAX_PLAYERS]; L];
        let mut remaining = [self.deck; L];
        let mut seat = [0usize; L];
        for g in 0..L {
            seat[g] = if dealer[g] + 1 == n { 0 } else { dealer[g] + 1 };
        }
        let mut d = 0;
        for o in 0..n as u32 - 1 {
            let size = each + u32::from(o < extra);
            for _ in 0..size {
                for g in 0..L {
                    let bit = CardSet(remaining[g]).nth_bit::<BMI2>(draws[g][d]).0;
                    hands[g][seat[g]] |= bit;
                    remaining[g] &= !bit;
                }
                d += 1;
            }
            for g in 0..L {
                seat[g] = if seat[g] + 1 == n { 0 } else { seat[g] + 1 };
            }
        }
        for g in 0..L {
            hands[g][seat[g]] = remaining[g];
            if let (true, Some(order)) = (MIXED, deals[g]) {
                let dealt = super::deal_from_order(r, dealer[g] as u8, order);
                for s in 0..n {
                    hands[g][s] = dealt[s].0;
                }
            }
        }
        // Passing: seats in order 0..n, each passes to seat + d.
        for g in 0..L {
            let k = if dir[g] == HandDirection::Hold {
                0
            } else {
                r.pass_k()
            };
            if k == 0 {
                continue;
            }
            let off = usize::from(r.offset(dir[g]));
            let mut sel = [0u64; MAX_PLAYERS];
            let k = usize::from(k);
            for s in 0..n {
                if MIXED && self.policy.0[s] == Policy::Heuristic {
                    sel[s] = heuristic_pass(CardSet(hands[g][s]), k as u32).0;
                    continue;
                }
                // The draws of `random_pass_with`: ranges each, each−1, … in one batch.
                let mut dr = [0u32; 8];
                rng[g].below_batch_fixed(&self.pass_bounds[..k], self.pass_threshold, &mut dr[..k]);
                let mut left = CardSet(hands[g][s]);
                for &x in &dr[..k] {
                    let bit = left.nth_bit::<BMI2>(x);
                    left -= bit;
                    sel[s] |= bit.0;
                }
            }
            let mut next = [0u64; MAX_PLAYERS];
            for s in 0..n {
                next[s] = hands[g][s] & !sel[s];
            }
            for s in 0..n {
                let to = if s + off >= n { s + off - n } else { s + off };
                next[to] |= sel[s];
            }
            hands[g] = next;
        }
        // A-12 / V-A1: who leads trick 1.
        let two_clubs = r.first_lead == FirstLead::TwoOfClubs;
        let mut leader = [0usize; L];
        for g in 0..L {
            leader[g] = if two_clubs {
                (0..n)
                    .find(|&s| hands[g][s] & self.lowest_club != 0)
                    .unwrap_or(0)
            } else if dealer[g] + 1 == n {
                0
            } else {
                dealer[g] + 1
            };
        }
        let mut st = Lanes::<L> {
            hands,
            leader,
            captured: [[0u64; MAX_PLAYERS]; L],
            taken: [[0u8; MAX_PLAYERS]; L],
            played: [0u64; L],
            broken: [false; L],
            alive: [true; L],
        };
        if self.trick::<BMI2, L, N, MIXED, true>(&mut st, &mut rng) {
            while self.trick::<BMI2, L, N, MIXED, false>(&mut st, &mut rng) {}
        }
        let (captured, taken) = (st.captured, st.taken);
        let mut out = [FastOutcome::default(); L];
        for g in 0..L {
            out[g] = self.score(&captured[g], &taken[g]);
        }
        out
    }

    /// Plays one trick in every live lane; false when every lane is over. `FIRST` is trick
    /// 1 (first-lead and no-points rules).
    #[inline(always)]
    fn trick<
        const BMI2: bool,
        const L: usize,
        const N: usize,
        const MIXED: bool,
        const FIRST: bool,
    >(
        &self,
        st: &mut Lanes<L>,
        rng: &mut [Rng; L],
    ) -> bool {
        let r = &self.rules;
        let n = if N > 0 { N } else { self.n };
        let two_clubs = FIRST && r.first_lead == FirstLead::TwoOfClubs;
        let no_points = FIRST && r.first_trick_no_points;
        let mut led = [0u64; L];
        let mut trick = [0u64; L];
        let mut best = [0u64; L];
        let mut best_seat = [0usize; L];
        let mut p = [0usize; L];
        for g in 0..L {
            if !st.alive[g] {
                continue;
            }
            // Lead.
            let l = st.leader[g];
            let h = st.hands[g][l];
            let mut c = h;
            if two_clubs {
                c = if r.can_lead_any_club {
                    h & CLUBS
                } else {
                    h & self.lowest_club
                };
            } else if r.hearts_must_be_broken && !st.broken[g] {
                let nh = h & !HEARTS;
                if nh != 0 && !(r.can_lead_hearts_instead_of_qs && nh == QS) {
                    c = nh;
                }
            }
            if no_points {
                let d = c & !self.penalty;
                if d != 0 {
                    c = d;
                }
            }
            let lead = if !MIXED || self.heuristic & (1 << l) == 0 {
                CardSet(c).nth_bit::<BMI2>(rng[g].below(c.count_ones())).0
            } else if c.is_power_of_two() {
                c
            } else {
                lowest_rank(CardSet(c)).map_or(c & c.wrapping_neg(), |x| CardSet::single(x).0)
            };
            st.hands[g][l] &= !lead;
            led[g] = SUIT_OF_BIT[lead.trailing_zeros() as usize];
            trick[g] = lead;
            best[g] = lead;
            best_seat[g] = l;
            p[g] = l;
        }
        for _ in 1..n {
            for g in 0..L {
                if !st.alive[g] {
                    continue;
                }
                // Follow.
                let q = if N == 4 {
                    (p[g] + 1) & 3
                } else {
                    usize::from(self.next_seat[p[g]])
                };
                p[g] = q;
                let h = st.hands[g][q];
                let f = h & led[g];
                let mut c = if f == 0 { h } else { f };
                if no_points {
                    let d = c & !self.penalty;
                    if d != 0 {
                        c = d;
                    }
                }
                let b = if !MIXED || self.heuristic & (1 << q) == 0 {
                    CardSet(c).nth_bit::<BMI2>(rng[g].below(c.count_ones())).0
                } else {
                    self.heuristic_follow(c, led[g], best[g])
                };
                st.hands[g][q] &= !b;
                trick[g] |= b;
                // the highest card of the led suit wins.
                let bm = b & led[g];
                if bm > best[g] {
                    best[g] = bm;
                    best_seat[g] = q;
                }
            }
        }
        let mut any = false;
        for g in 0..L {
            if !st.alive[g] {
                continue;
            }
            let w = best_seat[g];
            st.captured[g][w] |= trick[g];
            st.taken[g][w] += 1;
            st.played[g] |= trick[g];
            st.broken[g] |= trick[g] & self.breakers != 0;
            st.leader[g] = w;
            //
            if st.hands[g][w] == 0 || (r.early_end && self.value & !st.played[g] == 0) {
                st.alive[g] = false;
            } else {
                any = true;
            }
        }
        any
    }

    /// `heuristic_play` for a follower with legal set `c`, led suit `led` and the trick's
    /// best led-suit card `best` (a one-bit mask).
    #[inline(always)]
    fn heuristic_follow(&self, c: u64, led: u64, best: u64) -> u64 {
        let top = |m: u64| 1u64 << m.ilog2();
        if c.is_power_of_two() {
            return c;
        }
        if c & led == c {
            // Following suit: duck under the best card if possible, else play high (not Q♠).
            let under = c & (best - 1);
            if under != 0 {
                return top(under);
            }
            let cands = c & !QS;
            return top(if cands != 0 { cands } else { c });
        }
        // Void: the costliest penalty card, else the highest rank.
        let pen = c & self.penalty;
        for x in [QS, KS, AS] {
            if pen & x != 0 {
                return x;
            }
        }
        if pen & HEARTS != 0 {
            return top(pen & HEARTS);
        }
        highest_rank(CardSet(c)).map_or(c & c.wrapping_neg(), |x| CardSet::single(x).0)
    }

    /// and `avoid_all_tricks_bonus`, as `HeartsState::outcome`.
    #[inline(always)]
    fn score(&self, captured: &[u64; MAX_PLAYERS], taken: &[u8; MAX_PLAYERS]) -> FastOutcome {
        let r = &self.rules;
        let mut out = FastOutcome {
            moon: -1,
            queen: -1,
            ..FastOutcome::default()
        };
        let mut shooter = None;
        for s in 0..self.n {
            let c = captured[s];
            out.points[s] = self.pen(c) as i16;
            out.tricks[s] = taken[s];
            if c & QS != 0 {
                out.queen = s as i8;
            }
            if r.moon != Moon::None && self.moon_need & !c == 0 && shooter.is_none() {
                shooter = Some(s);
            }
        }
        for s in 0..self.n {
            let bon = if r.jack_of_diamonds && captured[s] & JD != 0 {
                10
            } else {
                0
            };
            let mut h = match (r.moon, shooter) {
                (Moon::SubtractSelf, Some(m)) if m == s => -self.v - bon,
                (Moon::SubtractSelf, Some(_)) => -bon,
                (Moon::AddOthers, Some(m)) if m == s => -bon,
                (Moon::AddOthers, Some(_)) => self.v - bon,
                _ => i32::from(out.points[s]) - bon,
            };
            if shooter.is_none() && taken[s] == 0 {
                h -= r.avoid_all_tricks_bonus as i32;
            }
            out.hand_scores[s] = h as i16;
        }
        out.moon = shooter.map_or(-1, |m| m as i8);
        out
    }
}
