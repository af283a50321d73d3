//! Batch simulation of Spades: many independent hands or games with in-engine policies.
//!
//! Hand (or game) `i` of a batch run with `seed` draws its deal from
//! `Rng::for_game(seed, i)` and its policies' choices from `policy_rng(seed, i)` (the same
//! streams as the Hearts batches), nothing else. Results are therefore bit-identical for any
//! thread count and chunking, and [`batch_state`] plus
//! [`play_out`](super::policy::play_out) rebuild any hand step by step. Batch hands have
//! dealer `i % 4`, zero totals and bags, and policies never claim a deficient-hand redeal.
//!
//! The all-random case runs on plain `u64` masks with several hands interleaved; tables of
//! `random` and `heuristic` seats in any mix run on the one-hand mask kernel
//! [`table_hand`] (hands, caller deals and each hand of a game). Both make exactly the
//! choices and draws of stepping a [`SpadesState`], so they return the same results
//! (tested); the search bots step.

use super::game::game_winners;
use super::policy::{act, heuristic_bid, play_out_with, random_bid, Policy};
use super::rules::{Bemo, FirstLead, SpadesRules};
use super::state::{
    check_deal, legal_bid_mask, score_hand, Bid, Deal, DealError, HandScore, SpadesState,
};
use super::SpadesGame;
use crate::batch::{
    add_by_seat, merge_by_seat, Columns, GameEnd, Job, Moments, PlayGames, Rows, Stats, Stop,
    StreamJob,
};
use crate::core::kernel::{self, SPADE_SUIT};
use crate::core::{mix64, policy_rng, policy_seed, BitOps, Bmi2, CardSet, Portable, Rng};

/// Draw ranges of the batch deal: 52, 51, …, 14 (three seats' cards), then 13, …, 2 (the
/// order of the dealer's own cards).
const DEAL_BOUNDS: [u32; 39] = {
    let mut b = [0u32; 39];
    let mut i = 0;
    while i < 39 {
        b[i] = 52 - i as u32;
        i += 1;
    }
    b
};
const ORDER_BOUNDS: [u32; 12] = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/// The draw batches of the deal: ten ranges per 64-bit word, with their Lemire thresholds.
const DEAL_SPLITS: [(usize, usize); 4] = [(0, 10), (10, 20), (20, 30), (30, 39)];

fn deal_thresholds() -> [u64; 5] {
    let mut t = [0u64; 5];
    for (x, &(a, b)) in t.iter_mut().zip(DEAL_SPLITS.iter()) {
        *x = Rng::batch_threshold(&DEAL_BOUNDS[a..b]);
    }
    t[4] = Rng::batch_threshold(&ORDER_BOUNDS);
    t
}

/// The deal of a batch hand: seats from the dealer's left each get 13 cards drawn one by
/// one from the remaining deck (the `n`-th remaining card for a uniform `n`), in draw order;
/// the dealer gets the last 13, in an order drawn the same way. A uniform deal.
#[inline(always)]
pub fn batch_deal<B: BitOps>(bits: B, rules: &SpadesRules, dealer: u8, rng: &mut Rng) -> Deal {
    let t = deal_thresholds();
    let mut remaining = rules.deck().0;
    let mut deal = [[0u8; 13]; 4];
    let mut draws = [0u32; 39];
    for (k, &(a, b)) in DEAL_SPLITS.iter().enumerate() {
        rng.below_batch_fixed(&DEAL_BOUNDS[a..b], t[k], &mut draws[a..b]);
    }
    for (i, &d) in draws.iter().enumerate() {
        let bit = CardSet(remaining).nth_bit(bits, d).0;
        remaining &= !bit;
        deal[(usize::from(dealer) + 1 + i / 13) % 4][i % 13] = bit.trailing_zeros() as u8;
    }
    let mut order = [0u32; 12];
    rng.below_batch_fixed(&ORDER_BOUNDS, t[4], &mut order);
    for (i, &d) in order.iter().enumerate() {
        let bit = CardSet(remaining).nth_bit(bits, d).0;
        remaining &= !bit;
        deal[usize::from(dealer)][i] = bit.trailing_zeros() as u8;
    }
    deal[usize::from(dealer)][12] = remaining.trailing_zeros() as u8;
    deal
}

/// The initial state of hand `index` of a batch run with `seed`: dealer `index % 4`, hand
/// index `index`, zero totals and bags, the deal of [`batch_deal`] from
/// `Rng::for_game(seed, index)`.
pub fn batch_state(rules: &SpadesRules, seed: u64, index: u64) -> SpadesState {
    let dealer = (index % 4) as u8;
    let deal = batch_deal(Portable, rules, dealer, &mut Rng::for_game(seed, index));
    SpadesState::new(rules, deal, dealer, index, [0, 0], [0, 0])
}

/// What a batch plays: rules, seed and per-seat policies.
#[derive(Clone, Copy, Debug)]
pub struct SpadesBatch {
    /// The rules.
    pub rules: SpadesRules,
    /// The batch seed.
    pub seed: u64,
    /// Per-seat policies.
    pub policies: [Policy; 4],
}

