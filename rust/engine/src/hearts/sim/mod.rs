//! Batch simulation: many independent hands or games with in-engine policies.
//!
//! Hand (or game) `i` of a batch run with `seed` draws its deal from
//! `Rng::for_game(seed, i)` and its policies' choices from
//! `Rng::for_game(policy_seed(seed), i)`, nothing else. So results are bit-identical for
//! any thread count and any chunking, and any single hand can be rebuilt and stepped:
//! [`batch_hand`] gives its initial state and [`policy_rng`] its policy stream.

mod fast;
mod stream;

pub use fast::{FastOutcome, FastOutcome4, FastRules, MixedSeeds};

pub use super::policy::{Policy, TablePolicy};
pub use stream::HandStats;

use crate::batch::{map_all, run_all};
use crate::core::{policy_rng, BitOps, Bmi2, Card, CardSet, Portable, Rng};
use crate::hearts::{
    resolve_direction, HandDirection, HeartsGame, HeartsRules, HeartsState, MAX_PLAYERS,
};

/// A deck order given by the caller: 52 distinct card ids, dealt one at a time from the
/// dealer's left skipping cards the rules removed.
pub fn deal_from_order(rules: &HeartsRules, dealer: u8, order: &[u8]) -> [CardSet; MAX_PLAYERS] {
    let deck = rules.deck();
    let n = rules.players;
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    let mut seat = if dealer + 1 == n { 0 } else { dealer + 1 };
    for &id in order {
        let c = Card::new_unchecked(id);
        if deck.contains(c) {
            hands[usize::from(seat)].insert(c);
            seat = if seat + 1 == n { 0 } else { seat + 1 };
        }
    }
    hands
}

/// Checks that every row of `deals` (row-major, 52 per row) is a permutation of 0..52.
pub fn check_deals(deals: &[u8]) -> Result<(), String> {
    if deals.len() % 52 != 0 {
        return Err(format!(
            "deals must have 52 columns, got {} values",
            deals.len()
        ));
    }
    for (i, row) in deals.chunks_exact(52).enumerate() {
        let mut seen = 0u64;
        for &c in row {
            if c >= 52 {
                return Err(format!("deals[{i}] holds {c}; card ids are 0..51"));
            }
            if seen & (1 << c) != 0 {
                return Err(format!(
                    "deals[{i}] is not a permutation of 0..51: card {c} appears twice"
                ));
            }
            seen |= 1 << c;
        }
    }
    Ok(())
}

/// What a batch plays: rules, seed, per-seat policies, optional caller deals.
#[derive(Clone, Copy, Debug)]
pub struct Batch<'a> {
    /// The rules.
    pub rules: HeartsRules,
    /// The batch seed.
    pub seed: u64,
    /// Per-seat policies.
    pub policy: TablePolicy,
    /// Caller deck orders, 52 per hand (hands mode only); checked by [`check_deals`].
    pub deals: Option<&'a [u8]>,
}

/// Builds hand `index` of a batch: dealer `index % players`, hand index `index`, deal and
/// direction from `Rng::for_game(seed, index)` (or the caller's deck order).
#[inline(always)]
pub fn batch_hand_with<B: BitOps>(bits: B, b: &Batch<'_>, index: u64) -> HeartsState {
    let r = &b.rules;
    let mut rng = Rng::for_game(b.seed, index);
    let dealer = (index % u64::from(r.players)) as u8;
    let direction = resolve_direction(r, index, None, &mut rng).unwrap_or(HandDirection::Hold);
    let hands = match b.deals {
        Some(d) => {
            let i = index as usize * 52;
            deal_from_order(r, dealer, &d[i..i + 52])
        }
        None => crate::hearts::deal_random_with(bits, r, dealer, &mut rng),
    };
    HeartsState::new_unchecked(r, hands, dealer, index, direction)
}

/// [`batch_hand_with`] without BMI2.
pub fn batch_hand(b: &Batch<'_>, index: u64) -> HeartsState {
    batch_hand_with(Portable, b, index)
}

