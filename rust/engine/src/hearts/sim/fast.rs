//! A dedicated all-random hand on plain `u64` masks: deal, pass, play and score with no
//! `HeartsState`, for every rule set but `deal_all` (whose trick-1 double play goes through
//! the general path). It makes exactly the random draws of stepping a `HeartsState` with a
//! random [`super::TablePolicy`], in the same order, so it returns the same results; the
//! tests hold it to that.

use super::{Policy, TablePolicy};
use crate::core::{kernel, mix64, BitOps, CardSet, Rng};
use crate::hearts::policy::{
    heuristic_pass, heuristic_pass_mask_with, highest_rank_cards, lowest_rank_mask, pick_nonzero,
};
use crate::hearts::{
    resolve_direction, DeckAdjust, FirstLead, HandDirection, HeartsRules, Moon, MAX_PLAYERS,
    RANDOM_DIRECTIONS,
};

const HEARTS: u64 = CardSet::HEARTS.0;
const CLUBS: u64 = CardSet::CLUBS.0;
const QS: u64 = 1 << 49;
const KS: u64 = 1 << 50;
const AS: u64 = 1 << 51;
const JD: u64 = 1 << 22;

/// The deal's draw ranges with four players (a full deck): 52, 51, …, 14.
const DEAL4_BOUNDS: [u32; 39] = {
    let mut b = [0u32; 39];
    let mut i = 0;
    while i < 39 {
        b[i] = 52 - i as u32;
        i += 1;
    }
    b
};

/// Deals cards `I..I + N` of a 4-player deal (one batch of `deal_random_with`'s draws,
/// with rejection threshold `threshold`) out of `remaining`, noting in `left_at[s]` the
/// cards left after the 13 of seat `s` (from the dealer's left). Constant `I` and `N` let
/// the compiler unroll it into straight-line code.
#[inline(always)]
fn deal4<B: BitOps, const I: usize, const N: usize>(
    bits: B,
    rng: &mut Rng,
    threshold: u64,
    remaining: &mut u64,
    left_at: &mut [u64; 3],
) {
    let mut dr = [0u32; N];
    rng.below_batch_fixed(&DEAL4_BOUNDS[I..I + N], threshold, &mut dr);
    for k in 0..N {
        *remaining &= !CardSet(*remaining).nth_bit(bits, dr[k]).0;
        if (I + k) % 13 == 12 {
            left_at[(I + k) / 13] = *remaining;
        }
    }
}

/// The pass of [`random_pass_with`](super::random_pass_with) at every seat of a 4-player
/// hand, `K` cards each (ranges 13, 12, … in one batch with rejection threshold `threshold`),
/// to the seat `off` places on.
#[inline(always)]
fn pass4<B: BitOps, const K: usize>(
    bits: B,
    hands: &mut [u64; 4],
    off: usize,
    rng: &mut Rng,
    threshold: u64,
) {
    const BOUNDS: [u32; 4] = [13, 12, 11, 10];
    let mut sel = [0u64; 4];
    for s in 0..4 {
        let mut dr = [0u32; K];
        rng.below_batch_fixed(&BOUNDS[..K], threshold, &mut dr);
        let mut left = hands[s];
        for &x in &dr {
            left &= !CardSet(left).nth_bit(bits, x).0;
        }
        sel[s] = hands[s] & !left;
    }
    let old = *hands;
    for s in 0..4 {
        hands[s] = (old[s] & !sel[s]) | sel[(s + 4 - off) & 3];
    }
}