/// One finished batch hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpadesOutcome {
    /// The bids.
    pub bids: [Bid; 4],
    /// Tricks per seat.
    pub tricks: [u8; 4],
    /// Team scores and bags.
    pub score: HandScore,
}

/// The outcome of a finished state.
pub fn outcome_of(s: &SpadesState) -> SpadesOutcome {
    SpadesOutcome {
        bids: s.bids().map(Option::unwrap_or_default),
        tricks: s.tricks_taken(),
        score: s.score(),
    }
}

/// Hands interleaved by the all-random routine.
const LANES: usize = 4;

/// The play state of `L` interleaved hands.
struct Lanes<const L: usize> {
    hands: [[u64; 4]; L],
    leader: [usize; L],
    /// The seat of every card in two bit planes (seat = bit 0 + 2 × bit 1).
    owner: [[u64; 2]; L],
    taken: [[u8; 4]; L],
    /// Tricks won per team, bit i = trick i + 1.
    won: [[u16; 2]; L],
    /// The cards a leader must prefer: the non-spades until spades are broken (with
    /// `spades_broken`), else every card.
    lead_ok: [u64; L],
}

/// One random follow (B-12) by the player `o` seats after the leader, in every lane.
#[inline(always)]
fn follow<B: BitOps, const L: usize>(
    bits: B,
    st: &mut Lanes<L>,
    rng: &mut [Rng; L],
    o: usize,
    led: &[u64; L],
    trick: &mut [u64; L],
) {
    for g in 0..L {
        let q = (st.leader[g] + o) & 3;
        let h = st.hands[g][q];
        let c = kernel::follow(h, led[g]);
        let card = kernel::pick(bits, c, &mut rng[g]);
        st.hands[g][q] = h & !card;
        trick[g] |= card;
    }
}

/// One random trick in every lane; `FIRST` is trick 1 (B-10, B.3 #7).
#[inline(always)]
fn trick<B: BitOps, const L: usize, const FIRST: bool>(
    bits: B,
    r: &SpadesRules,
    st: &mut Lanes<L>,
    rng: &mut [Rng; L],
    trick_no: usize,
) {
    let mut led = [0u64; L];
    let mut trick = [0u64; L];
    for g in 0..L {
        let l = st.leader[g];
        let h = st.hands[g][l];
        let c = if FIRST && r.first_lead == FirstLead::LowestClub {
            h & 1u64 << r.lowest_club().id()
        } else if FIRST && r.first_trick_no_spade_lead {
            kernel::prefer(h, !SPADE_SUIT)
        } else {
            kernel::prefer(h, st.lead_ok[g])
        };
        let card = kernel::pick(bits, c, &mut rng[g]);
        st.hands[g][l] = h & !card;
        led[g] = kernel::led_mask(card);
        trick[g] = card;
    }
    // Unrolled by hand: as a loop the compiler keeps it rolled.
    follow::<B, L>(bits, st, rng, 1, &led, &mut trick);
    follow::<B, L>(bits, st, rng, 2, &led, &mut trick);
    follow::<B, L>(bits, st, rng, 3, &led, &mut trick);
    for g in 0..L {
        // B-13: the top spade-suit card if any, else the top of the led suit — the top
        // bit of both together, since the spade suit holds the highest ids.
        let z = kernel::winner_lz(trick[g], led[g], SPADE_SUIT);
        let w = kernel::seat_at(st.owner[g], z);
        st.taken[g][w] += 1;
        st.won[g][w & 1] |= 1 << trick_no;
        // B.3 #1: any spade-suit card in a completed trick breaks spades.
        if r.spades_broken {
            st.lead_ok[g] |= u64::from(trick[g] & SPADE_SUIT != 0).wrapping_neg();
        }
        st.leader[g] = w;
    }
}

/// Trick 13, where every player holds one card: no choice, so no draw (stepping draws
/// `below(1)` for these plays, but nothing draws from the hand's policy stream after them,
/// so skipping them changes no result).
#[inline(always)]
fn last_trick<const L: usize>(st: &mut Lanes<L>) {
    for g in 0..L {
        let h = st.hands[g];
        let trick = h[0] | h[1] | h[2] | h[3];
        let led = kernel::led_mask(h[st.leader[g]]);
        let z = kernel::winner_lz(trick, led, SPADE_SUIT);
        let w = kernel::seat_at(st.owner[g], z);
        st.taken[g][w] += 1;
        st.won[g][w & 1] |= 1 << 12;
    }
}

/// The hands of [`batch_deal`] as masks (seat order), without the order of the dealer's
/// cards (which only matters for face-up cards, not for play): hand `index` of the batch
/// whose deal seed is mixed to `deal_seed`, `t` from `deal_thresholds`.
#[inline(always)]
fn deal_masks<B: BitOps>(
    bits: B,
    r: &SpadesRules,
    t: &[u64; 5],
    dealer: usize,
    deal_seed: u64,
    index: u64,
) -> [u64; 4] {
    let mut deal_rng = Rng::for_game_mixed(deal_seed, index);
    let mut hands = [0u64; 4];
    let mut remaining = r.deck().0;
    let mut draws = [0u32; 39];
    for (k, &(a, e)) in DEAL_SPLITS.iter().enumerate() {
        deal_rng.below_batch_fixed(&DEAL_BOUNDS[a..e], t[k], &mut draws[a..e]);
    }
    for (o, seat_draws) in draws.chunks_exact(13).enumerate() {
        let before = remaining;
        for &d in seat_draws {
            remaining &= !CardSet(remaining).nth_bit(bits, d).0;
        }
        hands[(dealer + 1 + o) & 3] = before & !remaining;
    }
    hands[dealer] = remaining;
    hands
}

