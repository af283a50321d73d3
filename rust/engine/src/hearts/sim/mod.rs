//! Batch simulation: many independent hands or games with in-engine policies.
//!
//! Hand (or game) `i` of a batch run with `seed` draws its deal from
//! `Rng::for_game(seed, i)` and its policies' choices from
//! `Rng::for_game(policy_seed(seed), i)`, nothing else. So results are bit-identical for
//! any thread count and any chunking, and any single hand can be rebuilt and stepped:
//! [`batch_hand`] gives its initial state and [`policy_rng`] its policy stream.

mod fast;
mod games;
mod stream;

pub use fast::{FastOutcome, FastOutcome4, FastRules, MixedSeeds};

pub use super::policy::{Policy, TablePolicy};
pub use stream::HandStats;

use crate::batch::{GameEnd, GamesRows, Job, PlayGames, Rows, Stop, StreamJob, TooLarge};
use crate::core::{policy_rng, BitOps, Bmi2, Card, CardSet, Portable, Rng};
use crate::hearts::{
    resolve_direction, HandDirection, HeartsGame, HeartsRules, HeartsState, MAX_PLAYERS,
};

/// A deck order given by the caller: 52 distinct card ids, dealt one at a time from the
/// dealer's left (A-6) skipping cards the rules removed (A-3).
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

/// Why caller deck orders were refused.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
pub enum DeckOrderError {
    /// Not whole rows of 52: the number of ids given.
    #[error("deck orders are rows of 52 card ids; got {0} ids")]
    Length(usize),
    /// A row holds `id`, which is not a card id 0..=51.
    #[error("deck order {row} holds {id}; card ids are 0..=51")]
    NotACard {
        /// The row (the hand index).
        row: usize,
        /// The id.
        id: u8,
    },
    /// A row holds `card` twice, so it is not an order of the 52 cards.
    #[error("deck order {row} is not an order of the 52 cards: {card} appears twice")]
    Repeated {
        /// The row (the hand index).
        row: usize,
        /// The card.
        card: Card,
    },
}