/// Per-hand results of a batch, row-major `(hands, players)`.
#[derive(Clone, Debug, Default)]
pub struct HandsOut {
    /// Players per hand (columns).
    pub players: usize,
    /// pen_i.
    pub points: Vec<u8>,
    /// h_i.
    pub hand_scores: Vec<i16>,
    /// Tricks won per seat.
    pub tricks: Vec<u8>,
    /// The moon shooter or −1.
    pub moon_shooter: Vec<i8>,
    /// The seat that captured Q♠, or −1.
    pub queen_taker: Vec<i8>,
}

impl HandsOut {
    /// Zeroed storage for `n` hands.
    pub fn new(n: usize, players: usize) -> HandsOut {
        HandsOut {
            players,
            points: vec![0; n * players],
            hand_scores: vec![0; n * players],
            tricks: vec![0; n * players],
            moon_shooter: vec![-1; n],
            queen_taker: vec![-1; n],
        }
    }
}

/// Mutable views of one chunk of [`HandsOut`].
#[derive(Debug)]
pub struct HandsChunk<'a> {
    /// First hand index of the chunk.
    pub start: u64,
    /// See [`HandsOut`].
    pub points: &'a mut [u8],
    /// See [`HandsOut`].
    pub hand_scores: &'a mut [i16],
    /// See [`HandsOut`].
    pub tricks: &'a mut [u8],
    /// See [`HandsOut`].
    pub moon_shooter: &'a mut [i8],
    /// See [`HandsOut`].
    pub queen_taker: &'a mut [i8],
}

/// Hands interleaved by the 4-player all-random routine (4 measured best once its tricks
/// stopped spilling: 3 leaves the core idle on the tricks' dependency chains, 5 spills).
const LANES4: usize = 4;

const _: () = assert!(LANES <= 4, "fill_impl keeps four outcomes");

/// Hands interleaved by the all-random path.
const LANES: usize = 2;

#[inline(always)]
fn fill_impl<B: BitOps>(bits: B, b: &Batch<'_>, c: &mut HandsChunk<'_>) {
    let p = usize::from(b.rules.players);
    let fast = FastRules::new(&b.rules, &b.policy);
    let mixed = b.deals.is_some() || !b.policy.all_random(b.rules.players);
    let deal = |i: u64| b.deals.map(|d| &d[i as usize * 52..i as usize * 52 + 52]);
    let n = c.moon_shooter.len();
    let mut row = 0;
    while row < n {
        let index = c.start + row as u64;
        let mut outs = [FastOutcome::default(); 4];
        let lanes = match &fast {
            Some(f) if row + LANES <= n => {
                let mut idx = [0u64; LANES];
                let mut orders = [None; LANES];
                for g in 0..LANES {
                    idx[g] = index + g as u64;
                    orders[g] = deal(idx[g]);
                }
                let o: [FastOutcome; LANES] = match (p == 4, mixed) {
                    (true, false) => f.play_lanes::<B, LANES, 4, false>(bits, b.seed, idx, orders),
                    (true, true) => f.play_lanes::<B, LANES, 4, true>(bits, b.seed, idx, orders),
                    (false, false) => f.play_lanes::<B, LANES, 0, false>(bits, b.seed, idx, orders),
                    (false, true) => f.play_lanes::<B, LANES, 0, true>(bits, b.seed, idx, orders),
                };
                outs[..LANES].copy_from_slice(&o);
                LANES
            }
            Some(f) => {
                outs[0] = f.play(bits, b.seed, index, deal(index));
                1
            }
            None => {
                let mut s = batch_hand_with(bits, b, index);
                b.policy
                    .play_out_with(bits, &mut s, &mut policy_rng(b.seed, index));
                outs[0] = outcome_of(&s);
                1
            }
        };
        for (g, o) in outs.iter().enumerate().take(lanes) {
            let at = row + g;
            c.points[at * p..(at + 1) * p].copy_from_slice(&o.points[..p]);
            c.hand_scores[at * p..(at + 1) * p].copy_from_slice(&o.hand_scores[..p]);
            c.tricks[at * p..(at + 1) * p].copy_from_slice(&o.tricks[..p]);
            c.moon_shooter[at] = o.moon;
            c.queen_taker[at] = o.queen;
        }
        row += lanes;
    }
}