/// The rules' deck in id order, which [`deal_random`](super::deal_random) shuffles.
fn deck_ids(r: &SpadesRules) -> [u8; 52] {
    let mut deck = [0u8; 52];
    for (slot, c) in deck.iter_mut().zip(r.deck()) {
        *slot = c.id();
    }
    deck
}

/// The hands of `deal_random(rules, dealer, rng)` as masks, given the rules' `deck` in id
/// order: the same Fisher–Yates shuffle (the same draws), card `i` to seat
/// `(dealer + 1 + i) % 4`. The shuffle of [`Rng::shuffle`] fixes the positions from the top:
/// position `i` takes the card at a uniform `j <= i` and keeps it, so each card goes to its
/// seat's mask as soon as its position is drawn (no second pass over the deck), four
/// positions a round so that the seat of each is a constant.
#[inline(always)]
fn shuffled_masks(deck: &[u8; 52], dealer: usize, rng: &mut Rng) -> [u64; 4] {
    // 64 slots so that an index masked to 6 bits needs no bounds check (j <= i < 52).
    let mut d = [0u8; 64];
    d[..52].copy_from_slice(deck);
    let mut by_turn = [0u64; 4];
    for round in (1..13).rev() {
        let i = 4 * round;
        shuffle_place::<3>(&mut d, &mut by_turn, i + 3, rng);
        shuffle_place::<2>(&mut d, &mut by_turn, i + 2, rng);
        shuffle_place::<1>(&mut d, &mut by_turn, i + 1, rng);
        shuffle_place::<0>(&mut d, &mut by_turn, i, rng);
    }
    shuffle_place::<3>(&mut d, &mut by_turn, 3, rng);
    shuffle_place::<2>(&mut d, &mut by_turn, 2, rng);
    shuffle_place::<1>(&mut d, &mut by_turn, 1, rng);
    by_turn[0] |= 1 << (d[0] & 63);
    let mut hands = [0u64; 4];
    for (k, &m) in by_turn.iter().enumerate() {
        hands[(dealer + 1 + k) & 3] = m;
    }
    hands
}

/// One step of [`shuffled_masks`]: position `i` (dealt on turn `TURN`) takes the card at a
/// uniform `j <= i`, as `Rng::shuffle` draws it, and that card joins the turn's mask.
#[inline(always)]
fn shuffle_place<const TURN: usize>(
    d: &mut [u8; 64],
    by_turn: &mut [u64; 4],
    i: usize,
    rng: &mut Rng,
) {
    let j = rng.below(i as u32 + 1) as usize & 63;
    let c = d[j];
    d[j] = d[i & 63];
    by_turn[TURN] |= 1 << (c & 63);
}

/// The masks of a deal's hands.
fn deal_to_masks(deal: &Deal) -> [u64; 4] {
    deal.map(|cards| cards.iter().fold(0u64, |m, &c| m | 1 << c))
}

/// The seats of a table that play `random`, as a bit mask (bit `s` = seat `s`).
fn random_seats(policies: &[Policy; 4]) -> u8 {
    (0..4).fold(0, |m, s| m | u8::from(policies[s] == Policy::Random) << s)
}

/// Whether the hand kernel ([`table_hand`]) plays these policies: `random` and `heuristic`
/// seats in any mix (the search bots step).
pub fn kernel_plays(policies: &[Policy; 4]) -> bool {
    policies
        .iter()
        .all(|p| matches!(p, Policy::Random | Policy::Heuristic))
}

/// The lowest card of a non-empty mask.
#[inline(always)]
const fn lowest(cards: u64) -> u64 {
    cards & cards.wrapping_neg()
}

/// The heuristic's follow ([`heuristic_play`](super::policy::heuristic_play) when a card
/// has been led) on masks: `legal` the legal cards, `wins` the cards that would take the
/// trick, `nil` whether the player bid nil, `partner_wins` whether his partner is winning
/// the trick, `partner_nil` whether the partner bid nil, `active` whether a team still
/// needs tricks for its contract.
#[inline(always)]
#[allow(clippy::fn_params_excessive_bools)] // the four facts the rule reads, kept in registers
fn heuristic_follow(
    legal: u64,
    wins: u64,
    nil: bool,
    partner_wins: bool,
    partner_nil: bool,
    active: bool,
) -> u64 {
    if nil {
        // The highest card that ducks, else the highest.
        return kernel::top(kernel::prefer(legal, !wins));
    }
    let win = legal & wins;
    if partner_wins && partner_nil && win != 0 {
        return lowest(win);
    }
    if active {
        if partner_wins {
            return lowest(legal);
        }
        // The lowest card that wins, else the lowest.
        return lowest(kernel::prefer(legal, wins));
    }
    let duck = legal & !wins;
    if duck != 0 {
        kernel::top(duck)
    } else {
        lowest(legal)
    }
}