/// Facts of a rule set, computed once per batch.
#[derive(Clone, Copy, Debug)]
pub struct FastRules {
    rules: HeartsRules,
    n: usize,
    penalty: u64,
    value: u64,
    moon_need: u64,
    /// `moon_need`, or a card no one captures (bit 63) when the rules have no moon.
    moon_key: u64,
    /// Hand scores are the points whenever no one shoots the moon (no J♦, no
    /// avoid-all-tricks bonus): [`FastRules::score4`]'s fast path.
    plain_score: bool,
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
    /// The pass offset (0: no pass) of each direction draw of `pass_direction = "random"`.
    random_offset: [u8; 4],
    /// Q♠ if a hand of Q♠ and hearts may lead hearts before they are broken, else 0.
    qs_alone: u64,
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
    /// Bit planes of each card's seat after the pass: bit 0 in `[0]`, bit 1 in `[1]`.
    owner: [[u64; 2]; L],
    /// The cards one may lead while hearts are unbroken: all but hearts, then all.
    lead_ok: [u64; L],
    captured: [[u64; 4]; L],
    taken: [[u8; 4]; L],
    /// Cards played, kept with early end only.
    played: [u64; L],
    alive: [bool; L],
    /// 1 while the hand goes on, 0 once it has ended early, when the lanes run in
    /// lockstep ([`FastRules::trick4`] with `MASKED`): later tricks are not counted.
    live: [u8; L],
}

/// `mix64` of a batch's two seeds (deal and policy streams), computed once per batch.
#[derive(Clone, Copy, Debug)]
pub struct MixedSeeds {
    deal: u64,
    policy: u64,
}

impl MixedSeeds {
    /// The mixed seeds of batch seed `seed`: `Rng::for_game_mixed(deal, i)` is
    /// `Rng::for_game(seed, i)` and `Rng::for_game_mixed(policy, i)` is `policy_rng(seed, i)`.
    pub const fn new(seed: u64) -> MixedSeeds {
        MixedSeeds {
            deal: mix64(seed),
            policy: mix64(crate::core::policy_seed(seed)),
        }
    }
}

/// One finished hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct FastOutcome {
    /// pen_i.
    pub points: [u8; MAX_PLAYERS],
    /// h_i.
    pub hand_scores: [i16; MAX_PLAYERS],
    /// Tricks won.
    pub tricks: [u8; MAX_PLAYERS],
    /// Moon shooter or −1.
    pub moon: i8,
    /// Q♠ taker or −1.
    pub queen: i8,
}

/// One finished 4-player hand of [`FastRules::play4`] (the [`FastOutcome`] fields at width 4).
#[derive(Clone, Copy, Debug, Default)]
pub struct FastOutcome4 {
    /// pen_i.
    pub points: [u8; 4],
    /// h_i.
    pub hand_scores: [i16; 4],
    /// Tricks won.
    pub tricks: [u8; 4],
    /// Moon shooter or −1.
    pub moon: i8,
    /// Q♠ taker or −1.
    pub queen: i8,
}