/// The batch outcome of a finished [`HeartsState`].
pub fn outcome_of(s: &HeartsState) -> FastOutcome {
    let (pts, hs, moon) = s.outcome();
    let mut o = FastOutcome {
        moon: moon.map_or(-1, |m| m as i8),
        queen: queen_taker(s),
        ..FastOutcome::default()
    };
    for k in 0..usize::from(s.num_players()) {
        o.points[k] = pts[k] as u8;
        o.hand_scores[k] = hs[k] as i16;
        o.tricks[k] = s.tricks_taken()[k];
    }
    o
}

fn queen_taker(s: &HeartsState) -> i8 {
    s.queen_taker().map_or(-1, |p| p as i8)
}

/// The rows of `c` in groups of [`LANES4`] 4-player all-random hands through
/// [`FastRules::play4`]; a separate function from [`fill_impl`] so that the kernel's
/// registers are allocated for it alone.
#[inline(always)]
fn fill_four<B: BitOps>(bits: B, f: &FastRules, seed: u64, c: &mut HandsChunk<'_>) {
    let seeds = MixedSeeds::new(seed);
    for row in (0..c.moon_shooter.len()).step_by(LANES4) {
        let mut idx = [0u64; LANES4];
        for (g, x) in idx.iter_mut().enumerate() {
            *x = c.start + (row + g) as u64;
        }
        let o = f.play4::<B, LANES4>(bits, seeds, idx);
        // Stored with the row width a constant 4, not through generic (`memcpy`) copies.
        for (g, o) in o.iter().enumerate() {
            let at = row + g;
            c.points[at * 4..at * 4 + 4].copy_from_slice(&o.points);
            c.hand_scores[at * 4..at * 4 + 4].copy_from_slice(&o.hand_scores);
            c.tricks[at * 4..at * 4 + 4].copy_from_slice(&o.tricks);
            c.moon_shooter[at] = o.moon;
            c.queen_taker[at] = o.queen;
        }
    }
}

/// [`fill_four`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
#[inline(never)]
unsafe fn fill_four_bmi2(bits: Bmi2, f: &FastRules, seed: u64, c: &mut HandsChunk<'_>) {
    fill_four(bits, f, seed, c);
}

/// [`fill_impl`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn fill_bmi2(bits: Bmi2, b: &Batch<'_>, c: &mut HandsChunk<'_>) {
    fill_impl(bits, b, c);
}

/// Fills one chunk sequentially (the per-thread unit of work), with BMI2 where the CPU has
/// it.
pub fn fill_hands(b: &Batch<'_>, c: &mut HandsChunk<'_>) {
    let bmi2 = Bmi2::detect();
    let n = c.moon_shooter.len();
    let four = match FastRules::new(&b.rules, &b.policy) {
        Some(f) if b.rules.players == 4 && b.deals.is_none() && b.policy.all_random(4) => Some(f),
        _ => None,
    };
    let mut rest = match four {
        Some(f) => {
            let (mut head, rest) = c.split_at(n - n % LANES4);
            match bmi2 {
                // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
                #[cfg(target_arch = "x86_64")]
                Some(bits) => unsafe { fill_four_bmi2(bits, &f, b.seed, &mut head) },
                _ => fill_four(Portable, &f, b.seed, &mut head),
            }
            rest
        }
        None => c.split_at(0).1,
    };
    #[cfg(target_arch = "x86_64")]
    if let Some(bits) = bmi2 {
        // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
        unsafe { fill_bmi2(bits, b, &mut rest) };
        return;
    }
    fill_impl(Portable, b, &mut rest);
}