/// One hand on masks with per-seat `random` or `heuristic` policies (bit `s` of `random`:
/// seat `s` plays random): bids from the dealer's left, then 13 tricks, making exactly the
/// choices and draws of stepping a [`SpadesState`] with [`act`] (the heuristic draws
/// nothing; a random seat draws what `policy_bid`/`policy_play` draw, in the same order,
/// trick 13 included). `totals` and `bags` are the team totals and bag counters before the
/// hand (the blind-nil deficit, B-20).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn table_hand<B: BitOps>(
    bits: B,
    r: &SpadesRules,
    random: u8,
    hands: [u64; 4],
    dealer: usize,
    totals: [i64; 2],
    bags: [i64; 2],
    rng: &mut Rng,
) -> SpadesOutcome {
    // Bidding (B-6): dealer's left first.
    let mut bids = [Bid::default(); 4];
    let mut bemo_done = [false; 2];
    let blind_rules = r.blind_nil && r.nil && !r.forced_bids();
    for k in 1..=4 {
        let seat = (dealer + k) & 3;
        let h = hands[seat];
        let spades = (h & SPADE_SUIT).count_ones();
        // The partner's bid, if he has bid (seats bid from the dealer's left).
        let partner = if k > 2 { Some(bids[seat ^ 2]) } else { None };
        let legal = legal_bid_mask(r, spades, partner);
        bids[seat] = if random >> seat & 1 != 0 {
            let t = seat & 1;
            let deficit = totals[1 - t] - totals[t];
            let blind_ok =
                blind_rules && (r.blind_nil_min_deficit <= 0 || deficit >= r.blind_nil_min_deficit);
            let bemo_ok = r.bemo && !bemo_done[t];
            let b = random_bid(bits, r, legal, blind_ok, bemo_ok, rng);
            bemo_done[t] |= b.bemo.is_some();
            b
        } else {
            heuristic_bid(r, CardSet(h), legal)
        };
    }
    // Per seat, nil (bit s); per team, the contract C (B-8) and the tricks of its non-nil
    // bidders (the heuristic's "needs").
    let mut nil = 0u8;
    let mut contract = [0i64; 2];
    for (seat, b) in bids.iter().enumerate() {
        if b.nil {
            nil |= 1 << seat;
        } else {
            contract[seat & 1] += i64::from(b.value);
        }
    }
    let mut got = [0i64; 2];
    let mut taken = [0u8; 4];
    let mut won = [0u16; 2];
    let mut h = hands;
    let club = 1u64 << r.lowest_club().id();
    let lowest_club = r.first_lead == FirstLead::LowestClub;
    let mut leader = if lowest_club {
        (0..4)
            .find(|&s| h[s] & club != 0)
            .unwrap_or((dealer + 1) & 3)
    } else {
        (dealer + 1) & 3
    };
    let mut broken = false;
    for trick_no in 0..13 {
        let left = 13 - trick_no as i64;
        let needs = |t: usize| {
            let need = contract[t] - got[t];
            need > 0 && need <= left
        };
        let active = needs(0) || needs(1);
        // The lead (B-10, B-11, B.3 #1, #7).
        let l = leader;
        let hl = h[l];
        let legal = if trick_no == 0 && lowest_club {
            hl & club
        } else if (trick_no == 0 && r.first_trick_no_spade_lead) || (r.spades_broken && !broken) {
            kernel::prefer(hl, !SPADE_SUIT)
        } else {
            hl
        };
        let card = if random >> l & 1 != 0 {
            kernel::pick(bits, legal, rng)
        } else if nil >> l & 1 != 0 || !active {
            lowest(legal)
        } else {
            kernel::top(legal)
        };
        h[l] = hl & !card;
        let led = kernel::led_mask(card);
        let trumps = led | SPADE_SUIT;
        let (mut best, mut best_seat) = (card, l);
        for o in 1..4 {
            let q = (l + o) & 3;
            let hq = h[q];
            let legal = kernel::follow(hq, led);
            // The cards that would take the trick (`kernel::beats`): trumps or the led suit,
            // above the best card so far.
            let wins = trumps & !(best | (best - 1));
            let card = if random >> q & 1 != 0 {
                kernel::pick(bits, legal, rng)
            } else {
                heuristic_follow(
                    legal,
                    wins,
                    nil >> q & 1 != 0,
                    best_seat == q ^ 2,
                    nil >> (q ^ 2) & 1 != 0,
                    active,
                )
            };
            h[q] = hq & !card;
            if card & wins != 0 {
                best = card;
                best_seat = q;
            }
        }
        // B-13: the best card takes the trick; a spade-suit card in it breaks spades (and is
        // the best card when there is one, spades being trumps).
        let w = best_seat;
        taken[w] += 1;
        won[w & 1] |= 1 << trick_no;
        got[w & 1] += i64::from(nil >> w & 1 == 0);
        broken |= best & SPADE_SUIT != 0;
        leader = w;
    }
    SpadesOutcome {
        bids,
        tricks: taken,
        score: score_hand(r, &bids, taken, won, bags, [false; 2]),
    }
}