/// Checks that every row of `deals` (row-major, 52 per row) is an order of the 52 cards.
///
/// ```
/// use hearts_engine::hearts::sim::{check_deals, DeckOrderError};
/// let mut deals: Vec<u8> = (0..52).chain((0..52).rev()).collect();
/// assert_eq!(check_deals(&deals), Ok(()));
/// deals[60] = 0;
/// assert!(matches!(check_deals(&deals), Err(DeckOrderError::Repeated { row: 1, .. })));
/// ```
pub fn check_deals(deals: &[u8]) -> Result<(), DeckOrderError> {
    if deals.len() % 52 != 0 {
        return Err(DeckOrderError::Length(deals.len()));
    }
    for (row, order) in deals.chunks_exact(52).enumerate() {
        let mut seen = CardSet::EMPTY;
        for &id in order {
            let card = Card::try_new(id).ok_or(DeckOrderError::NotACard { row, id })?;
            if seen.contains(card) {
                return Err(DeckOrderError::Repeated { row, card });
            }
            seen.insert(card);
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
    /// Caller deck orders, 52 per hand (hands mode only); checked by [`check_deals`]: hand
    /// `first + k` is dealt row `k`.
    pub deals: Option<&'a [u8]>,
    /// The batch index of the first row of `deals` (0 without deals).
    pub first: u64,
}

impl<'a> Batch<'a> {
    /// The caller deck order of hand `index`, if the batch has caller deals (`index` is one
    /// of the rows the batch fills: `first..first + rows`).
    #[inline(always)]
    pub fn deal(&self, index: u64) -> Option<&'a [u8]> {
        self.deals.map(|d| {
            let i = (index - self.first) as usize * 52;
            &d[i..i + 52]
        })
    }
}

/// Builds hand `index` of a batch: dealer `index % players`, hand index `index`, deal and
/// direction from `Rng::for_game(seed, index)` (or the caller's deck order).
#[inline(always)]
pub fn batch_hand_with<B: BitOps>(bits: B, b: &Batch<'_>, index: u64) -> HeartsState {
    let r = &b.rules;
    let mut rng = Rng::for_game(b.seed, index);
    let dealer = (index % u64::from(r.players)) as u8;
    let direction = resolve_direction(r, index, None, &mut rng).unwrap_or(HandDirection::Hold);
    let hands = match b.deal(index) {
        Some(order) => deal_from_order(r, dealer, order),
        None => crate::hearts::deal_random_with(bits, r, dealer, &mut rng),
    };
    HeartsState::new_unchecked(r, hands, dealer, index, direction)
}

/// [`batch_hand_with`] without BMI2.
pub fn batch_hand(b: &Batch<'_>, index: u64) -> HeartsState {
    batch_hand_with(Portable, b, index)
}

/// The initial state of hand `index` of a batch run with `seed` without caller deals: its
/// deal and pass direction, dealer `index % players`, hand index `index` (the policies do
/// not change it).
///
/// ```
/// use hearts_engine::hearts::{sim::batch_state, HeartsRules};
/// let s = batch_state(&HeartsRules::default(), 7, 5);
/// assert_eq!((s.dealer(), s.hand_index()), (1, 5));
/// assert_eq!(s, batch_state(&HeartsRules::default(), 7, 5));
/// ```
pub fn batch_state(rules: &HeartsRules, seed: u64, index: u64) -> HeartsState {
    let b = Batch {
        rules: *rules,
        seed,
        policy: TablePolicy::uniform(Policy::Random),
        deals: None,
        first: 0,
    };
    batch_hand(&b, index)
}

crate::columns! {
    /// Per-hand results of a batch, row-major `(hands, players)`.
    pub struct HandsOut, HandsChunk {
        /// pen_i (A-20).
        points: u8 [seats] = 0,
        /// h_i (A-21).
        hand_scores: i16 [seats] = 0,
        /// Tricks won per seat.
        tricks: u8 [seats] = 0,
        /// The moon shooter or −1.
        moon_shooter: i8 [1] = -1,
        /// The seat that captured Q♠, or −1.
        queen_taker: i8 [1] = -1,
    }
}

/// Hands interleaved by the 4-player all-random routine (4 measured best once its tricks
/// stopped spilling: 3 leaves the core idle on the tricks' dependency chains, 5 spills).
const LANES4: usize = 4;

const _: () = assert!(LANES <= 4, "fill_impl keeps four outcomes");

/// Hands interleaved by the all-random path.
const LANES: usize = 2;

#[inline(always)]
fn fill_impl<B: BitOps>(bits: B, b: &Batch<'_>, fast: Option<&FastRules>, c: &mut HandsChunk<'_>) {
    let p = usize::from(b.rules.players);
    let mixed = b.deals.is_some() || !b.policy.all_random(b.rules.players);
    let deal = |i: u64| b.deal(i);
    let n = c.moon_shooter.len();
    let mut row = 0;
    while row < n {
        let index = c.start + row as u64;
        let mut outs = [FastOutcome::default(); 4];
        let lanes = match fast {
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
fn fill_four<B: BitOps, const HEUR: bool>(
    bits: B,
    f: &FastRules,
    seed: u64,
    c: &mut HandsChunk<'_>,
) {
    let seeds = MixedSeeds::new(seed);
    for row in (0..c.moon_shooter.len()).step_by(LANES4) {
        let mut idx = [0u64; LANES4];
        for (g, x) in idx.iter_mut().enumerate() {
            *x = c.start + (row + g) as u64;
        }
        let o = f.play4::<B, LANES4, HEUR>(bits, seeds, idx);
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
    fill_four::<Bmi2, false>(bits, f, seed, c);
}

/// [`fill_four`] of all-heuristic tables compiled with BMI2, for a CPU proven to have it by
/// `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
#[inline(never)]
unsafe fn fill_four_heur_bmi2(bits: Bmi2, f: &FastRules, seed: u64, c: &mut HandsChunk<'_>) {
    fill_four::<Bmi2, true>(bits, f, seed, c);
}

/// [`fill_impl`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn fill_bmi2(bits: Bmi2, b: &Batch<'_>, fast: Option<&FastRules>, c: &mut HandsChunk<'_>) {
    fill_impl(bits, b, fast, c);
}

/// Fills one chunk sequentially (the per-thread unit of work), with BMI2 where the CPU has
/// it.
pub fn fill_hands(b: &Batch<'_>, c: &mut HandsChunk<'_>) {
    let bmi2 = Bmi2::detect();
    let n = c.moon_shooter.len();
    // The fast facts of the rules, computed once per chunk for both routines.
    let fast = FastRules::new(&b.rules, &b.policy);
    let four = fast
        .as_ref()
        .filter(|_| b.rules.players == 4 && b.deals.is_none());
    let heur = b.policy.all_heuristic(4);
    let mut rest = match four {
        Some(f) if b.policy.all_random(4) || heur => {
            let (mut head, rest) = c.reborrow().split_at(n - n % LANES4);
            match (bmi2, heur) {
                // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
                #[cfg(target_arch = "x86_64")]
                (Some(bits), false) => unsafe { fill_four_bmi2(bits, f, b.seed, &mut head) },
                // SAFETY: as above.
                #[cfg(target_arch = "x86_64")]
                (Some(bits), true) => unsafe { fill_four_heur_bmi2(bits, f, b.seed, &mut head) },
                (_, false) => fill_four::<Portable, false>(Portable, f, b.seed, &mut head),
                (_, true) => fill_four::<Portable, true>(Portable, f, b.seed, &mut head),
            }
            rest
        }
        _ => c.reborrow(),
    };
    #[cfg(target_arch = "x86_64")]
    if let Some(bits) = bmi2 {
        // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
        unsafe { fill_bmi2(bits, b, fast.as_ref(), &mut rest) };
        return;
    }
    fill_impl(Portable, b, fast.as_ref(), &mut rest);
}

impl Job for Batch<'_> {
    type Out = HandsOut;

    fn players(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn fill(&self, rows: &mut HandsChunk<'_>, _stop: &Stop) {
        fill_hands(self, rows);
    }
}

impl StreamJob for Batch<'_> {
    type Stats = HandStats;

    fn stats(&self) -> HandStats {
        HandStats::new(
            usize::from(self.rules.players),
            self.rules.total_penalty() as usize,
        )
    }
}

/// Simulates `n` hands from index 0 with a policy at every seat (convenience); [`TooLarge`]
/// when their columns cannot be allocated.
pub fn simulate_hands(
    rules: &HeartsRules,
    n: usize,
    seed: u64,
    policy: Policy,
) -> Result<HandsOut, TooLarge> {
    let b = Batch {
        rules: *rules,
        seed,
        policy: TablePolicy::uniform(policy),
        deals: None,
        first: 0,
    };
    crate::batch::simulate(&b, 0, n, 4096)
}

/// Plays game `index` of a batch until it ends or `hand_limit` hands are played: first dealer
/// drawn from the deal stream (A-5), every hand dealt from it, policies from the policy
/// stream.
#[inline(always)]
pub fn play_game_with<B: BitOps>(
    bits: B,
    b: &Batch<'_>,
    index: u64,
    hand_limit: usize,
    stop: &Stop,
) -> HeartsGame {
    let mut deal_rng = Rng::for_game(b.seed, index);
    let first_dealer = deal_rng.below(u32::from(b.rules.players)) as u8;
    let mut game = HeartsGame::with_rng(&b.rules, deal_rng, first_dealer);
    let mut rng = policy_rng(b.seed, index);
    while !game.is_over() && game.hands_played() < hand_limit && !stop.requested() {
        game.complete_hand(|s| b.policy.play_out_with(bits, s, &mut rng));
    }
    game
}

/// The end of game `index` of a batch (see [`play_game_with`]).
#[inline(always)]
fn game_end<B: BitOps>(bits: B, b: &Batch<'_>, index: u64, limit: usize, stop: &Stop) -> GameEnd {
    GameEnd::from(&play_game_with(bits, b, index, limit, stop))
}

/// A game's end as a games-mode row: totals, winners, hands played, whether it finished,
/// what is left in the pot.
impl From<&HeartsGame> for GameEnd {
    fn from(g: &HeartsGame) -> GameEnd {
        GameEnd {
            totals: g.totals().to_vec(),
            winners: u64::from(g.winners()),
            hands_played: g.hands_played(),
            finished: g.is_over(),
            pot: g.pot(),
        }
    }
}

/// [`game_end`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn game_end_bmi2(
    bits: Bmi2,
    b: &Batch<'_>,
    index: u64,
    limit: usize,
    stop: &Stop,
) -> GameEnd {
    game_end(bits, b, index, limit, stop)
}

/// The games mode of a Hearts batch is [`batch::Games`](crate::batch::Games) over it: each
/// game played with the batch's policies to its end or to the hand limit.
impl PlayGames for Batch<'_> {
    fn sides(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn play_game(&self, index: u64, hand_limit: usize, stop: &Stop) -> GameEnd {
        #[cfg(target_arch = "x86_64")]
        if let Some(bits) = Bmi2::detect() {
            // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
            return unsafe { game_end_bmi2(bits, self, index, hand_limit, stop) };
        }
        game_end(Portable, self, index, hand_limit, stop)
    }

    /// Whole games on the hand kernel when it plays the rules (see `games.rs`), else game
    /// by game through [`PlayGames::play_game`]; the same results either way.
    fn fill_games(&self, rows: &mut GamesRows<'_>, hand_limit: usize, stop: &Stop) {
        let fast = FastRules::new(&self.rules, &self.policy).filter(|_| self.deals.is_none());
        let Some(f) = fast else {
            for j in 0..rows.rows() {
                let end = self.play_game(rows.start + j as u64, hand_limit, stop);
                rows.put(j, &end);
            }
            return;
        };
        #[cfg(target_arch = "x86_64")]
        if let Some(bits) = Bmi2::detect() {
            // SAFETY: holding a `Bmi2` proves the CPU has BMI2, BMI1, POPCNT and LZCNT.
            unsafe { fill_games_bmi2(bits, self, &f, hand_limit, rows, stop) };
            return;
        }
        games::fill_games_with(Portable, self, &f, hand_limit, rows, stop);
    }
}

/// [`games::fill_games_with`] compiled with BMI2, for a CPU proven to have it by `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
#[inline(never)]
unsafe fn fill_games_bmi2(
    bits: Bmi2,
    b: &Batch<'_>,
    f: &FastRules,
    limit: usize,
    rows: &mut GamesRows<'_>,
    stop: &Stop,
) {
    games::fill_games_with(bits, b, f, limit, rows, stop);
}