impl HandsChunk<'_> {
    /// The first `k` rows and the rest, as two chunks.
    pub fn split_at(&mut self, k: usize) -> (HandsChunk<'_>, HandsChunk<'_>) {
        let p = self.points.len() / self.moon_shooter.len().max(1);
        let (points, points2) = self.points.split_at_mut(k * p);
        let (hand_scores, hand_scores2) = self.hand_scores.split_at_mut(k * p);
        let (tricks, tricks2) = self.tricks.split_at_mut(k * p);
        let (moon_shooter, moon_shooter2) = self.moon_shooter.split_at_mut(k);
        let (queen_taker, queen_taker2) = self.queen_taker.split_at_mut(k);
        (
            HandsChunk {
                start: self.start,
                points,
                hand_scores,
                tricks,
                moon_shooter,
                queen_taker,
            },
            HandsChunk {
                start: self.start + k as u64,
                points: points2,
                hand_scores: hand_scores2,
                tricks: tricks2,
                moon_shooter: moon_shooter2,
                queen_taker: queen_taker2,
            },
        )
    }
}

impl HandsOut {
    /// The rows `from..to` as a chunk whose first hand index is `start + from`.
    pub fn chunk(&mut self, start: u64, from: usize, to: usize) -> HandsChunk<'_> {
        let p = self.players;
        HandsChunk {
            start: start + from as u64,
            points: &mut self.points[from * p..to * p],
            hand_scores: &mut self.hand_scores[from * p..to * p],
            tricks: &mut self.tricks[from * p..to * p],
            moon_shooter: &mut self.moon_shooter[from..to],
            queen_taker: &mut self.queen_taker[from..to],
        }
    }
}

/// Simulates the hands of `chunk`, split over the current rayon pool in blocks of `block`
/// hands (with the `parallel` feature).
pub fn simulate_chunk(b: &Batch<'_>, chunk: HandsChunk<'_>, players: usize, block: usize) {
    let p = players;
    let block = block.max(1);
    let HandsChunk {
        start,
        points,
        hand_scores,
        tricks,
        moon_shooter,
        queen_taker,
    } = chunk;
    let work: Vec<HandsChunk<'_>> = points
        .chunks_mut(block * p)
        .zip(hand_scores.chunks_mut(block * p))
        .zip(tricks.chunks_mut(block * p))
        .zip(moon_shooter.chunks_mut(block))
        .zip(queen_taker.chunks_mut(block))
        .enumerate()
        .map(
            |(i, ((((points, hand_scores), tricks), moon_shooter), queen_taker))| HandsChunk {
                start: start + (i * block) as u64,
                points,
                hand_scores,
                tricks,
                moon_shooter,
                queen_taker,
            },
        )
        .collect();
    run_all(work, |mut c| fill_hands(b, &mut c));
}

/// Simulates hands `start..start + n` into `out` (which holds exactly `n` rows).
pub fn simulate_hands_into(b: &Batch<'_>, start: u64, out: &mut HandsOut, block: usize) {
    let (p, n) = (out.players, out.moon_shooter.len());
    simulate_chunk(b, out.chunk(start, 0, n), p, block);
}

/// Simulates `n` hands from index 0 (single call convenience).
pub fn simulate_hands(rules: &HeartsRules, n: usize, seed: u64, policy: Policy) -> HandsOut {
    let b = Batch {
        rules: *rules,
        seed,
        policy: TablePolicy::uniform(policy),
        deals: None,
    };
    let mut out = HandsOut::new(n, usize::from(rules.players));
    simulate_hands_into(&b, 0, &mut out, 4096);
    out
}