/// The all-random hand on masks, `L` hands interleaved trick by trick.
#[inline(always)]
fn random_lanes<B: BitOps, const L: usize>(
    bits: B,
    b: &SpadesBatch,
    deal_seed: u64,
    policy_seed_mixed: u64,
    index: [u64; L],
) -> [SpadesOutcome; L] {
    let r = &b.rules;
    let t = deal_thresholds();
    let mut hands = [[0u64; 4]; L];
    let mut rng = [Rng::new(0); L];
    let mut bids = [[Bid::default(); 4]; L];
    let mut leader = [0usize; L];
    let mut owner = [[0u64; 2]; L];
    let blind_ok = r.blind_nil && r.nil && !r.forced_bids() && r.blind_nil_min_deficit == 0;
    for g in 0..L {
        let dealer = (index[g] & 3) as usize;
        hands[g] = deal_masks(bits, r, &t, dealer, deal_seed, index[g]);
        rng[g] = Rng::for_game_mixed(policy_seed_mixed, index[g]);
        // Bidding (B-6): dealer's left first.
        let mut bemo_done = [false; 2];
        for k in 1..=4 {
            let seat = (dealer + k) & 3;
            let spades = (hands[g][seat] & SPADE_SUIT).count_ones();
            // The partner's bid, if he has bid (seats bid from the dealer's left).
            let partner = if k > 2 { Some(bids[g][seat ^ 2]) } else { None };
            let legal = legal_bid_mask(r, spades, partner);
            let bemo_ok = r.bemo && !bemo_done[seat & 1];
            let bid = random_bid(bits, r, legal, blind_ok, bemo_ok, &mut rng[g]);
            bemo_done[seat & 1] |= bid.bemo.is_some();
            bids[g][seat] = bid;
        }
        let h = &hands[g];
        leader[g] = match r.first_lead {
            FirstLead::LeftOfDealer => (dealer + 1) & 3,
            FirstLead::LowestClub => {
                let c = 1u64 << r.lowest_club().id();
                (0..4).find(|&s| h[s] & c != 0).unwrap_or(0)
            }
        };
        owner[g] = kernel::seat_planes(h);
    }
    let mut st = Lanes::<L> {
        hands,
        leader,
        owner,
        taken: [[0u8; 4]; L],
        won: [[0u16; 2]; L],
        lead_ok: [if r.spades_broken { !SPADE_SUIT } else { !0 }; L],
    };
    trick::<B, L, true>(bits, r, &mut st, &mut rng, 0);
    for trick_no in 1..12 {
        trick::<B, L, false>(bits, r, &mut st, &mut rng, trick_no);
    }
    last_trick(&mut st);
    let (taken, won) = (st.taken, st.won);
    let mut out = [SpadesOutcome::default(); L];
    for g in 0..L {
        out[g] = SpadesOutcome {
            bids: bids[g],
            tricks: taken[g],
            score: score_hand(r, &bids[g], taken[g], won[g], [0, 0], [false; 2]),
        };
    }
    out
}

crate::columns! {
    /// Per-hand results of a Spades batch (`seats` is 4).
    pub struct SpadesHandsOut, SpadesChunk {
        /// Bid values `(n, 4)`.
        bids: i8 [seats] = 0,
        /// Nil flags `(n, 4)`.
        nil: bool [seats] = false,
        /// Blind-nil flags `(n, 4)`.
        blind: bool [seats] = false,
        /// Bemo per seat `(n, 4)`: 0 none, 1 little, 2 big.
        bemo: i8 [seats] = 0,
        /// Tricks per seat `(n, 4)`.
        tricks: u8 [seats] = 0,
        /// Team hand scores `(n, 2)`.
        hand_scores: i32 [2] = 0,
        /// Bags added per team `(n, 2)`.
        hand_bags: i8 [2] = 0,
    }
}

impl SpadesChunk<'_> {
    #[inline(always)]
    fn store(&mut self, row: usize, o: &SpadesOutcome) {
        let (mut value, mut nil, mut blind, mut bemo) =
            ([0i8; 4], [false; 4], [false; 4], [0i8; 4]);
        for k in 0..4 {
            let b = o.bids[k];
            value[k] = b.value as i8;
            nil[k] = b.nil;
            blind[k] = b.blind;
            bemo[k] = match b.bemo {
                None => 0,
                Some(Bemo::Little) => 1,
                Some(Bemo::Big) => 2,
            };
        }
        let at = row * 4;
        self.bids[at..at + 4].copy_from_slice(&value);
        self.nil[at..at + 4].copy_from_slice(&nil);
        self.blind[at..at + 4].copy_from_slice(&blind);
        self.bemo[at..at + 4].copy_from_slice(&bemo);
        self.tricks[at..at + 4].copy_from_slice(&o.tricks);
        let s = o.score;
        self.hand_scores[row * 2..row * 2 + 2]
            .copy_from_slice(&[s.scores[0] as i32, s.scores[1] as i32]);
        self.hand_bags[row * 2..row * 2 + 2].copy_from_slice(&[s.bags[0] as i8, s.bags[1] as i8]);
    }
}