impl FastRules {
    /// The facts of `rules` and the seats' policies, or `None` for `deal_all`, (invalid)
    /// passes of more than 4 cards, or a search bot at the table (not handled here).
    pub fn new(rules: &HeartsRules, policy: &TablePolicy) -> Option<FastRules> {
        if rules.deck_adjust == DeckAdjust::DealAll || rules.pass_k() > 4 || policy.has_search() {
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
            moon_key: if rules.moon == Moon::None {
                1 << 63
            } else {
                moon_need
            },
            plain_score: !rules.jack_of_diamonds && rules.avoid_all_tricks_bonus == 0,
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
            random_offset: RANDOM_DIRECTIONS.map(|d| {
                if rules.pass_k() == 0 {
                    0
                } else {
                    rules.offset(rules.effective(d))
                }
            }),
            qs_alone: if rules.can_lead_hearts_instead_of_qs {
                QS
            } else {
                0
            },
            next_seat,
            policy: *policy,
            heuristic: (0..usize::from(rules.players))
                .filter(|&s| policy.0[s] == Policy::Heuristic)
                .fold(0, |m, s| m | 1 << s),
        })
    }

    /// The pass offset of a hand passing in direction `d` (0: no pass).
    fn pass_offset(&self, d: HandDirection) -> usize {
        if d == HandDirection::Hold || self.rules.pass_k() == 0 {
            0
        } else {
            usize::from(self.rules.offset(d))
        }
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
    pub fn play<B: BitOps>(
        &self,
        bits: B,
        seed: u64,
        index: u64,
        deal: Option<&[u8]>,
    ) -> FastOutcome {
        match (self.n == 4, self.heuristic != 0 || deal.is_some()) {
            (true, false) => self.play_lanes::<B, 1, 4, false>(bits, seed, [index], [deal])[0],
            (true, true) => self.play_lanes::<B, 1, 4, true>(bits, seed, [index], [deal])[0],
            (false, false) => self.play_lanes::<B, 1, 0, false>(bits, seed, [index], [deal])[0],
            (false, true) => self.play_lanes::<B, 1, 0, true>(bits, seed, [index], [deal])[0],
        }
    }

    /// The all-random 4-player hand as a tight routine over `L` interleaved hands (the
    /// common case, and the benchmark one): the same draws and results as
    /// [`FastRules::play`], with the hands in 4-entry arrays. With `HEUR` every seat plays
    /// `heuristic` instead (its pass and plays on the masks, no policy draws).
    #[inline(always)]
    pub fn play4<B: BitOps, const L: usize, const HEUR: bool>(
        &self,
        bits: B,
        seeds: MixedSeeds,
        index: [u64; L],
    ) -> [FastOutcome4; L] {
        let mut deal = [Rng::new(0); L];
        let mut rng = [Rng::new(0); L];
        let mut dealer = [0usize; L];
        for g in 0..L {
            deal[g] = Rng::for_game_mixed(seeds.deal, index[g]);
            rng[g] = Rng::for_game_mixed(seeds.policy, index[g]);
            dealer[g] = (index[g] & 3) as usize;
        }
        self.hand4::<B, L, false, HEUR>(bits, &mut deal, &mut rng, dealer, index)
    }

    /// The 4-player all-random hand of [`FastRules::play4`] from given streams: lane `g`
    /// deals from `deal[g]` with dealer `dealer[g]` and pass direction of hand number
    /// `hand[g]`, and plays from `rng[g]`; both streams are left where stepping leaves
    /// them. `GAME` makes the draws of the last trick too (stepping draws `below(1)` for
    /// each of its plays), which a game's next hand depends on. `HEUR`: every seat plays
    /// `heuristic` (the rules' facts must say so), drawing nothing from `rng`.
    #[inline(always)]
    pub fn hand4<B: BitOps, const L: usize, const GAME: bool, const HEUR: bool>(
        &self,
        bits: B,
        deal: &mut [Rng; L],
        rng: &mut [Rng; L],
        dealer: [usize; L],
        hand: [u64; L],
    ) -> [FastOutcome4; L] {
        debug_assert!(self.n == 4 && self.heuristic == if HEUR { 0b1111 } else { 0 });
        let r = &self.rules;
        let mut hands = [[0u64; 4]; L];
        for g in 0..L {
            let deal_rng = &mut deal[g];
            // `resolve_direction`, as the pass offset (0: no pass).
            let off = match r.hand_direction(hand[g]) {
                Some(d) => self.pass_offset(d),
                None => usize::from(self.random_offset[deal_rng.below(4) as usize]),
            };
            // Deal: the draws of `deal_random_with` on the full deck (ranges 52, 51,
            // …, 14 in batches of ten), each turned into its card at once; a seat's 13
            // cards are what left the deck while it was dealt.
            let mut remaining = self.deck;
            let mut left_at = [0u64; 3];
            let t = &self.deal_thresholds;
            deal4::<B, 0, 10>(bits, deal_rng, t[0], &mut remaining, &mut left_at);
            deal4::<B, 10, 10>(bits, deal_rng, t[1], &mut remaining, &mut left_at);
            deal4::<B, 20, 10>(bits, deal_rng, t[2], &mut remaining, &mut left_at);
            deal4::<B, 30, 9>(bits, deal_rng, t[3], &mut remaining, &mut left_at);
            let mut before = self.deck;
            for (o, &after) in left_at.iter().enumerate() {
                hands[g][(dealer[g] + 1 + o) & 3] = before & !after;
                before = after;
            }
            hands[g][dealer[g]] = remaining;
            // Passing, with the number of cards a constant (`new` checked k <= 4).
            if off > 0 && HEUR {
                // The heuristic pass (no draws).
                let k = u32::from(self.rules.pass_k());
                let h = hands[g];
                let sel = h.map(|x| heuristic_pass_mask_with(bits, x, k));
                for s in 0..4 {
                    hands[g][s] = (h[s] & !sel[s]) | sel[(s + 4 - off) & 3];
                }
            } else if off > 0 {
                match self.rules.pass_k() {
                    1 => pass4::<B, 1>(bits, &mut hands[g], off, &mut rng[g], self.pass_threshold),
                    2 => pass4::<B, 2>(bits, &mut hands[g], off, &mut rng[g], self.pass_threshold),
                    3 => pass4::<B, 3>(bits, &mut hands[g], off, &mut rng[g], self.pass_threshold),
                    _ => pass4::<B, 4>(bits, &mut hands[g], off, &mut rng[g], self.pass_threshold),
                }
            }
        }
        let mut st = Four::<L> {
            hands,
            leader: [0; L],
            owner: [[0; 2]; L],
            lead_ok: [if r.hearts_must_be_broken { !HEARTS } else { !0 }; L],
            captured: [[0u64; 4]; L],
            taken: [[0u8; 4]; L],
            played: [0u64; L],
            alive: [true; L],
            live: [1; L],
        };
        for g in 0..L {
            let h = &st.hands[g];
            st.leader[g] = if r.first_lead == FirstLead::TwoOfClubs {
                (0..4).find(|&s| h[s] & self.lowest_club != 0).unwrap_or(0)
            } else {
                (dealer[g] + 1) & 3
            };
            // Seat of every card in two bit planes: the trick's winner is then read off
            // its top led-suit card, instead of tracking the best card seat by seat.
            st.owner[g] = kernel::seat_planes(h);
        }
        if r.early_end && GAME && !HEUR {
            // A game's next hand draws from where this one's plays stopped: every lane stops
            // at its own end.
            if self.trick4::<B, L, true, true, HEUR, false>(bits, &mut st, rng) {
                while self.trick4::<B, L, false, true, HEUR, false>(bits, &mut st, rng) {}
            }
        } else if r.early_end {
            // A lone hand's policy stream is dropped after it, and `heuristic` draws nothing:
            // the lanes play all 13 tricks in lockstep, a lane that has ended counting no
            // more tricks (its extra plays draw only from its own dropped stream), instead of
            // a check per lane at every play.
            self.trick4::<B, L, true, false, HEUR, true>(bits, &mut st, rng);
            for _ in 1..12 {
                self.trick4::<B, L, false, false, HEUR, true>(bits, &mut st, rng);
            }
            Self::last_trick4::<L, true>(&mut st);
        } else {
            // Without early end every hand runs exactly its 13 tricks: no per-lane checks.
            self.trick4::<B, L, true, false, HEUR, false>(bits, &mut st, rng);
            for _ in 1..12 {
                self.trick4::<B, L, false, false, HEUR, false>(bits, &mut st, rng);
            }
            Self::last_trick4::<L, false>(&mut st);
            if GAME && !HEUR {
                for r in rng.iter_mut() {
                    for _ in 0..4 {
                        r.next_u64();
                    }
                }
            }
        }
        let mut out = [FastOutcome4::default(); L];
        for g in 0..L {
            out[g] = self.score4(&st.captured[g], &st.taken[g]);
        }
        out
    }

    /// [`FastRules::score`] of a 4-player hand. Without J♦ and avoid-all-tricks bonus, a
    /// hand where no one shoots the moon scores its points: that common case is computed
    /// straight from the captured cards, the rest goes through `score`.
    #[inline(always)]
    fn score4(&self, captured: &[u64; 4], taken: &[u8; 4]) -> FastOutcome4 {
        let mut points = [0u8; 4];
        let mut queen = -1i8;
        let mut moon = false;
        for s in 0..4 {
            let c = captured[s];
            points[s] = self.pen(c) as u8;
            if c & QS != 0 {
                queen = s as i8;
            }
            moon |= self.moon_key & !c == 0;
        }
        if self.plain_score && !moon {
            return FastOutcome4 {
                points,
                hand_scores: points.map(i16::from),
                tricks: *taken,
                moon: -1,
                queen,
            };
        }
        let o = self.score(captured, taken);
        let mut hand_scores = [0i16; 4];
        hand_scores.copy_from_slice(&o.hand_scores[..4]);
        FastOutcome4 {
            points,
            hand_scores,
            tricks: *taken,
            moon: o.moon,
            queen: o.queen,
        }
    }

    /// One trick of [`FastRules::play4`] in every live lane; false when all are over.
    /// `FIRST` is trick 1; without `EARLY` (no early end) every lane is live throughout.
    /// The lanes are interleaved play by play (playing each lane's whole trick in turn
    /// measured slower: the CPU then waits on one trick's dependency chain), and each
    /// carries only its random state, led suit and trick across the plays, to limit spills.
    #[inline(always)]
    fn trick4<
        B: BitOps,
        const L: usize,
        const FIRST: bool,
        const EARLY: bool,
        const HEUR: bool,
        const MASKED: bool,
    >(
        &self,
        bits: B,
        st: &mut Four<L>,
        rng: &mut [Rng; L],
    ) -> bool {
        let r = &self.rules;
        let mut led = [0u64; L];
        let mut trick = [0u64; L];
        for g in 0..L {
            if EARLY && !st.alive[g] {
                continue;
            }
            // Lead.
            let l = st.leader[g] & 3;
            let h = st.hands[g][l];
            let mut c = h;
            if FIRST && r.first_lead == FirstLead::TwoOfClubs {
                c = if r.can_lead_any_club {
                    h & CLUBS
                } else {
                    h & self.lowest_club
                };
            } else {
                // `lead_ok` is all ones once hearts are broken (or when they need not be),
                // and then `c` stays `h`; `qs_alone` is Q♠ when a hand of Q♠ and hearts
                // may lead a heart, else 0.
                let nh = h & st.lead_ok[g];
                if nh != 0 && nh != self.qs_alone {
                    c = nh;
                }
            }
            if FIRST && r.first_trick_no_points {
                c = kernel::prefer(c, !self.penalty);
            }
            let lead = if HEUR {
                lowest_rank_mask(c)
            } else {
                kernel::pick(bits, c, &mut rng[g])
            };
            st.hands[g][l] = h & !lead;
            led[g] = kernel::led_mask(lead);
            trick[g] = lead;
        }
        // The three followers, unrolled by hand: as a loop the compiler keeps it rolled,
        // with register moves between iterations.
        self.follow4::<B, L, FIRST, EARLY, HEUR>(bits, st, rng, 1, &led, &mut trick);
        self.follow4::<B, L, FIRST, EARLY, HEUR>(bits, st, rng, 2, &led, &mut trick);
        self.follow4::<B, L, FIRST, EARLY, HEUR>(bits, st, rng, 3, &led, &mut trick);
        let mut any = false;
        for g in 0..L {
            if EARLY && !st.alive[g] {
                continue;
            }
            // the highest card of the led suit wins; its seat is in the bit planes.
            let z = kernel::winner_lz(trick[g], led[g], 0);
            let w = kernel::seat_at(st.owner[g], z);
            if MASKED {
                // Lockstep early end: the hand has ended once every card of value is
                // out; a lane past its end counts no more tricks (the cards it still captures
                // are worth nothing).
                st.captured[g][w] |= trick[g];
                st.taken[g][w] += st.live[g];
                st.played[g] |= trick[g];
                st.live[g] &= u8::from(self.value & !st.played[g] != 0);
            } else {
                st.captured[g][w] |= trick[g];
                st.taken[g][w] += 1;
            }
            // Hearts broken, without a branch (one misprediction in three otherwise).
            st.lead_ok[g] |= u64::from(trick[g] & self.breakers != 0).wrapping_neg();
            st.leader[g] = w;
            if EARLY {
                st.played[g] |= trick[g];
                if st.hands[g][w] == 0 || self.value & !st.played[g] == 0 {
                    st.alive[g] = false;
                } else {
                    any = true;
                }
            }
        }
        any
    }

    /// Trick 13 without early end: every player holds one card, so there is no choice and no
    /// draw (stepping draws `below(1)` for these plays, but nothing draws from the hand's
    /// policy stream after them, so skipping them changes no result).
    #[inline(always)]
    fn last_trick4<const L: usize, const MASKED: bool>(st: &mut Four<L>) {
        for g in 0..L {
            let h = st.hands[g];
            let trick = h[0] | h[1] | h[2] | h[3];
            let led = kernel::led_mask(h[st.leader[g] & 3]);
            let z = kernel::winner_lz(trick, led, 0);
            let w = kernel::seat_at(st.owner[g], z);
            st.captured[g][w] |= trick;
            st.taken[g][w] += if MASKED { st.live[g] } else { 1 };
            st.hands[g] = [0; 4];
        }
    }

    /// Follow: the player `o` seats after the leader plays, in every live lane
    /// of a [`FastRules::trick4`].
    #[inline(always)]
    fn follow4<
        B: BitOps,
        const L: usize,
        const FIRST: bool,
        const EARLY: bool,
        const HEUR: bool,
    >(
        &self,
        bits: B,
        st: &mut Four<L>,
        rng: &mut [Rng; L],
        o: usize,
        led: &[u64; L],
        trick: &mut [u64; L],
    ) {
        for g in 0..L {
            if EARLY && !st.alive[g] {
                continue;
            }
            let q = (st.leader[g] + o) & 3;
            let h = st.hands[g][q];
            let mut c = kernel::follow(h, led[g]);
            if FIRST && self.rules.first_trick_no_points {
                c = kernel::prefer(c, !self.penalty);
            }
            let b = if HEUR {
                // The trick's best card so far: the highest of the led suit.
                let best_at = 63 ^ (trick[g] & led[g]).leading_zeros();
                self.heuristic_follow(c, led[g], best_at)
            } else {
                kernel::pick(bits, c, &mut rng[g])
            };
            st.hands[g][q] = h & !b;
            trick[g] |= b;
        }
    }

    /// Plays `L` hands interleaved step by step (so their dependency chains overlap); each
    /// makes exactly the draws it would alone. `N` > 0 fixes the number of players at
    /// compile time (it must equal the rules'); 0 reads it from the rules. `MIXED` must be
    /// true when a seat plays `heuristic` or a deal is given (false compiles them out).
    #[inline(always)]
    pub fn play_lanes<B: BitOps, const L: usize, const N: usize, const MIXED: bool>(
        &self,
        bits: B,
        seed: u64,
        index: [u64; L],
        deals: [Option<&[u8]>; L],
    ) -> [FastOutcome; L] {
        let n = if N > 0 { N } else { self.n };
        let mut deal = [Rng::new(0); L];
        let mut rng = [Rng::new(0); L];
        let mut dealer = [0usize; L];
        for g in 0..L {
            deal[g] = Rng::for_game(seed, index[g]);
            rng[g] = super::policy_rng(seed, index[g]);
            dealer[g] = (index[g] % n as u64) as usize;
        }
        self.lanes_with::<B, L, N, MIXED>(bits, &mut deal, &mut rng, dealer, index, deals)
    }

    /// The hands of [`FastRules::play_lanes`] from given streams: lane `g` deals from
    /// `deal[g]` (unless it has a caller deal) with dealer `dealer[g]` and the pass
    /// direction of hand number `hand[g]`, and plays from `rng[g]`; both streams are left
    /// where stepping leaves them (every play draws, the last trick's too).
    #[inline(always)]
    pub fn lanes_with<B: BitOps, const L: usize, const N: usize, const MIXED: bool>(
        &self,
        bits: B,
        deal: &mut [Rng; L],
        rng: &mut [Rng; L],
        dealer: [usize; L],
        hand: [u64; L],
        deals: [Option<&[u8]>; L],
    ) -> [FastOutcome; L] {
        debug_assert!(N == 0 || N == self.n);
        debug_assert!(MIXED || (self.heuristic == 0 && deals.iter().all(Option::is_none)));
        let r = &self.rules;
        let n = if N > 0 { N } else { self.n };
        let total = r.deck().count();
        let each = total / n as u32;
        let extra = total % n as u32;
        let mut dir = [HandDirection::Hold; L];
        let mut draws = [[0u32; 52]; L];
        for g in 0..L {
            let deal_rng = &mut deal[g];
            dir[g] = resolve_direction(r, hand[g], None, deal_rng).unwrap_or(HandDirection::Hold);
            // The draws of `deal_random_with`: ranges total, total−1, …, ten per batch.
            if MIXED && deals[g].is_some() {
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
                    let bit = CardSet(remaining[g]).nth_bit(bits, draws[g][d]).0;
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
                    let bit = left.nth_bit(bits, x);
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
        if self.trick::<B, L, N, MIXED, true>(bits, &mut st, rng) {
            while self.trick::<B, L, N, MIXED, false>(bits, &mut st, rng) {}
        }
        let (captured, taken) = (st.captured, st.taken);
        let mut out = [FastOutcome::default(); L];
        for g in 0..L {
            out[g] = self.score(&captured[g][..n], &taken[g][..n]);
        }
        out
    }

    /// Plays one trick in every live lane; false when every lane is over. `FIRST` is trick
    /// 1 (first-lead and no-points rules).
    #[inline(always)]
    fn trick<B: BitOps, const L: usize, const N: usize, const MIXED: bool, const FIRST: bool>(
        &self,
        bits: B,
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
                c = kernel::prefer(c, !self.penalty);
            }
            let lead = if !MIXED || self.heuristic & (1 << l) == 0 {
                kernel::pick(bits, c, &mut rng[g])
            } else {
                lowest_rank_mask(c)
            };
            st.hands[g][l] &= !lead;
            led[g] = kernel::led_mask(lead);
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
                let mut c = kernel::follow(h, led[g]);
                if no_points {
                    c = kernel::prefer(c, !self.penalty);
                }
                let b = if !MIXED || self.heuristic & (1 << q) == 0 {
                    kernel::pick(bits, c, &mut rng[g])
                } else {
                    self.heuristic_follow(c, led[g], best[g].trailing_zeros())
                };
                st.hands[g][q] &= !b;
                trick[g] |= b;
                // the highest card of the led suit so far wins. (This form compiles to
                // faster code here than `kernel::beats`: measured 4.1M against 3.4M hands/s.)
                if kernel::winner_bit(best[g] | b, led[g], 0) == b {
                    best[g] = b;
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
    /// best led-suit card at bit `best_at` (its index).
    #[inline(always)]
    fn heuristic_follow(&self, c: u64, led: u64, best_at: u32) -> u64 {
        // Every case's candidate set computed and one selected by conditional moves (as
        // plain `if`s the compiler branched on the cards, and mispredicted), then its highest
        // card taken once: each set is non-empty when its case is the one taken, and a
        // single legal card is its own pick in either case.
        // Following suit: duck under the best card if possible, else play high (not Q♠).
        let under = c & (1u64 << best_at).wrapping_sub(1);
        let no_queen = c & !QS;
        let cands = if no_queen != 0 { no_queen } else { c };
        let follow = if under != 0 { under } else { cands };
        // Void: the costliest penalty card (Q♠, then K♠ and A♠ when they score: the lowest
        // of them), else the highest heart, else the highest rank (ties ♠ ♦ ♣: no hearts).
        let spades = c & self.penalty & !HEARTS;
        let first_spade = spades & spades.wrapping_neg();
        let hearts = c & HEARTS;
        let rest = pick_nonzero(hearts, hearts, highest_rank_cards(c));
        let void = pick_nonzero(first_spade, first_spade, rest);
        let set = pick_nonzero(c & !led, void, follow);
        // The highest card of the (non-empty) set.
        (1u64 << 63).wrapping_shr(set.leading_zeros())
    }

    /// and `avoid_all_tricks_bonus`, as `HeartsState::outcome`.
    #[inline(always)]
    fn score(&self, captured: &[u64], taken: &[u8]) -> FastOutcome {
        let r = &self.rules;
        let mut out = FastOutcome {
            moon: -1,
            queen: -1,
            ..FastOutcome::default()
        };
        let mut shooter = None;
        let n = captured.len();
        for s in 0..n {
            let c = captured[s];
            out.points[s] = self.pen(c) as u8;
            out.tricks[s] = taken[s];
            if c & QS != 0 {
                out.queen = s as i8;
            }
            if r.moon != Moon::None && self.moon_need & !c == 0 && shooter.is_none() {
                shooter = Some(s);
            }
        }
        for s in 0..n {
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