/// Statistics of hands `start..start + n`, accumulated in constant memory.
pub fn stream_hands(b: &Batch<'_>, start: u64, n: u64, block: u64) -> HandStats {
    let p = usize::from(b.rules.players);
    let v = b.rules.total_penalty() as usize;
    let parts = map_all(crate::batch::blocks(start, n, block), |(s0, len)| {
        let mut st = HandStats::new(p, v);
        let mut out = HandsOut::new(len as usize, p);
        let mut c = out.chunk(s0, 0, len as usize);
        fill_hands(b, &mut c);
        st.add(&out);
        st
    });
    // Integer accumulators, merged in block order.
    let mut total = HandStats::new(p, v);
    for st in &parts {
        total.merge(st);
    }
    total
}

/// Per-game results of a batch, row-major `(games, players)`.
#[derive(Clone, Debug, Default)]
pub struct GamesOut {
    /// Players per game.
    pub players: usize,
    /// Final totals: points, or chips in 1/60 units.
    pub totals: Vec<i64>,
    /// Winner flags.
    pub winners: Vec<bool>,
    /// Hands played per game.
    pub hands_played: Vec<u32>,
    /// The chips left in the pot at the end (1/60 units; 0 outside chips).
    pub pot: Vec<i64>,
}

/// Plays game `index` of a batch to its end: first dealer drawn from the deal stream,
/// every hand dealt from it, policies from the policy stream.
#[inline(always)]
pub fn play_game_with<B: BitOps>(bits: B, b: &Batch<'_>, index: u64) -> HeartsGame {
    let mut deal_rng = Rng::for_game(b.seed, index);
    let first_dealer = deal_rng.below(u32::from(b.rules.players)) as u8;
    let mut game = HeartsGame::with_rng(&b.rules, deal_rng, first_dealer);
    let mut rng = policy_rng(b.seed, index);
    while !game.is_over() {
        game.complete_hand(|s| b.policy.play_out_with(bits, s, &mut rng));
    }
    game
}

#[inline(always)]
fn games_impl<B: BitOps>(bits: B, b: &Batch<'_>, start: u64, out: &mut GamesOut) {
    let p = out.players;
    for j in 0..out.hands_played.len() {
        let g = play_game_with(bits, b, start + j as u64);
        out.totals[j * p..(j + 1) * p].copy_from_slice(g.totals());
        for k in 0..p {
            out.winners[j * p + k] = g.winners() & (1 << k) != 0;
        }
        out.hands_played[j] = g.hands_played() as u32;
        out.pot[j] = g.pot();
    }
}

/// [`games_impl`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn games_bmi2(bits: Bmi2, b: &Batch<'_>, start: u64, out: &mut GamesOut) {
    games_impl(bits, b, start, out);
}

/// Simulates games `start..start + n` (one block per call; the caller parallelises).
pub fn simulate_games_block(b: &Batch<'_>, start: u64, n: usize) -> GamesOut {
    let p = usize::from(b.rules.players);
    let mut out = GamesOut {
        players: p,
        totals: vec![0; n * p],
        winners: vec![false; n * p],
        hands_played: vec![0; n],
        pot: vec![0; n],
    };
    #[cfg(target_arch = "x86_64")]
    if let Some(bits) = Bmi2::detect() {
        // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
        unsafe { games_bmi2(bits, b, start, &mut out) };
        return out;
    }
    games_impl(Portable, b, start, &mut out);
    out
}

/// Simulates games `start..start + n` over the current rayon pool, in blocks.
pub fn simulate_games(b: &Batch<'_>, start: u64, n: usize, block: usize) -> GamesOut {
    let p = usize::from(b.rules.players);
    let parts = map_all(
        crate::batch::blocks(start, n as u64, block as u64),
        |(s0, len)| simulate_games_block(b, s0, len as usize),
    );
    let mut out = GamesOut {
        players: p,
        ..GamesOut::default()
    };
    for g in parts {
        out.totals.extend(g.totals);
        out.winners.extend(g.winners);
        out.hands_played.extend(g.hands_played);
        out.pot.extend(g.pot);
    }
    out
}