/// The rows of `c` of an all-random table: groups of [`LANES`] hands through
/// [`random_lanes`], the rest one by one. A function of its own, apart from
/// [`fill_impl`]: inlined with the other tables' paths, the kernel ran at 0.6 of its speed on
/// some builds (the same instructions, placed differently).
#[inline(always)]
fn fill_random<B: BitOps>(bits: B, b: &SpadesBatch, c: &mut SpadesChunk<'_>) {
    let n = c.tricks.len() / 4;
    let deal_seed = mix64(b.seed);
    let pol_seed = mix64(policy_seed(b.seed));
    let mut row = 0;
    while row + LANES <= n {
        let index = c.start + row as u64;
        let mut idx = [0u64; LANES];
        for (g, x) in idx.iter_mut().enumerate() {
            *x = index + g as u64;
        }
        let o = random_lanes::<B, LANES>(bits, b, deal_seed, pol_seed, idx);
        for (g, o) in o.iter().enumerate() {
            c.store(row + g, o);
        }
        row += LANES;
    }
    while row < n {
        let index = c.start + row as u64;
        let o = random_lanes::<B, 1>(bits, b, deal_seed, pol_seed, [index])[0];
        c.store(row, &o);
        row += 1;
    }
}

/// The rows of `c` of a table with a seat that is not `random`: the mask kernel
/// ([`table_hand`]) where it plays the table, else stepping.
#[inline(always)]
fn fill_impl<B: BitOps>(bits: B, b: &SpadesBatch, c: &mut SpadesChunk<'_>) {
    let n = c.tricks.len() / 4;
    let on_kernel = kernel_plays(&b.policies);
    let random = random_seats(&b.policies);
    let t = deal_thresholds();
    let deal_seed = mix64(b.seed);
    let pol_seed = mix64(policy_seed(b.seed));
    for row in 0..n {
        let index = c.start + row as u64;
        let o = if on_kernel {
            let dealer = (index & 3) as usize;
            let hands = deal_masks(bits, &b.rules, &t, dealer, deal_seed, index);
            let mut rng = Rng::for_game_mixed(pol_seed, index);
            table_hand(
                bits,
                &b.rules,
                random,
                hands,
                dealer,
                [0, 0],
                [0, 0],
                &mut rng,
            )
        } else {
            let mut s = SpadesState::new(
                &b.rules,
                batch_deal(
                    bits,
                    &b.rules,
                    (index % 4) as u8,
                    &mut Rng::for_game(b.seed, index),
                ),
                (index % 4) as u8,
                index,
                [0, 0],
                [0, 0],
            );
            play_out_with(bits, &b.policies, &mut s, &mut policy_rng(b.seed, index));
            outcome_of(&s)
        };
        c.store(row, &o);
    }
}

/// [`fill_random`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn fill_random_bmi2(bits: Bmi2, b: &SpadesBatch, c: &mut SpadesChunk<'_>) {
    fill_random(bits, b, c);
}

/// [`fill_impl`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn fill_bmi2(bits: Bmi2, b: &SpadesBatch, c: &mut SpadesChunk<'_>) {
    fill_impl(bits, b, c);
}

/// Fills one chunk sequentially (the per-thread unit of work), with BMI2 where the CPU has
/// it.
pub fn fill_hands(b: &SpadesBatch, c: &mut SpadesChunk<'_>) {
    let all_random = b.policies.iter().all(|&p| p == Policy::Random);
    #[cfg(target_arch = "x86_64")]
    if let Some(bits) = Bmi2::detect() {
        // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
        unsafe {
            if all_random {
                fill_random_bmi2(bits, b, c);
            } else {
                fill_bmi2(bits, b, c);
            }
        }
        return;
    }
    if all_random {
        fill_random(Portable, b, c);
    } else {
        fill_impl(Portable, b, c);
    }
}

impl Job for SpadesBatch {
    type Out = SpadesHandsOut;

    fn players(&self) -> usize {
        4
    }

    fn fill(&self, rows: &mut SpadesChunk<'_>, _stop: &Stop) {
        fill_hands(self, rows);
    }
}

impl StreamJob for SpadesBatch {
    type Stats = SpadesStats;

    fn stats(&self) -> SpadesStats {
        SpadesStats::default()
    }
}

/// The deal of a caller's deck order: card `k` of `order` (the rules' 52 cards in any
/// order) goes to seat `(dealer + 1 + k) % 4`, as [`deal_random`](super::deal_random) deals
/// a shuffled deck, so each seat's cards are in dealt order. Ids must be 0..=53.
pub fn deal_from_order(rules: &SpadesRules, dealer: u8, order: &[u8]) -> Result<Deal, DealError> {
    let mut hands: Vec<Vec<u8>> = (0..4).map(|_| Vec::with_capacity(13)).collect();
    for (k, &c) in order.iter().enumerate() {
        hands[(usize::from(dealer) + 1 + k) % 4].push(c);
    }
    check_deal(rules, &hands)
}

/// The hands of a batch, dealt by the batch (`deals` is `None`: [`SpadesBatch`]'s own job) or
/// from caller deals: item `first + k` is dealt `deals[k]` (dealer `index % 4`, zero totals
/// and bags) and stepped with the batch policies and the policy stream of its index, as
/// `SpadesState::new` plus [`play_out`](super::policy::play_out) would.
#[derive(Clone, Copy, Debug)]
pub struct Dealt<'a> {
    /// Rules, seed and policies.
    pub batch: &'a SpadesBatch,
    /// The caller deals, if any.
    pub deals: Option<&'a [Deal]>,
    /// The batch index of `deals[0]`.
    pub first: u64,
}

impl Job for Dealt<'_> {
    type Out = SpadesHandsOut;

    fn players(&self) -> usize {
        4
    }

    fn fill(&self, rows: &mut SpadesChunk<'_>, _stop: &Stop) {
        let b = self.batch;
        let Some(deals) = self.deals else {
            return fill_hands(b, rows);
        };
        #[cfg(target_arch = "x86_64")]
        if let Some(bits) = Bmi2::detect() {
            // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
            unsafe { fill_dealt_bmi2(bits, b, deals, self.first, rows) };
            return;
        }
        fill_dealt(Portable, b, deals, self.first, rows);
    }
}

/// The caller-dealt hands of a chunk: on the hand kernel when it plays the policies, else
/// stepped.
#[inline(always)]
fn fill_dealt<B: BitOps>(
    bits: B,
    b: &SpadesBatch,
    deals: &[Deal],
    first: u64,
    rows: &mut SpadesChunk<'_>,
) {
    let on_kernel = kernel_plays(&b.policies);
    let random = random_seats(&b.policies);
    for row in 0..rows.rows() {
        let index = rows.start + row as u64;
        let dealer = (index % 4) as u8;
        let deal = deals[(index - first) as usize];
        let mut rng = policy_rng(b.seed, index);
        let o = if on_kernel {
            let hands = deal_to_masks(&deal);
            let d = usize::from(dealer);
            table_hand(bits, &b.rules, random, hands, d, [0, 0], [0, 0], &mut rng)
        } else {
            let mut s = SpadesState::new(&b.rules, deal, dealer, index, [0, 0], [0, 0]);
            play_out_with(bits, &b.policies, &mut s, &mut rng);
            outcome_of(&s)
        };
        rows.store(row, &o);
    }
}

/// [`fill_dealt`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn fill_dealt_bmi2(
    bits: Bmi2,
    b: &SpadesBatch,
    deals: &[Deal],
    first: u64,
    rows: &mut SpadesChunk<'_>,
) {
    fill_dealt(bits, b, deals, first, rows);
}

impl StreamJob for Dealt<'_> {
    type Stats = SpadesStats;

    fn stats(&self) -> SpadesStats {
        SpadesStats::default()
    }
}

/// Constant-memory aggregates of Spades hands, exact integers (merge order does not matter).
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct SpadesStats {
    /// Hands accumulated.
    pub hands: u64,
    /// Team hand score.
    pub score: [Moments; 2],
    /// Bags added per team.
    pub bags: [Moments; 2],
    /// Hands in which the team's contract part was made (T ≥ C, with a non-nil bidder).
    pub made: [i64; 2],
    /// Tricks per seat.
    pub tricks: [Moments; 4],
    /// Bid value per seat.
    pub bids: [Moments; 4],
    /// Nil bids (blind included) per seat, and those made.
    pub nil_bids: [i64; 4],
    /// Nil bids made (no trick taken).
    pub nil_made: [i64; 4],
    /// Histogram of tricks per seat: `tricks_hist[seat][tricks]`.
    pub tricks_hist: [[i64; 14]; 4],
}

impl Stats<SpadesHandsOut> for SpadesStats {
    fn add(&mut self, out: &SpadesHandsOut) {
        add_by_seat(&mut self.tricks, &out.tricks);
        add_by_seat(&mut self.bids, &out.bids);
        add_by_seat(&mut self.score, &out.hand_scores);
        add_by_seat(&mut self.bags, &out.hand_bags);
        let rows = out.tricks.chunks_exact(4).zip(out.bids.chunks_exact(4));
        for ((tricks, bids), nil) in rows.zip(out.nil.chunks_exact(4)) {
            let mut contract = [0i64; 2];
            let mut got = [0i64; 2];
            let mut has = [false; 2];
            for k in 0..4 {
                let tr = tricks[k];
                self.tricks_hist[k][usize::from(tr)] += 1;
                if nil[k] {
                    self.nil_bids[k] += 1;
                    self.nil_made[k] += i64::from(tr == 0);
                } else {
                    contract[k & 1] += i64::from(bids[k]);
                    got[k & 1] += i64::from(tr);
                    has[k & 1] = true;
                }
            }
            for t in 0..2 {
                self.made[t] += i64::from(has[t] && got[t] >= contract[t]);
            }
        }
        self.hands += out.len() as u64;
    }

    fn merge(&mut self, o: &SpadesStats) {
        self.hands += o.hands;
        merge_by_seat(&mut self.score, &o.score);
        merge_by_seat(&mut self.bags, &o.bags);
        merge_by_seat(&mut self.tricks, &o.tricks);
        merge_by_seat(&mut self.bids, &o.bids);
        for t in 0..2 {
            self.made[t] += o.made[t];
        }
        for k in 0..4 {
            self.nil_bids[k] += o.nil_bids[k];
            self.nil_made[k] += o.nil_made[k];
            for x in 0..14 {
                self.tricks_hist[k][x] += o.tricks_hist[k][x];
            }
        }
    }

    fn hand_scores(&self) -> &[Moments] {
        &self.score
    }
}

/// Plays game `index` of a batch to its end, or until `hand_limit` hands are played (random
/// bids can keep a game without `lose_score` going for ever): first dealer drawn from the
/// deal stream, every hand dealt from it (by the game), policies from the policy stream.
pub fn play_game(b: &SpadesBatch, index: u64, hand_limit: usize, stop: &Stop) -> SpadesGame {
    let mut deal_rng = Rng::for_game(b.seed, index);
    let first_dealer = deal_rng.below(4) as u8;
    let mut game = SpadesGame::new(&b.rules, deal_rng, first_dealer, Vec::new(), [0, 0], [0, 0]);
    let mut rng = policy_rng(b.seed, index);
    while !game.is_over() && game.history().len() < hand_limit && !stop.requested() {
        game.act(|s| act(&b.policies, s, &mut rng));
    }
    game
}

/// Game `index` of a batch as [`play_game`] plays it, each hand on the hand kernel
/// ([`table_hand`], for tables it plays) and the game's bookkeeping between hands: the
/// deal of `SpadesGame` (first dealer, then a shuffle per hand from the deal stream), the
/// totals and bag counters carried, the dealer rotated, the end rules of
/// [`game_winners`] and the hand limit. The same draws as stepping, so the same result.
#[inline(always)]
fn kernel_game<B: BitOps>(
    bits: B,
    b: &SpadesBatch,
    index: u64,
    hand_limit: usize,
    stop: &Stop,
) -> GameEnd {
    let r = &b.rules;
    let random = random_seats(&b.policies);
    let mut deal_rng = Rng::for_game(b.seed, index);
    let first_dealer = deal_rng.below(4) as usize;
    let mut rng = policy_rng(b.seed, index);
    let deck = deck_ids(r);
    let (mut totals, mut bags) = ([0i64; 2], [0i64; 2]);
    let mut hands_played = 0;
    let mut winners = None;
    while winners.is_none() && hands_played < hand_limit && !stop.requested() {
        let dealer = (first_dealer + hands_played) % 4;
        let hands = shuffled_masks(&deck, dealer, &mut deal_rng);
        let o = table_hand(bits, r, random, hands, dealer, totals, bags, &mut rng);
        for (t, x) in totals.iter_mut().enumerate() {
            *x += o.score.scores[t];
        }
        bags = o.score.bags_after;
        hands_played += 1;
        winners = game_winners(r, o.score.boston, totals, hands_played);
    }
    GameEnd {
        totals: totals.to_vec(),
        winners: u64::from(winners.unwrap_or(0)),
        hands_played,
        finished: winners.is_some(),
        pot: 0,
    }
}

/// [`kernel_game`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn kernel_game_bmi2(
    bits: Bmi2,
    b: &SpadesBatch,
    index: u64,
    hand_limit: usize,
    stop: &Stop,
) -> GameEnd {
    kernel_game(bits, b, index, hand_limit, stop)
}

/// The games mode: [`kernel_game`] for the tables the hand kernel plays, else the stepped
/// [`play_game`].
impl PlayGames for SpadesBatch {
    fn sides(&self) -> usize {
        2
    }

    fn play_game(&self, index: u64, hand_limit: usize, stop: &Stop) -> GameEnd {
        if kernel_plays(&self.policies) {
            #[cfg(target_arch = "x86_64")]
            if let Some(bits) = Bmi2::detect() {
                // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
                return unsafe { kernel_game_bmi2(bits, self, index, hand_limit, stop) };
            }
            return kernel_game(Portable, self, index, hand_limit, stop);
        }
        GameEnd::from(&play_game(self, index, hand_limit, stop))
    }
}

/// A game's end as a games-mode row: team totals, winners, hands played, whether it
/// finished (Spades has no pot).
impl From<&SpadesGame> for GameEnd {
    fn from(g: &SpadesGame) -> GameEnd {
        GameEnd {
            totals: g.totals().to_vec(),
            winners: u64::from(g.winners()),
            hands_played: g.history().len(),
            finished: g.is_over(),
            pot: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spades::deal_random;

    #[test]
    fn shuffled_masks_are_the_hands_of_deal_random() {
        for jokers in [false, true] {
            let r = SpadesRules {
                jokers,
                ..SpadesRules::default()
            };
            let deck = deck_ids(&r);
            for seed in 0..2000u64 {
                let dealer = (seed % 4) as u8;
                let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
                let deal = deal_random(&r, dealer, &mut a);
                assert_eq!(
                    shuffled_masks(&deck, usize::from(dealer), &mut b),
                    deal_to_masks(&deal)
                );
                assert_eq!(a, b);
            }
        }
    }
}
